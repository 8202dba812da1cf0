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
// trimmed text), so a plain-text deny that starts with "[", "{" or a
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
	}
	dir := t.TempDir()
	var sh strings.Builder
	sh.WriteString(fn + "\n")
	for i, in := range inputs {
		name := filepath.Join(dir, fmt.Sprint(i))
		if err := os.WriteFile(name, []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sh, "hc_kind %q\n", name)
	}
	out, err := exec.Command("sh", "-c", sh.String()).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Fields(string(out))
	if len(got) != len(inputs) {
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
		if got[i] != want {
			t.Errorf("hc_kind of %.60q = %s, want %s", in, got[i], want)
		}
	}
}
