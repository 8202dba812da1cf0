package providers

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/jsonedit"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/internal/suggest"
	"github.com/hookconv/hookconv/vocab"
)

// Codes of reading and writing native JSON config files, shared by every
// adapter family.
const (
	CodeJSONC         = "HC320" // comments or trailing commas in a strict-JSON file (warning)
	CodeReplaced      = "HC323" // hooks already in the -o file are replaced (warning)
	CodeMerge         = "HC324" // the -o file cannot be merged into (error)
	CodeAgentAsPrompt = "HC325" // an agent handler written as a prompt handler (warning)
	// CodeCommentsLost: comments inside the "hooks" of a JSON config that
	// hookconv rewrote are not kept (warning).
	CodeCommentsLost = "HC352"
	// CodeMatcherIgnored: the target ignores matchers on this tool event,
	// so the hook fires for every tool (warning). The verify stage reads
	// it as a deliberate widening. Also: on an event that without a
	// matcher fires for nothing (Claude Code's FileChanged), a hook whose
	// file matcher cannot be written there, or one without a matcher that
	// ran for every file in its source: it may never run there (warning).
	CodeMatcherIgnored = "HC344"
	// CodeSkipped: an entry the tool itself skips (a handler type it never
	// runs, a matcher that does not compile) is not read (warning). A file
	// holding one is never written back from its hooks, which would lose
	// the entry (HasSkipped): migrate adds to it only with the entry kept
	// as written.
	CodeSkipped = "HC349"
	// CodeWindowsOnly: an entry with only a Windows command (Copilot CLI's
	// and Windsurf's powershell, VS Code's windows, a Cline <Event>.ps1
	// without its Unix twin) is not converted
	// (warning). The tool runs it on Windows, so a file holding one is
	// kept from being written back from its hooks too (HasSkipped).
	CodeWindowsOnly = "HC346"
	// WindowsGuardLost opens the clause CodeWindowsOnly's message ends
	// with when the entry's event can block: the entry is a guard, lost
	// in the target on Windows. A caller saying the entry is kept (the
	// target's own file, in migrate) cuts the message there.
	WindowsGuardLost = ": it may block "
	// CodeNoSystemCommand: an entry with per-OS commands and no default
	// (VS Code's "linux" and "windows" without "command" or "osx") names
	// no command for some system, where the tool has none to run; a
	// converted hook runs its default command on every system without an
	// override, so it now runs there too (warning).
	CodeNoSystemCommand = "HC348"
	// CodeMatcherDropped: another tool's value matcher (Claude's
	// "startup|resume" on SessionStart) has no place on the target's
	// event, so the hook runs every time (warning).
	CodeMatcherDropped = "HC314"
	// CodeNotWritten: a hook the target cannot hold (no native event for
	// it, a handler it cannot run) was not written (warning).
	CodeNotWritten = "HC319"
	// CodeBadPattern: a native matcher hookconv cannot read as a regular
	// expression (error): converting it could only widen or drop it.
	CodeBadPattern = "HC326"
	// CodeUnconverted: a handler of a type its tool documents and runs but
	// hookconv has no canonical form for (Qwen Code's function) is not
	// converted, and the rest of the file is (warning). A file holding one
	// is never written back from its hooks, which would lose it
	// (HasSkipped).
	CodeUnconverted = "HC328"
)

// notWritten are the codes with which encoders report a hook they left
// out, each with its own message: HC311 (nothing of its matcher is left),
// HC315 (a handler type the target does not run) and CodeNotWritten.
var notWritten = map[string]bool{"HC311": true, "HC315": true, CodeNotWritten: true}

// HasSkipped reports whether decoding a file left an entry unread
// (CodeSkipped, CodeWindowsOnly, CodeUnconverted): rewriting the file
// from its decoded hooks would lose it.
func HasSkipped(ds diag.List) bool {
	return Skipped(ds) != ""
}

// Skipped is the code of the first diagnostic in ds that says an entry
// was left unread (HasSkipped), or "" for none.
func Skipped(ds diag.List) string {
	for _, d := range ds {
		if IsSkipped(d.Code) {
			return d.Code
		}
	}
	return ""
}

