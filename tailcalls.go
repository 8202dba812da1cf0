package hookconv

// A guard whose whole job is to pass on a helper's exit (QA F3): exec
// "$(dirname "$0")/check.sh", bash "$DIR/check.sh"; exit $?, or
// . "$(dirname "$0")/check.sh" as its last command. Its exit is the
// helper's, and so is what it writes to stderr: HC431 reads the helper
// as it reads the hook's own script, after what the guard runs first.
// So is a guard ending "$(dirname "$0")/check.sh" || exit 2, whose exit 2
// is as silent as the helper's failure (QA b4), and one that sources a
// lib and calls the function it defines last (QA a1): source lib.sh;
// check.

import (
	"bytes"
	"path"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
)

// tailKey is readExitScript's cache key: a script's path, and whether the
// command runs it directly (by its shebang) rather than by a shell.
type tailKey struct {
	path   string
	direct bool
}

// maxTailScripts bounds the scripts readExitScript follows through
// their last commands from one hook: a guard handing its exit to a
// helper is one level, rarely two.
const maxTailScripts = 4

// readExitScript is readScript for the exit (forExit), and, where that
// cannot read the script whole, the script followed into the one other
// project script its last command runs, execs or sources, whose status
// becomes the script's (tailCall): the text is what the script runs
// before that call, then the helper's own text, read so in turn, then
// the command. A helper missing, unreadable or showing less than all it
// does is a script unread, as for readScript. Only a script that ends by
// naming another is followed, so this costs nothing for the rest.
func (s *Scripts) readExitScript(hd *canonical.Handler) (string, bool) {
	if text, ok := s.readScript(hd, forExit); ok {
		return text, true
	}
	call, ok := s.plainCall(hd)
	if !ok || s.unreadCommand(call.Command) {
		return "", false
	}
	refs := s.projectRefs(call.Command)
	if len(refs) != 1 {
		return "", false
	}
	runs, traces := shellRuns(call.Command)
	if !refs[0].program && !runs || traces {
		// Only the script run (not another program's argument), and
		// not under bash -x, which writes each command to stderr.
		return "", false
	}
	// By path and by how it runs: run directly its shebang counts (a
	// #!/bin/bash -x one traces to stderr), run by a shell it does not
	// (QA: two hooks running one guard the two ways shared an answer).
	key := tailKey{refs[0].path, refs[0].program}
	a, seen := s.tails[key]
	if !seen {
		var followed bool
		a.text, followed, a.ok = s.tailText(refs[0].path, refs[0].program, nil)
		// A script that hands its exit to none was readScript's to
		// read: this reading adds only the helpers.
		if a.ok && (!followed || !allVisible(a.text, forExit)) {
			a = readAnswer{}
		}
		if s.tails == nil {
			s.tails = map[tailKey]readAnswer{}
		}
		s.tails[key] = a
	}
	if !a.ok {
		return "", false
	}
	return a.text + "\n" + hd.Command, true
}

// tailText returns a project shell script's text (name; run by its own
// shebang when direct) without comments, its own folder spelled out
// (byOwnFolder), with a last command that hands its status to another
// project script replaced by that script's text, recursively up to
// maxTailScripts and never twice (seen); followed says whether one was.
// A last line turning one such script's failure into exit 2 gives what
// failureTail reads; a function called last, a sourced lib's, the lib's
// text before the call (sourcedFunctionTail).
// False for a file that is no readable shell script, or whose shebang
// traces (#!/bin/bash -x).
func (s *Scripts) tailText(name string, direct bool, seen []string) (text string, followed, ok bool) {
	if len(seen) >= maxTailScripts || slices.Contains(seen, name) {
		return "", false, false
	}
	b, err := s.readFile(name)
	if err != nil || !shellScript(name, b) || direct && tracingShebang().Match(b) {
		return "", false, false
	}
	text = s.byOwnFolder(name, b, true).text
	if !s.Plugin {
		// cd "$(dirname "$0")/../.." || exit 1, then the call (QA):
		// read from where the cd leads.
		text = withoutOpeningCd(text, path.Dir(name), rootVars(false)[0])
	}
	for range maxTailFunctions {
		// main "$@" after main() { check.sh || return 2; return 0; }:
		// read as the body's lines ending the script; and so on down
		// where that body ends by calling another (QA: main() {
		// validate "$@"; }).
		inlined, ok := withLastCallInlined(text)
		if !ok {
			break
		}
		text = inlined
	}
	before, helper, helperDirect, muted, ok := s.tailCall(text)
	if alone, exec := execAlone(text); !ok && exec {
		// exec check.sh || exit 2: what follows an exec never runs (the
		// project script is there to run), so the script's exit is the
		// helper's own (QA: a helper's silent exit 2 went unread, and
		// migrate --remove-source moved the guard; failureTail refuses
		// the || for an exec'd call).
		before, helper, helperDirect, muted, ok = s.tailCall(alone)
		if ok {
			text = alone
		}
	}
	if !ok {
		if via, ok := s.failureTail(name, text, seen); ok {
			return via, true, true
		}
		before, lib, call, ok := s.sourcedFunctionTail(text)
		if !ok {
			return text, false, true // all it does, or not: allVisible decides
		}
		// source lib.sh; check: the lib's text, then the call, whose
		// status (the function's exit or return) is the script's.
		if s.zeroElsewhere(name, lib) {
			return "", false, false
		}
		inner, _, ok := s.tailText(lib, false, append(seen, name))
		if !ok {
			return "", false, false
		}
		return before + "\n" + inner + "\n" + call, true, true
	}
	if _, last := lastLine(text); sourcing(shlex.Words(withoutSubshell(last))) && s.zeroElsewhere(name, helper) {
		return "", false, false
	}
	inner, _, ok := s.tailText(helper, helperDirect, append(seen, name))
	if !ok {
		return "", false, false
	}
	if muted {
		// check.sh 2>/dev/null: the helper's exit 2, however loud, is
		// the script's and silent; read as a bare exit 2 after what
		// runs before, which may still write. A helper that shows
		// less than all it does, or never exits 2, is left unread.
		if !allVisible(inner, forExit) || !exitsTwo(inner) {
			return "", false, false
		}
		return before + "\nexit 2", true, true
	}
	return before + "\n" + inner, true, true
}

