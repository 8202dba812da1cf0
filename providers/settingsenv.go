package providers

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/vocab"
)

// SettingsEnvNames appends to names, each once, the variables a config
// file's settings set for every hook the tool runs (the provider's
// settings_env key: Claude Code's "env"), but those the tool takes out of
// a hook's environment again (hook_env_dropped). root is the tree of file
// p; a plugin's hooks/hooks.json holds no settings.
func SettingsEnvNames(names []string, p string, root *node.Node, prov vocab.Provider) []string {
	if prov.SettingsEnv == "" || IsPluginHooksFile(p) {
		return names
	}
	env := root.Get(prov.SettingsEnv)
	if env == nil || env.Kind != node.Object {
		return names
	}
	for _, f := range env.Fields {
		dropped := slices.ContainsFunc(prov.HookEnvDropped, func(prefix string) bool { return strings.HasPrefix(f.Key, prefix) })
		if f.Key != "" && !dropped && !slices.Contains(names, f.Key) {
			names = append(names, f.Key)
		}
	}
	return names
}

// MarkSettingsEnv records, as "$env" in each hook's provider_data for
// slug, the names of the variables the tool's settings set for every hook
// (SettingsEnvNames): converted to another tool, the hooks run without
// them, which the pipeline says (HC440). Only the names are kept: the
// values may be secrets, and no other tool reads them from there.
func MarkSettingsEnv(hooks []canonical.Hook, slug string, names []string) {
	if len(names) == 0 {
		return
	}
	v := &node.Node{Kind: node.Array, Items: make([]*node.Node, len(names))}
	for i, name := range names {
		v.Items[i] = &node.Node{Kind: node.String, Text: name}
	}
	for i := range hooks {
		SetData(&hooks[i], slug, "$env", v)
	}
}

// IsPluginHooksFile reports whether p is a plugin's or extension's hooks
// file (hooks/hooks.json), whose other keys are no settings.
func IsPluginHooksFile(p string) bool {
	p = filepath.ToSlash(p)
	return p == pluginHooksPath || strings.HasSuffix(p, "/"+pluginHooksPath)
}

// pluginHooksPath is where a plugin (Claude Code, Copilot CLI) or an
// extension (Gemini CLI) keeps its hooks, under its own folder.
const pluginHooksPath = "hooks/hooks.json"
