package hookconv

// Reading how a shell text exits and what it writes to standard error,
// for HC431 and HC433: the redirections of a command, the exits of a
// script (codes named by a variable too), and the script's shape (its
// compound commands, functions and their calls), in one linear pass each.
// Nothing is run.

import (
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
)

// trailingRedirects matches the redirections that end a command
// (guard.sh 2>&1 >/dev/null), leadingRedirects those that follow a
// compound command's end (fi >&2), and redirect one of them.
var (
	trailingRedirects = lazy.Regexp(`(?:\s+(?:[0-9]?>>?&?|&>>?)\s*(?:"[^"]*"|[^\s;&|<>'"()])+)+\s*$`)
	leadingRedirects  = lazy.Regexp(`^(?:[ \t]*(?:[0-9]?>>?&?|&>>?|[0-9]?<<?<?)[ \t]*(?:"[^"]*"|[^\s;&|<>'"()])+)+`)
	redirect          = lazy.Regexp(`([0-9]?|&)(>>?)(&?)\s*((?:"[^"]*"|[^\s;&|<>'"()])+)`)
)

// stderrAway reports where the redirections ending a command start, when
// they leave its standard error anywhere but the tool's: nowhere
// (2>/dev/null, 2>&-), in a file (2>>guard.log) or on standard output
// (2>&1, which is the tool's stdout until a later >/dev/null moves that
// alone). They are followed in order, as the shell does. When standard
// output ends up on stderr instead (>&2 2>/dev/null), what the script
// prints reaches the tool as its reason, and that is not read: false.
func stderrAway(command string) (int, bool) {
	at, out, errs, ok := endingRedirects(command)
	return at, ok && errs != toStderr && out != toStderr
}

// execStderrAway splits a command that opens with an exec of
// redirections alone sending the shell's standard error anywhere but
// the tool's (exec 2>/dev/null; guard.sh, exec 2>>hook.log): from there
// on, nothing the rest writes to stderr reaches the tool. It returns the
// exec and the rest after it. Not ok for any other command, nor where
// standard output ends up on stderr (exec >&2 2>/dev/null: what is
// printed is a reason), nor where a descriptor other than 1 and 2 is
// set (exec 3>&2 2>/dev/null), through which the rest could write to
// the tool's stderr still.
func execStderrAway(command string) (exec, rest string, ok bool) {
	if !strings.HasPrefix(strings.TrimLeft(command, " \t\n"), "exec") {
		return "", "", false // most commands: the regexp is not run
	}
	m := execOpening().FindStringSubmatchIndex(command)
	if m == nil {
		return "", "", false
	}
	list := command[m[2]:m[3]]
	for _, r := range redirect().FindAllStringSubmatch(list, -1) {
		if r[1] != "" && r[1] != "1" && r[1] != "2" && r[1] != "&" {
			return "", "", false
		}
	}
	out, errs, followed := followRedirects(list)
	if rest = strings.TrimSpace(command[m[1]:]); !followed || errs == toStderr || out == toStderr || rest == "" {
		return "", "", false
	}
	return strings.TrimSpace(command[:m[1]-1]), rest, true
}

// execOpening matches an exec with redirections alone opening a command
// and the ; or line break after it, the redirections its group.
var execOpening = lazy.Regexp(`^[ \t\n]*exec((?:[ \t]+(?:[0-9]?>>?&?|&>>?)[ \t]*(?:"[^"]*"|[^\s;&|<>'"()])+)+)[ \t]*[;\n]`)

// stdoutAway reports where the redirections ending a command start, when
// they leave its standard error the tool's and move at most its standard
// output (>/dev/null, >>out.log): what the command writes to stderr
// reaches the tool as it would without them. Not when stdout ends up on
// stderr (>&2), where what it prints becomes a reason.
func stdoutAway(command string) (int, bool) {
	at, out, errs, ok := endingRedirects(command)
	return at, ok && errs == toStderr && out != toStderr
}

// endingRedirects returns where the redirections ending a command start
// and where they leave its standard output and error (followRedirects);
// false when it ends in none, or in one not followed.
func endingRedirects(command string) (at int, out, errs string, ok bool) {
	// Every redirection has a '>': the regexp, tried at each offset, is
	// not run on the many commands without one.
	if !strings.Contains(command, ">") {
		return 0, "", "", false
	}
	loc := trailingRedirects().FindStringIndex(command)
	if loc == nil {
		return 0, "", "", false
	}
	out, errs, ok = followRedirects(command[loc[0]:])
	return loc[0], out, errs, ok
}

// toStdout and toStderr are where the tool reads a hook's standard output
// and standard error, in followRedirects's answers.
const toStdout, toStderr = "&1", "&2"

// followRedirects returns where a list of redirections leaves a command's
// standard output and standard error, following them in order as the
// shell does: toStdout, toStderr, "closed" or a file. False when one
// names a descriptor other than 1 and 2, which is not followed.
func followRedirects(list string) (out, errs string, ok bool) {
	fds := map[string]string{"1": toStdout, "2": toStderr}
	for _, m := range redirect().FindAllStringSubmatch(list, -1) {
		fd, to := m[1], strings.ReplaceAll(m[4], `"`, "") // 2>"/dev/null" is 2>/dev/null
		if fd == "" {
			fd = "1"
		}
		switch {
		case m[3] == "&" && to == "-":
			to = "closed"
		case m[3] == "&":
			target, known := fds[to]
			if !known {
				return "", "", false
			}
			to = target
		case to == "/dev/stdout" || to == "/dev/fd/1":
			to = fds["1"]
		case to == "/dev/stderr" || to == "/dev/fd/2" || to == "/proc/self/fd/2":
			to = fds["2"]
		}
		if fd == "&" { // &>file sends both
			fds["1"], fds["2"] = to, to
			continue
		}
		fds[fd] = to
	}
	return fds["1"], fds["2"], true
}

// exitsTwo reports whether text exits 2 somewhere outside quoted text.
func exitsTwo(text string) bool {
	return mayExitTwo(text) && exitsWith(text, exitCodeTwo)
}

// exitsWith reports whether text exits with one of code's codes
// somewhere outside quoted text, by a number or a variable set to one.
func exitsWith(text string, code exitCode) bool {
	text = withExitCodesResolved(forExitReading(text))
	plain := shlex.WithoutLiteralQuotes(text)
	return len(exitsAt(text, plain, code)) > 0 || len(conditionalExits(text, plain, code)) > 0
}

// exitCode is which exits a reading looks for. Above exitCodeFailing's
// bit, bit n set leaves code n out of the failures (failingBut).
type exitCode uint64

const (
	// exitCodeTwo: exit 2, the code that blocks.
	exitCodeTwo exitCode = iota
	// exitCodeFailing: any code but 0, for a script whose failure its
	// command turns into exit 2 (guard.sh || exit 2).
	exitCodeFailing
)

// failingBut returns the failures but the codes listed (numbers without
// leading zeros), for a case's catch-all arm after arms naming them
// (QA: case $? in 0) exit 0;; 3) exit 1;; *) exit 2;; esac runs its *
// on a helper's exit 1). A code above 63 is not left out: read as a
// failure, at worst a needless warning.
func failingBut(listed []string) exitCode {
	c := exitCodeFailing
	for _, n := range listed {
		if k, err := strconv.Atoi(n); err == nil && k > 0 && k < 64 {
			c |= 1 << k
		}
	}
	return c
}

// onlyCodes returns the failures with the codes listed alone (numbers
// from 1 to 63), for a case arm that runs on them: every code but those
// left out, and any above 63, read as a failure.
func onlyCodes(listed []string) exitCode {
	var rest []string
	for k := 1; k < 64; k++ {
		if n := strconv.Itoa(k); !slices.Contains(listed, n) {
			rest = append(rest, n)
		}
	}
	return failingBut(rest)
}

// failing reports whether c is exitCodeFailing, with codes left out or
// not.
func (c exitCode) failing() bool { return c&exitCodeFailing != 0 }

// is reports whether a code's number (no leading zeros) is one of c's.
func (c exitCode) is(number string) bool {
	if c == exitCodeTwo {
		return number == "2"
	}
	if k, err := strconv.Atoi(number); err == nil && k > 0 && k < 64 && c&(1<<k) != 0 {
		return false // listed before the catch-all
	}
	return number != "0"
}

// spellsExitTwo reports whether text holds what every match of exitTwo
// holds: "exit", blanks, an optional quote, zeros and one of its codes
// ending a word (exit 2, exit "0258"). Only such a text is searched with
// the expression, which costs microseconds a hook: a large config's
// http hooks become curl … 'http://…/2' || exit 1, whose 2 lets them
// through mayExitTwo.
func spellsExitTwo(text string) bool {
	for rest := text; ; {
		i := strings.Index(rest, "exit")
		if i < 0 {
			return false
		}
		rest = rest[i+len("exit"):]
		after := strings.TrimLeft(rest, " \t\n\f\r") // \s, as the expression reads it
		if len(after) == len(rest) {
			continue // no blank after the word
		}
		if after != "" && (after[0] == '"' || after[0] == '\'') {
			after = after[1:]
		}
		after = strings.TrimLeft(after, "0")
		for _, code := range exitTwoCodes {
			if strings.HasPrefix(after, code) && (len(after) == len(code) || !wordByte(after[len(code)])) {
				return true
			}
		}
	}
}

// exitTwoCodes are the codes exitTwo matches: 2, and what the shell
// keeps as 2 (its low byte).
var exitTwoCodes = []string{"2", "258", "514", "770", "1026"}

// mayExitTwo reports whether text can hold an exit 2 at all: exitTwo's
// every code has a 2, and an exit through a variable resolves only to
// a number the text spells. The regexps are not run on the many hooks
// that fail this (curl … || exit 1, as an http hook becomes).
func mayExitTwo(text string) bool {
	// return 2 is one where it ends the function called last
	// (withLastCallReturnsAsExits).
	// An arithmetic expansion may give 2 unspelled: exit $((1+1)).
	return (strings.Contains(text, "exit") || strings.Contains(text, "return")) &&
		(strings.IndexByte(text, '2') >= 0 || strings.Contains(text, "$((") || strings.Contains(text, "$["))
}

// exitCodeVar matches an exit whose code is a variable's: exit $BLOCK,
// exit "${BLOCK}" (not ${BLOCK:-2}, whose code depends on the caller).
var exitCodeVar = lazy.Regexp(`\bexit\s+"?\$(?:\{([A-Za-z_]\w*)(:?-[0-9]+)?\}|([A-Za-z_]\w*))"?`)

// assignments matches a command made of assignments only (BLOCK=2,
// ALLOW=0 BLOCK=2), or a declaration (readonly BLOCK="2", readonly BLOCK,
// local code=2); assignmentWord one of its words. A command with other
// words (BLOCK=2 cmd) sets the variable for cmd alone, and is none.
var (
	assignments    = lazy.Regexp(`(?m)(?:^|[;&|{()])[ \t]*(?:(?:then|else|do)[ \t]+)?((?:(?:readonly|local|declare|typeset|export)(?:[ \t]+-[a-zA-Z]+)*[ \t]+)?(?:[A-Za-z_]\w*(?:=(?:"[^"\n]*"|'[^'\n]*'|[^\s;&|()'"]*))?[ \t]*)+)`)
	assignmentWord = lazy.Regexp(`^([A-Za-z_]\w*)(?:=(.*))?$`)
	declaration    = lazy.Regexp(`^(?:readonly|local|declare|typeset|export)(?:[ \t]+-[a-zA-Z]+)*[ \t]+`)
)

// codeVar is what a script does with a variable: where each assignment
// to it stands (the start of its command) and the number it sets ("" for
// none: C=$(cat), C=abc); how often it is named to be set or declared
// (readonly C counts, with no value); and how often it is named other
// than to expand it (its assignments, read C, unset C).
type codeVar struct {
	at     []int
	values []string
	set    int
	bare   int
	sets   []int // where it is set to a code looked for, found on the first need
}

// numbers reports whether every assignment to v sets a number, and v is
// named in no other way: its code is one of its values.
func (v *codeVar) numbers() bool {
	return len(v.values) > 0 && v.bare == v.set && !slices.Contains(v.values, "")
}

// mayExitThroughVariable reports whether text has an exit followed by a
// $ (exit $rc, exit "${rc}"), which every match of exitCodeVar has: most
// scripts exit only with numbers, and the expression is not compiled or
// run for them.
func mayExitThroughVariable(text string) bool {
	for rest := text; ; {
		at := strings.Index(rest, "exit")
		if at < 0 {
			return false
		}
		rest = rest[at+len("exit"):]
		after := strings.TrimLeft(rest, " \t\n\r\f")
		if len(after) < len(rest) && strings.HasPrefix(strings.TrimPrefix(after, `"`), "$") {
			return true
		}
	}
}

// codeUse is an exit through a variable (exit $BLOCK): the exit's offsets,
// the variable's name, and whether a default stands in when it is unset
// (exit ${rc:-0}: the code depends on the path).
type codeUse struct {
	start, end int
	name       string
	defaulted  bool
}

