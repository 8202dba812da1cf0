package capabilities

import (
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/vocab"
)

var ignoreUnexported = cmpopts.IgnoreUnexported(canonical.Manifest{}, canonical.Hook{}, canonical.Handler{})

func runPlan(t *testing.T, target string, hooks ...canonical.Hook) (*canonical.Manifest, diag.List) {
	t.Helper()
	m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: hooks}
	return Plan(m, target, vocab.Default(), Default())
}

func codes(l diag.List) []string {
	var out []string
	for _, d := range l {
		out = append(out, d.Code)
	}
	return out
}

func cmdHook(name, event string) canonical.Hook {
	return canonical.Hook{
		Name:    name,
		Event:   event,
		Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "./check.sh", Timeout: 5},
	}
}

func with(h canonical.Hook, f func(*canonical.Hook)) canonical.Hook {
	f(&h)
	return h
}

func degrade(id string, s canonical.Strategy) func(*canonical.Hook) {
	return func(h *canonical.Hook) { h.Degradation = map[string]canonical.Strategy{id: s} }
}

// blocked is the hook a block strategy must produce, written by hand.
func blocked(name, event, command string) canonical.Hook {
	return canonical.Hook{
		Name:     name,
		Event:    event,
		Handler:  canonical.Handler{Type: canonical.HandlerCommand, Command: command, Timeout: 5},
		Blocking: true,
	}
}

// onWindows is h with the Windows command a stand-in gets where the target
// runs cmd and holds one (Codex's commandWindows).
func onWindows(h canonical.Hook, command string) canonical.Hook {
	h.Handler.Platform = map[string]string{"windows": command}
	return h
}

const (
	before = "before_tool_execute"
	after  = "after_tool_execute"
)

// TestPlanCapabilities covers every capability with its default strategy and
// with overrides, against real providers. Each case cites the table row it
// relies on (data/capabilities.toml unless said otherwise).
func TestPlanCapabilities(t *testing.T) {
	envHook := with(cmdHook("env", before), func(h *canonical.Hook) { h.Handler.Env = map[string]string{"B": "2", "A": "1"} })
	promptHook := canonical.Hook{Name: "judge", Event: before, Handler: canonical.Handler{Type: canonical.HandlerPrompt, Prompt: "is this safe?", Timeout: 5}}
	httpHook := canonical.Hook{Name: "audit", Event: before, Handler: canonical.Handler{
		Type:    canonical.HandlerHTTP,
		URL:     "https://example.com/hook?a=1&b=2",
		Headers: map[string]string{"X-Token": "a'b", "Authorization": "Bearer x"},
		Timeout: 5,
	}}
	mcpHook := canonical.Hook{Name: "mcp", Event: before, Handler: canonical.Handler{
		Type: canonical.HandlerMCPTool, Server: "github", Tool: "check", Input: json.RawMessage(`{"a":1}`), Timeout: 5,
	}}
	asyncHook := with(cmdHook("bg", after), func(h *canonical.Hook) { h.Handler.Async = true })
	platformHook := with(cmdHook("plat", before), func(h *canonical.Hook) {
		h.Handler.Platform = map[string]string{"windows": "check.ps1", "osx": "./check-mac.sh"}
	})
	cwdHook := with(cmdHook("cwd", before), func(h *canonical.Hook) { h.Handler.Cwd = "tools" })
	structHook := with(cmdHook("guard", before), func(h *canonical.Hook) { h.Blocking = true })
	rewriteHook := with(cmdHook("it's", before), func(h *canonical.Hook) { h.Capabilities = []string{"input_rewrite"} })

	drop := func(f func(*canonical.Hook)) func(canonical.Hook) canonical.Hook {
		return func(h canonical.Hook) canonical.Hook { return with(h, f) }
	}
	same := func(h canonical.Hook) canonical.Hook { return h }

	tests := []struct {
		name   string
		target string
		hook   canonical.Hook
		// want builds the expected hook from the input; nil = excluded.
		want     func(canonical.Hook) canonical.Hook
		code     string // the only diagnostic expected ("" = none)
		severity diag.Severity
		contains []string
	}{
		// custom_env: claude-code level = "none"; default (capability row) warn.
		{name: "custom_env/default warn", target: "claude-code", hook: envHook,
			want: drop(func(h *canonical.Hook) { h.Handler.Env = nil }),
			code: CodeCapabilityReduced, severity: diag.Warning, contains: []string{`hook "env"`, "handler.env removed (A, B)"}},
		{name: "custom_env/exclude", target: "claude-code", hook: with(envHook, degrade("custom_env", "exclude")),
			code: CodeCapabilityExcluded, severity: diag.Warning, contains: []string{"custom_env", "claude-code", "excluded"}},
		{name: "custom_env/block", target: "claude-code", hook: with(envHook, degrade("custom_env", "block")),
			want: func(canonical.Hook) canonical.Hook {
				return blocked("env", before, `echo 'hookconv: hook "env" needs custom_env, which claude-code does not support; blocked' >&2; exit 2`)
			},
			code: CodeCapabilityBlocked, severity: diag.Warning, contains: []string{"always blocks"}},
		// custom_env: gemini-cli level = "partial", note "env on command hooks works but is undocumented".
		{name: "custom_env/partial", target: "gemini-cli", hook: envHook, want: same,
			code: CodeCapabilityPartial, severity: diag.Info, contains: []string{"only partly", "env on command hooks works but is undocumented"}},
		// custom_env: qwen-code level = "full".
		{name: "custom_env/full", target: "qwen-code", hook: envHook, want: same},

		// llm_evaluated: codex level = "none"; default exclude.
		{name: "llm_evaluated/default exclude", target: "codex", hook: promptHook,
			code: CodeCapabilityExcluded, severity: diag.Warning, contains: []string{`hook "judge"`, "llm_evaluated", "excluded"}},
		{name: "llm_evaluated/warn cannot be honoured", target: "codex", hook: with(promptHook, degrade("llm_evaluated", "warn")),
			code: CodeCapabilityReduced, severity: diag.Warning, contains: []string{"cannot run at all; excluded"}},
		{name: "llm_evaluated/block", target: "codex", hook: with(promptHook, degrade("llm_evaluated", "block")),
			want: func(canonical.Hook) canonical.Hook {
				return onWindows(blocked("judge", before, `echo 'hookconv: hook "judge" needs llm_evaluated, which codex does not support; blocked' >&2; exit 2`),
					`echo hookconv: hook "judge" needs llm_evaluated, which codex does not support; blocked 1>&2& exit 2`)
			},
			code: CodeCapabilityBlocked, severity: diag.Warning},
		// llm_evaluated: cursor level = "partial", note "type prompt ({ok, reason}); no agent handlers".
		{name: "llm_evaluated/partial", target: "cursor", hook: promptHook, want: same,
			code: CodeCapabilityPartial, severity: diag.Info, contains: []string{"no agent handlers"}},

		// http_handler: codex level = "none"; default warn → curl.
		{name: "http_handler/default warn", target: "codex", hook: httpHook,
			want: func(canonical.Hook) canonical.Hook {
				return canonical.Hook{Name: "audit", Event: before, Handler: canonical.Handler{
					Type:    canonical.HandlerCommand,
					Command: `curl -sS --fail -X POST -H 'Content-Type: application/json' -H 'Authorization: Bearer x' -H 'X-Token: a'\''b' --data-binary @- 'https://example.com/hook?a=1&b=2' || exit 1`,
					Timeout: 5,
				}}
			},
			code: CodeCapabilityReduced, severity: diag.Warning, contains: []string{"curl", "handler.url", "handler.headers"}},
		{name: "http_handler/exclude", target: "codex", hook: with(httpHook, degrade("http_handler", "exclude")),
			code: CodeCapabilityExcluded, severity: diag.Warning},
		{name: "http_handler/block", target: "codex", hook: with(httpHook, degrade("http_handler", "block")),
			want: func(canonical.Hook) canonical.Hook {
				return onWindows(blocked("audit", before, `echo 'hookconv: hook "audit" needs http_handler, which codex does not support; blocked' >&2; exit 2`),
					`echo hookconv: hook "audit" needs http_handler, which codex does not support; blocked 1>&2& exit 2`)
			},
			code: CodeCapabilityBlocked, severity: diag.Warning},
		// http_handler: qwen-code level = "full".
		{name: "http_handler/full", target: "qwen-code", hook: httpHook, want: same},

		// mcp_tool_handler: gemini-cli level = "none"; default exclude.
		{name: "mcp_tool_handler/default exclude", target: "gemini-cli", hook: mcpHook,
			code: CodeCapabilityExcluded, severity: diag.Warning, contains: []string{"mcp_tool_handler"}},
		{name: "mcp_tool_handler/warn cannot be honoured", target: "gemini-cli", hook: with(mcpHook, degrade("mcp_tool_handler", "warn")),
			code: CodeCapabilityReduced, severity: diag.Warning, contains: []string{"cannot run at all; excluded"}},
		// (Not gemini-cli, which runs PowerShell on Windows: HC215 there,
		// TestPlanBlockStandInWindows.)
		{name: "mcp_tool_handler/block", target: "qwen-code", hook: with(mcpHook, degrade("mcp_tool_handler", "block")),
			want: func(canonical.Hook) canonical.Hook {
				return blocked("mcp", before, `echo 'hookconv: hook "mcp" needs mcp_tool_handler, which qwen-code does not support; blocked' >&2; exit 2`)
			},
			code: CodeCapabilityBlocked, severity: diag.Warning},

		// async_execution: gemini-cli level = "none"; default warn.
		{name: "async_execution/default warn", target: "gemini-cli", hook: asyncHook,
			want: drop(func(h *canonical.Hook) { h.Handler.Async = false }),
			code: CodeCapabilityReduced, severity: diag.Warning, contains: []string{"handler.async removed"}},
		{name: "async_execution/exclude", target: "gemini-cli", hook: with(asyncHook, degrade("async_execution", "exclude")),
			code: CodeCapabilityExcluded, severity: diag.Warning},
		// async_execution: claude-code level = "full".
		{name: "async_execution/full", target: "claude-code", hook: asyncHook, want: same},

		// platform_commands: claude-code level = "none"; default warn.
		{name: "platform_commands/default warn", target: "claude-code", hook: platformHook,
			want: drop(func(h *canonical.Hook) { h.Handler.Platform = nil }),
			code: CodeCapabilityReduced, severity: diag.Warning, contains: []string{"handler.platform removed (osx, windows)"}},
		{name: "platform_commands/exclude", target: "claude-code", hook: with(platformHook, degrade("platform_commands", "exclude")),
			code: CodeCapabilityExcluded, severity: diag.Warning},
		// platform_commands: codex level = "partial", note "commandWindows overrides the command on Windows only".
		// A Windows override alone: Codex holds it as it is.
		{name: "platform_commands/partial", target: "codex",
			hook: with(cmdHook("plat", before), func(h *canonical.Hook) { h.Handler.Platform = map[string]string{"windows": "check.ps1"} }),
			want: same, code: CodeCapabilityPartial, severity: diag.Info, contains: []string{"commandWindows"}},

		// configurable_cwd: claude-code level = "none"; default warn.
		{name: "configurable_cwd/default warn", target: "claude-code", hook: cwdHook,
			want: drop(func(h *canonical.Hook) { h.Handler.Cwd = "" }),
			code: CodeCapabilityReduced, severity: diag.Warning, contains: []string{`handler.cwd removed ("tools")`}},
		{name: "configurable_cwd/block", target: "claude-code", hook: with(cwdHook, degrade("configurable_cwd", "block")),
			want: func(canonical.Hook) canonical.Hook {
				return blocked("cwd", before, `echo 'hookconv: hook "cwd" needs configurable_cwd, which claude-code does not support; blocked' >&2; exit 2`)
			},
			code: CodeCapabilityBlocked, severity: diag.Warning},
		// configurable_cwd: windsurf level = "full".
		{name: "configurable_cwd/full", target: "windsurf", hook: cwdHook, want: same},

		// structured_output: windsurf level = "none"; default warn. blocking.toml:
		// windsurf before_tool_execute = prevent, so no HC204.
		{name: "structured_output/default warn", target: "windsurf", hook: structHook, want: same,
			code: CodeCapabilityReduced, severity: diag.Warning, contains: []string{"JSON decisions (allow/deny/ask, updated context) are ignored", "only exit code 2 blocks"}},
		{name: "structured_output/exclude", target: "windsurf", hook: with(structHook, degrade("structured_output", "exclude")),
			code: CodeCapabilityExcluded, severity: diag.Warning},
		{name: "structured_output/block", target: "windsurf", hook: with(structHook, degrade("structured_output", "block")),
			want: func(canonical.Hook) canonical.Hook {
				return blocked("guard", before, `echo 'hookconv: hook "guard" needs structured_output, which windsurf does not support; blocked' >&2; exit 2`)
			},
			code: CodeCapabilityBlocked, severity: diag.Warning},
		// structured_output: opencode level = "partial".
		{name: "structured_output/partial", target: "opencode", hook: structHook, want: same,
			code: CodeCapabilityPartial, severity: diag.Info, contains: []string{"thrown error"}},

		// input_rewrite: windsurf level = "none"; default block. The name
		// holds a single quote, escaped for the shell.
		{name: "input_rewrite/default block", target: "windsurf", hook: rewriteHook,
			want: func(canonical.Hook) canonical.Hook {
				return blocked("it's", before, `echo 'hookconv: hook "it'\''s" needs input_rewrite, which windsurf does not support; blocked' >&2; exit 2`)
			},
			code: CodeCapabilityBlocked, severity: diag.Warning, contains: []string{"input_rewrite", "windsurf"}},
		// input_rewrite inferred from the degradation key alone.
		{name: "input_rewrite/warn via degradation", target: "windsurf", hook: with(cmdHook("rw", before), degrade("input_rewrite", "warn")), want: same,
			code: CodeCapabilityReduced, severity: diag.Warning, contains: []string{"updated_input is ignored"}},
		{name: "input_rewrite/exclude", target: "windsurf", hook: with(cmdHook("rw", before), degrade("input_rewrite", "exclude")),
			code: CodeCapabilityExcluded, severity: diag.Warning},
		// input_rewrite: cline level = "none" (the generated script cannot
		// pass updated_input on): blocked, as the conformance manifest
		// degradation-input-rewrite.json asks.
		{name: "input_rewrite/cline blocks", target: "cline", hook: rewriteHook,
			want: func(canonical.Hook) canonical.Hook {
				return blocked("it's", before, `echo 'hookconv: hook "it'\''s" needs input_rewrite, which cline does not support; blocked' >&2; exit 2`)
			},
			code: CodeCapabilityBlocked, severity: diag.Warning, contains: []string{"input_rewrite", "cline"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, diags := runPlan(t, tt.target, tt.hook)
			// Non-blocking pre-tool hooks are warned about where exit 2
			// blocks (TestPlanExitBlocks); not what this test is about.
			diags = slices.DeleteFunc(diags, func(d diag.Diagnostic) bool { return d.Code == CodeExitBlocks })
			var want []canonical.Hook
			if tt.want != nil {
				want = []canonical.Hook{tt.want(tt.hook)}
			}
			if diff := cmp.Diff(want, out.Hooks, ignoreUnexported, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("hooks (-want +got):\n%s", diff)
			}
			var wantCodes []string
			if tt.code != "" {
				wantCodes = []string{tt.code}
			}
			if diff := cmp.Diff(wantCodes, codes(diags)); diff != "" {
				t.Fatalf("codes (-want +got):\n%s\n%v", diff, diags)
			}
			if tt.code == "" {
				return
			}
			d := diags[0]
			if d.Severity != tt.severity {
				t.Errorf("severity = %v, want %v", d.Severity, tt.severity)
			}
			for _, s := range append(tt.contains, tt.hook.Name) {
				if !strings.Contains(d.Message, s) {
					t.Errorf("message %q does not contain %q", d.Message, s)
				}
			}
			if d.Hint == "" || !strings.HasPrefix(d.Path, "hooks[0]") {
				t.Errorf("diagnostic lacks hint or path: %+v", d)
			}
		})
	}
}

