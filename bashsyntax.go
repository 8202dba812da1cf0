package hookconv

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeBashOnly (warning): a command hook's command text uses syntax only
// bash reads ([[ … ]], $(< file), <(…), ${var,,}, …) and goes to a tool
// that runs it with sh (VS Code: dash on Debian and Ubuntu), where it
// fails or reads otherwise: a blocking hook then lets every call through.
// --remove-source keeps such a hook in the source.
const CodeBashOnly = "HC439"

// bashOnlyCommands warns (HC439) about each command hook whose inline
// command (not the scripts it runs: a script names its shell on its
// shebang line) uses syntax only bash reads, when the target runs
// commands with sh (the providers table's shell) and the tool the hook
// was written for does not. dash, Debian's and Ubuntu's sh, stops at
// "[[: not found" (exit 127) or a syntax error (exit 2); a guard written
// as [[ … ]] && { echo no >&2; exit 2; } || true then exits 0 and lets
// the call through. Under the shim, or for a command a shim already
// wraps, hookconv run picks the shell, and a PowerShell command has
// HC421 already.
func bashOnlyCommands(m *canonical.Manifest, from, to string) diag.List {
	if from == to {
		return nil
	}
	names := vocab.Default()
	target, _ := names.Provider(to)
	if target.Shell != "sh" {
		return nil
	}
	source, _ := names.Provider(from)
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		// What sh runs on Linux and on macOS: the OS's own command, else
		// the cross-platform one.
		var field, construct, read string
		for _, os := range [...]struct{ key, field string }{{"linux", "platform.linux"}, {"osx", "platform.osx"}} {
			f, text := os.field, h.Handler.Platform[os.key]
			if text == "" {
				f, text = "command", h.Handler.Command
			}
			if text == "" || text == read || shimmedFor(text) != "" {
				continue // read already: most hooks run one command on both
			}
			read = text
			if construct = bashOnly(text); construct != "" {
				field = f
				break
			}
		}
		if construct == "" {
			continue
		}
		written := from
		if from == "canonical" || source.Generated {
			written = markedSource(h)
		}
		prov, _ := names.Provider(written)
		if prov.Shell == "sh" || runsPowerShell(h, prov) {
			continue // it failed there as well, or HC421 says it
		}
		was := ""
		if prov.Shell == "bash" {
			was = ", not with bash as " + prov.Name + " does"
		}
		then := "it fails there or means something else"
		if h.Blocking {
			then += ", and a guard that fails lets every call through"
		}
		ds.Warnf(CodeBashOnly, h.PosOf("handler."+field), fmt.Sprintf("hooks[%d].handler.%s", h.SourceIndex(i), field),
			`run it with bash (bash -c '…'), move it into a script that starts with #!/usr/bin/env bash, or convert with --shim`,
			"%s: its command uses %s, which only bash reads, and %s runs it with sh (dash on Debian and Ubuntu)%s: %s",
			h.DisplayName(i), construct, target.Name, was, then)
	}
	return ds
}

// runsPowerShell reports whether h's tool runs its command with
// PowerShell (Claude Code's "shell": "powershell").
func runsPowerShell(h *canonical.Hook, prov vocab.Provider) bool {
	if prov.ShellKey == "" {
		return false
	}
	v := providers.OwnData(h, prov.Slug).Get(prov.ShellKey)
	return v != nil && strings.EqualFold(v.Text, "powershell")
}

// bashSyntax is one construct only bash reads: where re finds it in a
// command's text (its first submatch, when it has one), read with every
// quoted string blanked, or with only the strings that expand nothing
// blanked (expand: parameter expansions work inside double quotes too),
// and its name. A construct must stand where a command starts when
// command says so; a builtin's name is the word found.
type bashSyntax struct {
	name    string
	re      func() *regexp.Regexp
	expand  bool
	command bool
	builtin bool
}

// bashSyntaxes are the constructs bashOnly looks for: each is a syntax
// error, a command not found or a "Bad substitution" in dash, or (brace
// expansion) a word it leaves as written; none is POSIX sh. Kept narrow
// on purpose: a warning on a POSIX command is as wrong as a bash one
// said nothing about. Brace groups ({ cmd; }), $(( )), ${v:-x}, ${v#p},
// ${#v} and . file are POSIX, and not here.
var bashSyntaxes = []bashSyntax{
	{name: "[[ … ]] (bash's conditional command)", re: lazy.Regexp(`\[\[[ \t\n]`), command: true},
	{name: "$(< file) (bash's file read)", re: lazy.Regexp(`\$\([ \t]*<[^<(]`), expand: true},
	{name: "<( … ) (process substitution)", re: lazy.Regexp(`(?:^|[^<>$\d])([<>]\()`)},
	{name: "<<< (a here-string)", re: lazy.Regexp(`<<<`)},
	{name: "&> (bash's redirection of both outputs)", re: lazy.Regexp(`(?:^|[^&<>])(&>)`)},
	{name: "|& (bash's pipe of both outputs)", re: lazy.Regexp(`(?:^|[^|])(\|&)`)},
	{name: "the function keyword", re: lazy.Regexp(`\bfunction[ \t]+[A-Za-z_]`), command: true},
	{name: "an array assignment (name=( … ))", re: lazy.Regexp(`(?:\b(?:local|export|readonly)[ \t]+)?[A-Za-z_]\w*\+?=\(`), command: true},
	{name: "an array expansion (${name[…]})", re: lazy.Regexp(`\$\{[#!]?[A-Za-z_]\w*\[`), expand: true},
	{name: "an indirect expansion (${!name})", re: lazy.Regexp(`\$\{![A-Za-z_@*]`), expand: true},
	{name: "case conversion (${name,,} or ${name^^})", re: lazy.Regexp(`\$\{[A-Za-z_]\w*[,^]`), expand: true},
	{name: "pattern substitution (${name/…/…})", re: lazy.Regexp(`\$\{[A-Za-z_]\w*/`), expand: true},
	{name: "a substring expansion (${name:offset:length})", re: lazy.Regexp(`\$\{(?:[A-Za-z_]\w*|[0-9]+|[@*]):[^-=?+}]`), expand: true},
	{name: "$'…' (ANSI-C quoting)", re: lazy.Regexp(`\$'`)},
	{name: "brace expansion ({a,b} or {1..3})", re: lazy.Regexp(`(?:^|[^$])(\{(?:[\w./*+@:-]*,[\w./*+@:,-]*|[A-Za-z0-9]+\.\.[A-Za-z0-9]+(?:\.\.[0-9]+)?)\})`)},
	{re: lazy.Regexp(`\b(source|let|declare|typeset|readarray|mapfile|shopt|pushd|popd)[ \t\n]`), command: true, builtin: true},
	{name: "local -a (a bash array)", re: lazy.Regexp(`\blocal[ \t]+-[a-zA-Z]*[aA]\b`), command: true},
}

