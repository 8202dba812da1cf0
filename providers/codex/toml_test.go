package codex

import (
	"bytes"
	"cmp"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

func TestWithoutHookTables(t *testing.T) {
	for _, tc := range []struct {
		name, src     string
		before, after string // joined lines; "|" marks no hook tables at all
	}{
		{"no hooks", "a = 1\n[t]\nb = 2\n", "a = 1\n[t]\nb = 2\n", "|"},
		{"trust state only", "[hooks.state.\"x\"]\nh = \"1\"\n", "[hooks.state.\"x\"]\nh = \"1\"\n", "|"},
		{
			"hooks between tables",
			"a = 1\n# about hooks\n[[hooks.Stop]]\n# old note\n[[hooks.Stop.hooks]]\ncommand = \"x\"\n\n# about t\n[t]\nb = 2\n",
			"a = 1\n# about hooks\n",
			"\n# about t\n[t]\nb = 2\n",
		},
		{
			"two hook regions",
			"[[hooks.Stop]]\ncommand = \"x\"\n[t]\nb = 2\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n# tail\n",
			"",
			"[t]\nb = 2\n# tail\n",
		},
		{
			"a header inside a multi-line string is text",
			"[t]\nx = \"\"\"\n[[hooks.Stop]]\n\"\"\"\ny = '''\n[[hooks.Stop]]\n'''\n",
			"[t]\nx = \"\"\"\n[[hooks.Stop]]\n\"\"\"\ny = '''\n[[hooks.Stop]]\n'''\n",
			"|",
		},
		{
			"a multi-line string in a hook table",
			"[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = \"\"\"\n# not a comment\n[t]\n\"\"\"\n[u]\nb = 1\n",
			"",
			"[u]\nb = 1\n",
		},
		{
			"an array of arrays in a hook table",
			"[[hooks.Stop]]\n[[hooks.Stop.hooks]]\nargs = [\n  [\"a\"]\n]\n[u]\nb = 1\n",
			"",
			"[u]\nb = 1\n",
		},
		{
			"plain [hooks] table and state kept",
			"[hooks]\n[[hooks.Stop]]\ncommand = \"x\"\n[hooks.state.\"k\"]\nh = \"1\"\n",
			"",
			"[hooks.state.\"k\"]\nh = \"1\"\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, after := withoutHookTables(tc.src)
			gotAfter := strings.Join(after, "")
			if after == nil {
				gotAfter = "|"
			}
			if got := strings.Join(before, ""); got != tc.before {
				t.Errorf("before = %q, want %q", got, tc.before)
			}
			if gotAfter != tc.after {
				t.Errorf("after = %q, want %q", gotAfter, tc.after)
			}
		})
	}
}

func TestTOMLScanner(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		open  []bool // after each line: inside a multi-line string?
	}{
		{[]string{`a = """`, `x`, `"""`}, []bool{true, true, false}},
		{[]string{`a = """one line"""`}, []bool{false}},
		{[]string{`a = '''`, `\'''`}, []bool{true, false}},              // no escapes in literal strings
		{[]string{`a = """`, `\"""`, `"""`}, []bool{true, true, false}}, // an escaped quote does not close
		{[]string{`a = "\"""" # """`}, []bool{false}},                   // a one-line string, then a comment
		{[]string{`# a = """`, `b = 1`}, []bool{false, false}},
		{[]string{`a = """x""""`, `b = 1`}, []bool{false, false}}, // a closing run of four quotes
		{[]string{`a = 'x' # '''`}, []bool{false}},
	} {
		var s tomlScanner
		for i, l := range tc.lines {
			s.line(l + "\n")
			if got := !s.atTopLevel(); got != tc.open[i] {
				t.Errorf("%q: after line %d, inside a string = %v, want %v", tc.lines, i+1, got, tc.open[i])
			}
		}
	}
}

func TestTOMLScannerBrackets(t *testing.T) {
	var s tomlScanner
	for i, tc := range []struct {
		line string
		top  bool // after the line: outside any value?
	}{
		{"[[hooks.Stop]]", true},
		{"x = [", false},
		{"  [1, 2],", false},
		{"  [\"a\"]", false},
		{"]", true},
		{"y = { a = [1], b = \"]\" }", true},
		{"[t] # [", true},
	} {
		s.line(tc.line + "\n")
		if s.atTopLevel() != tc.top {
			t.Errorf("after line %d %q: at top level = %v, want %v", i+1, tc.line, s.atTopLevel(), tc.top)
		}
	}
}

