package kiro_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/kiro"
	"github.com/hookconv/hookconv/providers/providertest"
)

const file = ".kiro/hooks/hookconv.json"

func adapter(t testing.TB) providers.Adapter {
	t.Helper()
	a, ok := providers.Get(kiro.Slug)
	if !ok {
		t.Fatal("kiro adapter not registered")
	}
	return a
}

func read(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

var modelOpts = cmp.Options{
	cmpopts.IgnoreUnexported(canonical.Manifest{}, canonical.Hook{}, canonical.Handler{}),
	cmpopts.IgnoreFields(canonical.Hook{}, "Origin", "OriginFile", "CommandOrigin"),
	cmpopts.EquateEmpty(),
}

// TestRoundTripFiles: v1 files in the documented form come back byte for
// byte, written fresh or merged into themselves, and read back to the
// same model.
func TestRoundTripFiles(t *testing.T) {
	paths, _ := filepath.Glob("testdata/v1-*.json")
	if len(paths) == 0 {
		t.Fatal("no v1 test files")
	}
	a := adapter(t)
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			src := read(t, filepath.Base(p))
			m, ds := a.Decode(providers.Files{file: src})
			if len(ds) > 0 {
				t.Fatalf("decode: %v", ds)
			}
			for name, existing := range map[string]providers.Files{"new": nil, "merged": {file: src}} {
				out, eds := a.Encode(m, existing)
				if len(eds) > 0 {
					t.Fatalf("%s: encode: %v", name, eds)
				}
				if d := cmp.Diff(string(src), string(out[file])); d != "" {
					t.Errorf("%s: round trip differs (-read +written):\n%s", name, d)
				}
				m2, _ := a.Decode(out)
				if d := cmp.Diff(m, m2, modelOpts); d != "" {
					t.Errorf("%s: model differs (-first +second):\n%s", name, d)
				}
			}
		})
	}
}

// TestDecodeRich checks what the rich file reads as: events, handlers,
// matchers, units, blocking and provider_data.
func TestDecodeRich(t *testing.T) {
	m, ds := adapter(t).Decode(providers.Files{file: read(t, "v1-rich.json")})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	type hook struct {
		Name, Event, Type string
		Matcher           string
		Timeout           float64
		Blocking          bool
		Data              string
	}
	var got []hook
	for _, h := range m.Hooks {
		mt := ""
		if h.Matcher != nil {
			mt = string(node.AppendCompact(nil, canonical.MatcherNode(h.Matcher)))
		}
		got = append(got, hook{h.Name, h.Event, h.Handler.Type, mt, h.Handler.Timeout, h.Blocking, string(h.ProviderData["kiro"])})
	}
	matcher := func(m string) string { return m }
	want := []hook{
		{"block-secrets", "before_tool_execute", "command", matcher(`["file_write","file_edit"]`), 10, true, `{"description":"deny writes to env files","enabled":true}`},
		{"remind-tests", "after_task", "prompt", "", 0, false, ""},
		{"ctx", "session_start", "command", "", 0, false, `{"enabled":false}`},
		{"lint-on-save", "file_changed", "command", `{"pattern":"\\.ts$"}`, 30, false, `{"enabled":true}`},
		{"remind-tests-on-write", "before_tool_execute", "prompt", matcher(`["file_write","file_edit"]`), 0, false, ""},
		{"new-files", "file_created", "command", `{"pattern":"^src/.*\\.go$"}`, 0, false, ""},
		{"deleted-files", "file_deleted", "command", "", 0, false, ""},
		{"spec-gate", "before_task", "command", "", 0, true, `{"timeout":0}`},
		{"by-hand", "manual_trigger", "command", "", 0, false, ""},
		{"prompt-guard", "before_prompt", "command", "", 2.5, true, ""},
		{"shell-audit", "after_tool_execute", "command", matcher(`"shell"`), 0, false, ""},
		{"writes", "before_tool_execute", "command", matcher(`["file_write","file_edit"]`), 0, true, `{"$matcher":"write"}`},
		{"mcp", "before_tool_execute", "command", matcher(`{"pattern":"@mcp.*"}`), 0, true, ""},
		{"done", "agent_stop", "prompt", "", 0, false, ""},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("decoded hooks (-want +got):\n%s", d)
	}
}

