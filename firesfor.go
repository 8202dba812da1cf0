package hookconv

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// CodeFiresFor is reported when a lifecycle hook runs for other values of
// its event on the target than on the source: one tool's event fires only
// for some values (Gemini's Notification: tool-permission prompts only)
// and the other's for more, with no matcher to make up for it.
const CodeFiresFor = "HC427" // the target's event fires for other values (notification kinds) than the source's, and no matcher can say which (warning)

// firesFor fits the planned hooks on a lifecycle event to an event of the
// source or the target that fires only for some of its values and takes
// no matcher (the events table's fires_for column):
//
//   - from such a source, the hook meant exactly those values: a target
//     that takes a value matcher gets it spelled out (its own "$matcher"),
//     one that cannot say it is warned about;
//   - to such a target, a hook for all values runs for fewer (warning), a
//     matcher whose values the target never fires for is not written
//     (HC311), and one that names other values too loses them (HC310);
//     a matcher whose values another name of the target's event fires
//     for alone is written under that name (Claude's "resume" as Cline's
//     TaskResume).
//
// The source's row is the one the hook was read from ("$event": Cline's
// TaskResume, not TaskStart).
//
// A matcher the source ignores (its row takes none) never narrows the
// hook elsewhere: it is removed from the planned hook. Hooks are changed
// in m, which is the conversion's own copy.
func firesFor(m *canonical.Manifest, from, to string) diag.List {
	if from == to || to == "canonical" {
		return nil
	}
	names := vocab.Default()
	// Each hook is fitted on its own (its changes are to its own fields),
	// in chunks at once: a large config's lifecycle hooks, each read for
	// its matcher, kept one core busy some 2.5 ms of the plan while the
	// other idled. Those that could never fire are dropped after.
	never := make([]bool, len(m.Hooks))
	ds := parallel.EachWith(len(m.Hooks), func(rows *providerRows, ds *diag.List, i int) {
		h := &m.Hooks[i]
		if ev, _ := names.Event(h.Event); ev.Subject == "tool" {
			return // most hooks of a large config: never fitted
		}
		src := from
		if from == "canonical" {
			// A manifest hook decoded from a tool says which by its
			// decoder's marks (a Gemini "$matcher"); one without any
			// was written for no tool in particular.
			if src = markedSource(h); src == "" || src == to {
				return
			}
		}
		said := len(*ds)
		never[i] = !fitFiresFor(ds, names, rows, h, i, src, to)
		for j := said; j < len(*ds); j++ {
			(*ds)[j].File = h.OriginFile // as the planner's diagnostics are
		}
	})
	if !slices.Contains(never, true) {
		return ds
	}
	n := 0 // hooks kept; moved down only once one is dropped
	for i := range m.Hooks {
		if !never[i] {
			n = keepHook(m, n, i)
		}
	}
	clear(m.Hooks[n:])
	m.Hooks = m.Hooks[:n]
	return ds
}

// keepHook moves hook i down to slot n, the next of those kept, and
// returns the slot after it.
func keepHook(m *canonical.Manifest, n, i int) int {
	if n != i {
		m.Hooks[n] = m.Hooks[i]
	}
	return n + 1
}

