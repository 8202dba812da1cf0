// Package claudecode is the Claude Code adapter: hooks in
// .claude/settings.json (also settings.local.json and plugin
// hooks/hooks.json), timeouts in seconds, five handler types.
package claudecode

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
)

// Dialect is Claude Code's flavour of the nested shape (hooks reference,
// "Hook handler fields").
var Dialect = &nested.Dialect{
	Slug: "claude-code",
	Fields: []nested.FieldMap{
		{Native: "command", Canonical: "command"},
		{Native: "url", Canonical: "url"},
		{Native: "headers", Canonical: "headers"},
		{Native: "allowedEnvVars", Canonical: "allowed_env_vars"},
		{Native: "server", Canonical: "server"},
		{Native: "tool", Canonical: "tool"},
		{Native: "input", Canonical: "input"},
		{Native: "prompt", Canonical: "prompt"},
		{Native: "model", Canonical: "model"},
		{Native: "timeout", Canonical: "timeout"},
		{Native: "async", Canonical: "async"},
		{Native: "statusMessage", Canonical: "status_message"},
	},
	// Documented keys with no canonical field; "once" only matters in skill
	// frontmatter but is documented, so it is carried rather than dropped.
	// "onFailure" (2.1.295 on) is read as timeout_action where the
	// blocking table gives it as the event's fail-closed key, and carried
	// elsewhere. Its settings schema takes "continue" or "block" alone on
	// command and http hooks (another value is a settings error there);
	// only mcp_tool hooks read any other value as "block".
	Extra: []string{"if", "args", "asyncRewake", "shell", "once", "continueOnBlock", "onFailure"},
	// Reference part 1 §1.6.
	KeyShapes: map[string]string{
		"if": "string", "asyncRewake": "bool", "shell": "bash|powershell",
		"once": "bool", "continueOnBlock": "bool", "onFailure": "continue|block",
	},
	PositiveTimeout: true,
	Types:           canonical.HandlerTypes(),
	Timeout: func(string) nested.Unit {
		return nested.Seconds
	},
	ExactList:      nested.ClaudeExactList,
	ListSeparators: "|,",
	ExecArgs:       true,
	// Substituted in command and args (reference §1.11).
	ExecPlaceholders: []string{"CLAUDE_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"},
	Switches:         providers.DisableAllHooks,
	SwitchedOn:       providers.DisableAllHooksOff,
}

func init() { providers.Register(nested.NewAdapter(Dialect)) }
