package codex

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers/nested"
)

// tomlFormat reads and writes the [hooks] tables of .codex/config.toml.
type tomlFormat struct{}

func (tomlFormat) Handles(path string) bool { return strings.HasSuffix(path, ".toml") }

// stateKey is where Codex keeps hook trust ([hooks.state."…"]): user
// state, not hooks, so it is neither decoded nor rewritten.
const stateKey = "state"

// Parse decodes the TOML and returns its "hooks" table as a tree. TOML
// decoding forgets positions; placeTables gives them back, so that
// diagnostics point where they would in .codex/hooks.json.
func (tomlFormat) Parse(path string, src []byte) (*node.Node, diag.List) {
	var ds diag.List
	// The decoder would say "probably using UTF-16" of a UTF-16 file, at
	// the first NUL it meets; the JSON and YAML readers' diagnostic names
	// the encoding and how to save the file as UTF-8.
	var se *node.SyntaxError
	if errors.As(node.CheckEncoding(src), &se) {
		ds.Errorf(nested.CodeShape, se.Pos, "", se.Hint, "invalid TOML: %s", se.Msg)
		return nil, ds.WithFile(path)
	}
	var doc map[string]any
	if err := decodeTOML(src, &doc); err != nil {
		what, hint := tomlProblem(err, "fix the TOML syntax")
		ds.Errorf(syntaxCode(err), parseErrorPos(src, err), "", hint, "%s: %s", what, parseErrorText(err))
		return nil, ds.WithFile(path)
	}
	root := &node.Node{Kind: node.Object}
	if hooks, ok := doc["hooks"]; ok {
		// A hooks key that is no table (hooks = 1) is kept too: Codex
		// rejects the file for it, so the decoder must say so rather
		// than find no hooks.
		if table, ok := hooks.(map[string]any); ok {
			delete(table, stateKey)
		}
		tree := fromTOML(hooks)
		tree.Pos = firstHooksHeader(src)
		root.Fields = append(root.Fields, node.Field{Key: "hooks", Value: tree})
	}
	if features, ok := doc["features"].(map[string]any); ok {
		// The feature flags that switch hooks off (switches, codex.go).
		root.Fields = append(root.Fields, node.Field{Key: "features", Value: fromTOML(features)})
	}
	if tree := root.Get("hooks"); tree != nil {
		placeTables(root, string(src))
		inheritPositions(tree, tree.Pos)
		tomlSpellings(tree)
	}
	return root, nil
}

// tomlSpellings are the handler keys Codex also reads in config.toml
// under another name, and the name hooks.json gives them: "TOML also
// command_windows" (reference part 1 §4.6). Read as that key, the
// Windows command is carried, or said lost (HC202), as in hooks.json
// (QA: it was dropped as an unknown key, HC304, and migrate
// --remove-source deleted the guard). What is written uses the JSON
// spelling, which config.toml reads too.
func tomlSpellings(hooks *node.Node) {
	renameKeys(hooks, map[string]string{"command_windows": "commandWindows"})
}

// renameKeys renames, in each handler of the hooks tree (an event's
// groups' "hooks", or a handler written directly in the event's list),
// a key of names to its value, keeping its positions. A handler that
// has both spellings keeps both, so the decoder still reports the
// other one.
func renameKeys(hooks *node.Node, names map[string]string) {
	rename := func(h *node.Node) {
		if h.Kind != node.Object {
			return
		}
		for i := range h.Fields {
			if to, ok := names[h.Fields[i].Key]; ok && h.Get(to) == nil {
				h.Fields[i].Key = to
			}
		}
	}
	for _, ev := range hooks.Fields {
		groups := ev.Value.Items
		if ev.Value.Kind == node.Object {
			groups = []*node.Node{ev.Value} // one group, not a list: the decoder reads it so
		}
		for _, g := range groups {
			if g.Kind != node.Object {
				continue
			}
			handlers := g.Get("hooks")
			if handlers == nil {
				rename(g) // a handler without a group
				continue
			}
			for _, h := range handlers.Items {
				rename(h)
			}
		}
	}
}

