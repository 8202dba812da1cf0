package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/atomicfile"
	"github.com/hookconv/hookconv/internal/readfile"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/codex"
	"github.com/rogpeppe/go-internal/diff"
	"github.com/spf13/cobra"
)

func newMigrateCmd(e *env) *cobra.Command {
	var from, to, format, platformList string
	var dryRun, check, removeSource, strict bool
	cmd := &cobra.Command{
		Use:   "migrate [--from P] --to Q[,R...] [DIR]",
		Short: "Move a project's hooks to other tools, in place",
		Long: `Migrate reads the hooks of one tool in a project directory (default ".")
and writes them into each target tool's config at its default path
(for Codex: into .codex/config.toml instead when it holds hooks and
.codex/hooks.json none; a hook in either file counts as there; for
Copilot CLI and VS Code, a hook in any .github/hooks/*.json counts as
there, the others left alone).

Existing target files are merged into, not replaced: every other setting,
its order, indentation and comments stay; the target's own hooks stay, and
the migrated hooks follow them. A migrated hook is recognised by what it
does (event, tools matched, handler type and command, URL or prompt), not
by a marker the tools would reject, so running migrate again changes
nothing, and a hand-written hook that already does the same job is not
doubled.

It is all or nothing: when any target fails to convert or verify (or, with
--strict, warns), no file is written. Files are written atomically, keep
their mode and owner. A config that is a symbolic link is written at the
link's target (the link stays) when that lies inside the project; a link,
or a linked folder, that leads out of the project is refused. Two
migrations of one project take turns (a lock on its folder), and a file
another program changed after migrate read it is not written over:
nothing is written, and a second run starts from the new contents.
Two targets that write the same file (copilot-cli and vs-code-copilot)
are refused: migrate to one of them. Two where one tool also runs the
other's files (kiro and kiro-agent) are warned about (HC418).

--dry-run prints a unified diff of every file it would change and writes
nothing. The diff is in git's form, with each new file's mode ("git
apply" in DIR makes what the run would write, executable scripts
included). Where the run would refuse to write a file (read-only, not a
regular file, in a folder that does not let the user create files), the
dry run fails the same way, exit 1.

--check writes nothing and prints only the summary, each target's files
named "(would write …)", and exits 1 when the run would change any file
(a target's, or the source's under --remove-source), 0 when it would
change none: a CI gate, as "prettier --check".
Diagnostics are shown only where the run would fail, to say why (exit 1
too). It fails where the run would, as --dry-run does, and is refused
beside --dry-run (a usage error): give one of the two.

With --format json the summary is one JSON document on standard output
(the README's "Migrating a repository" gives its shape), the
diagnostics one on standard error. Where --check or --dry-run fails (exit
1 for a reason other than "would change"), standard output holds instead
one JSON document with an "error" key saying why, "source" and the
"diagnostics" that fail it, as check's report has: a script tells the two
exit-1 cases apart by that key.

--remove-source removes the hooks that every target now holds
from the source config, keeping the rest of that file. A hook stays, with
a warning (HC414), when some target holds it with less power to block (it
only observes there), runs it for fewer cases, already holds a weaker copy
of it, holds it without one of its settings (a condition such as
Claude's "if", the config being switched off), or holds a copy that a
warning says fails or finds nothing there (a payload that keeps the
fields its script reads elsewhere, HC419; a plugin's variable, HC424),
guard or not: removing it would lose that.

Without --from, the source is the tool whose config the project holds;
the targets' configs are left out (a second run finds the first one's),
and the tool taken so is named (HC468).

` + platformsHelp + `

Exit status: 0 on success, 1 on errors (or warnings, with --strict), when
the project holds no config of the source tool, or none of its configs
can be read, or DIR is not there (HC100), under --check when the
run would change a file, or when the output (the
diff, the summary) cannot be written: the message says whether the files
were. 2 when the command line is wrong, or incomplete: the configs of
several tools, none a target of the run, and none named (HC469: name it
with --from).`,
		Example: `  hookconv migrate --from claude-code --to cursor,gemini-cli,codex
  hookconv migrate --to cursor --dry-run path/to/repo
  hookconv migrate --from claude-code --to cursor --check --format json
  hookconv migrate --from claude-code --to gemini-cli --remove-source`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains([]string{diag.FormatText, diag.FormatJSON, diag.FormatGitHub}, format) {
				return usagef("--format must be one of text, json, github, not %q", format)
			}
			if check && dryRun {
				// Both preview, on stdout: one a summary and the exit
				// status, the other a diff. Together each would hide
				// the other's output.
				return usagef("--check and --dry-run are two previews (the summary and exit status, or the diff); give one")
			}
			targets, err := targetList(to)
			if err != nil {
				return err
			}
			platforms, err := declaredPlatforms(cmd, platformList)
			if err != nil {
				return err
			}
			// Refused before anything is read: each target would merge into
			// the file as if the other's hooks were its own, and the last
			// one written would win.
			if s, ok := hookconv.SharedTargetFile(targets); ok {
				return usagef("--to %s and %s both write %s; %s", s.A, s.B, s.Path, s.Hint())
			}
			if from != "" {
				if err := checkSlug("--from", from); err != nil {
					return err
				}
				if slices.Contains(targets, from) {
					return usagef("--to %s is the source tool; name other targets", from)
				}
			}
			dir := "."
			if len(args) == 1 {
				dir = args[0]
			}
			// A preview's failure is said on standard output too, in
			// json, where a script reads the summary (printFailure).
			preview := format == diag.FormatJSON && (check || dryRun)
			if st, err := os.Stat(dir); err != nil {
				// A project that is not there is no mistyped flag: HC100,
				// exit 1, as every other command says it (QA q5 F5: exit
				// 2 made a fleet script stop, or misread it).
				var ds diag.List
				ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "check the path", "cannot read %s: %v", dir, unwrapPathError(err))
				return failWith(e, format, preview, "", ds.WithFile(dir))
			} else if !st.IsDir() {
				return usagef("%s is not a directory; migrate works on a project directory", dir)
			}
			e.targets = targets
			// From here a signal ends the run with a line saying what
			// was written (guardSignals): waiting for the lock, reading
			// and converting, nothing.
			stop := guardSignals(e.stderr)
			defer stop()
			locked := false
			if !dryRun && !check {
				// One migrate at a time per project: two would each read
				// the files before the other wrote them, and the last to
				// write would drop the other's hooks.
				unlock, held := lockProject(dir, e.stderr)
				defer unlock()
				locked = held
			}
			in, slug, ds, err := readProject(e, dir, from)
			if err != nil {
				var ns noSourceError
				if preview && errors.As(err, &ns) {
					if err := printFailure(e, from, ns.Error(), ns.diagnostics()); err != nil {
						return err
					}
				}
				return sourceMissing(e, format, err)
			}
			if in == nil {
				// No source config could be read (QA q5 F1): its errors,
				// exit 1, whatever the mode.
				return failWith(e, format, preview, from, ds)
			}
			if slices.Contains(targets, slug) {
				return usagef("--to %s is the source tool; name other targets", slug)
			}
			// A target whose config is the source's own file set (Copilot
			// CLI and VS Code both run every .github/hooks/*.json) already
			// runs the source's hooks: a copy would run twice, in the
			// other's format and payload (QA).
			for _, to := range targets {
				if s, ok := hookconv.SharedTargetFile([]string{slug, to}); ok {
					return usagef("--from %s and --to %s share %s: %s runs the hooks of every file there, the source's too, so they already run in it; nothing to migrate", s.A, s.B, filepath.Dir(s.Path), hookconv.ToolName(to))
				}
			}
			plan := migration{dir: dir, from: slug, sources: in.Paths(), locked: locked, stripsSource: removeSource}
			// Diagnostics are shown per target (text) under a heading, as
			// the same source line can mean different things for each.
			sources := map[string][]byte{}
			for p, b := range in {
				sources[p] = b
			}
			r := diag.Renderer{Format: format, Color: format == diag.FormatText && useColor(e.stderr), Sources: sources}
			ds = append(ds, hookconv.TargetsReadEachOther(targets)...)
			all := ds
			var shown diag.List
			// --check prints the summary alone: the text format's
			// diagnostics are held back, and shown only where the run
			// would fail, to say why (released).
			diagOut := io.Writer(e.stderr)
			var held bytes.Buffer
			if check {
				diagOut = &held
			}
			released := func() error {
				_, err := e.stderr.Write(held.Bytes())
				held.Reset()
				return err
			}
			show := func(heading string, ds diag.List) error {
				if format != diag.FormatText {
					shown = append(shown, ds...)
					return nil
				}
				if len(ds) > 0 && heading != "" {
					fmt.Fprintln(diagOut, heading)
				}
				return r.Render(diagOut, ds)
			}
			if err := show("", ds); err != nil {
				return err
			}
			// Read once, for every target; with the settings files that
			// turn the source's hooks off (Copilot CLI's repository
			// settings.json), so --remove-source keeps such hooks (HC409).
			settings, sds := hookconv.SettingsBeside(slug, in, false)
			source := hookconv.DecodeSourceBeside(slug, in, settings)
			source.Diagnostics = migratedAway(source.Diagnostics)
			source.Diagnostics = append(sds, source.Diagnostics...)
			source.Scripts = hookconv.SourceScripts(slug, in)
			source.Platforms = platforms
			// What reading the source said is said once, before the
			// targets, not again under each of them.
			all = append(all, source.Diagnostics...)
			if err := show("", source.Diagnostics); err != nil {
				return err
			}
			var doubleRuns diag.List // HC406, held back under --remove-source
			for _, to := range targets {
				existing, err := hookconv.TargetFiles(dir, to, hookconv.IsMigrationPath)
				switches, serr := hookconv.TargetFiles(dir, to, hookconv.IsSwitchPath)
				unread, err := targetReadProblems(err, serr)
				if err != nil {
					return usagef("%v", err)
				}
				if unread != nil {
					// Nothing is migrated to a target whose files could
					// not be read; the run fails, writing nothing.
					all = append(all, unread...)
					if err := show("== "+slug+" -> "+to, unread); err != nil {
						return err
					}
					continue
				}
				mig := source.MigrateApproved(to, existing, switches, readApprovals(dir, to))
				mig.Diagnostics = fromHere(dir, withoutAny(mig.Diagnostics, source.Diagnostics), sources, existing, switches, mig.Files)
				if removeSource {
					approvalHints(mig.Diagnostics)
					// HC406 (the target also runs the source's config, so
					// keeping both runs every hook twice) is what
					// --remove-source mends: it is said after the removal,
					// only of a file where hooks stay. Said here, it failed
					// every --strict run (QA).
					mig.Diagnostics = slices.DeleteFunc(mig.Diagnostics, func(d diag.Diagnostic) bool {
						if d.Code == hookconv.CodeDoubleRun {
							doubleRuns = append(doubleRuns, d)
							return true
						}
						return false
					})
				}
				all = append(all, mig.Diagnostics...)
				plan.add(mig, existing)
				if err := show("== "+slug+" -> "+to, mig.Diagnostics); err != nil {
					return err
				}
			}
			failed := all.HasErrors() || (strict && all.Count(diag.Warning) > 0)
			if removeSource && !failed {
				rds := plan.removeSource(in, source.Manifest)
				for _, d := range doubleRuns {
					if plan.removal.KeepsIn(d.File) {
						rds = append(rds, d)
					}
				}
				all = append(all, rds...)
				// removeSource's own warnings (HC414: a guard kept because a
				// target weakens it) fail --strict like the targets' do.
				failed = rds.HasErrors() || (strict && rds.Count(diag.Warning) > 0)
				if err := show("== removing migrated hooks from the "+slug+" config", rds); err != nil {
					return err
				}
			}
			// In the json and github formats every diagnostic is shown
			// at the end, with a failed write among them (reportWrite).
			if failed {
				if err := released(); err != nil {
					return err
				}
				if preview {
					if err := printFailure(e, slug, failureMessage(all, strict), failing(all, strict)); err != nil {
						return err
					}
				}
				if err := renderUnlessText(e, r, shown); err != nil {
					return err
				}
				if format == diag.FormatText {
					fmt.Fprintln(e.stderr, "hookconv: nothing was written")
				}
				return exitError{exitProblems}
			}
			if check || dryRun {
				if err := plan.check(e.stderr); err != nil {
					if rerr := released(); rerr != nil {
						return rerr
					}
					if preview {
						if perr := printFailure(e, slug, err.Error()+"; nothing would be written", nil); perr != nil {
							return perr
						}
					}
					return reportWrite(e, r, shown, writeFailure{err: err, code: exitProblems, outcome: "nothing would be written"})
				}
			}
			if check {
				if err := plan.printSummary(e, format, false); err != nil {
					return err
				}
				if plan.changesAny() {
					return exitError{exitProblems}
				}
				return nil
			}
			if dryRun {
				// The diff first, then the diagnostics of the json and
				// github formats, with the diff's failure among them: one
				// document on standard error.
				if err := plan.printDiff(e); err != nil {
					return reportWrite(e, r, shown, writeFailure{err: err, code: exitProblems, outcome: "nothing would be written"})
				}
				return renderUnlessText(e, r, shown)
			}
			if err := plan.write(e.stderr); err != nil {
				failure := writeFailure{err: err, code: exitProblems}
				var partial *atomicfile.PartialError
				if errors.As(err, &partial) {
					failure.outcome = "written before it failed: " + strings.Join(partial.Written, ", ") + " (the source config was not changed)"
				}
				return reportWrite(e, r, shown, failure)
			}
			// The summary first, for the same reason as the diff.
			if err := plan.printSummary(e, format, true); err != nil {
				return reportWrite(e, r, shown, writeFailure{err: err, code: exitProblems, outcome: "the files were written"})
			}
			return renderUnlessText(e, r, shown)
		},
	}
	onceStringVar(cmd.Flags(), &from, "from", "", "", "source tool slug (detected from the project when omitted)", "give it once")
	onceStringVar(cmd.Flags(), &to, "to", "", "", "target tool slugs, comma-separated (required)", "a list of targets goes in one --to, comma-separated: --to codex,gemini-cli")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "print a unified diff of every change and write nothing")
	cmd.Flags().BoolVar(&check, "check", false, "write nothing, print the summary; exit 1 when the run would change a file")
	cmd.Flags().BoolVar(&removeSource, "remove-source", false, "remove the migrated hooks from the source config")
	cmd.Flags().BoolVar(&strict, "strict", false, "fail (exit 1, nothing written) on warnings too")
	cmd.Flags().StringVarP(&format, "format", "f", diag.FormatText, "diagnostics format: text, json or github")
	platformsFlag(cmd, &platformList)
	return cmd
}