// fitFiresFor fits one hook; it returns false when the hook could never
// fire on the target.
func fitFiresFor(ds *diag.List, names *vocab.Tables, rows *providerRows, h *canonical.Hook, i int, from, to string) bool {
	src, ok := decodedRow(names, h, from, &rows.events.src)
	if !ok {
		return true
	}
	dst, ok := rows.events.dst.of(names, to, h.Event)
	if !ok || (len(src.FiresFor) == 0 && len(dst.FiresFor) == 0 && src.Matcher != vocab.MatchNone && (len(src.Values) == 0 || len(dst.Values) == 0)) {
		return true
	}
	if ev, _ := names.Event(h.Event); ev.Subject == "tool" {
		return true
	}
	srcProv, dstProv := rows.of(names, from), rows.of(names, to)
	matcher := ""
	if bytes.Contains(h.ProviderData[from], []byte(`"$matcher"`)) {
		if v := providers.OwnData(h, from).Get("$matcher"); v != nil && v.Kind == node.String {
			matcher = strings.TrimSpace(v.Text)
		}
	}
	if src.Matcher == vocab.MatchNone && matcher != "" {
		// The source ignored it: the hook ran for whatever the event
		// fires for, and another tool must not read it as a filter.
		withoutData(h, from, "$matcher")
		matcher = ""
	}
	if matcher == "*" {
		matcher = ""
	}
	takesValues := dst.Matcher == vocab.MatchValue || dst.Matcher == vocab.MatchExact
	// The values the hook ran for on the source; nil for all of them.
	var ran []string
	switch {
	case src.Matcher == vocab.MatchNone:
		ran = src.FiresFor
	case matcher != "":
		if len(dst.FiresFor) == 0 {
			return true // the encoder carries or reports the matcher
		}
		if r, ok := rowFiringFor(names, to, h.Event, matcher); ok && r.Name != dst.Name {
			// The target's other name for the event fires for just
			// those values (Cline's TaskResume for resume): the hook is
			// written there, as its decoder reads it back ("$event").
			providers.SetData(h, to, "$event", &node.Node{Kind: node.String, Text: r.Name})
			dst = &r
		}
		return fitMatcher(ds, h, i, from, matcher, *src, *dst, dstProv)
	}

	switch {
	case len(dst.FiresFor) > 0 && (ran == nil || !subset(ran, dst.FiresFor)):
		// Gemini's Notification from an event that fires for more.
		ds.Warnf(CodeFiresFor, h.PosOf(""), hookPath(h, i), "keep the hook in "+srcProv.Name+" if it matters for the other kinds",
			"%s: %s %s runs hooks only for %s; the other kinds %s %s fires it for never reach it there",
			h.DisplayName(i), dstProv.Name, dst.Name, strings.Join(dst.FiresFor, ", "), srcProv.Name, src.Name)
	case len(src.FiresFor) > 0 && takesValues && len(dst.Values) > 0 && subset(src.FiresFor, dst.Values):
		// Only where the target documents the values: a spelling it
		// does not know would never match, and the hook never run.
		text := strings.Join(src.FiresFor, "|")
		providers.SetData(h, to, "$matcher", &node.Node{Kind: node.String, Text: text})
		ds.Infof(nested.CodeMatcherCarried, h.PosOf(""), hookPath(h, i), "",
			"%s: %s runs %s hooks only for %s; written with the matcher %q on %s %s",
			h.DisplayName(i), srcProv.Name, src.Name, strings.Join(src.FiresFor, ", "), text, dstProv.Name, dst.Name)
	case len(src.FiresFor) > 0 && !subset(src.FiresFor, dst.FiresFor):
		ds.Warnf(CodeFiresFor, h.PosOf(""), hookPath(h, i), "filter inside the hook script if it matters",
			"%s: %s runs %s hooks only for %s; %s %s has no documented matcher value for that, so the hook runs for every kind of %s it fires for",
			h.DisplayName(i), srcProv.Name, src.Name, strings.Join(src.FiresFor, ", "), dstProv.Name, dst.Name, h.Event)
	case ran == nil && src.Matcher != vocab.MatchNone && len(src.Values) > 0 && len(dst.Values) > 0 && !slices.Contains(dst.Values, otherValue):
		// No matcher: the hook ran for every value the source's event
		// has (Claude's SessionStart after a compaction too); the target's
		// event fires for those it documents. The same reading as a
		// matcher naming a value the target lacks (HC311). A target that
		// has a value for the rest ("other": Claude's and Gemini's
		// SessionEnd) fires for what it spells otherwise too.
		var lost []string
		for _, v := range src.Values {
			if !slices.Contains(dst.Values, v) {
				lost = append(lost, v)
			}
		}
		if len(lost) > 0 {
			// Said of every such hook of a large config (2,000 of the
			// 10,000-handler benchmark's, to Gemini CLI), in words that
			// differ only by the hook's name: the rest is spelled once
			// for a run of hooks on one pair of events.
			said := rows.said(from, h.Event, src.Name, dst.Name, func() (string, string) {
				return "keep the hook in " + srcProv.Name + " if it matters for those",
					fmt.Sprintf("%s runs %s hooks without a matcher for %s too, which %s %s does not list (it fires for %s): the hook may not run for them there",
						srcProv.Name, src.Name, strings.Join(lost, ", "), dstProv.Name, dst.Name, strings.Join(dst.Values, ", "))
			})
			ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeFiresFor, Pos: h.PosOf(""), Path: hookPath(h, i), Hint: said.hint,
				Message: h.DisplayName(i) + ": " + said.message})
		}
	}
	return true
}

