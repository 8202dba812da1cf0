package hookconv

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/providers/providertest"
	"github.com/hookconv/hookconv/vocab"
)

func TestMembersByName(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{}`, ``},
		{`{"b": 1, "a": 2}`, `a=2 b=1`},
		{`{"a": 1, "b": 2, "a": 3}`, `a=3 b=2`}, // the last of a name wins
		{`{"$group": {}, "if": "x", "$matcher": "Bash"}`, `$group={} $matcher="Bash" if="x"`},
	} {
		n, err := node.ParseJSON([]byte(tc.src), node.JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		before := string(node.AppendCompact(nil, n))
		var got []string
		for _, f := range membersByName(n) {
			got = append(got, f.Key+"="+string(node.AppendCompact(nil, f.Value)))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: %q, want %q", tc.src, strings.Join(got, " "), tc.want)
		}
		if after := string(node.AppendCompact(nil, n)); after != before {
			t.Errorf("%s: the object itself was changed to %s", tc.src, after)
		}
	}
}

func TestListedNames(t *testing.T) {
	for _, tc := range []struct {
		re   string
		want string // names joined by " ", or "-" for "not a list"
	}{
		{"Bash", "Bash"},
		{"write_file|replace", "write_file replace"},
		{"^(Bash|Write)$", "Bash Write"},
		{"(Bash)", "Bash"},
		{"!0000", "!0000"},
		{"^0$|^1$", "0 1"},
		{`^fs\.read$|^mcp__x__y$`, "fs.read mcp__x__y"},
		{`^a\|b$`, "-"}, // an escaped "|" is split by the list reader: left a pattern
		{"Bash.*", "-"},
		{"^a$|b", "-"},
		{`^a\$`, "-"},
		{"^$", "-"},
		{"^a.b$", "-"},
	} {
		names, ok := listedNames(tc.re)
		got := strings.Join(names, " ")
		if !ok {
			got = "-"
		}
		if got != tc.want {
			t.Errorf("listedNames(%q) = %q, want %q", tc.re, got, tc.want)
		}
	}
}

// TestDecodeNativeMatchers: a tool's matcher decodes to the canonical
// matcher that selects what the tool does, and one a manifest can hold.
func TestDecodeNativeMatchers(t *testing.T) {
	nestedSrc := func(event string) func(string) string {
		return func(m string) string {
			return `{"hooks":{"` + event + `":[{"matcher":` + strconv.Quote(m) + `,"hooks":[{"type":"command","command":"x"}]}]}}`
		}
	}
	copilot := func(m string) string {
		return `{"version":1,"hooks":{"preToolUse":[{"type":"command","matcher":` + strconv.Quote(m) + `,"bash":"x"}]}}`
	}
	files := map[string]struct {
		path string
		src  func(string) string
	}{
		"claude-code":   {".claude/settings.json", nestedSrc("PreToolUse")},
		"codex":         {".codex/hooks.json", nestedSrc("PreToolUse")},
		"factory-droid": {".factory/settings.json", nestedSrc("PreToolUse")},
		"qwen-code":     {".qwen/settings.json", nestedSrc("PreToolUse")},
		"gemini-cli":    {".gemini/settings.json", nestedSrc("BeforeTool")},
		"copilot-cli":   {".github/hooks/hooks.json", copilot},
	}
	for _, tc := range []struct {
		slug, native string
		want         string // the canonical matcher's JSON
	}{
		// A list of only separators names only the empty name: no tool.
		{"claude-code", "|", `{"pattern":"^$"}`},
		{"claude-code", " , | ", `{"pattern":"^$"}`},
		{"codex", "||", `{"pattern":"^$"}`},
		{"factory-droid", "|", `{"pattern":"^$"}`},
		{"qwen-code", ",", `{"pattern":"^$"}`},
		{"copilot-cli", "|", `{"pattern":"^$"}`},
		{"claude-code", "Bash|", `"shell"`}, // the empty name adds nothing
		// Copilot CLI splits on nothing but "|": one name no tool has.
		{"copilot-cli", "bash,edit", `{"pattern":"^bash,edit$"}`},
		{"copilot-cli", "bash | edit", `{"pattern":"^(bash | edit)$"}`},
		{"copilot-cli", "Read File V2|view|", `{"pattern":"^(Read File V2|view)$"}`},
		{"copilot-cli", "( | )", `{"pattern":"^( | )$"}`}, // as written for a pattern " | "
		{"copilot-cli", "()", `{"pattern":"^$"}`},
		// The MCP prefix and any rest is every MCP tool.
		{"claude-code", "mcp__.*", `{"mcp":{"server":"*"}}`},
		{"claude-code", "^mcp__.*", `{"mcp":{"server":"*"}}`},
		{"codex", "mcp__.+", `{"mcp":{"server":"*"}}`},
		{"factory-droid", "mcp__.*|Execute", `[{"mcp":{"server":"*"}},"shell"]`},
		{"gemini-cli", "mcp_.*", `{"mcp":{"server":"*"}}`},
		{"gemini-cli", "^mcp_.*$", `{"mcp":{"server":"*"}}`},
		{"claude-code", "mcp_.*", `{"pattern":"mcp_.*"}`},   // not Claude's spelling: left as written
		{"claude-code", "mcp__", `{"pattern":"^(mcp__)$"}`}, // an exact name, of no tool (HC702)
		// Another tool's spelling of every MCP tool stays a pattern.
		{"claude-code", "MCP:.*", `{"pattern":"MCP:.*"}`},
	} {
		t.Run(tc.slug+" "+tc.native, func(t *testing.T) {
			f := files[tc.slug]
			p, _ := providers.Get(tc.slug)
			m, got := providertest.DecodedMatcher(t, p, f.path, f.src(tc.native))
			if got != tc.want {
				t.Errorf("canonical matcher %s, want %s", got, tc.want)
			}
			if _, ds := canonical.Parse("hooks.json", canonical.Marshal(m)); ds.HasErrors() {
				t.Errorf("the manifest does not hold it: %v", ds)
			}
		})
	}
}

// TestMatcherKey: verify keys a pattern as the target's decoder reads it,
// so that a pattern passed on unchanged is found as planned.
func TestMatcherKey(t *testing.T) {
	names := vocab.Default()
	for _, tc := range []struct {
		slug string
		m    canonical.Matcher
		want string
	}{
		{"cursor", canonical.Pattern{Regex: "MCP:.*"}, "mcp:*"}, // Cursor's own spelling of every MCP tool
		{"cursor", canonical.Pattern{Regex: "MCP:.+"}, "re:MCP:.+"},
		{"claude-code", canonical.Pattern{Regex: "MCP:.*"}, "tool:MCP:"}, // found anywhere: MCP:.* and MCP: alike
		{"claude-code", canonical.Pattern{Regex: "mcp__.*"}, "mcp:*"},
		{"gemini-cli", canonical.Pattern{Regex: "mcp_.*"}, "mcp:*"},
		{"gemini-cli", canonical.Pattern{Regex: "mcp__.*"}, "tool:mcp__"}, // not Gemini CLI's prefix
		{"claude-code", canonical.Pattern{Regex: "^$"}, "re:^$"},
		{"cursor", canonical.Pattern{Regex: "(^0000 )"}, "tool:0000 "},    // grouped for its end's space, as "^0000 " is keyed
		{"claude-code", canonical.Pattern{Regex: "(^Bash)"}, "tool:Bash"}, // read as the name, as Claude Code's decoder does
		{"claude-code", canonical.MCP{Server: canonical.AnyServer}, "mcp:*"},
		// Gemini CLI finds a name anywhere in a tool's name, and its
		// decoder reads one that no tool has as the tools holding it.
		{"gemini-cli", canonical.Pattern{Regex: "shell"}, "tool:run_shell_command"},
		{"gemini-cli", canonical.Pattern{Regex: "(shell|glob)"}, "tool:glob\x00tool:run_shell_command"},
		{"gemini-cli", canonical.Pattern{Regex: "^(shell)$"}, "tool:shell"}, // anchored: exact, and no tool's
		{"gemini-cli", canonical.Pattern{Regex: "^read"}, "tool:read_file"},
		{"claude-code", canonical.Pattern{Regex: "(Shell)"}, "tool:Shell"}, // not names_anywhere: read as the name, as its decoder does
		// Droid reads its Edit back as file_edit, which it also runs
		// ApplyPatch for, and that creates files: keyed as file_edit is.
		{"factory-droid", canonical.Pattern{Regex: "Edit"}, "tool:Create\x00tool:Edit"},
	} {
		prov, _ := names.Provider(tc.slug)
		if got := matcherKey(tc.m, &prov, names); got != tc.want {
			t.Errorf("%s: matcherKey(%s) = %q, want %q", tc.slug, canonical.MatcherText(tc.m), got, tc.want)
		}
	}
}

// TestVerify checks the verify stage both ways: what a tool reads the same
// as planned passes, and each kind of difference a buggy encoder could make
// is an internal error.
func TestVerify(t *testing.T) {
	const planned = `{"hooks": {
  "PreToolUse": [
    {"matcher": "Bash", "hooks": [
      {"type": "command", "command": "a", "timeout": 5},
      {"type": "command", "command": "b"}]},
    {"matcher": "Edit", "hooks": [{"type": "command", "command": "c"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "d"}]}]}}`
	claude, _ := providers.Get("claude-code")
	plan, ds := claude.Decode(providers.Files{".claude/settings.json": []byte(planned)})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	// written spells the output: Bash group, Edit group, Stop group.
	written := func(bash, edit, stop string) string {
		return `{"hooks": {"PreToolUse": [` + bash + `, ` + edit + `], "Stop": [` + stop + `]}}`
	}
	const (
		bash = `{"matcher": "Bash", "hooks": [{"type": "command", "command": "a", "timeout": 5}, {"type": "command", "command": "b"}]}`
		edit = `{"matcher": "Edit", "hooks": [{"type": "command", "command": "c"}]}`
		stop = `{"hooks": [{"type": "command", "command": "d"}]}`
	)
	notWritten := func(hook int) diag.List {
		var ds diag.List
		ds.Warnf(providers.CodeNotWritten, diag.Pos{}, fmt.Sprintf("hooks[%d]", hook), "", "not written")
		return ds
	}
	for _, tc := range []struct {
		name    string
		output  string
		encoded diag.List // what the encoder said
		ok      bool
	}{
		{"as planned", written(bash, edit, stop), nil, true},
		{"groups in another order", `{"hooks": {"Stop": [` + stop + `], "PreToolUse": [` + edit + `, ` + bash + `]}}`, nil, true},
		{"a group split in two", written(`{"matcher": "Bash", "hooks": [{"type": "command", "command": "a", "timeout": 5}]}, {"matcher": "Bash", "hooks": [{"type": "command", "command": "b"}]}`, edit, stop), nil, true},
		{"a hook written twice", written(`{"matcher": "Bash", "hooks": [{"type": "command", "command": "a", "timeout": 5}]}, `+bash, edit, stop), nil, true},
		{"a hook left out as the encoder said", `{"hooks": {"PreToolUse": [` + bash + `, ` + edit + `]}}`, notWritten(3), true},

		{"a hook left out silently", `{"hooks": {"PreToolUse": [` + bash + `, ` + edit + `]}}`, nil, false},
		{"a hook added", written(bash, edit, `{"hooks": [{"type": "command", "command": "d"}, {"type": "command", "command": "e"}]}`), nil, false},
		{"order changed in a group", written(`{"matcher": "Bash", "hooks": [{"type": "command", "command": "b"}, {"type": "command", "command": "a", "timeout": 5}]}`, edit, stop), nil, false},
		{"a timeout changed", written(`{"matcher": "Bash", "hooks": [{"type": "command", "command": "a", "timeout": 6}, {"type": "command", "command": "b"}]}`, edit, stop), nil, false},
		{"a command changed", written(bash, `{"matcher": "Edit", "hooks": [{"type": "command", "command": "c2"}]}`, stop), nil, false},
		{"a matcher widened", written(bash, `{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "c"}]}`, stop), nil, false},
		{"a hook under another event", `{"hooks": {"PreToolUse": [` + bash + `, ` + edit + `], "SubagentStop": [` + stop + `]}}`, nil, false},
		{"an async flag added", written(bash, `{"matcher": "Edit", "hooks": [{"type": "command", "command": "c", "async": true}]}`, stop), nil, false},
		// Verify keys a matcher once for a run of neighbours that share
		// it: the next one's own is keyed again.
		{"the second of two neighbours widened", written(`{"matcher": "Bash", "hooks": [{"type": "command", "command": "a", "timeout": 5}]}, {"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "b"}]}`, edit, stop), nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := providers.Files{".claude/settings.json": []byte(tc.output)}
			ds := verify(claude, plan, files, tc.encoded, "claude-code")
			failed := slices.ContainsFunc(ds, func(d diag.Diagnostic) bool { return d.Code == CodeVerify })
			if failed == tc.ok {
				t.Errorf("verify failed = %v, want %v:\n%v", failed, !tc.ok, ds)
			}
		})
	}
}

