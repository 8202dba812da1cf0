package hookrun

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hookconv/hookconv/vocab"
)

// OpenHookVersion is the OpenHook protocol version Envelope writes.
const OpenHookVersion = "0.1"

// timeLayout is RFC 3339 with milliseconds and the zone, as OpenHook's
// examples write time.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

// envelope is the OpenHook 0.1 event envelope (spec/schemas/
// envelope.schema.json, closed: no other keys), in the spec's key order.
type envelope struct {
	OpenHook   string         `json:"openhook"`
	ID         string         `json:"id"`
	Source     string         `json:"source"`
	Type       string         `json:"type"`
	Time       string         `json:"time"`
	SessionID  string         `json:"session_id"`
	Context    string         `json:"context,omitempty"`
	Data       map[string]any `json:"data,omitempty"`
	Extensions *extensions    `json:"extensions,omitempty"`
}

// extensions is the envelope's vendor-specific object: hookconv's own key.
type extensions struct {
	Hookconv *content `json:"hookconv"`
}

// content describes what the user and the tools said, which an envelope
// or a log line never copies unless asked to (--include-content): by
// default only lengths and SHA-256 digests, enough to tell two prompts or
// two tool outputs apart, or to match one against a known text, without
// keeping the text. A prompt is measured in characters (as OpenHook's
// prompt_length) and hashed as UTF-8; a tool input or output in bytes and
// hashed as compact JSON, so the digest does not depend on how the tool
// spaced it.
type content struct {
	PromptLength       *int            `json:"prompt_length,omitempty"`
	PromptSHA256       string          `json:"prompt_sha256,omitempty"`
	Prompt             *string         `json:"prompt,omitempty"`
	ToolInputBytes     *int            `json:"tool_input_bytes,omitempty"`
	ToolInputSHA256    string          `json:"tool_input_sha256,omitempty"`
	ToolInput          json.RawMessage `json:"tool_input,omitempty"`
	ToolResponseBytes  *int            `json:"tool_response_bytes,omitempty"`
	ToolResponseSHA256 string          `json:"tool_response_sha256,omitempty"`
	ToolResponse       json.RawMessage `json:"tool_response,omitempty"`
}