func TestPlanEvents(t *testing.T) {
	tests := []struct {
		name   string
		target string
		event  string
		code   string // "" = kept, no diagnostic
	}{
		// events.toml: teammate_idle has a claude-code row (TeammateIdle), no cursor row.
		{"claude-only event on cursor", "cursor", "teammate_idle", CodeEventUnsupported},
		{"claude-only event on claude-code", "claude-code", "teammate_idle", ""},
		// events.toml: cursor has beforeShellExecution etc. (split) for before_tool_execute.
		{"split event", "cursor", before, ""},
		// events.toml: openhook's only tool_use_failure row (tool.end) is an
		// alias: readable, never written, so the event is unsupported.
		{"alias-only row", "openhook", "tool_use_failure", CodeEventUnsupported},
		{"unknown event", "claude-code", "no_such_event", CodeEventUnsupported},
		{"vendor event, own provider", "cursor", "vendor.cursor.futureEvent", ""},
		{"vendor event, other provider", "claude-code", "vendor.cursor.futureEvent", CodeVendorEvent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := cmdHook("h", tt.event)
			out, diags := runPlan(t, tt.target, h)
			// Where exit 2 blocks, a non-blocking hook is warned about
			// (TestPlanExitBlocks); that is not what this test is about.
			diags = slices.DeleteFunc(diags, func(d diag.Diagnostic) bool { return d.Code == CodeExitBlocks })
			if tt.code == "" {
				if len(out.Hooks) != 1 || len(diags) != 0 {
					t.Fatalf("want hook kept silently, got %d hooks, %v", len(out.Hooks), diags)
				}
				return
			}
			if len(out.Hooks) != 0 {
				t.Errorf("hook kept, want excluded")
			}
			if diff := cmp.Diff([]string{tt.code}, codes(diags)); diff != "" {
				t.Fatalf("codes (-want +got):\n%s", diff)
			}
			d := diags[0]
			if d.Severity != diag.Warning || d.Path != "hooks[0].event" || !strings.Contains(d.Message, tt.event) || !strings.Contains(d.Message, tt.target) {
				t.Errorf("bad diagnostic %+v", d)
			}
		})
	}
}

// TestPlanEventGuardLost: a blocking hook on an event the target lacks
// is excluded with a warning (HC200) that says a guard is lost, so that
// one on a Claude Code-only guard event (PreSkillShellCommand) does not
// read like a hook that only watched; a hook that is not blocking gets
// the plain warning.
func TestPlanEventGuardLost(t *testing.T) {
	tests := []struct {
		name, target, event string
		blocking, guard     bool
	}{
		// events.toml: before_skill_shell_command and before_model_switch
		// have claude-code rows only.
		{"skill shell guard on codex", "codex", "before_skill_shell_command", true, true},
		{"model switch guard on gemini-cli", "gemini-cli", "before_model_switch", true, true},
		{"model switch observer on codex", "codex", "after_model_switch", false, false},
		{"not blocking on a guard event", "codex", "before_skill_shell_command", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := with(cmdHook("h", tt.event), func(h *canonical.Hook) { h.Blocking = tt.blocking })
			out, diags := runPlan(t, tt.target, h)
			diags = slices.DeleteFunc(diags, func(d diag.Diagnostic) bool { return d.Code == CodeExitBlocks })
			if len(out.Hooks) != 0 {
				t.Errorf("hook kept, want excluded")
			}
			if diff := cmp.Diff([]string{CodeEventUnsupported}, codes(diags)); diff != "" {
				t.Fatalf("codes (-want +got):\n%s", diff)
			}
			if got := strings.Contains(diags[0].Message, "it is a blocking hook, so its guard is lost in "+tt.target); got != tt.guard {
				t.Errorf("message says a guard is lost: %v, want %v: %s", got, tt.guard, diags[0].Message)
			}
		})
	}
}

