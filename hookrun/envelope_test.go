package hookrun

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hookconv/hookconv/internal/jsonschema"
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
			want: `{"openhook":"0.1","id":"ID","source":"gemini-cli","type":"prompt.submit","time":"2026-08-01T10:00:00.000Z","session_id":"s","data":{"prompt_length":5},"extensions":{"hookconv":{"prompt_length":5,"prompt_sha256":"` + sha("héllo") + `"}}}`},
		{provider: "codex", payload: `{"hook_event_name":"SessionEnd","session_id":"s","transcript_path":"/t.jsonl"}`,
			want: `{"openhook":"0.1","id":"ID","source":"codex","type":"session.end","time":"2026-08-01T10:00:00.000Z","session_id":"s","data":{"transcript_path":"/t.jsonl"}}`},
		{provider: "claude-code", payload: `{"hook_event_name":"SessionStart","session_id":"s"}`,
			want: `{"openhook":"0.1","id":"ID","source":"claude-code","type":"session.start","time":"2026-08-01T10:00:00.000Z","session_id":"s"}`},
		// A tool's input and output: length and digest of the compact JSON.
		{provider: "claude-code", payload: `{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"Bash","tool_input":{ "command": "ls" },"tool_response":"a\nb"}`,
			want: `{"openhook":"0.1","id":"ID","source":"claude-code","type":"tool.end","time":"2026-08-01T10:00:00.000Z","session_id":"s","data":{"tool_name":"Bash"},"extensions":{"hookconv":{"tool_input_bytes":16,"tool_input_sha256":"` + sha(`{"command":"ls"}`) + `","tool_response_bytes":6,"tool_response_sha256":"` + sha(`"a\nb"`) + `"}}}`},
		{provider: "claude-code", payload: `{"hook_event_name":"PostToolUseFailure","session_id":"s","tool_name":"Bash"}`,
			want: `{"openhook":"0.1","id":"ID","source":"claude-code","type":"tool.end","time":"2026-08-01T10:00:00.000Z","session_id":"s","data":{"status":"error","tool_name":"Bash"}}`},
		// A relative or empty cwd has no file:// URI; a Windows one has.
		{provider: "claude-code", payload: `{"hook_event_name":"SessionStart","session_id":"s","cwd":"proj"}`,
			want: `{"openhook":"0.1","id":"ID","source":"claude-code","type":"session.start","time":"2026-08-01T10:00:00.000Z","session_id":"s"}`},
		{provider: "claude-code", payload: `{"hook_event_name":"SessionStart","session_id":"s","cwd":"C:\\Users\\u\\proj"}`,
			want: `{"openhook":"0.1","id":"ID","source":"claude-code","type":"session.start","time":"2026-08-01T10:00:00.000Z","session_id":"s","context":"file:///C:/Users/u/proj"}`},
		// QA F8: a file written or edited is file.write (reference part 1
		// §5.3: path required; operation update for an edit), and the
		// tool call's id is tool_call_id.
		{provider: "claude-code", payload: `{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"Edit","tool_use_id":"toolu_1","tool_input":{"file_path":"/x/a"}}`,
			want: `{"openhook":"0.1","id":"ID","source":"claude-code","type":"file.write","time":"2026-08-01T10:00:00.000Z","session_id":"s","data":{"operation":"update","path":"/x/a","tool_call_id":"toolu_1"},"extensions":{"hookconv":{"tool_input_bytes":20,"tool_input_sha256":"` + sha(`{"file_path":"/x/a"}`) + `"}}}`},
		{provider: "cursor", payload: `{"hook_event_name":"afterFileEdit","conversation_id":"c","file_path":"/x/a.go"}`,
			want: `{"openhook":"0.1","id":"ID","source":"cursor","type":"file.write","time":"2026-08-01T10:00:00.000Z","session_id":"c","data":{"path":"/x/a.go"},"extensions":{"hookconv":{"tool_input_bytes":23,"tool_input_sha256":"` + sha(`{"file_path":"/x/a.go"}`) + `"}}}`},
		{provider: "claude-code", payload: `{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_use_id":"toolu_2"}`,
			want: `{"openhook":"0.1","id":"ID","source":"claude-code","type":"tool.start","time":"2026-08-01T10:00:00.000Z","session_id":"s","data":{"tool_call_id":"toolu_2","tool_name":"Bash"}}`},
		// A payload without a session id: the caller decides (envelope
		// gives a new one and says so).
		{provider: "kiro-agent", payload: `{"hook_event_name":"agentSpawn","cwd":"/x"}`, err: "OpenHook requires a session_id and the kiro-agent payload has none"},
		{provider: "claude-code", payload: `{"hook_event_name":"Stop"}`, err: "OpenHook 0.1 has no event type for agent_stop"},
		{provider: "copilot-cli", payload: `{"sessionId":"s"}`, err: "the event is not known; name it with --event"},
		{provider: "claude-code", event: "file_changed", payload: `{"session_id":"s"}`, err: "OpenHook file.write needs a path and the payload has none"},
	} {
		in, _ := tb.Normalise(tc.provider, tc.event, []byte(tc.payload))
		got, err := Envelope(&in, "ID", now, false)
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
	if id := NewID(); !uuidV4.MatchString(id) {
		t.Errorf("NewID() = %s, not a UUID v4", id)
	}
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// TestEnvelopePrivacy: prompts, tool inputs and tool outputs are given by
// length and SHA-256 unless content is asked for, and then copied as sent.
func TestEnvelopePrivacy(t *testing.T) {
	const secret = "my password is hunter2"
	payloads := []struct{ provider, payload string }{
		{"claude-code", `{"hook_event_name":"UserPromptSubmit","session_id":"s","prompt":"` + secret + `"}`},
		{"claude-code", `{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"echo ` + secret + `"},"tool_response":{"stdout":"` + secret + `"}}`},
		{"copilot-cli", `{"hookEventName":"postToolUse","sessionId":"s","toolName":"bash","toolArgs":"{\"command\":\"echo ` + secret + `\"}","toolResult":{"textResultForLlm":"` + secret + `"}}`},
	}
	now := time.Now()
	for _, p := range payloads {
		in, _ := Default().Normalise(p.provider, "", []byte(p.payload))
		got, err := Envelope(&in, NewID(), now, false)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(got), "hunter2") {
			t.Errorf("%s: the envelope copies content by default:\n%s", p.payload, got)
		}
		if !strings.Contains(string(got), "_sha256") {
			t.Errorf("%s: no digest:\n%s", p.payload, got)
		}
		got, err = Envelope(&in, NewID(), now, true)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(got), "hunter2") {
			t.Errorf("%s: includeContent does not copy the content:\n%s", p.payload, got)
		}
		var e struct {
			Extensions struct {
				Hookconv content `json:"hookconv"`
			} `json:"extensions"`
		}
		if err := json.Unmarshal(got, &e); err != nil {
			t.Fatal(err)
		}
		c := e.Extensions.Hookconv
		if c.Prompt != nil && (*c.Prompt != in.Prompt || c.PromptSHA256 != sha(in.Prompt)) {
			t.Errorf("prompt copied as %q, digest %s", *c.Prompt, c.PromptSHA256)
		}
		if c.ToolInput != nil && (c.ToolInputSHA256 != sha(string(c.ToolInput)) || *c.ToolInputBytes != len(c.ToolInput)) {
			t.Errorf("tool input %s does not match its digest", c.ToolInput)
		}
		if c.ToolResponse != nil && (c.ToolResponseSHA256 != sha(string(c.ToolResponse)) || *c.ToolResponseBytes != len(c.ToolResponse)) {
			t.Errorf("tool response %s does not match its digest", c.ToolResponse)
		}
	}
}

