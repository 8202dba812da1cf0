package vocab

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestTablesConsistent checks the embedded tables against each other: every
// row names a known provider, event or tool, and no native name is claimed
// twice unless the table says the mapping is lossy.
func TestTablesConsistent(t *testing.T) {
	tb := Default()
	if len(tb.Events) == 0 || len(tb.Tools) == 0 || len(tb.Providers) == 0 {
		t.Fatal("empty tables")
	}
	seen := map[string]bool{}
	for _, e := range tb.Events {
		if seen[e.Name] {
			t.Errorf("event %s listed twice", e.Name)
		}
		seen[e.Name] = true
		if !slices.Contains([]string{TierCore, TierExtended, TierExclusive}, e.Tier) {
			t.Errorf("event %s: bad tier %q", e.Name, e.Tier)
		}
		if !slices.Contains([]string{TimingBefore, TimingAfter, TimingNone}, e.Timing) {
			t.Errorf("event %s: bad timing %q", e.Name, e.Timing)
		}
		if e.Subject != "" && e.Subject != "tool" {
			t.Errorf("event %s: bad subject %q", e.Name, e.Subject)
		}
		if e.Summary == "" {
			t.Errorf("event %s: no summary", e.Name)
		}
	}
	core := 0
	for _, e := range tb.Events {
		if e.Tier == TierCore {
			core++
		}
	}
	if core != 6 {
		t.Errorf("spec §8 has six core events, table has %d", core)
	}
	for _, p := range tb.Providers {
		if !slices.Contains([]string{"s", "ms", ""}, p.TimeoutUnit) {
			t.Errorf("provider %s: bad timeout_unit %q", p.Slug, p.TimeoutUnit)
		}
		if len(p.Paths) == 0 {
			t.Errorf("provider %s: no paths", p.Slug)
		}
		for _, r := range p.AlsoReads {
			if _, ok := tb.Provider(r); !ok {
				t.Errorf("provider %s: also_reads unknown provider %q", p.Slug, r)
			}
		}
		// Most tools name server and tool; Cursor names only the tool (MCP:<tool>).
		if p.MCP != "" && !strings.Contains(p.MCP, "{tool}") {
			t.Errorf("provider %s: mcp spelling %q lacks {tool}", p.Slug, p.MCP)
		}
		if p.MCPServer != "" && !strings.Contains(p.MCPServer, "{server}") {
			t.Errorf("provider %s: mcp_server spelling %q lacks {server}", p.Slug, p.MCPServer)
		}
		if p.Slug != "canonical" && len(tb.EventsOf(p.Slug)) == 0 {
			t.Errorf("provider %s has no native events", p.Slug)
		}
		// hook_vars: NAME[=holds][@Event|Event…], each event the tool's own.
		for _, entry := range p.HookVars {
			entry, natives, some := strings.Cut(entry, "@")
			name, holds, _ := strings.Cut(entry, "=")
			if !envName.MatchString(name) {
				t.Errorf("provider %s: hook_vars %q: not a variable name", p.Slug, name)
			}
			if !slices.Contains([]string{"", HoldsEnv, "session_id", "cwd", "prompt", "transcript_path"}, holds) {
				t.Errorf("provider %s: hook_vars %s holds %q, which no hint knows", p.Slug, name, holds)
			}
			if name == p.ProjectDirVar || slices.Contains(p.AlsoSets, name) {
				t.Errorf("provider %s: hook_vars %s is its project_dir_var or also_sets already", p.Slug, name)
			}
			for _, native := range strings.Split(natives, "|") {
				if some && len(tb.DecodeEvent(p.Slug, native)) == 0 {
					t.Errorf("provider %s: hook_vars %s: %q is none of its events", p.Slug, name, native)
				}
			}
		}
		if p.EnvAnswer != "" && len(tb.DecodeEvent(p.Slug, p.EnvAnswer)) == 0 {
			t.Errorf("provider %s: env_answer %q is none of its events", p.Slug, p.EnvAnswer)
		}
	}

	type key struct{ provider, name string }
	claims := map[key][]NativeEvent{}
	writers := map[key]int{} // (provider, canonical event) → rows that encode it
	for _, n := range tb.NativeEvents {
		if _, ok := tb.Provider(n.Provider); !ok {
			t.Errorf("native event %s: unknown provider %q", n.Name, n.Provider)
		}
		ev, ok := tb.Event(n.Event)
		if !ok {
			t.Errorf("native event %s/%s: unknown canonical event %q", n.Provider, n.Name, n.Event)
		}
		if !slices.Contains([]string{MatchTool, MatchValue, MatchExact, MatchText, MatchNone}, n.Matcher) {
			t.Errorf("native event %s/%s: bad matcher kind %q", n.Provider, n.Name, n.Matcher)
		}
		for _, tool := range n.Tools {
			if _, ok := tb.Tool(tool); !ok {
				t.Errorf("native event %s/%s: unknown tool %q", n.Provider, n.Name, tool)
			}
		}
		if len(n.Tools) > 0 && ev.Subject != "tool" {
			t.Errorf("native event %s/%s: tools listed on non-tool event %s", n.Provider, n.Name, n.Event)
		}
		claims[key{n.Provider, n.Name}] = append(claims[key{n.Provider, n.Name}], n)
		if !n.Alias && len(n.Tools) == 0 {
			writers[key{n.Provider, n.Event}]++
		}
	}
	for k, rows := range claims {
		events := map[string]bool{}
		for _, r := range rows {
			events[r.Event] = true
		}
		for _, r := range rows {
			if r.Lossy && r.LossyNote == "" {
				t.Errorf("%s: lossy row %q for %s has no lossy_note (what it fires for beyond %s, for HC354)", k.provider, k.name, r.Event, r.Event)
			}
		}
		if len(events) < 2 {
			continue
		}
		for _, r := range rows {
			if !r.Lossy {
				t.Errorf("%s: native event %q maps to %d canonical events but row for %s is not marked lossy",
					k.provider, k.name, len(events), r.Event)
			}
		}
	}
	for k, n := range writers {
		if n > 1 {
			t.Errorf("%s: canonical event %s has %d native rows to write; mark all but one alias", k.provider, k.name, n)
		}
	}

	toolClaims := map[key]string{}
	toolWriters := map[key]int{}
	for _, n := range tb.NativeTools {
		if _, ok := tb.Provider(n.Provider); !ok {
			t.Errorf("native tool %s: unknown provider %q", n.Name, n.Provider)
		}
		if _, ok := tb.Tool(n.Tool); !ok {
			t.Errorf("native tool %s/%s: unknown canonical tool %q", n.Provider, n.Name, n.Tool)
		}
		k := key{n.Provider, n.Name}
		if !n.WriteOnly {
			if prev, dup := toolClaims[k]; dup {
				t.Errorf("%s: native tool %q read as both %s and %s; mark one write_only", n.Provider, n.Name, prev, n.Tool)
			}
			toolClaims[k] = n.Tool
		}
		if !n.Alias && n.WriteOnly {
			toolWriters[key{n.Provider, n.Tool}]++
		}
	}
	for _, n := range tb.NativeTools {
		if n.WriteOnly {
			if _, ok := toolClaims[key{n.Provider, n.Name}]; !ok {
				t.Errorf("%s: write_only row %s/%s names a tool no row reads back", n.Provider, n.Tool, n.Name)
			}
		}
	}
	// A matcher names every written row of a tool, so a write_only row
	// beside others (OpenCode's write and apply_patch for file_write)
	// reads back as more than the tool written: a guard on writes comes
	// back a guard on edits too. That is the price of a guard that fires
	// for every tool doing the job; the row must at least be a tool the
	// provider writes for its own canonical name.
	for k, n := range toolWriters {
		if n == 0 {
			continue
		}
		for _, row := range tb.EncodeTools(k.provider, k.name) {
			writesItself := func(r NativeTool) bool { return r.Name == row.Name }
			if claimed, ok := toolClaims[key{k.provider, row.Name}]; ok && claimed != k.name && !slices.ContainsFunc(tb.EncodeTools(k.provider, claimed), writesItself) {
				t.Errorf("%s: %s is written for %s but not for %s, which it reads back as", k.provider, row.Name, k.name, claimed)
			}
		}
	}
}

