package nested

import (
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// TestEncodeTimeoutMessage: a rounded timeout is said in short notation,
// whatever its size (QA: 4.9e-324 s was spelled with 330 digits).
func TestEncodeTimeoutMessage(t *testing.T) {
	for _, tc := range []struct {
		timeout float64
		want    string
	}{
		{4.9e-324, "timeout 5e-324 s rounded up to 1 ms"},
		{1.5005, "timeout 1.5005 s rounded up to 1501 ms"},
	} {
		var ds diag.List
		h := &canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "x", Timeout: tc.timeout}}
		EncodeTimeout(&ds, h, 0, "gemini-cli", Millis)
		if len(ds) != 1 || !strings.Contains(ds[0].Message, tc.want) {
			t.Errorf("timeout %v: %v, want a note with %q", tc.timeout, ds, tc.want)
		}
	}
}
