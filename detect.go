package hookconv

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/readfile"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// DetectSource names the providers whose config a file could be, from its
// content (a manifest has a top-level "spec") and then its path, matched
// against every provider's config paths in the vocab table. More than one
// slug means the file is ambiguous (hooks/hooks.json is both a Claude Code
// plugin's and a Gemini extension's); none means it is unknown.
func DetectSource(path string, src []byte) []string {
	if bytes.Contains(src, []byte("spec")) {
		if root, ds := canonical.ParseDocument(path, src, canonical.FormatAuto); !ds.HasErrors() {
			if s := root.Get("spec"); s != nil && strings.HasPrefix(s.Text, "hooks/") {
				return []string{"canonical"}
			}
		}
	}
	p := filepath.ToSlash(filepath.Clean(path))
	// The most specific path wins: .github/hooks/hooks.json is Copilot's,
	// even though it also ends in a plugin's hooks/hooks.json.
	var byPath []string
	longest, shared := 0, ""
	for _, prov := range vocab.Default().Providers {
		if prov.Slug == "canonical" {
			continue
		}
		for _, cp := range prov.Paths {
			if matchesConfigPath(p, cp) {
				switch {
				case len(cp) > longest:
					byPath, longest, shared = []string{prov.Slug}, len(cp), cp
				case len(cp) == longest:
					byPath = append(byPath, prov.Slug)
				}
				break
			}
		}
	}
	if len(byPath) < 2 {
		return byPath
	}
	cands := byEventNames(src, byPath)
	if len(cands) > 1 && !strings.HasPrefix(shared, ".") {
		cands = byOtherTools(src, cands)
	}
	if len(cands) > 1 {
		cands = byPluginVars(src, cands)
	}
	if len(cands) == 1 {
		// One tool by its names, which may read the file in another's
		// form; a file that mixes them still leaves --from to decide.
		if slug := versionedAs(src, cands[0], byPath); slug != "" {
			return []string{slug}
		}
	}
	return cands
}

// versionedAs returns the candidate whose form a file named slug's by its
// event names is in, by its numeric root "version" (slug's versioned_as in
// the providers table): VS Code reads such a file in .github/hooks as
// Copilot CLI's, so the file is in Copilot CLI's form whatever its event
// names, and Copilot CLI, which reads PascalCase names and Claude's groups
// too, honours the matchers VS Code ignores (QA: a version 1 file with
// bash keys and PascalCase names was read as VS Code's, its matchers
// dropped). A file whose entries carry keys only slug reads (VS Code's
// linux/osx/windows, which win over its Copilot CLI reading) stays slug's.
// "" when none applies.
func versionedAs(src []byte, slug string, cands []string) string {
	if !bytes.Contains(src, []byte(`"version"`)) {
		return "" // most files: nothing to parse
	}
	root, err := node.ParseJSON(src, node.JSONOptions{JSONC: true})
	if err != nil || root.Kind != node.Object {
		return ""
	}
	if v := root.Get("version"); v == nil || v.Kind != node.Number {
		return ""
	}
	prov, _ := vocab.Default().Provider(slug)
	if prov.VersionedAs == "" || !slices.Contains(cands, prov.VersionedAs) {
		return ""
	}
	if readsOwnKeys(root.Get("hooks"), slug, prov.VersionedAs) {
		// VS Code reads the file through its Copilot CLI path, but its
		// explicit linux/osx/windows keys still win (reference part 2
		// §2.3): read as Copilot CLI's, those commands would be dropped,
		// and migrate --remove-source would delete a guard VS Code runs
		// (QA s28 q3 F1).
		return ""
	}
	return prov.VersionedAs
}

// readsOwnKeys reports whether an object under n carries an entry key
// slug's adapter reads and other's does not (VS Code's "windows", "linux"
// and "osx" beside Copilot CLI's). The dialects say which keys each
// reads, so no key list is written twice.
func readsOwnKeys(n *node.Node, slug, other string) bool {
	type keyReader interface{ ReadsEntryKey(string) bool }
	own, _ := providers.Get(slug)
	them, _ := providers.Get(other)
	ro, ok1 := own.(keyReader)
	rt, ok2 := them.(keyReader)
	if !ok1 || !ok2 {
		return false
	}
	var walk func(*node.Node) bool
	walk = func(n *node.Node) bool {
		if n == nil {
			return false
		}
		for _, it := range n.Items {
			if walk(it) {
				return true
			}
		}
		for _, f := range n.Fields {
			if n.Kind == node.Object && ro.ReadsEntryKey(f.Key) && !rt.ReadsEntryKey(f.Key) {
				return true
			}
			if walk(f.Value) {
				return true
			}
		}
		return false
	}
	return walk(n)
}

