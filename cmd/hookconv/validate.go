package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/readfile"
	"github.com/hookconv/hookconv/vocab"
	"github.com/spf13/cobra"
)

func newValidateCmd(e *env) *cobra.Command {
	var format, from string
	var strict bool
	cmd := &cobra.Command{
		Use:   "validate [--from P] [FILE|DIR|-]...",
		Short: "Lint hooks/1.0 manifests and tools' native hook configs",
		Long: `Validate checks hooks/1.0 manifests (JSON or YAML) and reports every problem
with its position, a stable code and a hint. A directory is searched for
manifests: *.json, *.yaml and *.yml files whose top-level "spec" is a
"hooks/..." string, or that have a "spec" beside "hooks", or a "hooks" list
without one. A file whose "spec" is another format's (a Kubernetes object)
is named on stderr and not checked; a file named on the command line is
checked whatever it holds. A file or folder the search cannot read is an
HC100 error, and the rest is still checked. The folders detect skips
(.git, .hg, .svn, node_modules, vendor, .venv) are not entered. "-"
reads standard input.
With no argument the current directory is searched.

A tool's own config (.claude/settings.json, .cursor/hooks.json, ...) is
checked against what that tool really does with it: unknown events (with
"did you mean"), matchers the tool ignores or that never match, timeouts
in the wrong unit, hooks written twice, handler types that never run,
unknown keys. The tool is recognised from the path; --from names it for
any other file (one with no "spec" and a "hooks" object is such a config,
not a manifest: HC115 names the tools it could be). "hookconv explain
CODE" describes each code.

Exit status: 0 when there are no errors, 1 when there are errors (or
warnings, with --strict), 2 when the command line is wrong.`,
		Example: `  hookconv validate examples/guard.json
  hookconv validate --format github .
  cat hooks.yaml | hookconv validate -`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if formats := diag.Formats(); !slices.Contains(formats, format) {
				return usagef("--format must be one of %s, not %q", strings.Join(formats, ", "), format)
			}
			if from != "" {
				if err := checkSlug("--from", from); err != nil {
					return err
				}
			}
			if len(args) == 0 {
				args = []string{"."}
			}
			if i := slices.Index(args, "-"); i >= 0 && slices.Contains(args[i+1:], "-") {
				return usagef("standard input (-) can be read only once")
			}
			var all diag.List
			sources := map[string][]byte{}
			for _, arg := range args {
				found := hookFiles{paths: []string{arg}}
				if arg != "-" {
					if st, err := os.Stat(arg); err == nil && st.IsDir() {
						found = findHookFiles(e, arg)
						if len(found.paths) == 0 {
							fmt.Fprintf(e.stderr, "hookconv: no manifests or tool hook configs found under %s\n", arg)
						}
					}
				}
				for _, p := range found.paths {
					if ds, bad := found.unreadable[p]; bad {
						all = append(all, ds...)
						continue
					}
					name, src, ds, err := validateFile(e, p, found.tool[p], from)
					if err != nil {
						return err
					}
					if src != nil {
						sources[name] = src
					}
					all = append(all, ds...)
				}
			}
			r := diag.Renderer{Format: format, Color: format == diag.FormatText && useColor(e.stdout), Sources: sources}
			if err := r.Render(e.stdout, all); err != nil {
				return err
			}
			if all.HasErrors() || (strict && all.Count(diag.Warning) > 0) {
				return exitError{exitProblems}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", diag.FormatText, "output format: text, json or github")
	cmd.Flags().StringVar(&from, "from", "", "the tool whose native config the files are (recognised from the path when omitted)")
	cmd.Flags().BoolVar(&strict, "strict", false, "fail (exit 1) on warnings too")
	return cmd
}

// validateFile checks one file ("-" is standard input) as the tool's
// config ("" when the caller does not know it: --from, the path or the
// content decides) and returns its name and source for rendering. The
// error is a usage error: a file only --from could name.
func validateFile(e *env, p, tool, from string) (string, []byte, diag.List, error) {
	name, src, ds := readInput(e, p)
	if src == nil {
		return name, nil, ds, nil
	}
	slug := tool
	if slug == "" {
		var err error
		if slug, err = nativeTool(name, src, from); err != nil {
			return name, src, nil, err
		}
	}
	var m *canonical.Manifest
	switch {
	case slug != "canonical":
		m, ds = hookconv.LintNative(slug, name, src)
	case tool == "":
		// Only a file nothing recognised can be a tool's own config read
		// as a manifest by mistake; a directory search never picks one.
		if ds, ok := nativeLookalike(name, src); ok {
			return name, src, ds, nil
		}
		fallthrough
	default:
		m, ds = hookconv.ValidateManifest(name, src)
	}
	// Scripts the hooks run that the project lacks.
	if root, plugin, ok := hookconv.ProjectRoot(slug, name); ok && m != nil && !ds.HasErrors() {
		ds = append(ds, hookconv.MissingScripts(m, name, os.DirFS(root), plugin)...)
		ds.Sort()
	} else if slug == "canonical" && m != nil && !ds.HasErrors() {
		ds = append(ds, manifestMissingScripts(m, name)...)
		ds.Sort()
	}
	return name, src, ds, nil
}

// manifestMissingScripts reports the project scripts a manifest's hooks
// use that its project lacks (HC412, HC413). A manifest names no project
// (ProjectRoot decides nothing for it); its project is its own folder,
// as convert reads it (hookconv.SourceRoot: the manifest's commands run from the
// folder it is kept in, and a project-directory variable there becomes
// git's top level and that folder's path in the repository), at a
// repository's top level, in a folder below or outside any repository.
// QA: a manifest in a subfolder was not checked at all, so validate
// passed a hook whose script convert then read from a folder without it.
// Not a manifest on standard input, which is in no folder.
func manifestMissingScripts(m *canonical.Manifest, name string) diag.List {
	if name == "" || name == "-" || name == stdinName {
		return nil
	}
	return hookconv.MissingScripts(m, name, os.DirFS(filepath.Dir(name)), false)
}

// hookFiles is what validate checks under a directory.
type hookFiles struct {
	paths []string // sorted; the unreadable ones too
	// tool maps each path to the tool Scan recognised it as; a manifest
	// maps to "", as a named file does: --from or its content decides.
	tool map[string]string
	// unreadable holds the HC100 error of each path that could not be
	// read, reported in its place among the others.
	unreadable map[string]diag.List
}

// has reports whether p is one of the files to check.
func (h hookFiles) has(p string) bool {
	_, ok := h.tool[p]
	return ok
}

// findHookFiles lists what validate checks under dir: the manifests
// (findManifests) and every tool's own hook config that hookconv.Scan
// recognises. A config that could be several tools' is named on stderr
// and left out: --from must say which. So are files whose "spec" is some
// other format's. A file or folder that cannot be read is an HC100 error
// in its place, and the search goes on.
func findHookFiles(e *env, dir string) hookFiles {
	fsys := os.DirFS(dir)
	ms := findManifests(fsys, dir)
	h := hookFiles{tool: map[string]string{}, unreadable: ms.unreadable}
	for _, p := range ms.manifests {
		h.tool[p] = ""
	}
	found, err := hookconv.Scan(fsys)
	if err != nil && h.unreadable[dir] == nil { // dir itself; findManifests has said so already
		h.unreadable[dir] = unreadableDiag(dir, err)
	}
	for _, f := range found {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		switch {
		case f.Err != nil:
			if h.unreadable[p] == nil { // a config path findManifests does not read (.codex/config.toml)
				h.unreadable[p] = unreadableDiag(p, f.Err)
			}
		case h.has(p) || slices.Contains(f.Providers, "canonical"):
			// a manifest: found above, or left out there on purpose
		case len(f.Providers) > 1:
			fmt.Fprintf(e.stderr, "hookconv: %s could be %s; not checked: validate it with --from\n", p, strings.Join(f.Providers, " or "))
		case len(f.Providers) == 1:
			h.tool[p] = f.Providers[0]
		}
	}
	for _, p := range ms.skipped {
		if !h.has(p) {
			fmt.Fprintf(e.stderr, "hookconv: %s has a \"spec\" that is not a hooks spec and no \"hooks\": not a hooks manifest, not checked (name the file to validate it as one)\n", p)
		}
	}
	if len(h.tool) == 0 && len(h.unreadable) == 0 {
		configsInToolFolder(dir, h.tool)
	}
	for p := range h.tool {
		h.paths = append(h.paths, p)
	}
	for p := range h.unreadable {
		h.paths = append(h.paths, p)
	}
	slices.Sort(h.paths)
	return h
}

// configsInToolFolder adds to tool the hook configs found in dir when dir is
// a tool's own folder, or inside one (validate .claude, validate
// .github/hooks): Scan matches a config by its path from the project
// (.claude/settings.json), which a search from the folder itself does not
// see (QA: validate .claude found nothing and exited 0). Each file up to
// three levels down is matched by its absolute path instead; one that
// could be several tools' is left out, as findHookFiles leaves it.
func configsInToolFolder(dir string, tool map[string]string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	_ = fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil // Scan has said what it cannot read
		case d.IsDir():
			if p != "." && (strings.Count(p, "/") >= 2 || hookconv.SkipsDir(d.Name())) {
				return fs.SkipDir
			}
			return nil
		case !d.Type().IsRegular():
			return nil
		}
		full := filepath.Join(abs, filepath.FromSlash(p))
		// By its path first: only a file some tool's config path names is
		// read, and none larger than an input may be (QA: every file of
		// a data folder was read whole, 625 MB for two large ones).
		if len(hookconv.DetectSource(full, nil)) == 0 {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > canonical.MaxFileSize {
			return nil
		}
		src, err := readfile.Bytes(full) // a FIFO swapped in is not waited on
		if err != nil {
			return nil
		}
		if cands := hookconv.DetectSource(full, src); len(cands) == 1 && cands[0] != "canonical" {
			tool[filepath.Join(dir, filepath.FromSlash(p))] = cands[0]
		}
		return nil
	})
}

