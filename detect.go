package hookconv

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/hookconv/hookconv/canonical"
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
	var out []string
	for _, prov := range vocab.Default().Providers {
		if prov.Slug == "canonical" {
			continue
		}
		for _, cp := range prov.Paths {
			if p == cp || strings.HasSuffix(p, "/"+cp) {
				out = append(out, prov.Slug)
				break
			}
		}
	}
	return out
}

// ProviderFiles lists the config files of a provider that exist in a
// project directory, given a function that reports whether a path exists.
func ProviderFiles(slug string, exists func(rel string) bool) []string {
	prov, ok := vocab.Default().Provider(slug)
	if !ok {
		return nil
	}
	var out []string
	for _, p := range prov.Paths {
		if exists(p) {
			out = append(out, p)
		}
	}
	return out
}
