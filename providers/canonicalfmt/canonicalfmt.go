// Package canonicalfmt is the adapter of the hooks/1.0 manifest itself, so
// the pipeline can read and write manifests like any other format
// (`--from canonical`, `--to canonical`).
package canonicalfmt

import (
	"bytes"
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

// CodeYAMLComments (warning): an existing YAML manifest is laid out in a
// way whose hooks block cannot be replaced alone (a flow mapping, a
// document end marker): the file is written anew, its other keys kept,
// its comments not.
const CodeYAMLComments = "HC351"

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

// Encode implements providers.Adapter: the manifest goes into the one
// existing file given, else to hooks.json; a .yaml or .yml file gets
// YAML. In an existing manifest only the hooks are rewritten: its other
// keys (annotations such as "_owner", "$schema"), their order, its
// layout and, in YAML, its comments outside the hooks stay as they were
// (a JSON file keeps even the bytes of the hooks it still holds).
// Replacing different hooks a manifest already held is said (HC323),
// since people write manifests by hand.
func (Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	target := existing.Target(DefaultPath)
	prev := existing[target]
	yamlTarget := false
	if ext := strings.ToLower(path.Ext(target)); ext == ".yaml" || ext == ".yml" {
		yamlTarget = true
	}
	var old *node.Node
	if len(bytes.TrimSpace(prev)) > 0 {
		old, _ = canonical.ParseDocument(target, prev, canonical.DetectFormat(target, prev)) // JSON or YAML
	}
	if old != nil && old.Kind == node.Object && canonical.DetectFormat(target, prev) == canonical.FormatJSON && !yamlTarget {
		out, ds := providers.WriteJSONConfig(target, prev, canonical.ManifestNode(m).Fields, countHooks)
		if out == nil {
			return nil, ds
		}
		return providers.Files{target: out}, ds
	}
	out := canonical.Marshal(m)
	var ds diag.List
	if yamlTarget {
		y, err := canonical.MarshalYAML(m)
		if err != nil {
			ds.Errorf(CodeYAML, diag.Pos{}, "", "write the manifest as JSON (-o hooks.json)", "cannot write %s as YAML: %v", target, err)
			return nil, ds
		}
		out = y
		if old != nil {
			spliced, ok := withHooksBlock(prev, old, y)
			if !ok && old.Kind == node.Object {
				// Written anew, but with the file's other keys, in their
				// order: only the comments are lost, and said.
				if spliced, ok = withOtherKeys(old, m); ok && bytes.Contains(prev, []byte("#")) {
					ds.Warnf(CodeYAMLComments, diag.Pos{}, "", "keep the manifest in block style (one key per line) to keep its comments",
						"%s is rewritten whole (its layout is not one hookconv edits in place): its other keys are kept, its comments are not", target)
					ds = ds.WithFile(target)
				}
			}
			if ok {
				out = spliced
			}
		}
	}
	if old != nil {
		ds = append(ds, providers.WarnReplaced(target, old.Get("hooks"), canonical.ManifestNode(m).Get("hooks"), countHooks)...)
	}
	return providers.Files{target: out}, ds
}

// withOtherKeys writes manifest m as YAML with the other top-level keys
// of old, the existing manifest, in their order: its spec and hooks
// replaced where they stood, added where missing.
func withOtherKeys(old *node.Node, m *canonical.Manifest) ([]byte, bool) {
	fresh := canonical.ManifestNode(m)
	doc := &node.Node{Kind: node.Object}
	seen := map[string]bool{}
	for _, f := range old.Fields {
		if seen[f.Key] {
			continue // a repeated key: the reader keeps one
		}
		seen[f.Key] = true
		if v := fresh.Get(f.Key); v != nil {
			f.Value = v
		}
		doc.Fields = append(doc.Fields, f)
	}
	for _, f := range fresh.Fields {
		if !seen[f.Key] {
			doc.Fields = append(doc.Fields, f)
		}
	}
	out, err := node.AppendYAML(nil, doc)
	return out, err == nil
}

// countHooks counts a manifest's hooks, for HC323.
func countHooks(n *node.Node) int { return len(n.Items) }

// withHooksBlock returns a YAML manifest, prev (read as old), with its
// top-level hooks block replaced by the one of written, a whole manifest
// as MarshalYAML writes it: every other line — other keys, comments,
// blank lines — stays as it was. A comment or blank line right before the
// next key is that key's. ok is false for a layout this does not follow
// (a flow mapping, several documents, no spec): the caller writes the
// whole manifest anew.
func withHooksBlock(prev []byte, old *node.Node, written []byte) ([]byte, bool) {
	if old.Kind != node.Object || old.Get("spec") == nil || bytes.Contains(prev, []byte("\n---")) || bytes.Contains(prev, []byte("\n...")) {
		return nil, false
	}
	hooks := -1
	for i, f := range old.Fields {
		if f.KeyPos.Column != 1 {
			return nil, false // a flow mapping, or an indented document
		}
		if f.Key == "hooks" {
			hooks = i
		}
	}
	crlf := bytes.Contains(prev, []byte("\r\n"))
	lines := bytes.SplitAfter(prev, []byte("\n"))
	// The new block: from written's "hooks:" line to its end.
	at := bytes.Index(written, []byte("\nhooks:"))
	if at < 0 {
		return nil, false
	}
	block := written[at+1:]
	if crlf {
		block = bytes.ReplaceAll(block, []byte("\n"), []byte("\r\n"))
	}
	var out []byte
	if hooks < 0 {
		// No hooks yet: the block goes last.
		out = append(out, prev...)
		if len(out) > 0 && out[len(out)-1] != '\n' {
			out = append(out, lineEnd(crlf)...)
		}
		return append(out, block...), true
	}
	start := old.Fields[hooks].KeyPos.Line - 1 // its first line, 0-based
	end := len(lines)
	if hooks+1 < len(old.Fields) {
		end = old.Fields[hooks+1].KeyPos.Line - 1
	}
	// The next key's own comments and the blank lines before them stay.
	for end > start+1 {
		line := bytes.TrimRight(lines[end-1], "\r\n")
		if len(bytes.TrimSpace(line)) != 0 && line[0] != '#' {
			break
		}
		end--
	}
	if start < 0 || start >= len(lines) || end > len(lines) {
		return nil, false
	}
	for _, l := range lines[:start] {
		out = append(out, l...)
	}
	out = append(out, block...)
	if end < len(lines) && len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, lineEnd(crlf)...)
	}
	for _, l := range lines[end:] {
		out = append(out, l...)
	}
	return out, true
}

// lineEnd is a line break in the file's style.
func lineEnd(crlf bool) []byte {
	if crlf {
		return []byte("\r\n")
	}
	return []byte("\n")
}

// Blank implements providers.Blanker: a manifest is strict JSON (or
// YAML), in which a comment is no blank but an error the reader reports,
// so only white space and a byte order mark are nothing.
func (Adapter) Blank(_ string, src []byte) bool {
	return len(bytes.TrimSpace(bytes.TrimPrefix(src, node.UTF8BOM))) == 0
}

func init() { providers.Register(Adapter{}) }
