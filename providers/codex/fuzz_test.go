package codex_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/google/go-cmp/cmp"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	_ "github.com/hookconv/hookconv/providers/all" // every adapter
	"github.com/hookconv/hookconv/providers/codex"
	"github.com/hookconv/hookconv/providers/providertest"
)

// The Codex decoder reads .codex/hooks.json and the [hooks] tables of
// .codex/config.toml. Neither may panic, and what it accepts must survive
// its own encoder: Encode(Decode(x)) decodes again without errors to as
// many hooks (less the ones Encode says it did not write).

const (
	tomlFile = ".codex/config.toml"
	jsonFile = ".codex/hooks.json"
)

var tomlSeeds = []string{
	"[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"python3 policy.py\"\ntimeout = 30\nstatusMessage = \"Checking\"\n",
	"model = \"o3\"\n\n[features]\nhooks = true\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = 'echo \"done\"'\n\n[hooks.state.\"/x/.codex/hooks.json:stop:0:0\"]\nenabled = true\ntrusted_hash = \"abc\"\n",
	"[hooks]\nSessionStart = [{ matcher = \"startup\", hooks = [{ type = \"command\", command = \"x\" }] }]\n",
	"[[hooks.SessionStart]]\nmatcher = \"startup|resume\"\n[[hooks.SessionStart.hooks]]\ntype = \"command\"\ncommand = \"a\\nb\"\ncommandWindows = \"c\"\ntimeout = 1.5\n",
	"[[hooks.\"Pre Tool\"]]\n[[hooks.\"Pre Tool\".hooks]]\ntype = \"prompt\"\nprompt = \"p\"\n",
	"[[hooks.PreToolUse]]\nmatcher = \"^apply_patch$|mcp__fs__.*\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\nasync = true\n",
	"hooks = 1\n",
	"[hooks\n",
	"",
}

var jsonSeeds = []string{
	`{"hooks":{"PreToolUse":[{"matcher":"^apply_patch$|mcp__fs__.*","hooks":[{"type":"command","command":"python3 policy.py","commandWindows":"py -3 policy.py","timeout":30}]}]}}`,
	`{"hooks":{"SessionStart":[{"matcher":"startup|resume","hooks":[{"type":"command","command":"cat notes.md","statusMessage":"Loading"}]}]}}`,
	`{"hooks":{"Stop":[{"hooks":[{"type":"agent","prompt":"p"}]}],"SessionEnd":[{"hooks":[{"type":"command","command":"x","timeout":2.5}]}]}}`,
	`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"a"}]},{"matcher":"Bash","hooks":[{"type":"command","command":"b"}]}]}}`,
	`{"hooks":{"PermissionRequest":[{"matcher":"Bash-x|y","hooks":[{"type":"command","command":"x","async":true}]}]}}`,
	`{"PreToolUse":[{"hooks":[{"type":"command","command":"x"}]}]}`,
	`{"hooks":{}}`,
}

func seedCorpus(f *testing.F, pattern string, hand []string) {
	f.Helper()
	providertest.SeedCorpus(f, filepath.Join("..", "..", "..", "shared", "corpus", "codex", pattern), hand)
}

func codexAdapter(f *testing.F) providers.Adapter {
	a, ok := providers.Get("codex")
	if !ok {
		f.Fatal("no codex adapter")
	}
	return a
}

// FuzzDecodeCodexTOML decodes config.toml and encodes the result three
// ways: with no existing file (the default .codex/hooks.json), as a new
// config.toml, and merged back into the config.toml it came from.
func FuzzDecodeCodexTOML(f *testing.F) {
	seedCorpus(f, "*.toml", tomlSeeds)
	a := codexAdapter(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		in := providers.Files{tomlFile: src}
		roundTrip(t, a, in, nil)
		roundTrip(t, a, in, providers.Files{tomlFile: nil})
		roundTrip(t, a, in, providers.Files{tomlFile: src})
	})
}

func FuzzDecodeCodexJSON(f *testing.F) {
	seedCorpus(f, "*.json", jsonSeeds)
	a := codexAdapter(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		roundTrip(t, a, providers.Files{jsonFile: src}, nil)
	})
}