// nativeTool decides how a file is checked: as a manifest ("canonical"),
// or as the native config of the tool --from names or its path shows, or
// that its name or text points to where it does not parse
// (hookconv.LikelySource). A file none says is read as a manifest, whose
// errors then say what is missing.
func nativeTool(name string, src []byte, from string) (string, error) {
	if from != "" {
		return from, nil
	}
	cands := hookconv.DetectSource(name, src)
	switch {
	case len(cands) == 0:
		// One that does not parse is checked as the tool its name or
		// text points to: a hand-written OpenCode plugin as OpenCode's
		// (HC580), not as a manifest in YAML (QA F3).
		if likely, _ := hookconv.LikelySource(name, src); likely != "" {
			return likely, nil
		}
		return "canonical", nil
	case len(cands) == 1:
		return cands[0], nil
	case hookconv.MixesFormats(src, cands):
		return "", usagef("%s mixes the event names of %s; name the tool that reads it with --from", name, strings.Join(cands, " and "))
	}
	return "", usagef("%s could be %s; name one with --from", name, strings.Join(cands, " or "))
}

// nativeLookalike reports a file read as a manifest that is a tool's own
// hook config instead: no "spec", and "hooks" an object keyed by event
// names, the shape of .claude/settings.json and its kin. The parser would
// say "spec" is missing and "hooks" must be a list, advice that turns a
// working settings file into a broken manifest; one HC115 error says what
// the file is and how to check it as that (ok is false for anything else,
// which is checked as a manifest).
func nativeLookalike(name string, src []byte) (diag.List, bool) {
	root, ds := canonical.ParseDocument(name, src, canonical.FormatAuto)
	if ds.HasErrors() || root.Get("spec") != nil {
		return nil, false
	}
	hooks, ok := root.Field("hooks")
	if !ok || hooks.Value.Kind != node.Object {
		return nil, false
	}
	var out diag.List
	out.Errorf(canonical.CodeNativeConfig, hooks.KeyPos, "hooks", nativeHint(name, toolsByEventNames(hooks.Value)),
		`"hooks" is an object and there is no "spec": this looks like a tool's own hook config, not a hooks/1.0 manifest`)
	return out.WithFile(name), true
}

