//go:build e2e

// Package fakellm is a fake model server for the end-to-end suite: one
// HTTP server on 127.0.0.1 that speaks the wire protocols the real agent
// CLIs use (Anthropic Messages, OpenAI Responses, OpenAI Chat Completions,
// Gemini generateContent / streamGenerateContent), streaming or not.
//
// It is stateless. When the request's history holds no tool result yet, it
// answers with one call of the shell tool the request offers (Bash,
// run_shell_command, exec_command, bash, run_commands, Execute, …), its
// arguments filled from the tool's JSON schema with Command as the shell
// command. Otherwise, or when no shell tool is offered, it answers with
// plain final text. A request in JSON mode (Gemini's routing classifier)
// gets a value generated from its response schema.
//
// Every request is logged, one line each, to the log file, and its body is
// kept beside it (NNN-<path>.json), so a failing test can show what the
// tool asked for.
package fakellm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// FinalText is the plain answer of the last turn.
const FinalText = "FAKE-FINAL-ANSWER: done."

// ShellTools are the shell tools' names, in order of preference: Claude
// Code, Gemini CLI / Qwen Code, Codex, Copilot CLI / OpenCode, Cline,
// Factory Droid, and a few more spellings.
var ShellTools = []string{
	"Bash", "run_shell_command", "exec_command", "shell", "bash",
	"run_commands", "Execute", "execute_command", "local_shell",
	"shell_command", "run_terminal_cmd",
}

// Server is a running fake model server.
type Server struct {
	// URL is the base URL, http://127.0.0.1:PORT (no trailing slash).
	URL string
	// Command is the shell command the tool call asks to run.
	Command string
	// LogPath is the request log (one line per request).
	LogPath string

	srv  *http.Server
	dir  string
	mu   sync.Mutex
	log  *os.File
	n    int
	seen []string // decisions, in order
}

// Start listens on a free port of 127.0.0.1. logPath's folder also
// receives the request bodies.
func Start(logPath, command string) (*Server, error) {
	if err := os.MkdirAll(filepath.Dir(logPath), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		f.Close()
		return nil, err
	}
	s := &Server{
		URL:     "http://" + ln.Addr().String(),
		Command: command,
		LogPath: logPath,
		dir:     filepath.Dir(logPath),
		log:     f,
	}
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln)
	return s, nil
}

// Close stops the server and closes the log.
func (s *Server) Close() {
	s.srv.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log.Close()
}

// Requests is how many requests were served.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

// Decisions lists what each request was answered with ("tool Bash",
// "text", "json", "models", "404 …"), in order.
func (s *Server) Decisions() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.seen)
}

// Log returns the request log's text.
func (s *Server) Log() string {
	b, _ := os.ReadFile(s.LogPath)
	return string(b)
}

// reply is what the model says this turn: a tool call or text.
type reply struct {
	kind string // "tool", "text" or "json"
	tool string
	args map[string]any
	text string
}

func (r reply) String() string {
	if r.kind == "tool" {
		return "tool " + r.tool
	}
	return r.kind
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	start := time.Now()
	s.mu.Lock()
	s.n++
	n := s.n
	s.mu.Unlock()
	if len(body) > 0 {
		name := fmt.Sprintf("%03d-%s.json", n, strings.Trim(strings.NewReplacer("/", "_", ":", "_", "?", "_").Replace(r.URL.Path), "_"))
		os.WriteFile(filepath.Join(s.dir, name), body, 0o644)
	}
	decision, status := s.route(w, r, body)
	s.mu.Lock()
	s.seen = append(s.seen, decision)
	fmt.Fprintf(s.log, "%s #%d %s %s ua=%q bytes=%d -> %d %s (%s)\n",
		start.Format("15:04:05.000"), n, r.Method, r.URL.RequestURI(), r.UserAgent(), len(body),
		status, decision, time.Since(start).Round(time.Millisecond))
	s.mu.Unlock()
}

