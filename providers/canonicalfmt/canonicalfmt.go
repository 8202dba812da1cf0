// Package canonicalfmt is the adapter of the hooks/1.0 manifest itself, so
// the pipeline can read and write manifests like any other format
// (`--from canonical`, `--to canonical`).
package canonicalfmt

import (
	"path"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// CodeYAML (error): the manifest could not be written as YAML (a value
// YAML has no spelling for); nothing is written.
const CodeYAML = "HC327"

// DefaultPath is where a converted manifest is written.
const DefaultPath = "hooks.json"

// Adapter reads and writes manifests.
type Adapter struct{}

// Slug implements providers.Adapter.
func (Adapter) Slug() string { return "canonical" }

// Decode implements providers.Adapter: every file is a manifest; their
// hooks are concatenated in path order.
func (Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	var ds diag.List
	var out *canonical.Manifest
	for _, p := range files.Paths() {
		m, pds := canonical.Parse(p, files[p])
		ds = append(ds, pds...)
		if m == nil {
			continue
		}
		if out == nil {
			out = m
			continue
		}
		out.Hooks = append(out.Hooks, m.Hooks...)
	}
	return out, ds
}

// Encode implements providers.Adapter: the manifest replaces the one
// existing file given, else goes to hooks.json; a .yaml or .yml file gets
// YAML. A manifest holds nothing but hooks, so there is nothing to merge;
// replacing different hooks a manifest already held is said (HC323),
// since people write manifests by hand.
func (Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	target := existing.Target(DefaultPath)
	var ds diag.List
	out := canonical.Marshal(m)
	if ext := strings.ToLower(path.Ext(target)); ext == ".yaml" || ext == ".yml" {
		y, err := canonical.MarshalYAML(m)
		if err != nil {
			ds.Errorf(CodeYAML, diag.Pos{}, "", "write the manifest as JSON (-o hooks.json)", "cannot write %s as YAML: %v", target, err)
			return nil, ds
		}
		out = y
	}
	if prev := existing[target]; len(prev) > 0 {
		old, _ := canonical.ParseDocument(target, prev, canonical.DetectFormat(target, prev)) // JSON or YAML
		if old != nil {
			ds = providers.WarnReplaced(target, old.Get("hooks"), canonical.ManifestNode(m).Get("hooks"), func(n *node.Node) int { return len(n.Items) })
		}
	}
	return providers.Files{target: out}, ds
}

func init() { providers.Register(Adapter{}) }
