package opencode

// What the generated plugin reads of a hook written for another tool as
// hookconv run --from does besides its JSON forms (SOURCES' crash_blocks
// and feedback, hookrun's ProgramEvent): convert asks, so that it says
// nothing of what the plugin carries.

import (
	"slices"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/memo"
	"github.com/hookconv/hookconv/vocab"
)

// BlocksOnSourceExit reports whether the generated plugin blocks when the
// hook exits with a code other than 0, 1 and 2 and prints plain text, as
// the tool it was written for (its marks) blocks on it (the contracts
// table's crash_blocks: Gemini CLI's "echo no; exit 3") and as hookconv
// run --from does: a blocking command hook the plugin waits for, on a
// plugin hook where it can block (BLOCKING_HOOKS). convert then says
// nothing of such an exit (HC436).
func BlocksOnSourceExit(h *canonical.Hook) bool {
	if !h.Blocking || !waitedFor(h) || !canBlockOn(h.Event) {
		return false
	}
	r := programEventFor(capabilities.MarkedSource(h), h.Event)
	return r.ok && r.pe.CrashBlocks
}

// CarriesFeedback reports whether the generated plugin passes on, as
// context on the tool's result, the reason of a decision a hook gives
// where the tool it was written for (from) reads it as feedback on what
// already happened (ProgramEvent.Feedback: Claude Code's PostToolUse
// decision "block"), as hookconv run --from passes it on, a blocking
// hook's too, where the target takes context. convert then says nothing
// of such feedback (HC465).
func CarriesFeedback(h *canonical.Hook, from string) bool {
	if !waitedFor(h) || h.Blocking && canBlockOn(h.Event) {
		return false
	}
	return programEventFor(from, h.Event).feeds
}

// waitedFor reports whether the plugin reads what the hook's command
// answers: a command it waits for (handler.async's answer counts for
// nothing).
func waitedFor(h *canonical.Hook) bool {
	return h.Handler.Type == canonical.HandlerCommand && !h.Handler.Async
}

// canBlockOn reports whether the plugin can block on the canonical event
// (its plugin hook is one of BLOCKING_HOOKS).
func canBlockOn(event string) bool {
	r := defaultRuntime()
	name, ok := r.native(event)
	return ok && slices.Contains(r.BlockingHooks, name)
}

// defaultRuntime is the runtime of the default tables, as the adapter
// registered builds it.
var defaultRuntime = sync.OnceValue(func() *runtime {
	prov, _ := vocab.Default().Provider(Slug)
	return buildRuntime(vocab.Default(), capabilities.Default(), prov)
})

// programEventFor is what SOURCES holds for a hook of from's on the
// event (sourceForms' ProgramEvent), with what the plugin reads of it;
// not ok for the canonical contract's hooks and a generated program's,
// which SOURCES leaves out, and for all where the plugin's contract says
// it reads no hook as its tool does.
func programEventFor(from, event string) programEventOf {
	if c, ok := hookrun.Default().Contract(Slug); from == "" || !ok || !c.SourceAnswers {
		return programEventOf{}
	}
	if p, _ := vocab.Default().Provider(from); p.Generated {
		return programEventOf{}
	}
	k := [2]string{from, event}
	if r, seen := programEvents.Load(k); seen {
		return r
	}
	var r programEventOf
	r.pe, r.ok = hookrun.Default().ProgramEvent(from, event, nil)
	r.feeds = r.ok && len(r.pe.Feedback) > 0 && hookrun.Default().CarriesFeedback(from, Slug, event)
	programEvents.Store(k, r)
	return r
}

// programEvents holds programEventFor's answers by tool and event: the
// tables do not change, and a large config asks for the same few
// thousands of times.
var programEvents memo.Map[[2]string, programEventOf]

// programEventOf is one of programEvents' answers.
type programEventOf struct {
	pe    hookrun.ProgramEvent
	ok    bool
	feeds bool // the plugin passes the feedback on as context (CarriesFeedback)
}