// IsSkipped reports whether a decoder diagnostic code says an entry of
// the file was left unread (HasSkipped).
func IsSkipped(code string) bool {
	return code == CodeSkipped || code == CodeWindowsOnly || code == CodeUnconverted
}

// IsNotWritten reports whether an encoder diagnostic code means the hook
// it names was left out of the output, so the verify stage and the
// round-trip property do not look for it there.
func IsNotWritten(code string) bool { return notWritten[code] }

// UnknownEventHint is the hint for an event name a tool does not have:
// the closest name it has ("did you mean PreToolUse?"), else a reminder
// that the hook stays with this tool.
func UnknownEventHint(names *vocab.Tables, slug, native string) string {
	var known []string
	for _, row := range names.EventsOf(slug) {
		known = append(known, row.Name)
	}
	if near := suggest.Closest(native, known, max(2, len(native)/4)); near != "" {
		return "did you mean " + near + "? (as written, other tools will not receive this hook)"
	}
	return "check the spelling; other tools will not receive this hook"
}

// globAsRegex spells a simple glob ("*.ts", "**/*.{ts,tsx}", "a.ts|b.js")
// as the regular expression it means, for a hint: "*" any run of
// characters but "/", "**/" any directories, "?" one character, [abc] and
// [!abc] a class, {a,b} either, "|" between whole globs, everything else
// literal; a glob with no "/" names a file in any folder. "" when the
// glob is beyond that (nested braces), so no hint misleads.
func globAsRegex(glob string) string {
	if parts := strings.Split(glob, "|"); len(parts) > 1 {
		var out []string
		for _, p := range parts {
			if p = strings.TrimSpace(p); p == "" {
				continue // an empty alternative would match every file
			}
			r := globAsRegex(p)
			if r == "" {
				return ""
			}
			out = append(out, r)
		}
		return strings.Join(out, "|")
	}
	var b strings.Builder
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; {
		case strings.HasPrefix(glob[i:], "**/"):
			b.WriteString("(.*/)?")
			i += 2
		case strings.HasPrefix(glob[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[' && strings.IndexByte(glob[i:], ']') > 1:
			end := i + strings.IndexByte(glob[i:], ']')
			class := glob[i+1 : end]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + class + "]")
			i = end
		case c == '{' && strings.IndexByte(glob[i:], '}') > 0:
			end := i + strings.IndexByte(glob[i:], '}')
			inner := glob[i+1 : end]
			if strings.ContainsAny(inner, "{*?[") {
				return "" // nested or patterned alternatives: no simple spelling
			}
			alts := strings.Split(inner, ",")
			for j, a := range alts {
				alts[j] = regexp.QuoteMeta(a)
			}
			b.WriteString("(" + strings.Join(alts, "|") + ")")
			i = end
		default:
			b.WriteString(regexp.QuoteMeta(glob[i : i+1]))
		}
	}
	s := b.String()
	switch {
	case strings.HasPrefix(s, "[^/]*"):
		s = strings.TrimPrefix(s, "[^/]*") // unanchored: a leading "*" adds nothing
	case strings.HasPrefix(s, "(.*/)?"), strings.HasPrefix(s, ".*"):
	case !strings.Contains(glob, "/"):
		s = "(^|/)" + s // a file name, in any folder
	default:
		s = "^" + s
	}
	if s == "" {
		return ".*" // every file
	}
	return s + "$"
}

// CheckPatterns reports each pattern in a decoded matcher that is not a
// valid RE2 regular expression, the dialect canonical patterns are in.
// Most tools match with JavaScript regular expressions, which RE2 reads
// except for lookaround and backreferences; a pattern neither reads (an
// unbalanced parenthesis) never matches what its author meant anywhere.
func CheckPatterns(ds *diag.List, m canonical.Matcher, pos diag.Pos, path, tool string) bool {
	ok := true
	switch m := m.(type) {
	case canonical.Pattern:
		if _, err := regexp.Compile(m.Regex); err != nil {
			msg := err.Error()
			if e, isSyntax := err.(*syntax.Error); isSyntax {
				msg = e.Code.String()
			}
			hint := "fix the pattern, or rewrite lookaround (?=…) and backreferences \\1, which RE2 lacks, as plain alternatives"
			if strings.HasPrefix(m.Regex, "*") || strings.HasPrefix(m.Regex, "?") || strings.Contains(m.Regex, "**") || strings.Contains(m.Regex, "|*") {
				// "*.ts" or "**/x": a glob, which a regex matcher is not.
				hint = "the matcher is a regular expression, not a glob"
				if re := globAsRegex(m.Regex); re != "" {
					hint += ": write " + strconv.Quote(re) + " for what the glob meant"
				}
			}
			ds.Errorf(CodeBadPattern, pos, path, hint,
				"%s matcher %q is not a regular expression hookconv can read (RE2): %s", tool, m.Regex, msg)
			ok = false
		}
	case canonical.AnyOf:
		for _, x := range m {
			ok = CheckPatterns(ds, x, pos, path, tool) && ok
		}
	}
	return ok
}

