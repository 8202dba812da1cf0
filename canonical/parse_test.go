package canonical

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/diag"
)

// want is one expected diagnostic: its code, where it points and its path.
// The position is given as a marker — the diagnostic must point at the
// first occurrence of at in the source ("" = the start of the document) —
// or, for positions a marker cannot name (end of file), as line and column.
type want struct {
	code      string
	at        string
	path      string
	line, col int
}

// pos resolves the expected position in src.
func (w want) pos(src string) (int, int) {
	if w.line > 0 {
		return w.line, w.col
	}
	i := strings.Index(src, w.at)
	if i < 0 {
		panic("marker " + w.at + " not in source")
	}
	line := 1 + strings.Count(src[:i], "\n")
	col := i - strings.LastIndex(src[:i], "\n")
	return line, col
}

func show(code string, line, col int, path string) string {
	return fmt.Sprintf("%s@%d:%d %s", code, line, col, path)
}

func got(ds diag.List) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = show(d.Code, d.Line, d.Column, d.Path)
	}
	return out
}

// TestParseDiagnostics pins, for every structural rule, the code, the
// position and the path of the diagnostic — and that nothing else is said.
func TestParseDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		file string
		src  string
		want []want
	}{
		{"valid minimal", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "x"}}]}`, nil},
		{"not json", "m.json", "{\n  \"spec\": \"hooks/1.0\",\n  \"hooks\": [\n}", []want{{code: CodeSyntax, at: "}"}}},
		{"truncated", "m.json", `{"spec": "hooks/1.0", "hooks": [`, []want{{code: CodeSyntax, at: "["}}},
		{"trailing comma", "m.json", "{\"spec\": \"hooks/1.0\",\n}", []want{{code: CodeSyntax, at: ",\n}"}}},
		{"empty file", "m.json", "", []want{{code: CodeSyntax, line: 1, col: 1}}},
		{"not yaml", "m.yaml", "spec: [unclosed\n", []want{{code: CodeSyntax, line: 1, col: 7}}},
		{"array document", "m.json", `[]`, []want{{code: CodeNotObject, at: "["}}},
		{"spec missing", "m.json", `{"hooks": [{"event": "session_start", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeSpecMissing, at: "{", path: "spec"}}},
		{"spec not string", "m.json", `{"spec": 1.0, "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeSpecType, at: "1.0", path: "spec"}}},
		{"spec unsupported", "m.json", `{"spec": "hooks/2.0", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeSpecUnsupported, at: `"hooks/2.0"`, path: "spec"}}},
		{"spec legacy", "m.json", `{"spec": "hooks/0.1", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeSpecLegacy, at: `"hooks/0.1"`, path: "spec"}}},
		{"spec newer minor", "m.json", `{"spec": "hooks/1.3", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeSpecNewerMinor, at: `"hooks/1.3"`, path: "spec"}}},
		// QA: versions compare as numbers; 1.00 is 1.0, 1.01 newer.
		{"spec 1.00", "m.json", `{"spec": "hooks/1.00", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "x"}}]}`, nil},
		{"spec 1.01", "m.json", `{"spec": "hooks/1.01", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeSpecNewerMinor, at: `"hooks/1.01"`, path: "spec"}}},
		{"hooks missing", "m.json", `{"spec": "hooks/1.0"}`, []want{{code: CodeHooksMissing, at: "{", path: "hooks"}}},
		{"hooks not array", "m.json", `{"spec": "hooks/1.0", "hooks": {}}`, []want{{code: CodeHooksType, at: "{}", path: "hooks"}}},
		{"hooks empty", "m.json", `{"spec": "hooks/1.0", "hooks": []}`, []want{{code: CodeHooksEmpty, at: "[]", path: "hooks"}}},
		{"hook not object", "m.json", `{"spec": "hooks/1.0", "hooks": ["x"]}`, []want{{code: CodeHookType, at: `"x"`, path: "hooks[0]"}}},
		{"event and handler missing", "m.json", `{"spec": "hooks/1.0", "hooks": [{}]}`,
			[]want{{code: CodeEventMissing, at: "{}", path: "hooks[0].event"}, {code: CodeHandlerMissing, at: "{}", path: "hooks[0].handler"}}},
		{"event blank", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeEventMissing, at: `""`, path: "hooks[0].event"}}},
		{"event not string", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": 3, "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeWrongType, at: "3", path: "hooks[0].event"}}},
		{"handler type missing", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"command": "x"}}]}`,
			[]want{{code: CodeHandlerTypeMiss, at: `{"command"`, path: "hooks[0].handler.type"}}},
		{"handler type unknown", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "comand", "command": "x"}}]}`,
			[]want{{code: CodeHandlerTypeBad, at: `"comand"`, path: "hooks[0].handler.type"}}},
		{"command missing", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command"}}]}`,
			[]want{{code: CodeHandlerFieldMiss, at: `{"type"`, path: "hooks[0].handler.command"}}},
		{"command blank", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "  "}}]}`,
			[]want{{code: CodeHandlerFieldMiss, at: `"  "`, path: "hooks[0].handler.command"}}},
		{"url missing", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "http"}}]}`,
			[]want{{code: CodeHandlerFieldMiss, at: `{"type"`, path: "hooks[0].handler.url"}}},
		{"prompt missing", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "agent"}}]}`,
			[]want{{code: CodeHandlerFieldMiss, at: `{"type"`, path: "hooks[0].handler.prompt"}}},
		{"server and tool missing", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "mcp_tool"}}]}`,
			[]want{{code: CodeHandlerFieldMiss, at: `{"type"`, path: "hooks[0].handler.server"}, {code: CodeHandlerFieldMiss, at: `{"type"`, path: "hooks[0].handler.tool"}}},
		{"timeout string", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": "10"}}]}`,
			[]want{{code: CodeWrongType, at: `"10"`, path: "hooks[0].handler.timeout"}}},
		{"timeout negative", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": -1}}]}`,
			[]want{{code: CodeTimeoutNegative, at: "-1", path: "hooks[0].handler.timeout"}}},
		{"timeout overflows float64", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": 1e400}}]}`,
			[]want{{code: CodeWrongType, at: "1e400", path: "hooks[0].handler.timeout"}}},
		// QA: too small for a float64, it read as 0, the tool's default.
		{"timeout underflows float64, negative", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": -1e-400}}]}`,
			[]want{{code: CodeTimeoutNegative, at: "-1e-400", path: "hooks[0].handler.timeout"}}},
		{"timeout zero written with an exponent", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": 0e10}}]}`, nil},
		// Negative however large: the negative-timeout error, not the range one.
		{"timeout overflows float64, negative", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": -1e400}}]}`,
			[]want{{code: CodeTimeoutNegative, at: "-1e400", path: "hooks[0].handler.timeout"}}},
		{"timeout longer than MaxTimeout", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": 1e308}}]}`,
			[]want{{code: CodeWrongType, at: "1e308", path: "hooks[0].handler.timeout"}}},
		{"timeout just past MaxTimeout", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": 1000000000.001}}]}`,
			[]want{{code: CodeWrongType, at: "1000000000.001", path: "hooks[0].handler.timeout"}}},
		{"timeout at MaxTimeout", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": 1e9}}]}`, []want{{code: CodeTimeoutUnit, at: "1e9", path: "hooks[0].handler.timeout"}}},
		{"timeout in milliseconds", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": 30000}}]}`, []want{{code: CodeTimeoutUnit, at: "30000", path: "hooks[0].handler.timeout"}}},
		{"timeout of 999 seconds", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout": 999}}]}`, nil},
		{"yaml timeout longer than MaxTimeout", "m.yaml", "spec: hooks/1.0\nhooks:\n  - event: e\n    handler:\n      type: command\n      command: x\n      timeout: 1.0e+12\n",
			[]want{{code: CodeWrongType, at: "1.0e+12", path: "hooks[0].handler.timeout"}}},
		{"env value not string", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "env": {"A": 1}}}]}`,
			[]want{{code: CodeWrongType, at: "1}", path: "hooks[0].handler.env.A"}}},
		{"timeout_action bad", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "timeout_action": "deny"}}]}`,
			[]want{{code: CodeTimeoutAction, at: `"deny"`, path: "hooks[0].handler.timeout_action"}}},
		{"platform key bad", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "platform": {"macos": "y"}}}]}`,
			[]want{{code: CodePlatformKey, at: `"macos"`, path: "hooks[0].handler.platform.macos"}}},
		{"blocking string", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "blocking": "yes", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeWrongType, at: `"yes"`, path: "hooks[0].blocking"}}},
		{"pattern invalid", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "matcher": {"pattern": "(?!Bash)"}, "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodePatternInvalid, at: `"(?!Bash)"`, path: "hooks[0].matcher.pattern"}}},
		{"mcp without server", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "matcher": {"mcp": {"tool": "t"}}, "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeMCPNoServer, at: `{"tool"`, path: "hooks[0].matcher.mcp.server"}}},
		{"empty array matcher", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "matcher": [], "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeMatcherEmpty, at: "[]", path: "hooks[0].matcher"}}},
		{"matcher object without kind", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "matcher": {}, "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeMatcherShape, at: "{}", path: "hooks[0].matcher"}}},
		{"nested array matcher", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "matcher": [["shell"]], "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeMatcherShape, at: `["shell"]`, path: "hooks[0].matcher[0]"}}},
		{"matcher number", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "matcher": 1, "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeWrongType, at: "1,", path: "hooks[0].matcher"}}},
		{"degradation strategy bad", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "degradation": {"input_rewrite": "ignore"}, "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeDegradationValue, at: `"ignore"`, path: "hooks[0].degradation.input_rewrite"}}},
		{"unknown field with suggestion", "m.json", `{"spec": "hooks/1.0", "hooks": [{"evnet": "e", "event": "e", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeUnknownField, at: `"evnet"`, path: "hooks[0].evnet"}}},
		// QA F13: "_" annotations inside platform and degradation too.
		{"comment in platform", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "platform": {"_comment": "z", "linux": "y"}}}]}`, nil},
		{"comment in degradation", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "degradation": {"_comment": "z"}, "handler": {"type": "command", "command": "x"}}]}`, nil},
		{"comment keys are fine", "m.json", `{"$schema": "x", "_comment": "hi", "spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x"}}]}`, nil},
		{"field of another handler type", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x", "url": "http://x"}}]}`,
			[]want{{code: CodeFieldIgnored, at: `"url"`, path: "hooks[0].handler.url"}}},
		{"duplicate key", "m.json", `{"spec": "hooks/1.0", "spec": "hooks/1.0", "hooks": [{"event": "e", "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeDuplicateKey, at: `"spec": "hooks/1.0", "hooks"`, path: "spec"}}},
		{"provider_data not object", "m.json", `{"spec": "hooks/1.0", "hooks": [{"event": "e", "provider_data": {"cursor": 1}, "handler": {"type": "command", "command": "x"}}]}`,
			[]want{{code: CodeWrongType, at: "1}", path: "hooks[0].provider_data.cursor"}}},
		{"yaml type error", "m.yaml", "spec: hooks/1.0\nhooks:\n  - event: e\n    handler:\n      type: command\n      command: x\n      timeout: ten\n",
			[]want{{code: CodeWrongType, at: "ten", path: "hooks[0].handler.timeout"}}},
		{"many problems in one run", "m.json", "{\"spec\": \"hooks/1.0\", \"hooks\": [\n {\"handler\": {\"type\": \"command\"}},\n {\"event\": \"e\", \"handler\": {\"type\": \"http\", \"timeout\": -2}}\n]}",
			[]want{{code: CodeEventMissing, at: `{"handler"`, path: "hooks[0].event"}, {code: CodeHandlerFieldMiss, at: `{"type": "command"`, path: "hooks[0].handler.command"},
				{code: CodeTimeoutNegative, at: "-2", path: "hooks[1].handler.timeout"}, {code: CodeHandlerFieldMiss, at: `{"type": "http"`, path: "hooks[1].handler.url"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ds := Parse(tt.file, []byte(tt.src))
			var ws []string
			for _, w := range tt.want {
				line, col := w.pos(tt.src)
				ws = append(ws, show(w.code, line, col, w.path))
			}
			if g := got(ds); strings.Join(g, "\n") != strings.Join(ws, "\n") {
				t.Errorf("diagnostics:\n got  %q\n want %q\n(%v)", g, ws, ds)
			}
			for _, d := range ds {
				if d.File != tt.file {
					t.Errorf("diagnostic %v has file %q, want %q", d, d.File, tt.file)
				}
				if d.Hint == "" && d.Severity == diag.Error {
					t.Errorf("error %v has no hint", d)
				}
			}
		})
	}
}

func TestParseTooLarge(t *testing.T) {
	big := make([]byte, MaxFileSize+1)
	_, ds := Parse("big.json", big)
	if len(ds) != 1 || ds[0].Code != CodeTooLarge {
		t.Fatalf("got %v, want one %s", ds, CodeTooLarge)
	}
}

func TestParseModel(t *testing.T) {
	src := `{
  "spec": "hooks/1.0",
  "hooks": [{
    "name": "guard",
    "event": "before_tool_execute",
    "matcher": ["shell", {"pattern": "^Bash$"}, {"mcp": {"server": "github", "tool": "create_issue"}}, {"mcp": {"server": "fs"}}],
    "handler": {"type": "command", "command": "./g.sh", "platform": {"darwin": "./g-mac.sh", "windows": "g.ps1"},
                "cwd": "sub", "env": {"A": "1"}, "timeout": 2.5, "timeout_action": "block", "async": true, "status_message": "checking"},
    "blocking": true,
    "degradation": {"input_rewrite": "block"},
    "provider_data": {"cursor": {"loop_limit": 3, "b": [1, {"c": null}]}},
    "capabilities": ["structured_output"]
  }, {
    "event": "after_tool_execute", "matcher": "*",
    "handler": {"type": "http", "url": "http://x", "headers": {"H": "v"}, "allowed_env_vars": ["T"]}
  }, {
    "event": "agent_stop", "handler": {"type": "mcp_tool", "server": "s", "tool": "t", "input": {"a": "${x}"}}
  }]
}`
	m, ds := Parse("m.json", []byte(src))
	if len(ds) != 0 {
		t.Fatalf("unexpected diagnostics: %v", ds)
	}
	h := m.Hooks[0]
	wantMatcher := AnyOf{ToolName("shell"), Pattern{"^Bash$"}, MCP{"github", "create_issue"}, MCP{Server: "fs"}}
	if fmt.Sprint(h.Matcher) != fmt.Sprint(wantMatcher) {
		t.Errorf("matcher = %#v", h.Matcher)
	}
	if h.Handler.Platform["osx"] != "./g-mac.sh" || h.Handler.Platform["windows"] != "g.ps1" {
		t.Errorf("platform = %v (darwin must read as osx)", h.Handler.Platform)
	}
	if h.Handler.Timeout != 2.5 || h.Handler.TimeoutAction != "block" || !h.Handler.Async || !h.Blocking {
		t.Errorf("handler = %+v", h.Handler)
	}
	if string(h.ProviderData["cursor"]) != `{"loop_limit":3,"b":[1,{"c":null}]}` {
		t.Errorf("provider_data = %s", h.ProviderData["cursor"])
	}
	if m.Hooks[1].Matcher != nil {
		t.Errorf(`"*" must mean all tools (nil), got %#v`, m.Hooks[1].Matcher)
	}
	if string(m.Hooks[2].Handler.Input) != `{"a":"${x}"}` {
		t.Errorf("input = %s", m.Hooks[2].Handler.Input)
	}
	if p := h.PosOf("handler.timeout"); p.Line != 8 {
		t.Errorf("PosOf(handler.timeout) = %+v, want line 8", p)
	}
}

// TestPatternHint: an invalid pattern's hint names what RE2 refused, not
// always the Perl features it lacks.
func TestPatternHint(t *testing.T) {
	tests := map[string]string{
		"[a-":    "close the character class",
		"a(":     "balance the parentheses",
		"(?=x)":  "no lookaround",
		"*a":     "needs something before it",
		`\q`:     `write \\ for a literal backslash`,
		`(a)\1`:  "no backreferences",
		"(?<=x)": "no lookaround",
		"a++":    "no possessive quantifiers",
		"a**":    "cannot follow another",
	}
	for re, want := range tests {
		_, err := regexp.Compile(re)
		if got := patternHint(err); !strings.Contains(got, want) {
			t.Errorf("patternHint(%q) = %q, want it to say %q", re, got, want)
		}
	}
}

func TestSpacedNameHint(t *testing.T) {
	tests := map[string]string{
		" Bash":       `write "Bash"`,
		"file write":  `write "file_write", or a list of names: ["file", "write"]`,
		"Bash(git *)": `for a regular expression write {"pattern": "..."}`,
	}
	for in, want := range tests {
		if got := spacedNameHint(in); got != want {
			t.Errorf("spacedNameHint(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestFixedSetHints: a field whose value is one of a fixed set, given a
// value of another type, gets a hint listing the set: "quote the value"
// would only lead to the next error.
func TestFixedSetHints(t *testing.T) {
	for _, tc := range []struct{ src, hint string }{
		{`{"spec": "hooks/1.0", "hooks": [{"event": 5, "handler": {"type": "command", "command": "a"}}]}`, `write an event name, e.g. "before_tool_execute" (hookconv events lists them)`},
		{`{"spec": "hooks/1.0", "hooks": [{"event": "session_start", "handler": {"type": 1, "command": "a"}}]}`, `use one of "command", "http", "prompt", "agent", "mcp_tool"`},
		{`{"spec": "hooks/1.0", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "a", "timeout_action": true}}]}`, `use one of "warn", "block"`},
		{`{"spec": "hooks/1.0", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "a"}, "degradation": {"custom_env": 1}}]}`, `use one of "exclude", "warn", "block"`},
		{`{"spec": "hooks/1.0", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": 7}}]}`, `quote the value: "7"`},
	} {
		_, ds := Parse("m.json", []byte(tc.src))
		if len(ds) == 0 || ds[0].Hint != tc.hint {
			t.Errorf("%s:\n got %v\nwant hint %q", tc.src, ds, tc.hint)
		}
	}
}

// TestParseMeantField: an unknown key that plainly means a field, though
// more than one edit from it, is a warning with the field as its hint
// (QA: "block" and "is_blocking" were infos, and --strict passed a guard
// that no longer blocked); a key of another meaning stays an info.
func TestParseMeantField(t *testing.T) {
	tests := []struct {
		name, hook string
		severity   diag.Severity
		hint       string
	}{
		{"block", `{"event": "before_tool_execute", "block": true, "handler": {"type": "command", "command": "x"}}`, diag.Warning, `did you mean "blocking"?`},
		{"blocks", `{"event": "before_tool_execute", "blocks": true, "handler": {"type": "command", "command": "x"}}`, diag.Warning, `did you mean "blocking"?`},
		{"is_blocking", `{"event": "before_tool_execute", "is_blocking": true, "handler": {"type": "command", "command": "x"}}`, diag.Warning, `did you mean "blocking"?`},
		{"blocked", `{"event": "before_tool_execute", "blocked": true, "handler": {"type": "command", "command": "x"}}`, diag.Warning, `did you mean "blocking"?`},
		{"blocker", `{"event": "before_tool_execute", "blocker": true, "handler": {"type": "command", "command": "x"}}`, diag.Warning, `did you mean "blocking"?`},
		{"shouldBlock", `{"event": "before_tool_execute", "shouldBlock": true, "handler": {"type": "command", "command": "x"}}`, diag.Warning, `did you mean "blocking"?`},
		{"timeoutAction", `{"event": "before_tool_execute", "handler": {"type": "command", "command": "x", "timeoutAction": "block"}}`, diag.Warning, `did you mean "timeout_action"?`},
		{"Status-Message", `{"event": "before_tool_execute", "handler": {"type": "command", "command": "x", "Status-Message": "m"}}`, diag.Warning, `did you mean "status_message"?`},
		{"blocklist", `{"event": "before_tool_execute", "blocklist": ["rm"], "handler": {"type": "command", "command": "x"}}`, diag.Info, "remove it if it is a mistake"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ds := Parse("m.json", []byte(`{"spec": "hooks/1.0", "hooks": [`+tt.hook+`]}`))
			if len(ds) != 1 || ds[0].Code != CodeUnknownField || ds[0].Severity != tt.severity || ds[0].Hint != tt.hint {
				t.Errorf("got %v, want one %s %s hinting %q", ds, tt.severity, CodeUnknownField, tt.hint)
			}
		})
	}
}

// TestParseMisplacedField: a field of the hook written in its handler, or
// of the handler written in the hook, is ignored there (spec §1) and
// warned about with what ignoring it does: "blocking": true in the
// handler leaves a guard that blocks nothing (QA: it was an info, which
// --strict let pass). An annotation no level defines stays an info.
func TestParseMisplacedField(t *testing.T) {
	tests := []struct {
		name, hook string
		severity   diag.Severity
		says       string
	}{
		{"blocking in the handler", `{"event": "before_tool_execute", "handler": {"type": "command", "command": "x", "blocking": true}}`,
			diag.Warning, `"blocking" belongs in the hook (beside "handler"), not in hooks[0].handler: ignored here, unless the hook says it too, it is not blocking`},
		{"matcher in the handler", `{"event": "before_tool_execute", "handler": {"type": "command", "command": "x", "matcher": "shell"}}`,
			diag.Warning, "unless the hook says it too, it fires for every tool"},
		{"timeout in the hook", `{"event": "before_tool_execute", "timeout": 5, "handler": {"type": "command", "command": "x"}}`,
			diag.Warning, `"timeout" belongs in the handler, not in hooks[0]: ignored here, unless the handler says it too, the hook gets the tool's default timeout`},
		{"command in the hook", `{"event": "before_tool_execute", "command": "y", "handler": {"type": "command", "command": "x"}}`,
			diag.Warning, `"command" belongs in the handler`},
		{"an annotation", `{"event": "before_tool_execute", "x-team": "sec", "handler": {"type": "command", "command": "x"}}`,
			diag.Info, `unknown field "x-team" in hooks[0] is ignored`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ds := Parse("m.json", []byte(`{"spec": "hooks/1.0", "hooks": [`+tt.hook+`]}`))
			if len(ds) != 1 || ds[0].Code != CodeUnknownField || ds[0].Severity != tt.severity || !strings.Contains(ds[0].Message, tt.says) {
				t.Errorf("got %v, want one %s %s saying %q", ds, tt.severity, CodeUnknownField, tt.says)
			}
		})
	}
}
