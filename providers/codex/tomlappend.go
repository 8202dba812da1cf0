package codex

import (
	"fmt"
	"strings"

	"github.com/hookconv/hookconv/internal/node"
)

// appendTables returns existing with the hooks that hooks adds to the
// hooks it already holds (old, as parsed) written as new tables after its
// last hook table, every old line kept, comments inside the old hook
// tables too. That is what migrate's merge writes: the hooks already
// there, then new ones. It works when each addition can be written by
// appending tables: TOML's [[hooks.E.hooks]] adds a handler to the last
// [[hooks.E]] group, and [[hooks.E]] a group at the end of E's list. ok
// is false otherwise (a handler joins a group before the last, a hook
// changed or went away); the caller then rewrites the hook tables whole.
func appendTables(existing string, old, hooks *node.Node) (string, bool) {
	if old == nil || old.Kind != node.Object || hooks.Kind != node.Object {
		return "", false
	}
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
			if !node.SameValue(oldGroups[i], newGroups[i]) {
				return "", false
			}
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
	if add.Len() == 0 {
		return "", false
	}
	at := hookTablesEnd(existing)
	if at < 0 {
		return "", false
	}
	head := existing[:at]
	if !strings.HasSuffix(head, "\n") {
		head += "\n"
	}
	return head + add.String() + existing[at:], true
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
