package hookconv

import (
	"fmt"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// CodeAssumedTopLevel notes that commands were written to find the project as its git repository's top level, where the conversion was not told where the project lies in its repository (info).
const CodeAssumedTopLevel = "HC212"

// assumedTopLevel says (info) which hooks the conversion wrote to find
// the project as $(git rev-parse --show-toplevel) (rewriteProjectDir,
// anchorRelativePrograms) when place is unknown: that is the project
// only where it is the repository's top level, and for a project in a
// monorepo's subfolder such a guard runs a script that is not there, and
// lets every action through. Told where the project lies (Scripts.Repo,
// as ConvertProject and the command find it), the conversion writes the
// path from the top level instead, or warns (HC405): nothing to say here
// then (QA F3: it assumed silently). planned is the plan after the
// rewrites, src the source as decoded.
func assumedTopLevel(planned, src *canonical.Manifest, place RepoPlace) diag.List {
	if place.Known || planned == nil || src == nil {
		return nil
	}
	var hooks []string
	var first *canonical.Hook // said at the first one's command
	at := 0
	for i := range planned.Hooks {
		h := &planned.Hooks[i]
		k := h.SourceIndex(i)
		if !usesTopLevel(h) || k < len(src.Hooks) && usesTopLevel(&src.Hooks[k]) {
			continue // not rewritten here, or written so by its author
		}
		if first == nil {
			first, at = h, k
		}
		name := h.DisplayName(i)
		if len(hooks) == 0 || hooks[len(hooks)-1] != name { // a hook split in two is one
			hooks = append(hooks, name)
		}
	}
	if len(hooks) == 0 {
		return nil
	}
	var ds diag.List
	ds.Infof(CodeAssumedTopLevel, first.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", at), "if the project is in a subfolder of its repository, convert the project's folder (hookconv convert DIR; in Go, ConvertProject), so the path from the top level is written",
		"the commands of %s find the project as %s, taken to be the project's folder: the conversion was not told where the project lies in its git repository",
		andList(hooks), gitTopLevel)
	return ds
}

// usesTopLevel reports whether a hook's command, on any platform, finds
// the project through git.
func usesTopLevel(h *canonical.Hook) bool {
	if strings.Contains(h.Handler.Command, gitTopLevel) {
		return true
	}
	for _, c := range h.Handler.Platform {
		if strings.Contains(c, gitTopLevel) {
			return true
		}
	}
	return false
}
