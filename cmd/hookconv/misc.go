package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
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

func newVersionCmd(e *env) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print hookconv's version",
		Long: `Prints hookconv's version, the manifest spec it reads and writes, and the
Go toolchain and platform it was built with. --format json prints the same
as one object, for scripts that check which hookconv a repository's CI runs:
{"version", "revision" (the commit, when built from a checkout), "spec",
"go", "os", "arch"}.`,
		Example: `  hookconv version
  hookconv version --format json | jq -r .spec`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			info := readVersion()
			switch format {
			case diag.FormatText:
				fmt.Fprintln(e.stdout, info.line())
				return nil
			case diag.FormatJSON:
				b, err := json.MarshalIndent(info, "", "  ")
				if err != nil {
					return err
				}
				_, err = e.stdout.Write(append(b, '\n'))
				return err
			}
			return usagef("--format must be one of text, json, not %q", format)
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", diag.FormatText, "output format: text or json")
	return cmd
}

// version is set at release time with -ldflags "-X main.version=…".
var version = ""

// versionInfo is what `hookconv version` says, field by field; its JSON
// names are the keys of `version --format json`.
type versionInfo struct {
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Spec     string `json:"spec"`
	Go       string `json:"go"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
}

// readVersion finds the version: the release's -ldflags value, else the
// module version and commit the Go toolchain recorded in the binary.
func readVersion() versionInfo {
	info := versionInfo{Version: version, Spec: canonical.SpecVersion,
		Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if info.Version != "" {
		return info
	}
	info.Version = "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			info.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				info.Revision = s.Value
			}
		}
	}
	return info
}

// line is what `hookconv version` and `hookconv --version` print: the
// revision shortened to 12 digits, as git shows it.
func (v versionInfo) line() string {
	s := v.Version
	if v.Revision != "" {
		s += " " + v.Revision[:12]
	}
	return fmt.Sprintf("hookconv %s (spec %s, %s %s/%s)", s, v.Spec, v.Go, v.OS, v.Arch)
}
