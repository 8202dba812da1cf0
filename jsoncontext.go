package hookconv

// Context a hook answers in JSON (HC453): each tool reads it under its
// own key (Claude Code's hookSpecificOutput.additionalContext, Cursor's
// additional_context, Copilot CLI's flat additionalContext; the contracts
// table's context rules, which hookconv run answers by), so a hook whose
// job was to give the agent context gives it nothing in a tool that reads
// another key. HC420 says the same of plain-text stdout.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeJSONContextUnread: command hooks whose command, or a project script
// it runs, answers context in the JSON form of the tool they were written
// for (Cursor's additional_context, Copilot CLI's flat additionalContext,
// Claude Code's hookSpecificOutput.additionalContext) on an event where
// the target, or hookconv run under --shim, reads context under another
// key or not at all: the context no longer reaches the agent (warning).
const CodeJSONContextUnread = "HC453"

// canonicalContext is the key hookconv run reads a hook's context from
// (spec §5).
const canonicalContext = "context"

// jsonContextUnread warns (HC453), once per source tool, event and form,
// when command hooks spell the key their source tool reads a hook's
// context from on the event (its context rule's field), and the target
// reads context there at another key, spelled nowhere in the hook, or
// takes none (QA F6: a Cursor sessionStart hook answering
// additional_context went to Claude Code, Codex and Gemini CLI silently).
// The hook's text is read as HC425 reads answers; a hook that spells no
// such key is not said to give JSON context (HC420 speaks of plain text).
// A target form whose keys all lie in the source's (Copilot CLI's flat
// additionalContext, within Claude Code's nested one) cannot be told
// apart in the text, so it does not count as read. Not for the programs
// hookconv generates (Cline's script, OpenCode's plugin), which collect
// the hooks' context themselves. Beside each warning, the source hooks it
// is about.
func jsonContextUnread(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (diag.List, [][]int) {
	if from == to && !shim || to == "canonical" {
		return nil, nil
	}
	target, _ := vocab.Default().Provider(to)
	if target.Generated {
		return nil, nil
	}
	contracts := hookrun.Default()
	toContract, _ := contracts.Contract(to)
	type key struct{ source, event, form string }
	var groups hookGroups[key]
	var fields memo[[2]string, string] // per (tool, event): its context field, worked out once
	fieldOf := func(slug, event string) string {
		return fields.of([2]string{slug, event}, func() string { return contextField(contracts, slug, event) })
	}
	// By command, form and target key: a large config runs one script
	// from thousands of hooks.
	unread := map[[4]string]bool{}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || h.Handler.Async {
			continue
		}
		source := from
		if from == "canonical" {
			if source = markedSource(h); source == "" {
				continue // the canonical contract's context, which hookconv run reads
			}
		}
		if source == to && !shim {
			continue
		}
		form := fieldOf(source, h.Event)
		read := canonicalContext
		if !shim {
			read = fieldOf(to, h.Event)
		}
		if form == "" || form == read || !shim && toContract.ReadsContextAt(h.Event, form) {
			continue // the target reads the source's form too
		}
		// A text that is the command itself (no script read) is read as
		// it stands: its scan is shorter than a key and a map entry per
		// hook (~0.6 MB for 10,000 hooks). A script's answer is kept, so
		// a script run by thousands of hooks is read once.
		text := scripts.readAnswers(&h.Handler)
		var lost bool
		if text == h.Handler.Command {
			lost = contextUnread(text, form, read)
		} else {
			rk := [4]string{h.Handler.Command, h.Handler.Cwd, form, read} // not joined: an allocation per hook
			var seen bool
			if lost, seen = unread[rk]; !seen {
				lost = contextUnread(text, form, read)
				unread[rk] = lost
			}
		}
		if lost {
			groups.add(key{source, h.Event, form}, h, i)
		}
	}
	var ds diag.List
	var about [][]int
	for _, k := range groups.keys {
		g := groups.by[k]
		h := &m.Hooks[g.first]
		reader, read := to, fieldOf(to, k.event)
		if shim {
			reader, read = "hookconv run (the shim)", canonicalContext
		}
		reads := fmt.Sprintf("%s reads a hook's context there only as %s", reader, jsonField(read+` = "…"`))
		hint := fmt.Sprintf("have the scripts print %s as well", jsonField(read+` = "…"`))
		switch {
		case read == "" && contracts.PlainContext(to, k.event):
			reads = to + " reads a hook's context there only as plain text on stdout"
			hint = "have the scripts print the context as plain text"
		case read == "":
			reads = to + " takes no context from hooks there"
			hint = "keep the hook in " + k.source + ", or give the context on an event " + to + " takes it on"
		case !shim:
			hint += ", or convert with --shim and answer {\"context\": \"…\"}, which hookconv run passes on"
			if contracts.PlainContext(to, k.event) {
				reads += " or as plain text on stdout"
			}
		}
		var w diag.List
		w.Warnf(CodeJSONContextUnread, h.PosOf("handler.command"), "", hint,
			"%d command hook(s) on %s (%s) were written for %s and answer context as %s; %s: the context they give no longer reaches the agent",
			g.n, k.event, g.listed(), k.source, jsonField(k.form+` = "…"`), reads)
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// contextUnread reports whether a hook's text answers context as form
// and not also as read, what the target reads ("" for nothing), where
// that could be told apart (keysWithin).
func contextUnread(text, form, read string) bool {
	return spellsPath(text, form) && !(read != "" && spellsPath(text, read) && !keysWithin(read, form))
}

// spellsPath reports whether text spells every key of a JSON answer's
// path as a key (spellsKey): hookSpecificOutput and additionalContext.
func spellsPath(text, path string) bool {
	for k := range strings.SplitSeq(path, ".") {
		if !spellsKey(text, k) {
			return false
		}
	}
	return true
}

// keysWithin reports whether every key of path a is one of path b's: a
// text that spells b spells a too, so a's being spelled says nothing.
func keysWithin(a, b string) bool {
	bk := strings.Split(b, ".")
	for _, k := range strings.Split(a, ".") {
		if !slices.Contains(bk, k) {
			return false
		}
	}
	return true
}