// readApprovals reads the approvals of the target to, for a tool that
// runs a hook only once a person has approved it (Codex: config.toml in
// CODEX_HOME); nil for another tool. A file that is not there approves
// nothing; one that cannot be read is said by the library (HC471).
func readApprovals(dir, to string) *hookconv.Approvals {
	home, _ := os.UserHomeDir()
	file, ok := hookconv.ApprovalsFile(to, os.Getenv, home)
	if !ok {
		return nil
	}
	ap := &hookconv.Approvals{File: file}
	if file != "" { // "": not to be found, which the library says
		// CODEX_HOME is the user's to set: no FIFO waited on, no
		// /dev/zero read until memory runs out.
		ap.Data, ap.Err = readfile.Bytes(file)
	}
	if errors.Is(ap.Err, fs.ErrNotExist) {
		ap.Data, ap.Err = nil, nil
	}
	// The tool names the project's files by their absolute paths, as
	// its working directory gives them (getcwd): symbolic links resolved,
	// however the project was named here.
	if real, err := realPath(dir); err == nil {
		ap.Dir = real
	} else {
		ap.Dir, _ = filepath.Abs(dir)
	}
	ap.Trust = []string{ap.Dir}
	if root, ok := checkoutRoot(ap.Dir); ok && root != ap.Dir {
		ap.Trust = append(ap.Trust, root)
	}
	return ap
}