func TestDecode(t *testing.T) {
	hook := func(body string) string { return `{"version":"v1","hooks":[` + body + `]}` }
	tests := []struct {
		name   string
		src    string
		events []string
		codes  []string
	}{
		{"command", hook(`{"name":"a","trigger":"Stop","action":{"type":"command","command":"x"}}`), []string{"agent_stop"}, nil},
		{"no name is read, with a warning", hook(`{"trigger":"Stop","action":{"type":"command","command":"x"}}`), []string{"agent_stop"}, []string{kiro.CodeNoName}},
		{"unknown trigger kept", hook(`{"name":"a","trigger":"SessionEnd","action":{"type":"command","command":"x"}}`),
			[]string{"vendor.kiro.SessionEnd"}, []string{kiro.CodeUnknownTrigger}},
		{"no version", `{"hooks":[{"name":"a","trigger":"Stop","action":{"type":"command","command":"x"}}]}`,
			[]string{"agent_stop"}, []string{kiro.CodeVersion}},
		{"other version", `{"version":1,"hooks":[]}`, nil, []string{kiro.CodeVersion}},
		{"unknown keys", `{"version":"v1","x":1,"hooks":[{"name":"a","trigger":"Stop","when":{},"action":{"type":"command","command":"x","cwd":"/"}}]}`,
			[]string{"agent_stop"}, []string{kiro.CodeUnknownKey, kiro.CodeUnknownKey, kiro.CodeUnknownKey}},
		{"no hooks", `{"version":"v1"}`, nil, []string{kiro.CodeNoHooks}},
		{"legacy file", `{"name":"x","when":{"type":"agentStop"},"then":{"type":"askAgent","prompt":"p"}}`, nil, []string{kiro.CodeLegacyFile}},
		{"unknown action", hook(`{"name":"a","trigger":"Stop","action":{"type":"askAgent","prompt":"p"}}`), nil, []string{kiro.CodeUnknownAction}},
		{"action without command", hook(`{"name":"a","trigger":"Stop","action":{"type":"command"}}`), nil, []string{kiro.CodeShape}},
		{"action without type", hook(`{"name":"a","trigger":"Stop","action":{"command":"x"}}`), nil, []string{kiro.CodeShape}},
		{"action not an object", hook(`{"name":"a","trigger":"Stop","action":"x"}`), nil, []string{kiro.CodeShape}},
		{"no trigger", hook(`{"name":"a","action":{"type":"command","command":"x"}}`), nil, []string{kiro.CodeShape}},
		{"no action", hook(`{"name":"a","trigger":"Stop"}`), nil, []string{kiro.CodeShape}},
		{"trigger not a string", hook(`{"name":"a","trigger":1,"action":{"type":"command","command":"x"}}`), nil, []string{kiro.CodeShape}},
		{"enabled not a bool", hook(`{"name":"a","trigger":"Stop","enabled":"no","action":{"type":"command","command":"x"}}`), nil, []string{kiro.CodeShape}},
		{"negative timeout", hook(`{"name":"a","trigger":"Stop","timeout":-1,"action":{"type":"command","command":"x"}}`), nil, []string{kiro.CodeShape}},
		{"matcher RE2 cannot read", hook(`{"name":"a","trigger":"PreToolUse","matcher":"(?=fs_)","action":{"type":"command","command":"x"}}`),
			nil, []string{providers.CodeBadPattern}},
		{"hook not an object", hook(`"x"`), nil, []string{kiro.CodeShape}},
		{"hooks not a list", `{"version":"v1","hooks":{}}`, nil, []string{kiro.CodeShape}},
		{"not an object", `[]`, nil, []string{kiro.CodeShape}},
		{"comments", "{\"version\":\"v1\",// c\n\"hooks\":[]}", nil, []string{providers.CodeJSONC}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			providertest.DecodeCase(t, adapter(t), file, tt.src, tt.events, tt.codes)
		})
	}
}

