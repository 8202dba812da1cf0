package hookconv

// The variables a tool sets for its own hooks, beyond the project
// directory and a plugin's folders (Claude Code's CLAUDE_ENV_FILE and
// CLAUDE_CODE_SESSION_ID, Gemini CLI's GEMINI_SESSION_ID, Kiro's
// USER_PROMPT): a hook converted to a tool that does not set them reads
// them empty.

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/vocab"
)

// CodeToolOnlyVar (warning): a hook's command, or a script it runs, uses a
// variable the source tool sets for its hooks (CLAUDE_ENV_FILE,
// GEMINI_SESSION_ID, Kiro's USER_PROMPT) and the target does not: there it
// is empty, so a shell's redirection to it fails and a test of it takes
// the other branch, and a Python or Node script's read of it finds
// nothing.
const CodeToolOnlyVar = "HC441"

// toolOnlyVars warns (HC441), once per hook, about commands that use a
// variable the tool they were written for sets for its hooks (the
// providers table's hook_vars, on the hook's event where the table names
// events) and the target does not set there (not its project directory's,
// another tool's it sets too, nor one of its own hook_vars): `echo "export
// X=1" >> "$CLAUDE_ENV_FILE"` becomes a redirection to "", and a guard
// keyed on the session id misbehaves. Nothing can be rewritten: the
// target has no such value. A hook from a manifest was written for the
// tool its marks name; an unmarked one for no tool.
//
// The scripts a command runs are read too, where hookconv can read them
// (followScripts, as readInput follows them for HC419 and HC440): these
// variables are mostly used inside the script a hook runs (a SessionStart
// script appending to $CLAUDE_ENV_FILE), not in its command, unlike a
// plugin's folder (HC424), which a command names to find that script.
// Only scripts that name one of the variables are read further (mayName),
// so most hooks cost a substring test. A use is a shell's expansion or a
// program's read of its environment, never a name only printed or said
// (QA): see inShell and inProgram.
func toolOnlyVars(m *canonical.Manifest, from, to string, scripts *Scripts) diag.List {
	if to == "canonical" || from == to {
		return nil
	}
	names := vocab.Default()
	target, _ := names.Provider(to)
	finders := map[string]*varFinder{} // by the tool a hook was written for
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		hd := &h.Handler
		if hd.Command == "" && len(hd.Platform) == 0 {
			continue
		}
		source := from
		if from == "canonical" {
			if source = markedSource(h); source == "" || source == to {
				continue
			}
		}
		f, ok := finders[source]
		if !ok {
			f = newVarFinder(names, source)
			finders[source] = f
		}
		if f == nil {
			continue
		}
		uses := f.inShell(hd.Command, true, nil)
		for _, k := range sortedkeys.Of(hd.Platform) {
			uses = f.inShell(hd.Platform[k], true, uses)
		}
		// A cwd of the hook's own makes its relative paths name other
		// files than the project's (readInput reads none either).
		if scripts != nil && scripts.FS != nil && hd.Type == canonical.HandlerCommand && hd.Command != "" && hd.Cwd == "" && scripts.mayName(hd.Command, f.names) {
			uses = f.inScripts(scripts, hd.Command, uses)
		}
		var lost []vocab.HookVar
		var how varUse // what the lost ones' uses have, together
		for _, u := range uses {
			v := f.vars[slices.IndexFunc(f.vars, func(v vocab.HookVar) bool { return v.Name == u.name })]
			if !v.On(h.Event) || names.SetsHookVar(to, u.name, h.Event) {
				continue
			}
			lost = append(lost, v)
			how.command, how.script = how.command || u.command, how.script || u.script
			how.shell, how.program = how.shell || u.shell, how.program || u.program
		}
		if len(lost) == 0 {
			continue
		}
		where := "the command uses"
		switch {
		case how.command && how.script:
			where = "the command and a script it runs use"
		case how.script:
			where = "a script the command runs uses"
		}
		shown := make([]string, len(lost))
		for k, v := range lost {
			shown[k] = "$" + v.Name
		}
		ds.Warnf(CodeToolOnlyVar, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i)), toolVarHint(lost, target),
			"%s: %s %s, which %s sets for its hooks and %s does not: %s (a blocking hook may then let the action through)",
			h.DisplayName(i), where, strings.Join(shown, ", "), ToolName(source), target.Name, how.effect(len(lost) > 1))
	}
	return ds
}

