package shlex

import "testing"

func TestWithoutHereDocuments(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		// The body is the command's input, no code: its exit 2 and >&2
		// are none, and the text keeps its length and lines.
		{"cat <<EOF\nexit 2 >&2\nEOF\nexit 0", "cat      \n          \n   \nexit 0"},
		{"cat <<-'X'\n\tx\n\tX\necho", "cat       \n  \n  \necho"},
		{"cat <<EOF\n$(rm -rf /)\nEOF\n", "cat <<EOF\n$(rm -rf /)\nEOF\n"}, // runs commands: whole
		{"cat <<EOF\nunclosed", "cat <<EOF\nunclosed"},                     // no end: whole
		{"echo a << b", "echo a << b"},                                     // a last line has no body
	} {
		if got := WithoutHereDocuments(tc.text); got != tc.want {
			t.Errorf("WithoutHereDocuments(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestBlank(t *testing.T) {
	b := []byte("a b\nc\td")
	Blank(b)
	if got := string(b); got != "   \n   " {
		t.Errorf("Blank = %q, want blanks with the line break kept", got)
	}
}
