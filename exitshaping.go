package hookconv

import (
	"slices"
	"strconv"
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
// blanked (withoutArithmetic, withoutHereDocuments), builtin before an
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
		text = withOldArithmetic(text)
	}
	if !strings.Contains(text, "((") && !strings.Contains(text, "<<") {
		return text
	}
	return withoutHereDocuments(withoutArithmetic(text))
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
		blank(b[m[2]+n : m[3]])
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

// withoutArithmetic returns text with each arithmetic command (( n > 3 ))
// spelled true, and each expansion $(( n + 1 )) spelled 0 (one of integer
// literals alone, $(( 2 )), $((1+1)), $((0x2)), its value, as the shell
// keeps an exit's code: exit $((1+1)) exits 2, QA; literalArithmetic),
// padded with blanks: neither runs a program nor writes anything, and
// the reader would take their ( ) for subshells and their > for a
// redirection. Nothing naming a variable is evaluated.
// Only an arithmetic on one line, with no command substitution, quote
// or ; inside, is blanked; anything else stays for opaque to refuse.
func withoutArithmetic(text string) string {
	var b []byte // a copy, made at the first change
	for i := 0; i+1 < len(text); i++ {
		if text[i] != '(' || text[i+1] != '(' {
			continue
		}
		expansion := i > 0 && text[i-1] == '$'
		if !expansion && !atCommandWord(text, i) {
			continue
		}
		end := arithmeticEnd(text, i)
		if end < 0 {
			continue
		}
		if b == nil {
			b = []byte(text)
		}
		from, word := i, "true"
		if expansion {
			from, word = i-1, "0"
			if v, ok := literalArithmetic(text[i+2 : end-2]); ok {
				word = v
			}
		} else {
			// The variables it sets stay named, as true's arguments:
			// C=2; ((C--)); exit $C exits 1, and a code so touched is
			// left unresolved (withExitCodesResolved).
			for _, name := range arithmeticSets(text[i+2 : end-2]) {
				word += " " + name
			}
		}
		n := copy(b[from:end], word)
		for j := from + n; j < end; j++ {
			b[j] = ' '
		}
		i = end - 1
	}
	if b == nil {
		return text
	}
	return string(b)
}

// withOldArithmetic returns text with each of bash's old arithmetic
// expansions of integer literals alone, $[2], $[1+1], spelled with its
// value and padded with blanks (QA: exit $[2] exits 2); any other is left
// as written, an exit the reader does not take for one.
func withOldArithmetic(text string) string {
	var b []byte // a copy, made at the first change
	for i := strings.Index(text, "$["); i >= 0; {
		end := strings.IndexAny(text[i+2:], "]\n;$\"'`[")
		if end >= 0 && text[i+2+end] == ']' {
			if v, ok := literalArithmetic(text[i+2 : i+2+end]); ok {
				if b == nil {
					b = []byte(text)
				}
				n := copy(b[i:], v)
				blank(b[i+n : i+3+end])
			}
		}
		next := strings.Index(text[i+2:], "$[")
		if next < 0 {
			break
		}
		i += 2 + next
	}
	if b == nil {
		return text
	}
	return string(b)
}

// maxArithmeticTokens bounds the expression literalArithmetic
// evaluates: an exit's code is short.
const maxArithmeticTokens = 32

// literalArithmetic evaluates an arithmetic expression of integer
// literals alone (decimal, 0x hex, 0 octal) with + - * / and parentheses,
// as the shell does, returning its value as an exit code keeps it (its
// low byte): "1+1" is 2, "0x2" 2, "02" 2, "010" 8. Not ok for anything
// else: a name, another operator, a digit out of its base (08, which the
// shell refuses on stderr), a division by zero, or past
// maxArithmeticTokens.
func literalArithmetic(expr string) (string, bool) {
	var toks []string
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case strings.IndexByte("+-*/()", c) >= 0:
			toks = append(toks, expr[i:i+1])
			i++
		case '0' <= c && c <= '9':
			j := i
			for j < len(expr) && shlex.IsNameByte(expr[j]) {
				j++
			}
			toks = append(toks, expr[i:j])
			i = j
		default:
			return "", false
		}
		if len(toks) > maxArithmeticTokens {
			return "", false
		}
	}
	p := arithmeticParser{toks: toks}
	v, ok := p.sum()
	if !ok || p.at != len(toks) {
		return "", false
	}
	return strconv.FormatInt(v&255, 10), true
}

