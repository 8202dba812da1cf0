package hookconv

// A hook's script that tests the tool's name (VS Code ignores matchers, so
// its guards must, and many others do too) tests it against the spelling
// of the tool it was written for: Kiro's execute_bash, Cursor's Shell. The
// target sends its own (Claude Code's Bash), and the test is never true.

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeToolNameTest: a command hook on tool events, or a script it runs,
// reads the tool's name and tests it against the source tool's name for
// a tool the target names otherwise (Kiro's execute_bash, which Claude
// Code calls Bash): the test is never true there, so a guard lets every
// such call through, and another hook skips what it does for that tool
// (warning).
const CodeToolNameTest = "HC446"

// toolNameTests warns (HC446), once per source tool, name and target
// names, when command hooks on tool events read the tool's name from the
// payload and test it against a native name of their source tool (the
// tools table's, aliases too) that the target does not send for the same
// canonical tool: a guard matching execute_bash never fires where the
// call is Bash (QA: nothing was said, and migrate --remove-source removed
// it). What the hook tests is looked for in its command and the project
// scripts it runs (readInput), by testedNames. A hook that tests the
// target's name too is not warned about; nor one whose target has no
// tool for the job (nothing to guard there), unless the target's table
// names no tools at all (VS Code, whose names hookconv does not know).
// Where the target keeps the tool's name elsewhere (Windsurf, Cline,
// Copilot CLI's camelCase payload) or under --shim (hookrun hands the
// hook the canonical name at "tool"), payloadShape warns instead. Beside
// each warning, the source hooks it is about.
func toolNameTests(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (ds diag.List, about [][]int) {
	if shim || from == to || to == "canonical" {
		return nil, nil
	}
	contracts := hookrun.Default()
	dst, ok := contracts.Contract(to)
	if !ok || len(dst.Tool) == 0 {
		return nil, nil
	}
	names := vocab.Default()
	unknown := len(names.ToolsOf(to)) == 0
	// One warning per source and names tested: a script that tests
	// Bash, Write and Edit is one finding, not three.
	type key struct{ source, layout, tests string }
	var groups hookGroups[key]
	testsOf := map[key][]nameFinding{}
	found := map[[2]string][]nameFinding{} // by layout and command: thousands of hooks may run one script
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		if ev, _ := names.Event(h.Event); ev.Subject != "tool" {
			continue
		}
		source := from
		if from == "canonical" {
			if source = markedSource(h); source == "" || source == to {
				continue
			}
		}
		// Copilot CLI's hooks under Claude Code's event names get
		// Claude's payload, with Claude's tool names (reference part 2
		// §1.5).
		layout := source
		if spelledAsClaude(h, source) {
			layout = "claude-code"
		}
		if layout == to {
			continue
		}
		src, ok := contracts.Contract(layout)
		if !ok || len(src.Tool) == 0 || src.Tool[0] != dst.Tool[0] {
			continue
		}
		fk := [2]string{layout, h.Handler.Command + "\x00" + h.Handler.Cwd}
		mine, seen := found[fk]
		if !seen {
			text, _ := scripts.readInput(&h.Handler)
			if namesInput(text, src.Tool[0]) {
				mine = nameFindings(names, text, layout, to, unknown)
			}
			found[fk] = mine
		}
		if len(mine) == 0 {
			continue
		}
		var tests []string
		for _, f := range mine {
			tests = append(tests, f.name+"\x01"+f.sent)
		}
		k := key{source, layout, strings.Join(tests, "\x00")}
		testsOf[k] = mine
		groups.add(k, h, i)
	}
	for _, k := range groups.keys {
		g := groups.by[k]
		h := &m.Hooks[g.first]
		under := ""
		if k.layout != k.source {
			under = " under Claude Code's event names"
		}
		var items, alts []string
		for _, f := range testsOf[k] {
			jobs := andList(names.DecodeTools(k.layout, f.name))
			sends := to + " sends " + f.sent
			if f.sent == "" {
				sends = to + " sends its own name, which hookconv's tools table does not hold"
				alts = appendNew(alts, "the name "+to+" sends for "+jobs+" (its payload's "+dst.Tool[0]+")")
			} else {
				alts = appendNew(alts, strings.ReplaceAll(f.sent, " and ", " or "))
			}
			items = append(items, fmt.Sprintf("%q (%s's name for %s%s; %s)", f.name, k.source, jobs, under, sends))
		}
		var w diag.List
		w.Warnf(CodeToolNameTest, h.PosOf("handler.command"), "", "test for "+to+"'s names too: "+strings.Join(alts, ", "),
			"%d command hook(s) on tool events (%s) test the tool's name against %s: no such test is true there, so a guard lets every such call through, and another hook skips what it does for that tool",
			g.n, g.listed(), andList(items))
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// nameFindings returns the native names of source's tools that text
// tests (testedNames) and the target does not send for the same
// canonical tools, each with the names it sends instead, quoted and
// listed ("" where the target's table names no tools). unknown says the
// target's table names none.
func nameFindings(names *vocab.Tables, text, source, to string, unknown bool) []nameFinding {
	var candidates []string
	for _, n := range names.ToolsOf(source) {
		if n.Event == "" { // a split event's action word is no tool name sent
			candidates = appendNew(candidates, n.Name)
		}
	}
	tested := testedNames(text, candidates)
	var out []nameFinding
	for _, n := range tested {
		var there []string
		for _, job := range names.DecodeTools(source, n) {
			for _, t := range names.EncodeTools(to, job) {
				there = appendNew(there, t.Name)
			}
		}
		switch {
		case slices.Contains(there, n):
			continue // the same name there
		case len(there) == 0 && !unknown:
			continue // no such tool there: nothing it could guard
		case len(testedNames(text, there)) > 0:
			continue // it tests the target's name too
		}
		quoted := make([]string, len(there))
		for i, t := range there {
			quoted[i] = strconv.Quote(t)
		}
		out = append(out, nameFinding{n, andList(quoted)})
	}
	return out
}

// nameFinding is a source's tool name a hook tests and the names the
// target sends for its tools instead, quoted and listed.
type nameFinding struct{ name, sent string }

// nameRegex is a quoted string or a bash =~ operand that matches tool
// names: a name, or names in an alternation, anchored or not ("Bash",
// "^(Bash|Write)$").
var nameRegex = regexp.MustCompile(`^\^?\(?[A-Za-z0-9_-]+(\|[A-Za-z0-9_-]+)*\)?\$?$`)

// testedNames returns the names of candidates that text tests a value
// against, in candidates' order: a name quoted on its own or in a quoted
// alternation ("execute_bash", '^(Bash|Write)$', jq's test("…") and
// Python's == "…" alike), the operand of bash's =~, a bare word after a
// comparison (== Bash, = Bash in [ ], != , -eq), or a case pattern
// (Bash|Write) in a case … esac). A name anywhere else — an English word
// such as Read or Shell in a message, a command's name — is not a test.
func testedNames(text string, candidates []string) []string {
	var out []string
	for _, n := range candidates {
		if testsName(text, n) {
			out = append(out, n)
		}
	}
	return out
}

// testsName reports whether text tests a value against name (testedNames).
func testsName(text, name string) bool {
	regexByte := func(c byte) bool { return wordByte(c) || strings.IndexByte("-|()^$", c) >= 0 }
	for at := 0; ; {
		j := strings.Index(text[at:], name)
		if j < 0 {
			return false
		}
		start, end := at+j, at+j+len(name)
		at = end
		if start > 0 && (wordByte(text[start-1]) || text[start-1] == '-') || end < len(text) && (wordByte(text[end]) || text[end] == '-') {
			continue
		}
		// The run of regex-name bytes around it: a quoted string or an
		// =~ operand that is all names.
		l, r := start, end
		for l > 0 && regexByte(text[l-1]) {
			l--
		}
		for r < len(text) && regexByte(text[r]) {
			r++
		}
		if nameRegex.MatchString(text[l:r]) {
			if l > 0 && r < len(text) && (text[l-1] == '"' || text[l-1] == '\'') && text[r] == text[l-1] {
				return true
			}
			if op := strings.TrimRight(text[:l], " \t"); strings.HasSuffix(op, "=~") && (r == len(text) || strings.IndexByte(" \t\n;]", text[r]) >= 0) {
				return true
			}
		}
		// A bare word compared: [ "$t" = Bash ], [[ $t == Bash ]].
		before := strings.TrimRight(text[:start], " \t")
		after := text[end:]
		ends := after == "" || strings.IndexByte(" \t\n;])", after[0]) >= 0
		for _, op := range []string{"==", "!=", " =", "-eq", "-ne"} {
			if strings.HasSuffix(before, op) && ends {
				return true
			}
		}
		// A case pattern: Bash) or Bash|Write) in a case … esac.
		if strings.HasPrefix(strings.TrimLeft(after, `"'`), ")") || strings.HasPrefix(strings.TrimLeft(after, `"'`), "|") {
			prev := strings.TrimRight(text[:start], `"'`)
			if (prev == "" || strings.IndexByte(" \t\n(|;", prev[len(prev)-1]) >= 0) && caseAround(text, start) {
				return true
			}
		}
	}
}

// caseAround reports whether the text at i lies in a shell case
// statement: a case … in before it and an esac after.
func caseAround(text string, i int) bool {
	c := strings.LastIndex(text[:i], "case ")
	return c >= 0 && (c == 0 || !wordByte(text[c-1])) && strings.Contains(text[c:i], " in") && strings.Contains(text[i:], "esac")
}
