package hookrun

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/vocab"
)

// TestGeneratedTablesMatchTOML keeps tables_gen.go equal to
// data/contracts.toml: run `go generate ./hookrun` after editing the TOML.
func TestGeneratedTablesMatchTOML(t *testing.T) {
	fromTOML, err := Load(os.DirFS(".").(vocab.FS))
	if err != nil {
		t.Fatal(err)
	}
	gen := Default()
	if !reflect.DeepEqual(fromTOML.Contracts, gen.Contracts) || !reflect.DeepEqual(fromTOML.Aliases, gen.Aliases) || !reflect.DeepEqual(fromTOML.Rules, gen.Rules) {
		t.Fatal("tables_gen.go is out of date with data/contracts.toml: run go generate ./hookrun")
	}
	if _, err := Load(Data()); err != nil {
		t.Fatalf("embedded table: %v", err)
	}
}

// TestTablesValid checks the contract table against itself and the
// vocabulary, so a typo cannot silently disable a rule.
func TestTablesValid(t *testing.T) {
	tb := Default()
	names := vocab.Default()
	for _, slug := range names.Slugs() {
		if _, ok := tb.Contract(slug); !ok && slug != "canonical" {
			t.Errorf("provider %s has no runtime contract", slug)
		}
	}
	seen := map[string]bool{}
	for _, c := range tb.Contracts {
		if seen[c.Slug] {
			t.Errorf("contract %s listed twice", c.Slug)
		}
		seen[c.Slug] = true
		if _, ok := names.Provider(c.Slug); !ok {
			t.Errorf("contract %s: not a vocab provider", c.Slug)
		}
		if len(c.Event) == 0 {
			t.Errorf("contract %s: no event path", c.Slug)
		}
		for _, p := range c.ToolNamesFrom {
			if _, ok := names.Provider(p); !ok {
				t.Errorf("contract %s: tool_names_from unknown provider %q", c.Slug, p)
			}
		}
		// Each client's place is one the contract reads, in a line of the
		// documented form.
		if len(c.Clients()) != len(c.ClientPlaces) {
			t.Errorf("contract %s: client_places %q: want \"client: tool-path tool-input-path\" lines", c.Slug, c.ClientPlaces)
		}
		for _, cl := range c.Clients() {
			if !slices.Contains(c.Tool, cl.Tool) || !slices.Contains(c.ToolInput, cl.ToolInput) {
				t.Errorf("contract %s: client_places %s: %s or %s is not in tool or tool_input", c.Slug, cl.Client, cl.Tool, cl.ToolInput)
			}
		}
		for _, line := range c.FailsClosedJSON {
			ev, path, ok := strings.Cut(line, ": ")
			if _, known := names.Event(ev); !ok || !known || path == "" || strings.Contains(path, " ") {
				t.Errorf("contract %s: fails_closed_json %q: want \"event: path\" with a canonical event", c.Slug, line)
			}
		}
		for _, what := range []string{WhatDeny, WhatError} {
			if _, ok := tb.Rule(c.Slug, what, EventRef{}); !ok {
				t.Errorf("contract %s: no %s rule for every event", c.Slug, what)
			}
		}
	}
	for _, a := range tb.Aliases {
		if !seen[a.Provider] {
			t.Errorf("alias %s/%s: no contract", a.Provider, a.Name)
		}
		if _, ok := names.Event(a.Event); !ok {
			t.Errorf("alias %s/%s: unknown canonical event %q", a.Provider, a.Name, a.Event)
		}
		if rows := names.DecodeEvent(a.Provider, a.Name); len(rows) > 0 {
			t.Errorf("alias %s/%s: the vocabulary has it already", a.Provider, a.Name)
		}
	}
	vars := []string{"$reason", "$context", "$updated_input", "$system_message", "$native_event", "$event", "$error"}
	for _, r := range tb.Rules {
		where := r.Provider + "/" + r.What
		if !seen[r.Provider] {
			t.Errorf("rule %s: no contract", where)
		}
		if !slices.Contains(whats, r.What) {
			t.Errorf("rule %s: unknown what %q", where, r.What)
		}
		if r.Exit != 0 && !slices.Contains([]string{WhatDeny, WhatAsk, WhatAllow, WhatError}, r.What) {
			t.Errorf("rule %s: only decisions and errors set an exit code", where)
		}
		if len(r.Set) > 0 && r.Stdout != "" {
			t.Errorf("rule %s: both JSON fields and plain stdout", where)
		}
		for _, e := range r.Events {
			if _, ok := tb.ResolveEvent(r.Provider, e); !ok {
				t.Errorf("rule %s: %q is neither a canonical nor a %s event", where, e, r.Provider)
			}
		}
		for _, line := range r.Set {
			as, err := parseSet(line)
			if err != nil {
				t.Errorf("rule %s: %v", where, err)
				continue
			}
			if strings.HasPrefix(as.value, "$") {
				if !slices.Contains(vars, as.value) {
					t.Errorf("rule %s: unknown variable %s", where, as.value)
				}
			} else if !json.Valid([]byte(as.value)) {
				t.Errorf("rule %s: %q is not a JSON literal", where, as.value)
			}
		}
		for _, tmpl := range []string{r.Stdout, r.Stderr} {
			for _, f := range strings.Fields(tmpl) {
				if i := strings.IndexByte(f, '$'); i >= 0 && !slices.Contains(vars, strings.TrimRight(f[i:], ".,:;)")) {
					t.Errorf("rule %s: unknown variable in %q", where, tmpl)
				}
			}
		}
	}
	// A provider's plain-text and JSON answers would collide on stdout.
	for slug := range seen {
		var text, obj bool
		for _, r := range tb.Rules {
			if r.Provider == slug {
				text = text || r.Stdout != ""
				obj = obj || len(r.Set) > 0
			}
		}
		if text && obj {
			t.Errorf("provider %s answers both in JSON and in plain text", slug)
		}
	}
}

