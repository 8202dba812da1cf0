package hookconv

// Answers that stop the agent or feed back to it, which the target may
// not read (HC464, HC465): Claude Code stops its agent on continue: false
// on any event and gives it a PostToolUse hook's decision "block" as
// feedback on the tool's result (reference part 1 §1.10); Kiro, Windsurf,
// Cursor and Copilot CLI read no such answer after a tool, and Codex
// reads continue on PreToolUse as a failed hook (part 1 §4.9). A hook
// written to stop the agent there would go on silently. Which answers
// each tool reads where is the contracts table's (the stop rules,
// feedback_json); a hook's text is read for them as HC425 and HC453
// read it (Scripts.readAnswers).

import (
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/cline"
	"github.com/hookconv/hookconv/providers/opencode"
)

// CodeStopUnread: command hooks whose command, or a project script it
// runs, answer in the JSON their source tool stops the agent with on
// that event (Claude Code's continue: false, also after a tool) where the
// target does not read it there (no JSON after a tool: Kiro, Windsurf,
// Cursor, Copilot CLI; Codex's PreToolUse, where it fails the hook): the
// agent goes on; migrate --remove-source keeps the hook (warning).
const CodeStopUnread = "HC464"

// CodeFeedbackUnread: command hooks whose command, or a project script
// it runs, answer in the JSON their source tool gives the agent as
// feedback on a tool's result (the contracts table's feedback_json:
// Claude Code's PostToolUse decision "block" with a reason) where the
// target, or hookconv run under --shim, does not read it there: the
// feedback no longer reaches the agent; migrate --remove-source keeps
// the hook (warning).
const CodeFeedbackUnread = "HC465"

// answerKind is what a source's answer does: stop the agent (its stop
// rule) or give it feedback after the action (feedback_json).
type answerKind int

const (
	stopAnswer answerKind = iota
	feedbackAnswer
)

