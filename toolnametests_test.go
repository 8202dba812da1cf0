package hookconv

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/providers"
)

func TestTestedNames(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string // of execute_bash, Bash, Write, Shell, read
	}{
		{`jq -e '.tool_name == "execute_bash"'`, []string{"execute_bash"}},
		{`if d["tool_name"] in ("Bash", "Write"):`, []string{"Bash", "Write"}},
		{`jq -e '.tool_name | test("^(Bash|Write)$")'`, []string{"Bash", "Write"}},
		{`[[ $tool =~ ^(Bash|Write)$ ]] && exit 2`, []string{"Bash", "Write"}},
		{`[ "$tool" = Shell ] && exit 2`, []string{"Shell"}},
		{`[[ $tool == execute_bash ]] && exit 2`, []string{"execute_bash"}},
		{`[ "$tool" != Write ] && exit 0`, []string{"Write"}},
		{"case \"$tool\" in\n  Bash|Write) exit 2;;\n  *) exit 0;;\nesac", []string{"Bash", "Write"}},
		{`case "$t" in "Shell") exit 2;; esac`, []string{"Shell"}},
		// Words that are not a test of a value.
		{`echo "Read the docs: Write access denied" >&2; exit 2`, nil},
		{`jq -r .tool_input.command | bash`, nil},
		{`read -r line`, nil},
		{`tool=Bash`, nil},
		{`echo 'Shell command blocked'`, nil},
		{`jq -e '.tool_name == "execute_bash_v2"'`, nil},
		{`Bash) exit 2;;`, nil}, // no case around it
	} {
		got := testedNames(tc.text, []string{"execute_bash", "Bash", "Write", "Shell", "read"})
		if !slices.Equal(got, tc.want) {
			t.Errorf("testedNames(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestToolNameTests converts hooks whose script tests the tool's name
// and checks the HC446 warning: said when the name is the source's and
// the target sends another for that tool, not when both spell it alike,
// the hook tests the target's name too, it does not read the tool's name,
// the target has no such tool, or under the shim.
func TestToolNameTests(t *testing.T) {
	kiro := func(command string) providers.Files {
		return providers.Files{".kiro/agents/a.json": []byte(`{"name": "a", "hooks": {"preToolUse": [{"matcher": "execute_bash", "command": ` + strconv.Quote(command) + `}]}}`)}
	}
	cursor := func(command string) providers.Files {
		return providers.Files{".cursor/hooks.json": []byte(`{"version": 1, "hooks": {"preToolUse": [{"command": ` + strconv.Quote(command) + `}]}}`)}
	}
	claude := func(matcher, command string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [{"matcher": "` + matcher + `", "hooks": [{"type": "command", "command": ` + strconv.Quote(command) + `}]}]}}`)}
	}
	copilot := func(command string) providers.Files {
		return providers.Files{".github/hooks/hooks.json": []byte(`{"version": 1, "hooks": {"PreToolUse": [{"type": "command", "bash": ` + strconv.Quote(command) + `}]}}`)}
	}
	project := fstest.MapFS{
		"guard.py": {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nif d['tool_name'] == 'execute_bash' and 'rm -rf' in d['tool_input']['command']:\n    sys.exit(2)\n")},
	}
	const kiroGuard = `jq -e '.tool_name == "execute_bash" and (.tool_input.command | test("rm -rf"))' >/dev/null && { echo no >&2; exit 2; }; exit 0`
	for _, tc := range []struct {
		name     string
		from, to string
		in       providers.Files
		shim     bool
		want     string // a part of the HC446 warning, "" for none
	}{
		{"kiro to claude", "kiro-agent", "claude-code", kiro(kiroGuard), false,
			`test the tool's name against "execute_bash" (kiro-agent's name for shell; claude-code sends "Bash" and "PowerShell")`},
		{"kiro to gemini", "kiro-agent", "gemini-cli", kiro(kiroGuard), false, `gemini-cli sends "run_shell_command")`},
		{"a script read", "kiro-agent", "codex", kiro("python3 guard.py"), false, `codex sends "Bash")`},
		{"the same name there", "kiro-agent", "kiro", kiro(kiroGuard), false, ""},
		{"tests both", "kiro-agent", "claude-code", kiro(`jq -e '.tool_name == "execute_bash" or .tool_name == "Bash"' && exit 2; exit 0`), false, ""},
		{"reads no tool name", "kiro-agent", "claude-code", kiro(`grep -q "execute_bash" /tmp/log && exit 2; exit 0`), false, ""},
		{"under the shim", "kiro-agent", "claude-code", kiro(kiroGuard), true, ""},
		{"cursor to codex", "cursor", "codex", cursor(`[ "$(jq -r .tool_name)" = Shell ] && exit 2; exit 0`), false,
			`test the tool's name against "Shell" (cursor's name for shell; codex sends "Bash")`},
		// VS Code's names are not in the tables.
		{"to vs code", "claude-code", "vs-code-copilot", claude("Bash", `jq -e '.tool_name == "Bash"' && exit 2; exit 0`), false,
			`vs-code-copilot sends its own name, which hookconv's tools table does not hold`},
		{"claude to codex, same name", "claude-code", "codex", claude("Bash", `jq -e '.tool_name == "Bash"' && exit 2; exit 0`), false, ""},
		{"claude Write to codex", "claude-code", "codex", claude("Write", `jq -e '.tool_name == "Write"' && exit 2; exit 0`), false, `codex sends "apply_patch")`},
		// Codex has no file reading tool: nothing there to guard.
		{"no such tool there", "claude-code", "codex", claude("Read", `jq -e '.tool_name == "Read"' && exit 2; exit 0`), false, ""},
		// One warning for every name a script tests.
		{"several names", "claude-code", "gemini-cli", claude("Bash|Write|Edit", "case \"$(jq -r .tool_name)\" in Bash) exit 2;; Write|Edit) exit 2;; esac"), false,
			`test the tool's name against "Bash" (claude-code's name for shell; gemini-cli sends "run_shell_command"), "Write" (claude-code's name for file_write; gemini-cli sends "write_file") and "Edit" (claude-code's name for file_edit; gemini-cli sends "replace")`},
		// Cursor's Write edits too: the Write branch covers its edits.
		{"the target's name tested for another", "claude-code", "cursor", claude("Write|Edit", `case "$(jq -r .tool_name)" in Write|Edit) exit 2;; esac`), false, ""},
		// Copilot CLI's hooks under Claude Code's event names get
		// Claude's tool names.
		{"copilot under claude's names", "copilot-cli", "gemini-cli", copilot(`jq -e '.tool_name == "Bash"' && exit 2; exit 0`), false,
			`test the tool's name against "Bash" (copilot-cli's name for shell under Claude Code's event names; gemini-cli sends "run_shell_command")`},
		{"copilot under claude's names to claude", "copilot-cli", "claude-code", copilot(`jq -e '.tool_name == "Bash"' && exit 2; exit 0`), false, ""},
		// Windsurf keeps no tool_name: payloadShape says so.
		{"payload elsewhere", "kiro-agent", "windsurf", kiro(kiroGuard), false, ""},
	} {
		src := DecodeSource(tc.from, tc.in)
		src.Scripts = &Scripts{FS: project}
		res := src.Convert(tc.to, nil, Options{Shim: tc.shim})
		var got []string
		for _, d := range res.Diagnostics {
			if d.Code == CodeToolNameTest {
				got = append(got, d.Message)
			}
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: unexpected warning %q", tc.name, got)
		case tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)):
			t.Errorf("%s: got %q, want one warning with %q", tc.name, got, tc.want)
		}
	}
}

// TestToolNameTestsKept checks that migrate --remove-source keeps a guard
// testing the source's tool name (QA: it was removed), and a hook that
// does not block as one the target runs for fewer cases.
func TestToolNameTestsKept(t *testing.T) {
	for _, tc := range []struct {
		name               string
		event              string
		weakened, narrowed bool
	}{
		{"guard", "preToolUse", true, true},
		{"observer", "postToolUse", false, true},
	} {
		in := providers.Files{".kiro/agents/a.json": []byte(`{"name": "a", "hooks": {"` + tc.event + `": [{"matcher": "execute_bash", "command": "jq -e '.tool_name == \"execute_bash\"' >/dev/null && exit 2; exit 0"}]}}`)}
		mig := DecodeSource("kiro-agent", in).Migrate("claude-code", nil, nil)
		if !mig.Migrated[0] || mig.Weakened[0] != tc.weakened || mig.Narrowed[0] != tc.narrowed {
			t.Errorf("%s: migrated %v, weakened %v, narrowed %v, want %v, %v: %v", tc.name, mig.Migrated[0], mig.Weakened[0], mig.Narrowed[0], tc.weakened, tc.narrowed, mig.Diagnostics)
		}
	}
}