// bashMarks are what every construct bashOnly finds holds in the text
// as written: each expression of bashSyntaxes needs one, as do (( … ))
// and ==. The views bashOnly reads only blank text or spell an
// arithmetic ((…)) as true: none makes a mark that was not there.
var bashMarks = []string{"[[", "((", "<(", ">(", "<<<", "&>", "|&", "=(", "${", "$'", "{", "==", "function", "local",
	"source", "let", "declare", "typeset", "readarray", "mapfile", "shopt", "pushd", "popd"}

// mayBeBashOnly reports whether text holds a mark of bashMarks or a
// $(<: without one, bashOnly finds nothing, and its views and a score of
// expressions run on every command going to a tool that runs sh.
func mayBeBashOnly(text string) bool {
	for _, m := range bashMarks {
		if strings.Contains(text, m) {
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

// arithmeticCommand matches (( where an arithmetic command may start.
var arithmeticCommand = lazy.Regexp(`\(\(`)

// bashOnly returns the name of the first construct in text, a shell
// command line, that only bash reads (bashSyntaxes, (( … )) and == in
// [ ]), or "" when it has none. Quoted text, comments, here-documents,
// arithmetic and escaped characters are no syntax; a text whose quotes
// do not pair up is not judged.
func bashOnly(text string) string {
	if !mayBeBashOnly(text) {
		return "" // most commands: a script's path, a plain call
	}
	return readBashOnly(text)
}

// readBashOnly is bashOnly without its prefilter: the reading itself.
func readBashOnly(text string) string {
	code, expand, ok := shellCodeViews(withoutHereDocuments(text))
	if !ok {
		return ""
	}
	// A comment is read from the code, where a # in quotes is gone.
	uncommented := []byte(withoutTrailingComments(code))
	e := []byte(expand)
	for j := range uncommented {
		if uncommented[j] != code[j] {
			e[j] = ' '
		}
	}
	code = string(uncommented)
	first, name := len(text), ""
	for _, m := range arithmeticCommand().FindAllStringIndex(code, -1) {
		if atCommandStart(code, m[0]) && arithmeticEnd(code, m[0]) > 0 {
			first, name = m[0], "(( … )) (an arithmetic command)"
			break
		}
	}
	// What (( )) and $(( )) hold is arithmetic: a < ( there is none of
	// the constructs.
	code, expand = withoutArithmetic(code), withoutArithmetic(string(e))
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
			if s.command && !atCommandStart(code, at) {
				continue
			}
			first, name = at, s.name
			if s.builtin {
				name = "the bash builtin " + view[m[2]:m[3]]
				if view[m[2]:m[3]] == "source" {
					name += " (sh has .)"
				}
			}
			break
		}
	}
	if at := equalsInTest(code); at >= 0 && at < first {
		name = "== in [ ] (POSIX test compares with =)"
	}
	return name
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
		if !atCommandStart(code, m[0]) {
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

// shellCodeViews returns text twice, at its length and with its
// newlines: code with the inside of every quoted string blanked ('…',
// "…", $'…'), and expand with only the strings that expand nothing
// blanked ('…', $'…'). A backslash's escaped byte is blanked in both, so
// \[\[ and \$ are text. ok is false when a quote is not closed.
func shellCodeViews(text string) (code, expand string, ok bool) {
	c, e := []byte(text), []byte(text)
	blank := func(from, to int, views ...[]byte) {
		for _, b := range views {
			for j := from; j < to; j++ {
				if b[j] != '\n' {
					b[j] = 'x'
				}
			}
		}
	}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\\':
			if i+1 < len(text) {
				blank(i+1, i+2, c, e)
			}
			i++
		case '\'':
			// In $'…' a backslash escapes the next byte, a quote too.
			ansi := i > 0 && text[i-1] == '$' && c[i-1] == '$'
			end := -1
			for j := i + 1; j < len(text) && end < 0; j++ {
				switch {
				case ansi && text[j] == '\\':
					j++
				case text[j] == '\'':
					end = j
				}
			}
			if end < 0 {
				return "", "", false
			}
			blank(i+1, end, c, e)
			i = end
		case '"':
			end := closingQuote([]byte(text[i+1:]), '"')
			if end < 0 {
				return "", "", false
			}
			end += i + 1
			blank(i+1, end, c)
			for j := i + 1; j < end; j++ {
				if text[j] == '\\' {
					blank(j+1, j+2, e)
					j++
				}
			}
			i = end
		}
	}
	return string(c), string(e), true
}
