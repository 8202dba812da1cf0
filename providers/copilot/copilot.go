// Package copilot holds the two adapters of GitHub Copilot's hook files,
// which share the folder .github/hooks/: the Copilot CLI format (camelCase
// events, bash/powershell commands, timeoutSec) and the VS Code agent
// format (PascalCase events, command with windows/linux/osx overrides,
// matchers ignored). Both are flat: entries directly under each event.
package copilot

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/flat"
	"github.com/hookconv/hookconv/providers/nested"
)

// CLI is Copilot CLI's entry format (hooks reference, "Handler fields"):
// "bash" is the Unix command, "powershell" the Windows one, and "command"
// (read as an alias) the cross-platform fallback for both; "timeout" is
// read too. A hook with a Windows command is written as bash +
// powershell, one without as command (AnyOSKey).
var CLI = &flat.Dialect{
	Slug:    "copilot-cli",
	Version: 1,
	// A bad version or an event that is no list rejects the whole file
	// (reference §1.7).
	StrictFile: true,
	Fields: []flat.FieldMap{
		{Native: "bash", Canonical: "command"},
		{Native: "powershell", Canonical: "platform.windows"},
		{Native: "url", Canonical: "url"},
		{Native: "headers", Canonical: "headers"},
		{Native: "allowedEnvVars", Canonical: "allowed_env_vars"},
		{Native: "cwd", Canonical: "cwd"},
		{Native: "env", Canonical: "env"},
		{Native: "timeoutSec", Canonical: "timeout"},
		// type "prompt" entries, on sessionStart only (session_prompt).
		{Native: "prompt", Canonical: "prompt"},
	},
	Aliases: []flat.FieldMap{
		{Native: "command", Canonical: "command"},
		{Native: "timeout", Canonical: "timeout"},
	},
	Types:       []string{canonical.HandlerCommand, canonical.HandlerHTTP},
	DefaultType: canonical.HandlerCommand,
	AlwaysType:  true,
	Timeout:     nested.Seconds,
	// The hooks reference: PascalCase events are read too, with
	// VS Code-compatible (snake_case) payloads and Claude's matchers.
	ClaudeSpelling: true,
	// "bash" is the Unix command only: a hook without a Windows command
	// is written under "command", which Copilot CLI runs on every system
	// (copied into bash and powershell, since 1.0.2; reference §1.6).
	AnyOSKey: "command",
	// "exec" + "args" (CLI only): run without a shell.
	ExecKey: "exec",
	// File-level "disableAllHooks" turns the file's hooks off (reference
	// §1.6); it is read, not reported as unknown.
	TopKeys:  []string{"disableAllHooks"},
	Switches: providers.DisableAllHooks,
}

// VSCode is VS Code's agent hook entry format (hooks reference table).
var VSCode = &flat.Dialect{
	Slug: "vs-code-copilot",
	Fields: []flat.FieldMap{
		{Native: "command", Canonical: "command"},
		{Native: "windows", Canonical: "platform.windows"},
		{Native: "linux", Canonical: "platform.linux"},
		{Native: "osx", Canonical: "platform.osx"},
		{Native: "cwd", Canonical: "cwd"},
		{Native: "env", Canonical: "env"},
		{Native: "timeout", Canonical: "timeout"},
	},
	// Copilot CLI's keys, also read (reference part 2 §2.3): "bash" is
	// the Linux and macOS command, "powershell" the Windows one; the
	// explicit OS keys win.
	Aliases: []flat.FieldMap{
		{Native: "timeoutSec", Canonical: "timeout"},
		{Native: "bash", Canonical: "platform.linux"},
		{Native: "bash", Canonical: "platform.osx"},
		{Native: "powershell", Canonical: "platform.windows"},
	},
	Types:       []string{canonical.HandlerCommand},
	DefaultType: canonical.HandlerCommand,
	AlwaysType:  true,
	Timeout:     nested.Seconds,
	// A numeric root "version" makes VS Code read the file as Copilot
	// CLI's (reference part 2 §2.3, "also accepted by the parser"): no
	// unknown key, and the two tools share .github/hooks.
	TopKeys: []string{"version"},
}

func init() {
	providers.Register(flat.NewAdapter(CLI))
	providers.Register(flat.NewAdapter(VSCode))
}
