package hookrun

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// Input is the canonical event input: what a canonical hook reads on
// stdin, whatever tool runs it. Empty fields are left out, except event
// and source; native is the tool's own payload, byte for byte (null when
// there was none or it was not JSON).
type Input struct {
	Event       string `json:"event"`
	NativeEvent string `json:"native_event,omitempty"`
	SessionID   string `json:"session_id,omitempty"`
	Cwd         string `json:"cwd,omitempty"`
	Tool        string `json:"tool,omitempty"`
	NativeTool  string `json:"native_tool,omitempty"`
	// MCP names an MCP tool the call is to, as the spec's MCP matcher
	// does (§4: structured, never a joined string): no canonical tool
	// names one.
	MCP            *MCPTool        `json:"mcp,omitempty"`
	ToolInput      json.RawMessage `json:"tool_input,omitempty"`
	ToolResponse   json.RawMessage `json:"tool_response,omitempty"`
	Prompt         string          `json:"prompt,omitempty"`
	TranscriptPath string          `json:"transcript_path,omitempty"`
	Source         string          `json:"source"`
	Native         json.RawMessage `json:"-"`
	// ToolCallID is the tool call's own id, for envelope's tool_call_id;
	// not part of run's canonical input.
	ToolCallID string `json:"-"`
	// LastMessage is the agent's last message, where the tool's stop
	// payload carries it (the contracts table's last_message): no
	// canonical field holds it, but run --from hands it to a hook under
	// its source's own key (Claude Code's last_assistant_message).
	LastMessage string `json:"-"`
	// Own are the fields in the spelling of the tool the hook was written
	// for (run --from: hook_event_name, tool_name), written after the
	// canonical ones; never under a canonical key.
	Own []ownField `json:"-"`
	// fired is the canonical event the payload names where --event named
	// another (Normalise warns then): the one the tool ran the hook on.
	fired string
}

// Ref names, both ways, the event the tool ran the hook on: the one the
// answer speaks of, since the tool reads only that event's answers. It is
// the input's own event unless --event named another than the payload.
func (in *Input) Ref() EventRef {
	return EventRef{Canonical: cmp.Or(in.fired, in.Event), Native: in.NativeEvent}
}

// Encode writes the input as one JSON object ending in a newline. The
// native payload is copied verbatim rather than re-encoded, so a hook sees
// exactly what the tool sent (number spellings, key order, escapes).
func (in *Input) Encode() []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	type plain Input // without methods, so Encode is not recursive
	if err := enc.Encode((*plain)(in)); err != nil {
		// Only invalid RawMessage fields can fail, and Normalise keeps
		// only valid JSON in them; drop them rather than fail a hook.
		b.Reset()
		stripped := *in
		stripped.ToolInput, stripped.ToolResponse = nil, nil
		_ = enc.Encode((*plain)(&stripped))
	}
	out := bytes.TrimSuffix(bytes.TrimSuffix(b.Bytes(), []byte("\n")), []byte("}"))
	for _, f := range in.Own {
		out = append(out, ',')
		out = append(out, quote(f.key)...)
		out = append(out, ':')
		out = append(out, f.value...)
	}
	out = append(out, `,"native":`...)
	if len(in.Native) == 0 {
		out = append(out, "null"...)
	} else {
		out = append(out, in.Native...)
	}
	return append(out, "}\n"...)
}