// placeTables gives the hooks decoded from src (root's "hooks") back
// what TOML decoding forgot: the events in the order the file first
// names them as [[hooks.<Event>]] tables (not sorted), so hooks are
// numbered as the author reads them; and to every table its header's
// position and to every key assigned in it (dotted or not) the
// positions of the key and of its value, whatever shape the hooks are
// written in ([hooks.<Event>] as one table, [hooks] with events as
// values), so that diagnostics point at them. Events written otherwise
// than as [[…]] tables (inline arrays, dotted keys) keep their place
// after those.
func placeTables(root *node.Node, src string) {
	tree := root.Get("hooks")
	spans := hookGroups(src)
	first := func(ev string) int {
		if gs := spans[ev]; len(gs) > 0 {
			return gs[0].whole.start
		}
		return len(src) // after every event written as tables
	}
	sort.SliceStable(tree.Fields, func(i, j int) bool { return first(tree.Fields[i].Key) < first(tree.Fields[j].Key) })
	at := offsets(src)
	var scan tomlScanner
	table, start := root, 0 // the table the lines being read belong to, and where its text starts
	arrays := map[*node.Node]int{}
	off := 0
	for _, line := range strings.SplitAfter(src, "\n") {
		if scan.atTopLevel() && anyHeader().MatchString(line) {
			if table != nil {
				placeValues(table, src[start:off], start, at)
			}
			table, start = nil, off
			if keys, array, ok := tableHeader(line); ok {
				table = headerTable(root, keys, array, arrays, at(off+firstContent(line)))
			}
		}
		scan.line(line)
		off += len(line)
	}
	if table != nil {
		placeValues(table, src[start:], start, at)
	}
}

// headerTable is the table of the tree under root that a header with
// the dotted key keys names (an array-of-tables header when array), as
// TOML resolves it: a key that holds an array of tables means its last
// element read so far, and the last key of an array header the next
// one. arrays counts the [[…]] headers read so far per array. Each
// table and key on the way that has no position yet is given pos, the
// header's: the first header that names them defines them. nil when the
// header names nothing in the tree (another setting, the trust state).
func headerTable(root *node.Node, keys []string, array bool, arrays map[*node.Node]int, pos diag.Pos) *node.Node {
	n := root
	for i, k := range keys {
		f := fieldOf(n, k)
		if f == nil {
			return nil
		}
		if f.KeyPos.Line == 0 {
			f.KeyPos = pos
		}
		v := f.Value
		if v.Pos.Line == 0 {
			v.Pos = pos
		}
		if v.Kind == node.Array {
			read := arrays[v]
			if array && i == len(keys)-1 {
				arrays[v]++
				read++
			}
			if read == 0 || read > len(v.Items) {
				return nil // an inline array: no header adds to it
			}
			v = v.Items[read-1]
			if v.Pos.Line == 0 {
				v.Pos = pos
			}
		}
		if v.Kind != node.Object {
			return nil
		}
		n = v
	}
	return n
}

// fieldOf is t's field key (the first: TOML forbids a key twice), or nil.
func fieldOf(t *node.Node, key string) *node.Field {
	for i := range t.Fields {
		if t.Fields[i].Key == key {
			return &t.Fields[i]
		}
	}
	return nil
}

// inheritPositions gives every table, value and key of n still without
// a position (the values of inline arrays and tables, whose parts the
// line scanner does not place) the position of the nearest one around
// it that has one: a diagnostic about them points at least at the
// assignment that holds them, never at the file alone.
func inheritPositions(n *node.Node, outer diag.Pos) {
	if n.Pos.Line == 0 {
		n.Pos = outer
	}
	for i := range n.Fields {
		f := &n.Fields[i]
		if f.KeyPos.Line == 0 {
			f.KeyPos = cmp.Or(f.Value.Pos, n.Pos)
		}
		inheritPositions(f.Value, f.KeyPos)
	}
	for _, it := range n.Items {
		inheritPositions(it, n.Pos)
	}
}

// offsets returns the position of a byte offset in src.
func offsets(src string) func(int) diag.Pos {
	lineStarts := []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			lineStarts = append(lineStarts, i+1)
		}
	}
	return func(off int) diag.Pos {
		line := sort.SearchInts(lineStarts, off+1) // lines starting at or before off
		return diag.Pos{Line: line, Column: off - lineStarts[line-1] + 1, Offset: off}
	}
}

