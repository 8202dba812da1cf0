package hookconv

// The variables a tool sets for its own hooks, beyond the project
// directory and a plugin's folders (Claude Code's CLAUDE_ENV_FILE and
// CLAUDE_CODE_SESSION_ID, Gemini CLI's GEMINI_SESSION_ID, Kiro's
// USER_PROMPT): a hook converted to a tool that does not set them reads
// them empty.

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/vocab"
)

// CodeToolOnlyVar (warning): a hook's command, or a script it runs, uses a
// variable the source tool sets for its hooks (CLAUDE_ENV_FILE,
// GEMINI_SESSION_ID, Kiro's USER_PROMPT) and the target does not: there it
// is empty, so a redirection to it fails and a test of it takes the other
// branch.
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
// (Scripts.readInput, as HC440 reads them): these variables are mostly
// used inside the script a hook runs (a SessionStart script appending to
// $CLAUDE_ENV_FILE), not in its command, unlike a plugin's folder
// (HC424), which a command names to find that script. Only commands that
// name a project script are followed, so most hooks cost a substring test.
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
		used := f.find(hd.Command, true, nil)
		for _, k := range sortedkeys.Of(hd.Platform) {
			used = f.find(hd.Platform[k], true, used)
		}
		inCommand := len(used)
		if scripts != nil && scripts.FS != nil && hd.Type == canonical.HandlerCommand && hd.Command != "" && scripts.mayName(hd.Command, f.names) {
			text, _ := scripts.readInput(hd)
			used = f.findInPrograms(text, f.find(text, false, used))
		}
		var lost []vocab.HookVar
		commandLost, scriptLost := false, false
		for k, name := range used {
			v := f.vars[slices.IndexFunc(f.vars, func(v vocab.HookVar) bool { return v.Name == name })]
			if !v.On(h.Event) || names.SetsHookVar(to, name, h.Event) {
				continue
			}
			lost = append(lost, v)
			commandLost, scriptLost = commandLost || k < inCommand, scriptLost || k >= inCommand
		}
		if len(lost) == 0 {
			continue
		}
		where := "the command uses"
		switch {
		case commandLost && scriptLost:
			where = "the command and a script it runs use"
		case scriptLost:
			where = "a script the command runs uses"
		}
		shown := make([]string, len(lost))
		for k, v := range lost {
			shown[k] = "$" + v.Name
		}
		it, is := "it", "is"
		if len(lost) > 1 {
			it, is = "they", "are"
		}
		ds.Warnf(CodeToolOnlyVar, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i)), toolVarHint(lost, target),
			"%s: %s %s, which %s sets for its hooks and %s does not: there %s %s empty, so a redirection to %s fails and a test of %s takes the other branch (a blocking hook may then let the action through)",
			h.DisplayName(i), where, strings.Join(shown, ", "), ToolName(source), target.Name, it, is, it, it)
	}
	return ds
}

// varFinder finds, in a command or a script, the variables one tool sets
// for its hooks.
type varFinder struct {
	vars   []vocab.HookVar
	names  []string
	tokens []string // those the tool replaces in a command's text itself
	re     func() *regexp.Regexp
}

// newVarFinder returns the finder of the variables slug sets for its hooks,
// or nil when it sets none.
func newVarFinder(names *vocab.Tables, slug string) *varFinder {
	vars := names.HookVars(slug)
	if len(vars) == 0 {
		return nil
	}
	prov, _ := names.Provider(slug)
	f := &varFinder{vars: vars, tokens: prov.CommandTokens}
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

// find appends to used each variable of f that text names, once. An
// escaped \$NAME is the shell's literal text, unless a second shell reads
// the text again (sh -c, eval) or, in a command (command true), the tool
// itself replaces $NAME there, whatever stands before it (Gemini CLI's
// command_tokens).
func (f *varFinder) find(text string, command bool, used []string) []string {
	// Every spelling has a $ or a %: most commands have neither, and no
	// regular expression is run for them.
	if !strings.ContainsAny(text, "$%") || !mentionsAny(text, f.names) {
		return used
	}
	inner := nestedShell().MatchString(text)
	for _, m := range f.re().FindAllStringSubmatch(text, -1) {
		name := m[1] + m[2] + m[3] + m[4]
		token := command && m[2] != "" && slices.Contains(f.tokens, name)
		if strings.HasPrefix(m[0], `\`) && !inner && !token {
			continue
		}
		if !slices.Contains(used, name) {
			used = append(used, name)
		}
	}
	return used
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
// script extension.
func runsOther(text string) bool {
	for _, m := range [...]string{"./", "PROJECT_DIR", ".sh", ".py", ".js", ".rb", ".pl"} {
		if strings.Contains(text, m) {
			return true
		}
	}
	return false
}

// sourcesOther matches a shell line that reads another file in (source
// f, . f).
var sourcesOther = lazy.Regexp(`(?m)^[ \t]*(?:source|\.)[ \t]`)

// findInPrograms appends to used each variable of f that a script in
// another language the hook runs reads by name (os.environ["NAME"],
// os.getenv("NAME"), process.env.NAME, ENV.fetch("NAME")): the text reads the
// environment so and names the variable as a word (QA: only the shell's
// spellings were found).
func (f *varFinder) findInPrograms(text string, used []string) []string {
	if !envReader().MatchString(text) {
		return used
	}
	for _, name := range f.names {
		if !slices.Contains(used, name) && namesWord(text, name) {
			used = append(used, name)
		}
	}
	return used
}

// envReader matches a program's read of its environment.
// (Python's os.environ and getenv, Node's process.env, Deno's and Bun's
// env, Ruby's ENV[…] and ENV.fetch, Perl's $ENV{…}, Go's os.Getenv and
// LookupEnv).
var envReader = lazy.Regexp(`\b(?:environ|getenv|Getenv|LookupEnv|process\.env|Deno\.env|Bun\.env)|\bENV[\[.]|\$ENV\{`)

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
