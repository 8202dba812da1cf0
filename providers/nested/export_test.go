package nested

import (
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// OracleEncodeTree is EncodeTree's grouping as it was before
// passesSameTools looked the groups up by key: one hook at a time, each
// joining group asked of every later group of its event (oldPasses).
// It returns the tree and how often a hook opened a group of its own
// for that, for TestGroupingMatchesOracle to know it tested the case.
func (c *Codec) OracleEncodeTree(m *canonical.Manifest) (*node.Node, int) {
	c.load()
	a := &node.Arena{}
	var (
		ds     diag.List
		memo   providers.DataMemo
		last   lastAsked
		events []*eventGroups
		passed int
	)
	byEvent := map[string]*eventGroups{}
	for i := range m.Hooks {
		e := c.encodeHook(&ds, m, i, a, &memo, &last)
		if !e.ok {
			continue
		}
		ev := byEvent[e.native]
		if ev == nil {
			ev = &eventGroups{native: e.native, latest: map[groupKey]*group{}}
			byEvent[e.native] = ev
			events = append(events, ev)
		}
		matchers := e.split
		if matchers == nil {
			matchers = []writtenMatcher{e.matcher}
		}
		for _, mt := range matchers {
			key := groupKey{event: e.native, matcher: mt.text, hasMatcher: mt.present, group: compact(e.extra)}
			g := ev.latest[key]
			passes := g != nil && !e.newGroup && c.oldPasses(ev, g, mt)
			if passes {
				passed++
			}
			if g == nil || e.newGroup || passes {
				g = &group{key: key, matcher: mt, extra: e.extra, at: len(ev.groups)}
				ev.groups = append(ev.groups, g)
				ev.latest[key] = g
			}
			g.handlers = append(g.handlers, e.handler)
		}
	}
	out := &node.Node{Kind: node.Object}
	for _, ev := range events {
		list := &node.Node{Kind: node.Array}
		for _, g := range ev.groups {
			var fields []node.Field
			if g.matcher.present {
				fields = append(fields, field("matcher", a.String(g.matcher.text)))
			}
			if g.extra != nil {
				fields = append(fields, g.extra.Fields...)
			}
			fields = append(fields, field("hooks", &node.Node{Kind: node.Array, Items: g.handlers}))
			list.Items = append(list.Items, &node.Node{Kind: node.Object, Fields: fields})
		}
		out.Fields = append(out.Fields, field(ev.native, list))
	}
	return out, passed
}

// oldPasses is passesSameTools as it was: g's matcher, then every later
// group's, read and compared with sameTools.
func (c *Codec) oldPasses(ev *eventGroups, g *group, mt writtenMatcher) bool {
	if g.at == len(ev.groups)-1 {
		return false
	}
	want := c.readMatcher(mt)
	for _, later := range ev.groups[g.at+1:] {
		if slices.ContainsFunc(c.Prov.FilterKeys, func(k string) bool { return !node.SameValue(later.extra.Get(k), g.extra.Get(k)) }) {
			continue
		}
		if sameTools(c.readMatcher(later.matcher), want) {
			return true
		}
	}
	return false
}

// sameTools reports whether two matchers name the same tools: the same
// matcher, or lists of the same members in another order ("Write|Edit",
// "Edit|Write").
func sameTools(a, b canonical.Matcher) bool {
	x, xList := a.(canonical.AnyOf)
	y, yList := b.(canonical.AnyOf)
	if !xList || !yList {
		return canonical.SameMatcher(a, b)
	}
	return len(x) == len(y) && !slices.ContainsFunc(x, func(m canonical.Matcher) bool {
		return !slices.ContainsFunc(y, func(n canonical.Matcher) bool { return canonical.SameMatcher(m, n) })
	})
}