// TestGeneratedTablesMatchTOML: the compiled tables (tables_gen.go) are
// exactly the TOML source. After editing data/*.toml, run go generate ./...
func TestGeneratedTablesMatchTOML(t *testing.T) {
	fromTOML, err := Load(Data())
	if err != nil {
		t.Fatal(err)
	}
	gen := Default()
	for _, c := range []struct {
		name      string
		toml, gen any
	}{
		{"events", fromTOML.Events, gen.Events},
		{"native events", fromTOML.NativeEvents, gen.NativeEvents},
		{"tools", fromTOML.Tools, gen.Tools},
		{"native tools", fromTOML.NativeTools, gen.NativeTools},
		{"providers", fromTOML.Providers, gen.Providers},
	} {
		if !reflect.DeepEqual(c.toml, c.gen) {
			t.Errorf("%s: tables_gen.go differs from data/*.toml; run `go generate ./...`", c.name)
		}
	}
}

// TestDecodeTools: a native tool that does several canonical jobs reads
// as all of them, the one it reads back as first.
func TestDecodeTools(t *testing.T) {
	tb := Default()
	for _, tt := range []struct {
		provider, native string
		want             []string
	}{
		{"cursor", "Write", []string{"file_write", "file_edit"}},
		{"codex", "apply_patch", []string{"file_edit", "file_write"}},
		// Edit and Write are Codex's aliases of apply_patch: they do what it does.
		{"codex", "Write", []string{"file_edit", "file_write"}},
		{"codex", "Edit", []string{"file_edit", "file_write"}},
		{"claude-code", "MultiEdit", []string{"file_edit"}},
		// Kiro's write category covers edits too.
		{"kiro", "write", []string{"file_write", "file_edit"}},
		{"kiro-agent", "fs_write", []string{"file_write", "file_edit"}},
		{"claude-code", "Edit", []string{"file_edit"}},
		{"claude-code", "Nope", nil},
	} {
		if got := tb.DecodeTools(tt.provider, tt.native); !slices.Equal(got, tt.want) {
			t.Errorf("DecodeTools(%s, %s) = %v, want %v", tt.provider, tt.native, got, tt.want)
		}
	}
}

