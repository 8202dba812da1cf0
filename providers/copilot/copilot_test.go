package copilot_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	_ "github.com/hookconv/hookconv/providers/all"
)

const hooksFile = ".github/hooks/hooks.json"

// TestCLICommandKey: Copilot CLI runs "bash" on Unix only and "powershell"
// on Windows only; "command" is its fallback for both (reference §1.6). A
// canonical command runs on every system, so a hook with no Windows command
// of its own is written under "command", else a guard would guard nothing
// on Windows (QA). An entry that was Unix-only in the source stays so.
func TestCLICommandKey(t *testing.T) {
	for _, tc := range []struct {
		name     string
		manifest string // a canonical manifest, or
		native   string // a Copilot CLI entry under preToolUse, round-tripped
		want     string // the written entry, compact
	}{
		{
			name:     "no Windows command: every OS",
			manifest: `{"event":"before_tool_execute","handler":{"type":"command","command":"./g.sh"}}`,
			want:     `{"type":"command","command":"./g.sh"}`,
		},
		{
			name:     "a Windows command: bash and powershell",
			manifest: `{"event":"before_tool_execute","handler":{"type":"command","command":"./g.sh","platform":{"windows":"g.ps1"}}}`,
			want:     `{"type":"command","bash":"./g.sh","powershell":"g.ps1"}`,
		},
		{
			name:   "bash alone in the source: Unix-only, kept",
			native: `{"type":"command","bash":"./g.sh"}`,
			want:   `{"type":"command","bash":"./g.sh"}`,
		},
		{
			name:   "command alone in the source",
			native: `{"type":"command","command":"./g.sh"}`,
			want:   `{"type":"command","command":"./g.sh"}`,
		},
		{
			name:   "bash and powershell in the source",
			native: `{"type":"command","bash":"./g.sh","powershell":"g.ps1"}`,
			want:   `{"type":"command","bash":"./g.sh","powershell":"g.ps1"}`,
		},
		{
			// "command" beside "bash" is what Windows runs.
			name:   "bash and command in the source",
			native: `{"type":"command","bash":"./g.sh","command":"g.cmd"}`,
			want:   `{"type":"command","bash":"./g.sh","powershell":"g.cmd"}`,
		},
		{
			name:   "exec form unchanged",
			native: `{"type":"command","exec":"node","args":["g.js","a b"]}`,
			want:   `{"type":"command","exec":"node","args":["g.js","a b"]}`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, ok := providers.Get("copilot-cli")
			if !ok {
				t.Fatal("no copilot-cli adapter")
			}
			var m *canonical.Manifest
			var ds diag.List
			if tc.manifest != "" {
				m, ds = canonical.Parse("m.json", []byte(`{"spec":"hooks/1.0","hooks":[`+tc.manifest+`]}`))
				if ds.HasErrors() {
					t.Fatalf("manifest: %v", ds)
				}
			} else {
				m, ds = a.Decode(providers.Files{hooksFile: []byte(`{"version":1,"hooks":{"preToolUse":[` + tc.native + `]}}`)})
				if ds.HasErrors() || m == nil {
					t.Fatalf("decode: %v", ds)
				}
			}
			out, ds := a.Encode(m, nil)
			if ds.HasErrors() {
				t.Fatalf("encode: %v", ds)
			}
			var file struct {
				Hooks map[string][]json.RawMessage `json:"hooks"`
			}
			if err := json.Unmarshal(out[hooksFile], &file); err != nil {
				t.Fatalf("%v:\n%s", err, out[hooksFile])
			}
			entries := file.Hooks["preToolUse"]
			if len(entries) != 1 {
				t.Fatalf("want one preToolUse entry:\n%s", out[hooksFile])
			}
			var got bytes.Buffer
			if err := json.Compact(&got, entries[0]); err != nil {
				t.Fatal(err)
			}
			if got.String() != tc.want {
				t.Errorf("entry %s, want %s", got.String(), tc.want)
			}
		})
	}
}

// TestVSCodeNoSystemCommand: a VS Code entry with per-OS commands and no
// "command" names no command for the systems it leaves out, where VS Code
// has nothing to run; decoded, its Linux (or macOS) command becomes the
// default, which every target runs on those systems too, so the decoder
// says which (HC348) rather than widen the hook silently (QA).
func TestVSCodeNoSystemCommand(t *testing.T) {
	for _, tc := range []struct {
		name, entry string
		none        string // the systems named, "" for no HC348
	}{
		{"linux and windows", `{"type":"command","linux":"./l.sh","windows":"w.ps1"}`, "macOS"},
		{"osx and windows", `{"type":"command","osx":"./m.sh","windows":"w.ps1"}`, "Linux"},
		{"linux and osx", `{"type":"command","linux":"./l.sh","osx":"./m.sh"}`, "Windows"},
		{"linux alone", `{"type":"command","linux":"./l.sh"}`, "macOS and Windows"},
		{"bash alone: Linux and macOS", `{"type":"command","bash":"./g.sh"}`, "Windows"},
		{"all three", `{"type":"command","linux":"./l.sh","osx":"./m.sh","windows":"w.ps1"}`, ""},
		{"a default command", `{"type":"command","command":"./g.sh","linux":"./l.sh"}`, ""},
		// Windows alone is not converted at all (HC346), and says so.
		{"windows alone", `{"type":"command","windows":"w.ps1"}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, ok := providers.Get("vs-code-copilot")
			if !ok {
				t.Fatal("no vs-code-copilot adapter")
			}
			_, ds := a.Decode(providers.Files{hooksFile: []byte(`{"hooks":{"PreToolUse":[` + tc.entry + `]}}`)})
			var got []diag.Diagnostic
			for _, d := range ds {
				if d.Code == providers.CodeNoSystemCommand {
					got = append(got, d)
				}
			}
			if tc.none == "" {
				if len(got) > 0 {
					t.Fatalf("unexpected HC348: %v", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("want one HC348, got %v", ds)
			}
			if d := got[0]; d.Severity != diag.Warning || !strings.Contains(d.Message, "no command for "+tc.none+",") || !strings.Contains(d.Message, "runs it on "+tc.none+" too") {
				t.Errorf("HC348 = %v %q, want a warning naming %s", d.Severity, d.Message, tc.none)
			}
		})
	}
}
