package hookconv

import (
	"slices"
	"strconv"

	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// Fate is what converting one hook to one target does to it.
type Fate string

// The fates, from best to worst.
const (
	FateFull     Fate = "full"     // converts with nothing lost
	FateLossy    Fate = "lossy"    // converts, with warnings: something is lost or widened
	FateBlocked  Fate = "blocked"  // replaced by a hook that blocks the action (degradation "block")
	FateExcluded Fate = "excluded" // not converted at all
	FateFailed   Fate = "failed"   // the conversion as a whole failed
)

// HookFate is the fate of one source hook for one target, with the
// diagnostics that decided it.
type HookFate struct {
	// Target is the target's provider slug.
	Target string
	// Fate is what converting to Target does to the hook.
	Fate Fate
	// Diagnostics are that conversion's diagnostics about this hook
	// (those whose path names it, and those said once for several hooks
	// that include it).
	Diagnostics diag.List
}

// HookReport is one source hook's fate on every target.
type HookReport struct {
	// Index is the hook's 0-based index in the decoded source.
	Index int
	// Name is how messages name it: its name, or "hook N".
	Name string
	// Event is the hook's canonical event name (before_tool_execute, …),
	// as decoded.
	Event string
	// Fates holds one entry per target, in the order of the targets
	// asked for.
	Fates []HookFate
}

// excludingCodes are the diagnostics that mean a hook was left out.
var excludingCodes = []string{capabilities.CodeEventUnsupported, capabilities.CodeCapabilityExcluded, capabilities.CodeVendorEvent}

// Portability converts the source to every target and reports, per hook,
// what each conversion does to it. The diagnostics that name no hook
// (about a whole file, or a failed conversion) are returned in general,
// each once however many targets reported it.
func Portability(from string, targets []string, in providers.Files) (hooks []HookReport, general diag.List) {
	return DecodeSource(from, in).Portability(targets)
}

// Portability is Portability for a source decoded once (whose Scripts,
// when set, the checks read).
func (s *Source) Portability(targets []string) (hooks []HookReport, general diag.List) {
	hooks, general, _ = s.PortabilityByTarget(targets)
	return hooks, general
}

// PortabilityByTarget is Portability with, beside each general
// diagnostic, the targets whose conversion said it (generalTargets[k]
// for general[k]), since a diagnostic that names no hook does not say
// which target it is about: nil for one about the source itself (its
// decoding and validation, the Source's Diagnostics), which every
// conversion repeats.
func (s *Source) PortabilityByTarget(targets []string) (hooks []HookReport, general diag.List, generalTargets [][]string) {
	if s == nil {
		// A programming error, said as Convert says it (no panic): about
		// the source, so no target's.
		general.Errorf(CodeNothingDecoded, diag.Pos{}, "", "make the Source with DecodeSource", "the Source is nil: it holds no decoded hooks")
		return nil, general, [][]string{nil}
	}
	seen := map[string]int{} // by key: the index in general
	ofSource := map[string]bool{}
	keyOf := func(d diag.Diagnostic) string {
		return d.Code + "\x00" + d.File + "\x00" + strconv.Itoa(d.Pos.Offset) + "\x00" + d.Message
	}
	for _, d := range s.Diagnostics {
		ofSource[keyOf(d)] = true
	}
	for ti, to := range targets {
		res := s.Convert(to, nil, Options{})
		if res.Files != nil {
			res.Diagnostics = append(res.Diagnostics, s.switchedOffInProject(to, res.Diagnostics)...)
		}
		if ti == 0 {
			if res.Decoded == nil {
				return nil, res.Diagnostics, make([][]string, len(res.Diagnostics))
			}
			for i := range res.Decoded.Hooks {
				h := &res.Decoded.Hooks[i]
				hooks = append(hooks, HookReport{Index: i, Name: h.DisplayName(i), Event: h.Event})
			}
		}
		failed := res.Files == nil
		per := make([]diag.List, len(hooks))
		for _, d := range res.Diagnostics {
			// A diagnostic said once for several hooks (HC425's guards
			// whose JSON deny the target does not read) counts for each.
			named := false
			for _, i := range res.hooksOf(d) {
				if i < len(hooks) && !slices.Contains(per[i], d) {
					per[i] = append(per[i], d)
					named = true
				}
			}
			if !named {
				key := keyOf(d)
				i, ok := seen[key]
				if !ok {
					i = len(general)
					seen[key] = i
					general = append(general, d)
					generalTargets = append(generalTargets, nil)
				}
				if !ofSource[key] && !slices.Contains(generalTargets[i], to) {
					generalTargets[i] = append(generalTargets[i], to)
				}
			}
		}
		for i := range hooks {
			hooks[i].Fates = append(hooks[i].Fates, HookFate{Target: to, Fate: fateOf(per[i], failed), Diagnostics: per[i]})
		}
	}
	return hooks, general, generalTargets
}

// ProjectTarget is one target's files in the source's project
// (Source.Project), keyed by their slash-separated paths relative to the
// project root.
type ProjectTarget struct {
	// Existing are the files the tool loads hooks from (the paths
	// IsMigrationPath names).
	Existing providers.Files
	// Switches are the files whose settings can turn its hooks off
	// (the paths IsSwitchPath names: Claude Code's settings.local.json,
	// Copilot CLI's repository settings).
	Switches providers.Files
}

// switchedOffInProject warns (HC409) about each hook that would not run
// in target to's config in the source's project (Source.Project), whose
// settings turn it off there: Claude Code's disableAllHooks, Gemini CLI's
// hooksConfig, Codex's [features] hooks = false. It converts into those
// files as convert -o DIR/ does, in memory, so the warnings are the ones
// convert -o and migrate give; only they are taken, less those said
// already (have: the source's own switched-off hooks).
func (s *Source) switchedOffInProject(to string, have diag.List) diag.List {
	pt := s.Project[to]
	if len(pt.Existing) == 0 && len(pt.Switches) == 0 {
		return nil
	}
	merged := s.Convert(to, pt.Existing, Options{Project: true, Beside: pt.Switches})
	var out diag.List
	for _, d := range merged.Diagnostics {
		if d.Code == CodeDisabledHook && !slices.Contains(have, d) && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

func fateOf(ds diag.List, failed bool) Fate {
	switch {
	case failed:
		return FateFailed
	case slices.ContainsFunc(ds, func(d diag.Diagnostic) bool {
		return slices.Contains(excludingCodes, d.Code) || providers.IsNotWritten(d.Code)
	}):
		return FateExcluded
	case slices.ContainsFunc(ds, func(d diag.Diagnostic) bool { return d.Code == capabilities.CodeCapabilityBlocked }):
		return FateBlocked
	case ds.Count(diag.Warning)+ds.Count(diag.Error) > 0:
		return FateLossy
	}
	return FateFull
}
