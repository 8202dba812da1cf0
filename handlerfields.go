package hookconv

import (
	"fmt"
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// foreignFields drops the fields a hook's handler type does not have
// before the plan (QA q2 F7: an http hook's "async" and "model", a
// prompt hook's "env", were written to Claude Code, Qwen Code and
// Copilot CLI, whose handlers of those types have no such keys), each
// with the usual warning that a field is dropped (HC316). validate said
// HC184 of them already; convert says what it did with them. The hooks
// it changes are copies: m is returned as it is when none has one.
func foreignFields(m *canonical.Manifest, to string) (*canonical.Manifest, diag.List) {
	var ds diag.List
	var out *canonical.Manifest
	for i := range m.Hooks {
		// A copy of the handler alone: its fields are cleared, not the
		// maps they name (copying the whole hook, for every hook, cost
		// more than the check).
		hd := m.Hooks[i].Handler
		dropped := hd.DropForeignFields()
		if len(dropped) == 0 {
			continue
		}
		if out == nil {
			c := *m
			c.Hooks = slices.Clone(m.Hooks)
			out = &c
		}
		h := &out.Hooks[i]
		h.Handler = hd
		for _, f := range dropped {
			ds.Warnf(providers.CodeFieldDropped, h.PosOf("handler."+f), fmt.Sprintf("hooks[%d].handler.%s", h.SourceIndex(i), f), "remove it, or change the handler type",
				"%s: %s has no handler.%s; %s's %s handlers have no key for it either: dropped", h.DisplayName(i), diag.A(h.Handler.Type)+" handler", f, ToolName(to), h.Handler.Type)
		}
	}
	if out == nil {
		return m, nil
	}
	return out, ds
}
