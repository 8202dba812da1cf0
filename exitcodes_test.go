package hookconv

import (
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/shlex"
)

func TestExitsTwoSilently(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"grep -q x && exit 2 || exit 0", true},
		// QA: a function defined in a compound whose stderr goes away
		// writes with its caller's stderr; its definition's own
		// redirection applies at each call.
		{"{\n  die() { echo no >&2; exit 2; }\n} 2>/dev/null\ndie", false},
		{"die() { echo no >&2; exit 2; } 2>/dev/null\ndie", true},
		// QA: a function called last by the one called last; not one
		// called before the end of its body, or negated.
		{"v() { grep -q x && return 2; return 0; }\nmain() { v \"$@\"; }\nmain \"$@\"", true},
		{"v() { grep -q x && return 2; return 0; }\nmain() { v; echo ok; }\nmain", false},
		{"v() { grep -q x && return 2; return 0; }\nmain() { ! v; }\nmain", false},
		{"( rc=2 ); exit $rc", false}, // the setting is lost with the subshell: exit 0 (QA's fifth round)
		{"rc=0; ( rc=2 ); exit $rc", false},
		{"( rc=2; exit $rc )", true},
		{"echo blocked\nexit 2", true},                                             // stdout is no reason for Codex
		{"echo blocked >&2\nexit 2", false},                                        // the line before
		{"grep -q x && { echo no >&2; exit 2; }", false},                           // the same line
		{"echo no 1>&2; exit 2", false},                                            // 1>&2 is >&2
		{"echo no > /dev/stderr; exit 2", false},                                   // the device
		{"echo no >>/dev/stderr; exit 2", false},                                   // appended
		{"set -x\ngrep -q x && exit 2", false},                                     // the trace goes to stderr
		{"set -eux\ngrep -q x && exit 2", false},                                   // among other flags
		{"set -e\ngrep -q x && exit 2", true},                                      // -e traces nothing
		{"cmd 2>&1; exit 2", true},                                                 // stderr to stdout writes none
		{"exit 0", false},                                                          // never exits 2
		{"exit 22", false},                                                         // another code
		{"echo x >&2; exit 1\ngrep -q y && exit 2", true},                          // the write's path ends at exit 1 (the exit 2 is dead code: a needless warning)
		{"grep -q y && exit 2\necho late >&2; exit 2", true},                       // the first exit 2 is silent
		{`c=$(jq -r .tool_input.command); case "$c" in *rm*) exit 2;; esac`, true}, // a case arm on one line
		{`grep -q x && exit "2"`, true},
		{"grep -q rm && { echo no; exit 2; } >&2", false},      // the group's output goes to stderr
		{"if grep -q rm; then echo no; exit 2; fi >&2", false}, // so does the if's
		{"(echo no; exit 2) >&2", false},                       // and the subshell's
		{"echo no >/dev/fd/2; exit 2", false},                  // the descriptor's device
		{"echo 'use >&2' && exit 2", true},                     // quoted: no redirection
		{`echo "blocked (exit 2)" >&2; exit 2`, false},
		{"grep -q a && { echo x; exit 2; } &>/dev/stderr", false},
		// A group sent to stderr on a later line is another command's.
		{"echo blocked; exit 2\n[ -n \"$D\" ] && (echo checked) >&2", true},
		{"grep -q a && { echo x; exit 2; }\ngrep -q b && { echo y; exit 2; } >&2", true},
		// A compound command whose output goes to stderr, closing on a
		// later line, holds the exit; one that holds no exit does not.
		{"if grep -q rm; then\n  echo no\n  exit 2\nfi >&2", false},
		{"if grep -q rm; then\n  echo no\n  exit 2\nfi 1>&2\nexit 0", false},
		{"{\n  echo no\n  exit 2\n} 2>/dev/null >&2", true}, // stdout to where stderr now is: nowhere
		{"{\n  echo no\n  exit 2\n} >&2 2>/dev/null", false},
		{"{\n  echo no\n  exit 2\n} 2>&1", true}, // stderr to stdout: nothing on stderr
		{"case $c in\n  *rm*)\n    echo no\n    exit 2;;\nesac >&2", false},
		{"while read l; do\n  echo no\n  exit 2\ndone >/dev/stderr", false},
		{"(\n  echo no\n  exit 2\n) >&2", false},
		{"if a; then\n  if b; then\n    echo no; exit 2\n  fi\nfi >&2", false}, // the outer one holds it
		{"if a; then\n  if b; then\n    echo no; exit 2\n  fi >/dev/null\nfi", true},
		{"if a; then\n  echo no; exit 2\nfi\nif b; then\n  echo yes\nfi >&2", true}, // another compound
		{"deny() {\n  echo no\n  exit 2\n}\ngrep -q rm && deny >&2", true},          // the call is not read
		// A helper that writes to stderr, defined below its caller.
		{"block() { say \"no\"; exit 2; }\nsay() { echo \"$1\" >&2; }\ngrep -q rm && block", false},
		{"function block {\n  say no\n  exit 2\n}\nfunction say {\n  echo \"$1\" >&2\n}\nblock", false},
		{"block() { warn no; exit 2; }\nwarn() { say \"$@\"; }\nsay() { printf '%s' \"$1\" 1>&2; }\nblock", false}, // through another
		{"block() { exit 2; }\nsay() { echo \"$1\" >&2; }\nblock; say late", true},                                 // called after the exit
		{"block() { say-it no; exit 2; }\nsay() { echo >&2; }\nblock", true},                                       // another name
		{"say=1\nblock() { exit 2; }\nsay() { echo >&2; }\nblock", true},                                           // an assignment
		{"case $c in\n  (*rm*) echo no; exit 2;;\nesac >&2", false},
		{"x=$(jq -r .c)\nif [ \"$x\" = rm ]; then\n  echo \"no ( here\"\n  exit 2\nfi >&2", false},
		{"if a; then\n  echo no; exit 2\n >&2", true}, // unpaired: taken as not redirected
		// QA round 5: a compound sent to stderr is loud only after
		// something in it prints; a case pattern is no group's end; a
		// helper that exits (die) ends the script where called; a
		// comment is no redirection.
		{"{\n  case $c in\n    *rm*) exit 2 ;;\n    *curl*) echo no; exit 2 ;;\n  esac\n} >&2", true},
		{"case $c in *rm*) exit 2 ;; *) >&2 echo checked ;; esac", true},
		{"die() { echo \"error: $*\" >&2; exit 1; }\ncommand -v jq >/dev/null || die no jq\ncase $c in *rm*) exit 2 ;; esac", true},
		{"c=$(jq -r .c)   # jq errors go to >&2\ncase $c in *rm*) exit 2 ;; esac", true},
		{"deny() { reason \"$1\"; exit 2; }\nreason() { echo \"Blocked: $1\" >&2; }\ncase $c in *rm*) deny rm ;; esac", false},
		{"deny() { exit 2; }\necho no >&2\ndeny", false},                       // written before every call
		{"deny() { exit 2; }\ngrep -q a && deny\necho no >&2\ndeny", true},     // one call is silent
		{"block() { exit 2; }\nif x; then\n  echo no\n  block\nfi >&2", false}, // called where output goes to stderr
		{"deny() { exit 2; }\nguard() { echo no >&2; deny; }\nguard", false},   // through another function
		{"deny() { exit 2; }", true}, // called nowhere seen: its body alone
		// QA round 6: a nested function's body, a word that only names a
		// loud function, a print sent elsewhere, a loud call whose stderr
		// goes away, a write only when debugging, exit 02.
		{"setup() {\n  noop() { :; }\n  echo \"guard: setup\" >&2\n}\nif grep -q rm; then exit 2; fi", true},
		{"warn() { echo \"warning: $*\" >&2; }\ncase $level in debug|warn) : ;; esac\nif grep -q rm; then exit 2; fi", true},
		{"warn() { echo \"warning: $*\" >&2; }\ntest -n warn && grep -q rm && exit 2", true},
		{"if grep -q rm; then printf x >/dev/null; exit 2; fi >&2", true},
		{"log() { echo \"$*\" >&2; }\nlog checking 2>/dev/null\ngrep -q rm && exit 2", true},
		{"[ -n \"$HOOK_DEBUG\" ] && echo dbg >&2\ngrep -q rm && exit 2", true},
		{"debug() { if [ \"$DBG\" = 1 ]; then echo \"$*\" >&2; fi; }\ndebug x\ngrep -q rm && exit 2", true},
		{"grep -q rm && exit 02", true},
		{"log() { echo \"$*\" >&2; }\nlog checking\ngrep -q rm && exit 2", false},                          // the call writes
		{"log() { echo \"$*\" >&2; [ -n \"$STRICT\" ] && exit 1; return 0; }\nlog Blocked; exit 2", false}, // exits only on a branch
		{"die() {\n  echo \"$*\" >&2\n  exit 1\n}\ndie maybe\ngrep -q rm && exit 2", true},                 // ends the script
		{"warn() { echo \"$*\" >&2; }\nif true; then warn no; exit 2; fi", false},                          // a call after then
		// QA round 7: a helper that writes only on its exit path is no
		// write for a later exit; a call in a case arm is a call.
		{"need(){ command -v jq >/dev/null || { echo \"jq missing\" >&2; exit 1; }; }\nneed\ngrep -q rm && exit 2\nexit 0", true},
		{"die() { echo \"$1\" >&2; exit \"${2:-1}\"; }\ncommand -v grep >/dev/null || die \"no grep\"\ngrep -q rm && exit 2", true},
		{"b(){ exit 2; }\ncase \"$(cat)\" in *rm*) b;; esac\necho ok >&2\nb", true},
		{"require(){ if [ -z \"$INPUT\" ]; then echo none >&2; exit 1; fi; return 0; }\nrequire\ngrep -q rm && exit 2", true},
		{"[ -z \"$X\" ] && { echo \"no X\" >&2; exit 1; }\ngrep -q rm && exit 2", true},
		{"grep -q rm && { echo \"blocked\" >&2; exit 2; }", false}, // the write's own exit
		{"log(){ echo \"$*\" >&2; [ -n \"$STRICT\" ] && exit 1; return 0; }\nlog Blocked; exit 2", false},
		// QA round 7's false warnings: a guard blocking on $GIT_TRACE, a
		// function named block_debuggers, a second write after a guarded one.
		{"[ -n \"$GIT_TRACE\" ] && echo \"Blocked: unset GIT_TRACE\" >&2 && exit 2", false},
		{"block_debuggers() { echo \"Blocked\" >&2; }\nblock_debuggers; exit 2", false},
		{"[ -n \"$VERBOSE\" ] && echo dbg >&2; echo \"Blocked\" >&2; exit 2", false},
		{"[ -n \"$HOOK_DEBUG\" ] && echo no >&2 && exit 2", false},                               // the guard exits on it
		{"deny(){ echo \"Blocked: $1\" >&2; exit 2; }\ngrep -q rm && deny rm 2>/dev/null", true}, // the call sends the reason away
		{"deny(){ echo \"Blocked: $1\" >&2; exit 2; }\ngrep -q rm && deny rm", false},
		{"if [ -n \"$HOOK_DEBUG\" ]; then\n  echo dbg >&2\nfi\ngrep -q rm && exit 2", true}, // written only when debugging
		{"if [ -n \"$X\" ]; then\n  echo no >&2\nfi\ngrep -q rm && exit 2", true},           // the write may not have run: not taken as made past fi
		// QA round 8: return ends a write's path in its function; a call
		// of a function that always exits ends it too; a capture takes a
		// function's stderr; an input redirection before 2>/dev/null.
		{"check() {\n  [ -n \"$1\" ] || { echo \"guard: empty input\" >&2; return 0; }\n  case \"$1\" in *rm*) exit 2 ;; esac\n}\ncheck \"$(cat)\"", true},
		{"allow() { exit 0; }\ninput=$(cat)\nif [ -z \"$input\" ]; then\n  echo \"guard: empty payload, allowing\" >&2\n  allow\nfi\ncase \"$input\" in *rm*) exit 2 ;; esac\nallow", true},
		{"validate() {\n  case \"$1\" in *rm*) echo no >&2; return 1 ;; esac\n  return 0\n}\ninput=$(cat)\nif ! reason=$(validate \"$input\" 2>&1); then\n  exit 2\nfi", true},
		{"input=$(cat)\nwhile IFS= read -r line; do\n  echo \"guard: $line\" >&2\ndone <<<\"$input\" 2>/dev/null\ncase \"$input\" in *rm*) exit 2 ;; esac", true},
		// Its false warnings: an exit in another branch, a list going on
		// past a line break, an exit that ends only a subshell.
		{"input=$(cat)\nif grep -q rm; then\n  echo \"BLOCKED\" >&2\nelse\n  exit 0\nfi\nexit 2", false}, // every path to the exit 2 writes
		{"case $c in *rm*) echo no >&2 ;; *) exit 0 ;; esac\nexit 2", false},
		{"input=$(cat)\necho \"guard: checking\" >&2\n[ -n \"$input\" ] ||\n  exit 0\ncase \"$input\" in *rm*) exit 2 ;; esac", false},
		{"if ! (\n  case \"$input\" in\n    *rm*) echo \"BLOCKED\" >&2; exit 1 ;;\n  esac\n); then\n  exit 2\nfi", true},                        // a needless warning: the write is in a case arm
		{"if ! command -v jq >/dev/null; then\n  echo \"warning: no jq\" >&2\nfi\ncase \"$c\" in *rm*) exit 2 ;; esac", true},                   // the write is skipped when jq is there
		{"for f in a b; do echo \"checking $f\" >&2; done\ngrep -q rm && exit 2", true},                                                         // a loop may run no time
		{"warn() (\n  echo \"guard: $*\" >&2\n)\ninput=$(cat)\ncase \"$input\" in *rm*) exit 2 ;; esac\n[ -n \"$input\" ] || warn empty", true}, // a subshell body is a function's
		// QA round 9: a write in one case arm does not cover a path that
		// matches no arm; return outside a function ends nothing; a helper
		// that may return is no exit; output sent after stderr to /dev/null.
		{"case \"$input\" in\n  *push*) echo \"blocked: push\" >&2 ;;\n  *ls*) exit 0 ;;\nesac\nexit 2", true},
		{"case \"$cmd\" in\n  rm*) echo \"blocked: $cmd\" >&2\n       return 2 2>/dev/null || exit 2 ;;\nesac\nexit 0", false},
		{"allow_safe() {\n  [[ \"$cmd\" == ls* ]] || return 1\n  exit 0\n}\necho \"checking: $cmd\" >&2\nallow_safe\nexit 2", false},
		{"case $c in *rm*) echo \"denied\" 2>/dev/null >&2; exit 2 ;; esac", true},
		{"{ echo \"denied\"; } 2>/dev/null >&2; exit 2", true},
		// QA round 10: an if or case some branch of which always runs, and
		// every branch of which writes or exits, has written past its end.
		{"if [[ $cmd == git\\ push* ]]; then\n  if [[ $cmd == *--force* ]]; then echo \"Force pushes are blocked\" >&2\n  else echo \"Pushes must go through a PR\" >&2; fi\n  exit 2\nfi", false},
		{"if [[ $f == *.env ]]; then echo env >&2; elif [[ $f == *.pem ]]; then echo pem >&2; else exit 0; fi\nexit 2", false},
		{"case \"$file\" in *.env) echo env >&2 ;; *.pem) echo pem >&2 ;; *) exit 0 ;; esac\nexit 2", false},
		{"case \"$file\" in *.env) echo env >&2 ;; *.pem) exit 0 ;; esac\nexit 2", true},                   // no *): a path matches no arm
		{"if [[ $f == *.env ]]; then echo env >&2; elif [[ $f == *.pem ]]; then exit 0; fi\nexit 2", true}, // no else
		{"if [ -n \"$Q\" ]; then :; else echo no >&2; fi\nexit 2", true},                                   // one branch neither writes nor exits
		// A code named once, as a number, is that number.
		{"BLOCK=2\ngrep -q rm && exit $BLOCK", true},
		{"readonly BLOCK=\"2\"\ngrep -q rm && exit \"${BLOCK}\"", true},
		{"BLOCK=2\ngrep -q rm && { echo no >&2; exit $BLOCK; }", false},
		{"BLOCK=1\ngrep -q rm && exit $BLOCK", false},
		{"grep -q rm && exit 258", true},               // the low byte: 2
		{"set -v\ngrep -q rm && exit 2", false},        // each line read is echoed to stderr
		{"echo no >/proc/self/fd/2\nexit 2", false},    // the descriptor, by another path
		{"{ echo no >&2; exit 2; } 2>/dev/null", true}, // sent away with the group's stderr
		{"if x; then\n  echo no >&2\n  exit 2\nfi 2>>/tmp/log", true},
		// Here-documents are text, not commands; arithmetic is no subshell
		// and its > no redirection.
		{"cat <<EOF\n{\"decision\": \"block\"}\nEOF\nexit 2", true},                       // the answer on stdout
		{"cat <<'EOF' >&2\nblocked: rm -rf\nEOF\nexit 2", false},                          // the body on stderr
		{"cat <<EOF\nusage: echo no >&2; exit 2\nEOF\nexit 0", false},                     // no exit: text
		{"cat <<-EOF\n\tnote >&2\n\tEOF\nexit 2", true},                                   // <<- with tabs
		{"cat <<A <<B >/dev/null\na\nA\nb >&2\nB\nexit 2", true},                          // two on one line, in turn
		{"cat <<A >/dev/null; cat <<B >&2\nx\nA\nreason\nB\nexit 2", false},               // the second on stderr
		{"n=$(jq -r .n)\nif (( n > 3 )); then exit 2; fi", true},                          // > is a comparison
		{"if (( $(jq .n) 2>&1 > 3 )); then echo no >&2; exit 2; fi", false},               // not followed: as before
		{"count=$((count + 1))\n[ \"$count\" -gt 2 ] && { echo no >&2; exit 2; }", false}, // an expansion
		// A write run on a condition of its list, or in a group run on
		// one, covers the exits of that list or group only.
		{"grep -q rm <<<\"$cmd\" && echo \"no rm\" >&2; exit 2", true},
		{"[ -n \"$cmd\" ] && echo no >&2 && exit 2", false},
		{"cond &&\n  echo no >&2 &&\n  exit 2", false}, // the list goes on on the next lines
		{"cond || { echo no >&2; }\nexit 2", true},
		{"cond || { echo no >&2; exit 2; }", false},
		{"cond && ( echo no >&2; exit 2 )", false},
		{"if cond; then a && echo no >&2; exit 2; fi", true},
		{"log() { echo \"$1\" >&2; }\ncond && log x\nexit 2", true},
		// A helper that may return before it writes is no write.
		{"log() { [ -t 2 ] || return 0; echo \"$1\" >&2; }\nlog x\nexit 2", true},
		{"log() { if [ -z \"$1\" ]; then return; fi; echo \"$1\" >&2; }\nlog x\nexit 2", true},
		{"log() { echo \"$1\" >&2; return 0; }\nlog x\nexit 2", false},
		// An exit through a code set to 2 on some path (each run in bash
		// with the payload "rm -rf" as $1: exit 2, or not, as wanted).
		{"rc=0\ngrep -q rm <<<\"$1\" && rc=2\nexit $rc", true},
		{"rc=2\ngrep -q ok <<<\"$1\" && rc=0\nexit $rc", true},
		{"rc=0\nif grep -q rm <<<\"$1\"; then rc=2; else echo fine >&2; fi\nexit $rc", true}, // the write is the other branch's
		{"rc=0\nfor w in $1; do\n  case $w in rm) rc=2;; esac\ndone\nexit $rc", true},
		{"rc=0\nif grep -q rm <<<\"$1\"; then echo no >&2; rc=2; fi\nexit $rc", false},            // written before the code is set
		{"rc=0\nif grep -q rm <<<\"$1\"; then rc=2; echo no >&2; fi\nexit $rc", false},            // or after, on its path
		{"rc=0\ngrep -q rm <<<\"$1\" && rc=2 && echo no >&2\nexit $rc", false},                    // in its list
		{"rc=0\ngrep -q rm <<<\"$1\" && rc=2\n[ \"$rc\" -ne 0 ] && echo no >&2\nexit $rc", false}, // a write on the code
		{"rc=0\ngrep -q rm <<<\"$1\" && rc=2\nif [ $rc -ne 0 ]; then\n  echo no >&2\nfi\nexit $rc", false},
		{"rc=0\nfor w in $1; do\n  case $w in rm) echo \"no $w\" >&2; rc=2;; esac\ndone\nexit $rc", false},
		{"rc=0\ngrep -q rm <<<\"$1\" && rc=1\nexit $rc", false},          // never 2
		{"rc=0\ngrep -q rm <<<\"$1\" && rc=2\nread rc\nexit $rc", false}, // read: unknown
		{"C=2\n((C--))\necho hi\nexit $C", false},                        // arithmetic sets it: exits 1
		// A default for an unset code, and a code set from another (QA).
		{"rc=0\ngrep -q rm <<<\"$1\" && rc=2\nexit ${rc:-0}", true},
		{"rc=0\ngrep -q rm <<<\"$1\" && rc=2\nexit ${rc-0}", true},
		{"BLOCK=2\nstatus=0\ncase \"$1\" in *push*) status=$BLOCK;; esac\nexit $status", true},
		{"BLOCK=2\nstatus=0\ncase \"$1\" in *push*) echo no >&2; status=$BLOCK;; esac\nexit $status", false},
		{"BLOCK=2\nread BLOCK\nstatus=0\ncase \"$1\" in *push*) status=$BLOCK;; esac\nexit $status", false}, // read: unknown
		{"C=2\nexit ${C:-1}", true},                                      // set: the default never applies
		{"rc=2\nrc=0\nexit $rc", false},                                  // set again on its path (QA)
		{"rc=0\ngrep -q rm && rc=2\nrc=0\nexit $rc", false},              // the same, after a condition
		{"rc=0\ngrep -q rm && rc=2\ngrep -q ok && rc=0\nexit $rc", true}, // set again only on a condition
		{"rc=2\nif grep -q ok; then rc=0; fi\nexit $rc", true},           // in an if: the other path keeps 2
		// A code set in a subshell is lost when it ends (run in bash,
		// dash where it reads <<<, and zsh 5.9 with "rm -rf" as $1).
		{"rc=0\ngrep -q rm <<<\"$1\" && ( rc=2 )\nexit $rc", false}, // exit 0
		{"rc=0\n( grep -q rm <<<\"$1\" && rc=2 )\nexit $rc", false},
		{"rc=0\n( grep -q rm <<<\"$1\" && rc=2; exit $rc )", true},
		{"rc=0\n( exit 2 ) || rc=2\nexit $rc", true},
		// Not a loop fed by a pipe: zsh runs it in the shell itself and
		// exits 2 (bash and dash exit 0).
		{"rc=0\nprintf '%s\\n' $1 | while read -r w; do case $w in rm) rc=2;; esac; done\nexit $rc", true},
		// A loop fed by a process substitution runs in the script's shell:
		// its exit ends the script, and a code it sets is kept (run in
		// bash with "rm -rf" as the payload: exit 2, empty stderr).
		{"while read -r w; do\n  case $w in rm) exit 2 ;; esac\ndone < <(jq -r .tool_input.command | tr ' ' '\\n')\nexit 0", true},
		{"while read -r w; do\n  case $w in rm) echo \"no rm\" >&2; exit 2 ;; esac\ndone < <(jq -r .tool_input.command | tr ' ' '\\n')\nexit 0", false},
		{"rc=0\nwhile read -r w; do\n  case $w in rm) rc=2 ;; esac\ndone < <(jq -r .tool_input.command | tr ' ' '\\n')\nexit $rc", true},
		{"rc=0\nwhile read -r w; do\n  case $w in rm) echo \"no rm\" >&2; rc=2 ;; esac\ndone < <(jq -r .tool_input.command | tr ' ' '\\n')\nexit $rc", false},
		// QA: the work in a function called last, whose return is then
		// the script's exit (withLastCallReturnsAsExits); each run in
		// bash with "rm -rf" on stdin.
		{"main() {\n  if grep -q rm; then\n    return 2\n  fi\n  return 0\n}\nmain \"$@\"", true},
		{"main() {\n  if grep -q rm; then\n    echo \"no rm\" >&2\n    return 2\n  fi\n  return 0\n}\nmain \"$@\"", false},
		{"f(){ grep -q rm && return 2; return 0; }; f; exit $?", true},
		{"f(){ grep -q rm && return 2; return 0; }; f", true},
		{"f(){ grep -q rm && { echo no >&2; return 2; }; return 0; }; f; exit $?", false},
		{"f(){ grep -q rm && return 2; return 0; }; f; echo done", false}, // echo's status: 0
		{"f(){ grep -q rm && return 2; return 0; }; f; exit 0", false},
		{"f(){ grep -q rm && return 2; return 0; }; f; f", false},    // the first call's return goes on: 0
		{"f(){ grep -q rm && return 2; return 0; }; ! f", false},     // negated: 0
		{"f(){ grep -q rm && return 2; return 0; }; f | cat", false}, // cat's status
		{"f(){ grep -q rm && return 2; return 0; }; if f; then exit 0; fi", false},
		{"f(){ grep -q rm && ( return 2 ); return 0; }; f", false},                  // the subshell's return: 0
		{"f(){ g(){ grep -q rm && return 2; return 0; }; g; return 0; }; f", false}, // g returns to f
		// Large: one pass over the returns, however many.
		{"main() {\n" + strings.Repeat("grep -q rm && return 2\n", 10000) + "}\nmain \"$@\"", true},
		{strings.Repeat("f() { grep -q rm && return 2; }\nf\n", 5000) + "exit 0", false},
		// QA round 3: the call followed by && and a command, which runs
		// only where it returned 0, in a group, or followed by || exit
		// $? (each run in bash 5.2 with "rm -rf" on stdin: exit 2, empty
		// stderr for the silent rows).
		{"main() {\n  if grep -q rm; then\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" && echo ok", true},
		{"main() {\n  if grep -q rm; then\n    echo \"no rm\" >&2\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" && echo ok", false},
		{"f(){ grep -q rm && return 2; return 0; }; f && echo ok >&2", true}, // the echo runs on 0 alone
		{"f(){ grep -q rm && return 2; return 0; }\n{ f \"$@\"; }", true},
		{"f(){ grep -q rm && { echo no >&2; return 2; }; return 0; }\n{ f \"$@\"; }", false},
		{"f(){ grep -q rm && return 2; return 0; }\nf \"$@\" || exit $?", true},
		{"f(){ grep -q rm && { echo no >&2; return 2; }; return 0; }\nf \"$@\" || exit $?", false},
		{"f(){ grep -q rm && return 2; return 0; }\nf || echo failed", false},         // echo's status: 0
		{"f(){ grep -q rm && return 2; return 0; }\n{ f; echo done; }", false},        // echo's status: 0
		{"f(){ grep -q rm && return 2; return 0; }\nif true; then { f; }; fi", false}, // inside an if: not read (a miss: bash exits 2)
		{"f(){ grep -q rm && return 2; return 0; }\n{ f; } 2>/dev/null", true},        // the group's redirection changes no status (QA: bash 5.2 exits 2, silent)
		// QA: builtin exit 2 is exit 2 (withoutBuiltinExit).
		{"grep -q rm && builtin exit 2\nexit 0", true},
		{"grep -q rm && { echo no >&2; builtin exit 2; }\nexit 0", false},
		{"f() { grep -q rm && builtin return 2; return 0; }\nf", true},
		{"echo 'builtin exit 2'", false},
		{"grep -q rm && echo builtin exit 2\nexit 0", false}, // echo's words
		{strings.Repeat("builtin echo x; ", 20000) + "grep -q rm && builtin exit 2", true},
		// QA round 3: command exit 2 is exit 2 too, and $((2)) is 2
		// (each run in bash 5.2 with "rm" on stdin; $((1+1)) exits 2
		// as well, but nothing is evaluated: a miss).
		{"grep -q rm && command exit 2; exit 0", true},
		{"grep -q rm && { echo no >&2; command exit 2; }; exit 0", false},
		{"f(){ grep -q rm && command return 2; return 0; }; f", true},
		{"command -v jq >/dev/null || exit 1\ngrep -q rm && exit 0", false}, // a lookup, no exit 2
		{"grep -q rm && exit $((2)); exit 0", true},
		{"grep -q rm && exit $(( 2 )); exit 0", true},
		{"grep -q rm && { echo no >&2; exit $((2)); }; exit 0", false},
		{"grep -q rm && exit $((3)); exit 0", false},
		{"grep -q rm && exit $((02)); exit 0", true},  // octal 2 (QA: bash 5.2 exits 2, silent)
		{"grep -q rm && exit $((1+1)); exit 0", true}, // literals evaluated (QA: bash 5.2 exits 2, silent)
		{strings.Repeat("command echo x; ", 20000) + "grep -q rm && command exit 2", true},
	} {
		if got := exitsTwoSilently(tc.text); got != tc.want {
			t.Errorf("exitsTwoSilently(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestWithExitCodesResolved(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"BLOCK=2\nexit $BLOCK", "BLOCK=2\nexit 2"},
		{"BLOCK=2; [ x ] && exit \"$BLOCK\"", "BLOCK=2; [ x ] && exit 2"},
		{"readonly DENY='02'\nexit ${DENY}", "readonly DENY='02'\nexit 2"},
		{"f() {\n  local code=2\n  exit $code\n}", "f() {\n  local code=2\n  exit 2\n}"},
		{"if x; then C=2; else C=2; fi; exit $C", "if x; then C=2; else C=2; fi; exit 2"}, // the same number twice
		// Left alone: set twice to different numbers, read, unset,
		// counted, set after the exit, from the caller, or a default.
		{"C=2\n[ x ] && C=0\nexit $C", "C=2\n[ x ] && C=0\nexit $C"},
		{"C=2\nread C\nexit $C", "C=2\nread C\nexit $C"},
		{"C=2\nunset C\nexit $C", "C=2\nunset C\nexit $C"},
		{"C=1\n((C++))\nexit $C", "C=1\n((C++))\nexit $C"},
		{"exit $C\nC=2", "exit $C\nC=2"},
		{"exit $BLOCK_CODE", "exit $BLOCK_CODE"},
		{"C=2\nexit ${C:-1}", "C=2\nexit ${C:-1}"},
		{"C=$(cat)\nexit $C", "C=$(cat)\nexit $C"},
		{"CODE=2\nexit $CODE2", "CODE=2\nexit $CODE2"}, // another name
		// QA: several on one line, a later declaration, a message that
		// names the variable; a command's own variable is none.
		{"ALLOW=0 BLOCK=2\nexit $BLOCK", "ALLOW=0 BLOCK=2\nexit 2"},
		{"BLOCK=2; readonly BLOCK\nexit $BLOCK", "BLOCK=2; readonly BLOCK\nexit 2"},
		{"DENY=2\necho \"DENY rm -rf\" >&2; exit $DENY", "DENY=2\necho \"DENY rm -rf\" >&2; exit 2"},
		{"BLOCK=2 env\nexit $BLOCK", "BLOCK=2 env\nexit $BLOCK"},
		{"readonly BLOCK\nexit $BLOCK", "readonly BLOCK\nexit $BLOCK"}, // never given a number
		{"C=abc\nC=2\nexit $C", "C=abc\nC=2\nexit $C"},
		{"rc=0\n[ x ] && rc=2\nexit $rc", "rc=0\n[ x ] && rc=2\nexit $rc"},        // two numbers: conditionalExits'
		{"case $1 in x) C=2;; esac\nexit $C", "case $1 in x) C=2;; esac\nexit 2"}, // set in a case arm
		// QA's fifth round: a setting in a subshell is lost with it, and
		// the exit is left for conditionalExits (( rc=2 ); exit $rc exits 0).
		{"( rc=2 ); exit $rc", "( rc=2 ); exit $rc"},
		{"x=$(rc=2; echo); exit $rc", "x=$(rc=2; echo); exit $rc"},
		{"( rc=2; exit $rc )", "( rc=2; exit 2 )"},         // the exit's own subshell
		{"( rc=2; ( exit $rc ) )", "( rc=2; ( exit 2 ) )"}, // a subshell inside it inherits it
		{"( ( rc=2 ); exit $rc )", "( ( rc=2 ); exit $rc )"},
		{"x=$(date); C=2\nexit $C", "x=$(date); C=2\nexit 2"},
		{"echo \"(\"; C=2\nexit $C", "echo \"(\"; C=2\nexit 2"}, // a quoted ( opens nothing
	} {
		if got := withExitCodesResolved(tc.text); got != tc.want {
			t.Errorf("withExitCodesResolved(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestInlineText(t *testing.T) {
	for _, tc := range []struct {
		command string
		want    bool
	}{
		{"grep -q 'rm -rf' && exit 2 || exit 0", true},
		{`input=$(cat); echo "$input" | grep -q secret && exit 2`, true},
		{"./guard.sh || exit 2", false},       // a project file may write the reason
		{"npx policy-check || exit 2", false}, // so may a program
		{"python3 guard.py; exit 2", false},   // and a script
		{"source ./env; exit 2", false},       // and what is read in
		{"echo $(./check) && exit 2", false},  // a substitution that runs one
		{`jq -e '.tool_input.command' >/dev/null && exit 2`, true},
		{`jq -e '.tool_input.command' > /dev/null && exit 2`, true}, // a blank before the device
		// What text tools print on stdout is no reason on stderr.
		{`jq -e '.tool_input.command' && exit 2`, true},
		{`printf 'no rm -rf\n'; exit 2`, true},
		{`c=$(cat); echo "Blocked: $c"; exit 2`, true},
		{`grep -q '\.bashrc' && exit 2`, true}, // .bashrc is no script's name
		{`grep -q setup.sh && exit 2`, false},
		{"block() { echo \"Blocked: $1\"; exit 2; }\ngrep -q rm && block rm", true}, // a helper function  // setup.sh may be one run
		// A loop fed by a process substitution of text tools reads them
		// in the script's own shell; one of a program, or of a file, may
		// write a reason or read what is unseen.
		{"while read -r w; do\n  case $w in rm) exit 2 ;; esac\ndone < <(jq -r .tool_input.command | tr ' ' '\\n')", true},
		{"while read -r w; do\n  case $w in rm) exit 2 ;; esac\ndone < <(./words.sh)", false},
		{"while read -r w; do\n  case $w in rm) exit 2 ;; esac\ndone < <(cat deny.txt)", false},
		{"diff <(jq -S .a) <(jq -S .b) || exit 2", false}, // arguments, not a loop's input: not read
		// A text tool reading a file: its errors only add to stderr
		// (QA's fourth round); a program read from a file is unseen.
		{"grep -q secret .env && exit 2", true},
		{"grep -q forbidden \"$1\" && exit 2", true},
		{"jq -e -f policy.jq && exit 2", false},
	} {
		if _, got := inlineText(tc.command); got != tc.want {
			t.Errorf("inlineText(%q) = %v, want %v", tc.command, got, tc.want)
		}
	}
}

// BenchmarkExitsTwoSilently reads a script of 10,000 exits closed by a
// group sent to stderr: the check must stay linear in the text (QA found
// a version that scanned the rest of the script for every exit).
// BenchmarkExitsTwoSilently: the reading stays linear in the text, with
// thousands of exits on many lines or on one (QA: 18,000 on one line took
// 155 s when each exit read the rest of its line), or through a variable
// (each exit $B counted the variable's uses anew).
func BenchmarkExitsTwoSilently(b *testing.B) {
	for name, script := range map[string]string{
		"lines":    "{\n" + strings.Repeat("grep -q x && exit 2\n", 10000) + "} >&2\n",
		"one-line": "{ " + strings.Repeat("true; exit 2; ", 10000) + "} >&2\n",
		"variable": "B=2; " + strings.Repeat("true && exit $B; ", 10000),
		// Each write's list is read back to its start: bounded, or one
		// long line of them is quadratic (2,000 took 3.2 s).
		"guarded-writes": strings.Repeat("c && echo x >&2 && true ", 10000) + "; exit 2\n",
		// Thousands of settings, writes and exits of one code.
		"codes": "rc=0\n" + strings.Repeat("c && rc=2\nif x; then echo x >&2; fi\nd && exit $rc\n", 3000) + "exit $rc\n",
	} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(script)))
			for b.Loop() {
				exitsTwoSilently(script)
			}
		})
	}
	// A hook's command of thousands of the prefixes commandReadings reads
	// past, at two sizes: the time must grow as the text does (QA: the
	// payload read first and its status saved, 20,000 times, took 90 s,
	// each saving reading the rest of the command anew; 20,000 file
	// tests took 27 s, each copying the rest).
	for _, n := range []int{2000, 8000} {
		for name, command := range map[string]string{
			"saved-status": strings.Repeat(`input=$(cat); echo "$input" | .claude/hooks/guard.sh; rc=$?; `, n) + "exit $rc",
			"file-tests":   strings.Repeat("[ -x .claude/hooks/guard.sh ] && ", n) + "python3 -c 'import sys; sys.exit(2)'",
		} {
			b.Run(name+"-"+strconv.Itoa(n), func(b *testing.B) {
				b.SetBytes(int64(len(command)))
				for b.Loop() {
					commandReadings(command)
				}
			})
		}
	}
}