// arithmeticParser reads literalArithmetic's tokens by precedence.
type arithmeticParser struct {
	toks []string
	at   int
}

func (p *arithmeticParser) sum() (int64, bool) {
	v, ok := p.product()
	for ok && p.at < len(p.toks) && (p.toks[p.at] == "+" || p.toks[p.at] == "-") {
		op := p.toks[p.at]
		p.at++
		w, wok := p.product()
		if op == "+" {
			v += w
		} else {
			v -= w
		}
		ok = wok
	}
	return v, ok
}

func (p *arithmeticParser) product() (int64, bool) {
	v, ok := p.unary()
	for ok && p.at < len(p.toks) && (p.toks[p.at] == "*" || p.toks[p.at] == "/") {
		op := p.toks[p.at]
		p.at++
		w, wok := p.unary()
		switch {
		case !wok || op == "/" && w == 0:
			return 0, false
		case op == "*":
			v *= w
		default:
			v /= w
		}
	}
	return v, ok
}

func (p *arithmeticParser) unary() (int64, bool) {
	if p.at == len(p.toks) {
		return 0, false
	}
	switch t := p.toks[p.at]; t {
	case "-", "+":
		p.at++
		v, ok := p.unary()
		if t == "-" {
			v = -v
		}
		return v, ok
	case "(":
		p.at++
		v, ok := p.sum()
		if !ok || p.at == len(p.toks) || p.toks[p.at] != ")" {
			return 0, false
		}
		p.at++
		return v, true
	case ")", "*", "/":
		return 0, false
	default:
		p.at++
		base, digits := 10, t
		switch {
		case strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X"):
			base, digits = 16, t[2:]
		case len(t) > 1 && t[0] == '0':
			base, digits = 8, t[1:]
		}
		v, err := strconv.ParseInt(digits, base, 32)
		return v, err == nil
	}
}

