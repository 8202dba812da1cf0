package nested

import (
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
)

// TestEncodeTimeoutMessage: a rounded timeout is said in short notation,
// whatever its size (QA: 4.9e-324 s was spelled with 330 digits), and
// written the same whether its node is carved from an arena or not.
func TestEncodeTimeoutMessage(t *testing.T) {
	for _, tc := range []struct {
		timeout float64
		want    string
		written string
	}{
		{4.9e-324, "timeout 5e-324 s rounded up to 1 ms", "1"},
		{1.5005, "timeout 1.5005 s rounded up to 1501 ms", "1501"},
	} {
		for _, a := range []*node.Arena{nil, {}} {
			var ds diag.List
			h := &canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "x", Timeout: tc.timeout}}
			n := EncodeTimeout(&ds, h, 0, "gemini-cli", Millis, a)
			if len(ds) != 1 || !strings.Contains(ds[0].Message, tc.want) {
				t.Errorf("timeout %v: %v, want a note with %q", tc.timeout, ds, tc.want)
			}
			if n == nil || n.Kind != node.Number || n.Text != tc.written {
				t.Errorf("timeout %v (arena %v): wrote %+v, want the number %s", tc.timeout, a != nil, n, tc.written)
			}
		}
	}
}