// captureGrowth is what reading a capture as its call adds at most:
// A=$(c) (the shortest, 5 bytes besides the call) read as c >/dev/null.
const captureGrowth = len(" >/dev/null") - len("A=$()")

// FuzzExitsTwoSilently: any text, however its compounds pair up or its
// exits are spelled, is read without a panic, and a text that never
// says "exit" nor "return" (withLastCallReturnsAsExits) never exits 2.
func FuzzExitsTwoSilently(f *testing.F) {
	for _, seed := range []string{
		"if a; then\n  echo no; exit 2\nfi >&2",
		"case $c in (*rm*) exit 2;; esac",
		"f() { exit $C; }\nC=2\nf",
		"( ( ) } fi esac",
		"{ exit 2; } 2>&1 >&2 3>&- &>/dev/stderr",
		"\\",
		"cat <<-'E' >&2\n\tx\n\tE\n(( (a) + $((b)) > 2 )) && exit 2",
		"rc=0\nc && rc=2\n[ $rc = 2 ] && echo no >&2\n(( rc++ ))\nexit ${rc}",
		"if ! ./c.sh\nthen { echo no; exit 2; }; fi; exit 0",
		"./c.sh; [ \"$?\" -eq 0 ] || ( exit 2 )",
		"./c.sh; rc=$?; if [ \"$rc\" -ne 0 ]; then :; else exit 2; fi",
		"! ./c.sh && exit 2",
		"cd \"$CLAUDE_PROJECT_DIR\" && ./c.sh >/dev/null || exit 2",
		"if ! else; then exit 2; else :; fi",
		"import sys  # x\ns = r'''\\d''' + f\"{a!r}\"\nsys.exit(2)",
		"#!/usr/bin/env node\nconst r = /[/]\"/g; const t = `${a}`; /* */ process.exit(2)",
		"set -e; exec { ./c.sh; } || exit $? # \"x\" ;",
		"rc=0; ./c.sh || rc=2; exit \"${rc}\"",
		"./c.sh; rc=$?; if [ $rc -ne 2 ]; then :; else exit 2; fi",
		"timeout -s KILL 5 ./c.sh | tee l; exit ${PIPESTATUS[0]}",
		"exec 2>/dev/null; cat | nice -n 3 ./c.sh || rc=2; echo; exit $rc",
		"( ( rc=2 ); exit $rc )",
		"./c.sh; case $? in 0) ;; *) exit 2;; esac",
		"./c.sh\nrc=$?\nif [ $rc -ne 2 ]; then\n  exit 0\nfi\nexit 2",
		"./c.sh; (( $? >= 2 )) && exit 2 || [ $? -lt 1 ]",
		"f(){ return 2; }\n{ f \"$@\"; } && echo ok || exit $?",
		"grep -q x && command exit $(( 2 )); builtin command exit",
		"if ! \"$(dirname \"$0\")/c.sh\"; then m=\"$(echo \"a)b\")\"; exit 2; fi",
		"./d.sh && exit 2; exit 0",
		"v() { return 2; }\nm() { v \"$@\"; }\nm \"$@\"",
		"{\n die() { echo x >&2; exit 2; }\n} 2>/dev/null\ndie",
		"./c.sh; case $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac\ngrep -qs x f",
		"A=$(0)", // the fuzzer's: a capture read as the longer 0 >/dev/null
		"if [ -z \"$X\" ]; then exit 0\nelif ! ./c.sh; then exit 2; fi\nexit 0",
		"cat | \"$(dirname \"$0\")/c.sh\" || exit 2\nexit 0",
		// QA's near misses: a trap, a subshell, backquotes, cd &&, an
		// elif after exit 1.
		"trap 'rm -f \"$t\"' EXIT\n./c.sh || exit 2\nexit 0",
		"trap 'echo x >&2' INT; trap - EXIT\nexit 2",
		"( \"$(dirname \"$0\")/c.sh\" ) || exit 2",
		"\"`dirname \"$0\"`/c.sh\" || exit 2",
		"cd \"$CLAUDE_PROJECT_DIR\" && ./c.sh || exit 2\nexit 0",
		"if [ -z \"$X\" ]; then exit 1; elif ! ./c.sh; then exit 2; fi\nexit 0",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		// The offsets the reader keeps hold only if the blanking keeps
		// the text's length and lines.
		if shaped := forExitReading(text); len(shaped) != len(text) || strings.Count(shaped, "\n") != strings.Count(text, "\n") {
			t.Fatalf("forExitReading(%q) = %q: length or lines changed", text, shaped)
		}
		silent := exitsTwoSilently(text)
		exitsTwo(text)
		readShape(shlex.WithoutLiteralQuotes(text))
		if silent && !strings.Contains(text, "exit") && !strings.Contains(text, "return") {
			t.Errorf("exitsTwoSilently(%q) with no exit nor return", text)
		}
		// The cheap test before exitCodeVar misses none of its matches.
		if exitCodeVar().MatchString(text) && !mayExitThroughVariable(text) {
			t.Errorf("mayExitThroughVariable(%q) is false, but exitCodeVar matches", text)
		}
		// A command split at its call keeps both parts' text.
		if call, body, _, ok := failureBody(text); ok && (!strings.Contains(text, call) || !strings.Contains(text, body)) {
			t.Errorf("failureBody(%q) = %q, %q: not the command's", text, call, body)
		}
		if call, body, ok := successBody(text); ok && (!strings.Contains(text, call) || !strings.Contains(text, body)) {
			t.Errorf("successBody(%q) = %q, %q: not the command's", text, call, body)
		}
		// Quotes blanked keep the text's length and lines.
		if plain := shlex.WithoutLiteralQuotes(text); len(plain) != len(text) || strings.Count(plain, "\n") != strings.Count(text, "\n") {
			t.Fatalf("shlex.WithoutLiteralQuotes(%q) = %q: length or lines changed", text, plain)
		}
		if succeeds, ok := successAsExitTwo(text); ok {
			exitsTwoSilently(succeeds)
		}
		failsOnlyOne(shlex.WithoutLiteralQuotes(text))
		withoutOpeningCd(text, ".claude/hooks", "CLAUDE_PROJECT_DIR")
		// failureTail's rewrites of a script's last lines: an elif
		// split writes "fi\nif" for it, a pipeline's head only goes.
		if split := withElifSplit(text); split != text && len(split) != len(text)+1 {
			t.Errorf("withElifSplit(%q) = %q: not one elif split", text, split)
		}
		if line := withoutLinePipelineHead(text); !strings.HasSuffix(text, line) {
			t.Errorf("withoutLinePipelineHead(%q) = %q: not the line's end", text, line)
		}
		if inner := withoutSubshell(text); !strings.Contains(text, inner) {
			t.Errorf("withoutSubshell(%q) = %q: not what the subshell holds", text, inner)
		}
		// The Python and Node readers keep the text's length and lines.
		code, plain, _, ok := pythonParts(text)
		jsCode, jsPlain, jsOK := jsParts(text)
		for _, part := range []struct {
			s  string
			ok bool
		}{{code, ok}, {plain, ok}, {jsCode, jsOK}, {jsPlain, jsOK}} {
			if part.ok && (len(part.s) != len(text) || strings.Count(part.s, "\n") != strings.Count(text, "\n")) {
				t.Fatalf("a Python or Node reading of %q changed its length or lines: %q", text, part.s)
			}
		}
		// What silentExits reads a command as is never longer than it,
		// but for a capture read as its call with stdout sent away, as
		// bash runs it (out=$(check.sh) as check.sh >/dev/null: the
		// fuzzer's A=$(0) as 0 >/dev/null, right, and 6 bytes longer).
		// Each such reading consumes its =$( and makes none: the bound
		// still catches a reading that grows the text as it goes.
		read, alone := commandReadings(text)
		grown := captureGrowth * (strings.Count(text, "=$(") + strings.Count(text, "=\"$("))
		for _, r := range append(alone, read) {
			if len(r) > len(text)+grown {
				t.Errorf("%q read as the longer %q", text, r)
			}
		}
		// A silent exit 2 is a silent failure.
		if fails := failsSilently(text); silent && !fails {
			t.Errorf("exitsTwoSilently(%q) but not failsSilently", text)
		}
		// Printing as writing to stderr makes no text quieter.
		if exitsTwoSilently(withPrintsToStderr(text)) && !silent {
			t.Errorf("exitsTwoSilently(withPrintsToStderr(%q)) but not of the text itself", text)
		}
	})
}

