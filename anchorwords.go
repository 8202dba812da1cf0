package hookconv

import (
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/internal/shlex"
	"github.com/hookconv/hookconv/vocab"
)

// rawWord is a word of a command as the shell splits it: its bytes in
// the command (from, to), its text with quotes and backslashes taken off,
// and whether it may expand to something else ($X, a glob, a brace),
// which leaves its text unknown.
type rawWord struct {
	from, to int
	text     string
	dynamic  bool
}

// plain reports whether the word is spelled as its text: no quote, no
// backslash.
func (w rawWord) plain(command string) bool {
	return command[w.from:w.to] == w.text
}

// scopedCommand is a simple command's words, with the subshells it runs
// in (scope: an id for each, outermost first), which a cd in one of them
// cannot leave.
type scopedCommand struct {
	words []rawWord
	scope []int
	// joined is the operator that joins the command to the one before
	// it in its subshell: "" for the first, ";" (a newline too), "&&",
	// "||", "|" or "&". After &&, || or a pipe (whose parts run in
	// subshells) or beside a lone & the command may not run, or runs
	// apart, so a cd there leaves the folder of what follows unknown,
	// but for what only runs once it succeeded (cdWord). The list a lone
	// & ends (cd sub && ./g.sh &) runs in a subshell of its own, which
	// scope holds (backgrounded).
	joined string
	// body is the function whose body holds the command (f() { cd sub;
	// }), "" for one that runs where it stands.
	body string
}

// funcDef is a function's definition that topCommands reads: name() {
// …; }, its bytes in the command (from the name to the closing brace)
// and its body's commands, cmds[first:last+1], the closing brace last.
type funcDef struct {
	name        string
	from, to    int
	first, last int
	scope       []int // the subshells the definition stands in
}

// conditional reports whether c may not run, or runs apart: it follows
// &&, || or a pipe, or a lone &.
func (c scopedCommand) conditional() bool {
	return c.joined != "" && c.joined != ";"
}

// within reports whether c runs inside every subshell of scope: a cd
// run in scope changes c's folder when it comes before c.
func (c scopedCommand) within(scope []int) bool {
	return len(c.scope) >= len(scope) && (len(scope) == 0 || c.scope[len(scope)-1] == scope[len(scope)-1])
}

