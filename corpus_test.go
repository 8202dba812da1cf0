package hookconv

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// corpusDirs maps the shared corpus folders to provider slugs, for the
// tools of the nested family.
var corpusDirs = map[string]string{
	"claude-code":   "claude-code",
	"gemini-cli":    "gemini-cli",
	"codex":         "codex",
	"factory-droid": "factory-droid",
	"cursor":        "cursor",
	"copilot":       "", // Copilot CLI or VS Code format: told apart by content
	"windsurf":      "windsurf",
}

// targets are the tools every corpus file and golden input is converted to.
var targets = []string{"claude-code", "gemini-cli", "codex", "factory-droid", "qwen-code", "cursor", "copilot-cli", "vs-code-copilot", "windsurf", "kiro", "kiro-agent", "kiro-legacy", "cline", "opencode", "openhook", "canonical"}

type corpusFile struct {
	slug, path string
	src        []byte
}

func corpus(t *testing.T) []corpusFile {
	t.Helper()
	var out []corpusFile
	for dir, slug := range corpusDirs {
		files, _ := filepath.Glob(filepath.Join("..", "shared", "corpus", dir, "*"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			slug := slug
			if slug == "" {
				slug = "copilot-cli"
				if c := DetectSource(".github/hooks/hooks.json", src); len(c) == 1 {
					slug = c[0]
				}
			}
			out = append(out, corpusFile{slug, f, src})
		}
	}
	if len(out) < 20 {
		t.Fatalf("found %d corpus files; is ../shared beside the checkout?", len(out))
	}
	return out
}

// nativeKey is the file name a corpus file is decoded under, so the
// adapter sees the extension the real file has.
func nativeKey(f corpusFile) string {
	if strings.HasSuffix(f.path, ".toml") {
		return ".codex/config.toml"
	}
	return filepath.Base(f.path)
}

// undocumentedForms are the decode diagnostics of files the tools' docs do
// not describe (handlers outside groups, objects for lists, unknown keys):
// such files are read, then written in the documented form, so their round
// trip is checked on the model rather than byte for byte.
var undocumentedForms = map[string]bool{"HC301": true, "HC302": true, "HC304": true, "HC305": true, "HC306": true, "HC320": true, "HC321": true,
	"HC342": true, "HC343": true}

// brokenCorpus are real files the tools themselves cannot use; converting
// them must fail with this error code, never produce output.
var brokenCorpus = map[string]string{
	// Handlers without "type" (and with invented keys): Claude Code skips them.
	"13-contextpilot-invalid-object-events.json": "HC301",
	// A committed symlink: the blob is a path, not JSON.
	"07-ai-ops-symlink-settings.json": "HC101",
}

// exclusionCodes are the diagnostics that say a hook was left out.
var exclusionCodes = map[string]bool{"HC200": true, "HC201": true, "HC206": true, "HC311": true, "HC319": true}

func hasCode(ds diag.List, code string) bool {
	for _, d := range ds {
		if d.Code == code && d.Severity == diag.Error {
			return true
		}
	}
	return false
}

// TestCorpusRoundTrip: native → canonical → the same native gives the same
// hooks, for every real file of the nested family in ../shared/corpus.
func TestCorpusRoundTrip(t *testing.T) {
	for _, f := range corpus(t) {
		t.Run(f.slug+"/"+filepath.Base(f.path), func(t *testing.T) {
			key := nativeKey(f)
			in := providers.Files{key: f.src}
			res := Convert(f.slug, f.slug, in, providers.Files{key: f.src})
			if code, broken := brokenCorpus[filepath.Base(f.path)]; broken {
				if res.Files != nil || !hasCode(res.Diagnostics, code) {
					t.Fatalf("a file the tool cannot use converted, or without error %s: %v", code, res.Diagnostics)
				}
				return
			}
			if res.Files == nil {
				t.Fatalf("round trip failed: %v", res.Diagnostics)
			}
			a, _ := providers.Get(f.slug)
			m, ds := a.Decode(in)
			out := res.Files[key]
			m2, ds2 := a.Decode(providers.Files{key: out})
			if ds2.HasErrors() {
				t.Fatalf("re-decode: %v", ds2)
			}
			documented := true
			for _, d := range ds {
				if undocumentedForms[d.Code] {
					documented = false
				}
			}
			if !documented {
				// Read in an undocumented form, written in the documented
				// one: every hook that did not survive is accounted for.
				excluded := 0
				for _, d := range res.Diagnostics {
					if exclusionCodes[d.Code] || (d.Code == "HC202" && strings.Contains(d.Message, "excluded")) {
						excluded++
					}
				}
				if len(m.Hooks)-len(m2.Hooks) != excluded {
					t.Errorf("%d hooks in, %d out, but %d exclusions reported: %v", len(m.Hooks), len(m2.Hooks), excluded, res.Diagnostics)
				}
				return
			}
			if d := cmp.Diff(m, m2, modelOpts); d != "" {
				t.Errorf("model changed through a round trip (-before +after):\n%s", d)
			}
			if !strings.HasSuffix(key, ".toml") {
				before := hooksValue(t, f.src)
				if d := cmp.Diff(before, hooksValue(t, out)); d != "" {
					t.Errorf("hooks differ after the round trip (-before +after):\n%s\n%s", d, out)
				}
				// Everything hookconv does not own is untouched.
				if d := cmp.Diff(withoutHooks(t, f.src), withoutHooks(t, out)); d != "" {
					t.Errorf("other keys changed:\n%s", d)
				}
			}
		})
	}
}

// TestCorpusToEveryTarget: every corpus file converts to every tool of the
// family, and passes the verify stage.
func TestCorpusToEveryTarget(t *testing.T) {
	for _, f := range corpus(t) {
		for _, to := range targets {
			t.Run(f.slug+"/"+filepath.Base(f.path)+"->"+to, func(t *testing.T) {
				res := Convert(f.slug, to, providers.Files{nativeKey(f): f.src}, nil)
				if code, broken := brokenCorpus[filepath.Base(f.path)]; broken {
					if res.Files != nil || !hasCode(res.Diagnostics, code) {
						t.Fatalf("want failure with %s, got %v", code, res.Diagnostics)
					}
					return
				}
				for _, d := range res.Diagnostics {
					if d.Severity == diag.Error {
						t.Errorf("%s", d)
					}
				}
				if res.Files == nil {
					t.Fatalf("no output")
				}
			})
		}
	}
}

var modelOpts = cmp.Options{
	cmpopts.IgnoreUnexported(canonical.Manifest{}, canonical.Hook{}, canonical.Handler{}),
	cmpopts.IgnoreFields(canonical.Hook{}, "Origin", "OriginFile", "CommandOrigin"),
	cmpopts.EquateEmpty(),
}

// hooksValue decodes a native file's hooks (or, for a bare event map, the
// whole document) as plain JSON values, for a structural comparison.
func hooksValue(t *testing.T, src []byte) any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if h, ok := doc["hooks"]; ok {
		if events, ok := h.(map[string]any); ok {
			// An event with an empty list configures nothing, and the
			// encoders write only events that have hooks.
			maps.DeleteFunc(events, func(_ string, v any) bool {
				list, isList := v.([]any)
				return isList && len(list) == 0
			})
		}
		return h
	}
	return doc
}

func withoutHooks(t *testing.T, src []byte) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	delete(doc, "hooks")
	return doc
}
