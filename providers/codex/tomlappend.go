package codex

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/internal/node"
)

// appendTables returns existing with the hooks that hooks adds to the
// hooks it already holds (old, as parsed) written as new tables, every
// old line kept, comments inside the old hook tables too. That is what
// migrate's merge writes: the hooks already there, then new ones. TOML's
// [[hooks.E.hooks]] adds a handler to the [[hooks.E]] group defined last
// above it, so a handler that joins a group goes right after that group's
// tables, and new groups and events after the last hook table. ok is
// false when the new hooks change or drop an old one; the caller then
// rewrites the hook tables whole.
func appendTables(existing string, old, hooks *node.Node) (string, bool) {
	if old == nil || old.Kind != node.Object || hooks.Kind != node.Object {
		return "", false
	}
	type insertion struct {
		at   int
		text string
	}
	var inserts []insertion
	var add strings.Builder
	for _, ev := range hooks.Fields {
		if ev.Key == stateKey {
			continue
		}
		if ev.Value.Kind != node.Array {
			return "", false
		}
		was := old.Get(ev.Key)
		if was == nil {
			writeGroups(&add, ev.Key, ev.Value.Items)
			continue
		}
		if was.Kind != node.Array {
			return "", false
		}
		oldGroups, newGroups := was.Items, ev.Value.Items
		n := len(oldGroups)
		if n == 0 || len(newGroups) < n {
			return "", false
		}
		for i := 0; i < n-1; i++ {
			extra, ok := addedHandlers(oldGroups[i], newGroups[i])
			if !ok {
				return "", false
			}
			if len(extra) == 0 {
				continue
			}
			at := groupEnd(existing, ev.Key, i)
			if at < 0 {
				return "", false
			}
			var b strings.Builder
			for _, h := range extra {
				writeHandler(&b, ev.Key, h)
			}
			inserts = append(inserts, insertion{at, b.String()})
		}
		extra, ok := addedHandlers(oldGroups[n-1], newGroups[n-1])
		if !ok {
			return "", false
		}
		for _, h := range extra {
			writeHandler(&add, ev.Key, h)
		}
		writeGroups(&add, ev.Key, newGroups[n:])
	}
	for _, ev := range old.Fields {
		if ev.Key != stateKey && hooks.Get(ev.Key) == nil {
			return "", false // an event went away
		}
	}
	if add.Len() == 0 && len(inserts) == 0 {
		return "", false
	}
	if add.Len() > 0 {
		at := hookTablesEnd(existing)
		if at < 0 {
			return "", false
		}
		inserts = append(inserts, insertion{at, add.String()})
	}
	// Splice from the last insertion up, so earlier offsets hold.
	slices.SortStableFunc(inserts, func(a, b insertion) int { return b.at - a.at })
	out := existing
	for _, in := range inserts {
		head := out[:in.at]
		if !strings.HasSuffix(head, "\n") {
			head += "\n"
		}
		out = head + in.text + out[in.at:]
	}
	return out, true
}

// groupEnd is the offset just past the last line of the tables of group
// i of event's list (its [[hooks.<event>]] table and the handler tables
// under it; comment and blank lines that end it not counted), or -1.
func groupEnd(src, event string, i int) int {
	quoted := `\s*"?` + regexp.QuoteMeta(event) + `"?\s*`
	groupHeader := regexp.MustCompile(`^\s*\[\[\s*hooks\s*\.` + quoted + `\]\]`)
	handlerHeader := regexp.MustCompile(`^\s*\[\[\s*hooks\s*\.` + quoted + `\.\s*hooks\s*\]\]`)
	end, off, group := -1, 0, -1
	in := false
	var scan tomlScanner
	for _, line := range strings.SplitAfter(src, "\n") {
		top := scan.atTopLevel()
		if top && anyHeader().MatchString(line) {
			switch {
			case groupHeader.MatchString(line):
				group++
				in = group == i
			case handlerHeader.MatchString(line):
			default:
				in = false
			}
		}
		off += len(line)
		if in && !(top && isCommentOrBlank(line)) {
			end = off
		}
		scan.line(line)
	}
	return end
}

// addedHandlers returns the handlers a group gained at its end, when the
// group is otherwise the same.
func addedHandlers(old, new *node.Node) ([]*node.Node, bool) {
	if node.SameValue(old, new) {
		return nil, true
	}
	if old.Kind != node.Object || new.Kind != node.Object || len(old.Fields) != len(new.Fields) {
		return nil, false
	}
	for _, f := range old.Fields {
		if f.Key != "hooks" && !node.SameValue(f.Value, new.Get(f.Key)) {
			return nil, false
		}
	}
	oh, nh := old.Get("hooks"), new.Get("hooks")
	if oh == nil || nh == nil || oh.Kind != node.Array || nh.Kind != node.Array || len(nh.Items) < len(oh.Items) {
		return nil, false
	}
	for i, h := range oh.Items {
		if !node.SameValue(h, nh.Items[i]) {
			return nil, false
		}
	}
	return nh.Items[len(oh.Items):], true
}

// writeGroups writes groups as [[hooks.<event>]] tables, each after a
// blank line.
func writeGroups(b *strings.Builder, event string, groups []*node.Node) {
	for _, g := range groups {
		fmt.Fprintf(b, "\n[[hooks.%s]]\n", tomlKey(event))
		for _, f := range g.Fields {
			if f.Key != "hooks" {
				fmt.Fprintf(b, "%s = %s\n", tomlKey(f.Key), tomlValue(f.Value))
			}
		}
		if hs := g.Get("hooks"); hs != nil {
			for _, h := range hs.Items {
				writeHandler(b, event, h)
			}
		}
	}
}

// writeHandler writes one handler as a [[hooks.<event>.hooks]] table,
// which TOML adds to the event's last group.
func writeHandler(b *strings.Builder, event string, h *node.Node) {
	fmt.Fprintf(b, "\n[[hooks.%s.hooks]]\n", tomlKey(event))
	for _, f := range h.Fields {
		fmt.Fprintf(b, "%s = %s\n", tomlKey(f.Key), tomlValue(f.Value))
	}
}

// hookTablesEnd is the offset just past the last line of the last hook
// table (comment and blank lines that end it not counted: they lead into
// what follows), or -1 when there is none.
func hookTablesEnd(src string) int {
	end, off := -1, 0
	inHooks := false
	var scan tomlScanner
	for _, line := range strings.SplitAfter(src, "\n") {
		if scan.atTopLevel() && anyHeader().MatchString(line) {
			inHooks = hooksHeader().MatchString(line) && !stateHeader().MatchString(line)
		}
		top := scan.atTopLevel()
		off += len(line)
		if inHooks && !(top && isCommentOrBlank(line)) {
			end = off
		}
		scan.line(line)
	}
	return end
}
