package hookconv

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
)

// CodeZshSyntax (warning or info): command hooks whose text zsh reads
// otherwise than sh and bash do (== in [ ], a glob that may match
// nothing, for … in $VAR, ${PIPESTATUS[0]}, ${arr[0]}, ${!name}, read -a,
// …) go to a tool that runs a command with the shell of the user's
// account (Codex), which on macOS is zsh unless the user changed it, and
// zsh there too where it is one Codex does not know (fish): zsh ends the
// command or the whole shell with exit 1 there, or runs it otherwise,
// and a guard lets actions through: a warning when one of them blocks,
// and --remove-source keeps such a guard in the source. Said once per
// conversion.
const CodeZshSyntax = "HC443"

// zshOtherwise notes (HC443), once per conversion, the command hooks
// whose inline command (what runs on Linux and macOS; not the scripts it
// runs, which name their shell on their shebang line) uses syntax zsh
// reads otherwise (zshOtherwiseSyntax), when the target runs commands
// with the shell of the user's account and the tool the hook was written
// for does not: zsh is macOS's default login shell (from 10.15), and
// Codex runs zsh on macOS for an account shell it does not know (fish),
// so most macOS users of the target run the command with zsh -c. A
// warning when one of them blocks; information otherwise. Not under the shim or for a command
// a shim wraps (hookconv run runs it with bash, and zsh reads the shim's
// line as sh does: shellQuote), nor for a PowerShell command.
func zshOtherwise(m *canonical.Manifest, from, to string) (diag.List, [][]int) {
	return userShellSyntax{
		code:  CodeZshSyntax,
		read:  zshOtherwiseSyntax,
		says:  "%d command hook(s) use syntax zsh reads otherwise (%s); %s runs a hook's command with the shell of the user's account, zsh by default on macOS (also where the account's shell is one it does not know, such as fish), and in zsh the command stops early or runs otherwise than in sh or bash%s",
		fails: "a guard that stops early or runs otherwise can let every action through",
		hint:  `convert with --shim, whose line zsh reads as sh does (hookconv run then runs the command with bash), or wrap the command in bash -c '…'; or compare with = in [ ], and quote a word that is no glob ('[INFO]')`,
	}.note(m, from, to)
}

// zshExpansions are the parameter expansions zsh 5.9 (not emulating sh)
// reads otherwise than bash, in double quotes too: bash's arrays it
// lacks (reading empty), indexes it counts from 1, and bash's forms it
// stops at ("bad substitution": the shell ends there with exit 1).
var zshExpansions = []struct {
	re   func() *regexp.Regexp
	name string
}{
	{lazy.Regexp(`\$(?:\{[#!]?)?PIPESTATUS\b`), "${PIPESTATUS[…]} (zsh has $pipestatus, from 1)"},
	{lazy.Regexp(`\$(?:\{[#!]?)?BASH_REMATCH\b`), "BASH_REMATCH (zsh has $match)"},
	{lazy.Regexp(`\$\{![A-Za-z_]`), "${!name} (bad substitution in zsh)"},
	{lazy.Regexp(`\$\{[A-Za-z_]\w*(?:\[[^]}]*\])?[,^]`), "${name,,} or ${name^^} (bad substitution in zsh)"},
	{lazy.Regexp(`\$\{[A-Za-z_]\w*(?:\[[^]}]*\])?@[A-Za-z]`), "${name@…} (bad substitution in zsh)"},
}

// indexed matches ${name[i]}, an element of an array by its index, or
// its length ${#name[i]}, with the name and the index.
var indexed = lazy.Regexp(`\$\{#?([A-Za-z_]\w*)\[([^]}]+)\]`)

// declared matches a declaration (declare, typeset or local) with its
// options and its names: an associative array's (-A) keys zsh reads as
// bash does.
var declared = lazy.Regexp(`\b(?:declare|typeset|local)((?:[ \t]+-[A-Za-z]+)+)((?:[ \t]+[A-Za-z_]\w*(?:=[^ \t;&|\n]*)?)+)`)