// TestRenderKeepsCRLF: merging into a config.toml with Windows line
// endings writes every line, new and kept, with them; the same hooks
// again leave the file byte for byte.
func TestRenderKeepsCRLF(t *testing.T) {
	existing := []byte("# mine\r\nmodel = \"o3\"\r\n\r\n[[hooks.Stop]]\r\n[[hooks.Stop.hooks]]\r\ntype = \"command\"\r\ncommand = \"old\"\r\n\r\n[tui]\r\ntheme = \"dark\"\r\n")
	hooks, err := node.ParseJSON([]byte(`{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}`), node.JSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out, ds := tomlFormat{}.Render(hooks, existing)
	if out == nil || ds.HasErrors() {
		t.Fatalf("Render: %v", ds)
	}
	if n, crlf := bytes.Count(out, []byte("\n")), bytes.Count(out, []byte("\r\n")); n != crlf {
		t.Errorf("%d line endings, %d of them CRLF:\n%q", n, crlf, out)
	}
	for _, kept := range []string{"# mine\r\n", "model = \"o3\"\r\n", "[tui]\r\ntheme = \"dark\"\r\n", "command = \"./guard.sh\"\r\n"} {
		if !bytes.Contains(out, []byte(kept)) {
			t.Errorf("output lacks %q:\n%q", kept, out)
		}
	}
	if bytes.Contains(out, []byte("old")) {
		t.Errorf("the replaced hook is still there:\n%q", out)
	}
	again, _ := tomlFormat{}.Render(hooks, out)
	if !bytes.Equal(again, out) {
		t.Errorf("the same hooks again changed the file:\n%q\n%q", out, again)
	}
}

// TestRenderIntoUTF16: a config.toml in UTF-16 is not merged into; the
// error names the encoding and says how to save the file as UTF-8.
func TestRenderIntoUTF16(t *testing.T) {
	existing := []byte("\xff\xfem\x00o\x00d\x00e\x00l\x00 \x00=\x00 \x00\"\x00o\x003\x00\"\x00\n\x00")
	hooks, err := node.ParseJSON([]byte(`{"Stop": [{"hooks": [{"type": "command", "command": "./done.sh"}]}]}`), node.JSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out, ds := tomlFormat{}.Render(hooks, existing)
	if out != nil || len(ds) != 1 {
		t.Fatalf("Render = %q, %v; want nil and one error", out, ds)
	}
	if d := ds[0]; d.Severity != diag.Error || d.Pos.Line != 1 || d.Pos.Column != 1 ||
		!strings.Contains(d.Message, "cannot merge into invalid TOML: the file is UTF-16 LE") || !strings.Contains(d.Hint, "save it as UTF-8") {
		t.Errorf("got %v (hint %q)", d, d.Hint)
	}
}

// TestRenderAppends: hooks that only add to a file's hooks are written as
// tables after the old ones, which keep every byte; anything else
// rewrites the hook tables. Expected files are written out by hand.
func TestRenderAppends(t *testing.T) {
	const old = "a = 1\n\n# guard\n[[hooks.PreToolUse]]\nmatcher = \"Bash\" # shell\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./g.sh\" # note\n\n# about t\n[t]\nb = 2\n"
	guard := `{"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh"}]}`
	for _, tc := range []struct {
		name, hooks string
		old2        string // the file, when not old
		want        string // "" when the tables are rewritten
	}{
		{
			name:  "a new event",
			hooks: `{"PreToolUse": [` + guard + `], "Stop": [{"hooks": [{"type": "command", "command": "./s.sh"}]}]}`,
			want:  "a = 1\n\n# guard\n[[hooks.PreToolUse]]\nmatcher = \"Bash\" # shell\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./g.sh\" # note\n\n[[hooks.Stop]]\n\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"./s.sh\"\n\n# about t\n[t]\nb = 2\n",
		},
		{
			name:  "a handler joins the last group, a group follows it",
			hooks: `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh"}, {"type": "command", "command": "./a.sh"}]}, {"matcher": "apply_patch", "hooks": [{"type": "command", "command": "./e.sh"}]}]}`,
			want:  "a = 1\n\n# guard\n[[hooks.PreToolUse]]\nmatcher = \"Bash\" # shell\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./g.sh\" # note\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./a.sh\"\n\n[[hooks.PreToolUse]]\nmatcher = \"apply_patch\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./e.sh\"\n\n# about t\n[t]\nb = 2\n",
		},
		{
			name:  "a handler joins the first of two groups, after its tables",
			hooks: `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh"}, {"type": "command", "command": "./a.sh"}]}, {"matcher": "x", "hooks": [{"type": "command", "command": "./x.sh"}]}]}`,
			old2:  "[[hooks.PreToolUse]]\nmatcher = \"Bash\" # shell\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./g.sh\" # note\n\n# about x\n[[hooks.PreToolUse]]\nmatcher = \"x\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./x.sh\"\n",
			want:  "[[hooks.PreToolUse]]\nmatcher = \"Bash\" # shell\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./g.sh\" # note\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./a.sh\"\n\n# about x\n[[hooks.PreToolUse]]\nmatcher = \"x\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./x.sh\"\n",
		},
		{name: "a changed hook", hooks: `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./other.sh"}]}]}`},
		{name: "a removed event", hooks: `{"Stop": [{"hooks": [{"type": "command", "command": "./s.sh"}]}]}`},
		{name: "a group before the old one", hooks: `{"PreToolUse": [{"matcher": "x", "hooks": [{"type": "command", "command": "./x.sh"}]}, ` + guard + `]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hooks, err := node.ParseJSON([]byte(tc.hooks), node.JSONOptions{})
			if err != nil {
				t.Fatal(err)
			}
			src := cmp.Or(tc.old2, old)
			out, ds := tomlFormat{}.Render(hooks, []byte(src))
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			if tc.want != "" {
				if string(out) != tc.want {
					t.Errorf("got:\n%s\nwant:\n%s", out, tc.want)
				}
				return
			}
			// Rewritten: the old tables' comments went with them, and the
			// file holds the new hooks.
			if strings.Contains(string(out), "# note") {
				t.Errorf("old tables kept where they had to be rewritten:\n%s", out)
			}
			root, _ := tomlFormat{}.Parse("config.toml", out)
			if root == nil || !node.SameValue(root.Get("hooks"), hooks) {
				t.Errorf("rewritten file does not hold the hooks:\n%s", out)
			}
		})
	}
}

// TestRenderRemovesTables: when the hooks written are the file's own less
// some groups or handlers (--remove-source), only those tables go, and
// every other line stays, comments in the kept tables included.
func TestRenderRemovesTables(t *testing.T) {
	const file = "# top\nmodel = \"o3\"\n\n[[hooks.PreToolUse]]\nmatcher = \"Bash\" # only bash\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./guard.sh\"  # guard\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./log.sh\"\n\n# the stop hook\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"./fmt.sh\"\n\n# keep this comment\n[tui]\nnotifications = true\n"
	for _, tc := range []struct {
		name     string
		keep     func(hooks *node.Node) // takes hooks out of the parsed file's
		want     string
		rewrites bool // the tables are written anew instead
	}{
		{
			name: "a whole event", // with the comment right above its table
			keep: func(h *node.Node) { h.Fields = h.Fields[:1] },
			want: "# top\nmodel = \"o3\"\n\n[[hooks.PreToolUse]]\nmatcher = \"Bash\" # only bash\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./guard.sh\"  # guard\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./log.sh\"\n\n# keep this comment\n[tui]\nnotifications = true\n",
		},
		{
			name: "one handler of a group",
			keep: func(h *node.Node) {
				g := h.Fields[0].Value.Items[0].Get("hooks")
				g.Items = g.Items[:1]
			},
			want: "# top\nmodel = \"o3\"\n\n[[hooks.PreToolUse]]\nmatcher = \"Bash\" # only bash\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./guard.sh\"  # guard\n\n# the stop hook\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"./fmt.sh\"\n\n# keep this comment\n[tui]\nnotifications = true\n",
		},
		{
			name: "the first handler of a group",
			keep: func(h *node.Node) {
				g := h.Fields[0].Value.Items[0].Get("hooks")
				g.Items = g.Items[1:]
			},
			want: "# top\nmodel = \"o3\"\n\n[[hooks.PreToolUse]]\nmatcher = \"Bash\" # only bash\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./log.sh\"\n\n# the stop hook\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"./fmt.sh\"\n\n# keep this comment\n[tui]\nnotifications = true\n",
		},
		{
			name: "a changed hook is no removal",
			keep: func(h *node.Node) {
				h.Fields[1].Value.Items[0].Get("hooks").Items[0].Fields[1].Value.Text = "./other.sh"
			},
			rewrites: true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, ds := tomlFormat{}.Parse("config.toml", []byte(file))
			if root == nil || ds.HasErrors() {
				t.Fatalf("parse: %v", ds)
			}
			hooks := root.Get("hooks")
			tc.keep(hooks)
			out, rds := tomlFormat{}.Render(hooks, []byte(file))
			if out == nil {
				t.Fatalf("render: %v", rds)
			}
			if tc.rewrites {
				if strings.Contains(string(out), "# only bash") {
					t.Errorf("a changed hook kept the old tables:\n%s", out)
				}
				return
			}
			if string(out) != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", out, tc.want)
			}
			if len(rds) > 0 {
				t.Errorf("diagnostics: %v", rds)
			}
		})
	}
}

// TestParseErrorPosition checks that a TOML syntax error points at the
// line and column at fault, never at the lexer's next line or past a
// line's end.
func TestParseErrorPosition(t *testing.T) {
	for _, tc := range []struct {
		name, src  string
		line, col  int
		msgPartial string
	}{
		{"unclosed array-table header", "model = \"o3\"\n[[hooks.PreToolUse]\nmatcher = \"Bash\"\n", 2, 19, "expected end of table array name"},
		{"duplicate key", "[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n\nmatcher = \"x\"\n", 4, 1, "has already been defined"},
		{"duplicate key after a byte order mark", "\xef\xbb\xbf[[hooks.PreToolUse]]\nmatcher = \"Bash\"\nmatcher = \"x\"\n", 3, 1, "has already been defined"},
		{"unterminated string", "model = \"o3\"\neffort = \"high\n", 2, 15, "strings cannot contain newlines"},
		{"unterminated string at the end of the file", "effort = \"high", 1, 14, "unexpected EOF"},
		{"duplicate table", "a = 1\n[x]\na = 1\n[x]\n", 4, 2, "has already been defined"},
		// Windows PowerShell 5.1's > writes UTF-16 LE: named, at 1:1, not
		// "NULL bytes" where the decoder first meets one.
		{"UTF-16 LE", "\xff\xfe[\x00t\x00u\x00i\x00]\x00\r\x00\n\x00", 1, 1, "invalid TOML: the file is UTF-16 LE (it starts with the byte order mark FF FE)"},
		{"UTF-16 BE", "\xfe\xff\x00[\x00t\x00u\x00i\x00]\x00\n", 1, 1, "invalid TOML: the file is UTF-16 BE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ds := tomlFormat{}.Parse("config.toml", []byte(tc.src))
			if len(ds) != 1 {
				t.Fatalf("got %d diagnostics, want 1: %v", len(ds), ds)
			}
			d := ds[0]
			if d.Pos.Line != tc.line || d.Pos.Column != tc.col {
				t.Errorf("position %d:%d, want %d:%d (%s)", d.Pos.Line, d.Pos.Column, tc.line, tc.col, d.Message)
			}
			if strings.Contains(d.Message, "toml: line") || !strings.Contains(d.Message, tc.msgPartial) {
				t.Errorf("message %q: want %q, without the decoder's own line", d.Message, tc.msgPartial)
			}
			lines := strings.Split(strings.TrimPrefix(tc.src, "\xef\xbb\xbf"), "\n")
			if d.Pos.Column > len(lines[d.Pos.Line-1])+1 {
				t.Errorf("column %d is past the end of line %d (%q)", d.Pos.Column, d.Pos.Line, lines[d.Pos.Line-1])
			}
		})
	}
}

// TestParsePlacesKeys checks that the tree parsed from config.toml has
// the positions diagnostics need: each event's first table header, each
// group's and handler's keys and values.
func TestParsePlacesKeys(t *testing.T) {
	src := "model = \"o3\"\n[[hooks.Stop]]\nmatcher = \"x(\"\n[[hooks.Stop.hooks]]\n  comand = \"a\"\ntimeout = 5\n"
	root, ds := tomlFormat{}.Parse("config.toml", []byte(src))
	if len(ds) != 0 {
		t.Fatal(ds)
	}
	ev, _ := root.Get("hooks").Field("Stop")
	g := ev.Value.Items[0]
	m, _ := g.Field("matcher")
	h := g.Get("hooks").Items[0]
	comand, _ := h.Field("comand")
	timeout, _ := h.Field("timeout")
	for _, tc := range []struct {
		what      string
		got       diag.Pos
		line, col int
	}{
		{"event key", ev.KeyPos, 2, 1},
		{"matcher key", m.KeyPos, 3, 1},
		{"matcher value", m.Value.Pos, 3, 11},
		{"indented handler key", comand.KeyPos, 5, 3},
		{"handler value", timeout.Value.Pos, 6, 11},
	} {
		if tc.got.Line != tc.line || tc.got.Column != tc.col {
			t.Errorf("%s at %d:%d, want %d:%d", tc.what, tc.got.Line, tc.got.Column, tc.line, tc.col)
		}
	}
}

// TestShapeErrorsHavePositions checks that every diagnostic about the
// shape of config.toml's hooks points at a line and column, whatever
// shape they are written in: one [hooks.<Event>] table, events as
// values of [hooks], dotted keys, inline arrays and tables.
func TestShapeErrorsHavePositions(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		code      string
		line, col int
	}{
		{"event as one table", "[hooks.Stop]\nfoo = 1\n", "HC301", 1, 1},
		{"event as one table, quoted", "x = 1\n[ hooks . \"Stop\" ]\nfoo = 1\n", "HC302", 2, 1},
		{"event as a number in [hooks]", "[hooks]\nfoo = 1\n", "HC301", 2, 7},
		{"event as a dotted key", "hooks.Stop = 1\n", "HC301", 1, 14},
		{"group as a number", "hooks.Stop = [1]\n", "HC301", 1, 14},
		{"hooks as a number", "model = \"o3\"\nhooks = 1\n", "HC301", 2, 9},
		{"handler table under one group table", "[hooks.Stop]\n[hooks.Stop.hooks]\ntype = \"command\"\n", "HC301", 2, 1},
		{"handler list as a number", "[[hooks.Stop]]\n  hooks = 3\n", "HC301", 2, 11},
		{"handler of one group table", "[hooks.Stop]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = 2\n", "HC301", 4, 11},
		{"inline handler", "[hooks]\nStop = [{ hooks = [{ type = \"command\", command = 1 }] }]\n", "HC301", 2, 8},
		{"second group's handler", "[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ncommand = \"a\"\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = 1\n", "HC301", 6, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ds := New().Decode(providers.Files{".codex/config.toml": []byte(tc.src)})
			found := false
			for _, d := range ds {
				if d.Pos.Line == 0 {
					t.Errorf("no position: %s", d.Message)
				}
				if d.Code == tc.code && d.Pos.Line == tc.line && d.Pos.Column == tc.col {
					found = true
				}
			}
			if !found {
				t.Errorf("no %s at %d:%d in %v", tc.code, tc.line, tc.col, ds)
			}
		})
	}
}

// TestTOMLCommandWindows checks that config.toml's command_windows is
// read as the Windows command, as hooks.json's commandWindows is
// (reference part 1 §4.6: "TOML also command_windows"; QA: it was
// dropped as an unknown key), in every shape a handler takes, and that
// a file unchanged is written back byte for byte.
func TestTOMLCommandWindows(t *testing.T) {
	const guard = "[[hooks.PreToolUse]]\nmatcher = \"^Bash$\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"exit 2\"\n"
	for _, tc := range []struct {
		name, path, src string
		want            string // the Windows command read, "" for none
		unknown         bool   // HC304 about the key
	}{
		{"toml spelling", ".codex/config.toml", guard + "command_windows = \"exit /b 2\"\n", "exit /b 2", false},
		{"json spelling in toml", ".codex/config.toml", guard + "commandWindows = \"exit /b 2\"\n", "exit /b 2", false},
		{"inline handler", ".codex/config.toml", "[hooks]\nPreToolUse = [{ matcher = \"Bash\", hooks = [{ type = \"command\", command = \"exit 2\", command_windows = \"exit /b 2\" }] }]\n", "exit /b 2", false},
		{"both spellings: the JSON one read, the other reported", ".codex/config.toml", guard + "commandWindows = \"exit /b 2\"\ncommand_windows = \"exit /b 3\"\n", "exit /b 2", true},
		// Only config.toml has the second spelling.
		{"toml spelling in hooks.json", ".codex/hooks.json", `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"exit 2","command_windows":"exit /b 2"}]}]}}`, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, ds := New().Decode(providers.Files{tc.path: []byte(tc.src)})
			if m == nil || len(m.Hooks) != 1 {
				t.Fatalf("want one hook, got %v (%v)", m, ds)
			}
			if got := m.Hooks[0].Handler.Platform["windows"]; got != tc.want {
				t.Errorf("Windows command %q, want %q", got, tc.want)
			}
			unknown := false
			for _, d := range ds {
				unknown = unknown || d.Code == "HC304"
			}
			if unknown != tc.unknown {
				t.Errorf("HC304 said: %v, want %v (%v)", unknown, tc.unknown, ds)
			}
			if !strings.HasSuffix(tc.path, ".toml") || tc.unknown {
				return
			}
			out, ds := New().Encode(m, providers.Files{tc.path: []byte(tc.src)})
			if got := out[tc.path]; ds.HasErrors() || !bytes.Equal(got, []byte(tc.src)) {
				t.Errorf("written back as\n%s\nwant it unchanged (%v)", got, ds)
			}
		})
	}
}
