package shlex

import (
	"reflect"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	w := func(text string) Word { return Word{Text: text} }
	op := func(text string) Word { return Word{Text: text, Operator: true} }
	re := func(text string) Word { return Word{Text: text, Redirect: true} }
	for _, tc := range []struct {
		s    string
		want []Word
	}{
		{"", nil},
		{"./hooks/guard.sh --flag", []Word{w("./hooks/guard.sh"), w("--flag")}},
		{`python3 "$DIR/x y.py" 'a b'`, []Word{w("python3"), w("$DIR/x y.py"), w("a b")}}, // quotes group, expansions stay
		{`a\ b "q\"x"`, []Word{w("a b"), w(`q"x`)}},
		{"a;b && c|d", []Word{w("a"), op(";"), w("b"), op("&"), op("&"), w("c"), op("|"), w("d")}},
		{"(cd x)", []Word{op("("), w("cd"), w("x"), op(")")}},
		{"echo hi > out.sh", []Word{w("echo"), w("hi"), re(">"), w("out.sh")}},
		{"jq . <<< $in", []Word{w("jq"), w("."), re("<<<"), w("$in")}}, // a here-string: the command's input
		{"a\tb\nc", []Word{w("a"), w("b"), w("c")}},
		{`echo 'open`, nil}, // unbalanced: not a command to judge
		{`echo "open`, nil},
	} {
		if got := Words(tc.s); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Words(%q) = %+v, want %+v", tc.s, got, tc.want)
		}
	}
}

// wordsDefinition is Words as it read each byte before its table of
// plain word bytes (wordByte): the definition FuzzWords holds it to.
func wordsDefinition(s string) []Word {
	// Sized at once for the words blanks separate: grown by append, the
	// list cost two or three allocations for a two-word command, and
	// this runs several times for every hook of a large config.
	var out []Word
	if s != "" { // a script's blank lines need none
		out = make([]Word, 0, 1+strings.Count(s, " "))
	}
	// A word is s[start:i] until a quote or a backslash makes its text
	// differ from what s spells: then it is built in quoted. Most words of
	// a config (./hooks/guard.sh, --flag) are plain, and this runs for
	// every hook of a large one.
	var quoted []byte
	start, inWord, copied := 0, false, false
	word := func(i int, copy bool) {
		if !inWord {
			start, inWord, copied = i, true, false
		}
		if copy && !copied {
			quoted, copied = append(quoted[:0], s[start:i]...), true
		}
	}
	flush := func(end int) {
		if inWord {
			text := s[start:end]
			if copied {
				text = string(quoted)
			}
			out = append(out, Word{Text: text})
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			word(i, true)
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil // unbalanced: not a command to judge
			}
			quoted = append(quoted, s[i+1:i+1+j]...)
			i += j + 1
		case c == '"':
			word(i, true)
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' && j+1 < len(s) {
					j++
				}
				quoted = append(quoted, s[j])
			}
			if j >= len(s) {
				return nil
			}
			i = j
		case c == '\\' && i+1 < len(s):
			word(i, true)
			i++
			quoted = append(quoted, s[i])
		case c == ' ' || c == '\t' || c == '\n':
			flush(i)
		case strings.HasPrefix(s[i:], "<<<"):
			// A here-string: the next word is the command's input, as
			// echo … | would give it.
			flush(i)
			out = append(out, Word{Redirect: true, Text: "<<<"})
			i += 2
		case strings.IndexByte(";&|()<>", c) >= 0:
			flush(i)
			if c == '<' || c == '>' {
				out = append(out, Word{Redirect: true, Text: s[i : i+1]})
				continue
			}
			out = append(out, Word{Operator: true, Text: s[i : i+1]})
		default:
			word(i, false)
			if copied {
				quoted = append(quoted, c)
			}
		}
	}
	flush(len(s))
	if len(out) == 0 {
		return nil // callers tell a blank text by it
	}
	return out
}

// FuzzWords: Words splits every text as its definition does, and
// AppendWords appends the same words after what a list held, or says a
// quote is open (and leaves the list as it was) where Words gives nil
// for a text that is not blank.
func FuzzWords(f *testing.F) {
	for _, s := range []string{"", "./hooks/guard.sh --flag", `python3 "$DIR/x y.py" 'a b'`, `a\ b "q\"x"`, "a;b && c|d", "(cd x)",
		"echo hi > out.sh", "jq . <<< $in", "a\tb\nc", `echo 'open`, `echo "open`, "x\\", "é<<<<&2>|", " \t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := wordsDefinition(s)
		if got := Words(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("Words(%q) = %+v, want %+v", s, got, want)
		}
		held := []Word{{Text: "held"}}
		got, ok := AppendWords(held, s)
		switch blank := strings.Trim(s, " \t\n") == ""; {
		case !ok && (want != nil || blank):
			t.Fatalf("AppendWords(%q) says a quote is open; Words gives %+v", s, want)
		case !ok && len(got) != 1:
			t.Fatalf("AppendWords(%q) with a quote open changed the list: %+v", s, got)
		case ok && want == nil && !blank:
			t.Fatalf("AppendWords(%q) read a text Words gives nil for", s)
		case ok && len(want) > 0 && !reflect.DeepEqual(got[1:], want), ok && len(want) == 0 && len(got) != 1:
			t.Fatalf("AppendWords(%q) appended %+v, want %+v", s, got[1:], want)
		}
	})
}

// FuzzPlainFirstWord: a first word read as it is spelled is the first
// word Words gives, unless Words gives none (a quote left open later).
func FuzzPlainFirstWord(f *testing.F) {
	for _, s := range []string{"", "./hooks/guard.sh --flag", " bash -e x.sh", `bash"x" y`, `ba\sh x`, "(bash x)", "sh<<<x", "x\\", "sh;x", `sh 'open`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		first, ok := PlainFirstWord(s)
		if !ok {
			return
		}
		if ws := Words(s); ws != nil && (ws[0] != Word{Text: first}) {
			t.Fatalf("PlainFirstWord(%q) = %q, but Words gives %+v first", s, first, ws[0])
		}
	})
}

func TestPlainFirstWord(t *testing.T) {
	for _, tc := range []struct {
		s, want string
		ok      bool
	}{
		{"./hooks/guard.sh --flag", "./hooks/guard.sh", true},
		{"\t bash -e x.sh", "bash", true},
		{"sh;x", "sh", true},
		{"sh", "sh", true},
		{`bash"x" y`, "", false}, // Words gives bashx
		{`ba\sh x`, "", false},
		{"(bash x)", "", false},
		{"", "", false},
		{"  ", "", false},
	} {
		if got, ok := PlainFirstWord(tc.s); got != tc.want || ok != tc.ok {
			t.Errorf("PlainFirstWord(%q) = %q, %v; want %q, %v", tc.s, got, ok, tc.want, tc.ok)
		}
	}
}