// TestVerifyFailureShown: verify's internal error names the written file
// and its diff prints (QA: it was "<input>", and matcherKey's NUL bytes
// between a matcher's tools, and a newline in a command, went to stderr
// and to --format github's annotations as they were).
func TestVerifyFailureShown(t *testing.T) {
	claude, _ := providers.Get("claude-code")
	plan, ds := claude.Decode(providers.Files{".claude/settings.json": []byte(
		`{"hooks": {"PreToolUse": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "a\nb"}, {"type": "command", "command": "c"}]}]}}`)})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files := providers.Files{".claude/settings.json": []byte(
		`{"hooks": {"PreToolUse": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "c"}, {"type": "command", "command": "a\nb"}]}]}}`)}
	ds = verify(claude, plan, files, nil, "claude-code")
	i := slices.IndexFunc(ds, func(d diag.Diagnostic) bool { return d.Code == CodeVerify })
	if i < 0 {
		t.Fatalf("verify passed a hook order changed: %v", ds)
	}
	d := ds[i]
	if d.File != ".claude/settings.json" {
		t.Errorf("file = %q, want the written file", d.File)
	}
	if strings.ContainsFunc(d.Message, func(r rune) bool { return r < 0x20 && r != '\n' }) || strings.Count(d.Message, "\n") != 5 {
		t.Errorf("the message holds control bytes, or a line break inside a hook's line:\n%q", d.Message)
	}
	for _, want := range []string{`Matcher:[tool:Edit tool:Write]`, `Run:"a\nb"`, `Run:c `} {
		if !strings.Contains(d.Message, want) {
			t.Errorf("the message lacks %s:\n%s", want, d.Message)
		}
	}
}

