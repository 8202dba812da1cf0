package kiro_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	hookconv "github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/providertest"
)

// The whole pipeline (decode, plan, encode, verify) with Kiro on either
// side: every conversion must pass the verify stage.

// stableTargets are the tools Kiro hooks are converted to here.
var stableTargets = []string{"claude-code", "gemini-cli", "codex", "cursor", "copilot-cli", "windsurf", "kiro-agent", "kiro", "canonical"}

func TestConvertFromKiro(t *testing.T) {
	in := providers.Files{file: read(t, "v1-rich.json")}
	for _, to := range stableTargets {
		t.Run(to, func(t *testing.T) {
			res := hookconv.Convert("kiro", to, in, nil)
			providertest.NoErrors(t, res.Diagnostics, res.Files)
		})
	}
}

// TestConvertToKiro: other tools' configs become Kiro hooks.
func TestConvertToKiro(t *testing.T) {
	tests := []struct{ from, path, src string }{
		{"claude-code", ".claude/settings.json", `{"hooks":{
			"PreToolUse":[{"matcher":"Bash|Edit","hooks":[{"type":"command","command":"guard.sh","timeout":10}]},
			              {"matcher":"mcp__github__.*","hooks":[{"type":"command","command":"gh.sh"}]}],
			"SessionStart":[{"matcher":"startup","hooks":[{"type":"command","command":"ctx.sh"}]}],
			"Stop":[{"hooks":[{"type":"prompt","prompt":"done?"},{"type":"agent","prompt":"check"}]}],
			"FileChanged":[{"matcher":".envrc","hooks":[{"type":"command","command":"direnv reload"}]}]}}`},
		{"cursor", ".cursor/hooks.json", `{"version":1,"hooks":{"beforeShellExecution":[{"command":"x","matcher":"curl"}],"afterFileEdit":[{"command":"fmt"}],"stop":[{"command":"s"}]}}`},
		{"canonical", "hooks.json", `{"spec":"hooks/1.0","hooks":[
			{"event":"file_changed","handler":{"type":"command","command":"fmt"},"provider_data":{"kiro":{"$matcher":"\\.go$","enabled":false}}},
			{"event":"before_task","name":"gate","handler":{"type":"command","command":"g","timeout":5},"blocking":true},
			{"event":"manual_trigger","handler":{"type":"command","command":"m"}},
			{"event":"agent_stop","matcher":"shell","handler":{"type":"command","command":"s"}}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.from, func(t *testing.T) {
			res := hookconv.Convert(tt.from, "kiro", providers.Files{tt.path: []byte(tt.src)}, nil)
			providertest.NoErrors(t, res.Diagnostics, res.Files)
		})
	}
}

// TestCanonicalRoundTrip: Kiro → canonical manifest → Kiro gives back the
// file read, byte for byte.
func TestCanonicalRoundTrip(t *testing.T) {
	for _, name := range []string{"v1-minimal.json", "v1-rich.json"} {
		t.Run(name, func(t *testing.T) {
			src := read(t, name)
			res := hookconv.Convert("kiro", "canonical", providers.Files{file: src}, nil)
			providertest.NoErrors(t, res.Diagnostics, res.Files)
			back := hookconv.Convert("canonical", "kiro", res.Files, nil)
			providertest.NoErrors(t, back.Diagnostics, back.Files)
			if d := cmp.Diff(string(src), string(back.Files[file])); d != "" {
				t.Errorf("kiro → canonical → kiro differs (-read +written):\n%s", d)
			}
		})
	}
}

// FuzzConvert: whatever Kiro file decodes cleanly converts, through the
// verify stage, to Kiro itself and to the other Kiro format.
func FuzzConvert(f *testing.F) {
	providertest.SeedCorpus(f, "testdata/*.json", nil)
	f.Fuzz(func(t *testing.T, src []byte) {
		in := providers.Files{file: src}
		if m, ds := adapter(t).Decode(in); ds.HasErrors() || len(m.Hooks) == 0 {
			return
		}
		for _, to := range []string{"kiro", "kiro-agent", "canonical"} {
			for _, d := range hookconv.Convert("kiro", to, in, nil).Diagnostics {
				if d.Severity == diag.Error {
					t.Fatalf("kiro → %s: %s\ninput:\n%s", to, d, src)
				}
			}
		}
	})
}