// readCodeVars finds the exits through a variable in text and reads the
// variables they name (codeVar). Nil when there is no such exit.
func readCodeVars(text string) ([]codeUse, map[string]*codeVar) {
	if !mayExitThroughVariable(text) {
		return nil, nil
	}
	matches := exitCodeVar().FindAllStringSubmatchIndex(text, -1)
	if matches == nil {
		return nil, nil
	}
	uses := make([]codeUse, len(matches))
	vars := map[string]*codeVar{}
	for i, m := range matches {
		name := ""
		if m[2] >= 0 {
			name = text[m[2]:m[3]]
		} else {
			name = text[m[6]:m[7]]
		}
		uses[i] = codeUse{m[0], m[1], name, m[4] >= 0}
		vars[name] = &codeVar{}
	}
	// A code set from another variable (status=$BLOCK) takes that one's
	// number, when it has one only: every assignment's value, by name.
	type reference struct {
		v    *codeVar
		k    int
		name string
	}
	var refs []reference
	valuesOf := map[string][]string{}
	for _, m := range assignments().FindAllStringSubmatchIndex(text, -1) {
		if m[1] < len(text) && !strings.ContainsRune(";)\n&|", rune(text[m[1]])) {
			continue // a redirection or more follows: not a plain assignment
		}
		command := text[m[2]:m[3]]
		decl := declaration().FindString(command)
		words := strings.Fields(command[len(decl):])
		if slices.ContainsFunc(words, func(w string) bool { return decl == "" && !strings.Contains(w, "=") }) {
			continue // a command with its own variables: BLOCK=2 cmd sets nothing here
		}
		for _, w := range words {
			a := assignmentWord().FindStringSubmatch(w)
			if a == nil {
				continue
			}
			if strings.Contains(w, "=") {
				valuesOf[a[1]] = append(valuesOf[a[1]], codeNumber(a[2]))
			}
			v := vars[a[1]]
			if v == nil {
				continue
			}
			v.set++
			if strings.Contains(w, "=") {
				v.at, v.values = append(v.at, m[2]), append(v.values, codeNumber(a[2]))
				if r := varReference().FindStringSubmatch(strings.Trim(a[2], `"`)); r != nil {
					refs = append(refs, reference{v, len(v.values) - 1, r[1] + r[2]})
				}
			}
		}
	}
	// Named in a message ("DENY: rm -rf") is no use: counted in the text
	// with its quoted literals blanked, in one pass: a script may set
	// thousands of codes.
	counted := maps.Clone(vars)
	for _, r := range refs {
		if counted[r.name] == nil {
			counted[r.name] = &codeVar{}
		}
	}
	bare := bareUses(shlex.WithoutLiteralQuotes(text), counted)
	for name, v := range vars {
		v.bare = bare[name]
	}
	for _, r := range refs {
		values := slices.Compact(slices.Sorted(slices.Values(valuesOf[r.name])))
		if len(values) == 1 && values[0] != "" && bare[r.name] == len(valuesOf[r.name]) {
			r.v.values[r.k] = values[0] // BLOCK=2 … status=$BLOCK
		}
	}
	return uses, vars
}

// varReference matches a value that is another variable's, whole: $BLOCK,
// ${BLOCK}.
var varReference = lazy.Regexp(`^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))$`)

// codeNumber returns an assigned value as an exit code's number without
// leading zeros ('02' is 2), or "" when it is no number.
func codeNumber(value string) string {
	v := strings.Trim(value, `"'`)
	if v == "" || strings.Trim(v, "0123456789") != "" {
		return ""
	}
	if v = strings.TrimLeft(v, "0"); v == "" {
		return "0"
	}
	return v
}

