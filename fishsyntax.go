package hookconv

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/vocab"
)

// userShell is the providers table's shell for a tool that runs a hook's
// command with the user's login shell ($SHELL -lc: Codex), which may be
// fish, whose syntax is not sh's.
const userShell = `"$SHELL"`

// codeWord is a word of a command line's code view: where it starts and
// ends, the simple command it is in (a number, the same for each of its
// words), and whether it stands where the shell reads a program's name.
type codeWord struct {
	start, end int
	command    int
	program    bool
}

// programPrefixes are words after which the shell reads a program's name
// again: the keywords a command follows, and the builtins and keywords
// that run the command after them.
var programPrefixes = []string{"if", "then", "else", "elif", "do", "while", "until", "!", "{", "time", "exec", "command", "builtin"}

// commandWords splits code, a command line's code view (shellCodeViews:
// quoted text blanked), into its words, and says which stand where a
// program is named: the first of a simple command, after a line's start,
// an operator (; & | ( ) or the backquote that opens `…`), and each after
// an assignment (NAME=value) or a word of programPrefixes. A ( … ) that
// opens inside a word ($( … ), name()) belongs to it, blanks and all;
// the words of what a $( … ) runs follow that word, as simple commands of
// their own. A redirection's file (2>/dev/null) is no word.
func commandWords(code string) []codeWord {
	var out []codeWord
	commands := 0
	readCommandWords(code, 0, len(code), &out, &commands)
	return out
}

// readCommandWords is commandWords for code[i:to], numbering its simple
// commands from *commands on.
func readCommandWords(code string, i, to int, out *[]codeWord, commands *int) {
	*commands++
	command, program := *commands, true
	for i < to {
		c := code[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case strings.IndexByte(";&|()`\n", c) >= 0:
			*commands++
			command, program = *commands, true
			i++
		case c == '<' || c == '>':
			for i < to && strings.IndexByte("<>&|-0123456789", code[i]) >= 0 {
				i++
			}
			for i < to && (code[i] == ' ' || code[i] == '\t') {
				i++
			}
			i = wordEnd(code, i, to, nil, nil)
		default:
			// An fd's number opens the redirection it is written against.
			j := i
			for j < to && '0' <= code[j] && code[j] <= '9' {
				j++
			}
			if j > i && j < to && (code[j] == '<' || code[j] == '>') {
				i = j
				continue
			}
			var inner []codeWord
			end := wordEnd(code, i, to, &inner, commands)
			w := codeWord{start: i, end: end, command: command, program: program}
			*out = append(append(*out, w), inner...)
			word := code[i:end]
			program = program && (assignment().MatchString(word) || slices.Contains(programPrefixes, word))
			i = end
		}
	}
}

// wordEnd returns where the word starting at code[i] ends, before to: at
// a blank or an operator, past any ( … ) it opens. The words of what a
// $( … ) in it runs are added to inner, when it is not nil.
func wordEnd(code string, i, to int, inner *[]codeWord, commands *int) int {
	for i < to {
		switch c := code[i]; {
		case c == '(':
			close := parenEnd(code, i, to)
			if inner != nil && i > 0 && code[i-1] == '$' {
				readCommandWords(code, i+1, close, inner, commands)
			}
			i = min(close+1, to)
		case strings.IndexByte(" \t\n;&|()<>`", c) >= 0:
			return i
		default:
			i++
		}
	}
	return to
}

