package hookconv

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// zshCases are command lines zsh reads as sh and bash do or otherwise,
// each run by hand in zsh 5.9 (zsh -c, HOME an empty folder, in an empty
// folder), bash 5.2 (bash -c) and dash 0.5.12 (dash -c): want is what
// zshOtherwiseSyntax names; each flagged case prints or exits otherwise
// in zsh than in bash, each other case alike (TestZshCasesInZsh checks
// both against the shells installed). sh says dash runs it as bash does
// (POSIX sh syntax, read otherwise by zsh alone); the rest are bash's,
// which dash fails at as well (HC439), but macOS's sh, bash, reads.
var zshCases = []struct {
	text, want string
	sh         bool
}{
	// EQUALS: a word opening with = is the path of the program it names;
	// == names none ("zsh: = not found") and ends the shell with exit 1,
	// a builtin's argument or not: the guard never blocks. (dash's test
	// has no == either: "unexpected operator".)
	{`x=Bash; [ "$x" == "Bash" ] && exit 2; exit 0`, `== in [ ] ("= not found" in zsh)`, false},
	{`test a == a && echo same`, `== in test ("= not found" in zsh)`, false},
	{`echo ===== lint =====; exit 2`, `=====, a word opening with = (a program's path in zsh, or "not found")`, true},
	{`echo =ls`, `=ls, a word opening with = (a program's path in zsh, or "not found")`, true},
	{`x==y; echo "$x"`, `x==y, a value opening with = (a program's path in zsh, or "not found")`, true},
	// NOMATCH: a glob matching nothing is "no matches found": no command
	// runs (status 1), and where it is a builtin's (echo, [, for), the
	// shell ends with exit 1 (sh passes the word on as written). The
	// reason of echo [BLOCKED] … >&2; exit 2 is never written, and the
	// shell exits 1: the guard lets the call through.
	{`echo [BLOCKED] no rm -rf >&2; exit 2`, `[BLOCKED], a glob ("no matches found" in zsh where none matches)`, true},
	{`echo Are you sure? >&2; exit 2`, `sure?, a glob ("no matches found" in zsh where none matches)`, true},
	{`echo '{"a": [1]}' | jq -r .a[0]`, `.a[0], a glob ("no matches found" in zsh where none matches)`, true},
	{`grep -qs secret *.env; echo "grep: $?"`, `*.env, a glob ("no matches found" in zsh where none matches)`, true},
	{`for f in *.py; do echo "$f"; done`, `*.py, a glob ("no matches found" in zsh where none matches)`, true},
	{`echo "$(echo tr -d [:space:])"`, `[:space:], a glob ("no matches found" in zsh where none matches)`, true},
	{`x=a; case $x in (a) echo [x];; esac`, `[x], a glob ("no matches found" in zsh where none matches)`, true},
	{`curl -fsS http://127.0.0.1:9/x?a=1; echo "curl: $?"`, `http://127.0.0.1:9/x?a=1, a glob ("no matches found" in zsh where none matches)`, true},
	// SH_WORD_SPLIT is off: $FILES is one word, the loop runs once.
	{`FILES="a.env b.txt"; for f in $FILES; do case "$f" in *.env) echo "no $f" >&2; exit 2;; esac; done`, "for … in $VAR (zsh splits no variable into words)", true},
	{`X="a b"; for f in x ${X}; do echo "<$f>"; done`, "for … in $VAR (zsh splits no variable into words)", true},
	// GLOB_SUBST is off: a variable's value is text, not a pattern, in
	// [[ ]] and case (QA): the guard never matches.
	{`cmd="rm -rf /"; for p in 'rm -rf *' '*DROP*'; do [[ $cmd == $p ]] && { echo blocked; exit 2; }; done`, "$p, a pattern held in a variable (zsh matches its value as text, not as a pattern)", false},
	{`p='rm*'; [[ rm != ${p} ]] && echo differs`, "${p}, a pattern held in a variable (zsh matches its value as text, not as a pattern)", false},
	{`pat='*.env'; case a.env in x|$pat) echo protected; exit 2;; esac`, "$pat, a pattern held in a variable (zsh matches its value as text, not as a pattern)", true},
	{`x="a b"; set -- $x; [ "$#" -eq 2 ] || { echo split; exit 2; }`, "set -- $VAR (zsh splits no variable into words)", true},
	{`let x=2*3; echo "$x"`, `x=2*3, a glob ("no matches found" in zsh where none matches)`, false},
	{`arr=(*.ts); echo "${#arr[@]}"`, `arr=(*.ts), a glob ("no matches found" in zsh where none matches)`, false},
	{`export FOO==bar; echo "<$FOO>"`, `FOO==bar, a value opening with = (a program's path in zsh, or "not found")`, true},
	{`echo hi | { read -p "x> " v; echo "<$v>"; }`, "read -p (zsh's reads from a coprocess)", true},
	{`type -P sh >/dev/null || { echo no sh; exit 2; }`, "type -P (a bad option in zsh)", false},
	{`compgen -A builtin echo`, "compgen (no builtin of zsh)", false},
	{`f() { declare -n r=HOME; echo "<$r>"; }; f`, "declare -n (a bad option in zsh)", false},
	// bash's arrays: empty in zsh ($pipestatus, $match), or from 1.
	{`false | true; [ "${PIPESTATUS[0]}" -eq 0 ] || echo failed`, "${PIPESTATUS[…]} (zsh has $pipestatus, from 1)", false},
	{`false | true; echo "$PIPESTATUS"`, "${PIPESTATUS[…]} (zsh has $pipestatus, from 1)", false},
	{`[[ ab =~ a(b) ]] && echo "${BASH_REMATCH[1]}"`, "BASH_REMATCH (zsh has $match)", false},
	{`a=(x y); echo "${a[0]}"`, "${name[N]} (zsh counts from 1)", false},
	{`a=(x y); i=0; echo "${a[$i]}"`, "${name[N]} (zsh counts from 1)", false},
	{`a=(x y); for ((i=0;i<2;i++)); do echo "${a[i]}"; done`, "${name[N]} (zsh counts from 1)", false},
	{`a=(x y); echo "${a[@]}" "${a[*]}" "${a[@]:1}" "${#a[@]}"`, "", false},
	{`a=(x y z); echo "${a[-1]}"`, "", false},
	{`declare -A m; m[k]=v; i=k; echo "${m[k]}" "${m[$i]}"`, "", false},
	{`typeset -A m; a=(x y); m[k]=v; echo "${m[k]}" "${a[1]}"`, "${name[N]} (zsh counts from 1)", false},
	{`a=(xx y); echo "${#a[0]}"`, "${name[N]} (zsh counts from 1)", false},
	{`a=(x y z); i=1; n=2; echo "${a[-i]}" "${a[-$n]}" "${a[ -1 ]}"`, "", false},
	{`declare -g -A m; declare -A -g p; m[k]=v; p[k]=w; echo "${m[k]}" "${p[k]}"`, "", false},
	{`declare -A m n; m[k]=v; n[j]=w; echo "${m[k]}" "${n[j]}"`, "", false},
	// An associative array's quoted key: bash takes it without the
	// quotes, zsh with them.
	{`declare -A m; m[k]=v; echo "<${m["k"]}>"`, `${name["key"]} (zsh keeps the quotes in the key)`, false},
	{`declare -A m; m[k]=v; echo "<${m['k']}>"`, `${name["key"]} (zsh keeps the quotes in the key)`, false},
	{`typeset -A m; k=k; m[$k]=v; echo "<${m["$k"]}>"`, `${name["key"]} (zsh keeps the quotes in the key)`, false},
	{`declare -A m; m["k"]=v; echo "<${m[k]}>"`, `${name["key"]} (zsh keeps the quotes in the key)`, false},
	{`declare -A m; m['k']+=v; echo "<${m[k]}>"`, `${name["key"]} (zsh keeps the quotes in the key)`, false},
	{`declare -A m; m[k]=v; x="[k]"; echo "<${m[k]}>" "$x" '${m["k"]}'`, "", false},
	// bash's expansions: "bad substitution", the shell ends (exit 1).
	{`x=HOME; echo "${!x}"`, "${!name} (bad substitution in zsh)", false},
	{`x=Bash; [ "${x,,}" = bash ] && echo same`, "${name,,} or ${name^^} (bad substitution in zsh)", false},
	{`x=a; echo ${x@Q}`, "${name@…} (bad substitution in zsh)", false},
	// bash's builtins and options: "bad option: -a", "command not found".
	{`read -ra w <<< "a b"; echo "${#w[@]}"`, "read -a (zsh has read -A)", false},
	{`IFS=, read -r -a w <<< "a,b"; echo "${#w[@]}"`, "read -a (zsh has read -A)", false},
	{`shopt -q nocasematch; echo "$?"`, "shopt (no builtin of zsh)", false},
	{`readarray -t l <<< "a"; echo "${#l[@]}"`, "readarray (no builtin of zsh)", false},
	{`mapfile -t l <<< "a"; echo "${#l[@]}"`, "mapfile (no builtin of zsh)", false},

	// Read alike: quoted, in [[ ]], (( )) or a case pattern, arithmetic,
	// = in [ ], a $( … ) zsh splits too, an assignment's value.
	{`[ a = a ] && [ a != b ] && exit 2`, "", true},
	{`[[ a == a ]] && [[ x.py == *.py ]] && exit 2`, "", false},
	{`case x.py in *.py|[ab]?) echo py;; esac`, "", true},
	{`echo $(( 2 * 3 )); (( 2 * 3 == 6 )) && echo y`, "", false},
	{`for ((i = 0; i < 2*1; i++)); do echo "$i"; done`, "", false},
	{`x=abc; echo ${x%?} ${x#*b} $? $#`, "", true},
	// A ${ … } is one word, blanks and all, its * an operator's (QA).
	{`cmd="rm -rf x"; first=${cmd%% *}; echo ${cmd%% *} "$first"; case ${cmd%% *} in rm) echo rm;; esac; x=${HOME:-a b?}`, "", true},
	{`p='*.py'; [[ x.py == "$p" ]] || echo literal; case x.py in "$p") echo no;; esac; p=.py; case x.py in *$p) echo py;; esac; set -- "$p"`, "", true},
	{`export X=*.nomatch; readonly Y=[x]; echo "$X $Y"`, "", true},
	{`for f in $(echo a b) "$@"; do echo "<$f>"; done`, "", true},
	{`x="a b"; for f in "$x"; do echo "<$f>"; done`, "", true},
	{`echo '[INFO] *.py == =x' "sure? $HOME" \[x\] \* \=\=`, "", true},
	{`echo '{"a": [1]}' | jq -r '.a[0]'`, "", true},
	{`a=(x y); echo "${a[@]}" "${#a[@]}"; x=AbC; echo "${x:0:2}" "${x//b/B}"`, "", false},
	{`x=*.nomatch; echo "$x"; echo = a = b`, "", true},
	{"cat <<'EOF'\n[INFO] == *.py\nEOF", "", true},
	{`echo ok # [INFO] == *.py`, "", true},
	{`set -o pipefail; false | true; echo $?`, "", false},
	{`read -r a b <<< "x y"; echo "$b"; echo "${HOME:+set}"`, "", false},
	{`[ -f x ] || echo nofile; [[ -n x ]] && echo y`, "", false},
	{`"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`, "", true},
	// bash's own syntax zsh reads as bash does (dash does not: HC439).
	{`diff <(echo a) <(echo a) && echo same`, "", false},
	{`echo x &> /dev/null; echo "rc=$?"`, "", false},
	{`f() { local x=1; echo "$x"; }; f`, "", true},
	{`declare -A m; m[k]=v; echo "${m[k]}"`, "", false},
	{`trap 'echo trapped' ERR; false; echo after`, "", false},
	{`printf -v v %s hi; echo "$v"`, "", false},
}

