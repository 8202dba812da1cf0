// Package flat is the shared codec of the tools whose hook config lists
// handler entries directly under each event, with no matcher-group level:
//
//	{"version": 1, "hooks": {"<event>": [{"command": "…", "matcher": "…"}]}}
//
// Cursor uses it; some of these tools also split tool events by category
// (Cursor's beforeShellExecution), which the vocab table describes with the
// "tools" of a native event. A Dialect gives each tool's field names, units
// and matcher spelling.
//
// provider_data layout (ProviderData[slug], a JSON object):
//   - documented entry keys without a canonical field, verbatim ("loop_limit");
//   - "$event": the split native event an entry came from
//     ("beforeShellExecution"), written back when it still fits the hook;
//   - "$matcher": the native matcher text when writing the canonical form
//     back would spell it differently, or when it filters something other
//     than tool names (the command line on beforeShellExecution);
//   - "$commandFilter": the matcher of an event where it filters the
//     command line (beforeShellExecution), a filter other tools lack;
//   - "$type": true when the entry spelled out its (default) "type";
//   - "$keys": canonical field → the alias key the entry used for it.
package flat

import "github.com/hookconv/hookconv/providers/nested"

// FieldMap ties a native entry key to a canonical field (see nested.FieldMap).
type FieldMap = nested.FieldMap

// Dialect describes one tool of the family.
type Dialect struct {
	Slug string
	// Version is the value of the top-level "version" key the tool wants
	// (0: the format has none).
	Version int
	// Fields are the native entry keys with a canonical home.
	Fields []FieldMap
	// Extra are documented entry keys without one, carried verbatim.
	Extra []string
	// Types are the handler types the tool runs; DefaultType is the one an
	// entry without "type" has.
	Types       []string
	DefaultType string
	// Timeout is the unit of "timeout".
	Timeout nested.Unit
	// FailClosed names the entry key that makes a crash or a timeout block
	// ("failClosed"), or "" when the tool has none.
	FailClosed string
	// MCPAll is how the tool's matcher says "every MCP tool" ("MCP:.*"
	// for Cursor), or "" when it cannot.
	MCPAll string
	// AlwaysType writes "type" on every entry (Copilot's documented form),
	// not only when it differs from DefaultType.
	AlwaysType bool
	// TopKeys are other top-level keys the tool tolerates; they are left
	// alone, not reported (Windsurf's own sample files carry "version").
	TopKeys []string
	// SplitOnly tools name tools only through split events (Windsurf's
	// pre_run_command): a tool hook is written once per category its
	// matcher covers.
	SplitOnly bool
	// Aliases are native keys the tool also reads for a canonical field
	// (Copilot's "command" beside "bash", "timeout" beside "timeoutSec").
	// They are read, and written back when the source used them.
	Aliases []FieldMap
}

// aliasOf returns the canonical field of a read-only alias key.
func (d *Dialect) aliasOf(native string) (string, bool) {
	for _, f := range d.Aliases {
		if f.Native == native {
			return f.Canonical, true
		}
	}
	return "", false
}

// writes reports whether the dialect has a key for a canonical field.
func (d *Dialect) writes(canon string) bool {
	for _, f := range d.Fields {
		if f.Canonical == canon {
			return true
		}
	}
	return false
}

// Accepts reports whether the tool runs handlers of type t.
func (d *Dialect) Accepts(t string) bool {
	for _, x := range d.Types {
		if x == t {
			return true
		}
	}
	return false
}

func (d *Dialect) mapped(native string) (string, bool) {
	for _, f := range d.Fields {
		if f.Native == native {
			return f.Canonical, true
		}
	}
	return "", false
}

func (d *Dialect) isExtra(k string) bool {
	for _, e := range d.Extra {
		if e == k {
			return true
		}
	}
	return false
}
