package shlex

import (
	"strings"
	"testing"
)

// TestCodeViewsStartsCommand: codeViews.startsCommand, which reads only
// the bytes before i that matter, answers as StartsCommand does on the
// whole code view before i, at every offset.
func TestCodeViewsStartsCommand(t *testing.T) {
	for _, code := range []string{
		"case", "x; case", "then  case", "`case", "ab case", "(case", "\ncase", "elif\tcase",
		"xthen case", "  case", "a|  esac", "do esac", "time case", "if x; then\n\t case y in a) ;; esac; fi",
	} {
		v := codeViews{text: code, c: []byte(code), e: []byte(code)}
		for i := range len(code) + 1 {
			if got, want := v.startsCommand(i), StartsCommand(code[:i], i); got != want {
				t.Errorf("%q at %d: %v, want %v", code, i, got, want)
			}
		}
	}
}

// TestViewsComments: Views blanks a comment where bash and
// dash start one, at a # that starts a word (after a blank, a newline or
// an operator, a subshell's ) too), and nowhere else: a # after a
// command substitution's or an arithmetic expansion's ), after an
// escaped blank or a backslash-newline, goes on the word (QA: each
// checked in bash 5 and dash, echo $(echo x)#a printing x#a).
func TestViewsComments(t *testing.T) {
	tests := []struct {
		text    string
		comment bool // whether the # starts a comment
	}{
		{`echo a #C`, true},
		{"echo a\t#C", true},
		{"echo a\n#C", true},
		{`echo a;#C`, true},
		{`echo a&#C`, true},
		{`echo a|#C`, true},
		{`(echo a)#C`, true},
		{`((1))#C`, true},
		{`echo a>#C`, true},
		{`echo \\ #C`, true},
		{`echo $(echo x)#C`, false},
		{`echo $((1))#C`, false},
		{`echo $((1+(2)))#C`, false},
		{`echo <(echo a)#C`, false},
		{`x=(a b)#C`, false},
		{"echo `echo x`#C", false},
		{`echo "x"#C`, false},
		{`echo 'x'#C`, false},
		{`echo ${HOME}#C`, false},
		{`echo a\ #C`, false},
		{"echo a\\\n#C", false},
		{`echo a#C`, false},
		{`echo $#C`, false},
		{`echo "$(echo x)#C"`, false},
	}
	for _, tt := range tests {
		uncommented, _, _, ok := Views(tt.text)
		if !ok {
			t.Errorf("Views(%q): not read", tt.text)
			continue
		}
		if got := !strings.Contains(uncommented, "#C"); got != tt.comment {
			t.Errorf("Views(%q) = %q: a comment %v, want %v", tt.text, uncommented, got, tt.comment)
		}
	}
}

func TestWithoutTrailingComments(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"cmd   # errors go to >&2", "cmd                     "},
		{"echo a#b", "echo a#b"}, // a # inside a word starts nothing
		{"# whole\nx # y", "       \nx    "},
	} {
		if got := WithoutTrailingComments(tc.text); got != tc.want {
			t.Errorf("WithoutTrailingComments(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestCodeViews(t *testing.T) {
	for _, tc := range []struct {
		text, code, expand string
		ok                 bool
	}{
		// A substitution in double quotes is code again; '…' expands nothing.
		{`echo "a $(b "c") d" 'e f'`, `echo "xx$(b "x")xx" 'xxx'`, `echo "a $(b "c") d" 'xxx'`, true},
		{"echo `x`", "echo `x ", "echo `x ", true}, // the closing backquote is a blank
		{`echo "open`, "", "", false},
	} {
		code, expand, ok := CodeViews(tc.text)
		if code != tc.code || expand != tc.expand || ok != tc.ok {
			t.Errorf("CodeViews(%q) = %q, %q, %v, want %q, %q, %v", tc.text, code, expand, ok, tc.code, tc.expand, tc.ok)
		}
	}
}

func TestAtCommandStart(t *testing.T) {
	for _, tc := range []struct {
		plain string
		at    int
		want  bool
	}{
		{"exit 2", 0, true},
		{"a; exit", 3, true},
		{"a && exit", 5, true},
		{"if x; then exit", 11, true},
		{"(exit", 1, true},
		{"echo exit", 5, false}, // an argument
		{"xthen exit", 6, false},
		{"`exit", 1, false}, // StartsCommand's, not this one's
	} {
		if got := AtCommandStart(tc.plain, tc.at); got != tc.want {
			t.Errorf("AtCommandStart(%q, %d) = %v, want %v", tc.plain, tc.at, got, tc.want)
		}
	}
	if !StartsCommand("`exit", 1) {
		t.Error("StartsCommand after a backquote: false")
	}
}
