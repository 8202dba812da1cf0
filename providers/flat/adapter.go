package flat

import (
	"bytes"
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// Adapter is a providers.Adapter for one flat dialect.
type Adapter struct {
	*Codec
}

var (
	_ providers.Adapter       = (*Adapter)(nil)
	_ providers.BesideDecoder = (*Adapter)(nil)
)

// NewAdapter returns the adapter of a dialect.
func NewAdapter(d *Dialect) *Adapter { return &Adapter{Codec: New(d)} }

// ReadsEntryKey reports whether the tool reads an entry key (Dialect.ReadsKey).
func (a *Adapter) ReadsEntryKey(k string) bool { return a.d.ReadsKey(k) }

// Slug implements providers.Adapter.
func (a *Adapter) Slug() string { return a.d.Slug }

// Decode implements providers.Adapter: the hooks of every file, in path order.
func (a *Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	return a.DecodeSeeing(files, nil)
}

// DecodeSeeing implements providers.TreeDecoder. A file of the tool's
// switch_paths whose settings turn every hook off (Copilot CLI's
// repository settings.json with "disableAllHooks": true) turns off the
// hooks of every file read with it, not its own alone, as a hooks file's
// own setting does.
func (a *Adapter) DecodeSeeing(files providers.Files, see func(string, *node.Node)) (*canonical.Manifest, diag.List) {
	return a.DecodeBeside(files, nil, see)
}

// DecodeBeside implements providers.BesideDecoder: the files of beside
// that are the tool's switch_paths (Copilot CLI's .github/copilot/
// settings.json, which hookconv does not convert when it converts
// .github/hooks) are read for their setting alone: "disableAllHooks":
// true there turns off every repository hook (reference part 2 §1.2,
// §1.6), so the hooks converted are marked off, and the pipeline warns
// where the target would run them (HC409).
func (a *Adapter) DecodeBeside(files, beside providers.Files, see func(string, *node.Node)) (*canonical.Manifest, diag.List) {
	a.load()
	var allOff *node.Node
	switchedOff := func(p string, root *node.Node) {
		if a.d.Switches == nil || !a.isSwitchFile(p) {
			return
		}
		if setting, all, _ := a.d.Switches(root); all {
			allOff = &node.Node{Kind: node.String, Text: setting}
		}
	}
	for _, p := range beside.Paths() {
		if _, named := files[p]; named || !a.isSwitchFile(p) {
			continue
		}
		// Only its setting is read: its problems are not the user's
		// question, as they did not name it.
		if root, _ := providers.ParseJSONConfig(p, beside[p], a.Prov); root != nil && root.Kind == node.Object {
			if see != nil {
				see(p, root)
			}
			switchedOff(p, root)
		}
	}
	seeing := func(p string, root *node.Node) {
		switchedOff(p, root)
		if see != nil {
			see(p, root)
		}
	}
	m, ds := providers.DecodeJSONFilesSeeing(files, a.Prov, seeing, a.DecodeTree)
	if allOff != nil {
		for i := range m.Hooks {
			providers.SetData(&m.Hooks[i], a.d.Slug, "$disabled", allOff)
		}
	}
	return m, ds
}

// Encode implements providers.Adapter: the hooks go to the one existing
// file given (the -o target), else to the tool's default path; an existing
// file keeps everything else it holds.
func (a *Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	tree, ds := a.EncodeTree(m)
	target := existing.Target(a.Prov.Paths[0])
	var members []node.Field
	if a.d.Version != 0 {
		members = append(members, node.Field{Key: "version", Value: canonical.Number(float64(a.d.Version))})
	}
	members = append(members, a.carriedTop(m)...)
	members = append(members, node.Field{Key: "hooks", Value: tree})
	return providers.EncodeJSONConfig(target, existing, members, countEntries, ds)
}

// countEntries counts the entries of a flat "hooks" value.
func countEntries(hooks *node.Node) int {
	n := 0
	for _, ev := range hooks.Fields {
		n += len(ev.Value.Items)
	}
	return n
}

// carriedTop is the first "$top" of m's hooks, as the members of the file
// to write: the CarriedTopKeys of the file they were read from (none for
// a hand-edited key of another name, or a key the dialect writes itself).
func (a *Adapter) carriedTop(m *canonical.Manifest) []node.Field {
	if len(a.d.CarriedTopKeys) == 0 {
		return nil
	}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !bytes.Contains(h.ProviderData[a.d.Slug], []byte(`"$top"`)) {
			continue // most hooks: not parsed
		}
		var out []node.Field
		for _, f := range providers.OwnData(h, a.d.Slug).Get("$top").LastFields() {
			if slices.Contains(a.d.CarriedTopKeys, f.Key) && (f.Key != "version" || a.d.Version == 0) {
				out = append(out, f)
			}
		}
		return out
	}
	return nil
}
