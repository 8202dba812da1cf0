package kiroagent_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/kiroagent"
	"github.com/hookconv/hookconv/providers/providertest"
)

const file = ".kiro/agents/default.json"

func adapter(t testing.TB) *kiroagent.Adapter {
	t.Helper()
	a, ok := providers.Get(kiroagent.Slug)
	if !ok {
		t.Fatal("kiro-agent adapter not registered")
	}
	return a.(*kiroagent.Adapter)
}

var modelOpts = cmp.Options{
	cmpopts.IgnoreUnexported(canonical.Manifest{}, canonical.Hook{}, canonical.Handler{}),
	cmpopts.IgnoreFields(canonical.Hook{}, "Origin", "OriginFile", "CommandOrigin"),
	cmpopts.EquateEmpty(),
}

// droppedKeys are the corpus files whose entries hold keys Kiro CLI
// ignores ("description", "args"): they are dropped with a warning, so
// those files come back without them.
var droppedKeys = map[string]int{
	"04-clawdbot-builtin-description.json": 2,
	"05-open-claw-fleet-command-args.json": 1,
}

// TestCorpusRoundTrip: real agent files (copies of ../shared/corpus/kiro-cli)
// merged back into themselves come back byte for byte, unless they hold
// keys Kiro ignores; then only those keys are gone.
func TestCorpusRoundTrip(t *testing.T) {
	paths, _ := filepath.Glob("testdata/0*.json")
	if len(paths) < 4 {
		t.Fatalf("found %d corpus copies", len(paths))
	}
	a := adapter(t)
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			m, ds := a.Decode(providers.Files{file: src})
			if ds.HasErrors() || len(m.Hooks) == 0 {
				t.Fatalf("decode: %d hooks, %v", len(m.Hooks), ds)
			}
			if n := droppedKeys[filepath.Base(p)]; len(ds) != n || slices.ContainsFunc(ds, func(d diag.Diagnostic) bool { return d.Code != kiroagent.CodeUnknownKey }) {
				t.Fatalf("want %d unknown-key warnings, got %v", n, ds)
			}
			out, eds := a.Encode(m, providers.Files{file: src})
			want, wantCodes := string(src), []string(nil)
			if len(ds) > 0 {
				want = withoutKeys(t, src, "description", "args")
				wantCodes = []string{providers.CodeReplaced} // the hooks lost the ignored keys
			}
			if d := cmp.Diff(wantCodes, eds.Codes()); d != "" {
				t.Fatalf("encode codes (-want +got):\n%s\n%v", d, eds)
			}
			if d := cmp.Diff(want, string(out[file])); d != "" {
				t.Errorf("round trip differs (-want +written):\n%s", d)
			}
			m2, ds2 := a.Decode(out)
			if len(ds2) > 0 {
				t.Fatalf("re-decode: %v", ds2)
			}
			if d := cmp.Diff(m, m2, modelOpts); d != "" {
				t.Errorf("model differs (-first +second):\n%s", d)
			}
		})
	}
}

// withoutKeys removes the lines of entry keys from a corpus file (their
// entries are one key per line, the key never last).
func withoutKeys(t *testing.T, src []byte, keys ...string) string {
	t.Helper()
	var out []string
	for _, line := range strings.SplitAfter(string(src), "\n") {
		drop := false
		for _, k := range keys {
			drop = drop || strings.HasPrefix(strings.TrimSpace(line), `"`+k+`": `) && strings.HasPrefix(line, "        ")
		}
		if !drop {
			out = append(out, line)
		}
	}
	s := strings.Join(out, "")
	// The key before a dropped last key loses its comma.
	return strings.ReplaceAll(s, "\",\n      }", "\"\n      }")
}