// Normalise turns a provider's native stdin payload into the canonical
// input. event, when not empty, names the event (canonical or native name)
// and wins over the payload's own. It never fails: what it cannot read is
// left out and said in the returned warnings, so a hook still runs on a
// payload from a tool version this table does not know.
func (t *Tables) Normalise(provider, event string, payload []byte) (Input, []string) {
	in := Input{Source: provider}
	var warns []string
	c, ok := t.Contract(provider)
	if !ok {
		return in, []string{fmt.Sprintf("no runtime contract for %q", provider)}
	}
	payload = bytes.TrimSpace(payload)
	var root map[string]json.RawMessage
	switch {
	case len(payload) == 0:
		warns = append(warns, "no payload on stdin")
	case !json.Valid(payload):
		warns = append(warns, "the payload on stdin is not JSON; the hook gets \"native\": null")
	default:
		in.Native = payload
		if payload[0] != '{' || json.Unmarshal(payload, &root) != nil {
			warns = append(warns, "the payload on stdin is not a JSON object")
		}
	}
	d := doc{root: root}

	native := d.str(c.Event)
	name := event
	if name == "" {
		name = native
	}
	if name == "" {
		warns = append(warns, "the payload names no event; pass --event")
	} else {
		ref, known := t.ResolveEvent(provider, name)
		if !known {
			warns = append(warns, fmt.Sprintf("unknown %s event %q", provider, name))
		}
		if native != "" {
			ref.Native = native // what the tool sent, to echo it back
		}
		in.Event, in.NativeEvent = ref.Canonical, ref.Native
		if event != "" && native != "" && known && !t.namesEvent(provider, native, ref.Canonical) {
			// The shim writes --event from the hook it wraps, so the flag
			// is the event the hook was written for, and the hook is told
			// it; the tool, though, ran the hook on the payload's event,
			// and reads only that event's answers. Refusing would not run
			// a righter hook (there is one command) but fail it, and a
			// failed hook lets the action through.
			fired, firedKnown := t.ResolveEvent(provider, native)
			if firedKnown {
				in.fired = fired.Canonical
				warns = append(warns, fmt.Sprintf("the payload's event is %q, but --event says %q: the hook is told %s, and the answer is for %q", native, event, in.Event, native))
			} else {
				warns = append(warns, fmt.Sprintf("the payload's event %q is no %s event hookconv knows; --event %q decides: the hook is told %s", native, provider, event, in.Event))
			}
		}
	}

	in.SessionID = d.str(c.SessionID)
	in.Cwd = fileURLPath(d.str(c.Cwd))
	in.NativeTool = d.str(c.Tool)
	in.Tool = canonicalTool(c, in.NativeTool, in.Ref())
	if in.Tool == "" {
		in.MCP = mcpTool(c, in.NativeTool, d.str(c.MCPServer))
	}
	in.ToolCallID = d.str(c.ToolCallID)
	in.ToolInput = withCommand(objectIfEncoded(d.raw(c.ToolInput)), c.CommandLists)
	in.ToolResponse = d.raw(c.ToolResponse)
	in.Prompt = d.str(c.Prompt)
	in.TranscriptPath = d.str(c.TranscriptPath)
	in.LastMessage = d.str(c.LastMessage)
	return in, warns
}

// namesEvent reports whether a provider's event name, as a payload gives
// it, may stand for the canonical event: it is that event, one of its
// native names (a lossy name stands for several), or an alias of it.
func (t *Tables) namesEvent(provider, name, canonical string) bool {
	if name == canonical {
		return true
	}
	for _, row := range vocab.Default().DecodeEvent(provider, name) {
		if row.Event == canonical {
			return true
		}
	}
	ref, _ := t.ResolveEvent(provider, name)
	return ref.Canonical == canonical
}

// canonicalTool finds the canonical name of a native tool: in the
// provider's vocabulary, then in those it borrows names from; without a
// name, from a split event that stands for one tool (Cursor's
// beforeShellExecution is the shell).
func canonicalTool(c *Contract, native string, ev EventRef) string {
	names := vocab.Default()
	if native != "" {
		for _, p := range append([]string{c.Slug}, c.ToolNamesFrom...) {
			if n, ok := names.DecodeTool(p, native); ok {
				return n.Tool
			}
		}
		return ""
	}
	for _, row := range names.DecodeEvent(c.Slug, ev.Native) {
		if row.Event == ev.Canonical && len(row.Tools) == 1 {
			return row.Tools[0]
		}
	}
	return ""
}

// MCPTool is an MCP tool of the canonical input: its server, when the
// payload names it, and the tool's own name on that server.
type MCPTool struct {
	Server string `json:"server,omitempty"`
	Tool   string `json:"tool"`
}

// mcpTool reads an MCP tool from the payload: the server and tool the
// payload keeps apart (Windsurf), or a native name spelled by the MCP
// template of the provider's, or of one it borrows tool names from
// (mcp__github__push_files). Cursor's MCP:{tool} names no server. nil
// for any other tool.
func mcpTool(c *Contract, native, server string) *MCPTool {
	if native == "" {
		return nil
	}
	if server != "" {
		return &MCPTool{Server: server, Tool: native}
	}
	names := vocab.Default()
	for _, slug := range append([]string{c.Slug}, c.ToolNamesFrom...) {
		prov, _ := names.Provider(slug)
		if s, t, ok := providers.ParseMCP(prov.MCP, native); ok {
			return &MCPTool{Server: s, Tool: t}
		}
		if prefix, ok := strings.CutSuffix(prov.MCP, "{tool}"); ok && !strings.Contains(prefix, "{") && prefix != "" {
			if t, ok := strings.CutPrefix(native, prefix); ok && canonical.IsMCPName(t) {
				return &MCPTool{Tool: t}
			}
		}
	}
	return nil
}

// fileURLPath turns an OpenHook context URI (file:///home/u/proj) into a
// path; anything else is returned as it is.
func fileURLPath(s string) string {
	if !strings.HasPrefix(s, "file://") {
		return s
	}
	u, err := url.Parse(s)
	if err != nil || u.Path == "" {
		return s
	}
	return u.Path
}