// associativeArrays returns the names code declares associative arrays.
func associativeArrays(code string) []string {
	var names []string
	for _, d := range declared().FindAllStringSubmatch(code, -1) {
		if !strings.Contains(d[1], "A") {
			continue
		}
		for _, f := range strings.Fields(d[2]) {
			name, _, _ := strings.Cut(f, "=")
			names = append(names, name)
		}
	}
	return names
}

// arrayIndex returns where expand (a shell text's expanding view) first
// takes an element of an indexed array by its index, or its length:
// ${name[N]}, ${name[$i]}, ${name[i+1]}, ${#name[0]}: zsh counts from 1
// and bash from 0, so the same index reads another element, and
// ${name[0]} nothing (a loop from 0 reads the last element nowhere).
// Alike in both: all of it ([@], [*]), from the end ([-1], [-i]), and
// the keys of an array code (its code view) declares associative. -1 for
// none.
func arrayIndex(expand, code string) int {
	var associative []string
	read := false // the declarations are read at the first index: most texts have none
	for _, m := range indexed().FindAllStringSubmatchIndex(expand, -1) {
		name, index := expand[m[2]:m[3]], strings.TrimSpace(expand[m[4]:m[5]])
		if index == "@" || index == "*" || strings.HasPrefix(index, "-") {
			continue
		}
		if !read {
			associative, read = associativeArrays(code), true
		}
		if !slices.Contains(associative, name) {
			return m[0]
		}
	}
	return -1
}

// keyAssigned matches an element's assignment with its name, when its
// subscript opens with a quote: name["k"]=v, name['k']+=v.
var keyAssigned = lazy.Regexp(`(?:^|[^\w$])([A-Za-z_]\w*)\[["'][^]\n]*\]\+?=`)

// quotedKey returns where a shell text first takes or sets a key of an
// array it declares associative through a quoted subscript, in expand
// (${m["k"]}, ${m['k']}, ${m["$k"]}) or in code (m["k"]=v): bash takes
// the key without the quotes, zsh with them, so the element read or set
// is another one, and one set as m[k] reads empty. -1 for none.
func quotedKey(expand, code string) int {
	var associative []string
	read := false
	at := -1
	for _, m := range indexed().FindAllStringSubmatchIndex(expand, -1) {
		if index := expand[m[4]:m[5]]; index[0] != '"' && index[0] != '\'' {
			continue
		}
		if !read {
			associative, read = associativeArrays(code), true
		}
		if slices.Contains(associative, expand[m[2]:m[3]]) {
			at = m[0]
			break
		}
	}
	if !strings.Contains(code, "[\"") && !strings.Contains(code, "['") {
		return at
	}
	for _, m := range keyAssigned().FindAllStringSubmatchIndex(code, -1) {
		if at >= 0 && m[2] > at {
			break
		}
		if !read {
			associative, read = associativeArrays(code), true
		}
		if slices.Contains(associative, code[m[2]:m[3]]) {
			return m[2]
		}
	}
	return at
}

// zshMarks are what the constructs zshOtherwiseSyntax finds hold in the
// text as written, but for a glob, a word opening with = and a variable
// zsh does not split or read as a pattern (mayBeZshOtherwise): without
// one, no view is made and nothing is read, as for most commands (a
// script's path, a plain call).
var zshMarks = []string{"${", "PIPESTATUS", "BASH_REMATCH", "=="}

// zshWords are the programs whose options or whose being a builtin zsh
// reads otherwise (zshOptions, zshBuiltins), found as words: as
// substrings, "local" and "type" held in nearly every http hook's curl
// command (localhost, Content-Type), and every one of those was read in
// full (10,000 to Codex: +6,700 allocations).
var zshWords = sync.OnceValue(func() []string {
	words := slices.Clone(zshBuiltins)
	for _, o := range zshOptions {
		if !slices.Contains(words, o.program) {
			words = append(words, o.program)
		}
	}
	return words
})