// varUse is a variable of varFinder's that a hook uses: where (its
// command, a script it runs) and how (a shell expands it, a program reads
// it from its environment), which the warning says.
type varUse struct {
	name                            string
	command, script, shell, program bool
}

// effect says what goes wrong where the used variables are not set, by
// how the hook uses them: a shell expands an unset variable to "", so a
// redirection to it fails ("": no such file) and a test of it takes the
// other branch; a program's read of it finds nothing (os.environ["NAME"]
// raises KeyError, process.env.NAME is undefined), whatever the script
// then does with that.
func (u varUse) effect(several bool) string {
	it, is, them := "it", "is", "it"
	if several {
		it, is, them = "they", "are", "them"
	}
	switch {
	case !u.program:
		return fmt.Sprintf("there %s %s empty, so a redirection to %s fails and a test of %s takes the other branch", it, is, them, them)
	case !u.shell:
		return fmt.Sprintf("there %s %s not set, so the script's read of %s finds nothing", it, is, them)
	}
	return fmt.Sprintf("there %s %s not set, so a redirection to %s fails, a test of %s takes the other branch and a script's read of %s finds nothing", it, is, them, them, them)
}

// use records u in uses: each name once, where it was first found, with
// every place and way it is used.
func use(uses []varUse, u varUse) []varUse {
	for k := range uses {
		if w := &uses[k]; w.name == u.name {
			w.command, w.script = w.command || u.command, w.script || u.script
			w.shell, w.program = w.shell || u.shell, w.program || u.program
			return uses
		}
	}
	return append(uses, u)
}

// varFinder finds, in a command or a script, the variables one tool sets
// for its hooks.
type varFinder struct {
	vars   []vocab.HookVar
	names  []string
	tokens []string // those the tool replaces in a command's text itself
	re     func() *regexp.Regexp
	// scripted holds inScripts' findings by command: thousands of hooks
	// may run one script.
	scripted map[string][]varUse
}

// newVarFinder returns the finder of the variables slug sets for its hooks,
// or nil when it sets none.
func newVarFinder(names *vocab.Tables, slug string) *varFinder {
	vars := names.HookVars(slug)
	if len(vars) == 0 {
		return nil
	}
	prov, _ := names.Provider(slug)
	f := &varFinder{vars: vars, tokens: prov.CommandTokens, scripted: map[string][]varUse{}}
	quoted := make([]string, len(vars))
	for k, v := range vars {
		f.names = append(f.names, v.Name)
		quoted[k] = regexp.QuoteMeta(v.Name)
	}
	// Compiled for the first command that names one: most name none.
	pattern := varSpellings(strings.Join(quoted, "|"))
	f.re = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
	return f
}

