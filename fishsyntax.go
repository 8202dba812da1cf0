package hookconv

import (
	"slices"
	"strings"
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
	program := true
	for i < to {
		c := code[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case strings.IndexByte(";&|()`\n", c) >= 0:
			*commands++
			program = true
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
			w := codeWord{start: i, end: end, command: *commands, program: program}
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