// mayBeZshOtherwise reports whether text holds a mark of zshMarks, a
// word of zshWords, a glob character (* or ? but after $, a [ before no
// blank), a = opening a word, or a $ with the word for, set or case or
// with [[: without one, zshOtherwiseSyntax finds nothing.
func mayBeZshOtherwise(text string) bool {
	for _, m := range zshMarks {
		if strings.Contains(text, m) {
			return true
		}
	}
	for _, w := range zshWords() {
		if namesWord(text, w) {
			return true
		}
	}
	dollars := 0 // the $ just before text[i]: after an odd run, * and ? are $* and $?
	// Whether a ( opened inside a word (f(, $( …): that word runs to
	// its ), blanks and all (commandWords), so a [ after it may be its.
	wordParen := false
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\\':
			// A backslash escapes the byte after it, whatever it is: \$* is
			// a $ and a glob (the escaped $ opens nothing), and \\$$* a
			// backslash, $$ and a glob (fuzzing found the second; an
			// escaped glob or [ is no glob to the reading either).
			if i+1 < len(text) {
				i++
				dollars = 0
				continue
			}
		case '(':
			wordParen = wordParen || i > 0 && strings.IndexByte(wordBefore, text[i-1]) < 0
		case '*', '?':
			if dollars%2 == 0 {
				return true
			}
		case '[':
			// [ -f x ] and [[ -n x ]], words of their own, are no glob.
			// (A ( opens no word where it follows a name: f([ is one.)
			j := i + 1
			if j < len(text) && text[j] == '[' {
				j++
			}
			if wordParen || i > 0 && strings.IndexByte(" \t\n;&|", text[i-1]) < 0 || j < len(text) && strings.IndexByte(" \t\n", text[j]) < 0 {
				return true
			}
			i = j - 1
		case '=':
			if (i == 0 || strings.IndexByte(wordBefore, text[i-1]) >= 0) && i+1 < len(text) && strings.IndexByte(wordAfter, text[i+1]) < 0 {
				return true
			}
		}
		if text[i] == '$' {
			dollars++
		} else {
			dollars = 0
		}
	}
	return strings.Contains(text, "$") && (namesWord(text, "for") || namesWord(text, "set") || namesWord(text, "case") || strings.Contains(text, "[["))
}

// wordBefore and wordAfter are the bytes a word of commandWords may
// start after and end before (a ( it opens is its own: =( is a word).
const wordBefore, wordAfter = " \t\n;&|()`", " \t\n;&|)`<>"

// declarations are the builtins whose arguments NAME=value both shells
// read as assignments, not words: their values are no globs.
var declarations = []string{"export", "local", "declare", "typeset", "readonly"}

// zshBuiltins are bash's builtins zsh has none of: "command not found",
// status 127, and the shell runs on without what they set.
var zshBuiltins = []string{"readarray", "mapfile", "shopt", "compgen"}

