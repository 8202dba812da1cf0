package hookrun

// What run --from does, described for a program hookconv generates that
// runs the hooks itself (OpenCode's plugin): the program cannot call
// hookconv run, so it is given, as data, the fields run --from adds to a
// hook's input (ownFields) and the answers it reads (Answers), computed
// here from the same tables and the same code, and applies them
// generically. Nothing here knows a tool by name.

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/vocab"
)

// ProgramEvent is what run --from does on one event for hooks written for
// one tool, as data a generated program applies.
type ProgramEvent struct {
	// Fields are added to (or replace) the hook's input whatever the
	// tool: the event's name at the source's key (hook_event_name:
	// "PreToolUse"), and the run's values at the source's keys.
	Fields []ProgramField `json:"fields,omitempty"`
	// ToolFields are, by canonical tool, the fields a call to that tool
	// adds or changes (tool_name: "Bash"; a split event's own name).
	ToolFields map[string][]ProgramField `json:"tool_fields,omitempty"`
	// Forms are the source's JSON answers on the event, in the order
	// run --from applies them.
	Forms []ProgramForm `json:"forms,omitempty"`
	// Decides are the paths the source's answers decide by with a
	// string, and the values read there: another value is no answer of
	// the source's, which a blocking hook must not pass off as an allow
	// unsaid.
	Decides map[string][]string `json:"decides,omitempty"`
	// Event names the event as the source does, for messages.
	Event string `json:"event"`
	// CrashBlocks says the source blocks on any exit but 0, 1 and 2
	// with plain-text output (the contracts table's crash_blocks: Gemini
	// CLI's "echo no; exit 3" denies): run --from reads a blocking hook's
	// such exit as a deny, its stdout (else its stderr) the reason,
	// where a block stops an action (Policy.Continues).
	CrashBlocks bool `json:"crash_blocks,omitempty"`
	// AnswersAnyExit says the source reads a JSON object the hook printed
	// (its stdout, else its stderr) as its answer whatever the exit code
	// but 2 (the contracts table's answers_any_exit: Gemini CLI's
	// "echo '{\"decision\": \"deny\"}'; exit 1" denies), as run --from
	// reads it.
	AnswersAnyExit bool `json:"answers_any_exit,omitempty"`
	// AnswerOnStderr says the source reads that answer on stderr too
	// where stdout is empty (answer_on_stderr: Gemini CLI), and
	// AnswerInText that it finds it among other text on stdout: all of
	// stdout where that is JSON, else the text from its first "{" to its
	// last "}" where that is (answer_in_text: Cline), as run --from reads
	// them.
	AnswerOnStderr bool `json:"answer_on_stderr,omitempty"`
	AnswerInText   bool `json:"answer_in_text,omitempty"`
	// Feedback are the answers the source gives the agent on the event
	// as feedback on what already happened, not as a block (its
	// feedback_json: Claude Code's PostToolUse decision "block"): run
	// --from passes such an answer on as context, its reason the text,
	// whether or not the hook is blocking.
	Feedback []ProgramLine `json:"feedback,omitempty"`
}

// KeepsStop reports whether run --from keeps a stop (continue: false)
// from a hook that is not blocking on the event: the source reads one
// there (one of Forms is a stop), and stopped the agent on it whatever
// the hook was declared (Claude Code's PostToolUse).
func (pe ProgramEvent) KeepsStop() bool {
	return slices.ContainsFunc(pe.Forms, func(f ProgramForm) bool { return f.What == WhatStop })
}

// ProgramField is one field of the hook's input in the source's
// spelling: a literal Value, or the value of the input's canonical field
// From ("session_id", "cwd", "prompt", "transcript_path") at run time.
type ProgramField struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value,omitempty"`
	From  string          `json:"from,omitempty"`
}

// ProgramForm is one JSON answer of the source: what it says (deny, ask,
// allow, updated_input, context, stop, system_message, suppress_output),
// the lines that must all hold (Value a JSON literal, strings compared
// trimmed and without case) and those whose values it carries (Var:
// reason, context, updated_input, system_message).
type ProgramForm struct {
	What string        `json:"what"`
	Must []ProgramLine `json:"must,omitempty"`
	Take []ProgramLine `json:"take,omitempty"`
}

// ProgramLine is one "path = value" line of a form.
type ProgramLine struct {
	Path  []string        `json:"path"`
	Value json.RawMessage `json:"value,omitempty"`
	Var   string          `json:"var,omitempty"`
}

// runFields are the canonical fields whose values ownFields takes from
// the run, by their Input keys: ProgramEvent describes them by name.
var runFields = []string{"session_id", "cwd", "prompt", "transcript_path"}

// runValue stands for a run's value of a canonical field while ownFields
// describes where it goes; no payload holds a NUL byte in a name.
func runValue(field string) string { return "\x00hookconv:" + field }