func TestResolveEvent(t *testing.T) {
	tb := Default()
	for _, tc := range []struct {
		provider, name string
		want           EventRef
		known          bool
	}{
		{"claude-code", "PreToolUse", EventRef{"before_tool_execute", "PreToolUse"}, true},
		{"claude-code", "before_tool_execute", EventRef{"before_tool_execute", "PreToolUse"}, true},
		{"copilot-cli", "preToolUse", EventRef{"before_tool_execute", "preToolUse"}, true},
		{"copilot-cli", "PreToolUse", EventRef{"before_tool_execute", "PreToolUse"}, true}, // alias
		{"cline", "tool_call", EventRef{"before_tool_execute", "tool_call"}, true},         // alias
		{"cursor", "beforeShellExecution", EventRef{"before_tool_execute", "beforeShellExecution"}, true},
		{"copilot-cli", "errorOccurred", EventRef{"error_occurred", "errorOccurred"}, true}, // lossy: the row that is not an alias
		{"windsurf", "session_start", EventRef{"session_start", ""}, true},                  // canonical without a native name
		{"claude-code", "Nope", EventRef{"", "Nope"}, false},
	} {
		got, known := tb.ResolveEvent(tc.provider, tc.name)
		if got != tc.want || known != tc.known {
			t.Errorf("ResolveEvent(%s, %s) = %+v, %v; want %+v, %v", tc.provider, tc.name, got, known, tc.want, tc.known)
		}
	}
}

// TestPlainContext: where each tool adds a hook's plain-text stdout to the
// context, from the plain_context column (Claude Code, Codex) or a
// context rule that prints $context (Kiro, the Kiro CLI agent).
func TestPlainContext(t *testing.T) {
	tests := []struct {
		provider, event string
		want            bool
	}{
		{"claude-code", "session_start", true},
		{"claude-code", "before_prompt", true},
		{"claude-code", "before_tool_execute", false},
		{"codex", "subagent_start", true},
		{"gemini-cli", "session_start", false}, // JSON only
		{"kiro-agent", "session_start", true},  // rule: stdout = "$context"
		{"kiro-agent", "before_tool_execute", false},
		{"kiro", "before_tool_execute", true}, // its rule has no events: every event
		{"cline", "before_prompt", false},     // contextModification is JSON
		{"no-such-tool", "session_start", false},
	}
	for _, tt := range tests {
		if got := Default().PlainContext(tt.provider, tt.event); got != tt.want {
			t.Errorf("PlainContext(%s, %s) = %v, want %v", tt.provider, tt.event, got, tt.want)
		}
	}
}