// parenEnd returns the offset of the ) that closes the ( at code[open],
// or to when none does before it.
func parenEnd(code string, open, to int) int {
	depth := 0
	for i := open; i < to; i++ {
		switch code[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return to
}

// programWordAt returns the start of the word holding code[at] when that
// word names the program its command runs (not an assignment's value, not
// an argument), else -1. The innermost word is read: the word a $( … )
// runs, not the word the $( … ) is in.
func programWordAt(words []codeWord, code string, at int) int {
	best := -1
	for k, w := range words {
		if w.start <= at && at < w.end && (best < 0 || w.end-w.start <= words[best].end-words[best].start) {
			best = k
		}
	}
	if best < 0 || !words[best].program || assignment().MatchString(code[words[best].start:words[best].end]) {
		return -1
	}
	return words[best].start
}

// CodeFishSyntax (warning or info): command hooks whose text uses syntax
// fish cannot read (if … then … fi, ${VAR}, $?, `…`, a here-document, …)
// go to a tool that runs a command with the user's login shell (Codex:
// $SHELL -lc), where for a user whose shell is fish the command never
// runs (fish stops at it and exits 0, 127 from fish 3.7) and a guard lets
// every action through: a warning when one of them blocks. Said once per
// conversion, since the user's shell is not known when converting (nor
// does --remove-source keep such a hook for it: see weakensBlocking).
const CodeFishSyntax = "HC442"

// fishUnreadable notes (HC442), once per conversion, the command hooks
// whose inline command (what runs on Linux and macOS; not the scripts it
// runs, which name their shell on their shebang line) uses syntax fish
// cannot read (fishUnreadableSyntax), when the target runs commands with
// the user's login shell and the tool the hook was written for does not.
// A warning when one of them blocks: the guard then fails open for a
// user whose shell is fish; information otherwise. Under the shim, or
// for a command a shim already wraps, hookconv run picks the shell, and
// the shim's line is one fish reads (shellQuote). A PowerShell command
// fails in every POSIX shell, and is not said here.
func fishUnreadable(m *canonical.Manifest, from, to string) (diag.List, [][]int) {
	return userShellSyntax{
		code:  CodeFishSyntax,
		read:  fishUnreadableSyntax,
		says:  "%d command hook(s) use syntax fish cannot read (%s); %s runs a hook's command with the user's login shell ($SHELL -lc), and where that is fish the command fails (for most of these, fish runs none of it and exits 0, or 127 from fish 3.7)%s",
		fails: "a guard that never runs lets every action through",
		hint:  `convert with --shim, whose line every shell reads (hookconv run then runs the command with bash), or wrap the command in sh -c '…'`,
	}.note(m, from, to)
}

// userShellSyntax is a note said once per conversion to a tool that runs
// a hook's command with the user's login shell (Codex: $SHELL -lc), about
// the command hooks whose text that shell, where it is one other than
// sh or bash, reads otherwise: fish (HC442), zsh (HC443).
type userShellSyntax struct {
	code string
	// read returns the first construct of a POSIX shell command line the
	// shell reads otherwise, named as a user would know it, or "".
	read func(text string) string
	// says is the message: how many hooks, the first three with their
	// constructs, the target's name, and then what a blocking one does.
	says string
	// fails is what a blocking guard then does, said after "and".
	fails string
	hint  string
}

// note says s (a warning when one of the hooks blocks, else an info) at
// the first of the command hooks whose inline command read finds a
// construct in, when the target runs commands with the user's login shell
// and the tool the hook was written for does not; with every such hook,
// for --remove-source (see weakensBlocking).
func (s userShellSyntax) note(m *canonical.Manifest, from, to string) (diag.List, [][]int) {
	names := vocab.Default()
	if target, _ := names.Provider(to); from == to || target.Shell != userShell {
		return nil, nil
	}
	source, _ := names.Provider(from)
	// A command that needs a plugin's own folder fails in every shell of a
	// project config, as HC424 says: not said again here (QA).
	plugin := append(pluginVars(names, func(p vocab.Provider) []string { return p.PluginRootVars }),
		pluginVars(names, func(p vocab.Provider) []string { return p.PluginDataVars })...)
	var hooks []int
	var found []string // the first few: "hook 1: if … then … fi"
	first, blocking, field := -1, 0, ""
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || mentionsAny(h.Handler.Command, plugin) {
			continue
		}
		construct, where := inUnixCommands(&h.Handler, func(text string) (string, bool) {
			c := s.read(text)
			return c, c != ""
		})
		if where == "" {
			continue
		}
		prov, _ := names.Provider(writtenFor(h, from, source))
		if prov.Shell == userShell || runsPowerShell(h, prov) {
			continue // it failed there as well, or runs no POSIX shell
		}
		if first < 0 {
			first, field = i, where
		}
		if h.Blocking {
			blocking++
		}
		hooks = append(hooks, h.SourceIndex(i))
		if len(found) < 3 {
			found = append(found, h.DisplayName(i)+": "+construct)
		}
	}
	if first < 0 {
		return nil, nil
	}
	list := strings.Join(found, "; ")
	if more := len(hooks) - len(found); more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	then, say := "", diag.Info
	switch {
	case blocking == 1 && len(hooks) == 1:
		then, say = ": it is a blocking hook, and "+s.fails, diag.Warning
	case blocking == 1:
		then, say = ": 1 of them is a blocking hook, and "+s.fails, diag.Warning
	case blocking > 0:
		then, say = fmt.Sprintf(": %d of them are blocking hooks, and %s", blocking, s.fails), diag.Warning
	}
	h := &m.Hooks[first]
	var ds diag.List
	ds.Add(diag.Diagnostic{Severity: say, Code: s.code, Pos: h.PosOf("handler." + field),
		Path:    fmt.Sprintf("hooks[%d].handler.%s", h.SourceIndex(first), field),
		Hint:    s.hint,
		Message: fmt.Sprintf(s.says, len(hooks), list, ToolName(to), then)})
	if file := h.OriginFile; file != "" {
		ds = ds.WithFile(file)
	}
	return ds, [][]int{hooks}
}

// fishMarks are what each construct fishUnreadableSyntax finds holds in
// the text as written, with sh's keywords as words of their own
// (fishWords) and an assignment's NAME= opening a word: without one, no
// view is made and nothing is read, as for most commands (a script's
// path, a plain call, --flag=value).
var fishMarks = []string{"$", "`", "<<", "|&", "<(", "[[", "{", "(", "<>", ">("}

// fishWords are sh's keywords fish has no such word for, which
// fishUnreadableSyntax finds where a command starts.
var fishWords = []string{"then", "fi", "elif", "do", "done", "esac"}

// mayBeFishUnreadable reports whether text holds a mark of fishMarks, a
// word of fishWords or a word that opens with NAME=: without one,
// fishUnreadableSyntax finds nothing.
func mayBeFishUnreadable(text string) bool {
	for _, m := range fishMarks {
		if strings.Contains(text, m) {
			return true
		}
	}
	if strings.ContainsAny(text, "<>") && redirectFirst().MatchString(text) {
		return true
	}
	for i := 0; ; {
		j := strings.IndexByte(text[i:], '=')
		if j < 0 {
			break
		}
		j += i
		k := j
		for k > 0 && isNameByte(text[k-1]) {
			k--
		}
		if k < j && (text[k] < '0' || text[k] > '9') && (k == 0 || strings.IndexByte(" \t\n;&|", text[k-1]) >= 0) {
			return true
		}
		i = j + 1
	}
	for _, w := range fishWords {
		for i := 0; ; {
			j := strings.Index(text[i:], w)
			if j < 0 {
				break
			}
			j += i
			if (j == 0 || !isNameByte(text[j-1])) && (j+len(w) == len(text) || !isNameByte(text[j+len(w)])) {
				return true
			}
			i = j + len(w)
		}
	}
	return false
}

// fishUnreadableSyntax returns the first construct of text, a POSIX shell
// command line, that fish cannot read, named as a user would know it, or
// "" when it has none. Each was run in fish 3.6 (TestFishUnreadable):
// most are errors fish stops at before it runs anything (a $ before no
// variable name: ${VAR}, $?, $$, $#, $@, $*, $!, $-, $'…', a $ at a
// word's end; $(( … )); a here-document or here-string; |&; sh's
// keywords then, fi, elif, do, done and esac; $( … ), ( … ), (( … )) or
// name() where a program is named; an assignment with no command); the
// rest fish reads as something else, and the command fails or runs
// otherwise (`…` is text to fish; [[ is no command; { …; } is one only
// from fish 4.1 on; <( … ) reads a file named by the output). Kept
// conservative: what fish 3.4 and later read alike is not here ($( … )
// as an argument, &&, ||, !, VAR=x cmd, 2>&1, &>, $1), nor what needs a
// closer reading (a backslash that ends a single-quoted string, a glob
// matching nothing). What a $( … ) runs is read too. Quoted text,
// comments and escaped characters are read as sh reads them
// (shellCodeViews); a text whose quotes do not pair up is not judged,
// unless a here-document's text is why.
func fishUnreadableSyntax(text string) string {
	if !mayBeFishUnreadable(text) {
		return ""
	}
	code, expand, ok := shellCodeViews(text)
	if !ok {
		// A here-document's text (a lone apostrophe) pairs no quotes.
		if t := withoutHereDocuments(text); t != text {
			if _, _, ok := shellCodeViews(t); ok {
				return "a here-document (<<)"
			}
		}
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
	code, expand = uncommented, string(e)
	at, name := len(code), ""
	found := func(i int, n string) {
		if i >= 0 && i < at {
			at, name = i, n
		}
	}
	if i := strings.Index(code, "<<"); i >= 0 {
		if strings.HasPrefix(code[i:], "<<<") {
			found(i, "a here-string (<<<)")
		} else {
			found(i, "a here-document (<<)")
		}
	}
	found(strings.Index(code, "|&"), "|&")
	found(strings.Index(code, "<("), "<( … )")
	found(strings.Index(code, ">("), ">( … )")
	found(strings.Index(code, "<>"), "<> (read and write)")
	// fish reads a command's redirections only after its program (QA:
	// "Expected a string, but found a redirection"; 2>/dev/null ./g.sh).
	if loc := redirectFirst().FindStringSubmatchIndex(code); loc != nil {
		found(loc[2], "a redirection before the program")
	}
	found(strings.IndexByte(code, '`'), "`…`")
	if loc := fishDollar().FindStringIndex(expand); loc != nil {
		found(loc[0], dollarName(expand[loc[0]:loc[1]]))
	}
	found(strings.Index(expand, "$(("), "$(( … ))")
	for i := strings.IndexByte(code, '('); i >= 0 && i < at; {
		if (i == 0 || code[i-1] != '$') && startsCommand(code, i) {
			found(i, "a subshell ( … )")
			break
		}
		j := strings.IndexByte(code[i+1:], '(')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	words := commandWords(code)
	for k, w := range words {
		if w.start >= at {
			break
		}
		if !w.program {
			continue
		}
		word := code[w.start:w.end]
		switch {
		case assignment().MatchString(word):
			// Alone, with no command after it: fish sets variables with set.
			alone := true
			for _, o := range words[k+1:] {
				if o.command == w.command && !assignment().MatchString(code[o.start:o.end]) {
					alone = false
					break
				}
			}
			if alone {
				found(w.start, "an assignment alone (NAME=value)")
			}
		case word == "then" || word == "fi" || word == "elif":
			found(w.start, "if … then … fi")
		case word == "do" || word == "done":
			found(w.start, "do … done")
		case word == "esac":
			found(w.start, "case … esac")
		case word == "[[":
			found(w.start, "[[ … ]]")
		case word == "{":
			found(w.start, "{ …; } (before fish 4.1)")
		case strings.Contains(word, "$("):
			found(w.start, "$( … ) naming the program")
		case strings.Contains(word, "("):
			found(w.start, "a function name()")
		}
	}
	return name
}

// redirectFirst matches a redirection where a command starts, before its
// program (its first group).
// A lone & ends a command only with a blank after it: &> is bash's
// redirection of both streams, >&2 a copy. A newline after a backslash
// goes on with the command (./g.sh \<newline> 2>/dev/null). then, do and
// else are not read as a command's start: as arguments (echo nothing to
// do >&2) fish reads them, and as sh's keywords they are reported as
// their if … fi or loop (QA).
var redirectFirst = lazy.Regexp(`(?:^|[;|(]|[^\\]\n|&&|&[ \t])[ \t]*([0-9]*(?:[<>]|&>))`)

// fishDollar matches a $ fish reads no variable name after: anything but
// a letter, a digit, _, a ( or a byte of a non-ASCII letter.
var fishDollar = lazy.Regexp(`\$(?:[^\w(\x{80}-\x{10FFFF}]|$)`)

// dollarName names the $ form fishDollar matched.
func dollarName(m string) string {
	switch m {
	case "${":
		return "${…}"
	case "$'":
		return "$'…'"
	case "$?", "$$", "$#", "$@", "$*", "$!", "$-":
		return m
	}
	return "a $ before no name"
}