// sourcing reports whether a command line's words source a file
// (source f, . f) rather than run it.
func sourcing(words []shlex.Word) bool {
	return len(words) > 0 && (words[0].Text == "source" || words[0].Text == ".")
}

// zeroElsewhere reports whether the project script lib, sourced by the
// script name from another folder, names $0: sourced, $0 is still the
// running script's path (name's, or the script that ran it), not lib's,
// while byOwnFolder reads $(dirname "$0") in lib as lib's own folder
// (QA round 3: a sourced lib/mid.sh's exec "$(dirname "$0")/x.sh" ran
// hooks/x.sh and was read as lib/x.sh). Such a lib is left unread;
// ${BASH_SOURCE[0]} is lib's own path, and stays read.
func (s *Scripts) zeroElsewhere(name, lib string) bool {
	if path.Dir(name) == path.Dir(lib) {
		return false
	}
	b, err := s.readFile(lib)
	return err == nil && (bytes.Contains(b, []byte("$0")) || bytes.Contains(b, []byte("${0")))
}

// trailingExitStatus matches what passes the last command's status on at
// a script's end: exit $?, exit "$?", or a bare exit, after a ; or on a
// line of its own.
var trailingExitStatus = lazy.Regexp(`(?:^|[;\n])[ \t]*exit(?:[ \t]+(?:\$\?|"\$\?"|\$\{\?\}|"\$\{\?\}"))?[ \t;]*\s*$`)

// tailCall splits a shell script's text (comments dropped, own folder
// spelled out) whose last command runs exactly one project script, with
// no arguments or the script's own ("$@"), and whose status is then the
// script's: the last line (past a trailing exit $?) being that call
// alone, run directly, by exec, by a shell (bash check.sh) or sourced
// (source lib.sh, . lib.sh). It returns what comes before it, the
// script's path and whether it runs by its own shebang. Not ok for a
// line that may be part of a compound, a quoted string, a here-document
// or a continued line, nor after a cd, under which a relative path names
// another file. Redirections ending the call that leave its stderr the
// tool's (>/dev/null, >>log) are read past; so are those that send it
// away (2>/dev/null, >/dev/null 2>&1, &>/dev/null, 2>&1 >/dev/null),
// which muted reports: nothing the helper writes then reaches the tool.
func (s *Scripts) tailCall(text string) (before, helper string, direct, muted, ok bool) {
	before, last := lastLine(text)
	// [ -x check.sh ] || exit 0; check.sh, on one line or two: the test
	// runs nothing and writes nothing, and where it fails the script
	// exits 0, which blocks nothing; where it holds, the call runs as if
	// alone. Read past (QA found it left the guard unread: the test
	// names a script).
	if i := strings.LastIndexByte(last, ';'); i >= 0 && fileTestElseZero().MatchString(last[:i]) {
		last = strings.TrimSpace(last[i+1:])
	} else {
		body := strings.TrimRight(before, " \t\n;")
		cut := strings.LastIndexByte(body, '\n')
		if fileTestElseZero().MatchString(strings.TrimSpace(body[cut+1:])) {
			before = body[:cut+1]
		}
	}
	// check.sh >/dev/null: its stdout goes elsewhere, which is no reason
	// for the tool anyway; its stderr and its status are the script's
	// still (stdoutAway). QA found such a last line left the guard
	// unread.
	if at, away := stdoutAway(last); away {
		last = strings.TrimSpace(last[:at])
	} else if at, away := stderrAway(last); away {
		// check.sh 2>/dev/null (QA): its status is the script's still,
		// and whatever it writes to stderr is gone.
		last, muted = strings.TrimSpace(last[:at]), true
	}
	// ( check.sh ) || exit 2 (QA): a subshell holding the call alone
	// exits with the call's status, and its stderr is the script's.
	last = withoutSubshell(last)
	if last == "" || strings.ContainsAny(last, ";&|<>`()") || strings.Contains(last, "$(") ||
		strings.HasSuffix(strings.TrimRight(before, " \t\n"), "\\") || strings.Contains(before, "<<") ||
		strings.TrimSpace(before) != "" && shlex.Words(before) == nil || changesDirectory().MatchString(before) {
		return "", "", false, false, false
	}
	refs := scriptPaths(last, rootVars(s.Plugin), !s.Plugin)
	if len(refs) != 1 {
		return "", "", false, false, false
	}
	words := shlex.Words(last)
	if len(words) > 0 && words[0].Text == "exec" {
		words = words[1:]
	}
	if n := len(words); n > 1 && (words[n-1].Text == "$@" || words[n-1].Text == "${@}") {
		words = words[:n-1]
	}
	// The project script is the one path among the words: it must be
	// the last, after nothing but how it is run.
	switch {
	case len(words) == 1:
		direct = true
	case len(words) == 2 && sourcing(words):
	case len(words) >= 2 && slices.Contains(posixShells, path.Base(words[0].Text)):
		for _, w := range words[1 : len(words)-1] {
			if !strings.HasPrefix(w.Text, "-") || strings.ContainsAny(w.Text, "cosxv") {
				return "", "", false, false, false // sh -c '…', -o …, tracing: not a plain run
			}
		}
	default:
		return "", "", false, false, false
	}
	if strings.HasPrefix(words[len(words)-1].Text, "-") {
		return "", "", false, false, false
	}
	return before, refs[0].path, direct, muted, true
}