// TestVerifyTrimmedMatcher: a matcher the encoder said it trimmed (HC310)
// reads back as less than planned, and verify accepts that hook's group
// under any matcher; without that warning the same output is an error.
func TestVerifyTrimmedMatcher(t *testing.T) {
	claude, _ := providers.Get("claude-code")
	plan, ds := claude.Decode(providers.Files{".claude/settings.json": []byte(
		`{"hooks": {"PreToolUse": [{"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "a"}]}]}}`)})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files := providers.Files{".claude/settings.json": []byte(
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "a"}]}]}}`)}
	var trimmed diag.List
	trimmed.Warnf(nested.CodeLostMatcher, diag.Pos{}, "hooks[0].matcher", "", "Edit has no equivalent")
	for _, tc := range []struct {
		name    string
		encoded diag.List
		ok      bool
	}{
		{"announced", trimmed, true},
		{"silent", nil, false},
	} {
		ds := verify(claude, plan, files, tc.encoded, "claude-code")
		if failed := slices.ContainsFunc(ds, func(d diag.Diagnostic) bool { return d.Code == CodeVerify }); failed == tc.ok {
			t.Errorf("%s: verify failed = %v, want %v:\n%v", tc.name, failed, !tc.ok, ds)
		}
	}
}

// TestDroppedNames: a conversion notes once (HC423) when the target keeps
// none of the hooks' names, and says nothing when it keeps them or there
// were none.
func TestDroppedNames(t *testing.T) {
	const named = `{"spec": "hooks/1.0", "hooks": [
  {"name": "guard", "event": "before_tool_execute", "matcher": "shell", "handler": {"type": "command", "command": "./guard.sh"}},
  {"name": "audit", "event": "after_tool_execute", "handler": {"type": "command", "command": "./audit.sh"}},
  {"event": "session_start", "handler": {"type": "command", "command": "./hello.sh"}}
]}`
	const unnamed = `{"spec": "hooks/1.0", "hooks": [
  {"event": "before_tool_execute", "matcher": "shell", "handler": {"type": "command", "command": "./guard.sh"}}
]}`
	for _, tc := range []struct {
		src, to string
		want    string // the HC423 message, or "" for none
	}{
		{named, "claude-code", `Claude Code has no field for a hook's name: 2 named hook(s) are written without their names (the first: "guard")`},
		{named, "cursor", `Cursor has no field for a hook's name: 2 named hook(s) are written without their names (the first: "guard")`},
		{named, "gemini-cli", ""}, // Gemini's handlers have a name
		{named, "kiro", ""},       // so do Kiro's hooks
		{unnamed, "claude-code", ""},
	} {
		res := Convert("canonical", tc.to, providers.Files{"hooks.json": []byte(tc.src)}, nil)
		if res.Files == nil {
			t.Fatalf("%s: nothing written: %v", tc.to, res.Diagnostics)
		}
		var got []string
		for _, d := range res.Diagnostics {
			if d.Code == CodeNamesDropped {
				if d.Severity != diag.Info || d.File != "hooks.json" || d.Line != 2 {
					t.Errorf("%s: HC423 is %v at %s:%d, want an info on the first named hook (hooks.json:2)", tc.to, d.Severity, d.File, d.Line)
				}
				got = append(got, d.Message)
			}
		}
		want := []string{tc.want}
		if tc.want == "" {
			want = nil
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: HC423 %q, want %q", tc.to, got, want)
		}
	}
}

