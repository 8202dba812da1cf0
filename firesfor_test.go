package hookconv

import (
	"encoding/json"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/vocab"
)

// TestFiresForRows: the row a hook was read from is the one its "$event"
// names (Cline's TaskResume), and a value matcher goes to the row of the
// target that fires for just those values.
func TestFiresForRows(t *testing.T) {
	names := vocab.Default()
	for _, tt := range []struct {
		data string
		want string
	}{
		{``, "TaskStart"},
		{`{"$from":true}`, "TaskStart"},
		{`{"$event":"TaskResume"}`, "TaskResume"},
		{`{"$event":"PreToolUse"}`, "TaskStart"}, // another event's name: not this hook's row
	} {
		h := &canonical.Hook{Event: "session_start"}
		if tt.data != "" {
			h.ProviderData = map[string]json.RawMessage{"cline": json.RawMessage(tt.data)}
		}
		if r, ok := decodedRow(names, h, "cline", &lastRow{}); !ok || r.Name != tt.want {
			t.Errorf("decodedRow(%s) = %q, %v; want %q", tt.data, r.Name, ok, tt.want)
		}
	}
	for _, tt := range []struct {
		matcher, want string
	}{
		{"startup", "TaskStart"},
		{"resume", "TaskResume"},
		{"startup|resume", ""}, // no one row fires for both
		{"res.*", ""},          // a pattern
		{"clear", ""},
	} {
		r, ok := rowFiringFor(names, "cline", "session_start", tt.matcher)
		if got := map[bool]string{true: r.Name}[ok]; got != tt.want {
			t.Errorf("rowFiringFor(%q) = %q, want %q", tt.matcher, got, tt.want)
		}
	}
}
