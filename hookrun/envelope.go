package hookrun

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/url"
	"time"
	"unicode/utf8"

	"github.com/hookconv/hookconv/vocab"
)

// OpenHookVersion is the OpenHook protocol version Envelope writes.
const OpenHookVersion = "0.1"

// envelope is the OpenHook 0.1 event envelope (spec/schemas/
// envelope.schema.json, closed: no other keys), in the spec's key order.
type envelope struct {
	OpenHook  string         `json:"openhook"`
	ID        string         `json:"id"`
	Source    string         `json:"source"`
	Type      string         `json:"type"`
	Time      string         `json:"time"`
	SessionID string         `json:"session_id"`
	Context   string         `json:"context,omitempty"`
	Data      map[string]any `json:"data,omitempty"`
}

// Envelope writes a canonical input as an OpenHook 0.1 event envelope, so
// an OpenHook consumer (a telemetry exporter, an audit log) can be fed
// from any tool's hooks. id is the idempotency key (NewID); now stamps
// the event. Events OpenHook has no type for are an error.
func Envelope(in *Input, id string, now time.Time) ([]byte, error) {
	rows := vocab.Default().EncodeEvent("openhook", in.Event)
	if len(rows) == 0 {
		if in.Event == "" {
			return nil, fmt.Errorf("the event is not known; name it with --event")
		}
		return nil, fmt.Errorf("OpenHook %s has no event type for %s", OpenHookVersion, in.Event)
	}
	e := envelope{
		OpenHook:  OpenHookVersion,
		ID:        id,
		Source:    in.Source,
		Type:      rows[0].Name,
		Time:      now.Format("2006-01-02T15:04:05.000Z07:00"),
		SessionID: in.SessionID,
		Data:      map[string]any{},
	}
	if in.Cwd != "" {
		e.Context = (&url.URL{Scheme: "file", Path: in.Cwd}).String()
	}
	switch e.Type {
	case "tool.start", "tool.end":
		if in.NativeTool != "" {
			e.Data["tool_name"] = in.NativeTool
		}
	case "prompt.submit":
		e.Data["prompt_length"] = utf8.RuneCountInString(in.Prompt)
	case "session.end":
		if in.TranscriptPath != "" {
			e.Data["transcript_path"] = in.TranscriptPath
		}
	case "file.write":
		var p struct {
			FilePath string `json:"file_path"`
			Path     string `json:"path"`
		}
		_ = json.Unmarshal(in.ToolInput, &p)
		if p.FilePath == "" {
			p.FilePath = p.Path
		}
		if p.FilePath == "" {
			return nil, fmt.Errorf("OpenHook file.write needs a path and the payload has none")
		}
		e.Data["path"] = p.FilePath
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// NewID returns a random UUID (version 4), the idempotency key OpenHook
// recommends.
func NewID() string {
	var u [16]byte
	_, _ = rand.Read(u[:]) // crypto/rand.Read never fails on supported platforms
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}