// TestDecodeCorpus checks what a real file reads as: events, matchers,
// milliseconds and blocking.
func TestDecodeCorpus(t *testing.T) {
	src, _ := os.ReadFile("testdata/02-autonomous-dev-team-timeout-ms.json")
	m, _ := adapter(t).Decode(providers.Files{file: src})
	first, last := m.Hooks[0], m.Hooks[len(m.Hooks)-1]
	if first.Event != "before_tool_execute" || first.Matcher != canonical.ToolName("shell") || first.Handler.Timeout != 5 || !first.Blocking {
		t.Errorf("first hook: %+v", first)
	}
	if last.Event != "agent_stop" || last.Matcher != nil || last.Handler.Timeout != 10 || last.Blocking {
		t.Errorf("last hook: %+v", last)
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		events []string
		codes  []string
	}{
		{"all triggers", `{"name":"a","hooks":{"agentSpawn":[{"command":"a"}],"userPromptSubmit":[{"command":"b"}],"preToolUse":[{"command":"c"}],"postToolUse":[{"command":"d"}],"stop":[{"command":"e"}]}}`,
			[]string{"session_start", "before_prompt", "before_tool_execute", "after_tool_execute", "agent_stop"}, nil},
		{"extras", `{"hooks":{"postToolUse":[{"matcher":"fs_*","command":"x","cache_ttl_seconds":30,"max_output_size":100,"only_when_turn_complete":true}]}}`,
			[]string{"after_tool_execute"}, nil},
		{"unknown trigger", `{"hooks":{"agentNeedsAttention":[{"command":"x"}]}}`, []string{"vendor.kiro-agent.agentNeedsAttention"}, []string{kiroagent.CodeUnknownTrigger}},
		{"unknown entry key", `{"hooks":{"stop":[{"command":"x","timeout":5}]}}`, []string{"agent_stop"}, []string{kiroagent.CodeUnknownKey}},
		{"entry as object", `{"hooks":{"stop":{"command":"x"}}}`, []string{"agent_stop"}, []string{kiroagent.CodeUndocumented}},
		{"no hooks", `{"name":"a","tools":["*"]}`, nil, []string{kiroagent.CodeNoHooks}},
		{"no command", `{"hooks":{"stop":[{"matcher":"x"}]}}`, nil, []string{kiroagent.CodeShape}},
		{"empty command", `{"hooks":{"stop":[{"command":" "}]}}`, nil, []string{kiroagent.CodeShape}},
		{"command not a string", `{"hooks":{"stop":[{"command":["bash","-c"]}]}}`, nil, []string{kiroagent.CodeShape}},
		{"fractional timeout", `{"hooks":{"stop":[{"command":"x","timeout_ms":1.5}]}}`, nil, []string{kiroagent.CodeShape}},
		{"negative size", `{"hooks":{"stop":[{"command":"x","max_output_size":-1}]}}`, nil, []string{kiroagent.CodeShape}},
		{"flag not a bool", `{"hooks":{"stop":[{"command":"x","only_when_turn_complete":1}]}}`, nil, []string{kiroagent.CodeShape}},
		{"entry not an object", `{"hooks":{"stop":["x"]}}`, nil, []string{kiroagent.CodeShape}},
		{"entries not a list", `{"hooks":{"stop":"x"}}`, nil, []string{kiroagent.CodeShape}},
		{"hooks not an object", `{"hooks":[]}`, nil, []string{kiroagent.CodeShape}},
		{"not an object", `[]`, nil, []string{kiroagent.CodeShape}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			providertest.DecodeCase(t, adapter(t), file, tt.src, tt.events, tt.codes)
		})
	}
}