// route answers one request and returns what it decided and the status.
func (s *Server) route(w http.ResponseWriter, r *http.Request, body []byte) (string, int) {
	path := r.URL.Path
	var req map[string]any
	if len(body) > 0 {
		if err := json.Unmarshal(body, &req); err != nil {
			http.Error(w, "fakellm: body is not JSON: "+err.Error(), http.StatusBadRequest)
			return "400 bad json", http.StatusBadRequest
		}
	}
	switch {
	case r.Method == http.MethodGet && (strings.HasSuffix(path, "/models") || strings.Contains(path, "/models/")):
		writeJSON(w, map[string]any{
			"object": "list",
			"data":   []any{map[string]any{"id": "fake-model", "object": "model", "created": 0, "owned_by": "fakellm"}},
			"models": []any{},
		})
		return "models", http.StatusOK
	case r.Method != http.MethodPost:
		http.NotFound(w, r)
		return "404 not a POST", http.StatusNotFound
	case strings.HasSuffix(path, "/messages/count_tokens"):
		writeJSON(w, map[string]any{"input_tokens": 100})
		return "count_tokens", http.StatusOK
	case strings.HasSuffix(path, "/messages"):
		rep := s.decide(tools(req["tools"], "name", "input_schema"), req["messages"], nil)
		anthropic(w, req, rep)
		return rep.String(), http.StatusOK
	case strings.HasSuffix(path, "/responses"):
		rep := s.decide(tools(req["tools"], "name", "parameters"), req["input"], nil)
		responses(w, req, rep)
		return rep.String(), http.StatusOK
	case strings.HasSuffix(path, "/chat/completions"):
		rep := s.decide(chatTools(req["tools"]), req["messages"], nil)
		chat(w, req, rep)
		return rep.String(), http.StatusOK
	case strings.Contains(path, ":countTokens"):
		writeJSON(w, map[string]any{"totalTokens": 100})
		return "countTokens", http.StatusOK
	case strings.Contains(path, ":generateContent") || strings.Contains(path, ":streamGenerateContent"):
		var schema any
		if gc, ok := req["generationConfig"].(map[string]any); ok {
			schema = gc["responseJsonSchema"]
			if schema == nil {
				schema = gc["responseSchema"]
			}
		}
		rep := s.decide(geminiTools(req["tools"]), req["contents"], schema)
		gemini(w, r, path, rep)
		return rep.String(), http.StatusOK
	}
	http.NotFound(w, r)
	return "404 unknown endpoint", http.StatusNotFound
}

// decide applies the stateless rule to the offered tools and the history.
func (s *Server) decide(offered map[string]map[string]any, history, jsonSchema any) reply {
	if jsonSchema != nil {
		return reply{kind: "json", text: mustJSON(fill(jsonSchema, "", s.Command, true))}
	}
	if hasToolResult(history) {
		return reply{kind: "text", text: FinalText}
	}
	for _, name := range ShellTools {
		if schema, ok := offered[name]; ok {
			args, _ := fill(schema, "", s.Command, false).(map[string]any)
			if args == nil {
				args = map[string]any{}
			}
			return reply{kind: "tool", tool: name, args: args}
		}
	}
	return reply{kind: "text", text: FinalText}
}

// hasToolResult walks a request's history for a tool result in any of
// the four protocols.
func hasToolResult(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		if t, _ := v["type"].(string); t == "tool_result" || t == "function_call_output" || t == "custom_tool_call_output" || t == "local_shell_call_output" {
			return true
		}
		if role, _ := v["role"].(string); role == "tool" {
			return true
		}
		if _, ok := v["functionResponse"]; ok {
			return true
		}
		for _, x := range v {
			if hasToolResult(x) {
				return true
			}
		}
	case []any:
		for _, x := range v {
			if hasToolResult(x) {
				return true
			}
		}
	}
	return false
}

// tools reads [{name, <schemaKey>}] (Anthropic, Responses).
func tools(v any, nameKey, schemaKey string) map[string]map[string]any {
	out := map[string]map[string]any{}
	list, _ := v.([]any)
	for _, t := range list {
		m, _ := t.(map[string]any)
		name, _ := m[nameKey].(string)
		if name == "" {
			continue
		}
		schema, _ := m[schemaKey].(map[string]any)
		out[name] = schema
	}
	return out
}