// ProgramEvent describes what run --from from does on the canonical
// event for a program to do it too: ownFields' fields for any tool and,
// for each of the tools (canonical names), those a call to it changes;
// Answers' forms. ok is false for a tool without a contract.
func (t *Tables) ProgramEvent(from, event string, tools []string) (ProgramEvent, bool) {
	if _, ok := t.Contract(from); !ok {
		return ProgramEvent{}, false
	}
	base := t.programFields(from, event, "")
	pe := ProgramEvent{Fields: base}
	for _, tool := range tools {
		var changed []ProgramField
		for _, f := range t.programFields(from, event, tool) {
			if !slices.ContainsFunc(base, func(b ProgramField) bool {
				return b.Key == f.Key && string(b.Value) == string(f.Value) && b.From == f.From
			}) {
				changed = append(changed, f)
			}
		}
		if len(changed) > 0 {
			if pe.ToolFields == nil {
				pe.ToolFields = map[string][]ProgramField{}
			}
			pe.ToolFields[tool] = changed
		}
	}
	in := Input{Event: event}
	s := t.Answers(from, SourceEvent(from, &in))
	pe.Event = s.eventName()
	pe.CrashBlocks = s.crashBlocks
	pe.AnswersAnyExit = s.answersAnyExit
	pe.AnswerOnStderr = s.answerOnStderr
	pe.AnswerInText = s.answerInText
	for _, as := range s.feedback {
		pe.Feedback = append(pe.Feedback, ProgramLine{Path: as.path, Value: json.RawMessage(as.value)})
	}
	for _, f := range s.forms {
		pf := ProgramForm{What: f.what}
		for _, as := range f.must {
			pf.Must = append(pf.Must, ProgramLine{Path: as.path, Value: json.RawMessage(as.value)})
		}
		for _, as := range f.take {
			pf.Take = append(pf.Take, ProgramLine{Path: as.path, Var: as.value[1:]})
		}
		pe.Forms = append(pe.Forms, pf)
	}
	if len(s.decides) > 0 {
		pe.Decides = s.decides
	}
	return pe, true
}

// programFields are ownFields' fields for a hook of from's on the event,
// about the canonical tool (or none), the run's values named by field.
func (t *Tables) programFields(from, event, tool string) []ProgramField {
	in := Input{Event: event, Tool: tool, SessionID: runValue("session_id"), Cwd: runValue("cwd"), Prompt: runValue("prompt"), TranscriptPath: runValue("transcript_path")}
	var out []ProgramField
	for _, f := range t.ownFields(from, &in) {
		pf := ProgramField{Key: f.key, Value: f.value}
		var s string
		if json.Unmarshal(f.value, &s) == nil && strings.HasPrefix(s, runValue("")) {
			pf.Value, pf.From = nil, strings.TrimPrefix(s, runValue(""))
			if !slices.Contains(runFields, pf.From) {
				continue
			}
		}
		// A run's value may also sit inside a field the source nests
		// (Cursor's workspace_roots: [cwd]): it stays named there, and
		// the program puts each in where it finds it.
		out = append(out, pf)
	}
	return out
}

// ProgramPayload is the payload the program hookconv generates for to
// hands a hook written for from: to's own (its contract), and, where to's
// contract says the program does what run --from does (source_answers),
// each field also at from's own top-level key where run --from adds one
// (ShimPayload's: Claude Code's hook_event_name and tool_name). The
// hooks of a program hookconv generates speak the canonical contract and
// get no other keys. nil for a tool without a contract.
func (t *Tables) ProgramPayload(to, from string) *Contract {
	dst, ok := t.Contract(to)
	if !ok {
		return nil
	}
	out := *dst
	if p, _ := vocab.Default().Provider(from); !dst.SourceAnswers || p.Generated {
		return &out
	}
	if _, ok := t.Contract(from); !ok {
		return &out
	}
	own := t.ShimPayload(from, to)
	also := func(paths, canonical, with []string) []string {
		for _, p := range with {
			if !slices.Contains(canonical, p) && !slices.Contains(paths, p) {
				paths = append(slices.Clip(paths), p)
			}
		}
		return paths
	}
	c := &CanonicalPayload
	out.Event = also(out.Event, c.Event, own.Event)
	out.Tool = also(out.Tool, c.Tool, own.Tool)
	out.SessionID = also(out.SessionID, c.SessionID, own.SessionID)
	out.Cwd = also(out.Cwd, c.Cwd, own.Cwd)
	out.Prompt = also(out.Prompt, c.Prompt, own.Prompt)
	out.TranscriptPath = also(out.TranscriptPath, c.TranscriptPath, own.TranscriptPath)
	return &out
}
