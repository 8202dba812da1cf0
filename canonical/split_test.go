package canonical

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/hookconv/hookconv/internal/parallel"
)

// TestParseSplitMatchesAlone reads manifests with a hook to a chunk on
// four goroutines and all on one, and requires the same manifest and the
// same diagnostics in the same order; then writes them back both ways.
func TestParseSplitMatchesAlone(t *testing.T) {
	inputs := map[string][]byte{"problems.json": []byte(`{"spec": "hooks/1.0", "bogus": 1, "hooks": [
	  {"event": "before_tool_execute", "handler": {"type": "command", "command": "a"}, "zzz": 1},
	  "not a hook",
	  {"handler": {"type": "command", "command": "b"}},
	  {"event": "stop", "handler": {"type": "command", "command": "c", "timeout": "x"}, "matcher": 5},
	  {"event": "before_tool_execute", "matcher": ["shell", {"mcp": {"server": "s"}}], "handler": {"type": "http", "url": "u"}, "blocking": true},
	  7,
	  {"event": "  ", "handler": {"type": "nope"}},
	  {"event": "after_tool_execute", "handler": {"type": "prompt", "prompt": "p"}, "provider_data": {"claude-code": {"if": "x"}}}
	]}`)}
	for _, dir := range []string{"canonical", "invalid"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "conformance", dir, "*.json"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			inputs[f] = src
		}
	}
	if len(inputs) < 5 {
		t.Fatalf("only %d inputs: is ../shared/conformance there?", len(inputs))
	}
	for name, src := range inputs {
		size, procs := parallel.ChunkSize, runtime.GOMAXPROCS(1)
		alone, aloneDiags := Parse(name, src)
		parallel.ChunkSize = 1
		runtime.GOMAXPROCS(4)
		split, splitDiags := Parse(name, src)
		var splitOut []byte
		if split != nil {
			splitOut = Marshal(split)
		}
		parallel.ChunkSize = size
		runtime.GOMAXPROCS(procs)
		if !reflect.DeepEqual(alone, split) {
			t.Errorf("%s: manifests differ when split", name)
		}
		if !reflect.DeepEqual(aloneDiags, splitDiags) {
			t.Errorf("%s: diagnostics differ when split:\n%v\n%v", name, aloneDiags, splitDiags)
		}
		if alone != nil && string(Marshal(alone)) != string(splitOut) {
			t.Errorf("%s: written differently when split", name)
		}
		if name == "problems.json" && (len(aloneDiags) < 6 || len(alone.Hooks) != 6) {
			t.Errorf("problems.json: %d hooks and %d diagnostics: not read as meant", len(alone.Hooks), len(aloneDiags))
		}
	}
}
