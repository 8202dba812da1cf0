package node

import "testing"

func TestCountComments(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want int
	}{
		{`{}`, 0},
		{"// a\n{}", 1},
		{"{\"a\": \"// no\", /* b */ \"c\": 1} // d", 2},
		{`{"a": "\" // still a string"}`, 0},
		{"{ /* a */ /* b */ }", 2},
		{"{ /* open", 1},
		{"{\"u\": \"http://x\"}", 0},
		{"{ /* a // b */ }", 1},
	} {
		if got := CountComments([]byte(tc.src)); got != tc.want {
			t.Errorf("CountComments(%q) = %d, want %d", tc.src, got, tc.want)
		}
	}
}
