package hookconv

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
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
	{lazy.Regexp(`\$\{[A-Za-z_]\w*\[[0-9]+\]`), "${name[N]} (zsh counts from 1)"},
	{lazy.Regexp(`\$\{![A-Za-z_]`), "${!name} (bad substitution in zsh)"},
	{lazy.Regexp(`\$\{[A-Za-z_]\w*(?:\[[^]}]*\])?[,^]`), "${name,,} or ${name^^} (bad substitution in zsh)"},
	{lazy.Regexp(`\$\{[A-Za-z_]\w*(?:\[[^]}]*\])?@[A-Za-z]`), "${name@…} (bad substitution in zsh)"},
}

// zshMarks are what the constructs zshOtherwiseSyntax finds hold in the
// text as written, but for a glob, a word opening with = and for … in
// $VAR (mayBeZshOtherwise): without one, no view is made and nothing is
// read, as for most commands (a script's path, a plain call).
var zshMarks = []string{"${", "PIPESTATUS", "BASH_REMATCH", "==", "read", "mapfile", "shopt"}

// mayBeZshOtherwise reports whether text holds a mark of zshMarks, a glob
// character (* or ? but after $, a [ before no blank), a = opening a
// word, or the word for and a $: without one, zshOtherwiseSyntax finds
// nothing.
func mayBeZshOtherwise(text string) bool {
	for _, m := range zshMarks {
		if strings.Contains(text, m) {
			return true
		}
	}
	dollars := 0 // the $ just before text[i]: after an odd run, * and ? are $* and $?
	for i := 0; i < len(text); i++ {
		switch text[i] {
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
			if i > 0 && strings.IndexByte(" \t\n;&|", text[i-1]) < 0 || j < len(text) && strings.IndexByte(" \t\n", text[j]) < 0 {
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
	return strings.Contains(text, "$") && namesWord(text, "for")
}

// wordBefore and wordAfter are the bytes a word of commandWords may
// start after and end before (a ( it opens is its own: =( is a word).
const wordBefore, wordAfter = " \t\n;&|()`", " \t\n;&|)`<>"

// zshBuiltins are bash's builtins zsh has none of: "command not found",
// status 127, and the shell runs on without what they set.
var zshBuiltins = []string{"readarray", "mapfile", "shopt"}

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
// exits 1); for … in $VAR, whose value zsh does not split into words;
// ${PIPESTATUS[0]} and BASH_REMATCH, empty in zsh; ${name[N]}, which
// counts from 1; ${!name}, ${name,,}, ${name^^} and ${name@Q}, "bad
// substitution" (exit 1); read -a (zsh's is -A: "bad option"), and the
// builtins readarray, mapfile and shopt. Not here: what zsh reads as
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
	code, expand, ok := shellCodeViews(withoutHereDocuments(text))
	if !ok {
		return ""
	}
	// A comment is read from the code, where a # in quotes is gone.
	uncommented := withoutTrailingComments(code)
	e := []byte(expand)
	for j := range len(uncommented) {
		if uncommented[j] != code[j] {
			e[j] = ' '
		}
	}
	// What (( )) and $(( )) hold is arithmetic: no glob, no == there.
	code, expand = withoutArithmetic(uncommented), withoutArithmetic(string(e))
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
	code = withoutPatternContexts(code)
	words := commandWords(code)
	programs := map[int]string{} // each simple command's program
	for k, w := range words {
		if w.start >= at {
			break
		}
		word := code[w.start:w.end]
		if w.program && prefixAssignment().MatchString(word) {
			// Its value is no glob in either shell; =name is one in zsh.
			if v := word[len(prefixAssignment().FindString(word)):]; len(v) > 1 && v[0] == '=' {
				found(w.start, shownWord(text, w)+", a value opening with = (a program's path in zsh, or \"not found\")")
			}
			continue
		}
		if w.program && !slices.Contains(programPrefixes, word) {
			programs[w.command] = word
			switch {
			case word == "for":
				found(splitList(code, words[k+1:], w.command), "for … in $VAR (zsh splits no variable into words)")
			case word == "read":
				found(readArrayOption(code, words[k+1:], w.command), "read -a (zsh has read -A)")
			case slices.Contains(zshBuiltins, word):
				found(w.start, word+" (no builtin of zsh)")
			}
		}
		switch {
		case word == "==" && programs[w.command] == "[":
			found(w.start, `== in [ ] ("= not found" in zsh)`)
		case word == "==" && programs[w.command] == "test":
			found(w.start, `== in test ("= not found" in zsh)`)
		case len(word) > 1 && word[0] == '=':
			found(w.start, shownWord(text, w)+", a word opening with = (a program's path in zsh, or \"not found\")")
		case !assignment().MatchString(word) && globIn(word):
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
	var list []codeWord
	for _, w := range words {
		if w.command == command {
			list = append(list, w)
		}
	}
	if len(list) < 2 || code[list[1].start:list[1].end] != "in" {
		return -1
	}
	for _, w := range list[2:] {
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
				for j < len(word) && isNameByte(word[j]) {
					j++
				}
				if j > i+2 && (word[i+2] < '0' || word[i+2] > '9') && (j == len(word) || word[j] != '[') {
					return w.start
				}
			case isNameByte(n) && (n < '0' || n > '9'):
				return w.start
			default:
				i++ // $$, $?, $1: no name
			}
		}
	}
	return -1
}

// readArrayOption returns where read (words being those after it) takes
// -a, bash's option to read into an array, which zsh's read spells -A
// ("bad option: -a", status 1, nothing read), or -1.
func readArrayOption(code string, words []codeWord, command int) int {
	skip := false
	for _, w := range words {
		if w.command != command {
			continue
		}
		word := code[w.start:w.end]
		switch {
		case skip:
			skip = false
		case len(word) < 2 || word[0] != '-' || word == "--":
			return -1
		case strings.IndexByte(word, 'a') > 0:
			return w.start
		default:
			// -p prompt, -d delim, -t secs, -n and -N count, -u fd.
			skip = strings.IndexByte("pdtnNu", word[len(word)-1]) >= 0
		}
	}
	return -1
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
// ")"), and the arithmetic of for (( … )).
func withoutPatternContexts(code string) string {
	if !strings.Contains(code, "[[") && !strings.Contains(code, "((") && !namesWord(code, "case") {
		return code
	}
	b := []byte(code)
	blankTo := func(from, to int) {
		for j := from; j < to; j++ {
			if b[j] != '\n' {
				b[j] = ' '
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
		if !startsCommand(code, j) || i < len(code) && strings.IndexByte(" \t\n", code[i]) < 0 {
			continue
		}
		for k := i; ; {
			e := strings.Index(code[k:], "]]")
			if e < 0 {
				break
			}
			e += k
			if e+2 == len(code) || strings.IndexByte(ends, code[e+2]) >= 0 {
				blankTo(j, e+2)
				i = e + 2
				break
			}
			k = e + 2
		}
	}
	// for (( i = 0; i < n*2; i++ )): arithmetic, which withoutArithmetic
	// leaves (its ; are no command's end).
	for _, m := range arithmeticFor().FindAllStringSubmatchIndex(code, -1) {
		if end := strings.Index(code[m[2]:], "))"); startsCommand(code, m[0]) && end >= 0 {
			blankTo(m[2], m[2]+end+2)
		}
	}
	for _, m := range caseWord().FindAllStringSubmatchIndex(code, -1) {
		if !startsCommand(code, m[2]) {
			continue
		}
		in := wordIndex(code, "in", m[3])
		if in < 0 {
			continue
		}
		for p := in + 2; p < len(code); {
			p += len(code[p:]) - len(strings.TrimLeft(code[p:], " \t\n;"))
			if wordIndex(code, "esac", p) == p {
				break
			}
			close := strings.IndexByte(code[p:], ')')
			if close < 0 {
				break
			}
			blankTo(p, p+close)
			next := strings.Index(code[p+close:], ";;")
			end := wordIndex(code, "esac", p+close)
			if next < 0 || end >= 0 && end < p+close+next {
				break
			}
			p += close + next + 2
		}
	}
	return string(b)
}

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
		if (i == 0 || !isNameByte(code[i-1])) && (i+len(w) == len(code) || !isNameByte(code[i+len(w)])) {
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
