package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/vocab"
)

// TestLikelySource: an input DetectSource names no tool for, because it
// does not parse, is read as the one tool its text or name points to,
// with an info (HC216) saying so; a readable input, or one nothing
// points to, gets no guess (QA F3).
func TestLikelySource(t *testing.T) {
	tests := []struct {
		name, path, src, want string
	}{
		{"manifest with a trailing comma", "hooks.json", `{"spec":"hooks/1.0", "hooks": [{"event": "session_start",}]}`, "canonical"},
		{"manifest on standard input", "<stdin>", `{"spec": "hooks/1.0", "hooks": [`, "canonical"},
		{"YAML manifest with a tab", "m.yaml", "spec: hooks/1.0\nhooks:\n\t- event: session_start\n", "canonical"},
		{"empty file named as a manifest", "dir/hooks.json", "", "canonical"},
		{"empty YAML named as a manifest", "hooks.yaml", "", "canonical"},
		{"hand-written OpenCode plugin", "p/.opencode/plugins/guard.ts", "export const G = async () => ({})\n", "opencode"},
		{"JavaScript plugin in the singular folder", ".opencode/plugin/notify.js", "export default {}", "opencode"},
		{"the spec wins over a folder", ".opencode/plugins/hooks.json", `{"spec": "hooks/1.0",`, "canonical"},
		{"a readable config of no known path", "settings.json", `{"hooks": {}}`, ""},
		{"a readable manifest-named native config", "hooks.json", `{"hooks": {"PreToolUse": []}}`, ""},
		{"an empty file of no tool's name", "empty.json", "", ""},
		{"empty standard input", "<stdin>", "", ""},
		{"broken JSON, no clue", "x.json", `{"hooks": [,]}`, ""},
		{"another language beside a plugin", ".opencode/plugins/notes.md", "# notes: here\n- a: b: c", ""},
		{"a file at the project's root", "notes.ts", "export {}", ""},
		{"spec of another kind", "a.json", `{"spec": "openapi/3",`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ds := LikelySource(tt.path, []byte(tt.src))
			if got != tt.want {
				t.Fatalf("LikelySource = %q, want %q (%v)", got, tt.want, ds)
			}
			if tt.want == "" {
				if len(ds) != 0 {
					t.Errorf("no guess, but diagnostics %v", ds)
				}
				return
			}
			if len(ds) != 1 || ds[0].Code != CodeReadAsLikeliest || ds[0].Severity != diag.Info || ds[0].File != tt.path {
				t.Errorf("want one HC216 info at %s, got %v", tt.path, ds)
			}
		})
	}
}

// FuzzLikelySource: any input, under any name, gets no guess or one
// tool's with one HC216 info, never a panic.
func FuzzLikelySource(f *testing.F) {
	f.Add("hooks.json", []byte(`{"spec":"hooks/1.0", "hooks": [{"event": "session_start",}]}`))
	f.Add("a/.opencode/plugins/g.ts", []byte("export default {}"))
	f.Add("<stdin>", []byte("spec: hooks/1.0\n\t- x"))
	f.Add("hooks.yaml", []byte(""))
	f.Fuzz(func(t *testing.T, name string, src []byte) {
		slug, ds := LikelySource(name, src)
		if (slug == "") != (len(ds) == 0) || len(ds) > 1 {
			t.Fatalf("LikelySource(%q) = %q with %v", name, slug, ds)
		}
		if _, ok := vocab.Default().Provider(slug); slug != "" && !ok {
			t.Fatalf("LikelySource(%q) named %q, no tool", name, slug)
		}
	})
}