// byOtherTools widens the candidates of a plugin's file (hooks/hooks.json,
// a path outside any tool's own folder, which other tools' plugins use
// too: a Cursor plugin's, corpus cursor/14) when none of them knows any
// of the file's event names: the tools whose event tables know all of
// them are the candidates then (QA: a file of Cursor's beforeShellExecution
// was called "claude-code or gemini-cli", and cursor never named). A file
// whose names fit no tool keeps the path's candidates.
func byOtherTools(src []byte, cands []string) []string {
	keys := eventKeys(src)
	if len(keys) == 0 || slices.ContainsFunc(cands, func(slug string) bool { return knownEvents(keys, slug) > 0 }) {
		return cands
	}
	var fit []string
	for _, prov := range vocab.Default().Providers {
		if prov.Slug != "canonical" && knownEvents(keys, prov.Slug) == len(keys) {
			fit = append(fit, prov.Slug)
		}
	}
	if len(fit) == 0 {
		return cands
	}
	return fit
}

// byPluginVars narrows candidates whose event names are alike (a plugin's
// SessionStart is Claude's and Gemini's) by the plugin-root variables the
// file uses (the providers table's plugin_root_vars): only Gemini CLI
// fills ${extensionPath} (corpus gemini-cli/05), only Claude Code of the
// two ${CLAUDE_PLUGIN_ROOT}. A file using none, or those of every
// candidate, stays ambiguous.
func byPluginVars(src []byte, cands []string) []string {
	var uses []string
	for _, slug := range cands {
		prov, _ := vocab.Default().Provider(slug)
		if slices.ContainsFunc(prov.PluginRootVars, func(v string) bool { return usesVar(src, v) }) {
			uses = append(uses, slug)
		}
	}
	if len(uses) == 0 || len(uses) == len(cands) {
		return cands
	}
	return uses
}

// usesVar reports whether src refers to a variable as ${name} or as $name
// followed by no further name character ($CLAUDE_PLUGIN_ROOT/x, not
// $CLAUDE_PLUGIN_ROOTS), the reading replaceVarWith gives $name.
func usesVar(src []byte, name string) bool {
	s := string(src)
	return strings.Contains(s, "${"+name+"}") || replaceVarWith(s, name, "") != s
}

// byEventNames narrows candidates that share a path (.github/hooks/ is
// Copilot CLI's and VS Code's; hooks/hooks.json a Claude Code plugin's and
// a Gemini extension's) by the event names the file uses: the one tool
// that knows all of them wins (a Gemini extension's BeforeTool beside a
// SessionStart both tools have), else the tool that knows the most of
// them. A tie — or a file mixing both tools' names — stays ambiguous.
func byEventNames(src []byte, cands []string) []string {
	keys := eventKeys(src)
	score := make([]int, len(cands))
	var knowsAll []string
	for i, slug := range cands {
		score[i] = knownEvents(keys, slug)
		if len(keys) > 0 && score[i] == len(keys) {
			knowsAll = append(knowsAll, slug)
		}
	}
	if len(knowsAll) == 1 {
		return knowsAll
	}
	best, bestScore, others := "", 0, 0
	for i, sc := range score {
		switch {
		case sc > bestScore:
			if best != "" {
				others++
			}
			best, bestScore = cands[i], sc
		case sc > 0:
			others++
		}
	}
	if best == "" || others > 0 {
		return cands
	}
	return []string{best}
}

// EventNamesOf counts the event names of a config (the keys of its
// "hooks" object, or of the document itself) that the tool knows. A file
// whose names fit two tools sharing a folder mixes their formats.
func EventNamesOf(src []byte, slug string) int {
	return knownEvents(eventKeys(src), slug)
}

// eventKeys are the keys of a config's "hooks" object, or of the document
// itself when it has none; nil when it is not a JSON object.
func eventKeys(src []byte) []string {
	root, err := node.ParseJSON(src, node.JSONOptions{JSONC: true})
	if err != nil || root.Kind != node.Object {
		return nil
	}
	events := root.Get("hooks")
	if events == nil || events.Kind != node.Object {
		events = root
	}
	keys := make([]string, 0, len(events.Fields))
	for _, f := range events.LastFields() {
		keys = append(keys, f.Key)
	}
	return keys
}