// TestCanonicalPayload: what the pipeline says of the shim's contract is
// what hookconv run does — its input keeps the tool's name and input at
// the contract's paths, and its deny JSON is read as a deny.
func TestCanonicalPayload(t *testing.T) {
	in := Input{Event: "before_tool_execute", Tool: "shell", NativeTool: "Bash", ToolInput: json.RawMessage(`{"command":"ls"}`)}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(in.Encode(), &got); err != nil {
		t.Fatal(err)
	}
	if string(got[CanonicalPayload.Tool[0]]) != `"shell"` || string(got[CanonicalPayload.ToolInput[0]]) != `{"command":"ls"}` {
		t.Errorf("the canonical input %s does not keep the tool at %q and its input at %q", in.Encode(), CanonicalPayload.Tool[0], CanonicalPayload.ToolInput[0])
	}
	// The common fields too, where HC419 says a script reading another
	// tool's spelling of them finds nothing.
	full := Input{Event: "before_prompt", SessionID: "s", Cwd: "/p", ToolResponse: json.RawMessage(`"r"`), Prompt: "hi", TranscriptPath: "/t"}
	got = nil
	if err := json.Unmarshal(full.Encode(), &got); err != nil {
		t.Fatal(err)
	}
	for field, want := range map[string]string{"event": `"before_prompt"`, "session_id": `"s"`, "cwd": `"/p"`, "tool_response": `"r"`, "prompt": `"hi"`, "transcript_path": `"/t"`} {
		paths, ok := CanonicalPayload.Paths(field)
		if !ok || len(paths) != 1 || string(got[paths[0]]) != want {
			t.Errorf("the canonical input %s does not keep %s at %v", full.Encode(), field, paths)
		}
	}
	for _, form := range CanonicalPayload.DenyJSON {
		path, value, _ := strings.Cut(form, " = ")
		answer := fmt.Sprintf(`{%q: %s}`, path, value)
		o, err := parseOutput([]byte(answer))
		if err != nil || o.Decision != DecisionDeny {
			t.Errorf("%s is read as %+v, %v; want a deny", answer, o, err)
		}
	}
}

// TestRulesIndex: the rules index keeps runs of the table as they are and
// gives a key found in two runs a list of its own, both as the rules
// filtered one by one would be.
func TestRulesIndex(t *testing.T) {
	interleaved := []Rule{{Provider: "a", What: "deny", Exit: 2}, {Provider: "a", What: "deny", Exit: 3},
		{Provider: "b", What: "deny"}, {Provider: "a", What: "deny", Exit: 4}, {Provider: "a", What: "allow"}}
	for _, tb := range []*Tables{Default(), index(&Tables{Rules: interleaved})} {
		for _, r := range tb.Rules {
			var want []Rule
			for _, o := range tb.Rules {
				if o.Provider == r.Provider && o.What == r.What {
					want = append(want, o)
				}
			}
			got := tb.rules[ruleKey(r)]
			if !reflect.DeepEqual(got, want) {
				t.Errorf("rules of %s %s = %v, want %v", r.Provider, r.What, got, want)
			}
			if cap(got) != len(got) {
				t.Errorf("rules of %s %s have spare room: an append would write into the table", r.Provider, r.What)
			}
		}
	}
	if got := index(&Tables{Rules: interleaved}).rules[[2]string{"a", "deny"}]; len(got) != 3 || got[2].Exit != 4 || interleaved[2].Provider != "b" {
		t.Errorf("a key in two runs: %v, table now %v", got, interleaved)
	}
}
