package hookrun

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestProgramEvent checks what a generated program is told run --from
// does: the source's own top-level fields (a literal, or the run's value
// by the canonical field's name) and its JSON answers.
func TestProgramEvent(t *testing.T) {
	tests := []struct {
		name, from, event string
		tools             []string
		fields            []ProgramField
		toolFields        map[string][]ProgramField
		form              string // one of the forms, as JSON
		event2            string // ProgramEvent.Event
	}{
		{"claude tool call", "claude-code", "before_tool_execute", []string{"shell", "file_edit"},
			[]ProgramField{{Key: "hook_event_name", Value: json.RawMessage(`"PreToolUse"`)}},
			map[string][]ProgramField{"shell": {{Key: "tool_name", Value: json.RawMessage(`"Bash"`)}}, "file_edit": {{Key: "tool_name", Value: json.RawMessage(`"Edit"`)}}},
			`{"what":"deny","must":[{"path":["hookSpecificOutput","permissionDecision"],"value":"deny"}],"take":[{"path":["hookSpecificOutput","permissionDecisionReason"],"var":"reason"}]}`,
			"PreToolUse"},
		{"claude stop", "claude-code", "agent_stop", nil,
			[]ProgramField{{Key: "hook_event_name", Value: json.RawMessage(`"Stop"`)}}, nil,
			`{"what":"deny","must":[{"path":["decision"],"value":"block"}]}`, "Stop"},
		{"gemini tool call", "gemini-cli", "before_tool_execute", []string{"shell"},
			[]ProgramField{{Key: "hook_event_name", Value: json.RawMessage(`"BeforeTool"`)}},
			map[string][]ProgramField{"shell": {{Key: "tool_name", Value: json.RawMessage(`"run_shell_command"`)}}},
			`{"what":"deny","must":[{"path":["decision"],"value":"deny"}],"take":[{"path":["reason"],"var":"reason"}]}`, "BeforeTool"},
		// Copilot CLI keeps the session under its own key: the run's value.
		{"copilot session", "copilot-cli", "agent_stop", nil,
			[]ProgramField{{Key: "hook_event_name", Value: json.RawMessage(`"agentStop"`)}, {Key: "sessionId", From: "session_id"}, {Key: "transcriptPath", From: "transcript_path"}}, nil,
			"", "agentStop"},
	}
	tb := Default()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pe, ok := tb.ProgramEvent(tt.from, tt.event, tt.tools)
			if !ok {
				t.Fatal("no contract")
			}
			if got, want := mustJSON(t, pe.Fields), mustJSON(t, tt.fields); got != want {
				t.Errorf("fields %s, want %s", got, want)
			}
			if got, want := mustJSON(t, pe.ToolFields), mustJSON(t, tt.toolFields); got != want {
				t.Errorf("tool fields %s, want %s", got, want)
			}
			if tt.form != "" && !slices.ContainsFunc(pe.Forms, func(f ProgramForm) bool { return mustJSON(t, f) == tt.form }) {
				t.Errorf("forms %s, want one %s", mustJSON(t, pe.Forms), tt.form)
			}
			if pe.Event != tt.event2 {
				t.Errorf("event %q, want %q", pe.Event, tt.event2)
			}
		})
	}
	if _, ok := tb.ProgramEvent("no-such-tool", "before_tool_execute", nil); ok {
		t.Error("a tool without a contract was described")
	}
}

// TestProgramEventIsRun checks that the fields a program adds, its values
// put in, are the ones run --from adds (ownFields) for every source with a
// contract, on tool calls for every tool and on other events: one
// computation, not two.
func TestProgramEventIsRun(t *testing.T) {
	tb := Default()
	tools := []string{"shell", "file_read", "file_edit", "file_write", "search", "web_fetch"}
	for _, from := range tb.Slugs() {
		for _, ev := range []string{"before_tool_execute", "after_tool_execute", "agent_stop", "before_prompt", "session_start"} {
			pe, ok := tb.ProgramEvent(from, ev, tools)
			if !ok {
				continue
			}
			checkExitsAndFeedbackAreRun(t, tb, pe, from, ev)
			for _, tool := range append([]string{""}, tools...) {
				in := Input{Event: ev, Tool: tool, SessionID: "ses_1", Cwd: "/p", Prompt: "hi", TranscriptPath: "/t"}
				if ev != "before_tool_execute" {
					in.Tool = ""
				}
				want := map[string]string{}
				for _, f := range tb.ownFields(from, &in) {
					want[f.key] = string(f.value)
				}
				got := map[string]string{}
				values := map[string]string{"session_id": `"ses_1"`, "cwd": `"/p"`, "prompt": `"hi"`, "transcript_path": `"/t"`}
				for _, f := range slices.Concat(pe.Fields, pe.ToolFields[in.Tool]) {
					if f.From != "" {
						got[f.Key] = values[f.From]
					} else {
						v := string(f.Value)
						for field, value := range values {
							v = strings.ReplaceAll(v, `"\u0000hookconv:`+field+`"`, value)
						}
						got[f.Key] = v
					}
				}
				if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
					t.Errorf("%s %s %q: program fields %s, run --from's %s", from, ev, in.Tool, g, w)
				}
			}
		}
	}
}

