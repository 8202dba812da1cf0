package hookconv

import (
	"strings"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/kiroagent"
)

// TestOneAgent holds that Kiro CLI 2.x hooks written into the default
// agent's file beside agents of the project's own warn (HC545) naming
// those agents, whose sessions do not run them, whether default.json is
// new or merged into (QA: merged into silently), and that migrate then
// keeps the source's hook; alone, or into an agent's own file, it is no
// warning and the hook is migrated. A new agent alone holding a guard
// warns too (QA q4 F3): Kiro CLI runs its hooks only in its own
// sessions, or where chat.defaultAgent names it, and the guard is lost
// in those of the built-in default agent.
func TestOneAgent(t *testing.T) {
	const def, dev, rev = ".kiro/agents/default.json", ".kiro/agents/dev.json", ".kiro/agents/review.json"
	source := providers.Files{".claude/settings.json": []byte(`{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo done"}]}]}}`)}
	written := `{"name": "default", "tools": ["*"], "hooks": {"postToolUse": [{"matcher": "execute_bash", "command": "echo done"}]}}`
	agents := providers.Files{dev: []byte(`{"name": "dev", "tools": ["*"]}`), rev: []byte(`{"name": "rev"}`)}
	guard := providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`)}
	for _, tc := range []struct {
		name             string
		source           providers.Files // the PostToolUse hook above when nil
		existing, beside providers.Files
		severity         diag.Severity // of HC545
		want             string        // in its message; "" for no HC545
	}{
		{name: "merged beside agents", existing: providers.Files{def: []byte(`{"name": "default", "tools": ["*"]}`)}, beside: agents, severity: diag.Warning,
			want: `the hooks are merged into the Kiro CLI agent "default", which runs them only in its own sessions (kiro-cli chat --agent default); the project's agent(s) "dev" (.kiro/agents/dev.json) and "rev" (.kiro/agents/review.json) do not run them`},
		{name: "merged, named otherwise", existing: providers.Files{def: []byte(`{"name": "team"}`)}, beside: providers.Files{dev: agents[dev]}, severity: diag.Warning,
			want: `merged into the Kiro CLI agent "team", which runs them only in its own sessions (kiro-cli chat --agent team); the project's agent(s) "dev" (.kiro/agents/dev.json) do not run them`},
		{name: "already there", existing: providers.Files{def: []byte(written)}, beside: agents, severity: diag.Warning, want: `the project's agent(s) "dev"`}, // "already in" for migrate, which writes nothing
		{name: "new beside agents", beside: agents, severity: diag.Warning, want: `is a new Kiro CLI agent "default"`},
		{name: "merged alone", existing: providers.Files{def: []byte(`{"name": "default", "tools": ["*"]}`)}},
		{name: "new alone", severity: diag.Info, want: `is a new Kiro CLI agent "default"`},
		{name: "new alone, a guard", source: guard, severity: diag.Warning,
			want: `start it with kiro-cli chat --agent default: Kiro CLI runs its hooks, 1 guard(s) among them, only in the sessions of that agent, not in those of its built-in default agent`},
		{name: "merged alone, a guard", source: guard, existing: providers.Files{def: []byte(`{"name": "default", "tools": ["*"]}`)}, severity: diag.Warning,
			want: `the hooks are merged into the Kiro CLI agent "default" (kiro-cli chat --agent default): Kiro CLI runs its hooks, 1 guard(s) among them, only in the sessions of that agent`},
		{name: "already there, a guard", source: guard, existing: providers.Files{def: []byte(`{"name": "default", "tools": ["*"], "hooks": {"preToolUse": [{"matcher": "execute_bash", "command": "./guard.sh"}]}}`)}, severity: diag.Warning,
			want: `(kiro-cli chat --agent default): Kiro CLI runs its hooks, 1 guard(s) among them`}, // "already in" for migrate
	} {
		t.Run(tc.name, func(t *testing.T) {
			source := source
			if tc.source != nil {
				source = tc.source
			}
			mig := DecodeSource("claude-code", source).Migrate("kiro-agent", tc.existing, tc.beside)
			conv := DecodeSource("claude-code", source).Convert("kiro-agent", tc.existing, Options{Beside: tc.beside})
			for stage, ds := range map[string]diag.List{"migrate": mig.Diagnostics, "convert": conv.Diagnostics} {
				if ds.HasErrors() {
					t.Fatalf("%s: %v", stage, ds)
				}
				var got []diag.Diagnostic
				for _, d := range ds {
					if d.Code == kiroagent.CodeNewAgent {
						got = append(got, d)
					}
				}
				switch {
				case tc.want == "" && len(got) > 0:
					t.Errorf("%s: %v, want no HC545", stage, got)
				case tc.want != "" && (len(got) != 1 || got[0].Severity != tc.severity || !strings.Contains(got[0].Message, tc.want) || got[0].File != def):
					t.Errorf("%s: %v, want one %s at %s holding %q", stage, got, tc.severity, def, tc.want)
				}
			}
			if kept := tc.want != "" && tc.severity == diag.Warning; mig.Migrated[0] == kept {
				t.Errorf("migrated %v, want %v", mig.Migrated[0], !kept)
			}
		})
	}
}
