package hookconv

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// TestStableOutput: over every golden input and corpus file × every
// target, converting twice gives the same bytes and the same diagnostics
// (no map order leaks into output), and converting again into what the
// first run wrote changes no byte and replaces nothing (convert -o run
// twice is a no-op, whatever the target).
func TestStableOutput(t *testing.T) {
	checked := 0
	for _, in := range propertyInputs(t) {
		src := DecodeSource(in.from, providers.Files{in.key: in.src})
		if src.Manifest == nil || src.Diagnostics.HasErrors() {
			continue
		}
		for _, to := range targets {
			first := src.Convert(to, nil, Options{})
			if first.Files == nil {
				continue
			}
			again := src.Convert(to, nil, Options{})
			if !sameFiles(first.Files, again.Files) || fmt.Sprint(first.Diagnostics) != fmt.Sprint(again.Diagnostics) {
				t.Errorf("%s → %s: two runs differ", in.name, to)
				continue
			}
			if _, own := first.Files[in.key]; own && in.from != to {
				// The output is the input's own file (Copilot CLI and VS
				// Code share .github/hooks): converting into it would
				// replace the input's hooks, which is refused (HC457).
				checked++
				continue
			}
			into := src.Convert(to, first.Files, Options{})
			if !sameFiles(first.Files, into.Files) {
				t.Errorf("%s → %s: converting into the first run's output changed it", in.name, to)
			}
			for _, d := range into.Diagnostics {
				switch d.Code {
				case providers.CodeReplaced, "HC535", "HC578":
					t.Errorf("%s → %s: converting into the first run's output: %s", in.name, to, d)
				}
			}
			checked++
		}
	}
	if checked < 500 {
		t.Fatalf("only %d conversions checked", checked)
	}
	t.Logf("%d conversions checked", checked)
}

func sameFiles(a, b providers.Files) bool {
	if len(a) != len(b) {
		return false
	}
	for p, x := range a {
		if y, ok := b[p]; !ok || !bytes.Equal(x, y) {
			return false
		}
	}
	return true
}