// TestMatchers: native matchers read as canonical ones and are written
// back the same way, without help from provider_data when the canonical
// form says it all.
func TestMatchers(t *testing.T) {
	tests := []struct {
		native  string
		matcher string // canonical JSON; "" for none
		exact   bool   // written back without provider_data
	}{
		{"execute_bash", `"shell"`, true},
		{"fs_write", `["file_write","file_edit"]`, true}, // fs_write creates and edits
		// A glob that selects only known tools reads as their canonical
		// names, so each target gets its own; the glob is kept for Kiro.
		{"fs_*", `["file_read","file_write","file_edit"]`, false},
		{"fs_?ead", `"file_read"`, false},
		{"e*", `"shell"`, false},
		{"*", ``, false},
		{"@builtin", `["shell","file_read","file_write","file_edit","search","find","web_search","web_fetch","agent"]`, false},
		// Kiro CLI's other built-in tools, and the aliases its docs use
		// (shell), written back as the names hooks match (execute_bash).
		{"web_fetch", `"web_fetch"`, true},
		{"grep", `"search"`, true},
		{"shell", `"shell"`, false},
		{"subagent", `"agent"`, false},
		{"use_*", `"agent"`, false}, // use_subagent; use_aws has no canonical tool
		// One that selects none, or may select MCP tools (@s/run_x), stays
		// a pattern.
		{"x_*", `{"pattern":"^x_.*$"}`, true},
		{"*_*", `{"pattern":"^.*_.*$"}`, true},
		{"@git", `{"mcp":{"server":"git"}}`, true},
		{"@git/status", `{"mcp":{"server":"git","tool":"status"}}`, true},
		{"@git/*", `{"mcp":{"server":"git"}}`, false},
		{"@*", `{"mcp":{"server":"*"}}`, true},
		{"@*/status", `{"mcp":{"server":"*","tool":"status"}}`, true},
		{"use_aws", `{"pattern":"^use_aws$"}`, true},
		{"", `{"pattern":"^$"}`, true},
		{"{fs_read,fs_write}*", `["file_read","file_write","file_edit"]`, false},
		{"[!f]*", `{"pattern":"^[^f].*$"}`, false},
	}
	a := adapter(t)
	for _, tt := range tests {
		t.Run(tt.native, func(t *testing.T) {
			src := `{"hooks":{"preToolUse":[{"matcher":` + quote(tt.native) + `,"command":"x"}]}}`
			m := providertest.MatcherCase(t, a, kiroagent.Slug, file, src, tt.matcher, tt.exact)
			out, _ := a.Encode(m, providers.Files{file: []byte(src)})
			var doc struct {
				Hooks map[string][]map[string]any `json:"hooks"`
			}
			if err := json.Unmarshal(out[file], &doc); err != nil || doc.Hooks["preToolUse"][0]["matcher"] != tt.native {
				t.Errorf("written back as %s", out[file])
			}
		})
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestExpand: a matcher naming several tools becomes one entry per tool,
// and Expand predicts what the file reads back as.
func TestExpand(t *testing.T) {
	m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{
		{Event: "before_tool_execute", Matcher: canonical.AnyOf{
			canonical.ToolName("shell"), canonical.ToolName("file_write"), canonical.ToolName("file_edit"),
			canonical.MCP{Server: "github", Tool: "create_issue"}, canonical.MCP{Server: "slack"}, canonical.Pattern{Regex: "^(Bash|Read)$"},
		}, Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "guard.sh", Timeout: 2.5}},
	}}
	a := adapter(t)
	out, ds := a.Encode(m, providers.Files{file: []byte(`{"name":"x"}`)})
	// A one-line agent file stays on one line.
	want := `{"name":"x", "hooks": {"preToolUse":[` +
		`{"matcher":"execute_bash","command":"guard.sh","timeout_ms":2500},` +
		`{"matcher":"fs_write","command":"guard.sh","timeout_ms":2500},` +
		`{"matcher":"@github/create_issue","command":"guard.sh","timeout_ms":2500},` +
		`{"matcher":"@slack","command":"guard.sh","timeout_ms":2500},` +
		`{"matcher":"Bash","command":"guard.sh","timeout_ms":2500},` +
		`{"matcher":"Read","command":"guard.sh","timeout_ms":2500}]}}`
	if d := cmp.Diff(want, string(out[file])); d != "" {
		t.Errorf("output (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{kiroagent.CodeExpanded}, ds.Codes()); d != "" {
		t.Errorf("codes (-want +got):\n%s\n%v", d, ds)
	}
	got, _ := a.Decode(out)
	if d := cmp.Diff(a.Expand(m).Hooks, got.Hooks, modelOpts, cmpopts.IgnoreFields(canonical.Hook{}, "Blocking")); d != "" {
		t.Errorf("Expand does not predict the file (-expanded +read):\n%s", d)
	}
}

// TestNewAgentFile: without an agent file to merge into, the hooks go into
// a complete new agent.
func TestNewAgentFile(t *testing.T) {
	m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{
		{Event: "session_start", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "git status -s"}},
	}}
	out, ds := adapter(t).Encode(m, nil)
	want := `{
  "name": "default",
  "tools": [
    "*"
  ],
  "hooks": {
    "agentSpawn": [
      {
        "command": "git status -s"
      }
    ]
  }
}
`
	if d := cmp.Diff(want, string(out[file])); d != "" {
		t.Errorf("output (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{kiroagent.CodeNewAgent}, ds.Codes()); d != "" {
		t.Errorf("codes (-want +got):\n%s", d)
	}
	out, _ = adapter(t).Encode(m, providers.Files{"agents/reviewer.json": nil})
	if !strings.Contains(string(out["agents/reviewer.json"]), `"name": "reviewer"`) {
		t.Errorf("new agent named after its file:\n%s", out["agents/reviewer.json"])
	}
}

