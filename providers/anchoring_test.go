package providers

import (
	"regexp"
	"testing"
)

func TestWholeNamePatterns(t *testing.T) {
	for _, tc := range []struct {
		whole, found string // a whole-name regex and the manifest's form
	}{
		{"e.*", "^e.*"},
		{".*?Edit", "^.*?Edit$"}, // lazy: not an open end (QA: "?Edit$" was no regex)
		{"^mcp_x_.*", "^mcp_x_.*"},
		{".*Edit.*", "Edit.*"}, // not plain Edit: every tool reads that as an exact name
		{"edit|create", "^(?:edit|create)$"},
		{".*(?:a|b).*", "^(?:.*(?:a|b).*)$"}, // not the exact names a|b
		{".*(?:a|cr.*).*", "a|cr.*"},
		{"^view$", "^view$"},
		{`cost\$`, `^cost\$$`},
		{`a\.*`, `^a\.*$`},
	} {
		if got := FromWholeName(tc.whole); got != tc.found {
			t.Errorf("FromWholeName(%q) = %q, want %q", tc.whole, got, tc.found)
		}
	}
	for _, tc := range []struct{ found, whole string }{
		{"Edit.*", ".*Edit.*"},
		{".*?Edit", ".*.*?Edit.*"},
		{".*Edit", ".*Edit.*"},
		{"^Bash$", "^Bash$"},
		{"^mcp__", "^mcp__.*"},
		{"Read$", ".*Read$"},
		{"^a|b$", ".*(?:^a|b$).*"},
		{"^(?:a|b)$", ".*(?:^(?:a|b)$).*"}, // not a|b, read as exact names
		{"^(?:a|cr.*)$", "a|cr.*"},
		{"^(?:a)|(?:b)$", ".*(?:^(?:a)|(?:b)$).*"}, // not one group: kept whole
	} {
		if got := ToWholeName(tc.found); got != tc.whole {
			t.Errorf("ToWholeName(%q) = %q, want %q", tc.found, got, tc.whole)
		}
	}
}

// TestWholeNameRoundTrip: a manifest's pattern written for a whole-name
// tool reads back as it was, but for open ends (verify compares them
// trimmed), and a tool's own pattern selects the same names again.
func TestWholeNameRoundTrip(t *testing.T) {
	for _, re := range []string{"Edit.*", ".*?Edit", "@mcp.*", "^mcp_0_.*", "^Bash$", "^mcp__", "Read$", ".*foo", "^a|b$", "^(?:a|b)$", "(a|b)", "a|b.*", `a\\.*`, `x\$`, "^(?:a)|(?:b)$", "^mcp__.+__(read|view)$"} {
		if got := FromWholeName(ToWholeName(re)); OpenEndsTrimmed(got) != OpenEndsTrimmed(re) {
			t.Errorf("FromWholeName(ToWholeName(%q)) = %q", re, got)
		}
	}
	// A tool's own pattern may come back spelled otherwise ("e.*" as
	// "^e.*"; the decoder keeps the native text for that), never
	// selecting other names.
	for _, re := range []string{"e.*", ".*Edit.*", "edit|cr.*", ".*(?:x|y).*", "^view$", `a\.*`} {
		got := ToWholeName(FromWholeName(re))
		before, after := regexp.MustCompile("^(?:"+re+")$"), regexp.MustCompile("^(?:"+got+")$")
		for _, n := range []string{"edit", "e", "NotebookEdit", "create", "x", "view", "a..", "b"} {
			if before.MatchString(n) != after.MatchString(n) {
				t.Errorf("ToWholeName(FromWholeName(%q)) = %q selects %q otherwise", re, got, n)
			}
		}
	}
}

// TestWholeNameSameNames: each conversion selects the same names, the
// whole-name form tested as Copilot CLI does (^(?:p)$) and the manifest's
// found anywhere.
func TestWholeNameSameNames(t *testing.T) {
	names := []string{"edit", "Edit", "NotebookEdit", "bash", "Bash", "view", "create", "mcp__github__x", "Read", "ReadMe", "a", "b", "ab", "a.", "a..", "x$"}
	whole := func(p string) *regexp.Regexp { return regexp.MustCompile("^(?:" + p + ")$") }
	for _, p := range []string{"e.*", ".*Edit.*", "edit|create", "^view$", "b", `a\.*`, ".*(?:a|b).*"} {
		in, found := whole(p), regexp.MustCompile(FromWholeName(p))
		for _, n := range names {
			if in.MatchString(n) != found.MatchString(n) {
				t.Errorf("%q on %q: whole-name %v, manifest's %q %v", p, n, in.MatchString(n), FromWholeName(p), found.MatchString(n))
			}
		}
	}
	for _, p := range []string{"Edit.*", "^Bash$", "^mcp__", "Read$", "^a|b$", "dit", "^(?:a)|(?:b)$", `x\$`} {
		found, out := regexp.MustCompile(p), whole(ToWholeName(p))
		for _, n := range names {
			if found.MatchString(n) != out.MatchString(n) {
				t.Errorf("%q on %q: found %v, whole-name %q %v", p, n, found.MatchString(n), ToWholeName(p), out.MatchString(n))
			}
		}
	}
}

func TestPlainNames(t *testing.T) {
	for re, want := range map[string]bool{"a|b": true, "bash": true, "Read|": false, "|x": false, "a.b": false, "^a$": false} {
		if got := PlainNames(re); got != want {
			t.Errorf("PlainNames(%q) = %v, want %v", re, got, want)
		}
	}
	// An empty alternative is found in every name: written for a
	// whole-name tool it must still match every name.
	if got := ToWholeName("Read|"); got != ".*(?:Read|).*" || FromWholeName(got) != "Read|" {
		t.Errorf("ToWholeName(%q) = %q, back %q", "Read|", got, FromWholeName(got))
	}
}