// contentOf measures the input's prompt, tool input and tool output; nil
// when it has none. include copies them as well.
func contentOf(in *Input, include bool) *content {
	var c content
	found := false
	if in.Prompt != "" {
		found = true
		n := utf8.RuneCountInString(in.Prompt)
		c.PromptLength, c.PromptSHA256 = &n, digest([]byte(in.Prompt))
		if include {
			c.Prompt = &in.Prompt
		}
	}
	measure := func(raw json.RawMessage, size **int, sum *string, copyTo *json.RawMessage) {
		if len(raw) == 0 {
			return
		}
		var b bytes.Buffer
		if json.Compact(&b, raw) != nil {
			return // Normalise keeps only valid JSON here
		}
		found = true
		n := b.Len()
		*size, *sum = &n, digest(b.Bytes())
		if include {
			*copyTo = b.Bytes()
		}
	}
	measure(in.ToolInput, &c.ToolInputBytes, &c.ToolInputSHA256, &c.ToolInput)
	measure(in.ToolResponse, &c.ToolResponseBytes, &c.ToolResponseSHA256, &c.ToolResponse)
	if !found {
		return nil
	}
	return &c
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Envelope writes a canonical input as an OpenHook 0.1 event envelope, so
// an OpenHook consumer (a telemetry exporter, an audit log) can be fed
// from any tool's hooks. id is the idempotency key (NewID); now stamps
// the event. The prompt, the tool input and the tool output are given in
// extensions.hookconv by length and SHA-256 only, unless includeContent
// copies them there too. Events OpenHook has no type for are an error,
// as is an input without a session id, which OpenHook requires.
func Envelope(in *Input, id string, now time.Time, includeContent bool) ([]byte, error) {
	e, err := newEnvelope(in, id, now, includeContent)
	if err != nil {
		return nil, err
	}
	if in.SessionID == "" {
		// Required by OpenHook (reference part 1 §5.3); the caller says
		// what to do when the payload has none (envelope gives a new id
		// and says so). The run log keeps its record as it was.
		return nil, fmt.Errorf("OpenHook requires a session_id and the %s payload has none", in.Source)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// newEnvelope builds the envelope Envelope encodes.
func newEnvelope(in *Input, id string, now time.Time, includeContent bool) (*envelope, error) {
	typ := openHookType(in.Event)
	if typ == "" {
		if in.Event == "" {
			return nil, fmt.Errorf("the event is not known; name it with --event")
		}
		return nil, fmt.Errorf("OpenHook %s has no event type for %s", OpenHookVersion, in.Event)
	}
	path := filePath(in.ToolInput)
	if typ == "tool.end" && in.Event == "after_tool_execute" && path != "" && writesFiles(in) {
		// A file the agent wrote or edited is OpenHook's file.write
		// (QA: Claude's PostToolUse Write and Cursor's afterFileEdit were
		// tool.end): the event a consumer of file changes listens for.
		typ = "file.write"
	}
	e := &envelope{
		OpenHook:  OpenHookVersion,
		ID:        id,
		Source:    in.Source,
		Type:      typ,
		Time:      now.Format(timeLayout),
		SessionID: in.SessionID,
		Context:   fileURI(in.Cwd),
		Data:      map[string]any{},
	}
	if in.ToolCallID != "" && e.Type != "session.start" && e.Type != "session.end" && e.Type != "prompt.submit" {
		e.Data["tool_call_id"] = in.ToolCallID
	}
	switch e.Type {
	case "tool.start", "tool.end":
		if in.NativeTool != "" {
			e.Data["tool_name"] = in.NativeTool
		}
		if in.Event == "tool_use_failure" {
			e.Data["status"] = "error"
		}
	case "prompt.submit":
		e.Data["prompt_length"] = utf8.RuneCountInString(in.Prompt)
	case "session.end":
		if in.TranscriptPath != "" {
			e.Data["transcript_path"] = in.TranscriptPath
		}
	case "file.write":
		if path == "" {
			return nil, fmt.Errorf("OpenHook file.write needs a path and the payload has none")
		}
		e.Data["path"] = path
		if in.Tool == "file_edit" {
			// An edit changes a file that is there; a write may create
			// or overwrite one, which the payload does not tell apart.
			e.Data["operation"] = "update"
		}
	}
	if c := contentOf(in, includeContent); c != nil {
		e.Extensions = &extensions{Hookconv: c}
	}
	return e, nil
}

// writesFiles reports whether the call is to a tool that writes or edits
// files: its canonical tool, or the native event standing for such tools
// only (Cursor's afterFileEdit: file_write and file_edit).
func writesFiles(in *Input) bool {
	isFileTool := func(t string) bool { return t == "file_write" || t == "file_edit" }
	if in.Tool != "" {
		return isFileTool(in.Tool)
	}
	for _, row := range vocab.Default().DecodeEvent(in.Source, in.NativeEvent) {
		if row.Event == in.Event && len(row.Tools) > 0 && !slices.ContainsFunc(row.Tools, func(t string) bool { return !isFileTool(t) }) {
			return true
		}
	}
	return false
}

// filePath is the file a tool input names (file_path, or path), "" for
// none.
func filePath(input json.RawMessage) string {
	var p struct {
		FilePath string `json:"file_path"`
		Path     string `json:"path"`
	}
	_ = json.Unmarshal(input, &p)
	if p.FilePath == "" {
		return p.Path
	}
	return p.FilePath
}

// openHookType is the OpenHook event type of a canonical event: the one
// the vocabulary writes for it, else one that reads back as it (tool.end,
// with status error, for tool_use_failure); "" for none.
func openHookType(event string) string {
	names := vocab.Default()
	if rows := names.EncodeEvent("openhook", event); len(rows) > 0 {
		return rows[0].Name
	}
	if event == "" {
		return ""
	}
	for _, row := range names.EventsOf("openhook") {
		if row.Event == event {
			return row.Name
		}
	}
	return ""
}

// fileURI is the file:// URI of an absolute directory (context, "the
// agent's operating environment as a URI"): /home/u/my proj is
// file:///home/u/my%20proj, C:\Users\u is file:///C:/Users/u. A relative
// or empty path has no URI and gives "".
func fileURI(dir string) string {
	switch {
	case strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "//"):
	case len(dir) >= 3 && isLetter(dir[0]) && dir[1] == ':' && (dir[2] == '\\' || dir[2] == '/'):
		dir = "/" + strings.ReplaceAll(dir, `\`, "/")
	default:
		return ""
	}
	return (&url.URL{Scheme: "file", Path: dir}).String()
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// NewID returns a random UUID (version 4), the idempotency key OpenHook
// recommends.
func NewID() string {
	var u [16]byte
	_, _ = rand.Read(u[:]) // crypto/rand.Read never fails on supported platforms
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}