// TestNativeNamePatternVerifies: a pattern that is one of the target's own
// tool names ({"pattern": "Edit"} to Factory Droid, where Edit is read
// back as file_edit and keyed with ApplyPatch) is written and verified
// without an internal error; so are the RE2-only flags that the
// JavaScript rewrite drops, leaving such a name (QA: HC900 for both).
func TestNativeNamePatternVerifies(t *testing.T) {
	names := vocab.Default()
	manifest := func(pattern string) []byte {
		m, _ := json.Marshal(pattern)
		return []byte(`{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":{"pattern":` + string(m) +
			`},"handler":{"type":"command","command":"echo no >&2; exit 2"},"blocking":true}]}`)
	}
	codex := func(matcher string) []byte {
		m, _ := json.Marshal(matcher)
		return []byte(`{"hooks":{"PreToolUse":[{"matcher":` + string(m) + `,"hooks":[{"type":"command","command":"echo no >&2; exit 2"}]}]}}`)
	}
	type input struct {
		from, path string
		src        []byte
		to         string
	}
	var inputs []input
	for _, re := range []string{"(?s)Edit", "(?-i)Edit", "(?m)^Edit$", "(?s)Edit|Bash"} {
		inputs = append(inputs, input{"codex", ".codex/hooks.json", codex(re), "factory-droid"})
	}
	for _, to := range targets {
		for _, row := range names.ToolsOf(to) {
			if row.Event == "" {
				inputs = append(inputs, input{"canonical", "hooks.json", manifest(row.Name), to})
			}
		}
	}
	for _, in := range inputs {
		source := DecodeSource(in.from, providers.Files{in.path: in.src})
		if source.Diagnostics.HasErrors() {
			t.Fatalf("%s: %v", in.src, source.Diagnostics)
		}
		for _, d := range source.Convert(in.to, nil, Options{}).Diagnostics {
			if d.Code == CodeVerify {
				t.Errorf("%s → %s: %s\ninput: %s", in.from, in.to, d, in.src)
			}
		}
	}
}