// TestZshOtherwise: zshOtherwiseSyntax names the first construct zsh
// reads otherwise, and nothing in what it reads as sh and bash do
// (zshCases).
func TestZshOtherwise(t *testing.T) {
	for _, tc := range zshCases {
		if got := zshOtherwiseSyntax(tc.text); got != tc.want {
			t.Errorf("zshOtherwiseSyntax(%q) = %q, want %q", tc.text, got, tc.want)
		}
		if read := readZshOtherwise(tc.text); read != tc.want {
			t.Errorf("readZshOtherwise(%q) = %q, want %q", tc.text, read, tc.want)
		}
	}
}

// FuzzZshOtherwise: the prefilter never hides what the reading finds,
// and neither panics.
func FuzzZshOtherwise(f *testing.F) {
	for _, tc := range zshCases {
		f.Add(tc.text)
	}
	for _, seed := range []string{"a[", "x[ y", "echo $$*", "(a)=x", "`=x`", "[[x", "echo \\\n=x", "case $x in (a) b;; esac", "for ((i=0;i<2*n;i++))"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if found := readZshOtherwise(text); found != "" && !mayBeZshOtherwise(text) {
			t.Errorf("mayBeZshOtherwise(%q) = false, but the reading finds %s", text, found)
		}
	})
}

