package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/spf13/cobra"
)

func newDetectCmd(e *env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "detect [DIR]",
		Short: "List the hook configs hookconv understands under a directory",
		Long: `Detect walks DIR (default ".") and lists every hook config hookconv can
read: each tool's config paths wherever they sit (a monorepo's projects,
plugin and extension hooks/hooks.json) and hooks/1.0 manifests named
hooks.json, hooks.yaml or hooks.yml ("validate DIR" also finds manifests
under other names, by their "spec" key). For each:
its path, the tool (and how it was recognised: by path, by content, or by
the event names inside a path two tools share), how many hooks it holds,
and what is wrong with it (unreadable, ambiguous, mixed formats, errors
and warnings, which "hookconv validate" or "hookconv convert" show in
full). .git, .hg, .svn, node_modules, vendor and .venv are not entered.

Nothing is executed and nothing is written. Exit status: 0 when every
file found reads cleanly (warnings allowed), 1 when one has errors or is
ambiguous, or DIR cannot be read (HC100), 2 when the command line is
wrong.`,
		Example: `  hookconv detect
  hookconv detect --format json ~/src/monorepo`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkTableFormat(format); err != nil {
				return err
			}
			dir := "."
			if len(args) == 1 {
				dir = args[0]
			}
			st, err := os.Stat(dir)
			if err != nil {
				// A path that cannot be read is HC100, exit 1, as check
				// and validate say it (QA: detect exited 2, a usage error).
				var ds diag.List
				ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "check the path", "cannot read %s: %v", dir, unwrapPathError(err))
				r := diag.Renderer{Format: diag.FormatText, Color: useColor(e.stderr)}
				_ = r.Render(e.stderr, ds.WithFile(dir))
				return exitError{exitProblems}
			}
			if !st.IsDir() {
				return usagef("%s is not a directory", dir)
			}
			found, err := hookconv.Scan(os.DirFS(dir))
			if err != nil {
				return usagef("cannot read %s: %v", dir, err)
			}
			failed := false
			for _, f := range found {
				if len(f.Providers) != 1 || f.Diagnostics.HasErrors() {
					failed = true
				}
			}
			if format == "json" {
				if err := writeFoundJSON(e, found); err != nil {
					return err
				}
			} else {
				t := newTable("path:path", "provider:provider", "how:recognised by", "hooks:hooks", "problems:problems")
				for _, f := range found {
					hooks := ""
					if len(f.Providers) == 1 {
						hooks = strconv.Itoa(f.Hooks)
					}
					t.add(f.Path, strings.Join(f.Providers, " or "), f.How, hooks, strings.Join(f.Problems, "; "))
				}
				if err := t.write(e.stdout, format); err != nil {
					return err
				}
				if len(found) == 0 {
					fmt.Fprintf(e.stderr, "hookconv: no hook configuration found under %s\n", dir)
				}
			}
			if failed {
				return exitError{exitProblems}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table, json or markdown")
	return cmd
}

// foundJSON is one row of detect --format json: numbers as numbers and
// lists as lists, unlike the table's text cells.
type foundJSON struct {
	Path      string   `json:"path"`
	Providers []string `json:"providers"`
	How       string   `json:"recognised_by,omitempty"`
	Hooks     *int     `json:"hooks,omitempty"`
	Problems  []string `json:"problems"`
}

func writeFoundJSON(e *env, found []hookconv.Found) error {
	rows := make([]foundJSON, 0, len(found))
	for _, f := range found {
		r := foundJSON{Path: f.Path, Providers: f.Providers, How: f.How, Problems: f.Problems}
		if r.Providers == nil {
			r.Providers = []string{}
		}
		if r.Problems == nil {
			r.Problems = []string{}
		}
		if len(f.Providers) == 1 {
			n := f.Hooks
			r.Hooks = &n
		}
		rows = append(rows, r)
	}
	b, err := json.MarshalIndent(rows, "", "  ")
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(append(b, '\n'))
	return err
}