// objectIfEncoded decodes a tool input sent as a JSON string holding an
// object (Copilot CLI's old toolArgs, Cursor's MCP tool_input).
func objectIfEncoded(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || raw[0] != '"' {
		return raw
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return raw
	}
	if inner := bytes.TrimSpace([]byte(s)); len(inner) > 0 && inner[0] == '{' && json.Valid(inner) {
		return json.RawMessage(inner)
	}
	return raw
}

// withCommand adds "command" to a tool input that has none but holds its
// command lines under one of lists (Contract.CommandLists), joined one per
// line, as a shell runs them one after another: a guard converted from a
// Claude-shaped tool reads tool_input.command, and on Cline CLI's
// run_commands {commands: [...]} found nothing there and let every
// command through (QA). The lines may come as a JSON list of strings, as
// that list encoded in a string (Cline's preToolUse.parameters), or as
// one string. The input is kept as it was otherwise.
func withCommand(input json.RawMessage, lists []string) json.RawMessage {
	trimmed := bytes.TrimSpace(input)
	if len(lists) == 0 || len(trimmed) == 0 || trimmed[0] != '{' {
		return input
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(trimmed, &fields) != nil {
		return input
	}
	if _, has := fields["command"]; has {
		return input // even null: a second "command" key would read as either
	}
	for _, key := range lists {
		lines, ok := commandLines(fields[key])
		if !ok {
			continue
		}
		rest := bytes.TrimSpace(trimmed[1:])
		out := append([]byte(`{"command":`), quote(strings.Join(lines, "\n"))...)
		if rest[0] != '}' {
			out = append(out, ',')
		}
		return append(out, rest...)
	}
	return input
}

// commandLines reads a list of command lines: a JSON list of strings, a
// string holding one, or a plain string (one line, or a script).
func commandLines(raw json.RawMessage) ([]string, bool) {
	var lines []string
	if json.Unmarshal(raw, &lines) == nil && len(lines) > 0 {
		return lines, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil || s == "" {
		return nil, false
	}
	if inner := strings.TrimSpace(s); strings.HasPrefix(inner, "[") && json.Unmarshal([]byte(inner), &lines) == nil && len(lines) > 0 {
		return lines, true
	}
	return []string{s}, true
}

// doc looks paths up in a payload (see data/contracts.toml for the path
// syntax).
type doc struct {
	root map[string]json.RawMessage
}

// raw returns the value of the first path present (not null) in the
// payload, or nil.
func (d doc) raw(paths []string) json.RawMessage {
	for _, p := range paths {
		if v := d.lookup(p); v != nil {
			return v
		}
	}
	return nil
}

// str is raw for text fields: a string, or a number or boolean spelled as
// in the payload. Objects and arrays are not text and are skipped.
func (d doc) str(paths []string) string {
	for _, p := range paths {
		v := d.lookup(p)
		if len(v) == 0 {
			continue
		}
		switch v[0] {
		case '"':
			var s string
			if json.Unmarshal(v, &s) == nil {
				return s
			}
		case '{', '[':
		default:
			return string(v)
		}
	}
	return ""
}

// lookup evaluates one path: dotted keys, or a {…} pick.
func (d doc) lookup(path string) json.RawMessage {
	if d.root == nil {
		return nil
	}
	if strings.HasPrefix(path, "{") && strings.HasSuffix(path, "}") {
		return d.pick(path[1 : len(path)-1])
	}
	segs := strings.Split(path, ".")
	v, ok := d.root[segs[0]]
	for _, s := range segs[1:] {
		if !ok {
			return nil
		}
		v, ok = child(v, s)
	}
	if !ok || isNull(v) {
		return nil
	}
	return v
}

// pick builds an object of the listed paths that are present, keyed by
// "key=" or the path's last key; nil when none is.
func (d doc) pick(list string) json.RawMessage {
	var b bytes.Buffer
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		key, path, named := strings.Cut(item, "=")
		if !named {
			path = item
			key = path[strings.LastIndexByte(path, '.')+1:]
		}
		v := d.lookup(path)
		if v == nil {
			continue
		}
		if b.Len() == 0 {
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	if b.Len() == 0 {
		return nil
	}
	b.WriteByte('}')
	return b.Bytes()
}

// child steps into an object by key or an array by index.
func child(v json.RawMessage, seg string) (json.RawMessage, bool) {
	if len(v) == 0 {
		return nil, false
	}
	switch v[0] {
	case '{':
		var m map[string]json.RawMessage
		if json.Unmarshal(v, &m) != nil {
			return nil, false
		}
		c, ok := m[seg]
		return c, ok
	case '[':
		i, err := strconv.Atoi(seg)
		if err != nil || i < 0 {
			return nil, false
		}
		var a []json.RawMessage
		if json.Unmarshal(v, &a) != nil || i >= len(a) {
			return nil, false
		}
		return a[i], true
	}
	return nil, false
}

func isNull(v json.RawMessage) bool { return len(v) == 0 || string(v) == "null" }