// zshOtherwiseSyntax returns the first construct of text, a POSIX shell
// command line, that zsh 5.9 (run with -c, as Codex runs it, not
// emulating sh) reads otherwise than sh and bash, named as a user would
// know it with what zsh does, or "" when it has none. Each was run in
// zsh, bash and dash (TestZshCasesInZsh): an unquoted word opening with =
// (zsh's EQUALS:
// =name is the program name's path, and == or =====, naming no program,
// end the shell with "= not found", exit 1: [ "$x" == y ] && exit 2
// never blocks); a glob (*, ?, [ … ]) where it matches nothing
// (NOMATCH: "no matches found", no command runs, status 1, and for a
// builtin such as echo or [ the shell ends: echo [BLOCKED] >&2; exit 2
// exits 1); for … in $VAR and set -- $VAR, whose value zsh does not
// split into words; an unquoted $VAR as a pattern ([[ $f == $p ]], case
// $f in $p)), whose value zsh matches as text; a glob in let's argument
// or an array's elements (arr=(*.ts));
// ${PIPESTATUS[0]} and BASH_REMATCH, empty in zsh; ${name[N]} and
// ${name[$i]}, which count from 1; ${!name}, ${name,,}, ${name^^} and ${name@Q}, "bad
// substitution" (exit 1); read -a (zsh's is -A: "bad option"), and the
// builtins readarray, mapfile, shopt and compgen; read -p, type -P and
// declare -n (zshOptions). Not here: what zsh reads as
// bash does ([[ … ]], (( … )), $( … ) split when unquoted, <( … ), &>,
// local, declare -A, set -o pipefail, trap … ERR, printf -v, ${v:0:3},
// ${v//a/b}), an unquoted $VAR given to a command (one word in zsh, but
// whether it holds several is not known), nor echo's backslashes (zsh's
// echo reads "\n" as a newline, as dash's does and bash's does not; a
// JSON answer so written is not judged). Quoted text, comments,
// here-documents, arithmetic, the inside of [[ … ]] and case patterns
// are read as the shell reads them; what a $( … ) runs is read too; a
// text whose quotes do not pair up is not judged.
func zshOtherwiseSyntax(text string) string {
	if !mayBeZshOtherwise(text) {
		return ""
	}
	return readZshOtherwise(text)
}

// readZshOtherwise is zshOtherwiseSyntax without its prefilter: the
// reading itself.
func readZshOtherwise(text string) string {
	code, expand, ok := shlex.CodeViews(shlex.WithoutHereDocuments(text))
	if !ok {
		return ""
	}
	// A comment is read from the code, where a # in quotes is gone.
	uncommented := shlex.WithoutTrailingComments(code)
	e := []byte(expand)
	for j := range len(uncommented) {
		if uncommented[j] != code[j] {
			e[j] = ' '
		}
	}
	// What (( )) and $(( )) hold is arithmetic: no glob, no == there.
	code, expand = shlex.WithoutArithmetic(uncommented), shlex.WithoutArithmetic(string(e))
	at, name := len(code), ""
	found := func(i int, n string) {
		if i >= 0 && i < at {
			at, name = i, n
		}
	}
	for _, x := range zshExpansions {
		if loc := x.re().FindStringIndex(expand); loc != nil {
			found(loc[0], x.name)
		}
	}
	found(arrayIndex(expand, code), "${name[N]} (zsh counts from 1)")
	found(quotedKey(expand, code), `${name["key"]} (zsh keeps the quotes in the key)`)
	code, variable := withoutPatternContexts(code)
	if variable.end > 0 {
		found(variable.start, shownWord(text, variable)+", a pattern held in a variable (zsh matches its value as text, not as a pattern)")
	}
	words := commandWords(code)
	programs := map[int]string{} // each simple command's program
	for k, w := range words {
		if w.start >= at {
			break
		}
		word := code[w.start:w.end]
		if w.program && prefixAssignment().MatchString(word) {
			// Its value is no glob in either shell; =name is one in zsh.
			// An array's elements (arr=(*.ts)) are words, globs in both.
			v := word[len(prefixAssignment().FindString(word)):]
			if len(v) > 1 && v[0] == '=' {
				found(w.start, shownWord(text, w)+", a value opening with = (a program's path in zsh, or \"not found\")")
			}
			if len(v) > 1 && v[0] == '(' && slices.ContainsFunc(strings.Fields(strings.TrimSuffix(v[1:], ")")), globIn) {
				found(w.start, shownWord(text, w)+", a glob (\"no matches found\" in zsh where none matches)")
			}
			continue
		}
		if w.program && !slices.Contains(programPrefixes, word) {
			programs[w.command] = word
			switch {
			case word == "for":
				found(splitList(code, words[k+1:], w.command), "for … in $VAR (zsh splits no variable into words)")
			case word == "set":
				found(splitArgument(code, argumentsOf(words[k+1:], w.command)), "set -- $VAR (zsh splits no variable into words)")
			case slices.ContainsFunc(zshOptions, func(o zshOption) bool { return o.program == word }):
				found(bashOption(code, argumentsOf(words[k+1:], w.command), word))
			case slices.Contains(zshBuiltins, word):
				found(w.start, word+" (no builtin of zsh)")
			}
		}
		// An assignment is one (no glob) as the argument of a builtin that
		// declares (export, local, …), and a word as any other's (let
		// x=2*3 globs in both).
		name := assignment().FindString(word)
		declared := name != "" && slices.Contains(declarations, programs[w.command])
		switch {
		case declared && len(word) > len(name)+1 && word[len(name)] == '=':
			found(w.start, shownWord(text, w)+", a value opening with = (a program's path in zsh, or \"not found\")")
		case word == "==" && programs[w.command] == "[":
			found(w.start, `== in [ ] ("= not found" in zsh)`)
		case word == "==" && programs[w.command] == "test":
			found(w.start, `== in test ("= not found" in zsh)`)
		case len(word) > 1 && word[0] == '=':
			found(w.start, shownWord(text, w)+", a word opening with = (a program's path in zsh, or \"not found\")")
		case !declared && globIn(word):
			found(w.start, shownWord(text, w)+", a glob (\"no matches found\" in zsh where none matches)")
		}
	}
	return name
}

