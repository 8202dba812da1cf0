package hookconv

import (
	"slices"
	"strings"

	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
)

// What a script does that changes nothing about how it exits or what it
// writes to standard error, blanked before the exit is read (HC431):
// arithmetic and here-documents; and a return that is the script's exit,
// spelled so. Each keeps the text's length and its newlines, so offsets
// and line numbers hold.

// forExitReading returns text with its arithmetic commands and
// expansions, and the here-documents that feed a command literal text,
// blanked (shlex.WithoutArithmetic, shlex.WithoutHereDocuments), builtin before an
// exit or a return blanked (withoutBuiltinExit), its traps that change
// no exit spelled true (withoutQuietTraps), and the returns of the
// function its last command calls spelled exit
// (withLastCallReturnsAsExits).
func forExitReading(text string) string {
	if strings.Contains(text, "trap") {
		text = withoutQuietTraps(text)
	}
	text = withLastCallReturnsAsExits(withoutBuiltinExit(text))
	if strings.Contains(text, "$[") {
		text = shlex.WithOldArithmetic(text)
	}
	if !strings.Contains(text, "((") && !strings.Contains(text, "<<") {
		return text
	}
	return shlex.WithoutHereDocuments(shlex.WithoutArithmetic(text))
}

// trapCommand matches, in a text with its literal quotes blanked
// (shlex.WithoutLiteralQuotes), a trap command at a command's start: the
// command the first group, its action (a quoted word or a bare one) the
// second, the conditions it is set for (signals, EXIT, ERR, …) the
// third.
var trapCommand = lazy.Regexp(`(?m)(?:^|[;&|{(!]|\b(?:then|do|else))[ \t]*(trap[ \t]+(?:--[ \t]+)?('[^'\n]*'|"[^"\n]*"|[^\s;&|'"()<>` + "`" + `]+)((?:[ \t]+[A-Za-z0-9_+]+)+))[ \t]*(?:[;&|)\n]|$)`)

// quietTrapAction matches a trap's action that writes nothing to
// standard error and sets no exit code: nothing, - (the default again),
// or commands that only remove files quietly (rm -f "$tmp", rm -rf
// "$dir", true, :), the cleanup a guard sets; not rm -i, which asks on
// stderr, nor a command substitution, which may run anything.
var quietTrapAction = lazy.Regexp(`^[ \t]*(?:-|(?:(?:rm[ \t]+-[rRdv]*f[rRdv]*(?:[ \t]+--)?(?:[ \t]+[^\s;&|<>()` + "`" + `\\]+)+|true|:)[ \t]*(?:(?:;|&&|\|\|)[ \t]*|$))*)$`)

// withoutQuietTraps returns text with each trap (trapCommand) that
// changes nothing about how the script exits or what it writes to
// standard error spelled true and padded with blanks: one set only for
// signals, which do not come on a normal run (trap 'echo stop >&2' INT
// TERM), and one whose action writes nothing and sets no code
// (quietTrapAction: trap 'rm -f "$tmp"' EXIT: QA). Any other trap stays,
// a command the readers cannot see through (runsOtherPrograms): on EXIT,
// one writing a reason makes every exit loud (trap 'echo blocked >&2'
// EXIT) and one exiting sets the script's code (trap 'exit 0' EXIT); on
// ERR, DEBUG or RETURN it runs as the script goes.
func withoutQuietTraps(text string) string {
	var b []byte // a copy, made at the first change
	for _, m := range trapCommand().FindAllStringSubmatchIndex(shlex.WithoutLiteralQuotes(text), -1) {
		action := text[m[4]:m[5]]
		if len(action) >= 2 && (action[0] == '\'' || action[0] == '"') {
			action = action[1 : len(action)-1]
		}
		if !onlySignals(text[m[6]:m[7]]) && !quietTrapAction().MatchString(action) {
			continue
		}
		if b == nil {
			b = []byte(text)
		}
		n := copy(b[m[2]:m[3]], "true")
		shlex.Blank(b[m[2]+n : m[3]])
	}
	if b == nil {
		return text
	}
	return string(b)
}

// onlySignals reports whether a trap's conditions (its words after the
// action) are all signals, which a script running to its end never
// gets: not EXIT (or 0), ERR, DEBUG or RETURN, which bash runs the
// action on as the script goes or ends. Names are bash's, in any case,
// SIG before them or not.
func onlySignals(conditions string) bool {
	for _, c := range strings.Fields(conditions) {
		switch strings.TrimPrefix(strings.ToUpper(c), "SIG") {
		case "EXIT", "0", "ERR", "DEBUG", "RETURN":
			return false
		}
	}
	return true
}

