package nested_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hookconv/hookconv/providers"
	_ "github.com/hookconv/hookconv/providers/all"
)

// TestDecodeClaudeModelAndSkillEvents: Claude Code's PreModelSwitch,
// PostModelSwitch and PreSkillShellCommand (2.1.332's hook events) decode
// to canonical events, not vendor ones with a "check the spelling"
// warning (HC303); a hook on the two guard events is blocking, since exit
// 2 stops the switch or the skill's command there; and encoding back
// gives the same settings.
func TestDecodeClaudeModelAndSkillEvents(t *testing.T) {
	tests := []struct {
		native, matcher, event string
		blocking               bool
	}{
		{"PreModelSwitch", "claude-opus-4-6", "before_model_switch", true},
		{"PreModelSwitch", "", "before_model_switch", true},
		{"PostModelSwitch", "claude-sonnet-4-6", "after_model_switch", false},
		{"PostModelSwitch", "", "after_model_switch", false},
		{"PreSkillShellCommand", "Bash", "before_skill_shell_command", true},
		{"PreSkillShellCommand", "PowerShell", "before_skill_shell_command", true},
		{"PreSkillShellCommand", "", "before_skill_shell_command", true},
	}
	a, ok := providers.Get("claude-code")
	if !ok {
		t.Fatal("claude-code is not registered")
	}
	for _, tt := range tests {
		t.Run(tt.native+"/"+tt.matcher, func(t *testing.T) {
			group := map[string]any{"hooks": []any{map[string]any{"type": "command", "command": "./check.sh"}}}
			if tt.matcher != "" {
				group["matcher"] = tt.matcher
			}
			src, err := json.Marshal(map[string]any{"hooks": map[string]any{tt.native: []any{group}}})
			if err != nil {
				t.Fatal(err)
			}
			m, ds := a.Decode(providers.Files{".claude/settings.json": src})
			if ds.HasErrors() || m == nil || len(m.Hooks) != 1 {
				t.Fatalf("decode: %v", ds)
			}
			for _, d := range ds {
				if d.Code == "HC303" {
					t.Errorf("decode warns %s: %s", d.Code, d.Message)
				}
			}
			h := m.Hooks[0]
			if h.Event != tt.event {
				t.Errorf("event = %q, want %q", h.Event, tt.event)
			}
			if h.Blocking != tt.blocking {
				t.Errorf("blocking = %v, want %v", h.Blocking, tt.blocking)
			}
			out, ds := a.Encode(m, nil)
			if ds.HasErrors() {
				t.Fatalf("encode: %v", ds)
			}
			back, ds := a.Decode(out)
			if ds.HasErrors() || back == nil || len(back.Hooks) != 1 {
				t.Fatalf("decode of the encoded file: %v", ds)
			}
			var got struct {
				Hooks map[string][]struct {
					Matcher string `json:"matcher"`
				} `json:"hooks"`
			}
			if err := json.Unmarshal(bytes.TrimSpace(out[".claude/settings.json"]), &got); err != nil {
				t.Fatalf("encoded file: %v\n%s", err, out[".claude/settings.json"])
			}
			groups := got.Hooks[tt.native]
			if len(got.Hooks) != 1 || len(groups) != 1 || groups[0].Matcher != tt.matcher {
				t.Errorf("encoded as %s, want one %s group with matcher %q", out[".claude/settings.json"], tt.native, tt.matcher)
			}
		})
	}
}
