package hookconv

// Answers a target reads as a failed hook that denies (HC452): Codex
// "fails closed" on a PermissionRequest answer that carries Claude Code's
// updatedPermissions, updatedInput or interrupt (reference part 1 §4.9),
// so a hook written to approve a request and remember the rule denies it
// there instead. The contracts table's fails_closed_json lists the keys.

import (
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/providers"
)

// CodeAnswerFailsClosed: command hooks written for another tool answer
// with a JSON key (read from the command or the scripts it runs) that
// the target reads as a failed hook that denies on that event (Codex's
// PermissionRequest: updatedInput, updatedPermissions, interrupt): an
// approval carrying it becomes a denial (warning).
const CodeAnswerFailsClosed = "HC452"

// failClosedAnswers warns (HC452), once per source tool, event and keys,
// when command hooks whose command or scripts spell a key of a JSON
// answer that the target's contract lists in fails_closed_json for the
// hook's event: the tool reads such an answer as a failed hook and
// denies, whatever the hook decided (QA F5: a Claude Code
// PermissionRequest hook approving with updatedPermissions went to Codex
// silently, where it denies every request it meant to approve). Only a
// key the hook's text spells is said: which keys an unread script gives
// cannot be known, and HC425 already says when its deny is unread. Under
// the shim hookconv run answers in the target's terms, which hold none of
// those keys. Beside each warning, the source hooks it is about.
func failClosedAnswers(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (diag.List, [][]int) {
	if from == to || shim || to == "canonical" {
		return nil, nil
	}
	dst, ok := hookrun.Default().Contract(to)
	if !ok || len(dst.FailsClosedJSON) == 0 {
		return nil, nil
	}
	type key struct{ source, event, keys string }
	var groups hookGroups[key]
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		var paths []string
		for _, line := range dst.FailsClosedJSON {
			if ev, path, ok := strings.Cut(line, ": "); ok && ev == h.Event {
				paths = append(paths, path)
			}
		}
		if len(paths) == 0 {
			continue
		}
		source := from
		if from == "canonical" {
			// A manifest hook answers in the canonical contract, which has
			// none of these keys, unless its marks say which tool it was
			// written for.
			if source = markedSource(h); source == "" || source == to {
				continue
			}
		}
		text := scripts.readAnswers(&h.Handler)
		var spelled []string
		for _, p := range paths {
			if spellsKey(text, denyKey(p)) {
				spelled = append(spelled, p)
			}
		}
		if len(spelled) > 0 {
			groups.add(key{source, h.Event, strings.Join(spelled, ", ")}, h, i)
		}
	}
	var ds diag.List
	var about [][]int
	for _, k := range groups.keys {
		g := groups.by[k]
		h := &m.Hooks[g.first]
		var w diag.List
		w.Warnf(CodeAnswerFailsClosed, h.PosOf("handler.command"), "",
			"answer "+to+" without those keys, or keep the hook in "+k.source,
			"%d hook(s) on %s (%s) were written for %s and answer with %s; %s fails closed on them: it reads such an answer as a failed hook and denies, whatever the hook decided, so an approval that carries one becomes a denial there",
			g.n, k.event, g.listed(), k.source, k.keys, to)
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// spellsKey reports whether text spells key as a key of a JSON object
// it builds: quoted ("interrupt", Python's 'interrupt') or followed by a
// colon (jq's and JavaScript's {interrupt: true}); not a word in a
// message or part of another name (is_interrupt).
func spellsKey(text, key string) bool {
	for start, end := range wholeWords(text, key) {
		before, after := text[:start], text[end:]
		for _, q := range []string{`"`, `'`, `\"`} {
			if strings.HasSuffix(before, q) && strings.HasPrefix(after, q) {
				return true
			}
		}
		if strings.HasPrefix(strings.TrimLeft(after, " \t"), ":") {
			return true
		}
	}
	return false
}
