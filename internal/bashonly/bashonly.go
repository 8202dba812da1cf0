// Package bashonly finds, in a shell command line, the syntax only bash
// reads: what dash, the sh of Debian and Ubuntu, stops at or reads
// otherwise ([[ … ]], <( … ), &>, arrays, bash's builtins, set -o
// pipefail, …). A tool that runs a hook's command with sh breaks a
// command written for a tool that runs bash, and a blocking guard that
// fails there lets every call through. The pipeline warns about it
// (HC439); this package only reads the text, knowing nothing of hooks or
// tools, so that the reading is tested on its own.
package bashonly

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
)

// Syntax is one construct only bash reads: where re finds it in a
// command's text (its first submatch, when it has one), read with every
// quoted string blanked, or with only the strings that expand nothing
// blanked (expand: parameter expansions work inside double quotes too),
// and its name. A construct must stand where a command starts when
// command says so; a builtin's name is the word found. reads and fails
// replace what the warning says of most constructs ("which only bash
// reads"; "it fails there or means something else") where sh does
// something else with it.
type Syntax struct {
	// Name names the construct for a warning ("[[ … ]] (bash's
	// conditional command)"); "" when Find found none.
	Name    string
	re      func() *regexp.Regexp
	expand  bool
	command bool
	builtin bool
	// Reads and Fails, when set, replace what a warning says of most
	// constructs ("which only bash reads"; "it fails there or means
	// something else").
	Reads string
	Fails string
}

