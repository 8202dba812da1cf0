package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/spf13/cobra"
)

func newCheckCmd(e *env) *cobra.Command {
	var from, to, format, platformList string
	var strict bool
	cmd := &cobra.Command{
		Use:   "check [--from P] --to Q[,R...] [INPUT]",
		Short: "Report how portable each hook is to other tools",
		Long: `Check converts INPUT (a hooks/1.0 manifest or a tool's config, "-" for
standard input, or a project directory, "." by default, whose config it
finds as convert does)
to every target in memory and reports, for each hook and each target, what
the conversion does to it:

  full      converts with nothing lost
  lossy     converts, but something is lost or widened (the warnings say what)
  blocked   replaced by a hook that blocks the action (degradation "block")
  excluded  not converted at all
  failed    the conversion as a whole failed

A warning counts against every hook it is about, including one said
once for several hooks (HC419, HC425). Notes (info) do not count: they
are about what a script may do there, not what the conversion drops (a
crash that now blocks, HC432; a shorter default timeout, HC435; a
guard whose script reads as denying by exit 2 alone, HC425 as an info,
though migrate --remove-source keeps it, since reading a script proves
nothing). Nor do warnings about the input
as a whole or a file rather than a hook (a target that also runs the
source's config, HC406): they are listed once, before the reasons per
target.

Where INPUT belongs to a project, each target's files there are read
for the settings that turn its hooks off (Claude Code's disableAllHooks,
also in settings.local.json, Gemini CLI's hooksConfig, Codex's [features]
hooks = false): a hook they would turn off is not "full" there (HC409),
as convert -o and migrate say.

` + platformsHelp + `

The table goes to standard output; the reasons, per target, to standard
error (in every format but json, whose report holds them). Nothing is
written. Exit status: 0, or 1 with --strict when any hook is not "full"
on some target or a warning is said about no one hook (an entry not
converted, HC346) (and always when a conversion fails, the project holds
no config of the source tool, or the output cannot be written); 2 when
the command line is wrong, or incomplete: the configs of several tools,
none a target of the run, and none named (HC469: name it with --from).`,
		Example: `  hookconv check --to cursor,gemini-cli,codex .claude/settings.json
  hookconv check --to cursor --format markdown hooks.json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkTableFormat(format); err != nil {
				return err
			}
			input := "."
			if len(args) == 1 {
				input = args[0]
			}
			targets, err := targetList(to)
			if err != nil {
				return err
			}
			platforms, err := declaredPlatforms(cmd, platformList)
			if err != nil {
				return err
			}
			if from != "" {
				if err := checkSlug("--from", from); err != nil {
					return err
				}
			}
			e.targets = targets
			in, slug, ds, err := readSource(e, input, from)
			var ns noSourceError
			if errors.As(err, &ns) && format == "json" {
				// The report, with the reason in it, as for any failure.
				if err := writeReportJSON(e, nil, ns.diagnostics(), nil, ""); err != nil {
					return err
				}
				if ns.several {
					return exitError{exitUsage}
				}
				return exitError{exitProblems}
			}
			if err != nil {
				return err
			}
			sources := map[string][]byte{}
			for p, b := range in {
				sources[p] = b
			}
			r := diag.Renderer{Format: diag.FormatText, Color: useColor(e.stderr), Sources: sources}
			if in == nil {
				// The input could not be read: the report says so in
				// json, as for a project without config.
				if format == "json" {
					if err := writeReportJSON(e, nil, ds, nil, ""); err != nil {
						return err
					}
				} else {
					_ = r.Render(e.stderr, ds)
				}
				return exitError{exitProblems}
			}
			source := hookconv.OpenSource(slug, in)
			source.Platforms = platforms
			if source.Project, err = projectTargets(slug, in, targets); err != nil {
				unread, err := targetReadProblems(err)
				if err != nil {
					return usagef("%v", err)
				}
				// No hook can be checked against a target whose files could
				// not be read (their settings may turn the hooks off).
				if format == "json" {
					if err := writeReportJSON(e, nil, unread, nil, ""); err != nil {
						return err
					}
				} else if err := r.Render(e.stderr, unread); err != nil {
					return err
				}
				return exitError{exitProblems}
			}
			hooks, general, generalTargets := source.PortabilityByTarget(targets)
			general = append(ds, general...)
			generalTargets = append(make([][]string, len(ds)), generalTargets...)
			// A source that could not be decoded has no hooks to list: the
			// output says so rather than show an empty table (QA).
			unread := ""
			if len(hooks) == 0 && general.HasErrors() {
				unread = fmt.Sprintf("%s could not be read as a %s config: no hook was checked", input, slug)
			}
			// A warning about no one hook (an entry not converted, HC346;
			// hooks that would run twice, HC406) is a loss too: --strict
			// fails on it as convert --strict does (QA).
			lost, failed := general.Count(diag.Warning) > 0, general.HasErrors()
			for _, h := range hooks {
				for _, f := range h.Fates {
					lost = lost || f.Fate != hookconv.FateFull
					failed = failed || f.Fate == hookconv.FateFailed
				}
			}
			if format == "json" {
				if err := writeReportJSON(e, hooks, general, generalTargets, unread); err != nil {
					return err
				}
			} else if unread != "" {
				if err := r.Render(e.stderr, withoutInfo(general)); err != nil {
					return err
				}
				fmt.Fprintf(e.stderr, "hookconv: %s\n", unread)
			} else {
				cols := []string{"hook:hook", "event:event"}
				for _, target := range targets {
					cols = append(cols, target+":"+target)
				}
				t := newTable(cols...)
				for _, h := range hooks {
					row := []string{h.Name, h.Event}
					for _, f := range h.Fates {
						row = append(row, string(f.Fate))
					}
					t.add(row...)
				}
				if err := t.write(e.stdout, format); err != nil {
					return err
				}
				if err := r.Render(e.stderr, withoutInfo(general)); err != nil {
					return err
				}
				for ti, target := range targets {
					var why diag.List
					shown := map[diagKey]bool{}
					for _, h := range hooks {
						for _, d := range withoutInfo(h.Fates[ti].Diagnostics) {
							// One said for several hooks (HC419) is in each
							// one's fate: shown once, as convert shows it.
							if k := keyOf(d); !shown[k] {
								shown[k] = true
								why = append(why, d)
							}
						}
					}
					if len(why) > 0 {
						fmt.Fprintf(e.stderr, "== %s -> %s\n", slug, target)
						if err := r.Render(e.stderr, why); err != nil {
							return err
						}
					}
				}
			}
			if failed || (strict && lost) {
				return exitError{exitProblems}
			}
			return nil
		},
	}
	onceStringVar(cmd.Flags(), &from, "from", "", "", "source tool slug (detected from the path or content when omitted)", "give it once")
	onceStringVar(cmd.Flags(), &to, "to", "", "", "target tool slugs, comma-separated (required)", "a list of targets goes in one --to, comma-separated: --to codex,gemini-cli")
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table, json or markdown")
	cmd.Flags().BoolVar(&strict, "strict", false, "exit 1 when any hook loses anything on any target")
	platformsFlag(cmd, &platformList)
	return cmd
}

// projectTargets reads, for each target, its files in the project the
// input belongs to, as migrate reads them: a setting there can turn the
// converted hooks off (HC409). A plugin's hooks, or an input of no
// project, have none.
func projectTargets(slug string, in providers.Files, targets []string) (map[string]hookconv.ProjectTarget, error) {
	root, plugin, ok := hookconv.SourceRoot(slug, in)
	if !ok || plugin {
		return nil, nil
	}
	project := map[string]hookconv.ProjectTarget{}
	for _, to := range targets {
		existing, err := hookconv.TargetFiles(root, to, hookconv.IsMigrationPath)
		if err != nil {
			return nil, err
		}
		switches, err := hookconv.TargetFiles(root, to, hookconv.IsSwitchPath)
		if err != nil {
			return nil, err
		}
		if existing != nil || switches != nil {
			project[to] = hookconv.ProjectTarget{Existing: existing, Switches: switches}
		}
	}
	return project, nil
}

// reportJSON is check --format json: every hook's fate per target, with
// the diagnostics that decided it; the diagnostics about no one hook, each
// with the target it is about (once per target), or none when it is about
// the source; and, when the source could not be read, why nothing is
// listed.
type reportJSON struct {
	Error       string        `json:"error,omitempty"`
	Hooks       []hookJSON    `json:"hooks"`
	Diagnostics []generalJSON `json:"diagnostics"`
}

// generalJSON is a diagnostic about no one hook, with the target whose
// conversion said it ("" for the source's own).
type generalJSON struct {
	diag.Diagnostic
	Target string `json:"target,omitempty"`
}

type hookJSON struct {
	Index int                 `json:"index"`
	Name  string              `json:"name"`
	Event string              `json:"event"`
	Fates map[string]fateJSON `json:"targets"`
}

type fateJSON struct {
	Fate        string            `json:"fate"`
	Diagnostics []diag.Diagnostic `json:"diagnostics"`
}

func writeReportJSON(e *env, hooks []hookconv.HookReport, general diag.List, targets [][]string, unread string) error {
	out := reportJSON{Error: unread, Hooks: []hookJSON{}, Diagnostics: []generalJSON{}}
	for i, d := range general {
		var ts []string
		if i < len(targets) {
			ts = targets[i]
		}
		if len(ts) == 0 {
			out.Diagnostics = append(out.Diagnostics, generalJSON{Diagnostic: d})
		}
		for _, t := range ts {
			out.Diagnostics = append(out.Diagnostics, generalJSON{Diagnostic: d, Target: t})
		}
	}
	for _, h := range hooks {
		hj := hookJSON{Index: h.Index, Name: h.Name, Event: h.Event, Fates: map[string]fateJSON{}}
		for _, f := range h.Fates {
			hj.Fates[f.Target] = fateJSON{Fate: string(f.Fate), Diagnostics: nonNil(f.Diagnostics)}
		}
		out.Hooks = append(out.Hooks, hj)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(append(b, '\n'))
	return err
}

func nonNil(ds diag.List) []diag.Diagnostic {
	if ds == nil {
		return []diag.Diagnostic{}
	}
	return ds
}

// withoutInfo keeps the warnings and errors: the report is about loss.
// And the info that the platforms declared left warnings about Windows
// unsaid (HC217): a reader of the report must know why they are not there.
func withoutInfo(ds diag.List) diag.List {
	var out diag.List
	for _, d := range ds {
		if d.Severity != diag.Info || d.Code == hookconv.CodeWindowsNotDeclared {
			out = append(out, d)
		}
	}
	return out
}

// diagKey is what makes two diagnostics the same: what they say, where.
type diagKey struct {
	code, file, path, message string
	pos                       diag.Pos
}

func keyOf(d diag.Diagnostic) diagKey { return diagKey{d.Code, d.File, d.Path, d.Message, d.Pos} }