// TestEncodeTools: a canonical tool is written as every native tool the
// provider runs for it, primary first; read-only spellings are not
// written, and EncodeTool gives the primary alone.
// TestNamesHolding: where every matcher is a regex found anywhere in a
// tool's name (Gemini CLI), a plain name selects the tools whose names
// hold it, at the ends its anchors say; nowhere else, and never for a
// tool's own name or an MCP spelling.
func TestNamesHolding(t *testing.T) {
	for _, tc := range []struct {
		provider, alt string
		want          []string
	}{
		{"gemini-cli", "shell", []string{"run_shell_command"}},
		{"gemini-cli", "read", []string{"read_file", "read_many_files"}},
		{"gemini-cli", "^read", []string{"read_file", "read_many_files"}},
		{"gemini-cli", "file$", []string{"read_file", "write_file"}},
		{"gemini-cli", "many_files$", []string{"read_many_files"}},
		{"gemini-cli", "^file", nil},
		{"gemini-cli", "^shell$", nil},    // exact: no tool of that name
		{"gemini-cli", "read_file", nil},  // a tool's own name is that tool
		{"gemini-cli", "mcp_github", nil}, // about MCP tools
		{"gemini-cli", "Shell", nil},      // case-sensitive
		{"gemini-cli", "shell.*", nil},    // more than a name
		{"claude-code", "Shell", nil},     // plain names are exact there
		{"codex", "patch", nil},
	} {
		if got := Default().NamesHolding(tc.provider, tc.alt); !slices.Equal(got, tc.want) {
			t.Errorf("NamesHolding(%s, %q) = %q, want %q", tc.provider, tc.alt, got, tc.want)
		}
	}
}

