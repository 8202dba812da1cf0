package node

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// splitAt starts a second goroutine at point, chosen before the first
// parser starts, so that a test knows the split is there to be taken.
func splitAt(p *parser, point splitPoint) *split {
	s := &split{from: point.at, point: point, done: make(chan struct{})}
	s.at.Store(int64(point.at))
	go func() {
		defer close(s.done)
		s.parse(p.src, p.text, p.jsonc)
	}()
	return s
}

// commas lists the points of src's commas between entries, as the scan
// sees them.
func commas(src []byte, jsonc bool) []splitPoint {
	var points []splitPoint
	for i := range src {
		if src[i] != ',' {
			continue
		}
		if pt, ok := chooseSplit(src, jsonc, i, i+1); ok && pt.at == i {
			points = append(points, pt)
		}
	}
	return points
}

// parseSplitAt parses src split at point and reports whether the first
// parser took the second's entries.
func parseSplitAt(src []byte, opt JSONOptions, point splitPoint) (n *Node, err error, taken bool) {
	var s *split
	n, err = parseSplit(src, opt, func(p *parser) *split {
		s = splitAt(p, point)
		return s
	})
	<-s.done
	return n, err, s.taken
}

func manyHooks(n int) string {
	var b strings.Builder
	b.WriteString("{\n  \"hooks\": {\n    \"PreToolUse\": [\n")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `      {"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "echo \"%d, [x]\" \\\\", "timeout": %d.5}]}`, i, i)
	}
	b.WriteString("\n    ]\n  },\n  \"model\": \"x\"\n}\n")
	return b.String()
}

// TestParseSplitMatchesOneParser splits valid documents at each of their
// commas in turn: every split is taken, and the tree, positions and all,
// is the one a single parser builds.
func TestParseSplitMatchesOneParser(t *testing.T) {
	docs := []struct {
		name string
		src  string
		opt  JSONOptions
	}{
		{"nested", manyHooks(6), JSONOptions{}},
		{"minified", `{"a":[1,2,{"b":[true,false,null]},"x,y"],"c":{"d":"e\\\",,","f":[[],{}]}}`, JSONOptions{}},
		{"crlf", "[\r\n  1,\r\n  \"a\\\"b,\",\r\n  {\"k\": [2, 3]}\r\n]\r\n", JSONOptions{}},
		{"bom", "\xEF\xBB\xBF[1, [2, 3], {\"a\": 4, \"b\": 5}]", JSONOptions{}},
		{"jsonc", "{\n  // a, comment [\n  \"a\": [1, /* b,\n c \" */ 2,],\n  /* ] */ \"d\": {\"e\": \"//,\", },\n}\n", JSONOptions{JSONC: true}},
		{"unicode", `["é,ß", "\u00e9", {"ключ": ["значение", "…"]}]`, JSONOptions{}},
	}
	for _, doc := range docs {
		t.Run(doc.name, func(t *testing.T) {
			src := []byte(doc.src)
			want, err := newParser(src, doc.src, doc.opt).document()
			if err != nil {
				t.Fatalf("the document itself does not parse: %v", err)
			}
			points := commas(src, doc.opt.JSONC)
			if len(points) < 3 {
				t.Fatalf("only %d commas found", len(points))
			}
			for _, pt := range points {
				got, err, taken := parseSplitAt(src, doc.opt, pt)
				if err != nil {
					t.Fatalf("split at %d: %v", pt.at, err)
				}
				if !taken {
					t.Errorf("split at %d (line %d, depth %d) was not taken", pt.at, pt.line, pt.depth)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("split at %d: tree differs (-one parser +split):\n%s", pt.at, diff)
				}
			}
		})
	}
}

