package node

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/hookconv/hookconv/diag"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseJSONValues(t *testing.T) {
	tests := []struct {
		src  string
		want string // compact re-encoding
	}{
		{`{"a": [1, -2.5e3, true, false, null, "x"]}`, `{"a":[1,-2.5e3,true,false,null,"x"]}`},
		{`"\u00e9\ud83d\ude00\n\t\"\\\/"`, `"é😀\n\t\"\\/"`},
		{"\xEF\xBB\xBF{}", `{}`},                  // BOM
		{`{"k": 1, "k": 2}`, `{"k":1,"k":2}`},     // duplicates kept in order
		{`"\ud800"`, `"` + "\uFFFD" + `"`},        // lone surrogate
		{"\"caf\xc3\xa9\"", `"café"`},             // raw UTF-8 kept
		{`{"ctl": "\u0001"}`, `{"ctl":"\u0001"}`}, // control chars escaped on output
		{`0`, `0`},
	}
	for _, tt := range tests {
		n, err := ParseJSON([]byte(tt.src), JSONOptions{})
		if err != nil {
			t.Errorf("ParseJSON(%q): %v", tt.src, err)
			continue
		}
		if got := string(AppendCompact(nil, n)); got != tt.want {
			t.Errorf("ParseJSON(%q) = %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		src       string
		line, col int
		msg       string
	}{
		{`{"a": 01}`, 1, 7, "leading zero"},
		{`{"a": 1.}`, 1, 9, "expected a digit after '.'"},
		{`{"a": tru}`, 1, 7, `expected "true"`},
		{`{'a': 1}`, 1, 2, "expected a quoted member name"},
		{"{\"a\": \"x\ny\"}", 1, 7, "line break"},
		{`{"a": "\x"}`, 1, 8, `invalid escape '\x'`},
		{`{"a" 1}`, 1, 6, "expected ':'"},
		{`[1 2]`, 1, 4, "expected ',' or ']'"},
		{`{} {}`, 1, 4, "after the end of the JSON value"},
		{"// c\n{}", 1, 1, "comments are not allowed"},
		{`[1,]`, 1, 3, "trailing comma before ']': remove it"},
		{"[1,\n  ]", 1, 3, "trailing comma before ']': remove it"},
		{`{"a": 1,}`, 1, 8, "trailing comma before '}': remove it"},
		{`{"a": 1 "b": 2}`, 1, 9, "expected ',' or '}' after object member"},
		{`[1 2]`, 1, 4, "expected ',' or ']' after array element"},
		// A list the document ends inside is reported where it opened.
		{`{"a": [1, {"b": 2}`, 1, 7, "unexpected end of file: array opened here is never closed"},
		{`{"a": 1,`, 1, 1, "unexpected end of file: object opened here is never closed"},
		{"[\n", 1, 1, "unexpected end of file: array opened here is never closed"},
		{`{`, 1, 1, "unexpected end of file: object opened here is never closed"},
		{"\n\n  @", 3, 3, "unexpected '@'"},
		// JSON is UTF-8: a Latin-1 byte is named where it stands, on the
		// fast path and after an escape.
		{"{\"msg\": \"Pr\xfcfung\"}", 1, 12, "byte 0xFC in a string is not UTF-8"},
		{"{\"msg\": \"\\tPr\xfcfung\"}", 1, 14, "byte 0xFC in a string is not UTF-8"},
		{"{\"caf\xe9\": 1}", 1, 6, "byte 0xE9 in a string is not UTF-8"},
		{"\"\xed\xa0\x80\"", 1, 2, "byte 0xED in a string is not UTF-8"}, // an encoded surrogate
		{"\"\xd6\\b\"", 1, 2, "byte 0xD6 in a string is not UTF-8"},      // just before an escape
	}
	for _, tt := range tests {
		_, err := ParseJSON([]byte(tt.src), JSONOptions{})
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseJSON(%q): got %v, want a SyntaxError", tt.src, err)
			continue
		}
		if se.Pos.Line != tt.line || se.Pos.Column != tt.col || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("ParseJSON(%q) = %d:%d %q, want %d:%d containing %q", tt.src, se.Pos.Line, se.Pos.Column, se.Msg, tt.line, tt.col, tt.msg)
		}
	}
}

