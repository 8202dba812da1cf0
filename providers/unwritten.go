package providers

import (
	"fmt"
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/vocab"
)

// Codes every adapter family reports alike about handler fields.
const (
	// CodeFieldDropped: a handler field the target has no key for; the
	// hook is written without it (warning).
	CodeFieldDropped = "HC316"
	// CodeTimeoutFailOpen: timeout_action "block" cannot be honoured, as
	// the target lets the action proceed when a hook times out; not said
	// on an event where the target's block keeps the agent working (Stop),
	// where letting it stop is the safe outcome (warning).
	CodeTimeoutFailOpen = "HC317"
)

// eachSetField calls fn with the canonical name of each field hd sets, in
// name order; a per-platform command is "platform.<os>". Encoders ask this
// of every hook, so it builds no list.
func eachSetField(hd *canonical.Handler, fn func(name string)) {
	set := [...]struct {
		name string
		on   bool
	}{
		{"allowed_env_vars", len(hd.AllowedEnvVars) > 0}, {"async", hd.Async}, {"command", hd.Command != ""},
		{"cwd", hd.Cwd != ""}, {"env", len(hd.Env) > 0}, {"headers", len(hd.Headers) > 0},
		{"input", len(hd.Input) > 0}, {"model", hd.Model != ""}, {"platform", false}, {"prompt", hd.Prompt != ""},
		{"server", hd.Server != ""}, {"status_message", hd.StatusMessage != ""}, {"timeout", hd.Timeout > 0},
		{"tool", hd.Tool != ""}, {"url", hd.URL != ""},
	}
	for _, f := range set {
		if f.name == "platform" {
			if len(hd.Platform) == 0 {
				continue
			}
			for _, os := range sortedkeys.Of(hd.Platform) {
				if hd.Platform[os] != "" {
					fn("platform." + os)
				}
			}
			continue
		}
		if f.on {
			fn(f.name)
		}
	}
}

// WarnUnwritten warns about every field h's handler sets that the target
// does not write (writes reports, by canonical field name — "timeout",
// "platform.windows" — what it does). The
// pipeline's degradation normally removed such fields already, with its
// own warning; this is each encoder's guarantee that nothing is dropped
// silently.
func WarnUnwritten(ds *diag.List, h *canonical.Hook, i int, tool string, writes func(field string) bool) {
	eachSetField(&h.Handler, func(f string) {
		if writes(f) {
			return
		}
		ds.Warnf(CodeFieldDropped, h.PosOf("handler."+f), fmt.Sprintf("hooks[%d].handler.%s", h.SourceIndex(i), f), "",
			"%s: %s has no equivalent of handler.%s; dropped", h.DisplayName(i), tool, f)
	})
}

// WarnTimeoutFailOpen warns when a blocking hook asks that a timeout
// block (timeout_action "block") on a target that lets the action proceed
// when a hook times out. Not on an event where the target's block keeps
// the agent working (Stop, AfterAgent): there a timeout that lets the
// agent stop is the safe outcome, and one that blocked would keep it from
// ever stopping, so nothing the hook meant is lost.
func WarnTimeoutFailOpen(ds *diag.List, h *canonical.Hook, i int, prov vocab.Provider) {
	if !h.Blocking || h.Handler.TimeoutAction != canonical.TimeoutBlock || capabilities.Default().Continues(prov.Slug, h.Event) {
		return
	}
	tool := prov.Name
	ds.Warnf(CodeTimeoutFailOpen, h.PosOf("handler.timeout_action"), fmt.Sprintf("hooks[%d].handler.timeout_action", h.SourceIndex(i)),
		"make the script itself exit 2 before the timeout if a timeout must block",
		"%s: timeout_action \"block\" cannot be honoured: %s lets the action proceed when a hook times out", h.DisplayName(i), tool)
}

// AllBut is a writes function for WarnUnwritten: the target writes every
// field except those listed ("platform" stands for every platform.<os>).
func AllBut(dropped ...string) func(field string) bool {
	return func(f string) bool {
		if len(f) > len("platform.") && f[:len("platform.")] == "platform." {
			f = "platform"
		}
		return !slices.Contains(dropped, f)
	}
}

// GuardLost is what a warning that a hook is not written (HC311: nothing
// of its matcher exists in the tool) adds for a blocking hook, in the
// words the planner's HC200 uses: "not written" alone reads like a hook
// that only watched, when the guard it was is gone from the tool. "" for
// a hook that does not block.
func GuardLost(h *canonical.Hook, tool string) string {
	if !h.Blocking {
		return ""
	}
	return ": it is a blocking hook, so its guard is lost in " + tool
}

// NeverFiresHint is the hint of a warning that a hook is not written
// because the target cannot meet its matcher (HC311): for a blocking
// hook, what to do so that its guard is not simply gone, in the words of
// HC200's hint for a guard on an event the target lacks: keep it where
// it fires, or give it a matcher the target meets (instead: ToolsInstead
// for a tool matcher). "" for a hook that does not block, as GuardLost.
func NeverFiresHint(h *canonical.Hook, instead string) string {
	if !h.Blocking {
		return ""
	}
	return "keep the guard in a tool where its matcher fires, or " + instead + " and convert again"
}

// ToolsInstead is NeverFiresHint's remedy for a tool matcher: a matcher
// of the target's own tools, which `hookconv tools` lists.
func ToolsInstead(tool, slug string) string {
	return "give it a matcher of tools " + tool + " has (`hookconv tools --provider " + slug + "`)"
}