// inShell appends to uses each variable of f that a shell text (a
// command: command true; else a shell script) expands ($NAME,
// ${NAME:-x}; PowerShell's $env:NAME and cmd's %NAME% in a Windows
// command), or that a program it runs reads by name (python3 -c
// '…os.environ["NAME"]…': reads). What sh reads as text expands nothing
// (QA): a comment, a single-quoted string, an escaped \$NAME; a name
// without a $ is only said (echo "NAME is not set"). Unless a second
// shell reads the text again (sh -c '…', eval), which expands what the
// first left alone, or, in a command, the tool itself replaces $NAME
// there, whatever stands around it (Gemini CLI's command_tokens), outside
// a comment. A text whose quotes do not pair up is read as written, an
// escaped \$NAME left out.
func (f *varFinder) inShell(text string, command bool, uses []varUse) []varUse {
	if !mentionsAny(text, f.names) {
		return uses
	}
	// Every spelling has a $ or a %, every read by name a word of
	// envReader's: most commands have none, and are not read further.
	dollars := strings.ContainsAny(text, "$%")
	if !dollars && !envReader().MatchString(text) && !shellEnvReader().MatchString(text) {
		return uses
	}
	uncommented, expands, viewed := text, "", false
	code := text // quotes blanked, where the text was read
	inner := nestedShell().MatchString(text)
	if !inner {
		if u, e, c, ok := shlex.Views(text); ok {
			uncommented, expands, code, viewed = u, e, c, true
		}
	}
	if dollars {
		for _, m := range f.re().FindAllStringSubmatchIndex(text, -1) {
			form := 1 // varSpellings' group: 1 ${NAME…}, 2 $NAME, 3 $env:NAME, 4 %NAME%
			for m[2*form] < 0 {
				form++
			}
			name := text[m[2*form]:m[2*form+1]]
			at, escaped := m[0], text[m[0]] == '\\'
			if escaped {
				at++ // the $
			}
			switch token := command && form == 2 && slices.Contains(f.tokens, name); {
			case form >= 3:
				// PowerShell's and cmd's spellings: not sh's quoting.
				if escaped && !inner {
					continue
				}
			case token:
				if viewed && uncommented[at] != text[at] {
					continue // in a comment
				}
			case viewed:
				// Blanked: quoted, escaped or a comment; a \$ kept is a
				// here-document's escape.
				if expands[at] != '$' || at > 0 && expands[at-1] == '\\' {
					continue
				}
			case escaped && !inner:
				continue
			}
			uses = use(uses, varUse{name: name, command: command, script: !command, shell: true})
		}
	}
	uses = f.shellReads(uncommented, code, viewed, command, uses)
	// A command reads its environment indirectly as a script does (QA:
	// v=NAME; [ -n "${!v}" ]; python3 -c "k='NAME'; os.environ.get(k)").
	if shellIndirect().MatchString(uncommented) {
		for _, name := range f.names {
			if namesWord(uncommented, name) {
				uses = use(uses, varUse{name: name, command: command, script: !command, shell: true})
			}
		}
	}
	return f.reads(uncommented, command, true, uses)
}

// shellEnvReader matches, as a word, a command that may read a variable
// of its environment by its bare name (shellReads): printenv, test -v
// and [[ -v, env, export -p or declare -x piped to grep, jq's env.
var shellEnvReader = lazy.Regexp(`\b(?:printenv|env|export|declare|typeset|test|jq)\b|\[\[?\s`)

// shellIndirect matches a shell's read of a variable whose name another
// holds: ${!v}, a nameref (declare -n, local -n, typeset -n).
var shellIndirect = lazy.Regexp(`\$\{!\w|\b(?:declare|local|typeset)\s+(?:-\w+\s+)*-\w*n`)

// shellCommandWord matches, in a shell text's code view, a command
// shellReads reads, in its first group: its word ends the match.
var shellCommandWord = lazy.Regexp(`(?:^|[^\w.\-/$])(printenv|env|export|declare|typeset|test|jq|\[\[?)(?:\s|$)`)

// jqEnvRead matches jq's read of its environment by name, the name in
// its group: env.NAME, $ENV.NAME, env["NAME"].
var jqEnvRead = lazy.Regexp(`(?:\$ENV|\benv)\s*(?:\.|\[\s*")\s*([A-Za-z_][A-Za-z0-9_]*)`)

