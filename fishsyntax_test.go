package hookconv

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// fishCases are command lines fish reads or cannot, each run by hand in
// fish 3.6.0 (fish -lc, and fish -n -c) and bash 5 (bash -c): want is
// what fishUnreadableSyntax names, parse whether fish 3.6 stops at it
// before running anything (fish -n -c prints the error; fish -c then
// exits 0, 127 from 3.7). The others flagged fish reads as something
// else: `date` is text, [[ an unknown command (exit 127), { …; } one
// before fish 4.1 (exit 127), <( … ) a redirection from a file named by
// the output (exit 1). bash reads every one.
var fishCases = []struct {
	text, want string
	parse      bool
}{
	// $( … ) where a program is named: "command substitutions not allowed
	// here" (what hookconv wrote for Codex before env).
	{`"$(git rev-parse --show-toplevel)"/.codex/hooks/guard.sh`, "$( … ) naming the program", true},
	{`$(git rev-parse --show-toplevel)/g.sh --flag`, "$( … ) naming the program", true},
	{`exec "$(pwd)"/g.sh`, "$( … ) naming the program", true},
	{`V=1 "$(pwd)"/g.sh`, "$( … ) naming the program", true},
	{`true && "$(pwd)"/g.sh`, "$( … ) naming the program", true},
	{`( cd sub && ./g.sh )`, "a subshell ( … )", true},
	{`(( 1 + 1 ))`, "a subshell ( … )", true},
	{`f() { echo y; }; f`, "a function name()", true},
	// sh's keywords: "Missing end to balance this if statement", "'case'
	// builtin not inside of switch block".
	{`if [ -f x ]; then exit 2; fi`, "if … then … fi", true},
	{`for f in a b; do echo "$f"; done`, "do … done", true},
	{`echo x | while read -r l; do echo "$l"; done`, "do … done", true},
	{`case "$x" in a) exit 2;; esac`, "case … esac", true},
	{`echo "$(if true; then echo y; fi)"`, "if … then … fi", true},
	// A $ before no variable name: "Variables cannot be bracketed", "$?
	// is not the exit status", "Expected a variable name after this $".
	{`echo ${HOME}`, "${…}", true},
	{`echo "${HOME:-/}x"`, "${…}", true},
	{`false; exit $?`, "$?", true},
	{`echo "$$"`, "$$", true},
	{`[ $# -eq 0 ] && exit 2`, "$#", true},
	{`echo "$@" "$*"`, "$@", true},
	{`echo $'a\tb'`, "$'…'", true},
	{`grep -q "rm -rf /$"`, "a $ before no name", true},
	{`echo $((1 + 2))`, "$(( … ))", true},
	{`echo "$(echo $?)"`, "$?", true},
	// Redirections fish has no such form of: "Expected a string, but
	// found a redirection", "|& is not valid".
	{"cat <<EOF\n{\"decision\": \"block\"}\nEOF", "a here-document (<<)", true},
	{"cat <<EOF\nit's\nEOF", "a here-document (<<)", true}, // its text pairs no quotes
	{`grep -q x <<< "$y"`, "a here-string (<<<)", true},
	{`./g.sh |& tee log`, "|&", true},
	// QA: fish reads a command's redirections after its program only.
	{`2>/dev/null ./g.sh`, "a redirection before the program", true},
	{`true && </dev/stdin ./g.sh`, "a redirection before the program", true},
	{`./g.sh 1<>log`, "<> (read and write)", true},
	{`./g.sh > >(tee log)`, ">( … )", true},
	{`./g.sh 2>/dev/null </dev/stdin >&2`, "", false},
	// QA: an argument that is sh's keyword, and a line going on after a
	// backslash, start no command.
	{`echo nothing to do >&2; exit 2`, "", false},
	{`echo what else >/dev/null`, "", false},
	{"./g.sh \\\n  2>/dev/null", "", false},
	{"./g.sh\n2>/dev/null ./g.sh", "a redirection before the program", true},
	// "Unsupported use of '='. In fish, please use 'set out $(./g.sh)'".
	{`out=$(./g.sh); echo "$out"`, "an assignment alone (NAME=value)", true},
	// Read otherwise.
	{"echo `date`", "`…`", false},
	{`[[ -n "$x" ]] && exit 2`, "[[ … ]]", false},
	{`grep -q 'rm -rf' && { echo no >&2; exit 2; }`, "{ …; } (before fish 4.1)", false},
	{`diff <(echo a) <(echo b)`, "<( … )", false},
	// fish 3.4 and later read these as sh does.
	{`./hooks/guard.sh`, "", false},
	{`env "$(git rev-parse --show-toplevel)"/.codex/hooks/guard.sh`, "", false},
	{`python3 "$(git rev-parse --show-toplevel)/g.py"`, "", false},
	{`cd "$(git rev-parse --show-toplevel)" && ./g.sh || exit 2`, "", false},
	{`jq -r '.tool_input.command' | grep -q 'rm -rf' && echo no >&2 && exit 2; exit 0`, "", false},
	{`./g.sh 2>&1 | tee /dev/stderr; ./h.sh &> /dev/null`, "", false},
	{`V=1 ./g.sh; export W=2; ! ./h.sh && exit 2`, "", false},
	{"echo '${HOME} $? `x` <<'", "", false},
	{`echo \${HOME} \$? "\$"`, "", false},
	{`echo "\$$"`, "a $ before no name", true}, // sh reads a $ before " as text
	{`./g.sh # ${HOME} $?`, "", false},
	{`echo $1 $HOME $_ "$PWD/x"`, "", false},
	{`npx prettier --check --config=x.json . && echo x=y`, "", false},
	{`echo {a,b} then fi`, "", false},
	{`echo 'unbalanced ${HOME}`, "", false}, // not judged
}