// TestPlanCapabilityGuardLost: a blocking hook excluded for a capability
// the target lacks (a prompt handler to Codex: HC201 by default, or HC203
// under "warn", which a prompt has no reduced form for) says its guard is
// lost; one that is not blocking gets the plain "excluded" (QA).
func TestPlanCapabilityGuardLost(t *testing.T) {
	tests := []struct {
		name     string
		blocking bool
		strategy canonical.Strategy
		code     string
	}{
		{"blocking prompt", true, "", CodeCapabilityExcluded},
		{"watching prompt", false, "", CodeCapabilityExcluded},
		{"blocking prompt under warn", true, canonical.StrategyWarn, CodeCapabilityReduced},
		{"watching prompt under warn", false, canonical.StrategyWarn, CodeCapabilityReduced},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := canonical.Hook{Name: "judge", Event: "before_tool_execute", Blocking: tt.blocking,
				Handler: canonical.Handler{Type: canonical.HandlerPrompt, Prompt: "is this safe?", Timeout: 5}}
			if tt.strategy != "" {
				h.Degradation = map[string]canonical.Strategy{"llm_evaluated": tt.strategy}
			}
			out, diags := runPlan(t, "codex", h)
			if len(out.Hooks) != 0 {
				t.Fatalf("hook kept, want excluded")
			}
			i := slices.IndexFunc(diags, func(d diag.Diagnostic) bool { return d.Code == tt.code })
			if i < 0 {
				t.Fatalf("no %s in %v", tt.code, codes(diags))
			}
			lost := strings.HasSuffix(diags[i].Message, "excluded: it is a blocking hook, so its guard is lost in codex")
			if lost != tt.blocking || !tt.blocking && !strings.HasSuffix(diags[i].Message, "; excluded") {
				t.Errorf("blocking %v: %s", tt.blocking, diags[i].Message)
			}
		})
	}
}

// TestPlanNeverRan: a handler its own tool parses but never runs (Codex's
// prompt handlers, kept whole by its decoder as "$neverRuns") goes back to
// that tool unchanged, and elsewhere is said to have never run there, not
// to lose a guard (QA: dropped even on codex -> codex, "guard is lost").
func TestPlanNeverRan(t *testing.T) {
	tests := []struct {
		name, target string
		kept         bool
		want         string // the end of the exclusion's message; "" when kept
	}{
		{"its own tool", "codex", true, ""},
		{"a tool without prompt handlers", "gemini-cli", false, "excluded: it never ran in codex either, which does not run prompt handlers"},
		{"a tool that runs them", "claude-code", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := canonical.Hook{Event: "before_prompt", Blocking: true,
				Handler:      canonical.Handler{Type: canonical.HandlerPrompt, Prompt: "check"},
				ProviderData: map[string]json.RawMessage{"codex": json.RawMessage(`{"$neverRuns": {"type": "prompt", "prompt": "check"}}`)}}
			out, diags := runPlan(t, tt.target, h)
			if kept := len(out.Hooks) == 1; kept != tt.kept {
				t.Fatalf("kept %v, want %v: %v", kept, tt.kept, codes(diags))
			}
			for _, d := range diags {
				if strings.Contains(d.Message, "guard is lost") {
					t.Errorf("%s: %s", d.Code, d.Message)
				}
			}
			if tt.want == "" {
				if tt.target == "codex" && len(diags) != 0 {
					t.Errorf("written back with %v, want no diagnostic", codes(diags))
				}
				return
			}
			i := slices.IndexFunc(diags, func(d diag.Diagnostic) bool { return d.Code == CodeCapabilityExcluded })
			if i < 0 || !strings.HasSuffix(diags[i].Message, tt.want) {
				t.Errorf("diagnostics %v, want HC201 ending %q", diags, tt.want)
			}
		})
	}
}

// TestPlanPlatformCommands covers per-OS commands going to targets whose
// default command is the Unix one beside a Windows override (the
// platforms of the platform_commands rows: Codex's commandWindows,
// Windsurf's and Copilot CLI's powershell), and to targets with one
// command only, where a blocking hook must say on which systems its guard
// no longer runs (QA: "exit 0" beside a guard for Linux and macOS became
// "exit 0" everywhere, with no word that the guard was lost).
func TestPlanPlatformCommands(t *testing.T) {
	guard := func(cmd string, platform map[string]string, blocking bool) canonical.Hook {
		return canonical.Hook{Name: "plat", Event: before, Blocking: blocking,
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: cmd, Platform: platform, Timeout: 5}}
	}
	unix := map[string]string{"linux": "./guard.sh", "osx": "./guard.sh", "windows": "guard.ps1"}
	tests := []struct {
		name, target string
		hook         canonical.Hook
		command      string            // the planned default command
		platform     map[string]string // the planned overrides
		code         string            // the platform diagnostic besides HC205 ("" none)
		contains     []string
		absent       []string
	}{
		{"codex: Linux and macOS agree", "codex", guard("exit 0", unix, true),
			"./guard.sh", map[string]string{"windows": "guard.ps1"}, "", nil, nil},
		{"windsurf: Linux and macOS agree", "windsurf", guard("exit 0", unix, true),
			"./guard.sh", map[string]string{"windows": "guard.ps1"}, "", nil, nil},
		{"copilot-cli: Linux and macOS agree", "copilot-cli", guard("exit 0", unix, true),
			"./guard.sh", map[string]string{"windows": "guard.ps1"}, "", nil, nil},
		// No Windows override: Windows keeps running the former default.
		{"codex: default moves to Windows", "codex", guard("exit 0", map[string]string{"linux": "./g.sh", "osx": "./g.sh"}, true),
			"./g.sh", map[string]string{"windows": "exit 0"}, "", nil, nil},
		// macOS has no override: the default stands for it, and is what
		// Linux runs too.
		{"codex: the default stands for macOS", "codex", guard("./g.sh", map[string]string{"linux": "./g.sh", "windows": "g.ps1"}, true),
			"./g.sh", map[string]string{"windows": "g.ps1"}, "", nil, nil},
		// Linux and macOS differ: Codex cannot hold the Linux one.
		{"codex: Linux differs", "codex", guard("./g.sh", map[string]string{"linux": "./g-linux.sh", "windows": "g.ps1"}, true),
			"./g.sh", map[string]string{"windows": "g.ps1"}, CodeCapabilityReduced,
			[]string{"no command of its own for Linux", "handler.platform.linux removed", `the guard it ran on Linux no longer runs there (codex runs "./g.sh" instead)`}, nil},
		{"codex: Linux differs, not blocking", "codex", guard("./g.sh", map[string]string{"linux": "./g-linux.sh"}, false),
			"./g.sh", nil, CodeCapabilityReduced, []string{"handler.platform.linux removed"}, []string{"guard"}},
		{"claude-code: blocking", "claude-code", guard("exit 0", unix, true),
			"exit 0", nil, CodeCapabilityReduced,
			[]string{"every OS runs handler.command", `the guard it ran on Linux, macOS and Windows no longer runs there (claude-code runs "exit 0" instead)`}, nil},
		{"gemini-cli: blocking, Windows differs only", "gemini-cli", guard("./g.sh", map[string]string{"windows": "g.ps1"}, true),
			"./g.sh", nil, CodeCapabilityReduced, []string{"the guard it ran on Windows no longer runs there"}, nil},
		{"cursor: not blocking", "cursor", guard("exit 0", unix, false),
			"exit 0", nil, CodeCapabilityReduced, []string{"every OS runs handler.command"}, []string{"guard"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, diags := runPlan(t, tt.target, tt.hook)
			if len(out.Hooks) != 1 {
				t.Fatalf("hooks = %d, want 1; %v", len(out.Hooks), diags)
			}
			hd := out.Hooks[0].Handler
			if hd.Command != tt.command {
				t.Errorf("command = %q, want %q", hd.Command, tt.command)
			}
			if diff := cmp.Diff(tt.platform, hd.Platform, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("platform (-want +got):\n%s", diff)
			}
			var got *diag.Diagnostic
			for i, d := range diags {
				if d.Path == "hooks[0].handler.platform" && d.Code != CodeCapabilityPartial {
					if got != nil {
						t.Errorf("second platform diagnostic: %v", d)
					}
					got = &diags[i]
				}
			}
			if tt.code == "" {
				if got != nil {
					t.Errorf("unexpected %v", *got)
				}
				return
			}
			if got == nil || got.Code != tt.code || got.Severity != diag.Warning {
				t.Fatalf("want a %s warning at handler.platform; got %v", tt.code, diags)
			}
			for _, s := range tt.contains {
				if !strings.Contains(got.Message, s) {
					t.Errorf("message %q does not contain %q", got.Message, s)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(got.Message, s) {
					t.Errorf("message %q contains %q", got.Message, s)
				}
			}
		})
	}
}

func TestPlanBlockingObserved(t *testing.T) {
	tests := []struct {
		name     string
		target   string
		hook     canonical.Hook
		codes    []string
		contains string
	}{
		// blocking.toml: claude-code after_tool_execute = observe.
		{"after event", "claude-code", with(cmdHook("post", after), func(h *canonical.Hook) { h.Blocking = true }),
			[]string{CodeBlockingObserved}, "the action has already happened"},
		// blocking.toml: copilot-cli before_prompt = observe (a before event).
		{"before event", "copilot-cli", with(cmdHook("pre", "before_prompt"), func(h *canonical.Hook) { h.Blocking = true }),
			[]string{CodeBlockingObserved}, "can no longer prevent anything"},
		// blocking.toml: claude-code before_tool_execute = prevent.
		{"prevent", "claude-code", with(cmdHook("pre", before), func(h *canonical.Hook) { h.Blocking = true }), nil, ""},
		// Not blocking: nothing to say. (A block replacement on an
		// observed event is excluded: TestPlanBlockStandIn.)
		{"non-blocking", "claude-code", cmdHook("post", after), nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, diags := runPlan(t, tt.target, tt.hook)
			if len(out.Hooks) != 1 {
				t.Fatalf("hook not kept: %v", diags)
			}
			if diff := cmp.Diff(tt.codes, codes(diags)); diff != "" {
				t.Fatalf("codes (-want +got):\n%s", diff)
			}
			if tt.codes == nil {
				return
			}
			d := diags[len(diags)-1]
			if d.Severity != diag.Warning || d.Path != "hooks[0].blocking" {
				t.Errorf("bad diagnostic %+v", d)
			}
			if !strings.HasPrefix(d.Message, "cannot block:") || !strings.Contains(d.Message, tt.contains) {
				t.Errorf("message %q: want prefix %q and %q", d.Message, "cannot block:", tt.contains)
			}
		})
	}
}