// lastCallArgs matches what may follow the function call ending a script:
// plain words (main "$@"), then what passes its status on (; exit $?, or
// a bare exit, also after || (QA: main "$@" || exit $?)), and nothing
// that runs after it or changes its status (a pipe, a || running more, a
// redirection, a background &) but a simple command after && (QA: main
// "$@" && echo ok), which runs only where the function returned 0, its
// first word the first group: on any other code the script ends with
// the function's.
var lastCallArgs = lazy.Regexp(`^[A-Za-z_][\w-]*(?:[ \t]+[^;&|<>()\n` + "`" + `]*)?(?:[ \t]*&&[ \t]*([^;&|<>()\s` + "`" + `]+)(?:[^;&|()\n` + "`" + `]|[0-9]?>&[0-9])*|[ \t]*\|\|[ \t]*exit(?:[ \t]+` + passedStatus + `)?)?[ \t;]*(?:\n[ \t;]*)*(?:exit(?:[ \t]+` + passedStatus + `)?[ \t;]*\s*)?$`)

// andExitZero matches an exit 0 after && ending a line (main && exit
// 0): it runs where the function returned 0, and the script exits 0
// there as it would anyway (QA: main's return 2 went unread).
var andExitZero = lazy.Regexp(`&&[ \t]*exit(?:[ \t]+0+)?[ \t;]*(?:\n|$)`)

// passedStatus is the last status as an exit's argument: $?, "$?", ${?}.
const passedStatus = `(?:\$\?|"\$\?"|\$\{\?\}|"\$\{\?\}")`

// withLastCallReturnsAsExits returns text with each return in the body of
// the function its last command calls spelled exit (padded: "exit  "),
// when that is the function's only call (QA: main() { …; return 2; }
// then main "$@", the common idiom, went unread as an exit 2). The
// function's status is then the script's, and nothing runs after it: a
// return there ends the script with its code, as an exit would. A call
// negated, inside a compound or a function, or followed by anything but
// exit $? changes nothing; nor does a return in a subshell (which the
// shape does not count, and which ends only the subshell either way); a
// body that defines a function, which returns to it, is left whole. Linear in the
// text's length: one shape read, and one pass over its returns.
func withLastCallReturnsAsExits(text string) string {
	if !strings.Contains(text, "return") {
		return text // most scripts: no shape is read
	}
	plain := shlex.WithoutTrailingComments(shlex.WithoutLiteralQuotes(text)) // same length: the offsets hold
	sh, fn, last, ok := lastFunctionCall(plain)
	if !ok {
		return text
	}
	tail := plain[last:]
	if b := sh.blockOf(last); b >= 0 {
		// { main "$@"; } (QA): a group at the top level holding the
		// call alone is the call.
		g := sh.blocks[b]
		if plain[g.start] != '{' || sh.blockParent[b] >= 0 || strings.TrimSpace(plain[g.start+1:last]) != "" {
			return text
		}
		tail = strings.TrimRight(plain[last:g.end-1], " \t\n;") + plain[g.end:]
	}
	// main "$@" 2>/dev/null, { main; } 2>/dev/null (QA): the status is
	// the function's still, and what it writes goes where they say
	// (calledAway); not where its stdout goes to stderr, making what
	// it prints a reason.
	line, rest, _ := strings.Cut(tail, "\n")
	if at, out, _, ok := endingRedirects(line); ok && out != toStderr {
		tail = line[:at] + "\n" + rest
	}
	m := lastCallArgs().FindStringSubmatch(tail)
	if m == nil || m[1] == "return" || m[1] == "exit" && !andExitZero().MatchString(tail) {
		return text // main && exit 2: another exit on success
	}
	// A function defined inside the body, which the shape may not have
	// read as one (f(){ g(){ return 2; }; g; }), returns to it: left.
	if body := sh.bodies[fn]; mayDefineFunction(plain[body.start+1 : body.end]) {
		return text
	}
	tails := tailCalledFunctions(plain, sh, fn)
	var b []byte // a copy, made at the first change
	for _, at := range sh.anyReturns {
		if r := sh.regionOf(at); r != fn && !slices.Contains(tails, r) {
			continue
		}
		if b == nil {
			b = []byte(text)
		}
		copy(b[at:], "exit  ")
	}
	if b == nil {
		return text
	}
	return string(b)
}

