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
//   - "$absent": ["type"] when it did not, in a dialect that always
//     writes it (AlwaysType: Copilot's documented form), so the entry is
//     written back without it;
//   - "$zeroTimeout": true when the entry's timeout was 0, which the
//     tools do not document and a canonical timeout of 0 (none) does not
//     say: written back as 0 for the tool itself;
//   - "$keys": canonical field → the key the entry used for it, when it
//     is not the one the encoder would pick: an alias, or the dialect's
//     own Unix-only key (Copilot CLI's "bash" alone) where it would write
//     AnyOSKey;
//   - "$top": on the first hook of a file, the file's CarriedTopKeys,
//     verbatim ({"version": 1}), written back beside "hooks";
//   - "$spelling": Claude Code's name for the event ("PreToolUse"), where
//     the tool reads that spelling too and it changes what the hook gets
//     (Copilot CLI), so the entry is written back under it.
package flat

import (
	"slices"

	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
)

// FieldMap ties a native entry key to a canonical field.
type FieldMap = providers.FieldMap

// Dialect describes one tool of the family.
type Dialect struct {
	Slug string
	// Version is the value of the top-level "version" key the tool wants
	// (0: the format has none).
	Version int
	// StrictFile: the tool rejects the whole file over a wrong "version"
	// or an event that does not map to a list (Copilot CLI, reference
	// §1.7), so none of its hooks run; decoding says so as an error.
	StrictFile bool
	// Fields are the native entry keys with a canonical home.
	Fields providers.Fields
	// Extra are documented entry keys without one, carried verbatim.
	Extra []string
	// Types are the handler types the tool runs; DefaultType is the one an
	// entry without "type" has.
	Types       []string
	DefaultType string
	// Timeout is the unit of "timeout".
	Timeout nested.Unit
	// MCPAll is how the tool's matcher says "every MCP tool" ("MCP:.*"
	// for Cursor), or "" when it cannot.
	MCPAll string
	// AlwaysType writes "type" on every entry (Copilot's documented form),
	// not only when it differs from DefaultType.
	AlwaysType bool
	// TopKeys are other top-level keys the tool tolerates; they are left
	// alone, not reported (Windsurf's own sample files carry "version").
	TopKeys []string
	// CarriedTopKeys are those of TopKeys with no canonical home that a
	// file of the tool's may carry for its own sake (Windsurf's sample
	// files' "version": 1): kept in the file's first hook's "$top" and
	// written back, so converting a file to its own tool keeps them.
	CarriedTopKeys []string
	// SplitOnly tools name tools only through split events (Windsurf's
	// pre_run_command): a tool hook is written once per category its
	// matcher covers.
	SplitOnly bool
	// ClaudeSpelling tools also read Claude Code's event names, and give
	// such hooks Claude-shaped input (Copilot CLI: snake_case payloads and
	// Claude's matcher rules under "PreToolUse"), so an entry under one
	// keeps that spelling instead of being moved to the tool's own.
	ClaudeSpelling bool
	// Aliases are native keys the tool also reads for a canonical field
	// (Copilot's "command" beside "bash", "timeout" beside "timeoutSec").
	// They are read, and written back when the source used them.
	Aliases providers.Fields
	// AnyOSKey names the native key of a command the tool runs on every
	// system (Copilot CLI's "command", its cross-platform fallback), or "".
	// A canonical command runs everywhere, but the tool's own key for it
	// (Copilot's "bash") may be the Unix command only: a hook with no
	// Windows command is written under AnyOSKey, so that it still runs
	// (and a guard still blocks) on Windows.
	AnyOSKey string
	// ExecKey names the entry key of an exec form (Copilot CLI's "exec":
	// a program run without a shell, with "args" as its argv), or "".
	ExecKey string
	// Switches reads the file's settings that turn its hooks off.
	Switches providers.Switches
}

// Accepts reports whether the tool runs handlers of type t.
func (d *Dialect) Accepts(t string) bool { return slices.Contains(d.Types, t) }

// ReadsKey reports whether the tool reads an entry key: a field, an alias,
// a documented extra, "type", or its exec form's keys. Detection asks it
// which of two tools sharing a file reads the keys an entry carries.
func (d *Dialect) ReadsKey(k string) bool {
	if _, ok := d.Fields.CanonicalOf(k); ok {
		return true
	}
	if _, ok := d.Aliases.CanonicalOf(k); ok {
		return true
	}
	return k == "type" || slices.Contains(d.Extra, k) || (d.ExecKey != "" && (k == d.ExecKey || k == "args"))
}

// writes reports whether the dialect has a key for a canonical field.
func (d *Dialect) writes(canon string) bool {
	_, ok := d.Fields.NativeOf(canon)
	return ok
}