// topCommands splits command into its simple commands, in order, each
// its words past the redirections (2>/dev/null, >&2) and the files they
// name, read in its code view (shlex.CodeViews), whose quoted text is
// blanked, so that only the shell's own blanks and operators split; a
// word may expand ($X, in double quotes too, or a glob) where its expand
// view says so. What runs in a subshell that opens a command ((./x.sh),
// ! (…)) is read as commands of their own, in the subshell's scope:
// there a relative path is read from the same folder (QA q3 F3: left,
// they failed open from a subfolder). What runs in a command
// substitution ($(…)) is left out, and so is the rest of the simple
// command it stands in, whose words are what it printed; so are
// arithmetic (((…))), a process substitution (<(…)), a comment and
// a function's definition but for the plain one, name() { …; }, whose
// body's commands are read with the function's name (body), the
// definition among defs. ok is false for a command that is not read so
// simply: quotes that do not close, a backquote or a here-document,
// whose text the code view reads as code, or a function's body that
// does not close.
func topCommands(command string) (cmds []scopedCommand, defs []funcDef, ok bool) {
	code, expand, ok := shlex.CodeViews(command)
	if !ok || strings.Contains(command, "`") || strings.Contains(strings.ReplaceAll(code, "<<<", ""), "<<") {
		return nil, nil, false
	}
	// frame is what a subshell interrupts: the words of the command
	// around it (! or if before it).
	type frame struct {
		cur      []rawWord
		skipping bool
		lists    []int
	}
	var (
		cur                         []rawWord
		frames                      []frame
		scope                       []int
		scopes                      int
		start                       = -1
		opaque                      int // depth in parentheses not read (arithmetic, <(…))
		redirect, skipping, comment bool
		joined                      string  // the operator before the command being read
		def                         funcDef // the function whose body is being read, if its name is set
		braces                      int     // the brace groups open in its body, its own among them
		// lists holds where, in cmds, the list being read began, for each
		// group (a brace group, an if, a loop, a case) open in the
		// subshell, its own last: what a lone & ends from there runs in
		// the background.
		lists = []int{0}
	)
	end := func() {
		if skipping {
			cur = append(cur, rawWord{dynamic: true}) // words not known from here
		}
		if len(cur) > 0 {
			cmds = append(cmds, scopedCommand{words: cur, scope: slices.Clone(scope), joined: joined, body: def.name})
			if def.name == "" {
				lists = groupLists(lists, cur, len(cmds)-1)
			} else {
				if cur[0].text == "}" {
					braces--
				}
				for _, w := range cur[:pastKeywords(cur)] {
					if w.text == "{" {
						braces++
					}
				}
				if braces == 0 {
					def.to, def.last = cur[0].to, len(cmds)-1
					defs = append(defs, def)
					def = funcDef{}
					// A definition a lone & ends defines nothing here;
					// its body is not read as backgrounded.
					lists[len(lists)-1] = len(cmds)
				}
			}
		}
		cur, skipping, redirect = nil, false, false
	}
	flush := func(i int, beforeRedirect bool) {
		if start < 0 {
			return
		}
		from := start
		start = -1
		switch {
		case opaque == 0 && skipping && (command[from:i] == "cd" || command[from:i] == "pushd"):
			// A cd among words not read (a case arm's, a function's body)
			// is kept, unread, for cdWord: what follows it may run in its
			// folder, and is not anchored at the project's root (QA F2
			// item 1: case x in x) cd sub && ./g.sh had ./g.sh anchored
			// there, another file than the one it ran).
			cur = append(cur, rawWord{from: from, to: i, text: command[from:i], dynamic: true})
		case opaque > 0 || skipping:
		case redirect:
			redirect = false // the file a redirection names
		case beforeRedirect && strings.Trim(command[from:i], "0123456789") == "":
			// 2>: the descriptor's number
		default:
			raw := command[from:i]
			ws := shlex.Words(raw)
			if len(ws) != 1 || ws[0].Operator || ws[0].Redirect {
				skipping = true // not one word as read here: the command is unknown
				return
			}
			cur = append(cur, rawWord{from: from, to: i, text: ws[0].Text, dynamic: strings.ContainsAny(code[from:i], "*?[{~") || strings.Contains(expand[from:i], "$")})
		}
	}
	open := func() {
		// A subshell's first command runs whenever the subshell does:
		// a cd there changes the folder of what follows it inside.
		joined = ""
		frames = append(frames, frame{cur: cur, skipping: skipping, lists: lists})
		lists = []int{len(cmds)}
		scopes++
		scope = append(scope, scopes)
		cur, skipping, redirect = nil, false, false
	}
	for i := 0; i < len(code); i++ {
		c := code[i]
		if comment {
			if c == '\n' {
				comment = false
				end()
			}
			continue
		}
		switch {
		case c == '#' && start < 0:
			comment = true
		case c == ' ' || c == '\t':
			flush(i, false)
		case opaque == 0 && c == '(' && !skipping && !redirect && def.name == "" && len(frames) == 0 && funcNamed(command, cur, start, i) && funcBrace(code, i) > 0:
			// name() {: the body's commands are read as the function's
			// (QA: its cd was taken for one that ran where it stood,
			// called or not).
			flush(i, false)
			def = funcDef{name: cur[0].text, from: cur[0].from, first: len(cmds), scope: slices.Clone(scope)}
			// The body's first command runs whenever the function does.
			cur, braces, joined = nil, 1, ""
			i = funcBrace(code, i) // past the brace that opens the body
		case opaque == 0 && c == '(' && start < 0 && !skipping && !redirect && !strings.HasPrefix(code[i:], "((") && onlyKeywords(cur):
			open() // a subshell
		case c == '<' || c == '>' || c == '&' && i+1 < len(code) && code[i+1] == '>':
			flush(i, true)
			for i+1 < len(code) && strings.IndexByte("<>&|", code[i+1]) >= 0 {
				i++ // >>, >&, &>, >|, <>
			}
			redirect = true
		case c == '(':
			flush(i, false)
			opaque++
		case c == ')' && opaque == 0 && len(frames) > 0:
			flush(i, false)
			end()
			f := frames[len(frames)-1]
			frames, scope = frames[:len(frames)-1], scope[:len(scope)-1]
			cur, skipping, lists = f.cur, f.skipping, f.lists
		case c == ')':
			flush(i, false)
			if opaque > 0 {
				opaque--
			}
			// After (…) the command goes on with what it printed: its
			// words are not known until the next operator.
			skipping = skipping || opaque == 0 && len(cur) > 0
		case c == ';' || c == '&' || c == '|' || c == '\n':
			flush(i, false)
			if opaque == 0 {
				if c == '\n' && len(cur) == 0 && !skipping {
					// A newline after an operator, or a blank line, ends
					// no command: x &&<newline>cd sub still follows &&
					// (it was read as after a ;, the cd as one that ran).
					continue
				}
				end()
				// What follows && or || may not run, what follows a
				// pipe runs in a subshell; a lone & runs it apart too.
				joined = string(c)
				switch {
				case c == '\n' || c == ';':
					joined = ";"
				case i+1 < len(code) && code[i+1] == c:
					joined = code[i : i+2] // && or ||
					i++
				case c == '|' && i+1 < len(code) && code[i+1] == '&':
					i++ // |&, a pipe of both outputs: no lone &
				case c == '&' && def.name == "":
					// The list a lone & ends runs in a subshell: a cd in
					// it changes no folder of what follows (QA q6 F5:
					// cd sub & ./g.sh had ./g.sh read in sub).
					scopes++
					backgrounded(cmds[lists[len(lists)-1]:], len(scope), scopes)
				}
				if joined == ";" || joined == "&" {
					lists[len(lists)-1] = len(cmds)
				}
			}
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(code), false)
	end()
	if def.name != "" {
		return nil, nil, false // a body that does not close
	}
	return cmds, defs, true
}

// groupLists returns lists, the starts of the lists being read, with the
// groups cur, cmds[at], opens pushed (each starts a list at cmds[at])
// and the one it closes (}, fi, done, esac) popped: cmds[at] then
// belongs to the list around the group. A closing word with no group
// open is taken for none.
func groupLists(lists []int, cur []rawWord, at int) []int {
	if closer := cur[0].text; (closer == "}" || closer == "fi" || closer == "done" || closer == "esac") && len(lists) > 1 {
		lists = lists[:len(lists)-1]
	}
	k := pastKeywords(cur)
	for j, w := range cur[:min(k+1, len(cur))] {
		if j < k && (w.text == "{" || w.text == "if" || w.text == "while" || w.text == "until") || j == k && (w.text == "for" || w.text == "case" || w.text == "select") {
			lists = append(lists, at)
		}
	}
	return lists
}

// backgrounded puts cmds, a list a lone & ends, in the subshell id, at
// depth in the scope of each (the subshells around the list come
// before it, those in it after).
func backgrounded(cmds []scopedCommand, depth, id int) {
	for k := range cmds {
		cmds[k].scope = slices.Insert(cmds[k].scope, depth, id)
	}
}

// funcNamed reports whether the parenthesis at i follows a function's
// name alone: the word from start, or cur's one word, plain.
func funcNamed(command string, cur []rawWord, start, i int) bool {
	var name string
	switch {
	case start >= 0 && len(cur) == 0:
		name = command[start:i]
	case start < 0 && len(cur) == 1 && cur[0].plain(command):
		name = cur[0].text
	default:
		return false
	}
	if name == "" || name[0] >= '0' && name[0] <= '9' || slices.Contains(keywords, name) {
		return false
	}
	return strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == ""
}

// funcBrace returns where the brace that opens a function's body lies
// when the parenthesis at i is closed and, with blanks between, followed
// by one: () {. 0 otherwise.
func funcBrace(code string, i int) int {
	j := i + 1
	for j < len(code) && (code[j] == ' ' || code[j] == '\t') {
		j++
	}
	if j == len(code) || code[j] != ')' {
		return 0
	}
	for j++; j < len(code) && strings.IndexByte(" \t\n", code[j]) >= 0; j++ {
	}
	if j+1 >= len(code) || code[j] != '{' || strings.IndexByte(" \t\n", code[j+1]) < 0 {
		return 0
	}
	return j
}

// keywords are the shell's words that may open a simple command and run
// it in the same folder: !, a group, an if's or a loop's parts, time.
var keywords = []string{"!", "{", "if", "then", "elif", "else", "while", "until", "do", "time"}

// conditionalKeywords are the keywords after which a command may not run,
// or may run more than once: an if's branches, a loop's body.
var conditionalKeywords = map[string]bool{"then": true, "elif": true, "else": true, "do": true, "while": true, "until": true}

// onlyKeywords reports whether words, the start of a command, are all
// keywords (! (./x.sh), if (…)), after which a parenthesis opens a
// subshell.
func onlyKeywords(words []rawWord) bool {
	for _, w := range words {
		if !slices.Contains(keywords, w.text) {
			return false
		}
	}
	return true
}

// launcher is how a program that runs a script or another program reads
// its words: an interpreter (bash, python3, node), or a runner that
// starts one (uv run, npx, deno run).
type launcher struct {
	subs        []string // subcommands that run what follows (uv run), read past
	subRequired bool     // no subcommand, nothing run: another job (uv pip …)
	valued      []string // options whose value is the next word
	stop        []string // options after which no script file is run from the hook's folder: code (-c, -e), another folder (--cwd)
	module      []string // options that run a Python module by name (-m)
	shell       bool     // a POSIX shell: a group of letters holding c or s is -c or -s
	slashOnly   bool     // a name without a slash is looked up in PATH first (source, .)
	wrapper     bool     // runs a program, found as the command's own is (nohup ./x.sh, sudo, xargs)
	positional  int      // words a wrapper reads before its program (timeout's duration)
}

// launchers are the interpreters and runners whose script, named by a
// relative path, anchorCommand anchors, as the program's own path is:
// the interpreter opens it from the folder the hook runs in (QA s28 q3
// F6: bash scripts/a.sh, bun scripts/x.ts, uv run, npx tsx). The options
// that take a value are listed so that the value is not taken for the
// script; an option not listed is read as a flag.
var launchers = func() map[string]launcher {
	shell := launcher{valued: []string{"-o", "+o", "-O", "+O", "--rcfile", "--init-file"}, shell: true}
	python := launcher{valued: []string{"-W", "-X", "--check-hash-based-pycs"}, stop: []string{"-c", "-"}, module: []string{"-m"}}
	node := launcher{valued: []string{"-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions", "--input-type", "--env-file", "--tsconfig"}, stop: []string{"-e", "-p", "--eval", "--print", "-"}}
	source := launcher{slashOnly: true}
	m := map[string]launcher{
		"sh": shell, "bash": shell, "zsh": shell, "dash": shell, "ksh": shell,
		"source": source, ".": source,
		"python": python, "python3": python, "pypy3": python,
		"node": node, "nodejs": node, "tsx": node, "ts-node": node,
		"bun":    {subs: []string{"run"}, valued: []string{"-r", "--preload", "--tsconfig-override", "--env-file"}, stop: []string{"-e", "-p", "--eval", "--print", "--cwd"}},
		"deno":   {subs: []string{"run"}, valued: []string{"-c", "--config", "--import-map", "--lock", "--env-file", "--location", "--seed", "--v8-flags"}},
		"ruby":   {valued: []string{"-r", "-I", "-C"}, stop: []string{"-e"}},
		"perl":   {valued: []string{"-I", "-M", "-m"}, stop: []string{"-e", "-E"}},
		"uv":     {subs: []string{"run"}, subRequired: true, valued: uvRunValued, stop: []string{"--directory", "--project"}, module: []string{"-m", "--module"}},
		"npx":    {valued: []string{"-p", "--package"}, stop: []string{"-c", "--call"}},
		"bunx":   {valued: []string{"-p", "--package"}},
		"pnpm":   {subs: []string{"exec", "dlx"}, valued: []string{"--filter"}, stop: []string{"-C", "--dir"}},
		"yarn":   {subs: []string{"exec", "dlx"}, stop: []string{"--cwd"}},
		"pnpx":   {},
		"uvx":    {valued: []string{"--from", "--with", "--python", "-p"}},
		"pipx":   {subs: []string{"run"}, subRequired: true},
		"poetry": {subs: []string{"run"}, subRequired: true, stop: []string{"-C", "--directory"}},
		// Wrappers run the program that follows in the folder they run in
		// (QA q3 F3: nohup ./x.sh, sudo ./x.sh and xargs ./x.sh were left
		// relative, and failed open from a subfolder).
		"nohup":   {wrapper: true},
		"nice":    {wrapper: true, valued: []string{"-n", "--adjustment"}},
		"timeout": {wrapper: true, positional: 1, valued: []string{"-s", "--signal", "-k", "--kill-after"}},
		"command": {wrapper: true, stop: []string{"-v", "-V"}},
		"sudo":    {wrapper: true, valued: []string{"-u", "--user", "-g", "--group", "-h", "--host", "-p", "--prompt", "-C", "--close-from", "-U", "--other-user", "-r", "--role", "-t", "--type", "-T", "--command-timeout"}, stop: []string{"-D", "--chdir", "-i", "--login", "-s", "--shell", "-e", "--edit", "-l", "--list", "-v", "--validate", "-k", "-K"}},
		"xargs":   {wrapper: true, valued: []string{"-I", "-n", "--max-args", "-P", "--max-procs", "-L", "--max-lines", "-d", "--delimiter", "-a", "--arg-file", "-E", "-s", "--max-chars"}},
	}
	return m
}()

// scriptWord finds, in a simple command's words, the project file its
// program runs by a relative path: the program itself (./hooks/x.sh,
// "my dir/g.sh"), or the script an interpreter or runner is given
// (bash scripts/a.sh, npx tsx scripts/x.ts), past keywords (!, {, then),
// assignments, exec, env and wrappers (nohup, sudo, xargs). It returns
// the word's index, or -1, and whether it is run as a program; the
// module a python -m runs, or ""; and the code a shell is given with
// -c, or "". A cd's folder is the cd's own business: cdWord.
func scriptWord(words []rawWord) (at int, program bool, module, code string) {
	i := programAt(words)
	for i >= 0 && i < len(words) {
		w := words[i]
		if w.dynamic {
			return -1, false, "", ""
		}
		name := w.text
		if strings.HasPrefix(name, "/") {
			name = path.Base(name) // /usr/bin/python3: the interpreter
		}
		l, ok := launchers[name]
		if !ok && interpreterLang(name) == langPython {
			l, ok = launchers["python3"], true // python3.12
		}
		if !ok {
			if strings.Contains(w.text, "/") && !strings.HasPrefix(w.text, "/") {
				return i, true, "", "" // a program run by its path
			}
			return -1, false, "", "" // looked up in PATH, or absolute
		}
		i++
		if i < len(words) && slices.Contains(l.subs, words[i].text) {
			i++
		} else if l.subRequired {
			return -1, false, "", ""
		}
		var stop bool
		if i, module, code, stop = launcherOptions(words, i, l); stop {
			return -1, false, module, code
		}
		if l.wrapper {
			i += l.positional
			continue // its program, read as the command's own
		}
		if i >= len(words) || words[i].dynamic {
			return -1, false, "", ""
		}
		next := words[i].text
		if _, nested := launchers[next]; nested || interpreterLang(next) != "" {
			continue // npx tsx …, uv run python3 …: that program's words
		}
		if l.slashOnly && !strings.Contains(next, "/") {
			return -1, false, "", ""
		}
		return i, false, "", ""
	}
	return -1, false, "", ""
}

// programAt returns the index of a simple command's program, past the
// keywords that open it (!, {, if, then, time), its assignments, exec, and env with its options and assignments; -1 where
// env is given an option hookconv does not read (-C another folder, -S
// words split again).
func programAt(words []rawWord) int {
	i := pastKeywords(words)
	// An assignment's value may expand (PATH="$PATH"): it names no
	// program.
	for i < len(words) && assignment().MatchString(words[i].text) {
		i++
	}
	if i < len(words) && words[i].text == "exec" {
		i++
	}
	if i == len(words) || words[i].text != "env" && words[i].text != "/usr/bin/env" && words[i].text != "/bin/env" {
		return i
	}
	for i++; i < len(words); i++ {
		switch w := words[i]; {
		case w.text == "-u" || w.text == "--unset":
			i++
		case w.text == "-i" || w.text == "-" || w.text == "--ignore-environment" || assignment().MatchString(w.text):
		case w.dynamic:
			return -1
		case strings.HasPrefix(w.text, "-"):
			return -1
		default:
			return i
		}
	}
	return i
}

// pastKeywords returns the index of the first word of a simple command
// past the keywords that open it (!, {, if, then, time -p), which run
// what follows in the same folder.
func pastKeywords(words []rawWord) int {
	i := 0
	for i < len(words) && slices.Contains(keywords, words[i].text) {
		if words[i].text == "time" && i+1 < len(words) && words[i+1].text == "-p" {
			i++
		}
		i++
	}
	return i
}

// launcherOptions reads past a launcher's options from words[i] and
// returns the index of the word after them: its script, or the program
// it runs. stop says there is no script file to anchor: code (-c, -e),
// standard input (-), another folder (--cwd), or a Python module, whose
// name module is then; code is the command a shell is given with -c.
func launcherOptions(words []rawWord, i int, l launcher) (next int, module, code string, stop bool) {
	for ; i < len(words); i++ {
		o := words[i].text
		if o == "--" {
			return i + 1, "", "", false
		}
		if !strings.HasPrefix(o, "-") {
			return i, "", "", false
		}
		opt, _, _ := strings.Cut(o, "=")
		switch {
		case o == "-":
			return i, "", "", true // the script read from standard input
		case slices.Contains(l.module, opt):
			if i+1 < len(words) && !words[i+1].dynamic && opt == o {
				return i, words[i+1].text, "", true
			}
			return i, "", "", true
		case slices.Contains(l.stop, opt):
			return i, "", "", true
		case l.shell && !strings.HasPrefix(o, "--") && strings.ContainsAny(o[1:], "cs"):
			// sh -c 'code', bash -lc, sh -s
			if strings.Contains(o, "c") && i+1 < len(words) && !words[i+1].dynamic {
				return i, "", words[i+1].text, true
			}
			return i, "", "", true
		case slices.Contains(l.valued, o), l.shell && !strings.HasPrefix(o, "--") && strings.HasSuffix(o, "o"):
			i++ // bash -euo pipefail: the option's value
		}
	}
	return i, "", "", false
}

// cdWord returns the index of the folder a cd or pushd command changes
// into, or -1; cd reports whether the command may change the folder the
// rest runs in: a cd, past the keywords that open it ({ cd x, if cd x,
// then cd x, which change the folder as a cd alone does: QA, a brace
// group's and an if's cd were left as written while a subshell's was
// anchored), or a command that holds one as a word where it is not read
// here (echo cd, X=1 cd x), which is taken for one. A cd that may not
// run (an if's branch, a loop's body, after || or in a pipe) is taken
// for one not read too, but for one after && that only what runs once
// it succeeded follows in cmds (onlyAfterCd).
func cdWord(cmds []scopedCommand, n int) (at int, cd bool) {
	c := cmds[n]
	words := c.words
	if !slices.ContainsFunc(words, func(w rawWord) bool { return w.text == "cd" || w.text == "pushd" || w.text == "popd" }) {
		return -1, false
	}
	i := pastKeywords(words)
	if i == len(words) || words[i].text != "cd" && words[i].text != "pushd" {
		return -1, true
	}
	if c.conditional() && !onlyAfterCd(cmds, n) || slices.ContainsFunc(words[:i], func(w rawWord) bool { return conditionalKeywords[w.text] }) {
		// A cd that may not run (x && cd sub, then cd sub, do cd sub)
		// leaves the folder of what follows unknown: it is taken for a
		// cd not read here, as before (QA: if …; then cd sub; fi;
		// ./g.sh had ./g.sh left relative with an info, a guard lost
		// from a subfolder with nothing said).
		return -1, true
	}
	i++
	for i < len(words) && (words[i].text == "-P" || words[i].text == "-L") {
		i++
	}
	if i < len(words) && words[i].text == "--" {
		i++
	}
	if len(words) != i+1 || words[i].dynamic {
		return -1, true // cd alone, cd -, cd "$X": somewhere not known here
	}
	return i, true
}

// onlyAfterCd reports whether cmds[n], a cd joined by && (x && cd sub),
// is followed in its subshell only by what runs once it succeeded: each
// command joined by && (or a pipe, within a pipeline that does), or in a
// brace group so joined, up to the subshell's end; a group around the
// cd closes with the status of its last command. Then what follows runs
// in the cd's folder or not at all, as after a cd that runs (x && cd sub
// && ./g.sh); where the cd did not run, nothing of what follows did. Not
// after ||, which runs the cd where x failed and what follows where it
// succeeded (x || cd sub && ./g.sh), nor where a ; or a || lets the rest
// run whether or not the cd ran (x && cd sub; ./g.sh), nor a subshell of
// its own, whose joining is not kept.
func onlyAfterCd(cmds []scopedCommand, n int) bool {
	c := cmds[n]
	if c.joined != "&&" {
		return false
	}
	depth := 0 // brace groups opened after the cd and still open
	for i, f := range cmds[n+1:] {
		if !f.within(c.scope) {
			break // past the subshell's end
		}
		if len(f.scope) != len(c.scope) {
			return false
		}
		if len(f.words) > 0 && f.words[0].text == "}" {
			depth-- // after the ; that ends the group's last command
			continue
		}
		if depth <= 0 && f.joined != "&&" && (f.joined != "|" || i == 0) {
			return false
		}
		for _, w := range f.words[:pastKeywords(f.words)] {
			if w.text == "{" {
				depth++
			}
		}
	}
	return true
}

// projectEntry cleans a word's text that names a path relative to the
// folder the hook runs in and says whether project holds it, as a
// regular file, or as a folder where dir is set; a nil project, whose
// files are not known, is taken to hold it. Absolute paths, ~, options,
// URLs (a colon) and paths that leave the project are not.
func projectEntry(project fs.FS, text string, dir bool) (string, bool) {
	if text == "" || strings.ContainsAny(text[:1], "/~-") || strings.ContainsAny(text, ":\\\x00\n") {
		return "", false
	}
	rel := text
	for strings.HasPrefix(rel, "./") {
		rel = strings.TrimLeft(rel[2:], "/")
	}
	if !dir && strings.HasSuffix(rel, "/") {
		// A path that ends in a slash names a folder, which runs as no
		// file: cleaned, "0/" would be anchored as the file "0" (fuzz:
		// a command whose meaning the anchoring changed).
		return "", false
	}
	clean := path.Clean(rel)
	if clean == "." || !fs.ValidPath(clean) {
		return "", false
	}
	if project == nil {
		return clean, true
	}
	st, err := fs.Stat(project, clean)
	if err != nil || dir != st.IsDir() || !dir && !st.Mode().IsRegular() {
		return "", false
	}
	return clean, true
}

// fileByLook reports whether words[at], the file scriptWord found there,
// names a file by its look alone, as it must where the project's files
// are not known: the program run by its path (program: which is all
// scriptWord finds as a program), a path starting ./, or a script file's
// extension. A runner's word without them names a package's program
// (npx prettier, uv run pytest, npx @biomejs/biome), no project file.
func fileByLook(words []rawWord, at int, program bool) bool {
	text := words[at].text
	return program || strings.HasPrefix(text, "./") || hasScriptExtension(text)
}

// projectModule reports whether a Python module named with dots
// (guards.check) is a file of project, as python -m finds it from the
// project's root: guards/check.py, or guards/check/__main__.py. Not
// where project is nil (its files not known): a module is as often an
// installed package's (python3 -m pytest).
func projectModule(project fs.FS, name string) bool {
	if project == nil || name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") != "" || strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".") || strings.Contains(name, "..") {
		return false
	}
	file := strings.ReplaceAll(name, ".", "/")
	for _, f := range []string{file + ".py", file + "/__main__.py"} {
		if st, err := fs.Stat(project, f); err == nil && st.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// fileTests are the unary tests of test and [ that look at a file.
var fileTests = []string{"-e", "-f", "-r", "-s", "-w", "-x"}

// testedFile returns the index of the file a command that is one file
// test names ([ -x ./x.sh ], test -f scripts/a.sh, [[ -e a.sh ]]), or
// -1. An if that tests its guard before running it (if [ -x ./x.sh ];
// then ./x.sh; fi) must find the file where the guard is run from, or
// it skips the guard, silently (QA q3 F3).
func testedFile(words []rawWord) int {
	i := programAt(words)
	if i < 0 || i+2 >= len(words) {
		return -1
	}
	var closing string
	switch words[i].text {
	case "test":
	case "[":
		closing = "]"
	case "[[":
		closing = "]]"
	default:
		return -1
	}
	if !slices.Contains(fileTests, words[i+1].text) || words[i+2].dynamic {
		return -1
	}
	rest := words[i+3:]
	if closing == "" && len(rest) == 0 || closing != "" && len(rest) == 1 && rest[0].text == closing {
		return i + 2
	}
	return -1
}

// pathSeparators end a word where leftRelative looks for paths: the
// shell's blanks, operators and quotes, and the $ and = that open an
// expansion or a value (out=scripts/a.sh, $(git …)/a.sh).
const pathSeparators = " \t\n;&|()<>{}`'\"=$"

// commandOpeners are the separators after which a word names a program
// (cmd; x, a | x, $(x, (x, { x, `x), not an argument.
const commandOpeners = ";&|(\n{`"

// leftRelative lists the paths command still names relative to the
// folder the hook runs in that name a file of project (a nil project's
// files are not known: a path starting ./ or ../, or holding a slash
// and a script's extension), or, starting ../, a script outside it:
// what anchorCommand left as written, in a command substitution
// (echo $(./x.sh)), as another program's argument, after a cd it did
// not anchor, or outside the project (../tools/guard.sh). From a
// subfolder each names nothing; the caller says so (QA q3 F3: left
// unsaid, a guard failed open), a Windows path among them
// (.\scripts\win.ps1: windowsPath), and a bare name that is a file at
// the project's top, given as an argument (bareProjectFile). Text in
// single quotes is left out (echo 'see ./x.sh' names no file the
// command opens), and so are another word with a backslash, a comment,
// and whatever follows a cd into an absolute folder (cd /srv, cd
// "$(git rev-parse --show-toplevel)" && ./x.sh, right as it is: see
// absoluteFolder) or into one anchorCommand anchored. After a cd into a
// folder not known here (cd $d, cd "$(…)"), what follows is read by its
// look, as where the project's files are not known. It reads the command's
// bytes as they are, and allocates only for what it finds: it runs for
// every hook.
func leftRelative(command string, project fs.FS) []string {
	if project == nil && !strings.ContainsAny(command, `/\`) && !strings.Contains(command, "cd") {
		return nil // no path, no cd, and no bare name is looked up
	}
	var left []string
	start, opened := -1, -1 // opened: where the double quotes open
	cd, escaped, single, double := false, false, false, false
	// lost says a cd changed into a folder not known here (cd $d, cd
	// "$(…)"): what follows is read by its look, as where the project's
	// files are not known, since no path from the root tells whether it
	// is there.
	lost := false
	// program says the next word names a program (git, hookconv, make),
	// looked up in PATH, not in the folder: the command's first, and the
	// first past the keywords and wrappers that run it (if, then, exec,
	// sudo and its options).
	program := true
	// word ends the word before i and says whether the scan stops there:
	// after a cd into a folder that is not relative.
	word := func(i int) (stop bool) {
		if start < 0 {
			if !cd || i == len(command) || command[i] != '"' && command[i] != '$' {
				return false
			}
			if absoluteFolder(command[i:]) {
				return true // cd "$(git rev-parse --show-toplevel)"/sub: right as it is
			}
			// cd $d, cd "$DIR": a folder not known, as a cd in a loop
			// changes into (QA: for d in sub; do cd $d; done; ./g.sh had
			// ./g.sh left with nothing said, a guard lost from a
			// subfolder).
			cd, lost = false, true
			return false
		}
		w := command[start:i]
		// A bare name amid text in double quotes is prose or code
		// (python3 -c "…['status']…"), not an argument: one in double
		// quotes is all they hold ("policy").
		prose := double && (start != opened+1 || i == len(command) || command[i] != '"')
		start = -1
		named := program
		program = program && (slices.Contains(keywords, w) || runsNext(w) || strings.HasPrefix(w, "-"))
		if escaped {
			escaped, cd = false, false
			if windowsPath(w) && relativeFile(project, strings.ReplaceAll(w, `\`, "/")) {
				left = appendNew(left, w) // .\scripts\win.ps1 (QA q3 F8)
			}
			return false
		}
		if cd && (strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~")) {
			return true
		}
		if cd {
			if _, ok := projectEntry(project, w, true); ok {
				// A cd into a project folder left as written (in a
				// case arm, a function's body): from a subfolder it
				// fails, and what it was to run with it.
				left = appendNew(left, w)
			}
		}
		cd = w == "cd" || w == "pushd"
		if lost {
			if relativeFile(nil, w) {
				left = appendNew(left, w)
			}
			return false
		}
		if relativeFile(project, w) || !named && !prose && bareProjectFile(project, w) {
			left = appendNew(left, w)
		}
		return false
	}
	for i := 0; i < len(command); i++ {
		c := command[i]
		switch {
		case single:
			single = c != '\''
			continue
		case c == '\\':
			if start < 0 {
				start = i
			}
			escaped = true
			i++
			continue
		case c == '#' && start < 0 && !double && (i == 0 || strings.IndexByte(" \t\n;&|", command[i-1]) >= 0):
			for i < len(command) && command[i] != '\n' {
				i++ // a comment
			}
			continue
		case strings.IndexByte(pathSeparators, c) < 0:
			if start < 0 {
				start = i
			}
			continue
		}
		if word(i) {
			return left
		}
		if strings.IndexByte(commandOpeners, c) >= 0 {
			program = true
		}
		switch {
		case c == '\'' && !double:
			single = true
		case c == '"':
			double, opened = !double, i
		}
	}
	word(len(command))
	return left
}

// absoluteFolder reports whether rest, what a cd is given from a quote
// or a $ on, names a folder that is the same from wherever the hook runs:
// the project's root as git finds it ($(git rev-parse --show-toplevel),
// which anchoring writes), a tool's project, plugin or data folder, or
// the home folder, each as a variable ("$CLAUDE_PROJECT_DIR"/sub,
// ${HOME}), quoted or not.
func absoluteFolder(rest string) bool {
	rest = strings.TrimPrefix(rest, `"`)
	if strings.HasPrefix(rest, gitTopLevel) {
		return true
	}
	name, ok := strings.CutPrefix(rest, "$")
	if !ok {
		return false
	}
	name = strings.TrimPrefix(name, "{")
	end := strings.IndexFunc(name, func(r rune) bool {
		return r != '_' && (r < 'A' || r > 'Z') && (r < 'a' || r > 'z') && (r < '0' || r > '9')
	})
	if end >= 0 {
		name = name[:end]
	}
	return slices.Contains(absoluteFolderVars(), name)
}

// absoluteFolderVars are the variables that name a folder the same from
// wherever a hook runs: every tool's project, plugin and data folder
// (the providers table's), and HOME.
var absoluteFolderVars = sync.OnceValue(func() []string {
	vars := []string{"HOME"}
	for _, p := range vocab.Default().Providers {
		vars = append(vars, p.ProjectDirVar)
		vars = append(vars, p.AlsoSets...)
		vars = append(vars, p.PluginRootVars...)
		vars = append(vars, p.PluginDataVars...)
	}
	return slices.DeleteFunc(vars, func(v string) bool { return v == "" })
})

// runsNext reports whether word is a command that runs the program its
// next word names (exec, env, nohup, sudo: the launchers table's
// wrappers), which is then no argument read from the folder.
func runsNext(word string) bool {
	if word == "exec" || word == "env" {
		return true
	}
	l, ok := launchers[word]
	return ok && l.wrapper
}

// bareProjectFile reports whether word, a name with no slash, is a file
// at the top of project, known to be there: another program's argument
// (./g.sh policy.json, ./g.sh Makefile, ./g.sh policy) read from the
// folder the hook runs in, which from a subfolder is not found, as
// config/policy.json is not (QA y2 F2: the one was reported, the other
// not; QA F2 item 4: a name without a dot was not looked up). A name
// that is no file of the project is not guessed at: a plain word (echo
// done, git status) is a path only where the project holds that file.
// The caller leaves out a word that names a program, looked up in PATH.
func bareProjectFile(project fs.FS, word string) bool {
	// A name without a dot is read as a word, not a file (QA q2 F3: grep
	// -q Makefile, test "$f" = Dockerfile, make lint beside a file named
	// lint were warned of, and --strict failed on common guards): only a
	// file's name with an extension, policy.json, is looked up.
	if !strings.Contains(word, ".") {
		return false
	}
	if project == nil || word == "." || word == ".." || strings.HasPrefix(word, "-") ||
		strings.Trim(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+@-") != "" {
		return false
	}
	if l, ok := project.(listedTop); ok && !l.mayHold(word) {
		return false
	}
	st, err := fs.Stat(project, word)
	return err == nil && st.Mode().IsRegular()
}

// listedTop is a project's files with the names at its top listed once,
// for bareProjectFile: it looks up every word of every command that may
// be a file's name, and a large config's tens of thousands of words then
// cost a map look-up each, not a stat (10,000 hooks of 19 words to
// Codex: 110,000 stats, 0.1 s of CPU more, measured). The other look-ups
// go to the files as they are.
type listedTop struct {
	fs.FS
	names func() map[string]bool // lower-cased; nil where the top cannot be listed
}

// withListedTop wraps a project's files (nil for none) in a listedTop.
func withListedTop(files fs.FS) fs.FS {
	if files == nil {
		return nil
	}
	return listedTop{FS: files, names: sync.OnceValue(func() map[string]bool {
		entries, err := fs.ReadDir(files, ".")
		if err != nil {
			return nil
		}
		names := make(map[string]bool, len(entries))
		for _, e := range entries {
			names[strings.ToLower(e.Name())] = true
		}
		return names
	})}
}

// mayHold reports whether the top may hold name: the listing names it in
// any case (a folder that tells no case apart, as macOS's, finds
// Makefile as makefile: fs.Stat decides), or there is none.
func (l listedTop) mayHold(name string) bool {
	names := l.names()
	return names == nil || names[strings.ToLower(name)]
}

// Stat, ReadFile and ReadDir go to the files' own, which the embedded
// interface does not carry: an os.DirFS stats a path in one call.
func (l listedTop) Stat(name string) (fs.FileInfo, error)      { return fs.Stat(l.FS, name) }
func (l listedTop) ReadFile(name string) ([]byte, error)       { return fs.ReadFile(l.FS, name) }
func (l listedTop) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(l.FS, name) }

// windowsPath reports whether word, which holds a backslash, is a
// Windows path to a file (.\scripts\win.ps1, hooks\g.ps1): starting .\
// or with a script's extension, no slash, and no backslash escaping a
// blank or a quote, as a POSIX word's (my\ dir).
func windowsPath(word string) bool {
	return (strings.HasPrefix(word, `.\`) || hasScriptExtension(word)) && !strings.ContainsAny(word, "/ \t'\"") && !strings.HasSuffix(word, `\`)
}

// relativeFile reports whether word is a relative path leftRelative
// counts.
func relativeFile(project fs.FS, word string) bool {
	if !strings.Contains(word, "/") || strings.ContainsAny(word, "*?[~:") || strings.HasPrefix(word, "/") || strings.HasPrefix(word, "-") {
		return false
	}
	if strings.HasPrefix(strings.TrimPrefix(word, "./"), "../") {
		return hasScriptExtension(word) // outside the project
	}
	if project == nil {
		return strings.HasPrefix(word, "./") || hasScriptExtension(word)
	}
	_, ok := projectEntry(project, word, false)
	return ok
}