// TestEncodeMerges: the hooks replace the agent's own, with a warning;
// every other key stays as it was.
func TestEncodeMerges(t *testing.T) {
	prev := "{\n    \"name\": \"dev\",\n    \"hooks\": {\"stop\": [{\"command\": \"old\"}]},\n    \"model\": \"m\"\n}\n"
	m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{
		{Event: "agent_stop", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "new"}},
	}}
	out, ds := adapter(t).Encode(m, providers.Files{"a.json": []byte(prev)})
	want := "{\n    \"name\": \"dev\",\n    \"hooks\": {\n        \"stop\": [\n            {\n                \"command\": \"new\"\n            }\n        ]\n    },\n    \"model\": \"m\"\n}\n"
	if d := cmp.Diff(want, string(out["a.json"])); d != "" {
		t.Errorf("output (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{providers.CodeReplaced}, ds.Codes()); d != "" {
		t.Errorf("codes (-want +got):\n%s", d)
	}
}

// TestEncodeOnlyDocumentedKeys: Kiro CLI rejects the whole agent file over
// one unknown key or trigger, so a manifest full of what Kiro CLI does
// not have (every handler type, every field, other tools' provider_data,
// events it lacks, bad provider_data of its own) must come out with
// documented keys only, each loss reported.
func TestEncodeOnlyDocumentedKeys(t *testing.T) {
	all := canonical.Handler{Type: canonical.HandlerCommand, Command: "x", Platform: map[string]string{"windows": "x.ps1"},
		Cwd: "d", Env: map[string]string{"A": "b"}, Timeout: 3, TimeoutAction: canonical.TimeoutBlock, Async: true, StatusMessage: "s"}
	foreign := map[string]json.RawMessage{
		"claude-code": json.RawMessage(`{"if":"Bash(git *)","$matcher":"startup","statusMessage":"s"}`),
		"cursor":      json.RawMessage(`{"loop_limit":3,"failClosed":true}`),
		"kiro":        json.RawMessage(`{"description":"d","enabled":false}`),
		"kiro-agent": json.RawMessage(`{"description":"d","args":["-c"],"max_output_size":"big","cache_ttl_seconds":-1,` +
			`"only_when_turn_complete":"yes","timeout_ms":5,"$matcher":7,"max_output_size":100}`),
	}
	var hooks []canonical.Hook
	for _, ev := range []string{"before_tool_execute", "after_tool_execute", "session_start", "before_prompt", "agent_stop",
		"session_end", "file_changed", "notification", "vendor.kiro-agent.agentNeedsAttention", "vendor.cursor.afterAgentThought"} {
		for _, typ := range canonical.HandlerTypes() {
			h := canonical.Hook{Name: "n", Event: ev, Handler: all, Blocking: true, ProviderData: foreign,
				Matcher: canonical.AnyOf{canonical.ToolName("shell"), canonical.ToolName("web_fetch"), canonical.Pattern{Regex: `\d+`},
					canonical.MCP{Server: "gh"}, canonical.ToolName("my_tool")},
				Degradation: map[string]canonical.Strategy{"input_rewrite": canonical.StrategyBlock}, Capabilities: []string{"input_rewrite"}}
			h.Handler.Type = typ
			h.Handler.Prompt, h.Handler.URL, h.Handler.Server, h.Handler.Tool = "p", "https://x", "s", "t"
			hooks = append(hooks, h)
		}
	}
	out, ds := adapter(t).Encode(&canonical.Manifest{Spec: canonical.SpecVersion, Hooks: hooks}, nil)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(out[file], &doc); err != nil {
		t.Fatal(err)
	}
	for k := range doc {
		if k != "name" && k != "tools" && k != "hooks" {
			t.Errorf("agent key %q written", k)
		}
	}
	var triggers map[string][]map[string]json.RawMessage
	if err := json.Unmarshal(doc["hooks"], &triggers); err != nil {
		t.Fatal(err)
	}
	entries := 0
	for trigger, list := range triggers {
		if !slices.Contains([]string{"agentSpawn", "userPromptSubmit", "preToolUse", "postToolUse", "stop"}, trigger) {
			t.Errorf("trigger %q written", trigger)
		}
		for _, e := range list {
			entries++
			checkEntry(t, trigger, e)
		}
	}
	// Five triggers hold the command hooks; tool hooks become one entry
	// per glob (execute_bash, web_fetch, \d+ has none, @gh, my_tool).
	if entries != 4+4+1+1+1 {
		t.Errorf("%d entries written:\n%s", entries, out[file])
	}
	for _, code := range []string{providers.CodeNotWritten, "HC310", "HC316", "HC317", providers.CodeMatcherIgnored, providers.CodeMatcherDropped, kiroagent.CodeBadData} {
		if !slices.Contains(ds.Codes(), code) {
			t.Errorf("no %s reported", code)
		}
	}
}