func TestMayExitThroughVariable(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"exit $rc", true},
		{"exit\t\"${rc}\"", true},
		{"exit\n$rc", true},
		{"exit 2; echo $x", false},
		{"exit$rc", false},
		{"exit \"2\" $rc", false},
		{"exit 1\nexit $BLOCK", true},
		{"echo $x; exit", false},
	} {
		if got := mayExitThroughVariable(tc.text); got != tc.want {
			t.Errorf("mayExitThroughVariable(%q) = %v, want %v", tc.text, got, tc.want)
		}
		if exitCodeVar().MatchString(tc.text) && !tc.want {
			t.Errorf("%q: exitCodeVar matches where the table says no exit through a variable", tc.text)
		}
	}
}

func TestExitsTwo(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"grep -q x && exit 2", true},
		{"case $c in *rm*) echo no >&2; exit 2;; esac", true}, // loud or not
		{`echo "blocked (exit 2)"`, false},                    // only said
		{"exit 0", false},
	} {
		if got := exitsTwo(tc.text); got != tc.want {
			t.Errorf("exitsTwo(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestStderrAway(t *testing.T) {
	for _, tc := range []struct {
		command string
		want    bool
	}{
		{".claude/hooks/guard.sh 2>/dev/null", true},
		{"./guard.sh 2>&1", true},
		{"./guard.sh &>/dev/null", true},
		{"./guard.sh >/dev/null 2>&1", true},
		{"./guard.sh", false},
		{"./guard.sh >/dev/null", false},  // stdout only: stderr still reaches the tool
		{"./guard.sh 2>>guard.log", true}, // a log the tool never reads
		{"./guard.sh 2>&2", false},
		{"./guard.sh 2>/dev/stderr", false},
		{"./guard.sh 2>&1 >/dev/null", true}, // stderr to the tool's stdout, then stdout away
		{"./guard.sh >/dev/null 2>&1", true},
		{"./guard.sh >&2 2>/dev/null", false}, // what it prints is its reason: not read here
		{"./guard.sh >&2 2>&1", false},
		{"./guard.sh 1>&2", false},
		{"./guard.sh 2>&-", true}, // closed
		{"./guard.sh 2>/dev/fd/1", true},
		{"./guard.sh 3>&2", false},
		{"./guard.sh 2> /tmp/log", true},
		{`./guard.sh 2>"/dev/null"`, true}, // the quotes only group
		{`"$CLAUDE_PROJECT_DIR"/g.sh 2>>"$CLAUDE_PROJECT_DIR"/.claude/hook.log`, true},
		{`./guard.sh 2>"/dev/stderr"`, false},
	} {
		if _, got := stderrAway(tc.command); got != tc.want {
			t.Errorf("stderrAway(%q) = %v, want %v", tc.command, got, tc.want)
		}
	}
}

func TestFailsSilently(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"grep -q rm && exit 1\nexit 0", true},
		{"grep -q rm && { echo no >&2; exit 1; }\nexit 0", false},
		{"exit 0", false},
		{"exit 256", false}, // the shell keeps the low byte: 0
		{"rc=0\ngrep -q rm && rc=3\nexit $rc", true},
		{"rc=0\ngrep -q rm && { echo no >&2; rc=3; }\nexit $rc", false},
		{"die() { echo \"$1\" >&2; exit 1; }\ngrep -q rm && die no\nexit 0", false},
		// A failing last command's status is the script's (QA's fourth
		// round; each run in bash and dash as the script of
		// "./s.sh || exit 2", with a file f that holds neither ok nor x:
		// exit 2, empty stderr, where true).
		{"set -e\ngrep -q ok f", true},
		{"grep -q ok f", true},
		{"grep -q forbidden \"$1\" && exit 0", true}, // grep's failure ends the list
		{"echo checking >&2\ngrep -q ok f", false},
		{"grep -q ok f || exit 0", false},
		{"grep -q ok f; exit $?", true},
		{"exit 0\ngrep -q ok f", false}, // never reached
		{"case $c in *rm*) exit 0 ;; esac", false},
		{"case $c in *ok*) exit 0 ;; *) grep -q x f ;; esac", true},
		{"case $c in\n  *ok*) exit 0 ;;\n  *) grep -q x f\nesac", true},
		{"if x; then exit 0; else grep -q x f; fi", true},
		{"if grep -q x f; then exit 0; fi", false}, // an if whose condition fails ends with 0
		{"for w in a; do :; done", false},
		{"f() { exit 0; }\nf", false},
		{"main() {\n  grep -q x f\n}\nmain \"$@\"", true},
		{"main() {\n  grep -q x f\n}", false}, // only defined
		{"[ -n \"$x\" ] && { echo a; exit 0; }", true},
		{"grep -q x f && echo ok", true},
		{"x=1; y=2", false},
		{"x=$(grep x f)", true},
		{"true || grep -q x f", false},
		{"( grep -q x f )", true},
	} {
		if got := failsSilently(tc.text); got != tc.want {
			t.Errorf("failsSilently(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestWithoutQuietTraps: a trap that changes no exit is spelled true,
// padded to its length; any other is left as it is (QA).
func TestWithoutQuietTraps(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"trap 'rm -f \"$tmp\"' EXIT\nexit 2", "true                    \nexit 2"},
		{"trap \"rm -rf $dir\" 0; exit 2", "true                ; exit 2"},
		{"trap - EXIT\n", "true       \n"},
		{"trap '' EXIT", "true        "},
		{"trap 'echo stop >&2; exit 2' INT TERM", "true                                 "},
		{"trap cleanup SIGINT", "true               "},
		{"trap 'rm -f a' ERR", "true              "},
		{"if x; then trap 'rm -f a' EXIT; fi", "if x; then true               ; fi"},
		// Left as they are: a write, an exit, a function, rm -i, a
		// command substitution, a write on DEBUG, a trap in quotes.
		{"trap 'echo blocked >&2' EXIT", "trap 'echo blocked >&2' EXIT"},
		{"trap 'exit 0' EXIT", "trap 'exit 0' EXIT"},
		{"trap cleanup EXIT", "trap cleanup EXIT"},
		{"trap 'rm -i \"$tmp\"' exit", "trap 'rm -i \"$tmp\"' exit"},
		{"trap \"rm -f $(cat list)\" EXIT", "trap \"rm -f $(cat list)\" EXIT"},
		{"trap 'echo x >&2' INT DEBUG", "trap 'echo x >&2' INT DEBUG"},
		{"echo \"trap 'x' INT\"", "echo \"trap 'x' INT\""},
	} {
		if got := withoutQuietTraps(tc.text); got != tc.want {
			t.Errorf("withoutQuietTraps(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestFailureBody(t *testing.T) {
	for _, tc := range []struct {
		command, call, body string
		ok                  bool
	}{
		{"check.sh || exit 2", "check.sh", "exit 2", true},
		{"check.sh 2>/dev/null || exit 2", "check.sh 2>/dev/null", "exit 2", true},
		{"check.sh 2>&1 || exit 2", "check.sh 2>&1", "exit 2", true}, // the & of a redirection is no operator
		{"if ! check.sh; then exit 2; fi", "check.sh", " exit 2; ", true},
		{`if ! "$(dirname "$0")/check.sh"; then exit 2; fi`, `"$(dirname "$0")/check.sh"`, " exit 2; ", true}, // QA: the quotes in $( ) are its own
		{"if ! check.sh\nthen\n  echo no\n  exit 2\nfi\nexit 0", "check.sh", "\n  echo no\n  exit 2\n", true},
		{"check.sh && exit 0 || exit 2", "check.sh", "exit 2", true},
		{"check.sh && true || { echo no; exit 2; }", "check.sh", "{ echo no; exit 2; }", true},
		{"check.sh || { echo blocked; exit 2; }", "check.sh", "{ echo blocked; exit 2; }", true},
		{"check.sh || { echo blocked; exit 2; }; exit 0", "check.sh", "{ echo blocked; exit 2; }", true},
		{"check.sh || ( echo no; exit 2 )", "check.sh", "( echo no; exit 2 )", true},
		{"check.sh; [ $? -eq 0 ] || exit 2", "check.sh", "exit 2", true},
		{`check.sh; [ "$?" != "0" ] && exit 2`, "check.sh", "exit 2", true},
		{"check.sh\ntest $? -ne 0 && exit 2", "check.sh", "exit 2", true},
		{"check.sh; if [ $? -ne 0 ]; then exit 2; fi", "check.sh", " exit 2; ", true},
		// The status saved first, a negation, a cd into the project, an
		// else branch (QA's second round).
		{"check.sh; rc=$?; [ $rc -eq 0 ] || exit 2", "check.sh", "exit 2", true},
		{"check.sh\nrc=\"$?\"\ntest \"${rc}\" != 0 && { echo no >&2; exit 2; }", "check.sh", "{ echo no >&2; exit 2; }", true},
		{`check.sh; rc=$?; if [ "$rc" -ne 0 ]; then exit 2; fi`, "check.sh", " exit 2; ", true},
		{"check.sh; rc=$?; if [ $rc -eq 0 ]; then :; else exit 2; fi", "check.sh", " exit 2; ", true},
		{"! check.sh && exit 2", "check.sh", "exit 2", true},
		{"! check.sh && { echo no >&2; exit 2; }", "check.sh", "{ echo no >&2; exit 2; }", true},
		{`cd "$CLAUDE_PROJECT_DIR" && check.sh || exit 2`, `cd "$CLAUDE_PROJECT_DIR" && check.sh`, "exit 2", true},
		{`cd "$CLAUDE_PROJECT_DIR" && check.sh && exit 0 || exit 2`, `cd "$CLAUDE_PROJECT_DIR" && check.sh`, "exit 2", true},
		{`cd "$CLAUDE_PROJECT_DIR" && check.sh; [ $? -eq 0 ] || exit 2`, `cd "$CLAUDE_PROJECT_DIR" && check.sh`, "exit 2", true},
		{"check.sh >/dev/null || exit 2", "check.sh >/dev/null", "exit 2", true},
		// bash's arithmetic command (QA's second round).
		{"check.sh; (( $? == 0 )) || exit 2", "check.sh", "exit 2", true},
		{"check.sh; rc=$?; (( rc != 0 )) && exit 2", "check.sh", "exit 2", true},
		{"check.sh; ((${rc} > 0)) && exit 2", "", "", false}, // rc is not the status saved
		{"check.sh; if (( $? != 0 )); then exit 2; fi", "check.sh", " exit 2; ", true},
		{"check.sh; (( $? == 0 )) && exit 2", "", "", false}, // exits 2 on success
		{"check.sh; (( $? )) || exit 2", "", "", false},      // exits 2 on success
		// QA's fourth round: a bare or negated arithmetic test, the call
		// first in a pipeline whose status PIPESTATUS keeps, and an exit 0
		// on success with the rest run on failure.
		{"check.sh; (( $? )) && exit 2", "check.sh", "exit 2", true},
		{"check.sh; (( ! $? )) || exit 2", "check.sh", "exit 2", true},
		{"check.sh; rc=$?; (( rc )) && { echo no >&2; exit 2; }", "check.sh", "{ echo no >&2; exit 2; }", true},
		{"check.sh | tee log; [ ${PIPESTATUS[0]} -eq 0 ] || exit 2", "check.sh", "exit 2", true},
		{"check.sh | tee -a log | head -5; rc=${PIPESTATUS[0]}; [ $rc -ne 0 ] && exit 2", "check.sh", "exit 2", true},
		{"check.sh | tee log; if (( PIPESTATUS[0] != 0 )); then exit 2; fi", "check.sh", " exit 2; ", true},
		{"check.sh; [ \"${PIPESTATUS[0]}\" -eq 0 ] || exit 2", "check.sh", "exit 2", true}, // one command: $? alike
		{"check.sh | tee log; [ $? -eq 0 ] || exit 2", "", "", false},                      // tee's status
		{"check.sh | tee log; rc=$?; [ $rc -eq 0 ] || exit 2", "", "", false},
		{"check.sh | cat >&2; [ ${PIPESTATUS[0]} -eq 0 ] || exit 2", "", "", false}, // its stdout made stderr
		{"check.sh | ./filter.sh; [ ${PIPESTATUS[0]} -eq 0 ] || exit 2", "", "", false},
		{"check.sh |& tee log; [ ${PIPESTATUS[0]} -eq 0 ] || exit 2", "", "", false},
		{"check.sh | tee log || exit 2", "", "", false}, // tee's status
		{"check.sh && exit 0; exit 2", "check.sh", "exit 2", true},
		{"check.sh && exit\necho no; exit 2", "check.sh", "echo no; exit 2", true},
		{"check.sh; [ $? -eq 0 ] && exit 0; exit 2", "check.sh", "exit 2", true},
		{"check.sh; (( $? )) || exit 0; exit 2", "check.sh", "exit 2", true},
		{"check.sh && exit 2; exit 0", "", "", false},
		{"check.sh && exit 0", "", "", false},
		{"if check.sh; then :; else exit 2; fi", "check.sh", " exit 2; ", true},
		{"if check.sh\nthen\n  exit 0\nelse\n  echo no >&2\n  exit 2\nfi", "check.sh", "\n  echo no >&2\n  exit 2\n", true},
		{"if ! check.sh; then exit 2; else exit 0; fi", "check.sh", " exit 2; ", true},
		{"check.sh; if [ $? -eq 0 ]; then :; else exit 2; fi", "check.sh", " exit 2; ", true},
		// The branch that runs on failure is the body, whatever it does:
		// here it exits not (the else runs on success).
		{"if ! check.sh; then :; else exit 2; fi", "check.sh", " :; ", true},
		{"check.sh; if [ $? -ne 0 ]; then :; else exit 2; fi", "check.sh", " :; ", true},
		// The body runs on the call's success, or not on its failure alone.
		{"check.sh && exit 2", "", "", false},
		{"if check.sh; then exit 2; fi", "", "", false},
		{"check.sh; [ $? -ne 0 ] || exit 2", "", "", false},
		{"check.sh; [ $? -eq 0 ] && exit 2", "", "", false},
		{"check.sh; if [ $? -eq 0 ]; then exit 2; fi", "", "", false},
		{"check.sh && echo ok || exit 2", "", "", false},                                       // echo may fail too: not followed
		{"if ! check.sh; then echo no; exit 2; fi >&2", "", "", false},                         // redirected
		{"check.sh || { echo no; exit 2; } >&2", "check.sh", "{ echo no; exit 2; } >&2", true}, // the group's redirection is its own (QA's fourth round)
		{"check.sh || { echo no >&2; exit 2; } 2>/dev/null; exit 0", "check.sh", "{ echo no >&2; exit 2; } 2>/dev/null", true},
		{"check.sh || ( echo no >&2; exit 2 ) 2>/dev/null", "check.sh", "( echo no >&2; exit 2 ) 2>/dev/null", true},
		{"check.sh || { exit 2; } 2>/dev/null | cat", "", "", false},
		{"check.sh || exit 2 && next.sh", "check.sh", "exit 2 ", true}, // next.sh runs on success alone
		{"check.sh || ( exit 2 ); exit 0", "", "", false},              // the subshell's exit ends only it
		{"check.sh | grep -q ok || exit 2", "", "", false},             // a pipeline
		{"check.sh; x; [ $? -eq 0 ] || exit 2", "", "", false},         // another command's status
		{"check.sh; rc=$?; [ $rc -ne 0 ] || exit 2", "", "", false},
		{"check.sh; rc=$?; [ $? -eq 0 ] || exit 2", "", "", false}, // the assignment's status
		{"check.sh; [ $rc -eq 0 ] || exit 2", "", "", false},       // not the call's status
		{"check.sh; rc=$?; x; [ $rc -eq 0 ] || exit 2", "", "", false},
		{"! check.sh || exit 2", "", "", false},
		{"! check.sh && exit 0 || exit 2", "check.sh", "exit 0 ", true}, // exits 2 on success: no silent body
		{"check.sh; [ $? -ne 0 ] && exit 2 || exit 0", "check.sh", "exit 2 ", true},
		{"check.sh; [ $? -ne 0 ] && echo no || exit 0", "", "", false}, // echo returns
		{"! check.sh; [ $? -ne 0 ] && exit 2", "", "", false},          // a negated status: not followed
		{"cd /tmp && check.sh || exit 2", "", "", false},               // a cd elsewhere: the call is two commands
		{"if check.sh; then exit 2; fi; exit 0", "", "", false},
		{"if check.sh; then :; elif x; then :; else exit 2; fi", "", "", false},
		{"if check.sh; then :; else exit 2; fi >&2", "", "", false},
		{"if else; then exit 2; fi", "", "", false},
		{"if ! else; then exit 2; fi", "", "", false},
		// QA: a catch-all arm after an arm for 0 runs on any failure; one
		// without it runs on success too, and a quoted "*" is no glob.
		{"check.sh; case $? in 0) exit 0;; *) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh\ncase $? in\n  0) ;;\n  *) echo no; exit 2 ;;\nesac", "check.sh", " echo no; exit 2 ", true},
		{"check.sh; rc=$?; case \"$rc\" in (0) exit 0;; (*) exit 2;; esac; exit 0", "check.sh", " exit 2", true},
		{"check.sh; case $? in *) exit 2;; esac", "", "", false},
		{"check.sh; case $? in 1) exit 0;; *) exit 2;; esac", "", "", false},
		{"check.sh; case $? in 0) exit 0;; \"*\") exit 2;; esac", "", "", false},
		{"check.sh; case $? in 0) exit 0;; *) exit 2;& 3) exit 0;; esac", "", "", false},
		// QA: -ge and -lt, and an if whose then part exits 0 alone,
		// followed by the rest, which runs on failure.
		{"check.sh; [ $? -ge 1 ] && exit 2", "check.sh", "exit 2", true},
		{"check.sh; [ \"$?\" -lt 1 ] || exit 2", "check.sh", "exit 2", true},
		{"check.sh; (( $? >= 1 )) && exit 2", "check.sh", "exit 2", true},
		{"check.sh; if [ $? -eq 0 ]; then exit 0; fi; exit 2", "check.sh", "exit 2", true},
		{"check.sh\nif [ $? -eq 0 ]; then\n  exit\nfi\necho no; exit 2", "check.sh", "echo no; exit 2", true},
		{"check.sh; [ $? -le 1 ] && exit 2", "", "", false}, // on success too
		{"check.sh; [ $? -eq 1 ] && exit 2", "", "", false}, // on exit 1 alone
		{"check.sh; if [ $? -eq 0 ]; then echo ok; fi; exit 2", "", "", false},
		{"check.sh; if [ $? -ne 0 ]; then exit 0; fi; exit 2", "check.sh", " exit 0; ", true}, // the body on failure exits 0
		{"check.sh; if [ $? -eq 0 ]; then exit 0; fi", "", "", false},
		{"./guard.sh", "", "", false},
	} {
		call, body, on, ok := failureBody(tc.command)
		if ok != tc.ok || ok && (call != tc.call || body != tc.body) {
			t.Errorf("failureBody(%q) = %q, %q, %v, want %q, %q, %v", tc.command, call, body, ok, tc.call, tc.body, tc.ok)
		}
		if ok && on != exitCodeFailing {
			t.Errorf("failureBody(%q) runs its body on %v, want on any failure", tc.command, on)
		}
	}
}

// TestFailureBodyOnExitTwo: a test of the call's status against 2 runs
// its body on the call's exit 2 alone (QA: ./q.sh; rc=$?; [ $rc -eq 2 ]
// && exit 2 was not read); one that runs it on any other status, success
// among them, has no such body.
func TestSuccessBody(t *testing.T) {
	for _, tc := range []struct {
		command, call, body string
		ok                  bool
	}{
		{"isdanger.sh && exit 2", "isdanger.sh", "exit 2", true},
		{"isdanger.sh && exit 2; exit 0", "isdanger.sh", "exit 2", true},
		{"\"$(dirname \"$0\")/isdanger.sh\" && exit 2\nexit 0", "\"$(dirname \"$0\")/isdanger.sh\"", "exit 2", true},
		{"isdanger.sh 2>/dev/null && { echo no >&2; exit 2; }", "isdanger.sh 2>/dev/null", "{ echo no >&2; exit 2; }", true},
		{"isdanger.sh && echo ok", "isdanger.sh", "echo ok", true}, // the caller reads whether it exits 2
		{"isdanger.sh || exit 2", "", "", false},
		{"! check.sh && exit 2", "", "", false},                                // failureBody's
		{"if isdanger.sh; then exit 2; fi && exit 0", "", "", false},           // a compound
		{"cd \"$CLAUDE_PROJECT_DIR\" && isdanger.sh && exit 2", "", "", false}, // a cd first
		{"isdanger.sh && echo found && exit 2", "", "", false},                 // an and-or list after no exit
		{"isdanger.sh; exit 2", "", "", false},
		// QA: the if form, its then part run on success alone.
		{"if isdanger.sh; then exit 2; fi", "isdanger.sh", " exit 2; ", true},
		{"if \"$(dirname \"$0\")/isdanger.sh\"\nthen\n  exit 2\nfi\nexit 0", "\"$(dirname \"$0\")/isdanger.sh\"", "\n  exit 2\n", true},
		{"if isdanger.sh; then exit 2; else exit 0; fi", "", "", false}, // an else: failureBody's
		{"if ! check.sh; then exit 2; fi", "", "", false},               // failureBody's
		{"if cd x; then exit 2; fi", "", "", false},
	} {
		call, body, ok := successBody(tc.command)
		if call != tc.call || body != tc.body || ok != tc.ok {
			t.Errorf("successBody(%q) = %q, %q, %v, want %q, %q, %v", tc.command, call, body, ok, tc.call, tc.body, tc.ok)
		}
	}
}

func TestSuccessAsExitTwo(t *testing.T) {
	for _, tc := range []struct {
		text, want string
		ok         bool
	}{
		{"grep -q bad", "grep -q bad\nexit 2\n", true},
		{"grep -q bad || exit 1\necho found >&2\nexit 0", "grep -q bad || exit 1\necho found >&2\nexit 2", true},
		{"if grep -q bad; then exit 0; fi\nexit 2", "if grep -q bad; then exit 2; fi\nexit 1", true},
		{"[ -n \"$x\" ] && exit 256\nexit 3", "[ -n \"$x\" ] && exit 2\nexit 1", true},
		{"echo 'exit 0'; exit_code=1", "echo 'exit 0'; exit_code=1\nexit 2\n", true}, // no exit: quoted, or another word
		{"f() { exit 0; }\nf", "f() { exit 2; }\nf\nexit 2\n", true},
		{"grep -q bad || exit\nexit 0", "", false},
		{"exit $rc", "", false},
	} {
		got, ok := successAsExitTwo(tc.text)
		if got != tc.want || ok != tc.ok {
			t.Errorf("successAsExitTwo(%q) = %q, %v, want %q, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
}

func TestFailureBodyOnExitTwo(t *testing.T) {
	// The rows whose arm runs on other codes than 2 too (QA: a pattern
	// list's other numbers, and a catch-all's failures but those listed
	// before it).
	wantOn := map[string]exitCode{
		"check.sh; case $? in 2|3) exit 2;; esac":                                                  onlyCodes([]string{"2", "3"}),
		"check.sh; case $? in 1 | 2 ) exit 2;; esac":                                               onlyCodes([]string{"1", "2"}),
		"check.sh; case $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac":                            failingBut([]string{"1"}),
		"check.sh; case $? in 0) ;; " + strings.Repeat("1) exit 0;; ", 20000) + "*) exit 2;; esac": failingBut([]string{"1"}),
		"check.sh; case $? in 0) exit 0;; 1) ;& 2) exit 2;; esac":                                  onlyCodes([]string{"1", "2"}),
		"check.sh; case $? in 0) exit 0;; 1) : ;;& *) exit 2;; esac":                               exitCodeFailing,
		"check.sh; case $? in 0) exit 0;; 1|*) exit 2;; esac":                                      exitCodeFailing,
	}
	for _, tc := range []struct {
		command, call, body string
		ok                  bool
	}{
		{"check.sh; rc=$?; [ $rc -eq 2 ] && exit 2", "check.sh", "exit 2", true},
		{"check.sh; [ \"$?\" = 2 ] && exit 2", "check.sh", "exit 2", true},
		{"check.sh; [ $? -ne 2 ] || { echo no; exit 2; }", "check.sh", "{ echo no; exit 2; }", true},
		{"check.sh; if [ $? -eq 2 ]; then exit 2; fi", "check.sh", " exit 2; ", true},
		{"check.sh; rc=$?; if [ \"$rc\" -ne 2 ]; then :; else exit 2; fi", "check.sh", " exit 2; ", true},
		{"check.sh; (( $? == 2 )) && exit 2", "check.sh", "exit 2", true},
		{"check.sh; [ $? -ne 2 ] && exit 0; exit 2", "check.sh", "exit 2", true},
		{"check.sh | tee log; [ ${PIPESTATUS[0]} -eq 2 ] && exit 2", "check.sh", "exit 2", true},
		{"check.sh; [ $? -eq 2 ] || exit 2", "", "", false}, // on any other status, success too
		{"check.sh; [ $? -gt 2 ] && exit 2", "", "", false},
		{"check.sh; [ $? -eq 20 ] && exit 2", "", "", false},
		{"check.sh; rc=$?; [ $code -eq 2 ] && exit 2", "", "", false}, // not the status saved
		// QA: a case on the status, one arm for 2, ending the command.
		{"check.sh; case $? in 2) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh\ncase \"$?\" in\n  (2) exit 2 ;;\nesac\n", "check.sh", " exit 2 ", true},
		{"check.sh; rc=$?; case $rc in 2) echo no; exit 2;; esac", "check.sh", " echo no; exit 2", true},
		{"check.sh; rc=$?; case $code in 2) exit 2;; esac", "", "", false},
		{"check.sh; case $? in 2) exit 2;; esac; echo done", "", "", false}, // the case does not end it
		{"check.sh; case $? in 2*) exit 2;; esac", "", "", false},
		// QA: several arms, a pattern list, a quoted 2.
		{"check.sh; case $? in 0) ;; 2) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in 2|3) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in 1 | 2 ) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in \"2\") exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case \"$?\" in '0') exit 0;; '2') exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh\ncase $? in\n  0) exit 0 ;;\n  2) exit 2 ;;\n  *) exit 1 ;;\nesac\n", "check.sh", " exit 2 ", true},
		{"check.sh; case $? in 2) exit 2;; esac; exit 0", "check.sh", " exit 2", true},
		// the first arm for 2
		{"check.sh; case $? in 1) exit 1;; 2) echo no; exit 2;; 2) exit 0;; esac", "check.sh", " echo no; exit 2", true},
		{"check.sh; case $? in *) exit 0;; 2) exit 2;; esac", "", "", false},          // * matches 2 first
		{"check.sh; case $? in [0-9]) exit 0;; 2) exit 2;; esac", "", "", false},      // so may a glob
		{"check.sh; case $? in $ok) exit 0;; 2) exit 2;; esac", "", "", false},        // or a variable
		{"check.sh; case $? in 02) exit 0;; esac", "", "", false},                     // 02 is not 2 as text
		{"check.sh; case $? in 2) exit 2;& 3) exit 0;; esac", "", "", false},          // falls through
		{"check.sh; case $? in 2) echo x;;& 3) exit 2;; esac", "", "", false},         // bash's ;;& tests on
		{"check.sh; case $? in 2) exit 2; esac", "", "", false},                       // no ;;: not read
		{"check.sh; case $? in 2) case $x in a) exit 2;; esac;; esac", "", "", false}, // a case inside
		// Large: one pass over the arms, however many.
		{"check.sh; case $? in " + strings.Repeat("1) exit 0;; ", 20000) + "2) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in " + strings.Repeat("1) exit 0;; ", 20000) + "*) exit 2;; esac", "", "", false},
		// QA: a catch-all after arms for 0 and other failures runs at
		// least on exit 2; large, still one pass.
		{"check.sh; case $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in 0) ;; " + strings.Repeat("1) exit 0;; ", 20000) + "*) exit 2;; esac", "check.sh", " exit 2", true},
		// QA: an empty arm falling through (;&) or testing on (;;&),
		// and 1|*, a catch-all too.
		{"check.sh; case $? in 0) exit 0;; 1) ;& 2) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in 0) exit 0;; 1) : ;;& *) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in 0) exit 0;; 1|*) exit 2;; esac", "check.sh", " exit 2", true},
		// An arm for 2 that runs on success too (0|2, or 0 falling into
		// it) still passes the helper's exit 2 on (QA regression: the
		// previous build warned, these did not).
		{"check.sh; case $? in 0) ;& 2) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in 0|2) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in 2|0) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in 0|3|2) exit 2;; esac", "check.sh", " exit 2", true},
		{"check.sh; case $? in 1) echo x >&2 ;& 2) exit 2;; esac", "", "", false}, // a command, then the next arm's
		{"check.sh; case $? in 0|*) exit 2;; esac", "", "", false},                // on success too
		// QA: -ge 2 (and its spellings), and an if whose then part exits
		// 0 on every status but 2, followed by the rest.
		{"check.sh; [ $? -ge 2 ] && exit 2", "check.sh", "exit 2", true},
		{"check.sh; [[ $? -gt 1 ]] && exit 2", "check.sh", "exit 2", true},
		{"check.sh; (( $? >= 2 )) && exit 2", "check.sh", "exit 2", true},
		{"check.sh; rc=$?; test $rc -lt 2 || exit 2", "check.sh", "exit 2", true},
		{"check.sh; if [ $? -ne 2 ]; then exit 0; fi; exit 2", "check.sh", "exit 2", true},
		{"check.sh\nif [ $? -ne 2 ]; then\n  exit 0\nfi\nexit 2", "check.sh", "exit 2", true},
		{"check.sh; if [ $? -lt 2 ]; then exit; fi\nexit 2", "check.sh", "exit 2", true},
		{"check.sh; [ $? -ge 3 ] && exit 2", "", "", false},
		{"check.sh; [ $? -ge 0 ] && exit 2", "", "", false}, // always
		{"check.sh; if [ $? -ne 2 ]; then echo ok; fi; exit 2", "", "", false},
		{"check.sh; if [ $? -ne 2 ]; then exit 1; fi; exit 2", "", "", false},
		{"check.sh; if [ $? -ne 2 ]; then exit 0; fi", "", "", false}, // nothing after
		{"check.sh; if [ $? -ne 2 ]; then exit 0; elif x; then :; fi; exit 2", "", "", false},
	} {
		call, body, on, ok := failureBody(tc.command)
		want, other := wantOn[tc.command]
		if !other {
			want = exitCodeTwo
		}
		if ok != tc.ok || ok && (call != tc.call || body != tc.body || on != want) {
			t.Errorf("failureBody(%q) = %q, %q, %v, %v, want %q, %q, %v, %v", tc.command, call, body, on, ok, tc.call, tc.body, want, tc.ok)
		}
	}
}

// TestSilentExitsWrapped: a command that turns its script's failure into
// exit 2 in any of the shapes failureBody reads exits 2 silently where
// the script fails without a word and the body writes none (each row
// run in bash 5.2 and dash with a script exiting 1 silently, or with its
// reason on stderr or stdout: silent means exit 2 with empty stderr),
// and loudly where either writes to stderr.
func TestSilentExitsWrapped(t *testing.T) {
	scripts := &Scripts{FS: fstest.MapFS{
		"quiet.sh":               {Data: []byte("#!/bin/bash\ncmd=$(jq -r .tool_input.command)\ncase \"$cmd\" in *rm*) exit 1 ;; esac\nexit 0\n")},
		"loud.sh":                {Data: []byte("#!/bin/bash\ncmd=$(jq -r .tool_input.command)\ncase \"$cmd\" in *rm*) echo \"no rm\" >&2; exit 1 ;; esac\nexit 0\n")},
		"exit2.sh":               {Data: []byte("#!/bin/bash\ncmd=$(jq -r .tool_input.command)\ncase \"$cmd\" in *rm*) exit 2 ;; esac\nexit 0\n")},
		"exit2-loud.sh":          {Data: []byte("#!/bin/bash\ncmd=$(jq -r .tool_input.command)\ncase \"$cmd\" in *rm*) echo \"no rm\" >&2; exit 2 ;; esac\nexit 0\n")},
		"says.sh":                {Data: []byte("#!/bin/bash\ncmd=$(jq -r .tool_input.command)\ncase \"$cmd\" in *rm*) echo \"no rm\"; exit 1 ;; esac\nexit 0\n")},
		"exit2.py":               {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nif \"rm\" in d[\"tool_input\"][\"command\"]:\n    sys.exit(2)\nsys.exit(0)\n")},
		"exit2-loud.py":          {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nif \"rm\" in d[\"tool_input\"][\"command\"]:\n    print(\"no rm\", file=sys.stderr)\n    sys.exit(2)\nsys.exit(0)\n")},
		"exit2-says.sh":          {Data: []byte("#!/bin/bash\ncmd=$(jq -r .tool_input.command)\ncase \"$cmd\" in *rm*) echo \"no rm\"; exit 2 ;; esac\nexit 0\n")},
		"exit2-says.py":          {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nif \"rm\" in d[\"tool_input\"][\"command\"]:\n    print(\"no rm\")\n    sys.exit(2)\nsys.exit(0)\n")},
		"quiet.py":               {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nif \"rm\" in d[\"tool_input\"][\"command\"]:\n    sys.exit(1)\n")},
		"loud.py":                {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nif \"rm\" in d[\"tool_input\"][\"command\"]:\n    print(\"no rm\", file=sys.stderr)\n    sys.exit(1)\n")},
		"pkg/__init__.py":        {Data: []byte("")},
		"pkg/check.py":           {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nif \"rm\" in d[\"tool_input\"][\"command\"]:\n    sys.exit(1)\n")},
		"pkg2/__init__.py":       {Data: []byte("import sys\nprint(\"init\", file=sys.stderr)\n")},
		"pkg2/check/__main__.py": {Data: []byte("import json, sys\nd = json.load(sys.stdin)\nif \"rm\" in d[\"tool_input\"][\"command\"]:\n    sys.exit(1)\n")},
		"lastgrep.sh":            {Data: []byte("#!/bin/sh\ngrep -q ok file\n")},
		"lastgrep-loud.sh":       {Data: []byte("#!/bin/sh\ngrep -q ok file || { echo \"not ok\" >&2; false; }\n")},
		"fgrep.sh":               {Data: []byte("#!/bin/sh\ngrep -q forbidden \"$1\" && exit 2\n")},
		"fgrep-loud.sh":          {Data: []byte("#!/bin/sh\ngrep -q forbidden \"$1\" && { echo \"forbidden\" >&2; exit 2; }\nexit 0\n")},
		"branchy.sh":             {Data: []byte("#!/bin/bash\ncmd=$(jq -r .tool_input.command)\nif [ -z \"$cmd\" ]; then echo \"no command\"; exit 0; fi\ncase \"$cmd\" in *rm*) exit 1 ;; esac\necho \"$cmd\" | grep -q sudo && exit 1\nexit 0\n")},
	}}
	for _, tc := range []struct {
		command string
		want    bool
	}{
		{"./quiet.sh || exit 2", true},
		{"./loud.sh || exit 2", false},
		{"if ! ./quiet.sh; then exit 2; fi", true},
		{"if ! ./quiet.sh; then echo blocked >&2; exit 2; fi", false},
		{"if ! ./loud.sh; then exit 2; fi", false},
		{"./quiet.sh && exit 0 || exit 2", true},
		{"./quiet.sh && exit 0 || { echo blocked >&2; exit 2; }", false},
		{"./loud.sh && exit 0 || exit 2", false},
		{"./quiet.sh || { echo blocked; exit 2; }", true}, // the reason on stdout
		{"./quiet.sh || { echo blocked >&2; exit 2; }", false},
		{"./loud.sh || { echo blocked; exit 2; }", false},
		{"./quiet.sh; [ $? -eq 0 ] || exit 2", true},
		{"./quiet.sh; [ $? -eq 0 ] || { echo blocked >&2; exit 2; }", false},
		{"./quiet.sh; if [ $? -ne 0 ]; then exit 2; fi", true},
		{"./quiet.sh; if [ $? -ne 0 ]; then echo blocked >&2; exit 2; fi", false},
		{"if ! ./loud.sh 2>/dev/null; then exit 2; fi", true}, // the script's reason sent away
		{"./quiet.sh && exit 2", true},                        // exits 2 on success, silently (QA: read)
		// QA's second round, each silent shape with its loud twins.
		// The status saved in a variable first.
		{"./quiet.sh; rc=$?; [ $rc -eq 0 ] || exit 2", true},
		{"./quiet.sh; rc=$?; [ $rc -eq 0 ] || { echo no >&2; exit 2; }", false},
		{"./loud.sh; rc=$?; [ $rc -eq 0 ] || exit 2", false},
		{"./quiet.sh; rc=$?; if [ \"$rc\" -ne 0 ]; then exit 2; fi", true},
		{"./quiet.sh; rc=$?; if [ \"$rc\" -ne 0 ]; then echo no >&2; exit 2; fi", false},
		{"./loud.sh; rc=$?; if [ \"$rc\" -ne 0 ]; then exit 2; fi", false},
		{"./quiet.sh; rc=$?; [ $rc -ne 0 ] || exit 2", false}, // exits 2 on success
		{"./quiet.sh; rc=$?; [ $? -eq 0 ] || exit 2", false},  // the assignment's status: 0
		// A negated call.
		{"! ./quiet.sh && exit 2", true},
		{"! ./quiet.sh && { echo no >&2; exit 2; }", false},
		{"! ./loud.sh && exit 2", false},
		{"! ./quiet.sh || exit 2", false}, // exits 2 on success
		// A cd into the project before the call.
		{"cd \"$CLAUDE_PROJECT_DIR\" && ./quiet.sh || exit 2", true},
		{"cd \"$CLAUDE_PROJECT_DIR\" && ./quiet.sh || { echo no >&2; exit 2; }", false},
		{"cd \"$CLAUDE_PROJECT_DIR\" && ./loud.sh || exit 2", false},
		// Only the call's stdout redirected: its stderr is still the tool's.
		{"./quiet.sh >/dev/null || exit 2", true},
		{"./quiet.sh >/dev/null || { echo no >&2; exit 2; }", false},
		{"./loud.sh >/dev/null || exit 2", false},
		{"./says.sh >/dev/null || exit 2", true}, // the reason on stdout, sent away
		// An else branch.
		{"if ./quiet.sh; then :; else exit 2; fi", true},
		{"if ./quiet.sh; then :; else echo no >&2; exit 2; fi", false},
		{"if ./loud.sh; then :; else exit 2; fi", false},
		{"if ! ./quiet.sh; then exit 2; else exit 0; fi", true},
		{"if ! ./quiet.sh; then :; else exit 2; fi", false}, // exits 2 on success
		{"./quiet.sh; if [ $? -eq 0 ]; then :; else exit 2; fi", true},
		{"./quiet.sh; if [ $? -eq 0 ]; then :; else echo no >&2; exit 2; fi", false},
		// A redirection ending the command is its last command's alone.
		{"./quiet.sh || exit 2 2>/dev/null", true},
		{"./loud.sh || exit 2 2>/dev/null", false},
		{"{ echo no >&2; exit 2; } 2>/dev/null", true},
		{"{ echo no >&2; exit 2; }", false},
		// A script that exits 2 itself, its stdout alone sent away.
		{"./exit2.sh >/dev/null", true},
		{"./exit2.sh >>out.log", true},
		{"./exit2-loud.sh >/dev/null", false},
		{"./exit2-loud.sh 2>&1 >/dev/null", true}, // its stderr made stdout: HC431's dropped
		// QA's third round. A comment or a ; ending the whole command.
		{"if ! ./quiet.sh; then exit 2; fi # guard", true},
		{"if ! ./loud.sh; then exit 2; fi # guard", false},
		{"./exit2.sh >/dev/null;", true},
		{"./exit2-loud.sh >/dev/null;", false},
		{"./exit2.sh > /dev/null # drop output", true},
		{"./exit2-loud.sh > /dev/null # drop output", false},
		{"./quiet.sh || exit 2 # why: see ./loud.sh", true},
		// A cd into the project ended by ; or || exit 1;.
		{"cd \"$CLAUDE_PROJECT_DIR\"; ./quiet.sh || exit 2", true},
		{"cd \"$CLAUDE_PROJECT_DIR\"; ./loud.sh || exit 2", false},
		{"cd \"$CLAUDE_PROJECT_DIR\" || exit 1; ./quiet.sh || exit 2", true},
		{"cd \"$CLAUDE_PROJECT_DIR\" || exit 1; ./loud.sh || exit 2", false},
		// An exit that passes the status on.
		{"./exit2.sh; exit $?", true},
		// bash's arithmetic command as the status test (QA's second round).
		{"./quiet.sh; (( $? == 0 )) || exit 2", true},
		{"./loud.sh; (( $? == 0 )) || exit 2", false},
		{"./quiet.sh; (( $? == 0 )) || { echo no >&2; exit 2; }", false},
		{"./exit2-loud.sh; exit $?", false},
		{"./exit2.sh || exit $?", true},
		{"./exit2-loud.sh || exit $?", false},
		{"./exit2.sh >/dev/null; exit $?", true},
		{"./exit2-loud.sh >/dev/null; exit $?", false},
		{"./quiet.sh || exit 2; exit \"$?\"", true},
		{"./loud.sh || exit 2; exit \"$?\"", false},
		// What opens the command and changes nothing read.
		{"{ ./quiet.sh; } || exit 2", true},
		{"{ ./loud.sh; } || exit 2", false},
		{"exec ./exit2.sh >/dev/null", true},
		{"exec ./exit2-loud.sh >/dev/null", false},
		{"exec ./quiet.sh || exit 2", false}, // the || never runs: exit 1
		{"/usr/bin/env python3 exit2.py", true},
		{"/usr/bin/env python3 exit2-loud.py", false},
		{"env python3 exit2.py", true},
		{"set -e; ./quiet.sh || exit 2", true},
		{"set -e; ./loud.sh || exit 2", false},
		{"set -e; ./quiet.sh; [ $? -eq 0 ] || exit 2", false}, // set -e stops it: exit 1
		// An exit 2 followed by the rest of its and-or list.
		{"./quiet.sh; [ $? -ne 0 ] && exit 2 || exit 0", true},
		{"./loud.sh; [ $? -ne 0 ] && exit 2 || exit 0", false},
		{"./quiet.sh; [ $? -ne 0 ] && { echo no >&2; exit 2; } || exit 0", false},
		{"./quiet.sh || exit 2 && ./loud.sh", true},
		// The exit code kept in a variable.
		{"rc=0; ./quiet.sh || rc=2; exit $rc", true},
		{"rc=0; ./loud.sh || rc=2; exit $rc", false},
		{"rc=0; ./quiet.sh || rc=2; exit \"$rc\"", true},
		// QA's fourth round, each silent shape before its loud twins (run
		// in bash 5.2 and dash 0.5.12 with quiet.sh and loud.sh, the
		// payload {"tool_input":{"command":"rm -rf /"}}: bash exits 2,
		// stderr empty for the silent rows, "no rm" or "no" for the loud
		// ones; dash fails on ${PIPESTATUS[0]} ("Bad substitution") and on
		// (( … )) (a command "1" not found), loudly).
		// The call first in a pipeline, its status from PIPESTATUS.
		{"./quiet.sh | tee log; [ ${PIPESTATUS[0]} -eq 0 ] || exit 2", true},
		{"./loud.sh | tee log; [ ${PIPESTATUS[0]} -eq 0 ] || exit 2", false},
		{"./quiet.sh | tee log; [ ${PIPESTATUS[0]} -eq 0 ] || { echo no >&2; exit 2; }", false},
		{"./quiet.sh | tee log; rc=${PIPESTATUS[0]}; [ $rc -ne 0 ] && exit 2", true},
		{"./loud.sh | tee log; rc=${PIPESTATUS[0]}; [ $rc -ne 0 ] && exit 2", false},
		{"./quiet.sh | tee log; if (( PIPESTATUS[0] != 0 )); then exit 2; fi", true},
		{"./quiet.sh | tee log; [ $? -eq 0 ] || exit 2", false},              // tee's status: exit 0
		{"./says.sh | cat >&2; [ ${PIPESTATUS[0]} -eq 0 ] || exit 2", false}, // its reason made stderr
		// A bare or negated arithmetic test of the status.
		{"./quiet.sh; (( $? )) && exit 2", true},
		{"./loud.sh; (( $? )) && exit 2", false},
		{"./quiet.sh; (( $? )) && { echo no >&2; exit 2; }", false},
		{"./quiet.sh; (( ! $? )) || exit 2", true},
		{"./loud.sh; (( ! $? )) || exit 2", false},
		{"./quiet.sh; (( $? )) || exit 2", false}, // bash: exits 0
		// An exit 0 on success, the rest run on failure.
		{"./quiet.sh; (( $? )) || exit 0; exit 2", true},
		{"./loud.sh; (( $? )) || exit 0; exit 2", false},
		{"./quiet.sh; (( $? )) || exit 0; echo no >&2; exit 2", false},
		{"./quiet.sh && exit 0; exit 2", true},
		{"./loud.sh && exit 0; exit 2", false},
		{"./quiet.sh && exit 0; echo no >&2; exit 2", false},
		{"./quiet.sh && exit 0; echo blocked; exit 2", true}, // the reason on stdout
		{"./quiet.sh; [ $? -eq 0 ] && exit 0; exit 2", true},
		// exec and env with options, env with variables (bash and dash
		// alike, but dash has no exec -a: exit 127, loudly).
		{"env -i PATH=$PATH ./quiet.sh || exit 2", true},
		{"env -i PATH=$PATH ./loud.sh || exit 2", false},
		{"env FOO=1 ./quiet.sh || exit 2", true},
		{"env FOO=1 ./loud.sh || exit 2", false},
		{"exec -a name ./exit2.sh", true},
		{"exec env ./exit2.sh", true}, // QA: what exec "$CLAUDE_PROJECT_DIR"/exit2.sh becomes for Codex
		{"exec env ./exit2-loud.sh", false},
		{"exec -a name ./exit2-loud.sh", false},
		{"exec -a name ./quiet.sh || exit 2", false}, // the || never runs: exit 1
		{"FOO=1 ./quiet.sh || exit 2", true},
		{"FOO=1 ./loud.sh || exit 2", false},
		{"env FOO=1 python3 exit2.py", true},
		{"env FOO=1 python3 exit2-loud.py", false},
		{"env -u HOME ./exit2.sh", true},
		{"env -u HOME ./exit2-loud.sh", false},
		// set with other options, and commands standing apart before
		// the call (dash has no pipefail: exit 2 with "Illegal option").
		{"set -eu; ./quiet.sh || exit 2", true},
		{"set -eu; ./loud.sh || exit 2", false},
		{"set -euo pipefail; ./quiet.sh || exit 2", true},
		{"set -euo pipefail; ./loud.sh || exit 2", false},
		{"set -e; cd \"$CLAUDE_PROJECT_DIR\"; ./quiet.sh || exit 2", true},
		{"set -e; cd \"$CLAUDE_PROJECT_DIR\"; ./loud.sh || exit 2", false},
		{"set -e; cd \"$CLAUDE_PROJECT_DIR\"; ./quiet.sh; exit 0", false}, // quiet.sh's failure ends it: exit 1
		{"set -eu; true; ./quiet.sh || exit 2", true},
		{"set -eu; true; ./loud.sh || exit 2", false},
		{"set -e; ./exit2.sh; exit 0", true}, // exit2.sh's exit 2 ends the shell
		{"set -e; ./exit2-loud.sh; exit 0", false},
		{"./exit2.sh; exit 0", false},        // without set -e: exit 0
		{"set -e; ./quiet.sh; exit 2", true}, // exit 2 when quiet.sh passes ("ls" as the command)
		{"set -eo pipefail; ./quiet.sh | tee log || exit 2", true},
		{"set -eo pipefail; ./loud.sh | tee log || exit 2", false},
		{"true; ./exit2.sh", true},
		{"true; ./exit2-loud.sh", false},
		{"echo checking >&2; ./quiet.sh || exit 2", false},
		// The code kept in a variable, a command between.
		{"rc=0; true; ./quiet.sh || rc=2; exit $rc", true},
		{"rc=0; true; ./loud.sh || rc=2; exit $rc", false},
		{"rc=0; mkdir -p logs; ./quiet.sh || rc=2; exit $rc", true},
		{"rc=0; mkdir -p logs; ./loud.sh || rc=2; exit $rc", false},
		// The call's output captured in a variable, in a group or not.
		{"{ out=$(./quiet.sh); } || exit 2", true},
		{"{ out=$(./loud.sh); } || exit 2", false},
		{"{ out=$(./says.sh); } || exit 2", true}, // its reason captured
		{"out=$(./quiet.sh) || exit 2", true},
		{"out=$(./loud.sh) || exit 2", false},
		{"out=\"$(./loud.sh 2>&1)\" || exit 2", true}, // its reason captured too
		{"out=$(./exit2.sh)", true},
		{"out=$(./exit2-loud.sh)", false},
		{"out=$(./quiet.sh); [ $? -eq 0 ] || exit 2", true},
		{"out=$(./loud.sh); [ $? -eq 0 ] || exit 2", false},
		// A body whose redirection sends its reason away.
		{"./quiet.sh || { echo no >&2; exit 2; } 2>/dev/null", true},
		{"./quiet.sh || { echo no >&2; exit 2; }", false},
		{"./loud.sh || { echo no >&2; exit 2; } 2>/dev/null", false}, // loud.sh's reason still reaches the tool
		{"./quiet.sh || ( echo no >&2; exit 2 ) 2>/dev/null", true},
		{"./quiet.sh || ( echo no >&2; exit 2 )", false},
		{"./quiet.sh || { echo no; exit 2; } >&2", false}, // the reason made stderr
		// The call's stdout made stderr: what it prints is a reason.
		{"./quiet.sh >&2 || exit 2", true},
		{"./quiet.sh 1>&2 || exit 2", true},
		{"./says.sh >&2 || exit 2", false},
		{"./loud.sh >&2 || exit 2", false},
		{"./branchy.sh >&2 || exit 2", true}, // it prints only on a path that exits 0
		{"./exit2.sh >&2", true},
		{"./exit2-says.sh >&2", false},
		{"./exit2-says.sh", true}, // the reason on stdout
		{"python3 exit2.py >&2", true},
		{"python3 exit2-says.py >&2", false},
		// A Python script run by uv (not run here: uv is not installed;
		// uv run runs Python on the script, and writes to stderr only
		// when it installs packages first), or a module run with -m, read
		// where the project holds it (pkg/check.py, pkg2/check/__main__.py
		// after the packages' __init__.py), as Python finds it from the
		// project folder: each run with python3 3.11 in bash and dash.
		{"uv run quiet.py || exit 2", true},
		{"uv run loud.py || exit 2", false},
		{"uv run --frozen python3 quiet.py || exit 2", true},
		{"uv run exit2.py", true},
		{"uv run exit2-loud.py", false},
		{"uv run --directory x quiet.py || exit 2", false}, // run elsewhere: not read
		{"python -m quiet || exit 2", true},
		{"python3 -m loud || exit 2", false},
		{"python3 -u -m quiet || exit 2", true},
		{"python3 -m pkg.check || exit 2", true},
		{"python3 -m pkg2.check || exit 2", false}, // pkg2/__init__.py writes first
		{"python3 -m nosuch || exit 2", false},     // not in the project: unknown, as an unread script is (its "No module named" is loud anyway)
		{"uv run -m pkg.check || exit 2", true},
		// A script that fails by its last command, and one whose grep
		// reads a file (run with a file that holds neither ok nor
		// forbidden, and notes.txt that holds forbidden).
		{"./lastgrep.sh || exit 2", true},
		{"./lastgrep-loud.sh || exit 2", false},
		{"./fgrep.sh notes.txt", true},
		{"./fgrep-loud.sh notes.txt", false},
		{"./fgrep.sh file || exit 2", true}, // grep finds nothing: the script fails with it
		{"./fgrep.sh", true},                // a needless warning: with no file, grep fails loudly
		// QA's fifth round, each silent shape before its loud twins (run
		// in bash 5.2, dash 0.5.12 and zsh 5.9 with the payload
		// {"tool_input":{"command":"rm -rf /"}}: exit 2, stderr empty for
		// the silent rows). The status tested against 2: the script's own
		// exit 2 passed on (quiet.sh never exits 2: exit 1).
		{"./exit2.sh; rc=$?; [ $rc -eq 2 ] && exit 2", true},
		{"./exit2-loud.sh; rc=$?; [ $rc -eq 2 ] && exit 2", false},
		{"./exit2.sh; rc=$?; [ $rc -eq 2 ] && { echo no >&2; exit 2; }", false},
		{"./quiet.sh; rc=$?; [ $rc -eq 2 ] && exit 2", false},
		{"./exit2.sh; if [ $? = 2 ]; then exit 2; fi", true},
		{"python3 exit2.py; [ $? -eq 2 ] && exit 2", true},
		{"python3 exit2-loud.py; [ $? -eq 2 ] && exit 2", false},
		// The code kept in a variable, a command between its setting on
		// failure and the exit.
		{"rc=0; ./quiet.sh || rc=2; echo done; exit $rc", true},
		{"rc=0; ./loud.sh || rc=2; echo done; exit $rc", false},
		{"rc=0; ./quiet.sh || rc=2; echo blocked >&2; exit $rc", false},
		// An exit with the first command's status after a pipeline (bash;
		// zsh has no PIPESTATUS and exits 0, dash stops at it: HC439).
		{"./exit2.sh | tee log; exit ${PIPESTATUS[0]}", true},
		{"./exit2-loud.sh | tee log; exit ${PIPESTATUS[0]}", false},
		// A launcher that passes the status on (nice -n -5 writes "cannot
		// set niceness" to stderr where run by a user other than root).
		{"timeout 5 ./exit2.sh", true},
		{"timeout 5 ./exit2-loud.sh", false},
		{"timeout -s KILL 5 ./exit2.sh", true},
		{"timeout 5 ./quiet.sh || exit 2", true},
		{"timeout 5 ./loud.sh || exit 2", false},
		{"timeout 5 python3 exit2.py", true},
		{"nice ./exit2.sh", true},
		{"nice -n -5 ./exit2.sh", false},
		{"nohup ./exit2.sh", true},
		{"nohup ./exit2-loud.sh", false},
		// The last command of a pipeline, whose status is the pipeline's.
		{"cat | ./exit2.sh", true},
		{"cat | ./exit2-loud.sh", false},
		{"cat | ./quiet.sh || exit 2", true},
		{"cat | ./loud.sh || exit 2", false},
		// An exec that sends the shell's stderr away first: whatever the
		// rest writes there is gone.
		{"exec 2>/dev/null; ./exit2-loud.sh", true},
		{"exec 2>/dev/null; ./exit2.sh", true},
		{"exec 2>/dev/null; ./loud.sh || { echo no >&2; exit 2; }", true},
		{"exec 2>&1; ./exit2-loud.sh", true},
		{"exec 2>/dev/null; python3 exit2-loud.py", true},
		{"exec 2>/dev/null; ./quiet.sh", false},                // exits 1, never 2
		{"exec 3>&2 2>/dev/null; ./exit2-loud.sh 2>&3", false}, // fd 3 keeps the tool's stderr
		{"exec 2>/dev/stderr; ./exit2-loud.sh", false},
		// QA's sixth round, each silent shape before its loud twin (run
		// in bash 5.2 with the payload {"tool_input":{"command":"rm -rf
		// /"}}: exit 2, stderr empty for the silent rows). The payload
		// read first, then fed to the script.
		{"input=$(cat); echo \"$input\" | ./exit2.sh", true},
		{"input=$(cat); echo \"$input\" | ./exit2-loud.sh", false},
		{"input=$(cat); printf '%s' \"$input\" | ./exit2.sh", true},
		{"input=$(cat); printf '%s' \"$input\" | ./exit2-loud.sh", false},
		{"input=$(cat); ./exit2.sh <<< \"$input\"", true},
		{"input=$(cat); ./exit2-loud.sh <<< \"$input\"", false},
		{"INPUT=\"$(cat)\"\necho \"$INPUT\" | ./exit2.sh", true},
		{"INPUT=\"$(cat)\"\necho \"$INPUT\" | ./exit2-loud.sh", false},
		{"input=$(cat); echo \"$input\" | ./quiet.sh || exit 2", true},
		{"input=$(cat); echo \"$input\" | ./loud.sh || exit 2", false},
		{"input=$(cat); echo checking >&2; echo \"$input\" | ./exit2.sh", false}, // every path writes
		{"input=$(./says.sh); echo \"$input\" | ./exit2.sh", false},              // not the payload
		{"jq -c . | ./exit2.sh", true},                                           // the word "." no source command
		{"jq -c . | ./exit2-loud.sh", false},
		// The status saved and passed on.
		{"./exit2.sh; rc=$?; exit $rc", true},
		{"./exit2-loud.sh; rc=$?; exit $rc", false},
		{"./exit2.sh; s=$?; exit \"$s\"", true},
		{"./exit2.sh\nstatus=$?\nexit ${status}", true},
		{"./exit2-loud.sh\nstatus=$?\nexit ${status}", false},
		{"./exit2.sh; rc=$?; echo done; exit $rc", true},
		{"./exit2-loud.sh; rc=$?; echo done; exit $rc", false},
		{"./exit2.sh; rc=$?; rm -f lock; exit $rc", true},
		{"./exit2.sh; rc=$?; echo no >&2; exit $rc", false},
		{"./exit2.sh; rc=$?; rc=0; exit $rc", false}, // set again: exit 0
		{"./exit2.sh; rc=$?; exit $code", false},     // another variable
		{"rc=0; ./exit2.sh || rc=$?; exit $rc", true},
		{"rc=0; ./exit2-loud.sh || rc=$?; exit $rc", false},
		{"./exit2.sh || rc=$?; exit ${rc:-0}", true},
		{"./exit2-loud.sh || rc=$?; exit ${rc:-0}", false},
		{"./exit2.sh || exit", true},
		{"./exit2-loud.sh || exit", false},
		{"rc=0; ./exit2.sh || rc=$?; [ $rc -eq 2 ] && exit 2; exit 0", true},
		{"rc=0; ./exit2-loud.sh || rc=$?; [ $rc -eq 2 ] && exit 2; exit 0", false},
		{"rc=0; ./quiet.sh || rc=$?; [ $rc -eq 2 ] && exit 2; exit 0", false}, // exits 1, never 2
		// The program given on the command line.
		{`python3 -c 'import sys,json; sys.exit(2 if "rm -rf" in json.load(sys.stdin)["tool_input"]["command"] else 0)'`, true},
		{`python3 -c 'import sys,json; print("no", file=sys.stderr); sys.exit(2)'`, false},
		{`python3 -c 'import sys; sys.exit(1)' || exit 2`, true},
		{`python3 -c 'import sys; print("no", file=sys.stderr); sys.exit(1)' || exit 2`, false},
		{`node -e 'process.exit(2)'`, true},
		{`node -e 'console.error("no"); process.exit(2)'`, false},
		// A launcher that passes the status on, and a test of the file
		// before its call.
		{"command ./exit2.sh", true},
		{"command ./exit2-loud.sh", false},
		{"command -v ./quiet.sh || exit 2", false}, // a lookup: exit 0
		{"stdbuf -oL ./exit2.sh", true},
		{"stdbuf -o L -eL ./exit2.sh", true},
		{"stdbuf -oL ./exit2-loud.sh", false},
		{"ionice -c3 ./exit2.sh", true},
		{"ionice -c 2 -n 7 ./quiet.sh || exit 2", true},
		{"ionice -c3 ./exit2-loud.sh", false},
		{"ionice -c1 ./exit2.sh", false}, // real time: "Operation not permitted" for a user
		{"chrt -i 0 ./exit2.sh", true},
		{"chrt -i 0 ./exit2-loud.sh", false},
		{"chrt -f 10 ./exit2.sh", false}, // real time: "failed to set pid 0's policy" for a user
		{"[ -x ./exit2.sh ] && ./exit2.sh", true},
		{"[ -x ./exit2-loud.sh ] && ./exit2-loud.sh", false},
		{"test -f ./quiet.sh && ./quiet.sh || exit 2", true},
		{"[ -x \"$CLAUDE_PROJECT_DIR/exit2.sh\" ] && \"$CLAUDE_PROJECT_DIR/exit2.sh\"", true},
		{"[ -x ./exit2.sh ] || ./exit2.sh", false}, // runs it only where it is no program
		// QA round 3 of HC431's misses (each run in bash 5.2 with the
		// payload {"tool_input":{"command":"rm -rf /"}}: exit 2, stderr
		// empty for the silent rows). A catch-all case arm.
		{"./quiet.sh; case $? in 0) exit 0;; *) exit 2;; esac", true},
		{"./loud.sh; case $? in 0) exit 0;; *) exit 2;; esac", false},
		{"./quiet.sh; case $? in 0) exit 0;; *) echo bad >&2; exit 2;; esac", false},
		{"./quiet.sh; case $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac", false}, // exit 1
		{"./exit2.sh; case $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac", true},
		{"./exit2-loud.sh; case $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac", false},
		// -ge, and an if exiting 0 but on failure (or on exit 2).
		{"./exit2.sh; [ $? -ge 2 ] && exit 2", true},
		{"./exit2-loud.sh; [ $? -ge 2 ] && exit 2", false},
		{"./quiet.sh; [ $? -ge 2 ] && exit 2", false}, // exit 1
		{"./exit2.sh; [ $? -ge 3 ] && exit 2", false}, // exit 1
		{"./quiet.sh; [ $? -ge 1 ] && exit 2", true},
		{"./exit2.sh; (( $? >= 2 )) && exit 2", true},
		{"./quiet.sh; [ $? -lt 1 ] || exit 2", true},
		{"./exit2.sh; if [ $? -ne 2 ]; then exit 0; fi; exit 2", true},
		{"./exit2-loud.sh; if [ $? -ne 2 ]; then exit 0; fi; exit 2", false},
		{"./quiet.sh; if [ $? -ne 2 ]; then exit 0; fi; exit 2", false}, // exit 0
		{"./quiet.sh; if [ $? -eq 0 ]; then exit 0; fi; exit 2", true},
		{"./loud.sh; if [ $? -eq 0 ]; then exit 0; fi; exit 2", false},
		{"./quiet.sh; if [ $? -eq 0 ]; then exit 0; fi; echo no >&2; exit 2", false},
	} {
		m := &canonical.Manifest{Hooks: []canonical.Hook{{
			Event: "before_tool_execute", Blocking: true,
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tc.command},
		}}}
		if got := len(silentExits(m, nil, "claude-code", "codex", scripts)) > 0; got != tc.want {
			t.Errorf("silentExits(%q) = %v, want %v", tc.command, got, tc.want)
		}
	}
}

// TestWithPrintsToStderr: a script whose stdout goes to stderr writes
// there what it prints where the tool would have read it, and nothing
// it prints into a substitution, a pipe, or a compound sent elsewhere.
func TestWithPrintsToStderr(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"echo no\nexit 1", "echo >&2 no\nexit 1"},
		{"if x; then printf 'a b'; fi", "if x; then printf >&2 'a b'; fi"},
		{"cat <<EOF\nno\nEOF", "cat >&2 <<EOF\nno\nEOF"},
		{"x=$(echo a)\nexit 1", "x=$(echo a)\nexit 1"},
		{"echo \"$x\" | grep -q rm && exit 1", "echo \"$x\" | grep -q rm && exit 1"},
		{"{ echo a; } >/dev/null\nexit 1", "{ echo a; } >/dev/null\nexit 1"},
		{"{ echo a; } | grep -q a", "{ echo a; } | grep -q a"},
		{"printf -v x '%s' a", "printf -v x '%s' a"},
		{"echo 'cat' # echo", "echo >&2 'cat' # echo"},
		{"x=`echo a`", "x=`echo a`"},
		{"concat x; echoes y", "concat x; echoes y"},
		{"exit 1", "exit 1"},
	} {
		if got := withPrintsToStderr(tc.in); got != tc.want {
			t.Errorf("withPrintsToStderr(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWithoutTrailingEnd: a last line's comment and a closing ; are
// dropped; a # inside quotes, a word or a here-document, and ;; are not.
func TestWithoutTrailingEnd(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"./guard.sh", "./guard.sh"},
		{"./guard.sh >/dev/null;", "./guard.sh >/dev/null"},
		{"./guard.sh > /dev/null # drop output", "./guard.sh > /dev/null"},
		{"if ! q.sh; then exit 2; fi # guard", "if ! q.sh; then exit 2; fi"},
		{"q.sh || exit 2 ; # why", "q.sh || exit 2"},
		{"echo '# not' >&2; exit 2", "echo '# not' >&2; exit 2"},
		{"echo \"a #b\"; exit 2;", "echo \"a #b\"; exit 2"},
		{"echo $# ${#x}", "echo $# ${#x}"},
		{"a # first\nb", "a # first\nb"}, // only the last line's
		{"cat <<EOF # x\n# y\nEOF", "cat <<EOF # x\n# y\nEOF"},
		{"case $x in a) ;;", "case $x in a) ;;"},
		{"echo \\;", "echo \\;"},
		{"g.sh; exit $?", "g.sh"},
		{"g.sh || exit \"$?\"", "g.sh"},
		{"g.sh >/dev/null; exit $?; # done", "g.sh >/dev/null"},
		{"g.sh; exit $? 2>/dev/null", "g.sh; exit $? 2>/dev/null"},
		{"g.sh | exit $?", "g.sh | exit $?"},
		{"g.sh; exit $rc", "g.sh; exit $rc"},
		{"g.sh || exit", "g.sh"}, // a bare exit passes the status on (QA)
		{"g.sh; exit\n", "g.sh"},
		{"g.sh; myexit", "g.sh; myexit"},
		{"echo exit", "echo exit"},
	} {
		if got := withoutTrailingEnd(tc.in); got != tc.want {
			t.Errorf("withoutTrailingEnd(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWithoutNoOpPrefix: set -e before one and-or list, exec or env
// before a program ending the command, and a one-command group's braces
// are dropped; not where dropping them would change what runs.
func TestWithoutNoOpPrefix(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"./guard.sh", "./guard.sh"},
		{"{ q.sh; } || exit 2", "q.sh || exit 2"},
		{"{ q.sh 2>/dev/null; }", "q.sh 2>/dev/null"},
		{"{ a; b; } || exit 2", "{ a; b; } || exit 2"},
		{"{ $(q.sh); } || exit 2", "{ $(q.sh); } || exit 2"},
		{"exec ./g.sh >/dev/null", "./g.sh >/dev/null"},
		{"exec ./q.sh || exit 2", "exec ./q.sh || exit 2"},
		{"exec 2>/dev/null; ./g.sh", "exec 2>/dev/null; ./g.sh"},
		{"exec exit 2", "exec exit 2"},
		{"/usr/bin/env python3 g.py", "python3 g.py"},
		{"env FOO=1 python3 g.py", "FOO=1 python3 g.py"}, // the variable stays the program's
		{"env -i python3 g.py", "python3 g.py"},
		{"env -i PATH=$PATH ./q.sh || exit 2", "PATH=$PATH ./q.sh || exit 2"},
		{"env -u HOME -- ./g.sh", "./g.sh"},
		{"env --unset=HOME ./g.sh", "./g.sh"},
		{"exec -a name ./g.sh", "./g.sh"},
		{"exec env ./g.sh", "./g.sh"}, // the rewrite's exec "$CLAUDE_PROJECT_DIR"/g.sh for Codex (QA)
		{"exec env -i ./g.sh >/dev/null", "./g.sh >/dev/null"},
		{"exec env ./q.sh || exit 2", "exec env ./q.sh || exit 2"},
		{"exec -cl ./g.sh >/dev/null", "./g.sh >/dev/null"},
		{"env -C /tmp ./g.sh", "env -C /tmp ./g.sh"}, // run elsewhere
		{"env -v ./g.sh", "env -v ./g.sh"},           // writes to stderr
		{"env -S './g.sh x'", "env -S './g.sh x'"},
		{"env FOO=1", "env FOO=1"},                 // prints the environment
		{"exec FOO=1 ./g.sh", "exec FOO=1 ./g.sh"}, // exec takes no variables
		{"exec -a ./g.sh", "exec -a ./g.sh"},       // the name, and no program
		{"set -e; q.sh || exit 2", "q.sh || exit 2"},
		{"set -e; exec ./g.sh", "./g.sh"},
		{"set -e; q.sh; [ $? -eq 0 ] || exit 2", "q.sh"}, // q.sh's failure ends the shell
		// QA's fourth round: set with other options, and commands that
		// stand apart before the rest.
		{"set -eu; q.sh || exit 2", "q.sh || exit 2"},
		{"set -euo pipefail; q.sh || exit 2", "q.sh || exit 2"},
		{"set -o errexit -o nounset\nq.sh || exit 2", "q.sh || exit 2"},
		{"set -eu; a; q.sh || exit 2", "q.sh || exit 2"},
		{"set -e; mkdir -p \"$D\"; q.sh; exit 0", "exit 0"}, // q.sh is read alone too
		{"set -e; if ! q.sh; then exit 2; fi", "if ! q.sh; then exit 2; fi"},
		{"set -eo pipefail; q.sh | tee log || exit 2", "q.sh || exit 2"},
		{"set -o pipefail; q.sh | tee log; [ $? -eq 0 ] || exit 2", "q.sh; [ $? -eq 0 ] || exit 2"},
		{"set -o pipefail; q.sh | ./f.sh || exit 2", "q.sh | ./f.sh || exit 2"}, // f.sh may write
		{"set -o pipefail; q.sh | cat >&2 || exit 2", "q.sh | cat >&2 || exit 2"},
		{"q.sh | tee log || exit 2", "q.sh | tee log || exit 2"}, // tee's status
		{"set -e; cd \"$CLAUDE_PROJECT_DIR\"; q.sh || exit 2", "cd \"$CLAUDE_PROJECT_DIR\"; q.sh || exit 2"},
		{"true; ./g.sh", "./g.sh"},
		{"a; b; q.sh || exit 2", "q.sh || exit 2"},
		{"set -x; q.sh || exit 2", "set -x; q.sh || exit 2"}, // traces to stderr
		{"set -- a; q.sh || exit 2", "set -- a; q.sh || exit 2"},
		{"echo checking >&2; q.sh || exit 2", "echo checking >&2; q.sh || exit 2"}, // every path writes
		{"cd /tmp; q.sh || exit 2", "cd /tmp; q.sh || exit 2"},
		{"exec 2>/dev/null; q.sh || exit 2", "exec 2>/dev/null; q.sh || exit 2"},
		{"source ./env.sh; q.sh || exit 2", "source ./env.sh; q.sh || exit 2"},
		{"D=./hooks; \"$D\"/q.sh || exit 2", "D=./hooks; \"$D\"/q.sh || exit 2"}, // the rest expands it
		{"q.sh; [ $? -eq 0 ] || exit 2", "q.sh; [ $? -eq 0 ] || exit 2"},
		{"q.sh; exit 0", "exit 0"},
		{"f() { :; }; q.sh || exit 2", "f() { :; }; q.sh || exit 2"},
		{"x=$(date); q.sh || exit 2", "q.sh || exit 2"},
		{"a;", "a;"},
		{"case $x in a) b;; esac; exit 2", "case $x in a) b;; esac; exit 2"},
		// A call's output captured: its status is the assignment's.
		{"{ out=$(q.sh); } || exit 2", "q.sh >/dev/null || exit 2"},
		{"out=$(q.sh) || exit 2", "q.sh >/dev/null || exit 2"},
		{"out=\"$(q.sh 2>&1)\" || exit 2", "q.sh 2>&1 >/dev/null || exit 2"},
		{"out=$(q.sh); [ $? -eq 0 ] || exit 2", "q.sh >/dev/null; [ $? -eq 0 ] || exit 2"},
		{"out=$(q.sh); [ -n \"$out\" ] && exit 2", "out=$(q.sh); [ -n \"$out\" ] && exit 2"}, // its value is read
		{"out=$(q.sh) x", "out=$(q.sh) x"},
		{"out=$(a; b) || exit 2", "out=$(a; b) || exit 2"},
		{"out=$(q.sh | head -1) || exit 2", "out=$(q.sh | head -1) || exit 2"},
		{"{ out=$(q.sh); x; } || exit 2", "{ out=$(q.sh); x; } || exit 2"},
		{"executor.sh", "executor.sh"},
		{"envsubst < a", "envsubst < a"},
		// QA's fifth round: a launcher that passes the status on, the
		// commands of a pipeline before its last, an exit with the
		// first's status after one.
		{"timeout 5 ./g.sh", "./g.sh"},
		{"timeout -s KILL 5 ./q.sh || exit 2", "./q.sh || exit 2"},
		{"timeout --kill-after=2 -v --preserve-status 0.5m ./g.sh", "./g.sh"},
		{"timeout -sKILL -k 1 10s python3 g.py", "python3 g.py"},
		{"timeout 5 env ./g.sh", "./g.sh"},
		{"timeout 5 exit 2", "timeout 5 exit 2"}, // no program: timeout fails, 127
		{"timeout ./g.sh", "timeout ./g.sh"},     // no duration
		{"timeout 5 FOO=1 ./g.sh", "timeout 5 FOO=1 ./g.sh"},
		{"timeout --help ./g.sh", "timeout --help ./g.sh"},
		{"timeoutx 5 ./g.sh", "timeoutx 5 ./g.sh"},
		{"nice ./g.sh", "./g.sh"},
		{"nice -n 10 ./q.sh || exit 2", "./q.sh || exit 2"},
		{"nice -5 ./g.sh", "./g.sh"},
		{"nice -n -5 ./g.sh", "nice -n -5 ./g.sh"}, // may not: "cannot set niceness" on stderr
		{"nice --10 ./g.sh", "nice --10 ./g.sh"},
		{"nohup ./g.sh", "./g.sh"},
		{"nohup -- ./g.sh", "./g.sh"},
		{"cat | ./q.sh", "./q.sh"},
		{"cat | ./q.sh || exit 2", "./q.sh || exit 2"},
		{"cat | head -c 65536 | ./q.sh", "./q.sh"},
		{"cat | env ./q.sh", "./q.sh"},
		{"./a.sh | ./q.sh", "./a.sh | ./q.sh"}, // a.sh may write
		{"cat >&2 | ./q.sh", "cat >&2 | ./q.sh"},
		{"cat |& ./q.sh", "cat |& ./q.sh"},
		{"cat | ./q.sh; exit ${PIPESTATUS[1]}", "cat | ./q.sh; exit ${PIPESTATUS[1]}"},
		{"./q.sh | tee log; exit ${PIPESTATUS[0]}", "./q.sh"},
		{"./q.sh | tee -a log | head -5\nexit \"${PIPESTATUS[0]}\"", "./q.sh"},
		{"./q.sh; exit ${PIPESTATUS[0]}", "./q.sh"},
		{"mkdir -p logs; ./q.sh | tee log; exit ${PIPESTATUS[0]}", "./q.sh"},
		{"./q.sh | ./f.sh; exit ${PIPESTATUS[0]}", "./q.sh | ./f.sh; exit ${PIPESTATUS[0]}"}, // f.sh may write
		{"./q.sh | cat >&2; exit ${PIPESTATUS[0]}", "./q.sh | cat >&2; exit ${PIPESTATUS[0]}"},
		{"./q.sh | tee log; exit ${PIPESTATUS[1]}", "./q.sh | tee log; exit ${PIPESTATUS[1]}"}, // tee's
		{"./q.sh && x | tee log; exit ${PIPESTATUS[0]}", "./q.sh && x | tee log; exit ${PIPESTATUS[0]}"},
		// QA's sixth round: more launchers, a test of the file first, the
		// payload read first and fed to the call.
		{"command ./g.sh", "./g.sh"},
		{"command -v ./g.sh", "command -v ./g.sh"},
		{"command exit 2", "command exit 2"},
		{"stdbuf -oL -e0 ./g.sh", "./g.sh"},
		{"stdbuf -x ./g.sh", "stdbuf -x ./g.sh"},
		{"ionice -c3 -t ./g.sh", "./g.sh"},
		{"ionice -c 1 ./g.sh", "ionice -c 1 ./g.sh"},
		{"chrt -b 0 ./g.sh", "./g.sh"},
		{"chrt -r 5 ./g.sh", "chrt -r 5 ./g.sh"},
		{"[ -x ./q.sh ] && ./q.sh || exit 2", "./q.sh || exit 2"},
		{"[ -n \"$x\" ] && ./q.sh", "[ -n \"$x\" ] && ./q.sh"},
		{"input=$(cat); echo \"$input\" | ./q.sh", "./q.sh"},
		{"input=$(cat)\n./q.sh <<< \"$input\" || exit 2", "./q.sh || exit 2"},
		{"input=$(./a.sh); echo \"$input\" | ./q.sh", "input=$(./a.sh); echo \"$input\" | ./q.sh"},
		{"./q.sh <<< '$input'", "./q.sh <<< '$input'"},
		// Tests in a row are read in one round, however many (QA).
		{"[ -x ./q.sh ] && test -f c.json && ./q.sh", "./q.sh"},
		{strings.Repeat("[ -x ./q.sh ] && ", 5000) + "./q.sh", "./q.sh"},
		// A round a command standing alone: a few are read past, too
		// many are taken as unread and the command kept as it is.
		{strings.Repeat("true; ", 10) + "./q.sh", "./q.sh"},
		{strings.Repeat("true; ", maxPrefixRounds) + "./q.sh", strings.Repeat("true; ", maxPrefixRounds) + "./q.sh"},
	} {
		if got := withoutNoOpPrefix(tc.in); got != tc.want {
			t.Errorf("withoutNoOpPrefix(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWithSavedStatusPassedOn: a status saved and passed on by the exit
// ending the command, past commands that stand apart, is read as the
// call's own.
func TestWithSavedStatusPassedOn(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"q.sh; rc=$?; exit $rc", "q.sh"},
		{"q.sh; code=\"$?\"; exit \"${code}\"", "q.sh"},
		{"q.sh\nrc=$?\necho done\nexit $rc", "q.sh"},
		{"a; q.sh; rc=$?; mkdir -p logs; exit ${rc:-0}", "a; q.sh"},
		{"q.sh; rc=$?; echo no >&2; exit $rc", "q.sh; rc=$?; echo no >&2; exit $rc"}, // every path writes
		{"q.sh; rc=$?; rc=0; exit $rc", "q.sh; rc=$?; rc=0; exit $rc"},
		{"q.sh; rc=$?; exit $other", "q.sh; rc=$?; exit $other"},
		{"rc=$?; exit $rc", "rc=$?; exit $rc"}, // no call before
		{"q.sh && rc=$?; exit $rc", "q.sh && rc=$?; exit $rc"},
		{"{ q.sh; rc=$?; exit $rc; }", "{ q.sh; rc=$?; exit $rc; }"},
		{"q.sh; rc=$?; set -e; false; exit $rc", "q.sh; rc=$?; set -e; false; exit $rc"}, // false ends it: exit 1
		{"q.sh; rc=$?; [ $rc -eq 2 ] && exit 2", "q.sh; rc=$?; [ $rc -eq 2 ] && exit 2"},
		// Thousands of savings: the last is passed on (QA: each read
		// with the rest of the command took 90 s for 20,000).
		{strings.Repeat("q.sh; rc=$?; ", 5000) + "exit $rc", strings.Repeat("q.sh; rc=$?; ", 4999) + "q.sh"},
		// What stands apart before the exit is read past a round each: too
		// much of it is taken as unread.
		{"q.sh; rc=$?; " + strings.Repeat("true; ", 10) + "exit $rc", "q.sh"},
		{"q.sh; rc=$?; " + strings.Repeat("true; ", maxPrefixRounds) + "exit $rc", "q.sh; rc=$?; " + strings.Repeat("true; ", maxPrefixRounds) + "exit $rc"},
	} {
		if got := withSavedStatusPassedOn(tc.in); got != tc.want {
			t.Errorf("withSavedStatusPassedOn(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWithExitCodeInlined: an exit code kept in a variable, set on the
// call's failure and exited with last, is read as an exit on failure.
func TestWithExitCodeInlined(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"rc=0; q.sh || rc=2; exit $rc", "q.sh || exit 2"},
		{`rc=0; "$CLAUDE_PROJECT_DIR"/q.sh || rc=2; exit "${rc}"`, `"$CLAUDE_PROJECT_DIR"/q.sh || exit 2`},
		{"rc=0; q.sh || rc=2; exit $code", "rc=0; q.sh || rc=2; exit $code"}, // another variable
		{"rc=0; q.sh || x=2; exit $rc", "rc=0; q.sh || x=2; exit $rc"},       // another variable set
		{"rc=1; q.sh || rc=2; exit $rc", "rc=1; q.sh || rc=2; exit $rc"},     // not 0 on success
		{"rc=0; a; q.sh || rc=2; exit $rc", "q.sh || exit 2"},                // a stands apart (QA's fourth round)
		{"rc=0; mkdir -p \"$D\"\nq.sh || rc=2; exit $rc", "q.sh || exit 2"},
		{"rc=0; rc=1; q.sh || rc=2; exit $rc", "rc=0; rc=1; q.sh || rc=2; exit $rc"}, // set again
		{"rc=0; a; b || true; q.sh || rc=2; exit $rc", "rc=0; a; b || true; q.sh || rc=2; exit $rc"},
		// A command standing apart before the exit (QA's fifth round).
		{"rc=0; q.sh || rc=2; echo; exit $rc", "q.sh || exit 2"},
		{"rc=0; q.sh || rc=2; echo done\nmkdir -p logs; exit \"${rc}\"", "q.sh || exit 2"},
		{"rc=0; q.sh || rc=2; echo no >&2; exit $rc", "rc=0; q.sh || rc=2; echo no >&2; exit $rc"}, // every path writes
		{"rc=0; q.sh || rc=2; rc=0; exit $rc", "rc=0; q.sh || rc=2; rc=0; exit $rc"},               // set again
		{"rc=0; q.sh || rc=2; [ $rc -ne 0 ] && echo no; exit $rc", "rc=0; q.sh || rc=2; [ $rc -ne 0 ] && echo no; exit $rc"},
		{"rc=0; q.sh || rc=2; echo; exit $code", "rc=0; q.sh || rc=2; echo; exit $code"},
		{"rc=0; q.sh || rc=2; set -e; false; exit $rc", "rc=0; q.sh || rc=2; set -e; false; exit $rc"}, // false ends it: exit 1
		// The failing status itself kept (QA's sixth round): read as saved
		// after the call.
		{"rc=0; q.sh || rc=$?; exit $rc", "q.sh; rc=$?\n exit $rc"},
		{"q.sh || rc=\"$?\"; exit ${rc:-0}", "q.sh; rc=$?\n exit ${rc:-0}"},
		{"rc=0; q.sh || code=$?; exit $code", "rc=0; q.sh || code=$?; exit $code"}, // another variable set first
	} {
		if got := withExitCodeInlined(tc.in); got != tc.want {
			t.Errorf("withExitCodeInlined(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSilentExitsTailCall: a guard whose last command runs, execs or
// sources one other project script passes that script's exit on, and
// its silence with it (QA F3); a loud helper, a write before the call,
// a helper missing or a call that is not the last says nothing.
func TestSilentExitsTailCall(t *testing.T) {
	const dir = ".claude/hooks/"
	sh := func(body string) *fstest.MapFile { return &fstest.MapFile{Data: []byte("#!/bin/bash\n" + body)} }
	files := map[string]string{
		"check.sh":       "grep -q \"rm -rf\" && exit 2\nexit 0\n",
		"loud.sh":        "grep -q \"rm -rf\" && { echo \"no rm -rf\" >&2; exit 2; }\nexit 0\n",
		"fails.sh":       "grep -q \"rm -rf\" && exit 1\nexit 0\n",
		"exec.sh":        "exec \"$(dirname \"$0\")/check.sh\"\n",
		"exec-loud.sh":   "exec \"$(dirname \"$0\")/loud.sh\"\n",
		"exec-proj.sh":   "exec \"$CLAUDE_PROJECT_DIR/.claude/hooks/check.sh\"\n",
		"exec-args.sh":   "exec \"$(dirname \"$0\")/check.sh\" \"$@\"\n",
		"exec-other.sh":  "exec \"$(dirname \"$0\")/check.sh\" strict\n",
		"last.sh":        "set -euo pipefail\n\n\"$(dirname \"$0\")/check.sh\"\n",
		"last-loud.sh":   "\"$(dirname \"$0\")/loud.sh\"\n",
		"status.sh":      "\"$(dirname \"$0\")/check.sh\"\nexit $?\n",
		"bash.sh":        "bash \"$(dirname \"$0\")/check.sh\"; exit $?\n",
		"bash-x.sh":      "bash -x \"$(dirname \"$0\")/check.sh\"; exit $?\n",
		"dot.sh":         ". \"$(dirname \"$0\")/check.sh\"\n",
		"source.sh":      "source \"$CLAUDE_PROJECT_DIR/.claude/hooks/check.sh\"\n",
		"source-loud.sh": "source \"$(dirname \"$0\")/loud.sh\"\n",
		"says.sh":        "echo \"checking\" >&2\nexec \"$(dirname \"$0\")/check.sh\"\n",
		"runs.sh":        "curl -s https://example.com\nexec \"$(dirname \"$0\")/check.sh\"\n",
		"missing.sh":     "exec \"$(dirname \"$0\")/gone.sh\"\n",
		"then.sh":        "\"$(dirname \"$0\")/check.sh\"\necho done\n",
		"inside.sh":      "if [ -n \"$X\" ]; then\n  exec \"$(dirname \"$0\")/check.sh\"\nfi\n",
		"cd.sh":          "cd /tmp\nexec .claude/hooks/check.sh\n",
		"mid.sh":         "exec \"$(dirname \"$0\")/exec.sh\"\n",
		"cycle-a.sh":     "exec \"$(dirname \"$0\")/cycle-b.sh\"\n",
		"cycle-b.sh":     "exec \"$(dirname \"$0\")/cycle-a.sh\"\n",
		"deep1.sh":       "exec \"$(dirname \"$0\")/deep2.sh\"\n",
		"deep2.sh":       "exec \"$(dirname \"$0\")/deep3.sh\"\n",
		"deep3.sh":       "exec \"$(dirname \"$0\")/deep4.sh\"\n",
		"deep4.sh":       "exec \"$(dirname \"$0\")/check.sh\"\n",
		"exec-fails.sh":  "exec \"$(dirname \"$0\")/fails.sh\"\n",
		// QA b4: the helper's failure turned into exit 2 by the guard.
		"or2.sh":         "\"$(dirname \"$0\")/check.sh\" || exit 2\n",
		"or2-loud.sh":    "\"$(dirname \"$0\")/loud.sh\" || exit 2\n",
		"or2-fails.sh":   "\"$(dirname \"$0\")/fails.sh\" || exit 2\n",
		"or2-proj.sh":    "INPUT=$(cat)\n\"$CLAUDE_PROJECT_DIR/.claude/hooks/check.sh\" || exit 2\n",
		"or2-says.sh":    "\"$(dirname \"$0\")/check.sh\" || { echo \"blocked\" >&2; exit 2; }\n",
		"or2-source.sh":  "source \"$(dirname \"$0\")/fails.sh\" || exit 2\n",
		"or2-exit1.sh":   "\"$(dirname \"$0\")/fails.sh\" || exit 1\n",
		"or2-first.sh":   "grep -q sudo && exit 1\n\"$(dirname \"$0\")/fails.sh\" || exit 2\n",
		"or2-first2.sh":  "grep -q sudo && exit 2\n\"$(dirname \"$0\")/loud.sh\" || exit 2\n",
		"or2-missing.sh": "\"$(dirname \"$0\")/gone.sh\" || exit 2\n",
		"or2-unseen.sh":  "\"$(dirname \"$0\")/runs-then.sh\" || exit 2\n",
		"or2-exec.sh":    "exec \"$(dirname \"$0\")/fails.sh\" || exit 2\n",
		// QA: lookups and the command and builtin prefixes run nothing
		// more than what they name.
		"which.sh":    "which jq >/dev/null 2>&1 || exit 0\ngrep -q \"rm -rf\" && exit 2\nexit 0\n",
		"cmd-true.sh": "command true\nbuiltin echo x >/dev/null\ngrep -q \"rm -rf\" && exit 2\nexit 0\n",
		"cmd-loud.sh": "command echo checking >&2\ngrep -q \"rm -rf\" && exit 2\nexit 0\n",
		// QA: exec'd, the helper's own silent exit 2 is the script's.
		"exec-or2.sh":     "exec \"$(dirname \"$0\")/check.sh\" || exit 2\n",
		"exec-or1.sh":     "exec \"$(dirname \"$0\")/check.sh\" || exit 1\n",
		"exec-and.sh":     "exec \"$(dirname \"$0\")/check.sh\" && echo ok\n",
		"exec-or-loud.sh": "exec \"$(dirname \"$0\")/loud.sh\" || exit 2\n",
		"runs-then.sh":    "curl -s https://example.com || exit 1\n",
		// QA a1, a3, a4: a function a sourced lib defines, called last.
		"lib.sh":       "check() { grep -q \"rm -rf\" && exit 2; exit 0; }\n",
		"lib-lines.sh": "check() { grep -q \"rm -rf\" && exit 2\nexit 0; }\n",
		"lib-loud.sh":  "check() { grep -q \"rm -rf\" && { echo \"no rm -rf\" >&2; exit 2; }; exit 0; }\n",
		"fn.sh":        "source \"$(dirname \"$0\")/lib.sh\"\ncheck\n",
		"fn-proj.sh":   "source \"$CLAUDE_PROJECT_DIR/.claude/hooks/lib-lines.sh\"\ncheck \"$@\"\n",
		"fn-loud.sh":   ". \"$(dirname \"$0\")/lib-loud.sh\"\ncheck\n",
		"fn-says.sh":   "source \"$(dirname \"$0\")/lib.sh\"\necho checking >&2\ncheck\n",
		"fn-other.sh":  "source \"$(dirname \"$0\")/lib.sh\"\nverify\n",
		"fn-then.sh":   "source \"$(dirname \"$0\")/lib.sh\"\ncheck\necho done\n",
		"fn-run.sh":    "\"$(dirname \"$0\")/lib.sh\"\ncheck\n",
		// QA: the work in a function that returns 2, called last.
		"main.sh":         "main() {\n  if grep -q \"rm -rf\"; then\n    return 2\n  fi\n  return 0\n}\nmain \"$@\"\n",
		"main-loud.sh":    "main() {\n  if grep -q \"rm -rf\"; then\n    echo \"no rm -rf\" >&2\n    return 2\n  fi\n  return 0\n}\nmain \"$@\"\n",
		"main-then.sh":    "main() {\n  if grep -q \"rm -rf\"; then\n    return 2\n  fi\n}\nmain \"$@\"\nexit 0\n",
		"lib-return.sh":   "check() { grep -q \"rm -rf\" && return 2; return 0; }\n",
		"lib-return-l.sh": "check() { grep -q \"rm -rf\" && { echo \"no rm -rf\" >&2; return 2; }; return 0; }\n",
		"fn-return.sh":    "source \"$(dirname \"$0\")/lib-return.sh\"\ncheck \"$@\"\n",
		"fn-return-l.sh":  "source \"$(dirname \"$0\")/lib-return-l.sh\"\ncheck \"$@\"\n",
		// QA: the folder in a variable, then the tail call.
		"dir.sh":        "DIR=\"$(dirname \"$0\")\"; exec \"$DIR/check.sh\"\n",
		"dir-lines.sh":  "DIR=\"$(dirname \"$0\")\"\nexec \"$DIR/check.sh\"\n",
		"dir-loud.sh":   "DIR=\"$(dirname \"$0\")\"\nexec \"$DIR/loud.sh\"\n",
		"dir-export.sh": "export HOOK_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\n\"$HOOK_DIR/check.sh\"\n",
		"dir-len.sh":    "DIR=\"$(dirname \"$0\")\"\necho \"${#DIR}\" >/dev/null\nexec \"$DIR/check.sh\"\n",
		"dir-again.sh":  "DIR=\"$(dirname \"$0\")\"\nDIR=/tmp\nexec \"$DIR/check.sh\"\n",
		// QA: the variable only read elsewhere, ${DIR%/*}; the parent's
		// check.sh (which writes its reason) run through it, or through
		// the variable set again to it.
		"dir-trim.sh":       "DIR=\"$(dirname \"$0\")\"\necho \"${DIR%/*}\" >/dev/null\nexec \"$DIR/check.sh\"\n",
		"dir-trim-loud.sh":  "DIR=\"$(dirname \"$0\")\"\necho \"${DIR%/*}\" >/dev/null\nexec \"$DIR/loud.sh\"\n",
		"dir-parent.sh":     "DIR=\"$(dirname \"$0\")\"\nexec \"${DIR%/*}/check.sh\"\n",
		"dir-trim-again.sh": "DIR=\"$(dirname \"$0\")\"\nDIR=\"${DIR%/*}\"\nexec \"$DIR/check.sh\"\n",
		// QA: a comment after a command, a tail call's stdout sent away.
		"comment.sh":       "\"$(dirname \"$0\")/check.sh\" \"$@\"  # run the check\n",
		"comment-loud.sh":  "\"$(dirname \"$0\")/loud.sh\" \"$@\"  # run the check\n",
		"null.sh":          "\"$(dirname \"$0\")/check.sh\" >/dev/null\n",
		"null-loud.sh":     "\"$(dirname \"$0\")/loud.sh\" >/dev/null\n",
		"null-err.sh":      "\"$(dirname \"$0\")/loud.sh\" >/dev/null 2>&1\n",
		"var-comment.sh":   "LIMIT=5 # max\ngrep -q \"rm -rf\" && exit 2\nexit 0\n",
		"var-comment-l.sh": "LIMIT=5 # max\ngrep -q \"rm -rf\" && { echo \"blocked # rm -rf\" >&2; exit 2; }\nexit 0\n",
		// QA: the helper tested first, the script exiting 0 without it.
		"test-x.sh":       "[ -x \"$(dirname \"$0\")/check.sh\" ] || exit 0\n\"$(dirname \"$0\")/check.sh\"\n",
		"test-x1.sh":      "[ -x \"$(dirname \"$0\")/check.sh\" ] || exit 0; \"$(dirname \"$0\")/check.sh\"\n",
		"test-x-loud.sh":  "test -f \"$(dirname \"$0\")/loud.sh\" || exit 0\n\"$(dirname \"$0\")/loud.sh\"\n",
		"test-x-exit1.sh": "[ -x \"$(dirname \"$0\")/check.sh\" ] || exit 1\n\"$(dirname \"$0\")/check.sh\"\n",
		"test-x-bare.sh":  "[ -x \"$(dirname \"$0\")/check.sh\" ] || exit\n\"$(dirname \"$0\")/check.sh\"\n",
		// QA: the helper's exit 2 passed on by a case on its status.
		"case.sh":       "\"$(dirname \"$0\")/check.sh\"\ncase $? in 2) exit 2;; esac\n",
		"case1.sh":      "\"$(dirname \"$0\")/check.sh\"; case $? in 2) exit 2;; esac\n",
		"case-loud.sh":  "\"$(dirname \"$0\")/loud.sh\"\ncase $? in 2) exit 2;; esac\n",
		"case-says.sh":  "\"$(dirname \"$0\")/check.sh\"\ncase $? in 2) echo \"blocked\" >&2; exit 2;; esac\n",
		"case-fails.sh": "\"$(dirname \"$0\")/fails.sh\"\ncase $? in 2) exit 2;; esac\n",
		// QA: a case on the helper's status with several arms, a
		// pattern list, a quoted 2, over several lines.
		"case-or.sh":     "\"$(dirname \"$0\")/check.sh\"\ncase $? in 2|3) exit 2;; esac\n",
		"case-quoted.sh": "\"$(dirname \"$0\")/check.sh\"\ncase \"$?\" in \"2\") exit 2;; esac\n",
		"case-arms.sh":   "\"$(dirname \"$0\")/check.sh\"\ncase $? in\n  0) exit 0 ;;\n  2) exit 2 ;;\n  *) exit 1 ;;\nesac\n",
		"case-arms0.sh":  "\"$(dirname \"$0\")/check.sh\"\ncase $? in\n  2) exit 2 ;;\nesac\nexit 0\n",
		"case-arms-l.sh": "\"$(dirname \"$0\")/loud.sh\"\ncase $? in\n  0) exit 0 ;;\n  2) exit 2 ;;\n  *) exit 1 ;;\nesac\n",
		"case-arms-s.sh": "\"$(dirname \"$0\")/check.sh\"\ncase $? in\n  0) exit 0 ;;\n  2) echo blocked >&2; exit 2 ;;\nesac\n",
		"case-glob.sh":   "\"$(dirname \"$0\")/check.sh\"\ncase $? in *) exit 0;; 2) exit 2;; esac\n",
		"case-many.sh":   "\"$(dirname \"$0\")/check.sh\"\ncase $? in\n" + strings.Repeat("  1) exit 0 ;;\n", 10000) + "  2) exit 2 ;;\nesac\n",
		"case-arms-f.sh": "\"$(dirname \"$0\")/fails.sh\"\ncase $? in 0) exit 0;; 2) exit 2;; esac\n",
		// QA: a catch-all arm turning the helper's failure into exit 2.
		"case-any.sh":      "\"$(dirname \"$0\")/fails.sh\"\ncase $? in 0) exit 0;; *) exit 2;; esac\n",
		"case-any-arms.sh": "\"$(dirname \"$0\")/fails.sh\"\ncase $? in\n  0) exit 0 ;;\n  *) exit 2 ;;\nesac\n",
		"case-any-loud.sh": "\"$(dirname \"$0\")/loud.sh\"\ncase $? in 0) exit 0;; *) exit 2;; esac\n",
		"case-any-says.sh": "\"$(dirname \"$0\")/fails.sh\"\ncase $? in 0) exit 0;; *) echo blocked >&2; exit 2;; esac\n",
		// QA: -ge 2, the status saved on a line of its own, an if that
		// exits 0 but on exit 2 (or on failure), then exit 2.
		"ge2.sh":       "\"$(dirname \"$0\")/check.sh\"\n[ $? -ge 2 ] && exit 2\nexit 0\n",
		"ge2-loud.sh":  "\"$(dirname \"$0\")/loud.sh\"\n[ $? -ge 2 ] && exit 2\nexit 0\n",
		"rc2.sh":       "\"$(dirname \"$0\")/check.sh\"\nrc=$?\n[ $rc -eq 2 ] && exit 2\n",
		"rc2-loud.sh":  "\"$(dirname \"$0\")/loud.sh\"\nrc=$?\n[ $rc -eq 2 ] && exit 2\n",
		"rcne.sh":      "\"$(dirname \"$0\")/fails.sh\"\nrc=$?\nif [ \"$rc\" -ne 0 ]; then exit 2; fi\n",
		"rcne-says.sh": "\"$(dirname \"$0\")/fails.sh\"\nrc=$?\nif [ \"$rc\" -ne 0 ]; then echo blocked >&2; exit 2; fi\n",
		"rc-other.sh":  "\"$(dirname \"$0\")/fails.sh\"\nrc=$?\n[ \"$code\" -ne 0 ] && exit 2\n",
		"ne2.sh":       "\"$(dirname \"$0\")/check.sh\"\nif [ $? -ne 2 ]; then exit 0; fi; exit 2\n",
		"ne2-lines.sh": "\"$(dirname \"$0\")/check.sh\"\nif [ $? -ne 2 ]; then\n  exit 0\nfi\nexit 2\n",
		"ne2-loud.sh":  "\"$(dirname \"$0\")/loud.sh\"\nif [ $? -ne 2 ]; then\n  exit 0\nfi\nexit 2\n",
		"ne2-fails.sh": "\"$(dirname \"$0\")/fails.sh\"\nif [ $? -ne 2 ]; then\n  exit 0\nfi\nexit 2\n",
		"ne2-inner.sh": "if [ -n \"$X\" ]; then\n\"$(dirname \"$0\")/check.sh\"\nif [ $? -ne 2 ]; then\n  exit 0\nfi\nfi\nexit 2\n",
		"ne2-long.sh":  strings.Repeat(": ok\n", 10000) + "\"$(dirname \"$0\")/check.sh\"\nif [ $? -ne 2 ]; then\n  exit 0\nfi\nexit 2\n",
		"eq0.sh":       "\"$(dirname \"$0\")/fails.sh\"\nif [ $? -eq 0 ]; then\n  exit 0\nfi\nexit 2\n",
		// QA: a muted helper's exit 2 passed on, or its failure turned
		// into exit 2, on the last lines.
		"loud1.sh":          "grep -q \"rm -rf\" && { echo \"no rm -rf\" >&2; exit 1; }\nexit 0\n",
		"never.sh":          "grep -q \"rm -rf\" && { echo \"no rm -rf\" >&2; }\nexit 0\n",
		"mute2.sh":          "\"$(dirname \"$0\")/loud.sh\" 2>/dev/null\n[ $? -eq 2 ] && exit 2\n",
		"mute2-zero.sh":     "\"$(dirname \"$0\")/loud.sh\" 2>/dev/null\nif [ $? -eq 2 ]; then exit 2; fi\nexit 0\n",
		"mute2-fails.sh":    "\"$(dirname \"$0\")/loud1.sh\" 2>/dev/null\n[ $? -eq 2 ] && exit 2\n",
		"mute2-says.sh":     "\"$(dirname \"$0\")/loud.sh\" 2>/dev/null\n[ $? -eq 2 ] && { echo blocked >&2; exit 2; }\n",
		"mute-or2.sh":       "\"$(dirname \"$0\")/loud1.sh\" 2>/dev/null || exit 2\n",
		"mute-or2-says.sh":  "\"$(dirname \"$0\")/loud1.sh\" 2>/dev/null || { echo blocked >&2; exit 2; }\n",
		"mute-or2-never.sh": "\"$(dirname \"$0\")/never.sh\" 2>/dev/null || exit 2\n",
		"mute-or2-first.sh": "echo checking >&2\n\"$(dirname \"$0\")/loud1.sh\" 2>/dev/null || exit 2\n",
		"mute-or2-amp.sh":   "\"$(dirname \"$0\")/loud1.sh\" &>/dev/null || exit 2\n",
		"mute-or2-exec.sh":  "exec \"$(dirname \"$0\")/loud1.sh\" 2>/dev/null || exit 2\n",
		// QA: then exit 0, which runs only where the helper succeeded.
		"mute-or2-then0.sh": "\"$(dirname \"$0\")/loud1.sh\" 2>/dev/null || exit 2\nexit 0\n",
		"loud-or2-then0.sh": "\"$(dirname \"$0\")/loud1.sh\" || exit 2\nexit 0\n",
		// QA: main "$@" && echo ok, { main "$@"; }, main "$@" || exit $?.
		"main-ok.sh":         "main() {\n  if grep -q \"rm -rf\"; then\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" && echo ok\n",
		"main-ok-loud.sh":    "main() {\n  if grep -q \"rm -rf\"; then\n    echo \"no rm -rf\" >&2\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" && echo ok\n",
		"main-group.sh":      "main() {\n  if grep -q \"rm -rf\"; then\n    return 2\n  fi\n  return 0\n}\n{ main \"$@\"; }\n",
		"main-group-loud.sh": "main() {\n  if grep -q \"rm -rf\"; then\n    echo \"no rm -rf\" >&2\n    return 2\n  fi\n  return 0\n}\n{ main \"$@\"; }\n",
		"main-group-then.sh": "main() {\n  if grep -q \"rm -rf\"; then\n    return 2\n  fi\n  return 0\n}\n{ main \"$@\"; echo done; }\n",
		"main-or.sh":         "main() {\n  if grep -q \"rm -rf\"; then\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" || exit $?\n",
		"main-or-loud.sh":    "main() {\n  if grep -q \"rm -rf\"; then\n    echo \"no rm -rf\" >&2\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" || exit $?\n",
		"main-or-echo.sh":    "main() {\n  if grep -q \"rm -rf\"; then\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" || echo failed\n",
		"eq0-says.sh":        "\"$(dirname \"$0\")/fails.sh\"\nif [ $? -eq 0 ]; then\n  exit 0\nfi\necho blocked >&2\nexit 2\n",
		// QA: the helper's exit 2 passed on by a test of its status.
		"test2.sh":       "\"$(dirname \"$0\")/check.sh\"\n[ $? -eq 2 ] && exit 2\nexit 0\n",
		"test2-end.sh":   "\"$(dirname \"$0\")/check.sh\"\n[ \"$?\" = 2 ] && exit 2\n",
		"test2-loud.sh":  "\"$(dirname \"$0\")/loud.sh\"\n[ $? -eq 2 ] && exit 2\nexit 0\n",
		"test2-says.sh":  "\"$(dirname \"$0\")/check.sh\"\n[ $? -eq 2 ] && { echo blocked >&2; exit 2; }\nexit 0\n",
		"test2-fails.sh": "\"$(dirname \"$0\")/fails.sh\"\n[ $? -eq 2 ] && exit 2\nexit 0\n",
		"if2.sh":         "\"$(dirname \"$0\")/check.sh\"\nif [ $? -eq 2 ]; then exit 2; fi\n",
		"if2-zero.sh":    "\"$(dirname \"$0\")/check.sh\"\nif [ $? -eq 2 ]; then exit 2; fi\nexit 0\n",
		"if2-loud.sh":    "\"$(dirname \"$0\")/loud.sh\"\nif [ $? -eq 2 ]; then exit 2; fi\nexit 0\n",
		"if2-says.sh":    "\"$(dirname \"$0\")/check.sh\"\nif [ $? -eq 2 ]; then echo blocked >&2; exit 2; fi\nexit 0\n",
		"if2-fails.sh":   "\"$(dirname \"$0\")/fails.sh\"\nif [ $? -eq 2 ]; then exit 2; fi\nexit 0\n",
		"if2-echo.sh":    "\"$(dirname \"$0\")/check.sh\"\necho done\nif [ $? -eq 2 ]; then exit 2; fi\nexit 0\n",
		// QA: a loud helper's stderr sent away on the last line.
		"mute.sh":         "\"$(dirname \"$0\")/loud.sh\" 2>/dev/null\n",
		"mute-amp.sh":     "\"$(dirname \"$0\")/loud.sh\" &>/dev/null\n",
		"mute-swap.sh":    "\"$(dirname \"$0\")/loud.sh\" 2>&1 >/dev/null\n",
		"mute-status.sh":  "\"$(dirname \"$0\")/loud.sh\" \"$@\" 2>/dev/null\nexit $?\n",
		"mute-exec.sh":    "exec \"$(dirname \"$0\")/loud.sh\" 2>/dev/null\n",
		"mute-fails.sh":   "\"$(dirname \"$0\")/fails.sh\" 2>/dev/null\n",
		"mute-says.sh":    "echo checking >&2\n\"$(dirname \"$0\")/loud.sh\" 2>/dev/null\n",
		"mute-prints.sh":  "\"$(dirname \"$0\")/loud.sh\" >&2 2>/dev/null\n",
		"mute-unseen.sh":  "\"$(dirname \"$0\")/runs-then.sh\" 2>/dev/null\n",
		"mute-missing.sh": "\"$(dirname \"$0\")/gone.sh\" 2>/dev/null\n",
	}
	fsys := fstest.MapFS{dir + "traced.sh": {Data: []byte("#!/bin/bash -x\ngrep -q \"rm -rf\" && exit 2\n")}}
	fsys[".claude/check.sh"] = sh("grep -q \"rm -rf\" && { echo \"no rm -rf (parent)\" >&2; exit 2; }\nexit 0\n")
	for name, body := range files {
		fsys[dir+name] = sh(body)
	}
	fsys[dir+"exec-traced.sh"] = sh("exec \"$(dirname \"$0\")/traced.sh\"\n")
	// A traced guard handing its exit to a silent helper: run directly it
	// traces to stderr, run by bash it does not. Each file is asked both
	// ways, in both orders, of one Scripts (QA: the answer was cached by
	// path alone).
	// A lib sourced from another folder, naming $0: that is the guard's
	// path, not the lib's (QA round 3). src0.sh's lib execs hooks/x0.sh,
	// which writes its reason; lib/x0.sh beside the lib is silent and
	// never runs. srcbs.sh's lib names its own folder by BASH_SOURCE.
	fsys[dir+"src0.sh"] = sh(". \"$(dirname \"$0\")/lib/mid0.sh\"\n")
	fsys[dir+"lib/mid0.sh"] = sh("exec \"$(dirname \"$0\")/x0.sh\"\n")
	fsys[dir+"x0.sh"] = sh("grep -q \"rm -rf\" && { echo blocked >&2; exit 2; }\nexit 0\n")
	fsys[dir+"lib/x0.sh"] = sh("grep -q \"rm -rf\" && exit 2\nexit 0\n")
	fsys[dir+"srcbs.sh"] = sh(". \"$(dirname \"$0\")/lib/midbs.sh\"\n")
	fsys[dir+"lib/midbs.sh"] = sh("exec \"$(dirname \"${BASH_SOURCE[0]}\")/x0.sh\"\n")
	for _, name := range []string{"traced-guard.sh", "traced-guard2.sh"} {
		fsys[dir+name] = &fstest.MapFile{Data: []byte("#!/bin/bash -x\nexec \"$(dirname \"$0\")/check.sh\"\n")}
	}
	scripts := &Scripts{FS: fsys}
	for _, tc := range []struct {
		command string
		want    bool
	}{
		{"./.claude/hooks/check.sh", true}, // the helper run alone, as before
		{"./.claude/hooks/exec.sh", true},
		{"./.claude/hooks/exec-loud.sh", false},
		{"\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/exec-proj.sh", true},
		{"./.claude/hooks/exec-args.sh", true},
		{"./.claude/hooks/exec-other.sh", false}, // its own arguments: not followed
		{"./.claude/hooks/last.sh", true},
		{"./.claude/hooks/last-loud.sh", false},
		{"./.claude/hooks/status.sh", true},
		{"./.claude/hooks/bash.sh", true},
		{"bash .claude/hooks/bash.sh", true},
		{"./.claude/hooks/bash-x.sh", false}, // bash -x traces to stderr
		{"./.claude/hooks/exec-traced.sh", false},
		{"./.claude/hooks/src0.sh", false}, // not read as lib/x0.sh
		{"./.claude/hooks/srcbs.sh", true}, // lib/x0.sh, by BASH_SOURCE
		{"./.claude/hooks/traced-guard.sh", false},
		{"bash .claude/hooks/traced-guard.sh", true},
		{"bash .claude/hooks/traced-guard2.sh", true},
		{"./.claude/hooks/traced-guard2.sh", false},
		{"./.claude/hooks/dot.sh", true},
		{"./.claude/hooks/source.sh", true},
		{"./.claude/hooks/source-loud.sh", false},
		{"./.claude/hooks/says.sh", false}, // the guard writes first
		{"./.claude/hooks/runs.sh", false}, // a program unseen first
		{"./.claude/hooks/missing.sh", false},
		{"./.claude/hooks/then.sh", false},   // the status is echo's
		{"./.claude/hooks/inside.sh", false}, // not the last command
		{"./.claude/hooks/cd.sh", false},     // another folder's check.sh
		{"./.claude/hooks/mid.sh", true},     // two levels
		{"./.claude/hooks/cycle-a.sh", false},
		{"./.claude/hooks/deep1.sh", false}, // past maxTailScripts
		{"./.claude/hooks/exec-fails.sh || exit 2", true},
		{"./.claude/hooks/exec-loud.sh || exit 2", false},
		{"./.claude/hooks/exec.sh 2>/dev/null", true},
		{"./.claude/hooks/or2.sh", true},
		{"\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/or2.sh", true},
		{"./.claude/hooks/or2-loud.sh", false},
		{"./.claude/hooks/or2-fails.sh", true}, // exit 1 made exit 2
		{"./.claude/hooks/or2-proj.sh", true},
		{"./.claude/hooks/or2-says.sh", false},
		{"./.claude/hooks/or2-source.sh", false}, // the lib's exit 1 ends the guard
		{"./.claude/hooks/or2-exit1.sh", false},
		{"./.claude/hooks/or2-first.sh", true},  // its own silent exit 1 first, then the helper's silent failure (QA: as pre-fail.sh in silentExitRows)
		{"./.claude/hooks/or2-first2.sh", true}, // its own silent exit 2 first
		{"./.claude/hooks/or2-missing.sh", false},
		{"./.claude/hooks/or2-unseen.sh", false},
		{"./.claude/hooks/or2-exec.sh", false}, // exec: the || never runs, exit 1
		{"./.claude/hooks/exec-or2.sh", true},  // exec: check.sh's silent exit 2 (QA)
		{"./.claude/hooks/which.sh", true},
		{"./.claude/hooks/cmd-true.sh", true},
		{"./.claude/hooks/cmd-loud.sh", false},
		{"./.claude/hooks/exec-or1.sh", true},
		{"./.claude/hooks/exec-and.sh", true},
		{"./.claude/hooks/exec-or-loud.sh", false},
		{"./.claude/hooks/or2.sh || exit 2", true},
		{"./.claude/hooks/or2-loud.sh || exit 2", false},
		{"./.claude/hooks/fn.sh", true},
		{"./.claude/hooks/fn-proj.sh", true},
		{"./.claude/hooks/fn-loud.sh", false},
		{"./.claude/hooks/fn-says.sh", false},
		{"./.claude/hooks/fn-other.sh", false}, // verify: a program unseen
		{"./.claude/hooks/fn-then.sh", false},  // the status is echo's
		{"./.claude/hooks/fn-run.sh", false},   // run, not sourced: check is a program
		{"./.claude/hooks/main.sh", true},
		{"./.claude/hooks/main-loud.sh", false},
		{"./.claude/hooks/main-then.sh", false}, // exit 0 after the call
		{"./.claude/hooks/fn-return.sh", true},
		{"./.claude/hooks/fn-return-l.sh", false},
		{"f(){ grep -q \"rm -rf\" && return 2; return 0; }; f", true}, // the hook's own command
		{"f(){ grep -q \"rm -rf\" && { echo no >&2; return 2; }; return 0; }; f", false},
		{"./.claude/hooks/dir.sh", true},
		{"./.claude/hooks/dir-lines.sh", true},
		{"./.claude/hooks/dir-loud.sh", false},
		{"./.claude/hooks/dir-export.sh", true},
		{"./.claude/hooks/dir-len.sh", true}, // ${#DIR} only reads it (QA)
		{"./.claude/hooks/dir-trim.sh", true},
		{"./.claude/hooks/dir-trim-loud.sh", false},
		{"./.claude/hooks/dir-parent.sh", false},     // .claude/check.sh, unresolved: unread
		{"./.claude/hooks/dir-trim-again.sh", false}, // set twice: unread
		{"./.claude/hooks/dir-again.sh", false},      // set twice: /tmp/check.sh, unread
		{"./.claude/hooks/comment.sh", true},
		{"./.claude/hooks/comment-loud.sh", false},
		{"./.claude/hooks/null.sh", true},
		{"./.claude/hooks/null-loud.sh", false},
		{"./.claude/hooks/case-or.sh", true},
		{"./.claude/hooks/case-quoted.sh", true},
		{"./.claude/hooks/case-arms.sh", true},
		{"./.claude/hooks/case-arms0.sh", true},
		{"./.claude/hooks/case-arms-l.sh", false},
		{"./.claude/hooks/case-arms-s.sh", false},
		{"./.claude/hooks/case-glob.sh", false}, // * matches 2 first: exits 0
		{"./.claude/hooks/case-arms-f.sh", false},
		{"./.claude/hooks/case-many.sh", true}, // large: 10,000 arms, read in one pass
		{"./.claude/hooks/check.sh; case $? in 0) exit 0;; 2|3) exit 2;; esac", true},
		{"./.claude/hooks/loud.sh; case $? in 0) exit 0;; 2|3) exit 2;; esac", false},
		{"./.claude/hooks/test2.sh", true},
		{"./.claude/hooks/test2-end.sh", true},
		{"./.claude/hooks/test2-loud.sh", false},
		{"./.claude/hooks/test2-says.sh", false},
		{"./.claude/hooks/test2-fails.sh", false}, // exit 1: the test passes nothing on
		{"./.claude/hooks/if2.sh", true},
		{"./.claude/hooks/if2-zero.sh", true},
		{"./.claude/hooks/if2-loud.sh", false},
		{"./.claude/hooks/if2-says.sh", false},
		{"./.claude/hooks/if2-fails.sh", false},
		{"./.claude/hooks/if2-echo.sh", false}, // $? is echo's
		{"./.claude/hooks/null-err.sh", true},  // stderr away too: loud.sh's exit 2 is silent
		{"./.claude/hooks/mute.sh", true},
		{"./.claude/hooks/mute-amp.sh", true},
		{"./.claude/hooks/mute-swap.sh", true}, // stderr to the hook's stdout
		{"./.claude/hooks/mute-status.sh", true},
		{"./.claude/hooks/mute-exec.sh", true},
		{"./.claude/hooks/mute.sh || exit 2", true},
		{"./.claude/hooks/mute-fails.sh", false},  // exits 1, never 2
		{"./.claude/hooks/mute-says.sh", false},   // the guard writes first
		{"./.claude/hooks/mute-prints.sh", false}, // its stdout is the tool's stderr: what it prints is a reason, unread (a limit)
		{"./.claude/hooks/mute-unseen.sh", false},
		{"./.claude/hooks/mute-missing.sh", false},
		{"./.claude/hooks/var-comment.sh", true},
		{"./.claude/hooks/var-comment-l.sh", false},
		{"./.claude/hooks/test-x.sh", true},
		{"./.claude/hooks/test-x1.sh", true},
		{"./.claude/hooks/test-x-loud.sh", false},
		{"./.claude/hooks/test-x-exit1.sh", false}, // exits 1 without it: unread, as before
		{"./.claude/hooks/test-x-bare.sh", false},  // a bare exit: the test's 1
		{"./.claude/hooks/case.sh", true},
		{"./.claude/hooks/case1.sh", true},
		{"./.claude/hooks/case-loud.sh", false},
		{"./.claude/hooks/case-says.sh", false},
		{"./.claude/hooks/case-fails.sh", false},                        // exit 1: the case passes nothing on
		{"./.claude/hooks/check.sh; case $? in 2) exit 2;; esac", true}, // the hook's own command
		{"./.claude/hooks/loud.sh; case $? in 2) exit 2;; esac", false},
		{"./.claude/hooks/fails.sh; case $? in 2) exit 2;; esac", false},
		{"./.claude/hooks/case-any.sh", true},
		{"./.claude/hooks/case-any-arms.sh", true},
		{"./.claude/hooks/case-any-loud.sh", false},
		{"./.claude/hooks/case-any-says.sh", false},
		{"./.claude/hooks/fails.sh; case $? in 0) exit 0;; *) exit 2;; esac", true},
		{"./.claude/hooks/ge2.sh", true},
		{"./.claude/hooks/ge2-loud.sh", false},
		{"./.claude/hooks/rc2.sh", true},
		{"./.claude/hooks/rc2-loud.sh", false},
		{"./.claude/hooks/rcne.sh", true},
		{"./.claude/hooks/rcne-says.sh", false},
		{"./.claude/hooks/rc-other.sh", false}, // another variable: bash fails loudly on it
		{"./.claude/hooks/ne2.sh", true},
		{"./.claude/hooks/ne2-lines.sh", true},
		{"./.claude/hooks/ne2-loud.sh", false},
		{"./.claude/hooks/ne2-fails.sh", false}, // exit 0
		{"./.claude/hooks/ne2-inner.sh", false}, // the call inside an if: not read
		{"./.claude/hooks/ne2-long.sh", true},   // large: 10,000 lines before
		{"./.claude/hooks/eq0.sh", true},
		{"./.claude/hooks/main-ok.sh", true},
		{"./.claude/hooks/main-ok-loud.sh", false},
		{"./.claude/hooks/main-group.sh", true},
		{"./.claude/hooks/main-group-loud.sh", false},
		{"./.claude/hooks/main-group-then.sh", false}, // echo's status: 0
		{"./.claude/hooks/main-or.sh", true},
		{"./.claude/hooks/main-or-loud.sh", false},
		{"./.claude/hooks/main-or-echo.sh", false}, // echo's status: 0
		{"./.claude/hooks/mute2.sh", true},
		{"./.claude/hooks/mute2-zero.sh", true},
		{"./.claude/hooks/mute2-fails.sh", false}, // exit 1
		{"./.claude/hooks/mute2-says.sh", false},
		{"./.claude/hooks/mute-or2.sh", true},
		{"./.claude/hooks/mute-or2-says.sh", false},
		{"./.claude/hooks/mute-or2-never.sh", false}, // never fails: exit 0
		{"./.claude/hooks/mute-or2-first.sh", false}, // the guard writes first
		{"./.claude/hooks/mute-or2-amp.sh", true},
		{"./.claude/hooks/mute-or2-exec.sh", false}, // the || never runs: exit 1
		{"./.claude/hooks/mute-or2-then0.sh", true},
		{"./.claude/hooks/loud-or2-then0.sh", false},
		{"./.claude/hooks/eq0-says.sh", false},
	} {
		m := &canonical.Manifest{Hooks: []canonical.Hook{{
			Event: "before_tool_execute", Blocking: true,
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tc.command},
		}}}
		if got := len(silentExits(m, nil, "claude-code", "codex", scripts)) > 0; got != tc.want {
			t.Errorf("silentExits(%q) = %v, want %v", tc.command, got, tc.want)
		}
	}
}

func TestFailsOnlyOne(t *testing.T) {
	for _, tc := range []struct {
		list string
		want bool
	}{
		{`grep -q bad "$f"`, true},
		{`egrep -qi bad`, true},
		{`grep -qs bad "$f"`, false}, // no message for a missing file: exit 2 silently
		{`grep --no-messages -q bad`, false},
		{`[ -n "$x" ]`, true},
		{`[[ $x == y ]] && test -f f`, true},
		{`! ./check.sh`, true},
		{`false`, true},
		{`echo "$x" | grep -q bad`, true}, // the pipeline's status: grep's
		{`x=1; grep -q bad`, true},
		{`grep -q bad || ./check.sh`, false},
		{`./check.sh`, false},
		{`jq -e .ok`, false},
	} {
		if got := failsOnlyOne(tc.list); got != tc.want {
			t.Errorf("failsOnlyOne(%q) = %v, want %v", tc.list, got, tc.want)
		}
	}
	// A script failing by grep's 1 alone exits silently with no code a
	// catch-all after 1) lists (QA); on any failure it still does.
	text := "grep -q bad"
	if exitsSilently(text, failingBut([]string{"1"})) {
		t.Errorf("exitsSilently(%q, all but 1) = true", text)
	}
	if !exitsSilently(text, exitCodeFailing) {
		t.Errorf("exitsSilently(%q, any failure) = false", text)
	}
}

// TestCrashUnblocked: a blocking command hook from Gemini CLI, where any
// exit but 0 and 1 blocks with plain-text output (a crash too), going to
// a tool where a crash does not block, is noted once (HC209, an info:
// QA); not where the target blocks on any non-zero exit too (Copilot
// CLI's preToolUse) or on its own contract, not for a hook that is not
// blocking, nor from another tool, nor under the shim.
func TestCrashUnblocked(t *testing.T) {
	tests := []struct {
		from, to string
		blocking bool
		shim     bool
		want     int // hooks noted
	}{
		{"gemini-cli", "claude-code", true, false, 1},
		{"gemini-cli", "codex", true, false, 1},
		{"gemini-cli", "cursor", true, false, 1},
		{"gemini-cli", "copilot-cli", true, false, 0},
		{"gemini-cli", "cline", true, false, 0},
		{"gemini-cli", "gemini-cli", true, false, 0},
		{"gemini-cli", "canonical", true, false, 0},
		{"gemini-cli", "claude-code", false, false, 0},
		{"gemini-cli", "claude-code", true, true, 0},
		{"claude-code", "codex", true, false, 0},
	}
	for _, tt := range tests {
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{{
			Event: "before_tool_execute", Blocking: tt.blocking,
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "python3 guard.py"},
		}}}
		ds, about := crashUnblocked(m, tt.from, tt.to, tt.shim, nil)
		got := 0
		if len(about) == 1 {
			got = len(about[0])
		}
		if got != tt.want || len(ds) != min(tt.want, 1) {
			t.Errorf("%s → %s (blocking %v, shim %v): noted %d hooks, %v; want %d", tt.from, tt.to, tt.blocking, tt.shim, got, ds, tt.want)
			continue
		}
		if len(ds) == 1 && (ds[0].Code != capabilities.CodeFailOpen || ds[0].Severity != diag.Info) {
			t.Errorf("%s → %s: %v; want an info %s", tt.from, tt.to, ds[0], capabilities.CodeFailOpen)
		}
	}
}

// TestSpellsExitTwo checks that spellsExitTwo holds wherever exitTwo
// matches (it only spares the expression texts it cannot match), on
// texts built from the pieces an exit 2 is spelled with, and that it
// turns away the curl commands http hooks become.
func TestSpellsExitTwo(t *testing.T) {
	pieces := []string{"exit", "exit", " ", "\t", "\n", "\r", "\f", "\v", `"`, "'", "0", "00", "2", "25", "258", "514", "770", "1026", "1", "7", "x", "_", "é", ";", "&", "|", "{", "(", ")", "then", "else", "do", "if", "return", "$", "#"}
	seed := uint64(1)
	next := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % n
	}
	matched := 0
	for range 200000 {
		var b strings.Builder
		for range 1 + next(8) {
			b.WriteString(pieces[next(len(pieces))])
		}
		text := b.String()
		if exitTwo().MatchString(text) {
			matched++
			if !spellsExitTwo(text) {
				t.Fatalf("exitTwo matches %q, spellsExitTwo says it cannot", text)
			}
		}
	}
	if matched < 100 {
		t.Fatalf("only %d of the texts built hold an exit 2: the pieces test too little", matched)
	}
	for _, text := range []string{
		"curl -sS --fail -X POST --data-binary @- 'http://localhost:8080/2' || exit 1",
		"exit 20", "exit 0", "exit", "exit2", "myexit", "exit 1026x",
	} {
		if spellsExitTwo(text) {
			t.Errorf("spellsExitTwo(%q) = true, want false", text)
		}
	}
	for _, text := range []string{"exit 2", "exit\t'02'", "x; exit 258", "exit \"0770\"", "exit 1026;", "exit 2é"} {
		if !spellsExitTwo(text) || !exitTwo().MatchString(text) {
			t.Errorf("%q: spellsExitTwo %v, exitTwo %v, want both", text, spellsExitTwo(text), exitTwo().MatchString(text))
		}
	}
}
