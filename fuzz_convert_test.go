package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/providertest"
)

// The convert fuzz targets feed a source tool's config through the whole
// pipeline to every target, with and without the run shim: no input may
// panic; whatever the input, verify must never fail (HC900), since a hook
// a target cannot hold is a diagnostic of its own, never an internal
// error; and no blocking hook may be lost or weakened unannounced
// (TestNoSilentLossOfBlocking's check).

func FuzzConvertClaude(f *testing.F) {
	fuzzConvert(f, "claude-code", ".claude/settings.json", "../shared/corpus/claude-code/*.json", "testdata/golden/claude-full/input.claude-code.json")
}

func FuzzConvertCursor(f *testing.F) {
	fuzzConvert(f, "cursor", ".cursor/hooks.json", "../shared/corpus/cursor/*.json", "testdata/golden/cursor-hooks/input.cursor.json")
}

func FuzzConvertManifest(f *testing.F) {
	fuzzConvert(f, "canonical", "hooks.json", "../shared/conformance/canonical/*.json", "testdata/golden/canonical-degrade/input.canonical.json")
}

func fuzzConvert(f *testing.F, from, path, corpus, golden string) {
	providertest.SeedCorpus(f, corpus, nil)
	providertest.SeedCorpus(f, golden, nil)
	f.Fuzz(func(t *testing.T, src []byte) {
		convertEverywhere(t, from, path, src)
	})
}

// FuzzConvertAny runs the same property from every other source tool: the
// first argument picks the source (a golden input's tool and path), the
// second is its config.
func FuzzConvertAny(f *testing.F) {
	sources := goldenInputs(f)
	for i, in := range sources {
		f.Add(uint8(i), in.src)
	}
	f.Fuzz(func(t *testing.T, which uint8, src []byte) {
		s := sources[int(which)%len(sources)]
		convertEverywhere(t, s.from, s.key, src)
	})
}

// convertEverywhere converts src, read as from's file at path, to every
// target with and without the shim, and fails on the first broken promise.
func convertEverywhere(t *testing.T, from, path string, src []byte) {
	source := DecodeSource(from, providers.Files{path: src})
	if source.Manifest == nil || source.Diagnostics.HasErrors() {
		return
	}
	for _, to := range targets {
		for _, shim := range []bool{false, true} {
			res := source.Convert(to, nil, Options{Shim: shim})
			for _, d := range res.Diagnostics {
				if d.Code == CodeVerify {
					t.Fatalf("%s (%s) → %s (shim %v): %s\ninput:\n%s", from, path, to, shim, d, src)
				}
			}
			if res.Files == nil {
				continue
			}
			if _, _, problems := blockingCheck(source, res, to); len(problems) > 0 {
				t.Fatalf("%s (%s) → %s (shim %v): %s\ninput:\n%s", from, path, to, shim, problems[0], src)
			}
		}
	}
}

// FuzzDecodeBeside feeds a Claude Code settings.local.json read beside a
// settings.json (DecodeSourceBeside: its env and switches only): whatever
// it holds, nothing panics, no diagnostic is about it, and the named
// file's hooks are decoded as they are alone.
func FuzzDecodeBeside(f *testing.F) {
	named := []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "[ \"$STRICT\" = 1 ] && exit 2"}]}]}}`)
	providertest.SeedCorpus(f, "../shared/corpus/claude-code/*.json", nil)
	f.Add([]byte(`{"env": {"STRICT": "1"}, "disableAllHooks": true}`))
	alone := DecodeSource("claude-code", providers.Files{".claude/settings.json": named})
	f.Fuzz(func(t *testing.T, beside []byte) {
		s := DecodeSourceBeside("claude-code", providers.Files{".claude/settings.json": named},
			providers.Files{".claude/settings.local.json": beside})
		for _, d := range s.Diagnostics {
			if d.File == ".claude/settings.local.json" {
				t.Fatalf("a diagnostic about the file beside: %s", d)
			}
		}
		if s.Manifest == nil || len(s.Manifest.Hooks) != len(alone.Manifest.Hooks) || s.Manifest.Hooks[0].Handler.Command != alone.Manifest.Hooks[0].Handler.Command {
			t.Fatalf("the named file's hooks changed: %+v", s.Manifest)
		}
		for _, to := range []string{"codex", "gemini-cli"} {
			for _, d := range s.Convert(to, nil, Options{}).Diagnostics {
				if d.Code == CodeVerify {
					t.Fatalf("→ %s: %s", to, d)
				}
			}
		}
	})
}