// withoutSubshell returns a command that is one subshell, ( check.sh ),
// as what it holds, trimmed; any other command as it is. Whether what
// it holds is one plain call is the caller's to check: a subshell
// holding a list, a redirection or another subshell ((cd x; ./y),
// ( ( ./y ) )) keeps its parentheses inside the text returned.
func withoutSubshell(command string) string {
	inner, ok := strings.CutPrefix(command, "(")
	if !ok || strings.HasPrefix(inner, "(") {
		return command // no subshell, or bash's (( … )) arithmetic
	}
	if inner, ok = strings.CutSuffix(inner, ")"); !ok {
		return command
	}
	return strings.TrimSpace(inner)
}

// fileTestElseZero matches a test of a file that exits 0 when it fails,
// alone on its line: [ -x check.sh ] || exit 0, test -f "$F" || exit 0.
var fileTestElseZero = lazy.Regexp(`^(?:\[[ \t]+-[xfers][ \t]+(?:"[^"]*"|[^ \t\]"]+)+[ \t]+\]|test[ \t]+-[xfers][ \t]+(?:"[^"]*"|[^ \t;&|"]+)+)[ \t]*\|\|[ \t]*exit[ \t]+0+[ \t;]*$`)

// changesDirectory matches a command that changes the shell's folder,
// after which a relative path names a file elsewhere.
var changesDirectory = lazy.Regexp(`(?:^|[\s;&|({])(?:cd|pushd|popd)(?:[\s;&|)}]|$)`)

// openingCd matches a script's first line (past set's options:
// openingLine) when it changes into one folder and does nothing else, on
// failure exiting or going on: cd DIR, cd -- "DIR" || exit 1; or that
// opening with such a cd and its && (cd DIR && ./check.sh || exit 2:
// QA), up to the rest of the line. The folder's word is the first group.
var openingCd = lazy.Regexp(`^[ \t\n]*cd[ \t]+(?:--[ \t]+)?("[^"\n]*"|[^\s;&|"'<>()` + "`" + `]+)(?:[ \t]*(?:\|\|[ \t]*exit(?:[ \t]+[0-9]+)?)?[ \t;]*\n|[ \t]*&&[ \t]*)`)

