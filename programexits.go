package hookconv

// Reading how a Python or Node guard exits, for HC431 and HC433: a
// command that runs one small project script with python3, uv run or
// node (or as a program with such a shebang), a module of the
// project's with python3 -m, or code given with python3 -c or node -e, is
// read for sys.exit(2) or
// process.exit(2) and for anything that may write to standard error.
// Nothing is run.
//
// The rule is coarser than the shell's path by path reading, and on the
// side of saying nothing: the script exits silently when its code (its
// comments and quoted text left out) exits with the code looked for, and
// nothing anywhere in it may write to stderr. May write: naming stderr
// at all (sys.stderr, console.error, process.stderr, /dev/stderr, fd 2);
// importing or requiring anything but a few standard modules that write
// nothing there themselves (a local module, logging, which writes to
// stderr by default, warnings, subprocess, argparse, util); running code
// or programs (eval, exec, child_process); in Python, a string with an
// invalid escape ("\d"), which Python 3.12 warns about on stderr each
// run; in Node, import statements outside an .mjs file (whether Node
// runs them, fails or warns depends on its version). A script larger
// than maxProgramScript, or one this reader cannot split into code,
// strings and comments, is not read.

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
)

// maxProgramScript is the largest Python or Node script read: a guard is
// a page or two, and a larger one is less likely to be read right.
const maxProgramScript = 32 << 10

// Languages readProgram reads.
const (
	langPython = "python"
	langNode   = "node"
)

// program is a Python or Node script a hook's command runs: its language
// and, worked out on the first need, what it exits with.
type program struct {
	lang string
	text string
	// code is the text with its comments blanked, plain with its quoted
	// text too; readable is false when they could not be split (an
	// unclosed string); mayWrite whether anything may write to stderr.
	code, plain string
	readable    bool
	mayWrite    bool
	// esm says a Node script outside an .mjs file holds import
	// statements: whether Node runs it, fails or warns on stderr depends
	// on its version and the package.json nearby.
	esm bool
	// exitCodes are the codes the script names in its exits, each
	// already reduced to its low byte.
	exitCodes []int
	read      bool
}

// readProgram returns the Python or Node script a hook's command runs,
// when the command is one plain call (plainCall) of one project file: by
// python, python3 (python3.12, …) or node with no option but Python's -u
// and -B, by uv run (uvRunArgs), or as the program itself with a python
// or node shebang; or of a module of the project's that python -m runs
// (readModule); or the code the command gives its interpreter itself
// (inlineProgram). The script must be no larger than maxProgramScript. s
// may be nil.
func (s *Scripts) readProgram(hd *canonical.Handler) (*program, bool) {
	if p := inlineProgram(hd.Command); p != nil {
		return p, true
	}
	call, ok := s.plainCall(hd)
	if !ok || !mayRunProgram(call.Command) {
		return nil, false
	}
	if p, seen := s.programCalls[hd.Command]; seen {
		return p, p != nil
	}
	p := s.readProgramOf(call.Command)
	if s.programCalls == nil {
		s.programCalls = map[string]*program{}
	}
	s.programCalls[hd.Command] = p
	return p, p != nil
}

// inlineProgram returns the program a command gives its interpreter on
// the command line, read as a script's text is (QA: python3 -c
// 'import sys, json; sys.exit(2 if … else 0)', node -e
// 'process.exit(2)'): the command one simple command, python, python3
// (with -u or -B first) and -c, or node and -e or --eval, then the code
// in one word, with no $ or backquote in it, which the shell would
// expand first. Nil for any other command, most of which hold no -c or
// -e and are not split into words.
func inlineProgram(command string) *program {
	if !strings.Contains(command, " -c ") && !strings.Contains(command, " -e ") && !strings.Contains(command, " --eval ") {
		return nil
	}
	words := shlex.Words(command)
	for len(words) > 0 && assignment().MatchString(words[0].Text) {
		words = words[1:] // FOO=1 python3 -c …: the program's variable
	}
	if len(words) < 3 || slices.ContainsFunc(words, func(w shlex.Word) bool { return w.Operator || w.Redirect }) {
		return nil
	}
	lang := interpreterLang(path.Base(words[0].Text))
	args := words[1:]
	for len(args) > 0 && lang == langPython && (args[0].Text == "-u" || args[0].Text == "-B") {
		args = args[1:]
	}
	if len(args) < 2 || strings.ContainsAny(args[1].Text, "$`") {
		return nil
	}
	switch flag := args[0].Text; {
	case lang == langPython && flag == "-c", lang == langNode && (flag == "-e" || flag == "--eval"):
		return &program{lang: lang, text: args[1].Text}
	}
	return nil
}

