package canonical

import (
	"slices"
	"testing"
)

// TestDropForeignFields: the fields a handler's type does not have are
// cleared and named; its own are kept (QA q2 F7).
func TestDropForeignFields(t *testing.T) {
	for _, tc := range []struct {
		name string
		h    Handler
		want []string
	}{
		{"http async model env cwd", Handler{Type: HandlerHTTP, URL: "https://x", Async: true, Model: "m", Env: map[string]string{"A": "1"}, Cwd: "x"}, []string{"async", "cwd", "env", "model"}},
		{"prompt platform", Handler{Type: HandlerPrompt, Prompt: "p", Platform: map[string]string{"windows": "y"}}, []string{"platform"}},
		{"mcp_tool async", Handler{Type: HandlerMCPTool, Server: "s", Tool: "t", Async: true}, []string{"async"}},
		{"command keeps its own", Handler{Type: HandlerCommand, Command: "c", Async: true, Env: map[string]string{"A": "1"}, Cwd: "x"}, nil},
		{"agent keeps model", Handler{Type: HandlerAgent, Prompt: "p", Model: "m"}, nil},
		{"unknown type has none", Handler{Type: "script", Command: "c", URL: "https://x", Tool: "t"}, []string{"command", "tool", "url"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := tc.h
			got := h.DropForeignFields()
			if !slices.Equal(got, tc.want) {
				t.Fatalf("dropped %v, want %v", got, tc.want)
			}
			if again := h.DropForeignFields(); len(again) != 0 {
				t.Errorf("left %v set", again)
			}
		})
	}
}