// placeValues gives each of a table's keys (in the tree t) the position
// of its "key = value" line in the table's text (which starts at offset
// base), and each value the position of what follows the "=", for the
// diagnostics about them. A dotted key (a.b = 1) places each table on
// its way too, at the key. Header lines and lines inside multi-line
// values are no keys.
func placeValues(t *node.Node, table string, base int, at func(int) diag.Pos) {
	off := 0
	var scan tomlScanner
	for _, line := range strings.SplitAfter(table, "\n") {
		top := scan.atTopLevel()
		scan.line(line)
		if top && !anyHeader().MatchString(line) {
			if keys, rest, ok := dottedKey(line); ok && strings.HasPrefix(rest, "=") {
				value := strings.TrimLeft(rest[1:], " \t")
				placeKey(t, keys, at(base+off+firstContent(line)), at(base+off+len(line)-len(value)))
			}
		}
		off += len(line)
	}
}

// placeKey sets the key and value positions of the field that the
// dotted key keys names in t, and those of the tables on its way to the
// key's, unless they are set already (TOML forbids a key twice; the
// first one wins).
func placeKey(t *node.Node, keys []string, keyPos, valuePos diag.Pos) {
	for i, k := range keys {
		f := fieldOf(t, k)
		if f == nil {
			return
		}
		if f.KeyPos.Line == 0 {
			f.KeyPos = keyPos
		}
		if i == len(keys)-1 {
			if f.Value.Pos.Line == 0 {
				f.Value.Pos = valuePos
			}
			return
		}
		if f.Value.Pos.Line == 0 {
			f.Value.Pos = keyPos // a table a dotted key defines starts at it
		}
		t = f.Value
	}
}

// tableHeader reads a table header line: its dotted key, and whether it
// is an array-of-tables header ([[…]]). ok is false when the line is no
// header hookconv can read.
func tableHeader(line string) (keys []string, array, ok bool) {
	s := strings.TrimLeft(line, " \t")
	if !strings.HasPrefix(s, "[") {
		return nil, false, false
	}
	array = strings.HasPrefix(s, "[[")
	closing := "]"
	if array {
		s, closing = s[1:], "]]"
	}
	keys, rest, ok := dottedKey(s[1:])
	if !ok || !strings.HasPrefix(rest, closing) {
		return nil, false, false
	}
	return keys, array, true
}

// dottedKey reads the TOML key at the start of s (after spaces): its
// parts, bare or quoted, and what follows it, spaces skipped. ok is
// false when s starts with no key.
func dottedKey(s string) (keys []string, rest string, ok bool) {
	for {
		s = strings.TrimLeft(s, " \t")
		var key string
		switch {
		case strings.HasPrefix(s, `"`):
			end := 1
			for ; end < len(s) && s[end] != '"'; end++ {
				if s[end] == '\\' {
					end++
				}
			}
			if end >= len(s) {
				return nil, "", false
			}
			var err error
			if key, err = strconv.Unquote(s[:end+1]); err != nil {
				key = s[1:end] // an escape Go does not read: near enough to find the key
			}
			s = s[end+1:]
		case strings.HasPrefix(s, "'"):
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				return nil, "", false
			}
			key, s = s[1:1+end], s[end+2:]
		default:
			end := 0
			for end < len(s) && isBareKeyByte(s[end]) {
				end++
			}
			if end == 0 {
				return nil, "", false
			}
			key, s = s[:end], s[end:]
		}
		keys = append(keys, key)
		s = strings.TrimLeft(s, " \t")
		if !strings.HasPrefix(s, ".") {
			return keys, s, true
		}
		s = s[1:]
	}
}

