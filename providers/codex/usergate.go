package codex

// Beyond the approvals, Codex's user config.toml decides whether a
// project's hooks load at all. From the openai/codex source:
//
//   - codex-rs/config/src/loader/mod.rs @ 12883137 (load_project_layers,
//     ProjectTrustContext): a project's .codex folder is a config layer
//     that is disabled, "project-local config, hooks, and exec policies"
//     with it, unless the user config trusts the project: the first
//     [projects."<folder>"] trust_level found for the layer's folder,
//     then the project's root (the nearest folder holding .git), then the
//     repository's, decides; none found is not trusted. Each folder is
//     looked up as the system resolves it (dunce::canonicalize) and as
//     spelled. (Older builds, codex-rs/core/src/config_loader/mod.rs @
//     b9813040, disabled the layer only when it held a config.toml, so
//     an untrusted project's hooks.json ran: which build runs is not
//     known here, so a project without trust keeps its source hooks.)
//   - codex-rs/hooks/src/engine/discovery.rs @ 0082977c
//     (discover_handlers): hooks are read from enabled layers only.
//   - reference part 1 §4.2: "disable with [features] hooks = false"
//     (codex_hooks the older name), read from every layer's config.toml,
//     the user's as the project's (switches, codex.go). A trusted
//     project's own hooks = true overrides the user's false; hookconv
//     does not count on that, in the safe direction.

import (
	"strconv"

	"github.com/hookconv/hookconv/internal/node"
)

// UserConfig is what Codex's user config.toml (in CODEX_HOME) holds that
// decides whether it runs a project's hooks.
type UserConfig struct {
	// File is the config's path, as diagnostics name it.
	File string
	// State is the approvals of hooks, by hook key.
	State TrustState
	// HooksOff is the feature flag that turns every hook off, as written
	// ("[features] hooks = false"); "" when it leaves them on.
	HooksOff string
	// TrustLevels is each [projects."<folder>"] trust_level, by folder
	// as written ("trusted", "untrusted").
	TrustLevels map[string]string
}

// ProjectHooksOff says why Codex loads none of a project's hooks under
// the user config: the setting that turns them off, as a person would
// look for it ("" when it loads them), and whether that is the project's
// trust. folders are the folders whose trust counts for the project, in
// the order Codex looks them up: the project's own, then its checkout's
// root.
func (u UserConfig) ProjectHooksOff(folders []string) (why string, untrusted bool) {
	if u.HooksOff != "" {
		return u.HooksOff, false
	}
	for _, f := range folders {
		level, ok := u.TrustLevels[f]
		if !ok {
			continue
		}
		if level == "trusted" {
			return "", false
		}
		return "[projects." + strconv.Quote(f) + "] trust_level = " + strconv.Quote(level), true
	}
	if len(folders) == 0 {
		return "no project trusted", true
	}
	return "no [projects." + strconv.Quote(folders[0]) + "] trust_level = \"trusted\"", true
}

// UnknownApprovals is why no copy counts as approved when the file Codex
// keeps its approvals in cannot be found (ApprovalsPath: neither
// CODEX_HOME nor a home directory is known), and how to mend it.
func UnknownApprovals() (why, hint string) {
	return "where it keeps its approvals is not known here (neither CODEX_HOME nor a home directory is set), so none counts as approved",
		"set CODEX_HOME to the folder Codex keeps its config.toml in (~/.codex of the user who runs Codex), or HOME"
}

// featuresOff is the feature flag of a config.toml's document that turns
// every hook off, read as a project's config.toml is (switches).
func featuresOff(doc map[string]any) string {
	features, ok := doc["features"].(map[string]any)
	if !ok {
		return ""
	}
	root := &node.Node{Kind: node.Object, Fields: []node.Field{{Key: "features", Value: fromTOML(features)}}}
	setting, _, _ := switches(root)
	return setting
}

// trustLevels reads [projects."<folder>"] trust_level; an entry of
// another shape is left out (its folder counts as not trusted).
func trustLevels(doc map[string]any) map[string]string {
	projects, _ := doc["projects"].(map[string]any)
	levels := make(map[string]string, len(projects))
	for folder, v := range projects {
		p, _ := v.(map[string]any)
		if level, ok := p["trust_level"].(string); ok {
			levels[folder] = level
		}
	}
	return levels
}