// chatTools reads [{type:function, function:{name, parameters}}].
func chatTools(v any) map[string]map[string]any {
	out := map[string]map[string]any{}
	list, _ := v.([]any)
	for _, t := range list {
		m, _ := t.(map[string]any)
		f, _ := m["function"].(map[string]any)
		name, _ := f["name"].(string)
		if name == "" {
			continue
		}
		schema, _ := f["parameters"].(map[string]any)
		out[name] = schema
	}
	return out
}

// geminiTools reads [{functionDeclarations:[{name, parameters|parametersJsonSchema}]}].
func geminiTools(v any) map[string]map[string]any {
	out := map[string]map[string]any{}
	list, _ := v.([]any)
	for _, t := range list {
		m, _ := t.(map[string]any)
		decls, _ := m["functionDeclarations"].([]any)
		for _, d := range decls {
			dm, _ := d.(map[string]any)
			name, _ := dm["name"].(string)
			if name == "" {
				continue
			}
			schema, _ := dm["parametersJsonSchema"].(map[string]any)
			if schema == nil {
				schema, _ = dm["parameters"].(map[string]any)
			}
			out[name] = schema
		}
	}
	return out
}

// fill makes a value for a JSON schema. For a tool's arguments (all
// false) only required properties, the command and a description are
// filled; in JSON mode (all true) every property is.
func fill(schema any, prop, command string, all bool) any {
	s, _ := schema.(map[string]any)
	if s == nil {
		if isCommand(prop) {
			return command
		}
		return "hookconv e2e"
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	if c, ok := s["const"]; ok {
		return c
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if alts, ok := s[k].([]any); ok && len(alts) > 0 {
			for _, a := range alts {
				if am, _ := a.(map[string]any); am != nil && typeOf(am) != "null" {
					return fill(a, prop, command, all)
				}
			}
		}
	}
	switch typeOf(s) {
	case "object", "":
		props, _ := s["properties"].(map[string]any)
		if props == nil && typeOf(s) == "" {
			if isCommand(prop) {
				return command
			}
			return "hookconv e2e"
		}
		required := map[string]bool{}
		if req, ok := s["required"].([]any); ok {
			for _, r := range req {
				if name, ok := r.(string); ok {
					required[name] = true
				}
			}
		}
		keys := make([]string, 0, len(props))
		for k := range props {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out := map[string]any{}
		for _, k := range keys {
			if all || required[k] || isCommand(k) || k == "description" {
				out[k] = fill(props[k], k, command, all)
			}
		}
		return out
	case "array":
		switch prop {
		case "command", "cmd", "argv":
			return []any{"bash", "-lc", command}
		}
		item := fill(s["items"], prop, command, all)
		if isCommand(prop) {
			if _, ok := item.(string); ok {
				item = command
			}
		}
		return []any{item}
	case "string":
		if isCommand(prop) {
			return command
		}
		switch prop {
		case "description", "summary", "riskLevelReason", "reason", "complexity_reasoning":
			return "hookconv e2e tool call"
		}
		return "hookconv e2e"
	case "integer", "number":
		min := 1.0
		if m, ok := s["minimum"].(float64); ok && m > min {
			min = m
		}
		if strings.Contains(strings.ToLower(prop), "timeout") && min < 60000 {
			min = 60000
		}
		return min
	case "boolean":
		return false
	case "null":
		return nil
	}
	return "hookconv e2e"
}

// typeOf is a schema's type in lower case (Gemini writes "STRING"); for a
// list of types, the first that is not null.
func typeOf(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return strings.ToLower(t)
	case []any:
		for _, x := range t {
			if xs, ok := x.(string); ok && strings.ToLower(xs) != "null" {
				return strings.ToLower(xs)
			}
		}
	}
	if _, ok := s["properties"]; ok {
		return "object"
	}
	return ""
}

func isCommand(prop string) bool {
	switch prop {
	case "command", "cmd", "commands", "script", "argv":
		return true
	}
	return false
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, mustJSON(v)+"\n")
}

// mustJSON is compact JSON without HTML escaping ("a > b" stays readable
// in the logs and in the arguments the tools decode).
func mustJSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return strings.TrimSuffix(buf.String(), "\n")
}