func TestEncodeTools(t *testing.T) {
	tb := Default()
	for _, tt := range []struct {
		provider, tool string
		want           []string
	}{
		{"claude-code", "shell", []string{"Bash", "PowerShell"}},
		{"claude-code", "agent", []string{"Agent"}}, // Task is the old name: read only
		{"copilot-cli", "shell", []string{"bash", "powershell"}},
		{"copilot-cli", "file_edit", []string{"edit", "str_replace_editor", "apply_patch"}},
		{"factory-droid", "file_edit", []string{"Edit", "ApplyPatch"}},
		{"factory-droid", "shell", []string{"Execute"}}, // Bash is Claude's spelling: read only
		{"codex", "file_write", []string{"apply_patch"}},
		{"gemini-cli", "file_read", []string{"read_file", "read_many_files"}},
		{"claude-code", "list_dir", nil},
		// Kiro CLI 3.x's tools in Kiro's v1 files are 2.x's (QA q4 F4).
		{"kiro", "search", []string{"grep"}},
		{"kiro", "agent", []string{"use_subagent", "delegate"}},
		// OpenCode's older releases' multiedit edits too (QA q4 F5).
		{"opencode", "file_edit", []string{"edit", "apply_patch", "multiedit"}},
	} {
		var got []string
		for _, n := range tb.EncodeTools(tt.provider, tt.tool) {
			got = append(got, n.Name)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("EncodeTools(%s, %s) = %v, want %v", tt.provider, tt.tool, got, tt.want)
		}
		primary, ok := tb.EncodeTool(tt.provider, tt.tool)
		if ok != (len(tt.want) > 0) || ok && primary.Name != tt.want[0] {
			t.Errorf("EncodeTool(%s, %s) = %q, %v; want the first of %v", tt.provider, tt.tool, primary.Name, ok, tt.want)
		}
	}
}

// TestRowsOf: each provider's indexed rows are exactly its rows of the
// tables, in table order, and a caller appending to them cannot change
// what the next caller gets.
func TestRowsOf(t *testing.T) {
	tb := Default()
	for _, p := range tb.Providers {
		var events []NativeEvent
		for _, n := range tb.NativeEvents {
			if n.Provider == p.Slug {
				events = append(events, n)
			}
		}
		var tools []NativeTool
		for _, n := range tb.NativeTools {
			if n.Provider == p.Slug {
				tools = append(tools, n)
			}
		}
		if got := tb.EventsOf(p.Slug); !reflect.DeepEqual(got, events) {
			t.Errorf("EventsOf(%s) = %d rows, want the table's %d in order", p.Slug, len(got), len(events))
		}
		if got := tb.ToolsOf(p.Slug); !reflect.DeepEqual(got, tools) {
			t.Errorf("ToolsOf(%s) = %d rows, want the table's %d in order", p.Slug, len(got), len(tools))
		}
		if len(events) > 0 {
			grown := append(tb.EventsOf(p.Slug), NativeEvent{Name: "Extra"})
			grown[0].Name = "Changed" // a copy: append had no spare room
			if again := tb.EventsOf(p.Slug); len(again) != len(events) || again[0].Name != events[0].Name {
				t.Errorf("EventsOf(%s) changed after a caller appended to it", p.Slug)
			}
		}
	}
	if got := tb.EventsOf("no-such-tool"); len(got) != 0 {
		t.Errorf("EventsOf(unknown) = %v, want none", got)
	}
}