// TestMovedPos: a position verify found in a written file is moved to
// where the same byte is in the file as read, the file merged into; one
// in what the merge wrote has none there.
func TestMovedPos(t *testing.T) {
	read := "{\n  \"hooks\": {},\n  \"theme\": \"x\",\n}\n"
	written := "{\n  \"hooks\": {\n    \"Stop\": []\n  },\n  \"theme\": \"x\",\n}\n"
	at := func(src string, line, col int) diag.Pos {
		off := 0
		for range line - 1 {
			off += strings.IndexByte(src[off:], '\n') + 1
		}
		return diag.Pos{Line: line, Column: col, Offset: off + col - 1}
	}
	for _, tc := range []struct {
		name          string
		written, read string
		pos, want     diag.Pos
	}{
		{"before the change", written, read, at(written, 2, 3), at(read, 2, 3)},
		{"the first line", written, read, diag.Pos{Line: 1, Column: 1}, diag.Pos{Line: 1, Column: 1}},
		{"after the change", written, read, at(written, 5, 15), at(read, 3, 15)},
		{"in what the merge wrote", written, read, at(written, 3, 5), diag.Pos{}},
		// The line starts in the change, the byte after it: the column is
		// counted in the file as read.
		{"a line begun in the change", "{\"a\": 1, \"b\": 2,}", "{\"a\": 10, \"b\": 2,}", at("{\"a\": 1, \"b\": 2,}", 1, 16), at("{\"a\": 10, \"b\": 2,}", 1, 17)},
		{"a line begun in the change, after a byte order mark", "\ufeff{\"a\": 1,}", "\ufeff{\"a\": 22,}", diag.Pos{Line: 1, Column: 8, Offset: 10}, diag.Pos{Line: 1, Column: 9, Offset: 11}},
		{"files alike", read, read, at(read, 3, 15), at(read, 3, 15)},
		{"an offset not on its line: left alone", written, read, diag.Pos{Line: 5, Column: 15}, diag.Pos{Line: 5, Column: 15}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := movedPos(tc.pos, []byte(tc.written), []byte(tc.read)); got != tc.want {
				t.Errorf("movedPos(%+v) = %+v, want %+v", tc.pos, got, tc.want)
			}
		})
	}
}

// TestMixedPatternsVerify: manifest patterns that mix canonical tool
// names, native names of every tool, case variants, anchors, groups and
// open ends, alone or beside a bare tool name, convert to every target
// without an internal error (HC900) and without losing a blocking hook
// unannounced: verify reads what each encoder writes as what was planned.
// The rows first are what QA found; the generated ones hunt the class.
func TestMixedPatternsVerify(t *testing.T) {
	regressions := []struct{ matcher, to string }{
		// Copilot CLI's full-match list reads back "^(?:shell|Bash)$",
		// which was split as "?:shell" and "Bash".
		{`{"pattern": "shell|Bash"}`, "copilot-cli"},
		{`{"pattern": "^(?:Bash|Edit)$"}`, "claude-code"},
		// A pattern of every name reads back as every tool.
		{`{"pattern": "^.*$"}`, "claude-code"},
		{`{"pattern": "^.*$"}`, "copilot-cli"},
		{`{"pattern": "^(.*)$"}`, "gemini-cli"},
		// A pattern beside a tool name is joined to it in one regex
		// ("^Bash$|^PowerShell$|(Bash|Edit)"), which reads back whole.
		{`["shell", {"pattern": "Bash|Edit"}]`, "claude-code"},
		{`["shell", {"pattern": "mcp__github__.*|mcp__gitlab__.*"}]`, "claude-code"},
		{`["shell", {"pattern": "a\\.b|c"}]`, "codex"},
		{`["shell", {"pattern": "(shell)"}]`, "copilot-cli"},
		{`["Bash", {"pattern": "^(?:e.*|Edit)$"}]`, "copilot-cli"},
		{`["file_edit", {"pattern": "(shell)"}]`, "kiro"},
		{`["file_edit", {"pattern": "Bash|Edit"}]`, "cursor"},
		// Flags a pattern sets reach the alternatives joined after it:
		// written in a group of their own.
		{`[{"pattern": "(?i)bash"}, "file_edit"]`, "codex"},
		{`[{"pattern": "(?i)bash|x"}, "shell"]`, "cursor"},
		{`[{"pattern": "(?i)bash"}, {"pattern": "Edit"}]`, "kiro"},
		{`["shell", {"pattern": "x|(?i)bash"}]`, "codex"},
	}
	matchers := make([]string, 0, 4096)
	want := map[string][]string{} // target → matchers that must verify there (nil key: every target)
	for _, r := range regressions {
		want[r.to] = append(want[r.to], r.matcher)
	}
	// Generated: atoms from every tool's names for two canonical tools,
	// paired with a few others in every way an author joins them.
	names := vocab.Default()
	atoms := []string{"shell", "file_edit", "bash", "BASH", "Shell", "(?i)bash", ".*", "e.*", "Ed.t", "^$", "mcp__github__.*", "MCP:.*"}
	for _, to := range targets {
		for _, tool := range []string{"shell", "file_edit"} {
			if row, ok := names.EncodeTool(to, tool); ok && row.Event == "" && !slices.Contains(atoms, row.Name) {
				atoms = append(atoms, row.Name)
			}
		}
	}
	quote := func(re string) string { q, _ := json.Marshal(re); return string(q) }
	for _, a := range atoms {
		for _, w := range []string{"%s", "^%s$", "^%s", "%s$", "%s.*", ".*%s", "(%s)", "^(?:%s)$"} {
			p := `{"pattern": ` + quote(fmt.Sprintf(w, a)) + `}`
			matchers = append(matchers, p, `[`+p+`, "file_edit"]`)
		}
		for _, b := range []string{"shell", "Bash", "e.*", "(?i)edit"} {
			for _, w := range []string{"%s|%s", "^(%s|%s)$", "^(?:%s|%s)$", ".*(?:%s|%s).*", "^%s$|^%s$", "^(?:%s)$|%s"} {
				matchers = append(matchers, `{"pattern": `+quote(fmt.Sprintf(w, a, b))+`}`)
			}
		}
	}
	for _, m := range slices.Clone(matchers) {
		if !strings.HasPrefix(m, "[") {
			matchers = append(matchers, `["shell", `+m+`]`)
		}
	}
	manifest := func(ms []string) []byte {
		var b strings.Builder
		b.WriteString(`{"spec": "hooks/1.0", "hooks": [`)
		for i, m := range ms {
			if i > 0 {
				b.WriteString(",\n")
			}
			fmt.Fprintf(&b, `{"event": "before_tool_execute", "matcher": %s, "blocking": true, "handler": {"type": "command", "command": "./guard%d.sh", "timeout": 10}}`, m, i)
		}
		b.WriteString("]}")
		return []byte(b.String())
	}
	// broken returns what breaks in converting ms to to: HC900, or a
	// blocking hook lost unannounced ("" when nothing does).
	broken := func(ms []string, to string) string {
		source := DecodeSource("canonical", providers.Files{"hooks.json": manifest(ms)})
		if source.Diagnostics.HasErrors() {
			return fmt.Sprint("the manifest does not read: ", source.Diagnostics)
		}
		res := source.Convert(to, nil, Options{})
		for _, d := range res.Diagnostics {
			if d.Code == CodeVerify {
				return d.Message
			}
		}
		if res.Files == nil {
			return fmt.Sprint("nothing written: ", res.Diagnostics)
		}
		if _, _, problems := blockingCheck(source, res, to); len(problems) > 0 {
			return problems[0]
		}
		return ""
	}
	for _, to := range targets {
		t.Run(to, func(t *testing.T) {
			t.Parallel()
			all := append(slices.Clone(want[to]), matchers...)
			// In batches: the blocking check compares each source hook
			// with every written one.
			for batch := range slices.Chunk(all, 128) {
				if broken(batch, to) == "" {
					continue
				}
				// Something broke: say which matchers, one by one.
				for _, m := range batch {
					if why := broken([]string{m}, to); why != "" {
						t.Errorf("%s → %s: %s", m, to, why)
					}
				}
			}
		})
	}
}

