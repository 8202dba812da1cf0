package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/diag"
	"github.com/spf13/cobra"
)

func newValidateCmd(e *env) *cobra.Command {
	var format string
	var strict bool
	cmd := &cobra.Command{
		Use:   "validate [FILE|DIR|-]...",
		Short: "Lint hooks/1.0 manifests",
		Long: `Validate checks hooks/1.0 manifests (JSON or YAML) and reports every problem
with its position, a stable code and a hint. A directory is searched for
manifests (*.json, *.yaml, *.yml with a top-level "spec" key); "-" reads
standard input. With no argument the current directory is searched.

Exit status: 0 when there are no errors, 1 when there are errors (or
warnings, with --strict), 2 when the command line is wrong.`,
		Example: `  hookconv validate examples/guard.json
  hookconv validate --format github .
  cat hooks.yaml | hookconv validate -`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(diag.Formats, format) {
				return usagef("--format must be one of %s, not %q", strings.Join(diag.Formats, ", "), format)
			}
			if len(args) == 0 {
				args = []string{"."}
			}
			var all diag.List
			sources := map[string][]byte{}
			for _, arg := range args {
				paths := []string{arg}
				if arg != "-" {
					if st, err := os.Stat(arg); err == nil && st.IsDir() {
						found, err := findManifests(arg)
						if err != nil {
							return usagef("cannot search %s: %v", arg, err)
						}
						if len(found) == 0 {
							fmt.Fprintf(e.stderr, "hookconv: no manifests found under %s\n", arg)
						}
						paths = found
					}
				}
				for _, p := range paths {
					name, src, ds := readInput(e, p)
					if src != nil {
						sources[name] = src
						_, ds = hookconv.ValidateManifest(name, src)
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
	cmd.Flags().BoolVar(&strict, "strict", false, "fail (exit 1) on warnings too")
	return cmd
}