// sse writes one server-sent event (event may be empty) and flushes.
func sse(w http.ResponseWriter, event string, data any, crlf bool) {
	nl := "\n"
	if crlf {
		nl = "\r\n"
	}
	var buf bytes.Buffer
	if event != "" {
		buf.WriteString("event: " + event + nl)
	}
	if s, ok := data.(string); ok {
		buf.WriteString("data: " + s + nl + nl)
	} else {
		buf.WriteString("data: " + mustJSON(data) + nl + nl)
	}
	w.Write(buf.Bytes())
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

func startSSE(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
}

var idMu sync.Mutex
var idN int

func newID(prefix string) string {
	idMu.Lock()
	defer idMu.Unlock()
	idN++
	return fmt.Sprintf("%s%06d", prefix, idN)
}

func model(req map[string]any) string {
	if m, ok := req["model"].(string); ok && m != "" {
		return m
	}
	return "fake-model"
}

func isStream(req map[string]any) bool {
	b, _ := req["stream"].(bool)
	return b
}

// anthropic answers POST /v1/messages.
func anthropic(w http.ResponseWriter, req map[string]any, rep reply) {
	var block map[string]any
	stop := "end_turn"
	if rep.kind == "tool" {
		block = map[string]any{"type": "tool_use", "id": newID("toolu_fake"), "name": rep.tool, "input": rep.args}
		stop = "tool_use"
	} else {
		block = map[string]any{"type": "text", "text": rep.text}
	}
	msgID := newID("msg_fake")
	usage := map[string]any{"input_tokens": 100, "output_tokens": 10, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
	if !isStream(req) {
		writeJSON(w, map[string]any{
			"id": msgID, "type": "message", "role": "assistant", "model": model(req),
			"content": []any{block}, "stop_reason": stop, "stop_sequence": nil, "usage": usage,
		})
		return
	}
	startSSE(w)
	sse(w, "message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": msgID, "type": "message", "role": "assistant", "model": model(req), "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": map[string]any{"input_tokens": 100, "output_tokens": 1},
	}}, false)
	if rep.kind == "tool" {
		sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": block["id"], "name": rep.tool, "input": map[string]any{}}}, false)
		sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": mustJSON(rep.args)}}, false)
	} else {
		sse(w, "content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}}, false)
		sse(w, "content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": rep.text}}, false)
	}
	sse(w, "content_block_stop", map[string]any{"type": "content_block_stop", "index": 0}, false)
	sse(w, "message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 10}}, false)
	sse(w, "message_stop", map[string]any{"type": "message_stop"}, false)
}

// responses answers POST /v1/responses (OpenAI Responses API).
func responses(w http.ResponseWriter, req map[string]any, rep reply) {
	var item map[string]any
	if rep.kind == "tool" {
		item = map[string]any{"type": "function_call", "id": newID("fc_fake"), "call_id": newID("call_fake"),
			"name": rep.tool, "arguments": mustJSON(rep.args), "status": "completed"}
	} else {
		item = map[string]any{"type": "message", "id": newID("msg_fake"), "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": rep.text, "annotations": []any{}}}}
	}
	respID := newID("resp_fake")
	usage := map[string]any{"input_tokens": 100, "input_tokens_details": map[string]any{"cached_tokens": 0},
		"output_tokens": 10, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 110}
	resp := func(status string, output []any) map[string]any {
		r := map[string]any{"id": respID, "object": "response", "created_at": time.Now().Unix(), "status": status,
			"model": model(req), "output": output}
		if status == "completed" {
			r["usage"] = usage
		}
		return r
	}
	if !isStream(req) {
		writeJSON(w, resp("completed", []any{item}))
		return
	}
	startSSE(w)
	seq := 0
	ev := func(typ string, m map[string]any) {
		m["type"] = typ
		m["sequence_number"] = seq
		seq++
		sse(w, typ, m, false)
	}
	ev("response.created", map[string]any{"response": resp("in_progress", []any{})})
	ev("response.in_progress", map[string]any{"response": resp("in_progress", []any{})})
	if rep.kind == "tool" {
		added := map[string]any{}
		for k, v := range item {
			added[k] = v
		}
		added["arguments"] = ""
		added["status"] = "in_progress"
		ev("response.output_item.added", map[string]any{"output_index": 0, "item": added})
		ev("response.function_call_arguments.delta", map[string]any{"output_index": 0, "item_id": item["id"], "delta": item["arguments"]})
		ev("response.function_call_arguments.done", map[string]any{"output_index": 0, "item_id": item["id"], "arguments": item["arguments"]})
	} else {
		ev("response.output_item.added", map[string]any{"output_index": 0, "item": map[string]any{
			"type": "message", "id": item["id"], "role": "assistant", "status": "in_progress", "content": []any{}}})
		ev("response.content_part.added", map[string]any{"output_index": 0, "item_id": item["id"], "content_index": 0,
			"part": map[string]any{"type": "output_text", "text": "", "annotations": []any{}}})
		ev("response.output_text.delta", map[string]any{"output_index": 0, "item_id": item["id"], "content_index": 0, "delta": rep.text})
		ev("response.output_text.done", map[string]any{"output_index": 0, "item_id": item["id"], "content_index": 0, "text": rep.text})
		ev("response.content_part.done", map[string]any{"output_index": 0, "item_id": item["id"], "content_index": 0,
			"part": map[string]any{"type": "output_text", "text": rep.text, "annotations": []any{}}})
	}
	ev("response.output_item.done", map[string]any{"output_index": 0, "item": item})
	ev("response.completed", map[string]any{"response": resp("completed", []any{item})})
}