// shellCode returns the code a command gives a POSIX shell to run
// (sh -c '…', bash -c '…', dash -c '…'), read as the command itself:
// the shell exits as that code does and writes to stderr what it writes
// (QA q3 F3: HC431 read sh -c 'exit 2' as a call of sh, whose exit it
// could not see). The same one simple command inlineProgram takes: the
// shell, -c, then the code in one word: in single quotes, or with no $
// or backquote the outer shell would expand first. ok is false for any
// other command.
func shellCode(command string) (code string, ok bool) {
	if !strings.Contains(command, " -c ") {
		return "", false
	}
	words := shlex.Words(command)
	if len(words) != 3 || words[1].Text != "-c" || slices.ContainsFunc(words, func(w shlex.Word) bool { return w.Operator || w.Redirect }) {
		return "", false
	}
	switch path.Base(words[0].Text) {
	case "sh", "bash", "dash":
	default:
		return "", false
	}
	// In single quotes alone the code is as written, $ and all, for the
	// shell it is given to; elsewhere the outer shell expands it first.
	_, rest, _ := strings.Cut(command, " -c ")
	rest = strings.TrimSpace(rest)
	quoted := len(rest) > 1 && rest[0] == '\'' && rest[len(rest)-1] == '\'' && strings.Count(rest, "'") == 2
	if !quoted && strings.ContainsAny(words[2].Text, "$`") {
		return "", false
	}
	return words[2].Text, true
}

// mayRunProgram reports whether a plain call's first word may run a
// Python or Node script: an interpreter, uv, or a path that is no shell
// script's. Most commands of a large config (./hooks/guard.sh) are not,
// and are neither split into words nor remembered.
func mayRunProgram(command string) bool {
	// The project folder as git finds it (what a target without a project
	// variable gets) is a path, not words (QA: a Python guard run through
	// it went unread), after env too, which a user may write before it.
	command = strings.TrimLeft(strings.ReplaceAll(command, gitTopLevel, "."), " \t")
	if rest, ok := strings.CutPrefix(command, "env "); ok {
		command = strings.TrimLeft(rest, " \t")
	}
	first, _, _ := strings.Cut(afterAssignments(command), " ")
	return interpreterLang(path.Base(first)) != "" || first == "uv" || mayBeProgramScript(first)
}

