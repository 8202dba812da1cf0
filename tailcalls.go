package hookconv

// A guard whose whole job is to pass on a helper's exit (QA F3): exec
// "$(dirname "$0")/check.sh", bash "$DIR/check.sh"; exit $?, or
// . "$(dirname "$0")/check.sh" as its last command. Its exit is the
// helper's, and so is what it writes to stderr: HC431 reads the helper
// as it reads the hook's own script, after what the guard runs first.

import (
	"path"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/lazy"
)

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
	if !ok || s.unread[call.Command] {
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
	a, seen := s.tails[refs[0].path]
	if !seen {
		var followed bool
		a.text, followed, a.ok = s.tailText(refs[0].path, refs[0].program, nil)
		// A script that hands its exit to none was readScript's to
		// read: this reading adds only the helpers.
		if a.ok && (!followed || !allVisible(a.text, forExit)) {
			a = readAnswer{}
		}
		if s.tails == nil {
			s.tails = map[string]readAnswer{}
		}
		s.tails[refs[0].path] = a
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
	before, helper, helperDirect, ok := s.tailCall(text)
	if !ok {
		return text, false, true // all it does, or not: allVisible decides
	}
	inner, _, ok := s.tailText(helper, helperDirect, append(seen, name))
	if !ok {
		return "", false, false
	}
	return before + "\n" + inner, true, true
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
// another file.
func (s *Scripts) tailCall(text string) (before, helper string, direct, ok bool) {
	body := strings.TrimRight(text, " \t\n;")
	if loc := trailingExitStatus().FindStringIndex(body); loc != nil {
		body = strings.TrimRight(body[:loc[0]], " \t\n;")
	}
	cut := strings.LastIndexByte(body, '\n')
	before, last := body[:cut+1], strings.TrimSpace(body[cut+1:])
	if last == "" || strings.ContainsAny(last, ";&|<>`()") || strings.Contains(last, "$(") ||
		strings.HasSuffix(strings.TrimRight(before, " \t\n"), "\\") || strings.Contains(before, "<<") ||
		strings.TrimSpace(before) != "" && shellWords(before) == nil || changesDirectory().MatchString(before) {
		return "", "", false, false
	}
	refs := scriptPaths(last, rootVars(s.Plugin), !s.Plugin)
	if len(refs) != 1 {
		return "", "", false, false
	}
	words := shellWords(last)
	if len(words) > 0 && words[0].text == "exec" {
		words = words[1:]
	}
	if n := len(words); n > 1 && (words[n-1].text == "$@" || words[n-1].text == "${@}") {
		words = words[:n-1]
	}
	// The project script is the one path among the words: it must be
	// the last, after nothing but how it is run.
	switch {
	case len(words) == 1:
		direct = true
	case len(words) == 2 && (words[0].text == "source" || words[0].text == "."):
	case len(words) >= 2 && slices.Contains([]string{"sh", "bash", "zsh", "dash"}, path.Base(words[0].text)):
		for _, w := range words[1 : len(words)-1] {
			if !strings.HasPrefix(w.text, "-") || strings.ContainsAny(w.text, "cosxv") {
				return "", "", false, false // sh -c '…', -o …, tracing: not a plain run
			}
		}
	default:
		return "", "", false, false
	}
	if strings.HasPrefix(words[len(words)-1].text, "-") {
		return "", "", false, false
	}
	return before, refs[0].path, direct, true
}

// changesDirectory matches a command that changes the shell's folder,
// after which a relative path names a file elsewhere.
var changesDirectory = lazy.Regexp(`(?:^|[\s;&|({])(?:cd|pushd|popd)(?:[\s;&|)}]|$)`)