// withoutOpeningCd returns a project shell script's text (its own
// folder dir spelled out after ${root}, as tailText has it) that opens
// with a cd into the project or into that folder (openingCd: cd
// "$(dirname "$0")/../.." || exit 1, cd "$CLAUDE_PROJECT_DIR", cd
// "$(dirname "$0")") with that line cut, and, for its own folder, the
// paths after it that open with ./ spelled from the project: the readers
// take a relative path from the project, where a hook runs, and so does
// the rest after a cd there. A failing cd writes why on stderr and exits
// with its own code or runs on, neither of them a silent exit 2; after
// cd DIR &&, what the line runs on its failure (|| exit 2) then exits
// loudly too, so the line is read from the && on. Any
// other text is returned as it is, and tailCall then refuses it (a cd
// elsewhere names other files); so is one whose own folder's paths a cd
// into it may break (its own spelling after the cd: $0 may be relative)
// or that names a relative path not by ./ (bash lib/check.sh), whose
// folder would be misread.
func withoutOpeningCd(text, dir, root string) string {
	if !strings.Contains(text, "cd") {
		return text // most scripts: the regexp is not run
	}
	from := openingLine(text)
	m := openingCd().FindStringSubmatchIndex(text[from:])
	if m == nil {
		return text
	}
	target, rest := strings.Trim(text[from+m[2]:from+m[3]], `"`), text[from+m[1]:]
	into := ""
	if t, ok := strings.CutPrefix(target, gitTopLevel); ok {
		into = path.Clean("/" + t)
	} else {
		for _, v := range projectRootVars() {
			if t, ok := strings.CutPrefix(target, "${"+v+"}"); ok {
				into = path.Clean("/" + t)
			} else if t, ok := strings.CutPrefix(target, "$"+v); ok && (t == "" || t[0] == '/') {
				into = path.Clean("/" + t)
			}
		}
	}
	switch {
	case into == "/":
		return text[:from] + rest
	case into != "/"+dir || strings.Contains(rest, "${"+root+"}/"+dir) || !strings.Contains(rest, "./"):
		return text
	}
	b := make([]byte, 0, len(rest)+64)
	for i := 0; i < len(rest); i++ {
		if strings.HasPrefix(rest[i:], "./") && (i == 0 || strings.IndexByte(" \t\n;&|(\"'", rest[i-1]) >= 0) {
			b = append(b, "${"+root+"}/"+dir+"/"...)
			i++
			continue
		}
		b = append(b, rest[i])
	}
	spelled := string(b)
	for _, ref := range scriptPaths(spelled, []string{root}, true) {
		if !strings.HasPrefix(ref.path, dir+"/") {
			return text // a relative path not by ./: from dir, not the project
		}
	}
	return text[:from] + spelled
}

// openingLine returns where a script's text starts past its opening
// lines that only set options writing nothing (set -euo pipefail:
// shellOptions), which a cd after them may follow (QA).
func openingLine(text string) int {
	at := 0
	for range 4 { // a script sets its options in a line or two
		line, _, found := strings.Cut(text[at:], "\n")
		if t := strings.TrimSpace(line); t != "" {
			if _, _, ok := shellOptions(strings.TrimRight(t, "; \t"), false, false); !ok {
				return at
			}
		}
		if !found {
			return at
		}
		at += len(line) + 1
	}
	return at
}

// orExitStatus matches a || exit $? (or a bare exit, which passes the
// same status on) ending a line; passedOnThenZero one ending the line
// before a last exit 0, from the line break on.
var (
	orExitStatus     = lazy.Regexp(`[ \t]*\|\|[ \t]*exit(?:[ \t]+` + passedStatus + `)?[ \t;]*$`)
	passedOnThenZero = lazy.Regexp(`\|\|[ \t]*exit(?:[ \t]+` + passedStatus + `)?[ \t;]*(\n[ \t]*exit[ \t]+0+[ \t;]*)$`)
)

// lastLine splits a script's text at its last line, past a trailing
// exit $? or bare exit, which pass that line's status on: what comes
// before it, and the line, trimmed.
func lastLine(text string) (before, last string) {
	body := strings.TrimRight(text, " \t\n;")
	if loc := trailingExitStatus().FindStringIndex(body); loc != nil {
		body = strings.TrimRight(body[:loc[0]], " \t\n;")
	}
	// check.sh || exit $?, then exit 0 or not (QA: a function's body
	// so, inlined): the call's failure ends the script with its status,
	// and its success with 0: the call's status either way.
	if loc := passedOnThenZero().FindStringSubmatchIndex(body); loc != nil {
		body = body[:loc[2]]
	}
	if loc := orExitStatus().FindStringIndex(body); loc != nil {
		body = strings.TrimRight(body[:loc[0]], " \t")
	}
	cut := strings.LastIndexByte(body, '\n')
	return body[:cut+1], strings.TrimSpace(body[cut+1:])
}

// execAlone returns text with its last line, an exec'd call followed by
// an operator (exec check.sh || exit 2, exec check.sh && echo ok), cut
// before the operator: exec replaces the shell, and nothing after the
// call runs once the program starts. exec is false for any other last
// line.
func execAlone(text string) (string, bool) {
	before, last := lastLine(text)
	if f := strings.Fields(last); len(f) < 2 || f[0] != "exec" {
		return "", false
	}
	plain := shlex.WithoutLiteralQuotes(last)
	at := shlex.NextOperator(plain, 0)
	if at == len(plain) || plain[at] != '|' && plain[at] != '&' || at+1 == len(plain) || plain[at+1] != plain[at] {
		return "", false // no || or && after the call: nothing to cut
	}
	return before + strings.TrimSpace(last[:at]), true
}

