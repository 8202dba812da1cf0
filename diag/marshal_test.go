package diag

import (
	"encoding/json"
	"testing"
)

// TestListMarshalJSON: a List is a JSON array, [] when empty or nil, as
// the CLI prints it, never null (QA F13); a List inside a struct too.
func TestListMarshalJSON(t *testing.T) {
	var one List
	one.Errorf("HC400", Pos{Line: 1, Column: 2}, "", "", "no adapter")
	want, err := json.Marshal([]Diagnostic(one))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"nil", List(nil), `[]`},
		{"empty", List{}, `[]`},
		{"one", one, string(want)},
		{"in a struct", struct{ Diagnostics List }{}, `{"Diagnostics":[]}`},
		{"by pointer", &one, string(want)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.v)
			if err != nil || string(got) != tc.want {
				t.Errorf("got %s, %v; want %s", got, err, tc.want)
			}
		})
	}
}