// TestLookupsAsRows compares each provider's lookups with their
// definition, the table's rows filtered one by one: the index shares
// arrays between them, which must not change what they hold.
func TestLookupsAsRows(t *testing.T) {
	tb := Default()
	for _, p := range tb.Providers {
		encode, decode, versioned := map[string][]NativeEvent{}, map[string][]NativeEvent{}, map[string][]NativeEvent{}
		for _, n := range tb.NativeEvents {
			if n.Provider == p.Slug {
				if !n.Alias {
					encode[n.Event] = append(encode[n.Event], n)
				}
				if n.Versioned {
					versioned[n.Name] = append(versioned[n.Name], n)
				} else {
					decode[n.Name] = append(decode[n.Name], n)
				}
			}
		}
		for name, want := range versioned {
			if got := tb.DecodeVersionedEvent(p.Slug, name); !reflect.DeepEqual(got, want) {
				t.Errorf("DecodeVersionedEvent(%s, %s) = %v, want %v", p.Slug, name, got, want)
			}
			if got := tb.DecodeEvent(p.Slug, name); len(got) != 0 {
				t.Errorf("DecodeEvent(%s, %s) = %v, want none: a versioned row is not the tool's own name", p.Slug, name, got)
			}
		}
		for ev, want := range encode {
			if got := tb.EncodeEvent(p.Slug, ev); !reflect.DeepEqual(got, want) {
				t.Errorf("EncodeEvent(%s, %s) = %v, want %v", p.Slug, ev, got, want)
			}
		}
		for name, want := range decode {
			if got := tb.DecodeEvent(p.Slug, name); !reflect.DeepEqual(got, want) {
				t.Errorf("DecodeEvent(%s, %s) = %v, want %v", p.Slug, name, got, want)
			}
		}
		tools, decodeTool := map[string][]NativeTool{}, map[string]NativeTool{}
		for _, n := range tb.NativeTools {
			if n.Provider == p.Slug {
				if !n.Alias {
					tools[n.Tool] = append(tools[n.Tool], n)
				}
				if _, dup := decodeTool[n.Name]; !dup && !n.WriteOnly {
					decodeTool[n.Name] = n
				}
			}
		}
		for tool, want := range tools {
			if got := tb.EncodeTools(p.Slug, tool); !reflect.DeepEqual(got, want) {
				t.Errorf("EncodeTools(%s, %s) = %v, want %v", p.Slug, tool, got, want)
			}
			if got := tb.EncodeTools(p.Slug, tool); len(got) > 0 && cap(got) != len(got) {
				t.Errorf("EncodeTools(%s, %s) has spare room: a caller's append would write into another list", p.Slug, tool)
			}
		}
		for name, want := range decodeTool {
			if got, ok := tb.DecodeTool(p.Slug, name); !ok || !reflect.DeepEqual(got, want) {
				t.Errorf("DecodeTool(%s, %s) = %v, want %v", p.Slug, name, got, want)
			}
		}
	}
}

// TestRowsOfApart: rows of a provider that do not stand together are
// copied, in order; together they are the table's own, clipped.
func TestRowsOfApart(t *testing.T) {
	rows := []NativeEvent{{Provider: "a", Name: "1"}, {Provider: "b", Name: "2"}, {Provider: "a", Name: "3"}, {Provider: "b", Name: "4"}}
	of := func(n NativeEvent) string { return n.Provider }
	if got := rowsOf(rows, "a", of); len(got) != 2 || got[0].Name != "1" || got[1].Name != "3" {
		t.Errorf("rowsOf(a) = %v", got)
	}
	together := []NativeEvent{{Provider: "b"}, {Provider: "a", Name: "1"}, {Provider: "a", Name: "2"}, {Provider: "c"}}
	got := rowsOf(together, "a", of)
	if len(got) != 2 || &got[0] != &together[1] || cap(got) != 2 {
		t.Errorf("rowsOf(a) of rows together = %v (cap %d), want the table's own two, clipped", got, cap(got))
	}
	if got := rowsOf(rows, "z", of); got != nil {
		t.Errorf("rowsOf(z) = %v, want nil", got)
	}
}

// TestFiresFor checks the fires_for column: only events that take no
// matcher have one, and each value is spelled as some other tool's value
// matcher on the same event spells it, or a hook from there would be
// given a matcher no tool compares with.
func TestFiresFor(t *testing.T) {
	tb := Default()
	rows := 0
	for _, r := range tb.NativeEvents {
		if len(r.FiresFor) == 0 {
			continue
		}
		rows++
		if r.Matcher != MatchNone {
			t.Errorf("%s %s: fires_for on an event whose matcher is %q, not none", r.Provider, r.Name, r.Matcher)
		}
		for _, v := range r.FiresFor {
			found := false
			for _, o := range tb.NativeEvents {
				if o.Event == r.Event && o.Provider != r.Provider && slices.Contains(o.Values, v) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s %s: fires_for value %q is no other tool's value on %s", r.Provider, r.Name, v, r.Event)
			}
		}
	}
	if rows == 0 {
		t.Error("no row has fires_for: Gemini CLI's Notification should")
	}
}

