package cline

// What hookconv run --from does for a hook written for another tool, done
// by the script too: the script cannot call hookconv run, so it is told,
// hook by hook, what run --from would read differently (hookrun's
// ProgramEvent, computed from the contracts table as run --from computes
// it), and the shim and the script agree on the same hook.

import (
	"encoding/json"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/memo"
	"github.com/hookconv/hookconv/vocab"
)

// sourceRun is what run --from does on the hook's event for from, the
// tool the hook was written for; false for a hook of the canonical
// contract (""), of Cline itself or of another generated program, whose
// hooks speak the canonical contract.
func sourceRun(h *canonical.Hook, from string) (hookrun.ProgramEvent, bool) {
	r := sourceRunFor(h, from)
	return r.pe, r.ok
}

// sourceRunFor is sourceRun's answer with what the script reads of it,
// worked out once a tool and event.
func sourceRunFor(h *canonical.Hook, from string) sourceRunOf {
	if from == "" || from == Slug {
		return sourceRunOf{}
	}
	if p, _ := vocab.Default().Provider(from); p.Generated {
		return sourceRunOf{}
	}
	k := [2]string{from, h.Event}
	if r, seen := sourceRuns.Load(k); seen {
		return r
	}
	pe, ok := hookrun.Default().ProgramEvent(from, h.Event, nil)
	r := sourceRunOf{pe: pe, ok: ok, decisions: decisionsOf(pe.Feedback)}
	sourceRuns.Store(k, r)
	return r
}

// sourceRuns holds sourceRun's answers by tool and event: the tables do
// not change, and a large config asks for the same few thousands of
// times.
var sourceRuns memo.Map[[2]string, sourceRunOf]

// sourceRunOf is one of sourceRuns' answers.
type sourceRunOf struct {
	pe        hookrun.ProgramEvent
	ok        bool
	decisions []string // the feedback's decisions (decisionsOf)
}

// ReadsAsSource reports whether the script reads a hook written for from
// otherwise than one of the canonical contract (its plain-text context,
// its exits, its JSON answer on any exit, its stops): convert marks such a hook with the tool in the
// script's manifest, by which the script and the next conversion know it.
func ReadsAsSource(h *canonical.Hook, from string) bool {
	return hookrun.Default().PlainContext(from, h.Event) || blocksOnSourceExit(h, from) || answersAnyExit(h, from) || CarriesFeedback(h, from) || !h.Blocking && Stops(h, from)
}

// BlocksOnSourceExit reports whether the generated script cancels when
// the hook exits with a code other than 0, 1 and 2 and prints plain
// text, as the tool it was written for (its marks) blocks on it (the
// contracts table's crash_blocks: Gemini CLI's "echo no; exit 3") and as
// hookconv run --from does: a blocking command hook Cline waits for, on
// an event where a cancel stops the action. convert then says nothing of
// such an exit (HC436).
func BlocksOnSourceExit(h *canonical.Hook) bool {
	return blocksOnSourceExit(h, capabilities.MarkedSource(h))
}

func blocksOnSourceExit(h *canonical.Hook, from string) bool {
	if !h.Blocking || h.Handler.Type != canonical.HandlerCommand || h.Handler.Async {
		return false
	}
	caps := capabilities.Default()
	if b, ok := caps.BlockingOf(Slug, h.Event); !ok || b.Behaviour == capabilities.Observe || caps.Continues(Slug, h.Event) {
		return false
	}
	pe, ok := sourceRun(h, from)
	return ok && pe.CrashBlocks
}

// StopsWherever reports whether the generated script cancels on a
// hook's "continue": false where Cline cannot otherwise cancel for it (a
// hook that is not blocking, or an event Cline only observes), as
// hookconv run answers Cline with its stop (cancel, which stops the
// task on every event): a blocking hook's stop stands, and so does one
// of a hook that is not blocking where the tool it was written for (its
// marks) stopped the agent on it (Claude Code's PostToolUse:
// ProgramEvent.KeepsStop).
func StopsWherever(h *canonical.Hook) bool {
	if h.Blocking {
		return Stops(h, "")
	}
	return Stops(h, capabilities.MarkedSource(h))
}

// Stops reports whether the generated script passes a stop ("continue":
// false) of a hook written for from on to Cline, as a cancel: Cline
// takes a stop on the hook's event, and run --from from keeps the
// hook's stop there (a blocking hook's always). convert then says
// nothing of such a stop (HC464).
func Stops(h *canonical.Hook, from string) bool {
	if h.Handler.Type != canonical.HandlerCommand || h.Handler.Async {
		return false
	}
	if !takesStop()[h.Event] {
		return false
	}
	if h.Blocking {
		return true
	}
	pe, ok := sourceRun(h, from)
	return ok && pe.KeepsStop()
}

// takesStop holds, by canonical event, whether Cline takes a stop there
// (its contract's stop rule: cancel).
var takesStop = sync.OnceValue(func() map[string]bool {
	t := hookrun.Default()
	out := map[string]bool{}
	for _, event := range vocab.Default().EventNames() {
		ref, _ := t.ResolveEvent(Slug, event)
		_, out[event] = t.Rule(Slug, hookrun.WhatStop, ref)
	}
	return out
})

// CarriesFeedback reports whether the generated script passes on, as
// context, the reason of a decision a hook gives where the tool it was
// written for (from) reads it as feedback on what already happened
// (ProgramEvent.Feedback: Claude Code's PostToolUse decision "block"),
// as run --from hands it to Cline (contextModification), a blocking
// hook's too: Cline takes context on the event, where it cannot cancel
// (a blocking hook's decision would cancel there otherwise). convert
// then says nothing of such feedback (HC465).
func CarriesFeedback(h *canonical.Hook, from string) bool {
	return len(feedbackDecisions(h, from)) > 0
}

// feedbackDecisions are the values of "decision" that CarriesFeedback
// passes on for the hook (the script reads that key alone).
func feedbackDecisions(h *canonical.Hook, from string) []string {
	if h.Handler.Type != canonical.HandlerCommand || h.Handler.Async || !TakesContext(h.Event) || h.Blocking && canCancel(h.Event) {
		return nil
	}
	return sourceRunFor(h, from).decisions
}

// decisionsOf are the values of the feedback lines at "decision".
func decisionsOf(feedback []hookrun.ProgramLine) []string {
	var out []string
	for _, l := range feedback {
		var v string
		if len(l.Path) == 1 && l.Path[0] == "decision" && json.Unmarshal(l.Value, &v) == nil {
			out = append(out, v)
		}
	}
	return out
}

// canCancel reports whether Cline cancels for a blocking hook on the
// canonical event (its blocking row does not only observe): there the
// script reads a blocking hook's decision as a cancel before any
// feedback.
func canCancel(event string) bool {
	b, ok := capabilities.Default().BlockingOf(Slug, event)
	return ok && b.Behaviour != capabilities.Observe
}

// answersAnyExit reports whether the script reads a JSON object the hook
// printed on any exit but 2 (its stdout, else its stderr) as its answer,
// as the tool it was written for does (the contracts table's
// answers_any_exit: Gemini CLI's "echo '{\"decision\": \"deny\"}'; exit 1"
// denies) and as hookconv run --from does.
func answersAnyExit(h *canonical.Hook, from string) bool {
	if h.Handler.Type != canonical.HandlerCommand || h.Handler.Async {
		return false
	}
	c, ok := hookrun.Default().Contract(from)
	return ok && c.AnswersAnyExit
}
