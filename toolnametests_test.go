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
		// A message's words and a comment's are no test (QA).
		{`logger -t guard "Bash"; exit 0`, nil},
		{`[ "$t" = x ] && printf '%s\n' "Shell" >&2`, nil},
		{"if t == 'x':\n    print(\"Bash\")", nil},
		{"# Only act for Cursor's \"Shell\" tool\n[ \"$t\" = x ] && exit 2", nil},
		{`if (t === "x") process.exit(2) /* was "Shell" */`, nil},
		{"[ \"$t\" = \"Bash\" ] && exit 2 # \"Write\" is fine", []string{"Bash"}},
		{`jq -e '.tool_name == "Bash" and (.x | length) # 1' && exit 2`, []string{"Bash"}},
		// A grep's pattern, unquoted.
		{`jq -r .tool_name | grep -qx Shell && exit 2`, []string{"Shell"}},
		{`grep -q Shell /tmp/log`, nil},
	} {
		got := testedNames(blankComments(tc.text), []string{"execute_bash", "Bash", "Write", "Shell", "read"})
		if !slices.Equal(got, tc.want) {
			t.Errorf("testedNames(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestTestedPrefixes(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{`jq -e '.tool_name | test("^fs_")'`, []string{"fs_"}},
		{`[[ $tool == fs_* ]] && exit 2`, []string{"fs_"}},
		{"case $tool in\n  fs_*|execute_*) exit 2 ;;\nesac", []string{"fs_", "execute_"}},
		{`[[ $tool =~ ^fs_ ]] && exit 2`, []string{"fs_"}},
		{`if d["tool_name"].startswith("fs_"):`, []string{"fs_"}},
		{`if (t.startsWith('mcp__')) process.exit(2)`, []string{"mcp__"}},
		{`[[ $tool == mcp__* ]] && exit 2`, []string{"mcp__"}},
		// Not a test of a value by its start.
		{`ls fs_* ; rm -f "$dir"/*`, nil},
		{`echo "^fs_ is a prefix" >&2`, nil},
		{`x=${tool#fs_*}`, nil},
		{"fs_*) exit 2;;", nil}, // no case around it
	} {
		if got := testedPrefixes(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("testedPrefixes(%q) = %q, want %q", tc.text, got, tc.want)
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
		// VS Code's names are in the tables as its hooks get them
		// (toolNames.ts; QA q3 F2: not the docs' runTerminalCommand); it
		// has no web search tool there.
		{"to vs code", "claude-code", "vs-code-copilot", claude("Bash", `jq -e '.tool_name == "Bash"' && exit 2; exit 0`), false,
			`(claude-code's name for shell; vs-code-copilot sends "run_in_terminal")`},
		{"to vs code, a tool not in its table", "claude-code", "vs-code-copilot", claude("WebSearch", `jq -e '.tool_name == "WebSearch"' && exit 2; exit 0`), false,
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
		// Prefixes, globs and MCP names (QA).
		{"a regex prefix", "kiro-agent", "claude-code", kiro(`jq -e '.tool_name | test("^fs_")' >/dev/null && exit 2; exit 0`), false,
			`names starting "fs_" (kiro-agent's fs_read and fs_write, for file_read, file_write and file_edit; claude-code sends "Read", "Write" and "Edit")`},
		{"a case glob", "kiro-agent", "gemini-cli", kiro("case $(jq -r .tool_name) in fs_*|execute_*) exit 2;; esac"), false, `names starting "execute_"`},
		{"startswith", "kiro-agent", "codex", kiro("python3 -c 'import json,sys; sys.exit(2 if json.load(sys.stdin)[\"tool_name\"].startswith(\"execute_\") else 0)'"), false, `names starting "execute_"`},
		{"a prefix of both", "claude-code", "codex", claude("", `[[ $(jq -r .tool_name) == B* ]] && exit 2`), false, ""},
		{"a prefix the target's too", "kiro-agent", "claude-code", kiro(`t=$(jq -r .tool_name); [[ $t == fs_* || $t == Write ]] && exit 2`), false, ""},
		{"a grep pattern", "cursor", "codex", cursor(`jq -r .tool_name | grep -qx Shell && exit 2; exit 0`), false, `"Shell" (cursor's name for shell; codex sends "Bash")`},
		{"an mcp name", "claude-code", "gemini-cli", claude("mcp__github__.*", `[ "$(jq -r .tool_name)" = "mcp__github__push_files" ] && exit 2; exit 0`), false,
			`"mcp__github__push_files" (claude-code's name for the MCP tool push_files of server github; gemini-cli sends "mcp_github_push_files")`},
		{"an mcp name to cursor", "claude-code", "cursor", claude("mcp__github__.*", `[ "$(jq -r .tool_name)" = "mcp__github__push_files" ] && exit 2; exit 0`), false, `cursor sends "MCP:push_files"`},
		{"an mcp name the same there", "claude-code", "codex", claude("mcp__github__.*", `[ "$(jq -r .tool_name)" = "mcp__github__push_files" ] && exit 2; exit 0`), false, ""},
		{"kiro's mcp name", "kiro-agent", "claude-code", kiro(`[ "$(jq -r .tool_name)" = "@github/push_files" ] && exit 2; exit 0`), false, `claude-code sends "mcp__github__push_files"`},
		{"every mcp tool", "claude-code", "kiro-agent", claude("", `[[ $(jq -r .tool_name) == mcp__* ]] && exit 2; exit 0`), false,
			`names starting "mcp__" (claude-code's mcp__{server}__{tool}, for MCP tools; kiro-agent sends MCP tools as @{server}/{tool})`},
		// Cursor's Write also edits; Claude Code sends Edit for those
		// calls, which a test of Write alone misses (QA).
		{"same name, fewer jobs", "cursor", "claude-code", cursor(`[ "$(jq -r .tool_name)" = "Write" ] || exit 0; exit 2`), false,
			`"Write" (cursor's name for file_write and file_edit; claude-code sends "Write" and "Edit" for them): such a test is true there for some of those calls only`},
		{"same name, the others tested", "cursor", "claude-code", cursor(`case "$(jq -r .tool_name)" in Write|Edit) exit 2;; esac`), false, ""},
		// An allow-list (QA W2): the tools it lets through early are
		// checked as any other there.
		{"an allow-list", "claude-code", "gemini-cli", claude("", "t=$(jq -r .tool_name)\ncase $t in\n  Read|Grep|Glob) exit 0 ;;\nesac\njq -e '.tool_input | tostring | test(\"secret\")' >/dev/null && exit 2\nexit 0"), false,
			`no such test is true there, so a hook that lets those tools through early (an allow-list) now treats their calls as any other's`},
		{"a guard and an allow-list", "claude-code", "gemini-cli", claude("", "case $(jq -r .tool_name) in\n  Read) exit 0 ;;\n  Bash) exit 2 ;;\nesac"), false,
			`no such test is true there: where the hook lets such a tool through early, it now checks its calls as any other's; where it guards the tool, it lets every such call through`},
		// An exit 0 after || runs for the other tools: a guard (QA's A5).
		{"a guard by ||", "claude-code", "gemini-cli", claude("Write", `[ "$(jq -r .tool_name)" = "Write" ] || exit 0; echo no >&2; exit 2`), false,
			`no such test is true there, so a guard lets every such call through`},
		// Kiro's read, write and shell are categories, never a tool_name.
		{"kiro's category words", "kiro-agent", "claude-code", kiro(`[ "$(jq -r .tool_name)" = "execute_bash" ] || exit 0; case "$mode" in read) exit 0;; esac; exit 2`), false, `"execute_bash"`},
		// Windsurf keeps no tool_name: payloadShape says so.
		{"payload elsewhere", "kiro-agent", "windsurf", kiro(kiroGuard), false, ""},
	} {
		src := DecodeSource(tc.from, tc.in)
		src.Scripts = &Scripts{FS: project}
		res := src.Convert(tc.to, nil, Options{Shim: tc.shim})
		checkOneWarning(t, tc.name, messagesOf(withCode(res.Diagnostics, CodeToolNameTest)), tc.want)
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
		{"prefix guard", "preToolUse-prefix", true, true},
		{"observer", "postToolUse", false, true},
	} {
		command := `jq -e '.tool_name == \"execute_bash\"' >/dev/null && exit 2; exit 0`
		event, prefix := strings.CutSuffix(tc.event, "-prefix")
		if prefix {
			command = `jq -e '.tool_name | test(\"^fs_\")' >/dev/null && exit 2; exit 0`
		}
		in := providers.Files{".kiro/agents/a.json": []byte(`{"name": "a", "hooks": {"` + event + `": [{"command": "` + command + `"}]}}`)}
		mig := DecodeSource("kiro-agent", in).Migrate("claude-code", nil, nil)
		if !mig.Migrated[0] || mig.Weakened[0] != tc.weakened || mig.Narrowed[0] != tc.narrowed {
			t.Errorf("%s: migrated %v, weakened %v, narrowed %v, want %v, %v: %v", tc.name, mig.Migrated[0], mig.Weakened[0], mig.Narrowed[0], tc.weakened, tc.narrowed, mig.Diagnostics)
		}
	}
}
