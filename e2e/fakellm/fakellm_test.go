//go:build e2e

package fakellm

import (
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

func start(t *testing.T) *Server {
	t.Helper()
	s, err := Start(filepath.Join(t.TempDir(), "requests.log"), "echo hi > m.txt")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func post(t *testing.T, url, body string) string {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("%s: %d %s", url, resp.StatusCode, b)
	}
	return string(b)
}

// Each protocol: the first turn calls the offered shell tool with the
// command filled in; a history with a tool result gets the final text.
func TestProtocols(t *testing.T) {
	s := start(t)
	tests := []struct {
		name, path, first, second string
		wantTool                  []string
	}{
		{
			name:     "anthropic",
			path:     "/v1/messages?beta=true",
			first:    `{"model":"m","stream":true,"tools":[{"name":"Read","input_schema":{}},{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"},"timeout":{"type":"number"}},"required":["command"]}}],"messages":[{"role":"user","content":"hi"}]}`,
			second:   `{"model":"m","stream":true,"tools":[{"name":"Bash","input_schema":{}}],"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"x","content":"ok"}]}]}`,
			wantTool: []string{`"name":"Bash"`, `"partial_json":"{\"command\":\"echo hi > m.txt\"}"`},
		},
		{
			name:     "responses",
			path:     "/v1/responses",
			first:    `{"model":"m","stream":true,"tools":[{"type":"function","name":"exec_command","parameters":{"type":"object","properties":{"cmd":{"type":"string"},"workdir":{"type":"string"}},"required":["cmd"]}}],"input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}]}`,
			second:   `{"model":"m","stream":true,"tools":[],"input":[{"type":"function_call_output","call_id":"c","output":"ok"}]}`,
			wantTool: []string{`"name":"exec_command"`, `"arguments":"{\"cmd\":\"echo hi > m.txt\"}"`},
		},
		{
			name:     "chat",
			path:     "/v1/chat/completions",
			first:    `{"model":"m","stream":true,"tools":[{"type":"function","function":{"name":"run_commands","parameters":{"type":"object","properties":{"commands":{"type":"array","items":{"type":"string"}}},"required":["commands"]}}}],"messages":[{"role":"user","content":"hi"}]}`,
			second:   `{"model":"m","stream":false,"messages":[{"role":"user","content":"hi"},{"role":"tool","tool_call_id":"c","content":"ok"}]}`,
			wantTool: []string{`"name":"run_commands"`, `"arguments":"{\"commands\":[\"echo hi > m.txt\"]}"`},
		},
		{
			name:     "gemini",
			path:     "/v1beta/models/gemini-x:streamGenerateContent?alt=sse",
			first:    `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":[{"name":"run_shell_command","parametersJsonSchema":{"type":"object","properties":{"command":{"type":"string"},"is_background":{"type":"boolean"}},"required":["command"]}}]}]}`,
			second:   `{"contents":[{"role":"user","parts":[{"functionResponse":{"name":"run_shell_command","response":{}}}]}]}`,
			wantTool: []string{`"functionCall":{"args":{"command":"echo hi > m.txt"},"name":"run_shell_command"}`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := post(t, s.URL+tc.path, tc.first)
			for _, w := range tc.wantTool {
				if !strings.Contains(got, w) {
					t.Errorf("first turn: want %s in\n%s", w, got)
				}
			}
			if got := post(t, s.URL+tc.path, tc.second); !strings.Contains(got, FinalText) || strings.Contains(got, "m.txt") {
				t.Errorf("second turn: want the final text, no tool call, in\n%s", got)
			}
		})
	}
	if n := s.Requests(); n != 2*len(tests) {
		t.Errorf("%d requests logged, want %d", n, 2*len(tests))
	}
	if !strings.Contains(s.Log(), "tool exec_command") {
		t.Errorf("log lacks the decisions:\n%s", s.Log())
	}
}

// Gemini's routing classifier asks in JSON mode: it gets a value of its
// schema, with integers at least 1.
func TestJSONMode(t *testing.T) {
	s := start(t)
	got := post(t, s.URL+"/v1beta/models/flash:generateContent", `{"contents":[{"role":"user","parts":[{"text":"route"}]}],
		"generationConfig":{"responseMimeType":"application/json","responseJsonSchema":{"type":"object",
		"properties":{"complexity_reasoning":{"type":"string"},"complexity_score":{"type":"integer","minimum":1,"maximum":100}},
		"required":["complexity_reasoning","complexity_score"]}}}`)
	var resp struct {
		Candidates []struct {
			Content struct {
				Parts []struct{ Text string }
			}
		}
	}
	if err := json.Unmarshal([]byte(got), &resp); err != nil || len(resp.Candidates) == 0 {
		t.Fatalf("%v: %s", err, got)
	}
	var v struct {
		Reasoning string `json:"complexity_reasoning"`
		Score     int    `json:"complexity_score"`
	}
	if err := json.Unmarshal([]byte(resp.Candidates[0].Content.Parts[0].Text), &v); err != nil || v.Score < 1 || v.Reasoning == "" {
		t.Errorf("JSON-mode answer %s (%v)", resp.Candidates[0].Content.Parts[0].Text, err)
	}
}

// No shell tool offered (OpenCode's title request): plain text.
func TestNoShellTool(t *testing.T) {
	s := start(t)
	got := post(t, s.URL+"/v1/chat/completions", `{"model":"m","messages":[{"role":"user","content":"title"}]}`)
	if !strings.Contains(got, FinalText) {
		t.Errorf("got %s", got)
	}
}