// WarnMatcherIgnored reports that a hook's matcher cannot be written on
// the native event it goes to (of target prov): a tool hook then fires for
// every tool, and a hook on an event without a tool (which has no use for
// a tool matcher) fires every time. It says nothing for hooks without a
// matcher.
//
// A blocking hook where the target can block gets words of its own: its
// matcher was what kept its guard to the tools it guards, and a guard
// whose script blocks whatever it is called for (exit 2 without testing
// the tool's name, the commonest scoped guard) now blocks every tool
// call, in every tool that also loads the target's file (Copilot CLI
// runs VS Code's .github/hooks files: reference part 2 §1.2, §2.5), which
// the generic "fires for every tool" would not make plain.
func WarnMatcherIgnored(ds *diag.List, names *vocab.Tables, h *canonical.Hook, i int, prov vocab.Provider, native string) {
	if h.Matcher == nil {
		return
	}
	at, path := h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i))
	if ev, _ := names.Event(h.Event); ev.Subject != "tool" {
		ds.Warnf(CodeMatcherIgnored, at, path, "filter inside the hook script if it matters",
			"%s: %s is not about a tool, so %s has no place for its matcher: the hook fires every time", h.DisplayName(i), h.Event, prov.Name)
		return
	}
	_, _, stub := capabilities.BlockStub(h.Handler.Command) // blocks every call by design (HC203 says so)
	if b, ok := capabilities.Default().BlockingOf(prov.Slug, h.Event); h.Blocking && !stub && ok && b.Behaviour != capabilities.Observe {
		also := ""
		switch others := alsoLoadedBy(names, prov.Slug); len(others) {
		case 0:
		case 1:
			also = ", and in " + others[0] + ", which also runs this file's hooks"
		default:
			also = ", and in " + strings.Join(others, " and ") + ", which also run this file's hooks"
		}
		ds.Warnf(CodeMatcherIgnored, at, path,
			"make the script exit 0 for the tools it does not guard (test tool_name on stdin, in the names "+prov.Name+" sends), or leave the hook out of "+prov.Name,
			"%s is blocking, but %s ignores matchers on %s: the hook now runs for every tool call, not only those its matcher selected, so a guard that blocks whatever tool it is called for (one that does not test the tool's name itself) blocks every tool there%s",
			h.DisplayName(i), prov.Name, native, also)
		return
	}
	ds.Warnf(CodeMatcherIgnored, at, path,
		"check the tool name inside the hook script, or set up the hook on a tool that honours matchers",
		"%s: %s ignores matchers on %s: the hook fires for every tool, not only the ones its matcher names", h.DisplayName(i), prov.Name, native)
}

// alsoLoadedBy names the other tools that run the hooks of slug's files
// as their own (the providers table's also_reads), in the table's order.
func alsoLoadedBy(names *vocab.Tables, slug string) []string {
	var out []string
	for _, p := range names.Providers {
		if p.Slug != slug && slices.Contains(p.AlsoReads, slug) {
			out = append(out, p.Name)
		}
	}
	return out
}

// WarnValueMatcherDropped reports a value matcher another tool kept in
// provider_data ("$matcher": "startup|resume") that the target's event
// cannot take: the hook now runs on every occurrence of the event. On a
// tool event the kept text only spells the hook's tool matcher, whose
// loss WarnMatcherIgnored reports.
func WarnValueMatcherDropped(ds *diag.List, names *vocab.Tables, h *canonical.Hook, i int, own, tool, native string) {
	warnValueMatcher(ds, names, h, i, own, "has no place on %s %s, which takes no matcher; it now runs every time", "filter inside the hook script if it matters", tool, native)
}

