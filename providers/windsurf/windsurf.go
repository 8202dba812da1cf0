// Package windsurf is the Windsurf (Cascade) adapter: .windsurf/hooks.json
// with snake_case events and entries that have no matcher, no timeout and
// no type. Tools are chosen by the event itself (pre_run_command,
// pre_read_code, pre_write_code, pre_mcp_tool_use), so a tool hook is
// written once per tool category its matcher covers.
package windsurf

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/flat"
	"github.com/hookconv/hookconv/providers/nested"
)

// Dialect is Windsurf's entry format (Cascade hooks docs).
var Dialect = &flat.Dialect{
	Slug: "windsurf",
	Fields: []flat.FieldMap{
		{Native: "command", Canonical: "command"},
		{Native: "powershell", Canonical: "platform.windows"},
		{Native: "working_directory", Canonical: "cwd"},
	},
	Extra:   []string{"show_output"},
	TopKeys: []string{"version"},
	// The vendor's sample files carry "version": 1 (reference part 2
	// §4.3), which a round trip keeps.
	CarriedTopKeys: []string{"version"},
	Types:          []string{canonical.HandlerCommand},
	DefaultType:    canonical.HandlerCommand,
	Timeout:        nested.Seconds,
	SplitOnly:      true,
}

func init() { providers.Register(flat.NewAdapter(Dialect)) }
