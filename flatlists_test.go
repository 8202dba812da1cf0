package hookconv

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
)

// TestLongMatcherListsOnceEach: a flat tool's matcher of more names
// than a few, some repeated, reads as each name once, in order, and a
// manifest's long list writes each native name once (the lists are
// kept through a set once long: QA, 30,000 names were quadratic).
func TestLongMatcherListsOnceEach(t *testing.T) {
	var native, want []string
	for i := range 40 {
		native = append(native, fmt.Sprintf("T%d", i%25))
		if i < 25 {
			want = append(want, fmt.Sprintf("T%d", i))
		}
	}
	src := `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"g","matcher":"` + strings.Join(native, "|") + `"}]}}`
	conv := Convert("copilot-cli", "canonical", providers.Files{".github/hooks/hooks.json": []byte(src)}, nil)
	if conv.Diagnostics.HasErrors() {
		t.Fatal(conv.Diagnostics)
	}
	m, ds := canonical.Parse("hooks.json", conv.Files["hooks.json"])
	if ds.HasErrors() || len(m.Hooks) != 1 {
		t.Fatalf("%v\n%s", ds, conv.Files["hooks.json"])
	}
	var got []string
	for _, x := range m.Hooks[0].Matcher.(canonical.AnyOf) {
		got = append(got, fmt.Sprint(x))
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("read as %v, want %v", got, want)
	}

	var list []string
	for i := range 40 {
		list = append(list, fmt.Sprintf(`"t%d"`, i%25))
	}
	manifest := `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":["shell",` + strings.Join(list, ",") + `],"handler":{"type":"command","command":"g"}}]}`
	for _, to := range []string{"copilot-cli", "cursor"} {
		out := Convert("canonical", to, providers.Files{"hooks.json": []byte(manifest)}, nil)
		if out.Diagnostics.HasErrors() {
			t.Fatalf("%s: %v", to, out.Diagnostics)
		}
		for _, b := range out.Files {
			for i := range 25 {
				if n := strings.Count(string(b), fmt.Sprintf("t%d\"", i)) + strings.Count(string(b), fmt.Sprintf("t%d|", i)); n != 1 {
					t.Errorf("%s: t%d written %d times:\n%s", to, i, n, b)
				}
			}
		}
	}
}

// TestLongMCPListsOnceEach: Cursor's MCP:<tool> names, more than a few
// and some repeated, read as each MCP tool once, in order
// (providers.DecodeNameList, which verify reads Cursor's matchers with).
func TestLongMCPListsOnceEach(t *testing.T) {
	var native []string
	for i := range 40 {
		native = append(native, fmt.Sprintf("MCP:t%d", i%25))
	}
	src := `{"version":1,"hooks":{"preToolUse":[{"command":"g","matcher":"` + strings.Join(native, "|") + `"}]}}`
	conv := Convert("cursor", "canonical", providers.Files{".cursor/hooks.json": []byte(src)}, nil)
	if conv.Diagnostics.HasErrors() {
		t.Fatal(conv.Diagnostics)
	}
	m, ds := canonical.Parse("hooks.json", conv.Files["hooks.json"])
	if ds.HasErrors() || len(m.Hooks) != 1 {
		t.Fatalf("%v\n%s", ds, conv.Files["hooks.json"])
	}
	list, _ := m.Hooks[0].Matcher.(canonical.AnyOf)
	if len(list) != 25 {
		t.Fatalf("read as %d matchers, want 25: %v", len(list), m.Hooks[0].Matcher)
	}
	for i, x := range list {
		if want := (canonical.MCP{Server: canonical.AnyServer, Tool: fmt.Sprintf("t%d", i)}); x != canonical.Matcher(want) {
			t.Errorf("matcher %d is %v, want %v", i, x, want)
		}
	}
}

// BenchmarkLongMatcher converts one hook whose matcher lists N and 10N
// names, and one of ".*" written N and 10N times, to Copilot CLI (each
// verified by reading it back): the time grows with N, not N².
func BenchmarkLongMatcher(b *testing.B) {
	for _, n := range []int{3000, 30000} {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("Tool%d", i)
		}
		for _, c := range []struct{ what, pattern string }{{"names", strings.Join(names, "|")}, {"openends", strings.Repeat(".*", n)}} {
			manifest := providers.Files{"hooks.json": []byte(`{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":{"pattern":"` + c.pattern + `"},"handler":{"type":"command","command":"g"}}]}`)}
			b.Run(fmt.Sprint(c.what, "/", n), func(b *testing.B) {
				for b.Loop() {
					Convert("canonical", "copilot-cli", manifest, nil)
				}
			})
		}
	}
}
