package kirolegacy

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

func TestSlugify(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"Format on Save", "format-on-save"},
		{"Pre-Push CI Check", "pre-push-ci-check"},
		{"agora: summarize interaction", "agora-summarize-interaction"},
		{"  --Hello__World--  ", "hello-world"},
		{"../../etc/passwd", "etc-passwd"},
		{"CON", "con-hook"},
		{"com7", "com7-hook"},
		{"lpt1", "lpt1-hook"},
		{"console", "console"},
		{"", "hook"},
		{"日本語", "hook-77710aed"},
		{"...", "hook-ab5df625"},
		{"hook 3", "hook-3"},
		{strings.Repeat("ab", 100), strings.Repeat("ab", 32)},
		{strings.Repeat("a-", 40), strings.TrimSuffix(strings.Repeat("a-", 32), "-")},
	} {
		if got := slugify(tc.name); got != tc.want {
			t.Errorf("slugify(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestKeptStem(t *testing.T) {
	for _, s := range []string{"format-on-save", "Format_On_Save", "a.b", "01-x", "x.kiro", strings.Repeat("a", maxKept)} {
		if !keptStem(s) {
			t.Errorf("keptStem(%q) = false, want true", s)
		}
	}
	for _, s := range []string{"", ".", "..", ".hidden", "a/b", `a\b`, "a b", "x.", "-x", "_x", "con", "NUL.backup",
		"com1", "a\x00b", "é", strings.Repeat("a", maxKept+1), "a:b", "a*b"} {
		if keptStem(s) {
			t.Errorf("keptStem(%q) = true, want false", s)
		}
	}
}

// slugPath is the grammar of the files Encode names after a hook; keptPath
// adds the file names it keeps from .kiro.hook files.
var (
	slugPath = regexp.MustCompile(`^\.kiro/hooks/[a-z0-9][a-z0-9-]*\.kiro\.hook$`)
	keptPath = regexp.MustCompile(`^\.kiro/hooks/[A-Za-z0-9][A-Za-z0-9._-]*\.kiro\.hook$`)
)

// hostileNames are hook names that must never choose where a file goes.
var hostileNames = []string{
	"../../x", "../../../../etc/passwd", "/etc/passwd", "/", `C:\Windows\System32\x`, `\\server\share\x`,
	"a/b", `a\b`, "a/../../b", "nul\x00byte", "\x00", ".", "..", "", " ", "\t\n", ".hidden", "-", "--x--",
	strings.Repeat("x", 10000), strings.Repeat("../", 500), "CON", "con", "Con.kiro", "PRN", "AUX", "NUL",
	"COM1", "com9", "LPT1", "lpt9", `<>:"|?*`, "a:b", "a*b?", "日本語", "🙂", "UPPER case", "a..b",
	"x.kiro.hook", "name\nwith newline", `..\..\x`, "~/x", "$HOME", "%APPDATA%", "a;rm -rf /", "hook 1",
}

func commandHook(name string) canonical.Hook {
	return canonical.Hook{Name: name, Event: "agent_stop", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "true"}}
}

// TestPathSafety: whatever a hook is called, Encode writes it under
// .kiro/hooks/ with a slug of the grammar above, one file per hook.
func TestPathSafety(t *testing.T) {
	a := &Adapter{}
	for _, name := range hostileNames {
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{commandHook(name)}}
		files, ds := a.Encode(m, nil)
		if ds.HasErrors() || len(files) != 1 {
			t.Errorf("%q: %d files, %v", name, len(files), ds)
			continue
		}
		for p := range files {
			if !slugPath.MatchString(p) || !filepath.IsLocal(p) {
				t.Errorf("%q written to %q", name, p)
			}
		}
	}
	// All at once: still safe, and one file each.
	var m canonical.Manifest
	for _, name := range hostileNames {
		m.Hooks = append(m.Hooks, commandHook(name))
	}
	files, ds := a.Encode(&m, nil)
	if len(files) != len(hostileNames) {
		t.Fatalf("%d hooks written to %d files: %v", len(hostileNames), len(files), ds)
	}
	seen := map[string]bool{}
	for p := range files {
		if !slugPath.MatchString(p) {
			t.Errorf("written to %q", p)
		}
		if seen[strings.ToLower(p)] {
			t.Errorf("%q twice (ignoring case)", p)
		}
		seen[strings.ToLower(p)] = true
	}
}

// TestPathSafetyKeptNames: a recorded file name (provider_data "$file",
// which a manifest author controls) is used only when it is a safe name.
func TestPathSafetyKeptNames(t *testing.T) {
	a := &Adapter{}
	for _, stem := range append(slices.Clone(hostileNames), "Format_On_Save", "agora-a-summarize", "v1.2") {
		h := commandHook("n")
		raw, _ := json.Marshal(map[string]string{pdFile: stem})
		h.ProviderData = map[string]json.RawMessage{Slug: raw}
		files, ds := a.Encode(&canonical.Manifest{Hooks: []canonical.Hook{h}}, nil)
		if len(files) != 1 {
			t.Errorf("%q: %d files, %v", stem, len(files), ds)
		}
		for p := range files {
			if !keptPath.MatchString(p) || !filepath.IsLocal(p) || isDeviceName(strings.TrimPrefix(p, hooksDir)) {
				t.Errorf("$file %q written to %q", stem, p)
			}
			if keptStem(stem) != (p == hookPath(stem)) {
				t.Errorf("$file %q written to %q", stem, p)
			}
		}
	}
}

func TestUniqueStems(t *testing.T) {
	got := uniqueStems([]string{"a", "A", "a", "a-2", "b", strings.Repeat("x", maxKept), strings.Repeat("x", maxKept)})
	want := []string{"a", "A-2", "a-3", "a-2-2", "b", strings.Repeat("x", maxKept), strings.Repeat("x", maxKept-2) + "-2"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestOrderStems(t *testing.T) {
	for _, tc := range []struct {
		stems, events, want []string
	}{
		// Sorted per event already: unchanged.
		{[]string{"b", "a", "c"}, []string{"x", "y", "x"}, []string{"b", "a", "c"}},
		// "z" before "a" on the same event: numbered.
		{[]string{"z", "a"}, []string{"x", "x"}, []string{"01-z", "02-a"}},
		// "a-2" sorts before "a" (".kiro.hook" > "-2…"): numbered.
		{[]string{"a", "a-2"}, []string{"x", "x"}, []string{"01-a", "02-a-2"}},
	} {
		stems := slices.Clone(tc.stems)
		orderStems(stems, tc.events)
		if !slices.Equal(stems, tc.want) {
			t.Errorf("%q on %q: got %q, want %q", tc.stems, tc.events, stems, tc.want)
		}
	}
	stems := make([]string, 120)
	events := make([]string, 120)
	for i := range stems {
		stems[i], events[i] = "h", "e"
	}
	stems = uniqueStems(stems)
	orderStems(stems, events)
	if stems[0] != "001-h" || stems[119] != "120-h-120" || !slices.IsSorted(stems) {
		t.Errorf("got %q … %q", stems[0], stems[119])
	}
}