// openHookSchema is the OpenHook 0.1 event envelope schema written down
// as rules (open-hook spec/openhook-0.1.md §2-3, spec/schemas/ @ d13f0bc):
// six required fields, three optional ones and no other (the envelope is
// closed); openhook is MAJOR.MINOR, source lowercase kebab-case, type one
// of six, time ISO 8601 from the seconds on; data follows its type's
// schema (open objects, file.write needs a path).
const openHookSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["openhook", "id", "source", "type", "time", "session_id"],
  "properties": {
    "openhook": {"type": "string", "pattern": "^\\d+\\.\\d+$"},
    "id": {"type": "string", "minLength": 1},
    "source": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
    "type": {"enum": ["session.start", "session.end", "prompt.submit", "tool.start", "tool.end", "file.write"]},
    "time": {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}"},
    "session_id": {"type": "string"},
    "data": {"type": "object"},
    "context": {"type": "string"},
    "extensions": {"type": "object"}
  },
  "additionalProperties": false,
  "allOf": [
    {"if": {"properties": {"type": {"const": "session.start"}}}, "then": {"properties": {"data": {"$ref": "#/$defs/session_start"}}}},
    {"if": {"properties": {"type": {"const": "session.end"}}}, "then": {"properties": {"data": {"$ref": "#/$defs/session_end"}}}},
    {"if": {"properties": {"type": {"const": "prompt.submit"}}}, "then": {"properties": {"data": {"$ref": "#/$defs/prompt_submit"}}}},
    {"if": {"properties": {"type": {"const": "tool.start"}}}, "then": {"properties": {"data": {"$ref": "#/$defs/tool_start"}}}},
    {"if": {"properties": {"type": {"const": "tool.end"}}}, "then": {"properties": {"data": {"$ref": "#/$defs/tool_end"}}}},
    {"if": {"properties": {"type": {"const": "file.write"}}}, "then": {"required": ["data"], "properties": {"data": {"$ref": "#/$defs/file_write"}}}}
  ],
  "$defs": {
    "count": {"type": "integer", "minimum": 0},
    "session_start": {"type": "object", "properties": {"model": {"type": "string"}}},
    "session_end": {"type": "object", "properties": {
      "transcript_path": {"type": "string"},
      "reason": {"enum": ["user_exit", "timeout", "error", "completed"]},
      "model": {"type": "string"},
      "duration_ms": {"$ref": "#/$defs/count"},
      "input_tokens": {"$ref": "#/$defs/count"},
      "output_tokens": {"$ref": "#/$defs/count"}
    }},
    "prompt_submit": {"type": "object", "properties": {"prompt_length": {"$ref": "#/$defs/count"}}},
    "tool_start": {"type": "object", "properties": {"tool_name": {"type": "string"}, "tool_call_id": {"type": "string"}}},
    "tool_end": {"type": "object", "properties": {
      "tool_name": {"type": "string"},
      "tool_call_id": {"type": "string"},
      "status": {"enum": ["success", "error"]},
      "duration_ms": {"$ref": "#/$defs/count"}
    }},
    "file_write": {"type": "object", "required": ["path"], "properties": {
      "path": {"type": "string"},
      "operation": {"enum": ["create", "update", "delete"]},
      "start_line": {"type": "integer", "minimum": 1},
      "end_line": {"type": "integer", "minimum": 1},
      "model": {"type": "string"},
      "tool_call_id": {"type": "string"}
    }}
  }
}`

// checkEnvelope fails t unless b is one OpenHook 0.1 envelope: valid by
// the schema, and by what hookconv promises on top of it (the spec's
// recommendations): a UUID v4 id, RFC 3339 time with a zone, a file://
// URI of an absolute directory as context.
func checkEnvelope(t *testing.T, where string, b []byte) {
	t.Helper()
	if err := jsonschema.MustCompile([]byte(openHookSchema)).Validate(b); err != nil {
		t.Errorf("%s: not an OpenHook 0.1 envelope: %v\n%s", where, err, b)
		return
	}
	var e envelope
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	if !uuidV4.MatchString(e.ID) {
		t.Errorf("%s: id %q is not a UUID v4", where, e.ID)
	}
	if e.OpenHook != OpenHookVersion {
		t.Errorf("%s: openhook %q", where, e.OpenHook)
	}
	if _, err := time.Parse(time.RFC3339Nano, e.Time); err != nil {
		t.Errorf("%s: time %q is not RFC 3339 with a zone: %v", where, e.Time, err)
	}
	if e.Context != "" {
		u, err := url.Parse(e.Context)
		if err != nil || u.Scheme != "file" || u.Host != "" || !strings.HasPrefix(u.Path, "/") {
			t.Errorf("%s: context %q is not a file:// URI of an absolute path", where, e.Context)
		}
	}
}

// TestEnvelopeSchema: envelopes of every recorded payload, of every
// OpenHook type from every provider, with content or without, validate
// against the OpenHook 0.1 envelope schema; and the schema as written
// here does reject what the closed schema rejects.
func TestEnvelopeSchema(t *testing.T) {
	tb := Default()
	n := 0
	check := func(where string, in *Input) {
		t.Helper()
		for _, include := range []bool{false, true} {
			b, err := Envelope(in, NewID(), time.Now(), include)
			if err != nil {
				continue // an event OpenHook has no type for
			}
			n++
			checkEnvelope(t, where, b)
		}
	}
	// Every recorded payload (shared/reference/payloads).
	dirs, _ := os.ReadDir(payloadDir)
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join(payloadDir, d.Name(), "*.json"))
		for _, f := range files {
			payload, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimSuffix(filepath.Base(f), ".json")
			hint := ""
			if in, _ := tb.Normalise(recordedProvider[d.Name()], "", payload); in.NativeEvent == "" {
				hint = name
			}
			in, _ := tb.Normalise(recordedProvider[d.Name()], hint, payload)
			check(d.Name()+"/"+name, &in)
		}
	}
	// Every provider, every OpenHook type, a payload with every field.
	in := Input{
		SessionID: "s", Cwd: "/home/u/my proj", NativeTool: "Write", Prompt: "hi \"there\"\n",
		ToolInput: json.RawMessage(`{"file_path":"/home/u/a.go","content":"x"}`), ToolResponse: json.RawMessage(`[1, 2]`),
		TranscriptPath: "/t.jsonl",
	}
	for _, p := range tb.Slugs() {
		for _, ev := range []string{"session_start", "session_end", "before_prompt", "before_tool_execute", "after_tool_execute", "tool_use_failure", "file_changed"} {
			in.Source, in.Event = p, ev
			check(p+" "+ev, &in)
		}
	}
	if n < 200 {
		t.Errorf("only %d envelopes checked", n)
	}

	// The schema is the closed one: it rejects a key it does not name (cwd
	// was renamed context), a type OpenHook does not have, a source that
	// is not kebab-case, a time without a date, a file.write without path.
	valid := `{"openhook":"0.1","id":"x","source":"claude-code","type":"tool.start","time":"2026-08-01T10:00:00Z","session_id":"s"}`
	s := jsonschema.MustCompile([]byte(openHookSchema))
	if err := s.Validate([]byte(valid)); err != nil {
		t.Fatalf("a minimal envelope is invalid: %v", err)
	}
	for _, bad := range []string{
		`{"openhook":"0.1","id":"x","source":"claude-code","type":"tool.start","time":"2026-08-01T10:00:00Z","session_id":"s","cwd":"/p"}`,
		`{"openhook":"0.1","id":"x","source":"claude-code","type":"agent.stop","time":"2026-08-01T10:00:00Z","session_id":"s"}`,
		`{"openhook":"0.1","id":"x","source":"Claude Code","type":"tool.start","time":"2026-08-01T10:00:00Z","session_id":"s"}`,
		`{"openhook":"0.1","id":"x","source":"claude-code","type":"tool.start","time":"10:00","session_id":"s"}`,
		`{"openhook":"0.1","id":"","source":"claude-code","type":"tool.start","time":"2026-08-01T10:00:00Z","session_id":"s"}`,
		`{"openhook":"0.1","id":"x","source":"claude-code","type":"tool.start","time":"2026-08-01T10:00:00Z"}`,
		`{"openhook":"0.1","id":"x","source":"claude-code","type":"file.write","time":"2026-08-01T10:00:00Z","session_id":"s","data":{}}`,
		`{"openhook":"0.1","id":"x","source":"claude-code","type":"prompt.submit","time":"2026-08-01T10:00:00Z","session_id":"s","data":{"prompt_length":-1}}`,
		`{"openhook":"1","id":"x","source":"claude-code","type":"tool.start","time":"2026-08-01T10:00:00Z","session_id":"s"}`,
	} {
		if s.Validate([]byte(bad)) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}