// TestFishUnreadable: fishUnreadableSyntax names the first construct
// fish cannot read, and nothing in what it reads as sh does (fishCases).
func TestFishUnreadable(t *testing.T) {
	for _, tc := range fishCases {
		if got := fishUnreadableSyntax(tc.text); got != tc.want {
			t.Errorf("fishUnreadableSyntax(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestFishCasesInFish checks fishCases against the shells installed:
// fish (3.4 or later) stops at each case marked parse before running
// anything (fish -n reports it) and at no case it reads, and bash reads
// every one.
func TestFishCasesInFish(t *testing.T) {
	home := t.TempDir() // no user's config.fish
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home)
	fish, err := exec.LookPath("fish")
	if err == nil {
		cmd := exec.Command(fish, "-c", "echo $(echo ok)")
		cmd.Env = env
		if out, _ := cmd.Output(); strings.TrimSpace(string(out)) != "ok" {
			err = exec.ErrNotFound // before 3.4: $( … ) is no syntax at all
		}
	}
	bash, berr := exec.LookPath("bash")
	if err != nil && berr != nil {
		t.Skip("neither fish 3.4+ nor bash")
	}
	for _, tc := range fishCases {
		if tc.want == "" && strings.Contains(tc.text, "unbalanced") {
			continue
		}
		if err == nil {
			cmd := exec.Command(fish, "-n", "-c", tc.text)
			cmd.Env = env
			out, _ := cmd.CombinedOutput()
			if stops := len(strings.TrimSpace(string(out))) > 0; stops != tc.parse {
				t.Errorf("fish -n -c %q: stops %v, want %v: %s", tc.text, stops, tc.parse, out)
			}
		}
		if berr == nil {
			if out, err := exec.Command(bash, "-n", "-c", tc.text).CombinedOutput(); err != nil {
				t.Errorf("bash -n -c %q: %v: %s", tc.text, err, out)
			}
		}
	}
}

// TestFishUnreadableNote: HC442 is said once per conversion to Codex,
// for the command hooks fish cannot read: a warning when one blocks, an
// info when none does; naming the first three and how many more, at the
// first. Not for another target, not from Codex, not under the shim, not
// for a command a shim wraps; a Linux override is read for the command.
func TestFishUnreadableNote(t *testing.T) {
	claude := func(hooks ...string) providers.Files {
		return providers.Files{".claude/settings.json": []byte(`{"hooks": {` + strings.Join(hooks, ", ") + `}}`)}
	}
	pre := func(commands ...string) string {
		var hs []string
		for _, c := range commands {
			hs = append(hs, `{"type": "command", "command": `+strconv.Quote(c)+`}`)
		}
		return `"PreToolUse": [{"matcher": "Bash", "hooks": [` + strings.Join(hs, ", ") + `]}]`
	}
	post := func(command string) string {
		return `"PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": ` + strconv.Quote(command) + `}]}]`
	}
	tests := []struct {
		name     string
		from, to string
		in       providers.Files
		shim     bool
		severity string // "" for none
		message  string
	}{
		{"a blocking guard", "claude-code", "codex", claude(pre(`if grep -q rm; then exit 2; fi`)), false, "warning",
			"1 command hook(s) use syntax fish cannot read (hook 1: if … then … fi); OpenAI Codex CLI runs a hook's command with the user's login shell ($SHELL -lc), and where that is fish the command fails (for most of these, fish runs none of it and exits 0, or 127 from fish 3.7): it is a blocking hook, and a guard that never runs lets every action through"},
		{"observing hooks", "claude-code", "codex", claude(post(`echo ${HOME}`)), false, "info",
			"1 command hook(s) use syntax fish cannot read (hook 1: ${…}); "},
		{"the first three and more", "claude-code", "codex", claude(pre(`echo $?`, `./ok.sh`, "echo `x`", `[[ -n x ]]`, `echo $$`, `cat <<< x`)), false, "warning",
			"5 command hook(s) use syntax fish cannot read (hook 1: $?; hook 3: `…`; hook 4: [[ … ]] and 2 more); "},
		{"read alike", "claude-code", "codex", claude(pre(`"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh`, `jq -r .tool_input.command | grep -q rm && exit 2; exit 0`)), false, "", ""},
		{"the shim", "claude-code", "codex", claude(pre(`if true; then exit 2; fi`)), true, "", ""},
		{"a target that runs bash", "claude-code", "gemini-cli", claude(pre(`if true; then exit 2; fi`)), false, "", ""},
		{"from Codex", "codex", "claude-code", providers.Files{".codex/hooks.json": []byte(`{"hooks": {` + pre(`if true; then exit 2; fi`) + `}}`)}, false, "", ""},
		// It fails in every shell, as HC424 says (QA).
		{"a plugin's folder", "claude-code", "codex", claude(pre(`"${CLAUDE_PLUGIN_ROOT}/g.sh"`)), false, "", ""},
		{"wrapped by a shim", "claude-code", "codex", claude(pre(`hookconv run --provider claude-code --event before_tool_execute --blocking -- bash -c 'if true; then exit 2; fi'`)), false, "", ""},
	}
	for _, tt := range tests {
		res := DecodeSource(tt.from, tt.in).Convert(tt.to, nil, Options{Shim: tt.shim})
		var got []diag.Diagnostic
		for _, d := range res.Diagnostics {
			if d.Code == CodeFishSyntax {
				got = append(got, d)
			}
		}
		switch {
		case tt.severity == "" && len(got) > 0:
			t.Errorf("%s: unexpected %v", tt.name, got)
		case tt.severity != "" && (len(got) != 1 || got[0].Severity.String() != tt.severity || !strings.HasPrefix(got[0].Message, tt.message)):
			t.Errorf("%s: got %v, want one %s starting %q", tt.name, got, tt.severity, tt.message)
		}
	}
	// A Linux override is what runs on Linux.
	h := canonical.Hook{Event: "before_tool_execute", Blocking: true, Handler: canonical.Handler{Type: canonical.HandlerCommand,
		Command: "./g.sh", Platform: map[string]string{"linux": "[ $# -gt 0 ]", "windows": "if x then y fi"}}}
	m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
	ds, about := fishUnreadable(m, "claude-code", "codex")
	if len(ds) != 1 || ds[0].Path != "hooks[0].handler.platform.linux" || !strings.Contains(ds[0].Message, "hook 1: $#") || len(about) != 1 || len(about[0]) != 1 {
		t.Errorf("linux override: %v, %v", ds, about)
	}
}
