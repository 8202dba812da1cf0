package codex

import (
	"regexp"
	"strings"

	"github.com/hookconv/hookconv/internal/node"
)

// span is a run of a document's bytes: [start, end).
type span struct{ start, end int }

// groupSpans are the tables of one [[hooks.<event>]] group: the group's
// own (from its header to the last line that is not a comment or blank)
// and each [[hooks.<event>.hooks]] handler table under it.
type groupSpans struct {
	whole    span
	handlers []span
}

// hookGroups finds, for each event written as [[hooks.<event>]] tables,
// where each group and each of its handler tables stand in src.
func hookGroups(src string) map[string][]groupSpans {
	header := regexp.MustCompile(`^\s*\[\[\s*hooks\s*\.\s*("[^"]*"|[A-Za-z0-9_-]+)\s*(\.\s*hooks\s*)?\]\]`)
	out := map[string][]groupSpans{}
	var cur *groupSpans // the group being read
	var handler *span   // the handler table being read
	off := 0
	var scan tomlScanner
	for _, line := range strings.SplitAfter(src, "\n") {
		top := scan.atTopLevel()
		if top && anyHeader().MatchString(line) {
			cur, handler = nil, nil
			if m := header.FindStringSubmatch(line); m != nil {
				event := strings.Trim(m[1], `"`)
				groups := out[event]
				if m[2] == "" {
					out[event] = append(groups, groupSpans{whole: span{off, off + len(line)}})
				} else if len(groups) > 0 {
					g := &out[event][len(groups)-1]
					g.handlers = append(g.handlers, span{off, off + len(line)})
				}
				if gs := out[event]; len(gs) > 0 {
					cur = &gs[len(gs)-1]
					if m[2] != "" {
						handler = &cur.handlers[len(cur.handlers)-1]
					}
				}
			}
		}
		off += len(line)
		if cur != nil && !(top && isCommentOrBlank(line)) {
			cur.whole.end = off
			if handler != nil {
				handler.end = off
			}
		}
		scan.line(line)
	}
	return out
}

// removeTables returns existing without the tables of the hooks that
// hooks no longer holds, every other line kept as written, comments
// inside the hook tables too. That is what --remove-source writes: the
// hooks a file keeps are the old ones less some whole groups or handler
// tables, in their order. ok is false for any other change (or hooks
// written other than as tables); the caller then rewrites the tables.
func removeTables(existing string, old, hooks *node.Node) (string, bool) {
	if old == nil || old.Kind != node.Object || hooks == nil || hooks.Kind != node.Object {
		return "", false
	}
	spans := hookGroups(existing)
	var cut []span
	for _, ev := range old.Fields {
		if ev.Key == stateKey {
			continue
		}
		oldGroups := ev.Value
		if oldGroups.Kind != node.Array || len(spans[ev.Key]) != len(oldGroups.Items) {
			return "", false
		}
		var kept []*node.Node
		if now := hooks.Get(ev.Key); now != nil {
			if now.Kind != node.Array {
				return "", false
			}
			kept = now.Items
		}
		// Walk the old groups, matching the kept ones in order.
		k := 0
		for i, g := range oldGroups.Items {
			switch {
			case k < len(kept) && node.SameValue(g, kept[k]):
				k++
			case k < len(kept) && fewerHandlers(g, kept[k]) != nil:
				gone := fewerHandlers(g, kept[k])
				if len(spans[ev.Key][i].handlers) != len(g.Get("hooks").Items) {
					return "", false // handlers not written as tables
				}
				for _, j := range gone {
					cut = append(cut, spans[ev.Key][i].handlers[j])
				}
				k++
			default:
				cut = append(cut, spans[ev.Key][i].whole)
			}
		}
		if k != len(kept) {
			return "", false
		}
	}
	for _, ev := range hooks.Fields {
		if ev.Key != stateKey && old.Get(ev.Key) == nil {
			return "", false // an event the file did not have
		}
	}
	if len(cut) == 0 {
		return "", false
	}
	var b strings.Builder
	at := 0
	for _, c := range cut {
		if c.start < at {
			return "", false
		}
		c.start = withCommentAbove(existing, at, c.start)
		kept := existing[at:c.start]
		// The blank line that set the table apart goes with it.
		if strings.HasSuffix(kept, "\n\n") {
			kept = kept[:len(kept)-1]
		} else if kept == "\n" && at == 0 {
			kept = ""
		}
		b.WriteString(kept)
		at = c.end
	}
	rest := existing[at:]
	if b.Len() == 0 {
		rest = strings.TrimLeft(rest, "\n")
	}
	b.WriteString(rest)
	return b.String(), true
}

// withCommentAbove moves start, where a table's header line begins, up
// over the comment lines right above it (no blank line between), no
// further than from: such a comment is the table's ("# --- stop hook"),
// and goes with it rather than be left above nothing.
func withCommentAbove(src string, from, start int) int {
	for start > from {
		prev := strings.LastIndexByte(src[from:start-1], '\n') + from + 1 // the line above starts here
		if prev < from || !strings.HasPrefix(strings.TrimSpace(src[prev:start]), "#") {
			return start
		}
		start = prev
	}
	return start
}

// fewerHandlers returns the indexes of the handlers old has and kept
// lacks, when kept is old with some handlers taken out and nothing else
// changed; nil otherwise.
func fewerHandlers(old, kept *node.Node) []int {
	if old.Kind != node.Object || kept.Kind != node.Object || len(old.Fields) != len(kept.Fields) {
		return nil
	}
	for _, f := range old.Fields {
		if f.Key != "hooks" && !node.SameValue(f.Value, kept.Get(f.Key)) {
			return nil
		}
	}
	oh, kh := old.Get("hooks"), kept.Get("hooks")
	if oh == nil || kh == nil || oh.Kind != node.Array || kh.Kind != node.Array || len(kh.Items) >= len(oh.Items) {
		return nil
	}
	var gone []int
	k := 0
	for j, h := range oh.Items {
		if k < len(kh.Items) && node.SameValue(h, kh.Items[k]) {
			k++
		} else {
			gone = append(gone, j)
		}
	}
	if k != len(kh.Items) {
		return nil
	}
	return gone
}
