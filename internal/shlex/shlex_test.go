package shlex

import (
	"strings"
	"testing"
)

func TestSkipBlanks(t *testing.T) {
	for _, tc := range []struct {
		s           string
		at          int
		blanks, all int // SkipBlanks, SkipSpace
	}{
		{"", 0, 0, 0},
		{"a b", 1, 2, 2},
		{" \t x", 0, 3, 3},
		{" \n x", 0, 1, 3}, // a line break ends the blanks, not the space
		{"x", 1, 1, 1},
	} {
		if got := SkipBlanks(tc.s, tc.at); got != tc.blanks {
			t.Errorf("SkipBlanks(%q, %d) = %d, want %d", tc.s, tc.at, got, tc.blanks)
		}
		if got := SkipSpace(tc.s, tc.at); got != tc.all {
			t.Errorf("SkipSpace(%q, %d) = %d, want %d", tc.s, tc.at, got, tc.all)
		}
	}
}

func TestWordAt(t *testing.T) {
	for _, tc := range []struct {
		plain string
		at    int
		w     string
		want  bool
	}{
		{"exit 2", 0, "exit", true},
		{"exit", 0, "exit", true},
		{"exit;", 0, "exit", true},
		{"a; exit\n", 3, "exit", true},
		{"exited", 0, "exit", false}, // not whole
		{"exit|x", 0, "exit", false}, // only a blank, ; or line break ends a word here
		{"then exit", 0, "exit", false},
	} {
		if got := WordAt(tc.plain, tc.at, tc.w); got != tc.want {
			t.Errorf("WordAt(%q, %d, %q) = %v, want %v", tc.plain, tc.at, tc.w, got, tc.want)
		}
	}
}

func TestNextOperator(t *testing.T) {
	for _, tc := range []struct {
		plain string
		at    int
		want  int
	}{
		{"a; b", 0, 1},
		{"a\nb", 0, 1},
		{"a && b", 0, 2},
		{"a | b", 0, 2},
		{"a 2>&1 | b", 0, 7},  // the & of 2>&1 separates nothing
		{"a &> log; b", 0, 8}, // nor that of &>
		{"a >| f; b", 0, 6},   // nor the | of >|
		{"a <&0; b", 0, 5},
		{"abc", 0, 3},
		{"a; b; c", 2, 4},
	} {
		if got := NextOperator(tc.plain, tc.at); got != tc.want {
			t.Errorf("NextOperator(%q, %d) = %d, want %d", tc.plain, tc.at, got, tc.want)
		}
	}
}

func TestPipelineEnd(t *testing.T) {
	for _, tc := range []struct {
		plain string
		at    int
		want  int
	}{
		{"a | b | c; d", 2, 9},
		{"a | b && c", 2, 6},
		{"a || b", 2, 2}, // an or-list, no pipeline
		{"a | b", 2, 5},
		{"a |& b; c", 2, 9}, // stderr down the pipe: not followed
		{"a; b", 1, 1},      // no | at at
	} {
		if got := PipelineEnd(tc.plain, tc.at); got != tc.want {
			t.Errorf("PipelineEnd(%q, %d) = %d, want %d", tc.plain, tc.at, got, tc.want)
		}
	}
}

func TestIsNameByte(t *testing.T) {
	for _, tc := range []struct {
		c    byte
		want bool
	}{
		{'a', true}, {'Z', true}, {'0', true}, {'9', true}, {'_', true},
		{'-', false}, {'.', false}, {'$', false}, {' ', false}, {'{', false}, {0x80, false},
	} {
		if got := IsNameByte(tc.c); got != tc.want {
			t.Errorf("IsNameByte(%q) = %v, want %v", tc.c, got, tc.want)
		}
	}
}

func TestWithoutLiteralQuotes(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`echo "no rm" >&2`, `echo "xxxxx" >&2`},
		{`echo 'a $b' "$c"`, `echo 'xxxx' "$c"`},
		{`echo "a \" b"`, `echo "a \" b"`}, // a backslash: kept whole
		// QA: a command substitution's quotes are its own, and the
		// string is one: kept whole, as any holding a $.
		{`if ! "$(dirname "$0")/check.sh"; then exit 2; fi`, `if ! "$(dirname "$0")/check.sh"; then exit 2; fi`},
		{`x="$(echo "a)b")"; y="ok"`, `x="$(echo "a)b")"; y="xx"`},
		{`x="$((1+(2)))" "lit"`, `x="$((1+(2)))" "xxx"`},
		{`x="$(echo "open`, `x="$(echo "open`}, // unbalanced: as it is
		// QA: a message beside an expansion is text too: its runs with
		// a blank are blanked, not a path's, nor a name's end.
		{`echo "$(date "+%F %T") rerun with set -x" >> log`, `echo "$(date "+%F %T") xxxxx xxxx xxx xx" >> log`},
		{`echo "$FILE: blocked >&2"`, `echo "$FILE: xxxxxxx xxx"`},
		{`echo "Blocked: $reason" >&2`, `echo "xxxxxxxx $reason" >&2`},
		{`echo "${X} tip 2>/dev/null" >&2`, `echo "${X} xxx xxxxxxxxxxx" >&2`},
		{"echo \"`date` set -x\"", "echo \"`date` xxx xx\""},
		{`exec "$DIR/check.sh" "$@"`, `exec "$DIR/check.sh" "$@"`},
	} {
		if got := WithoutLiteralQuotes(tc.text); got != tc.want {
			t.Errorf("WithoutLiteralQuotes(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestQuotesNestedDeep: strings and substitutions nested deeper than
// maxQuoteDepth read as unbalanced, at once, instead of overflowing the
// stack (QA: an inline command of millions of "$( crashed convert).
func TestQuotesNestedDeep(t *testing.T) {
	deep := "x=" + strings.Repeat(`"$(`, 1<<20)
	if got := WithoutLiteralQuotes(deep); got != deep {
		t.Error("an unbalanced nesting was changed")
	}
	closed := "x=" + strings.Repeat(`"$(`, maxQuoteDepth/2) + "y" + strings.Repeat(`)"`, maxQuoteDepth/2) + ` "lit"`
	if got := WithoutLiteralQuotes(closed); !strings.HasSuffix(got, ` "xxx"`) {
		t.Errorf("a nesting within the bound was not read: %q", got[len(got)-10:])
	}
}