// prefixAssignment matches the NAME= (or NAME[i]=, NAME+=) that opens an
// assignment before a command or alone.
var prefixAssignment = lazy.Regexp(`^[A-Za-z_]\w*(?:\[[^]]*\])?\+?=`)

// splitList returns where for's list (the words of command after in,
// words being those after for) has an unquoted $NAME or ${NAME…}, whose
// value sh and bash split into words and zsh does not (SH_WORD_SPLIT is
// off): for f in $FILES runs once, with all of them. -1 when it has none.
// A $( … ) there zsh splits as sh does; $@, $* and ${NAME[@]} are lists.
func splitList(code string, words []codeWord, command int) int {
	list := argumentsOf(words, command)
	if len(list) < 2 || code[list[1].start:list[1].end] != "in" {
		return -1
	}
	return splitArgument(code, list[2:])
}

// splitArgument returns where words, a command's arguments, have an
// unquoted $NAME or ${NAME…}, which sh and bash split into words and zsh
// does not (splitList), or -1.
func splitArgument(code string, words []codeWord) int {
	for _, w := range words {
		word := code[w.start:w.end]
		for i := 0; i+1 < len(word); i++ {
			if word[i] != '$' {
				continue
			}
			switch n := word[i+1]; {
			case n == '(':
				i = parenEnd(word, i+1, len(word))
			case n == '{':
				j := i + 2
				for j < len(word) && shlex.IsNameByte(word[j]) {
					j++
				}
				if j > i+2 && (word[i+2] < '0' || word[i+2] > '9') && (j == len(word) || word[j] != '[') {
					return w.start
				}
			case shlex.IsNameByte(n) && (n < '0' || n > '9'):
				return w.start
			default:
				i++ // $$, $?, $1: no name
			}
		}
	}
	return -1
}

// argumentsOf returns the words of command among words, those after its
// program: its arguments.
func argumentsOf(words []codeWord, command int) []codeWord {
	var args []codeWord
	for _, w := range words {
		if w.command == command {
			args = append(args, w)
		}
	}
	return args
}

// zshOption is an option of a bash builtin that zsh's builtin of the same
// name reads otherwise, named as zshOtherwiseSyntax says it.
type zshOption struct {
	program string
	letter  byte
	name    string
}

