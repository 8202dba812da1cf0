package canonical

import "testing"

// TestSameMatcher compares matchers as values and checks that this says
// what comparing their canonical JSON says.
func TestSameMatcher(t *testing.T) {
	ms := []Matcher{
		nil,
		ToolName("shell"), ToolName("file_edit"), ToolName(""),
		Pattern{"^Bash$"}, Pattern{"shell"},
		MCP{Server: "fs"}, MCP{Server: "fs", Tool: "read"}, MCP{Server: AnyServer, Tool: "read"},
		AnyOf{ToolName("shell")}, AnyOf{ToolName("shell"), Pattern{"x"}}, AnyOf{Pattern{"x"}, ToolName("shell")},
		AnyOf{}, AnyOf{MCP{Server: "fs"}, ToolName("shell")},
	}
	text := func(m Matcher) string {
		if m == nil {
			return "<absent>"
		}
		return MatcherText(m)
	}
	for _, a := range ms {
		for _, b := range ms {
			if got, want := SameMatcher(a, b), text(a) == text(b); got != want {
				t.Errorf("SameMatcher(%s, %s) = %v, want %v", text(a), text(b), got, want)
			}
		}
		if !SameMatcher(a, CloneMatcher(a)) {
			t.Errorf("%s differs from its clone", text(a))
		}
	}
}