// TestPlanExitBlocks: a hook that is not blocking, converted to where its
// exit code alone stops the action, is warned about (real tools blocked
// such hooks in the end-to-end suite); where only a JSON decision or
// hookconv's generated program decides, nothing is said.
func TestPlanExitBlocks(t *testing.T) {
	tests := []struct {
		name, target, event string
		handler             string // "" for a command
		blocking            bool
		contains            string // "" when no warning is expected
	}{
		{"exit 2 blocks", "claude-code", before, "", false, "when a hook on before_tool_execute exits 2"},
		{"any non-zero blocks", "copilot-cli", before, "", false, "any non-zero code"},
		{"retry event", "claude-code", "agent_stop", "", false, "makes the agent go on"},
		{"blocking is meant", "claude-code", before, "", true, ""},
		{"observe event", "claude-code", after, "", false, ""},
		{"only JSON blocks", "claude-code", "permission_request", "", false, ""},
		{"generated program", "opencode", before, "", false, ""},
		{"generated script", "cline", before, "", false, ""},
		// A prompt or agent hook's model decides, whatever the exit code.
		{"prompt on a retry event", "claude-code", "agent_stop", canonical.HandlerPrompt, false, "when a hook on agent_stop gets a no from its model"},
		{"agent on a retry event", "claude-code", "agent_stop", canonical.HandlerAgent, false, "makes the agent go on"},
		{"prompt meant to block", "claude-code", "agent_stop", canonical.HandlerPrompt, true, ""},
		{"prompt where JSON blocks", "claude-code", "permission_request", canonical.HandlerPrompt, false, "gets a no from its model"},
		// An async hook runs beside the action where async is kept; where
		// the target waits for it instead, its exit can block.
		{"async kept", "claude-code", before, "async", false, ""},
		{"async removed", "gemini-cli", "agent_stop", "async", false, "makes the agent go on"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := with(cmdHook("h", tt.event), func(h *canonical.Hook) {
				h.Blocking = tt.blocking
				switch tt.handler {
				case "":
				case "async":
					h.Handler.Async = true
				default:
					h.Handler = canonical.Handler{Type: tt.handler, Prompt: "Are the tests green?"}
				}
			})
			_, diags := runPlan(t, tt.target, h)
			var got []diag.Diagnostic
			for _, d := range diags {
				if d.Code == CodeExitBlocks {
					got = append(got, d)
				}
			}
			if tt.contains == "" {
				if len(got) > 0 {
					t.Errorf("unexpected %v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Severity != diag.Warning || !strings.Contains(got[0].Message, tt.contains) {
				t.Errorf("want one HC207 warning containing %q, got %v", tt.contains, got)
			}
		})
	}
}

// An excluded hook gets exactly one warning, whatever else it uses.
func TestPlanExcludedOnce(t *testing.T) {
	// codex: llm_evaluated none (exclude), async_execution none (warn),
	// custom_env none (warn), platform_commands partial.
	h := canonical.Hook{Name: "judge", Event: before, Blocking: true, Handler: canonical.Handler{
		Type: canonical.HandlerAgent, Prompt: "ok?", Async: true,
		Env: map[string]string{"A": "1"}, Platform: map[string]string{"windows": "x"},
	}}
	out, diags := runPlan(t, "codex", h)
	if len(out.Hooks) != 0 {
		t.Fatalf("hook kept")
	}
	if diff := cmp.Diff([]string{CodeCapabilityExcluded}, codes(diags)); diff != "" {
		t.Fatalf("codes (-want +got):\n%s", diff)
	}
	if !strings.Contains(diags[0].Message, "llm_evaluated") {
		t.Errorf("message %q does not name llm_evaluated", diags[0].Message)
	}
}

// block wins over exclude: excluding would let the action through unchecked.
func TestPlanBlockBeatsExclude(t *testing.T) {
	// codex: llm_evaluated none (default exclude), input_rewrite full,
	// custom_env none (overridden to block).
	h := canonical.Hook{Name: "judge", Event: before, Handler: canonical.Handler{
		Type: canonical.HandlerPrompt, Prompt: "ok?", Env: map[string]string{"A": "1"},
	}, Degradation: map[string]canonical.Strategy{"custom_env": "block"}}
	out, diags := runPlan(t, "codex", h)
	if diff := cmp.Diff([]string{CodeCapabilityBlocked}, codes(diags)); diff != "" {
		t.Fatalf("codes (-want +got):\n%s", diff)
	}
	want := []canonical.Hook{{Name: "judge", Event: before, Blocking: true, Handler: canonical.Handler{
		Type:     canonical.HandlerCommand,
		Command:  `echo 'hookconv: hook "judge" needs custom_env, which codex does not support; blocked' >&2; exit 2`,
		Platform: map[string]string{"windows": `echo hookconv: hook "judge" needs custom_env, which codex does not support; blocked 1>&2& exit 2`},
	}}}
	if diff := cmp.Diff(want, out.Hooks, ignoreUnexported); diff != "" {
		t.Errorf("hooks (-want +got):\n%s", diff)
	}
}

// The block command names unnamed hooks "hook N" and keeps the matcher and
// the provider data.
func TestPlanBlockKeepsMatcher(t *testing.T) {
	h := canonical.Hook{
		Event:        before,
		Matcher:      canonical.AnyOf{canonical.ToolName("shell"), canonical.Pattern{Regex: "^Write$"}},
		Handler:      canonical.Handler{Type: canonical.HandlerCommand, Command: "./rw.sh", Timeout: 2.5},
		Capabilities: []string{"input_rewrite"},
		ProviderData: map[string]json.RawMessage{"windsurf": json.RawMessage(`{"show_output":true}`), "cursor": json.RawMessage(`{"x":1}`)},
	}
	// windsurf: input_rewrite none, default block (capabilities.toml);
	// events.toml: windsurf has before_prompt and before_tool_execute rows.
	out, _ := runPlan(t, "windsurf", cmdHook("first", "before_prompt"), h)
	want := canonical.Hook{
		Event:        before,
		Matcher:      h.Matcher,
		Handler:      canonical.Handler{Type: canonical.HandlerCommand, Command: `echo 'hookconv: hook "hook 2" needs input_rewrite, which windsurf does not support; blocked' >&2; exit 2`, Timeout: 2.5},
		Blocking:     true,
		ProviderData: h.ProviderData,
	}
	if len(out.Hooks) != 2 {
		t.Fatalf("got %d hooks", len(out.Hooks))
	}
	if diff := cmp.Diff(want, out.Hooks[1], ignoreUnexported); diff != "" {
		t.Errorf("hook (-want +got):\n%s", diff)
	}
}

// Diagnostics come in hook order, capabilities in table order, and point at
// the hook's field in its origin file.
func TestPlanOrderAndPositions(t *testing.T) {
	a := with(cmdHook("", before), func(h *canonical.Hook) {
		h.Handler.Cwd = "x"
		h.Handler.Env = map[string]string{"A": "1"}
		h.Handler.Platform = map[string]string{"linux": "y"}
		h.Origin = diag.Pos{Line: 7, Column: 3}
		h.OriginFile = ".claude/settings.json"
	})
	b := cmdHook("b", "teammate_idle")
	c := with(cmdHook("c", after), func(h *canonical.Hook) { h.Blocking = true })
	// claude-code: platform_commands, custom_env, configurable_cwd all none
	// (warn); teammate_idle exists; after_tool_execute observes.
	out, diags := runPlan(t, "claude-code", a, b, c)
	if len(out.Hooks) != 3 {
		t.Fatalf("got %d hooks", len(out.Hooks))
	}
	type row struct{ Code, Path, File string }
	var got []row
	for _, d := range diags {
		got = append(got, row{d.Code, d.Path, d.File})
	}
	want := []row{
		{CodeCapabilityReduced, "hooks[0].handler.platform", ".claude/settings.json"},
		{CodeCapabilityReduced, "hooks[0].handler.env", ".claude/settings.json"},
		{CodeCapabilityReduced, "hooks[0].handler.cwd", ".claude/settings.json"},
		{CodeExitBlocks, "hooks[0].blocking", ".claude/settings.json"},
		{CodeExitBlocks, "hooks[1].blocking", ""},
		{CodeBlockingObserved, "hooks[2].blocking", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	for _, d := range diags[:3] {
		if d.Line != 7 || d.Column != 3 || !strings.Contains(d.Message, "hook 1") {
			t.Errorf("diagnostic %+v: want position 7:3 and the name hook 1", d)
		}
	}
	for _, d := range diags {
		if d.Code == "" || d.Message == "" || d.Hint == "" {
			t.Errorf("incomplete diagnostic %+v", d)
		}
	}
	// Kept hooks keep their order; b is untouched.
	if out.Hooks[1].Event != "teammate_idle" || out.Hooks[2].Name != "c" {
		t.Errorf("order changed: %+v", out.Hooks)
	}
}

func TestPlanDoesNotMutate(t *testing.T) {
	build := func() *canonical.Manifest {
		return &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{
			{Name: "env", Event: before, Matcher: canonical.AnyOf{canonical.ToolName("shell")}, Blocking: true,
				Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "a", Env: map[string]string{"A": "1"},
					Platform: map[string]string{"windows": "b"}, Cwd: "c", Async: true},
				Degradation:  map[string]canonical.Strategy{"custom_env": "warn"},
				ProviderData: map[string]json.RawMessage{"claude-code": json.RawMessage(`{"k":1}`)},
				Capabilities: []string{"structured_output"}},
			{Name: "http", Event: before, Handler: canonical.Handler{Type: canonical.HandlerHTTP, URL: "http://x",
				Headers: map[string]string{"H": "v"}, AllowedEnvVars: []string{"T"}}},
			{Name: "rw", Event: before, Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "r"},
				Degradation: map[string]canonical.Strategy{"input_rewrite": "block"}},
			{Name: "p", Event: "teammate_idle", Handler: canonical.Handler{Type: canonical.HandlerPrompt, Prompt: "?"}},
			{Name: "mcp", Event: before, Handler: canonical.Handler{Type: canonical.HandlerMCPTool, Server: "s", Tool: "t", Input: json.RawMessage(`{}`)}},
		}}
	}
	for _, target := range []string{"claude-code", "codex", "windsurf", "cursor", "gemini-cli"} {
		m := build()
		out, _ := Plan(m, target, vocab.Default(), Default())
		if diff := cmp.Diff(build(), m, ignoreUnexported); diff != "" {
			t.Fatalf("%s: input mutated (-before +after):\n%s", target, diff)
		}
		// The output's matchers and platform commands, which later
		// stages rewrite in place, are its own (the other maps are shared
		// and only ever replaced: Plan's doc).
		for i := range out.Hooks {
			h := &out.Hooks[i]
			for k := range h.Handler.Platform {
				h.Handler.Platform[k] = "changed"
			}
			if a, ok := h.Matcher.(canonical.AnyOf); ok {
				a[0] = canonical.ToolName("changed")
			}
		}
		if diff := cmp.Diff(build(), m, ignoreUnexported); diff != "" {
			t.Fatalf("%s: output aliases input (-before +after):\n%s", target, diff)
		}
	}
}

