// Package nested is the shared codec of the tools whose hook config has
// Claude Code's nested shape:
//
//	{"hooks": {"<Event>": [{"matcher": "…", "hooks": [{"type": "command", …}]}]}}
//
// Claude Code, Gemini CLI, Codex, Factory Droid and Qwen Code all use it; each
// is described by a Dialect (its field names, units, matcher language and
// handler types), so an adapter is mostly a table row plus its quirks.
//
// provider_data layout. A native handler becomes one canonical hook; what
// has no canonical home is kept in ProviderData[slug] as a JSON object:
//
//   - documented handler keys without a canonical field, verbatim
//     ("if", "once", "args", "asyncRewake", "shell", "description", …);
//   - "$matcher": the native matcher of an event whose matcher does not
//     select tools (SessionStart's "startup|resume", PreCompact's "auto");
//   - "$group": the documented group-level keys ("sequential", …);
//   - "$newGroup": true when the handler opened a group whose event and
//     matcher an earlier group already had, so the groups are not merged.
//
// With these, native → canonical → the same native is lossless.
package nested

import (
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// Unit is how a dialect writes timeouts.
type Unit int

// Timeout units.
const (
	Seconds    Unit = iota // fractions allowed
	IntSeconds             // whole seconds; fractions are rounded up
	Millis
)

// PerSecond is how many of the unit make a second.
func (u Unit) PerSecond() float64 {
	if u == Millis {
		return 1000
	}
	return 1
}

// FieldMap ties a native handler key to a canonical handler field.
type FieldMap = providers.FieldMap

// Dialect describes one tool of the family.
type Dialect struct {
	Slug string
	// Fields are the native handler keys that have a canonical home.
	Fields providers.Fields
	// Extra are documented native handler keys without one: they travel in
	// provider_data and are written back verbatim.
	Extra []string
	// GroupKeys are documented group keys besides "matcher" and "hooks".
	GroupKeys []string
	// KeyShapes are the documented value of Extra and GroupKeys keys:
	// "string", "bool", or the only values a string may have, "a|b"
	// (Claude Code's shell: bash|powershell). A value of another shape is
	// an error, as one of a canonical field's is (async), and is not
	// carried: the tool rejects it, or reads it as no setting (QA q2 F8:
	// Claude Code's "shell": "zsh" was written on to Qwen Code).
	KeyShapes map[string]string
	// PositiveTimeout is true where the tool requires a timeout above 0
	// (Claude Code's "number (>0)", reference part 1 §1.6).
	PositiveTimeout bool
	// Types are the handler types the tool accepts. A handler of another
	// type is never written (the pipeline degrades it first).
	Types []string
	// ParsedTypes, when set, are the other handler types the tool reads
	// but never runs (Codex's prompt and agent); any type in neither list
	// fails the tool's parse of the whole file (Codex: an http handler),
	// which is then an error, not a handler that only never runs.
	ParsedTypes []string
	// UnconvertedTypes are handler types the tool documents and runs that
	// have no canonical form (Qwen Code's function, reference part 2
	// §7.4): such a handler is left out with a warning
	// (providers.CodeUnconverted), the rest of the file read, where an
	// unknown type is an error.
	UnconvertedTypes []string
	// Timeout gives the unit of a handler type's timeout.
	Timeout func(handlerType string) Unit
	// ExactList reports whether a matcher is read as a list of exact
	// names (rather than a regular expression) by the tool, and
	// ListSeparators are the characters that separate the names.
	ExactList      func(matcher string) bool
	ListSeparators string
	// ExecArgs says a command handler's "args" make it an exec form
	// (Claude Code): command is the program, args its argv, no shell.
	// ExecPlaceholders are the ${NAME}s the tool substitutes in it.
	ExecArgs         bool
	ExecPlaceholders []string
	// ExecArgsUnread names the newest release of a tool whose docs give
	// "args" the exec form (ExecArgs) that still does not read it (Qwen
	// Code: its 1.x docs do, 0.24.4 runs "command" alone through bash).
	// "args" is read as the docs say, with a warning (CodeUndocumented),
	// and the encoder writes the shell command it folds into, which every
	// release runs the same, never the exec form.
	ExecArgsUnread string
	// SyncEvents are native events whose hooks the tool runs
	// synchronously even when async (Codex's SessionEnd): async is not
	// written there.
	SyncEvents []string
	// OnlyHooksKey says the tool's JSON hooks file may hold "hooks" alone:
	// some releases reject it whole for any other key (Codex: one build's
	// HooksFile has deny_unknown_fields, reference §4.6).
	OnlyHooksKey bool
	// Switches reads the settings outside "hooks" that turn hooks off.
	Switches providers.Switches
	// SwitchedOn reads a setting that turns every hook back on, where a
	// file of the provider's switch_paths overrides another's
	// (disableAllHooks: false in Claude's settings.local.json).
	SwitchedOn func(root *node.Node) bool
}

// Accepts reports whether the tool runs handlers of type t.
func (d *Dialect) Accepts(t string) bool { return slices.Contains(d.Types, t) }

// ClaudeExactList is Claude Code's rule: a matcher made only of letters,
// digits, '_', '-', ' ', ',' and '|' is a list of exact names.
func ClaudeExactList(m string) bool { return onlyChars(m, "_- ,|") }

// CodexExactList is Codex's narrower rule: letters, digits, '_' and '|'.
func CodexExactList(m string) bool { return onlyChars(m, "_|") }

// RegexOnly is for tools whose matchers are always regular expressions
// (Gemini CLI); a plain name still reads as itself.
func RegexOnly(string) bool { return false }

func onlyChars(m, extra string) bool {
	for _, r := range m {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		default:
			ok := false
			for _, e := range extra {
				if r == e {
					ok = true
				}
			}
			if !ok {
				return false
			}
		}
	}
	return true
}

// handlerTypes are the canonical handler types, re-exported for dialects.
var handlerTypes = canonical.HandlerTypes()
