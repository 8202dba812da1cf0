package hookconv

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/vocab"
)

// userShell is the providers table's shell for a tool that runs a hook's
// command with the shell of the user's account (Codex), which may read
// sh's syntax otherwise (zsh, HC443).
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

// commandWords splits code, a command line's code view (shlex.CodeViews:
// quoted text blanked), into its words, and says which stand where a
// program is named: the first of a simple command, after a line's start,
// an operator (; & | ( ) or the backquote that opens `…`), and each after
// an assignment (NAME=value), a word of programPrefixes or a function's
// name (f()). A ( … ) that
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
			// f() { …: a function's body opens with a program's name.
			program = program && (assignment().MatchString(word) || slices.Contains(programPrefixes, word) || strings.HasSuffix(word, "()"))
			i = end
		}
	}
}

// wordEnd returns where the word starting at code[i] ends, before to: at
// a blank or an operator, past any ( … ) it opens and any ${ … }, whose
// blanks and operators are its own (${cmd%% *} is one word in bash and
// zsh, its * an operator's pattern). The words of what a $( … ) in it
// runs are added to inner, when it is not nil.
func wordEnd(code string, i, to int, inner *[]codeWord, commands *int) int {
	braces := 0 // the ${ … } open
	for i < to {
		switch c := code[i]; {
		case c == '(' && (braces == 0 || code[i-1] == '$'):
			close := parenEnd(code, i, to)
			if inner != nil && i > 0 && code[i-1] == '$' {
				readCommandWords(code, i+1, close, inner, commands)
			}
			i = min(close+1, to)
		case c == '$' && i+1 < to && code[i+1] == '{':
			braces++
			i += 2
		case c == '}' && braces > 0:
			braces--
			i++
		case braces == 0 && strings.IndexByte(" \t\n;&|()<>`", c) >= 0:
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

// userShellSyntax is a note said once per conversion to a tool that runs
// a hook's command with the shell of the user's account (Codex), about
// the command hooks whose text that shell, where it is one other than
// sh or bash, reads otherwise: zsh (HC443). (HC442, syntax fish cannot
// read, is retired, and its number not used again: Codex never runs a
// hook's command with fish.)
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
// construct in, when the target runs commands with the shell of the
// user's account and the tool the hook was written for does not; with
// every such hook,
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