// zshOptions are the options of bash's builtins that zsh's lack ("bad
// option", status 1, nothing done) or read otherwise: read -a reads into
// an array (zsh's read spells it -A), read -p prompts (zsh's reads from
// a coprocess: nothing is read), type -P prints a program's path, and
// declare -n makes a name a reference (zsh 5.9 has none).
var zshOptions = []zshOption{
	{"read", 'a', "read -a (zsh has read -A)"},
	{"read", 'p', "read -p (zsh's reads from a coprocess)"},
	{"type", 'P', "type -P (a bad option in zsh)"},
	{"declare", 'n', "declare -n (a bad option in zsh)"},
	{"typeset", 'n', "typeset -n (a bad option in zsh)"},
	{"local", 'n', "local -n (a bad option in zsh)"},
}

// bashOption returns where args, the arguments of program, take an
// option of zshOptions, and its name, or -1.
func bashOption(code string, args []codeWord, program string) (int, string) {
	skip := false
	for _, w := range args {
		word := code[w.start:w.end]
		switch {
		case skip:
			skip = false
		case len(word) < 2 || word[0] != '-' || word == "--":
			return -1, ""
		default:
			for _, o := range zshOptions {
				if o.program == program && strings.IndexByte(word[1:], o.letter) >= 0 {
					return w.start, o.name
				}
			}
			// read's -d delim, -t secs, -n and -N count and -u fd take
			// the word after them (-p prompt is flagged above).
			skip = program == "read" && strings.IndexByte("dtnNu", word[len(word)-1]) >= 0
		}
	}
	return -1, ""
}

// globIn reports whether word, a word of a command line's code view, has
// a glob character outside quotes and expansions: *, ? or [, which zsh
// reads as a pattern (or, unclosed, "bad pattern") as sh does, but stops
// at where it matches no file, where sh passes it on as written. [ and
// [[ alone are commands.
func globIn(word string) bool {
	if word == "[" || word == "[[" {
		return false
	}
	for i := 0; i < len(word); i++ {
		switch word[i] {
		case '$':
			if i+1 == len(word) {
				break
			}
			switch word[i+1] {
			case '(':
				i = parenEnd(word, i+1, len(word))
			case '{':
				for depth := 0; i < len(word); i++ {
					if word[i] == '{' {
						depth++
					} else if word[i] == '}' {
						if depth--; depth == 0 {
							break
						}
					}
				}
			default:
				i++ // $?, $*, $#, or a name's first byte
			}
		case '*', '?', '[':
			return true
		}
	}
	return false
}

