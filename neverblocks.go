package hookconv

import (
	"bytes"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/parallel"
)

// notifierPrograms are the sound and notification programs a notifier
// hook runs (afplay …; echo done): they print nothing on standard
// output, so no answer of theirs is read, but their exit status is
// unknown (a missing sound file fails). quietPrograms holds them too,
// beside programs that print what hookconv cannot see (git, osascript;
// tee, the payload), which are no notifiers.
var notifierPrograms = []string{"afplay", "paplay", "aplay", "say", "notify-send", "terminal-notifier"}

// notifierCall matches a call of a notifier program where a command
// stands, with its arguments up to the operator that ends it.
var notifierCall = lazy.Regexp(`(^|[\s;&|(!{])(?:` + strings.Join(notifierPrograms, "|") + `)(?:[ \t][^;&|\n)]*)?`)

// notifierStandIn is what a notifier call is read as: a test of a
// variable nothing sets, which the exit readers take for a command that
// may succeed or fail (notify-send x && exit 2 may still exit 2) and that
// prints nothing.
const notifierStandIn = `[ -n "$HOOKCONV_NOTIFIED" ]`

// withNotifiersRead is text with each notifier program's call read as
// notifierStandIn. A call whose arguments hold an operator in quotes
// (say "a; b") leaves text the readers cannot split, which they take for
// what they cannot see: the safe mistake.
func withNotifiersRead(text string) string {
	if !slices.ContainsFunc(notifierPrograms, func(p string) bool { return strings.Contains(text, p) }) {
		return text
	}
	return notifierCall().ReplaceAllString(text, "${1}"+notifierStandIn)
}

// neverBlocks reports whether a blocking command hook provably cannot
// block in the tool it was written for, or in any other: its command is
// all that runs (no script, no program hookconv cannot see into but the
// notifiers), always exits 0 (mayFail), and prints only literal text
// with no JSON object in it, so neither an exit code nor an answer
// blocks. Such a hook is a notifier its decoder marked blocking only
// because its event can block there (spec §7); read as blocking, every
// target that blocks otherwise got "no longer blocks" warnings (HC204,
// HC208, HC425) and migrate --remove-source kept it in the source (QA
// F12). A hook with per-OS commands, a working directory, a timeout that
// blocks, or Cursor's failClosed (where output it cannot read denies) is
// left as it is.
func neverBlocks(h *canonical.Hook) bool {
	hd := &h.Handler
	if hd.Type != canonical.HandlerCommand || hd.Cwd != "" || len(hd.Platform) > 0 || hd.TimeoutAction == canonical.TimeoutBlock {
		return false
	}
	for _, raw := range h.ProviderData {
		if bytes.Contains(raw, []byte(`"$failClosed"`)) {
			return false
		}
	}
	text := withNotifiersRead(hd.Command)
	// No brace: no JSON answer; no backslash: no escape (printf '\173')
	// that prints one. Whether all it runs is visible is asked before
	// whether it may fail: a guard running a script is not, and that is
	// told at a third of what reading its exits costs (a large config's
	// thousands of guards).
	return !strings.ContainsAny(text, "{\\`") && allVisible(text, forAnswer) && !mayFail(hd.Command)
}

// withNeverBlocking returns m, or a copy of it, in which the blocking
// hooks that provably cannot block (neverBlocks) are not blocking: the
// plan then says nothing of a guard lost, since there was none. The
// hooks are read in chunks at once: reading every guard's command kept
// one core busy ~1.5 ms of a 10,000-handler plan while the other idled.
func withNeverBlocking(m *canonical.Manifest) *canonical.Manifest {
	never := make([]bool, len(m.Hooks))
	parallel.Each(len(m.Hooks), func(_ *diag.List, i int) {
		never[i] = m.Hooks[i].Blocking && neverBlocks(&m.Hooks[i])
	})
	if !slices.Contains(never, true) {
		return m
	}
	copied := *m
	copied.Hooks = slices.Clone(m.Hooks)
	for i, n := range never {
		if n {
			copied.Hooks[i].Blocking = false
		}
	}
	return &copied
}
