package nested_test

import (
	"testing"

	"github.com/hookconv/hookconv/providers"
	_ "github.com/hookconv/hookconv/providers/all"
)

// TestDecodeBlocking: a handler on an event where Claude Code honours
// exit 2 is blocking, unless Claude runs it in the background (async, or
// asyncRewake, which implies it): the tool call goes ahead at once, so
// its exit cannot stop it.
func TestDecodeBlocking(t *testing.T) {
	tests := []struct {
		name, handler string
		want          bool
	}{
		{"waited for", `{"type": "command", "command": "./guard.sh"}`, true},
		{"async", `{"type": "command", "command": "./audit.sh", "async": true}`, false},
		{"async false", `{"type": "command", "command": "./guard.sh", "async": false}`, true},
		{"asyncRewake", `{"type": "command", "command": "./audit.sh", "asyncRewake": true}`, false},
	}
	a, ok := providers.Get("claude-code")
	if !ok {
		t.Fatal("claude-code is not registered")
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [` + tt.handler + `]}]}}`
			m, ds := a.Decode(providers.Files{".claude/settings.json": []byte(src)})
			if ds.HasErrors() || m == nil || len(m.Hooks) != 1 {
				t.Fatalf("decode: %v", ds)
			}
			if got := m.Hooks[0].Blocking; got != tt.want {
				t.Errorf("blocking = %v, want %v", got, tt.want)
			}
		})
	}
}