// isBareKeyByte reports whether c may stand in a bare TOML key.
func isBareKeyByte(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// firstContent is how many spaces and tabs a text starts with.
func firstContent(s string) int {
	return len(s) - len(strings.TrimLeft(s, " \t"))
}

// firstHooksHeader is the position of the first table header of the hooks
// (not of their trust state), where a diagnostic about them all points.
func firstHooksHeader(src []byte) diag.Pos {
	for i, line := range strings.Split(string(src), "\n") {
		if hooksHeader().MatchString(line) && !stateHeader().MatchString(line) {
			return diag.Pos{Line: i + 1, Column: 1}
		}
	}
	return diag.Pos{}
}

// parseErrorPos is where a TOML parse error points in src. The decoder's
// own line and column disagree (the line is the lexer's, often already on
// the next line, and the column is counted from the byte offset against
// another line), so both are worked out again from the byte offset of the
// token at fault: a duplicate key's start, the end of a header missing
// its "]". Line 1, column 1 when the error carries no offset.
func parseErrorPos(src []byte, err error) diag.Pos {
	var se *node.SyntaxError
	if errors.As(err, &se) {
		return se.Pos
	}
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return diag.Pos{Line: 1, Column: 1}
	}
	off := pe.Position.Start
	// The decoder skips a byte order mark before it counts offsets.
	for _, bom := range []string{"\xef\xbb\xbf", "\xff\xfe", "\xfe\xff"} {
		if bytes.HasPrefix(src, []byte(bom)) {
			off += len(bom)
			break
		}
	}
	return offsetPos(src, min(max(off, 0), len(src)))
}

// parseErrorText is a TOML parse error's message without the decoder's
// "toml: line N:" prefix, whose line parseErrorPos corrects.
func parseErrorText(err error) string {
	var se *node.SyntaxError
	if errors.As(err, &se) {
		return se.Msg
	}
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return firstLine(err.Error())
	}
	msg := firstLine(pe.Message)
	if pe.LastKey != "" && !strings.Contains(msg, pe.LastKey) {
		msg += fmt.Sprintf(" (last key %q)", pe.LastKey)
	}
	return msg
}

// offsetPos is the line and column of byte offset off in src.
func offsetPos(src []byte, off int) diag.Pos {
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	return diag.Pos{Line: line, Column: off - bytes.LastIndexByte(src[:off], '\n'), Offset: off}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// fromTOML converts decoded TOML to a tree; table keys come out sorted
// because TOML tables are unordered.
func fromTOML(v any) *node.Node {
	switch v := v.(type) {
	case map[string]any:
		n := &node.Node{Kind: node.Object, End: -1}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			n.Fields = append(n.Fields, node.Field{Key: k, Value: fromTOML(v[k])})
		}
		return n
	case []map[string]any:
		n := &node.Node{Kind: node.Array, End: -1}
		for _, x := range v {
			n.Items = append(n.Items, fromTOML(x))
		}
		return n
	case []any:
		n := &node.Node{Kind: node.Array, End: -1}
		for _, x := range v {
			n.Items = append(n.Items, fromTOML(x))
		}
		return n
	case string:
		return &node.Node{Kind: node.String, Text: v, End: -1}
	case bool:
		return &node.Node{Kind: node.Bool, Bool: v, End: -1}
	case int64:
		return &node.Node{Kind: node.Number, Text: strconv.FormatInt(v, 10), End: -1}
	case float64:
		text := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.ContainsAny(text, ".eEIN") {
			// A TOML float stays one (2.0): Codex reads no float as an
			// integer, so whether it was one matters.
			text += ".0"
		}
		return &node.Node{Kind: node.Number, Text: text, End: -1}
	default:
		return &node.Node{Kind: node.String, Text: fmt.Sprint(v), End: -1}
	}
}

// hooksHeader matches a table header that belongs to the hooks, except
// the trust state Codex keeps beside them.
var hooksHeader = lazy.Regexp(`^\s*\[\[?\s*hooks\s*(\]|\.)`)
var stateHeader = lazy.Regexp(`^\s*\[\[?\s*hooks\s*\.\s*state\b`)
var anyHeader = lazy.Regexp(`^\s*\[`)

