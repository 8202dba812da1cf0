package opencode_test

import (
	"path/filepath"
	"testing"

	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/providertest"
)

// FuzzDecode: the decoder reads user files (any .ts a user names), so it
// must never panic, and what it accepts must survive a round trip through
// the encoder: Encode(Decode(x)) decodes again, without errors, to as many
// hooks as the first decode gave (less the ones Encode said it left out).
// Seeds: the shared corpus's hand-written plugins, generated plugins, and
// small hand-made ones around the manifest markers. A generated plugin is
// about 15 KB, so minimising a new input takes long: pass a short
// -fuzzminimizetime (e.g. 2s) to keep the fuzzer moving.
func FuzzDecode(f *testing.F) {
	providertest.SeedCorpus(f, filepath.Join("testdata", "corpus", "*.ts"), handSeeds)
	for _, src := range []string{rich, `{"spec": "hooks/1.0", "hooks": [{"event": "agent_stop", "handler": {"type": "command", "command": "x"}}]}`} {
		out, _ := encode(f, manifest(f, src))
		f.Add(out)
	}
	a := adapter(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		providertest.RoundTrip(t, a, providers.Files{pluginPath: src}, nil, nil)
	})
}

// handSeeds reach the decoder's branches: markers alone, out of order or
// damaged, manifests with hooks the plugin cannot run, and odd JSON.
var handSeeds = []string{
	"// hookconv:manifest:begin\nconst MANIFEST = {\"spec\":\"hooks/1.0\",\"hooks\":[{\"event\":\"before_tool_execute\",\"matcher\":[\"file_delete\",{\"mcp\":{\"server\":\"*\"}}],\"handler\":{\"type\":\"command\",\"command\":\"x\"}}]};\n// hookconv:manifest:end\n",
	"// hookconv:manifest:begin\nconst MANIFEST = {\"spec\":\"hooks/1.0\",\"hooks\":[{\"event\":\"session_end\",\"handler\":{\"type\":\"http\",\"url\":\"http://x\"}},{\"event\":\"vendor.opencode.session.deleted\",\"handler\":{\"type\":\"command\",\"command\":\"y\"}}]}\n// hookconv:manifest:end",
	"// hookconv:manifest:begin\nconst MANIFEST = {\"spec\":\"hooks/1.0\",\"hooks\":[]};\n// hookconv:manifest:end\n",
	"// hookconv:manifest:end\nconst MANIFEST = {}\n// hookconv:manifest:begin\n",
	"// hookconv:manifest:begin\nconst MANIFEST = \n// hookconv:manifest:end\n",
	"// hookconv:manifest:begin\nconst MANIFEST = {\"spec\":\"hooks/1.0\",\"hooks\":[{\"event\":\"before_tool_execute\",\"matcher\":{\"pattern\":\"(?P<x>a)(?i:b)\"},\"handler\":{\"type\":\"command\",\"command\":\"z\",\"timeout\":0.5}}]};;;\n// hookconv:manifest:end\n",
	"export const P = async () => ({ 'tool.execute.before': async () => {}, event: async ({ event }) => { if (event.type === \"session.idle\") {} } })\n",
	"",
	"\xef\xbb\xbf// hookconv:manifest:begin\r\nconst MANIFEST = {\"spec\":\"hooks/0.1\",\"hooks\":[{\"event\":\"agent_stop\",\"handler\":{\"type\":\"command\",\"command\":\"x\"}}]};\r\n// hookconv:manifest:end\r\n",
}