// TestNamesNoTool: HC402 says a list of plain names names none of the
// target's tools only when none selects one as the target reads what is
// written for it: found anywhere in a tool's name where the pattern is
// written so ("(Edi)" for Claude Code and Codex), whole where the target
// gets plain names unchanged and matches whole names (Copilot CLI), and
// without case where the target compares names so (QA: Cursor's "Edi"
// to Codex was said to name none of its tools).
func TestNamesNoTool(t *testing.T) {
	for _, tc := range []struct {
		m        canonical.Matcher
		from, to string
		names    []string // nil: some name may select a tool there
	}{
		{canonical.Pattern{Regex: "Edi"}, "cursor", "codex", nil},           // Edit, Codex's alias of apply_patch
		{canonical.Pattern{Regex: "Edi"}, "cursor", "claude-code", nil},     // Edit
		{canonical.Pattern{Regex: "apply"}, "cursor", "codex", nil},         // apply_patch
		{canonical.Pattern{Regex: "ash"}, "cursor", "codex", nil},           // Bash
		{canonical.Pattern{Regex: "ash|foo"}, "cursor", "claude-code", nil}, // Bash
		{canonical.Pattern{Regex: "ash"}, "cursor", "kiro", nil},            // execute_bash
		{canonical.Pattern{Regex: "apply"}, "cursor", "claude-code", []string{"apply"}},
		{canonical.Pattern{Regex: "edi"}, "cursor", "claude-code", []string{"edi"}}, // Claude compares with case
		{canonical.Pattern{Regex: "ash"}, "cursor", "gemini-cli", []string{"ash"}},
		{canonical.Pattern{Regex: "Edi"}, "cursor", "copilot-cli", []string{"Edi"}}, // written as is, matched whole
		{canonical.Pattern{Regex: "write_file|edit_file|replace"}, "gemini-cli", "claude-code", []string{"write_file", "edit_file", "replace"}},
		{canonical.Pattern{Regex: "shell|Bash"}, "canonical", "copilot-cli", []string{"shell", "Bash"}}, // not powershell, not bash
		{canonical.Pattern{Regex: "^(Bash|run_shell_command)$"}, "canonical", "opencode", []string{"Bash", "run_shell_command"}},
		{canonical.Pattern{Regex: "^(Bas)$"}, "canonical", "claude-code", []string{"Bas"}}, // anchored: no Bash
		{canonical.Pattern{Regex: "Ed.t"}, "cursor", "claude-code", nil},                   // more than names
		{canonical.AnyOf{canonical.Pattern{Regex: "apply"}, canonical.ToolName("shell")}, "cursor", "claude-code", nil},
	} {
		names, _ := namesNoTool(tc.m, tc.from, tc.to)
		if !slices.Equal(names, tc.names) {
			t.Errorf("namesNoTool(%s, %s, %s) = %q, want %q", canonical.MatcherText(tc.m), tc.from, tc.to, names, tc.names)
		}
	}
}