// Render writes the hooks as [[hooks.<Event>]] tables. In an existing
// config.toml the old hook tables are replaced, in place: the new tables
// stand where the first old one stood, and every other line — settings,
// other tables, the trust state, comments — is kept as it was, where it
// was. Comment lines that end a hook table and lead into a table that is
// not the hooks' belong to that table and are kept; other comments inside
// the old hook tables go with them. When the new hooks only add to the
// old ones in a way tables appended after them can say (appendTables),
// the old tables stay as they are and the new ones follow them.
func (f tomlFormat) Render(hooks *node.Node, existing []byte) ([]byte, diag.List) {
	var ds diag.List
	var before, after []string // the kept lines around the hook tables
	var probe map[string]any   // the existing file, decoded
	// A file with Windows line endings is edited with Unix ones and given
	// its own back, so the lines written match the lines kept.
	crlf := bytes.Contains(existing, []byte("\r\n"))
	if crlf {
		if root, _ := f.Parse("config.toml", existing); root != nil && node.SameValue(root.Get("hooks"), hooks) {
			return existing, nil
		}
		existing = bytes.ReplaceAll(existing, []byte("\r\n"), []byte("\n"))
	}
	var oldHooks *node.Node
	if len(existing) > 0 {
		// The same hooks again: the file stays as it is, comments in its
		// hook tables included.
		root, _ := f.Parse("config.toml", existing)
		if root != nil {
			if oldHooks = root.Get("hooks"); node.SameValue(oldHooks, hooks) {
				return existing, nil
			}
		}
		var se *node.SyntaxError
		if errors.As(node.CheckEncoding(existing), &se) {
			ds.Errorf(nested.CodeShape, se.Pos, "", se.Hint, "cannot merge into invalid TOML: %s", se.Msg)
			return nil, ds
		}
		if err := decodeTOML(existing, &probe); err != nil {
			what, hint := tomlProblem(err, "fix the TOML first")
			ds.Errorf(syntaxCode(err), parseErrorPos(existing, err), "", hint, "cannot merge into %s: %s", what, parseErrorText(err))
			return nil, ds
		}
		switch h := probe["hooks"].(type) {
		case nil:
		case map[string]any:
			for _, k := range sortedkeys.Of(h) { // the same event named on every run
				if k != stateKey && !tableDefined(existing, k) {
					at := keyAssigned(existing, k)
					if !at.IsValid() && root != nil {
						if key := fieldOf(root, "hooks"); key != nil {
							// An inline table, hooks = { PreToolUse = … },
							// on the hooks key's line (QA: no line, no
							// column).
							at = key.KeyPos
						}
					}
					ds.Errorf(nested.CodeShape, at, "", "move the hooks into [[hooks.<Event>]] tables",
						"the existing hooks (%s) are not written as tables; hookconv cannot replace them safely", k)
					return nil, ds
				}
			}
		default:
			var at diag.Pos // at the hooks key
			if root != nil {
				if key := fieldOf(root, "hooks"); key != nil {
					at = key.KeyPos
				}
			}
			ds.Errorf(nested.CodeShape, at, "", "remove or rename the hooks key, then convert again",
				"the existing hooks key is not a table; hookconv cannot replace it safely")
			return nil, ds
		}
		if out, ok := appendTables(string(existing), oldHooks, hooks); ok {
			// Only hooks added after those there (migrate): the old
			// tables stay as written, comments and all.
			if root, _ := f.Parse("config.toml", []byte(out)); root != nil && node.SameValue(root.Get("hooks"), hooks) && sameSettings(probe, []byte(out)) {
				if crlf {
					out = strings.ReplaceAll(out, "\n", "\r\n")
				}
				return []byte(out), ds
			}
		}
		if out, ok := removeTables(string(existing), oldHooks, hooks); ok {
			// Only hooks taken out (--remove-source): the tables of the
			// others stay as written, comments and all.
			if root, _ := f.Parse("config.toml", []byte(out)); root != nil && node.SameValue(root.Get("hooks"), hooks) && sameSettings(probe, []byte(out)) {
				if crlf {
					out = strings.ReplaceAll(out, "\n", "\r\n")
				}
				return []byte(out), ds
			}
		}
		before, after = withoutHookTables(string(existing))
	}
	var b strings.Builder
	b.WriteString(strings.TrimRight(strings.Join(before, ""), "\n"))
	switch {
	case len(before) > 0 && strings.HasPrefix(strings.TrimSpace(before[len(before)-1]), "#"):
		b.WriteString("\n") // a comment right above the old tables stays right above the new
	case b.Len() > 0:
		b.WriteString("\n\n")
	}
	writeTables(&b, hooks)
	if rest := strings.TrimLeft(strings.Join(after, ""), "\n"); rest != "" {
		b.WriteString("\n")
		b.WriteString(rest)
	}
	out := []byte(b.String())
	if dropped := countComments(string(existing)) - countComments(b.String()); dropped > 0 {
		ds.Warnf(CodeCommentsDropped, firstHooksHeader(existing), "", "put the notes back by hand, or keep them outside the hook tables",
			"%d comment(s) inside the old hook tables are not kept: the hook tables are written anew", dropped)
	}
	if len(existing) > 0 && !sameSettings(probe, out) {
		// The line edit above went wrong somewhere hookconv did not
		// foresee: refuse rather than write a file that lost a setting.
		// The old hook tables are where the edit was made (nowhere in
		// particular when there were none: the file is named alone).
		ds.Errorf(nested.CodeShape, firstHooksHeader(existing), "", "convert into a new file (-o .codex/hooks.json) and merge by hand",
			"cannot merge into this config.toml without changing its other settings")
		return nil, ds
	}
	if crlf {
		// Not nil for an empty file: nil means nothing is written.
		out = append([]byte{}, bytes.ReplaceAll(out, []byte("\n"), []byte("\r\n"))...)
	}
	return out, ds
}