// withElifSplit returns text with its last if written as two where
// that if's first branch only exits (onlyExit) and an elif follows it
// (if [ -z "$X" ]; then exit 0; elif ! check.sh; then exit 2; fi, or
// exit 1 there: QA): an if that exits, then one opening at the elif.
// The shell runs the two alike,
// since the elif's test runs only where the first branch did not exit;
// the second is then an if failureBody reads. Text as it is otherwise
// (a redirection or pipe after the fi, which the split would move).
func withElifSplit(text string) string {
	if !strings.Contains(text, "elif") {
		return text // most scripts
	}
	plain := shlex.WithoutLiteralQuotes(text) // same length: the offsets hold
	cs := shellCompounds(plain)
	k := len(cs) - 1
	for k >= 0 && cs[k].closer != "fi" {
		k--
	}
	if k < 0 || len(cs[k].branches) == 0 || !followedByList(plain[cs[k].end:]) {
		return text
	}
	elif := cs[k].branches[0]
	cond := shlex.NextOperator(plain, cs[k].start+len("if"))
	if !shlex.WordAt(plain, elif, "elif") || cond >= elif || plain[cond] != ';' && plain[cond] != '\n' {
		return text
	}
	then := shlex.SkipSpace(plain, cond+1)
	if !shlex.WordAt(plain, then, "then") || !onlyExit(text[then+len("then"):elif]) {
		return text
	}
	return text[:elif] + "fi\nif" + text[elif+len("elif"):]
}

// withoutLinePipelineHead returns a script's line without the commands
// of its first pipeline before the last (cat | check.sh || exit 2 read
// as check.sh || exit 2), as a hook's command is read
// (withoutPipelineHead: they show all they do and write nothing to
// stderr, and the pipeline's status is its last command's: QA), or the
// line as it is, and so a line opening a compound or with a keyword,
// whose | may be no pipe (case $? in 0|2) …).
func withoutLinePipelineHead(line string) string {
	plain := shlex.WithoutLiteralQuotes(line) // same length: the offsets hold
	if first, _, _ := strings.Cut(strings.TrimSpace(plain), " "); !callWord(first) || !pipesFirst(plain) {
		return line
	}
	if read, ok := withoutPipelineHead(line, plain); ok {
		return read
	}
	return line
}

// turnsFailure reports whether line, a script's line, turns a call's
// failure into what follows its || (check.sh 2>/dev/null || exit 2): an
// exit 0 on the line after runs only where the call succeeded (QA).
func turnsFailure(line string) bool {
	// check.sh || exit 2, and the forms failureBody reads for a failure
	// too: if ! check.sh; then exit 2; fi, ! check.sh && exit 2 (QA: a
	// script ending so, then exit 0, was not read, where its command
	// alone was).
	if t := strings.TrimSpace(line); !strings.Contains(line, "||") && !strings.HasPrefix(t, "if ") && !strings.HasPrefix(t, "! ") {
		return false
	}
	_, _, _, ok := failureBody(line)
	return ok
}

// turnsSuccess reports whether line, a script's line, turns a call's
// success into an exit 2 (isdanger.sh && exit 2): an exit 0 on the line
// after runs where the call failed (QA).
func turnsSuccess(line string) bool {
	_, body, ok := successBody(line)
	return ok && exitsTwo(body)
}