// fitMatcher fits a source value matcher to a target event that fires
// only for dst.FiresFor and takes no matcher. It returns false when none
// of the matcher's values ever occurs there.
func fitMatcher(ds *diag.List, h *canonical.Hook, i int, from, matcher string, src, dst vocab.NativeEvent, dstProv *vocab.Provider) bool {
	matches := func(v string) bool { return slices.Contains(nested.SplitValues(matcher), v) }
	if strings.ContainsAny(matcher, canonical.RegexSyntaxBesidesBar) {
		re, err := regexp.Compile(matcher)
		if err != nil {
			return true // the validate stage reports a broken pattern
		}
		matches = re.MatchString
	}
	var kept, lost []string
	for _, v := range dst.FiresFor {
		if matches(v) {
			kept = append(kept, v)
		}
	}
	if len(kept) == 0 {
		ds.Warnf(nested.CodeNeverFires, h.PosOf(""), hookPath(h, i),
			providers.NeverFiresHint(h, fmt.Sprintf("give it a matcher of values %s %s runs hooks for (%s)", dstProv.Name, dst.Name, strings.Join(dst.FiresFor, ", "))),
			"%s: its %s matcher %q names no value %s %s runs hooks for (only %s), so it could never fire; not written%s",
			h.DisplayName(i), from, matcher, dstProv.Name, dst.Name, strings.Join(dst.FiresFor, ", "), providers.GuardLost(h, dstProv.Name))
		return false
	}
	others := src.Values
	if !strings.ContainsAny(matcher, canonical.RegexSyntaxBesidesBar) {
		others = nested.SplitValues(matcher)
	}
	for _, v := range others {
		if matches(v) && !slices.Contains(dst.FiresFor, v) {
			lost = append(lost, v)
		}
	}
	if len(lost) > 0 {
		ds.Warnf(nested.CodeLostMatcher, h.PosOf(""), hookPath(h, i), "",
			"%s: %s never occurs on %s %s, which runs hooks only for %s; that part of its %s matcher is dropped",
			h.DisplayName(i), strings.Join(lost, ", "), dstProv.Name, dst.Name, strings.Join(dst.FiresFor, ", "), from)
	}
	// The target takes no matcher: the hook is written without one, and
	// the encoder must not report the source's as lost.
	withoutData(h, from, "$matcher")
	return true
}

// providerRows remembers the providers-table rows the hooks of one chunk
// asked for (firesFor): a row is ~800 bytes, and copying out the
// source's and the target's for each of a large config's hooks cost more
// than the rest of fitting most of them.
type providerRows struct {
	// The rows read, in the order first asked for: a chunk's hooks
	// name the target and one or two sources, and past len(slugs) the
	// rows are not kept.
	n     int
	slugs [4]string
	rows  [4]*vocab.Provider
	// last is the words of the last HC427 about a source's event that
	// fires for values the target's event does not list (said).
	last firesForWords
	// The rows of the source's and the target's events last read.
	events eventRows
}

// firesForWords is what fitFiresFor says of a hook on a pair of events
// but its name: the hint, and the message after the name.
type firesForWords struct {
	from, event, src, dst string
	known                 bool
	hint, message         string
}

// said returns the words for hooks of from's event read from src and
// written to dst, spelled by spell once for a run of such hooks.
func (r *providerRows) said(from, event, src, dst string, spell func() (hint, message string)) *firesForWords {
	w := &r.last
	if !w.known || w.from != from || w.event != event || w.src != src || w.dst != dst {
		*w = firesForWords{from: from, event: event, src: src, dst: dst, known: true}
		w.hint, w.message = spell()
	}
	return w
}