// writeTables writes the hooks value as [[hooks.<Event>]] tables.
func writeTables(b *strings.Builder, hooks *node.Node) {
	for i, ev := range hooks.Fields {
		for j, g := range ev.Value.Items {
			if i+j > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(b, "[[hooks.%s]]\n", tomlKey(ev.Key))
			for _, f := range g.Fields {
				if f.Key != "hooks" {
					fmt.Fprintf(b, "%s = %s\n", tomlKey(f.Key), tomlValue(f.Value))
				}
			}
			for _, h := range g.Get("hooks").Items {
				fmt.Fprintf(b, "\n[[hooks.%s.hooks]]\n", tomlKey(ev.Key))
				for _, f := range h.Fields {
					fmt.Fprintf(b, "%s = %s\n", tomlKey(f.Key), tomlValue(f.Value))
				}
			}
		}
	}
}

// sameSettings reports whether out parses and holds the settings of the
// decoded file it was merged into, the hooks aside (but not the trust
// state Codex keeps beside them).
func sameSettings(existing map[string]any, out []byte) bool {
	var merged map[string]any
	if err := decodeTOML(out, &merged); err != nil {
		return false
	}
	return reflect.DeepEqual(withoutHooks(existing), withoutHooks(merged))
}

// withoutHooks drops a decoded config's hooks, keeping their trust state.
// (Never nil, so an empty file and one holding only hooks compare equal.)
func withoutHooks(doc map[string]any) map[string]any {
	out := make(map[string]any, len(doc))
	maps.Copy(out, doc)
	delete(out, "hooks")
	if h, ok := doc["hooks"].(map[string]any); ok && h[stateKey] != nil {
		out["hooks."+stateKey] = h[stateKey]
	}
	return out
}

// withoutHookTables splits a config.toml's lines, its hook tables left
// out, into those before the first hook table and those after it (all
// of them when it has none). Lines inside multi-line strings are never
// taken for table headers.
func withoutHookTables(src string) (before, after []string) {
	var kept []string
	at := -1              // where the first hook table stood in kept
	var trailing []string // comment and blank lines ending the current hook table
	inHooks := false
	var scan tomlScanner
	for _, line := range strings.SplitAfter(src, "\n") {
		if scan.atTopLevel() && anyHeader().MatchString(line) {
			hooksTable := hooksHeader().MatchString(line) && !stateHeader().MatchString(line)
			if inHooks && !hooksTable {
				kept = append(kept, trailing...) // they lead into this table
			}
			trailing = nil
			if hooksTable && at < 0 {
				at = len(kept)
			}
			inHooks = hooksTable
		}
		switch {
		case !inHooks:
			kept = append(kept, line)
		case scan.atTopLevel() && isCommentOrBlank(line):
			trailing = append(trailing, line)
		default:
			trailing = nil
		}
		scan.line(line)
	}
	kept = append(kept, trailing...) // comments after the last hook table end the file
	if at < 0 {
		return kept, nil
	}
	return kept[:at], kept[at:]
}