// TestToolInput checks the tools' documented argument names: each is
// said once per native tool, on a row the tool runs under that name (not
// an alias, not a write-only row), with no name twice or empty; and a
// tool's name finds them, whichever canonical job it is asked for.
func TestToolInput(t *testing.T) {
	tb := Default()
	said := map[[2]string]bool{}
	for _, n := range tb.NativeTools {
		if len(n.Input) == 0 {
			continue
		}
		k := [2]string{n.Provider, n.Name}
		if said[k] {
			t.Errorf("%s/%s: input written on two rows", n.Provider, n.Name)
		}
		said[k] = true
		if n.Alias || n.WriteOnly {
			t.Errorf("%s/%s: input on an alias or write-only row", n.Provider, n.Name)
		}
		seen := map[string]bool{}
		for _, f := range n.Input {
			if f == "" || seen[f] {
				t.Errorf("%s/%s: input %q empty or repeated", n.Provider, n.Name, f)
			}
			seen[f] = true
		}
		for _, f := range n.InputOwn {
			if !seen[f] {
				t.Errorf("%s/%s: input_own %q is not in input", n.Provider, n.Name, f)
			}
		}
		if n.InputNote != "" && len(n.Input) == 0 {
			t.Errorf("%s/%s: input_note without input", n.Provider, n.Name)
		}
	}
	for _, tt := range []struct {
		provider, native string
		want             []string
	}{
		{"codex", "apply_patch", []string{"command"}},
		{"claude-code", "Write", []string{"file_path", "content"}},
		// fs_write's command is a sub-command (input_own): not compared.
		{"kiro-agent", "fs_write", []string{"path", "file_text", "old_str", "new_str", "insert_line", "summary"}},
		{"claude-code", "PowerShell", nil}, // undocumented: unknown, not argument-less
		{"claude-code", "Nope", nil},
	} {
		if got := tb.ToolInput(tt.provider, tt.native); !slices.Equal(got, tt.want) {
			t.Errorf("ToolInput(%s, %s) = %v, want %v", tt.provider, tt.native, got, tt.want)
		}
	}
	if tb.ToolInputNote("codex", "apply_patch") == "" || tb.ToolInputNote("claude-code", "Write") != "" {
		t.Errorf("ToolInputNote: apply_patch's patch is noted, Write's file_path is not")
	}
}

// TestNoteOn checks that a note about command hooks is not said for
// another handler type.
func TestNoteOn(t *testing.T) {
	for _, tt := range []struct {
		row     NativeEvent
		command bool
		want    string
	}{
		{NativeEvent{Note: "n"}, false, "n"},
		{NativeEvent{Note: "n", NoteCommands: true}, true, "n"},
		{NativeEvent{Note: "n", NoteCommands: true}, false, ""},
	} {
		if got := tt.row.NoteOn(tt.command); got != tt.want {
			t.Errorf("%+v.NoteOn(%v) = %q, want %q", tt.row, tt.command, got, tt.want)
		}
	}
}

// TestGroupedBy: runs stay the rows' own, rows apart are gathered in
// order, rows the key leaves out are in no list, and no list has room an
// append would write into.
func TestGroupedBy(t *testing.T) {
	rows := []NativeEvent{{Name: "a", Event: "x"}, {Name: "b", Event: "x"}, {Name: "c", Event: "y"}, {Name: "d", Event: "x", Alias: true}, {Name: "e", Event: "x"}}
	got := groupedBy(rows, func(n NativeEvent) (string, bool) { return n.Event, !n.Alias })
	names := func(l []NativeEvent) (out []string) {
		for _, n := range l {
			out = append(out, n.Name)
		}
		return out
	}
	if x := names(got["x"]); !slices.Equal(x, []string{"a", "b", "e"}) {
		t.Errorf(`group x = %v, want a b e`, x)
	}
	if y := got["y"]; len(y) != 1 || &y[0] != &rows[2] {
		t.Errorf("group y = %v, want the row itself", y)
	}
	for k, l := range got {
		if cap(l) != len(l) {
			t.Errorf("group %s has spare room", k)
		}
	}
	if len(got) != 2 {
		t.Errorf("%d groups, want 2", len(got))
	}
}

