package capabilities

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hookconv/hookconv/vocab"
)

// TestTablesConsistent checks the capability and blocking tables against
// the vocabulary: every provider states its support for every capability,
// and has exactly one blocking row per canonical event it has.
func TestTablesConsistent(t *testing.T) {
	caps, names := Default(), vocab.Default()
	for _, c := range caps.Capabilities {
		if !slices.Contains([]string{"block", "warn", "exclude"}, c.Default) {
			t.Errorf("capability %s: bad default %q", c.ID, c.Default)
		}
	}
	for _, s := range caps.Support {
		if _, ok := names.Provider(s.Provider); !ok {
			t.Errorf("support row: unknown provider %q", s.Provider)
		}
		if _, ok := caps.Capability(s.Capability); !ok {
			t.Errorf("support row %s: unknown capability %q", s.Provider, s.Capability)
		}
		if !slices.Contains([]string{LevelFull, LevelPartial, LevelNone}, s.Level) {
			t.Errorf("support row %s/%s: bad level %q", s.Provider, s.Capability, s.Level)
		}
	}
	for _, p := range names.Providers {
		if p.Slug == "canonical" {
			continue
		}
		for _, c := range caps.Capabilities {
			if _, ok := caps.SupportOf(p.Slug, c.ID); !ok {
				t.Errorf("provider %s has no support row for %s", p.Slug, c.ID)
			}
		}
		has := map[string]bool{}
		for _, n := range names.EventsOf(p.Slug) {
			has[n.Event] = true
		}
		for ev := range has {
			if _, ok := caps.BlockingOf(p.Slug, ev); !ok {
				t.Errorf("provider %s has event %s but no blocking row", p.Slug, ev)
			}
		}
	}
	seen := map[[2]string]bool{}
	for _, b := range caps.Blocking {
		k := [2]string{b.Provider, b.Event}
		if seen[k] {
			t.Errorf("blocking row %s/%s listed twice", b.Provider, b.Event)
		}
		seen[k] = true
		if !slices.Contains([]string{Prevent, Retry, Observe}, b.Behaviour) {
			t.Errorf("blocking row %s/%s: bad behaviour %q", b.Provider, b.Event, b.Behaviour)
		}
		found := false
		for _, n := range names.EventsOf(b.Provider) {
			found = found || n.Event == b.Event
		}
		if !found {
			t.Errorf("blocking row %s/%s: the provider has no such event", b.Provider, b.Event)
		}
	}
}

// TestGeneratedTablesMatchTOML: the compiled tables (tables_gen.go) are
// exactly the TOML source. After editing data/*.toml, run go generate ./...
func TestGeneratedTablesMatchTOML(t *testing.T) {
	fromTOML, err := Load(Data())
	if err != nil {
		t.Fatal(err)
	}
	gen := Default()
	if !reflect.DeepEqual(fromTOML.Capabilities, gen.Capabilities) ||
		!reflect.DeepEqual(fromTOML.Support, gen.Support) ||
		!reflect.DeepEqual(fromTOML.Blocking, gen.Blocking) {
		t.Error("tables_gen.go differs from data/*.toml; run `go generate ./...`")
	}
}

// TestContinues: a block makes the agent go on working on the stop events
// of the tools that read it so (behaviour retry), and nowhere else.
func TestContinues(t *testing.T) {
	for _, tc := range []struct {
		provider, event string
		want            bool
	}{
		{"claude-code", "agent_stop", true},
		{"claude-code", "subagent_stop", true},
		{"codex", "agent_stop", true},
		{"gemini-cli", "agent_stop", true},
		{"cursor", "agent_stop", true},
		{"claude-code", "before_tool_execute", false},
		{"kiro", "agent_stop", false},
		{"codex", "no_such_event", false},
		{"no-such-tool", "agent_stop", false},
	} {
		if got := Default().Continues(tc.provider, tc.event); got != tc.want {
			t.Errorf("Continues(%s, %s) = %v, want %v", tc.provider, tc.event, got, tc.want)
		}
	}
}