// mergeRefusals are the encoder's documented refusals to merge into an
// existing file it cannot rewrite safely: not a round-trip failure.
var mergeRefusals = regexp.MustCompile(`^(cannot merge into|the existing hooks)`)

func roundTrip(t *testing.T, a providers.Adapter, in, existing providers.Files) {
	t.Helper()
	providertest.RoundTrip(t, a, in, existing, func(d diag.Diagnostic) bool {
		return len(existing[tomlFile]) > 0 && mergeRefusals.MatchString(d.Message)
	})
}

// FuzzMergeCodexTOML merges a fixed set of hooks into any config.toml
// (-o into an existing file). Unless the encoder refuses the file, the
// result must be TOML holding every setting of the original except its
// hooks, with the same values, the trust state under hooks.state included,
// and decode to the merged hooks.
func FuzzMergeCodexTOML(f *testing.F) {
	seedCorpus(f, "*.toml", append(tomlSeeds,
		"a = 1\n# about hooks\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"x\"\n\n# about t\n[t]\nb = 2\n",
		"[t]\nx = \"\"\"\n[[hooks.Stop]]\n\"\"\"\n",
	))
	a := codexAdapter(f)
	merged, ds := a.Decode(providers.Files{jsonFile: []byte(
		`{"hooks":{"PostToolUse":[{"matcher":"apply_patch","hooks":[{"type":"command","command":"./fmt.sh","timeout":30}]}],"Stop":[{"hooks":[{"type":"command","command":"echo done"}]}]}}`)})
	if ds.HasErrors() {
		f.Fatal(ds)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var before map[string]any
		if _, err := toml.Decode(string(src), &before); err != nil {
			return // the encoder refuses invalid TOML (tested elsewhere)
		}
		out, eds := a.Encode(merged, providers.Files{tomlFile: src})
		if eds.HasErrors() {
			for _, d := range eds {
				if d.Severity == diag.Error && !mergeRefusals.MatchString(d.Message) {
					t.Fatalf("merging into %q: %v", src, eds)
				}
			}
			return
		}
		var after map[string]any
		if _, err := toml.Decode(string(out[tomlFile]), &after); err != nil {
			t.Fatalf("merging into %q gave invalid TOML: %v\n%s", src, err, out[tomlFile])
		}
		if diff := cmp.Diff(settings(before), settings(after)); diff != "" {
			t.Fatalf("merging into %q changed settings (-before +after):\n%s\n%s", src, diff, out[tomlFile])
		}
		got, gds := a.Decode(providers.Files{tomlFile: out[tomlFile]})
		if gds.HasErrors() || got == nil || len(got.Hooks) != len(merged.Hooks) {
			t.Fatalf("the merged file does not decode to the %d merged hooks: %v\n%s", len(merged.Hooks), gds, out[tomlFile])
		}
	})
}

// settings is a decoded config.toml without its hooks, but with the
// trust state Codex keeps beside them.
func settings(doc map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range doc {
		if k != "hooks" {
			out[k] = v
			continue
		}
		if h, ok := v.(map[string]any); ok && h["state"] != nil {
			out["hooks.state"] = h["state"]
		}
	}
	return out
}

// FuzzApprovals: reading Codex's approvals file and the approvals of a
// hooks file's handlers never panics, whatever either holds; a handler
// counted as run has the hash its approval names.
func FuzzApprovals(f *testing.F) {
	for _, s := range tomlSeeds {
		f.Add(s, jsonSeeds[0])
	}
	for _, s := range jsonSeeds {
		f.Add(tomlSeeds[1], s)
	}
	f.Fuzz(func(t *testing.T, state, hooks string) {
		ts, _ := codex.ReadTrustState("config.toml", []byte(state))
		files := providers.Files{jsonFile: []byte(hooks), tomlFile: []byte(state)}
		for _, a := range codex.Approvals(files, filepath.FromSlash("/p"), ts, "linux") {
			if a.Runs && (a.Hash == "" || ts[a.Key].TrustedHash != a.Hash || ts[a.Key].Disabled) {
				t.Fatalf("%s runs without its approval: %+v, state %+v", a.Key, a, ts[a.Key])
			}
		}
	})
}