// checkExitsAndFeedbackAreRun checks that a program is told run --from's
// own reading of exits (crash_blocks) and of feedback (feedback_json) on
// the event: the answers resolve reads, not a second list.
func checkExitsAndFeedbackAreRun(t *testing.T, tb *Tables, pe ProgramEvent, from, ev string) {
	t.Helper()
	s := tb.Answers(from, SourceEvent(from, &Input{Event: ev}))
	if got := s.answerOnFailure(1, []byte(`{"decision": "deny"}`), ""); pe.AnswersAnyExit != (got != nil) {
		t.Errorf("%s %s: AnswersAnyExit %v, but run --from reads a JSON answer on exit 1 as %q", from, ev, pe.AnswersAnyExit, got)
	}
	if got := s.answerOnFailure(1, nil, `{"decision": "deny"}`); pe.AnswerOnStderr != (got != nil) {
		t.Errorf("%s %s: AnswerOnStderr %v, but run --from reads a JSON answer on stderr as %q", from, ev, pe.AnswerOnStderr, got)
	}
	if got := s.answerText([]byte("checking\n{}\n")); pe.AnswerInText != (string(got) == "{}") {
		t.Errorf("%s %s: AnswerInText %v, but run --from reads an answer after text as %q", from, ev, pe.AnswerInText, got)
	}
	if pe.CrashBlocks != (s.plainDeny(3, []byte("no"), "") != "") {
		t.Errorf("%s %s: CrashBlocks %v, but run --from reads a plain exit 3 as %q", from, ev, pe.CrashBlocks, s.plainDeny(3, []byte("no"), ""))
	}
	var want []string
	for _, as := range s.feedback {
		want = append(want, mustJSON(t, ProgramLine{Path: as.path, Value: json.RawMessage(as.value)}))
	}
	var got []string
	for _, l := range pe.Feedback {
		got = append(got, mustJSON(t, l))
		// Each line is an answer run --from takes for feedback.
		answer := map[string]any{}
		var v any
		if err := json.Unmarshal(l.Value, &v); err != nil {
			t.Fatal(err)
		}
		setPath(answer, l.Path, v)
		if b := []byte(mustJSON(t, answer)); !s.feedsBack(b) {
			t.Errorf("%s %s: feedback %s is not feedback to run --from", from, ev, b)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s %s: program feedback %v, run --from's %v", from, ev, got, want)
	}
}

// setPath sets v at a path of keys in obj, making the objects between.
func setPath(obj map[string]any, path []string, v any) {
	for _, key := range path[:len(path)-1] {
		next, ok := obj[key].(map[string]any)
		if !ok {
			next = map[string]any{}
			obj[key] = next
		}
		obj = next
	}
	obj[path[len(path)-1]] = v
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestProgramEventExitsAndStops checks what a generated program is told
// of run --from's reading of exits and stops: a source that blocks on
// any exit but 0, 1 and 2 with plain text (crash_blocks), and one whose
// stop a hook that is not blocking keeps (Resolve's Source.stops).
func TestProgramEventExitsAndStops(t *testing.T) {
	tests := []struct {
		from, event        string
		crashBlocks, stops bool
	}{
		{"gemini-cli", "before_tool_execute", true, true},
		{"claude-code", "before_tool_execute", false, true},
		{"claude-code", "after_tool_execute", false, true},
		{"windsurf", "before_tool_execute", false, false}, // exit codes only
		{"cursor", "after_tool_execute", false, false},    // a stop on before_prompt alone
	}
	for _, tt := range tests {
		pe, ok := Default().ProgramEvent(tt.from, tt.event, nil)
		if !ok {
			t.Fatalf("%s: no contract", tt.from)
		}
		if pe.CrashBlocks != tt.crashBlocks || pe.KeepsStop() != tt.stops {
			t.Errorf("%s %s: CrashBlocks %v, KeepsStop %v; want %v, %v", tt.from, tt.event, pe.CrashBlocks, pe.KeepsStop(), tt.crashBlocks, tt.stops)
		}
		s := Default().Answers(tt.from, SourceEvent(tt.from, &Input{Event: tt.event}))
		if pe.KeepsStop() != s.stops() {
			t.Errorf("%s %s: KeepsStop %v, but run --from's stops() is %v", tt.from, tt.event, pe.KeepsStop(), s.stops())
		}
	}
}