// TestEncodeSourceMark: the pipeline's "$from" mark, which a manifest
// converted from kiro-agent holds on a hook with no other mark, is read
// past without a word (it was reported as a setting not written, HC546),
// and nothing of it reaches the agent file.
func TestEncodeSourceMark(t *testing.T) {
	h := canonical.Hook{Event: "before_tool_execute", Matcher: canonical.ToolName("shell"), Blocking: true,
		Handler:      canonical.Handler{Type: canonical.HandlerCommand, Command: "./guard.sh"},
		ProviderData: map[string]json.RawMessage{"kiro-agent": json.RawMessage(`{"$from":true}`)}}
	out, ds := adapter(t).Encode(&canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}, nil)
	if len(ds) > 0 && slices.Contains(ds.Codes(), kiroagent.CodeBadData) {
		t.Errorf("the $from mark is reported: %v", ds)
	}
	if bytes.Contains(out[file], []byte("$from")) {
		t.Errorf("the $from mark is written:\n%s", out[file])
	}
	// Nor are the marks only warnings read (QA F8: they were HC546).
	h.ProviderData = map[string]json.RawMessage{"kiro-agent": json.RawMessage(`{"$from":true,"$env":["X"],"$disabled":"disableAllHooks","$failClosed":true}`)}
	if _, ds := adapter(t).Encode(&canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}, nil); slices.Contains(ds.Codes(), kiroagent.CodeBadData) {
		t.Errorf("a warning's mark is reported: %v", ds)
	}
	// A mark of the wrong type is no mark of the pipeline's.
	h.ProviderData = map[string]json.RawMessage{"kiro-agent": json.RawMessage(`{"$from":"x"}`)}
	if _, ds := adapter(t).Encode(&canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}, nil); !slices.Contains(ds.Codes(), kiroagent.CodeBadData) {
		t.Errorf(`"$from": "x" not reported`)
	}
}

// checkEntry fails on any key or value type Kiro CLI's Hook struct would
// not take.
func checkEntry(t *testing.T, trigger string, e map[string]json.RawMessage) {
	t.Helper()
	for k, v := range e {
		var ok bool
		switch k {
		case "command", "matcher":
			var s string
			ok = json.Unmarshal(v, &s) == nil
		case "timeout_ms", "max_output_size", "cache_ttl_seconds":
			var n uint64
			ok = json.Unmarshal(v, &n) == nil
		case "only_when_turn_complete":
			var b bool
			ok = json.Unmarshal(v, &b) == nil
		}
		if !ok {
			t.Errorf("%s entry: %q = %s is not a documented key and type", trigger, k, v)
		}
	}
	if _, ok := e["command"]; !ok {
		t.Errorf("%s entry without command", trigger)
	}
}

func FuzzDecode(f *testing.F) {
	providertest.SeedCorpus(f, "testdata/*.json", []string{
		`{"name":"a","hooks":{"preToolUse":[{"matcher":"@git/*","command":"x","timeout_ms":0}],"agentSpawn":[{"matcher":"m","command":"y"}]}}`,
		`{"hooks":{"postToolUse":[{"matcher":"{a,b}?","command":"x","cache_ttl_seconds":1,"only_when_turn_complete":false}],"nope":[{"command":"z"}]}}`,
		`{"hooks":{"stop":{"command":"x","max_output_size":10}}}`,
		`{"hooks":{"preToolUse":[{"matcher":"[a-","command":"x"},{"matcher":"","command":"y"},{"matcher":"@builtin","command":"z"}]}}`,
	})
	a := adapter(f)
	refused := func(d diag.Diagnostic) bool { return d.Code == providers.CodeMerge }
	f.Fuzz(func(t *testing.T, src []byte) {
		providertest.RoundTrip(t, a, providers.Files{file: src}, nil, nil)
		providertest.RoundTrip(t, a, providers.Files{file: src}, providers.Files{file: src}, refused)
	})
}
