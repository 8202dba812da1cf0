package providers

import "testing"

// TestJSRejects checks what JavaScript's RegExp (no u flag) is sure to
// reject, as Copilot CLI compiles a matcher p: ^(?:p)$. Each rejected
// case was checked against node's RegExp; each accepted one compiles.
func TestJSRejects(t *testing.T) {
	tests := []struct {
		p      string
		reject bool
	}{
		{"*", true}, // QA: ^(?:*)$, "Nothing to repeat"
		{"**", true},
		{"bash|*", true},
		{"+bash", true},
		{"{2}", true},
		{"a+*", true},
		{"a???", true},
		{"a{3,1}", true},
		{"(?i)bash", true},
		{"(?P<n>bash)", true},
		{"[abc", true},
		{"(bash", true},
		{"^*", true},
		{"bash", false},
		{".*", false},
		{"bash|powershell", false},
		{"a)|(b", false}, // ^(?:a)|(b)$ compiles
		{"a+?", false},
		{"a??", false},
		{"a{2}", false},
		{"a{2,}", false},
		{"a{,2}", false}, // a literal "{,2}" (Annex B)
		{"x{a}", false},
		{"a{", false},
		{"[]]", false}, // an empty class, then a literal ]
		{`\*`, false},
		{"[*]", false},
		{"(?:edit|create)", false},
		{"(?=e)\\w+", false},
		{"(?<name>bash)", false},
		{"(?=a)*", false}, // a quantified lookahead (Annex B)
	}
	for _, tt := range tests {
		why := JSRejects("^(?:" + tt.p + ")$")
		if (why != "") != tt.reject {
			t.Errorf("JSRejects(^(?:%s)$) = %q, want rejected %v", tt.p, why, tt.reject)
		}
	}
}
