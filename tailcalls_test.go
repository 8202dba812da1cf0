package hookconv

import (
	"bytes"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
)

// qaHelpers are the project scripts the guards of silentExitRows run:
// each exits with its code on a payload naming rm -rf, 0 on any other,
// check.sh and fails.sh (1), fails3.sh (3) with nothing on stderr,
// loud.sh and loud1.sh (1) with a reason.
var qaHelpers = map[string]string{
	"check.sh":  "grep -q \"rm -rf\" && exit 2\nexit 0\n",
	"fails.sh":  "grep -q \"rm -rf\" && exit 1\nexit 0\n",
	"fails3.sh": "grep -q \"rm -rf\" && exit 3\nexit 0\n",
	"loud.sh":   "grep -q \"rm -rf\" && { echo \"no rm -rf\" >&2; exit 2; }\nexit 0\n",
	"loud1.sh":  "grep -q \"rm -rf\" && { echo \"no rm -rf\" >&2; exit 1; }\nexit 0\n",
	// isdanger.sh succeeds on rm -rf, silently; isdanger-l.sh says so.
	"isdanger.sh":   "grep -q \"rm -rf\"\n",
	"isdanger-l.sh": "grep -q \"rm -rf\" || exit 1\necho \"rm -rf found\" >&2\nexit 0\n",
	// nomatch.sh fails by its last command alone, grep's 1, silently;
	// grep-s.sh by grep -s on a missing file, 2, silently.
	"nomatch.sh": "grep -q \"safe-command\"\n",
	"grep-s.sh":  "grep -qs \"safe-command\" /nonexistent\n",
	// lib-check.sh, sourced, defines check, which exits 2 silently on
	// rm -rf.
	"lib-check.sh": "check() { grep -q \"rm -rf\" && exit 2; return 0; }\n",
}

// silentExitRow is a guard script (under .claude/hooks/, run by the
// hook's command, ./.claude/hooks/NAME unless command says otherwise)
// and whether HC431 reads it as exiting 2 silently. Each is what bash
// does with it on a payload naming rm -rf (TestSilentExitRowsInBash).
type silentExitRow struct {
	name, script, command string
	want                  bool
}

