package opencode

import (
	"testing"

	"github.com/hookconv/hookconv/hookrun"
)

// TestSourceAnswerInText: the plugin reads a hook's stdout whole, as run
// --from reads every tool whose hooks SOURCES describes; Cline's, whose
// answer run --from digs out of debug text (answer_in_text), are a
// generated program's and left out (HC564 says their {"cancel": true}
// blocks nothing here). A row that gave SOURCES such a tool would have
// the plugin and the shim disagree on the same hook.
func TestSourceAnswerInText(t *testing.T) {
	for _, from := range hookrun.Default().Slugs() {
		if r := programEventFor(from, "before_tool_execute"); r.ok && r.pe.AnswerInText {
			t.Errorf("%s: run --from finds its answer among text, which the plugin does not", from)
		}
	}
	if r := programEventFor("cline", "before_tool_execute"); r.ok {
		t.Error("SOURCES describes Cline's own hooks")
	}
}