// readProgramOf is readProgram's reading of a plain call, uncached; its
// scripts are kept by path and language, so that thousands of hooks
// running one script with their own arguments read it once.
func (s *Scripts) readProgramOf(command string) *program {
	words := shlex.Words(command)
	for len(words) > 0 && assignment().MatchString(words[0].Text) {
		words = words[1:] // FOO=1 python3 guard.py: the program's variable
	}
	if len(words) == 0 {
		return nil
	}
	lang := interpreterLang(path.Base(words[0].Text))
	args := words[1:] // what the interpreter is given
	if words[0].Text == "uv" {
		// uv run [options] [python3] guard.py: uv runs Python on it.
		if args = uvRunArgs(args); len(args) == 0 {
			return nil
		}
		lang = langPython
		if interpreterLang(path.Base(args[0].Text)) == langPython {
			args = args[1:]
		}
	}
	for len(args) > 0 && lang == langPython && (args[0].Text == "-u" || args[0].Text == "-B") {
		args = args[1:]
	}
	if lang == langPython && len(args) > 1 && args[0].Text == "-m" {
		// python3 -m pkg.check: the module's file, as Python finds it
		// from the project folder, after its packages' __init__.py.
		return s.readModule(args[1].Text)
	}
	refs := s.projectRefs(command)
	if len(refs) != 1 {
		return nil
	}
	if lang != "" {
		// python3 [-u] [-B] guard.py …: the script is the first word
		// after the options, and the only project file named.
		if len(args) == 0 || refs[0].program || strings.HasPrefix(args[0].Text, "-") || !programExtension(lang, args[0].Text) {
			return nil
		}
	} else if !refs[0].program {
		return nil
	}
	key := refs[0].path + "\x00" + lang
	if p, seen := s.programs[key]; seen {
		return p
	}
	var p *program
	if b, err := s.readFile(refs[0].path); err == nil && len(b) <= maxProgramScript {
		if lang == "" {
			first, _, _ := bytes.Cut(b, []byte("\n"))
			lang = shebangLang(string(first))
		}
		if lang != "" {
			p = &program{lang: lang, text: string(b), esm: lang == langNode && hasImports(b) && path.Ext(refs[0].path) != ".mjs"}
		}
	}
	if s.programs == nil {
		s.programs = map[string]*program{}
	}
	s.programs[key] = p
	return p
}

// uvRunArgs returns the words uv gives Python after "run" and the options
// of uv run that change neither where it runs nor what it writes
// (--quiet, --frozen, --with PKG, --python 3.12, …), or none when the
// words are no uv run or hold another option (--directory, --project
// move the folder; --verbose writes to stderr). What uv itself may
// write (a package installed on the first run) is not counted: the
// silent runs after it are what a guard meets.
func uvRunArgs(words []shlex.Word) []shlex.Word {
	if len(words) == 0 || words[0].Text != "run" {
		return nil
	}
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case w.Operator || w.Redirect:
			return nil
		case slices.Contains(uvRunFlags, w.Text):
		case slices.Contains(uvRunValued, w.Text):
			i++ // the option's value
		case strings.HasPrefix(w.Text, "-") && w.Text != "-m":
			return nil
		default:
			return words[i:]
		}
	}
	return nil
}

// uvRunFlags and uvRunValued are the options of uv run read past, the
// latter taking a value.
var (
	uvRunFlags  = []string{"-q", "--quiet", "--frozen", "--locked", "--offline", "--no-sync", "--no-project", "--isolated", "--script", "--active", "--no-dev", "--exact", "--all-extras", "--no-config"}
	uvRunValued = []string{"--with", "--python", "-p", "--extra", "--group", "--env-file"}
)

// readModule returns the Python module python -m runs, named with dots
// (pkg.check), read from the project folder as Python finds it there:
// pkg/check.py, or pkg/check/__main__.py for a package, each package's
// __init__.py, which Python runs first, read before it as part of the
// program. Nil when the module is no file of the project (an installed
// one, which hookconv cannot see into).
func (s *Scripts) readModule(name string) *program {
	if name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") != "" || strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".") || strings.Contains(name, "..") {
		return nil
	}
	key := "-m " + name
	if p, seen := s.programs[key]; seen {
		return p
	}
	if s.programs == nil {
		s.programs = map[string]*program{}
	}
	s.programs[key] = nil
	file := strings.ReplaceAll(name, ".", "/")
	var packages []string // the folders whose __init__.py runs first
	for i := range file {
		if file[i] == '/' {
			packages = append(packages, file[:i])
		}
	}
	main, err := s.readFile(file + ".py")
	if err != nil {
		packages = append(packages, file)
		if main, err = s.readFile(file + "/__main__.py"); err != nil {
			return nil
		}
	}
	var text []byte
	for _, dir := range packages {
		if init, err := s.readFile(dir + "/__init__.py"); err == nil {
			text = append(append(text, init...), '\n')
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil // there, but not read
		}
	}
	text = append(text, main...)
	if len(text) > maxProgramScript {
		return nil
	}
	p := &program{lang: langPython, text: string(text)}
	s.programs[key] = p
	return p
}