// withExitCodesResolved returns text with each exit through a variable
// (BLOCK=2 … exit $BLOCK) spelled with its number, when the script sets
// that variable, before the exit, to one number only and touches it in no
// other way (no read, unset, arithmetic or other assignment): a guard
// that names its code keeps it, and HC431 reads it as the number.
// Anything less certain is left as written; a variable set to several
// numbers is conditionalExits', and so is one set in a subshell that
// does not hold the exit (( rc=2 ); exit $rc exits 0: the setting is
// lost with the subshell, which conditionalExits' reading follows).
func withExitCodesResolved(text string) string {
	uses, vars := readCodeVars(text)
	var b strings.Builder
	last := 0
	// Per variable, the innermost subshell of each setting in one: read
	// at the first need, since most exits have no ( before them.
	paren := strings.IndexByte(text, '(')
	var lost map[string][]span
	var subshells []span
	var parent []int
	for _, u := range uses {
		v := vars[u.name]
		if u.defaulted || !v.numbers() || v.at[0] > u.start || slices.ContainsFunc(v.values, func(n string) bool { return n != v.values[0] }) {
			continue
		}
		if paren >= 0 && paren < u.start {
			if lost == nil {
				lost = map[string][]span{}
				subshells = subshellSpans(text)
				parent = nesting(subshells)
			}
			spans, seen := lost[u.name]
			if !seen {
				for _, set := range v.at {
					if k := innermost(subshells, parent, set); k >= 0 {
						spans = append(spans, subshells[k])
					}
				}
				lost[u.name] = spans
			}
			if slices.ContainsFunc(spans, func(sp span) bool { return u.start < sp.start || u.start >= sp.end }) {
				continue // ( rc=2 ); exit $rc
			}
		}
		b.WriteString(text[last:u.start])
		b.WriteString("exit " + v.values[0])
		last = u.end
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// subshellSpans returns the spans of text's subshells, ( … ) and $( … ),
// sorted by start (its quotes blanked first): none when its compounds do
// not pair up.
func subshellSpans(text string) []span {
	var spans []span
	for _, c := range shellCompounds(shlex.WithoutLiteralQuotes(text)) {
		if c.closer == ")" {
			spans = append(spans, c.span)
		}
	}
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	return spans
}

// codeExit is an exit through a variable that the script sets to 2 (or
// to another of the codes looked for) on some paths and to other numbers
// on others (rc=0; grep -q rm && rc=2; exit $rc): where the exit stands,
// the variable, and where it is set to such a code, sorted (the first
// before the exit).
type codeExit struct {
	at   int
	name string
	sets []int
	// all are where the variable is set to anything, sorted: a later
	// setting on the same path replaces one of the code's.
	all []int
}

// conditionalExits finds the exits of text (its quotes as written)
// through a variable that the script sets only to numbers, one of code's
// among them, and touches in no other way, after setting it first.
func conditionalExits(text, plain string, code exitCode) []codeExit {
	uses, vars := readCodeVars(text)
	var found []codeExit
	for _, u := range uses {
		v := vars[u.name]
		if !v.numbers() || v.at[0] > u.start || !strings.Contains(plain[u.start:u.end], "exit") {
			continue
		}
		if v.sets == nil {
			for k, n := range v.values {
				if code.is(n) {
					v.sets = append(v.sets, v.at[k])
				}
			}
		}
		if len(v.sets) > 0 && v.sets[0] < u.start {
			found = append(found, codeExit{u.start, u.name, v.sets, v.at})
		}
	}
	return found
}

// bareUses counts, for each of names, where text names the variable other
// than to expand it ($name, ${name}): its assignments, and any other use
// (read name, unset name, ((name++))). One pass over the text.
func bareUses[T any](text string, names map[string]T) map[string]int {
	counts := make(map[string]int, len(names))
	for _, loc := range nameWord().FindAllStringIndex(text, -1) {
		at, end := loc[0], loc[1]
		name := text[at:end]
		if _, wanted := names[name]; !wanted {
			continue
		}
		if at > 0 && (text[at-1] == '$' || text[at-1] == '{' && at > 1 && text[at-2] == '$') {
			continue // an expansion
		}
		counts[name]++
	}
	return counts
}

// nameWord matches a shell name, whole.
var nameWord = lazy.Regexp(`[A-Za-z_]\w*`)

// exitsAt returns where text exits with one of code's codes, outside
// quoted text: matched on the text (for exit "2"), kept where the exit is
// no quoted text's, which plain, text with its quotes blanked
// (shlex.WithoutLiteralQuotes), shows.
func exitsAt(text, plain string, code exitCode) [][]int {
	re := exitTwo()
	if code.failing() {
		re = exitFailing()
	} else if !spellsExitTwo(text) {
		return nil // the expression would try every byte, and find none
	}
	locs := re.FindAllStringIndex(text, -1)
	return slices.DeleteFunc(locs, func(loc []int) bool {
		if !strings.Contains(plain[loc[0]:loc[1]], "exit") {
			return true
		}
		if !code.failing() || code == exitCodeFailing {
			return false
		}
		// Failures but some codes: the number, past its leading zeros
		// (1 to 255, as exitFailing matches), ends the match.
		digits := strings.TrimRight(text[loc[0]:loc[1]], "0123456789")
		return !code.is(strings.TrimLeft(text[loc[0]+len(digits):loc[1]], "0"))
	})
}

// stderrWrite matches what sends a shell command's output to standard
// error (echo … >&2, 1>&2, > /dev/stderr, >/dev/fd/2, >/proc/self/fd/2,
// &>/dev/stderr) or makes the shell write there itself (set -x traces
// every command, set -v echoes every line it reads).
var stderrWrite = lazy.Regexp(`>&\s*2\b|>>?\s*/(?:dev/(?:stderr|fd/2)|proc/self/fd/2)\b|\bset\s+-[a-zA-Z]*[xv]|\bset\s+-o\s+(?:xtrace|verbose)\b`)

// exitsTwoSilently reports whether text has an exit 2 with no write to
// standard error before it in its own part of the script: the top level,
// or the function whose body holds it. A write counts where it stands
// (echo no >&2, set -x), or where a function is called that writes and
// returns to its caller (log() { echo "$1" >&2; }), wherever that
// function is defined; not where one is called that exits (die() { echo
// "$1" >&2; exit 1; }), since the script then ends there. An exit inside
// a compound command whose output goes to stderr ({ …; } >&2, if … fi
// >&2) is loud when something in the compound prints before it. A write
// earlier on another branch is taken as made: the check only speaks when
// no path can have written. Quoted text and comments are neither an exit
// nor a redirection. Linear in the text: a script may hold thousands of
// exits.
func exitsTwoSilently(text string) bool {
	return mayExitTwo(text) && exitsSilently(text, exitCodeTwo)
}

// failsSilently reports whether text exits with a code other than 0 with
// no write to standard error before it, read as exitsTwoSilently reads
// an exit 2, or may end with its last command failing with none
// (grep -q ok file as its last line: endFails). A command failing under
// set -e elsewhere is not seen.
func failsSilently(text string) bool {
	return exitsSilently(text, exitCodeFailing)
}

// exitsSilently is exitsTwoSilently for the exits of code.
func exitsSilently(text string, code exitCode) bool {
	text = withExitCodesResolved(forExitReading(text))
	plain := shlex.WithoutTrailingComments(shlex.WithoutLiteralQuotes(text)) // same length: the offsets hold
	exits := exitsAt(text, plain, code)
	viaCodes := conditionalExits(text, plain, code)
	if len(exits) == 0 && len(viaCodes) == 0 && !code.failing() {
		return false
	}
	shape := readShape(plain)
	// A failing last command's status is the script's: the end is an
	// exit of its own, for a code other than 0.
	endAt, endFails := -1, false
	if code.failing() {
		endAt, endFails = shape.endFails(plain, code)
	}
	if len(exits) == 0 && len(viaCodes) == 0 && !endFails {
		return false
	}
	// Each write, and each call of a function that writes and returns,
	// covers the exits after it in its part (the top level, or the body
	// holding it) up to where its path surely ends (pathEnd): echo no
	// >&2; exit 2 is loud; die() { echo "$1" >&2; exit 1; } is no write
	// for an exit 2 after it.
	type write struct{ at, region, until int }
	var writes []write
	wrote := func(at int) {
		if !shape.writes(plain, at) {
			return
		}
		r := shape.regionOf(at)
		until := shape.pathEnd(plain, at, shape.bodyBlock(r), true)
		// A write inside an if, a case or a loop may not have run: it
		// covers the exits up to that compound's end, not past it, where
		// a path that skipped it arrives too (if ! command -v jq; then
		// echo "no jq" >&2; fi … exit 2).
		if c := shape.conditionalOf(at); c >= 0 {
			if body := shape.bodyBlock(r); body < 0 || shape.blocks[c].start > shape.blocks[body].start {
				until = min(until, shape.blocks[c].end) // inside the write's own part
			}
		}
		// So may one run on a condition of its list (cond && echo no
		// >&2; exit 2), or in a group run on one (cond || { …; }).
		until = min(until, shape.andOrReach(plain, at))
		writes = append(writes, write{at, r, until})
	}
	for _, at := range shape.writesAt {
		wrote(at)
	}
	for _, at := range shape.loudCalls {
		wrote(at)
	}
	// Per part, the writes in order with how far the first i of them
	// reach: a query is a search, in any order.
	slices.SortFunc(writes, func(a, b write) int { return a.at - b.at })
	type reach struct{ at, until []int }
	parts := map[int]*reach{}
	for _, w := range writes {
		p := parts[w.region]
		if p == nil {
			p = &reach{}
			parts[w.region] = p
		}
		if n := len(p.until); n > 0 {
			w.until = max(w.until, p.until[n-1])
		}
		p.at, p.until = append(p.at, w.at), append(p.until, w.until)
	}
	coveredAt := func(at int) bool {
		p := parts[shape.regionOf(at)]
		if p == nil {
			return false
		}
		i := sort.SearchInts(p.at, at) // the writes before at
		return i > 0 && p.until[i-1] >= at
	}
	// loudAt reports whether a write covers offset at, or a compound
	// sending output to stderr printed there.
	loudAt := func(at int) bool {
		return coveredAt(at) || shape.printsToStderrBefore(at)
	}
	// calledLoudly reports whether every call of function k comes after a
	// write (or, in another function, whether that one's calls all do, a
	// few levels up). A function called nowhere seen (trap, "$handler")
	// is judged by its own body alone.
	var calledLoudly func(k, depth int) bool
	calledLoudly = func(k, depth int) bool {
		calls := shape.calls[k]
		if len(calls) == 0 || depth == 0 {
			return false
		}
		for _, c := range calls {
			if loudAt(c) {
				continue
			}
			if r := shape.regionOf(c); r < 0 || r == k || !calledLoudly(r, depth-1) {
				return false
			}
		}
		return true
	}
	judged := map[int]bool{} // per function: thousands of exits may share one
	// silentAt reports whether no path to offset at can have written to
	// stderr (or one that did had it sent away by the call).
	silentAt := func(at int) bool {
		if loudAt(at) {
			k := shape.regionOf(at)
			return k >= 0 && shape.calledAway[k] // written, but a call sends it away: deny rm 2>/dev/null
		}
		if k := shape.regionOf(at); k >= 0 {
			loud, seen := judged[k]
			if !seen {
				loud = calledLoudly(k, 3)
				judged[k] = loud
			}
			if loud {
				return false // block() { exit 2; } called after echo no >&2
			}
		}
		return true
	}
	for _, loc := range exits {
		if silentAt(loc[0] + strings.Index(plain[loc[0]:loc[1]], "exit")) { // the word, as pathEnd names it
			return true
		}
	}
	if endFails && silentAt(endAt) {
		return true
	}
	// An exit through a code set to 2 on some path (rc=0; grep -q rm &&
	// rc=2; exit $rc) is silent when no write comes before the exit, and
	// one setting of 2 has none before it, none after it on its path
	// (if bad; then rc=2; echo no >&2; fi), and no write tests the code
	// ([ "$rc" -ne 0 ] && echo blocked >&2).
	if len(viaCodes) > 0 {
		at := make([]int, len(writes)) // sorted, as writes are
		for i, w := range writes {
			at[i] = w.at
		}
		return silentThroughCodes(viaCodes, shape, plain, text, at, silentAt, code)
	}
	return false
}

// endFails returns where the command list ending a script (its quotes
// blanked) starts, when the script may reach its end with that list
// failing, whose status is then the script's: a command that may fail
// last (grep -q ok file), or a condition before && (grep -q rm && exit
// 2 as the last line fails when grep finds nothing). A compound ending
// the script (fi, esac, done, }) is read through its last list; the
// branches before that one are not read. A list that cannot fail (exit
// 0, echo, true, an assignment), an exit ending every path before the
// list, or a function's definition ending the script ends nothing
// failing. Nor does a list failing silently with 1 alone (failsOnlyOne:
// grep -q bad "$f", whose 2 comes with a message) where code leaves 1
// out (QA: a helper ending so, then case $? in 0) exit 0;; 1) exit 1;;
// *) exit 2;; esac, exits 1, and was read as exiting 2 silently).
func (sh *scriptShape) endFails(plain string, code exitCode) (int, bool) {
	from, end := 0, len(plain)
	for range 8 { // compounds nested deeper are not read into
		for end > from && strings.IndexByte(" \t\n;&", plain[end-1]) >= 0 {
			end--
		}
		if end <= from {
			return 0, false
		}
		if b := sh.blockEndingAt(plain, end); b >= 0 {
			block := sh.blocks[b]
			if slices.Contains(sh.bodies, block) {
				return 0, false // f() { …; }: defining it fails nothing
			}
			// cond && { …; } ending the script fails when cond does.
			at := listStart(plain, from, block.start)
			if left := strings.TrimSpace(plain[at:block.start]); strings.HasSuffix(left, "&&") && listMayFail(strings.TrimSuffix(left, "&&")) &&
				(code.is("1") || !failsOnlyOne(strings.TrimSuffix(left, "&&"))) {
				return sh.reached(plain, at)
			}
			from, end = sh.blockInside(plain, b)
			continue
		}
		at := listStart(plain, from, end)
		list := strings.TrimSpace(plain[at:end])
		list = withoutListOpening(list)
		if list == "exit" || list == "exit $?" || list == `exit "$?"` {
			end = at // the status of what ran before it
			continue
		}
		if !listMayFail(list) || !code.is("1") && failsOnlyOne(list) {
			return 0, false
		}
		return sh.reached(plain, at)
	}
	return 0, false
}

// blockInside returns the span of block b's commands in plain: inside
// its braces or parentheses, or from its opening word (past case's in)
// to its closing one (fi, esac, done).
func (sh *scriptShape) blockInside(plain string, b int) (int, int) {
	block := sh.blocks[b]
	if c := plain[block.start]; c == '{' || c == '(' {
		return block.start + 1, block.end - 1
	}
	from, end := block.start, block.end
	for from < end && shlex.IsNameByte(plain[from]) {
		from++
	}
	for end > from && shlex.IsNameByte(plain[end-1]) {
		end--
	}
	if strings.HasPrefix(plain[block.start:], "case") {
		// case WORD in: the first arm's pattern follows the in.
		for at := from; at < end; at++ {
			if (plain[at-1] == ' ' || plain[at-1] == '\t' || plain[at-1] == '\n') && shlex.WordAt(plain, at, "in") {
				return at + len("in"), end
			}
		}
	}
	return from, end
}

// reached returns at (past its blanks), and whether the script can
// reach it and go on: no exit at the top level ends every path before
// it, and it is no call of a function that always exits.
func (sh *scriptShape) reached(plain string, at int) (int, bool) {
	at = shlex.SkipSpace(plain, at)
	if ends := sh.endings[-1]; len(ends) > 0 && ends[0] <= at {
		return 0, false // exit 0 before it, or it calls a function that always exits
	}
	return at, true
}

// blockEndingAt is the compound that ends at offset end of plain, with
// only redirections after it (fi >&2), -1 for none.
func (sh *scriptShape) blockEndingAt(plain string, end int) int {
	for b := len(sh.blocks) - 1; b >= 0; b-- {
		blk := sh.blocks[b]
		if blk.end > end {
			continue
		}
		if tail := plain[blk.end:end]; strings.TrimSpace(tail) == "" || leadingRedirects().FindString(tail) == tail {
			if sh.blockParent[b] < 0 || sh.blocks[sh.blockParent[b]].end > end {
				return b
			}
		}
		if blk.end < end && sh.blockParent[b] < 0 {
			return -1 // blocks are sorted by start: one closing earlier at the top ends no later one
		}
	}
	return -1
}

// withoutListOpening returns a command list without the keywords and the
// case pattern that open it in a compound (then, do, else, *rm*)), which
// run nothing of the list.
func withoutListOpening(list string) string {
	for {
		first, rest, _ := strings.Cut(list, " ")
		switch {
		case first == "then" || first == "do" || first == "else" || first == "{" || first == "in":
			list = strings.TrimSpace(rest)
		case strings.Contains(first, ")") && !strings.Contains(first, "("):
			_, after, _ := strings.Cut(list, ")")
			list = strings.TrimSpace(after)
		default:
			return list
		}
	}
}

// listMayFail reports whether a command list (its quotes blanked) may
// end with a status other than 0: a && goes on only after success, so the
// list fails when either side may; a || runs its right side only after
// a failure, so the list fails only when both sides may.
func listMayFail(list string) bool {
	fails, op := false, ""
	for at := 0; ; {
		end := shlex.PipelineEnd(list, shlex.NextOperator(list, at)) // a pipeline's status is its last command's
		part := list[at:end]
		if i := strings.LastIndexByte(part, '|'); i >= 0 {
			part = part[i+1:]
		}
		cmd := commandMayFail(part)
		switch op {
		case "":
			fails = cmd
		case "&&":
			fails = fails || cmd
		case "||":
			fails = fails && cmd
		default: // ; & or a line break inside: not one list, read as failing
			return true
		}
		if end >= len(list) {
			return fails
		}
		op = list[end:min(end+2, len(list))]
		at = end + 2
		if op != "&&" && op != "||" {
			op, at = "?", end+1
		}
	}
}

// failsOnlyOne reports whether a command list (its quotes blanked) can
// fail silently with 1 alone: each of its commands that may fail
// (commandMayFail) is negated (! cmd: 0 or 1), a test ([, [[, test) or
// false, or grep without -s, whose 2 for an error comes with a message
// on stderr (QA). Any other program may fail with any code.
func failsOnlyOne(list string) bool {
	for at := 0; at < len(list); {
		end := shlex.PipelineEnd(list, shlex.NextOperator(list, at))
		part := list[at:end]
		if i := strings.LastIndexByte(part, '|'); i >= 0 {
			part = part[i+1:]
		}
		if commandMayFail(part) && !commandFailsOnlyOne(part) {
			return false
		}
		at = end + 1
	}
	return true
}

// commandFailsOnlyOne is failsOnlyOne for a simple command.
func commandFailsOnlyOne(cmd string) bool {
	cmd = strings.TrimSpace(cmd)
	if strings.HasPrefix(cmd, "! ") {
		return true
	}
	words := strings.Fields(afterAssignments(cmd))
	if len(words) == 0 {
		return false
	}
	switch words[0] {
	case "[", "[[", "test", "false":
		return true
	case "grep", "egrep", "fgrep":
		for _, w := range words[1:] {
			if w == "--no-messages" || strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.ContainsRune(w, 's') {
				return false // grep -s: no message for a missing file, exit 2
			}
		}
		return true
	}
	return false
}

// commandMayFail reports whether a simple command (its quotes blanked)
// may fail: not an exit (whose code the exits' reading has), true, :,
// echo, printf, set, an assignment without a command substitution or a
// declaration; anything else may, a negated one too.
func commandMayFail(cmd string) bool {
	cmd = strings.TrimSpace(cmd)
	if strings.HasPrefix(cmd, "! ") {
		return true
	}
	words := afterAssignments(cmd)
	if words == "" {
		return strings.Contains(cmd, "$(") || strings.Contains(cmd, "`")
	}
	first, _, _ := strings.Cut(words, " ")
	switch first {
	case "exit", "return", "true", ":", "echo", "printf", "set", "shift", "unset", "trap", "break", "continue":
		return false
	case "export", "readonly", "local", "declare", "typeset":
		return strings.Contains(cmd, "$(") || strings.Contains(cmd, "`")
	}
	return true
}

// maxPathScan bounds how many later writes (or settings) are tried for
// one on a setting's path, so that thousands of settings and writes cost
// linear time: past it the setting is taken as unreported (or as not set
// again), which at worst warns.
const maxPathScan = 64

// silentThroughCodes reports whether one of exits (conditionalExits)
// may exit 2 silently: its exit is silent (silentAt), no write before it
// tests its code, and a setting of 2 before it is silent with no write
// after it on its path before the exit. writes are where the script
// writes to stderr, sorted. Linear but for searches: a script may set
// and exit through thousands of codes.
func silentThroughCodes(exits []codeExit, sh *scriptShape, plain, text string, writes []int, silentAt func(int) bool, code exitCode) bool {
	// reported is where a write next stands on the path from a setting
	// at offset set (len(plain) for none): in its list (cond && rc=2 &&
	// echo no >&2) or after it in its block and branch, unconditionally.
	// sameBranch reports whether offset at lies where set does: in the
	// same function, compound and branch of it.
	sameBranch := func(set, at int) bool {
		b := sh.blockOf(set)
		if sh.regionOf(at) != sh.regionOf(set) || sh.blockOf(at) != b {
			return false
		}
		return b < 0 || sort.SearchInts(sh.branches[b], set+1) == sort.SearchInts(sh.branches[b], at+1)
	}
	reported := func(set int) int {
		b := sh.blockOf(set)
		first := sort.SearchInts(writes, set+1)
		for i := first; i < len(writes) && i-first < maxPathScan; i++ {
			w := writes[i]
			if b >= 0 && w >= sh.blocks[b].end {
				break // past the setting's block
			}
			if sameBranch(set, w) && (sh.andOrReach(plain, w) == len(plain) || listStart(plain, 0, w) <= set) {
				return w
			}
		}
		return len(plain)
	}
	// replaced is where the code set at offset set is next set again on
	// its path (rc=2; … rc=0 in the same block and branch, run
	// unconditionally): no exit after that takes the first value.
	// len(plain) when none is (or none among the next maxPathScan).
	replaced := func(set int, all []int) int {
		first := sort.SearchInts(all, set+1)
		for i := first; i < len(all) && i-first < maxPathScan; i++ {
			if at := all[i]; sameBranch(set, at) && sh.andOrReach(plain, at) == len(plain) {
				return at
			}
		}
		return len(plain)
	}
	// Per variable, in order of its settings, the furthest a silent
	// one goes unreported: an exit is reached by one unreported setting
	// when that reach, over the settings before it, passes the exit.
	type unreported struct{ set, reach []int }
	reaches := map[string]*unreported{}
	// Per variable, where a write tests it: in its list, or in the
	// condition of the if or case holding it.
	tests := map[string][]int{}
	for _, e := range exits {
		u := reaches[e.name]
		if u == nil {
			u = &unreported{}
			for _, set := range e.sets {
				reach := -1
				if silentAt(set) {
					reach = min(reported(set), replaced(set, e.all), sh.subshellEnd(set, len(plain)))
				}
				if n := len(u.reach); n > 0 {
					reach = max(reach, u.reach[n-1])
				}
				u.set, u.reach = append(u.set, set), append(u.reach, reach)
			}
			reaches[e.name] = u
			test := testsForFailure(e.name, code)
			for _, w := range writes {
				from := listStart(plain, 0, w)
				if b := sh.blockOf(w); b >= 0 {
					from = min(from, max(sh.blocks[b].start, w-512)) // a condition is short: bounded
				}
				if strings.Contains(text[from:w], e.name) && test.MatchString(text[from:w]) {
					tests[e.name] = append(tests[e.name], w)
				}
			}
		}
		i := sort.SearchInts(u.set, e.at) // the settings before the exit
		if i == 0 || u.reach[i-1] < e.at || !silentAt(e.at) {
			continue
		}
		if t := tests[e.name]; slices.ContainsFunc(t, func(w int) bool { return w < e.at && sh.regionOf(w) == sh.regionOf(e.at) }) {
			continue
		}
		return true
	}
	return false
}

// subshellEnd returns where the outermost subshell holding offset at
// ends (( rc=2 ), $( … )), past which what it set is lost, or none when
// no subshell holds it. A loop fed by a pipe is not taken as one: zsh,
// Codex's shell where it is the account's (macOS's default), runs the
// last command of a pipeline in the shell itself, and keeps what it sets.
func (sh *scriptShape) subshellEnd(at, none int) int {
	end := none
	for b := sh.blockOf(at); b >= 0 && sh.subshell[b]; b = sh.blockParent[b] {
		end = sh.blocks[b].end
	}
	return end
}

// testsForFailure matches, in the list or condition a write runs in, a
// test of the variable name for the code the exit blocks with:
// not 0 ([ "$rc" -ne 0 ], [ $rc != 0 ], -gt 0, -ge 1) or, for exit 2, 2
// itself ([ $rc -eq 2 ], = 2, -gt 1, -ge 2). A write under any other test
// ([ "$rc" -eq 0 ] && echo ok >&2) is no reason for a block. Arithmetic
// tests are blanked before this reading: not seen, at worst a warning.
func testsForFailure(name string, code exitCode) *regexp.Regexp {
	ops := `(?:-ne|!=)\s*["']?0["']?(?:[^0-9]|$)|-gt\s*["']?0|-ge\s*["']?1`
	if code == exitCodeTwo {
		ops += `|(?:-eq|==?)\s*["']?2["']?(?:[^0-9]|$)|-gt\s*["']?1|-ge\s*["']?2`
	}
	return regexp.MustCompile(`\$(?:\{` + regexp.QuoteMeta(name) + `\}|` + regexp.QuoteMeta(name) + `\b)["']?\s*(?:` + ops + `)`)
}

// withoutOutputRedirects returns command without the redirections
// ending it when they leave its standard error the tool's and move at
// most its standard output (stdoutAway: >/dev/null), and whether they
// move that to standard error (check.sh >&2), where what the command
// prints is a reason too. Otherwise command, false.
func withoutOutputRedirects(command string) (string, bool) {
	at, out, errs, ok := endingRedirects(command)
	if !ok || errs != toStderr {
		return command, false
	}
	return strings.TrimSpace(command[:at]), out == toStderr
}

// withPrintsToStderr returns a shell text whose standard output goes to
// standard error (check.sh >&2 || exit 2) with each command that prints
// there (echo, printf, cat) writing to stderr as such (echo >&2 no), so
// that exitsTwoSilently and failsSilently read it as a reason, path by
// path. A print whose output goes elsewhere is left: into a command
// substitution or a pipe, out of a compound sent elsewhere ({ …; }
// >/dev/null), or redirected itself (printf -v, echo x >/dev/null,
// which the write's own reading follows). Other programs that print
// (jq, grep without -q) are not seen: a needless warning at worst.
func withPrintsToStderr(text string) string {
	plain := shlex.WithoutTrailingComments(shlex.WithoutLiteralQuotes(forExitReading(text))) // same length: the offsets hold
	locs := printCommand().FindAllStringIndex(plain, -1)
	if locs == nil {
		return text
	}
	var away []span // where output does not reach the tool's stdout
	for _, c := range shellCompounds(plain) {
		if c.stdoutMoved || c.closer == ")" && c.start > 0 && strings.IndexByte("$<>", plain[c.start-1]) >= 0 {
			away = append(away, c.span)
		}
	}
	var b strings.Builder
	last := 0
	for _, loc := range locs {
		start, end := loc[0], loc[1]
		if !shlex.IsNameByte(plain[start]) {
			start++
		}
		if !shlex.AtCommandStart(plain, start) || strings.Count(plain[:start], "`")%2 == 1 || slices.ContainsFunc(away, func(sp span) bool { return sp.start <= start && start < sp.end }) {
			continue
		}
		if next := shlex.NextOperator(plain, end); next < len(plain) && plain[next] == '|' && !strings.HasPrefix(plain[next:], "||") {
			continue // echo "$x" | grep -q rm
		}
		if plain[start:end] == "printf" && strings.HasPrefix(strings.TrimLeft(plain[end:], " \t"), "-v") {
			continue // printf -v var: into a variable
		}
		b.WriteString(text[last:end])
		b.WriteString(" >&2")
		last = end
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// withoutTrailingEnd returns command without what ends it and changes
// nothing it runs: a comment on its last line (fi # guard), a closing ;
// (guard.sh >/dev/null;), an exit that passes on the status the command
// ends with anyway (guard.sh; exit $?, guard.sh || exit $?), and the
// blanks around them. The readings of a whole command (failureBody, the
// ending redirections) take the command's last word for its last
// command's.
func withoutTrailingEnd(command string) string {
	if end := strings.TrimRight(command, " \t\n"); !strings.Contains(command, "#") && !strings.HasSuffix(end, ";") && !strings.Contains(command, "$?") && !strings.HasSuffix(end, "exit") {
		return command // most commands: not copied
	}
	if strings.Contains(command, "#") && !strings.Contains(command, "<<") { // a here-document's # is text
		quote := byte(0)
		for i := 0; i < len(command); i++ {
			c := command[i]
			switch {
			case quote == '\'':
				if c == '\'' {
					quote = 0
				}
			case c == '\\':
				i++
			case quote == '"':
				if c == '"' {
					quote = 0
				}
			case c == '\'' || c == '"':
				quote = c
			case c == '#' && (i == 0 || strings.IndexByte(" \t\n;", command[i-1]) >= 0):
				// A comment runs to the line's end: only the last
				// line's is dropped.
				if !strings.Contains(command[i:], "\n") {
					command = command[:i]
				}
				i = len(command)
			}
		}
	}
	command = withoutClosingSemicolon(command)
	if loc := passesStatusOn().FindStringIndex(command); loc != nil {
		command = withoutClosingSemicolon(command[:loc[0]])
	}
	return command
}

// withoutNoOpPrefix is prefixReadings' reading of command itself.
func withoutNoOpPrefix(command string) string {
	read, _ := prefixReadings(command)
	return read
}

// prefixReadings returns command without what opens it and changes
// nothing its reading follows:
//
//   - set with options that trace nothing (set -e, set -eu, set -euo
//     pipefail): under set -e, the first command the list reads on (no
//     $? tested after it) that stands alone is read alone, since its
//     failure ends the shell with its status (set -e; check.sh; [ $? …
//     exits 1 when check.sh does); under pipefail, a pipeline fails
//     when its first command does (check.sh | tee log || exit 2), and
//     what follows that command, which shows all it does, is dropped;
//   - a command that stands alone before the rest and changes nothing
//     it reads (true;, mkdir -p "$LOG";, npm run build;, a trap that
//     changes no exit: withoutQuietTraps): no compound,
//     no exec, cd, source, eval, set, trap, exit or return, no write to
//     stderr, no variable the rest expands, and no $? tested after it.
//     Whatever it writes, the rest exits as it would alone on the paths
//     where it writes nothing (a needless warning at worst); under set
//     -e, its failure ends the shell, so it is also returned among
//     alone, to be read by itself;
//   - exec or env before a program that ends the command (exec guard.sh
//     >/dev/null, /usr/bin/env python3 guard.py), with their options
//     (exec -a name, env -i, env -u NAME) and, for env, the variables it
//     sets, which stay as the program's own (env -i PATH=$PATH check.sh
//     is read as PATH=$PATH check.sh);
//   - the braces of a group holding one command ({ check.sh; } || exit
//     2);
//   - a launcher that passes the program's status on and writes nothing
//     to stderr on the way (timeout 5 check.sh, nice, nohup: with the
//     options statusLauncherEnd follows);
//   - the commands of a pipeline before its last, whose status is the
//     pipeline's, when they show all they do and write nothing to stderr
//     (cat | check.sh || exit 2: withoutPipelineHead).
//
// A pipeline ended by an exit with its first command's status (check.sh
// | tee log; exit ${PIPESTATUS[0]}) is read as that command
// (withoutFirstStatusExit). A cd into the project standing alone (cd
// "$CLAUDE_PROJECT_DIR";) is kept at the front, for plainCall to read
// past. Most commands have none of these, and are returned as they are.
func prefixReadings(command string) (string, []string) {
	var alone []string
	cd := "" // a cd into the project read past, put back in front
	errexit, pipefail := false, false
	done := false
	whole := command
	for round := 0; !done; round++ {
		if round == maxPrefixRounds {
			// Each round reads the rest of the command anew: a command of
			// thousands of prefixes (QA: 20,000 took 90 s) is not read,
			// as any prefix not followed is not, rather than read slowly.
			return whole, nil
		}
		trimmed := strings.TrimLeft(command, " \t\n")
		if !strings.HasPrefix(trimmed, "{") && !strings.HasPrefix(trimmed, "exec") && !strings.HasPrefix(trimmed, "env") && !strings.HasPrefix(trimmed, "/usr/bin/env") && strings.IndexAny(trimmed, ";\n") < 0 && !strings.Contains(trimmed, "$(") &&
			!slices.ContainsFunc(statusLaunchers, func(l string) bool { return strings.HasPrefix(trimmed, l) }) && !hasPipe(trimmed) && !strings.HasPrefix(trimmed, "[ -") && !strings.HasPrefix(trimmed, "test -") {
			break // most commands: not copied
		}
		plain := shlex.WithoutLiteralQuotes(trimmed) // same length: the offsets hold
		switch {
		case slices.ContainsFunc(statusLaunchers, func(l string) bool { return shlex.WordAt(plain, 0, l) }):
			// timeout 5 check.sh: check.sh's status, and nothing on
			// stderr but where the launcher fails itself (125, 127).
			at := statusLauncherEnd(plain)
			if at < 0 || !runsProgram(plain[at:]) && !shlex.WordAt(plain, at, "env") && !shlex.WordAt(plain, at, "/usr/bin/env") || afterAssignments(plain[at:]) != plain[at:] {
				done = true
				break
			}
			command = trimmed[at:]
		case fileTested().MatchString(plain):
			// [ -x check.sh ] && check.sh: the test writes nothing, and
			// when it fails the list goes on with status 1, no exit 2
			// (QA).
			// The tests in a row go in one round ([ -x a ] && [ -f b ] &&).
			at := 0
			for n := len(fileTested().FindString(plain)); n > 0; n = len(fileTested().FindString(plain[at:])) {
				at += n
			}
			command = trimmed[at:]
		case pipesFirst(plain):
			// cat | check.sh: the pipeline's status is check.sh's.
			read, ok := withoutPipelineHead(trimmed, plain)
			if !ok {
				done = true
				break
			}
			command = read
		case shlex.WordAt(plain, 0, "exec") || shlex.WordAt(plain, 0, "env") || shlex.WordAt(plain, 0, "/usr/bin/env"):
			first, _, _ := strings.Cut(plain, " ")
			at := skipLauncherOptions(plain, shlex.SkipBlanks(plain, len(first)), first == "exec")
			// exec env "$(git …)"/guard.sh (a user's exec env
			// "$CLAUDE_PROJECT_DIR"/guard.sh, rewritten for Codex): env is
			// read on the next round (QA).
			envNext := first == "exec" && at >= 0 && (shlex.WordAt(plain, at, "env") || shlex.WordAt(plain, at, "/usr/bin/env"))
			if at < 0 || !envNext && !runsProgram(afterAssignments(plain[at:])) || first == "exec" && shlex.NextOperator(plain, at) != len(plain) {
				done = true // exec x.sh || exit 2: the || never runs
				break
			}
			if first == "exec" && afterAssignments(plain[at:]) != plain[at:] {
				done = true // exec takes no variables: FOO=1 is its program
				break
			}
			command = trimmed[at:]
		case strings.HasPrefix(plain, "{ ") || strings.HasPrefix(plain, "{\t"):
			end := shlex.NextOperator(plain, 1)
			if end == len(plain) || plain[end] != ';' || !shlex.WordAt(plain, shlex.SkipBlanks(plain, end+1), "}") {
				done = true
				break
			}
			closing := shlex.SkipBlanks(plain, end+1)
			inner := strings.TrimSpace(trimmed[1:end])
			// The project's folder as git finds it, which anchorCommand
			// writes before a relative path ({ "$(git …)"/guard.sh; }),
			// is a path, no substitution read here (QA q3 F3).
			if _, _, to, captured := capturedCall(strings.TrimSpace(plain[1:end])); inner == "" || strings.ContainsAny(strings.ReplaceAll(plain[1:end], gitTopLevel, ""), "{}()`") && (!captured || to != len(inner)) {
				done = true // a compound or a substitution inside
				break
			}
			command = inner + trimmed[closing+1:]
		case strings.Contains(plain, "=$(") || strings.Contains(plain, "=\"$("):
			// out=$(check.sh) || exit 2: the assignment's status is the
			// call's, its stdout is kept and its stderr the tool's, as
			// for check.sh >/dev/null || exit 2.
			// input=$(cat); echo "$input" | check.sh: the payload read
			// whole, which writes nothing to stderr; the rest feeds it to
			// what it runs (QA), so its expanding the variable changes
			// nothing read.
			from, to, end, ok := capturedCall(plain)
			if rest := strings.TrimLeft(plain[end:], " \t"); !ok || rest != "" && (rest[0] == ';' || rest[0] == '\n') && !standsApart(plain[:end], rest[1:]) && !strings.Contains(rest, "$?") && !readsPayload(plain[from:to]) {
				done = true // out=$(check.sh); [ -n "$out" ] && exit 2: its value is read
				break
			}
			command = trimmed[from:to] + " >/dev/null" + trimmed[end:]
		default:
			// One command standing alone, then the rest.
			end := shlex.NextOperator(plain, 0)
			next := shlex.SkipSpace(plain, end+1)
			if end == len(plain) || plain[end] != ';' && plain[end] != '\n' || strings.HasPrefix(plain[end:], ";;") || next >= len(plain) {
				done = true
				break
			}
			statement := plain[:end]
			if e, p, ok := shellOptions(statement, errexit, pipefail); ok {
				errexit, pipefail = e, p
			} else if loc := intoProject().FindStringIndex(trimmed); loc != nil && loc[1] == next && cd == "" {
				cd = trimmed[:next]
			} else if shlex.WordAt(plain, 0, "trap") && strings.TrimSpace(withoutQuietTraps(trimmed[:end])) == "true" {
				// trap 'rm -f "$tmp"' EXIT;: writes nothing, sets no
				// code, fails on nothing the rest reads (QA).
			} else if standsApart(statement, plain[next:]) {
				if errexit {
					alone = append(alone, strings.TrimSpace(trimmed[:end]))
				}
			} else {
				done = true
				break
			}
			command = trimmed[next:]
		}
	}
	if strings.Contains(command, "<<<") {
		command = withoutHereStrings(command)
	}
	if pipefail {
		command = withoutPipelineTail(command)
	}
	if strings.Contains(command, "PIPESTATUS") {
		command = withoutFirstStatusExit(command)
	}
	if errexit {
		// set -e; check.sh; [ $? -eq 0 ] || exit 2: check.sh's failure
		// ends the shell with its status, and the test never runs.
		plain := shlex.WithoutLiteralQuotes(command)
		at := shlex.SkipSpace(plain, 0)
		if end := shlex.NextOperator(plain, at); end < len(plain) && (plain[end] == ';' || plain[end] == '\n') && simpleCommand(plain[at:end]) {
			command = command[at:end]
		}
	}
	if cd != "" {
		command = cd + strings.TrimLeft(command, " \t\n")
	}
	return command, alone
}

// maxPrefixRounds bounds the prefixes prefixReadings reads past, a
// round each (a test of a file and the && after it, a command standing
// alone, a launcher …): far more than any hook's command opens with.
const maxPrefixRounds = 64

// fileTested matches a test of a file opening a command and the && after
// it: [ -x check.sh ] &&, test -f check.sh &&.
var fileTested = lazy.Regexp(`^(?:\[[ \t]+-[xfers][ \t]+(?:"[^"]*"|[^ \t\]"]+)+[ \t]+\]|test[ \t]+-[xfers][ \t]+(?:"[^"]*"|[^ \t;&|"]+)+)[ \t]*&&[ \t]*`)

// statusLaunchers are the programs that run the program after them and
// exit with its status, writing nothing to stderr on the way with the
// options statusLauncherEnd follows: timeout (124 when the time runs
// out, the program's status otherwise), nice (which warns on stderr only
// where it may not change the niceness: a negative adjustment), nohup
// (which writes notes only where stdin, stdout or stderr is a terminal,
// none of which a hook's is), and, QA's sixth round: command (which
// runs the program, not a function of that name), stdbuf (which changes
// its buffering), ionice with the best-effort or idle class and chrt
// with a policy other than real time, which a user may set without
// a word.
var statusLaunchers = []string{"timeout", "nice", "nohup", "command", "stdbuf", "ionice", "chrt"}

// statusLauncherEnd returns the offset in plain (a command with its
// quotes blanked, opening with one of statusLaunchers) of the program
// the launcher runs, past the options that change nothing written to
// stderr on the program's own exit: timeout's --preserve-status,
// --foreground, -v (which writes only when the time runs out), -s SIG,
// -k DURATION and its duration; nice's -n N (N not negative) or -N;
// command's -p; stdbuf's -i, -o and -e with their mode; ionice's -c 2
// or 3, -n N and -t; chrt's -o, -b and -i (and -R), then the priority,
// 0; --. -1 at any other option.
func statusLauncherEnd(plain string) int {
	at, end := 0, 0
	next := func() string { // the word at at, end past it
		end = at
		for end < len(plain) && plain[end] != ' ' && plain[end] != '\t' {
			end++
		}
		return plain[at:end]
	}
	launcher := next()
	at = shlex.SkipBlanks(plain, end)
	for at < len(plain) {
		word := next()
		switch {
		case word == "--":
			return shlex.SkipBlanks(plain, end)
		case launcher == "timeout" && (word == "--preserve-status" || word == "--foreground" || word == "-v" || word == "--verbose" ||
			strings.HasPrefix(word, "--signal=") || strings.HasPrefix(word, "--kill-after=") ||
			len(word) > 2 && (strings.HasPrefix(word, "-s") || strings.HasPrefix(word, "-k"))):
		case launcher == "timeout" && (word == "-s" || word == "-k"),
			launcher == "nice" && word == "-n":
			// The option's argument: a signal, a duration, or an
			// adjustment, which must not lower the niceness.
			if at = shlex.SkipBlanks(plain, end); at == len(plain) || launcher == "nice" && strings.Trim(next(), "0123456789") != "" {
				return -1
			}
			next()
		case launcher == "nice" && (strings.HasPrefix(word, "-n") || strings.HasPrefix(word, "--adjustment=")):
			n := strings.TrimPrefix(strings.TrimPrefix(word, "-n"), "--adjustment=")
			if n == "" || strings.Trim(n, "0123456789") != "" {
				return -1
			}
		case launcher == "nice" && len(word) > 1 && word[0] == '-' && strings.Trim(word[1:], "0123456789") == "":
			// nice -10: the adjustment 10 (nice --10 lowers it: not here).
		case launcher == "command" && word == "-p",
			launcher == "stdbuf" && len(word) > 2 && (strings.HasPrefix(word, "-i") || strings.HasPrefix(word, "-o") || strings.HasPrefix(word, "-e") || strings.HasPrefix(word, "--input=") || strings.HasPrefix(word, "--output=") || strings.HasPrefix(word, "--error=")),
			launcher == "ionice" && (word == "-c2" || word == "-c3" || word == "-t" || len(word) > 2 && strings.HasPrefix(word, "-n") && strings.Trim(word[2:], "0123456789") == ""),
			launcher == "chrt" && (word == "-o" || word == "-b" || word == "-i" || word == "-R" || word == "--other" || word == "--batch" || word == "--idle" || word == "--reset-on-fork"):
		case launcher == "stdbuf" && (word == "-i" || word == "-o" || word == "-e"),
			launcher == "ionice" && (word == "-c" || word == "-n"):
			// The option's argument: a buffering mode, a class (best
			// effort or idle: real time needs root), a level.
			if at = shlex.SkipBlanks(plain, end); at == len(plain) {
				return -1
			}
			if arg := next(); launcher == "ionice" && (word == "-c" && arg != "2" && arg != "3" || strings.Trim(arg, "0123456789") != "") {
				return -1
			}
		case strings.HasPrefix(word, "-"):
			return -1
		case launcher == "chrt":
			// The priority, 0 for the policies read; the program follows.
			if word != "0" {
				return -1
			}
			return shlex.SkipBlanks(plain, end)
		case launcher == "timeout":
			if !timeoutDuration().MatchString(word) {
				return -1
			}
			return shlex.SkipBlanks(plain, end) // the duration read: the program follows
		default:
			return at
		}
		at = shlex.SkipBlanks(plain, end)
	}
	return -1
}

// timeoutDuration matches timeout's duration: a number, a fraction too,
// with its unit (5, 0.5, 10s, 2m).
var timeoutDuration = lazy.Regexp(`^(?:[0-9]+\.?[0-9]*|\.[0-9]+)[smhd]?$`)

// hasPipe reports whether command holds a | that is no ||: a pipeline
// (or a >|, which pipesFirst then reads as no pipe).
func hasPipe(command string) bool {
	for i := 0; i < len(command); i++ {
		if command[i] == '|' {
			if i+1 < len(command) && command[i+1] == '|' {
				i++
				continue
			}
			return true
		}
	}
	return false
}

// pipesFirst reports whether plain (a command with its quotes blanked)
// opens with a pipeline of several commands: its first command ends at
// a single |.
func pipesFirst(plain string) bool {
	end := shlex.NextOperator(plain, 0)
	return end < len(plain) && plain[end] == '|' && !strings.HasPrefix(plain[end:], "||")
}

// withoutPipelineHead returns command (plain, with its quotes blanked),
// whose first pipeline runs several commands, without those before the
// pipeline's last, which alone gives the pipeline its status (cat |
// check.sh || exit 2 is read as check.sh || exit 2; under pipefail, a
// failing one before it exits 2 no more than it does) and gets what they
// print on its stdin: when they show all they do (allVisible) and write
// nothing to stderr. Not ok otherwise, with a |& (their stderr down the
// pipe too: not followed) or where the rest tests PIPESTATUS, whose
// numbers they hold.
func withoutPipelineHead(command, plain string) (string, bool) {
	last := 0
	for at := shlex.NextOperator(plain, 0); at < len(plain) && plain[at] == '|' && !strings.HasPrefix(plain[at:], "||"); at = shlex.NextOperator(plain, last) {
		if at+1 < len(plain) && plain[at+1] == '&' {
			return "", false
		}
		last = at + 1
	}
	// The blanks before the | go: opaque reads a word "." followed by
	// a blank as the source command (jq -c . | check.sh: QA).
	head := strings.TrimRight(command[:last-1], " \t")
	if strings.TrimSpace(command[last:]) == "" || strings.Contains(command[last:], "PIPESTATUS") || !allVisible(head, forExit) || stderrWrite().MatchString(plain[:last-1]) {
		return "", false
	}
	return strings.TrimLeft(command[last:], " \t"), true
}

// passesFirstStatusOn matches an exit ending a command with bash's
// ${PIPESTATUS[0]}: the status of the first command of the pipeline
// before it.
var passesFirstStatusOn = lazy.Regexp(`(?:;|\n)[ \t]*exit[ \t]+"?\$\{PIPESTATUS\[0\]\}"?$`)

// withoutFirstStatusExit returns command, a pipeline ended by an exit
// with its first command's status (check.sh | tee log; exit
// ${PIPESTATUS[0]}), as that command alone, when what follows it in the
// pipeline shows all it does and writes nothing to stderr
// (withoutPipelineTail): the command then exits as check.sh does (in
// bash: zsh sets no PIPESTATUS, which HC439 says). After one command,
// ${PIPESTATUS[0]} is $?, and the exit is dropped alike. Any other
// command is returned as it is.
func withoutFirstStatusExit(command string) string {
	loc := passesFirstStatusOn().FindStringIndex(command)
	if loc == nil {
		return command
	}
	call := strings.TrimSpace(withoutPipelineTail(strings.TrimSpace(command[:loc[0]])))
	if plain := shlex.WithoutLiteralQuotes(call); call == "" || shlex.NextOperator(plain, 0) != len(plain) {
		return command // not one pipeline, or what follows its first command not seen
	}
	return call
}

// capturedCall reads plain (a command with its quotes blanked) as
// opening with an assignment of one command substitution whose status
// is the command's, NAME=$(call) or NAME="$(call)", the call one simple
// command: where the call starts and ends, and where the assignment
// ends. Not ok when anything but a ;, a line break, && or || follows
// it (out=$(a) b runs b with out set).
func capturedCall(plain string) (from, to, end int, ok bool) {
	m := capturedAssignment().FindStringSubmatchIndex(plain)
	if m == nil || plain[m[4]:m[5]] != plain[m[8]:m[9]] {
		return 0, 0, 0, false
	}
	from, to, end = m[6], m[7], m[1]
	call := strings.TrimSpace(plain[from:to])
	if call == "" || shlex.NextOperator(call, 0) != len(call) || !simpleCommand(call) {
		return 0, 0, 0, false
	}
	rest := strings.TrimLeft(plain[end:], " \t")
	if rest != "" && rest[0] != ';' && rest[0] != '\n' && !strings.HasPrefix(rest, "&&") && !strings.HasPrefix(rest, "||") {
		return 0, 0, 0, false
	}
	return from, to, end, true
}

// hereStringOfVar matches a here-string of a variable's value (<<<
// "$input"), the blanks before it too.
var hereStringOfVar = lazy.Regexp(`[ \t]*<<<[ \t]*(?:"\$\{?[A-Za-z_]\w*\}?"|\$\{?[A-Za-z_]\w*\}?)`)

// withoutHereStrings returns command without its here-strings of a
// variable's value (check.sh <<< "$input" is read as check.sh: QA): they
// feed the value to the command's standard input, and write nothing.
func withoutHereStrings(command string) string {
	plain := shlex.WithoutLiteralQuotes(command) // same length: the offsets hold
	locs := hereStringOfVar().FindAllStringIndex(plain, -1)
	for k := len(locs) - 1; k >= 0; k-- {
		if loc := locs[k]; plain[loc[0]:loc[1]] == command[loc[0]:loc[1]] {
			command = command[:loc[0]] + command[loc[1]:]
		}
	}
	return command
}

// readsPayload reports whether call (its quotes blanked) only reads
// standard input, the payload, whole: cat, cat -, cat /dev/stdin.
func readsPayload(call string) bool {
	words := strings.Fields(call)
	return len(words) > 0 && words[0] == "cat" && (len(words) == 1 || len(words) == 2 && (words[1] == "-" || words[1] == "/dev/stdin"))
}

// capturedAssignment matches NAME=$(…) or NAME="$(…)" opening a command,
// nothing inside opening another: the name, the quote, the inside and
// the closing quote.
var capturedAssignment = lazy.Regexp(`^([A-Za-z_]\w*)=("?)\$\(([^()` + "`" + `]*)\)("?)`)

// shellOptions reads statement as set with options that change how the
// shell runs a list and write nothing (-e, -u, -o pipefail, +e, …): ok
// with errexit and pipefail as they stand after it. Not ok for anything
// else (set -x traces to stderr, set -- sets the arguments).
func shellOptions(statement string, errexit, pipefail bool) (bool, bool, bool) {
	words := strings.Fields(statement)
	if len(words) < 2 || words[0] != "set" {
		return false, false, false
	}
	for i := 1; i < len(words); i++ {
		w := words[i]
		if len(w) < 2 || w[0] != '-' && w[0] != '+' || strings.Trim(w[1:], "euo") != "" {
			return false, false, false
		}
		on := w[0] == '-'
		if strings.Contains(w, "e") {
			errexit = on
		}
		if strings.Contains(w, "o") {
			if i++; i == len(words) {
				return false, false, false
			}
			switch words[i] {
			case "errexit":
				errexit = on
			case "pipefail":
				pipefail = on
			case "nounset":
			default:
				return false, false, false
			}
		}
	}
	return errexit, pipefail, true
}

// standsApart reports whether statement (its quotes blanked), a command
// standing alone before rest, changes nothing of how rest exits or what
// it writes to stderr but by what it writes itself: one simple command
// (simpleCommand), no exec (which may move the shell's stderr), cd
// (which moves where rest's paths lead), source, ., eval, set, alias,
// builtin, command or function (which may change what rest runs), exit
// or return; no write to stderr (echo checking >&2 makes every path
// loud), no variable rest expands (rc=0, input=$(cat)), and no $? or
// PIPESTATUS tested by the command after it.
func standsApart(statement, rest string) bool {
	if !simpleCommand(statement) || stderrWrite().MatchString(statement) {
		return false
	}
	first, _, _ := strings.Cut(afterAssignments(strings.TrimSpace(statement)), " ")
	switch first {
	case "exec", "cd", "source", ".", "eval", "set", "alias", "builtin", "command", "function", "exit", "return", "hash", "enable", "trap":
		// trap: its action, quoted, runs at the exit (QA: trap 'echo
		// blocked >&2' EXIT made every exit loud, read as no write);
		// prefixReadings reads past one that changes nothing.
		return false
	}
	nextEnd := shlex.NextOperator(rest, 0)
	if next := rest[:nextEnd]; strings.Contains(next, "$?") || strings.Contains(next, "PIPESTATUS") {
		return false // check.sh; [ $? -eq 0 ] || exit 2: it is the call
	}
	for _, w := range strings.Fields(statement) {
		name, _, assigns := strings.Cut(w, "=")
		if assigns && (strings.Contains(rest, "$"+name) || strings.Contains(rest, "${"+name)) {
			return false
		}
	}
	return true
}

// simpleCommand reports whether statement (its quotes blanked) is one
// simple command: no keyword opening a compound, no group, subshell or
// backquote; $( … ) and ${ … } are words of it.
func simpleCommand(statement string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(statement), " ")
	if first == "" || slices.Contains(shlex.Keywords, first) || slices.Contains(shlex.CompoundWords, first) {
		return false
	}
	depth := 0
	for i := 0; i < len(statement); i++ {
		switch statement[i] {
		case '(', '{':
			if i == 0 || statement[i-1] != '$' {
				return false
			}
			depth++
		case ')', '}':
			if depth--; depth < 0 {
				return false
			}
		case '`':
			return false
		}
	}
	return depth == 0
}

// withoutPipelineTail returns command, run under set -o pipefail, with
// what follows its first command's pipe dropped when that shows all it
// does and writes nothing to stderr (check.sh | tee log || exit 2 is
// read as check.sh || exit 2): the pipeline fails when check.sh does,
// and its stdout alone goes down the pipe.
func withoutPipelineTail(command string) string {
	plain := shlex.WithoutLiteralQuotes(command)
	end := shlex.NextOperator(plain, 0)
	if end == len(plain) || plain[end] != '|' || strings.HasPrefix(plain[end:], "||") {
		return command
	}
	tailEnd := shlex.PipelineEnd(plain, end)
	tail := command[end+1 : tailEnd]
	if strings.TrimSpace(tail) == "" || !allVisible(tail, forExit) || stderrWrite().MatchString(plain[end+1:tailEnd]) {
		return command
	}
	call, rest := strings.TrimRight(command[:end], " \t"), strings.TrimLeft(command[tailEnd:], " \t")
	if rest != "" && (rest[0] == ';' || rest[0] == '\n') {
		return call + rest
	}
	return call + " " + rest
}

// skipLauncherOptions returns the offset in plain, from at, past the
// options of exec (-a NAME, -c, -l) or of env (-i, -, -u NAME), which
// change the program's name or environment and nothing it writes, up to
// the first word that is no option; -1 at any other option (env -C DIR
// runs it elsewhere, env -S splits a string, env -v writes to stderr).
func skipLauncherOptions(plain string, at int, exec bool) int {
	for at < len(plain) {
		end := at
		for end < len(plain) && plain[end] != ' ' && plain[end] != '\t' {
			end++
		}
		word := plain[at:end]
		switch {
		case word == "--":
			return shlex.SkipBlanks(plain, end)
		case !strings.HasPrefix(word, "-"):
			return at
		case exec && (word == "-c" || word == "-l" || word == "-cl" || word == "-lc"),
			!exec && (word == "-" || word == "-i" || word == "--ignore-environment" || strings.HasPrefix(word, "--unset=") || len(word) > 2 && strings.HasPrefix(word, "-u")):
		case exec && word == "-a", !exec && word == "-u":
			// The option's argument: the program's name, or the variable.
			if end = shlex.SkipBlanks(plain, end); end == len(plain) {
				return -1
			}
			for end < len(plain) && plain[end] != ' ' && plain[end] != '\t' {
				end++
			}
		default:
			return -1
		}
		at = shlex.SkipBlanks(plain, end)
	}
	return -1
}

// afterAssignments returns words without the NAME=value words opening
// them.
func afterAssignments(words string) string {
	for {
		first, rest, _ := strings.Cut(words, " ")
		if !strings.Contains(first, "=") || !assignment().MatchString(first) {
			return words
		}
		words = strings.TrimLeft(rest, " \t")
	}
}

// runsProgram reports whether words starts with a program exec or env
// may run: a path (./guard.sh, "$CLAUDE_PROJECT_DIR"/guard.sh) or an
// interpreter (python3), not a builtin (exit, cd) or an assignment.
func runsProgram(words string) bool {
	first, _, _ := strings.Cut(words, " ")
	return first != "" && (strings.IndexByte("./\"$~", first[0]) >= 0 || interpreterLang(path.Base(first)) != "")
}

// withExitCodeInlined returns rc=0; check.sh || rc=2; exit $rc as the
// command it runs alike, check.sh || exit 2: the code kept in a
// variable, set on the call's failure and exited with last; commands
// that stand apart between the first setting and the call (rc=0;
// mkdir -p "$D"; check.sh || rc=2; exit $rc), or between the setting on
// failure and the exit (check.sh || rc=2; echo done; exit $rc: QA), are
// read past, as prefixReadings reads past them. Any other command is
// returned as is.
func withExitCodeInlined(command string) string {
	if !strings.Contains(command, "||") || !strings.Contains(command, "=0") && !strings.Contains(command, "=$?") && !strings.Contains(command, `="$?"`) {
		return command // most commands: the regexps are not run
	}
	read := command
	if loc := exitCodeInit().FindStringIndex(command); loc != nil {
		read = command[:loc[1]] + withoutNoOpPrefix(command[loc[1]:])
	}
	if m := statusKept().FindStringSubmatch(read); m != nil && (m[1] == "" || m[1] == m[3]) {
		// rc=0; check.sh || rc=$?: rc is check.sh's status either way,
		// as after check.sh; rc=$? (QA), which withSavedStatusPassedOn
		// and failureBody read. Unset rather than 0 on success without
		// the rc=0, which changes no path that exits 2.
		return m[2] + "; " + m[3] + "=$?\n" + read[len(m[0]):]
	}
	m := exitCodeKept().FindStringSubmatch(read)
	if m == nil || m[3] != m[1] {
		return command
	}
	// What follows the setting on failure, read past what stands apart
	// (echo done;): the exit through the variable, alone. Not under a
	// set -e there, where what stands apart may end the shell first.
	tail, alone := prefixReadings(read[len(m[0]):])
	exit := exitThroughVar().FindStringSubmatch(tail)
	if exit == nil || exit[1]+exit[2] != m[1] || len(alone) > 0 {
		return command
	}
	return m[2] + " || exit " + m[4]
}

// statusKept matches check.sh || rc=$?; opening a command, after rc=0;
// or not: the variable set first (or ""), the call, and the variable
// the call's failing status is saved in.
var statusKept = lazy.Regexp(`^[ \t\n]*(?:([A-Za-z_]\w*)=0[ \t]*[;\n][ \t\n]*)?([^;&|\n'` + "`" + `]+?)[ \t]*\|\|[ \t]*([A-Za-z_]\w*)=("?)\$\?("?)[ \t]*[;\n]`)

// withSavedStatusPassedOn returns check.sh; rc=$?; exit $rc as the
// command it runs alike, check.sh: the status saved, then passed on by
// the exit ending the command, past commands that stand apart between
// (check.sh; rc=$?; echo done; exit $rc: QA), as prefixReadings reads
// past them. Any other command is returned as is.
func withSavedStatusPassedOn(command string) string {
	if !strings.Contains(command, "=$?") && !strings.Contains(command, `="$?"`) {
		return command // most commands: the regexps are not run
	}
	// The rest after a saving is read past about a statement a round: one
	// followed by more ; and line breaks (quoted and blank ones too) than
	// prefixReadings reads rounds is taken as unread, not tried, so that
	// thousands of savings are not each read with the rest of the
	// command (QA: 20,000 took 90 s). A few readable ones (many blank
	// lines) are given up on too: the command is then read as it is.
	seps, counted := strings.Count(command, ";")+strings.Count(command, "\n"), 0
	for _, loc := range statusSaved().FindAllStringSubmatchIndex(command, -1) {
		seps -= strings.Count(command[counted:loc[1]], ";") + strings.Count(command[counted:loc[1]], "\n")
		counted = loc[1]
		if seps > maxPrefixRounds {
			continue
		}
		before := withoutClosingSemicolon(command[:loc[2]])
		if before == "" || strings.HasSuffix(before, "&&") || strings.HasSuffix(before, "||") || strings.HasSuffix(before, "|") {
			continue
		}
		tail, alone := prefixReadings(command[loc[1]:])
		exit := exitThroughVar().FindStringSubmatch(tail)
		if exit != nil && exit[1]+exit[2] == command[loc[4]:loc[5]] && len(alone) == 0 {
			return before
		}
	}
	return command
}

// statusSaved matches rc=$?; standing as a command of its own: the ;,
// line break or start before it, and the name.
var statusSaved = lazy.Regexp(`(?:^|[;\n])[ \t\n]*(([A-Za-z_]\w*)="?\$\?"?[ \t]*[;\n])`)

// exitCodeInit matches the rc=0; opening exitCodeKept's command.
var exitCodeInit = lazy.Regexp(`^[ \t\n]*[A-Za-z_]\w*=0[ \t]*[;\n]`)

// exitCodeKept matches rc=0; call || rc=N; opening a command: the
// variable, the call, the variable set on failure and N; exitThroughVar
// the exit ending it, exit $rc, and the variable it exits with (${rc}
// or $rc).
var (
	exitCodeKept   = lazy.Regexp(`^[ \t\n]*([A-Za-z_]\w*)=0[ \t]*[;\n][ \t\n]*([^;&|\n'` + "`" + `]+?)[ \t]*\|\|[ \t]*([A-Za-z_]\w*)=([0-9]+)[ \t]*[;\n]`)
	exitThroughVar = lazy.Regexp(`^[ \t\n]*exit[ \t]+"?\$(?:\{([A-Za-z_]\w*)(?::-0)?\}|([A-Za-z_]\w*))"?$`)
)

// withoutClosingSemicolon returns command without the blanks ending it
// and a ; after its last command (not the ;; of a case, not \;).
func withoutClosingSemicolon(command string) string {
	command = strings.TrimRight(command, " \t\n")
	if strings.HasSuffix(command, ";") && !strings.HasSuffix(command, ";;") && !strings.HasSuffix(command, "\\;") {
		command = strings.TrimRight(command[:len(command)-1], " \t\n")
	}
	return command
}

// passesStatusOn matches an exit ending a command with the status of
// what ran before it, after ;, a line break, || or &&: either way the
// command exits with that status, as it would without the exit. A bare
// exit does the same (check.sh || exit: QA).
var passesStatusOn = lazy.Regexp(`(?:;|\n|\|\||&&)[ \t]*exit(?:[ \t]+(?:\$\?|"\$\?"))?$`)

// span is a range of a text's offsets, end excluded.
type span struct{ start, end int }

// scriptShape is what exitsTwoSilently reads of a script's structure.
type scriptShape struct {
	// writesAt are where the text writes to stderr (stderrWrite), found
	// once for every reading below.
	writesAt []int
	// toStderr are the spans of the compound commands whose output goes
	// to standard error, sorted and disjoint; printsAt where a command
	// that prints (echo, printf, cat) stands, sorted.
	toStderr []span
	printsAt []int
	// stderrAway are the compounds whose standard error goes elsewhere
	// ({ …; } 2>/dev/null, fi 2>>log), sorted by start, with the one
	// holding each (awayParent); execAway where an exec sends the
	// script's elsewhere from on (exec 2>/dev/null), -1 for none. A
	// write muted by them (mutedAt) is none.
	stderrAway []span
	awayParent []int
	execAway   int
	// bodies are the script's function bodies, sorted by start; calls
	// where each of those functions is called; loudCalls where the
	// script calls one that writes to stderr and returns.
	bodies     []span
	parent     []int // the body holding each, -1 for none
	calls      [][]int
	calledAway []bool // some call of it sends its stderr away
	loudCalls  []int
	// blocks are all the compound commands, sorted by start, with the
	// one holding each (-1: none); endings the exits of each block (-1:
	// the top level) that end every path through it, sorted: an exit at
	// a command's start, not after && or || (die() { …; exit 1; }).
	blocks       []span
	blockParent  []int
	subshell     []bool // in ( … ) or $( … ), however deep
	conditional  []bool // if, case or a loop: its commands may not run
	branches     [][]int
	allBranches  []bool // an if or case whose every branch writes or exits (readAlwaysWrites)
	condAncestor []int  // the innermost conditional block holding each, itself included; -1: none
	endings      map[int][]int
	returnings   map[int][]int // the same for return
	// anyReturns are where a return stands, however conditional ([ -t 2 ]
	// || return 0), outside subshells, sorted.
	anyReturns []int
}

// printCommand matches a command that prints to standard output.
var printCommand = lazy.Regexp(`(?:^|[\s;&|({])(?:echo|printf|cat)\b`)

// readShape reads a shell text's shape (its quotes blanked). A text whose
// compounds do not pair up has none: every exit is then taken as at the
// top level and not redirected, which warns rather than miss a silent
// exit.
func readShape(plain string) *scriptShape {
	shape := &scriptShape{execAway: -1}
	for _, loc := range stderrWrite().FindAllStringIndex(plain, -1) {
		shape.writesAt = append(shape.writesAt, loc[0])
	}
	compounds := shellCompounds(plain)
	for _, c := range compounds {
		if c.toStderr {
			shape.toStderr = append(shape.toStderr, c.span)
		}
		if c.stderrAway {
			shape.stderrAway = append(shape.stderrAway, c.span)
		}
	}
	// exec 2>>log (or exec >&2) changes the script's descriptors for the
	// rest of it: a span from there to the end.
	for _, m := range execRedirects().FindAllStringSubmatchIndex(plain, -1) {
		if out, errs, ok := followRedirects(plain[m[4]:m[5]]); ok {
			if out == toStderr {
				shape.toStderr = append(shape.toStderr, span{m[0], len(plain)})
			}
			if errs != toStderr && (shape.execAway < 0 || m[0] < shape.execAway) {
				shape.execAway = m[0]
			}
		}
	}
	shape.toStderr = outermost(shape.toStderr)
	slices.SortFunc(shape.stderrAway, func(a, b span) int { return a.start - b.start })
	shape.awayParent = nesting(shape.stderrAway)
	if len(shape.toStderr) > 0 {
		for _, loc := range printCommand().FindAllStringIndex(plain, -1) {
			if !printsElsewhere(plain, loc[1]) {
				shape.printsAt = append(shape.printsAt, loc[0])
			}
		}
	}
	shape.readBlocks(plain, compounds)
	shape.readFunctions(plain, compounds)
	return shape
}

// returnWord matches a return command anywhere.
var returnWord = lazy.Regexp(`(?:^|[\s;&|({])return\b`)

// exitCommand matches the exit and return commands, any code.
var exitCommand = lazy.Regexp(`(?:^|[\s;&|({])(exit|return)\b`)

// readBlocks indexes the compound commands and the exits that end every
// path through the block holding them.
func (sh *scriptShape) readBlocks(plain string, compounds []compound) {
	sorted := slices.Clone(compounds)
	slices.SortFunc(sorted, func(a, b compound) int { return a.start - b.start })
	sh.subshell = make([]bool, len(sorted))
	sh.conditional = make([]bool, len(sorted))
	sh.branches = make([][]int, len(sorted))
	catchAll := make([]bool, len(sorted))
	for k, c := range sorted {
		sh.branches[k], catchAll[k] = c.branches, c.catchAll
		sh.blocks = append(sh.blocks, c.span)
		sh.subshell[k] = c.closer == ")" // ( … ) and $( … ): an exit there ends only them
		sh.conditional[k] = c.closer == "fi" || c.closer == "esac" || c.closer == "done"
	}
	sh.blockParent = nesting(sh.blocks)
	// Inside a subshell, however deep: its parents come first.
	for k := range sh.blocks {
		if p := sh.blockParent[k]; p >= 0 && sh.subshell[p] {
			sh.subshell[k] = true
		}
	}
	sh.readCondAncestors()
	sh.endings, sh.returnings = map[int][]int{}, map[int][]int{}
	for _, m := range exitCommand().FindAllStringSubmatchIndex(plain, -1) {
		at := m[2]
		if !shlex.AtCommandStart(plain, at) {
			continue
		}
		b := sh.blockOf(at)
		if b >= 0 && sh.subshell[b] {
			continue
		}
		if plain[at] == 'r' {
			sh.anyReturns = append(sh.anyReturns, at)
		}
		if afterAndOr(plain, at) {
			continue
		}
		if plain[at] == 'r' { // return: the path ends in its function, and goes on in the caller
			sh.returnings[b] = append(sh.returnings[b], at)
			continue
		}
		sh.endings[b] = append(sh.endings[b], at)
	}
	sh.readAlwaysWrites(plain, catchAll)
}

// readAlwaysWrites finds the ifs and cases of which some branch always
// runs (an else, a *) arm) and every branch writes to stderr or exits:
// past such a compound, every path has written, as in
// if …; then echo a >&2; else echo b >&2; fi; exit 2. They are no longer
// conditional, and an exit in one of their branches ends no path through
// another. A write counts for a branch only where no other if, case or
// loop inside the branch holds it.
func (sh *scriptShape) readAlwaysWrites(plain string, catchAll []bool) {
	sh.allBranches = make([]bool, len(sh.blocks))
	marked := map[int][]bool{} // per block with a catch-all: which branches write or end
	branchOf := func(b, at int) int { return sort.SearchInts(sh.branches[b], at+1) }
	mark := func(b, at int) {
		if b < 0 || !catchAll[b] || len(sh.branches[b]) == 0 {
			return
		}
		if marked[b] == nil {
			marked[b] = make([]bool, len(sh.branches[b])+1)
		}
		marked[b][branchOf(b, at)] = true
	}
	for _, at := range sh.writesAt {
		if sh.writes(plain, at) {
			mark(sh.conditionalOf(at), at)
		}
	}
	for b, list := range sh.endings {
		for _, at := range list {
			mark(b, at)
		}
	}
	changed := false
	for b, m := range marked {
		if !slices.Contains(m, false) {
			sh.allBranches[b], sh.conditional[b], changed = true, false, true
		}
	}
	if changed {
		sh.readCondAncestors()
	}
}

// readCondAncestors sets, for each block, the innermost if, case or loop
// holding it, itself included (-1: none). Parents come first in blocks.
func (sh *scriptShape) readCondAncestors() {
	sh.condAncestor = make([]int, len(sh.blocks))
	for k := range sh.blocks {
		switch p := sh.blockParent[k]; {
		case sh.conditional[k]:
			sh.condAncestor[k] = k
		case p >= 0:
			sh.condAncestor[k] = sh.condAncestor[p]
		default:
			sh.condAncestor[k] = -1
		}
	}
}

// andOrReach returns how far a write at offset at covers exits when it
// runs only on a condition: after && or || in its command list (cond &&
// echo no >&2; exit 2), to the list's end; in a group or subshell run
// after && or || (cond || { echo no >&2; }), to the group's end. There a
// path that skipped the write arrives too. len(plain) when neither.
func (sh *scriptShape) andOrReach(plain string, at int) int {
	reach, from, to := len(plain), 0, len(plain)
	if b := sh.blockOf(at); b >= 0 {
		open := sh.blocks[b].start
		from, to = open+1, sh.blocks[b].end
		if c := plain[open]; (c == '{' || c == '(') && afterAndOr(plain, open) {
			reach = to
		}
	}
	start := listStart(plain, from, at)
	if strings.Contains(plain[start:at], "&&") || strings.Contains(plain[start:at], "||") {
		reach = min(reach, listEnd(plain, at, to))
	}
	return reach
}

// maxListScan bounds how far listStart and listEnd look for a list's
// ends, so that a line of thousands of commands costs linear time; past
// it a list is taken as starting (or ending) there.
const maxListScan = 2048

// listStart returns where the command list holding offset at starts, no
// earlier than from: after the last ; or line break that no &&, ||, |
// or backslash continues.
func listStart(plain string, from, at int) int {
	from = max(from, at-maxListScan)
	for i := at - 1; i >= from; i-- {
		switch plain[i] {
		case ';':
			return i + 1
		case '\n':
			if !continuedLine(plain[from:i]) {
				return i + 1
			}
		}
	}
	return from
}

// listEnd returns where the command list holding offset at ends, no
// later than to: at the next ; or line break that does not continue it.
func listEnd(plain string, at, to int) int {
	to = min(to, at+maxListScan)
	for i := at; i < to; i++ {
		switch plain[i] {
		case ';':
			return i
		case '\n':
			if !continuedLine(plain[at:i]) {
				return i
			}
		}
	}
	return to
}

// continuedLine reports whether a line ending as before does goes on on
// the next one: after &&, ||, | or a backslash.
func continuedLine(before string) bool {
	before = strings.TrimRight(before, " \t")
	return strings.HasSuffix(before, "&&") || strings.HasSuffix(before, "|") || strings.HasSuffix(before, "\\")
}

// afterAndOr reports whether the command at offset at runs only on a
// condition: after && or ||.
func afterAndOr(plain string, at int) bool {
	i := at - 1
	for i >= 0 && (plain[i] == ' ' || plain[i] == '\t' || plain[i] == '\n' || plain[i] == '\\') {
		i-- // cmd ||\n  exit 0 continues the list on the next line
	}
	return i >= 1 && (plain[i] == '&' && plain[i-1] == '&' || plain[i] == '|' && plain[i-1] == '|')
}

// bodyBlock is the block index of function k's body, -1 for the top
// level (k -1) or a body not among the blocks.
func (sh *scriptShape) bodyBlock(k int) int {
	if k < 0 {
		return -1
	}
	start := sh.bodies[k].start
	b := sort.Search(len(sh.blocks), func(b int) bool { return sh.blocks[b].start >= start })
	if b < len(sh.blocks) && sh.blocks[b].start == start {
		return b
	}
	return -1
}

// conditionalOf is the innermost if, case or loop holding offset at, -1
// for none.
func (sh *scriptShape) conditionalOf(at int) int {
	if b := sh.blockOf(at); b >= 0 {
		return sh.condAncestor[b]
	}
	return -1
}

// blockOf is the innermost compound holding offset at, -1 for none.
func (sh *scriptShape) blockOf(at int) int { return innermost(sh.blocks, sh.blockParent, at) }

// nesting returns, for spans sorted by start and nested or apart, the
// index of the one holding each (-1: none).
func nesting(spans []span) []int {
	parent := make([]int, len(spans))
	var open []int // the spans holding the current one
	for k, sp := range spans {
		for len(open) > 0 && spans[open[len(open)-1]].end <= sp.start {
			open = open[:len(open)-1]
		}
		parent[k] = -1
		if len(open) > 0 {
			parent[k] = open[len(open)-1]
		}
		open = append(open, k)
	}
	return parent
}

// innermost is the innermost of spans (sorted by start, with parent from
// nesting) holding offset at, -1 for none.
func innermost(spans []span, parent []int, at int) int {
	k := sort.Search(len(spans), func(k int) bool { return spans[k].start > at }) - 1
	for k >= 0 && at >= spans[k].end {
		k = parent[k] // past a nested one: the one holding it
	}
	return k
}

// pathEnd is where the path through offset at surely ends: the first exit
// after it that ends every path through a block holding it (and, with
// returns, the first return), looked for from the innermost block out to
// stop (a block index; -1: the top level). An exit in another branch of
// the same if or case counts too: the path that writes may go on past it,
// but one that does not write may also reach a later exit, so the write
// is not taken as made there (a needless warning at worst, never a miss).
// A write there reaches no exit past that one. len(plain)+1 when the path
// goes on.
func (sh *scriptShape) pathEnd(plain string, at, stop int, returns bool) int {
	none := len(plain) + 1
	for b := sh.blockOf(at); ; b = sh.blockParent[b] {
		end := none
		if k := sort.SearchInts(sh.endings[b], at+1); k < len(sh.endings[b]) {
			end = sh.endings[b][k]
		}
		if returns {
			// A return outside every function (return 2 2>/dev/null ||
			// exit 2, in a script that may be sourced) fails when the
			// script runs, and ends nothing.
			if k := sort.SearchInts(sh.returnings[b], at+1); k < len(sh.returnings[b]) && sh.regionOf(sh.returnings[b][k]) >= 0 {
				end = min(end, sh.returnings[b][k])
			}
		}
		if end < none && b >= 0 && sh.allBranches[b] {
			// The first ending in at's own branch, if any: one in another
			// branch ends no path through this one.
			list, mine := sh.endings[b], sort.SearchInts(sh.branches[b], at+1)
			end = none
			for k := sort.SearchInts(list, at+1); k < len(list); k++ {
				if sort.SearchInts(sh.branches[b], list[k]+1) == mine {
					end = list[k]
					break
				}
			}
		}
		if end < none {
			return end
		}
		if b == stop || b < 0 {
			return none
		}
	}
}

// outermost sorts spans and keeps those no other holds. Inner compounds
// lie inside outer ones, which close later: sorted by start, each kept
// span holds those after it that it contains.
func outermost(spans []span) []span {
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	kept := spans[:0]
	for _, sp := range spans {
		if n := len(kept); n > 0 && sp.start < kept[n-1].end {
			continue
		}
		kept = append(kept, sp)
	}
	return kept
}

// spanAt returns the span of sorted, disjoint spans that holds offset at.
func spanAt(spans []span, at int) (span, bool) {
	k := sort.Search(len(spans), func(k int) bool { return spans[k].start > at }) - 1
	if k < 0 || at >= spans[k].end {
		return span{}, false
	}
	return spans[k], true
}

// printsElsewhere reports whether the print command whose name ends at
// offset at sends its output somewhere of its own (printf x >/dev/null).
func printsElsewhere(plain string, at int) bool {
	out, _, ok := commandRedirects(plain, at)
	return !ok || out != toStdout
}

// commandRedirects follows the redirections of the command that goes on
// from offset at to the end of its line or the next ;, | or &&: where it
// leaves standard output and standard error (followRedirects). A command
// without any leaves both where they were.
func commandRedirects(plain string, at int) (out, errs string, ok bool) {
	end := at
	for end < len(plain) && plain[end] != '\n' && plain[end] != ';' && plain[end] != '|' &&
		!(plain[end] == '&' && end+1 < len(plain) && plain[end+1] == '&') {
		end++
	}
	if !strings.Contains(plain[at:end], ">") {
		return toStdout, toStderr, true
	}
	return followRedirects(plain[at:end])
}

// regionOf is the function body holding offset at (its index in bodies),
// or -1 for the top level. Of nested bodies, the innermost one.
func (sh *scriptShape) regionOf(at int) int { return innermost(sh.bodies, sh.parent, at) }

// printsToStderrBefore reports whether offset at lies in a compound whose
// output goes to stderr, after a command in it that prints.
func (sh *scriptShape) printsToStderrBefore(at int) bool {
	sp, ok := spanAt(sh.toStderr, at)
	if !ok {
		return false
	}
	p := sort.SearchInts(sh.printsAt, sp.start)
	return p < len(sh.printsAt) && sh.printsAt[p] < at
}

// readFunctions finds the script's function bodies and where it calls a
// loud one: one whose body writes to stderr (or calls a loud one) on a
// path that returns, so that its caller goes on having written. A write
// followed by an exit that ends its path (die() { echo "$1" >&2; exit 1;
// }, need() { … || { echo no >&2; exit 1; }; }) reaches no later exit.
func (sh *scriptShape) readFunctions(plain string, compounds []compound) {
	defs := functionDef().FindAllStringSubmatchIndex(plain, -1)
	if len(defs) == 0 || compounds == nil {
		return
	}
	bodies := make(map[int]span, len(compounds)) // by where its { (or its ( ) stands
	for _, c := range compounds {
		if c.closer == "}" || c.closer == ")" {
			bodies[c.start] = c.span
		}
	}
	type function struct {
		name string
		body span
	}
	var funcs []function
	defined := map[int]bool{} // where each name is defined, not called
	for _, d := range defs {
		body, ok := bodies[d[1]-1]
		if !ok {
			return // a body not paired: nothing is sure
		}
		name := ""
		if d[4] >= 0 {
			name = plain[d[4]:d[5]]
		} else {
			name = plain[d[6]:d[7]]
		}
		funcs = append(funcs, function{name, body})
		defined[max(d[4], d[6])] = true
	}
	slices.SortFunc(funcs, func(a, b function) int { return a.body.start - b.body.start })
	index := make(map[string]int, len(funcs))
	for k, f := range funcs {
		sh.bodies = append(sh.bodies, f.body)
		index[f.name] = k // a name defined twice: the later body
	}
	sh.parent = nesting(sh.bodies)
	// Every call of every function, in one pass: a word that names one
	// where a command starts (not "warn" in a case pattern or a test's
	// argument).
	sh.calls = make([][]int, len(funcs))
	type call struct{ at, k int }
	var calls []call
	sh.calledAway = make([]bool, len(funcs))
	namedWords(plain, index, func(start, end, k int) {
		if defined[start] || end < len(plain) && plain[end] == ')' || !shlex.AtCommandStart(plain, start) {
			return
		}
		sh.calls[k] = append(sh.calls[k], start)
		calls = append(calls, call{start, k})
		if sh.mutedAt(start) || callSendsStderrAway(plain, start) {
			// deny rm 2>/dev/null, { main; } 2>/dev/null: its reason
			// goes nowhere.
			sh.calledAway[k] = true
		}
	})
	// Loud: a body that writes to stderr (not where the write goes
	// elsewhere, nor only when debugging) and never exits; then a body
	// that calls a loud one, up to a few levels deep.
	// A call of a function that always exits (an exit at its body's top
	// level, and no return anywhere in it: allow() { exit 0; }, die) ends
	// the path where it stands.
	grown := map[int]bool{}
	for _, c := range calls {
		body := funcs[c.k].body
		if bb := sh.bodyBlock(c.k); bb >= 0 && len(sh.endings[bb]) > 0 && !afterAndOr(plain, c.at) && !returnWord().MatchString(plain[body.start:body.end]) {
			if b := sh.blockOf(c.at); b < 0 || !sh.subshell[b] {
				sh.endings[b] = append(sh.endings[b], c.at)
				grown[b] = true
			}
		}
	}
	for b := range grown {
		slices.Sort(sh.endings[b])
	}
	// returns reports whether the path through offset at, in function
	// k's body, can reach the body's end: no exit ends it before.
	returns := func(at, k int) bool { return sh.pathEnd(plain, at, sh.bodyBlock(k), false) > funcs[k].body.end }
	loud := make([]bool, len(funcs))
	// One pass over the text, each write given to the body holding it:
	// nested bodies would make a pass per body quadratic.
	// returnsBefore reports whether function k may return before offset
	// at in its own body (log() { [ -t 2 ] || return 0; echo … >&2; }):
	// a path that never reaches the write there.
	firstReturn := make([]int, len(funcs))
	for k := range firstReturn {
		firstReturn[k] = -1
	}
	for _, r := range sh.anyReturns {
		if k := sh.regionOf(r); k >= 0 && firstReturn[k] < 0 {
			firstReturn[k] = r
		}
	}
	returnsBefore := func(at, k int) bool { return firstReturn[k] >= 0 && firstReturn[k] < at }
	for _, at := range sh.writesAt {
		k := sh.regionOf(at)
		if k >= 0 && !loud[k] && !debugName().MatchString(funcs[k].name) && sh.writes(plain, at) && returns(at, k) && !returnsBefore(at, k) {
			loud[k] = true
		}
	}
	for range 4 {
		grew := false
		for _, c := range calls {
			if r := sh.regionOf(c.at); loud[c.k] && r >= 0 && !loud[r] && returns(c.at, r) && !callSendsStderrAway(plain, c.at) {
				loud[r], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	for _, c := range calls {
		if loud[c.k] && !callSendsStderrAway(plain, c.at) {
			sh.loudCalls = append(sh.loudCalls, c.at)
		}
	}
}

// debugName matches the name of a function that writes only when
// debugging (debug, log_debug, _dbg, trace, verbose): its writes are
// taken as none, since a guard silent by default is still silent. Not
// block_debuggers: only such names whole.
var debugName = lazy.Regexp(`(?i)^(?:_|log_?)?(?:debug|dbg|verbose|trace)(?:_?(?:log|msg|print|echo))?$`)

// debugGuard matches a test of a debugging switch before a write in its
// command list ([ -n "$HOOK_DEBUG" ] && echo … >&2). Not $GIT_TRACE, a
// setting a guard may well block on.
var debugGuard = lazy.Regexp(`(?i)(?:\[\[?|\btest\b)[^\n\]]*\$\{?\w*(?:debug|verbose)\w*`)

// testsDebugging reports whether a command list tests a debugging switch
// (debugGuard). The regexp backtracks: it runs only on a list that names
// one.
func testsDebugging(list string) bool {
	return (containsFold(list, "debug") || containsFold(list, "verbose")) && debugGuard().MatchString(list)
}

// containsFold reports whether s holds word (lower case ASCII) in any case.
func containsFold(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		if s[i]|0x20 == word[0] && strings.EqualFold(s[i:i+len(word)], word) {
			return true
		}
	}
	return false
}

// writes reports whether the stderr write at offset at reaches the tool:
// not inside a compound whose stderr goes elsewhere, nor guarded on its
// line by a debugging switch.
func (sh *scriptShape) writes(plain string, at int) bool {
	if sh.mutedAt(at) {
		return false
	}
	// The command list the write is in: from the last ; or line break;
	// or the condition of the if holding it (if [ -n "$DEBUG" ]; then).
	// Bounded (maxListScan), so that a line of thousands of writes costs
	// linear time: a debugging test further back is not seen.
	from := max(0, at-maxListScan)
	start := from + max(strings.LastIndexByte(plain[from:at], '\n'), strings.LastIndexByte(plain[from:at], ';')) + 1
	if out, errs, ok := commandRedirects(plain, start); ok && out != toStderr && errs != toStderr {
		return false // echo no 2>/dev/null >&2: stdout follows stderr to /dev/null
	}
	guarded := testsDebugging(plain[start:at])
	if b := sh.blockOf(at); !guarded && b >= 0 && strings.HasPrefix(plain[sh.blocks[b].start:], "if") {
		head := plain[sh.blocks[b].start:min(at, sh.blocks[b].start+512)] // a condition is short: bounded, for thousands of writes
		cond, _, found := strings.Cut(head, "then")
		guarded = found && testsDebugging(cond)
	}
	if !guarded {
		return true
	}
	// Guarded, but a guard that exits on it ([ -n "$DEBUG_MODE" ] && echo
	// no >&2 && exit 2) writes its reason.
	end := len(plain)
	if i := strings.IndexAny(plain[at:], ";\n"); i >= 0 {
		end = at + i
	}
	return exitCommand().MatchString(plain[at:end])
}

// mutedAt reports whether what the command at offset at writes to
// stderr goes elsewhere: after an exec that sends the script's away, or
// in a compound that does, inside the function body holding the command
// if one does, that body's own redirection included (die() { …; }
// 2>/dev/null). A body defined in such a compound runs where it is
// called, with the caller's stderr: the compound's redirection is not
// its commands' (QA: die() { echo "$1" >&2; exit 2; } defined in { …; }
// 2>/dev/null, then called after it, writes its reason). Before the
// bodies are read (readFunctions), every such compound holding at
// counts.
func (sh *scriptShape) mutedAt(at int) bool {
	if sh.execAway >= 0 && at >= sh.execAway {
		return true
	}
	b := innermost(sh.stderrAway, sh.awayParent, at)
	if b < 0 {
		return false
	}
	k := sh.regionOf(at)
	return k < 0 || sh.stderrAway[b].start >= sh.bodies[k].start
}

// callSendsStderrAway reports whether the command starting at offset at
// sends its standard error away (log "checking" 2>/dev/null): what the
// function writes there is none.
func callSendsStderrAway(plain string, at int) bool {
	_, errs, ok := commandRedirects(plain, at)
	return ok && errs != toStderr
}

// compound is a compound command of a shell text: where it starts and
// ends, the word that closes it (fi, esac, done, }, ")"), whether its
// standard output goes to standard error, whether its standard error
// goes anywhere else, and whether its standard output goes anywhere but
// the tool's (>/dev/null, >&2, or down a pipe).
type compound struct {
	span
	closer               string
	toStderr, stderrAway bool
	stdoutMoved          bool
	// branches are where another branch of an if or case starts (else,
	// elif, the arm after ;;); catchAll whether one runs when no other
	// does (else, a *) arm), so that some branch always runs.
	branches []int
	catchAll bool
}

// shellCompounds returns the compound commands of a shell text (with its
// quotes blanked), in the order they close: { …; }, if … fi, ( … ),
// case … esac, while … done. Their keywords are read where a command
// starts, which is how the shell reads them. Nil when they do not pair.
func shellCompounds(plain string) []compound {
	var stack []compound // open, their ends unknown
	var found []compound
	closes := func(kind string, end int) bool {
		if len(stack) == 0 || stack[len(stack)-1].closer != kind {
			return false
		}
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c.end = end
		if n := len(c.branches); kind == "esac" && n > 0 && strings.TrimSpace(plain[c.branches[n-1]+2:end-len("esac")]) == "" {
			c.branches = c.branches[:n-1] // the last arm's ;; before esac starts no branch
		}
		after := end
		if loc := leadingRedirects().FindStringIndex(plain[end:]); loc != nil {
			out, errs, ok := followRedirects(plain[end : end+loc[1]])
			c.toStderr = ok && out == toStderr
			c.stderrAway = ok && errs != toStderr
			c.stdoutMoved = !ok || out != toStdout
			after += loc[1]
		}
		if next := strings.TrimLeft(plain[after:], " \t"); strings.HasPrefix(next, "|") && !strings.HasPrefix(next, "||") {
			c.stdoutMoved = true // { …; } | grep -q x: its output goes down the pipe
		}
		found = append(found, c)
		return true
	}
	atCommand, functionName := true, false
	for i := 0; i < len(plain); {
		c := plain[i]
		switch {
		case c == '#' && (i == 0 || plain[i-1] == ' ' || plain[i-1] == '\t' || plain[i-1] == '\n'):
			for i < len(plain) && plain[i] != '\n' { // a comment
				i++
			}
		case c == '\\':
			i += 2 // an escaped character is a word's
			atCommand = false
		case c == ' ' || c == '\t':
			i++
		case c == ';' && i+1 < len(plain) && (plain[i+1] == ';' || plain[i+1] == '&'):
			// ;; (or ;&) ends a case arm: another branch follows.
			if n := len(stack); n > 0 && stack[n-1].closer == "esac" {
				stack[n-1].branches = append(stack[n-1].branches, i)
			}
			i += 2
			atCommand = true
		case c == '\n' || c == ';' || c == '&' || c == '|':
			i++
			atCommand = true
		case c == '(':
			stack = append(stack, compound{closer: ")", span: span{start: i}})
			i++
			atCommand = true
		case c == ')':
			i++
			if len(stack) > 0 && stack[len(stack)-1].closer == "esac" {
				atCommand = true // a case pattern's end: its commands follow
				continue
			}
			if !closes(")", i) {
				return nil
			}
			atCommand = true // f() { …: a function's body follows its name
		default:
			start := i
			for i < len(plain) && !strings.ContainsRune(" \t\n;&|()", rune(plain[i])) {
				i++
			}
			if functionName {
				functionName, atCommand = false, true // function name {: its body follows
				continue
			}
			if n := len(stack); n > 0 && stack[n-1].closer == "esac" && plain[start:i] == "*" && i < len(plain) && plain[i] == ')' {
				stack[n-1].catchAll = true // *) matches what no other arm did
			}
			if !atCommand {
				continue
			}
			switch word := plain[start:i]; word {
			case "function":
				functionName = true
			case "if", "case", "for", "while", "until", "select", "{":
				kind := map[string]string{"if": "fi", "case": "esac", "{": "}"}[word]
				if kind == "" {
					kind = "done"
				}
				stack = append(stack, compound{closer: kind, span: span{start: start}})
				atCommand = word == "if" || word == "while" || word == "until" || word == "{"
			case "else", "elif":
				if n := len(stack); n > 0 && stack[n-1].closer == "fi" {
					stack[n-1].branches = append(stack[n-1].branches, start)
					stack[n-1].catchAll = stack[n-1].catchAll || word == "else"
				}
			case "then", "do", "!", "time":
			case "fi", "esac", "done", "}":
				if !closes(word, i) {
					return nil
				}
				atCommand = false
			default:
				atCommand = strings.Contains(word, "=") && !strings.HasPrefix(word, "=") // X=1 cmd
			}
		}
	}
	if len(stack) > 0 {
		return nil
	}
	return found
}

// mayFail reports whether a hook's command may exit with a code other
// than 0: all but a command that is all that runs (inlineText) and that
// neither exits with another code (exitsWith), nor may end with its last
// command failing (endFails), nor has a call standing alone under set -e
// (commandReadings), whose failure ends the shell. The plan reads by it
// whether a per-OS command it removes was a guard (HC202): exit 0 never
// blocked; a script or program it cannot see may. A notifier program's
// call (afplay) is read as a command that may fail (withNotifiersRead).
func mayFail(command string) bool {
	text, ok := inlineText(withNotifiersRead(command))
	if !ok || exitsWith(text, exitCodeFailing) {
		return true
	}
	if _, alone := commandReadings(text); len(alone) > 0 {
		return true
	}
	plain := shlex.WithoutTrailingComments(shlex.WithoutLiteralQuotes(withExitCodesResolved(forExitReading(text))))
	_, fails := readShape(plain).endFails(plain, exitCodeFailing)
	return fails
}
