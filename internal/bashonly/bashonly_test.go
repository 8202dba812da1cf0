package bashonly

import (
	"strings"
	"testing"
)

// TestBashOnly: the syntax only bash reads is found where it stands in a
// command line, and POSIX commands (quotes, brace groups, $(( )),
// ${v:-x}, . file, bash -c '…') are left alone: a warning on a POSIX
// command is as wrong as a silent bash one.
func TestBashOnly(t *testing.T) {
	for _, tc := range []struct {
		command string
		want    string // a part of the construct's name; "" for none
	}{
		// The QA guard: [[ ]] fails in dash, and || true lets it through.
		{`[[ "$(jq -r .tool_input.command)" == *"rm -rf"* ]] && { echo blocked >&2; exit 2; } || true`, "[[ … ]]"},
		{`if [[ -f .env ]]; then exit 2; fi`, "[[ … ]]"},
		{`cmd=$(jq -r .tool_input.command); ! [[ $cmd =~ ^git ]]`, "[[ … ]]"},
		{`[ "$x" == "y" ] && exit 2`, "== in [ ]"},
		{`test "$a" == b || exit 2`, "== in [ ]"},
		{`input=$(< /dev/stdin); echo "$input"`, "$(< file)"},
		{`echo "$(<.claude/deny.txt)"`, "$(< file)"},
		{`diff <(sort a) <(sort b)`, "process substitution"},
		{`grep -q secret <<< "$input" && exit 2`, "here-string"},
		{`npm test &> /tmp/log`, "&>"},
		{`make lint |& tee lint.log`, "|&"},
		{`function check { exit 0; }; check`, "function keyword"},
		{`files=(a b c); echo done`, "array assignment"},
		{`local files=(a b)`, "array assignment"},
		{`echo "${files[@]}"`, "array expansion"},
		{`echo "${#files[@]}"`, "array expansion"},
		{`echo ${!name}`, "indirect expansion"},
		{`tool="${TOOL,,}"; [ "$tool" = bash ]`, "case conversion"},
		{`echo "${name^^}"`, "case conversion"},
		{`echo "${file//\//_}"`, "pattern substitution"},
		{`echo "${sha:0:7}"`, "substring"},
		{`echo "${path: -3}"`, "substring"},
		{`printf $'blocked\n' >&2; exit 2`, "ANSI-C"},
		{`cp settings.json{,.bak}`, "brace expansion"},
		{`prettier --write src/*.{ts,tsx}`, "brace expansion"},
		{`for i in {1..3}; do echo $i; done`, "brace expansion"},
		{`source .venv/bin/activate && python guard.py`, "builtin source"},
		{`let n=n+1`, "builtin let"},
		{`declare -A seen`, "builtin declare"},
		{`pushd hooks && ./g.sh; popd`, "builtin pushd"},
		{`((n > 3)) && exit 2`, "arithmetic command"},
		{`f() { local -a parts; }`, "local -a"},
		// The first construct is named.
		{`echo "${x,,}"; [[ -n $x ]]`, "case conversion"},
		// QA: what a command substitution runs is code, in double quotes
		// too, with quotes of its own; and so is what `…` runs.
		{`x="$(jq -r .a <<< '{"a":1}')"`, "here-string"},
		{`x="$(cat <(echo hi))"`, "process substitution"},
		{`x="$([[ -n a ]] && echo y)"`, "[[ … ]]"},
		{"x=`[[ -n a ]] && echo y`", "[[ … ]]"},
		{"x=\"`[[ -n a ]] && echo y`\"", "[[ … ]]"},
		{`[ -z "$(jq -r .cwd | { read -r d; [[ -e $d/.freeze ]] && echo frozen; })" ] || { echo frozen >&2; exit 2; }`, "[[ … ]]"},
		{`x="$(jq -r '.a' <<< "$y")"`, "here-string"},
		{`echo "a $(echo "b $(source x.sh)")"`, "builtin source"},
		{`echo "${v:-$(cat <(ls))}"`, "process substitution"},
		// QA: set -o pipefail, dash 0.5.12's "Illegal option" (exit 2).
		{`set -euo pipefail; jq -r .x`, "pipefail"},
		{`set -o pipefail`, "pipefail"},
		{`set -eo pipefail && ./g.sh`, "pipefail"},
		{`set -o errexit -o pipefail`, "pipefail"},
		// QA: each fails or reads otherwise in dash 0.5.12.
		{`for ((i=0;i<3;i++)); do echo $i; done`, "arithmetic for loop"},
		{`for((i=0;i<3;i++)); do :; done`, "arithmetic for loop"},
		{`npm test >& /tmp/log`, ">& file"},
		{`npm test >&/dev/null || exit 2`, ">& file"},
		{`echo $((2**10))`, "power operator"},
		{`x="$((2 ** 3))"`, "power operator"},
		{`echo "${x@Q}"`, "transformation"},
		{`printf -v now '%s' "$x"`, "printf -v"},
		{`f() { :; }; export -f f`, "export -f or -n"},
		{`export -n X`, "export -f or -n"},
		{`readonly -f f`, "export -f or -n"},
		{`jq -r .x | { read -a parts; echo "$parts"; }`, "option of read"},
		{`IFS= read -rd '' x`, "option of read"},
		{`read -t 5 answer`, "option of read"},
		{`read -r -n1 c`, "option of read"},
		{`echo $$$'x'`, "ANSI-C"},
		// QA: a case pattern's ) in a "$( … )" closes no substitution; what
		// the arm runs is code (dash: "[[: not found", bash: y).
		{`x="$(case $1 in a) [[ -n $1 ]] && echo y;; esac)"`, "[[ … ]]"},
		{`x="$( (case $1 in a) [[ -n $1 ]] && echo y;; esac) )"`, "[[ … ]]"},
		{"x=\"`case $1 in a) [[ -n $1 ]] && echo y;; esac`\"", "[[ … ]]"},
		{`case $1 in a) [[ -n $1 ]] && echo y;; esac`, "[[ … ]]"},
		// QA: in `…` the shell reads \\ as \ (and, in double quotes, \" as
		// "), then the text: here a quote ends before [[, or a nested `…`
		// runs it (dash: "[[: not found", bash: y).
		{"x=\"`echo \\\\\\\"; [[ -n a ]] && echo y`\"", "[[ … ]]"},
		{"x=`echo \\\"; [[ -n a ]] && echo y\\\"`", "[[ … ]]"},
		{"x=`echo \\`[[ -n a ]] && echo y\\` z`", "[[ … ]]"},
		{"x=\"`echo \\\"\\`[[ -n a ]] && echo y\\`\\\"`\"", "[[ … ]]"},
		{"x=`printf %s \\$'a\\tb'`", "ANSI-C"},
		// QA: set takes options up to --, - or an operand: these are -o
		// pipefail still (dash 0.5.12: "Illegal option -o pipefail", exit 2).
		{`set -e -o pipefail; echo ran`, "pipefail"},
		{`set -ou pipefail`, "pipefail"},
		{`set +o pipefail`, "pipefail"},
		// QA: dash 0.5.12 says "trap: ERR: bad trap", sets nothing and runs
		// on: with a failing check.sh, bash exits 2 here and dash 0.
		{`trap 'echo blocked >&2; exit 2' ERR; ./check.sh; echo ran`, "trap … ERR"},
		{`trap 'echo blocked >&2; exit 2' EXIT ERR; echo ran`, "trap … ERR"},
		{`trap 'echo d' DEBUG; echo ran`, "trap … ERR"},
		// QA: dash has no time keyword: with no time program installed,
		// "time: not found" (127), so a passing ok.sh exits 2 here (bash 0);
		// time { … } is a syntax error in dash (exit 2) either way.
		{`time ./ok.sh || exit 2`, "time (bash's keyword)"},
		{`time { ./check.sh; } || exit 2`, "time (bash's keyword)"},
		{"x=`time ./check.sh`", "time (bash's keyword)"},

		// POSIX sh.
		{`./.claude/hooks/guard.sh`, ""},
		{`"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`, ""},
		{`[ "$x" = "y" ] && exit 2`, ""},
		{`test -f .env && exit 2 || true`, ""},
		{`{ echo blocked; echo again; } >&2; exit 2`, ""},
		{`npm test >/dev/null 2>&1`, ""},
		{`cmd=$(jq -r .tool_input.command)`, ""},
		{`echo $((1 + 2))`, ""},
		{`echo $(( a<(b) ))`, ""},
		{`echo "${CLAUDE_PROJECT_DIR:-.}" "${f#*/}" "${f%%.*}" "${#f}"`, ""},
		{`find . -name '*.go' -exec gofmt -l {} +`, ""},
		{`echo '[[ text ]] ${x,,} $(<f) <(x)'`, ""},
		{`echo "a == b {a,b} [[ x ]]"`, ""},
		{`jq -r '.tool_input | {a,b}'`, ""},
		{`awk '{print $1,$2}' file`, ""},
		{`bash -c '[[ -f x ]] && exit 2'`, ""},
		{`bash -c "[[ -f x ]]"`, ""},
		{`. ./env.sh && ./g.sh`, ""},
		{`check() { exit 0; }; check`, ""},
		{`case "$t" in (Bash) exit 2;; esac`, ""},
		{`./g.sh # [[ not run ]] ${x,,}`, ""},
		{"cat <<'EOF'\n[[ x ]] {a,b}\nEOF", ""},
		{`( cd hooks && ./g.sh )`, ""},
		{`echo \{a,b\} \[\[ x`, ""},
		{`echo "\${x,,}"`, ""},
		{`git log --source --oneline | head -1`, ""},
		{`pytest -x && npm test -- --watch=false`, ""},
		{`grep -E '[[:space:]]' f`, ""},
		{`echo {"decision":"block"}`, ""},
		{`x=$(cat); echo "$x" | grep -q "rm -rf" && exit 2`, ""},
		{`echo "unclosed`, ""},
		{`select x in a b; do echo "$x"; break; done`, "select"},
		{`echo select x in a b`, ""},
		{`sqlite3 db 'select x in t'`, ""},
		// ... and their POSIX neighbours.
		{`x="$(jq -r .a)"; [ "$x" = 1 ] || exit 2`, ""},
		{`echo "$(echo "[[ x ]] {a,b}")"`, ""},
		{`echo "$(echo '${x,,} {a,b} <<< x')"`, ""},
		{"x=\"`echo '[[ x'`\"", ""},
		{"echo `date` [[ x", ""},
		{`echo "$(date)" [[ x`, ""},
		{`echo "\$(source x) \` + "`source x`" + `"`, ""},
		{`echo "$(date"`, ""},
		{`set -eu; jq -r .x`, ""},
		{`echo set -o pipefail`, ""},
		{`echo "set -o pipefail"`, ""},
		{`for i in 1 2 3; do echo $i; done`, ""},
		{`i=0; while [ $i -lt 3 ]; do i=$((i+1)); done`, ""},
		{`echo blocked >&2; exit 2`, ""},
		{`echo blocked >& 2; exec 3>&-`, ""},
		{`fd=2; echo x >&"$fd"; echo y 1>&2`, ""},
		{`echo $((2*2*2)); ls src/**/*.ts`, ""},
		{`echo "${x:-@Q}" "$x@Q"`, ""},
		{`printf '%s\n' "$x"; printf -- "-v"`, ""},
		{`export PATH="$PATH:/x"; export -p; readonly X=1`, ""},
		{`read -r line; IFS= read -r x; read -p "ok? " -r a`, ""},
		{`echo read -a; git read-tree -a`, ""},
		{`echo $$'x' "$$"`, ""},
		// ... each printing the same in dash and bash.
		{`x="$(case $1 in a) echo [[;; esac)"; echo "$x"`, ""},
		{`x="$(case $1 in a) echo "; [[ -n x ]]";; esac)"; echo "$x"`, ""},
		{`x="$(case $1 in (a) echo "[[ x";; esac)"`, ""},
		{"x=\"`echo \\\"[[ x ]]\\\"`\"; echo \"$x\"", ""},
		{"x=\"`echo \\\"; [[ -n a ]] && echo y\\\"`\"; echo \"$x\"", ""},
		{`set -- -o pipefail; echo "$# $*"`, ""},
		{`set - -o pipefail; echo "$# $*"`, ""},
		{`set -x -- -o pipefail; echo "$# $*"`, ""},
		{`set -- -euo pipefail; echo "$# $*"`, ""},
		{`trap 'echo bye' EXIT INT TERM; echo ran`, ""},
		{`trap 'echo ERR' EXIT; echo ran`, ""},
		{`echo trap x ERR`, ""},
		{`timeout 5 ./check.sh || exit 2`, ""},
		{`echo "time ./x"; echo time x`, ""},
		// time after an assignment is no keyword in bash either: both run
		// the time program, or both say it is not found.
		{`RC=1 time ./check.sh || exit 2`, ""},
	} {
		got := Find(tc.command).Name
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("Find(%q) = %q, want %q", tc.command, got, tc.want)
		}
		if read := readBashOnly(tc.command).Name; read != got {
			t.Errorf("Find(%q) = %q, but its reading without the prefilter finds %q", tc.command, got, read)
		}
	}
}