// hasImports reports whether a Node script may hold an import statement
// (an ES module's), not checked for where it stands: only to send a .js
// or .cjs file with one to "may write".
func hasImports(b []byte) bool {
	return bytes.Contains(b, []byte("import ")) || bytes.Contains(b, []byte("import{")) || bytes.Contains(b, []byte("import'")) || bytes.Contains(b, []byte(`import"`))
}

// interpreterLang returns the language an interpreter's name runs
// (python3, python3.12, node), or "".
func interpreterLang(name string) string {
	switch {
	case name == "node" || name == "nodejs":
		return langNode
	case name == "python" || name == "python3" || strings.HasPrefix(name, "python3.") && strings.Trim(name[len("python3."):], "0123456789") == "":
		return langPython
	}
	return ""
}

// mayBeProgramScript reports whether a command's program may be a Python
// or Node script run by its shebang: a path that is no shell script's.
func mayBeProgramScript(word string) bool {
	if !strings.Contains(word, "/") {
		return false
	}
	switch path.Ext(word) {
	case ".sh", ".bash", ".zsh":
		return false
	}
	return true
}

// programExtension reports whether a script named as an interpreter's
// argument is one of its language's files.
func programExtension(lang, word string) bool {
	if lang == langPython {
		return strings.HasSuffix(word, ".py")
	}
	return strings.HasSuffix(word, ".js") || strings.HasSuffix(word, ".mjs") || strings.HasSuffix(word, ".cjs")
}

// shebangLang returns the language a shebang line runs, when it names
// python, python3 or node (through env or not) with no options that
// could make it write (#!/usr/bin/env -S node --trace-warnings): "" for
// any other line.
func shebangLang(line string) string {
	if !strings.HasPrefix(line, "#!") {
		return ""
	}
	fields := strings.Fields(strings.TrimSuffix(line[2:], "\r"))
	if len(fields) > 0 && path.Base(fields[0]) == "env" {
		fields = fields[1:]
	}
	if len(fields) == 0 {
		return ""
	}
	lang := interpreterLang(path.Base(fields[0]))
	for _, f := range fields[1:] {
		if lang != langPython || f != "-u" && f != "-B" {
			return ""
		}
	}
	return lang
}

// exits reports whether the script exits with one of code's codes.
func (p *program) exits(code exitCode) bool {
	p.readExits()
	return p.readable && slices.ContainsFunc(p.exitCodes, func(n int) bool { return code.is(strconv.Itoa(n)) })
}

// exitsSilently reports whether the script exits with one of code's
// codes and nothing in it may write to standard error.
func (p *program) exitsSilently(code exitCode) bool {
	return p.exits(code) && !p.mayWrite
}

// mayPrint reports whether the script may print to standard output: in
// Python, print, input (its prompt) or stdout named; in Node, console's
// methods that print there, or stdout named. Read where its standard
// output goes to standard error (guard.py >&2), making a print a reason.
func (p *program) mayPrint() bool {
	p.readExits()
	re := pythonPrints
	if p.lang == langNode {
		re = nodePrints
	}
	return !p.readable || re().MatchString(p.code)
}

// pythonPrints and nodePrints match what may print to standard output in
// a Python or a Node script's code.
var (
	pythonPrints = lazy.Regexp(`\bprint\s*\(|\binput\s*\(|stdout|pprint|/dev/fd/1|\bopen\s*\(\s*1\b`)
	nodePrints   = lazy.Regexp(`\bconsole\b|stdout|/dev/fd/1|\bwrite(?:Sync)?\s*\(\s*1\b`)
)