// TestNamesFound: a list of plain names none of which is a tool of the
// target's, which the target still finds in some of its tools' names,
// is said with the tools it selects there (their primary names: Codex's
// Edit is apply_patch) and what it selected in the source.
func TestNamesFound(t *testing.T) {
	for _, tc := range []struct {
		m            canonical.Matcher
		from, to     string
		fires, fired []string
		known        bool
	}{
		{canonical.Pattern{Regex: "Edi"}, "cursor", "codex", []string{"apply_patch"}, nil, true},
		{canonical.Pattern{Regex: "Edi"}, "cursor", "claude-code", []string{"Edit"}, nil, true}, // MultiEdit is Edit
		{canonical.Pattern{Regex: "ash|foo"}, "cursor", "codex", []string{"Bash"}, nil, true},
		{canonical.Pattern{Regex: "ad"}, "cursor", "gemini-cli", []string{"read_file", "read_many_files"}, []string{"Read"}, true},
		{canonical.Pattern{Regex: "Sh"}, "cursor", "claude-code", []string{"PowerShell"}, []string{"Shell"}, true},
		{canonical.Pattern{Regex: "ash"}, "canonical", "codex", []string{"Bash"}, nil, false},
		{canonical.Pattern{Regex: "^(shell)$"}, "canonical", "cursor", []string{"Shell"}, nil, false}, // Cursor: without case
		{canonical.Pattern{Regex: "apply"}, "cursor", "claude-code", nil, nil, false},                 // selects none: namesNoTool's
		{canonical.Pattern{Regex: "Bash|ash"}, "cursor", "codex", nil, nil, false},                    // names Codex's Bash
		{canonical.Pattern{Regex: "Edi"}, "cursor", "copilot-cli", nil, nil, false},
	} {
		_, fires, fired, known, _ := namesFound(tc.m, tc.from, tc.to)
		if !slices.Equal(fires, tc.fires) || !slices.Equal(fired, tc.fired) || known != tc.known {
			t.Errorf("namesFound(%s, %s, %s) = %q, %q, %v, want %q, %q, %v", canonical.MatcherText(tc.m), tc.from, tc.to, fires, fired, known, tc.fires, tc.fired, tc.known)
		}
	}
}

// TestPatternsNameNone: HC402 says a pattern matches none of the
// target's tools only when none of the names the tables know matches it,
// and never for a pattern in the target's own MCP spelling.
func TestPatternsNameNone(t *testing.T) {
	for _, tc := range []struct {
		m      canonical.Matcher
		to     string
		claude bool // written under Claude Code's event names (claudeNames)
		none   bool
	}{
		{canonical.Pattern{Regex: "^x.*$"}, "claude-code", false, true},
		{canonical.Pattern{Regex: "^fs_.*$"}, "claude-code", false, true},
		{canonical.Pattern{Regex: "^fs_.*$"}, "kiro-agent", false, false}, // fs_read
		{canonical.Pattern{Regex: "^e.*"}, "claude-code", false, true},    // Edit: names are compared as written
		{canonical.Pattern{Regex: "Edit.*"}, "copilot-cli", false, true},  // Copilot CLI's own are lowercase (edit) ...
		{canonical.Pattern{Regex: "Edit.*"}, "copilot-cli", true, false},  // ... but under PreToolUse Claude's name counts
		{canonical.Pattern{Regex: "edit"}, "copilot-cli", false, false},
		{canonical.Pattern{Regex: "^.*_.*$"}, "codex", false, false},   // apply_patch
		{canonical.Pattern{Regex: "mcp__fs.*"}, "codex", false, false}, // Codex's MCP spelling
		{canonical.AnyOf{canonical.Pattern{Regex: "^x$"}, canonical.Pattern{Regex: "^y$"}}, "claude-code", false, true},
		{canonical.AnyOf{canonical.Pattern{Regex: "^x$"}, canonical.ToolName("shell")}, "claude-code", false, false},
		{canonical.ToolName("shell"), "claude-code", false, false},
	} {
		if got := patternsNameNone(tc.m, tc.to, tc.claude); got != tc.none {
			t.Errorf("patternsNameNone(%s, %s, %v) = %v, want %v", canonical.MatcherText(tc.m), tc.to, tc.claude, got, tc.none)
		}
	}
}

