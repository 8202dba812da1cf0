package main

import (
	"fmt"
	"strings"

	"github.com/hookconv/hookconv/internal/codebook"
	"github.com/spf13/cobra"
)

func newExplainCmd(e *env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "explain [CODE]",
		Short: "Describe a diagnostic code, or list them all",
		Long: `Explain prints what a diagnostic code (HC303, as shown in brackets after
each message) means and which part of hookconv reports it. Without a code
it lists every code.

Codes are stable: scripts may key on them.`,
		Example: `  hookconv explain HC703
  hookconv explain --format markdown`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkTableFormat(format); err != nil {
				return err
			}
			codes := codebook.All()
			if len(args) == 1 {
				codes = codebook.Lookup(args[0])
				if len(codes) == 0 {
					return usagef("%s is not a hookconv diagnostic code; \"hookconv explain\" lists them", args[0])
				}
				if format == "table" {
					for _, c := range codes {
						fmt.Fprintf(e.stdout, "%s: %s\n  reported by %s (%s)\n", c.ID, c.Summary, reporter(c.Package), c.Name)
					}
					return nil
				}
			}
			// The long summary last: a text table pads every column but
			// the last to its widest cell (QA: lines of 635 characters).
			t := newTable("code:code", "package:reported by", "summary:summary")
			for _, c := range codes {
				first, _, _ := strings.Cut(c.Summary, ". ")
				t.add(c.ID, reporter(c.Package), first)
			}
			return t.write(e.stdout, format)
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table, json or markdown")
	return cmd
}

// reporter names the part of hookconv a code's package is: the module's
// root package is the pipeline itself.
func reporter(pkg string) string {
	if pkg = strings.TrimPrefix(pkg, "./"); pkg == "." || pkg == "" {
		return "the pipeline (package hookconv)"
	}
	return pkg
}
