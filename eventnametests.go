package hookconv

// A script that several events run often tells them apart by the
// payload's event name (hook_event_name == "PreToolUse"): the name its
// source tool sends. The target sends its own (Gemini CLI's BeforeTool,
// Cursor's preToolUse, Windsurf's pre_user_prompt), and the test is
// never true there.

import (
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeEventNameTest: a command hook, or a script it runs, reads the
// payload's event name and tests it against the source tool's name for
// the hook's event, which the target spells otherwise (Claude Code's
// PreToolUse, Gemini CLI's BeforeTool): the test is never true there, so
// a guard lets every call through, and another hook skips what it does
// on that event (warning).
const CodeEventNameTest = "HC447"

// eventNameTests warns (HC447), once per source, native event and
// target names, when command hooks read the payload's event name (at a
// path of the source's contract: the contracts table's event) and test
// it (testsName) against the source's native name for the hook's own
// event, where the target's payload carries an event name and sends
// other names for that event (QA: a Claude Code guard.py testing
// hook_event_name == "PreToolUse" did nothing in Gemini CLI, and nothing
// was said). A hook that tests one of the target's names too is not
// warned about; nor under --shim, where hookconv run hands the canonical
// payload and payloadFields speaks. Beside each warning, the source
// hooks it is about.
func eventNameTests(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (ds diag.List, about [][]int) {
	contracts, dst, ok := targetContract(from, to, shim)
	if !ok || len(dst.Event) == 0 {
		return nil, nil
	}
	names := vocab.Default()
	type key struct{ source, layout, native, sent string }
	var groups hookGroups[key]
	// By layout, event and command, for hooks that run a script: the
	// native name tested, or "".
	type cacheKey struct{ layout, event, command, cwd string }
	found := map[cacheKey]string{}
	// Whether the event's names differ, for the last layout and event
	// asked about: the hooks of a large config come in long runs of one
	// event, and the names are looked up in the tables each time.
	var last struct {
		layout, event string
		differ, set   bool
	}
	valuesDiffer := func(layout, event string) bool {
		if !last.set || last.layout != layout || last.event != event {
			last.layout, last.event, last.set = layout, event, true
			last.differ = eventValuesDiffer(names, layout, to, event)
		}
		return last.differ
	}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		source, layout := payloadSource(h, from)
		if source == "" || from == "canonical" && source == to {
			continue
		}
		src, ok := contracts.Contract(layout)
		if layout == to || !ok || len(src.Event) == 0 || !valuesDiffer(layout, h.Event) {
			continue
		}
		if programGives(contracts, dst, h, from, src.Event[0], func(c *hookrun.Contract) []string { return c.Event }) {
			continue // the generated program hands it the source's own name there
		}
		// Without a project folder there is no script to read, and the
		// command is the text (readInput would look for scripts all the
		// same, for every hook of a large config). A text that is the
		// command itself is read as it stands (its scan is as long as the
		// input); a script's answer is kept, so a script run by thousands
		// of hooks is read once, without a map entry per command that
		// runs none (a large config's memory). readInput tells inline
		// commands apart itself: asking first (inlineText) read each
		// command twice, some 3 % of a 10,000-hook conversion.
		text := h.Handler.Command
		if scripts != nil && scripts.FS != nil {
			text, _ = scripts.readInput(&h.Handler)
		}
		var native string
		if text == h.Handler.Command {
			native = eventNameTested(names, src, layout, to, h.Event, text)
		} else {
			fk := cacheKey{layout, h.Event, h.Handler.Command, h.Handler.Cwd}
			var seen bool
			if native, seen = found[fk]; !seen {
				native = eventNameTested(names, src, layout, to, h.Event, text)
				found[fk] = native
			}
		}
		if native == "" {
			continue
		}
		var there []string
		for _, n := range names.EncodeEvent(to, h.Event) {
			there = appendNew(there, n.Name)
		}
		groups.add(key{source, layout, native, quotedList(there)}, h, i)
	}
	for _, k := range groups.keys {
		g := groups.by[k]
		h := &m.Hooks[g.first]
		under := ""
		if k.layout != k.source {
			under = " under Claude Code's event names"
		}
		var w diag.List
		w.Warnf(CodeEventNameTest, h.PosOf("handler.command"), "", "test for "+to+"'s name too: "+strings.ReplaceAll(k.sent, " and ", " or "),
			"%d command hook(s) (%s) test the event's name against %q (%s's name for %s%s; %s sends %s): no such test is true there, so a guard lets every call through, and another hook skips what it does on that event",
			g.n, g.listed(), k.native, k.source, h.Event, under, to, k.sent)
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// eventNameTested returns the source's native name for event that text
// (a hook's command, or it and the project scripts it runs: readInput)
// tests the payload's event name against (read at a path of the source's
// contract), where it tests none of the target's names for event; ""
// otherwise.
func eventNameTested(names *vocab.Tables, src *hookrun.Contract, layout, to, event, text string) string {
	if !slices.ContainsFunc(src.Event, func(p string) bool { return readsPayloadPath(text, p) }) {
		return "" // it reads no event name
	}
	for _, n := range names.EncodeEvent(to, event) {
		if testsName(text, n.Name) {
			return "" // it tests the target's name too
		}
	}
	for _, n := range names.EncodeEvent(layout, event) {
		if testsName(text, n.Name) {
			return n.Name
		}
	}
	return ""
}

// eventValuesDiffer reports whether the target has the canonical event
// and sends none of the source's names for it: where it does not,
// reading the target's field beside the source's finds the target's
// value, which a test of the source's name does not match.
func eventValuesDiffer(names *vocab.Tables, layout, to, event string) bool {
	there := names.EncodeEvent(to, event)
	if len(there) == 0 {
		return false
	}
	for _, s := range names.EncodeEvent(layout, event) {
		for _, t := range there {
			if s.Name == t.Name {
				return false
			}
		}
	}
	return true
}