// WarnValueMatcherForeign is WarnValueMatcherDropped for an event that
// takes a value matcher, whose values the other tool's may not mean.
func WarnValueMatcherForeign(ds *diag.List, names *vocab.Tables, h *canonical.Hook, i int, own, tool, native string) {
	warnValueMatcher(ds, names, h, i, own, "means something else on %s %s; dropped, so it now runs every time", "filter inside the hook script if it matters, or write the matcher "+native+" expects", tool, native)
}

// WarnValueMatcherUndocumented is WarnValueMatcherDropped for an event
// whose matcher the tool compares, whole, with values it does not
// document (vocab's values_undocumented: Copilot CLI's notification_type):
// another tool's value may be spelled otherwise there and never fire, so
// it is not written, and the hook runs for every kind, as a hook from a
// source that fires for fewer kinds does there (HC427).
func WarnValueMatcherUndocumented(ds *diag.List, names *vocab.Tables, h *canonical.Hook, i int, own, tool, native string) {
	warnValueMatcher(ds, names, h, i, own, "names a value %s %s does not document, and it matches the whole value, so one spelled otherwise never fires; dropped, so it now runs for every kind", "filter inside the hook script if it matters", tool, native)
}

func warnValueMatcher(ds *diag.List, names *vocab.Tables, h *canonical.Hook, i int, own, what, hint, tool, native string) {
	if ev, _ := names.Event(h.Event); ev.Subject == "tool" {
		return
	}
	for _, slug := range sortedkeys.Of(h.ProviderData) {
		if slug == own {
			continue
		}
		n, err := node.ParseJSON(h.ProviderData[slug], node.JSONOptions{})
		if err != nil {
			continue
		}
		if v := n.Get("$matcher"); v != nil && v.Kind == node.String && strings.TrimSpace(v.Text) != "" && v.Text != "*" {
			ds.Warnf(CodeMatcherDropped, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), hint,
				"%s: its %s matcher %q "+what,
				h.DisplayName(i), slug, v.Text, tool, native)
			return
		}
	}
}

// AgentAsPrompt reduces an agent handler to a prompt handler for a tool
// that runs prompts but not agents (Cursor, Qwen Code): the same question
// to the model, answered in one call instead of by a subagent with tools.
// It reports the reduction; ok is false when there is nothing to reduce.
func AgentAsPrompt(h *canonical.Hook, accepts func(string) bool, tool string, ds *diag.List, path string) bool {
	if h.Handler.Type != canonical.HandlerAgent || accepts(canonical.HandlerAgent) || !accepts(canonical.HandlerPrompt) {
		return false
	}
	h.Handler.Type = canonical.HandlerPrompt
	ds.Warnf(CodeAgentAsPrompt, h.PosOf("handler.type"), path+".handler.type", "check that one model call is enough for this check",
		"%s runs prompt handlers but not agent handlers: written as a prompt handler (one model call, no tools)", tool)
	return true
}

// ParseJSONConfig parses a tool's JSON config. Real configs carry comments
// and trailing commas; they are read, with a warning that the tool's own
// strict JSON reader may reject them, unless the tool drops comments
// itself (the providers table's json_comments) and there are no trailing
// commas.
func ParseJSONConfig(path string, src []byte, prov vocab.Provider) (*node.Node, diag.List) {
	root, ds := parseJSONConfig(path, src, prov)
	if root != nil && prov.RejectsBOM && bytes.HasPrefix(src, node.UTF8BOM) {
		var w diag.List
		w.Warnf(CodeJSONC, diag.Pos{Line: 1, Column: 1}, "", bomHint,
			"the file starts with a byte order mark, which %s's JSON reader rejects: it may load none of the file, or take it for corrupted and reset it; read anyway", prov.Name)
		ds = append(ds, w.WithFile(path)...)
	}
	return root, ds
}

// bomHint is the hint of ParseJSONConfig's HC320 about a byte order
// mark, which tells it from its HC320 about comments or trailing commas.
const bomHint = "save the file as UTF-8 without a byte order mark"