// shellReads appends each variable of f that a shell text's commands read
// from their environment by its bare name, no $ (QA): printenv NAME;
// test -v NAME, [ -v NAME ], [[ -v NAME ]]; env, printenv, export -p or
// declare -x piped to grep NAME; jq's env.NAME and $ENV.NAME in its
// program. Each only where its word starts a command in code, the code
// view (quotes blanked), when viewed; else code is the text as written,
// and the word counts after a blank, a quote or an operator. A command's
// arguments end where code's command does (;, &, |, a newline, a ")").
func (f *varFinder) shellReads(text, code string, viewed, command bool, uses []varUse) []varUse {
	if !shellEnvReader().MatchString(code) {
		return uses
	}
	// args returns the arguments of the command whose word ends at
	// offset at: to the end of that command in code.
	args := func(at int) (string, int) {
		end := at
		for end < len(code) && strings.IndexByte(";&|\n)", code[end]) < 0 {
			end++
		}
		return text[at:end], end
	}
	add := func(name string) {
		if slices.Contains(f.names, name) {
			uses = use(uses, varUse{name: name, command: command, script: !command, program: true})
		}
	}
	named := func(words string) {
		for _, name := range f.names {
			if namesWord(words, name) {
				add(name)
			}
		}
	}
	for _, m := range shellCommandWord().FindAllStringSubmatchIndex(code, -1) {
		word, at := code[m[2]:m[3]], m[3]
		if viewed && !shlex.StartsCommand(code, m[2]) {
			continue
		}
		rest, end := args(at)
		fields := strings.Fields(rest)
		piped := end+1 < len(code) && code[end] == '|' && code[end+1] != '|'
		switch word {
		case "printenv":
			named(rest)
		case "test", "[", "[[":
			for k := 0; k+1 < len(fields); k++ {
				if fields[k] == "-v" {
					add(strings.Trim(fields[k+1], `'"`))
				}
			}
		case "jq":
			for _, n := range jqEnvRead().FindAllStringSubmatch(rest, -1) {
				add(n[1])
			}
			continue
		}
		// What lists the environment, piped to grep: grep's arguments.
		lists := word == "env" || word == "printenv"
		for _, fl := range fields {
			switch {
			case word == "export" && fl == "-p", (word == "declare" || word == "typeset") && strings.HasPrefix(fl, "-") && strings.Contains(fl, "x"):
				lists = true
			case strings.HasPrefix(fl, "-"):
			default:
				lists = lists && word == "printenv" // env FOO=1 cmd runs cmd
			}
		}
		if !lists || !piped {
			continue
		}
		next := end + 1
		for next < len(code) && (code[next] == ' ' || code[next] == '\t') {
			next++
		}
		for _, g := range [...]string{"grep ", "egrep ", "fgrep ", "rg "} {
			if strings.HasPrefix(code[next:], g) {
				grepped, _ := args(next + len(g))
				named(grepped)
			}
		}
	}
	return uses
}

// inScripts appends to uses each variable of f that the project scripts
// a command runs use (followScripts): a shell script's expansions
// (inShell), a script's of another language reads (inProgram). A script
// that names none of them is not read further.
func (f *varFinder) inScripts(s *Scripts, command string, uses []varUse) []varUse {
	found, seen := f.scripted[command]
	if !seen {
		files, _, _ := s.followScripts(s.scriptPathsOf(command), nil)
		for _, file := range files {
			text := string(file.text)
			switch {
			case !mentionsAny(text, f.names):
			case shellScript(file.path, file.text):
				found = f.inShell(text, false, found)
			default:
				found = f.inProgram(text, scriptLang(file.path, file.text), found)
			}
		}
		f.scripted[command] = found
	}
	for _, u := range found {
		uses = use(uses, u)
	}
	return uses
}

// mayName reports whether a script command runs may name one of names:
// one names it, or sources or names another script. Most name none and
// are not read further (readInput follows every script a shell script
// names, and splits each line): a cold conversion's own time.
func (s *Scripts) mayName(command string, names []string) bool {
	for _, ref := range s.scriptPathsOf(command) {
		b, err := s.readFile(ref.path)
		if err != nil {
			continue // nothing read, nothing named
		}
		text := string(b)
		if mentionsAny(text, names) || sourcesOther().MatchString(text) || runsOther(text) {
			return true
		}
	}
	return false
}

// runsOther reports whether a script's text may name another script,
// which readInput would follow: a relative path, a project variable, a
// script extension, or the script's own path, whose folder may name a
// helper beside it ("$(dirname "$0")/check", withScriptDir).
func runsOther(text string) bool {
	for _, m := range [...]string{"./", "PROJECT_DIR", ".sh", ".py", ".js", ".rb", ".pl", "$0", "${0", "BASH_SOURCE"} {
		if strings.Contains(text, m) {
			return true
		}
	}
	return false
}