// readExits splits the script and reads its exits and writes, once.
func (p *program) readExits() {
	if p.read {
		return
	}
	p.read = true
	var badEscape bool
	if p.lang == langPython {
		p.code, p.plain, badEscape, p.readable = pythonParts(p.text)
	} else {
		p.code, p.plain, p.readable = jsParts(p.text)
	}
	if !p.readable {
		return
	}
	exitsRe, writesRe := pythonExit, pythonWrites
	if p.lang == langNode {
		exitsRe, writesRe = nodeExit, nodeWrites
	}
	for _, m := range exitsRe().FindAllStringSubmatch(p.plain, -1) {
		for _, code := range m[1:] { // one code, or a conditional's two
			switch code {
			case "":
				continue
			case "True":
				code = "1"
			case "False":
				code = "0"
			}
			if n, err := strconv.Atoi(code); err == nil {
				p.exitCodes = append(p.exitCodes, n&0xff)
			}
		}
	}
	p.mayWrite = p.esm || badEscape || writesRe().MatchString(p.code)
	if !p.mayWrite && p.lang == langPython {
		p.mayWrite = !pythonImportsQuiet(p.plain)
	}
	if !p.mayWrite && p.lang == langNode {
		p.mayWrite = !nodeConsoleQuiet(p.code) || !nodeModulesQuiet(p.code, p.plain)
	}
}

// pythonExit matches an exit with a code spelled out, outside quoted text
// and comments: sys.exit(2), exit(2), quit(2), os._exit(2), raise
// SystemExit(2), its code the first or the second group; or one with a
// conditional expression, on one line, sys.exit(2 if … else 0) (QA: a
// python3 -c guard's way), its codes the third and the fourth.
var pythonExit = lazy.Regexp(`(?:^|[^\w.])(?:(?:sys\.)?exit|quit|os\._exit)\s*\(\s*(\w+)\s*\)|(?:^|[^\w.])raise\s+SystemExit\s*\(\s*(\w+)\s*\)|(?:^|[^\w.])(?:(?:sys\.)?exit|quit|os\._exit)\s*\(\s*(\w+)\s+if\s[^\n]*?\selse\s+(\w+)\s*\)`)

// nodeExit matches process.exit(2) or process.exitCode = 2, outside
// quoted text and comments.
var nodeExit = lazy.Regexp(`(?:^|[^\w.$])process\.exit\s*\(\s*(\w+)\s*\)|(?:^|[^\w.$])process\.exitCode\s*=\s*(\w+)`)

// pythonWrites matches what may write to standard error in a Python
// script's code (comments left out, quoted text kept: a name built in a
// string is still a name): stderr named in any way, file descriptor 2,
// code or programs run. Modules are pythonImportsQuiet's.
var pythonWrites = lazy.Regexp(`stderr|/dev/fd/2|/proc/self/fd/2|\bos\.write\s*\(|fdopen|dup2|\bos\.system\b|popen|spawn|\bos\.exec|(?:^|[^\w.])(?:exec|eval|compile)\s*\(|__import__|breakpoint\s*\(|\bopen\s*\(\s*2\b`)

// nodeWrites matches what may write to standard error in a Node script's
// code: stderr named in any way, file descriptor 2, warnings Node prints
// there (process.emitWarning, the deprecated Buffer()), code run from
// text, a child process.
var nodeWrites = lazy.Regexp(`stderr|/dev/fd/2|/proc/self/fd/2|\bwrite(?:Sync)?\s*\(\s*2\b|emitWarning|\bBuffer\s*\(|child_process|\beval\s*\(|\bFunction\s*\(|\bimport\s*\(|process\.binding|_rawDebug|\bdebuglog\b`)

// pythonQuietModules are standard modules that write nothing to stderr
// of their own: importing any other (a local module, logging, warnings,
// subprocess, argparse, which prints its usage there and exits 2) may.
var pythonQuietModules = []string{"__future__", "sys", "os", "json", "re", "pathlib", "shlex", "fnmatch", "glob", "typing", "dataclasses", "collections", "itertools", "functools", "string", "textwrap", "time", "datetime", "enum", "hashlib", "base64", "math", "operator", "copy", "types", "abc", "io", "stat", "unicodedata", "posixpath"}

// pythonImport matches an import statement's module list, or a from
// statement's module (the second group).
var pythonImport = lazy.Regexp(`(?m)(?:^|;)[ \t]*(?:import[ \t]+([^\n;]*)|from[ \t]+(\S+)[ \t]+import\b)`)