// IsBOMWarning reports whether d is ParseJSONConfig's HC320 about a byte
// order mark the tool rejects, not about comments or trailing commas: a
// file may have both, and each has its own fix.
func IsBOMWarning(d diag.Diagnostic) bool { return d.Code == CodeJSONC && d.Hint == bomHint }

// parseJSONConfig is ParseJSONConfig but for the byte order mark.
func parseJSONConfig(path string, src []byte, prov vocab.Provider) (*node.Node, diag.List) {
	tool := prov.Name
	root, ds := canonical.ParseDocument(path, src, canonical.FormatJSON)
	if root != nil {
		return root, nil
	}
	if prov.JSONComments {
		// The tool drops comments itself: only a trailing comma is news.
		if n, err := node.ParseJSON(src, node.JSONOptions{Comments: true}); err == nil {
			return n, nil
		}
	}
	n, err := node.ParseJSON(src, node.JSONOptions{JSONC: true})
	if err == nil {
		var w diag.List
		if prov.JSONComments {
			// Read again as the tool does, for where the first trailing
			// comma is.
			at := diag.Pos{Line: 1, Column: 1}
			var se *node.SyntaxError
			if _, err := node.ParseJSON(src, node.JSONOptions{Comments: true}); errors.As(err, &se) {
				at = se.Pos
			}
			w.Warnf(CodeJSONC, at, "", "remove the trailing commas",
				"the file has trailing commas, which %s's JSON reader rejects (it takes comments, not those); read anyway", tool)
		} else {
			// The strict reading stopped at the first comment or trailing
			// comma: point there (QA: 1:1 said nothing of where).
			at := diag.Pos{Line: 1, Column: 1}
			if len(ds) > 0 && ds[0].Code == canonical.CodeSyntax && ds[0].Pos.IsValid() {
				at = ds[0].Pos
			}
			w.Warnf(CodeJSONC, at, "", "remove the comments and trailing commas",
				"the file has comments or trailing commas, which %s's JSON reader may reject; read anyway", tool)
		}
		return n, w.WithFile(path)
	}
	// Read with comments, the file fails there or further on: that is
	// what is wrong with it, not the comment the strict reading stopped
	// at, since hookconv reads comments ("// c\n{}" is read). A file of
	// comments alone is an empty document; "/* x" an unterminated comment.
	var se *node.SyntaxError
	if errors.As(err, &se) && len(ds) == 1 && ds[0].Code == canonical.CodeSyntax && se.Pos.Offset >= ds[0].Pos.Offset {
		var jds diag.List
		jds.Errorf(canonical.CodeSyntax, se.Pos, "", ds[0].Hint, "invalid JSON: %s", se.Msg)
		return nil, jds.WithFile(path)
	}
	return nil, ds
}

// EncodeJSONConfig is an encoder's last step for a tool whose hooks live
// in one JSON file: it writes members into target (as WriteJSONConfig,
// over existing[target] when there is one) and returns that file, or nil
// on an error, with ds and what writing said.
func EncodeJSONConfig(target string, existing Files, members []node.Field, countHandlers func(*node.Node) int, ds diag.List) (Files, diag.List) {
	out, wds := WriteJSONConfig(target, existing[target], members, countHandlers)
	ds = append(ds, wds...)
	if out == nil {
		return nil, ds
	}
	return Files{path.Clean(target): out}, ds
}

// Blank reports whether a config file holds nothing, as if it did not
// exist: only white space and a leading byte order mark (an editor's
// "new file"), and in a JSON file comments too, since hookconv reads and
// merges every JSON config as JSON with comments (WriteJSONConfig).
func Blank(name string, src []byte) bool {
	if strings.EqualFold(path.Ext(name), ".json") {
		return node.BlankJSON(src, node.JSONOptions{JSONC: true})
	}
	return len(bytes.TrimSpace(bytes.TrimPrefix(src, node.UTF8BOM))) == 0
}

