package hookconv

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// TestGroupMarkUnknownKey holds that a key of a hand-edited "$group" mark
// its tool's groups do not document is said (HC593), by convert to that
// tool and by validate, naming the key, the hook and the tool, and that
// the documented keys pass (QA: "sequentail" was dropped silently).
func TestGroupMarkUnknownKey(t *testing.T) {
	for _, tc := range []struct {
		to, group string
		want      []string // substrings of the one HC593 per key, in the order of the keys in the file; none for no HC593
		hint      string   // of the first
		written   string   // in the converted file
	}{
		{to: "gemini-cli", group: `{"sequentail": true}`,
			want: []string{`g: provider_data.gemini-cli.$group.sequentail = true is not written: Gemini CLI's hook groups have no key "sequentail"`},
			hint: `did you mean "sequential"?`},
		{to: "gemini-cli", group: `{"foo": 1, "sequential": true}`,
			want:    []string{`provider_data.gemini-cli.$group.foo = 1 is not written`},
			hint:    `remove the key`,
			written: `"sequential": true`},
		{to: "gemini-cli", group: `{"sequential": true}`, written: `"sequential": true`},
		{to: "gemini-cli", group: `{"_note": "x"}`}, // an annotation
		{to: "qwen-code", group: `{"sequental": false}`,
			want: []string{`provider_data.qwen-code.$group.sequental = false is not written: Qwen Code's hook groups`},
			hint: `did you mean "sequential"?`},
		{to: "claude-code", group: `{"foo": 1, "bar": "x"}`,
			want: []string{`provider_data.claude-code.$group.foo = 1`,
				`provider_data.claude-code.$group.bar = "x" is not written: Claude Code's hook groups have no key "bar" (they hold only matcher and hooks)`}},
		{to: "codex", group: `{"foo": 1}`, want: []string{`provider_data.codex.$group.foo = 1 is not written`}},
		{to: "factory-droid", group: `{"commandRegx": "rm"}`,
			want: []string{`provider_data.factory-droid.$group.commandRegx = "rm" is not written`},
			hint: `did you mean "commandRegex"?`},
	} {
		t.Run(tc.to+tc.group, func(t *testing.T) {
			src := fmt.Sprintf(`{"spec": "hooks/1.0", "hooks": [{"name": "g", "event": "before_tool_execute", "matcher": "shell", "blocking": true,
				"handler": {"type": "command", "command": "./guard.sh"}, "provider_data": {%q: {"$group": %s}}}]}`, tc.to, tc.group)
			conv := Convert("canonical", tc.to, providers.Files{"m.json": []byte(src)}, nil)
			if conv.Diagnostics.HasErrors() {
				t.Fatalf("convert: %v", conv.Diagnostics)
			}
			_, validated := ValidateManifest("m.json", []byte(src))
			for stage, ds := range map[string]diag.List{"convert": conv.Diagnostics, "validate": validated} {
				var got []diag.Diagnostic
				for _, d := range ds {
					if d.Code == CodeOwnDataUnread {
						got = append(got, d)
					}
				}
				if len(got) != len(tc.want) {
					t.Fatalf("%s: %d HC593, want %d: %v", stage, len(got), len(tc.want), got)
				}
				for i, d := range got {
					if d.Severity != diag.Warning || !strings.Contains(d.Message, tc.want[i]) {
						t.Errorf("%s: %s %q, want a warning holding %q", stage, d.Severity, d.Message, tc.want[i])
					}
				}
				if len(got) > 0 && !strings.HasPrefix(got[0].Hint, tc.hint) {
					t.Errorf("%s: hint %q, want %q", stage, got[0].Hint, tc.hint)
				}
			}
			for _, out := range conv.Files {
				if tc.written != "" && !strings.Contains(string(out), tc.written) {
					t.Errorf("output lacks %s:\n%s", tc.written, out)
				}
			}
		})
	}
}