// TestMatchers: tool matchers read as canonical ones and are written back
// as they were, with provider_data only when the canonical form would be
// spelled differently.
func TestMatchers(t *testing.T) {
	tests := []struct {
		native  string
		matcher string // canonical JSON; "" for none
		exact   bool   // written back without provider_data
	}{
		{"execute_bash", `"shell"`, true},
		{"fs_write|str_replace", `["file_write","file_edit"]`, true},
		{"read|shell", `["file_read","shell"]`, false},
		{"*", ``, false},
		// The web, @builtin and @mcp categories (third-party list) read as
		// the tools they select (QA: kept as patterns, they matched none of
		// a target's tools).
		{"web", `["web_search","web_fetch"]`, false},
		{"web|write", `["web_search","web_fetch","file_write","file_edit"]`, false},
		// Every built-in tool of the table, Kiro CLI's search, find and
		// subagent tools too (QA q4 F4).
		{"@builtin", `["shell","file_read","file_write","file_edit","web_search","web_fetch","search","find","agent"]`, false},
		{"grep|glob", `["search","find"]`, true},
		{"@mcp", `{"mcp":{"server":"*"}}`, false},
		{"@mcp.*", `{"pattern":"@mcp.*"}`, true},
		{"@powers", `{"pattern":"@powers"}`, true},
		{"^fs_.*$", `{"pattern":"^fs_.*$"}`, true},
		{"fs_read|spec", `{"pattern":"fs_read|spec"}`, true},
	}
	a := adapter(t)
	for _, tt := range tests {
		t.Run(tt.native, func(t *testing.T) {
			src := `{"version":"v1","hooks":[{"name":"a","trigger":"PreToolUse","matcher":` + quote(tt.native) + `,"action":{"type":"command","command":"x"}}]}`
			m := providertest.MatcherCase(t, a, kiro.Slug, file, src, tt.matcher, tt.exact)
			out, _ := a.Encode(m, nil)
			var doc struct {
				Hooks []map[string]any `json:"hooks"`
			}
			if err := json.Unmarshal(out[file], &doc); err != nil || doc.Hooks[0]["matcher"] != tt.native {
				t.Errorf("written back as %s", out[file])
			}
		})
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestLegacyCorpusFiles: the two .json files of the IDE corpus are Kiro
// IDE 0.x hooks, not v1 files; they are reported and skipped.
func TestLegacyCorpusFiles(t *testing.T) {
	for _, name := range []string{"legacy-07-agentstop.json", "legacy-08-posttaskexecution.json"} {
		m, ds := adapter(t).Decode(providers.Files{".kiro/hooks/" + name: read(t, name)})
		if len(m.Hooks) != 0 || !cmp.Equal(ds.Codes(), []string{kiro.CodeLegacyFile}) {
			t.Errorf("%s: %d hooks, %v", name, len(m.Hooks), ds)
		}
	}
}

// TestDecodeSeveralFiles: Kiro loads every file of .kiro/hooks; their
// hooks are read in path order, each pointing at its file.
func TestDecodeSeveralFiles(t *testing.T) {
	one := `{"version":"v1","hooks":[{"name":"a","trigger":"Stop","action":{"type":"command","command":"a"}}]}`
	two := `{"version":"v1","hooks":[{"name":"b","trigger":"SessionStart","action":{"type":"command","command":"b"}}]}`
	m, ds := adapter(t).Decode(providers.Files{".kiro/hooks/b.json": []byte(two), ".kiro/hooks/a.json": []byte(one)})
	if len(ds) > 0 || len(m.Hooks) != 2 || m.Hooks[0].Name != "a" || m.Hooks[1].OriginFile != ".kiro/hooks/b.json" {
		t.Fatalf("%v %+v", ds, m.Hooks)
	}
}

func manifest(hooks ...canonical.Hook) *canonical.Manifest {
	return &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: hooks}
}

func command(cmd string) canonical.Handler {
	return canonical.Handler{Type: canonical.HandlerCommand, Command: cmd}
}

// TestEncode: hooks from other tools get names, Kiro's spellings and
// units; what Kiro cannot hold is reported and left out. An edit guard
// names fs_write too, which also edits (QA F15).
func TestEncode(t *testing.T) {
	m := manifest(
		canonical.Hook{Event: "before_tool_execute", Matcher: canonical.AnyOf{canonical.ToolName("shell"), canonical.ToolName("file_edit")},
			Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "guard.sh", Timeout: 1.5}, Blocking: true},
		canonical.Hook{Name: "hook 3", Event: "session_start", Handler: command("ctx.sh")},
		canonical.Hook{Event: "agent_stop", Handler: canonical.Handler{Type: canonical.HandlerAgent, Prompt: "Did it work?"}},
		canonical.Hook{Event: "session_end", Handler: command("bye.sh")},
		canonical.Hook{Event: "after_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerHTTP, URL: "https://x"}},
		canonical.Hook{Event: "before_tool_execute", Matcher: canonical.MCP{Server: "github"}, Handler: command("mcp.sh")},
		canonical.Hook{Event: "file_changed", Handler: command("fmt.sh"),
			ProviderData: map[string]json.RawMessage{"claude-code": json.RawMessage(`{"$matcher":".envrc"}`)}},
	)
	out, ds := adapter(t).Encode(m, nil)
	want := `{
  "version": "v1",
  "hooks": [
    {
      "name": "hook 1",
      "trigger": "PreToolUse",
      "matcher": "execute_bash|str_replace|fs_write",
      "action": {
        "type": "command",
        "command": "guard.sh"
      },
      "timeout": 1.5
    },
    {
      "name": "hook 3",
      "trigger": "SessionStart",
      "action": {
        "type": "command",
        "command": "ctx.sh"
      }
    },
    {
      "name": "hook 3 (2)",
      "trigger": "Stop",
      "action": {
        "type": "agent",
        "prompt": "Did it work?"
      }
    },
    {
      "name": "hook 7",
      "trigger": "PostFileSave",
      "action": {
        "type": "command",
        "command": "fmt.sh"
      }
    }
  ]
}
`
	if d := cmp.Diff(want, string(out[file])); d != "" {
		t.Errorf("output (-want +got):\n%s", d)
	}
	wantCodes := []string{providers.CodeAgentAsPrompt, providers.CodeNotWritten, providers.CodeNotWritten,
		"HC310", "HC311", providers.CodeMatcherDropped, kiro.CodeNamed}
	if d := cmp.Diff(wantCodes, ds.Codes()); d != "" {
		t.Errorf("codes (-want +got):\n%s\n%v", d, ds)
	}
}

// TestEncodeNeverWritesForeignKeys: fields and provider_data Kiro does
// not read never reach the file; each is reported.
func TestEncodeNeverWritesForeignKeys(t *testing.T) {
	h := canonical.Hook{Event: "session_start", Matcher: canonical.ToolName("shell"),
		Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "x", Async: true, Cwd: "d", Env: map[string]string{"A": "b"},
			Platform: map[string]string{"windows": "x.ps1"}, StatusMessage: "s", TimeoutAction: canonical.TimeoutBlock},
		Blocking: true,
		ProviderData: map[string]json.RawMessage{
			"kiro":        json.RawMessage(`{"enabled":"no","timeout":5,"x":1,"description":"kept"}`),
			"claude-code": json.RawMessage(`{"if":"Bash(git *)"}`),
		}}
	out, ds := adapter(t).Encode(manifest(h), nil)
	want := `{"version":"v1","hooks":[{"name":"hook 1","description":"kept","trigger":"SessionStart","action":{"type":"command","command":"x"}}]}`
	var got, w any
	_ = json.Unmarshal(out[file], &got)
	_ = json.Unmarshal([]byte(want), &w)
	if d := cmp.Diff(w, got); d != "" {
		t.Errorf("output (-want +got):\n%s", d)
	}
	wantCodes := []string{kiro.CodeBadData, kiro.CodeBadData, kiro.CodeBadData, providers.CodeMatcherIgnored,
		"HC316", "HC316", "HC316", "HC316", "HC316", "HC317", kiro.CodeNamed}
	if d := cmp.Diff(wantCodes, ds.Codes()); d != "" {
		t.Errorf("codes (-want +got):\n%s\n%v", d, ds)
	}
}

