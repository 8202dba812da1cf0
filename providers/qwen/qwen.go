// Package qwen is the Qwen Code adapter: Claude Code's shape in
// .qwen/settings.json, with the unit trap that command timeouts are in
// milliseconds (since 0.24.0, a value below 1000 in seconds: the
// providers table's seconds_below) while http and prompt timeouts are in
// seconds.
package qwen

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
)

// Dialect is Qwen Code's flavour of the nested shape (docs/users/features/hooks.md).
var Dialect = &nested.Dialect{
	Slug: "qwen-code",
	Fields: []nested.FieldMap{
		{Native: "name", Canonical: "name"},
		{Native: "command", Canonical: "command"},
		{Native: "url", Canonical: "url"},
		{Native: "headers", Canonical: "headers"},
		{Native: "allowedEnvVars", Canonical: "allowed_env_vars"},
		{Native: "prompt", Canonical: "prompt"},
		{Native: "model", Canonical: "model"},
		{Native: "timeout", Canonical: "timeout"},
		{Native: "async", Canonical: "async"},
		{Native: "env", Canonical: "env"},
		{Native: "statusMessage", Canonical: "status_message"},
	},
	Extra:     []string{"description", "shell"},
	GroupKeys: []string{"sequential"},
	// Reference part 2 §7.4: shell is bash or powershell.
	KeyShapes: map[string]string{"description": "string", "shell": "bash|powershell", "sequential": "bool"},
	Types:     []string{canonical.HandlerCommand, canonical.HandlerHTTP, canonical.HandlerPrompt},
	// Documented beside them (reference part 2 §7.4), with no canonical
	// form: left out with a warning.
	UnconvertedTypes: []string{"function"},
	Timeout: func(t string) nested.Unit {
		if t == canonical.HandlerCommand {
			return nested.Millis
		}
		return nested.Seconds
	},
	// The 1.x hooks docs (qwenlm.github.io/qwen-code-docs/1.x/en/users/
	// hooks): "Using args invokes an executable directly without a shell";
	// 0.24.4, the newest release, spawns bash -c with "command" alone and
	// never reads "args" (hookRunner.ts executeCommandHook), nor does
	// 0.15.10. Read as the docs say, written as one shell command.
	ExecArgs:       true,
	ExecArgsUnread: "0.24.4",
	ExactList:      nested.ClaudeExactList,
	ListSeparators: "|,",
	// disableAllHooks (reference §7.4).
	Switches:   providers.DisableAllHooks,
	SwitchedOn: providers.DisableAllHooksOff,
}

func init() { providers.Register(nested.NewAdapter(Dialect)) }