// failureTail reads a script (name, its text as tailText has it) whose
// last line turns one project script's failure into a silent exit 2
// (QA b4): "$(dirname "$0")/check.sh" || exit 2, read by failureBody as
// a hook's command is, the call then being one tailCall follows, run in
// a process of its own (not sourced, whose exit 1 would end the script
// with 1, nor run by exec, after which the || never runs). The script exits 2 silently when what runs before the call
// does, or when that part fails silently nowhere itself (its exit 1 is
// the script's 1) and the helper, run after it, fails silently (its
// exit 1, or its last command failing): then the text returned is what
// runs before, and the exit 2. Any other answer is not ok, the script
// unread, as it was: a loud helper's exit 2 is loud, and a helper that
// never fails leaves only what runs before to read, which readScript
// refused. A last line passing on the helper's exit 2 alone (QA: case $?
// in 2) exit 2;; esac, after the call on the line before) is read so
// for the exit 2: the script's silent where before's or the helper's
// is. A call whose stderr goes away (check.sh 2>/dev/null || exit 2:
// tailCall's muted) exits silently however loud the helper is. So is
// one turning the helper's success into exit 2 (isdanger.sh && exit 2:
// QA), read by successAsExitTwo.
func (s *Scripts) failureTail(name, text string, seen []string) (string, bool) {
	if !strings.Contains(text, "exit") {
		return "", false // every such line has an exit: most scripts are skipped here
	}
	before, last := lastLine(withElifSplit(text))
	last = withoutLinePipelineHead(last)
	if f := strings.Fields(last); len(f) == 2 && f[0] == "exit" && (f[1] == "0" || f[1] == "2") {
		// [ $? -eq 2 ] && exit 2, then exit 0 (QA): the exit 0 runs
		// only where the test's body did not exit, as failureBody reads
		// it after the test; so does the exit 2 after [ $? -ne 2 ] &&
		// exit 0 or an if ending in fi (QA).
		rest, test := lastLine(before)
		test = withoutLinePipelineHead(test)
		if opensStatusTest(test) || test == "esac" || test == "fi" || f[1] == "0" && (turnsFailure(test) || turnsSuccess(test)) {
			before, last = rest, test+"\n"+last
		}
	}
	for _, c := range [...]struct{ opener, closer string }{{"case", "esac"}, {"if", "fi"}} {
		if !shlex.WordAt(last, 0, c.closer) {
			continue
		}
		// case $? in, its arms on lines of their own, esac: from the
		// line opening the case on (QA), and so for an if. An arm
		// holding another case is not read (statusCaseArm); an if
		// holding another, or closing one opened before, pairs not
		// from that line to its fi, and is not read either.
		k := strings.LastIndex("\n"+before, "\n"+c.opener+" ")
		if k < 0 {
			return "", false
		}
		block := strings.TrimSpace(before[k:])
		if c.opener == "if" {
			cs := shellCompounds(shlex.WithoutLiteralQuotes(block + "\n" + c.closer))
			if len(cs) != 1 || cs[0].start != 0 {
				return "", false
			}
		}
		before, last = before[:k], block+"\n"+last
	}
	if opensStatusTest(last) {
		// check.sh on its line, then case $? in 2) exit 2;; esac,
		// [ $? -eq 2 ] && exit 2 or if [ $? -eq 2 ]; then exit 2; fi
		// on the last: read as one command; so with the status saved
		// on a line between (rc=$?, then [ $rc -ne 0 ] && exit 2: QA),
		// which failureBody reads as the status tested or not.
		for range 2 {
			body := strings.TrimRight(before, " \t\n;")
			cut := strings.LastIndexByte(body, '\n')
			before, last = body[:cut+1], strings.TrimSpace(body[cut+1:])+"\n"+last
			if !savedStatusLine().MatchString(last) {
				break
			}
		}
	}
	call, body, on, ok := failureBody(last)
	for k := 0; !ok && k < maxLineSplits; k++ {
		// true; check.sh; case $? in …, on one line (QA): the simple
		// commands before the call run as on lines of their own.
		plain := shlex.WithoutLiteralQuotes(last)
		at := shlex.NextOperator(plain, 0)
		if at == len(plain) || plain[at] != ';' || strings.HasPrefix(plain[at:], ";;") || !simpleCommand(plain[:at]) {
			break
		}
		before, last = before+last[:at]+"\n", strings.TrimSpace(last[at+1:])
		call, body, on, ok = failureBody(last)
	}
	onSuccess := false
	if !ok {
		// isdanger.sh && exit 2 (QA): the helper's success, not its
		// failure, becomes the exit 2.
		call, body, ok = successBody(last)
		onSuccess = true
	}
	if !ok || strings.ContainsRune(call, '\n') || !exitsTwoSilently(body) || !allVisible(body, forExit) {
		return "", false
	}
	if w := shlex.Words(withoutSubshell(call)); len(w) == 0 || sourcing(w) || (on.failing() || onSuccess) && w[0].Text == "exec" {
		// exec check.sh || exit 2: the helper replaces the shell, whose
		// exit is the helper's own (bash 5.2: exit 1 for a helper's 1),
		// and what follows never runs. In a subshell, ( source lib.sh )
		// and ( exec check.sh ) stay unread as they were.
		return "", false
	}
	before, helper, direct, muted, ok := s.tailCall(before + call)
	if !ok {
		return "", false
	}
	inner, _, ok := s.tailText(helper, direct, append(seen, name))
	if !ok {
		return "", false
	}
	whole := before + "\n" + inner
	if !allVisible(whole, forExit) {
		return "", false
	}
	if onSuccess {
		// The script exits 2 silently where what runs before does, or
		// the helper, run after it, succeeds with nothing written (its
		// writes gone when muted): its exit 0 or its end read as the
		// exit 2.
		succeeds, ok := successAsExitTwo(inner)
		if !ok || muted && (!exitsTwo(succeeds) || !exitsTwoSilently(before+"\nexit 2")) || !muted && !exitsTwoSilently(before+"\n"+succeeds) {
			return "", false
		}
		return before + "\nexit 2", true
	}
	if muted {
		// check.sh 2>/dev/null || exit 2, or then [ $? -eq 2 ] &&
		// exit 2 (QA): whatever the helper writes is gone, so the
		// script exits 2 silently where the helper exits with such a
		// code at all (a helper failing only by its last command is
		// not read), after what runs before, which may still write;
		// before's own silent failure as below.
		if on.is("2") && exitsWith(inner, exitCodeTwo) && exitsTwoSilently(before+"\nexit 2") {
			// The helper's exit 2, passed on by an arm that lists it
			// among others, after a before that can reach the call
			// silently (QA regression, as below).
			return before + "\nexit 2", true
		}
		if !exitsWith(inner, on) || on.failing() && !exitsTwoSilently(before) && failsSilently(before+"\nexit 0") {
			return "", false
		}
		return before + "\nexit 2", true
	}
	if on == exitCodeTwo {
		// check.sh; case $? in 2) exit 2;; esac: the script exits 2
		// silently where what runs before does, or the helper, run
		// after it, does (its exit 2 passed on); its other codes pass
		// nothing on.
		if !exitsTwoSilently(whole) {
			return "", false
		}
		return before + "\nexit 2", true
	}
	// An arm that also runs on the helper's exit 2 (2|3), a catch-all
	// after arms for other codes) passes that exit 2 on, as the arm for
	// 2 alone does: read so too, whatever before does (QA regression: a
	// silent "command -v jq >/dev/null || exit 1" before the call made
	// the reading below refuse, and migrate --remove-source then moved
	// the guard, which the exit-2 reading had kept).
	if on.is("2") && exitsTwoSilently(whole) {
		return before + "\nexit 2", true
	}
	// before's own exits, not its last command's status, which the
	// call's replaces: read with an exit 0 after it.
	if exitsTwoSilently(before) || !failsSilently(before+"\nexit 0") && exitsSilently(whole, on) {
		return before + "\nexit 2", true
	}
	// before fails silently itself (if [ -z "$X" ]; then exit 1; fi, an
	// elif's first branch: QA), which whole would take for the helper's
	// failure: the helper, run in a process of its own, is then read
	// alone, after a before that reaches the call writing nothing.
	if exitsTwoSilently(before+"\nexit 2") && exitsSilently(inner, on) {
		return before + "\nexit 2", true
	}
	return "", false
}