// checkoutRoot is the nearest folder holding dir (itself included) that
// holds a .git, as Codex finds a project's root (project_root_markers'
// default); false for none.
func checkoutRoot(dir string) (string, bool) {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, true
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}

// approvalHints fits the hints of the diagnostics about hooks a target
// runs only once approved (HC330: added now; HC470: there already) to
// --remove-source, which keeps their source hooks until a run finds
// them approved.
func approvalHints(ds diag.List) {
	for i := range ds {
		if ds[i].Code == codex.CodeTrust || ds[i].Code == hookconv.CodeUnapproved {
			ds[i].Hint += ", then run the migration again: --remove-source keeps their source hooks until a run finds them approved"
		}
	}
}

// targetList parses --to's comma-separated slugs.
func targetList(to string) ([]string, error) {
	if strings.TrimSpace(to) == "" {
		return nil, usagef("--to is required; targets: %s", strings.Join(providers.Slugs(), ", "))
	}
	var out []string
	for _, s := range strings.Split(to, ",") {
		s = strings.TrimSpace(s)
		if err := checkSlug("--to", s); err != nil {
			return nil, err
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out, nil
}

// migration is every change of one migrate run, planned before anything
// is written.
type migration struct {
	dir, from string
	sources   []string // the source's config files, as read
	// locked says the run holds the project's lock (lockProject), so no
	// other migrate is staging files there; stripsSource that the
	// source's files are among those it writes.
	locked, stripsSource bool
	changes              []change
	targets              []hookconv.Migration
	// read are the targets' existing files, as read, changed or not: a
	// target that reads the source's own file finds the source's hooks
	// "already there".
	read []string
	// removal is what --remove-source takes out of the source
	// (hookconv.PlanRemoval), once planned; keptWhole the source files it
	// leaves as they are though a target holds some of their hooks.
	removal   hookconv.Removal
	keptWhole []removalSummaryJSON
}

// fromHere names the target's files in diagnostics as the source's are
// named, from the current folder (m1/.gemini/settings.json, not
// .gemini/settings.json): a script migrating many repositories must see
// which one a message is about. Their contents join sources, for the
// excerpts, in the project's own folder too (QA: a syntax error in the
// target file was quoted only when migrating another folder): of files
// the first that holds a diagnostic's file, the files read before those
// written, since what the encoder found is where it was as read.
func fromHere(dir string, ds diag.List, sources map[string][]byte, files ...providers.Files) diag.List {
	for i := range ds {
		for _, f := range files {
			b, ok := f[ds[i].File]
			if !ok {
				continue
			}
			name := ds[i].File
			if dir != "." {
				name = filepath.ToSlash(filepath.Join(dir, filepath.FromSlash(name)))
			}
			if _, had := sources[name]; !had {
				sources[name] = b
			}
			ds[i].File = name
			break
		}
	}
	return ds
}

// withoutAny returns ds without the diagnostics that also occur in seen.
func withoutAny(ds, seen diag.List) diag.List {
	if len(seen) == 0 {
		return ds
	}
	out := make(diag.List, 0, len(ds))
	for _, d := range ds {
		if !slices.Contains(seen, d) {
			out = append(out, d)
		}
	}
	return out
}

// change is one file to write: its path on disk, the adapter whose file
// it is, its new and previous contents (nil: a new file).
type change struct {
	path      string
	adapter   providers.Adapter
	rel       string
	data, old []byte
	// removed and stayed count, for a source file --remove-source
	// rewrites, its hooks taken out and those kept (HC414).
	removed, stayed int
}

func (m *migration) add(mig hookconv.Migration, existing providers.Files) {
	m.targets = append(m.targets, mig)
	for _, rel := range existing.Paths() {
		m.read = append(m.read, filepath.Join(m.dir, filepath.FromSlash(rel)))
	}
	a, _ := providers.Get(mig.Target)
	for _, rel := range mig.Files.Paths() {
		m.changes = append(m.changes, change{
			path: filepath.Join(m.dir, filepath.FromSlash(rel)), adapter: a, rel: rel,
			data: mig.Files[rel], old: existing[rel],
		})
	}
}

// removeSource plans the source files without the hooks every target
// now holds, as hookconv.PlanRemoval decides: the hooks some target holds
// with less stay, with its warnings (HC414).
func (m *migration) removeSource(in providers.Files, decoded *canonical.Manifest) diag.List {
	m.removal = hookconv.PlanRemoval(m.from, m.targets)
	files, ds := hookconv.RemoveMigrated(in, m.removal)
	ds = append(slices.Clip(m.removal.Diagnostics), ds...)
	a, _ := providers.Get(m.from)
	for _, p := range files.Paths() {
		rel, err := filepath.Rel(m.dir, p)
		if err != nil {
			rel = p
		}
		c := change{path: p, adapter: a, rel: filepath.ToSlash(rel), data: files[p], old: in[p]}
		if decoded != nil {
			for i := range decoded.Hooks {
				switch {
				case decoded.Hooks[i].OriginFile != p:
				case m.removal.Removes(i):
					c.removed++
				default:
					c.stayed++
				}
			}
		}
		m.changes = append(m.changes, c)
	}
	m.keptWhole = keptWhole(decoded, files, m.dir)
	return ds
}

// keptWhole lists the source files --remove-source leaves as they are,
// each hook in them kept (for the reasons the warnings give: HC409,
// HC414, HC470), with how many: the summary says nothing was removed
// there, where it would otherwise say nothing at all (QA: the hooks kept
// because Codex's hooks were switched off left no line).
func keptWhole(decoded *canonical.Manifest, rewritten providers.Files, dir string) []removalSummaryJSON {
	if decoded == nil {
		return nil
	}
	var out []removalSummaryJSON
	at := map[string]int{} // a file's index in out
	for _, h := range decoded.Hooks {
		if _, ok := rewritten[h.OriginFile]; ok || h.OriginFile == "" {
			continue
		}
		k, seen := at[h.OriginFile]
		if !seen {
			rel, err := filepath.Rel(dir, h.OriginFile)
			if err != nil {
				rel = h.OriginFile
			}
			k = len(out)
			at[h.OriginFile] = k
			out = append(out, removalSummaryJSON{File: filepath.ToSlash(rel)})
		}
		out[k].Kept++
	}
	return out
}

func (m *migration) printDiff(e *env) error {
	// The run's own refusals first: a diff of what would not be written
	// is no preview of it.
	for _, c := range m.changes {
		if c.adapter.Slug() == m.from {
			continue
		}
		for _, p := range m.sources {
			if a, err := filepath.Abs(p); err == nil {
				if b, err := filepath.Abs(c.path); err == nil && a == b {
					return sameFile(c.path, p)
				}
			}
		}
	}
	for _, c := range m.changes {
		oldMode, newMode := fs.FileMode(0), providers.FileMode(c.adapter, c.rel)
		if path, err := throughLink(m.dir, c.path); err == nil {
			newMode = atomicfile.ModeFor(path, newMode)
			if c.old != nil {
				oldMode = newMode // a file written keeps its mode
			}
		}
		if _, err := e.stdout.Write(gitDiff(m.diffPath(c), c.old, c.data, oldMode, newMode)); err != nil {
			return stdoutFailed(err)
		}
	}
	return nil
}

// diffPath names, from the project's folder, the file the run writes for
// change c: links resolved, as the write resolves them (stage), so that
// "git apply" of the diff changes that file. Named by its link (QA:
// .gemini/settings.json → ../shared/gem.json), git apply refuses the
// patch, which the real run writes into shared/gem.json. A path that
// does not resolve inside the project (stage refuses it) keeps c.rel.
func (m *migration) diffPath(c change) string {
	path, err := throughLink(m.dir, c.path)
	if err != nil {
		return c.rel
	}
	root, err := filepath.EvalSymlinks(m.dir)
	if err != nil {
		return c.rel
	}
	// The nearest folder that exists, resolved (a linked .gemini folder
	// too); the missing ones below it are created as named.
	dir, rest := filepath.Dir(path), filepath.Base(path)
	for {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			dir = real
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return c.rel
		}
		dir, rest = parent, filepath.Join(filepath.Base(dir), rest)
	}
	rel, err := relAbs(root, filepath.Join(dir, rest))
	if err != nil || !filepath.IsLocal(rel) {
		return c.rel
	}
	return filepath.ToSlash(rel)
}

// gitDiff is the change of the file at rel (from the project's folder)
// from old (nil: no file) to data as git writes it, modes included, so
// that "git apply" in the project makes what the real run writes: a new
// Cline script executable (mode 0644 means disabled in Cline), which the
// plain "diff /dev/null b/…" header left to git's default 0644 (QA).
// oldMode is the file's mode before, newMode after; nil when neither
// contents nor mode change.
func gitDiff(rel string, old, data []byte, oldMode, newMode fs.FileMode) []byte {
	var b bytes.Buffer
	a, bName := gitPath("a/", rel), gitPath("b/", rel)
	fmt.Fprintf(&b, "diff --git %s %s\n", a, bName)
	// git ends a name holding a space with a tab on the --- and +++
	// lines, where the name is the rest of the line.
	tab := ""
	if strings.Contains(rel, " ") {
		tab = "\t"
	}
	oldName := a + tab
	switch {
	case old == nil:
		fmt.Fprintf(&b, "new file mode %s\n", gitMode(newMode))
		oldName = "/dev/null"
	case gitMode(oldMode) != gitMode(newMode):
		fmt.Fprintf(&b, "old mode %s\nnew mode %s\n", gitMode(oldMode), gitMode(newMode))
	case bytes.Equal(old, data):
		return nil
	}
	if body := diff.Diff(oldName, old, bName+tab, data); body != nil {
		// diff.Diff's own first line ("diff OLD NEW") is replaced by
		// git's, above; its ---, +++ and hunks are git's format.
		_, hunks, _ := bytes.Cut(body, []byte("\n"))
		b.Write(gitHunkHeaders(hunks))
	}
	return b.Bytes()
}

// gitHunkHeaders writes each hunk header's ranges as git does, without
// a count of 1 (@@ -1 +1 @@, not @@ -1,1 +1,1 @@), so that the dry run's
// diff is byte for byte git's (QA). Other lines are left as they are.
func gitHunkHeaders(hunks []byte) []byte {
	lines := bytes.SplitAfter(hunks, []byte("\n"))
	for i, line := range lines {
		if !bytes.HasPrefix(line, []byte("@@ -")) {
			continue
		}
		fields := bytes.Fields(line) // @@ -a,b +c,d @@
		if len(fields) < 4 {
			continue
		}
		for _, f := range fields[1:3] {
			if n, found := bytes.CutSuffix(f, []byte(",1")); found {
				line = bytes.Replace(line, append([]byte(" "), f...), append([]byte(" "), n...), 1)
			}
		}
		lines[i] = line
	}
	return bytes.Join(lines, nil)
}

// gitPath is prefix+rel as git writes a path in a diff: in double quotes,
// with C escapes, when it holds a quote, a backslash, a control character
// or a byte outside ASCII (git's default core.quotePath), so that git
// apply reads back the name a kept file has (a Kiro hook file named by
// its user).
func gitPath(prefix, rel string) string {
	name := prefix + rel
	if !strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r >= 0x7f || r == '"' || r == '\\' }) {
		return name
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\a':
			b.WriteString(`\a`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\v':
			b.WriteString(`\v`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// gitMode is the mode git records for a regular file: executable when
// its owner may run it, as git decides.
func gitMode(m fs.FileMode) string {
	if m&0o100 != 0 {
		return "100755"
	}
	return "100644"
}

// realPath is p with every link resolved, absolute: paths named from the
// current folder and links to absolute paths compare equal when they are
// one file. p is made absolute first: a relative path ("." in a folder
// reached through a link) is resolved from the current folder as the
// shell spelled it ($PWD, which os.Getwd returns), whose links
// EvalSymlinks would not see in "." (QA q3 F4).
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// write stages every file before renaming any into place.
func (m *migration) write(stderr io.Writer) error {
	order, files, modes, err := m.stage()
	if err != nil {
		return err
	}
	// A run killed between staging and renaming left its staged copies:
	// gone now, said, so that a bulk "git add -A" does not commit them.
	// Beside every file the run would write, changed or not: a rerun
	// that finds nothing to change must still remove them (QA: a copy
	// left beside an already-migrated file stayed for good). A minute old
	// at least, unless the project's lock is held: a younger copy may be
	// another run's, still to be renamed, but no other migrate stages
	// files in a project this run has locked.
	for _, p := range m.writable(order) {
		for _, stale := range atomicfile.RemoveStale(p, m.staleAge()) {
			fmt.Fprintf(stderr, "hookconv: removed %s, left by an interrupted run\n", stale)
		}
	}
	// Each file as it was read: written over only if no other program
	// (another migrate, the tool saving its settings) changed it since.
	before := map[string][]byte{}
	for _, c := range m.changes {
		if path, err := throughLink(m.dir, c.path); err == nil {
			before[path] = c.old
		}
	}
	return removingStagedOnSignal(stderr, func() error {
		return atomicfile.WriteInOrderIfUnchanged(order, files, func(p string) fs.FileMode { return modes[p] }, before)
	})
}

// writable returns the files the run writes (order) with those it would
// write were they to change, sorted and once each: the targets' files it
// read, and the source's under --remove-source, where links lead.
func (m *migration) writable(order []string) []string {
	paths := slices.Clone(order)
	others := m.read
	if m.stripsSource {
		others = append(slices.Clone(others), m.sources...)
	}
	for _, p := range others {
		if path, err := throughLink(m.dir, p); err == nil {
			paths = append(paths, path)
		}
	}
	slices.Sort(paths)
	return slices.Compact(paths)
}

// stage resolves where each change goes (through links that stay in the
// project) and refuses two configs in one file; it returns the paths in
// the order to write them. --dry-run stages too, so it fails where the
// real run would.
func (m *migration) stage() (order []string, files map[string][]byte, modes map[string]fs.FileMode, err error) {
	files = map[string][]byte{}
	modes = map[string]fs.FileMode{}
	owner := map[string]string{} // real path -> the config written there
	// The source's own files, where links resolve to: a target written
	// through a link into one would put the target's hooks in the source.
	for _, p := range m.sources {
		if real, err := realPath(p); err == nil {
			owner[real] = p
		}
	}
	// A target that reads a source file holds the source's hooks, and
	// takes them for its own, written or not: with --remove-source both
	// tools would lose them.
	for _, p := range m.read {
		real, err := realPath(p)
		if err != nil {
			continue
		}
		if src, ok := owner[real]; ok && !slices.Contains(m.targetPaths(), p) {
			return nil, nil, nil, sameFile(p, src)
		}
	}
	var targets, sources []string
	for _, c := range m.changes {
		if err := insideRoot(m.dir, c.path); err != nil {
			return nil, nil, nil, err
		}
		if err := inFolder(c.path); err != nil {
			return nil, nil, nil, err
		}
		path, err := throughLink(m.dir, c.path)
		if err == nil {
			err = linkIntoOther(c.path, c.adapter.Slug())
		}
		if err != nil {
			return nil, nil, nil, err
		}
		real := path
		if r, err := realPath(path); err == nil {
			real = r
		}
		isSource := c.adapter.Slug() == m.from
		if other, ok := owner[real]; ok && !(isSource && slices.Contains(m.sources, other)) {
			return nil, nil, nil, sameFile(c.path, other)
		}
		owner[real] = c.path
		files[path] = c.data
		modes[path] = providers.FileMode(c.adapter, c.rel)
		if isSource {
			sources = append(sources, path)
		} else {
			targets = append(targets, path)
		}
	}
	// The source is stripped (--remove-source) only once every target
	// holds its hooks: a failure in between leaves the guards where they
	// were.
	slices.Sort(targets)
	slices.Sort(sources)
	return slices.Concat(targets, sources), files, modes, nil
}

// staleAge is how old a staged copy must be for a run to remove it: a
// minute, unless the project's lock is held (write says why).
func (m *migration) staleAge() time.Duration {
	if m.locked {
		return 0
	}
	return time.Minute
}

// check is what --dry-run runs instead of write: stage, then the checks
// writing makes before it writes anything (a file this user may not
// write, or that is not a regular file, a folder that does not let it
// create files), so that the dry run fails where the real run would,
// writing nothing (QA: it printed a clean diff, exit 0, for a read-only
// .gemini/settings.json the real run refused).
// It also says which staged copies of an interrupted run the real run
// would remove, removing none (QA: the dry run did not say).
func (m *migration) check(stderr io.Writer) error {
	order, _, _, err := m.stage()
	if err != nil {
		return err
	}
	for _, p := range order {
		if err := atomicfile.Check(p); err != nil {
			return err
		}
	}
	for _, p := range m.writable(order) {
		// Whatever their age, as the real run does under the project's
		// lock (a dry run takes none).
		for _, stale := range atomicfile.Stale(p, 0) {
			fmt.Fprintf(stderr, "hookconv: would remove %s, left by an interrupted run\n", stale)
		}
	}
	return nil
}

// targetPaths are the paths the targets' planned changes write (the
// loop below refuses those that are a source's).
func (m *migration) targetPaths() []string {
	var paths []string
	for _, c := range m.changes {
		if c.adapter.Slug() != m.from {
			paths = append(paths, c.path)
		}
	}
	return paths
}

// sameFile is the error for a target written into a file the source (or
// another target) holds: one config cannot hold both tools' hooks.
func sameFile(path, other string) error {
	if filepath.Clean(path) == filepath.Clean(other) {
		return fmt.Errorf("%s is both the source's config and the target's: one file cannot hold both; migrate into another file with convert -o", path)
	}
	return fmt.Errorf("%s and %s are the same file (through a symbolic link): one config cannot hold both", path, other)
}

// changesAny reports whether the run changes any file: a target's, or the
// source's under --remove-source (what --check exits 1 on).
func (m *migration) changesAny() bool {
	for _, c := range m.changes {
		if c.old == nil || !bytes.Equal(c.old, c.data) {
			return true
		}
	}
	return false
}

// summaryJSON is migrate's summary under --format json, one document on
// standard output (the README documents its shape): a script migrating
// many repositories reads it rather than parse the text lines.
type summaryJSON struct {
	// Source is the source tool's slug.
	Source string `json:"source"`
	// Written says the run wrote files: false where none changed, and
	// under --check.
	Written bool `json:"written"`
	// Changed says the run changes some file (under --check: would).
	Changed bool `json:"changed"`
	// Targets are the targets' summaries, in --to's order.
	Targets []targetSummaryJSON `json:"targets"`
	// Removal is, under --remove-source only, each source file the
	// migrated hooks are taken out of.
	Removal *[]removalSummaryJSON `json:"removal,omitempty"`
}

// targetSummaryJSON is one target's line of the summary.
type targetSummaryJSON struct {
	Target string `json:"target"`
	// Added, Present and Kept are the text's "hooks added", "already
	// there" and "others kept" (the target's own hooks, which are none
	// of the migrated ones).
	Added   int `json:"added"`
	Present int `json:"present"`
	Kept    int `json:"kept"`
	// Files are the paths written (under --check: that would be), named
	// as the diagnostics name them; [] when the target is unchanged.
	Files   []string `json:"files"`
	Changed bool     `json:"changed"`
	// Unapproved counts the migrated hooks the target holds but does not
	// run until a person approves them (Codex's /hooks: added now, or
	// there already and not approved, or turned off): under
	// --remove-source their source hooks stay until a run finds them
	// approved.
	Unapproved int `json:"unapproved,omitempty"`
}

// removalSummaryJSON is one source file --remove-source rewrites.
type removalSummaryJSON struct {
	File    string `json:"file"`
	Removed int    `json:"removed"`
	Kept    int    `json:"kept"`
}

// printSummary says what each target got, and what left the source;
// written says the files were (false: --check, which names them as
// those the run would write). Paths are named from the current folder,
// as the diagnostics name them (m1/.gemini/settings.json): a script
// migrating many repositories must see which one a line is about. In the
// json format it is one document (summaryJSON).
func (m *migration) printSummary(e *env, format string, written bool) error {
	here := func(rel string) string {
		if m.dir == "." {
			return rel
		}
		return filepath.ToSlash(filepath.Join(m.dir, filepath.FromSlash(rel)))
	}
	sum := summaryJSON{Source: m.from, Written: written && m.changesAny(), Changed: m.changesAny(), Targets: []targetSummaryJSON{}}
	for _, t := range m.targets {
		paths := []string{}
		for _, p := range t.Files.Paths() {
			paths = append(paths, here(p))
		}
		sum.Targets = append(sum.Targets, targetSummaryJSON{Target: t.Target, Added: t.Added, Present: t.Present, Kept: t.Others, Files: paths, Changed: len(paths) > 0, Unapproved: t.Unapproved})
	}
	if m.stripsSource {
		removal := []removalSummaryJSON{}
		for _, c := range m.changes {
			if c.adapter.Slug() == m.from {
				removal = append(removal, removalSummaryJSON{File: here(c.rel), Removed: c.removed, Kept: c.stayed})
			}
		}
		for _, r := range m.keptWhole {
			removal = append(removal, removalSummaryJSON{File: here(r.File), Kept: r.Kept})
		}
		sum.Removal = &removal
	}
	if format == diag.FormatJSON {
		b, err := json.MarshalIndent(sum, "", "  ")
		if err != nil {
			return err
		}
		if _, err := e.stdout.Write(append(b, '\n')); err != nil {
			return stdoutFailed(err)
		}
		return nil
	}
	for _, t := range sum.Targets {
		state := "unchanged"
		switch {
		case t.Changed && written:
			state = strings.Join(t.Files, ", ")
		case t.Changed:
			state = "would write " + strings.Join(t.Files, ", ")
		}
		if _, err := fmt.Fprintf(e.stdout, "%s: %d hooks added, %d already there, %d others kept (%s)\n", t.Target, t.Added, t.Present, t.Kept, state); err != nil {
			return stdoutFailed(err)
		}
		if m.stripsSource && t.Unapproved > 0 {
			// Said on stdout too: a script reading the summary must see
			// that the removal was put off (QA).
			if _, err := fmt.Fprintf(e.stdout, "%s: %d migrated hooks run there only once approved in /hooks: kept in the %s config until a run finds them approved\n", t.Target, t.Unapproved, m.from); err != nil {
				return stdoutFailed(err)
			}
		}
	}
	if sum.Removal == nil {
		return nil
	}
	for _, r := range *sum.Removal {
		kept := ""
		if r.Kept > 0 {
			kept = fmt.Sprintf(", %d kept there", r.Kept)
		}
		line := fmt.Sprintf("%s: %d migrated hooks removed from %s%s\n", m.from, r.Removed, r.File, kept)
		switch {
		case r.Removed == 0 && slices.ContainsFunc(m.keptWhole, func(k removalSummaryJSON) bool { return here(k.File) == r.File }):
			// A file left as it is (keptWhole): its hooks all stay, for
			// the reasons the warnings give.
			line = fmt.Sprintf("%s: %s left as it is, its %d hooks kept there (the warnings say why)\n", m.from, r.File, r.Kept)
		case !written:
			line = fmt.Sprintf("%s: %d migrated hooks removed%s (would write %s)\n", m.from, r.Removed, kept, r.File)
		}
		if _, err := io.WriteString(e.stdout, line); err != nil {
			return stdoutFailed(err)
		}
	}
	return nil
}

// failureJSON is what --check and --dry-run print on standard output
// under --format json when the run would fail (exit 1), in the place of
// the summary or the diff: why, and the diagnostics that fail it, as
// check's report holds them. Exit 1 also means "would change" under
// --check, so an empty output told a script nothing (QA q5 F7).
type failureJSON struct {
	// Source is the source tool's slug; "" when it was not settled.
	Source string `json:"source"`
	// Error says why the run would fail.
	Error string `json:"error"`
	// Diagnostics are the errors (and, under --strict, the warnings)
	// that fail it; [] when the error says it all.
	Diagnostics []diag.Diagnostic `json:"diagnostics"`
}

// printFailure prints a preview's failureJSON on standard output.
func printFailure(e *env, source, msg string, ds diag.List) error {
	b, err := json.MarshalIndent(failureJSON{Source: source, Error: msg, Diagnostics: nonNil(ds)}, "", "  ")
	if err != nil {
		return err
	}
	if _, err := e.stdout.Write(append(b, '\n')); err != nil {
		return stdoutFailed(err)
	}
	return nil
}

// failWith ends a migration that failed before anything was converted:
// the failure on standard output when preview (printFailure), the
// diagnostics on standard error, exit 1.
func failWith(e *env, format string, preview bool, source string, ds diag.List) error {
	if preview {
		msg := "nothing would be written"
		if len(ds) > 0 {
			msg = ds[0].Message + "; " + msg
		}
		if err := printFailure(e, source, msg, ds); err != nil {
			return err
		}
	}
	return renderAndFail(e, format, ds)
}

// failing are the diagnostics that fail a run: its errors, and its
// warnings under --strict.
func failing(ds diag.List, strict bool) diag.List {
	var out diag.List
	for _, d := range ds {
		if d.Severity == diag.Error || (strict && d.Severity == diag.Warning) {
			out = append(out, d)
		}
	}
	return out
}

// failureMessage says why a run fails on ds, for failureJSON.
func failureMessage(ds diag.List, strict bool) string {
	s := func(n int) string {
		if n == 1 {
			return ""
		}
		return "s"
	}
	if n := ds.Count(diag.Error); n > 0 {
		return fmt.Sprintf("%d error%s; nothing would be written", n, s(n))
	}
	if n := ds.Count(diag.Warning); strict && n > 0 {
		return fmt.Sprintf("%d warning%s, failing --strict; nothing would be written", n, s(n))
	}
	return "nothing would be written"
}

// migratedAway makes the warning that the source holds no hooks (HC401)
// an info: the source config is there (a project without one is an
// error before this), and one left with no hooks is what migrate
// --remove-source leaves, so a rerun, --strict or --check --strict
// included, finds the migration finished: exit 0, every target
// "unchanged" (QA q5 F4: it failed for ever on a finished migration).
// convert keeps the warning: there the input was given to be converted.
//
// A source whose hooks were read but skipped (a Kiro 0.x file, HC504; a
// Cline PreToolUse.ps1 alone, HC346) is no finished migration: the
// decoder warned of each, and HC401 stays a warning that says so (QA q6
// F4: the info claimed an earlier migration that never happened).
func migratedAway(ds diag.List) diag.List {
	skipped := slices.ContainsFunc(ds, func(d diag.Diagnostic) bool {
		return d.Code != hookconv.CodeNothingDecoded && d.Severity >= diag.Warning
	})
	for i, d := range ds {
		if d.Code != hookconv.CodeNothingDecoded || d.Severity != diag.Warning {
			continue
		}
		if skipped {
			ds[i].Message = "the source config holds no hooks hookconv can convert (the warnings above say what was skipped): nothing was migrated"
			continue
		}
		ds[i].Severity = diag.Info
		ds[i].Message = "the source config holds no hooks: nothing to migrate (an earlier migrate --remove-source moves them all out)"
		ds[i].Hint = ""
	}
	return ds
}