func TestInfer(t *testing.T) {
	tests := []struct {
		name string
		hook canonical.Hook
		want []string
	}{
		{"plain command", cmdHook("x", before), nil},
		{"blocking", with(cmdHook("x", before), func(h *canonical.Hook) { h.Blocking = true }), []string{"structured_output"}},
		{"declared structured_output", with(cmdHook("x", before), func(h *canonical.Hook) { h.Capabilities = []string{"structured_output"} }), []string{"structured_output"}},
		{"declared input_rewrite", with(cmdHook("x", before), func(h *canonical.Hook) { h.Capabilities = []string{"input_rewrite"} }), []string{"input_rewrite"}},
		{"degradation key input_rewrite", with(cmdHook("x", before), degrade("input_rewrite", "warn")), []string{"input_rewrite"}},
		{"degradation key is not inference", with(cmdHook("x", before), degrade("custom_env", "warn")), nil},
		{"other declared ids are informational", with(cmdHook("x", before), func(h *canonical.Hook) { h.Capabilities = []string{"custom_env", "async_execution"} }), nil},
		{"prompt", canonical.Hook{Handler: canonical.Handler{Type: canonical.HandlerPrompt}}, []string{"llm_evaluated"}},
		{"agent", canonical.Hook{Handler: canonical.Handler{Type: canonical.HandlerAgent}}, []string{"llm_evaluated"}},
		// A prompt submitted at session start is no model judging the event.
		{"session prompt", canonical.Hook{Handler: canonical.Handler{Type: canonical.HandlerPrompt}, Capabilities: []string{"session_prompt"}}, []string{"session_prompt"}},
		{"session_prompt on a command is informational", with(cmdHook("x", before), func(h *canonical.Hook) { h.Capabilities = []string{"session_prompt"} }), nil},
		{"http", canonical.Hook{Handler: canonical.Handler{Type: canonical.HandlerHTTP}}, []string{"http_handler"}},
		{"mcp_tool", canonical.Hook{Handler: canonical.Handler{Type: canonical.HandlerMCPTool}}, []string{"mcp_tool_handler"}},
		{"async", with(cmdHook("x", before), func(h *canonical.Hook) { h.Handler.Async = true }), []string{"async_execution"}},
		{"platform", with(cmdHook("x", before), func(h *canonical.Hook) { h.Handler.Platform = map[string]string{"osx": "y"} }), []string{"platform_commands"}},
		{"empty platform", with(cmdHook("x", before), func(h *canonical.Hook) { h.Handler.Platform = map[string]string{} }), nil},
		{"env", with(cmdHook("x", before), func(h *canonical.Hook) { h.Handler.Env = map[string]string{"A": "1"} }), []string{"custom_env"}},
		{"cwd", with(cmdHook("x", before), func(h *canonical.Hook) { h.Handler.Cwd = "d" }), []string{"configurable_cwd"}},
		{"all, in table order", canonical.Hook{
			Blocking:     true,
			Capabilities: []string{"input_rewrite"},
			Handler: canonical.Handler{Type: canonical.HandlerHTTP, Async: true, Platform: map[string]string{"osx": "y"},
				Env: map[string]string{"A": "1"}, Cwd: "d"},
		}, []string{"structured_output", "input_rewrite", "http_handler", "async_execution", "platform_commands", "custom_env", "configurable_cwd"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Infer(&tt.hook)); diff != "" {
				t.Errorf("Infer (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCurlCommand(t *testing.T) {
	// A Content-Type of the author's replaces the default one.
	got := curlCommand("http://localhost:8080/h", map[string]string{"content-type": "text/plain"}, nil)
	want := `curl -sS --fail -X POST -H 'content-type: text/plain' --data-binary @- 'http://localhost:8080/h' || exit 1`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestHeaderWord: only variables listed in allowed_env_vars are expanded
// (as Claude Code does for http hooks); everything else stays literal.
func TestHeaderWord(t *testing.T) {
	tests := []struct {
		header  string
		allowed []string
		want    string
	}{
		{"Authorization: Bearer $TOKEN", []string{"TOKEN"}, `'Authorization: Bearer '"$TOKEN"`},
		{"Authorization: Bearer ${TOKEN}", []string{"TOKEN"}, `'Authorization: Bearer '"$TOKEN"`},
		// Not allowed: literal, and no reference left for a tool that
		// expands its settings strings at load (Gemini CLI).
		{"Authorization: Bearer $TOKEN", nil, `'Authorization: Bearer $''TOKEN'`},
		{"X: $A-$B", []string{"B"}, `'X: $''A-'"$B"`},
		{"X: ${A} costs $5", nil, `'X: $''{A} costs $5'`},
		{"X: ${A}${A}", []string{"A"}, `'X: '"$A""$A"`},
		{"X: it's", nil, `'X: it'\''s'`},
	}
	for _, tt := range tests {
		if got := headerWord(tt.header, tt.allowed); got != tt.want {
			t.Errorf("headerWord(%q, %v) = %s, want %s", tt.header, tt.allowed, got, tt.want)
		}
	}
}

// TestShellQuote: the shell reads a quoted word back as the string, "$"
// and quotes included, whatever the environment holds.
func TestShellQuote(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	for _, s := range []string{"plain", "it's", "$SECRET", "${SECRET}", "a$SECRET$", "$$ $1 ${", "'$'SECRET", `\$SECRET`} {
		cmd := exec.Command("sh", "-c", "printf %s "+shellQuote(s))
		cmd.Env = append(os.Environ(), "SECRET=leaked")
		out, err := cmd.Output()
		if err != nil || string(out) != s {
			t.Errorf("sh read %s as %q (%v), want %q", shellQuote(s), out, err, s)
		}
		if envRef().MatchString(shellQuote(s)) {
			t.Errorf("%s still holds a variable reference", shellQuote(s))
		}
	}
}

// TestPlanHTTPSOnly: Copilot CLI runs http handlers only at https URLs
// (its hooks reference), so an http:// URL lacks http_handler there and
// degrades like a target without http handlers at all; an https URL is
// written as it is.
func TestPlanHTTPSOnly(t *testing.T) {
	httpHook := func(url string, opts ...func(*canonical.Hook)) canonical.Hook {
		h := canonical.Hook{Name: "policy", Event: before, Blocking: true,
			Handler: canonical.Handler{Type: canonical.HandlerHTTP, URL: url, Timeout: 5}}
		for _, o := range opts {
			o(&h)
		}
		return h
	}
	tests := []struct {
		name     string
		hook     canonical.Hook
		wantType string // "" when the hook is excluded
		message  string // in the one HC20x warning; "" for none
	}{
		{"https kept", httpHook("https://policy.example.com/check"), canonical.HandlerHTTP, ""},
		{"HTTPS in capitals kept", httpHook("HTTPS://policy.example.com/check"), canonical.HandlerHTTP, ""},
		{"http becomes curl", httpHook("http://localhost:8080/check"), canonical.HandlerCommand,
			"which copilot-cli runs only at https:// URLs; converted to a command handler"},
		{"exclude says why", httpHook("http://policy.internal/check", degrade("http_handler", canonical.StrategyExclude)), "",
			"which copilot-cli runs only at https:// URLs; excluded"},
		{"block says why", httpHook("http://policy.internal/check", degrade("http_handler", canonical.StrategyBlock)), canonical.HandlerCommand,
			"which copilot-cli runs only at https:// URLs; replaced by a hook that always blocks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, diags := runPlan(t, "copilot-cli", tt.hook)
			checkDegraded(t, m, diags, tt.wantType, tt.message)
		})
	}
}

// TestPlanExitIgnored: a blocking command hook where the target blocks
// only on a JSON answer is warned about (HC208), unless the source tool
// also blocks there only on JSON (the hook then already answers so), or
// the handler is a model's (its answer is the decision).
func TestPlanExitIgnored(t *testing.T) {
	tests := []struct {
		name, source, target, event, handler string
		want                                 bool
	}{
		{"exit 2 to JSON only", "claude-code", "copilot-cli", "agent_stop", canonical.HandlerCommand, true},
		{"manifest to JSON only", "", "cursor", "before_prompt", canonical.HandlerCommand, true},
		{"JSON to JSON", "cursor", "copilot-cli", "agent_stop", canonical.HandlerCommand, false},
		{"same tool", "copilot-cli", "copilot-cli", "agent_stop", canonical.HandlerCommand, false},
		{"exit 2 honoured", "claude-code", "codex", "agent_stop", canonical.HandlerCommand, false},
		{"a model decides", "", "claude-code", "permission_request", canonical.HandlerPrompt, false},
		{"exit 2 where JSON decides", "", "claude-code", "permission_request", canonical.HandlerCommand, true},
		{"the target's own hook, back from a manifest", "", "claude-code", "permission_request", "own", false},
		{"another tool's hook in a manifest", "", "claude-code", "permission_request", "foreign", true},
		{"the target's native fields only", "", "claude-code", "permission_request", "native", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := with(cmdHook("h", tt.event), func(h *canonical.Hook) {
				h.Blocking = true
				switch tt.handler {
				case "own":
					h.ProviderData = map[string]json.RawMessage{tt.target: json.RawMessage(`{"$matcher":"Bash"}`)}
					return
				case "foreign":
					h.ProviderData = map[string]json.RawMessage{"cursor": json.RawMessage(`{"$event":"x"}`)}
					return
				case "native":
					h.ProviderData = map[string]json.RawMessage{tt.target: json.RawMessage(`{"statusMessage":"Checking"}`)}
					return
				}
				if tt.handler != canonical.HandlerCommand {
					h.Handler = canonical.Handler{Type: tt.handler, Prompt: "Done?"}
				}
			})
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
			_, diags := PlanFrom(m, tt.source, tt.target, vocab.Default(), Default())
			got := slices.Contains(codes(diags), CodeExitIgnored)
			if got != tt.want {
				t.Errorf("HC208 = %v, want %v (diagnostics %v)", got, tt.want, diags)
			}
		})
	}
}

// TestPlanFailOpen: a blocking command hook written for a tool that stops
// the action on any non-zero exit (Copilot CLI's preToolUse), going where
// only exit 2 blocks, is warned about (HC209); not on its own tool, not
// where the target only observes (HC204 says that), not for a hook that
// does not block.
func TestPlanFailOpen(t *testing.T) {
	tests := []struct {
		name, source, target, event string
		marks                       map[string]json.RawMessage
		blocking                    bool
		want                        bool
	}{
		{"any exit to exit 2", "copilot-cli", "claude-code", "before_tool_execute", nil, true, true},
		{"to the generated Cline script", "copilot-cli", "cline", "before_tool_execute", nil, true, true},
		{"same tool", "copilot-cli", "copilot-cli", "before_tool_execute", nil, true, false},
		{"exit 2 to any exit", "claude-code", "copilot-cli", "before_tool_execute", nil, true, false},
		{"not blocking", "copilot-cli", "claude-code", "before_tool_execute", nil, false, false},
		{"through a manifest, by its marks", "", "gemini-cli", "before_tool_execute", map[string]json.RawMessage{"copilot-cli": json.RawMessage(`{"$event":"preToolUse"}`)}, true, true},
		{"a manifest's own hook", "", "gemini-cli", "before_tool_execute", nil, true, false},
		{"through a manifest, as the CLI names it", "canonical", "claude-code", "before_tool_execute", map[string]json.RawMessage{"copilot-cli": json.RawMessage(`{"$type":true}`)}, true, true},
		{"a hook fail-closed on its own (Cursor's failClosed)", "cursor", "claude-code", "before_tool_execute", map[string]json.RawMessage{"cursor": json.RawMessage(`{"$failClosed": true}`)}, true, true},
		{"Cursor's hook without failClosed", "cursor", "claude-code", "before_tool_execute", nil, true, false},
		{"fail-closed to a fail-closed event", "cursor", "copilot-cli", "before_tool_execute", map[string]json.RawMessage{"cursor": json.RawMessage(`{"$failClosed":true}`)}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := with(cmdHook("h", tt.event), func(h *canonical.Hook) {
				h.Blocking = tt.blocking
				h.ProviderData = tt.marks
			})
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
			_, diags := PlanFrom(m, tt.source, tt.target, vocab.Default(), Default())
			if got := slices.Contains(codes(diags), CodeFailOpen); got != tt.want {
				t.Errorf("HC209 = %v, want %v (diagnostics %v)", got, tt.want, diags)
			}
		})
	}
}

// TestPlanEventBound: Claude Code runs prompt and agent hooks only on the
// events its docs list for them, and http hooks on every event but
// SessionStart and Setup; elsewhere the hook lacks the capability and
// degrades, the message naming the native event.
func TestPlanEventBound(t *testing.T) {
	prompt := canonical.Handler{Type: canonical.HandlerPrompt, Prompt: "Done?"}
	http := canonical.Handler{Type: canonical.HandlerHTTP, URL: "https://x.example/hook"}
	tests := []struct {
		name     string
		event    string
		handler  canonical.Handler
		wantType string // "" when excluded
		message  string // "" for no HC201/HC202
	}{
		{"prompt on Stop", "agent_stop", prompt, canonical.HandlerPrompt, ""},
		{"prompt on SessionStart", "session_start", prompt, "", "which claude-code does not support on SessionStart; excluded"},
		{"prompt on PreCompact", "before_compact", prompt, "", "does not support on PreCompact"},
		{"http on PreToolUse", before, http, canonical.HandlerHTTP, ""},
		{"http on Notification", "notification", http, canonical.HandlerHTTP, ""},
		{"http on SessionStart", "session_start", http, canonical.HandlerCommand, "which claude-code does not support on SessionStart; converted to a command handler"},
		{"http on Setup", "setup", http, canonical.HandlerCommand, "does not support on Setup"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := canonical.Hook{Name: "h", Event: tt.event, Handler: tt.handler}
			m, diags := runPlan(t, "claude-code", h)
			checkDegraded(t, m, diags, tt.wantType, tt.message)
		})
	}
}

// checkDegraded checks a plan of one hook: excluded (wantType "") or kept
// with a handler of wantType, and one degradation warning (excluded,
// reduced or blocked) containing message, or none when message is "".
func checkDegraded(t *testing.T, m *canonical.Manifest, diags diag.List, wantType, message string) {
	t.Helper()
	var got []string
	for _, d := range diags {
		switch d.Code {
		case CodeCapabilityExcluded, CodeCapabilityReduced, CodeCapabilityBlocked:
			got = append(got, d.Message)
		}
	}
	switch {
	case wantType == "" && len(m.Hooks) != 0:
		t.Errorf("kept %+v, want it excluded", m.Hooks[0].Handler)
	case wantType != "" && (len(m.Hooks) != 1 || m.Hooks[0].Handler.Type != wantType):
		t.Errorf("hooks %+v, want one %s handler", m.Hooks, wantType)
	}
	if message == "" && len(got) > 0 || message != "" && (len(got) != 1 || !strings.Contains(got[0], message)) {
		t.Errorf("degradation warnings %q, want one containing %q", got, message)
	}
}

// TestPlanAnswersByExitCode: a blocking hook written for a tool that reads
// no JSON answer (Windsurf, Kiro) never answered in JSON, so a target
// without JSON decisions loses nothing (no HC202); anything else still
// warns. Rows: structured_output is none for windsurf and kiro, full for
// claude-code.
func TestPlanAnswersByExitCode(t *testing.T) {
	// A decoder's marks ($-keys) say where a hook came from; native
	// fields alone do not (a hand-written manifest may carry them).
	ownData := func(slug string) func(*canonical.Hook) {
		return func(h *canonical.Hook) {
			h.ProviderData = map[string]json.RawMessage{slug: json.RawMessage(`{"$event":"pre_run_command","show_output":true}`)}
		}
	}
	nativeOnly := func(h *canonical.Hook) {
		h.ProviderData = map[string]json.RawMessage{"windsurf": json.RawMessage(`{"show_output":true}`)}
	}
	tests := []struct {
		name, source, target string
		edit                 func(*canonical.Hook)
		want                 bool // HC202 expected
	}{
		{"from a tool without JSON", "windsurf", "kiro", nil, false},
		// On tool calls, where Kiro blocks by exit 2, HC425 says of each
		// hook whether its script denies by JSON (denyReadByScript).
		{"from a tool with JSON, on tool calls", "claude-code", "kiro", nil, false},
		{"from a tool with JSON, on tool calls where exit 2 blocks nothing", "claude-code", "openhook", nil, true},
		{"from a tool with JSON, on prompts", "claude-code", "kiro", func(h *canonical.Hook) { h.Event = "before_prompt" }, true},
		{"from a tool whose program hookconv generates", "cline", "kiro", nil, true},
		{"manifest, no provenance", "", "windsurf", nil, true},
		{"manifest, the target's own hook", "", "windsurf", ownData("windsurf"), false},
		{"canonical source, the target's own hook", "canonical", "windsurf", ownData("windsurf"), false},
		{"manifest, another tool's data", "", "windsurf", ownData("kiro"), true},
		{"manifest, the target's native fields only", "", "windsurf", nativeOnly, true},
		{"declared capability", "windsurf", "kiro", func(h *canonical.Hook) { h.Capabilities = []string{"structured_output"} }, true},
		{"chosen strategy", "windsurf", "kiro", degrade("structured_output", canonical.StrategyWarn), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := with(cmdHook("h", before), func(h *canonical.Hook) {
				h.Blocking = true
				if tt.edit != nil {
					tt.edit(h)
				}
			})
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
			_, diags := PlanFrom(m, tt.source, tt.target, vocab.Default(), Default())
			got := slices.Contains(codes(diags), CodeCapabilityReduced)
			if got != tt.want {
				t.Errorf("HC202 = %v, want %v (diagnostics %v)", got, tt.want, diags)
			}
		})
	}
}