// maxLineSplits bounds the commands failureTail reads past before the
// call on a last line: a guard's last line is short, and each try reads
// the rest of it again.
const maxLineSplits = 8

// opensStatusTest reports whether a script's line may test the status
// of the command on the line before it, or of one saved there (rc=$?):
// a test, an if or a case opening on a variable or $? ([ $? -eq 2 ] &&
// exit 2, test "$rc" = 2, (( $? == 2 )), if [ $? -eq 2 ]; then exit 2;
// fi, case $? in …). failureBody reads which status it tests and which
// codes it passes on. An if is one only by its condition's test: if !
// "$DIR/check.sh"; then exit 2; fi tests its own call, and joined to the
// line before was read as no shape at all (QA).
func opensStatusTest(line string) bool {
	if !strings.Contains(line, "$") {
		return false
	}
	if rest, ok := strings.CutPrefix(line, "if"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
		line = strings.TrimLeft(rest, " \t")
	}
	for _, opening := range []string{"[", "test", "((", "case"} {
		if strings.HasPrefix(line, opening) {
			return true
		}
	}
	return false
}

// savedStatusLine matches a script's lines whose first saves the last
// status in a variable alone: rc=$?, then the test of it.
var savedStatusLine = lazy.Regexp(`^[A-Za-z_]\w*="?\$\?"?[ \t;]*\n`)

// calledFunction matches a last line that calls a function: its name
// alone, or with the script's own arguments ("$@").
var calledFunction = lazy.Regexp(`^([A-Za-z_][\w-]*)(?:[ \t]+"\$(?:@|\{@\})")?$`)

// sourcedFunctionTail splits a script's text whose last line calls a
// function (check, check "$@") that the project script sourced on the
// line before it defines (source "$(dirname "$0")/lib.sh"; QA a1): what
// runs before the source, the lib's path and the call. The function's
// status, its exit or its return, is then the script's. Not ok when the
// lib (read unseen here) defines no such function at its lines' start,
// the name then being a program's, or when tailCall would not follow the
// source line as a script's last.
func (s *Scripts) sourcedFunctionTail(text string) (before, lib, call string, ok bool) {
	rest, last := lastLine(text)
	m := calledFunction().FindStringSubmatch(last)
	if m == nil || strings.TrimSpace(rest) == "" {
		return "", "", "", false
	}
	before, lib, _, muted, ok := s.tailCall(rest)
	if !ok || muted {
		return "", "", "", false
	}
	_, source := lastLine(rest)
	if !sourcing(shlex.Words(source)) {
		return "", "", "", false
	}
	b, err := s.readFile(lib)
	if err != nil || !definesFunction(string(b), m[1]) {
		return "", "", "", false
	}
	return before, lib, last, true
}

// definesFunction reports whether a shell text defines the function
// name (functionDef).
func definesFunction(text, name string) bool {
	if !mayDefineFunction(text) {
		return false
	}
	for _, d := range functionDef().FindAllStringSubmatch(text, -1) {
		if d[2]+d[3] == name {
			return true
		}
	}
	return false
}