// TestMayBeBashOnly: the prefilter lets through each construct's mark,
// and its words only whole: the curl command hookconv writes for an http
// hook on localhost, a script under a folder named thread or a delete
// tool ran the whole reading on every such command (46 ms of a
// 10,000-hook conversion to Factory Droid).
func TestMayBeBashOnly(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"curl -sS --fail --data-binary @- 'http://localhost:8080/3' || exit 1", false},
		{"./thread-dump.sh --delete --resources", false},
		{"python3 runtime_check.py --exported", false},
		{"./check.sh", false},
		{"echo x >&2; exit 2", false},
		{"local -a xs", true},
		{"f() { local x=1; }", true},
		{"x=1 read -a xs", true},
		{"IFS= read -r line", true},
		{"readonly -f f", true},
		{"source .env", true},
		{"time ./check.sh", true},
		{"set -o pipefail", true},
		{"/usr/local/bin/check.sh", true}, // local as a path's word: read, finds nothing
		{"[[ -f x ]]", true},
		{"echo x >& log", true},
		{"x=$(< file)", true},
	} {
		if got := mayBeBashOnly(tc.text); got != tc.want {
			t.Errorf("mayBeBashOnly(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// FuzzBashOnly: the prefilter never hides what the reading finds, and
// neither panics.
func FuzzBashOnly(f *testing.F) {
	for _, seed := range []string{"[[ -f x ]] && exit 2", "cat <<EOF\n[[ x\nEOF", "x=$( < f)", "((n++))", "echo {a,b}", `echo "${v,,}"`, "a+=(1)", "./g.sh",
		`x="$(cat <(echo "$y"))"`, "x=`[[ -n a ]]`", "echo x >& f", "set -o pipefail", "IFS= read -ra x", `echo $((2**3)) $$'x'`,
		`x="$(case $1 in a) [[ -n $1 ]];; esac)"`, "x=\"`echo \\\"[[ x ]]\\\"`\"", "set -- -o pipefail", "trap 'exit 2' ERR", "x=`time ls`"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if found := readBashOnly(text).Name; found != "" && !mayBeBashOnly(text) {
			t.Errorf("mayBeBashOnly(%q) = false, but the reading finds %s", text, found)
		}
	})
}