// unreadAnswers warns (HC464, HC465), once per source tool, event and
// answer, when command hooks spell an answer their source tool reads on
// the hook's event as a stop of the agent or as feedback to it, and the
// target does not read it there (QA q3 F2, F4, F7: such hooks went
// silently, check said full, and migrate --remove-source deleted them).
// Only an answer the hook's text spells is said: which answers an
// unread script gives cannot be known. Not on the events where the agent
// is stopping already (Stop: a stop there only lets it). Under the shim
// hookconv run carries a source's stop (a deny stands in where the target
// has no stop but can block the action, as Answer does), and a feedback
// of a hook that is not blocking as context, where the target takes some
// after the tool. Beside each warning, the
// source hooks it is about.
func unreadAnswers(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (diag.List, [][]int) {
	if from == to && !shim || to == "canonical" {
		return nil, nil
	}
	contracts := hookrun.Default()
	if _, ok := contracts.Contract(to); !ok {
		return nil, nil
	}
	generated, fromGenerated := generatedTool(to), generatedTool(from)
	type key struct {
		source, event, form string
		kind                answerKind
	}
	var groups hookGroups[key]
	answers := &answerTable{contracts: contracts}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || h.Handler.Async {
			continue
		}
		source := from
		if from == "canonical" || fromGenerated {
			if source = markedSource(h); source == "" || generatedTool(source) {
				continue // the canonical contract, which the target's own program or hookconv run reads
			}
		}
		if source == to && !shim {
			continue
		}
		for _, kind := range []answerKind{stopAnswer, feedbackAnswer} {
			forms := answers.forms(source, h.Event, kind)
			if !slices.ContainsFunc(forms, func(f string) bool { return !answers.reads(to, source, h, f, kind, shim, generated) }) {
				continue // whatever the hook answers, the target reads it: its text need not be read
			}
			// Remembered by scripts, by command: a map of its own here
			// made an entry for each of a large config's commands.
			text := scripts.readAnswers(&h.Handler)
			for _, f := range forms {
				if !spellsAnswer(text, f) {
					continue
				}
				if !answers.reads(to, source, h, f, kind, shim, generated) {
					groups.add(key{source, h.Event, f, kind}, h, i)
				}
				break // one warning a hook and kind
			}
		}
	}
	var ds diag.List
	var about [][]int
	for _, k := range groups.keys {
		g := groups.by[k]
		h := &m.Hooks[g.first]
		reader := to
		if shim && !generated {
			reader = "hookconv run (the shim) in " + to
		}
		var w diag.List
		if k.kind == stopAnswer {
			w.Warnf(CodeStopUnread, h.PosOf("handler.command"), "",
				"keep the hook in "+k.source+", or, for a guard, deny by exiting 2 with the reason on stderr where "+to+" blocks on it",
				"%d command hook(s) on %s (%s) were written for %s and answer %s, which stops the agent there; %s does not read that on this event: the agent goes on",
				g.n, k.event, g.listed(), k.source, jsonField(k.form), reader)
		} else {
			w.Warnf(CodeFeedbackUnread, h.PosOf("handler.command"), "",
				"keep the hook in "+k.source+", or give the feedback in a form "+to+" reads there",
				"%d command hook(s) on %s (%s) were written for %s and answer %s with a reason, which %s gives the agent as feedback on the tool's result; %s does not read that there: the feedback no longer reaches the agent",
				g.n, k.event, g.listed(), k.source, jsonField(k.form), k.source, reader)
		}
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// answerTable reads answerForms once per tool, event and kind: the same
// few for every hook of a large config.
type answerTable struct {
	contracts *hookrun.Tables
	cache     memo[answerKey, []string]
}

// answerKey names one answerForms reading.
type answerKey struct {
	slug, event string
	kind        answerKind
}

// forms is answerForms(slug, event, kind), read once.
func (t *answerTable) forms(slug, event string, kind answerKind) []string {
	return t.cache.of(answerKey{slug, event, kind}, func() []string { return answerForms(t.contracts, slug, event, kind) })
}

// answerForms are the literal answers ("path = value") slug reads on
// event as kind: its stop rule's there (continue = false; none on the
// events where the agent is stopping already), or its feedback_json.
func answerForms(contracts *hookrun.Tables, slug, event string, kind answerKind) []string {
	if kind == feedbackAnswer {
		c, ok := contracts.Contract(slug)
		if !ok {
			return nil
		}
		var forms []string
		for _, line := range c.FeedbackJSON {
			if ev, form, ok := strings.Cut(line, ": "); ok && ev == event {
				forms = append(forms, form)
			}
		}
		return forms
	}
	if event == "agent_stop" || event == "subagent_stop" {
		return nil
	}
	r, ok := contracts.Rule(slug, hookrun.WhatStop, hookrun.EventRef{Canonical: event})
	if !ok {
		return nil
	}
	var forms []string
	for _, line := range r.Set {
		if _, value, ok := strings.Cut(line, " = "); ok && !strings.HasPrefix(value, "$") {
			forms = append(forms, line)
		}
	}
	return forms
}

// spellsAnswer reports whether text spells an answer's last key as a
// JSON key (spellsKey) and its value (spellsForm's reading).
func spellsAnswer(text, form string) bool {
	return spellsKey(text, denyKey(form)) && spellsForm(text, form)
}

// reads reports whether the answer form of kind of the hook, written for
// source, reaches the agent in to. OpenCode's generated plugin passes
// feedback on as context where run --from would
// (opencode.CarriesFeedback), and stops only for a blocking hook on an
// event it can block;
// Cline's generated script stops and passes feedback on as context
// wherever run --from would answer Cline so (cline.Stops,
// cline.CarriesFeedback). Under the shim hookconv run carries a stop
// (the target's stop, or a deny where it can block the action), and a
// feedback as context, a blocking hook's too, where the target takes
// some after the tool (hookrun's CarriesFeedback). Otherwise the
// target reads the same line in its own stop rule or feedback_json for
// the event.
func (t *answerTable) reads(to, source string, h *canonical.Hook, form string, kind answerKind, shim, generated bool) bool {
	switch {
	case generated && to == cline.Slug && kind == feedbackAnswer:
		return cline.CarriesFeedback(h, source)
	case generated && to == cline.Slug:
		return cline.Stops(h, source)
	case generated && to == opencode.Slug && kind == feedbackAnswer:
		return opencode.CarriesFeedback(h, source)
	case generated:
		return kind == stopAnswer && h.Blocking && canBlock(to, h.Event)
	case shim && kind == feedbackAnswer:
		return t.contracts.CarriesFeedback(source, to, h.Event)
	case shim:
		_, ok := t.contracts.Rule(to, hookrun.WhatStop, hookrun.EventRef{Canonical: h.Event})
		return ok || canBlock(to, h.Event)
	}
	return slices.Contains(t.forms(to, h.Event, kind), form)
}

// stopsAtOnce reports whether a hook whose whole text can be seen answers
// with its source's stop on event (continue = false) and spells none of
// forms, its source's denies: it is known to stop, not to deny, and HC464
// speaks of it where the target does not read the stop (QA q3 F6: HC425
// said Gemini CLI would not read a deny the hook never gives).
func stopsAtOnce(contracts *hookrun.Tables, source, event, text string, forms []string) bool {
	if slices.ContainsFunc(forms, func(f string) bool { return spellsForm(text, f) }) {
		return false
	}
	return slices.ContainsFunc(answerForms(contracts, source, event, stopAnswer), func(f string) bool { return spellsAnswer(text, f) })
}