// of is names.Provider(slug), read once.
func (r *providerRows) of(names *vocab.Tables, slug string) *vocab.Provider {
	for k, s := range r.slugs[:r.n] {
		if s == slug {
			return r.rows[k]
		}
	}
	row, _ := names.Provider(slug)
	if r.n < len(r.slugs) {
		r.slugs[r.n], r.rows[r.n] = slug, &row
		r.n++
	}
	return &row
}

// writtenRow is the row a hook on event is written under for provider
// (the first that is not only read).
func writtenRow(names *vocab.Tables, provider, event string) (vocab.NativeEvent, bool) {
	if r := firstWritten(names.EncodeEvent(provider, event)); r != nil {
		return *r, true
	}
	return vocab.NativeEvent{}, false
}

// firstWritten is the first of an event's rows that is not only read, or
// nil: the table's own row, which must not be changed.
func firstWritten(rows []vocab.NativeEvent) *vocab.NativeEvent {
	for k := range rows {
		if !rows[k].Alias {
			return &rows[k]
		}
	}
	return nil
}

// lastRow is writtenRow's answer for the provider and event a chunk of
// hooks asked about last. A large config's hooks come in runs of one
// event, and the table's two map look-ups for each of them, in each pass
// of the plan that asks, were ~1.5 % of a 10,000-handler conversion's CPU.
type lastRow struct {
	provider, event string
	row             *vocab.NativeEvent // the table's own; nil: none
	known           bool
}

// of is writtenRow(names, provider, event), remembered: the table's own
// row, which must not be changed.
func (l *lastRow) of(names *vocab.Tables, provider, event string) (*vocab.NativeEvent, bool) {
	if !l.known || l.event != event || l.provider != provider {
		*l = lastRow{provider: provider, event: event, row: firstWritten(names.EncodeEvent(provider, event)), known: true}
	}
	return l.row, l.row != nil
}

// eventRows are the last rows a chunk's hooks read of their source's
// event (decodedRow) and of the target's (writtenRow).
type eventRows struct{ src, dst lastRow }

// decodedRow is the row a hook on its event was read from in provider's
// config: the one its decoder's "$event" names (Cline's TaskResume, an
// alias of session_start), else the one the event is written under (from
// last, which remembers it for the next hook). The row is the table's
// own, which must not be changed.
func decodedRow(names *vocab.Tables, h *canonical.Hook, provider string, last *lastRow) (*vocab.NativeEvent, bool) {
	if bytes.Contains(h.ProviderData[provider], []byte(`"$event"`)) {
		if v := providers.OwnData(h, provider).Get("$event"); v != nil && v.Kind == node.String {
			rows := names.DecodeEvent(provider, v.Text)
			for k := range rows {
				if rows[k].Event == h.Event {
					return &rows[k], true
				}
			}
		}
	}
	return last.of(names, provider, h.Event)
}

// rowFiringFor is the row of provider's event, its alias rows included,
// that fires only for values and for every one a plain list of values,
// matcher, names (Cline's TaskResume for "resume"); false when none does,
// or matcher is a pattern.
func rowFiringFor(names *vocab.Tables, provider, event, matcher string) (vocab.NativeEvent, bool) {
	if strings.ContainsAny(matcher, canonical.RegexSyntaxBesidesBar) {
		return vocab.NativeEvent{}, false
	}
	values := nested.SplitValues(matcher)
	for _, r := range names.EventsOf(provider) {
		if r.Event == event && len(r.FiresFor) > 0 && subset(values, r.FiresFor) {
			return r, true
		}
	}
	return vocab.NativeEvent{}, false
}

// subset reports whether every value of a is in b.
func subset(a, b []string) bool {
	for _, v := range a {
		if !slices.Contains(b, v) {
			return false
		}
	}
	return true
}

// otherValue is the matcher value a tool's event reports for the cases
// it names no value of its own for.
const otherValue = "other"

// withoutData removes key from h's provider_data for slug, as a new value
// (the old one may be shared with other hooks).
func withoutData(h *canonical.Hook, slug, key string) {
	own := providers.OwnData(h, slug)
	if own.Get(key) == nil {
		return
	}
	var d providers.Data
	for _, f := range own.Fields {
		if f.Key != key {
			d.Set(f.Key, f.Value)
		}
	}
	providers.SetAllData(h, slug, d.Raw())
}
