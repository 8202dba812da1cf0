package codex

import (
	"errors"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/node"
)

// nestTables is key = { b = { b = … value … } }, depth tables deep.
func nestTables(key string, depth int, value string) string {
	return key + " = " + strings.Repeat("{b = ", depth) + value + strings.Repeat("}", depth) + "\n"
}

// dotted is a key of n parts.
func dotted(part string, n int) string {
	return strings.TrimSuffix(strings.Repeat(part+".", n), ".")
}

// TestTOMLLimitsAccept: TOML within the limits passes, whatever its
// strings and comments hold, and the decoder reads each case (so none
// is accepted only for being invalid).
func TestTOMLLimitsAccept(t *testing.T) {
	deepStrings := `x = "[[{{\"[{" , y = 'a.b.c[{' , z = """ "" [{ ""
{{ """ , w = '''[{ ''' `
	for _, tc := range []struct{ name, src string }{
		{"a codex config", "model = \"o3\"\n[hooks]\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./g.sh [x] {y}\"\n"},
		{"nesting at the limit", nestTables("a", node.MaxDepth-1, "1")},
		{"arrays at the limit", "a = " + strings.Repeat("[", node.MaxDepth) + strings.Repeat("]", node.MaxDepth) + "\n"},
		{"a dotted key at the limit", dotted("a", node.MaxDepth) + " = 1\n"},
		{"a header at the limit", "[" + dotted(`"q.q"`, node.MaxDepth) + "]\nk = 1.5\n"},
		{"an array of tables at the limit", "[[" + dotted("a", node.MaxDepth-1) + "]]\nk = 1\n"},
		{"floats and times deep down", "[" + dotted("t", 200) + "]\n" + nestTables("a", 50, "[1.5, 2.5, 07:32:00.25, 1979-05-27T07:32:00.999-07:00]")},
		{"brackets and dots in strings and comments", "# [[[[ {{{{ a.a.a.a\na = 1 # " + strings.Repeat("[{.", 300) + "\n" + nestTables("k", node.MaxDepth-2, "{"+deepStrings+"}")},
		{"a multi-line string closed by five quotes", "a = \"\"\"x\"\"\"\"\"\nb = " + strings.Repeat("[", node.MaxDepth) + strings.Repeat("]", node.MaxDepth) + "\n"},
		{"escaped quotes", `a = "\"[[[[" ` + "\n" + `b = """\"""[[[""" ` + "\n"},
		{"tables after deep ones", nestTables("a", 200, "1") + "[t]\n" + nestTables("a", 200, "1") + "[u]\n" + nestTables("a", 200, "1")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := checkTOMLLimits([]byte(tc.src)); err != nil {
				t.Errorf("checkTOMLLimits: %v", err)
			}
			var v map[string]any
			if _, err := toml.Decode(tc.src, &v); err != nil {
				t.Errorf("the case is not TOML: %v", err)
			}
		})
	}
}

// TestTOMLLimitsReject: the first bracket or dot past the limit is
// reported where it is.
func TestTOMLLimitsReject(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line, col int
		msg       string
	}{
		// The first { holds a, level 1; the 257th, past the limit, holds a.b.b….
		{"nested inline tables", "\n" + nestTables("a", 300, "1"), 2, 5 + 5*256, "nesting deeper than 256 levels"},
		{"nested arrays", "a = " + strings.Repeat("[", 4000), 1, 5 + 256, "nesting deeper than 256 levels"},
		{"a dotted key", dotted("a", 300) + " = 1", 1, 2 + 2*255, "nesting deeper than 256 levels (each part of a dotted key is one)"},
		{"a header", "[" + dotted("a", 300) + "]", 1, 3 + 2*255, "nesting deeper than 256 levels (each part of a dotted key is one)"},
		{"a header and its keys", "[" + dotted("a", 200) + "]\n" + dotted("b", 60) + " = 1", 2, 2 + 2*55, "nesting deeper than 256 levels (each part of a dotted key is one)"},
		// a, then 100 levels per key: the third key's 55th dot is level 257.
		{"dotted keys in inline tables", "a = " + strings.Repeat("{"+dotted("b", 100)+" = ", 3), 1, 6 + 2*203 + 2*55 - 1, "nesting deeper than 256 levels (each part of a dotted key is one)"},
		// b.b… is levels 1 to 250, the first { 250, the seventh after it 257.
		{"an inline table under a dotted key", dotted("b", 250) + " = " + strings.Repeat("{c = ", 10), 1, 503 + 5*7, "nesting deeper than 256 levels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkTOMLLimits([]byte(tc.src))
			var se *node.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a syntax error", err)
			}
			if se.Msg != tc.msg || se.Pos.Line != tc.line || se.Pos.Column != tc.col {
				t.Errorf("got %d:%d: %s, want %d:%d: %s", se.Pos.Line, se.Pos.Column, se.Msg, tc.line, tc.col, tc.msg)
			}
		})
	}
}

// TestTOMLLevelsInAll: keys within the nesting limit, but so many of
// them so deep that the decoder would hold gigabytes, are HC102 at the
// key that passes maxTOMLLevels.
func TestTOMLLevelsInAll(t *testing.T) {
	line := nestTables("a", 250, "1") // keys of 1 to 251 levels: 31,626 in all
	lines := maxTOMLLevels/31626 + 1
	src := strings.Repeat(line, lines)
	err := checkTOMLLimits([]byte(src))
	var se *node.SyntaxError
	if !errors.As(err, &se) || se.Pos.Line != lines || syntaxCode(err) != canonical.CodeTooLarge ||
		se.Msg != "its keys name more than 8388608 levels in all, the most hookconv reads" {
		t.Fatalf("got %v (%s)", err, syntaxCode(err))
	}
	_, ds := tomlFormat{}.Parse("config.toml", []byte(src))
	if len(ds) != 1 || ds[0].Code != canonical.CodeTooLarge || !strings.HasPrefix(ds[0].Hint, "check that this is the file you meant") {
		t.Errorf("Parse: got %v", ds)
	}
	if err := checkTOMLLimits([]byte(strings.Repeat(line, lines-1))); err != nil {
		t.Errorf("one line fewer: %v", err)
	}
}

// TestParseTooDeepTOML: the reader says HC101 of a config.toml nested too
// deep, as the JSON reader does (as hookconv's limit, not invalid TOML:
// QA q2 F8), rather than hand it to the decoder,
// whose memory grows with the square of the depth (QA: 8000 levels took
// more than 4.7 GB).
func TestParseTooDeepTOML(t *testing.T) {
	src := "[hooks]\n" + nestTables("x", 2000, "1")
	root, ds := tomlFormat{}.Parse("config.toml", []byte(src))
	if root != nil || len(ds) != 1 || ds[0].Code != canonical.CodeSyntax || ds[0].Pos.Line != 2 ||
		ds[0].Message != "TOML beyond what hookconv reads: nesting deeper than 256 levels" || ds[0].Hint != beyondLimits {
		t.Fatalf("got %v", ds)
	}
	if _, ds := ReadUserConfig("config.toml", []byte(src)); len(ds) != 1 || !strings.Contains(ds[0].Message, "nesting deeper than 256 levels") {
		t.Errorf("ReadUserConfig: got %v", ds)
	}
	if _, ds := (tomlFormat{}).Render(&node.Node{Kind: node.Object}, []byte(src)); !ds.HasErrors() || ds[len(ds)-1].Code != canonical.CodeSyntax {
		t.Errorf("Render: got %v", ds)
	}
}