// TestBlockStub: the commands blockCommand writes are read back with the
// hook's name and the tool; others are not.
func TestBlockStub(t *testing.T) {
	for _, tt := range []struct {
		command, name, target string
		ok                    bool
	}{
		{blockCommand("sanitize-shell", "input_rewrite", "windsurf"), "sanitize-shell", "windsurf", true},
		{blockCommand("a, which b", "llm_evaluated", "codex"), "a, which b", "codex", true},
		// The form that prints the target's JSON deny first (QA q2 F1).
		{blockCommandAnswering("perm-guard", "custom_env", "claude-code", `{"decision":{"behavior":"deny","message":"hook \"perm-guard\" it's"}}`, 0), "perm-guard", "claude-code", true},
		{"printf '%s\\n' '{}'; rm -rf /; echo 'hookconv: hook \"x\" needs y, which z does not support; blocked' >&2; exit 0", "", "", false},
		{"echo 'hookconv: hook \"x\" needs y, which z does not support; blocked' >&2; exit 2x", "", "", false},
		{"echo 'hookconv: hook \"x\" needs y, which z does not support; blocked' >&2; exit 2; rm -rf /", "", "", false},
		{"echo blocked >&2; exit 2", "", "", false},
		{"", "", "", false},
	} {
		name, target, ok := BlockStub(tt.command)
		if name != tt.name || target != tt.target || ok != tt.ok {
			t.Errorf("BlockStub(%q) = %q, %q, %v; want %q, %q, %v", tt.command, name, target, ok, tt.name, tt.target, tt.ok)
		}
	}
}