// tomlScanner follows TOML's multi-line values line by line — strings,
// arrays and inline tables — so a line inside one ("[x]" in a """…"""
// string, "[1, 2]" in an array of arrays) is not read as a header.
type tomlScanner struct {
	open  string // the quotes of the multi-line string open at the line's start, or ""
	depth int    // arrays and inline tables open at the line's start
	// comments counts the comments seen, outside strings.
	comments int
}

// countComments counts a TOML document's comments.
func countComments(src string) int {
	var scan tomlScanner
	for _, line := range strings.SplitAfter(src, "\n") {
		scan.line(line)
	}
	return scan.comments
}

// atTopLevel reports whether the next line starts outside any value.
func (s *tomlScanner) atTopLevel() bool { return s.open == "" && s.depth == 0 }

// line advances past one line.
func (s *tomlScanner) line(l string) {
	for i := 0; i < len(l); i++ {
		if s.open != "" {
			if s.open == `"""` && l[i] == '\\' {
				i++ // an escape: the next character cannot close the string
				continue
			}
			if strings.HasPrefix(l[i:], s.open) {
				i += len(s.open) - 1
				// A closing run may be longer ("a""""): the string keeps
				// up to two more quotes.
				for i+1 < len(l) && l[i+1] == s.open[0] {
					i++
				}
				s.open = ""
			}
			continue
		}
		switch c := l[i]; {
		case c == '#':
			s.comments++
			return // a comment runs to the end of the line
		case strings.HasPrefix(l[i:], `"""`), strings.HasPrefix(l[i:], "'''"):
			s.open = l[i : i+3]
			i += 2
		case c == '"' || c == '\'':
			// A one-line string: skip to its end.
			for i++; i < len(l) && l[i] != c; i++ {
				if c == '"' && l[i] == '\\' {
					i++
				}
			}
		case c == '[' || c == '{':
			s.depth++ // a header's brackets close on its own line
		case (c == ']' || c == '}') && s.depth > 0:
			s.depth--
		}
	}
}

// isCommentOrBlank reports whether a TOML line holds only a comment or
// white space.
func isCommentOrBlank(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "#")
}

// tableDefined reports whether [[hooks.<event>]] headers define the event.
func tableDefined(src []byte, event string) bool {
	re := regexp.MustCompile(`(?m)^\s*\[\[\s*hooks\s*\.\s*"?` + regexp.QuoteMeta(event) + `"?\s*\]\]`)
	return re.Match(src)
}

// keyAssigned is where the file first assigns the hooks of event as a
// value (PreToolUse = [ … ], hooks.PreToolUse = …), not as tables; the
// zero position when it cannot be found.
func keyAssigned(src []byte, event string) diag.Pos {
	re := regexp.MustCompile(`(?m)^[ \t]*(?:hooks[ \t]*\.[ \t]*)?"?` + regexp.QuoteMeta(event) + `"?[ \t]*(?:\.|=)`)
	loc := re.FindIndex(src)
	if loc == nil {
		return diag.Pos{}
	}
	start := loc[0] + len(src[loc[0]:loc[1]]) - len(bytes.TrimLeft(src[loc[0]:loc[1]], " \t"))
	line := 1 + bytes.Count(src[:start], []byte("\n"))
	return diag.Pos{Line: line, Column: start - bytes.LastIndexByte(src[:start], '\n')}
}

var bareKey = lazy.Regexp(`^[A-Za-z0-9_-]+$`)

func tomlKey(k string) string {
	if bareKey().MatchString(k) {
		return k
	}
	return tomlString(k)
}

func tomlValue(n *node.Node) string {
	switch n.Kind {
	case node.String:
		return tomlString(n.Text)
	case node.Bool:
		return strconv.FormatBool(n.Bool)
	case node.Number:
		return n.Text
	case node.Array:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			parts[i] = tomlValue(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case node.Object:
		parts := make([]string, len(n.Fields))
		for i, f := range n.Fields {
			parts[i] = tomlKey(f.Key) + " = " + tomlValue(f.Value)
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return `""`
}

// tomlString writes a TOML basic string; a command with quotes or
// backslashes (common in shell) is written as a literal string when it
// can be, to stay readable.
func tomlString(s string) string {
	if strings.ContainsAny(s, `"\`) && !strings.ContainsAny(s, "'\n\r\t") && isPrintable(s) {
		return "'" + s + "'"
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

func isPrintable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}