// bashSyntaxes are the constructs Find looks for: each is a syntax
// error, a command not found, a "Bad substitution" or a builtin's
// "Illegal option" in dash 0.5.12, or (brace expansion) a word it leaves
// as written; none is POSIX sh but pipefail, too new for the dash many
// systems have (each checked against dash 0.5.12). Kept narrow
// on purpose: a warning on a POSIX command is as wrong as a bash one
// said nothing about. Brace groups ({ cmd; }), $(( )), ${v:-x}, ${v#p},
// ${#v} and . file are POSIX, and not here.
var bashSyntaxes = []Syntax{
	{Name: "[[ … ]] (bash's conditional command)", re: lazy.Regexp(`\[\[[ \t\n]`), command: true},
	{Name: "$(< file) (bash's file read)", re: lazy.Regexp(`\$\([ \t]*<[^<(]`), expand: true},
	{Name: "<( … ) (process substitution)", re: lazy.Regexp(`(?:^|[^<>$\d])([<>]\()`)},
	{Name: "<<< (a here-string)", re: lazy.Regexp(`<<<`)},
	{Name: "&> (bash's redirection of both outputs)", re: lazy.Regexp(`(?:^|[^&<>])(&>)`)},
	{Name: "|& (bash's pipe of both outputs)", re: lazy.Regexp(`(?:^|[^|])(\|&)`)},
	{Name: "the function keyword", re: lazy.Regexp(`\bfunction[ \t]+[A-Za-z_]`), command: true},
	{Name: "an array assignment (name=( … ))", re: lazy.Regexp(`(?:\b(?:local|export|readonly)[ \t]+)?[A-Za-z_]\w*\+?=\(`), command: true},
	{Name: "an array expansion (${name[…]})", re: lazy.Regexp(`\$\{[#!]?[A-Za-z_]\w*\[`), expand: true},
	{Name: "an indirect expansion (${!name})", re: lazy.Regexp(`\$\{![A-Za-z_@*]`), expand: true},
	{Name: "case conversion (${name,,} or ${name^^})", re: lazy.Regexp(`\$\{[A-Za-z_]\w*[,^]`), expand: true},
	{Name: "pattern substitution (${name/…/…})", re: lazy.Regexp(`\$\{[A-Za-z_]\w*/`), expand: true},
	{Name: "a substring expansion (${name:offset:length})", re: lazy.Regexp(`\$\{(?:[A-Za-z_]\w*|[0-9]+|[@*]):[^-=?+}]`), expand: true},
	// $$'x' is the PID and a quoted x: an odd run of $ ends in $'.
	{Name: "$'…' (ANSI-C quoting)", re: lazy.Regexp(`(?:^|[^$])(?:\$\$)*(\$')`)},
	{Name: "brace expansion ({a,b} or {1..3})", re: lazy.Regexp(`(?:^|[^$])(\{(?:[\w./*+@:-]*,[\w./*+@:,-]*|[A-Za-z0-9]+\.\.[A-Za-z0-9]+(?:\.\.[0-9]+)?)\})`)},
	{re: lazy.Regexp(`\b(source|let|declare|typeset|readarray|mapfile|shopt|pushd|popd)[ \t\n]`), command: true, builtin: true},
	{Name: "local -a (a bash array)", re: lazy.Regexp(`\blocal[ \t]+-[a-zA-Z]*[aA]\b`), command: true},
	{Name: "for (( … )) (bash's arithmetic for loop)", re: lazy.Regexp(`\bfor[ \t]*\(\(`), command: true},
	// dash: Syntax error: "do" unexpected (exit 2).
	{Name: "select (bash's menu loop)", re: lazy.Regexp(`\bselect[ \t]+[A-Za-z_]\w*[ \t]+in\b`), command: true},
	// >&word with a word that is no fd number (dash: "Bad fd number", a
	// syntax error); 2>&file fails in bash too ("ambiguous redirect").
	{Name: ">& file (bash's redirection of both outputs)", re: lazy.Regexp(`(?:^|[^<>&0-9])(>&)[ \t]*[^-0-9 \t\n;&|$"'` + "`" + `\\]`)},
	{Name: "a transformation (${name@Q})", re: lazy.Regexp(`\$\{[A-Za-z_]\w*@[A-Za-z]`), expand: true},
	// sh's read takes -r and -p only: -a, -d, -n, -s, -t, -u are an
	// "Illegal option", and read sets nothing.
	{Name: "an option of read only bash has (-a, -d, -n, -s, -t, …)", re: lazy.Regexp(`(?:^|[^\w=])((?:[A-Za-z_]\w*=[^ \t\n;&|]*[ \t]+)*read)(?:[ \t]+-[rp]+)*[ \t]+-[rp]*[^-rp \t\n;&|]`), command: true},
	{Name: "printf -v (bash's printf into a variable)", re: lazy.Regexp(`\bprintf[ \t]+-v`), command: true},
	// export and readonly take -p only in sh, and, as special builtins,
	// end the shell on an illegal option.
	{Name: "export -f or -n (sh's export and readonly take -p only)", re: lazy.Regexp(`\b(?:export|readonly)[ \t]+-p*[A-Za-oq-z]`), command: true},
	// POSIX.1-2024 has pipefail, and dash since Debian's 0.5.12-7 and
	// upstream 0.5.13; Debian 12 (0.5.12-2) and Ubuntu 24.04
	// (0.5.12-6ubuntu5) stop at it, exit 2, as a special builtin's error.
	// Only while set reads options: each word before -o pipefail is an
	// option, or -o and its name (set -o errexit -o pipefail); after --,
	// - or a first operand, set -- -o pipefail sets $1 and $2 in dash too.
	{Name: "set -o pipefail", re: lazy.Regexp(`\bset(?:[ \t]+(?:[-+][A-Za-np-z]+|[-+][A-Za-z]*o[A-Za-z]*[ \t]+[A-Za-z]+))*[ \t]+[-+][A-Za-z]*o[A-Za-z]*[ \t]+pipefail\b`), command: true,
		Reads: "which dash before 0.5.13 and Debian's 0.5.12-7 (Debian 12, Ubuntu 24.04) stops at (\"Illegal option -o pipefail\")",
		Fails: "it exits 2 there before running anything, a blocking error on every call where exit 2 blocks"},
	// dash 0.5.12 says "trap: ERR: bad trap", sets nothing (status 1) and
	// runs on: the trap never fires.
	{Name: "trap … ERR (bash's ERR, DEBUG and RETURN traps)", re: lazy.Regexp(`\btrap[ \t][^;&|\n]*[ \t](?:ERR|DEBUG|RETURN)(?:[ \t;&|)\n]|$)`), command: true,
		Reads: "which dash has no trap for (\"trap: ERR: bad trap\", status 1)",
		Fails: "dash sets no such trap and runs the rest, so what the trap does never happens: a guard that blocks from it (trap 'exit 2' ERR) lets every call through"},
	// time is no keyword in dash: it runs a time program (GNU time) found
	// on PATH, which Debian installs only on request (the time package is
	// optional), else "time: not found", exit 127, the command unrun;
	// time { … } and time ( … ) are a syntax error (exit 2) either way.
	{Name: "time (bash's keyword)", re: lazy.Regexp(`\btime[ \t]+[^ \t\n;&|]`), command: true,
		Reads: "which dash has no keyword for: it runs a time program where one is installed, else stops at \"time: not found\" (exit 127), and time { … } or time ( … ) is a syntax error (exit 2)",
		Fails: "without a time program the command never runs: a guard then lets every call through, or blocks every one when it turns a failure into exit 2 (time check.sh || exit 2)"},
}

