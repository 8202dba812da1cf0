package hookconv

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeReadAsLikeliest notes that an input whose tool its content could not tell, since it does not parse, was read as the one tool its name or text points to, so that its own error is said (info).
const CodeReadAsLikeliest = "HC216"

// LikelySource names the tool whose config an input most likely is,
// where DetectSource names none because the input cannot be read as a
// config: it does not parse (a manifest with a trailing comma, YAML
// indented with a tab, an empty file), or it is code (a hand-written
// OpenCode plugin). Read as that tool's, the input gets the tool's own
// diagnostic, at its line and column, where "cannot tell which tool"
// would send the user to --from for a file that --from does not mend
// (QA F3). What points to one tool, in this order:
//
//   - it is a program hookconv generated for the tool (a Cline script,
//     an OpenCode plugin: the adapter knows its header);
//   - it lies in the folder of one of a tool's config paths, in that
//     path's language (.opencode/plugins/guard.ts beside OpenCode's
//     hookconv.ts);
//   - it could be a manifest document (mayBeManifest) and its text names
//     a manifest's spec ("spec": "hooks/1.0");
//   - its name is a manifest's (the providers table's canonical paths:
//     hooks.json, hooks.yaml).
//
// Programs come first: a generated one quotes its manifest in comments,
// which made the spec rule read it as a broken manifest (QA F6).
//
// It returns "" and no diagnostics where nothing points to one tool, or
// the input is a readable config (then its tool is unknown for another
// reason). Otherwise ds holds one info (HC216) that says which tool the
// input is read as, and why.
func LikelySource(name string, src []byte) (slug string, ds diag.List) {
	if readable(name, src) {
		return "", nil
	}
	slug, why := likeliest(filepath.ToSlash(filepath.Clean(name)), src)
	if slug == "" {
		return "", nil
	}
	ds.Infof(CodeReadAsLikeliest, diag.Pos{}, "", "if it is another tool's, name that tool with --from",
		"the input does not parse as a config, so its content does not say which tool it is for; read with --from %s, since %s", slug, why)
	return slug, ds.WithFile(name)
}

// readable reports whether src parses as a config document: JSON or
// YAML (by its name, else its content) holding an object. Code read as
// YAML is a string, and so is not.
func readable(name string, src []byte) bool {
	root, ds := canonical.ParseDocument(name, src, canonical.FormatAuto)
	return !ds.HasErrors() && root != nil && root.Kind == node.Object
}

// manifestSpec finds a manifest's spec in text that may not parse:
// "spec": "hooks/1.0" in JSON, spec: hooks/1.0 in YAML.
var manifestSpec = lazy.Regexp(`(?m)(?:^|[{,\s])"?spec"?\s*:\s*["']?(hooks/[0-9][0-9.]*)`)

// likeliest is LikelySource's choice for the input at slash-separated
// path p that is no readable config, and why it was made.
func likeliest(p string, src []byte) (slug, why string) {
	if slug := generatedFor(src); slug != "" {
		return slug, fmt.Sprintf("its header says hookconv generated it for %s", slug)
	}
	if slug, folder := inConfigFolder(p); slug != "" {
		return slug, fmt.Sprintf("it lies in %s, beside %s's config, in its language", folder, slug)
	}
	if mayBeManifest(src) {
		if m := manifestSpec().FindSubmatch(src); m != nil {
			return "canonical", fmt.Sprintf("its text names a manifest's spec (%s)", m[1])
		}
	}
	manifest, _ := vocab.Default().Provider("canonical")
	for _, cp := range manifest.Paths {
		if matchesConfigPath(p, cp) {
			return "canonical", "its name, " + path.Base(p) + ", is a manifest's"
		}
	}
	return "", ""
}

// generatedFor returns the tool whose adapter generated the program src
// (providers.Generator), "" where none did.
func generatedFor(src []byte) string {
	for _, slug := range providers.Slugs() {
		a, _ := providers.Get(slug)
		if g, ok := a.(providers.Generator); ok && g.Generated(src) {
			return slug
		}
	}
	return ""
}

// mayBeManifest reports whether src could be a manifest document that
// does not parse: its first line that is neither blank nor a YAML
// comment opens a JSON object, starts a YAML document (---) or is a
// YAML mapping's key (spec:, "hooks":). A shebang, a // comment or a
// line of code is a program's, whose comments and strings may quote a
// manifest without being one.
func mayBeManifest(src []byte) bool {
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	if bytes.HasPrefix(src, []byte("#!")) {
		return false
	}
	for line := range bytes.Lines(src) {
		line = bytes.TrimSpace(line)
		switch {
		case len(line) == 0, line[0] == '#':
			continue
		case line[0] == '{', bytes.HasPrefix(line, []byte("---")):
			return true
		}
		return yamlKeyLine().Match(line)
	}
	return true // blank: only its name can tell
}

// yamlKeyLine matches a YAML mapping line: a plain or quoted key, a
// colon, then a blank or the line's end.
var yamlKeyLine = lazy.Regexp(`^(?:[A-Za-z_$][\w.$-]*|"[^"]*"|'[^']*')\s*:(?:\s|$)`)

// inConfigFolder returns the one tool one of whose config paths lies in
// p's folder (a folder the tool loads files from) and is in p's language
// (sameLanguage), and that folder; "" where none or several do. A path
// at the project's root (.openhook.json) names no folder.
func inConfigFolder(p string) (slug, folder string) {
	dir := path.Dir(p)
	for _, prov := range vocab.Default().Providers {
		if prov.Slug == "canonical" {
			continue
		}
		for _, cp := range prov.Paths {
			cdir := path.Dir(cp)
			if cdir == "." || !matchesConfigPath(dir, cdir) || !sameLanguage(path.Ext(p), path.Ext(cp)) {
				continue
			}
			if slug != "" && slug != prov.Slug {
				return "", ""
			}
			slug, folder = prov.Slug, cdir
		}
	}
	return slug, folder
}

// sameLanguage reports whether two file extensions are one language's:
// equal, or both JavaScript's or TypeScript's, which one runtime loads
// alike (a plugin folder holds .js and .ts).
func sameLanguage(a, b string) bool {
	if a == b {
		return a != ""
	}
	return scriptLanguage(a) == langNode && scriptLanguage(b) == langNode
}

// scriptLanguage is the language of a JavaScript or TypeScript file's
// extension (langNode), or "".
func scriptLanguage(ext string) string {
	switch ext {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
		return langNode
	}
	return ""
}
