package hookconv

import (
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// TestNilValues: the library's entry points answer nil and zero values
// the docs allow (or that a caller's bug may pass) with an error or
// nothing to do, never a nil-dereference panic (QA F10).
func TestNilValues(t *testing.T) {
	noHooks := func(ds diag.List) string {
		if len(ds) != 1 || ds[0].Code != CodeNothingDecoded || ds[0].Severity != diag.Error {
			return "want one HC401 error"
		}
		return ""
	}
	for _, tc := range []struct {
		name string
		run  func() (diag.List, bool) // diagnostics, and whether all is well
	}{
		{"nil Source Convert", func() (diag.List, bool) {
			res := (*Source)(nil).Convert("codex", nil, Options{})
			return res.Diagnostics, noHooks(res.Diagnostics) == "" && res.Files == nil
		}},
		{"nil Source Migrate", func() (diag.List, bool) {
			mig := (*Source)(nil).Migrate("codex", nil, nil)
			return mig.Diagnostics, noHooks(mig.Diagnostics) == "" && mig.Files == nil
		}},
		{"Source without Manifest", func() (diag.List, bool) {
			res := (&Source{From: "claude-code"}).Convert("codex", nil, Options{})
			return res.Diagnostics, noHooks(res.Diagnostics) == ""
		}},
		{"zero Source", func() (diag.List, bool) {
			res := (&Source{}).Convert("codex", nil, Options{})
			return res.Diagnostics, noHooks(res.Diagnostics) == ""
		}},
		{"Source without Manifest, its error said", func() (diag.List, bool) {
			s := &Source{From: "claude-code"}
			s.Diagnostics.Errorf("HC300", diag.Pos{}, "", "", "unreadable")
			res := s.Convert("codex", nil, Options{})
			return res.Diagnostics, len(res.Diagnostics) == 1 && res.Diagnostics[0].Code == "HC300"
		}},
		{"unknown target before the source", func() (diag.List, bool) {
			res := (*Source)(nil).Convert("nope", nil, Options{})
			return res.Diagnostics, len(res.Diagnostics) == 1 && res.Diagnostics[0].Code == CodeUnknownProvider
		}},
		{"nil Source Portability", func() (diag.List, bool) {
			hooks, general := (*Source)(nil).Portability([]string{"codex"})
			return general, hooks == nil && noHooks(general) == ""
		}},
		{"Shim nil", func() (diag.List, bool) { m, ds := Shim(nil, "claude-code", "codex"); return ds, m == nil && ds == nil }},
		{"Reshim nil", func() (diag.List, bool) { m, ds := Reshim(nil, "codex"); return ds, m == nil && ds == nil }},
		{"MissingScripts nil manifest", func() (diag.List, bool) {
			ds := MissingScripts(nil, "", fstest.MapFS{}, false)
			return ds, ds == nil
		}},
		{"MissingScripts nil project", func() (diag.List, bool) {
			m := &canonical.Manifest{Hooks: []canonical.Hook{{Event: "session_start", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "./x.sh"}}}}
			ds := MissingScripts(m, "", nil, false)
			return ds, ds == nil
		}},
		{"Scan nil", func() (diag.List, bool) { found, err := Scan(nil); return nil, found == nil && err != nil }},
		{"ProviderFiles nil", func() (diag.List, bool) { return nil, ProviderFiles("claude-code", nil) == nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if ds, ok := tc.run(); !ok {
				t.Errorf("got %v", ds)
			}
		})
	}
}