// silentExitRows are QA's rows for the readings of a guard's last lines;
// the comment says what bash 5.2 does on the rm -rf payload.
var silentExitRows = []silentExitRow{
	// QA: a helper called in the function a script calls last, its
	// failure turned into return 2 or its status returned.
	{"fn-or2.sh", "main() {\n  \"$(dirname \"$0\")/fails.sh\" || return 2\n  return 0\n}\nmain \"$@\"\n", "", true},       // exit 2, silent
	{"fn-or2-line.sh", "main() { \"$(dirname \"$0\")/fails.sh\" || return 2; return 0; }\nmain \"$@\"\n", "", true},       // exit 2, silent
	{"fn-ret.sh", "main() {\n  \"$(dirname \"$0\")/check.sh\"\n  return $?\n}\nmain \"$@\"\n", "", true},                  // exit 2, silent
	{"fn-last.sh", "main() {\n  \"$(dirname \"$0\")/check.sh\"\n}\nmain \"$@\"\n", "", true},                              // exit 2, silent
	{"fn-or-ret.sh", "main() {\n  \"$(dirname \"$0\")/check.sh\" || return $?\n  return 0\n}\nmain\n", "", true},          // exit 2, silent
	{"fn-status.sh", "main() {\n  \"$(dirname \"$0\")/check.sh\"\n}\nmain \"$@\"\nexit $?\n", "", true},                   // exit 2, silent
	{"fn-or2-loud.sh", "main() {\n  \"$(dirname \"$0\")/loud1.sh\" || return 2\n  return 0\n}\nmain \"$@\"\n", "", false}, // exit 2, "no rm -rf"
	{"fn-ret-loud.sh", "main() {\n  \"$(dirname \"$0\")/loud.sh\"\n  return $?\n}\nmain \"$@\"\n", "", false},             // exit 2, "no rm -rf"
	{"fn-ret-fails.sh", "main() {\n  \"$(dirname \"$0\")/fails.sh\"\n  return $?\n}\nmain \"$@\"\n", "", false},           // exit 1
	{"fn-then.sh", "main() {\n  \"$(dirname \"$0\")/check.sh\"\n}\nmain \"$@\"\necho done\n", "", false},                  // exit 0: echo's
	{"fn-says.sh", "main() {\n  echo checking >&2\n  \"$(dirname \"$0\")/check.sh\"\n}\nmain \"$@\"\n", "", false},        // exit 2, "checking"
	{"fn-trap.sh", "main() {\n  \"$(dirname \"$0\")/loud.sh\"\n}\ntrap main EXIT\nmain \"$@\"\n", "", false},              // exit 2, "no rm -rf" twice
	// QA: a catch-all arm after arms for other codes runs on the
	// helper's failures they do not list.
	{"case-other.sh", "\"$(dirname \"$0\")/fails.sh\"\ncase $? in 0) exit 0;; 3) exit 1;; *) exit 2;; esac\n", "", true},    // exit 2, silent
	{"case-three.sh", "\"$(dirname \"$0\")/fails3.sh\"\ncase $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac\n", "", true},   // exit 2, silent
	{"case-listed.sh", "\"$(dirname \"$0\")/fails.sh\"\ncase $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac\n", "", false},  // exit 1
	{"case-other-l.sh", "\"$(dirname \"$0\")/loud1.sh\"\ncase $? in 0) exit 0;; 3) exit 1;; *) exit 2;; esac\n", "", false}, // exit 2, "no rm -rf"
	{"case-other-c.sh", "", "./.claude/hooks/fails.sh; case $? in 0) exit 0;; 3) exit 1;; *) exit 2;; esac", true},          // exit 2, silent
	{"case-listed-c.sh", "", "./.claude/hooks/fails.sh; case $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac", false},        // exit 1
	{"case-pair.sh", "\"$(dirname \"$0\")/fails3.sh\"\ncase $? in 0) exit 0;; 2|3) exit 2;; esac\n", "", true},              // exit 2, silent: 3 listed beside 2
	// QA: a negated call turning the helper's failure into exit 2, then
	// exit 0, at a script's end (read in a command, not in a script).
	{"not-and.sh", "! \"$(dirname \"$0\")/fails.sh\" && exit 2\nexit 0\n", "", true},    // exit 2, silent
	{"not-and-l.sh", "! \"$(dirname \"$0\")/loud1.sh\" && exit 2\nexit 0\n", "", false}, // exit 2, "no rm -rf"
	{"if-not.sh", "if ! ./.claude/hooks/fails.sh; then exit 2; fi\nexit 0\n", "", true}, // exit 2, silent
	// QA regression: an arm for 2 that also runs on success.
	{"case02.sh", "\"$(dirname \"$0\")/check.sh\"\ncase $? in 0|2) exit 2;; esac\n", "", true}, // exit 2, silent
	{"case02-c.sh", "", "./.claude/hooks/check.sh; case $? in 0|2) exit 2;; esac", true},       // exit 2, silent
	// QA regression: a prerequisite failing silently before the call
	// (exit 1) left the arms that pass the helper's exit 2 on unread.
	{"pre-pair.sh", "command -v jq >/dev/null || exit 1\n\"$(dirname \"$0\")/check.sh\"\ncase $? in 0) exit 0;; 2|3) exit 2;; esac\n", "", true},             // exit 2, silent
	{"pre-star.sh", "command -v jq >/dev/null || exit 1\n\"$(dirname \"$0\")/check.sh\"\ncase $? in 0) exit 0;; 3) exit 1;; *) exit 2;; esac\n", "", true},   // exit 2, silent
	{"pre-pair-l.sh", "command -v jq >/dev/null || exit 1\n\"$(dirname \"$0\")/loud.sh\"\ncase $? in 0) exit 0;; 2|3) exit 2;; esac\n", "", false},           // exit 2, "no rm -rf"
	{"pre-muted.sh", "command -v jq >/dev/null || exit 1\n\"$(dirname \"$0\")/loud.sh\" 2>/dev/null\ncase $? in 0) exit 0;; 2|3) exit 2;; esac\n", "", true}, // exit 2, silent
	// QA: the call after other commands on the script's last line.
	{"line-case.sh", "true; \"$(dirname \"$0\")/fails.sh\"; case $? in 0) exit 0;; *) exit 2;; esac\n", "", true},    // exit 2, silent
	{"line-case2.sh", "true; \"$(dirname \"$0\")/check.sh\"; case $? in 2) exit 2;; esac\n", "", true},               // exit 2, silent
	{"line-or2.sh", "true; : ok; \"$(dirname \"$0\")/fails.sh\" || exit 2\n", "", true},                              // exit 2, silent
	{"line-case-l.sh", "true; \"$(dirname \"$0\")/loud1.sh\"; case $? in 0) exit 0;; *) exit 2;; esac\n", "", false}, // exit 2, "no rm -rf"
	{"line-says.sh", "echo checking >&2; \"$(dirname \"$0\")/fails.sh\" || exit 2\n", "", false},                     // exit 2, "checking"
	{"line-case-c.sh", "", "true; ./.claude/hooks/fails.sh; case $? in 0) exit 0;; *) exit 2;; esac", true},          // exit 2, silent
	// QA: an empty arm falling through (;&) or testing on (bash's ;;&),
	// and 1|*, a catch-all.
	{"case-ft.sh", "\"$(dirname \"$0\")/fails.sh\"\ncase $? in 0) exit 0;; 1) ;& 2) exit 2;; esac\n", "", true},     // exit 2, silent
	{"case-ft3.sh", "\"$(dirname \"$0\")/fails3.sh\"\ncase $? in 0) exit 0;; 1) ;& 2) exit 2;; esac\n", "", false},  // exit 3: no arm
	{"case-ft-l.sh", "\"$(dirname \"$0\")/loud1.sh\"\ncase $? in 0) exit 0;; 1) ;& 2) exit 2;; esac\n", "", false},  // exit 2, "no rm -rf"
	{"case-ftt.sh", "\"$(dirname \"$0\")/fails.sh\"\ncase $? in 0) exit 0;; 1) : ;;& *) exit 2;; esac\n", "", true}, // exit 2, silent
	{"case-any.sh", "\"$(dirname \"$0\")/fails.sh\"\ncase $? in 0) exit 0;; 1|*) exit 2;; esac\n", "", true},        // exit 2, silent
	// QA: main && exit 0 ending the script, main's status otherwise the
	// script's; main's stderr sent away by its call or its group.
	{"and0.sh", "main() {\n  if grep -q \"rm -rf\"; then\n    return 2\n  fi\n  return 0\n}\nmain && exit 0\n", "", true},                                // exit 2, silent
	{"and0-loud.sh", "main() {\n  if grep -q \"rm -rf\"; then\n    echo no >&2\n    return 2\n  fi\n  return 0\n}\nmain && exit 0\n", "", false},         // exit 2, "no"
	{"mute-call.sh", "main() {\n  if grep -q \"rm -rf\"; then\n    echo no >&2\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" 2>/dev/null\n", "", true}, // exit 2, silent
	{"mute-group.sh", "main() {\n  if grep -q \"rm -rf\"; then\n    echo no >&2\n    return 2\n  fi\n  return 0\n}\n{ main; } 2>/dev/null\n", "", true},  // exit 2, silent
	{"mute-log.sh", "main() {\n  if grep -q \"rm -rf\"; then\n    echo no >&2\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" >/dev/null\n", "", false},  // exit 2, "no"
	{"mute-prints.sh", "main() {\n  if grep -q \"rm -rf\"; then\n    echo no\n    return 2\n  fi\n  return 0\n}\nmain \"$@\" >&2\n", "", false},          // exit 2, "no"
	// QA: arithmetic of integer literals that gives 2; command -p and
	// builtin before exit.
	{"arith-old.sh", "grep -q \"rm -rf\" && exit $[2]\nexit 0\n", "", true},                                // exit 2, silent
	{"arith-hex.sh", "grep -q \"rm -rf\" && exit $((0x2))\nexit 0\n", "", true},                            // exit 2, silent
	{"arith-sum.sh", "grep -q \"rm -rf\" && exit $((1+1))\nexit 0\n", "", true},                            // exit 2, silent
	{"arith-blank.sh", "grep -q \"rm -rf\" && exit $(( 2 ))\nexit 0\n", "", true},                          // exit 2, silent
	{"arith-oct.sh", "grep -q \"rm -rf\" && exit $((02))\nexit 0\n", "", true},                             // exit 2, silent
	{"arith-three.sh", "grep -q \"rm -rf\" && exit $((1+2))\nexit 0\n", "", false},                         // exit 3
	{"arith-old3.sh", "grep -q \"rm -rf\" && exit $[1+2]\nexit 0\n", "", false},                            // exit 3
	{"cmd-p.sh", "grep -q \"rm -rf\" && command -p exit 2\nexit 0\n", "", true},                            // exit 2, silent
	{"builtin.sh", "grep -q \"rm -rf\" && builtin exit 2\nexit 0\n", "", true},                             // exit 2, silent
	{"cmd-p-loud.sh", "grep -q \"rm -rf\" && { echo no >&2; command -p exit 2; }\nexit 0\n", "", false},    // exit 2, "no"
	{"case-any-c.sh", "", "./.claude/hooks/fails.sh; case $? in 0) exit 0;; 1) ;& 2) exit 2;; esac", true}, // exit 2, silent
	// QA: the if ! form with the call in double quotes around a
	// command substitution, its own quotes inside.
	{"if-not-q.sh", "if ! \"$(dirname \"$0\")/fails.sh\"; then exit 2; fi\nexit 0\n", "", true},                                           // exit 2, silent
	{"if-not-sub.sh", "if ! \"$(dirname \"$0\")/fails.sh\"; then why=\"$(echo \"rm -rf\")\"; exit 2; fi\nexit 0\n", "", true},             // exit 2, silent
	{"if-not-q-l.sh", "if ! \"$(dirname \"$0\")/loud1.sh\"; then exit 2; fi\nexit 0\n", "", false},                                        // exit 2, "no rm -rf"
	{"if-not-q-s.sh", "if ! \"$(dirname \"$0\")/fails.sh\"; then echo \"blocked: $(date \"+%T\")\" >&2; exit 2; fi\nexit 0\n", "", false}, // exit 2, "blocked: …"
	// QA: a cd into the project or the script's own folder, || exit 1,
	// before the call; not one elsewhere.
	{"cd-up.sh", "cd \"$(dirname \"$0\")/../..\" || exit 1\n./.claude/hooks/check.sh\n", "", true},                       // exit 2, silent
	{"cd-up-or2.sh", "cd \"$(dirname \"$0\")/../..\" || exit 1\n./.claude/hooks/fails.sh || exit 2\nexit 0\n", "", true}, // exit 2, silent
	{"cd-var.sh", "cd \"$CLAUDE_PROJECT_DIR\" || exit 1\n./.claude/hooks/check.sh\n", "", true},                          // exit 2, silent
	{"cd-here.sh", "cd \"$(dirname \"$0\")\" || exit 1\n./check.sh\n", "", true},                                         // exit 2, silent
	{"cd-here-or2.sh", "cd -- \"$(dirname \"$0\")\" || exit 1\n./fails.sh || exit 2\nexit 0\n", "", true},                // exit 2, silent
	{"cd-up-l.sh", "cd \"$(dirname \"$0\")/../..\" || exit 1\n./.claude/hooks/loud.sh\n", "", false},                     // exit 2, "no rm -rf"
	{"cd-here-l.sh", "cd \"$(dirname \"$0\")\" || exit 1\n./loud.sh\n", "", false},                                       // exit 2, "no rm -rf"
	{"cd-set.sh", "set -euo pipefail\ncd \"$(dirname \"$0\")/../..\"\n./.claude/hooks/check.sh\n", "", true},             // exit 2, silent
	{"cd-set-l.sh", "set -euo pipefail\ncd \"$(dirname \"$0\")/../..\"\n./.claude/hooks/loud.sh\n", "", false},           // exit 2, "no rm -rf"
	{"cd-else.sh", "cd /tmp || exit 1\n./.claude/hooks/check.sh\n", "", false},                                           // exit 127, "No such file"
	{"cd-here-dir.sh", "cd \"$(dirname \"$0\")\" || exit 1\n\"$(dirname \"$0\")/check.sh\"\n", "", false},                // exit 127: $0 is relative
	// QA: the helper's success turned into exit 2.
	{"and2.sh", "\"$(dirname \"$0\")/isdanger.sh\" && exit 2\nexit 0\n", "", true},                          // exit 2, silent
	{"and2-l.sh", "\"$(dirname \"$0\")/isdanger-l.sh\" && exit 2\nexit 0\n", "", false},                     // exit 2, "rm -rf found"
	{"and2-m.sh", "\"$(dirname \"$0\")/isdanger-l.sh\" 2>/dev/null && exit 2\nexit 0\n", "", true},          // exit 2, silent
	{"and2-says.sh", "echo checking >&2\n\"$(dirname \"$0\")/isdanger.sh\" && exit 2\nexit 0\n", "", false}, // exit 2, "checking"
	{"and2-c.sh", "", "./.claude/hooks/isdanger.sh && exit 2; exit 0", true},                                // exit 2, silent
	{"and2-c-l.sh", "", "./.claude/hooks/isdanger-l.sh && exit 2; exit 0", false},                           // exit 2, "rm -rf found"
	{"and2-c-m.sh", "", "./.claude/hooks/isdanger-l.sh 2>/dev/null && exit 2; exit 0", true},                // exit 2, silent
	{"and2-c-o.sh", "", "./.claude/hooks/isdanger.sh && echo ok; exit 0", false},                            // exit 0
	// QA: the same success turned into exit 2 by an if, in a script
	// (on one line or several) and in a hook's command.
	{"if-ok.sh", "if \"$(dirname \"$0\")/isdanger.sh\"; then exit 2; fi\nexit 0\n", "", true},                      // exit 2, silent
	{"if-ok-ml.sh", "if \"$(dirname \"$0\")/isdanger.sh\"\nthen\n  exit 2\nfi\nexit 0\n", "", true},                // exit 2, silent
	{"if-ok-l.sh", "if \"$(dirname \"$0\")/isdanger-l.sh\"; then exit 2; fi\nexit 0\n", "", false},                 // exit 2, "rm -rf found"
	{"if-ok-m.sh", "if \"$(dirname \"$0\")/isdanger-l.sh\" 2>/dev/null; then exit 2; fi\nexit 0\n", "", true},      // exit 2, silent
	{"if-ok-s.sh", "if \"$(dirname \"$0\")/isdanger.sh\"; then echo blocked >&2; exit 2; fi\nexit 0\n", "", false}, // exit 2, "blocked"
	{"if-ok-c.sh", "", "if ./.claude/hooks/isdanger.sh; then exit 2; fi", true},                                    // exit 2, silent
	{"if-ok-c0.sh", "", "if ./.claude/hooks/isdanger.sh; then exit 2; fi; exit 0", true},                           // exit 2, silent
	{"if-ok-c-l.sh", "", "if ./.claude/hooks/isdanger-l.sh; then exit 2; fi", false},                               // exit 2, "rm -rf found"
	{"if-ok-c-m.sh", "", "if ./.claude/hooks/isdanger-l.sh 2>/dev/null; then exit 2; fi", true},                    // exit 2, silent
	{"if-ok-c-o.sh", "", "if ./.claude/hooks/isdanger.sh; then echo ok; fi", false},
	{"if-grep.sh", "if grep -q \"rm -rf\"; then exit 2; fi\nexit 0\n", "", true}, // exit 2, silent: no helper, read as before                                // exit 0
	// QA: the call's failure tested by an elif after a branch that
	// only exits 0.
	{"elif.sh", "if [ -z \"$HOME\" ]; then exit 0\nelif ! \"$(dirname \"$0\")/fails.sh\"; then exit 2; fi\nexit 0\n", "", true},                   // exit 2, silent
	{"elif-plain.sh", "if [ -z \"$HOME\" ]; then exit 0\nelif ! .claude/hooks/fails.sh; then exit 2; fi\nexit 0\n", "", true},                     // exit 2, silent
	{"elif-lines.sh", "if [ -z \"$HOME\" ]; then\n  exit 0\nelif ! \"$(dirname \"$0\")/fails.sh\"; then\n  exit 2\nfi\nexit 0\n", "", true},       // exit 2, silent
	{"elif-l.sh", "if [ -z \"$HOME\" ]; then exit 0\nelif ! \"$(dirname \"$0\")/loud1.sh\"; then exit 2; fi\nexit 0\n", "", false},                // exit 2, "no rm -rf"
	{"elif-s.sh", "if [ -z \"$HOME\" ]; then exit 0\nelif ! \"$(dirname \"$0\")/fails.sh\"; then echo no >&2; exit 2; fi\nexit 0\n", "", false},   // exit 2, "no"
	{"elif-w.sh", "if [ -n \"$HOME\" ]; then echo skip >&2; exit 0\nelif ! \"$(dirname \"$0\")/fails.sh\"; then exit 2; fi\nexit 0\n", "", false}, // exit 0, "skip"
	// QA: the payload piped into the helper by cat, as in a hook's
	// command.
	{"pipe.sh", "cat | \"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", true},        // exit 2, silent
	{"pipe-plain.sh", "cat | .claude/hooks/fails.sh || exit 2\nexit 0\n", "", true},          // exit 2, silent
	{"pipe-end.sh", "cat | \"$(dirname \"$0\")/fails.sh\" || exit 2\n", "", true},            // exit 2, silent
	{"pipe-ok.sh", "cat | \"$(dirname \"$0\")/isdanger.sh\" && exit 2\nexit 0\n", "", true},  // exit 2, silent
	{"pipe-l.sh", "cat | \"$(dirname \"$0\")/loud1.sh\" || exit 2\nexit 0\n", "", false},     // exit 2, "no rm -rf"
	{"pipe-s.sh", "cat >&2 | \"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", false}, // exit 0, the payload on stderr
	{"pipe-tail.sh", "\"$(dirname \"$0\")/fails.sh\" | cat || exit 2\nexit 0\n", "", false},  // exit 0: cat's
	// QA: a function's one-line body and its call on one line.
	{"fn-one.sh", "main(){ \"$(dirname \"$0\")/fails.sh\" || return 2; }; main \"$@\"\n", "", true},                  // exit 2, silent
	{"fn-one-ret.sh", "main() { \"$(dirname \"$0\")/check.sh\"; return $?; }; main \"$@\"\n", "", true},              // exit 2, silent
	{"fn-one-l.sh", "main(){ \"$(dirname \"$0\")/loud1.sh\" || return 2; }; main \"$@\"\n", "", false},               // exit 2, "no rm -rf"
	{"fn-one-then.sh", "main(){ \"$(dirname \"$0\")/fails.sh\" || return 2; }; main \"$@\"; echo done\n", "", false}, // exit 0: echo's
	// QA: a function called last in the function called last.
	{"fn-deep.sh", "validate() {\n  grep -q \"rm -rf\" && return 2\n  return 0\n}\nmain() {\n  validate \"$@\"\n}\nmain \"$@\"\n", "", true},                                   // exit 2, silent
	{"fn-deep2.sh", "check() { grep -q \"rm -rf\" && return 2; return 0; }\nvalidate() { check; }\nmain() {\n  local x=1\n  validate \"$@\"\n}\nmain \"$@\"\n", "", true},      // exit 2, silent
	{"fn-deep-l.sh", "validate() {\n  grep -q \"rm -rf\" && { echo no >&2; return 2; }\n  return 0\n}\nmain() {\n  validate \"$@\"\n}\nmain \"$@\"\n", "", false},              // exit 2, "no"
	{"fn-deep-says.sh", "validate() {\n  grep -q \"rm -rf\" && return 2\n  return 0\n}\nmain() {\n  echo checking >&2\n  validate \"$@\"\n}\nmain \"$@\"\n", "", false},        // exit 2, "checking"
	{"fn-deep-then.sh", "validate() {\n  grep -q \"rm -rf\" && return 2\n  return 0\n}\nmain() {\n  validate \"$@\"\n  echo done\n}\nmain \"$@\"\n", "", false},                // exit 0: echo's
	{"fn-deep-if.sh", "validate() {\n  grep -q \"rm -rf\" && return 2\n  return 0\n}\nmain() {\n  if true; then validate \"$@\"; fi\n  return 0\n}\nmain \"$@\"\n", "", false}, // exit 0
	{"fn-deep-h.sh", "validate() {\n  \"$(dirname \"$0\")/fails.sh\" || return 2\n}\nmain() {\n  validate \"$@\"\n}\nmain \"$@\"\n", "", true},                                 // exit 2, silent
	{"fn-deep-h-l.sh", "validate() {\n  \"$(dirname \"$0\")/loud1.sh\" || return 2\n}\nmain() {\n  validate \"$@\"\n}\nmain \"$@\"\n", "", false},                              // exit 2, "no rm -rf"
	// QA: a helper failing by its last command, grep's 1 (its 2 comes
	// with a message), and arms passing other codes on; not grep -s.
	{"g-case2.sh", "\"$(dirname \"$0\")/nomatch.sh\"\ncase $? in 2) exit 2;; esac\n", "", false},
	{"g-case23.sh", "\"$(dirname \"$0\")/nomatch.sh\"\ncase $? in 0) exit 0;; 2|3) exit 2;; esac\n", "", false},
	{"g-star.sh", "\"$(dirname \"$0\")/nomatch.sh\"\ncase $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac\n", "", false},
	{"g-test.sh", "\"$(dirname \"$0\")/nomatch.sh\"\n[ $? -eq 2 ] && exit 2\nexit 0\n", "", false},
	{"g-c-case2.sh", "", "./.claude/hooks/nomatch.sh; case $? in 2) exit 2;; esac", false},
	{"g-c-star.sh", "", "./.claude/hooks/nomatch.sh; case $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac", false},
	{"g-c-test.sh", "", "./.claude/hooks/nomatch.sh; [ $? -eq 2 ] && exit 2; exit 0", false},
	{"g-fail.sh", "\"$(dirname \"$0\")/nomatch.sh\" || exit 2\n", "", true},
	{"g-s-star.sh", "\"$(dirname \"$0\")/grep-s.sh\"\ncase $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac\n", "", true},
	{"g-s-c-star.sh", "", "./.claude/hooks/grep-s.sh; case $? in 0) exit 0;; 1) exit 1;; *) exit 2;; esac", true},
	// QA: the folder by backquotes inside double quotes, $0 in quotes
	// inside them (bash 5.2 reads it quoted).
	{"bq.sh", "\"`dirname \"$0\"`/fails.sh\" || exit 2\nexit 0\n", "", true},        // exit 2, silent
	{"bq-l.sh", "\"`dirname \"$0\"`/loud1.sh\" || exit 2\nexit 0\n", "", false},     // exit 2, "no rm -rf"
	{"bq-tail.sh", "\"`dirname \"$0\"`/check.sh\"\n", "", true},                     // exit 2, silent
	{"bq-tail-l.sh", "\"`dirname \"$0\"`/loud.sh\"\n", "", false},                   // exit 2, "no rm -rf"
	{"bq-other.sh", "\"`dirname \"$1\"`/fails.sh\" || exit 2\nexit 0\n", "", false}, // exit 2, "No such file": $1 is no folder of it
	// QA: the call in a subshell, whose status is the helper's.
	{"sub.sh", "( \"$(dirname \"$0\")/fails.sh\" ) || exit 2\nexit 0\n", "", true},                          // exit 2, silent
	{"sub-tail.sh", "(\"$(dirname \"$0\")/check.sh\")\n", "", true},                                         // exit 2, silent
	{"sub-mute.sh", "( \"$(dirname \"$0\")/loud1.sh\" ) 2>/dev/null || exit 2\nexit 0\n", "", true},         // exit 2, silent
	{"sub-l.sh", "( \"$(dirname \"$0\")/loud1.sh\" ) || exit 2\nexit 0\n", "", false},                       // exit 2, "no rm -rf"
	{"sub-says.sh", "( echo checking >&2; \"$(dirname \"$0\")/fails.sh\" ) || exit 2\nexit 0\n", "", false}, // exit 2, "checking"
	{"sub-src.sh", "( source \"$(dirname \"$0\")/lib-check.sh\" )\ncheck\n", "", false},                     // exit 127: check defined in the subshell alone
	{"sub-c.sh", "", "( ./.claude/hooks/fails.sh ) || exit 2", true},                                        // exit 2, silent
	{"sub-c-l.sh", "", "( ./.claude/hooks/loud1.sh ) || exit 2", false},                                     // exit 2, "no rm -rf"
	// QA: a cd into the project or the script's folder, && the call,
	// || exit 2, on one line: a failing cd says why on stderr.
	{"cd-and.sh", "cd \"$CLAUDE_PROJECT_DIR\" && ./.claude/hooks/fails.sh || exit 2\nexit 0\n", "", true},    // exit 2, silent
	{"cd-and-here.sh", "cd \"$(dirname \"$0\")\" && ./fails.sh || exit 2\nexit 0\n", "", true},               // exit 2, silent
	{"cd-and-tail.sh", "cd \"$(dirname \"$0\")/../..\" && ./.claude/hooks/check.sh\n", "", true},             // exit 2, silent
	{"cd-and-l.sh", "cd \"$CLAUDE_PROJECT_DIR\" && ./.claude/hooks/loud1.sh || exit 2\nexit 0\n", "", false}, // exit 2, "no rm -rf"
	{"cd-and-here-l.sh", "cd \"$(dirname \"$0\")\" && ./loud1.sh || exit 2\nexit 0\n", "", false},            // exit 2, "no rm -rf"
	{"cd-and-else.sh", "cd /tmp && ./.claude/hooks/fails.sh || exit 2\nexit 0\n", "", false},                 // exit 2, "No such file"
	{"cd-and-c.sh", "", "cd \"$CLAUDE_PROJECT_DIR\" && ./.claude/hooks/fails.sh || exit 2", true},            // exit 2, silent
	// QA: an elif after a first branch that exits non-zero (a failure
	// that blocks nothing), and one that runs.
	{"elif1.sh", "if [ -z \"$HOME\" ]; then exit 1; elif ! \"$(dirname \"$0\")/fails.sh\"; then exit 2; fi\nexit 0\n", "", true},                 // exit 2, silent
	{"elif1-lines.sh", "if [ -z \"$HOME\" ]; then\n  exit 1\nelif ! \"$(dirname \"$0\")/fails.sh\"; then\n  exit 2\nfi\nexit 0\n", "", true},     // exit 2, silent
	{"elif1-l.sh", "if [ -z \"$HOME\" ]; then exit 1; elif ! \"$(dirname \"$0\")/loud1.sh\"; then exit 2; fi\nexit 0\n", "", false},              // exit 2, "no rm -rf"
	{"elif1-s.sh", "if [ -z \"$HOME\" ]; then exit 1; elif ! \"$(dirname \"$0\")/fails.sh\"; then echo no >&2; exit 2; fi\nexit 0\n", "", false}, // exit 2, "no"
	{"pre-fail.sh", "[ -n \"$HOME\" ] || exit 1\n\"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", true},                                  // exit 2, silent
	{"pre-fail-l.sh", "[ -n \"$HOME\" ] || exit 1\n\"$(dirname \"$0\")/loud1.sh\" || exit 2\nexit 0\n", "", false},                               // exit 2, "no rm -rf"
	{"pre-fail-says.sh", "echo checking >&2\n[ -n \"$HOME\" ] || exit 1\n\"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", false},         // exit 2, "checking"
	// QA: a trap set before the call; one that writes nothing leaves
	// the exits as they were, one that writes makes every exit loud,
	// one on other signals never runs on a normal exit, one that exits
	// sets the script's code.
	{"trap-rm.sh", "trap 'rm -f \"$tmp\"' EXIT\n\"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", true},                                 // exit 2, silent
	{"trap-tmp.sh", "tmp=\"${TMPDIR:-/tmp}/guard\"\ntrap 'rm -f \"$tmp\"' EXIT\n\"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", true}, // exit 2, silent
	{"trap-tail.sh", "trap 'rm -f \"$tmp\"' EXIT\n\"$(dirname \"$0\")/check.sh\"\n", "", true},                                                 // exit 2, silent
	{"trap-int.sh", "trap 'echo interrupted >&2' INT TERM\n\"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", true},                      // exit 2, silent
	{"trap-own.sh", "trap 'rm -f \"$tmp\"' EXIT\ngrep -q \"rm -rf\" && exit 2\nexit 0\n", "", true},                                            // exit 2, silent
	{"trap-says.sh", "trap 'echo blocked >&2' EXIT\n\"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", false},                            // exit 2, "blocked"
	{"trap-exit.sh", "trap 'exit 0' EXIT\n\"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", false},                                      // exit 0: the trap's
	{"trap-rm-l.sh", "trap 'rm -f \"$tmp\"' EXIT\n\"$(dirname \"$0\")/loud1.sh\" || exit 2\nexit 0\n", "", false},                              // exit 2, "no rm -rf"
	{"trap-fn.sh", "bye() { echo bye >&2; }\ntrap bye EXIT\n\"$(dirname \"$0\")/fails.sh\" || exit 2\nexit 0\n", "", false},                    // exit 2, "bye"
	{"trap-own-says.sh", "trap 'echo blocked >&2' EXIT\ngrep -q \"rm -rf\" && exit 2\nexit 0\n", "", false},                                    // exit 2, "blocked"
	{"trap-c.sh", "", "trap 'rm -f \"$tmp\"' EXIT; ./.claude/hooks/fails.sh || exit 2", true},                                                  // exit 2, silent
	{"trap-c-says.sh", "", "trap 'echo blocked >&2' EXIT; ./.claude/hooks/fails.sh || exit 2", false},                                          // exit 2, "blocked"
	{"trap-c-own-says.sh", "", "trap 'echo blocked >&2' EXIT; grep -q \"rm -rf\" && exit 2; exit 0", false},                                    // exit 2, "blocked"
	// QA: a loud die called after a compound whose stderr goes away
	// for other commands (and where it defines die, or a function
	// calling it, whose body then runs with the caller's stderr); not
	// one called inside it, or with its definition's own 2>/dev/null.
	{"die-a.sh", "die() { echo \"$1\" >&2; exit 2; }\n{ grep -q \"rm -rf\" 2>/dev/null; } ; die \"blocked\"\n", "", false},
	{"die-b.sh", "die() { echo \"$1\" >&2; exit 2; }\n{ grep -q \"rm -rf\" 2>/dev/null; die \"blocked\"; }\n", "", false},
	{"die-c.sh", "die() { echo \"$1\" >&2; exit 2; }\nif grep -q \"rm -rf\" 2>/dev/null; then die \"blocked\"; fi\nexit 0\n", "", false},
	{"die-j.sh", "die() { echo \"$1\" >&2; exit 2; }\ngrep -q \"rm -rf\" || exit 0\n{ jq -r .x; } 2>/dev/null; die \"blocked\"\n", "", false},
	{"die-k.sh", "die() { echo \"$1\" >&2; exit 2; }\nif grep -q \"rm -rf\"; then :; fi 2>/dev/null; die \"blocked\"\n", "", false},
	{"die-p.sh", "main() {\n  grep -q \"rm -rf\" || return 0\n  { jq -r .x; } 2>/dev/null; die \"blocked\"\n}\ndie() { echo \"$1\" >&2; exit 2; }\nmain \"$@\"\n", "", false},
	{"die-c1.sh", "", "die() { echo \"$1\" >&2; exit 2; }; { jq -r .x 2>/dev/null; } ; die \"blocked\"", false},
	{"die-c2.sh", "", "die() { echo \"$1\" >&2; exit 2; }; { jq -r .x; } 2>/dev/null; die \"blocked\"", false},
	{"die-q.sh", "{\n  die() { echo \"$1\" >&2; exit 2; }\n  jq -r .x\n} 2>/dev/null\ndie \"blocked\"\n", "", false},
	{"die-r.sh", "{ die() { echo \"$1\" >&2; exit 2; }; true; } 2>/dev/null\ngrep -q \"rm -rf\" && die \"blocked\"\nexit 0\n", "", false},
	{"die-s.sh", "if true; then\n  die() { echo \"$1\" >&2; exit 2; }\nfi 2>/dev/null\ngrep -q \"rm -rf\" && die \"blocked\"\nexit 0\n", "", false},
	{"die-t.sh", "", "{ die() { echo \"$1\" >&2; exit 2; }; } 2>/dev/null; grep -q \"rm -rf\" && die \"blocked\"; exit 0", false},
	{"die-u.sh", "die() { echo \"$1\" >&2; exit 2; }\n{\n  deny() { die \"blocked\"; }\n} 2>/dev/null\ngrep -q \"rm -rf\" && deny\nexit 0\n", "", false},
	{"die-v.sh", "die() { echo \"$1\" >&2; exit 2; } 2>/dev/null\ngrep -q \"rm -rf\" && die \"blocked\"\nexit 0\n", "", true},
	{"die-w.sh", "die() { echo \"$1\" >&2; exit 2; }\ndeny() { { die \"blocked\"; } 2>/dev/null; }\ngrep -q \"rm -rf\" && deny\nexit 0\n", "", true},
	{"die-i.sh", "die() { echo \"$1\" >&2; exit 2; }\ngrep -q \"rm -rf\" && { die \"blocked\"; } 2>/dev/null\nexit 0\n", "", true},
}

// TestSilentExitRows reads each of silentExitRows.
func TestSilentExitRows(t *testing.T) {
	fsys := fstest.MapFS{}
	for name, body := range qaHelpers {
		fsys[".claude/hooks/"+name] = &fstest.MapFile{Data: []byte("#!/bin/bash\n" + body), Mode: 0o755}
	}
	for _, r := range silentExitRows {
		fsys[".claude/hooks/"+r.name] = &fstest.MapFile{Data: []byte("#!/bin/bash\n" + r.script), Mode: 0o755}
	}
	scripts := &Scripts{FS: fsys}
	for _, r := range silentExitRows {
		m := &canonical.Manifest{Hooks: []canonical.Hook{{
			Event: "before_tool_execute", Blocking: true,
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: r.run()},
		}}}
		if got := len(silentExits(m, nil, "claude-code", "codex", scripts)) > 0; got != r.want {
			t.Errorf("%s: silentExits = %v, want %v", r.name, got, r.want)
		}
	}
}

// run is the row's hook command.
func (r silentExitRow) run() string {
	if r.command != "" {
		return r.command
	}
	return "./.claude/hooks/" + r.name
}

// TestSilentExitRowsInBash runs each of silentExitRows in bash, on a
// payload naming rm -rf, and checks that it exits 2 with nothing on
// stderr exactly where the row says HC431 warns: the rows are what
// bash does, not what the reader was taught.
func TestSilentExitRowsInBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil || runtime.GOOS == "windows" {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	write := func(name, body string) {
		file := filepath.Join(dir, ".claude", "hooks", name)
		if err := os.MkdirAll(path.Dir(filepath.ToSlash(file)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte("#!/bin/bash\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range qaHelpers {
		write(name, body)
	}
	for _, r := range silentExitRows {
		write(r.name, r.script)
	}
	for _, r := range silentExitRows {
		cmd := exec.Command(bash, "-c", r.run())
		cmd.Dir = dir
		cmd.Stdin = bytes.NewBufferString(`{"tool_input":{"command":"rm -rf /"}}`)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if silent := code == 2 && stderr.Len() == 0; silent != r.want {
			t.Errorf("%s: bash exits %d, stderr %q: silent exit 2 %v, row says %v", r.name, code, stderr.String(), silent, r.want)
		}
	}
}

func TestWithoutOpeningCd(t *testing.T) {
	const own = "${CLAUDE_PROJECT_DIR}/.claude/hooks"
	for _, tc := range []struct{ text, want string }{
		{"cd \"" + own + "/../..\" || exit 1\n./.claude/hooks/check.sh\n", "./.claude/hooks/check.sh\n"},
		{"cd \"$CLAUDE_PROJECT_DIR\"\n./x.sh\n", "./x.sh\n"},
		{"\nset -euo pipefail\ncd \"" + own + "/../..\"\n./x.sh\n", "\nset -euo pipefail\n./x.sh\n"},
		{"set -e; echo hi\ncd \"$CLAUDE_PROJECT_DIR\"\n./x.sh\n", "set -e; echo hi\ncd \"$CLAUDE_PROJECT_DIR\"\n./x.sh\n"},
		{"cd \"$(git rev-parse --show-toplevel)\" || exit\n./x.sh\n", "./x.sh\n"},
		{"cd -- \"" + own + "\" || exit 1\n./check.sh || exit 2\n", own + "/check.sh || exit 2\n"},
		// QA: the cd, &&, then the call on one line; a failing cd says
		// why on stderr, so what the line runs then is loud.
		{"cd \"$CLAUDE_PROJECT_DIR\" && ./x.sh\n", "./x.sh\n"},
		{"cd \"$CLAUDE_PROJECT_DIR\" && ./x.sh || exit 2\nexit 0\n", "./x.sh || exit 2\nexit 0\n"},
		{"cd \"" + own + "\" && ./check.sh || exit 2\n", own + "/check.sh || exit 2\n"},
		// Left as they are: elsewhere, a relative path not by ./, the
		// own folder's spelling after a cd into it, a cd and more.
		{"cd /tmp || exit 1\n./check.sh\n", "cd /tmp || exit 1\n./check.sh\n"},
		{"cd \"" + own + "/..\"\n./check.sh\n", "cd \"" + own + "/..\"\n./check.sh\n"},
		{"cd \"" + own + "\"\nbash lib/check.sh\n", "cd \"" + own + "\"\nbash lib/check.sh\n"},
		{"cd \"" + own + "\"\n\"" + own + "/check.sh\"\n", "cd \"" + own + "\"\n\"" + own + "/check.sh\"\n"},
		{"cd \"$CLAUDE_PROJECT_DIRX\"\n./x.sh\n", "cd \"$CLAUDE_PROJECT_DIRX\"\n./x.sh\n"},
		{"cd /tmp && ./check.sh || exit 2\n", "cd /tmp && ./check.sh || exit 2\n"},
		{"cd \"$CLAUDE_PROJECT_DIR\" 2>/dev/null && ./x.sh || exit 2\n", "cd \"$CLAUDE_PROJECT_DIR\" 2>/dev/null && ./x.sh || exit 2\n"},
		{"cd \"$CLAUDE_PROJECT_DIR\" || ./x.sh\n", "cd \"$CLAUDE_PROJECT_DIR\" || ./x.sh\n"},
	} {
		if got := withoutOpeningCd(tc.text, ".claude/hooks", "CLAUDE_PROJECT_DIR"); got != tc.want {
			t.Errorf("withoutOpeningCd(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestWithoutLinePipelineHead(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"cat | check.sh || exit 2", "check.sh || exit 2"},
		{`cat | "$(dirname "$0")/check.sh" || exit 2`, `"$(dirname "$0")/check.sh" || exit 2`},
		{"cat | jq -c . | check.sh && exit 2", "check.sh && exit 2"},
		// Left as they are: no pipe, a head writing to stderr, a case
		// pattern's |, a |&.
		{"check.sh || exit 2", "check.sh || exit 2"},
		{"cat >&2 | check.sh || exit 2", "cat >&2 | check.sh || exit 2"},
		{"case $? in 0|2) exit 2;; esac", "case $? in 0|2) exit 2;; esac"},
		{"cat |& check.sh || exit 2", "cat |& check.sh || exit 2"},
	} {
		if got := withoutLinePipelineHead(tc.line); got != tc.want {
			t.Errorf("withoutLinePipelineHead(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestWithElifSplit(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"if [ -z \"$X\" ]; then exit 0\nelif ! check.sh; then exit 2; fi\nexit 0\n", "if [ -z \"$X\" ]; then exit 0\nfi\nif ! check.sh; then exit 2; fi\nexit 0\n"},
		{"if [ -z \"$X\" ]; then\n  exit\nelif ! check.sh; then\n  exit 2\nfi\n", "if [ -z \"$X\" ]; then\n  exit\nfi\nif ! check.sh; then\n  exit 2\nfi\n"},
		// QA: a first branch that exits non-zero, a failure that
		// blocks nothing: the elif's test runs only where it did not.
		{"if [ -z \"$X\" ]; then exit 1\nelif ! check.sh; then exit 2; fi\n", "if [ -z \"$X\" ]; then exit 1\nfi\nif ! check.sh; then exit 2; fi\n"},
		{"if [ -z \"$X\" ]; then exit 3; elif ! check.sh; then exit 2; fi\n", "if [ -z \"$X\" ]; then exit 3; fi\nif ! check.sh; then exit 2; fi\n"},
		// Left as they are: a first branch that does more or exits
		// by a variable's code, an else, a redirection after the fi.
		{"if [ -z \"$X\" ]; then exit $rc\nelif ! check.sh; then exit 2; fi\n", "if [ -z \"$X\" ]; then exit $rc\nelif ! check.sh; then exit 2; fi\n"},
		{"if [ -z \"$X\" ]; then echo skip; exit 0\nelif ! check.sh; then exit 2; fi\n", "if [ -z \"$X\" ]; then echo skip; exit 0\nelif ! check.sh; then exit 2; fi\n"},
		{"if check.sh; then exit 0\nelse exit 2; fi\n", "if check.sh; then exit 0\nelse exit 2; fi\n"},
		{"if [ -z \"$X\" ]; then exit 0\nelif ! check.sh; then exit 2; fi 2>/dev/null\n", "if [ -z \"$X\" ]; then exit 0\nelif ! check.sh; then exit 2; fi 2>/dev/null\n"},
		{"echo \"elif\"\n", "echo \"elif\"\n"},
	} {
		if got := withElifSplit(tc.text); got != tc.want {
			t.Errorf("withElifSplit(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestWithoutSubshell(t *testing.T) {
	for _, tc := range []struct{ command, want string }{
		{"( check.sh )", "check.sh"},
		{`("${CLAUDE_PROJECT_DIR}/check.sh" "$@")`, `"${CLAUDE_PROJECT_DIR}/check.sh" "$@"`},
		// Left as they are: no subshell, arithmetic, one not ending the
		// command; what a subshell holds is the caller's to read.
		{"check.sh", "check.sh"},
		{"(( x > 2 ))", "(( x > 2 ))"},
		{"( check.sh ) 2>/dev/null", "( check.sh ) 2>/dev/null"},
		{"(cd x; ./y)", "cd x; ./y"},
	} {
		if got := withoutSubshell(tc.command); got != tc.want {
			t.Errorf("withoutSubshell(%q) = %q, want %q", tc.command, got, tc.want)
		}
	}
}

func TestWithLastCallInlined(t *testing.T) {
	for _, tc := range []struct {
		text, want string
		ok         bool
	}{
		{"main() {\n  check.sh || return 2\n}\nmain \"$@\"\n", "\n\n  check.sh || exit   2\n\n", true},
		// QA: the body and the call on one line.
		{"main(){ check.sh || return 2; }; main \"$@\"\n", "\n check.sh || exit   2; \n", true},
		{"x=1\nmain() { check.sh; return $?; }; main\n", "x=1\n\n check.sh; exit   $?; \n", true},
		{"main(){ check.sh || return 2; }; echo hi; main \"$@\"\n", "", false},
		{"main(){ check.sh || return 2; }; trap main EXIT; main\n", "", false},
		{"main(){ check.sh || return 2; }; ! main\n", "", false},
	} {
		got, ok := withLastCallInlined(tc.text)
		if got != tc.want || ok != tc.ok {
			t.Errorf("withLastCallInlined(%q) = %q, %v, want %q, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
}
