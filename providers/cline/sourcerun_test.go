package cline

import (
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/hookrun"
)

// TestSourceAnswerStreams: hc_done reads a JSON answer on a failed exit
// (ANYEXIT) in the hook's stdout, else its stderr, and stdout whole, as
// run --from reads every tool whose hooks the script reads as their own
// (answer_on_stderr; no answer_in_text: Cline's own, which run --from
// digs out of debug text, the script leaves to Cline). A row that reads
// otherwise would have the script and the shim disagree on the same hook.
func TestSourceAnswerStreams(t *testing.T) {
	h := &canonical.Hook{Event: "before_tool_execute", Blocking: true, Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "./guard"}}
	for _, from := range hookrun.Default().Slugs() {
		pe, ok := sourceRun(h, from)
		if ok && pe.AnswersAnyExit && (!pe.AnswerOnStderr || pe.AnswerInText) {
			t.Errorf("%s: run --from reads a failed hook's JSON answer on stderr %v, among text %v; the script on stderr, not among text", from, pe.AnswerOnStderr, pe.AnswerInText)
		}
	}
	if _, ok := sourceRun(h, Slug); ok {
		t.Error("the script reads Cline's own hooks as run --from cline does; Cline reads them itself")
	}
}