// TestParseSplitErrors splits broken documents at each comma: the error
// is always the one a single parser reports, whichever half meets it.
func TestParseSplitErrors(t *testing.T) {
	for _, src := range []string{
		`[1, 2, 3, x, 5, 6]`,
		`{"a": 1, "b": , "c": 3}`,
		`[1, 2, 3, 4,]`,
		`[1, 2, [3, 4], 5`,
		`[1, 2, 3], 4]`,
		"[1, 2, \"a\nb\", 4, 5]",
		`{"a": [1, 2}, "b": 3}`,
		`[1, {"a": 2, "b": 3, "c": 4}, 5] x`,
		`[1, 2, 3, "\q", 5]`,
		`[1, 2, 3, 01, 5]`,
		`[1, 2, /* c */ 3]`,
	} {
		want, wantErr := newParser([]byte(src), src, JSONOptions{}).document()
		if wantErr == nil {
			t.Fatalf("%q parses (%v); the test wants a broken document", src, want)
		}
		points := commas([]byte(src), false)
		if len(points) == 0 {
			t.Fatalf("%q: no comma to split at", src)
		}
		for _, pt := range points {
			_, err, _ := parseSplitAt([]byte(src), JSONOptions{}, pt)
			if err == nil || err.Error() != wantErr.Error() {
				t.Errorf("%q split at %d: error %v, want %v", src, pt.at, err, wantErr)
			}
		}
	}
}

// TestChooseSplitShallow: in a tool's settings file, the comma chosen is
// between two entries of an event's list, not inside a hook.
func TestChooseSplitShallow(t *testing.T) {
	src := []byte(manyHooks(400))
	n := len(src)
	pt, ok := chooseSplit(src, false, n/2-n/8, n/2+n/8)
	if !ok {
		t.Fatal("no comma chosen")
	}
	if pt.depth != 2 || pt.close != ']' {
		t.Errorf("chose a comma at depth %d in a list closed by %q, want depth 2 in the event's array", pt.depth, pt.close)
	}
	if pt.at < n/2-n/8 || pt.at >= n/2+n/8 {
		t.Errorf("chose %d, outside the window", pt.at)
	}
	if want := 1 + strings.Count(string(src[:pt.at]), "\n"); pt.line != want {
		t.Errorf("line %d, want %d", pt.line, want)
	}
}

// TestParseJSONLargeSplits: ParseJSON gives a large document's tree, the
// same as one parser's, with the second goroutine running.
func TestParseJSONLargeSplits(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: ParseJSON does not split")
	}
	src := manyHooks(4000)
	if len(src) < SplitMinBytes {
		t.Fatalf("document of %d bytes is below SplitMinBytes", len(src))
	}
	want, err := newParser([]byte(src), src, JSONOptions{}).document()
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseJSON([]byte(src), JSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("tree differs (-one parser +ParseJSON):\n%s", diff)
	}
	broken := strings.Replace(src, `"timeout": 3900.5`, `"timeout": 3900.`, 1)
	_, wantErr := newParser([]byte(broken), broken, JSONOptions{}).document()
	if _, err := ParseJSON([]byte(broken), JSONOptions{}); wantErr == nil || err == nil || err.Error() != wantErr.Error() {
		t.Errorf("broken near the end: error %v, want %v", err, wantErr)
	}
}

// FuzzParseSplit: split anywhere, any input parses to the same tree, or
// fails with the same error, as with one parser.
func FuzzParseSplit(f *testing.F) {
	f.Add([]byte(manyHooks(3)), uint16(5), false)
	f.Add([]byte("{\"a\": [1, /* , */ 2], // x,\n \"b\": 3,}"), uint16(1), true)
	f.Add([]byte(`[1, "a\"b,c", [2, 3]]`), uint16(2), false)
	f.Fuzz(func(t *testing.T, src []byte, k uint16, jsonc bool) {
		opt := JSONOptions{JSONC: jsonc}
		points := commas(src, jsonc)
		if len(points) == 0 {
			return
		}
		pt := points[int(k)%len(points)]
		want, wantErr := newParser(src, string(src), opt).document()
		got, err, _ := parseSplitAt(src, opt, pt)
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("split at %d: error %v, want %v", pt.at, err, wantErr)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("split at %d: tree differs (-one parser +split):\n%s", pt.at, diff)
		}
	})
}

// BenchmarkParseJSONLarge parses a 10,000-handler settings file, with
// ParseJSON's split and without.
func BenchmarkParseJSONLarge(b *testing.B) {
	src := []byte(manyHooks(10000))
	b.Run("split", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if _, err := ParseJSON(src, JSONOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("one-parser", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if _, err := newParser(src, string(src), JSONOptions{}).document(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("scan", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		n := len(src)
		for b.Loop() {
			if _, ok := chooseSplit(src, false, n/2-n/8, n/2+n/8); !ok {
				b.Fatal("no split")
			}
		}
	})
}
