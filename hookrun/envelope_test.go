package hookrun

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestEnvelope(t *testing.T) {
	tb := Default()
	now := time.Date(2026, 8, 1, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		provider, event, payload, want, err string
	}{
		{provider: "claude-code", payload: `{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/home/u/my proj","tool_name":"Bash"}`,
			want: `{"openhook":"0.1","id":"ID","source":"claude-code","type":"tool.start","time":"2026-08-01T10:00:00.000Z","session_id":"s","context":"file:///home/u/my%20proj","data":{"tool_name":"Bash"}}`},
		{provider: "gemini-cli", payload: `{"hook_event_name":"BeforeAgent","session_id":"s","prompt":"héllo"}`,
			want: `{"openhook":"0.1","id":"ID","source":"gemini-cli","type":"prompt.submit","time":"2026-08-01T10:00:00.000Z","session_id":"s","data":{"prompt_length":5}}`},
		{provider: "codex", payload: `{"hook_event_name":"SessionEnd","session_id":"s","transcript_path":"/t.jsonl"}`,
			want: `{"openhook":"0.1","id":"ID","source":"codex","type":"session.end","time":"2026-08-01T10:00:00.000Z","session_id":"s","data":{"transcript_path":"/t.jsonl"}}`},
		{provider: "claude-code", payload: `{"hook_event_name":"SessionStart","session_id":"s"}`,
			want: `{"openhook":"0.1","id":"ID","source":"claude-code","type":"session.start","time":"2026-08-01T10:00:00.000Z","session_id":"s"}`},
		{provider: "claude-code", payload: `{"hook_event_name":"Stop"}`, err: "OpenHook 0.1 has no event type for agent_stop"},
		{provider: "copilot-cli", payload: `{"sessionId":"s"}`, err: "the event is not known; name it with --event"},
	} {
		in, _ := tb.Normalise(tc.provider, tc.event, []byte(tc.payload))
		got, err := Envelope(&in, "ID", now)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %q", tc.payload, err, tc.err)
			}
			continue
		}
		if err != nil || strings.TrimSpace(string(got)) != tc.want {
			t.Errorf("%s:\ngot  %s (%v)\nwant %s", tc.payload, got, err, tc.want)
		}
	}
	if id := NewID(); !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(id) {
		t.Errorf("NewID() = %s, not a UUID v4", id)
	}
}