// bashMarks are what every construct Find finds holds in the text
// as written: each expression of bashSyntaxes needs one (its words,
// bashWords, as words of their own), as do (( … )) and ==. The views
// Find reads only blank text or spell an arithmetic ((…)) as true:
// none makes a mark that was not there.
var bashMarks = []string{"[[", "((", "<(", ">(", "<<<", "&>", "|&", "=(", "${", "$'", "{", "=="}

// bashWords are the marks of bashSyntaxes that are words: each of their
// expressions wants it whole (\b or a blank on both sides). Found as
// part of a longer word they are no mark: localhost, /usr/local/bin,
// thread, delete, resources and runtime are in many a plain command, and
// each would run the whole reading.
var bashWords = []string{"function", "local", "source", "let", "declare", "typeset", "readarray", "mapfile", "shopt", "pushd", "popd",
	"read", "readonly", "printf", "export", "pipefail", "select", "trap", "time"}

// mayBeBashOnly reports whether text holds a mark of bashMarks, a word
// of bashWords, a $(< or a >& before no fd number: without one, Find
// finds nothing, and its views and a score of expressions run on every
// command going to a tool that runs sh.
func mayBeBashOnly(text string) bool {
	for _, m := range bashMarks {
		if strings.Contains(text, m) {
			return true
		}
	}
	for _, w := range bashWords {
		if hasWord(text, w) {
			return true
		}
	}
	// >&2, the commonest redirection of all, is no mark: >& file is.
	for rest := text; ; {
		i := strings.Index(rest, ">&")
		if i < 0 {
			break
		}
		rest = strings.TrimLeft(rest[i+2:], " \t")
		if rest != "" && !strings.ContainsRune("-0123456789", rune(rest[0])) {
			return true
		}
	}
	for rest := text; ; {
		i := strings.Index(rest, "$(")
		if i < 0 {
			return false
		}
		rest = rest[i+2:]
		if strings.HasPrefix(strings.TrimLeft(rest, " \t"), "<") {
			return true
		}
	}
}

// hasWord reports whether w stands in text as a word of its own: with no
// name byte (letter, digit or _, what \b sees) just before or after it.
func hasWord(text, w string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		j += i
		if (j == 0 || !shlex.IsNameByte(text[j-1])) && (j+len(w) == len(text) || !shlex.IsNameByte(text[j+len(w)])) {
			return true
		}
		i = j + 1
	}
}

// arithmeticCommand matches (( where an arithmetic command may start.
var arithmeticCommand = lazy.Regexp(`\(\(`)

