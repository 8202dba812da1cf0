// Package providertest holds the property every adapter's decoder is
// fuzzed with, shared by the fuzz targets of each adapter family.
package providertest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// SeedCorpus adds every file matching glob (real configs from the shared
// corpus) and the hand-written seeds to f.
func SeedCorpus(f *testing.F, glob string, hand []string) {
	f.Helper()
	paths, err := filepath.Glob(glob)
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatalf("reading seed: %v", err)
		}
		f.Add(b)
	}
	if len(paths) == 0 {
		f.Logf("no corpus files match %s; hand seeds only", glob)
	}
	for _, s := range hand {
		f.Add([]byte(s))
	}
}

// RoundTrip checks the property on one input: Decode must not panic; when
// it reports no errors, Encode(m, existing) must give files that decode
// without errors to the same number of hooks, less the ones Encode said it
// did not write. refusal, when not nil, names encode errors that are a
// documented refusal (an existing file that cannot be merged into safely)
// rather than a failure.
func RoundTrip(t *testing.T, a providers.Adapter, in, existing providers.Files, refusal func(diag.Diagnostic) bool) {
	t.Helper()
	m, ds := a.Decode(in)
	if ds.HasErrors() || m == nil {
		return
	}
	out, eds := a.Encode(m, existing)
	skipped := map[int]bool{}
	var encodeErrs diag.List
	for _, d := range eds {
		if providers.IsNotWritten(d.Code) {
			if i, ok := providers.HookOfPath(d.Path); ok {
				skipped[i] = true
			}
			continue
		}
		if d.Severity == diag.Error {
			if refusal != nil && refusal(d) {
				return
			}
			encodeErrs = append(encodeErrs, d)
		}
	}
	if len(encodeErrs) > 0 {
		t.Fatalf("%s (existing %v): Encode of a cleanly decoded input failed:\n%v\ninput:\n%s", a.Slug(), existing.Paths(), encodeErrs, dump(in))
	}
	if len(out) == 0 {
		t.Fatalf("%s: Encode wrote no file for %d hooks", a.Slug(), len(m.Hooks))
	}
	m2, ds2 := a.Decode(out)
	if ds2.HasErrors() || m2 == nil {
		t.Fatalf("%s (existing %v): Encode output does not decode:\n%v\ninput:\n%s\noutput:\n%s", a.Slug(), existing.Paths(), ds2, dump(in), dump(out))
	}
	if want := len(m.Hooks) - len(skipped); len(m2.Hooks) != want {
		t.Fatalf("%s (existing %v): %d hooks decoded, %d written (%d skipped by Encode), %d read back\ninput:\n%s\noutput:\n%s",
			a.Slug(), existing.Paths(), len(m.Hooks), want, len(skipped), len(m2.Hooks), dump(in), dump(out))
	}
}

func dump(files providers.Files) string {
	s := ""
	for _, k := range files.Paths() {
		s += "--- " + k + "\n" + string(files[k]) + "\n"
	}
	return s
}

// NoErrors fails the test for every error among the diagnostics of a
// conversion, and when it produced no files.
func NoErrors(t *testing.T, ds diag.List, files providers.Files) {
	t.Helper()
	for _, d := range ds {
		if d.Severity == diag.Error {
			t.Errorf("%s", d)
		}
	}
	if files == nil {
		t.Fatal("no output")
	}
}

// DecodeCase decodes src as file with a and checks what a table test of
// decoding checks: the canonical events of the hooks read (in order), the
// diagnostic codes (in order), and that every diagnostic names file and a
// line.
func DecodeCase(t *testing.T, a providers.Adapter, file, src string, events, codes []string) {
	t.Helper()
	m, ds := a.Decode(providers.Files{file: []byte(src)})
	var got []string
	if m != nil {
		for _, h := range m.Hooks {
			got = append(got, h.Event)
		}
	}
	if !slices.Equal(events, got) {
		t.Errorf("events %q, want %q", got, events)
	}
	if gotCodes := ds.Codes(); !slices.Equal(codes, gotCodes) {
		t.Errorf("codes %q, want %q: %v", gotCodes, codes, ds)
	}
	for _, d := range ds {
		if d.File != file || d.Line == 0 {
			t.Errorf("diagnostic without file and position: %+v", d)
		}
	}
}

// MatcherCase decodes src as file with a, which must read one hook and
// say nothing, and checks what a matcher table test of a tool that keeps
// its own spelling in provider_data checks (Kiro's two formats): the
// hook's canonical matcher, as compact JSON ("" for none), is want, and
// the hook carries provider_data for slug exactly when exact is false,
// the canonical form not saying it all. It returns the manifest read,
// for the caller to write back in the tool's own format.
func MatcherCase(t *testing.T, a providers.Adapter, slug, file, src, want string, exact bool) *canonical.Manifest {
	t.Helper()
	m, ds := a.Decode(providers.Files{file: []byte(src)})
	if len(ds) > 0 || len(m.Hooks) != 1 {
		t.Fatalf("decode: %v", ds)
	}
	h := m.Hooks[0]
	got := ""
	if h.Matcher != nil {
		got = string(node.AppendCompact(nil, canonical.MatcherNode(h.Matcher)))
	}
	if got != want {
		t.Errorf("canonical matcher %s, want %s", got, want)
	}
	if _, carried := h.ProviderData[slug]; carried == exact {
		t.Errorf("provider_data %s, want it only when the canonical form is not exact", h.ProviderData[slug])
	}
	return m
}

// DecodedMatcher decodes src as file with a, which must read one hook
// without errors, and returns that hook's canonical matcher as compact
// JSON ("null" for none): what a matcher table test compares.
func DecodedMatcher(t *testing.T, a providers.Adapter, file, src string) (*canonical.Manifest, string) {
	t.Helper()
	m, ds := a.Decode(providers.Files{file: []byte(src)})
	if ds.HasErrors() || m == nil || len(m.Hooks) != 1 {
		t.Fatalf("decode: %v", ds)
	}
	if mm := m.Hooks[0].Matcher; mm != nil {
		return m, string(node.AppendCompact(nil, canonical.MatcherNode(mm)))
	}
	return m, "null"
}
