package openhook_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/openhook"
	"github.com/hookconv/hookconv/providers/providertest"
	"os"
)

func adapter(t testing.TB) providers.Adapter {
	t.Helper()
	a, ok := providers.Get(openhook.Slug)
	if !ok {
		t.Fatal("openhook adapter not registered")
	}
	return a
}

// TestRoundTripFile: a file in the written form comes back byte for byte,
// "*" included, and two entries with the same command stay two entries.
func TestRoundTripFile(t *testing.T) {
	src, err := os.ReadFile("testdata/full.openhook.json")
	if err != nil {
		t.Fatal(err)
	}
	a := adapter(t)
	m, ds := a.Decode(providers.Files{".openhook.json": src})
	if len(ds) > 0 {
		t.Fatalf("decode: %v", ds)
	}
	// 1 + 6 ("*") + 2 + 1 + 6 (no "events": "*", written back without
	// the key, QA F17) hooks.
	if len(m.Hooks) != 16 {
		t.Fatalf("decoded %d hooks, want 16", len(m.Hooks))
	}
	out, eds := a.Encode(m, nil)
	if len(eds) > 0 {
		t.Fatalf("encode: %v", eds)
	}
	if diff := cmp.Diff(string(src), string(out[".openhook.json"])); diff != "" {
		t.Errorf("round trip differs (-read +written):\n%s", diff)
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		events []string // canonical events of the decoded hooks
		codes  []string
	}{
		{"events default to all", `{"openhook":"0.1","hooks":[{"command":"x"}]}`,
			[]string{"session_start", "session_end", "before_prompt", "before_tool_execute", "after_tool_execute", "file_changed"}, nil},
		{"one event", `{"openhook":"0.1","hooks":[{"command":"x","events":["tool.start"]}]}`, []string{"before_tool_execute"}, nil},
		{"unknown event kept as vendor event", `{"openhook":"0.1","hooks":[{"command":"x","events":["artifact.write"]}]}`,
			[]string{"vendor.openhook.artifact.write"}, []string{openhook.CodeUnknownEvent}},
		{"unknown key carried", `{"openhook":"0.1","hooks":[{"command":"x","events":["session.end"],"cwd":"/"}]}`,
			[]string{"session_end"}, []string{openhook.CodeUnknownKey}},
		{"other version read", `{"openhook":"0.2","hooks":[{"command":"x","events":["session.end"]}]}`,
			[]string{"session_end"}, []string{openhook.CodeVersion}},
		{"no version", `{"hooks":[{"command":"x","events":["session.end"]}]}`, []string{"session_end"}, []string{openhook.CodeVersion}},
		{"no events", `{"openhook":"0.1","hooks":[{"command":"x","events":[]}]}`, nil, []string{openhook.CodeNoEvents}},
		{"missing command", `{"openhook":"0.1","hooks":[{"events":["session.end"]}]}`, nil, []string{openhook.CodeShape}},
		{"command not a string", `{"openhook":"0.1","hooks":[{"command":1}]}`, nil, []string{openhook.CodeShape}},
		{"events not strings", `{"openhook":"0.1","hooks":[{"command":"x","events":[1]}]}`, nil, []string{openhook.CodeShape}},
		{"empty event type", `{"openhook":"0.1","hooks":[{"command":"x","events":[""]}]}`, nil, []string{openhook.CodeShape}},
		{"async not a bool", `{"openhook":"0.1","hooks":[{"command":"x","async":"yes"}]}`, nil, []string{openhook.CodeShape}},
		{"hooks not a list", `{"openhook":"0.1","hooks":{}}`, nil, []string{openhook.CodeShape}},
		{"entry not an object", `{"openhook":"0.1","hooks":["x"]}`, nil, []string{openhook.CodeShape}},
		{"not an object", `[]`, nil, []string{openhook.CodeShape}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			providertest.DecodeCase(t, adapter(t), ".openhook.json", tt.src, tt.events, tt.codes)
		})
	}
}

// TestEncode: hooks from other tools are grouped by command, never
// written with keys the protocol lacks, and what cannot be written is
// reported.
func TestEncode(t *testing.T) {
	m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{
		{Event: "session_start", Handler: canonical.Handler{Type: "command", Command: "log.sh", Timeout: 5}},
		{Event: "session_end", Handler: canonical.Handler{Type: "command", Command: "log.sh"}},
		{Event: "before_tool_execute", Matcher: canonical.ToolName("shell"), Handler: canonical.Handler{Type: "command", Command: "guard.sh"}},
		{Event: "agent_stop", Handler: canonical.Handler{Type: "command", Command: "stop.sh"}},
		{Event: "session_end", Handler: canonical.Handler{Type: "prompt", Prompt: "summarise"}},
	}}
	out, ds := adapter(t).Encode(m, nil)
	want := `{
  "openhook": "0.1",
  "hooks": [
    {
      "command": "log.sh",
      "events": [
        "session.start",
        "session.end"
      ]
    },
    {
      "command": "guard.sh",
      "events": [
        "tool.start"
      ]
    }
  ]
}
`
	if diff := cmp.Diff(want, string(out[".openhook.json"])); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{providers.CodeFieldDropped, providers.CodeMatcherIgnored, providers.CodeNotWritten, providers.CodeNotWritten}, ds.Codes()); diff != "" {
		t.Errorf("codes (-want +got):\n%s\n%v", diff, ds)
	}
}

// TestEncodeMerges: an existing discovery file keeps its other keys.
func TestEncodeMerges(t *testing.T) {
	prev := "{\n  \"$comment\": \"team hooks\",\n  \"openhook\": \"0.1\",\n  \"hooks\": []\n}\n"
	m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{
		{Event: "session_end", Handler: canonical.Handler{Type: "command", Command: "log.sh"}},
	}}
	out, ds := adapter(t).Encode(m, providers.Files{"proj/.openhook.json": []byte(prev)})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	got := string(out["proj/.openhook.json"])
	if !strings.HasPrefix(got, "{\n  \"$comment\": \"team hooks\",\n  \"openhook\": \"0.1\",\n") || !strings.Contains(got, `"log.sh"`) {
		t.Errorf("merged file:\n%s", got)
	}
}

func FuzzDecode(f *testing.F) {
	providertest.SeedCorpus(f, "testdata/*.json", []string{
		`{"openhook":"0.1","hooks":[{"command":"x"}]}`,
		`{"openhook":"0.1","hooks":[{"command":"x","events":["tool.end","nope"],"async":true,"k":1}]}`,
	})
	a := adapter(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		providertest.RoundTrip(t, a, providers.Files{".openhook.json": src}, nil, nil)
	})
}
