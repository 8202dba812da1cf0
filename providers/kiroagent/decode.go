package kiroagent

import (
	"encoding/json"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// decoder reads one agent file.
type decoder struct {
	*Adapter
	file string
	ds   diag.List
}

// decodeFile reads the hooks of one parsed agent file. The agent's other
// keys are not hookconv's business and are not looked at.
func (d *decoder) decodeFile(root *node.Node) []canonical.Hook {
	if root.Kind != node.Object {
		d.ds.Errorf(CodeShape, root.Pos, "", `a Kiro agent file is an object: {"name": …, "hooks": {…}}`,
			"the document is %s, not an object", root.Kind.Article())
		return nil
	}
	triggers := root.Get("hooks")
	if triggers == nil {
		d.ds.Infof(CodeNoHooks, root.Pos, "hooks", "", "no \"hooks\" in %s: nothing to convert", d.file)
		return nil
	}
	if triggers.Kind != node.Object {
		d.ds.Errorf(CodeShape, triggers.Pos, "hooks", `"hooks" maps triggers to lists of entries`,
			"\"hooks\" must be an object, not %s", triggers.Kind.Article())
		return nil
	}
	// The entries are found in order (what a trigger's reading says
	// comes before its entries'), then read in chunks at once, each by a
	// decoder of its own (parallel.InChunks).
	total := 0
	for _, f := range triggers.Fields {
		total += max(1, len(f.Value.Items))
	}
	entries := make([]foundEntry, 0, total) // sized once: a large agent has thousands
	for _, f := range triggers.Fields {
		row := d.trigger(f)
		shared := &row // one copy for all the trigger's entries
		at := "hooks." + f.Key
		list := f.Value.Items
		switch f.Value.Kind {
		case node.Array:
		case node.Object:
			d.ds.Warnf(CodeUndocumented, f.Value.Pos, at, "write a list: \""+f.Key+"\": [ {...} ]",
				"%s maps to one entry instead of a list, which Kiro CLI rejects; read as a list of one", f.Key)
			list = []*node.Node{f.Value}
		default:
			d.ds.Errorf(CodeShape, f.Value.Pos, at, "write a list of entries", "%s must be a list, not %s", f.Key, f.Value.Kind.Article())
			continue
		}
		for i, e := range list {
			entries = append(entries, foundEntry{n: e, at: at, i: i, row: shared, saidEnd: len(d.ds)})
		}
	}
	hooks, all := parallel.InChunks(parallel.Chunks(len(entries)), d.ds, func(i int) int { return entries[i].saidEnd }, func(ds *diag.List, i int, h *canonical.Hook) bool {
		e := &entries[i]
		ed := decoder{Adapter: d.Adapter, file: d.file, ds: *ds}
		defer func() { *ds = ed.ds }()
		var ok bool
		*h, ok = ed.entry(e.n, fmt.Sprintf("%s[%d]", e.at, e.i), *e.row)
		return ok
	})
	d.ds = all
	return hooks
}

// foundEntry is an entry found under its trigger, not yet read.
type foundEntry struct {
	n       *node.Node
	at      string // hooks.<trigger>
	i       int
	row     *vocab.NativeEvent
	saidEnd int // the end of what reading the file said before it
}

// trigger resolves a trigger name. One hookconv does not know is kept as
// a Kiro CLI-only event; Kiro CLI itself rejects the file over it.
func (d *decoder) trigger(f node.Field) vocab.NativeEvent {
	row, known := nested.EventRow(d.Names, Slug, f.Key)
	if !known {
		d.ds.Warnf(CodeUnknownTrigger, f.KeyPos, "hooks."+f.Key, providers.UnknownEventHint(d.Names, Slug, f.Key),
			"%s is not a Kiro CLI trigger, and Kiro CLI rejects an agent file with an unknown one; kept as %s, never written back", f.Key, row.Event)
	}
	return row
}

// entry reads one entry as a command hook.
func (d *decoder) entry(n *node.Node, at string, row vocab.NativeEvent) (canonical.Hook, bool) {
	h := canonical.Hook{Event: row.Event, Handler: canonical.Handler{Type: canonical.HandlerCommand}, Origin: n.Pos, OriginFile: d.file}
	if n.Kind != node.Object {
		d.ds.Errorf(CodeShape, n.Pos, at, `an entry is {"command": "…"}`, "%s must be an object, not %s", at, n.Kind.Article())
		return h, false
	}
	pd := &providers.Data{}
	matcher, ok := d.entryKeys(n, at, &h, pd)
	if !ok {
		return h, false
	}
	if strings.TrimSpace(h.Handler.Command) == "" {
		d.ds.Errorf(CodeShape, n.Pos, at+".command", `add "command": "…"`, "the entry has no command to run")
		return h, false
	}
	if matcher != nil {
		d.matcher(&h, pd, row, matcher.Text)
	}
	if b, found := d.Caps.BlockingOf(Slug, row.Event); found && b.Behaviour != capabilities.Observe {
		h.Blocking = true // exit 2 blocks here (spec §7)
	}
	if raw := pd.Raw(); raw != nil {
		h.ProviderData = map[string]json.RawMessage{Slug: raw}
	}
	return h, true
}

// entryKeys reads the keys of an entry: the command and timeout into h,
// the keys without a canonical home into pd. ok is false when one has a
// type Kiro CLI would reject the agent file over.
func (d *decoder) entryKeys(n *node.Node, at string, h *canonical.Hook, pd *providers.Data) (matcher *node.Node, ok bool) {
	ok = true
	for _, f := range n.Fields {
		fp := at + "." + f.Key
		switch f.Key {
		case "command", "matcher":
			if f.Value.Kind != node.String {
				d.ds.Errorf(CodeShape, f.Value.Pos, fp, "write a string", "%s must be a string, not %s", f.Key, f.Value.Kind.Article())
				ok = false
			} else if f.Key == "command" {
				h.Handler.Command, h.CommandOrigin = f.Value.Text, f.Value.Pos
			} else {
				matcher = f.Value
			}
		case "timeout_ms", "max_output_size", "cache_ttl_seconds":
			v, whole := wholeNumber(f.Value)
			if !whole {
				d.ds.Errorf(CodeShape, f.Value.Pos, fp, "write a whole number", "%s must be a whole number, not %s", f.Key, string(node.AppendCompact(nil, f.Value)))
				ok = false
			} else if f.Key == "timeout_ms" && v > 0 {
				// Whole, so only the range can be wrong.
				if t, inRange := providers.ReadTimeout(&d.ds, CodeShape, f, func() string { return fp }, 1000, d.Prov.Name); inRange {
					h.Handler.Timeout = t
				} else {
					ok = false
				}
			} else {
				pd.Set(f.Key, f.Value) // timeout_ms 0 is Kiro's, not the canonical default
			}
		case "only_when_turn_complete":
			if f.Value.Kind != node.Bool {
				d.ds.Errorf(CodeShape, f.Value.Pos, fp, "write true or false", "%s must be true or false, not %s", f.Key, f.Value.Kind.Article())
				ok = false
			} else {
				pd.Set(f.Key, f.Value)
			}
		default:
			d.ds.Warnf(CodeUnknownKey, f.KeyPos, fp, "entries have command, matcher, timeout_ms, max_output_size, cache_ttl_seconds and only_when_turn_complete",
				"Kiro CLI ignores %q in a hook entry; dropped", f.Key)
		}
	}
	return matcher, ok
}

// wholeNumber reads a non-negative whole number, as Kiro CLI's u64 and
// usize fields take: no sign, fraction or exponent.
func wholeNumber(n *node.Node) (uint64, bool) {
	if n.Kind != node.Number {
		return 0, false
	}
	v, err := strconv.ParseUint(n.Text, 10, 64)
	return v, err == nil
}

// matcher reads the entry's matcher: a glob over tool names on tool
// triggers; on the others Kiro CLI ignores it, and it is kept verbatim.
func (d *decoder) matcher(h *canonical.Hook, pd *providers.Data, row vocab.NativeEvent, text string) {
	if row.Matcher != vocab.MatchTool {
		pd.Set("$matcher", str(text))
		return
	}
	h.Matcher = d.decodeMatcher(text)
	if again, _, _ := d.globs(h.Matcher); len(again) != 1 || again[0] != text {
		pd.Set("$matcher", str(text)) // the source's own spelling
	}
}

// decodeMatcher reads a Kiro matcher into the canonical form (spec §4):
// known tool names, and globs and "@builtin" that select only known
// tools, become canonical names, so each target gets its own names for
// them; MCP spellings become mcp objects; any other glob becomes the
// regex that matches the same names.
func (a *Adapter) decodeMatcher(s string) canonical.Matcher {
	switch {
	case s == "*":
		return nil
	case s == a.Prov.BuiltinMatcher && s != "":
		return a.builtinTools()
	case isGlob(s):
		return a.globMatcher(s)
	}
	if server, tool, ok := providers.ParseMCP(a.Prov.MCP, s); ok {
		return canonical.MCP{Server: server, Tool: tool}
	}
	if server, ok := providers.ParseMCPServerPattern(a.Prov.MCPServer, s); ok {
		return canonical.MCP{Server: server}
	}
	if tools, ok := providers.AppendTools(nil, a.Names, Slug, s); ok {
		return providers.Single(tools)
	}
	// An exact name hookconv does not know ("" matches no tool at all).
	return canonical.Pattern{Regex: "^" + regexp.QuoteMeta(strings.ToValidUTF8(s, "\uFFFD")) + "$"}
}

// globMatcher reads a glob: the MCP forms "@*", "@server/*" and
// "@*/tool", else the regex of the glob.
func (a *Adapter) globMatcher(s string) canonical.Matcher {
	if s == "@*" {
		return canonical.MCP{Server: canonical.AnyServer}
	}
	if rest, ok := strings.CutPrefix(s, "@"); ok {
		server, tool, found := strings.Cut(rest, "/")
		switch {
		case !found:
		case tool == "*" && server != "" && !isGlob(server) && !strings.ContainsAny(server, `[]{}\`):
			return canonical.MCP{Server: server}
		case server == "*" && tool != "" && !isGlob(tool) && !strings.ContainsAny(tool, `/[]{}\`):
			return canonical.MCP{Server: canonical.AnyServer, Tool: tool}
		}
	}
	re := globRegex(s)
	if tools, ok := a.nativeGlob(re); ok {
		return tools
	}
	return canonical.Pattern{Regex: re}
}

// nativeGlob reads a glob (as its regex, globRegex) that selects only
// tools the tools table knows Kiro CLI by: the canonical tools of the
// native names, aliases too, it matches ("fs_*": fs_read and fs_write, so
// file_read, file_write and file_edit). Kept as a regex, "^fs_.*$" would
// name no tool of any other tool, and the guard would never fire there.
// ok is false when the glob matches none of them, or may also match an
// MCP tool (@server/tool, whose names hookconv cannot list), as one
// whose match may begin with '@' may ("*_bash").
func (a *Adapter) nativeGlob(re string) (canonical.Matcher, bool) {
	compiled, err := regexp.Compile(re)
	parsed, perr := syntax.Parse(re, syntax.Perl)
	if err != nil || perr != nil {
		return nil, false // globRegex always compiles; never reached
	}
	if mayStart, _ := mayStartWith(parsed, '@'); mayStart {
		return nil, false
	}
	var list canonical.AnyOf
	for _, row := range a.Names.ToolsOf(Slug) {
		if row.Event == "" && compiled.MatchString(row.Name) {
			list, _ = providers.AppendTools(list, a.Names, Slug, row.Name)
		}
	}
	return providers.Single(list), len(list) > 0
}

// mayStartWith reports whether a match of re may begin with c, and
// whether re matches the empty text (so what follows it may begin the
// match instead).
func mayStartWith(re *syntax.Regexp, c rune) (may, empty bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return false, true
		}
		return re.Rune[0] == c, false // globRegex never folds case
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i] <= c && c <= re.Rune[i+1] {
				return true, false
			}
		}
		return false, false
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return c != '\n' || re.Op == syntax.OpAnyChar, false
	case syntax.OpCapture:
		return mayStartWith(re.Sub[0], c)
	case syntax.OpStar, syntax.OpQuest:
		may, _ = mayStartWith(re.Sub[0], c)
		return may, true
	case syntax.OpPlus:
		return mayStartWith(re.Sub[0], c)
	case syntax.OpRepeat:
		may, empty = mayStartWith(re.Sub[0], c)
		return may, empty || re.Min == 0
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if may, empty = mayStartWith(sub, c); may || !empty {
				return may, false
			}
		}
		return false, true
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			m, e := mayStartWith(sub, c)
			may, empty = may || m, empty || e
		}
		return may, empty
	case syntax.OpNoMatch:
		return false, false
	}
	return false, true // anchors and other empty-width assertions
}

// builtinTools reads "@builtin", every tool that is not an MCP tool, as
// the canonical tools of every built-in tool the tools table knows Kiro
// CLI by (providers.BuiltinTools). (A regex over Kiro's names, "^[^@]",
// would match every tool elsewhere, MCP tools too.) The pipeline warns
// that a target's other built-in tools are not covered (HC310).
func (a *Adapter) builtinTools() canonical.Matcher {
	if m := providers.BuiltinTools(a.Names, Slug); m != nil {
		return m
	}
	return canonical.Pattern{Regex: builtinRegex} // a table without Kiro's tools
}
