package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
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
manifests (*.json, *.yaml, *.yml with a top-level "spec" key); "-" reads
standard input. With no argument the current directory is searched.

A tool's own config (.claude/settings.json, .cursor/hooks.json, ...) is
checked against what that tool really does with it: unknown events (with
"did you mean"), matchers the tool ignores or that never match, timeouts
in the wrong unit, hooks written twice, handler types that never run,
unknown keys. The tool is recognised from the path; --from names it for
any other file. "hookconv explain CODE" describes each code.

Exit status: 0 when there are no errors, 1 when there are errors (or
warnings, with --strict), 2 when the command line is wrong.`,
		Example: `  hookconv validate examples/guard.json
  hookconv validate --format github .
  cat hooks.yaml | hookconv validate -`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(diag.Formats, format) {
				return usagef("--format must be one of %s, not %q", strings.Join(diag.Formats, ", "), format)
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
				paths := []string{arg}
				known := map[string]string{} // path → the tool a directory search recognised it as
				if arg != "-" {
					if st, err := os.Stat(arg); err == nil && st.IsDir() {
						if paths, err = findHookFiles(e, arg, known); err != nil {
							return usagef("cannot search %s: %v", arg, err)
						}
						if len(paths) == 0 {
							fmt.Fprintf(e.stderr, "hookconv: no manifests or tool hook configs found under %s\n", arg)
						}
					}
				}
				for _, p := range paths {
					name, src, ds := readInput(e, p)
					if src != nil {
						sources[name] = src
						slug, err := known[p], error(nil)
						if slug == "" {
							slug, err = nativeTool(name, src, from)
						}
						if err != nil {
							return err
						}
						var m *canonical.Manifest
						if slug == "canonical" {
							m, ds = hookconv.ValidateManifest(name, src)
						} else {
							m, ds = hookconv.LintNative(slug, name, src)
						}
						// Scripts the hooks run that the project lacks.
						if root, plugin, ok := hookconv.ProjectRoot(slug, name); ok && m != nil && !ds.HasErrors() {
							ds = append(ds, hookconv.MissingScripts(m, name, os.DirFS(root), plugin)...)
							ds.Sort()
						}
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

// findHookFiles lists what validate checks under dir: the manifests
// (findManifests) and every tool's own hook config that hookconv.Scan
// recognises, whose tool it records in known. A config that could be
// several tools' is named on stderr and left out: --from must say which.
func findHookFiles(e *env, dir string, known map[string]string) ([]string, error) {
	paths, err := findManifests(dir)
	if err != nil {
		return nil, err
	}
	found, err := hookconv.Scan(os.DirFS(dir))
	if err != nil {
		return nil, err
	}
	for _, f := range found {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		switch {
		case len(f.Providers) == 0 || slices.Contains(f.Providers, "canonical") || slices.Contains(paths, p):
			// unreadable (detect says why), or a manifest: found above
		case len(f.Providers) > 1:
			fmt.Fprintf(e.stderr, "hookconv: %s could be %s; not checked: validate it with --from\n", p, strings.Join(f.Providers, " or "))
		default:
			known[p] = f.Providers[0]
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	return paths, nil
}

// nativeTool decides how a file is checked: as a manifest ("canonical"),
// or as the native config of the tool --from names or its path shows. A
// file neither says is read as a manifest, whose errors then say what is
// missing.
func nativeTool(name string, src []byte, from string) (string, error) {
	if from != "" {
		return from, nil
	}
	cands := hookconv.DetectSource(name, src)
	switch {
	case len(cands) == 0:
		return "canonical", nil
	case len(cands) == 1:
		return cands[0], nil
	case hookconv.MixesFormats(src, cands):
		return "", usagef("%s mixes the event names of %s; name the tool that reads it with --from", name, strings.Join(cands, " and "))
	}
	return "", usagef("%s could be %s; name one with --from", name, strings.Join(cands, " or "))
}
