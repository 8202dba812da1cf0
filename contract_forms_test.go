package hookconv

import (
	"slices"
	"testing"

	"github.com/hookconv/hookconv/hookrun"
)

// TestDenyFormsPromptStop checks that on before_prompt the forms HC425
// compares include the stop a tool's stop rule answers with (QA F10:
// Codex reads continue = false there, as hookconv run answers it, yet
// HC425 said it did not), and that a stop counts nowhere else: on Stop
// it lets the agent stop.
func TestDenyFormsPromptStop(t *testing.T) {
	contracts := hookrun.Default()
	for _, tc := range []struct {
		slug, event, form string
		want              bool
	}{
		{"codex", "before_prompt", "continue = false", true},
		{"codex", "before_prompt", `decision = "block"`, true},
		{"claude-code", "before_prompt", "continue = false", true},
		{"gemini-cli", "before_prompt", "continue = false", true},
		{"factory-droid", "before_prompt", "continue = false", true},
		{"qwen-code", "before_prompt", "continue = false", true},
		{"cursor", "before_prompt", "continue = false", true},
		{"codex", "agent_stop", "continue = false", false},
		{"claude-code", "subagent_stop", "continue = false", false},
		{"windsurf", "before_prompt", "continue = false", false},
		// VS Code's UserPromptSubmit ends the request on continue =
		// false as on decision "block" (HookAbortError, QA q3 F1).
		{"vs-code-copilot", "before_prompt", "continue = false", true},
		{"vs-code-copilot", "before_prompt", `decision = "block"`, true},
		// Its Stop reads either spelling of the decision.
		{"vs-code-copilot", "agent_stop", `hookSpecificOutput.decision = "block"`, true},
		{"vs-code-copilot", "agent_stop", `decision = "block"`, true},
		{"vs-code-copilot", "subagent_stop", `hookSpecificOutput.decision = "block"`, true},
	} {
		c, ok := contracts.Contract(tc.slug)
		if !ok {
			t.Fatalf("no contract %s", tc.slug)
		}
		forms := denyForms(contracts, c, tc.event)
		if got := slices.Contains(forms, tc.form); got != tc.want {
			t.Errorf("denyForms(%s, %s) = %q: contains %q = %v, want %v", tc.slug, tc.event, forms, tc.form, got, tc.want)
		}
		if len(slices.Compact(slices.Clone(forms))) != len(forms) {
			t.Errorf("denyForms(%s, %s) = %q: a form twice", tc.slug, tc.event, forms)
		}
	}
	// The first form stays the one a script written for the tool prints.
	c, _ := contracts.Contract("claude-code")
	if forms := denyForms(contracts, c, "before_prompt"); len(forms) == 0 || forms[0] != `decision = "block"` {
		t.Errorf("claude-code before_prompt forms = %q, want decision = \"block\" first", forms)
	}
}

// TestMemo checks that memo calls work once per key, however the keys
// come: runs of one, alternating, more keys than it keeps at hand.
func TestMemo(t *testing.T) {
	var c memo[int, int]
	calls := map[int]int{}
	for _, k := range []int{1, 1, 2, 1, 2, 3, 4, 5, 6, 1, 7, 2, 8, 9, 1, 3, 5, 7, 9, 2, 4, 6, 8} {
		if got := c.of(k, func() int { calls[k]++; return k * 10 }); got != k*10 {
			t.Fatalf("of(%d) = %d, want %d", k, got, k*10)
		}
	}
	for k, n := range calls {
		if n != 1 {
			t.Errorf("work for %d ran %d times, want once", k, n)
		}
	}
}