// TestEncodeMarks: hookconv's own marks in provider_data["kiro"] (the
// pipeline's "$from" on every hook a Kiro file gave a manifest, the
// marks its warnings read) are bookkeeping: never written, never
// reported as a setting Kiro does not read (they were, HC508, QA F8); a
// "$" key of a shape no decoder writes is no mark, and is reported.
func TestEncodeMarks(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		want       []string
	}{
		{"from", `{"$from":true}`, nil},
		{"warning marks", `{"$from":true,"$env":["X"],"$disabled":"disableAllHooks","$failClosed":true}`, nil},
		{"with native keys", `{"$from":true,"description":"d"}`, nil},
		{"misshapen from", `{"$from":"yes"}`, []string{kiro.CodeBadData}},
		{"no mark", `{"$fromm":true}`, []string{kiro.CodeBadData}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := canonical.Hook{Name: "ctx", Event: "session_start",
				Handler:      canonical.Handler{Type: canonical.HandlerCommand, Command: "git status -s"},
				ProviderData: map[string]json.RawMessage{"kiro": json.RawMessage(tc.data)}}
			out, ds := adapter(t).Encode(manifest(h), nil)
			if d := cmp.Diff(tc.want, ds.Codes(), cmpopts.EquateEmpty()); d != "" {
				t.Errorf("codes (-want +got):\n%s\n%v", d, ds)
			}
			if strings.Contains(string(out[file]), "$") {
				t.Errorf("a mark is written:\n%s", out[file])
			}
		})
	}
}

