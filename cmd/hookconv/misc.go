package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/hookconv/hookconv/canonical"
	"github.com/spf13/cobra"
)

func newSchemaCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "schema",
		Short: "Print the JSON Schema of the hooks/1.0 manifest",
		Long: `Prints the JSON Schema (draft 2020-12) of the hooks/1.0 manifest, for
editors and other validators. hookconv validate checks more than the schema
can say (event and tool names, regular expressions, duplicates).`,
		Example: `  hookconv schema > hooks.schema.json`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := e.stdout.Write(canonical.Schema())
			return err
		},
	}
}

// version is set at release time with -ldflags "-X main.version=…".
var version = ""

func newVersionCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print hookconv's version",
		Example: `  hookconv version`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintln(e.stdout, versionLine())
			return nil
		},
	}
}

// versionLine is what `hookconv version` and `hookconv --version` print.
func versionLine() string {
	v := version
	if v == "" {
		v = "(devel)"
		if bi, ok := debug.ReadBuildInfo(); ok {
			if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
				v = bi.Main.Version
			}
			for _, s := range bi.Settings {
				if s.Key == "vcs.revision" && len(s.Value) >= 12 {
					v += " " + s.Value[:12]
				}
			}
		}
	}
	return fmt.Sprintf("hookconv %s (spec %s, %s %s/%s)", v, canonical.SpecVersion, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