// Find returns the first construct in text, a shell command line,
// that only bash reads (bashSyntaxes, (( … )), == in [ ] and ** in
// $(( … ))), its name filled in, or none (no name) when it has none.
// Quoted text, comments, here-documents, arithmetic and escaped
// characters are no syntax; what a command substitution runs is, in
// double quotes too; a text whose quotes do not pair up is not judged.
func Find(text string) Syntax {
	if !mayBeBashOnly(text) {
		return Syntax{} // most commands: a script's path, a plain call
	}
	return readBashOnly(text)
}

// readBashOnly is Find without its prefilter: the reading itself.
func readBashOnly(text string) Syntax {
	code, expand, ok := shlex.CodeViews(shlex.WithoutHereDocuments(text))
	if !ok {
		return Syntax{}
	}
	// A comment is read from the code, where a # in quotes is gone.
	uncommented := []byte(shlex.WithoutTrailingComments(code))
	e := []byte(expand)
	for j := range uncommented {
		if uncommented[j] != code[j] {
			e[j] = ' '
		}
	}
	code = string(uncommented)
	first, found := len(text), Syntax{}
	for _, m := range arithmeticCommand().FindAllStringIndex(code, -1) {
		if shlex.StartsCommand(code, m[0]) && shlex.ArithmeticEnd(code, m[0]) > 0 {
			first, found = m[0], Syntax{Name: "(( … )) (an arithmetic command)"}
			break
		}
	}
	if at := powerInArithmetic(code); at >= 0 && at < first {
		first, found = at, Syntax{Name: "** in $(( … )) (bash's power operator)"}
	}
	// What (( )) and $(( )) hold is arithmetic: a < ( there is none of
	// the constructs.
	code, expand = shlex.WithoutArithmetic(code), shlex.WithoutArithmetic(string(e))
	for _, s := range bashSyntaxes {
		view := code
		if s.expand {
			view = expand
		}
		for _, m := range s.re().FindAllStringSubmatchIndex(view, -1) {
			at := m[0]
			if len(m) > 2 {
				at = m[2]
			}
			if at >= first {
				break
			}
			if s.command && !shlex.StartsCommand(code, at) {
				continue
			}
			first, found = at, s
			if s.builtin {
				found.Name = "the bash builtin " + view[m[2]:m[3]]
				if view[m[2]:m[3]] == "source" {
					found.Name += " (sh has .)"
				}
			}
			break
		}
	}
	if at := equalsInTest(code); at >= 0 && at < first {
		found = Syntax{Name: "== in [ ] (POSIX test compares with =)"}
	}
	return found
}

// powerInArithmetic returns the offset of the first $(( … )) of code
// (quotes blanked) that raises to a power with **, which dash's
// arithmetic rejects ("expecting primary", exit 2), or -1.
func powerInArithmetic(code string) int {
	for from := 0; ; {
		i := strings.Index(code[from:], "$((")
		if i < 0 {
			return -1
		}
		i += from
		if end := shlex.ArithmeticEnd(code, i+1); end > 0 && strings.Contains(code[i:end], "**") {
			return i
		}
		from = i + 3
	}
}

// testCommand matches [ or test where it may start a command, with its
// first argument after it.
var testCommand = lazy.Regexp(`(?:\[|\btest)[ \t]`)

// equalsInTest returns the offset of the first [ … ] or test command of
// code (quotes blanked) that compares with ==, which dash's test rejects
// ("unexpected operator", exit 2), or -1.
func equalsInTest(code string) int {
	if !strings.Contains(code, "==") {
		return -1
	}
	for _, m := range testCommand().FindAllStringIndex(code, -1) {
		if !shlex.StartsCommand(code, m[0]) {
			continue
		}
		end := m[1]
		for end < len(code) && !strings.ContainsRune(";&|\n", rune(code[end])) {
			end++
		}
		words := strings.Fields(code[m[1]:end])
		if code[m[0]] == '[' {
			if k := slices.Index(words, "]"); k >= 0 {
				words = words[:k]
			}
		}
		if slices.Contains(words, "==") {
			return m[0]
		}
	}
	return -1
}
