package providers

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/internal/node"
)

func TestExecCommand(t *testing.T) {
	claude := []string{"CLAUDE_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT"}
	tests := []struct {
		program string
		args    []string
		want    string
	}{
		{"node", []string{"hooks/guard.js"}, "node hooks/guard.js"},
		{"node", []string{"${CLAUDE_PROJECT_DIR}/.claude/hooks/guard.js"}, `node "${CLAUDE_PROJECT_DIR}/.claude/hooks/guard.js"`},
		// Any other $ is literal in the exec form: escaped, never expanded.
		{"x", []string{"$(echo INJECTED)", "price: $5", `a\$b`, "$HOME", "${CLAUDE_PROJECT_DIRX}"}, `x "\$(echo INJECTED)" "price: \$5" "a\\\$b" "\$HOME" "\${CLAUDE_PROJECT_DIRX}"`},
		{"python3", []string{"-c", `print("hi")`}, `python3 -c "print(\"hi\")"`},
		{"sh", []string{"a b", "", "x;y", "back\\slash", "`tick`"}, `sh "a b" "" "x;y" "back\\slash" "\` + "`" + `tick\` + "`" + `"`},
		{"/opt/my tools/run", nil, `"/opt/my tools/run"`},
		{"npx", []string{"--yes", "pkg@1.2.3", "--flag=a,b:c"}, "npx --yes pkg@1.2.3 --flag=a,b:c"},
	}
	for _, tt := range tests {
		if got := ExecCommand(tt.program, tt.args, claude); got != tt.want {
			t.Errorf("ExecCommand(%q, %q) = %s, want %s", tt.program, tt.args, got, tt.want)
		}
	}
}

func TestExecForm(t *testing.T) {
	parse := func(s string) *node.Node {
		n, err := node.ParseJSON([]byte(s), node.JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	pd := parse(`{"$exec": "node", "$args": ["a.js", "x y"]}`)
	if p, a, ok := ExecForm(pd, `node a.js "x y"`, nil); !ok || p.Text != "node" || len(a.Items) != 2 {
		t.Errorf("ExecForm of the folded command = %v, %v, %v; want node and its two args", p, a, ok)
	}
	if _, _, ok := ExecForm(pd, "node b.js", nil); ok {
		t.Error("ExecForm of an edited command = ok; want the shell form")
	}
	if _, _, ok := ExecForm(parse(`{"$exec": "node", "$args": [1]}`), "node 1", nil); ok {
		t.Error("ExecForm with a non-string arg = ok")
	}
	if _, _, ok := ExecForm(parse(`{}`), "node", nil); ok {
		t.Error("ExecForm without data = ok")
	}
}

// TestExecCommandRunsSameArgv runs each folded command under sh with a
// program that prints its argv, and compares with the argv folded.
func TestExecCommandRunsSameArgv(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	args := []string{"plain", "two words", "", `quo"te`, "back\\slash", "`tick`", "$(echo INJECTED)", "$HOME", "tab\there", "new\nline", "é", "*", "~", "#", "!", "'"}
	cmd := ExecCommand("printf", append([]string{"[%s]\\n"}, args...), nil)
	out, err := exec.Command(sh, "-c", cmd).Output()
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	var want strings.Builder
	for _, a := range args {
		want.WriteString("[" + a + "]\n")
	}
	if string(out) != want.String() {
		t.Errorf("sh -c %s\nprinted %q\nwant    %q", cmd, out, want.String())
	}
}
