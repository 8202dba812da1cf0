package canonical_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// TestAccessorsReturnCopies: the package's lists are handed out as new
// copies, so a caller changing one changes neither the next call nor
// what Parse accepts (QA F6: canonical.HandlerTypes[0] = "cmd" made every
// command hook invalid).
func TestAccessorsReturnCopies(t *testing.T) {
	for _, tc := range []struct {
		name   string
		get    func() []byte
		change func()
	}{
		{"HandlerTypes", func() []byte { return []byte(strings.Join(canonical.HandlerTypes(), ",")) }, func() { canonical.HandlerTypes()[0] = "cmd" }},
		{"Schema", canonical.Schema, func() { canonical.Schema()[0] = 'X' }},
		{"diag.Formats", func() []byte { return []byte(strings.Join(diag.Formats(), ",")) }, func() { diag.Formats()[0] = "xml" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := tc.get()
			tc.change()
			if after := tc.get(); !bytes.Equal(before, after) {
				t.Errorf("changed: %q, then %q", before, after)
			}
		})
	}
	if _, ds := canonical.Parse("m.json", []byte(`{"spec": "hooks/1.0", "hooks": [{"event": "session_start", "handler": {"type": "command", "command": "x"}}]}`)); ds.HasErrors() {
		t.Errorf("a command hook no longer parses: %v", ds)
	}
}