// sourcesOther matches a shell line that reads another file in (source
// f, . f).
var sourcesOther = lazy.Regexp(`(?m)^[ \t]*(?:source|\.)[ \t]`)

// inProgram appends to uses each variable of f that a script in another
// language than the shell's uses (lang: langPython, langNode, or "" for
// any other): what it reads from its environment (reads), and a $NAME
// in it only where a Python or JavaScript script may hand its text to a
// shell or expand it (handsToShell: os.system("… $NAME"),
// os.path.expandvars): print("$NAME is unset") only prints (QA). In any
// other language a $NAME counts, as it did before these were read. A
// Python or JavaScript comment says nothing, where its strings pair up.
func (f *varFinder) inProgram(text, lang string, uses []varUse) []varUse {
	code := programCode(text, lang)
	if strings.ContainsAny(code, "$%") && (lang == "" || handsToShell().MatchString(code)) {
		for _, m := range f.re().FindAllStringSubmatch(code, -1) {
			if !strings.HasPrefix(m[0], `\`) {
				uses = use(uses, varUse{name: m[1] + m[2] + m[3] + m[4], script: true, program: true})
			}
		}
	}
	return f.reads(code, false, true, uses)
}

// handsToShell matches what in a Python or JavaScript script may hand a
// string of its to a shell, or expand the variables in it: os.system,
// os.popen, subprocess, os.exec*, pty.spawn, os.path.expandvars;
// child_process's exec and spawn, Deno.Command, Bun's $`…` and spawn.
var handsToShell = lazy.Regexp("\\b(?:system|popen|Popen|subprocess|exec\\w*|spawn\\w*|expandvars|child_process|Command)\\b|\\$`")

// scriptLang returns the language of a project script that is no shell
// script, for inProgram: langPython or langNode (JavaScript or
// TypeScript, Deno's and Bun's too) by its shebang, else by its name;
// "" for any other.
func scriptLang(name string, text []byte) string {
	if first, _, _ := bytes.Cut(text, []byte("\n")); bytes.HasPrefix(first, []byte("#!")) {
		for _, w := range strings.FieldsFunc(string(first[2:]), func(r rune) bool { return r == '/' || unicode.IsSpace(r) }) {
			if lang := interpreterLang(w); lang != "" {
				return lang
			}
			if w == "deno" || w == "bun" {
				return langNode
			}
		}
		return ""
	}
	switch path.Ext(name) {
	case ".py":
		return langPython
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return langNode
	}
	return ""
}

// reads appends to uses each variable of f that code, a program's text
// or a shell's that may run one (command says the hook's command), reads
// from its environment by name (envRead). With indirect, for a script's
// own text, it appends too each one code names as a word where it also
// reads its environment otherwise (env = os.environ; env.get(key);
// subprocess.run(…, env=os.environ)): what that reads cannot be told.
func (f *varFinder) reads(code string, command, indirect bool, uses []varUse) []varUse {
	if !envReader().MatchString(code) {
		return uses
	}
	add := func(name string) {
		if slices.Contains(f.names, name) {
			uses = use(uses, varUse{name: name, command: command, script: !command, program: true})
		}
	}
	for _, m := range envRead().FindAllStringSubmatchIndex(code, -1) {
		group := 1
		for m[2*group] < 0 {
			group++
		}
		if read := code[m[2*group]:m[2*group+1]]; 2*group+2 < len(m) {
			add(read)
		} else {
			// const { A, B: b } = process.env: every name in the braces.
			for _, name := range f.names {
				if namesWord(read, name) {
					add(name)
				}
			}
		}
	}
	if indirect && envReader().MatchString(envRead().ReplaceAllString(code, " ")) {
		for _, name := range f.names {
			if namesWord(code, name) {
				add(name)
			}
		}
	}
	return uses
}

// envReader matches a program's read of its environment, by name or not
// (Python's os.environ and getenv, Node's process.env, Deno's and Bun's
// env, Ruby's ENV[…] and ENV.fetch, Perl's $ENV{…}, awk's ENVIRON, Go's
// os.Getenv and LookupEnv), as a word: not "environment".
var envReader = lazy.Regexp(`\b(?:environb?|getenvb?|Getenv|LookupEnv|ENVIRON|(?:process|Deno|Bun)\.env)\b|\bENV[\[.]|\$ENV\{`)

// envRead matches a program's read of one variable from its environment
// by its name, the name in the first group that matched:
// os.environ["NAME"], environ.get("NAME"), os.getenv("NAME"), "NAME" in
// os.environ (and the bytes forms, os.environb[b"NAME"], os.getenvb,
// b"NAME" in os.environb); process.env.NAME, process.env["NAME"], "NAME" in
// process.env, Deno.env.get("NAME"), Bun.env.NAME; Ruby's ENV["NAME"] and
// ENV.fetch("NAME"); Perl's $ENV{NAME}; awk's ENVIRON["NAME"]; Go's
// os.Getenv("NAME") and os.LookupEnv("NAME"). Its last group is instead
// the braces of a JavaScript destructuring (const { NAME } =
// process.env), which may name several.
var envRead = lazy.Regexp(
	`(?:\benvironb?|\bENV(?:IRON)?|\b(?:process|Bun)\.env)(?:\?\.)?\[\s*` + envOpen + envName + envQuote + `\s*\]` +
		`|(?:\benvironb?\.(?:get|setdefault|pop)|\b(?:getenvb?|Getenv|LookupEnv)|\bENV\.(?:fetch|key\?|has_key\?|include\?)|\bDeno\.env\.(?:get|has))\s*\(\s*` + envOpen + envName + envQuote +
		`|\b(?:process|Bun)\.env\??\.` + envName + `\b` +
		`|\$ENV\{\s*['"]?` + envName + `['"]?\s*\}` +
		`|` + envOpen + envName + envQuote + `\s+(?:not\s+)?in\s+(?:(?:os\.)?environb?|(?:process|Bun)\.env)\b` +
		`|\{([^{}]*)\}\s*=\s*(?:process|Bun)\.env\b`)

// envQuote, envOpen and envName are parts of envRead: a string's quote
// (Go's and JavaScript's backquote too), the same opening a string that
// may be Python's bytes (os.environb[b"NAME"], os.getenvb(b"NAME"): QA
// found those lost), and a variable's name as its group.
const (
	envQuote = "['\"`]"
	envOpen  = "b?" + envQuote
	envName  = `([A-Za-z_][A-Za-z0-9_]*)`
)

// toolVarHint says where a hook on target finds what the lost variables
// held: a payload field, read from stdin as the target's payload spells it
// (its hookrun contract), or, for a file of export lines, the target's
// JSON answer that sets variables for later hooks (env_answer). Other
// variables have no counterpart.
func toolVarHint(lost []vocab.HookVar, target vocab.Provider) string {
	contract, _ := hookrun.Default().Contract(target.Slug)
	var hints []string
	other := false
	for _, v := range lost {
		var paths []string
		if contract != nil {
			paths, _ = contract.Paths(v.Holds)
		}
		switch {
		case len(paths) > 0:
			// The first present path wins (Cursor's session_id only on
			// sessionStart, conversation_id elsewhere).
			field := paths[0]
			if len(paths) > 1 {
				field += " (or " + strings.Join(paths[1:], ", ") + ")"
			}
			hints = append(hints, fmt.Sprintf("read %s from the JSON payload on stdin instead of $%s", field, v.Name))
		case v.Holds == vocab.HoldsEnv && target.EnvAnswer != "":
			hints = append(hints, fmt.Sprintf(`instead of writing export lines to $%s, have a %s hook print {"env": {"NAME": "value"}}, which %s sets for the hooks that run after it (not for the agent's own commands)`, v.Name, target.EnvAnswer, target.Name))
		case v.Holds == vocab.HoldsEnv:
			hints = append(hints, fmt.Sprintf("%s has no file like $%s for a hook to set variables in: set them where %s is started", target.Name, v.Name, target.Name))
		default:
			other = true
		}
	}
	if other {
		hints = append(hints, "make the command work without what "+target.Name+" does not set, or set it where "+target.Name+" is started")
	}
	return strings.Join(hints, "; ")
}
