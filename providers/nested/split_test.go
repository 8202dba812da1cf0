package nested_test

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// jsonPath is the tool's JSON config path.
func jsonPath(t *testing.T, slug string) string {
	t.Helper()
	p, _ := vocab.Default().Provider(slug)
	for _, path := range p.Paths {
		if filepath.Ext(path) == ".json" {
			return path
		}
	}
	t.Fatalf("%s has no JSON config path", slug)
	return ""
}

// TestDecodeSplitMatchesSequential: a decoder that works on handlers (or
// the flat family's entries) in chunks at once returns what it returns
// working alone — the same hooks
// and the same diagnostics in the same order (before any sorting) — for a
// file with problems at every level, and for every real config of the
// family.
func TestDecodeSplitMatchesSequential(t *testing.T) {
	type input struct {
		slug, path string
		src        []byte
	}
	inputs := []input{{"claude-code", ".claude/settings.json", []byte(`{"hooks": {
	  "PreToolUse": [
	    {"matcher": 5, "hooks": [{"type": "command", "command": "a", "bogus": 1}, {"type": "nope"}]},
	    {"matcher": "Bash", "hooks": [{"type": "command"}, {"type": "command", "command": "b"}]},
	    "not a group",
	    {"matcher": "Bash", "hooks": [{"type": "command", "command": "c", "timeout": "x"}]},
	    {"matcher": "Edit|Write", "hooks": []}
	  ],
	  "NotAnEvent": [{"hooks": [{"type": "command", "command": "d", "zzz": 2}]}],
	  "Stop": {"hooks": [{"type": "prompt", "prompt": "p"}, {"command": 3}]},
	  "SessionStart": [{"type": "command", "command": "e"}, {"matcher": "startup", "hooks": [{"type": "command", "command": "f"}], "extra": 1}]
	}}`)}}
	// The flat family's decoder works the same way, on entries.
	flat := []byte(`{"version": 1, "bogus": 2, "hooks": {
	  "beforeShellExecution": [{"command": "a", "zzz": 1}, {"hooks": [{"command": "b"}, {"command": "c", "matcher": "x"}], "matcher": "git.*"}, 5, {"command": 3}],
	  "preToolUse": {"command": "d", "matcher": "Shell|Write"},
	  "nope": [{"command": "e"}],
	  "stop": "x",
	  "afterFileEdit": [{"command": "f", "timeout": "z"}, {"hooks": [7, {"command": "g"}]}]
	}}`)
	for _, slug := range []string{"cursor", "copilot-cli", "vs-code-copilot", "windsurf"} {
		inputs = append(inputs, input{slug, jsonPath(t, slug), flat})
	}
	// So do Kiro's, OpenHook's and the Kiro CLI agent's, on their lists of
	// hooks.
	inputs = append(inputs,
		input{"kiro", jsonPath(t, "kiro"), []byte(`{"version": "v0", "extra": 1, "hooks": [
		  {"name": "a", "trigger": {"type": "preToolUse", "toolTypes": ["shell"]}, "action": {"type": "command", "command": "a"}, "zzz": 1},
		  5,
		  {"name": "b", "trigger": {"type": "nope"}, "action": {"type": "command", "command": "b"}},
		  {"trigger": {"type": "promptSubmit"}, "action": {"type": "command"}},
		  {"name": "c", "trigger": {"type": "agentStop"}, "action": {"type": "askAgent", "prompt": "p"}, "timeout": "x"}
		]}`)},
		input{"openhook", jsonPath(t, "openhook"), []byte(`{"openhook": "0.2", "hooks": [
		  {"command": "a", "events": ["tool.start", "nope"], "zzz": 1},
		  "x",
		  {"command": "b", "events": []},
		  {"command": "c"},
		  {"command": 5, "events": ["prompt.submit"]},
		  {"command": "d", "events": ["session.start", "file.write"], "timeout": "z"}
		]}`)},
		input{"kiro-agent", jsonPath(t, "kiro-agent"), []byte(`{"name": "x", "hooks": {
		  "preToolUse": [{"command": "a", "matcher": "shell", "zzz": 1}, 7, {"command": 3}],
		  "nope": [{"command": "b"}],
		  "agentSpawn": {"command": "c"},
		  "stop": "x",
		  "userPromptSubmit": [{"command": "d", "timeout_ms": "z"}, {"command": "e"}]
		}}`)})
	corpus := map[string]string{"claude-code": "claude-code", "gemini-cli": "gemini-cli", "codex": "codex", "factory-droid": "factory-droid",
		"cursor": "cursor", "copilot-cli": "copilot", "windsurf": "windsurf"}
	for slug, dir := range corpus {
		files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", dir, "*.json"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, input{slug, jsonPath(t, slug), src})
		}
	}
	if len(inputs) < 10 {
		t.Fatalf("only %d inputs: is ../shared/corpus there?", len(inputs))
	}
	for _, in := range inputs {
		a, ok := providers.Get(in.slug)
		if !ok {
			t.Fatalf("no %s adapter", in.slug)
		}
		files := providers.Files{in.path: in.src}
		alone, aloneDiags := a.Decode(files)
		size, procs := parallel.ChunkSize, runtime.GOMAXPROCS(4)
		parallel.ChunkSize = 1
		split, splitDiags := a.Decode(files)
		parallel.ChunkSize = size
		runtime.GOMAXPROCS(procs)
		if !reflect.DeepEqual(alone, split) {
			t.Errorf("%s %.60q: hooks differ when split:\n%+v\n%+v", in.slug, in.src, alone, split)
		}
		if !reflect.DeepEqual(aloneDiags, splitDiags) {
			t.Errorf("%s %.60q: diagnostics differ when split:\n%v\n%v", in.slug, in.src, aloneDiags, splitDiags)
		}
	}
}
