package hookconv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
)

// TestSourceUnchangedByConversions converts each golden input to every
// target from one decoded Source, with and without the shim, and checks
// that the Source's manifest is what a fresh decode gives. The planned
// hooks share maps with the source's (capabilities.copyHook): a stage
// that wrote into one instead of replacing it would change what the next
// target is converted from.
func TestSourceUnchangedByConversions(t *testing.T) {
	inputs, err := filepath.Glob("testdata/golden/*/input.*")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	type input struct {
		name, from string
		files      providers.Files
	}
	// Beside the goldens, a manifest whose maps the later stages rewrite
	// on their copies: platform commands naming the project folder
	// (rewriteProjectDir), equal Linux and macOS overrides (the planner's
	// Unix default for Copilot CLI).
	cases := []input{{"platform-maps", "canonical", providers.Files{"hooks.json": []byte(`{"spec": "hooks/1.0", "hooks": [
  {"event": "before_tool_execute", "matcher": "shell", "blocking": true,
   "handler": {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/guard.sh",
     "platform": {"linux": "\"$CLAUDE_PROJECT_DIR\"/g.sh", "osx": "\"$CLAUDE_PROJECT_DIR\"/g.sh", "windows": "g.ps1"},
     "env": {"A": "1"}},
   "degradation": {"configurable_cwd": "warn"},
   "provider_data": {"claude-code": {"if": "Bash(git *)"}}},
  {"event": "after_tool_execute",
   "handler": {"type": "http", "url": "https://example.com/h", "headers": {"X": "1"}, "allowed_env_vars": ["TOKEN"]}}
]}`)}}}
	for _, in := range inputs {
		parts := strings.SplitN(filepath.Base(in), ".", 3) // input, slug, ext
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, input{filepath.Base(filepath.Dir(in)), parts[1], providers.Files{sourcePath(parts[1], parts[2]): src}})
	}
	for _, c := range cases {
		from, files := c.from, c.files
		t.Run(c.name, func(t *testing.T) {
			s := DecodeSource(from, files)
			if s.Manifest == nil {
				t.Fatalf("%s does not decode: %v", c.name, s.Diagnostics)
			}
			for _, to := range targets {
				for _, shim := range []bool{false, true} {
					s.Convert(to, nil, Options{Shim: shim})
				}
			}
			fresh := DecodeSource(from, files)
			if diff := cmp.Diff(fresh.Manifest, s.Manifest, cmpopts.IgnoreUnexported(canonical.Manifest{}, canonical.Hook{}, canonical.Handler{}), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("converting %s changed the source manifest (-fresh +after):\n%s", c.name, diff)
			}
		})
	}
}
