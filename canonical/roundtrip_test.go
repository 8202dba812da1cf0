package canonical

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/hookconv/hookconv/internal/node"
	"gopkg.in/yaml.v3"
)

// validManifests lists every valid manifest the suite knows: our own test
// data, the examples shipped in the repository, and the public spec's
// conformance vectors.
func validManifests(t testing.TB) []string {
	var files []string
	for _, pattern := range []string{
		"testdata/valid/*.json",
		"testdata/schema/valid/*.json",
		"../examples/guard.json",
		"../../shared/conformance/canonical/*.json",
	} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 5 {
		t.Fatalf("found only %d manifests; is ../shared beside the checkout?", len(files))
	}
	return files
}

// modelOpts compare models by content: source positions are not content.
var modelOpts = cmp.Options{
	cmpopts.IgnoreUnexported(Manifest{}, Hook{}, Handler{}),
	cmpopts.IgnoreFields(Hook{}, "Origin", "OriginFile", "CommandOrigin"),
	cmpopts.EquateEmpty(),
}

func mustParse(t *testing.T, name string, src []byte) *Manifest {
	t.Helper()
	m, ds := Parse(name, src)
	if ds.HasErrors() {
		t.Fatalf("%s: %v", name, ds)
	}
	return m
}

// TestRoundTrip: parse → write → parse gives the same model, and writing
// is a fixed point (write(parse(write(m))) == write(m)), on every example.
func TestRoundTrip(t *testing.T) {
	for _, f := range validManifests(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m1 := mustParse(t, f, src)
			out1 := Marshal(m1)
			m2 := mustParse(t, "out.json", out1)
			m1.Spec = SpecVersion // writing always upgrades the version string
			if d := cmp.Diff(m1, m2, modelOpts); d != "" {
				t.Errorf("model changed through write (-before +after):\n%s", d)
			}
			if out2 := Marshal(m2); !bytes.Equal(out1, out2) {
				t.Errorf("write is not a fixed point:\n%s\n---\n%s", out1, out2)
			}
			if !bytes.HasSuffix(out1, []byte("}\n")) || bytes.Contains(out1, []byte("\t")) {
				t.Errorf("output is not 2-space JSON with a trailing newline:\n%s", out1)
			}
		})
	}
}

// TestJSONAndYAMLIdentical: every example, re-expressed in YAML, parses to
// the identical model and writes the identical canonical JSON.
func TestJSONAndYAMLIdentical(t *testing.T) {
	for _, f := range validManifests(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			mj := mustParse(t, f, src)
			root, ds := ParseDocument(f, src, FormatJSON)
			if ds.HasErrors() {
				t.Fatal(ds)
			}
			ysrc, err := yaml.Marshal(toYAML(root))
			if err != nil {
				t.Fatal(err)
			}
			my := mustParse(t, "m.yaml", ysrc)
			if d := cmp.Diff(mj, my, modelOpts); d != "" {
				t.Errorf("YAML model differs (-json +yaml):\n%s\nYAML:\n%s", d, ysrc)
			}
			if !bytes.Equal(Marshal(mj), Marshal(my)) {
				t.Errorf("canonical output differs between JSON and YAML input")
			}
		})
	}
}

// TestYAMLExamplePair checks the hand-written YAML twin of the README's
// example, which uses YAML's own idioms (comments, flow lists, plain
// scalars) rather than a machine translation.
func TestYAMLExamplePair(t *testing.T) {
	js, err := os.ReadFile("../examples/guard.json")
	if err != nil {
		t.Fatal(err)
	}
	ys, err := os.ReadFile("../examples/guard.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(mustParse(t, "guard.json", js), mustParse(t, "guard.yaml", ys), modelOpts); d != "" {
		t.Errorf("guard.yaml differs from guard.json:\n%s", d)
	}
}

// toYAML re-expresses a JSON tree as YAML, keeping member order and
// quoting every string so YAML cannot re-type it.
func toYAML(n *node.Node) *yaml.Node {
	switch n.Kind {
	case node.Object:
		y := &yaml.Node{Kind: yaml.MappingNode}
		for _, f := range n.Fields {
			y.Content = append(y.Content,
				&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: f.Key},
				toYAML(f.Value))
		}
		return y
	case node.Array:
		y := &yaml.Node{Kind: yaml.SequenceNode}
		for _, it := range n.Items {
			y.Content = append(y.Content, toYAML(it))
		}
		return y
	case node.String:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: n.Text, Style: yaml.DoubleQuotedStyle}
	case node.Number:
		tag := "!!int"
		if bytes.ContainsAny([]byte(n.Text), ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: n.Text}
	case node.Bool:
		v := "false"
		if n.Bool {
			v = "true"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: v}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
}

// TestMarshalLayout pins the exact canonical layout of a small manifest.
func TestMarshalLayout(t *testing.T) {
	m := &Manifest{Hooks: []Hook{{
		Name: "n", Event: "before_tool_execute", Matcher: AnyOf{ToolName("shell"), MCP{Server: "gh"}},
		Handler:  Handler{Type: "command", Command: "./x.sh", Env: map[string]string{"B": "2", "A": "1"}, Timeout: 1.5},
		Blocking: true,
	}}}
	want := `{
  "spec": "hooks/1.0",
  "hooks": [
    {
      "name": "n",
      "event": "before_tool_execute",
      "matcher": [
        "shell",
        {
          "mcp": {
            "server": "gh"
          }
        }
      ],
      "handler": {
        "type": "command",
        "command": "./x.sh",
        "env": {
          "A": "1",
          "B": "2"
        },
        "timeout": 1.5
      },
      "blocking": true
    }
  ]
}
`
	if got := string(Marshal(m)); got != want {
		t.Errorf("Marshal:\n%s\nwant:\n%s", got, want)
	}
}

// FuzzParse: no input makes the parser panic or hang, and whatever parses
// without errors survives a write/parse round trip.
func FuzzParse(f *testing.F) {
	for _, file := range validManifests(f) {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(file, src)
		}
	}
	f.Add("m.yaml", []byte("spec: hooks/1.0\nhooks:\n  - event: e\n    handler: {type: command, command: x}\n"))
	f.Add("m.json", []byte(`{"spec":"hooks/1.0","hooks":[{"event":"e","matcher":[{"pattern":"a|b"}],"handler":{"type":"command","command":"x"}}]}`))
	f.Fuzz(func(t *testing.T, name string, src []byte) {
		m, ds := Parse(name, src)
		for _, d := range ds {
			if d.Code == "" || d.Message == "" {
				t.Fatalf("diagnostic without code or message: %+v", d)
			}
		}
		if m == nil || ds.HasErrors() || len(m.Hooks) == 0 {
			return
		}
		out := Marshal(m)
		m2, ds2 := Parse("out.json", out)
		if ds2.HasErrors() {
			t.Fatalf("own output does not parse: %v\n%s", ds2, out)
		}
		if !bytes.Equal(out, Marshal(m2)) {
			t.Fatalf("write is not a fixed point for %q", src)
		}
	})
}
