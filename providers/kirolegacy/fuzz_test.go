package kirolegacy_test

import (
	"regexp"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/providertest"
)

// keptPath is the grammar of every file Encode names (names.go).
var keptPath = regexp.MustCompile(`^\.kiro/hooks/[A-Za-z0-9][A-Za-z0-9._-]*\.kiro\.hook$`)

// FuzzDecode: the decoder reads user files, so it must never panic, and
// what it accepts must survive its own encoder (providertest.RoundTrip),
// both to default paths and into a named file; every file it names stays
// inside .kiro/hooks/.
func FuzzDecode(f *testing.F) {
	providertest.SeedCorpus(f, "testdata/corpus/*", []string{
		`{"name":"../../x","when":{"type":"fileEdited","patterns":["**/*.{ts,tsx}","src/[!a-c]?.go","a\\b"]},"then":{"type":"runCommand","command":"c","timeout":1.5}}`,
		`{"when":{"type":"preToolUse","toolTypes":["write","web","*","@mcp"]},"then":{"type":"askAgent","prompt":"p"},"x":{"y":[1,2]}}`,
		`{"enabled":false,"version":"2","name":"CON","when":{"type":"postToolUse","toolTypes":[]},"then":{"type":"askAgent","prompt":"p","timeout":0}}`,
		`{"name":"","when":{"type":"somethingNew","patterns":[]},"then":{"type":"runCommand","command":"c"},"$file":"x"}`,
		`{"name":"日本語","when":{"type":"fileDeleted","patterns":[]},"then":{"type":"askAgent","prompt":"p"},"patterns":["x"]}`,
		`{"name":"a","name":"b","when":{"type":"fileCreated","patterns":["**","**/*"],"toolTypes":["read"]},"then":{"type":"runCommand","command":"c","command":"d"}}`,
	})
	a, ok := providers.Get("kiro-legacy")
	if !ok {
		f.Fatal("no kiro-legacy adapter")
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		in := providers.Files{".kiro/hooks/fuzz.kiro.hook": src}
		providertest.RoundTrip(t, a, in, nil, nil)
		providertest.RoundTrip(t, a, in, providers.Files{"out.kiro.hook": nil}, nil)
		m, ds := a.Decode(in)
		if ds.HasErrors() {
			return
		}
		out, _ := a.Encode(m, nil)
		for p := range out {
			if !keptPath.MatchString(p) {
				t.Fatalf("written to %q", p)
			}
		}
		// Lossless: the same model comes back (text that is not UTF-8 is
		// repaired on the way, as every JSON writer does).
		if !utf8.Valid(src) {
			return
		}
		m2, _ := a.Decode(out)
		if d := cmp.Diff(m, m2, modelOpts); d != "" {
			t.Fatalf("model changed (-read +written):\n%s\ninput:\n%s\noutput:\n%v", d, src, out)
		}
	})
}
