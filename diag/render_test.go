package diag

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestRenderText(t *testing.T) {
	src := []byte("{\n\t\"é\": \"x\", \"k\": 1\n}\n")
	ds := List{
		{Severity: Error, Code: "HC150", Message: "bad", Hint: "fix it", File: "a.json", Pos: Pos{Line: 2, Column: 15}},
		{Severity: Warning, Code: "HC180", Message: "no position", File: "a.json"},
		{Severity: Info, Code: "HC113", Message: "past the end", File: "a.json", Pos: Pos{Line: 9, Column: 1}},
	}
	var b strings.Builder
	if err := (Renderer{Format: FormatText, Sources: map[string][]byte{"a.json": src}}).Render(&b, ds); err != nil {
		t.Fatal(err)
	}
	// The caret keeps the tab and counts "é" (two bytes) as one column.
	want := "a.json:2:15: error: bad [HC150]\n" +
		"  2 | \t\"é\": \"x\", \"k\": 1\n" +
		"    | \t            ^\n" +
		"  hint: fix it\n" +
		"a.json: warning: no position [HC180]\n" +
		"a.json:9:1: info: past the end [HC113]\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// A byte order mark before line 1 is not quoted, and not counted: the
// parsers give columns after it, so the caret stands under the value.
func TestRenderTextBOM(t *testing.T) {
	src := []byte("\ufeff{\"event\": \"nope\"}\n")
	ds := List{{Severity: Error, Code: "HC131", Message: "unknown event", File: "a.json", Pos: Pos{Line: 1, Column: 11}}}
	var b strings.Builder
	if err := (Renderer{Format: FormatText, Sources: map[string][]byte{"a.json": src}}).Render(&b, ds); err != nil {
		t.Fatal(err)
	}
	want := "a.json:1:11: error: unknown event [HC131]\n" +
		"  1 | {\"event\": \"nope\"}\n" +
		"    |           ^\n"
	if b.String() != want {
		t.Errorf("got:\n%q\nwant:\n%q", b.String(), want)
	}
}

// A line with bytes that are not UTF-8 (a Latin-1 file) is still quoted:
// each such byte shows as U+FFFD and counts one column, so the caret
// stands under the byte the diagnostic names.
func TestRenderTextNotUTF8(t *testing.T) {
	src := []byte("{\"m\": \"\xe9\xe9x\xfc\"}\n")
	ds := List{{Severity: Error, Code: "HC101", Message: "byte 0xFC", File: "a.json", Pos: Pos{Line: 1, Column: 11}}}
	var b strings.Builder
	if err := (Renderer{Format: FormatText, Sources: map[string][]byte{"a.json": src}}).Render(&b, ds); err != nil {
		t.Fatal(err)
	}
	want := "a.json:1:11: error: byte 0xFC [HC101]\n" +
		"  1 | {\"m\": \"\uFFFD\uFFFDx\uFFFD\"}\n" +
		"    |           ^\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// A line holding NUL bytes (a UTF-16 or UTF-32 file, a binary one) is not
// quoted: it reads as noise, and its NULs and carriage returns would go
// to the terminal. The message and the hint stay.
func TestRenderTextNUL(t *testing.T) {
	tests := []struct {
		name string
		src  string
	}{
		{"UTF-16 LE", "\xff\xfe{\x00\r\x00\n\x00}\x00\r\x00\n\x00"},
		{"UTF-16 BE", "\xfe\xff\x00{\x00\r\x00\n\x00}\x00\r\x00\n"},
		{"UTF-32 LE", "\xff\xfe\x00\x00{\x00\x00\x00\n\x00\x00\x00"},
		{"binary", "\x7fELF\x02\x01\x01\x00\x00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := List{{Severity: Error, Code: "HC101", Message: "not UTF-8", Hint: "save it as UTF-8", File: "a.json", Pos: Pos{Line: 1, Column: 1}}}
			var b strings.Builder
			if err := (Renderer{Format: FormatText, Sources: map[string][]byte{"a.json": []byte(tt.src)}}).Render(&b, ds); err != nil {
				t.Fatal(err)
			}
			want := "a.json:1:1: error: not UTF-8 [HC101]\n" +
				"  hint: save it as UTF-8\n"
			if b.String() != want {
				t.Errorf("got:\n%q\nwant:\n%q", b.String(), want)
			}
		})
	}
}

func TestRenderGitHubEscapes(t *testing.T) {
	ds := List{{Severity: Warning, Code: "HC1", Message: "50% done\nnext", File: "a,b:c.json", Pos: Pos{Line: 1, Column: 2}}}
	var b strings.Builder
	if err := (Renderer{Format: FormatGitHub}).Render(&b, ds); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=a%2Cb%3Ac.json,line=1,col=2,title=HC1::50%25 done%0Anext\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestRenderJSONEmpty(t *testing.T) {
	var b strings.Builder
	if err := (Renderer{Format: FormatJSON}).Render(&b, nil); err != nil {
		t.Fatal(err)
	}
	if b.String() != "[]\n" {
		t.Errorf("got %q", b.String())
	}
}

func TestRenderColor(t *testing.T) {
	var b strings.Builder
	ds := List{{Severity: Error, Code: "HC1", Message: "m", File: "f"}}
	_ = Renderer{Format: FormatText, Color: true}.Render(&b, ds)
	if !strings.Contains(b.String(), "\x1b[31merror\x1b[0m") {
		t.Errorf("no colour: %q", b.String())
	}
	b.Reset()
	_ = Renderer{Format: FormatText}.Render(&b, ds)
	if strings.Contains(b.String(), "\x1b[") {
		t.Errorf("colour without asking: %q", b.String())
	}
}

func TestSort(t *testing.T) {
	ds := List{{File: "b", Pos: Pos{Line: 1}}, {File: "a", Pos: Pos{Line: 3, Column: 2}}, {File: "a", Pos: Pos{Line: 3, Column: 1}}, {File: "a"}}
	ds.Sort()
	var got []string
	for _, d := range ds {
		got = append(got, d.String())
	}
	want := []string{"a: info:  []", "a:3:1: info:  []", "a:3:2: info:  []", "b:1:0: info:  []"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q", got)
	}
}

// BenchmarkRender renders the warnings of a large config, 2,000
// diagnostics quoting lines of a 10,000-line file, in each format.
func BenchmarkRender(b *testing.B) {
	var src []byte
	for i := range 10000 {
		src = fmt.Appendf(src, "        {\"type\": \"http\", \"url\": \"http://localhost:8080/%d\", \"timeout\": 5},\n", i)
	}
	var ds List
	for i := range 2000 {
		ds = append(ds, Diagnostic{File: "a.json", Pos: Pos{Line: 1 + i*5, Column: 9}, Severity: Warning, Code: "HC202",
			Message: fmt.Sprintf("hook %d uses http_handler, which gemini-cli does not support; converted to a command handler", i),
			Hint:    "make sure curl is installed where gemini-cli runs"})
	}
	for _, format := range Formats() {
		b.Run("format="+format, func(b *testing.B) {
			r := Renderer{Format: format, Sources: map[string][]byte{"a.json": src}}
			b.ReportAllocs()
			for b.Loop() {
				if err := r.Render(io.Discard, ds); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestCaretIndentWide(t *testing.T) {
	for _, tc := range []struct {
		line string
		col  int // byte column
		want string
	}{
		{"ab", 2, " "},
		{"\tx", 3, "\t "},
		{`{"name": "🚀检查", "e"`, 21, strings.Repeat(" ", 10+2+2+2)}, // the closing quote: 🚀 and 检查 take two cells each
		{"e\u0301x", 4, " "},
		{"👍🏽x", 9, "  "}, // a skin tone joins its emoji: two cells in all // a combining accent takes none
	} {
		if got := string(appendCaretIndent(nil, []byte(tc.line), tc.col)); got != tc.want {
			t.Errorf("appendCaretIndent(%q, %d) = %q (%d), want %d cells", tc.line, tc.col, got, len(got), len(tc.want))
		}
	}
}

// lineIndex.line takes each line's end from the line-starts table: the
// last line runs to the end of src with or without a final newline, a
// carriage return before the newline is no part of the line, and a line
// past the end is not there.
func TestLineIndexLine(t *testing.T) {
	src := []byte("one\r\ntwo\n\nlast")
	for _, tc := range []struct {
		n    int
		want string
		ok   bool
	}{
		{1, "one", true},
		{2, "two", true},
		{3, "", true},
		{4, "last", true},
		{5, "", false},
		{0, "", false},
	} {
		got, ok := lineIndex{}.line("a.json", src, tc.n)
		if string(got) != tc.want || ok != tc.ok {
			t.Errorf("line %d = %q, %v; want %q, %v", tc.n, got, ok, tc.want, tc.ok)
		}
	}
}

// BenchmarkRenderOneLine renders n warnings about a one-line (minified)
// file of n hooks, too long to quote: the time per diagnostic should not
// grow with n (it did, when each one scanned the rest of the file for
// its line's end).
func BenchmarkRenderOneLine(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("hooks=%d", n), func(b *testing.B) {
			src := []byte("{\"hooks\": [" + strings.Repeat("{\"type\": \"command\", \"command\": \"g\"},", n) + "{}]}\n")
			ds := make(List, n)
			for i := range ds {
				ds[i] = Diagnostic{File: "a.json", Pos: Pos{Line: 1, Column: 12 + 37*i}, Severity: Warning, Code: "HC704", Message: "duplicate hook"}
			}
			r := Renderer{Format: FormatText, Sources: map[string][]byte{"a.json": src}}
			b.ReportAllocs()
			for b.Loop() {
				if err := r.Render(io.Discard, ds); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