// TestZshCasesInZsh checks zshCases against the shells installed: zsh
// (with -c, as Codex runs it, no user's rc files, in an empty folder)
// prints or exits otherwise than bash for each flagged case and alike for
// each other, bash --posix (macOS's sh) as bash, and dash as bash for
// each case marked sh.
func TestZshCasesInZsh(t *testing.T) {
	zsh, zerr := exec.LookPath("zsh")
	bash, berr := exec.LookPath("bash")
	if zerr != nil || berr != nil {
		t.Skip("needs zsh and bash")
	}
	dash, derr := exec.LookPath("dash")
	home, dir := t.TempDir(), t.TempDir() // no .zshrc; no file a glob matches
	env := append(os.Environ(), "HOME="+home, "ZDOTDIR="+home, "CLAUDE_PROJECT_DIR="+dir)
	run := func(args ...string) string {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.Output()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		}
		return strconv.Itoa(code) + ": " + string(bytes.TrimSpace(out))
	}
	for _, tc := range zshCases {
		z, b := run(zsh, "-c", tc.text), run(bash, "-c", tc.text)
		t.Logf("%q: zsh %q, bash %q", tc.text, z, b)
		// macOS's sh is bash in POSIX mode, which reads each case as bash.
		if p := run(bash, "--posix", "-c", tc.text); p != b {
			t.Errorf("%q: bash --posix %q, bash %q", tc.text, p, b)
		}
		if differs := z != b; differs != (tc.want != "") {
			t.Errorf("%q: zsh %q, bash %q: differ %v, want %v", tc.text, z, b, differs, tc.want != "")
		}
		if derr == nil {
			if d := run(dash, "-c", tc.text); (d == b) != tc.sh {
				t.Errorf("%q: dash %q, bash %q: alike %v, want %v", tc.text, d, b, d == b, tc.sh)
			}
		}
	}
}