// WriteJSONConfig writes members (the "hooks", and a "version" where the
// format has one) into a config. A new file (prev empty) holds just them;
// an existing one keeps every other key, its order, formatting and
// comments, and so do the hooks it already had wherever the new "hooks"
// holds them unchanged (migrate appends to them); a warning says when
// hooks it already had (countHandlers counts them) are replaced by
// different ones.
func WriteJSONConfig(target string, prev []byte, members []node.Field, countHandlers func(*node.Node) int) ([]byte, diag.List) {
	// Blank (white space, a byte order mark, comments): nothing to merge
	// into, as for a file that does not exist; but comments are the
	// user's, and stay above the new object.
	if node.BlankJSON(prev, node.JSONOptions{JSONC: true}) {
		return newJSONConfig(prev, members), nil
	}
	// Read once for the checks below; a file that does not parse is the
	// merge's to report, with its position.
	var ds diag.List
	if root, err := node.ParseJSON(prev, node.JSONOptions{JSONC: true}); err == nil {
		if ds = RepeatedHookKeys(target, root); ds.HasErrors() {
			return nil, ds
		}
		for i, m := range members {
			if m.Key == "hooks" {
				ds = append(ds, WarnReplaced(target, root.Get("hooks"), m.Value, countHandlers)...)
				members[i].Value = withEmptyEvents(root.Get("hooks"), m.Value)
			}
		}
	}
	out := prev
	for _, m := range members {
		if m.Key != "hooks" {
			// Only add what is missing ("version"); never rewrite the user's.
			if root, err := node.ParseJSON(out, node.JSONOptions{JSONC: true}); err == nil && root.Get(m.Key) != nil {
				continue
			}
		}
		// MergeMember: the hooks a file already holds, which the encoder
		// wrote back first, keep their bytes, comments and layout.
		merged, err := jsonedit.MergeMember(out, m.Key, m.Value, node.JSONOptions{JSONC: true})
		if err != nil {
			var pos diag.Pos
			why := err.Error()
			hint := "fix or move the file, then convert again"
			var se *node.SyntaxError
			if errors.As(err, &se) {
				pos, why = se.Pos, "invalid JSON: "+se.Msg // the position is the diagnostic's
				if se.Hint != "" {
					hint = se.Hint // how to save a UTF-16 file as UTF-8
				}
			}
			var md diag.List
			md.Errorf(CodeMerge, pos, "", hint, "cannot merge into %s: %s", target, why)
			return nil, append(ds, md.WithFile(target)...)
		}
		out = merged
	}
	// Everything outside the hooks keeps its bytes, so comments the
	// rewrite lost stood among the hooks it replaced (QA: dropped without
	// a word, where config.toml's say so, HC331).
	if lost := node.CountComments(prev) - node.CountComments(out); lost > 0 {
		at := diag.Pos{Line: 1, Column: 1}
		if root, err := node.ParseJSON(prev, node.JSONOptions{JSONC: true}); err == nil {
			for _, f := range root.Fields {
				if f.Key == "hooks" {
					at = f.KeyPos
				}
			}
		}
		var w diag.List
		w.Warnf(CodeCommentsLost, at, "", "put the notes back by hand, or keep them outside \"hooks\"",
			"%d comment(s) inside the old \"hooks\" are not kept: the hooks they stood among were replaced", lost)
		ds = append(ds, w.WithFile(target)...)
	}
	return out, ds
}

