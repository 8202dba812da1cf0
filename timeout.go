package hookconv

import (
	"fmt"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/vocab"
)

// CodeTimeoutClamped (warning): a timeout longer than the target's hook
// timer can wait (a JavaScript setTimeout: 2³¹−1 ms, some 24.8 days) is
// written as that: set longer, the timer fires at once and kills the hook
// as it starts, and the action goes ahead.
const CodeTimeoutClamped = "HC437"

// clampTimeouts cuts, in planned (a manifest planned for to, whose hooks
// it may change), every timeout longer than the target's hook timer can
// wait (the providers table's max_timeout) to that, and warns about each.
// Gemini CLI, Qwen Code and VS Code hand the timeout to setTimeout, and
// Node fires a timer set past 2³¹−1 ms after 1 ms: the hook is killed as
// it starts, so a guard given 30 days to decide would let every call
// through. OpenCode's generated plugin has the same timer; the manifest
// it embeds then says what it does.
func clampTimeouts(planned *canonical.Manifest, to string) diag.List {
	prov, _ := vocab.Default().Provider(to)
	if prov.MaxTimeout <= 0 {
		return nil
	}
	limit := canonical.Number(prov.MaxTimeout).Text
	var ds diag.List
	for i := range planned.Hooks {
		h := &planned.Hooks[i]
		if h.Handler.Timeout <= prov.MaxTimeout {
			continue
		}
		ds.Warnf(CodeTimeoutClamped, h.PosOf("handler.timeout"), fmt.Sprintf("hooks[%d].handler.timeout", h.SourceIndex(i)),
			"set a timeout of at most "+limit+" s",
			"%s: timeout %s s is longer than %s can wait for a hook (%s s: its JavaScript timer holds at most 2³¹−1 ms, and one set longer fires at once, killing the hook as it starts, so the action goes ahead); written as %s s",
			h.DisplayName(i), canonical.Number(h.Handler.Timeout).Text, prov.Name, limit, limit)
		h.Handler.Timeout = prov.MaxTimeout
	}
	return ds
}
