// Package cursor is the Cursor adapter: .cursor/hooks.json with
// {"version": 1, "hooks": {camelCaseEvent: [entry]}}, timeouts in seconds,
// command and prompt entries. Tool hooks are written on the generic
// preToolUse/postToolUse/postToolUseFailure with a matcher over Cursor's
// tool names; the split events (beforeShellExecution, afterFileEdit, …)
// are read too.
package cursor

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/flat"
	"github.com/hookconv/hookconv/providers/nested"
)

// Dialect is Cursor's entry format (docs "Hooks", options table).
var Dialect = &flat.Dialect{
	Slug:    "cursor",
	Version: 1,
	Fields: []flat.FieldMap{
		{Native: "command", Canonical: "command"},
		{Native: "prompt", Canonical: "prompt"},
		{Native: "model", Canonical: "model"},
		{Native: "timeout", Canonical: "timeout"},
	},
	Extra:       []string{"loop_limit"},
	Types:       []string{canonical.HandlerCommand, canonical.HandlerPrompt},
	DefaultType: canonical.HandlerCommand,
	Timeout:     nested.Seconds,
	MCPAll:      "MCP:.*",
}

func init() { providers.Register(flat.NewAdapter(Dialect)) }
