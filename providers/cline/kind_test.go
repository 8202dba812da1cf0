package cline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestScriptKind: the generated script's hc_kind calls output JSON
// exactly when run --from does (hookrun's plainDeny: json.Valid on the
// text bytes.TrimSpace trims), and with "object" a JSON object exactly
// when run --from reads one as an answer (parseOutput), so a plain-text deny that starts with "[", "{" or a
// quote still blocks where the source tool blocks on it (QA F2: it was
// taken for JSON by its first character, and the call went ahead).
func TestScriptKind(t *testing.T) {
	needSh(t)
	fn := regexp.MustCompile(`(?ms)^hc_kind\(\) \{$.*?^\}$`).FindString(kindHelper)
	if fn == "" {
		t.Fatal("no hc_kind in kindHelper")
	}
	inputs := []string{
		"", "  \n\t", "\v\f",
		"[policy] rm -rf denied", "{not json}", `"quoted reason`, "[1, 2", "{\"a\": 1}\ntrailing",
		`{"decision": "deny", "reason": "no"}`, " \n[1, 2.5e-3, -0, true, false, null, {}]\n", `"a \"b\" \\ \/ \b\f\n\r\t \u00e9"`,
		"01", "1.", ".5", "-", "1e", "+1", "tru", "nulls", "true false", "[1,]", `{"a": 1,}`, `{"a"}`, `{1: 2}`,
		`{"a" 1}`, "[", "]", "{}}", "[[]]]", `"\x"`, `"\u12"`, `"\u12G4"`, "\"tab\tin\"", "\"line\nbreak\"",
		"\"nul\x00\"", "{\x00}", "\x01", `"é 💥"`, "\"\xff\"", "[\"a\",\"b\"]", `{"a":{"b":[1,{"c":"d"}]}}`,
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001), strings.Repeat("[", 200) + strings.Repeat("]", 200),
		// What bytes.TrimSpace trims and json.Valid alone would not take
		// (QA F3: a deny with these around it was text to the script).
		"\v{\"decision\": \"deny\"}", "{\"decision\": \"deny\"}\u00a0", "\u0085\u2000\u200a\u2028\u2029\u202f\u205f\u3000\u1680[]\f",
		"\u200b{}", "\xc2{}", "{}\xe2\x80", "\ufeff{}",
		`{"decision":"deny"} {"x":1}`, `{"decision":"deny",}`, `{"decision":"deny","n":01}`, "{\"decision\":\"deny\",\"r\":\"a\tb\"}",
	}
	dir := t.TempDir()
	var sh strings.Builder
	sh.WriteString(fn + "\n")
	for i, in := range inputs {
		name := filepath.Join(dir, fmt.Sprint(i))
		if err := os.WriteFile(name, []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sh, "hc_kind %q; hc_kind %q object\n", name, name)
	}
	out, err := exec.Command("sh", "-c", sh.String()).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Fields(string(out))
	if len(got) != 2*len(inputs) {
		t.Fatalf("%d answers for %d inputs: %q", len(got), len(inputs), got)
	}
	for i, in := range inputs {
		want := "text"
		switch text := bytes.TrimSpace([]byte(in)); {
		case len(text) == 0:
			want = "none"
		case json.Valid(text):
			want = "json"
		}
		if got[2*i] != want {
			t.Errorf("hc_kind of %.60q = %s, want %s", in, got[2*i], want)
		}
		if want == "json" && bytes.TrimSpace([]byte(in))[0] != '{' {
			want = "text"
		}
		if got[2*i+1] != want {
			t.Errorf("hc_kind object of %.60q = %s, want %s", in, got[2*i+1], want)
		}
	}
}

// TestScriptAnswer: the script's hc_answer reads only the answer's own
// keys (and one level into an object where it is asked to), every
// repeat in order, as run --from reads the fields (QA F3: a "decision"
// in a list of checks answered for the guard).
func TestScriptAnswer(t *testing.T) {
	needSh(t)
	fn := regexp.MustCompile(`(?ms)^hc_answer\(\) \{$.*?^\}$`).FindString(kindHelper)
	if fn == "" {
		t.Fatal("no hc_answer in kindHelper")
	}
	tests := []struct{ out, keys, first, want string }{
		{`{"checks": [{"decision": "allow"}], "decision": "deny"}`, "decision", "", "s:deny"},
		{`{"a": {"decision": "allow"}}`, "decision", "", ""},
		{`{"decision": "allow", "decision": "deny"}`, "decision", "", "s:allow s:deny"},
		{`{"decision": "allow", "decision": "deny"}`, "decision", "first", "s:allow"},
		{`{"reason": "a \"decision\": \"x\", {[", "decision": "deny"}`, "decision", "", "s:deny"},
		{`{"reason": "decision", "x": "decision"}`, "decision", "", ""},
		{`{"de\"c": 1, "decision" : true}`, "decision", "", "l:true"},
		{"{\n  \"continue\": false,\n  \"n\": -1.5e3\n}\n", "continue n", "", "l:false l:-1.5e3"},
		{`{"decision": {"decision": "deny"}, "x": ["decision", "deny"]}`, "decision", "", "o:"},
		{`{"hookSpecificOutput": {"permissionDecision": "deny"}, "permissionDecision": "allow"}`, "permissionDecision hookSpecificOutput.permissionDecision", "", "s:deny s:allow"},
		{`{"hookSpecificOutput": {"x": {"permissionDecision": "allow"}}}`, "hookSpecificOutput.permissionDecision", "", ""},
		{`{"hookSpecificOutput": [{"permissionDecision": "allow"}]}`, "hookSpecificOutput.permissionDecision", "", ""},
		{"\v{\"decision\": \"deny\"}\u00a0", "decision", "", "s:deny"},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "out"), []byte(tt.out), 0o644); err != nil {
			t.Fatal(err)
		}
		sh := fmt.Sprintf("%s\nhc_dir=%q\nhc_answer %q %q", fn, dir, tt.keys, tt.first)
		out, err := exec.Command("sh", "-c", sh).Output()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(strings.Fields(string(out)), " "); got != tt.want {
			t.Errorf("hc_answer %q %s of %q = %q, want %q", tt.keys, tt.first, tt.out, got, tt.want)
		}
	}
}