// knownEvents counts the keys that are the tool's event names.
func knownEvents(keys []string, slug string) int {
	n := 0
	for _, k := range keys {
		if len(vocab.Default().DecodeEvent(slug, k)) > 0 {
			n++
		}
	}
	return n
}

// MixesFormats reports whether a config uses event names of several of
// the candidate tools such that none of them knows all its names (a
// Copilot file with both sessionStart and PreToolUse), rather than names
// they share (SessionStart is both Claude's and Gemini's).
func MixesFormats(src []byte, cands []string) bool {
	root, err := node.ParseJSON(src, node.JSONOptions{JSONC: true})
	if err != nil || root.Kind != node.Object {
		return false
	}
	events := root.Get("hooks")
	if events == nil || events.Kind != node.Object {
		events = root
	}
	known := map[string]bool{}
	best := 0
	for _, slug := range cands {
		n := 0
		for _, f := range events.Fields {
			if len(vocab.Default().DecodeEvent(slug, f.Key)) > 0 {
				known[f.Key] = true
				n++
			}
		}
		best = max(best, n)
	}
	return len(known) > best
}

// matchesConfigPath reports whether a file path ends in a provider's config
// path, which may be a glob (.kiro/hooks/*.kiro.hook): the pattern is
// matched against as many trailing path elements as it has.
func matchesConfigPath(p, pattern string) bool {
	if !isGlob(pattern) {
		return p == pattern || strings.HasSuffix(p, "/"+pattern)
	}
	n := strings.Count(pattern, "/") + 1
	parts := strings.Split(p, "/")
	if len(parts) < n {
		return false
	}
	ok, _ := path.Match(pattern, strings.Join(parts[len(parts)-n:], "/"))
	return ok
}

// isGlob reports whether a config path is a path.Match pattern.
func isGlob(p string) bool { return strings.ContainsAny(p, "*?[") }