// chat answers POST /v1/chat/completions.
func chat(w http.ResponseWriter, req map[string]any, rep reply) {
	id := newID("chatcmpl-fake")
	created := time.Now().Unix()
	usage := map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110}
	msg := map[string]any{"role": "assistant"}
	finish := "stop"
	if rep.kind == "tool" {
		msg["content"] = nil
		msg["tool_calls"] = []any{map[string]any{"id": newID("call_fake"), "type": "function",
			"function": map[string]any{"name": rep.tool, "arguments": mustJSON(rep.args)}}}
		finish = "tool_calls"
	} else {
		msg["content"] = rep.text
	}
	if !isStream(req) {
		writeJSON(w, map[string]any{"id": id, "object": "chat.completion", "created": created, "model": model(req),
			"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}}, "usage": usage})
		return
	}
	startSSE(w)
	chunk := func(delta map[string]any, fin any, u any) map[string]any {
		c := map[string]any{"id": id, "object": "chat.completion.chunk", "created": created, "model": model(req),
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": fin}}}
		if u != nil {
			c["usage"] = u
		}
		return c
	}
	if rep.kind == "tool" {
		tc := msg["tool_calls"].([]any)[0].(map[string]any)
		tc["index"] = 0
		sse(w, "", chunk(map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{tc}}, nil, nil), false)
	} else {
		sse(w, "", chunk(map[string]any{"role": "assistant", "content": rep.text}, nil, nil), false)
	}
	sse(w, "", chunk(map[string]any{}, finish, nil), false)
	sse(w, "", map[string]any{"id": id, "object": "chat.completion.chunk", "created": created, "model": model(req),
		"choices": []any{}, "usage": usage}, false)
	sse(w, "", "[DONE]", false)
}

// gemini answers models/<m>:generateContent and :streamGenerateContent.
func gemini(w http.ResponseWriter, r *http.Request, path string, rep reply) {
	var part map[string]any
	if rep.kind == "tool" {
		part = map[string]any{"functionCall": map[string]any{"name": rep.tool, "args": rep.args}}
	} else {
		part = map[string]any{"text": rep.text}
	}
	m := "fake-model"
	if i := strings.Index(path, "models/"); i >= 0 {
		m = path[i+len("models/"):]
		if j := strings.Index(m, ":"); j >= 0 {
			m = m[:j]
		}
	}
	resp := map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{part}},
			"finishReason": "STOP", "index": 0,
		}},
		"usageMetadata": map[string]any{"promptTokenCount": 100, "candidatesTokenCount": 10, "totalTokenCount": 110},
		"modelVersion":  m,
	}
	if !strings.Contains(path, ":streamGenerateContent") {
		writeJSON(w, resp)
		return
	}
	if r.URL.Query().Get("alt") != "sse" {
		// Without alt=sse the stream is one JSON array.
		writeJSON(w, []any{resp})
		return
	}
	startSSE(w)
	sse(w, "", resp, true)
}
