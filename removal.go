package hookconv

import (
	"fmt"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// Removal is which decoded source hooks may leave the source config after
// a migration to one or more targets (PlanRemoval): the policy of
// "hookconv migrate --remove-source", for RemoveMigrated. It is a type of
// its own, not the []bool of Migration.Migrated, because "the target holds
// it" is not "it may go": a guard a target holds but cannot block with
// must stay, and only PlanRemoval says which.
type Removal struct {
	// From is the source tool's slug.
	From string
	// Diagnostics are the HC414 warnings (CodeKeptInSource), one per hook
	// that stays because some target holds it with less power to block,
	// for fewer cases or without one of its settings.
	Diagnostics diag.List

	// remove tells, per decoded source hook, that it goes; files names
	// each one's source file (OriginFile).
	remove []bool
	files  []string
}

// Removes reports whether decoded source hook i (0-based) goes.
func (r Removal) Removes(i int) bool {
	return i >= 0 && i < len(r.remove) && r.remove[i]
}

// KeepsIn reports whether a hook read from the source file p stays there:
// one that some target does not hold with all its power. It is true when
// the source was not read (no hooks are known to go).
func (r Removal) KeepsIn(p string) bool {
	if r.files == nil {
		return true
	}
	for i, f := range r.files {
		if f == p && !r.Removes(i) {
			return true
		}
	}
	return false
}

// PlanRemoval decides which source hooks may be removed from the source
// config of the tool from once migs, the migrations of one source to
// every target, are written: those every target holds with all its power
// to block, for every case the source ran them for and with every setting
// they had. A hook some target holds with less stays, with a warning
// (HC414) saying why: removing it would weaken the guard, lose those
// cases or lose the setting. A hook a target does not hold at all (a
// failed migration holds none) stays too, silently: that target's own
// diagnostics say why. The hooks are the migrations' Decoded, as the
// conversions read them (a Cline script found to answer "cancel" is
// blocking there, not in Source.Manifest).
func PlanRemoval(from string, migs []Migration) Removal {
	r := Removal{From: from}
	var decoded *canonical.Manifest
	for _, mig := range migs {
		if mig.Decoded != nil {
			decoded = mig.Decoded
			break
		}
	}
	if decoded == nil {
		// Nothing is known of the source's hooks: none goes.
		return r
	}
	n := len(decoded.Hooks)
	r.remove = make([]bool, n)
	r.files = make([]string, n)
	// held counts, per hook, the targets holding it with all its power;
	// weakened lists those that hold it with less, and lessPower says
	// whether one of them blocks with it less or runs it for fewer cases
	// (not only without a setting); provenLoss that such a target says
	// how for sure, not only that hookconv cannot prove its script
	// answers with no JSON deny (Migration.Unproven).
	held := make([]int, n)
	pending := make([]bool, n) // a target holds it but does not run it yet
	weakened := make([][]string, n)
	lessPower := make([]bool, n)
	provenLoss := make([]bool, n)
	fails := make([]bool, n) // a target's copy of a hook that only watches may fail or read nothing
	for _, mig := range migs {
		for i, ok := range mig.Migrated {
			if ok && i < n && i < len(mig.Pending) && mig.Pending[i] {
				pending[i] = true
			}
			switch {
			case !ok || i >= n:
			case i < len(mig.Weakened) && mig.Weakened[i], i < len(mig.Narrowed) && mig.Narrowed[i]:
				weakened[i] = append(weakened[i], mig.Target)
				lessPower[i] = true
				if i >= len(mig.Unproven) || !mig.Unproven[i] || i < len(mig.Narrowed) && mig.Narrowed[i] {
					provenLoss[i] = true
				}
			case i < len(mig.Fails) && mig.Fails[i]:
				weakened[i] = append(weakened[i], mig.Target)
				fails[i] = true
			case i < len(mig.Altered) && mig.Altered[i]:
				weakened[i] = append(weakened[i], mig.Target)
			default:
				held[i]++
			}
		}
	}
	for i := range decoded.Hooks {
		h := &decoded.Hooks[i]
		r.files[i] = h.OriginFile
		// With no target, nothing holds the hook: it stays.
		// Nor does a hook a target runs only once its copies there are
		// approved (Migration.Pending), until a run finds them so.
		r.remove[i] = len(migs) > 0 && held[i] == len(migs) && !pending[i]
		if r.remove[i] || len(weakened[i]) == 0 || held[i]+len(weakened[i]) != len(migs) {
			continue
		}
		var w diag.List
		verb := "holds"
		if len(weakened[i]) > 1 {
			verb = "hold"
		}
		at, path, targets := h.Origin, fmt.Sprintf("hooks[%d]", i), strings.Join(weakened[i], " and ")
		switch {
		case !lessPower[i] && fails[i]:
			w.Warnf(CodeKeptInSource, at, path, "remove it by hand once its copy works there",
				"%s stays in the %s config: %s %s it, but its copy there may fail or find nothing to read (see the diagnostics above)",
				h.DisplayName(i), from, targets, verb)
		case !lessPower[i]: // every target only dropped a setting
			w.Warnf(CodeKeptInSource, at, path, "remove it by hand if the hook as the target holds it is enough",
				"%s stays in the %s config: %s %s it without a setting it has here (see the diagnostics above)",
				h.DisplayName(i), from, targets, verb)
		case h.Blocking && !provenLoss[i]:
			// Only unproven: the script read as exit-2-only (HC425 as
			// an info). "Cannot block" would be a claim hookconv does
			// not know to be true.
			w.Warnf(CodeKeptInSource, at, path, "remove it by hand once you have checked that its script denies by its exit code alone",
				"%s stays in the %s config: %s %s it, but hookconv cannot prove it blocks there as in %s: its script seems to deny by exit 2 only, yet reading a script rules out no JSON deny, which %s would not read (see HC425 above)",
				h.DisplayName(i), from, targets, verb, from, strings.Join(weakened[i], " or "))
		case h.Blocking:
			w.Warnf(CodeKeptInSource, at, path, "remove it by hand if the weaker guard is enough",
				"%s stays in the %s config: %s %s it but cannot block with it as %s does (see the diagnostics above)",
				h.DisplayName(i), from, targets, verb, from)
		default:
			w.Warnf(CodeKeptInSource, at, path, "remove it by hand if the cases the target runs it for are enough",
				"%s stays in the %s config: %s %s it but runs it for fewer cases than %s does (see the diagnostics above)",
				h.DisplayName(i), from, targets, verb, from)
		}
		if h.OriginFile != "" {
			w = w.WithFile(h.OriginFile)
		}
		r.Diagnostics = append(r.Diagnostics, w...)
	}
	return r
}
