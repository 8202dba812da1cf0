package providers

import (
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/vocab"
)

// AppendTools appends to list the canonical tools a native tool name
// does (vocab's DecodeTools: Cursor's Write is file_write and file_edit),
// skipping those already in it. ok is false for a name the tool lacks.
func AppendTools(list canonical.AnyOf, names *vocab.Tables, slug, native string) (canonical.AnyOf, bool) {
	tools := names.DecodeTools(slug, native)
	for _, t := range tools {
		if m := canonical.ToolName(t); !slices.Contains(list, canonical.Matcher(m)) {
			list = append(list, m)
		}
	}
	return list, len(tools) > 0
}

// Single is a list's one member, the list itself when it has more, and
// nil when it is empty: the canonical form of a decoded matcher.
func Single(list canonical.AnyOf) canonical.Matcher {
	switch len(list) {
	case 0:
		return nil
	case 1:
		return list[0]
	}
	return list
}