// maxTailFunctions bounds the functions tailCalledFunctions follows
// down from the one a script calls last: main calling validate is one
// level, rarely two.
const maxTailFunctions = 3

// tailCalledFunctions returns the functions (their indexes in sh, the
// shape of plain) that function fn's body ends by calling, and so on
// down, up to maxTailFunctions: main() { validate "$@"; } (QA). Each one's
// status is its caller's, so where fn's is the script's, a return in it
// ends the script with its code. Only a call ending a { } body alone
// (calledFunction: its name, with "$@" or not), not negated, in no
// compound of the body, of a function called nowhere else and defining
// none; the chain stops at the first that is not.
func tailCalledFunctions(plain string, sh *scriptShape, fn int) []int {
	var tails []int
	for k := fn; len(tails) < maxTailFunctions; {
		body := sh.bodies[k]
		if plain[body.start] != '{' {
			return tails
		}
		next := -1
		for g, calls := range sh.calls {
			if len(calls) == 1 && sh.regionOf(calls[0]) == k {
				c := calls[0]
				if b := sh.blockOf(c); b >= 0 && sh.blocks[b] == body && !negatedCall(plain, c) &&
					calledFunction().MatchString(strings.TrimRight(plain[c:body.end-1], " \t\n;")) {
					next = g
				}
			}
		}
		if next < 0 || next == fn || slices.Contains(tails, next) {
			return tails
		}
		if b := sh.bodies[next]; mayDefineFunction(plain[b.start+1 : b.end]) {
			return tails
		}
		tails = append(tails, next)
		k = next
	}
	return tails
}

// lastFunctionCall reads plain (a shell text, its quotes and comments
// blanked) for the function its last command calls: the shape, the
// function's index in it and the call's offset, when that call is the
// function's only one, at the top level and not negated (! main, whose
// status is the opposite). Not ok otherwise.
func lastFunctionCall(plain string) (sh *scriptShape, fn, at int, ok bool) {
	sh = readShape(plain)
	at, fn = -1, -1
	for k, calls := range sh.calls {
		for _, c := range calls {
			if c > at {
				at, fn = c, k
			}
		}
	}
	if at < 0 || len(sh.calls[fn]) != 1 || sh.regionOf(at) >= 0 || negatedCall(plain, at) {
		return nil, 0, 0, false
	}
	return sh, fn, at, true
}

// negatedCall reports whether the command at offset at is negated (! f),
// whose status is then the opposite of the function's.
func negatedCall(plain string, at int) bool {
	i := at - 1
	for i >= 0 && (plain[i] == ' ' || plain[i] == '\t') {
		i--
	}
	return i >= 0 && plain[i] == '!'
}

// withoutBuiltinExit returns text with each builtin or command that
// opens a command running exit or return blanked: builtin exit 2 is exit
// 2 (QA: a guard ending so went unread, builtin taken for a program), and
// so is command exit 2 (QA round 3), and command -p exit 2 (QA). One
// pass for each word.
func withoutBuiltinExit(text string) string {
	return withoutWordBeforeExit(withoutWordBeforeExit(text, "builtin"), "command")
}

// withoutWordBeforeExit returns text with word blanked where it opens a
// command running exit or return (word exit 2).
func withoutWordBeforeExit(text, word string) string {
	if !strings.Contains(text, word) {
		return text
	}
	var b []byte // a copy, made at the first change
	for i := strings.Index(text, word); i >= 0; {
		end := i + len(word)
		rest := strings.TrimLeft(text[end:], " \t")
		if word == "command" && strings.HasPrefix(rest, "-p") && len(rest) > 2 && (rest[2] == ' ' || rest[2] == '\t') {
			// command -p exit 2 (QA): -p sets only where programs
			// are looked for; exit is the builtin still.
			end = len(text) - len(rest) + 2
			rest = strings.TrimLeft(rest[2:], " \t")
		}
		if len(rest) < len(text)-end && shlex.AtCommandWord(text, i) {
			for _, w := range []string{"exit", "return"} {
				if strings.HasPrefix(rest, w) && (len(rest) == len(w) || !shlex.IsNameByte(rest[len(w)])) {
					if b == nil {
						b = []byte(text)
					}
					for j := i; j < end; j++ {
						b[j] = ' '
					}
				}
			}
		}
		next := strings.Index(text[end:], word)
		if next < 0 {
			break
		}
		i = end + next
	}
	if b == nil {
		return text
	}
	return string(b)
}
