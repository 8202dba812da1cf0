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
// names no tools at all, or only some (tools_partial: VS Code, whose
// names hookconv knows from docs examples only).
// Where the target keeps the tool's name elsewhere (Windsurf, Cline,
// Copilot CLI's camelCase payload), payloadShape warns instead; under
// --shim hookrun hands the hook the source's own name, except on a
// target event that names no tool (shimToolNameTests). Beside each
// warning, the source hooks it is about.
func toolNameTests(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (ds diag.List, about [][]int) {
	if shim {
		return shimToolNameTests(m, from, to, files, scripts)
	}
	contracts, dst, ok := targetContract(from, to, shim)
	if !ok || len(dst.Tool) == 0 {
		return nil, nil
	}
	names := vocab.Default()
	// A target whose tools table is partial (VS Code) may run a tool
	// under a name the table lacks: a test of the source's name for it
	// is then never true there either, not moot.
	prov, _ := names.Provider(to)
	unknown := len(names.ToolsOf(to)) == 0 || prov.ToolsPartial
	// One warning per source and names tested: a script that tests
	// Bash, Write and Edit is one finding, not three.
	type key struct{ source, layout, tests string }
	var groups hookGroups[key]
	testsOf := map[key][]nameFinding{}
	found := map[[3]string][]nameFinding{} // by layout, command and cwd: thousands of hooks may run one script
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !toolCommand(names, h) {
			continue
		}
		// Copilot CLI's hooks under Claude Code's event names get
		// Claude's tool names too (reference part 2 §1.5).
		source, layout := payloadSource(h, from)
		if source == "" || from == "canonical" && source == to || layout == to {
			continue
		}
		src, ok := contracts.Contract(layout)
		if !ok || len(src.Tool) == 0 || src.Tool[0] != dst.Tool[0] {
			continue
		}
		if programGives(contracts, dst, h, from, src.Tool[0], func(c *hookrun.Contract) []string { return c.Tool }) {
			continue // the generated program hands it the source's own name there
		}
		// A script's findings are kept, so a script run by thousands of
		// hooks is read once; a text that is the command itself (no
		// script read) is read as it stands, without a key and a map
		// entry per hook (a large config's allocations).
		text, _ := scripts.readInput(&h.Handler)
		var mine []nameFinding
		if text == h.Handler.Command {
			if namesInput(text, src.Tool[0]) {
				mine = nameFindings(names, text, layout, to, unknown)
			}
		} else {
			fk := [3]string{layout, h.Handler.Command, h.Handler.Cwd}
			var seen bool
			if mine, seen = found[fk]; !seen {
				if namesInput(text, src.Tool[0]) {
					mine = nameFindings(names, text, layout, to, unknown)
				}
				found[fk] = mine
			}
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
		partial, allows := 0, 0
		for _, f := range testsOf[k] {
			if f.allows {
				allows++
			}
			sends := to + " sends " + f.sent
			if f.others != "" {
				partial++
				sends = to + " sends " + f.sent + " for them"
				alts = appendNew(alts, strings.ReplaceAll(f.others, " and ", " or "))
			} else if f.sent == "" {
				sends = to + " sends its own name, which hookconv's tools table does not hold"
				alts = appendNew(alts, "the name "+to+" sends for "+f.jobs+" (its payload's "+dst.Tool[0]+")")
			} else {
				alts = appendNew(alts, strings.ReplaceAll(f.sent, " and ", " or "))
			}
			if f.selects != "" {
				items = append(items, fmt.Sprintf("names starting %q (%s's %s, for %s%s; %s)", f.name, k.source, f.selects, f.jobs, under, sends))
			} else {
				items = append(items, fmt.Sprintf("%q (%s's name for %s%s; %s)", f.name, k.source, f.jobs, under, sends))
			}
		}
		effect := "no such test is true there, so a guard lets every such call through, and another hook skips what it does for that tool"
		switch {
		case allows == len(items):
			effect = "no such test is true there, so a hook that lets those tools through early (an allow-list) now treats their calls as any other's: a guard checks them too and may block them, and another hook does for them what it does for other tools"
		case allows > 0 && partial == 0:
			effect = "no such test is true there: where the hook lets such a tool through early, it now checks its calls as any other's; where it guards the tool, it lets every such call through"
		case partial == len(items):
			effect = "such a test is true there for some of those calls only, so a guard lets the others through, and another hook skips what it does for them"
		case partial > 0:
			effect = "such tests are true there for none or some of those calls only, so a guard lets the others through, and another hook skips what it does for them"
		}
		var w diag.List
		w.Warnf(CodeToolNameTest, h.PosOf("handler.command"), "", "test for "+to+"'s names too: "+strings.Join(alts, ", "),
			"%d command hook(s) on tool events (%s) test the tool's name against %s: %s",
			g.n, g.listed(), andList(items), effect)
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// nameFindings returns the native names of source's tools that text
// tests (testedNames) and the target does not send for the same
// canonical tools, each with the names it sends instead, quoted and
// listed ("" where the target's table names no tools); then the MCP tool
// names it tests (mcpFindings) and the prefixes it tests names by
// (prefixFindings). unknown says the target's table names none.
func nameFindings(names *vocab.Tables, text, source, to string, unknown bool) []nameFinding {
	text = blankComments(text)
	candidates := sentNames(names, source)
	tested := testedNames(text, candidates)
	var out []nameFinding
	for _, n := range tested {
		jobs := names.DecodeTools(source, n)
		there := encodeAll(names, to, jobs)
		switch {
		case slices.Contains(there, n) && len(jobs) > 1:
			// The same name, for fewer jobs: Cursor's Write also edits,
			// and Claude Code sends Edit for those calls. A test of the
			// name alone misses them, unless it tests the others too.
			var others []string
			for _, t := range there {
				if t != n && !testsName(text, t) {
					others = append(others, t)
				}
			}
			if len(others) > 0 && len(others) == len(there)-1 {
				out = append(out, nameFinding{name: n, jobs: andList(jobs), sent: quotedList(there), others: quotedList(others)})
			}
			continue
		case slices.Contains(there, n):
			continue // the same name there
		case len(there) == 0 && !unknown:
			continue // no such tool there: nothing it could guard
		case len(testedNames(text, there)) > 0:
			continue // it tests the target's name too
		}
		out = append(out, nameFinding{name: n, jobs: andList(jobs), sent: quotedList(there), allows: allowsOn(text, n)})
	}
	out = append(out, mcpFindings(names, text, source, to)...)
	return append(out, prefixFindings(names, text, source, to, unknown, tested)...)
}

// sentNames are the names of source's tools a payload's tool name may
// hold, in table order: not a split event's action word, nor an alias
// that is a plain lowercase word (Kiro's read, write and shell are its
// matchers' categories and its docs' words, never a tool_name, and a
// script says them for other things); an alias spelled as a tool is
// (Claude Code's older MultiEdit, Kiro's execute_cmd on Windows).
func sentNames(names *vocab.Tables, source string) []string {
	var out []string
	for _, n := range names.ToolsOf(source) {
		if n.Event != "" || n.Alias && strings.Trim(n.Name, "abcdefghijklmnopqrstuvwxyz") == "" {
			continue
		}
		out = appendNew(out, n.Name)
	}
	return out
}

// encodeAll returns the target's native names for canonical tools, in
// order, each once.
func encodeAll(names *vocab.Tables, to string, jobs []string) []string {
	var there []string
	for _, job := range jobs {
		for _, t := range names.EncodeTools(to, job) {
			there = appendNew(there, t.Name)
		}
	}
	return there
}

// quotedList quotes names and lists them ("a", "b" and "c").
func quotedList(names []string) string {
	quoted := make([]string, len(names))
	for i, t := range names {
		quoted[i] = strconv.Quote(t)
	}
	return andList(quoted)
}

// nameFinding is a source's tool name a hook tests (or a prefix it tests
// names by, with selects listing the source's names it selects), the
// canonical tools it stands for, and the names the target sends for
// them instead, quoted and listed.
//
// others, for a name the target sends too but for fewer of its jobs
// (Cursor's Write, which Claude Code sends for writes alone), lists the
// target's other names for them, which the hook does not test.
//
// allows says the test lets the tool through (it leads to an exit 0):
// where it is never true, the hook checks those calls like any other.
type nameFinding struct {
	name, selects, jobs, sent, others string
	allows                            bool
}

// mcpFindings returns the source's MCP tool names (its providers row's
// mcp template: Claude Code's mcp__github__push_files, Kiro's
// @github/push_files) that text tests as a whole value, quoted or
// compared bare, where the target spells the same server's tool
// otherwise (Gemini CLI's mcp_github_push_files) and the text does not
// name the target's spelling too. A target without a template is
// skipped: what it sends is not known.
func mcpFindings(names *vocab.Tables, text, source, to string) []nameFinding {
	src, _ := names.Provider(source)
	dst, _ := names.Provider(to)
	fixed, _, _ := strings.Cut(src.MCP, "{")
	if fixed == "" || dst.MCP == "" || !strings.Contains(src.MCP, "{server}") {
		return nil
	}
	var out []nameFinding
	seen := map[string]bool{}
	var words map[string]bool // the text's runs of name bytes, once: no scan of the text per name
	for at := 0; ; {
		j := strings.Index(text[at:], fixed)
		if j < 0 {
			return out
		}
		start := at + j
		end := start + len(fixed)
		for end < len(text) && mcpByte(text[end]) {
			end++
		}
		at = end
		if start > 0 && mcpByte(text[start-1]) || seen[text[start:end]] || !wholeValue(text, start, end) {
			continue
		}
		token := text[start:end]
		seen[token] = true
		server, tool, ok := providers.ParseMCP(src.MCP, token)
		if !ok {
			continue
		}
		there := providers.MCPName(dst.MCP, server, tool)
		if words == nil {
			words = map[string]bool{}
			for w := range strings.FieldsFuncSeq(text, func(r rune) bool { return r > 0x7f || !mcpByte(byte(r)) }) {
				words[w] = true
			}
		}
		if there == token || words[there] {
			continue // the same name, or the hook names the target's too
		}
		out = append(out, nameFinding{name: token, jobs: "the MCP tool " + tool + " of server " + server, sent: strconv.Quote(there)})
	}
}

// mcpByte reports whether c may be part of an MCP tool's native name
// (mcp__s__t, MCP:t, @s/t).
func mcpByte(c byte) bool { return wordByte(c) || strings.IndexByte("-:@/", c) >= 0 }

// wholeValue reports whether text[start:end] is a value tested whole: a
// string of its own ("…" or '…') or a bare word after a comparison.
func wholeValue(text string, start, end int) bool {
	if start > 0 && end < len(text) && (text[start-1] == '"' || text[start-1] == '\'') && text[end] == text[start-1] {
		return true
	}
	before := strings.TrimRight(text[:start], " \t")
	ends := end == len(text) || strings.IndexByte(" \t\n;])", text[end]) >= 0
	for _, op := range []string{"==", "!=", " ="} {
		if strings.HasSuffix(before, op) && ends {
			return true
		}
	}
	return false
}

// prefixFindings returns the prefixes text tests the tool's name by
// (testedPrefixes: ^fs_, fs_*, startswith("fs_"), mcp__*) that select some
// of the source's names (sentNames, and its MCP tools by its providers
// row's template) and none of the names the target sends for the same
// tools: a read-only guard testing ^fs_ never fires where the calls are
// Write and Edit. A prefix that is a name tested whole (done) is that
// name's finding; one whose tools the target lacks is skipped as
// nameFindings skips a name.
func prefixFindings(names *vocab.Tables, text, source, to string, unknown bool, done []string) []nameFinding {
	prefixes := testedPrefixes(text)
	if len(prefixes) == 0 {
		return nil
	}
	candidates := sentNames(names, source)
	src, _ := names.Provider(source)
	dst, _ := names.Provider(to)
	// The target's names some tested prefix selects, found once: each
	// name's own prefixes looked up, not every prefix tried on it.
	isPrefix := make(map[string]bool, len(prefixes))
	for _, p := range prefixes {
		isPrefix[p] = true
	}
	selectedThere := map[string]bool{}
	for _, t := range names.ToolsOf(to) {
		for n := 1; n <= len(t.Name); n++ {
			if isPrefix[t.Name[:n]] {
				selectedThere[t.Name] = true
				break
			}
		}
	}
	var out []nameFinding
	for _, p := range prefixes {
		if slices.Contains(done, p) {
			continue
		}
		var selected, jobs []string
		for _, n := range candidates {
			if strings.HasPrefix(n, p) {
				selected = append(selected, n)
				jobs = appendNew(jobs, names.DecodeTools(source, n)...)
			}
		}
		there := encodeAll(names, to, jobs)
		var shown []string
		if len(there) > 0 {
			shown = []string{quotedList(there)}
		}
		// MCP tools: every one (the prefix is the template's own start,
		// mcp__*) or one server's (mcp__github__*).
		if fixed, _, _ := strings.Cut(src.MCP, "{"); fixed != "" && dst.MCP != "" {
			server := ""
			if strings.HasPrefix(fixed, p) {
				server = "{server}"
			} else if s, _, ok := providers.ParseMCP(src.MCP, p+"x"); ok {
				server = s
			}
			if server != "" {
				selected = append(selected, providers.MCPName(src.MCP, server, "{tool}"))
				jobs = append(jobs, "MCP tools")
				name := providers.MCPName(dst.MCP, server, "{tool}")
				if strings.HasPrefix(name, p) {
					continue // the target's MCP names start so too
				}
				shown = append(shown, "MCP tools as "+name)
			}
		}
		switch {
		case len(selected) == 0:
			continue
		case len(shown) == 0 && !unknown:
			continue // no such tools there
		case slices.ContainsFunc(there, func(t string) bool { return selectedThere[t] || testsName(text, t) }):
			continue // it selects (by this prefix or another), or tests, the target's names too
		}
		out = append(out, nameFinding{name: p, selects: andList(selected), jobs: andList(jobs), sent: strings.Join(shown, "; ")})
	}
	return out
}

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
		if printed(text, start) {
			continue // a message's word: logger -t guard "Bash", printf '%s\n' "Shell"
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
		// A grep's operand: jq -r .tool_name | grep -qx Shell.
		if rest := strings.TrimLeft(after, " \t"); (rest == "" || strings.IndexByte("\n;&|)", rest[0]) >= 0) && grepOperand(before) {
			return true
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

// testedPrefixes returns the prefixes text tests a value by, in order,
// each once: a regex anchored at the start alone, quoted ("^fs_", jq's
// test("^fs_")) or bash's =~ ^fs_; a glob ending in * compared
// ([[ $t == fs_* ]]) or in a case pattern (fs_*|execute_*)); and
// Python's, JavaScript's and jq's startswith("fs_"). One pass over text.
func testedPrefixes(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	// Where the last case and its in lie, and the last esac, kept as the
	// scan goes (caseAround's reading, without a scan per pattern).
	caseAt, inAt, esacAt := -1, -1, strings.LastIndex(text, "esac")
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == 'c' && strings.HasPrefix(text[i:], "case ") && (i == 0 || !wordByte(text[i-1])) {
			caseAt = i
		} else if c == ' ' && strings.HasPrefix(text[i:], " in") && caseAt >= 0 {
			inAt = i
		}
		switch {
		case c == '^':
			// "^fs_" or '^fs_', or =~ ^fs_.
			end := i + 1
			for end < len(text) && mcpByte(text[end]) {
				end++
			}
			if end == i+1 {
				continue
			}
			quoted := i > 0 && (text[i-1] == '"' || text[i-1] == '\'') && end < len(text) && text[end] == text[i-1]
			bare := strings.HasSuffix(strings.TrimRight(text[:i], " \t"), "=~") && (end == len(text) || strings.IndexByte(" \t\n;]", text[end]) >= 0)
			if quoted || bare {
				add(text[i+1 : end])
			}
			i = end - 1
		case c == '*' && i > 0 && mcpByte(text[i-1]):
			start := i
			for start > 0 && mcpByte(text[start-1]) {
				start--
			}
			after := text[i+1:]
			if start > 0 && strings.IndexByte("$.{", text[start-1]) >= 0 || after != "" && strings.IndexByte(" \t\n;])|\"'", after[0]) < 0 {
				continue
			}
			prev := strings.TrimRight(text[:start], " \t")
			compared := strings.HasSuffix(prev, "==") || strings.HasSuffix(prev, "!=") || strings.HasSuffix(prev, " =")
			unquoted := strings.TrimRight(text[:start], `"'`)
			inCase := (unquoted == "" || strings.IndexByte(" \t\n(|;", unquoted[len(unquoted)-1]) >= 0) &&
				(strings.HasPrefix(after, ")") || strings.HasPrefix(after, "|")) && caseAt >= 0 && inAt > caseAt && inAt < start && esacAt > start
			if compared || inCase {
				add(text[start:i])
			}
		case c == 's' && (strings.HasPrefix(text[i:], "startswith(") || strings.HasPrefix(text[i:], "startsWith(")):
			rest := text[i+len("startswith("):]
			if rest == "" || rest[0] != '"' && rest[0] != '\'' {
				continue
			}
			end := 1
			for end < len(rest) && mcpByte(rest[end]) {
				end++
			}
			if end > 1 && end < len(rest) && rest[end] == rest[0] {
				add(rest[1:end])
			}
		}
	}
	return out
}

// grepOperand reports whether before (the text up to a word) ends with
// a grep and its options alone, so that the word is grep's pattern
// (grep -qx Shell). Only the last 200 bytes are read: no grep's options
// run longer.
func grepOperand(before string) bool {
	if len(before) > 200 {
		before = before[len(before)-200:]
	}
	if i := strings.LastIndexAny(before, "|;&(\n"); i >= 0 {
		before = before[i+1:]
	}
	f := strings.Fields(before)
	if len(f) == 0 || f[0] != "grep" && f[0] != "egrep" {
		return false
	}
	for _, o := range f[1:] {
		if !strings.HasPrefix(o, "-") {
			return false
		}
	}
	return true
}

// printers are the commands and calls whose arguments are a message, not
// a test: a name among them is printed, never compared.
var printers = []string{"echo ", "printf ", "logger ", "print(", "console.", "process.stderr.write(", "process.stdout.write(", "sys.stderr.write(", "sys.stdout.write("}

// printed reports whether the word at text[i] is an argument of a
// command or call that prints (printers) opening its shell command or
// line: the text since the last newline, ;, | or & (up to 200 bytes, so
// the scan stays linear).
func printed(text string, i int) bool {
	from := max(0, i-200)
	seg := text[from:i]
	if k := strings.LastIndexAny(seg, "\n;|&"); k >= 0 {
		seg = seg[k+1:]
	}
	seg = strings.TrimLeft(seg, " \t{(!")
	for _, kw := range []string{"then ", "else ", "do "} {
		seg = strings.TrimLeft(strings.TrimPrefix(seg, kw), " \t")
	}
	for _, p := range printers {
		if strings.HasPrefix(seg, p) {
			return true
		}
	}
	return false
}

// blankComments returns text with its comments blanked by spaces, the
// same length: a # opening a line or after a blank, outside quotes on its
// line (shell, Python, jq), and JavaScript's /* … */. A name a comment
// mentions is no test (QA: # Only act for Cursor's "Shell" tool). Quotes
// are paired per line, so a stray apostrophe misleads one line only.
func blankComments(text string) string {
	if !strings.Contains(text, "#") && !strings.Contains(text, "/*") {
		return text
	}
	b := []byte(text)
	var quote byte
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '\n':
			quote = 0
		case quote != 0:
			if c == '\\' && i+1 < len(b) && b[i+1] != '\n' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '#' && (i == 0 || b[i-1] == ' ' || b[i-1] == '\t' || b[i-1] == '\n'):
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
			i--
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := strings.Index(text[i+2:], "*/")
			stop := len(b)
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			for ; i < stop; i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			i--
		}
	}
	return string(b)
}

// allowsOn reports whether text's tests of name lead to an exit 0 on the
// same line or case arm (Read|Grep) exit 0;;, [ "$t" = Read ] && exit 0,
// sys.exit(0), process.exit(0)), never negated (!=, -ne, or an exit 0
// after ||, which runs when the test fails): an allow-list.
// Only the 200 bytes after each name are read.
func allowsOn(text, name string) bool {
	found := false
	for start, end := range wholeWords(text, name) {
		if printed(text, start) {
			continue
		}
		rest := text[end:min(len(text), end+200)]
		if k := strings.IndexAny(rest, "\n"); k >= 0 {
			rest = rest[:k]
		}
		if k := strings.Index(rest, ";;"); k >= 0 {
			rest = rest[:k]
		}
		before := text[max(0, start-12):start]
		if strings.Contains(before, "!=") || strings.Contains(before, "-ne") || strings.Contains(before, "not ") {
			return false
		}
		z := strings.Index(rest, "exit 0")
		if z < 0 {
			z = strings.Index(rest, "exit(0)")
		}
		zero := z >= 0
		if zero && strings.Contains(rest[:z], "||") {
			return false // [ "$t" = Write ] || exit 0: the rest guards Write
		}
		if !zero && (strings.Contains(rest, "exit") || strings.Contains(rest, "deny")) {
			return false // a test that blocks
		}
		found = found || zero
	}
	return found
}

// shimToolNameTests warns (HC446) under --shim, once per source, target
// event and names tested, when command hooks on tool events test the
// source's name for a tool and land on a target event that stands for
// several tools and whose payload names none (Windsurf's pre_write_code,
// for writes and edits alike; reference part 2 §4.4): hookconv run then
// knows no tool to hand them, neither at "tool" nor at the source's
// tool_name, and no such test is true (QA: a Write|Edit guard testing
// Edit let every write through, and nothing was said). Elsewhere under
// the shim run --from hands the source's own name, and there is nothing
// to say. A generated target runs the hook on its own payload, shim or
// not, and is left to payloadShape.
func shimToolNameTests(m *canonical.Manifest, from, to string, files providers.Files, scripts *Scripts) (ds diag.List, about [][]int) {
	names := vocab.Default()
	if generatedTool(to) || to == "canonical" {
		return nil, nil
	}
	type key struct{ source, event, tests string }
	var groups hookGroups[key]
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !toolCommand(names, h) {
			continue
		}
		source, layout := payloadSource(h, from)
		src, ok := hookrun.Default().Contract(layout)
		if source == "" || !ok || len(src.Tool) == 0 {
			continue
		}
		rows := namelessRows(names, to, h)
		if len(rows) == 0 {
			continue
		}
		text, _ := scripts.readInput(&h.Handler)
		if !namesInput(text, src.Tool[0]) {
			continue
		}
		text = blankComments(text)
		for _, row := range rows {
			var tested []string
			for _, n := range sentNames(names, layout) {
				if slices.ContainsFunc(names.DecodeTools(layout, n), func(t string) bool { return slices.Contains(row.Tools, t) }) && testsName(text, n) {
					tested = append(tested, strconv.Quote(n))
				}
			}
			if len(tested) > 0 {
				groups.add(key{source, row.Name, andList(tested)}, h, i)
			}
		}
	}
	for _, k := range groups.keys {
		g := groups.by[k]
		h := &m.Hooks[g.first]
		row := namelessRows(names, to, h)
		var w diag.List
		w.Warnf(CodeToolNameTest, h.PosOf("handler.command"), "",
			"drop the test of the tool's name there, or tell the calls apart by the tool_input hookconv run hands them",
			"%d command hook(s) on tool events (%s) test the tool's name against %s (%s's names), and under --shim run on %s's %s, whose payload names no tool (it stands for %s alike): hookconv run hands them no tool_name, so no such test is true there: a guard that blocks on it lets every such call through, and a hook that lets such calls through early checks them as any other's",
			g.n, g.listed(), k.tests, k.source, to, k.event, andList(toolsOf(row, k.event)))
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// namelessRows returns the target's split events hook h runs on (its
// matcher's tools', or every one without a matcher) that stand for
// several tools: their payload names none, so hookrun cannot tell which
// tool a call is (canonicalTool).
func namelessRows(names *vocab.Tables, to string, h *canonical.Hook) []vocab.NativeEvent {
	var tools []string
	members := canonical.AnyOf{h.Matcher}
	if a, ok := h.Matcher.(canonical.AnyOf); ok {
		members = a
	}
	for _, x := range members {
		if t, ok := x.(canonical.ToolName); ok {
			tools = append(tools, string(t))
		}
	}
	var out []vocab.NativeEvent
	for _, r := range names.EncodeEvent(to, h.Event) {
		if len(r.Tools) < 2 || r.Matcher != "none" {
			continue
		}
		if h.Matcher == nil || slices.ContainsFunc(tools, func(t string) bool { return slices.Contains(r.Tools, t) }) {
			out = append(out, r)
		}
	}
	return out
}

// toolsOf returns the tools of the row named event among rows.
func toolsOf(rows []vocab.NativeEvent, event string) []string {
	for _, r := range rows {
		if r.Name == event {
			return r.Tools
		}
	}
	return nil
}

// toolCommand reports whether h is a command hook on a tool event: the
// hooks whose script may test the tool's name.
func toolCommand(names *vocab.Tables, h *canonical.Hook) bool {
	if h.Handler.Type != canonical.HandlerCommand {
		return false
	}
	ev, _ := names.Event(h.Event)
	return ev.Subject == "tool"
}