// TestPutOffKeepsPlaces checks that the diagnostics of checks put off
// (run beside encoding) land where running them in turn would have put
// them, after the notes --shim drops are dropped and the later stages
// have said theirs. Each step of a case is a diagnostic said ("a"), a
// note --shim drops ("~"), or a check put off ("+" and what it says,
// comma-separated); the notes are dropped after the steps, and a later
// stage then says "d".
func TestPutOffKeepsPlaces(t *testing.T) {
	say := func(code string) diag.Diagnostic { return diag.Diagnostic{Code: code, Message: code} }
	structured := diag.Diagnostic{Code: capabilities.CodeCapabilityReduced, Path: "hooks[0].blocking", Message: "structured"}
	codes := func(ds diag.List) []string {
		var out []string
		for _, d := range ds {
			out = append(out, d.Code)
		}
		return out
	}
	cases := []struct {
		name  string
		steps []string
		want  []string
	}{
		{"notes apart", []string{"a", "~", "b", "+x1,x2", "~", "c", "+y", "+", "+z"}, []string{"a", "b", "x1", "x2", "c", "y", "z", "d"}},
		// QA: a run of notes moved a place back by half of them, past the
		// end of the list for ten guards to Kiro with --shim (a panic).
		{"notes in a row", []string{"a", "~", "~", "~", "~", "+x", "b", "~", "~", "+y"}, []string{"a", "x", "b", "y", "d"}},
		{"only notes", []string{"~", "~", "~", "+x", "~", "~", "+y"}, []string{"x", "y", "d"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var res Conversion
			for _, step := range c.steps {
				switch {
				case step == "~":
					res.Diagnostics = append(res.Diagnostics, structured)
				case strings.HasPrefix(step, "+"):
					var says diag.List
					for _, code := range strings.Split(step[1:], ",") {
						if code != "" {
							says = append(says, say(code))
						}
					}
					res.putOff(func(n *Conversion) { n.Diagnostics = append(n.Diagnostics, says...) })
				default:
					res.Diagnostics = append(res.Diagnostics, say(step))
				}
			}
			res.dropNotes(structuredNote)
			res.Diagnostics = append(res.Diagnostics, say("d")) // a later stage
			res.runPutOff()
			res.joinPutOff(false)
			if got := codes(res.Diagnostics); !slices.Equal(got, c.want) {
				t.Errorf("diagnostics %v, want %v", got, c.want)
			}
			if res.later != nil {
				t.Errorf("the checks put off are kept after joining: %d", len(res.later))
			}
		})
	}
}

// TestSameInEachGroup: verify's check that the written hooks are the
// planned ones, group by group, agrees with the diff it shows when they
// are not (diffProjections finds nothing exactly when it passes).
func TestSameInEachGroup(t *testing.T) {
	a := projection{Event: "before_tool_execute", Matcher: "tool:Bash", Type: "command", Run: "a"}
	b := projection{Event: "before_tool_execute", Matcher: "tool:Bash", Type: "command", Run: "b"}
	c := projection{Event: "before_tool_execute", Matcher: "tool:Edit", Type: "command", Run: "c"}
	d := projection{Event: "agent_stop", Matcher: "*", Type: "command", Run: "d"}
	for _, tc := range []struct {
		name       string
		want, have []projection
		same       bool
	}{
		{"equal", []projection{a, b, c, d}, []projection{a, b, c, d}, true},
		{"groups in another order", []projection{a, c, b, d}, []projection{d, c, a, b}, true},
		{"order changed in a group", []projection{a, b, c}, []projection{b, a, c}, false},
		{"a hook moved to another group", []projection{a, b, c}, []projection{a, c, c}, false},
		{"a group only written", []projection{a, b}, []projection{a, d}, false},
		{"a hook left out", []projection{a, b, c}, []projection{a, b}, false},
		{"none", nil, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := sameInEachGroup(tc.want, tc.have)
			diff, _ := diffProjections(byGroup(tc.want), byGroup(tc.have))
			if got != tc.same || got != (diff == "") {
				t.Errorf("sameInEachGroup = %v, want %v; diffProjections says:\n%s", got, tc.same, diff)
			}
		})
	}
}

// paddedAdapter is the canonical adapter writing each file with white
// space after it, up to past the size hookconv reads.
type paddedAdapter struct{ providers.Adapter }

func (a paddedAdapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	files, ds := a.Adapter.Encode(m, existing)
	for p, data := range files {
		files[p] = append(data, strings.Repeat(" ", canonical.MaxFileSize)...)
	}
	return files, ds
}

// An output larger than hookconv reads back is refused, said as that
// (HC102, with what to do), not as the internal error (HC900) verify's
// read-back would report (QA F9: a 41 MiB OpenCode plugin).
func TestEncodeTooLargeToReadBack(t *testing.T) {
	dst, _ := providers.Get("canonical")
	planned, ds := canonical.Parse("m.json", []byte(`{"spec": "hooks/1.0", "hooks": [{"event": "before_tool_execute", "matcher": "shell", "handler": {"type": "command", "command": "./g.sh"}}]}`))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var res Conversion
	res.encode(paddedAdapter{dst}, planned, nil, "canonical")
	if res.Files != nil {
		t.Errorf("files written: %v", res.Files.Paths())
	}
	var codes []string
	for _, d := range res.Diagnostics {
		codes = append(codes, d.Code)
		if d.Code == canonical.CodeTooLarge && (!strings.Contains(d.Message, "larger than the 32 MiB hookconv reads back") || !strings.Contains(d.Hint, "split the hooks")) {
			t.Errorf("HC102 says %q (hint %q)", d.Message, d.Hint)
		}
	}
	if !slices.Equal(codes, []string{canonical.CodeTooLarge}) {
		t.Errorf("codes %v, want just %s: %v", codes, canonical.CodeTooLarge, res.Diagnostics)
	}
}
