package hookconv

import (
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeLossyEvent and CodeLossyTarget are reported when a hook moves
// between a tool's native event that stands for more than one canonical
// event (the events table's lossy rows: Copilot CLI's errorOccurred,
// OpenHook's tool.end) and another tool's event for only one of them:
// read from the first, it runs for fewer cases (migrate --remove-source
// keeps it in the source); written to it, for more. Two codes, since
// migrate treats the two apart.
const (
	CodeLossyEvent  = "HC354" // a hook read from a native event that also fires for another canonical event's cases (Copilot CLI's errorOccurred) runs for fewer cases on the target's event (warning)
	CodeLossyTarget = "HC355" // a hook written to a native event that also fires for another canonical event's cases (Copilot CLI's errorOccurred) runs for more cases there than in its source (warning)
)

// lossyEvents warns about each planned hook whose event is written, on
// the source or the target but not both, under a native event marked
// lossy: one that fires for more than the canonical event means (Copilot
// CLI's errorOccurred fires on every error, Claude Code's StopFailure
// only when a turn ends on one). Read from such an event, the hook runs
// for fewer cases on the target; written to one, for more. What the
// native event fires for beyond the canonical one is the row's
// lossy_note, so each message is the table's to keep true.
func lossyEvents(m *canonical.Manifest, from, to string) diag.List {
	if from == to || to == "canonical" {
		return nil
	}
	names := vocab.Default()
	dstProv, _ := names.Provider(to)
	dstName := dstProv.Name // the closure's own: the row stays on the stack
	// In chunks at once, each remembering whether the last hook's source
	// and event differed in lossiness: a large config's hooks come in
	// runs of one event, and most differ in nothing.
	return parallel.EachWith(len(m.Hooks), func(last *lossyPair, ds *diag.List, i int) {
		h := &m.Hooks[i]
		src := from
		if from == "canonical" {
			// A manifest hook says by its decoder's marks which tool it
			// was read from; one without was written for none. One read
			// from the target goes back to the event it was read from,
			// and runs for the same cases (QA F17: a Copilot CLI
			// errorOccurred hook, through a manifest, was warned about
			// on its way back to Copilot CLI).
			if src = markedSource(h); src == to {
				return
			}
		}
		if !last.known || last.src != src || last.event != h.Event {
			*last = lossyPair{src: src, event: h.Event, known: true, differ: lossyDiffer(names, src, to, h.Event)}
		}
		if !last.differ {
			return // most hooks: nothing to say, and nothing spelled
		}
		dst, _ := writtenRow(names, to, h.Event)
		var row vocab.NativeEvent
		if src != "" {
			row, _ = writtenRow(names, src, h.Event)
		}
		ev, _ := names.Event(h.Event)
		means := strings.TrimSuffix(ev.Summary, ".")
		if means != "" {
			means = strings.ToLower(means[:1]) + means[1:] // inside a sentence
		}
		srcProv, _ := names.Provider(src)
		if row.Lossy {
			ds.Warnf(CodeLossyEvent, h.PosOf(""), hookPath(h, i), "keep the hook in "+srcProv.Name+" if it matters for the other cases, or filter inside the hook",
				"%s: %s's %s fires %s; %s runs it for %s alone (%s): for fewer cases",
				h.DisplayName(i), srcProv.Name, row.Name, row.LossyNote, dstName, h.Event, means)
		} else {
			ds.Warnf(CodeLossyTarget, h.PosOf(""), hookPath(h, i), "make the hook check its payload and return early for the cases it is not meant for",
				"%s (%s: %s): %s runs it on %s, which fires %s: for more cases",
				h.DisplayName(i), h.Event, means, dstName, dst.Name, dst.LossyNote)
		}
		(*ds)[len(*ds)-1].File = h.OriginFile // as the planner's diagnostics are
	})
}

// lossyPair is lossyEvents' memory of the last source and event it read.
type lossyPair struct {
	src, event    string
	known, differ bool
}

// lossyDiffer reports whether a hook on event, read from src ("" for
// none), is written to to under a native event and only one of the two
// is lossy.
func lossyDiffer(names *vocab.Tables, src, to, event string) bool {
	dst, ok := writtenRow(names, to, event)
	if !ok {
		return false
	}
	var row vocab.NativeEvent
	if src != "" {
		row, _ = writtenRow(names, src, event)
	}
	return row.Lossy != dst.Lossy
}

// unwatchedFiles warns (HC344, as the encoder does for a file matcher it
// cannot write) about each planned hook without a matcher going to an
// event that, without one, fires for nothing (the events table's
// needs_matcher: Claude Code's FileChanged watches only the files its
// matcher names): in its source it ran for every file (OpenHook's
// file.write, Kiro's PostFileSave, a manifest's file_changed), and there
// it may never run. The event's own note (HC322) said only that, as
// information, where a matcher the encoder cannot write got a warning
// (QA F18). A hook read from the target, or from a tool whose event needs
// a matcher too, lost nothing.
func unwatchedFiles(m *canonical.Manifest, from, to string) diag.List {
	if from == to || to == "canonical" {
		return nil
	}
	names := vocab.Default()
	dstProv, _ := names.Provider(to)
	dstName := dstProv.Name // the closure's own: the row stays on the stack
	// In chunks at once: a plain pass over a large config's hooks, which
	// kept one core busy while the other idled.
	return parallel.EachWith(len(m.Hooks), func(last *eventRows, ds *diag.List, i int) {
		h := &m.Hooks[i]
		if h.Matcher != nil {
			return
		}
		dst, ok := last.dst.of(names, to, h.Event)
		if !ok || !dst.NeedsMatcher {
			return
		}
		src := from
		if from == "canonical" {
			if src = markedSource(h); src == to {
				return
			}
		}
		if row, ok := decodedRow(names, h, src, &last.src); src != "" && ok && row.NeedsMatcher {
			return
		}
		ran := "for every file"
		if src != "" {
			ran += " in " + src
		}
		ds.Warnf(providers.CodeMatcherIgnored, h.PosOf(""), hookPath(h, i), "write the "+dst.Name+" matcher as the file names to watch (.envrc|.env)",
			"%s: it ran %s; %s's %s without a matcher watches no file (only those a SessionStart hook adds with watchPaths), so it may never run",
			h.DisplayName(i), ran, dstName, dst.Name)
		(*ds)[len(*ds)-1].File = h.OriginFile // as the planner's diagnostics are
	})
}
