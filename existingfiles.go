package hookconv

import (
	"path"
	"slices"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// Codes for the target files a caller passes as existing.
const (
	CodeExistingUnread = "HC456" // an entry of several existing files, at none of the target's config paths, is neither written nor read (warning)
	CodeForeignTarget  = "HC457" // the one existing file is another tool's config, or the input itself converted to another tool: the converted hooks would replace that tool's own there (error)
)

// checkExisting says what the library does not do with existing, where
// the CLI would not let it happen at all (hookconv convert -o refuses the
// same files: QA F8) or does it silently (QA F9). Under Options.Project
// existing is the project's target files, which the caller found by the
// tool's own paths, so nothing is said.
func checkExisting(from, to string, in, existing providers.Files, opts Options) diag.List {
	if opts.Project || len(existing) == 0 {
		return nil
	}
	var ds diag.List
	if len(existing) == 1 {
		p := existing.Paths()[0]
		target, _ := vocab.Default().Provider(to)
		if from != to && slices.ContainsFunc(in.Paths(), func(q string) bool { return path.Clean(q) == path.Clean(p) }) {
			ds.Errorf(CodeForeignTarget, diag.Pos{}, "", "write to another file, such as "+defaultPathOf(target),
				"%s is the input: converting its %s hooks to %s there would replace them; nothing was written", p, from, target.Name)
			return ds.WithFile(p)
		}
		if to == "canonical" && slices.Contains(DetectSource(p, existing[p]), "canonical") {
			return nil // a manifest, wherever it is kept
		}
		// By the path alone, as the tools find their configs (the CLI's
		// refusal of -o FILE reads it so).
		owners := DetectSource(p, nil)
		if len(owners) > 0 && !slices.Contains(owners, to) {
			owner, _ := vocab.Default().Provider(owners[0])
			ds.Errorf(CodeForeignTarget, diag.Pos{}, "", "write to "+defaultPathOf(target)+" (pass no existing file, or that one)",
				"%s is %s's config, not %s's: the converted hooks would replace %s's own there, which it then never runs, guards included; nothing was written",
				p, owner.Name, target.Name, owner.Name)
			return ds.WithFile(p)
		}
		return nil
	}
	prov, _ := vocab.Default().Provider(to)
	for _, p := range existing.Paths() {
		// The default file is merged into; the tool's other files are
		// read for the settings that turn the converted hooks off.
		if pathRank(prov, p) < len(prov.Paths) || IsSwitchPath(to, p) {
			continue
		}
		var w diag.List
		w.Warnf(CodeExistingUnread, diag.Pos{}, "", "pass that file alone to write into it, or leave it out",
			"%s is none of %s's config paths: with several existing files the output goes to %s, and this one is neither written nor read", p, prov.Name, defaultPathOf(prov))
		ds = append(ds, w.WithFile(p)...)
	}
	return ds
}

// defaultPathOf is where hookconv writes the tool's config by default,
// or "a new file" for a tool with none.
func defaultPathOf(prov vocab.Provider) string {
	if len(prov.Paths) == 0 {
		return "a new file"
	}
	return prov.Paths[0]
}
