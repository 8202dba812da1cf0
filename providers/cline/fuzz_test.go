package cline

import (
	"path/filepath"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/providertest"
)

// FuzzDecode: Decode reads files people write and files hookconv wrote, so
// it must never panic, and what it accepts must survive Encode: the output
// decodes again, without errors, to as many hooks (providertest.RoundTrip).
// The seeds are the real scripts of the corpus and scripts hookconv
// generated, so mutations reach both decoders.
func FuzzDecode(f *testing.F) {
	a := adapter(f)
	var generated []string
	for _, src := range []string{richManifest,
		`{"spec":"hooks/1.0","hooks":[{"name":"n","event":"before_tool_execute","matcher":"shell","handler":{"type":"command","command":"./g.sh","timeout":3},"blocking":true}]}`,
	} {
		files, _ := a.Encode(mustParse(f, src), nil)
		for _, p := range files.Paths() {
			generated = append(generated, string(files[p]))
		}
	}
	providertest.SeedCorpus(f, filepath.Join("testdata", "corpus", "*"), append(generated,
		"#!/bin/sh\necho '{\"cancel\": true}'\n",
		"# hookconv-manifest-begin\n# {\"spec\": \"hooks/1.0\", \"hooks\": []}\n# hookconv-manifest-end\n",
		"# hookconv-manifest-begin\n# [\n",
		"",
	))
	// A hand-written script read at the path Encode writes its script to
	// is a hook that runs that very path: Encode refuses it (HC569), as it
	// must, rather than write a script that runs itself.
	selfRun := func(d diag.Diagnostic) bool { return d.Code == CodeSelfRun }
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, key := range []string{".clinerules/hooks/PreToolUse", "TaskResume.sh"} {
			in := providers.Files{key: src}
			if m, ds := a.Decode(in); ds.HasErrors() || m == nil || len(m.Hooks) == 0 {
				// Nothing to write: Cline's empty configuration is no
				// file at all, which RoundTrip cannot tell from a failure.
				continue
			}
			providertest.RoundTrip(t, a, in, nil, selfRun)
		}
	})
}
