package providers

import (
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/node"
)

// Switches reads the settings outside "hooks" that turn hooks off (Claude
// Code's disableAllHooks, Gemini's hooksConfig): the setting as the user
// wrote it, and whether it turns off every hook or those named. setting
// is "" when nothing is off.
type Switches func(root *node.Node) (setting string, all bool, names []string)

// DisableAllHooks is the Switches of the tools whose config turns every
// hook off with "disableAllHooks": true (Claude Code, Qwen Code, Copilot
// CLI's hook files).
func DisableAllHooks(root *node.Node) (string, bool, []string) {
	if v := root.Get("disableAllHooks"); v != nil && v.Kind == node.Bool && v.Bool {
		return `"disableAllHooks": true`, true, nil
	}
	return "", false, nil
}

// DisableAllHooksOff reports whether root sets "disableAllHooks": false:
// in a file that overrides another (Claude Code's settings.local.json over
// settings.json), that turns the other's true back off.
func DisableAllHooksOff(root *node.Node) bool {
	v := root.Get("disableAllHooks")
	return v != nil && v.Kind == node.Bool && !v.Bool
}

// MarkSwitchedOff records, as "$disabled" in a hook's provider_data for
// slug, the setting that turns it off, so that converting it to another
// tool, where it would run, warns (HC409). The names a setting lists are
// the hooks' names, or their commands where they have none (Gemini's
// hookRegistry).
func MarkSwitchedOff(hooks []canonical.Hook, root *node.Node, slug string, switches Switches) {
	if switches == nil {
		return
	}
	setting, all, names := switches(root)
	if setting == "" {
		return
	}
	v := &node.Node{Kind: node.String, Text: setting}
	for i := range hooks {
		h := &hooks[i]
		id := h.Name
		if id == "" {
			id = h.Handler.Command
		}
		if all || slices.Contains(names, id) {
			SetData(h, slug, "$disabled", v)
		}
	}
}
