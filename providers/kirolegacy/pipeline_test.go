package kirolegacy_test

import (
	"os"
	"path/filepath"
	"testing"

	hookconv "github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/providertest"
)

// corpusFiles are the testdata files as a project's .kiro/hooks folder.
func corpusFiles(t *testing.T) providers.Files {
	t.Helper()
	paths, err := filepath.Glob("testdata/corpus/*")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	files := providers.Files{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[".kiro/hooks/"+filepath.Base(p)] = b
	}
	return files
}

// TestPipelineRoundTrip: the whole corpus through the pipeline (plan,
// encode, verify) back to Kiro legacy, and to the canonical manifest.
func TestPipelineRoundTrip(t *testing.T) {
	in := corpusFiles(t)
	res := hookconv.Convert("kiro-legacy", "kiro-legacy", in, nil)
	providertest.NoErrors(t, res.Diagnostics, res.Files)
	if len(res.Files) != len(in) {
		t.Errorf("%d files in, %d out: %v", len(in), len(res.Files), res.Files.Paths())
	}
	res = hookconv.Convert("kiro-legacy", "canonical", in, nil)
	providertest.NoErrors(t, res.Diagnostics, res.Files)
}

// TestPipelineFromCanonical: manifests written for Kiro legacy pass the
// verify stage, including the widening and partial-matcher cases.
func TestPipelineFromCanonical(t *testing.T) {
	for _, manifest := range []string{
		`{"spec":"hooks/1.0","hooks":[{"name":"fmt","event":"file_changed","matcher":{"pattern":"\\.go$"},"handler":{"type":"command","command":"gofmt -w .","timeout":30}}]}`,
		`{"spec":"hooks/1.0","hooks":[{"event":"file_changed","matcher":{"pattern":".*"},"handler":{"type":"command","command":"c"}}]}`,
		`{"spec":"hooks/1.0","hooks":[{"event":"file_created","matcher":{"pattern":"^a+$"},"handler":{"type":"command","command":"c"}}]}`,
		`{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":["shell","web_fetch"],"handler":{"type":"command","command":"./g.sh"}}]}`,
		`{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":{"mcp":{"server":"gh"}},"handler":{"type":"command","command":"x"}},{"event":"agent_stop","handler":{"type":"agent","prompt":"p"}}]}`,
		`{"spec":"hooks/1.0","hooks":[{"name":"b","event":"agent_stop","handler":{"type":"command","command":"1"}},{"name":"a","event":"agent_stop","handler":{"type":"command","command":"2"}},{"event":"session_start","handler":{"type":"command","command":"3"}}]}`,
	} {
		res := hookconv.Convert("canonical", "kiro-legacy", providers.Files{"hooks.json": []byte(manifest)}, nil)
		providertest.NoErrors(t, res.Diagnostics, res.Files)
	}
}