// TestZshOtherwiseNote: HC443 is said once per conversion to Codex, for
// the command hooks zsh reads otherwise: a warning when one blocks, an
// info when none does.
// Not for another target, not from Codex, not under the shim, not for a
// command a shim wraps, a plugin's folder or a PowerShell command.
func TestZshOtherwiseNote(t *testing.T) {
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
		return `"PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": ` + strconv.Quote(command) + `}]}]`
	}
	guard := `[ "$(jq -r .tool_name)" == "Bash" ] && echo no >&2 && exit 2`
	tests := []struct {
		name     string
		from, to string
		in       providers.Files
		shim     bool
		severity string // "" for none
		message  string
	}{
		{"a blocking guard", "claude-code", "codex", claude(pre(guard)), false, "warning",
			`1 command hook(s) use syntax zsh reads otherwise (hook 1: == in [ ] ("= not found" in zsh)); OpenAI Codex CLI runs a hook's command with the shell of the user's account, zsh by default on macOS (also where the account's shell is one it does not know, such as fish), and in zsh the command stops early or runs otherwise than in sh or bash: it is a blocking hook, and a guard that stops early or runs otherwise can let every action through`},
		{"observing hooks", "claude-code", "codex", claude(post(`npx prettier --write src/*.ts`)), false, "info",
			`1 command hook(s) use syntax zsh reads otherwise (hook 1: src/*.ts, a glob ("no matches found" in zsh where none matches)); `},
		{"the first three and more", "gemini-cli", "codex", providers.Files{".gemini/settings.json": []byte(`{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [` +
			`{"type": "command", "command": "echo [x]"}, {"type": "command", "command": "./ok.sh"}, {"type": "command", "command": "test a == b"}, {"type": "command", "command": "echo ${a[0]}"}, {"type": "command", "command": "shopt -s extglob"}]}]}}`)}, false, "warning",
			`4 command hook(s) use syntax zsh reads otherwise (hook 1: [x], a glob ("no matches found" in zsh where none matches); hook 3: == in test ("= not found" in zsh); hook 4: ${name[N]} (zsh counts from 1) and 1 more); `},
		{"read alike", "claude-code", "codex", claude(pre(`"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh`, `[[ "$(jq -r .tool_name)" == Bash ]] && exit 2; exit 0`)), false, "", ""},
		{"the shim", "claude-code", "codex", claude(pre(guard)), true, "", ""},
		{"a target that runs bash", "claude-code", "gemini-cli", claude(pre(guard)), false, "", ""},
		{"from Codex", "codex", "claude-code", providers.Files{".codex/hooks.json": []byte(`{"hooks": {` + pre(guard) + `}}`)}, false, "", ""},
		{"a plugin's folder", "claude-code", "codex", claude(pre(`"${CLAUDE_PLUGIN_ROOT}/g.sh" *.env`)), false, "", ""},
		{"wrapped by a shim", "claude-code", "codex", claude(pre(`hookconv run --provider claude-code --event before_tool_execute --blocking -- bash -c '[ a == a ] && exit 2'`)), false, "", ""},
		{"PowerShell", "claude-code", "codex", claude(`"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "shell": "powershell", "command": "Get-ChildItem *.env"}]}]`), false, "", ""},
	}
	for _, tt := range tests {
		res := DecodeSource(tt.from, tt.in).Convert(tt.to, nil, Options{Shim: tt.shim})
		var got []diag.Diagnostic
		for _, d := range res.Diagnostics {
			if d.Code == CodeZshSyntax {
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
	// migrate --remove-source keeps the blocking guard zsh reads
	// otherwise (weakened), not its twin in [[ ]], nor the hook that only
	// observes, of which the note speaks too.
	mig := DecodeSource("claude-code", claude(pre(guard, `[[ "$(jq -r .tool_name)" == Bash ]] && echo no >&2 && exit 2`), post(`echo [x]`))).Migrate("codex", nil, nil)
	if want := []bool{true, false, false}; !slices.Equal(mig.Weakened, want) {
		t.Errorf("weakened %v, want %v: %v", mig.Weakened, want, mig.Diagnostics)
	}
	if slices.Contains(mig.Altered, true) || slices.Contains(mig.Narrowed, true) {
		t.Errorf("altered %v, narrowed %v, want none", mig.Altered, mig.Narrowed)
	}
}

// BenchmarkZshOtherwiseLargeCase reads a hook's command holding one case
// of thousands of arms, at two sizes: the time must grow as the text
// does (QA: each arm looked for the esac anew, and a 1 MB case took 70 s).
func BenchmarkZshOtherwiseLargeCase(b *testing.B) {
	for _, n := range []int{5000, 20000} {
		var text strings.Builder
		text.WriteString("./fails.sh; case $? in 0) exit 0;; ")
		for i := range n {
			fmt.Fprintf(&text, "%d) exit 1;; ", i+3)
		}
		text.WriteString("*) exit 2;; esac")
		command := text.String()
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(command)))
			for b.Loop() {
				zshOtherwiseSyntax(command)
			}
		})
	}
}