// nativeHint tells how to check a tool's config given by a path that does
// not name the tool: with --from, naming the tools whose event names it
// uses when there are any.
func nativeHint(name string, tools []string) string {
	arg := name
	if name == stdinName {
		arg = "-"
	}
	switch len(tools) {
	case 0:
		return "validate it as its tool's config with --from TOOL (hookconv providers lists the tools)"
	case 1:
		return fmt.Sprintf("validate it as %s's config: hookconv validate --from %s %s", tools[0], tools[0], arg)
	}
	return fmt.Sprintf("validate it as its tool's config with --from: its event names are those of %s (hookconv validate --from %s %s)",
		strings.Join(tools, ", "), tools[0], arg)
}

// toolsByEventNames lists the tools that know the most of an events
// object's keys as their event names, in the providers table's order;
// none when no tool knows any. Tools of one family share names
// (PreToolUse is Claude Code's, Codex's, Qwen Code's...), so several is
// usual: the hint lists them rather than guess.
func toolsByEventNames(events *node.Node) []string {
	v := vocab.Default()
	var best []string
	bestScore := 0
	for _, prov := range v.Providers {
		if prov.Slug == "canonical" {
			continue
		}
		score := 0
		for _, f := range events.LastFields() {
			if len(v.DecodeEvent(prov.Slug, f.Key)) > 0 {
				score++
			}
		}
		switch {
		case score == 0 || score < bestScore:
		case score > bestScore:
			best, bestScore = []string{prov.Slug}, score
		default:
			best = append(best, prov.Slug)
		}
	}
	return best
}