func TestParseJSONC(t *testing.T) {
	src := "{\n  // a comment\n  \"a\": 1, /* block\n comment */ \"b\": [2,],\n}\n"
	n, err := ParseJSON([]byte(src), JSONOptions{JSONC: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(AppendCompact(nil, n)); got != `{"a":1,"b":[2]}` {
		t.Errorf("got %s", got)
	}
	if b := n.Get("b"); b.Pos.Line != 4 || b.Pos.Column != 18 {
		t.Errorf("position after a multi-line comment = %d:%d, want 4:18", b.Pos.Line, b.Pos.Column)
	}
	if _, err := ParseJSON([]byte("{/* open"), JSONOptions{JSONC: true}); err == nil {
		t.Error("unterminated comment accepted")
	}
}

// TestDepthLimit: hostile nesting is refused quickly, not a stack overflow.
func TestDepthLimit(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	if _, err := ParseJSON([]byte(deep), JSONOptions{}); err == nil || !strings.Contains(err.Error(), "nesting deeper") {
		t.Errorf("got %v, want a nesting error", err)
	}
	deepY := strings.Repeat("- ", 1000) + "x\n"
	if _, err := ParseYAML([]byte(deepY)); err == nil {
		t.Error("deep YAML accepted")
	}
}

// TestYAMLAliasBomb: exponential alias expansion is cut off.
func TestYAMLAliasBomb(t *testing.T) {
	src := "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
	if _, err := ParseYAML([]byte(src)); err == nil || !strings.Contains(err.Error(), "alias") {
		t.Errorf("got %v, want an alias-expansion error", err)
	}
}

func TestParseYAMLScalars(t *testing.T) {
	src := "a: 0x10\nb: 1_000\nc: 10.50\nd: yes\ne: ~\nf: 'quoted'\ng: true\nh: 1e400\ni: '1e400'\nj: 2024-01-01\nk: 0b11\nl: 0o17\nm: 2e62_18\nn: 0x1p99999\n"
	n, err := ParseYAML([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// yaml.v3 follows YAML 1.2: "yes" is a string, not a boolean. A plain
	// number too large for a float64 stays a number, as in JSON, where
	// range checks find it; quoted, it is a string. A plain date is a
	// string too (yaml.v3 resolves it as a YAML 1.1 timestamp), and so are
	// 1_000 and 0b11, numbers only in YAML 1.1; 0o17 is 1.2's octal.
	// 2e62_18 and 0x1p99999 are numbers in no YAML, only to Go's
	// ParseFloat (out of range): strings.
	want := `{"a":16,"b":"1_000","c":10.50,"d":"yes","e":null,"f":"quoted","g":true,"h":1e400,"i":"1e400","j":"2024-01-01","k":"0b11","l":15,"m":"2e62_18","n":"0x1p99999"}`
	if got := string(AppendCompact(nil, n)); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if _, err := ParseYAML([]byte("a: !!binary aGk=\n")); err == nil {
		t.Error("binary tag accepted")
	}
	if _, err := ParseYAML([]byte("a: !!timestamp 2024-01-01\n")); err == nil {
		t.Error("explicit timestamp tag accepted")
	}
	var se *SyntaxError
	if _, err := ParseYAML([]byte("b: &b {x: 1}\nc:\n  <<: *b\n")); !errors.As(err, &se) || se.Hint == "" {
		t.Errorf("merge key: %v; want a SyntaxError with a hint", err)
	}
	if _, err := ParseYAML([]byte("a: 1\n---\nb: 2\n")); err == nil {
		t.Error("two documents accepted")
	}
}

func TestAppendIndent(t *testing.T) {
	n, err := ParseJSON([]byte(`{"a":[1,{"b":{}}],"c":[]}`), JSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\": [\n    1,\n    {\n      \"b\": {}\n    }\n  ],\n  \"c\": []\n}"
	if got := string(AppendIndent(nil, n, 0)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// FuzzParseJSON: no input panics, and what parses re-parses to the same
// compact encoding.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,"x",true,null]}`, `"\ud83d\ude00"`, "// c\n{\"a\":1,}", `[[[]]]`, `-0.5e+3`} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, src []byte, jsonc bool) {
		n, err := ParseJSON(src, JSONOptions{JSONC: jsonc})
		if !jsonc {
			// Strict JSON is what encoding/json accepts, but for a leading
			// BOM (allowed here), bytes that are not UTF-8 (refused here)
			// and nesting beyond MaxDepth.
			body := bytes.TrimPrefix(src, []byte("\xEF\xBB\xBF"))
			valid := json.Valid(body)
			if err == nil && !valid {
				t.Fatalf("accepted what encoding/json refuses: %q", src)
			}
			if err != nil && valid && utf8.Valid(body) && !strings.Contains(err.Error(), "nesting deeper") {
				t.Fatalf("refused what encoding/json accepts: %q: %v", src, err)
			}
		}
		if err != nil {
			return
		}
		out := AppendCompact(nil, n)
		n2, err := ParseJSON(out, JSONOptions{})
		if err != nil {
			t.Fatalf("own output does not parse: %v\n%s", err, out)
		}
		if out2 := AppendCompact(nil, n2); string(out2) != string(out) {
			t.Fatalf("not a fixed point: %s vs %s", out, out2)
		}
		// Written as YAML, the same value reads back, unless a number
		// has no finite value (1e999), which ParseYAML refuses.
		y, err := AppendYAML(nil, n)
		if err != nil {
			t.Fatalf("AppendYAML: %v", err)
		}
		back, err := ParseYAML(y)
		if err != nil {
			if strings.Contains(err.Error(), "has no JSON equivalent") {
				return
			}
			t.Fatalf("own YAML does not parse: %v\n%s", err, y)
		}
		if !SameValue(n2, back) { // n2: invalid UTF-8 already replaced, as in YAML
			t.Fatalf("YAML reads back as %s, not %s:\n%s", AppendCompact(nil, back), out, y)
		}
	})
}

// FuzzParseYAML: no YAML input panics or hangs.
func FuzzParseYAML(f *testing.F) {
	f.Add([]byte("spec: hooks/1.0\nhooks:\n  - event: e\n"))
	f.Add([]byte("a: &x [1]\nb: *x\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		_, _ = ParseYAML(src)
	})
}

// Strings, member names and numbers are slices of one copy of the
// document; whatever path reads them (plain, escaped, long, many), they
// must come out exactly as written.
func TestStringsAsWritten(t *testing.T) {
	long := strings.Repeat("k", 100)
	for _, tc := range []struct{ src, want string }{
		{`{"type": 1}`, "type"},
		{`{"": 1}`, ""},
		{`{"a\"b": 1}`, `a"b`},
		{`{"\u00e9t\u00e9": 1}`, "été"},
		{`{"été": 1}`, "été"},
		{`{"` + long + `": 1}`, long},
	} {
		n, err := ParseJSON([]byte(tc.src), JSONOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		if got := n.Fields[0].Key; got != tc.want {
			t.Errorf("%s: key %q, want %q", tc.src, got, tc.want)
		}
	}
	var b strings.Builder
	b.WriteString("{")
	for i := range 5000 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%d": [{"k%d": "v\t%d", "n": %d.5}]`, i, i, i, i)
	}
	b.WriteString("}")
	src := []byte(b.String())
	n, err := ParseJSON(src, JSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The values are the parser's own: changing the input afterwards
	// changes none of them.
	for i := range src {
		src[i] = 'x'
	}
	for i, f := range n.Fields {
		want := fmt.Sprintf("k%d", i)
		inner := f.Value.Items[0]
		if f.Key != want || inner.Fields[0].Key != want {
			t.Fatalf("member %d: %q / %q, want %q", i, f.Key, inner.Fields[0].Key, want)
		}
		if got, want := inner.Fields[0].Value.Text, fmt.Sprintf("v\t%d", i); got != want {
			t.Fatalf("member %d: value %q, want %q", i, got, want)
		}
		if got, want := inner.Get("n").Text, fmt.Sprintf("%d.5", i); got != want {
			t.Fatalf("member %d: number %q, want %q", i, got, want)
		}
	}
}

func TestSameValue(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{`{"a": 1, "b": [1, 2]}`, `{"b": [1, 2], "a": 1}`, true},
		{`{"a": 1, "b": [1, 2]}`, `{"a": 1, "b": [2, 1]}`, false},
		{`{"a": 1}`, `{"a": 1, "b": null}`, false},
		{`{"a": 5}`, `{"a": 5.0}`, true},
		{`{"a": 5}`, `{"a": "5"}`, false},
		{`{"a": true}`, `{"a": false}`, false},
		{`{"a": 1, "a": 2}`, `{"a": 2}`, true},
		{`[{"x": "y"}]`, `[{"x": "z"}]`, false},
		{`null`, `null`, true},
		{`[]`, `{}`, false},
	} {
		a, err := ParseJSON([]byte(tc.a), JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseJSON([]byte(tc.b), JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := SameValue(a, b); got != tc.same {
			t.Errorf("SameValue(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}

// AppendYAML writes what ParseYAML reads back to the same tree, whatever
// the strings look like to YAML.
func TestAppendYAMLRoundTrip(t *testing.T) {
	src := `{"spec": "hooks/1.0", "hooks": [{"event": "before_tool_execute", "matcher": ["shell", "*"],
	  "handler": {"type": "command", "command": "echo 'a: b' # not a comment", "timeout": 1.5, "env": {"X": "yes", "N": "007", "E": "", "T": "true", "Z": "null"}},
	  "blocking": true, "provider_data": {"x": {"n": null, "i": 3, "u": "é\n\t\"q\""}}}]}`
	want, err := ParseJSON([]byte(src), JSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := AppendYAML(nil, want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseYAML(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if a, b := string(AppendCompact(nil, want)), string(AppendCompact(nil, got)); a != b {
		t.Errorf("round trip through YAML:\n%s\nreads back as\n%s\nnot\n%s", out, b, a)
	}
	if !strings.HasPrefix(string(out), "spec: hooks/1.0\nhooks:\n  - event: before_tool_execute\n") {
		t.Errorf("layout:\n%s", out)
	}
	// Scalars YAML would read as something else unless quoted, and numbers
	// in every JSON spelling (read back with the same value).
	for _, src := range []string{
		`["0x10", "1_000", "yes", "no", "on", "~", "- x", "@a", "%", "'", "\u2028", "a\u0000b", "", " lead", "trail ", "1.5", "null"]`,
		`[-0, 1E5, 0.1e-3, 12345678901234567890, -1.5E+3, 0, true, false, null, {}, []]`,
	} {
		n, err := ParseJSON([]byte(src), JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out, err := AppendYAML(nil, n)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseYAML(out)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if !SameValue(n, back) {
			t.Errorf("%s reads back as %s:\n%s", src, AppendCompact(nil, back), out)
		}
	}
}

// yamlTypedTests are strings a YAML 1.1 or 1.2 reader resolves, written
// plain, to another type (true), and look-alikes it reads as strings.
var yamlTypedTests = []struct {
	s     string
	typed bool
}{
	// YAML 1.1 bools: PyYAML loads "command: yes" as True.
	{"y", true}, {"Y", true}, {"yes", true}, {"Yes", true}, {"YES", true},
	{"n", true}, {"N", true}, {"no", true}, {"No", true}, {"NO", true},
	{"true", true}, {"True", true}, {"TRUE", true}, {"false", true}, {"False", true}, {"FALSE", true},
	{"on", true}, {"On", true}, {"ON", true}, {"off", true}, {"Off", true}, {"OFF", true},
	// Null, and YAML 1.1's merge and value keys.
	{"", true}, {"~", true}, {"null", true}, {"Null", true}, {"NULL", true}, {"<<", true}, {"=", true},
	// Base 60 (YAML 1.1 ints and floats): 12:30 is 750.
	{"12:30", true}, {"1:20:30", true}, {"-1:30", true}, {"+1_0:05", true}, {"190:20:30.15", true}, {"0:30", true},
	// Other bases, underscores, exponents, infinities and NaN.
	{"0x10", true}, {"0X1f", true}, {"-0x_1", true}, {"0b101", true}, {"-0b1_0", true}, {"0o17", true},
	{"017", true}, {"0777", true}, {"08", true}, {"1_000", true}, {"-7", true}, {"+12", true},
	{"1e3", true}, {"1E5", true}, {"-1.5e+3", true}, {"6.8523015e+5", true}, {"685.230_15e+03", true},
	{"1.", true}, {".5", true}, {"+.5", true}, {"1.2.3", true}, {"3.14", true},
	{".inf", true}, {"-.Inf", true}, {"+.INF", true}, {".nan", true}, {".NaN", true}, {".NAN", true},
	// YAML 1.1 timestamps.
	{"2024-01-01", true}, {"2002-12-14", true}, {"2001-12-14t21:59:43.10-05:00", true},
	{"2001-12-14 21:59:43.10 -5", true}, {"2001-12-15T02:59:43.1Z", true}, {"2001-12-15 2:59:43.10", true},
	// Strings.
	{"yess", false}, {"yes!", false}, {"yes please", false}, {"tRUE", false}, {"nULL", false}, {"Off-by-one", false},
	{"O", false}, {"T", false}, {"F", false}, {"<", false}, {"==", false}, {"<<<", false}, {"~/x", false},
	{"./check.sh", false}, {".", false}, {"..", false}, {"-", false}, {"+", false}, {"-x", false}, {".5x", false},
	{"12:3x", false}, {"12:60", false}, {"1:2:3:a", false}, {"a:b", false}, {"echo yes", false},
	{"0x", false}, {"0xG", false}, {"0b2", false}, {"0o8", false}, {"1e", false}, {"1e+", false},
	{"2024-01", false}, {"20240-01-01", false}, {"2024-01-01x", false}, {"inf", false}, {"NaN", false},
	{"1,000", false}, {"v1.2", false}, {"Bash", false}, {"npm test", false}, {"é", false},
}

// TestYAMLTyped checks which strings the YAML writer must quote so that
// YAML 1.1 readers (PyYAML, Psych) as well as 1.2 ones load a string.
func TestYAMLTyped(t *testing.T) {
	for _, tt := range yamlTypedTests {
		if got := yamlTyped(tt.s); got != tt.typed {
			t.Errorf("yamlTyped(%q) = %v, want %v", tt.s, got, tt.typed)
		}
	}
}

// TestAppendYAMLQuotesTyped: every string YAML would read as another
// type is written in quotes, as a value and as a key, and reads back as
// the same string; the rest stay plain where YAML's syntax allows.
func TestAppendYAMLQuotesTyped(t *testing.T) {
	for _, tt := range yamlTypedTests {
		doc := &Node{Kind: Object, Fields: []Field{
			{Key: "command", Value: &Node{Kind: String, Text: tt.s}},
			{Key: "env", Value: &Node{Kind: Object, Fields: []Field{{Key: tt.s, Value: &Node{Kind: String, Text: "x"}}}}},
		}}
		out, err := AppendYAML(nil, doc)
		if err != nil {
			t.Fatalf("%q: %v", tt.s, err)
		}
		quoted := strconv.Quote(tt.s)
		wantValue, wantKey := "command: "+quoted+"\n", "\n  "+quoted+": x\n"
		if !tt.typed {
			wantValue, wantKey = "command: "+tt.s+"\n", "\n  "+tt.s+": x\n"
			if tt.s == "-" {
				wantValue, wantKey = "", "" // a list item, were it plain: YAML's syntax quotes it
			}
		}
		if !strings.Contains(string(out), wantValue) || !strings.Contains(string(out), wantKey) {
			t.Errorf("%q written as:\n%s\nwant %q and %q", tt.s, out, wantValue, wantKey)
		}
		back, err := ParseYAML(out)
		if err != nil {
			t.Fatalf("%q: %v\n%s", tt.s, err, out)
		}
		if !SameValue(doc, back) {
			t.Errorf("%q reads back as %s:\n%s", tt.s, AppendCompact(nil, back), out)
		}
	}
}

// TestIndentedSize checks the size against what AppendIndent writes: exact
// for text without escapes.
func TestIndentedSize(t *testing.T) {
	for _, src := range []string{
		`{}`, `[]`, `"x"`, `12.5`, `true`, `false`, `null`,
		`{"a": 1}`,
		`[1, [2, []], {}]`,
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./x.sh", "timeout": 5}]}]}, "env": {"A": "é"}}`,
		`[[[[{"deep": [true, null, {"k": "v"}]}]]]]`,
	} {
		n, err := ParseJSON([]byte(src), JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for depth := range 3 {
			if got, want := IndentedSize(n, depth), len(AppendIndent(nil, n, depth)); got != want {
				t.Errorf("IndentedSize(%s, %d) = %d, want %d", src, depth, got, want)
			}
		}
	}
}

func TestArena(t *testing.T) {
	var a Arena // the zero Arena works, one value per block
	x, y := a.String("x"), a.String("y")
	if x == y || x.Text != "x" || y.Text != "y" || x.Kind != String {
		t.Fatalf("New gave %+v and %+v", x, y)
	}
	a.Expect = 8
	first := a.Fields([]Field{{Key: "a"}, {Key: "b"}})
	second := a.Fields([]Field{{Key: "c"}})
	// Appending to what was carved must not overwrite what was carved next.
	first = append(first, Field{Key: "z"})
	if len(second) != 1 || second[0].Key != "c" {
		t.Errorf("appending to the first list changed the second: %+v", second)
	}
	if got := len(first); got != 3 || first[0].Key != "a" || first[2].Key != "z" {
		t.Errorf("first after append = %+v", first)
	}
	items := a.Items([]*Node{x, y})
	more := a.Items([]*Node{y})
	_ = append(items, x)
	if more[0] != y {
		t.Error("appending to the first item list changed the second")
	}
	if a.Fields(nil) != nil || a.Items(nil) != nil {
		t.Error("empty lists should be nil, as the parser has always made them")
	}
	// A request larger than Expect still gets all it asks for.
	big := make([]Field, 300)
	if got := len(a.Fields(big)); got != 300 {
		t.Errorf("Fields(300 members) gave %d", got)
	}
}

func TestArenaStringMapAndArray(t *testing.T) {
	var a Arena
	if a.StringMap(nil) != nil || a.StringArray(nil) != nil {
		t.Error("empty map or list should give no node")
	}
	m := a.StringMap(map[string]string{"b": "2", "a": "1", "c": "3"})
	if got := string(AppendCompact(nil, m)); got != `{"a":"1","b":"2","c":"3"}` {
		t.Errorf("StringMap = %s, want keys sorted", got)
	}
	if a.NonEmptyString("") != nil || a.NonEmptyString("x").Text != "x" {
		t.Error(`NonEmptyString: want no node for "" and a string node otherwise`)
	}
	l := a.StringArray([]string{"x", "y"})
	if got := string(AppendCompact(nil, l)); got != `["x","y"]` {
		t.Errorf("StringArray = %s", got)
	}
}

// TestRepeats: every member a later one repeats is reported, with the
// path of its object, at any depth; LastFields keeps only the last.
func TestRepeats(t *testing.T) {
	many := `{"big": {` + strings.Repeat(`"k": 1, `, 20) + `"k": 2, "z": 3}}`
	tests := []struct {
		src  string
		want []string // path: key
	}{
		{`{"a": 1, "b": 2}`, nil},
		{`{"a": 1, "a": 2, "a": 3}`, []string{": a", ": a"}},
		{`{"hooks": {"Stop": [{"hooks": [{"command": "a", "command": "b"}]}], "Stop": []}}`,
			[]string{"hooks: Stop", "hooks.Stop[0].hooks[0]: command"}},
		{`[[{"x": 1}, 2], [{"y": {"z": 1, "z": 2}}]]`, []string{"[1][0].y: z"}},
		{many, []string{"big: k", "big: k", "big: k", "big: k", "big: k", "big: k", "big: k", "big: k", "big: k", "big: k",
			"big: k", "big: k", "big: k", "big: k", "big: k", "big: k", "big: k", "big: k", "big: k", "big: k"}},
	}
	for _, tt := range tests {
		n, err := ParseJSON([]byte(tt.src), JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		Repeats(n, func(path string, f Field) { got = append(got, path+": "+f.Key) })
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: repeats %q, want %q", tt.src, got, tt.want)
		}
	}
	// A tree built by hand, which no parser marked, is walked.
	built := &Node{Kind: Array, Items: []*Node{{Kind: Object, Fields: []Field{{Key: "k", Value: &Node{}}, {Key: "k", Value: &Node{}}}}}}
	var got []string
	Repeats(built, func(path string, f Field) { got = append(got, path+": "+f.Key) })
	if strings.Join(got, "|") != "[0]: k" {
		t.Errorf("a tree built by hand: repeats %q, want [0]: k", got)
	}
	n, _ := ParseJSON([]byte(`{"a": 1, "b": 2, "a": 3}`), JSONOptions{})
	var keys []string
	for _, f := range n.LastFields() {
		keys = append(keys, f.Key+"="+f.Value.Text)
	}
	if got := strings.Join(keys, ","); got != "b=2,a=3" {
		t.Errorf("LastFields = %s, want b=2,a=3", got)
	}
}

// TestParsedUnique: the parser marks the objects and arrays in which no
// object repeats a key, at any depth, and only those: Repeats skips them.
func TestParsedUnique(t *testing.T) {
	n, err := ParseJSON([]byte(`{"a": [{"x": 1}, {"y": {"z": 1, "z": 2}}], "b": {"c": [1]}}`), JSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a, b := n.Get("a"), n.Get("b")
	for _, tt := range []struct {
		what string
		n    *Node
		want bool
	}{
		{"the root", n, false},
		{"a", a, false},
		{"a[0]", a.Items[0], true},
		{"a[1]", a.Items[1], false},
		{"a[1].y", a.Items[1].Get("y"), false},
		{"b", b, true},
		{"b.c", b.Get("c"), true},
	} {
		if tt.n.unique != tt.want {
			t.Errorf("%s: unique = %t, want %t", tt.what, tt.n.unique, tt.want)
		}
	}
}

// TestParseYAMLPositions: columns count bytes, as ParseJSON's do; a value
// behind an anchor is at the value, and an alias's use at the alias.
func TestParseYAMLPositions(t *testing.T) {
	src := "a: {n: \"ééé\", v: x}\nb: &e val\nc: *e\n"
	n, err := ParseYAML([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		what      string
		got       diag.Pos
		line, col int
	}{
		{"a.v after multi-byte text", n.Get("a").Get("v").Pos, 1, 21},
		{"the key v", func() diag.Pos { f, _ := n.Get("a").Field("v"); return f.KeyPos }(), 1, 18},
		{"an anchored value", n.Get("b").Pos, 2, 7},
		{"an alias", n.Get("c").Pos, 3, 4},
	}
	for _, tt := range tests {
		if tt.got.Line != tt.line || tt.got.Column != tt.col {
			t.Errorf("%s at %d:%d, want %d:%d", tt.what, tt.got.Line, tt.got.Column, tt.line, tt.col)
		}
	}
	if got := n.Get("c").Text; got != "val" {
		t.Errorf("alias value %q, want val", got)
	}
}

// TestParseYAMLUnicodeBreaks: yaml.v3 counts U+2028, U+2029 and U+0085
// as line breaks (YAML 1.1); positions count lines at '\n' only, as the
// JSON parser, YAML 1.2 and editors do.
func TestParseYAMLUnicodeBreaks(t *testing.T) {
	for _, br := range []string{"\u2028", "\u2029", "\u0085"} {
		src := "a: \"x" + br + "y\"\nb: 1\nc: {d: 2}\n"
		n, err := ParseYAML([]byte(src))
		if err != nil {
			t.Fatalf("%q: %v", br, err)
		}
		// (yaml.v3 folds a quoted U+0085 to a space, as YAML 1.1 does:
		// only the positions are checked for it.)
		if got := n.Get("a").Text; got != "x"+br+"y" && br != "\u0085" {
			t.Errorf("%q: a = %q", br, got)
		}
		if p := n.Get("b").Pos; p.Line != 2 || p.Column != 4 {
			t.Errorf("%q: b at %d:%d, want 2:4", br, p.Line, p.Column)
		}
		if p := n.Get("c").Get("d").Pos; p.Line != 3 || p.Column != 8 {
			t.Errorf("%q: c.d at %d:%d, want 3:8", br, p.Line, p.Column)
		}
	}
}

// TestParseYAMLAliasPositions: every node of an alias's copy is at the
// alias, so a problem in the second use is not reported at the first;
// a byte-order mark does not shift line 1's columns.
func TestParseYAMLAliasPositions(t *testing.T) {
	src := "a: &h\n  t: -1\nb: *h\n"
	n, err := ParseYAML([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if p := n.Get("a").Get("t").Pos; p.Line != 2 || p.Column != 6 {
		t.Errorf("a.t at %d:%d, want 2:6", p.Line, p.Column)
	}
	if p := n.Get("b").Get("t").Pos; p.Line != 3 || p.Column != 4 {
		t.Errorf("b.t at %d:%d, want 3:4 (the alias)", p.Line, p.Column)
	}
	bom, err := ParseYAML([]byte("\ufeffspec: 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p := bom.Get("spec").Pos; p.Column != 7 {
		t.Errorf("after a BOM spec's value at column %d, want 7", p.Column)
	}
}

func TestBlankJSON(t *testing.T) {
	jsonc := JSONOptions{JSONC: true}
	for _, tc := range []struct {
		name  string
		src   string
		opt   JSONOptions
		blank bool
	}{
		{"empty", "", JSONOptions{}, true},
		{"white space", " \n\t\r\n", JSONOptions{}, true},
		{"BOM alone", "\xef\xbb\xbf", JSONOptions{}, true},
		{"BOM and a line break", "\xef\xbb\xbf\n", JSONOptions{}, true},
		{"line comment, strict", "// only a comment\n", JSONOptions{}, false},
		{"line comment", "// only a comment\n", jsonc, true},
		{"line comment without a line break", "// c", jsonc, true},
		{"block comment", "/* x */", jsonc, true},
		{"comments only, Comments", "/* x */\n// y\n", JSONOptions{Comments: true}, true},
		{"BOM and a comment", "\xef\xbb\xbf// c\n", jsonc, true},
		{"unterminated comment", "/* x", jsonc, false},
		{"lone slash", "/", jsonc, false},
		{"empty object", "{}", jsonc, false},
		{"comment then object", "// c\n{}", jsonc, false},
		{"BOM not at the start", " \xef\xbb\xbf", jsonc, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := BlankJSON([]byte(tc.src), tc.opt); got != tc.blank {
				t.Errorf("BlankJSON(%q, %+v) = %v, want %v", tc.src, tc.opt, got, tc.blank)
			}
		})
	}
}

// FuzzRepeatsMarked: on any document, Repeats and LastFields say of the
// parsed tree, which the parser marked (Node.unique), what they say of
// the same tree built by hand, which they walk whole.
func FuzzRepeatsMarked(f *testing.F) {
	for _, s := range []string{`{"a": 1, "a": 2}`, `[{"x": {"y": 1, "y": [{"z": 1}]}}, {"x": 1}]`, `{"a": {"b": {}}, "c": [[], {}]}`, `"s"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		n, err := ParseJSON([]byte(src), JSONOptions{JSONC: true})
		if err != nil {
			return
		}
		built := unmarked(n)
		spell := func(n *Node) string {
			var got []string
			Repeats(n, func(path string, f Field) { got = append(got, path+": "+f.Key) })
			if n.Kind == Object {
				for _, f := range n.LastFields() {
					got = append(got, "last "+f.Key)
				}
			}
			return strings.Join(got, "|")
		}
		if got, want := spell(n), spell(built); got != want {
			t.Errorf("%s: parsed %q, built %q", src, got, want)
		}
	})
}

// unmarked is a copy of n with no node marked unique.
func unmarked(n *Node) *Node {
	c := &Node{Kind: n.Kind, Bool: n.Bool, Text: n.Text}
	for _, f := range n.Fields {
		c.Fields = append(c.Fields, Field{Key: f.Key, Value: unmarked(f.Value)})
	}
	for _, it := range n.Items {
		c.Items = append(c.Items, unmarked(it))
	}
	return c
}