// inlinedCall matches a script's last line (past a trailing exit $?)
// that calls a function and passes its status on: main, main "$@", and
// main "$@" || exit $? or main && exit 0, whose exit runs only where the
// function's status is already the script's. The name is the first
// group, the "$@" the second.
var inlinedCall = lazy.Regexp(`^([A-Za-z_][\w-]*)((?:[ \t]+"\$(?:@|\{@\})")?)(?:[ \t]*(?:\|\|[ \t]*exit(?:[ \t]+` + passedStatus + `)?|&&[ \t]*exit(?:[ \t]+0+)?))?[ \t;]*$`)

// positionalArgs matches an expansion of the positional parameters ($@,
// ${1}, $#): inside a function they are its own arguments.
var positionalArgs = lazy.Regexp(`\$\{?[@*#1-9]`)

// withLastCallInlined returns a script's text (comments dropped, as
// tailText has it) whose last line calls a function the script defines
// (inlinedCall: main "$@"), with that call replaced by the function's
// body, its returns spelled exit, and the definition cut (QA: main() {
// check.sh || return 2; return 0; }, then main "$@", went unread: the
// tail-call readings look at a script's last lines, never into a
// function's body). The function's status is the script's, and a
// return in its body ends the script with its code, as
// withLastCallReturnsAsExits reads it; its last command's status is the
// body's. Only where that reading holds whole: the call the function's
// only one (lastFunctionCall) and its name named nowhere else (not
// trap main EXIT), one definition at the top level with a { } body
// defining no function, and a call with no arguments only where the
// body reads none ($1 is then the script's). Not ok otherwise.
func withLastCallInlined(text string) (string, bool) {
	if !strings.Contains(text, "(") && !strings.Contains(text, "function") {
		return "", false // every definition has one: most scripts stop here
	}
	before, last := lastLine(text)
	m := inlinedCall().FindStringSubmatch(last)
	oneLine := false
	if m == nil {
		// main(){ check.sh || return 2; }; main "$@", on one line (QA):
		// the call after the body's } and ;, read as on a line of its
		// own; the shape below says whether that } ends main's body.
		if i := strings.LastIndexByte(last, '}'); i >= 0 {
			if call, ok := strings.CutPrefix(strings.TrimLeft(last[i+1:], " \t"), ";"); ok {
				call = strings.TrimSpace(call)
				if m = inlinedCall().FindStringSubmatch(call); m != nil {
					before = text[:len(before)+strings.Index(text[len(before):], last)+strings.LastIndex(last, call)]
					oneLine = true
				}
			}
		}
	}
	if m == nil || slices.Contains(shlex.Keywords, m[1]) || slices.Contains(shlex.CompoundWords, m[1]) {
		return "", false
	}
	plain := shlex.WithoutTrailingComments(shlex.WithoutLiteralQuotes(text)) // same length: the offsets hold
	sh, fn, at, ok := lastFunctionCall(plain)
	if !ok || at < len(before) || strings.TrimSpace(plain[len(before):at]) != "" || !shlex.WordAt(plain+" ", at, m[1]) {
		return "", false
	}
	if oneLine && strings.Trim(plain[sh.bodies[fn].end:at], " \t;") != "" {
		return "", false // main(){ …; }; other; main: not read
	}
	body := sh.bodies[fn]
	inner := plain[body.start+1 : body.end-1]
	if plain[body.start] != '{' || sh.parent[fn] >= 0 || mayDefineFunction(inner) || m[2] == "" && positionalArgs().MatchString(inner) {
		return "", false
	}
	def := -1
	for _, d := range functionDef().FindAllStringSubmatchIndex(plain, -1) {
		if d[1]-1 == body.start {
			def = d[3]
		}
	}
	if def < 0 || sh.blockOf(def) >= 0 || namedCount(plain, m[1]) != 2 {
		return "", false // nested, or named again: defined twice, trap main EXIT
	}
	b := []byte(text[body.start+1 : body.end-1])
	for _, r := range sh.anyReturns {
		if r > body.start && r < body.end && sh.regionOf(r) == fn {
			copy(b[r-body.start-1:], "exit  ")
		}
	}
	mid := text[body.end:len(before)]
	if oneLine {
		mid = "\n" // the ; between the body and the call
	}
	return text[:def] + mid + string(b) + "\n", true
}

// namedCount counts the words of plain that are name, whole.
func namedCount(plain, name string) int {
	n := 0
	for at := 0; ; {
		i := strings.Index(plain[at:], name)
		if i < 0 {
			return n
		}
		i += at
		at = i + len(name)
		if (i == 0 || !shlex.IsNameByte(plain[i-1]) && plain[i-1] != '-') && (at == len(plain) || !shlex.IsNameByte(plain[at]) && plain[at] != '-') {
			n++
		}
	}
}