// pythonImportsQuiet reports whether every module the script imports (in
// its plain text) is one of pythonQuietModules. A relative import, a
// list continued on another line, or an import the expression misses
// (the word import left over) is not.
func pythonImportsQuiet(plain string) bool {
	matches := pythonImport().FindAllStringSubmatch(plain, -1)
	if len(matches) != len(importWord().FindAllStringIndex(plain, -1)) {
		return false
	}
	for _, m := range matches {
		modules := strings.Split(m[1], ",")
		if m[1] == "" {
			modules = []string{m[2]}
		}
		for _, mod := range modules {
			name, _, _ := strings.Cut(strings.TrimSpace(mod), " ") // import os as o
			top, _, _ := strings.Cut(name, ".")
			if strings.Contains(mod, `\`) || !slices.Contains(pythonQuietModules, top) {
				return false
			}
		}
	}
	return true
}

// importWord matches the word import, whole.
var importWord = lazy.Regexp(`\bimport\b`)

// nodeQuietModules are Node's modules that write nothing to stderr of
// their own (util does: util.deprecate, util.debuglog).
var nodeQuietModules = []string{"fs", "fs/promises", "path", "os", "readline", "url", "crypto", "string_decoder", "events", "buffer", "querystring"}

// nodeModule matches a require of a module named by a literal, or an
// import's module (an .mjs file's), in code with its quoted text kept.
var nodeModule = lazy.Regexp(`\brequire\s*\(\s*['"]([^'"\n]+)['"]\s*\)|\bimport\b[^'";()]*?['"]([^'"\n]+)['"]`)

// nodeModulesQuiet reports whether every require and import of the
// script names one of nodeQuietModules (node:fs as fs): a local module,
// or one named by a variable, may write.
func nodeModulesQuiet(code, plain string) bool {
	matches := nodeModule().FindAllStringSubmatch(code, -1)
	uses := len(requireWord().FindAllStringIndex(plain, -1)) + len(importWord().FindAllStringIndex(plain, -1))
	if len(matches) != uses {
		return false
	}
	for _, m := range matches {
		if !slices.Contains(nodeQuietModules, strings.TrimPrefix(m[1]+m[2], "node:")) {
			return false
		}
	}
	return true
}

// requireWord matches the word require, whole.
var requireWord = lazy.Regexp(`\brequire\b`)

// nodeConsole matches each use of console, and its method when it is one
// that prints to standard output.
var nodeConsole = lazy.Regexp(`\bconsole\b(\s*\.\s*(?:log|info|debug|dir|table)\s*\()?`)

// nodeConsoleQuiet reports whether every use of console prints to
// standard output (console.log): console.error, console.warn, a method
// named in brackets or console passed on may write to stderr.
func nodeConsoleQuiet(code string) bool {
	if !strings.Contains(code, "console") {
		return true
	}
	for _, m := range nodeConsole().FindAllStringSubmatch(code, -1) {
		if m[1] == "" {
			return false
		}
	}
	return true
}

// pythonParts splits a Python script: code is the text with its comments
// blanked, plain with its quoted text blanked too (newlines kept, so
// that a line's start stays one). badEscape says a string that is not
// raw holds a backslash before a letter that is no escape ("\d"), which
// Python 3.12 warns about on stderr each time it runs the script. ok is
// false for a string left open.
func pythonParts(text string) (code, plain string, badEscape, ok bool) {
	c, p := []byte(text), []byte(text)
	for i := 0; i < len(text); {
		switch ch := text[i]; {
		case ch == '#':
			for ; i < len(text) && text[i] != '\n'; i++ {
				c[i], p[i] = ' ', ' '
			}
		case ch == '\'' || ch == '"':
			raw := false
			for j := i - 1; j >= 0 && j >= i-2 && strings.IndexByte("rRbBuUfF", text[j]) >= 0; j-- {
				raw = raw || text[j] == 'r' || text[j] == 'R'
			}
			quote := text[i : i+1]
			if strings.HasPrefix(text[i:], strings.Repeat(quote, 3)) {
				quote = strings.Repeat(quote, 3)
			}
			end := -1
			for k := i + len(quote); k < len(text); k++ {
				if text[k] == '\\' {
					if k+1 < len(text) && !raw && !pythonEscape(text[k+1]) {
						badEscape = true
					}
					k++
					continue
				}
				if text[k] == '\n' && len(quote) == 1 {
					return "", "", false, false
				}
				if strings.HasPrefix(text[k:], quote) {
					end = k + len(quote)
					break
				}
			}
			if end < 0 {
				return "", "", false, false
			}
			shlex.Blank(p[i+len(quote) : end-len(quote)])
			i = end
		default:
			i++
		}
	}
	return string(c), string(p), badEscape, true
}

// pythonEscape reports whether a backslash followed by b is an escape
// Python knows (or a line continued).
func pythonEscape(b byte) bool {
	return strings.IndexByte("\n\r\\'\"abfnrtv01234567xNuU", b) >= 0
}

// jsParts splits a Node script as pythonParts does a Python one: code
// without comments (and without a #! line), plain without quoted text,
// template literals and regular expression literals too. ok is false
// for anything left open, or a template literal holding another.
func jsParts(text string) (code, plain string, ok bool) {
	c, p := []byte(text), []byte(text)
	i := 0
	if strings.HasPrefix(text, "#!") {
		for ; i < len(text) && text[i] != '\n'; i++ {
			c[i], p[i] = ' ', ' '
		}
	}
	// last is the last byte of code before i that is no blank: a / after
	// an operator or an opening starts a regular expression, after a
	// name or a closing it divides.
	last := byte(0)
	for i < len(text) {
		ch := text[i]
		switch {
		case ch == '/' && strings.HasPrefix(text[i:], "//"):
			for ; i < len(text) && text[i] != '\n'; i++ {
				c[i], p[i] = ' ', ' '
			}
			continue
		case ch == '/' && strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return "", "", false
			}
			end += i + 4
			shlex.Blank(c[i:end])
			shlex.Blank(p[i:end])
			i = end
			continue
		case ch == '\'' || ch == '"' || ch == '`' || ch == '/' && (last == 0 || strings.IndexByte("(,=:[!&|?{};+-*%<>~^", last) >= 0 || endsWithWord(text[:i], "return", "typeof", "case", "in", "of", "void", "delete", "throw", "new", "yield", "await")):
			end := jsLiteralEnd(text, i)
			if end < 0 {
				return "", "", false
			}
			shlex.Blank(p[i+1 : end-1])
			i, last = end, 'a'
			continue
		case ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r':
			last = ch
		}
		i++
	}
	return string(c), string(p), true
}

// jsLiteralEnd returns the offset just past the string, template or
// regular expression literal opening at i, or -1 when it is left open,
// a one-line literal crosses a line, or a template holds a template or
// a comment in its ${…}.
func jsLiteralEnd(text string, i int) int {
	open := text[i]
	class := false // in a regular expression's [...], where / closes nothing
	depth := 0     // in a template's ${…}
	for k := i + 1; k < len(text); k++ {
		switch ch := text[k]; {
		case ch == '\\':
			k++
		case ch == '\n' && open != '`':
			return -1
		case open == '/' && ch == '[':
			class = true
		case open == '/' && ch == ']':
			class = false
		case open == '`' && ch == '$' && k+1 < len(text) && text[k+1] == '{':
			depth++
			k++
		case open == '`' && depth > 0 && ch == '}':
			depth--
		case open == '`' && depth > 0 && (ch == '`' || ch == '/' && k+1 < len(text) && (text[k+1] == '/' || text[k+1] == '*')):
			return -1
		case ch == open && !class && depth == 0:
			return k + 1
		}
	}
	return -1
}

// endsWithWord reports whether s ends with one of words, whole, before
// any blanks.
func endsWithWord(s string, words ...string) bool {
	s = strings.TrimRight(s, " \t\n\r")
	for _, w := range words {
		if strings.HasSuffix(s, w) && (len(s) == len(w) || !shlex.IsNameByte(s[len(s)-len(w)-1]) && s[len(s)-len(w)-1] != '.' && s[len(s)-len(w)-1] != '$') {
			return true
		}
	}
	return false
}
