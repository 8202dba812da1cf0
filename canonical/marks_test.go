package canonical

import (
	"testing"

	"github.com/hookconv/hookconv/internal/node"
)

// TestMarkFits: each mark's shape, and the keys an object mark may not
// hold (the encoder writes them itself).
func TestMarkFits(t *testing.T) {
	for _, tc := range []struct {
		mark, value string
		want        bool
	}{
		{"$matcher", `"Bash"`, true},
		{"$matcher", `""`, true},
		{"$matcher", `["Bash"]`, false},
		{"$keys", `{"command": "bash"}`, true},
		{"$keys", `{"command": 1}`, false},
		{"$keys", `"powershell"`, false},
		{"$type", `true`, true},
		{"$type", `false`, false},
		{"$from", `"yes"`, false},
		{"$args", `["a", "b"]`, true},
		{"$args", `["a", 1]`, false},
		{"$entry", `3`, true},
		{"$entry", `-1`, false},
		{"$entry", `1.5`, false},
		{"$group", `{"sequential": true}`, true},
		{"$group", `{"matcher": "x"}`, false},
		{"$group", `{"hooks": []}`, false},
		{"$then", `{"timeout": 0}`, true}, // Kiro's default, kept by its decoder
		{"$then", `{"timeout": 5}`, false},
		{"$then", `{"type": "askAgent"}`, false},
		{"$when", `{"patterns": ["*"]}`, true}, // a tool trigger's, kept as written
		{"$when", `{"type": "fileEdited"}`, false},
		{"$event", `"afterFileEdit"`, true},
		{"$event", `7`, false},
		{"$comment", `"x"`, false}, // no mark
	} {
		n, err := node.ParseJSON([]byte(tc.value), node.JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := MarkFits(tc.mark, n); got != tc.want {
			t.Errorf("MarkFits(%s, %s) = %v, want %v", tc.mark, tc.value, got, tc.want)
		}
	}
}
