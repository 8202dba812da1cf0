package shlex

import (
	"reflect"
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