// arithmeticSets returns the variables an arithmetic expression assigns
// to (n = 2, n += 2, n++, --n), in order, each once.
func arithmeticSets(expr string) []string {
	var names []string
	for i := 0; i < len(expr); {
		if !shlex.IsNameByte(expr[i]) || '0' <= expr[i] && expr[i] <= '9' {
			i++
			continue
		}
		start := i
		for i < len(expr) && shlex.IsNameByte(expr[i]) {
			i++
		}
		if start > 0 && expr[start-1] == '$' {
			continue // an expansion reads it
		}
		before := strings.TrimRight(expr[:start], " \t")
		after := strings.TrimLeft(expr[i:], " \t")
		op := strings.TrimLeft(after, "+-*/%&|^<>")
		sets := strings.HasPrefix(after, "++") || strings.HasPrefix(after, "--") ||
			strings.HasSuffix(before, "++") || strings.HasSuffix(before, "--") ||
			len(after)-len(op) <= 2 && strings.HasPrefix(op, "=") && !strings.HasPrefix(op, "==") &&
				!strings.HasPrefix(after, "<=") && !strings.HasPrefix(after, ">=") && !strings.HasPrefix(after, "!=")
		if name := expr[start:i]; sets && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

// arithmeticEnd returns the offset just past the )) that closes the ((
// at i, or -1 when it is not closed on its line or holds what this
// reading does not follow.
func arithmeticEnd(text string, i int) int {
	depth := 0
	for j := i; j < len(text); j++ {
		switch text[j] {
		case '(':
			if j > i+1 && text[j-1] == '$' {
				return -1 // a command substitution inside
			}
			depth++
		case ')':
			depth--
			switch {
			case depth == 0:
				return j + 1
			case depth == 1 && (j+1 == len(text) || text[j+1] != ')'):
				// ((a) (b)): the inner ( closed alone, so these are
				// subshells nested, as bash reads them then.
				return -1
			}
		case '\n', ';', '`', '"', '\'':
			return -1
		}
	}
	return -1
}

// atCommandWord reports whether offset i of text starts a command: at a
// line's start, or after an operator or a keyword that a command follows.
func atCommandWord(text string, i int) bool {
	before := strings.TrimRight(text[:i], " \t")
	if before == "" || strings.HasSuffix(before, "\n") {
		return true
	}
	switch before[len(before)-1] {
	case ';', '&', '|', '!', '{', '(':
		return true
	}
	for _, kw := range []string{"if", "elif", "while", "until", "then", "do", "else"} {
		if strings.HasSuffix(before, kw) && (len(before) == len(kw) || !shlex.IsNameByte(before[len(before)-len(kw)-1])) {
			return true
		}
	}
	return false
}

// withoutHereDocuments returns text with each here-document's operator
// (<<EOF, <<-'EOF') and body blanked. The body is literal text handed to
// the command on its standard input: a heredoc JSON answer or a usage
// message, whose exit 2 or >&2 is no command. The command itself stays,
// to be read (cat, a text tool) or refused (python3). Several operators
// on one line (cat <<A <<B) take their bodies in turn. A body whose
// unquoted delimiter lets it run commands ($(…), `…`) and an unclosed one
// leave the line's here-documents whole, for opaque to refuse.
func withoutHereDocuments(text string) string {
	var b []byte // a copy, made at the first change
	lineStart := 0
	for lineStart < len(text) {
		lineEnd := strings.IndexByte(text[lineStart:], '\n')
		if lineEnd < 0 {
			break // a last line's here-document has no body
		}
		lineEnd += lineStart
		ops := hereOperators(text[lineStart:lineEnd])
		next, ok := lineEnd+1, len(ops) > 0
		var bodies [][2]int
		for _, op := range ops {
			bodyEnd, after := hereBodyEnd(text, next, op.delim, op.dash)
			if bodyEnd < 0 || !op.quoted && (strings.Contains(text[next:bodyEnd], "$(") || strings.Contains(text[next:bodyEnd], "`")) {
				ok = false
				break
			}
			bodies = append(bodies, [2]int{next, after}) // the delimiter's line too
			next = after
		}
		if !ok {
			lineStart = lineEnd + 1
			continue
		}
		if b == nil {
			b = []byte(text)
		}
		for _, op := range ops {
			blank(b[lineStart+op.at : lineStart+op.end])
		}
		for _, body := range bodies {
			blank(b[body[0]:body[1]])
		}
		lineStart = next
	}
	if b == nil {
		return text
	}
	return string(b)
}

// hereOp is a here-document operator on a line: its offsets, the
// delimiter, whether it was quoted (the body is then never expanded) and
// whether it was <<- (tabs before the end line).
type hereOp struct {
	at, end      int
	delim        string
	quoted, dash bool
}

// hereOperators finds a line's here-document operators in order; none
// when one is malformed (an unclosed quote, no delimiter).
func hereOperators(line string) []hereOp {
	var ops []hereOp
	for i := 0; i+1 < len(line); i++ {
		if line[i] != '<' || line[i+1] != '<' || i > 0 && line[i-1] == '<' || i+2 < len(line) && line[i+2] == '<' {
			continue
		}
		op := hereOp{at: i}
		j := i + 2
		op.dash = j < len(line) && line[j] == '-'
		if op.dash {
			j++
		}
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		op.quoted = j < len(line) && (line[j] == '\'' || line[j] == '"')
		if op.quoted {
			q := line[j]
			k := strings.IndexByte(line[j+1:], q)
			if k < 0 {
				return nil
			}
			op.delim, op.end = line[j+1:j+1+k], j+2+k
		} else {
			k := j
			for k < len(line) && shlex.IsNameByte(line[k]) {
				k++
			}
			op.delim, op.end = line[j:k], k
		}
		if op.delim == "" {
			return nil
		}
		ops = append(ops, op)
		i = op.end - 1
	}
	return ops
}

// hereBodyEnd returns where the body starting at start ends (the start
// of its delimiter line) and where the line after the delimiter starts,
// or -1 when no line closes it.
func hereBodyEnd(text string, start int, delim string, dash bool) (int, int) {
	for at := start; at <= len(text); {
		end := strings.IndexByte(text[at:], '\n')
		line := text[at:]
		if end >= 0 {
			line = text[at : at+end]
		}
		if dash {
			line = strings.TrimLeft(line, "\t")
		}
		if line == delim {
			if end < 0 {
				return at, len(text)
			}
			return at, at + end + 1
		}
		if end < 0 {
			return -1, -1
		}
		at += end + 1
	}
	return -1, -1
}

// blank turns every byte of b but newlines into a space.
func blank(b []byte) {
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
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
	plain := withoutTrailingComments(shlex.WithoutLiteralQuotes(text)) // same length: the offsets hold
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
		if len(rest) < len(text)-end && atCommandWord(text, i) {
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