// TestPlanBlockStandIn: the block strategy's stand-in blocks the way the
// target reads a block on the hook's event — exit 2, or where only a
// JSON answer blocks (Claude Code's PermissionRequest, Cursor's
// beforeSubmitPrompt) the target's JSON deny, with no HC208 about itself
// — and where nothing it could say blocks, the hook is excluded with
// HC201, which calls it blocking only when its author did (QA q2 F1,
// F11b).
func TestPlanBlockStandIn(t *testing.T) {
	// A stand-in for hookrun's contracts table, which imports this package.
	deny := func(target, event, reason string) (string, int, bool) {
		if event == "subagent_start" { // as if the table had no JSON form there
			return "", 2, true
		}
		return `{"deny":"` + target + " " + event + `"}`, 0, true
	}
	env := func(blocking bool) func(*canonical.Hook) {
		return func(h *canonical.Hook) {
			h.Blocking = blocking
			h.Handler.Env = map[string]string{"A": "1"}
			h.Degradation = map[string]canonical.Strategy{"custom_env": "block"}
		}
	}
	tests := []struct {
		name, target, event string
		blocking            bool
		deny                DenyAnswer
		codes               []string
		command             string // the stand-in's; "" when excluded
		message             []string
		absent              []string
	}{
		{"exit 2 blocks", "claude-code", before, true, deny, []string{CodeCapabilityBlocked},
			blockCommand("g", "custom_env", "claude-code"), []string{"(exit 2)"}, nil},
		{"only JSON blocks", "claude-code", "permission_request", true, deny, []string{CodeCapabilityBlocked},
			`printf '%s\n' '{"deny":"claude-code permission_request"}'; echo 'hookconv: hook "g" needs custom_env, which claude-code does not support; blocked' >&2; exit 0`,
			[]string{"prints the JSON deny claude-code reads on permission_request and exits 0"}, []string{"exit 2"}},
		{"cursor prompt", "cursor", "before_prompt", true, deny, []string{CodeCapabilityBlocked},
			`printf '%s\n' '{"deny":"cursor before_prompt"}'; echo 'hookconv: hook "g" needs custom_env, which cursor does not support; blocked' >&2; exit 0`, nil, nil},
		{"no JSON deny known", "claude-code", "permission_request", true, nil, []string{CodeCapabilityExcluded}, "",
			[]string{`degradation "block" cannot stand in for it: claude-code blocks permission_request only by a JSON answer`, "it is a blocking hook, so its guard is lost in claude-code"}, nil},
		{"JSON deny not in the table", "cursor", "subagent_start", true, deny, []string{CodeCapabilityExcluded}, "",
			[]string{"only by a JSON answer"}, nil},
		{"observed, blocking", "codex", "subagent_start", true, deny, []string{CodeCapabilityExcluded}, "",
			[]string{"codex only observes subagent_start", "its guard is lost"}, nil},
		{"observed, not blocking", "claude-code", "session_start", false, deny, []string{CodeCapabilityExcluded}, "",
			[]string{"the hook itself is not blocking", "only observes session_start", "; excluded"}, []string{"is blocking", "a blocking", "guard"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{with(cmdHook("g", tt.event), env(tt.blocking))}}
			out, diags := PlanAnswering(m, "", tt.target, vocab.Default(), Default(), nil, tt.deny)
			if diff := cmp.Diff(tt.codes, codes(diags)); diff != "" {
				t.Fatalf("codes (-want +got):\n%s\n%v", diff, diags)
			}
			switch {
			case tt.command == "" && len(out.Hooks) != 0:
				t.Fatalf("hook kept: %+v", out.Hooks)
			case tt.command != "" && (len(out.Hooks) != 1 || out.Hooks[0].Handler.Command != tt.command || !out.Hooks[0].Blocking):
				t.Fatalf("hooks %+v; want one blocking hook running %s", out.Hooks, tt.command)
			}
			for _, s := range tt.message {
				if !strings.Contains(diags[0].Message, s) {
					t.Errorf("message %q lacks %q", diags[0].Message, s)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(diags[0].Message, s) {
					t.Errorf("message %q has %q", diags[0].Message, s)
				}
			}
		})
	}
}

// TestPlanBlockStandInWindows: where the target runs hook commands with
// cmd on Windows (windows_shell), the sh stand-in exits 0 there. Codex,
// which holds a Windows command (commandWindows), gets a cmd form of it,
// its JSON deny included and the hook's name cut to what cmd reads as
// text; Kiro CLI 2.x, which holds none, is warned about once per
// conversion (HC215), however many stand-ins there are (QA q2 F5).
func TestPlanBlockStandInWindows(t *testing.T) {
	deny := func(target, event, reason string) (string, int, bool) {
		return `{"deny":"` + reason + `"}`, 0, true
	}
	env := func(name, event string) canonical.Hook {
		return with(cmdHook(name, event), func(h *canonical.Hook) {
			h.Blocking = true
			h.Handler.Env = map[string]string{"A": "1"}
			h.Degradation = map[string]canonical.Strategy{"custom_env": "block"}
		})
	}
	plan := func(target string, hooks ...canonical.Hook) (*canonical.Manifest, diag.List) {
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: hooks}
		return PlanAnswering(m, "", target, vocab.Default(), Default(), nil, deny)
	}

	out, diags := plan("codex", env(`a&b "c"`, before), env("perm", "permission_request"))
	if diff := cmp.Diff([]string{CodeCapabilityBlocked, CodeCapabilityBlocked}, codes(diags)); diff != "" {
		t.Fatalf("codex codes (-want +got):\n%s", diff)
	}
	for i, want := range []string{
		`echo hookconv: hook "a_b _c_" needs custom_env, which codex does not support; blocked 1>&2& exit 2`,
		`echo {"deny":"hookconv: hook "perm" needs custom_env, which codex does not support; blocked"}& echo hookconv: hook "perm" needs custom_env, which codex does not support; blocked 1>&2& exit 0`,
	} {
		if got := out.Hooks[i].Handler.Platform["windows"]; got != want {
			t.Errorf("codex hook %d: Windows command\n%s\nwant\n%s", i, got, want)
		}
	}

	out, diags = plan("kiro-agent", env("g1", before), env("g2", before), cmdHook("other", before))
	var warned []diag.Diagnostic
	for _, d := range diags {
		if d.Code == CodeStandInWindows {
			warned = append(warned, d)
		}
	}
	if len(warned) != 1 || warned[0].Path != "hooks[0]" || !strings.Contains(warned[0].Message, `2 hook(s) replaced under degradation "block"`) || !strings.Contains(warned[0].Message, "cmd /C") {
		t.Fatalf("kiro-agent: want one HC215 about both stand-ins at hooks[0]; got %v", warned)
	}
	if len(out.Hooks) != 3 || out.Hooks[0].Handler.Platform != nil {
		t.Errorf("kiro-agent: hooks %+v", out.Hooks)
	}

	// Node's shell: true runs cmd.exe on Windows: VS Code's windows key
	// and OpenCode's plugin's platform.windows hold the cmd form (QA q2
	// w1 F2). Copilot CLI's powershell key gets a PowerShell form, the
	// name single-quoted, its quotes doubled.
	mcp := canonical.Hook{Name: "it's", Event: before, Blocking: true,
		Handler:     canonical.Handler{Type: canonical.HandlerMCPTool, Server: "github", Tool: "check"},
		Degradation: map[string]canonical.Strategy{"mcp_tool_handler": "block"}}
	for target, want := range map[string]string{
		"opencode":        `echo hookconv: hook "it_s" needs mcp_tool_handler, which opencode does not support; blocked 1>&2& exit 2`,
		"vs-code-copilot": `echo hookconv: hook "it_s" needs mcp_tool_handler, which vs-code-copilot does not support; blocked 1>&2& exit 2`,
		"copilot-cli":     `[Console]::Error.WriteLine('hookconv: hook "it''s" needs mcp_tool_handler, which copilot-cli does not support; blocked'); exit 2`,
	} {
		out, diags := plan(target, mcp)
		if got := out.Hooks[0].Handler.Platform["windows"]; got != want {
			t.Errorf("%s: Windows command\n%s\nwant\n%s", target, got, want)
		}
		if slices.ContainsFunc(diags, func(d diag.Diagnostic) bool { return d.Code == CodeStandInWindows }) {
			t.Errorf("%s: HC215 %v", target, diags)
		}
	}

	// Gemini CLI runs PowerShell on Windows and holds no Windows command
	// (QA q2 w1 F7).
	_, diags = plan("gemini-cli", mcp)
	if !slices.ContainsFunc(diags, func(d diag.Diagnostic) bool {
		return d.Code == CodeStandInWindows && strings.Contains(d.Message, "PowerShell")
	}) {
		t.Errorf("gemini-cli: want HC215 naming PowerShell; got %v", diags)
	}

	// A tool that runs sh on Windows (Claude Code: Git Bash): nothing to say.
	if _, diags := plan("claude-code", env("g", before)); slices.ContainsFunc(diags, func(d diag.Diagnostic) bool { return d.Code == CodeStandInWindows }) {
		t.Errorf("claude-code: HC215 %v", diags)
	}
}

// TestCoLoader: a file at one of another tool's own paths, of a tool it
// also loads, is that tool's too (Copilot CLI loads VS Code's
// .github/hooks files); elsewhere, or for a tool it does not load, none.
func TestCoLoader(t *testing.T) {
	memo := &coLoaders{}
	for _, tt := range []struct{ from, file, want string }{
		{"vs-code-copilot", ".github/hooks/hooks.json", "copilot-cli"},
		{"vs-code-copilot", "proj/.github/hooks/guards.json", "copilot-cli"},
		{"vs-code-copilot", "hooks.json", ""},
		{"vs-code-copilot", "", ""},
		{"claude-code", ".claude/settings.json", ""},
		{"gemini-cli", ".github/hooks/hooks.json", ""},
	} {
		if got := CoLoader(tt.from, tt.file); got != tt.want {
			t.Errorf("CoLoader(%q, %q) = %q, want %q", tt.from, tt.file, got, tt.want)
		}
		// The planner's memo answers alike, asked twice in a row and
		// after another question (it remembers only the last).
		for _, co := range []*coLoaders{memo, memo, nil} {
			if got := co.of(tt.from, tt.file); got != tt.want {
				t.Errorf("coLoaders.of(%q, %q) = %q, want %q", tt.from, tt.file, got, tt.want)
			}
		}
	}
}

// TestLastSegments: the end of a path holding its last n segments.
func TestLastSegments(t *testing.T) {
	for _, tt := range []struct {
		file string
		n    int
		want string
		ok   bool
	}{
		{"proj/.github/hooks/a.json", 3, ".github/hooks/a.json", true},
		{".github/hooks/a.json", 3, ".github/hooks/a.json", true},
		{"hooks/a.json", 3, "", false},
		{"a.json", 1, "a.json", true},
		{"a/b", 1, "b", true},
	} {
		got, ok := lastSegments(tt.file, tt.n)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("lastSegments(%q, %d) = %q, %v; want %q, %v", tt.file, tt.n, got, ok, tt.want, tt.ok)
		}
	}
}