// withoutPatternContexts returns code with what zsh reads as a pattern,
// not a word, blanked: each [[ … ]] where a command starts (== and a glob
// there compare, as in bash), each case pattern (the text before its
// ")"), and the arithmetic of for (( … )). variable is where the first
// of those patterns is a variable alone, unquoted ([[ $f == $p ]], case
// $f in $pat)), whose value bash reads as a pattern and zsh as text
// (GLOB_SUBST is off: *.env matches only itself); its end is 0 when
// there is none.
func withoutPatternContexts(code string) (blanked string, variable codeWord) {
	if !strings.Contains(code, "[[") && !strings.Contains(code, "((") && !namesWord(code, "case") {
		return code, variable
	}
	b := []byte(code)
	blankTo := func(from, to int) {
		for j := from; j < to; j++ {
			if b[j] != '\n' {
				b[j] = ' '
			}
		}
	}
	// test says whether the pattern is the word after ==, != or = (in
	// [[ … ]]) or each word (a case pattern's alternatives).
	patternIn := func(from, to int, test bool) {
		var words []codeWord
		commands := 0
		readCommandWords(code, from, to, &words, &commands)
		for k, w := range words {
			if test && (k == 0 || words[k-1].command != w.command || !slices.Contains([]string{"==", "!=", "="}, code[words[k-1].start:words[k-1].end])) {
				continue
			}
			if variable.end == 0 && loneVariable().MatchString(code[w.start:w.end]) {
				variable = w
			}
		}
	}
	ends := " \t\n;&|)"
	for i := 0; ; {
		j := strings.Index(code[i:], "[[")
		if j < 0 {
			break
		}
		j += i
		i = j + 2
		if !shlex.StartsCommand(code, j) || i < len(code) && strings.IndexByte(" \t\n", code[i]) < 0 {
			continue
		}
		for k := i; ; {
			e := strings.Index(code[k:], "]]")
			if e < 0 {
				break
			}
			e += k
			if e+2 == len(code) || strings.IndexByte(ends, code[e+2]) >= 0 {
				patternIn(i, e, true)
				blankTo(j, e+2)
				i = e + 2
				break
			}
			k = e + 2
		}
	}
	// for (( i = 0; i < n*2; i++ )): arithmetic, which shlex.WithoutArithmetic
	// leaves (its ; are no command's end).
	for _, m := range arithmeticFor().FindAllStringSubmatchIndex(code, -1) {
		if end := strings.Index(code[m[2]:], "))"); shlex.StartsCommand(code, m[0]) && end >= 0 {
			blankTo(m[2], m[2]+end+2)
		}
	}
	// The first esac at or after an offset, kept with the offset it was
	// looked for from: it stays the first for every offset between the
	// two, so a case of thousands of arms is read in one pass, not one
	// search to its esac per arm (QA: a 1 MB case took 70 s). A nested
	// case starts before the arms read last: looked for again.
	esacAt, esacLow := len(code), len(code)+1 // nothing looked for yet
	esacFrom := func(from int) int {
		if from < esacLow || from > esacAt {
			esacLow, esacAt = from, wordIndex(code, "esac", from)
			if esacAt < 0 {
				esacAt = len(code) // none from here to the end
			}
		}
		if esacAt == len(code) {
			return -1
		}
		return esacAt
	}
	for _, m := range caseWord().FindAllStringSubmatchIndex(code, -1) {
		if !shlex.StartsCommand(code, m[2]) {
			continue
		}
		in := wordIndex(code, "in", m[3])
		if in < 0 {
			continue
		}
		for p := in + 2; p < len(code); {
			p += len(code[p:]) - len(strings.TrimLeft(code[p:], " \t\n;"))
			if esacFrom(p) == p {
				break
			}
			close := strings.IndexByte(code[p:], ')')
			if close < 0 {
				break
			}
			patternIn(p, p+close, false)
			blankTo(p, p+close)
			next := strings.Index(code[p+close:], ";;")
			end := esacFrom(p + close)
			if next < 0 || end >= 0 && end < p+close+next {
				break
			}
			p += close + next + 2
		}
	}
	return string(b), variable
}

// loneVariable matches a word that is a variable's value alone, unquoted:
// $NAME or ${NAME}.
var loneVariable = lazy.Regexp(`^\$(?:[A-Za-z_]\w*|\{[A-Za-z_]\w*\})$`)

// arithmeticFor matches for (( where a command starts, the (( its first
// group.
var arithmeticFor = lazy.Regexp(`\bfor[ \t]*(\(\()`)

// caseWord matches the word case, its start the first group.
var caseWord = lazy.Regexp(`(?:^|[^\w])(case)[ \t]`)

// wordIndex returns the offset of the first whole word w in code from
// from on, or -1.
func wordIndex(code, w string, from int) int {
	for from < len(code) {
		i := strings.Index(code[from:], w)
		if i < 0 {
			return -1
		}
		i += from
		if (i == 0 || !shlex.IsNameByte(code[i-1])) && (i+len(w) == len(code) || !shlex.IsNameByte(code[i+len(w)])) {
			return i
		}
		from = i + len(w)
	}
	return -1
}

// shownWord is word w of text as written, shortened to some 24 bytes.
func shownWord(text string, w codeWord) string {
	s := text[w.start:w.end]
	if len(s) <= 24 {
		return s
	}
	cut := 23
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