// envName is a variable name as the tables write it.
var envName = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`)

// TestHookVars reads hook_vars entries: a name alone is set on every
// event, @ names the tool's own events (read as canonical), = what the
// variable holds; SetsHookVar counts the project directory's variables
// too.
func TestHookVars(t *testing.T) {
	tb := Default()
	got := tb.HookVars("claude-code")
	i := slices.IndexFunc(got, func(v HookVar) bool { return v.Name == "CLAUDE_ENV_FILE" })
	if i < 0 {
		t.Fatalf("claude-code's hook_vars lack CLAUDE_ENV_FILE: %+v", got)
	}
	if env := got[i]; env.Holds != HoldsEnv || !reflect.DeepEqual(env.Events, []string{"session_start", "setup", "cwd_changed", "file_changed"}) {
		t.Errorf("CLAUDE_ENV_FILE = %+v", env)
	}
	for _, tt := range []struct {
		provider, name, event string
		want                  bool
	}{
		{"claude-code", "CLAUDE_ENV_FILE", "session_start", true},
		{"claude-code", "CLAUDE_ENV_FILE", "before_tool_execute", false},
		{"claude-code", "CLAUDE_CODE_SESSION_ID", "before_tool_execute", true},
		{"claude-code", "CLAUDE_PROJECT_DIR", "agent_stop", true},  // project_dir_var
		{"gemini-cli", "CLAUDE_PROJECT_DIR", "agent_stop", true},   // also_sets
		{"gemini-cli", "GEMINI_SESSION_ID", "before_prompt", true}, // hook_vars
		{"gemini-cli", "CLAUDE_CODE_SESSION_ID", "before_prompt", false},
		{"kiro-agent", "USER_PROMPT", "before_prompt", true},
		{"kiro-agent", "USER_PROMPT", "before_tool_execute", false},
		{"codex", "GEMINI_CWD", "session_start", false},
		{"no-such-tool", "X", "session_start", false},
	} {
		if got := tb.SetsHookVar(tt.provider, tt.name, tt.event); got != tt.want {
			t.Errorf("SetsHookVar(%s, %s, %s) = %v, want %v", tt.provider, tt.name, tt.event, got, tt.want)
		}
	}
	if v := (HookVar{Events: []string{}}); v.On("session_start") {
		t.Error("a variable set on no event is set on session_start")
	}
}

// TestHandlerTimeout: each handler type's default, from the providers
// table (reference part 1 §1.6, part 2 §1.6, §7.4); an agent hook where
// only a prompt's is known gets the prompt's (QA q2 F4).
func TestHandlerTimeout(t *testing.T) {
	for _, tc := range []struct {
		slug, typ string
		want      int
	}{
		{"claude-code", "command", 600},
		{"claude-code", "http", 600},
		{"claude-code", "mcp_tool", 600},
		{"claude-code", "prompt", 30},
		{"claude-code", "agent", 60},
		{"copilot-cli", "http", 30},
		{"qwen-code", "command", 60},
		{"qwen-code", "http", 600},
		{"qwen-code", "agent", 30},
		{"gemini-cli", "http", 0},
		{"claude-code", "unknown", 0},
	} {
		p, ok := Default().Provider(tc.slug)
		if !ok {
			t.Fatalf("no provider %s", tc.slug)
		}
		if got := p.HandlerTimeout(tc.typ); got != tc.want {
			t.Errorf("%s %s: got %d, want %d", tc.slug, tc.typ, got, tc.want)
		}
	}
}