// TestStructuredOutputExitWords: HC202 says what still blocks once the
// JSON answers are gone as the blocking matrix has it: exit 2 where it
// blocks, nothing where the target only observes the event (QA: "only
// exit code 2 blocks" beside HC204's "exit 2 … ignored" on one hook).
func TestStructuredOutputExitWords(t *testing.T) {
	tests := []struct {
		target, event, want string
	}{
		{"openhook", before, "no exit code blocks either: openhook only observes before_tool_execute"},
		{"kiro-legacy", before, "no exit code blocks either: kiro-legacy only observes before_tool_execute"},
		{"windsurf", "before_prompt", "only exit code 2 blocks"},
	}
	for _, tt := range tests {
		t.Run(tt.target+"/"+tt.event, func(t *testing.T) {
			h := with(cmdHook("h", tt.event), func(h *canonical.Hook) { h.Blocking = true })
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
			_, diags := PlanFrom(m, "claude-code", tt.target, vocab.Default(), Default())
			found := false
			for _, d := range diags {
				if d.Code == CodeCapabilityReduced && strings.Contains(d.Message, "structured_output") {
					found = true
					if !strings.HasSuffix(d.Message, "are ignored there and "+tt.want) {
						t.Errorf("HC202 = %q, want it to end %q", d.Message, tt.want)
					}
				}
			}
			if !found {
				t.Errorf("no HC202 about structured_output in %v", diags)
			}
		})
	}
}

// TestPlanBlockOnStop: where a block makes the agent go on working (a Stop
// event: the blocking table's retry), degradation "block" does not write
// the always-blocking stand-in, which would never let the agent stop; the
// hook is excluded (HC210), and no hint suggests "block" there. Elsewhere,
// and where the target only observes the stop, block stays (QA F3).
func TestPlanBlockOnStop(t *testing.T) {
	httpHook := func(event string, s canonical.Strategy) canonical.Hook {
		return canonical.Hook{Name: "http-stop", Event: event, Blocking: true,
			Handler:     canonical.Handler{Type: canonical.HandlerHTTP, URL: "https://example.com/stop"},
			Degradation: map[string]canonical.Strategy{"http_handler": s}}
	}
	prompt := canonical.Hook{Name: "summarize", Event: "agent_stop",
		Handler: canonical.Handler{Type: canonical.HandlerPrompt, Prompt: "Summarize"}}
	tests := []struct {
		name, target string
		h            canonical.Hook
		code         string
		kept         bool
		hintHasBlock bool
	}{
		{"codex Stop", "codex", httpHook("agent_stop", canonical.StrategyBlock), CodeBlockContinues, false, false},
		{"gemini AfterAgent", "gemini-cli", httpHook("agent_stop", canonical.StrategyBlock), CodeBlockContinues, false, false},
		{"droid SubagentStop", "factory-droid", httpHook("subagent_stop", canonical.StrategyBlock), CodeBlockContinues, false, false},
		{"cursor stop, where exit 2 is not read", "cursor", httpHook("agent_stop", canonical.StrategyBlock), CodeBlockContinues, false, false},
		{"codex PreToolUse still blocks", "codex", httpHook(before, canonical.StrategyBlock), CodeCapabilityBlocked, true, false},
		{"prompt on codex Stop: HC201 does not suggest block", "codex", prompt, CodeCapabilityExcluded, false, false},
		{"blocking prompt on codex PreToolUse: HC201 suggests block", "codex", with(prompt, func(h *canonical.Hook) { h.Event, h.Blocking = before, true }), CodeCapabilityExcluded, false, true},
		// QA q2 F11a: following the hint for a hook that never blocked
		// writes a stand-in that blocks every call; on an observed event
		// no stand-in blocks at all.
		{"non-blocking prompt on codex PreToolUse: HC201 does not suggest block", "codex", with(prompt, func(h *canonical.Hook) { h.Event = before }), CodeCapabilityExcluded, false, false},
		{"Kiro agent action on claude UserPromptSubmit: HC201 does not suggest block", "claude-code", canonical.Hook{Name: "instr", Event: "before_prompt",
			Handler: canonical.Handler{Type: canonical.HandlerPrompt, Prompt: "Remember to write tests."}, Capabilities: []string{AgentPrompt}}, CodeCapabilityExcluded, false, false},
		{"blocking prompt on Kiro SessionStart, which it observes: HC201 does not suggest block", "kiro", with(prompt, func(h *canonical.Hook) { h.Event, h.Blocking = "session_start", true }), CodeCapabilityExcluded, false, false},
		{"prompt under warn on codex Stop: HC202 does not suggest block", "codex", with(prompt, degrade("llm_evaluated", canonical.StrategyWarn)), CodeCapabilityReduced, false, false},
		{"async on gemini AfterAgent: HC202 does not suggest block", "gemini-cli", canonical.Hook{Name: "notify", Event: "agent_stop",
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "./notify.sh", Async: true}}, CodeCapabilityReduced, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, diags := runPlan(t, tt.target, tt.h)
			if kept := len(out.Hooks) == 1; kept != tt.kept {
				t.Fatalf("kept %v, want %v (%v)", kept, tt.kept, codes(diags))
			}
			i := slices.IndexFunc(diags, func(d diag.Diagnostic) bool { return d.Code == tt.code })
			if i < 0 {
				t.Fatalf("no %s in %v", tt.code, codes(diags))
			}
			if got := strings.Contains(diags[i].Hint, `"block"`) && !strings.Contains(diags[i].Hint, `"block" would`); got != tt.hintHasBlock {
				t.Errorf("hint suggests block: %v, want %v: %s", got, tt.hintHasBlock, diags[i].Hint)
			}
			if tt.code == CodeBlockContinues && !strings.Contains(diags[i].Message, "never let it stop") {
				t.Errorf("message does not say why: %s", diags[i].Message)
			}
		})
	}
}

// TestPlanContinueCap: a blocking hook on a stop event written for a tool
// that caps how often in a row a block makes the agent go on (Copilot
// CLI's 8, Cursor's loop_limit: 5 unless the entry says, null for none)
// is warned about (HC211) going where there is no cap or another one; a
// manifest hook by its decoder's marks as the source's (QA F4).
func TestPlanContinueCap(t *testing.T) {
	stop := func(blocking bool, data map[string]json.RawMessage) canonical.Hook {
		return canonical.Hook{Event: "agent_stop", Blocking: blocking, ProviderData: data,
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "./keep-fixing.sh"}}
	}
	cursor := func(raw string) map[string]json.RawMessage {
		return map[string]json.RawMessage{"cursor": json.RawMessage(raw)}
	}
	tests := []struct {
		name, source, target string
		h                    canonical.Hook
		want                 string // "" for no HC211; else a part of its message
	}{
		{"copilot to claude", "copilot-cli", "claude-code", stop(true, nil), "after 8 time(s) in a row; claude-code sets no such cap"},
		{"copilot to codex", "copilot-cli", "codex", stop(true, nil), "codex sets no such cap"},
		{"copilot to cursor: a lower cap", "copilot-cli", "cursor", stop(true, nil), "cursor stops after 5 instead"},
		{"cursor default to gemini", "cursor", "gemini-cli", stop(true, cursor(`{"$from":true}`)), "after 5 time(s) in a row; gemini-cli sets no such cap"},
		{"cursor loop_limit 3 to codex", "cursor", "codex", stop(true, cursor(`{"$from":true,"loop_limit":3}`)), "after 3 time(s)"},
		{"cursor loop_limit null: no cap to lose", "cursor", "codex", stop(true, cursor(`{"$from":true,"loop_limit":null}`)), ""},
		{"cursor loop_limit 8 to copilot: the same cap", "cursor", "copilot-cli", stop(true, cursor(`{"$from":true,"loop_limit":8}`)), ""},
		{"manifest marked cursor to claude", "", "claude-code", stop(true, cursor(`{"$from":true,"loop_limit":2}`)), "which cursor stops honouring after 2"},
		{"hand-written manifest: no source", "", "claude-code", stop(true, nil), ""},
		{"manifest read as canonical, marked copilot", "canonical", "codex", stop(true, map[string]json.RawMessage{"copilot-cli": json.RawMessage(`{"$keys":{"command":"bash"}}`)}), "copilot-cli stops honouring after 8"},
		{"not blocking: cannot continue", "copilot-cli", "claude-code", stop(false, nil), ""},
		{"claude to codex: neither caps", "claude-code", "codex", stop(true, nil), ""},
		{"copilot to kiro, which only observes", "copilot-cli", "kiro", stop(true, nil), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{tt.h}}
			_, diags := PlanFrom(m, tt.source, tt.target, vocab.Default(), Default())
			i := slices.IndexFunc(diags, func(d diag.Diagnostic) bool { return d.Code == CodeContinueCap })
			switch {
			case tt.want == "" && i >= 0:
				t.Errorf("unexpected HC211: %s", diags[i].Message)
			case tt.want != "" && i < 0:
				t.Errorf("no HC211 in %v", codes(diags))
			case tt.want != "" && !strings.Contains(diags[i].Message, tt.want):
				t.Errorf("message %q lacks %q", diags[i].Message, tt.want)
			case tt.want != "" && !strings.Contains(diags[i].Hint, "stop_hook_active"):
				t.Errorf("hint %q does not name stop_hook_active", diags[i].Hint)
			}
		})
	}
}

// TestPSQuote: a PowerShell single-quoted string expands nothing, and
// each quote character in it is doubled, the typographic ones too, which
// PowerShell also reads as single quotes: no hook name can end the
// string of a PowerShell stand-in.
func TestPSQuote(t *testing.T) {
	for in, want := range map[string]string{
		`plain`:           `'plain'`,
		`it's`:            `'it''s'`,
		"it\u2019s $x `n": "'it\u2019\u2019s $x `n'",
		"\u2018a\u201b":   "'\u2018\u2018a\u201b\u201b'",
		`"q" & | ; %P%`:   `'"q" & | ; %P%'`,
	} {
		if got := psQuote(in); got != want {
			t.Errorf("psQuote(%q) = %q, want %q", in, got, want)
		}
	}
}
