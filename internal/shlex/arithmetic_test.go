package shlex

import (
	"slices"
	"testing"
)

// TestLiteralArithmetic: each value as bash 5.2 gives it to exit
// (bash -c 'exit $((EXPR))'; echo $?), the rows not ok being what bash
// refuses on stderr or what names a variable.
func TestLiteralArithmetic(t *testing.T) {
	for _, tc := range []struct {
		expr, want string
		ok         bool
	}{
		{"2", "2", true},
		{" 2 ", "2", true},
		{"1+1", "2", true},
		{"0x2", "2", true},
		{"0X2", "2", true},
		{"02", "2", true},
		{"010", "8", true},
		{"1+2", "3", true},
		{"(1+1)*3-4", "2", true},
		{"7/3", "2", true},
		{"-1", "255", true},
		{"258", "2", true},
		{"08", "", false},  // value too great for base
		{"1/0", "", false}, // division by 0
		{"n+1", "", false},
		{"$n", "", false},
		{"1<<1", "", false}, // not read: + - * / alone
		{"1+", "", false},
		{"", "", false},
	} {
		got, ok := literalArithmetic(tc.expr)
		if got != tc.want || ok != tc.ok {
			t.Errorf("literalArithmetic(%q) = %q, %v, want %q, %v", tc.expr, got, ok, tc.want, tc.ok)
		}
	}
}

func TestArithmeticSets(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want []string
	}{
		{" C-- ", []string{"C"}},
		{"++n", []string{"n"}},
		{"a = 2, b += 1", []string{"a", "b"}},
		{"x <<= 1", []string{"x"}},
		{"n > 3 && m <= 2 || k == 1 || j != 0 || i >= 4", nil},
		{"$n = 1", nil}, // an expansion, not the name
		{"c=c+1", []string{"c"}},
	} {
		if got := arithmeticSets(tc.expr); !slices.Equal(got, tc.want) {
			t.Errorf("arithmeticSets(%q) = %q, want %q", tc.expr, got, tc.want)
		}
	}
}

func TestWithoutArithmetic(t *testing.T) {
	for _, tc := range []struct{ text, want, old string }{
		{"(( n > 3 )) && exit 2", "true        && exit 2", "(( n > 3 )) && exit 2"},
		{"exit $((1+1))", "exit 2       ", "exit $((1+1))"}, // a literal's value, as the exit keeps it
		{"x=$(( n + 1 ))", "x=0           ", "x=$(( n + 1 ))"},
		{"((C--)); exit $C", "true C ; exit $C", "((C--)); exit $C"}, // the variable it sets stays named
		{"a (( b ))", "a (( b ))", "a (( b ))"},                      // no command's start
		{"exit $[2]", "exit $[2]", "exit 2   "},                      // bash's old form: WithOldArithmetic's
	} {
		if got := WithoutArithmetic(tc.text); got != tc.want {
			t.Errorf("WithoutArithmetic(%q) = %q, want %q", tc.text, got, tc.want)
		}
		if got := WithOldArithmetic(tc.text); got != tc.old {
			t.Errorf("WithOldArithmetic(%q) = %q, want %q", tc.text, got, tc.old)
		}
	}
}
