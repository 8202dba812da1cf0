package codex

// Which hooks of a rewritten hooks file Codex asks to approve again
// (HC330). An approval is kept by the hook's key, its place in the file
// (event, group index, handler index), and holds for one hash of it (see
// the top of trust.go): a hook the write leaves at its place, with the
// same hash, keeps the approval it had; one it adds, changes or moves
// has none until a person approves it in /hooks, and Codex skips it.

import (
	"fmt"
	"strings"

	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// namedHooks is how many asked-about hooks HC330 names.
const namedHooks = 3

// handlerSlot is one handler of a hooks file, where Codex keys its
// approval.
type handlerSlot struct {
	at             slotKey
	event          string     // the event's native name
	group, handler *node.Node // what Codex hashes (HookHash)
}

// slotKey is a handler's approval key within its file (hookKey without
// the path): the event's label, the group's and the handler's indexes.
type slotKey struct {
	label          string
	group, handler int
}

// name is how HC330 names the slot: counted from 1, as a person does.
func (s handlerSlot) name() string {
	return fmt.Sprintf("%s group %d hook %d", s.event, s.at.group+1, s.at.handler+1)
}

// reapprovalNote says which hooks Codex asks to approve again once after
// replaces before as the hooks file p (nil before: no file was there),
// "" for none. goos is the system Codex runs on, whose command it hashes.
func reapprovalNote(p string, before, after []byte, goos string) string {
	old := hookSlots(p, before)
	if len(old) == 0 {
		// Nothing was approved here: every hook is asked about, and the
		// new file, which may hold thousands, need not be read.
		return "Codex will ask to approve every hook of this file, which held none before this write, and skips them until then"
	}
	was := make(map[slotKey]handlerSlot, len(old))
	for _, s := range old {
		was[s.at] = s
	}
	slots := hookSlots(p, after)
	var asked []handlerSlot
	for _, s := range slots {
		if prev, ok := was[s.at]; !ok || !sameApproval(prev, s, goos) {
			asked = append(asked, s)
		}
	}
	switch n := len(asked); {
	case n == 0:
		return ""
	case len(slots) == 1:
		return "Codex will ask to approve this file's hook, which this write added, changed or moved, and skips it until then: " + slotNames(asked)
	case n == len(slots):
		return fmt.Sprintf("Codex will ask to approve all %d hooks of this file, which this write added, changed or moved, and skips them until then: %s",
			n, slotNames(asked))
	default:
		return fmt.Sprintf("Codex will ask to approve %d of this file's %d hooks, which this write added, changed or moved, and skips them until then: %s; the others keep the approval they had",
			n, len(slots), slotNames(asked))
	}
}

// sameApproval reports whether an approval of the handler at a slot holds
// for what the write put there: the same group fields and handler (which
// Codex hashes alike, however spelled), else the same hash. A handler
// whose hash hookconv cannot show, and that changed, is asked about.
func sameApproval(was, now handlerSlot, goos string) bool {
	if sameMembers(was.group, now.group, "hooks") && sameMembers(was.handler, now.handler, "") {
		return true
	}
	before, ok := HookHash(was.event, was.group, was.handler, goos)
	after, known := HookHash(now.event, now.group, now.handler, goos)
	return ok && known && before == after
}

// sameMembers reports whether objects a and b hold the same members, but
// the one named skip, whatever their order, as node.SameValue compares
// them, without making the two sets it does: this runs for each hook of
// a file that may hold thousands. A repeated key counts as a change.
func sameMembers(a, b *node.Node, skip string) bool {
	if a.Kind != node.Object || b.Kind != node.Object {
		return node.SameValue(a, b)
	}
	n := 0
	for _, f := range a.Fields {
		if f.Key != skip {
			n++
			if !node.SameValue(f.Value, b.Get(f.Key)) {
				return false
			}
		}
	}
	for _, f := range b.Fields {
		if f.Key != skip {
			n--
		}
	}
	return n == 0
}

// slotNames names the first namedHooks slots, and says how many more.
func slotNames(slots []handlerSlot) string {
	names := make([]string, 0, namedHooks+1)
	for _, s := range slots[:min(len(slots), namedHooks)] {
		names = append(names, s.name())
	}
	if more := len(slots) - namedHooks; more > 0 {
		names = append(names, fmt.Sprintf("and %d more", more))
	}
	return strings.Join(names, ", ")
}

// hookSlots returns the handlers of the hooks file p holding data, in
// file order; none for no data, or data Codex cannot read (it then
// approved none of it).
func hookSlots(p string, data []byte) []handlerSlot {
	hooks := parseHooksFile(p, data).Get("hooks")
	if hooks == nil {
		return nil
	}
	var slots []handlerSlot
	for _, ev := range hooks.Fields {
		label := eventLabel(ev.Key)
		eachHandler(ev, func(g, h int, group, handler *node.Node) {
			slots = append(slots, handlerSlot{at: slotKey{label, g, h}, event: ev.Key, group: group, handler: handler})
		})
	}
	return slots
}

// parseHooksFile parses the hooks file p as the adapter reads it
// (config.toml's tables, or hooks.json), nil when there is none or it
// cannot be read. Only parsed: a file of thousands of hooks is not
// decoded into a manifest only to be compared.
func parseHooksFile(p string, data []byte) *node.Node {
	if len(data) == 0 {
		return nil
	}
	if (tomlFormat{}).Handles(p) {
		root, _ := tomlFormat{}.Parse(p, data)
		return root
	}
	prov, _ := vocab.Default().Provider(Dialect.Slug)
	root, _ := providers.ParseJSONConfig(p, data, prov)
	return root
}
