package hookconv

import (
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/providers"
)

// TestSourceConcurrentConversions converts one Source to several targets
// from several goroutines at once, with and without Scripts (run with
// -race: QA F1, the first conversion wrote the shared Source). A Cline
// guard whose helper answers "cancel" is read as blocking in every
// conversion's Decoded, and Source.Manifest stays as decoded.
func TestSourceConcurrentConversions(t *testing.T) {
	const manifest = `{"spec": "hooks/1.0", "hooks": [
  {"event": "before_tool_execute", "handler": {"type": "command", "command": ".clinerules/hooks/PreToolUse"},
   "provider_data": {"cline": {"$from": true}}},
  {"event": "after_tool_execute", "matcher": "shell", "handler": {"type": "command", "command": "./fmt.sh"}}
]}`
	fsys := fstest.MapFS{
		".clinerules/hooks/PreToolUse": {Data: []byte("#!/bin/sh\nnode scripts/guard.mjs\n"), Mode: 0o755},
		"scripts/guard.mjs":            {Data: []byte("if (bad) process.stdout.write('{\"cancel\": true}')\n")},
	}
	for _, withScripts := range []bool{false, true} {
		s := DecodeSource("canonical", providers.Files{"hooks.json": []byte(manifest)})
		if s.Manifest == nil || s.Diagnostics.HasErrors() {
			t.Fatalf("does not decode: %v", s.Diagnostics)
		}
		if withScripts {
			s.Scripts = &Scripts{FS: fsys}
		}
		targets := []string{"claude-code", "gemini-cli", "codex", "cursor", "canonical", "claude-code", "gemini-cli"}
		results := make([]Conversion, len(targets))
		migrations := make([]Migration, len(targets))
		var wg sync.WaitGroup
		for i, to := range targets {
			wg.Go(func() { results[i] = s.Convert(to, nil, Options{}) })
			wg.Go(func() { migrations[i] = s.Migrate(to, nil, nil) })
		}
		wg.Wait()
		for i, to := range targets {
			for _, res := range []Conversion{results[i], migrations[i].Conversion} {
				if res.Diagnostics.HasErrors() || len(res.Files) == 0 {
					t.Errorf("to %s (scripts %v): %v", to, withScripts, res.Diagnostics)
					continue
				}
				if got := res.Decoded.Hooks[0].Blocking; got != withScripts {
					t.Errorf("to %s (scripts %v): the Cline guard is blocking %v", to, withScripts, got)
				}
			}
		}
		if s.Manifest.Hooks[0].Blocking {
			t.Errorf("scripts %v: Source.Manifest was changed", withScripts)
		}
	}
}

// TestDecodedIsOwn: changing a hook of one conversion's Decoded changes
// neither the Source nor the next conversion (QA F7: Decoded was
// Source.Manifest itself).
func TestDecodedIsOwn(t *testing.T) {
	s := DecodeSource("claude-code", providers.Files{".claude/settings.json": []byte(
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh"}]}]}}`)})
	for _, to := range []string{"gemini-cli", "canonical"} {
		first := s.Convert(to, nil, Options{})
		first.Decoded.Hooks[0].Handler.Command = "rm -rf /"
		first.Decoded.Hooks = append(first.Decoded.Hooks[:0], first.Decoded.Hooks[0])
		mig := s.Migrate(to, nil, nil)
		mig.Decoded.Hooks[0].Event = "session_start"
		if got := s.Manifest.Hooks[0]; got.Handler.Command != "./g.sh" || got.Event != "before_tool_execute" {
			t.Errorf("to %s: Source.Manifest changed: %+v", to, got)
		}
		for path, b := range s.Convert("codex", nil, Options{}).Files {
			if strings.Contains(string(b), "rm -rf") || !strings.Contains(string(b), `/g.sh"`) { // anchored for Codex
				t.Errorf("to %s, then codex: %s is\n%s", to, path, b)
			}
		}
	}
}

// TestConvertOnce: a Source converted for the last time hands its list
// of hooks to the conversion rather than copying it (a large config's
// list is megabytes), and converts as Convert does.
func TestConvertOnce(t *testing.T) {
	in := providers.Files{".claude/settings.json": []byte(
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh"}]}]}}`)}
	want := DecodeSource("claude-code", in).Convert("gemini-cli", nil, Options{})
	s := DecodeSource("claude-code", in)
	got := s.ConvertOnce("gemini-cli", nil, Options{})
	if &got.Decoded.Hooks[0] != &s.Manifest.Hooks[0] {
		t.Error("ConvertOnce copied the Source's hooks")
	}
	if &want.Decoded.Hooks[0] == &got.Decoded.Hooks[0] {
		t.Fatal("two Sources share hooks")
	}
	if !reflect.DeepEqual(got.Files, want.Files) || !reflect.DeepEqual(got.Diagnostics, want.Diagnostics) {
		t.Errorf("ConvertOnce wrote\n%s\n%v\nConvert wrote\n%s\n%v", got.Files, got.Diagnostics, want.Files, want.Diagnostics)
	}
}