// newJSONConfig writes members as a new config, after the comments of
// prev, a blank file (node.BlankJSON). prev's byte order mark is not
// kept: it marks no content, and JSON.parse, with which several tools
// read their settings, rejects a document that starts with one. Line
// endings follow prev's.
func newJSONConfig(prev []byte, members []node.Field) []byte {
	lead := bytes.TrimRight(bytes.TrimPrefix(prev, node.UTF8BOM), " \t\r\n")
	doc := &node.Node{Kind: node.Object, Fields: members}
	out := make([]byte, 0, len(lead)+1+node.IndentedSize(doc, 0)+1)
	if len(lead) > 0 {
		out = append(append(out, lead...), '\n')
	}
	out = append(node.AppendIndent(out, doc, 0), '\n')
	if bytes.Contains(prev, []byte("\r\n")) {
		// The object's own line breaks are all structural: strings
		// escape theirs.
		out = bytes.ReplaceAll(bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
	}
	return out
}

// withEmptyEvents returns hooks with the members of the file's old hooks
// (old) that hold no hook put back where they stood: events listed with
// none ("SessionStart": []), settings (Gemini's legacy "enabled": true)
// and annotations ("_comment"). They hold nothing to convert, but they
// are the user's text, and rewriting the hooks would otherwise drop them.
func withEmptyEvents(old, hooks *node.Node) *node.Node {
	if hooks == nil || hooks.Kind != node.Object || old == nil || old.Kind != node.Object {
		return hooks
	}
	var fields []node.Field
	changed := false
	at := 0 // where the next kept event of the new hooks is
	for _, f := range old.Fields {
		if hooks.Get(f.Key) != nil {
			// Copy the new hooks' events up to and including this one.
			for at < len(hooks.Fields) {
				fields = append(fields, hooks.Fields[at])
				at++
				if fields[len(fields)-1].Key == f.Key {
					break
				}
			}
			continue
		}
		if HoldsNoHook(f.Value) {
			fields = append(fields, f)
			changed = true
		}
	}
	if !changed {
		return hooks
	}
	fields = append(fields, hooks.Fields[at:]...)
	out := *hooks
	out.Fields = fields
	return &out
}

// HoldsNoHook reports whether v, a member of a "hooks" object, holds no
// hook: a scalar, or a list or object with no non-empty object anywhere
// in it. Such a member is a setting, an annotation or an empty event.
func HoldsNoHook(v *node.Node) bool {
	switch v.Kind {
	case node.Object:
		return len(v.Fields) == 0
	case node.Array:
		for _, it := range v.Items {
			if !HoldsNoHook(it) {
				return false
			}
		}
	}
	return true
}

// WarnReplaced warns when the hooks already in an -o file (old, its
// "hooks" value as any format's parser gives it; nil when it has none) are
// replaced by different ones: a user who converts into a file that holds
// a hand-written guard must hear that the guard is gone. old is an object
// of hook lists (the nested and flat families) or one list (OpenHook, the
// manifest); members of an object that hold no list (Codex keeps its
// trust state under [hooks.state]) are not hooks and are not compared.
func WarnReplaced(file string, old, tree *node.Node, count func(*node.Node) int) diag.List {
	if old == nil {
		return nil
	}
	lists := old
	switch old.Kind {
	case node.Object:
		lists = &node.Node{Kind: node.Object, Pos: old.Pos}
		for _, f := range old.Fields {
			if f.Value.Kind == node.Array {
				lists.Fields = append(lists.Fields, f)
			}
		}
		if len(lists.Fields) == 0 {
			return nil
		}
	case node.Array:
	default:
		return nil
	}
	if node.SameValue(lists, tree) {
		return nil
	}
	n := count(lists)
	if n == 0 {
		return nil
	}
	var ds diag.List
	ds.Warnf(CodeReplaced, old.Pos, "hooks", "convert into a new file, or merge by hand, to keep them",
		"the %d hook handler(s) already in %s are replaced by the converted ones", n, file)
	return ds.WithFile(file)
}

// RepeatedKeys warns (HC104) about each member of root's objects that a
// later member repeats. JSON readers keep the last value (JavaScript's
// JSON.parse, and Rust's for maps; a Rust struct rejects the file), so
// the earlier member does nothing in the tool; hookconv reads the object
// the same way, and says so rather than drop it unseen.
func RepeatedKeys(file string, root *node.Node) diag.List {
	var ds diag.List
	node.Repeats(root, func(at string, f node.Field) {
		where, path := "the top level", f.Key
		if at != "" {
			where, path = at, at+"."+f.Key
		}
		ignored := "this one is ignored"
		if (path == "hooks" || strings.HasPrefix(path, "hooks.")) && holdsHandler(f.Value) {
			// The hooks it holds never run, a guard among them too (QA).
			ignored = "this one is ignored, and the hooks in it never run"
		}
		ds.Warnf(canonical.CodeDuplicateKey, f.KeyPos, path, "remove one of them; the last one is the one tools read",
			"%q appears more than once in %s; %s", f.Key, where, ignored)
	})
	return ds.WithFile(file)
}

// holdsHandler reports whether n holds a hook handler: an object with a
// command, a url, a prompt or a type, at any depth.
func holdsHandler(n *node.Node) bool {
	switch n.Kind {
	case node.Object:
		for _, f := range n.Fields {
			switch f.Key {
			case "command", "url", "prompt", "type", "bash", "powershell":
				return true
			}
			if holdsHandler(f.Value) {
				return true
			}
		}
	case node.Array:
		for _, it := range n.Items {
			if holdsHandler(it) {
				return true
			}
		}
	}
	return false
}

// RepeatedHookKeys refuses (HC324) a config that repeats "hooks" or one
// of its events. The tool reads the last of them and ignores the others;
// rewriting the hooks would write back only what the tool reads and so
// delete the ignored ones, text the user wrote, without asking. Keys
// repeated elsewhere in the file are not hookconv's to touch, nor inside
// a hook, which a merge keeps byte for byte.
func RepeatedHookKeys(file string, root *node.Node) diag.List {
	var ds diag.List
	node.Repeats(root, func(at string, f node.Field) {
		// Only "hooks" itself and its events: a repeat inside a hook the
		// file keeps stays as written (the merge keeps its bytes).
		if at == "" && f.Key != "hooks" || at != "" && at != "hooks" {
			return
		}
		where := "the top level"
		if at != "" {
			where = at
		}
		ds.Errorf(CodeMerge, f.KeyPos, "", "remove one of them (the tool reads the last), then run hookconv again",
			"cannot rewrite the hooks of %s: %q appears more than once in %s, and writing them back would delete the ones the tool ignores", file, f.Key, where)
	})
	return ds.WithFile(file)
}

// DecodeJSONFiles reads every file, in path order, as one JSON config of
// the tool and concatenates the hooks each gives: decodeFile reads one
// parsed file, its diagnostics without a file name (they are given the
// file's here), and every hook is marked with the file it came from.
func DecodeJSONFiles(files Files, prov vocab.Provider, decodeFile func(path string, root *node.Node) ([]canonical.Hook, diag.List)) (*canonical.Manifest, diag.List) {
	return DecodeJSONFilesSeeing(files, prov, nil, decodeFile)
}

// DecodeJSONFilesSeeing is DecodeJSONFiles that shows each parsed tree
// to see first (TreeDecoder), when see is not nil.
func DecodeJSONFilesSeeing(files Files, prov vocab.Provider, see func(path string, root *node.Node), decodeFile func(path string, root *node.Node) ([]canonical.Hook, diag.List)) (*canonical.Manifest, diag.List) {
	var ds diag.List
	m := &canonical.Manifest{Spec: canonical.SpecVersion}
	for _, p := range files.Paths() {
		root, pds := ParseJSONConfig(p, files[p], prov)
		ds = append(ds, pds...)
		if root == nil {
			continue
		}
		if see != nil {
			see(p, root)
		}
		ds = append(ds, RepeatedKeys(p, root)...)
		hooks, hds := decodeFile(p, root)
		ds = append(ds, hds.WithFile(p)...)
		for i := range hooks {
			if hooks[i].OriginFile == "" {
				hooks[i].OriginFile = p
			}
		}
		if m.Hooks == nil {
			m.Hooks = hooks // one file, the usual case: no copy
		} else {
			m.Hooks = append(m.Hooks, hooks...)
		}
	}
	return m, ds
}

// HookOfPath returns the index of the hook a diagnostic path names
// ("hooks[3].handler.timeout" names hook 3). Hand-written rather than a
// regular expression: verify reads the path of every warning, and a large
// conversion has thousands.
func HookOfPath(path string) (int, bool) {
	rest, ok := strings.CutPrefix(path, "hooks[")
	if !ok {
		return 0, false
	}
	end := strings.IndexByte(rest, ']')
	if end <= 0 {
		return 0, false
	}
	i, err := strconv.Atoi(rest[:end])
	if err != nil || i < 0 || rest[0] == '+' || rest[0] == '-' {
		return 0, false
	}
	return i, true
}

// WindowsGuardLostClause ends CodeWindowsOnly's message for an entry on
// an event that may block (event is its native name; "" for one that
// cannot): said as a guard lost, as HC202 and HC311 say theirs, since a
// "not converted" alone reads as a note (QA: a Windows-only preToolUse
// guard looked like "no hooks").
func WindowsGuardLostClause(event string) string {
	if event == "" {
		return ""
	}
	return WindowsGuardLost + event + ", so its guard is lost in the target on Windows"
}