// TestDisabledSurvives: "enabled": false goes through the canonical model
// and back.
func TestDisabledSurvives(t *testing.T) {
	src := `{"version":"v1","hooks":[{"name":"off","trigger":"Stop","action":{"type":"command","command":"x"},"enabled":false}]}`
	a := adapter(t)
	m, _ := a.Decode(providers.Files{file: []byte(src)})
	doc, _ := canonical.Parse("m.json", canonical.Marshal(m))
	out, _ := a.Encode(doc, nil)
	if !strings.Contains(string(out[file]), `"enabled": false`) {
		t.Errorf("disabled hook lost its flag:\n%s", out[file])
	}
}

// TestEncodeMerges: an existing hook file keeps its other keys; hooks it
// held are replaced, with a warning.
func TestEncodeMerges(t *testing.T) {
	prev := "{\n  \"$comment\": \"team hooks\",\n  \"hooks\": [\n    {\"name\": \"old\", \"trigger\": \"Stop\", \"action\": {\"type\": \"command\", \"command\": \"old\"}}\n  ]\n}\n"
	out, ds := adapter(t).Encode(manifest(canonical.Hook{Name: "n", Event: "agent_stop", Handler: command("new")}), providers.Files{"my.json": []byte(prev)})
	got := string(out["my.json"])
	if !strings.HasPrefix(got, "{\n  \"$comment\": \"team hooks\",\n  \"hooks\": [") || !strings.Contains(got, `"version": "v1"`) || strings.Contains(got, `"old"`) {
		t.Errorf("merged file:\n%s", got)
	}
	if d := cmp.Diff([]string{providers.CodeReplaced}, ds.Codes()); d != "" {
		t.Errorf("codes (-want +got):\n%s", d)
	}
}

// TestEncodeBrokenTarget: an -o file that is not JSON is not merged into.
func TestEncodeBrokenTarget(t *testing.T) {
	out, ds := adapter(t).Encode(manifest(canonical.Hook{Event: "agent_stop", Handler: command("x")}), providers.Files{"my.json": []byte("{")})
	if out != nil || !ds.HasErrors() {
		t.Errorf("merged into a broken file: %v %v", out, ds)
	}
}

func FuzzDecode(f *testing.F) {
	providertest.SeedCorpus(f, "testdata/*.json", []string{
		`{"version":"v1","hooks":[{"trigger":"PreToolUse","matcher":"*","action":{"type":"agent","prompt":"p"},"timeout":0}]}`,
		`{"version":"v1","hooks":[{"name":"a","trigger":"Nope","matcher":"x","action":{"type":"command","command":"x"},"enabled":false}]}`,
		`{"hooks":[{"name":"a","trigger":"PostToolUse","matcher":"read|shell","action":{"type":"command","command":"x"}},{"name":"a","trigger":"Stop","action":{"type":"command","command":"y"}}]}`,
		`{"version":"v1","hooks":[{"name":1}]}`,
	})
	a := adapter(f)
	// Merging back into the file read is refused, with HC324, when the
	// file holds text that is not UTF-8: a documented refusal.
	refused := func(d diag.Diagnostic) bool { return d.Code == providers.CodeMerge }
	f.Fuzz(func(t *testing.T, src []byte) {
		providertest.RoundTrip(t, a, providers.Files{file: src}, nil, nil)
		providertest.RoundTrip(t, a, providers.Files{file: src}, providers.Files{file: src}, refused)
	})
}
