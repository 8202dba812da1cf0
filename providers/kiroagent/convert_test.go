package kiroagent_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	hookconv "github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/providertest"
)

// The whole pipeline (decode, plan, encode, verify) with Kiro CLI agent
// hooks on either side: every conversion must pass the verify stage.

// stableTargets are the tools agent hooks are converted to here.
var stableTargets = []string{"claude-code", "gemini-cli", "codex", "cursor", "copilot-cli", "windsurf", "kiro", "kiro-agent", "canonical"}

func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	paths, _ := filepath.Glob("testdata/0*.json")
	out := map[string][]byte{}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = src
	}
	return out
}

func TestConvertFromKiroAgent(t *testing.T) {
	for name, src := range corpus(t) {
		for _, to := range stableTargets {
			t.Run(name+"->"+to, func(t *testing.T) {
				res := hookconv.Convert("kiro-agent", to, providers.Files{file: src}, nil)
				providertest.NoErrors(t, res.Diagnostics, res.Files)
			})
		}
	}
}

// TestConvertToKiroAgent: other tools' configs become agent hooks, merged
// into an existing agent.
func TestConvertToKiroAgent(t *testing.T) {
	tests := []struct{ from, path, src string }{
		{"claude-code", ".claude/settings.json", `{"hooks":{
			"PreToolUse":[{"matcher":"Bash|Edit|Write|mcp__github__create_issue","hooks":[{"type":"command","command":"guard.sh","timeout":10}]},
			              {"matcher":"mcp__github__.*","hooks":[{"type":"command","command":"gh.sh"}]},
			              {"matcher":"Web.*","hooks":[{"type":"command","command":"web.sh"}]}],
			"SessionStart":[{"matcher":"startup","hooks":[{"type":"command","command":"ctx.sh","timeout":0.25}]}],
			"Stop":[{"hooks":[{"type":"prompt","prompt":"done?"}]}],
			"FileChanged":[{"matcher":".envrc","hooks":[{"type":"command","command":"direnv reload"}]}]}}`},
		{"cursor", ".cursor/hooks.json", `{"version":1,"hooks":{"beforeShellExecution":[{"command":"x","matcher":"curl"}],"beforeMCPExecution":[{"command":"m"}],"stop":[{"command":"s"}]}}`},
		{"kiro", ".kiro/hooks/a.json", `{"version":"v1","hooks":[{"name":"g","trigger":"PreToolUse","matcher":"fs_write|str_replace","action":{"type":"command","command":"g"},"timeout":10},
			{"name":"f","trigger":"PostFileSave","matcher":"\\.ts$","action":{"type":"command","command":"f"}}]}`},
		{"canonical", "hooks.json", `{"spec":"hooks/1.0","hooks":[
			{"event":"before_tool_execute","matcher":[{"mcp":{"server":"*"}},{"pattern":"^fs_.*$"},{"mcp":{"server":"builtin"}}],"handler":{"type":"command","command":"a"}},
			{"event":"agent_stop","matcher":"shell","handler":{"type":"command","command":"s"}}]}`},
	}
	agent := providers.Files{".kiro/agents/dev.json": []byte("{\n  \"name\": \"dev\",\n  \"tools\": [\"*\"]\n}\n")}
	for _, tt := range tests {
		t.Run(tt.from, func(t *testing.T) {
			res := hookconv.Convert(tt.from, "kiro-agent", providers.Files{tt.path: []byte(tt.src)}, agent)
			providertest.NoErrors(t, res.Diagnostics, res.Files)
		})
	}
}

// TestCanonicalRoundTrip: agent file → canonical manifest → the same
// agent file gives back the file read, byte for byte.
func TestCanonicalRoundTrip(t *testing.T) {
	for _, name := range []string{"01-oh-my-cc-default-agent-hooks.json", "02-autonomous-dev-team-timeout-ms.json"} {
		t.Run(name, func(t *testing.T) {
			src := corpus(t)[name]
			res := hookconv.Convert("kiro-agent", "canonical", providers.Files{file: src}, nil)
			providertest.NoErrors(t, res.Diagnostics, res.Files)
			back := hookconv.Convert("canonical", "kiro-agent", res.Files, providers.Files{file: src})
			providertest.NoErrors(t, back.Diagnostics, back.Files)
			if d := cmp.Diff(string(src), string(back.Files[file])); d != "" {
				t.Errorf("kiro-agent → canonical → kiro-agent differs (-read +written):\n%s", d)
			}
		})
	}
}

// FuzzConvert: whatever agent file decodes cleanly converts, through the
// verify stage, to itself and to Kiro's v1 format.
func FuzzConvert(f *testing.F) {
	providertest.SeedCorpus(f, "testdata/*.json", nil)
	f.Fuzz(func(t *testing.T, src []byte) {
		in := providers.Files{file: src}
		if m, ds := adapter(t).Decode(in); ds.HasErrors() || len(m.Hooks) == 0 {
			return
		}
		for _, to := range []string{"kiro-agent", "kiro", "canonical"} {
			for _, d := range hookconv.Convert("kiro-agent", to, in, nil).Diagnostics {
				if d.Severity == diag.Error {
					t.Fatalf("kiro-agent → %s: %s\ninput:\n%s", to, d, src)
				}
			}
		}
	})
}