// ProviderFiles lists the config files of a provider that exist in a
// project, as slash-separated paths relative to fsys's root, in the order
// of the provider's paths (globs expanded in name order; each file once).
// Only regular files count: a folder named like a config is not one. A
// nil fsys holds none.
func ProviderFiles(slug string, fsys fs.FS) []string {
	prov, ok := vocab.Default().Provider(slug)
	if !ok || fsys == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, pattern := range prov.Paths {
		matches, _ := fs.Glob(fsys, pattern) // patterns are ours and valid
		for _, m := range matches {
			if seen[m] {
				continue
			}
			if st, err := fs.Stat(fsys, m); err != nil || !st.Mode().IsRegular() {
				continue
			}
			// Only a settings file that may hold no hooks is read here:
			// reading every file found read a project's source config
			// once per tool asked about and again to convert it (three
			// times for Claude Code: 27 MB and two collections before a
			// 100,000-hook conversion began).
			if isSettingsPath(prov, m) {
				if src, err := readfile.FromFS(fsys, m); err == nil && settingsWithoutHooks(prov, m, src) {
					continue
				}
			}
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}

// CodeNotLoaded (warning): a file in a folder the source tool loads hook
// files from, holding hooks in the tool's own form under a name the tool
// does not load (a Kiro IDE 0.x when/then hook saved as .json beside the
// .kiro.hook files): its hooks never ran there, so converting the
// project skips it, and says so rather than dropping it unannounced.
const CodeNotLoaded = "HC454"

// NotLoadedFiles reports, with CodeNotLoaded, the files of the folders of
// slug's globbed config paths (.kiro/hooks/*.kiro.hook) that none of its
// paths names but that its decoder reads hooks from: files the user meant
// as the tool's hooks, which the tool does not load and ProviderFiles
// does not list. Another tool's file in the same folder (a Kiro v1
// .json), which the decoder reads no hook from, is not one. Paths in the
// diagnostics are dir joined with the file's project-relative path, as
// the files read from the project are named.
func NotLoadedFiles(slug, dir string, fsys fs.FS) diag.List {
	prov, ok := vocab.Default().Provider(slug)
	a, aok := providers.Get(slug)
	if !ok || !aok {
		return nil
	}
	var ds diag.List
	seen := map[string]bool{}
	for _, pattern := range prov.Paths {
		if !isGlob(pattern) {
			continue
		}
		folder := path.Dir(pattern)
		if seen[folder] {
			continue
		}
		seen[folder] = true
		entries, err := fs.ReadDir(fsys, folder)
		if err != nil {
			continue
		}
		for _, e := range entries { // in name order
			rel := path.Join(folder, e.Name())
			if !e.Type().IsRegular() || pathRank(prov, rel) < len(prov.Paths) {
				continue
			}
			if st, err := e.Info(); err != nil || st.Size() > canonical.MaxFileSize {
				continue
			}
			src, err := fs.ReadFile(fsys, rel)
			if err != nil {
				continue
			}
			name := filepath.Join(dir, filepath.FromSlash(rel))
			if m, _ := a.Decode(providers.Files{name: src}); m == nil || len(m.Hooks) == 0 {
				continue
			}
			ds.Warnf(CodeNotLoaded, diag.Pos{Line: 1, Column: 1}, "",
				fmt.Sprintf("rename it to match %s if it should run, or name the file on the command line to convert it anyway", path.Base(pattern)),
				"a %s hook file under a name %s does not load (only %s from %s): its hooks never ran there; skipped", slug, slug, path.Base(pattern), folder)
			ds[len(ds)-1].File = name
		}
	}
	return ds
}

// settingsWithoutHooks reports whether rel is a settings file of the
// tool's that it reads hooks from too (a path of both its paths and its
// switch_paths: Copilot CLI's .github/copilot/settings.json) and src
// holds no top-level "hooks": then it is no hook config, only settings
// (read beside the hooks files for its switches).
func settingsWithoutHooks(prov vocab.Provider, rel string, src []byte) bool {
	if !isSettingsPath(prov, rel) {
		return false
	}
	root, err := node.ParseJSON(src, node.JSONOptions{JSONC: true})
	return err == nil && root.Kind == node.Object && root.Get("hooks") == nil
}

// isSettingsPath reports whether rel is a path of the tool's switch_paths
// (its settings files), which for some tools also hold hooks.
func isSettingsPath(prov vocab.Provider, rel string) bool {
	rel = filepath.ToSlash(rel)
	return slices.ContainsFunc(prov.SwitchPaths, func(sp string) bool { return rel == sp || strings.HasSuffix(rel, "/"+sp) })
}

// IsDefaultPath reports whether a project-relative path is where hookconv
// writes the provider's config: its first path, which for a tool with one
// file per hook or event (Kiro legacy, Cline) is a glob over that folder.
func IsDefaultPath(slug, rel string) bool {
	prov, ok := vocab.Default().Provider(slug)
	if !ok || len(prov.Paths) == 0 {
		return false
	}
	ok, _ = path.Match(prov.Paths[0], rel)
	return ok
}

// IsMigrationPath reports whether migrate reads a project-relative path
// of the provider before merging into it: its default path, or any of
// its paths for a tool that runs the hooks of all of them together
// (Codex), where a hook in any file already runs.
func IsMigrationPath(slug, rel string) bool {
	if IsDefaultPath(slug, rel) {
		return true
	}
	prov, _ := vocab.Default().Provider(slug)
	return prov.LoadsAllPaths && pathRank(prov, rel) < len(prov.Paths)
}

// IsSwitchPath reports whether rel is a config file of the provider that
// hookconv does not write but whose settings can turn off the hooks of the
// one it does (the providers table's switch_paths: Claude Code's
// settings.local.json), or whose presence may (shadowed_by: Factory
// Droid's hooks.json), or whose presence means the hooks written run only
// in some sessions (agent_paths: Kiro CLI's other agents).
func IsSwitchPath(slug, rel string) bool {
	prov, _ := vocab.Default().Provider(slug)
	return slices.Contains(prov.SwitchPaths, rel) || slices.Contains(prov.ShadowedBy, rel) || isOtherAgent(prov, rel, "")
}

// isOtherAgent reports whether rel is the file of one of the tool's
// agents (agent_paths) other than written ("" for the default file): read
// beside the file written, so that a new default agent names them.
func isOtherAgent(prov vocab.Provider, rel, written string) bool {
	if written == "" && len(prov.Paths) > 0 {
		written = prov.Paths[0]
	}
	return rel != written && slices.ContainsFunc(prov.AgentPaths, func(pattern string) bool { return matchesConfigPath(rel, pattern) })
}

// pathRank is the index of the first of the provider's paths that names
// rel, or len(prov.Paths) when none does.
func pathRank(prov vocab.Provider, rel string) int {
	for i, pattern := range prov.Paths {
		if ok, _ := path.Match(pattern, rel); ok {
			return i
		}
	}
	return len(prov.Paths)
}
