package hookconv

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeSilentExitTwo (warning): a blocking hook that exits 2 with nothing
// written to standard error goes to a tool that blocks on exit 2 only
// with a reason there (Codex): the exit is a failure and the action goes
// ahead. --remove-source keeps such a hook in the source.
const CodeSilentExitTwo = "HC431"

// CodeCrashBlocks (info): command hooks go to a tool where any exit code
// but 0 and 1 blocks (Gemini CLI, with plain-text output), from one where
// a crash lets the action through: a missing interpreter now blocks.
const CodeCrashBlocks = "HC432"

// crashBlocks notes (HC432), once per conversion, the command hooks on
// events the target can block where it blocks on any exit code but 0 and
// 1 (the contracts table's crash_blocks) and the source does not: a
// script that crashes, or whose interpreter is missing (127), stops the
// action there, where the source let it through. Said as information: a
// guard failing closed loses no protection, but an agent whose every
// tool call is denied for a missing "uv" should not come as a surprise.
// Under the shim, a crash is a hook error, which lets the action through.
func crashBlocks(m *canonical.Manifest, from, to string, shim bool, files providers.Files) diag.List {
	if !onlyTargetExits(from, to, shim, func(c *hookrun.Contract) bool { return c.CrashBlocks }) {
		return nil
	}
	caps := capabilities.Default()
	canBlock := map[string]bool{} // per event: a large config has a few
	var events []string
	n, first := 0, -1
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || h.Handler.Async || caps.FailedClosed(h, from) {
			continue
		}
		blocks, seen := canBlock[h.Event]
		if !seen {
			b, ok := caps.BlockingOf(to, h.Event)
			blocks = ok && b.Behaviour != capabilities.Observe
			canBlock[h.Event] = blocks
		}
		if !blocks {
			continue
		}
		if n++; first < 0 {
			first = i
		}
		if !slices.Contains(events, h.Event) {
			events = append(events, h.Event)
		}
	}
	if n == 0 {
		return nil
	}
	was := "a hooks/1.0 manifest's contract"
	if from != "canonical" {
		was = toolName(from)
	}
	var ds diag.List
	ds.Infof(CodeCrashBlocks, m.Hooks[first].PosOf("handler.command"), "",
		"make the scripts exit 0 or 1 when they cannot decide, and check that what they run is installed; or convert with --shim, under which a crash lets the action through",
		"%d command hook(s) on %s: %s blocks when a hook exits with any code but 0 and 1 and prints plain text, as on exit 2, so a crash or a missing interpreter (exit 127) blocks there, where %s let the action go on",
		n, strings.Join(events, ", "), toolName(to), was)
	if file := m.Hooks[first].OriginFile; file != "" {
		ds = ds.WithFile(file)
	} else if paths := files.Paths(); len(paths) > 0 {
		ds = ds.WithFile(paths[0])
	}
	return ds
}

// toolName is a provider's own name (OpenAI Codex CLI), or its slug.
func toolName(slug string) string {
	if prov, ok := vocab.Default().Provider(slug); ok {
		return prov.Name
	}
	return slug
}

// onlyTargetExits reports whether the target's contract reads a hook's
// exit code as rule says (Exit2NeedsStderr, CrashBlocks) and the source's
// does not: only then do the hooks meet a rule they were not written for.
// Under the shim, hookconv run answers the target itself.
func onlyTargetExits(from, to string, shim bool, rule func(*hookrun.Contract) bool) bool {
	if from == to || shim || to == "canonical" {
		return false
	}
	contracts := hookrun.Default()
	target, ok := contracts.Contract(to)
	if !ok || !rule(target) {
		return false
	}
	source, ok := contracts.Contract(from)
	return !ok || !rule(source)
}

// silentExitTwo warns (HC431) about each blocking command hook that exits
// 2 without writing to standard error first, when the target blocks on
// exit 2 only with a reason on stderr (the contracts table's
// exit2_needs_stderr: Codex reads an exit 2 with empty stderr as a failed
// hook, and fails open) and the source blocks on the exit alone. Only
// events where both block by exit 2 count (the blocking matrix): where
// the target only observes, HC204 says so; where the source blocked only
// on a JSON answer, the exit never blocked. It reads only what it can
// read whole: the command when it runs nothing but the shell's own
// commands and text tools, or the script it runs (Scripts.readScript).
// Anything else may write a reason hookconv cannot see, and the encoder's
// note on the event (HC322) says the rule. Under the shim, hookconv run
// writes the reason itself.
func silentExitTwo(m *canonical.Manifest, from, to string, shim bool, scripts *Scripts) diag.List {
	if !onlyTargetExits(from, to, shim, func(c *hookrun.Contract) bool { return c.Exit2NeedsStderr }) {
		return nil
	}
	name := toolName(to)
	caps := capabilities.Default()
	// A manifest's hooks speak the canonical contract, where exit 2 blocks.
	exitBlocks := func(slug, event string) bool {
		b, ok := caps.BlockingOf(slug, event)
		return slug == "canonical" || ok && b.ExitTwoBlocks()
	}
	silent := map[string]bool{} // by text: thousands of hooks may run one script
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !h.Blocking || h.Handler.Type != canonical.HandlerCommand || shimmedFor(h.Handler.Command) != "" ||
			!exitBlocks(to, h.Event) || !exitBlocks(from, h.Event) {
			continue
		}
		if loc := stderrDropped().FindStringIndex(h.Handler.Command); loc != nil && !stderrWrite().MatchString(h.Handler.Command) {
			// guard.sh 2>/dev/null: whatever the script writes to stderr
			// is gone before Codex reads it. (Not when the redirections
			// also send something there: 2>/dev/stderr, >&2 2>&1.)
			call := h.Handler
			call.Command = h.Handler.Command[:loc[0]]
			if text, read := scripts.readScript(&call, forExit); read && exitsTwo(text) {
				ds.Warnf(CodeSilentExitTwo, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)),
					"drop the redirection, so that the script's reason reaches "+name+", or convert with --shim",
					"%s blocks by exiting 2, and its command sends the script's stderr away (%s): %s blocks on exit 2 only with a reason on stderr, and takes a silent exit 2 for a failed hook, so the action goes ahead",
					h.DisplayName(i), strings.TrimSpace(h.Handler.Command[loc[0]:]), name)
			}
			continue
		}
		text, read := scripts.readScript(&h.Handler, forExit)
		if !read {
			// A command without "exit" cannot exit 2 itself (a script
			// it runs is readScript's): skipped before the costlier
			// reading, which a large config would pay for every hook.
			if !strings.Contains(h.Handler.Command, "exit") {
				continue
			}
			if text, read = inlineText(h.Handler.Command); !read {
				continue
			}
		}
		// A script's text ends with the command that runs it, which adds
		// no exit (readScript reads only a plain call): keyed without it.
		key := strings.TrimSuffix(text, "\n"+h.Handler.Command)
		quiet, seen := silent[key]
		if !seen {
			quiet = exitsTwoSilently(key)
			silent[key] = quiet
		}
		if !quiet {
			continue
		}
		what := "its command"
		if text != h.Handler.Command {
			what = "its script"
		}
		ds.Warnf(CodeSilentExitTwo, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)),
			`write the reason to stderr before exiting 2 (echo "blocked: …" >&2; exit 2), or convert with --shim`,
			"%s blocks by exiting 2, and %s writes nothing to stderr before it does: %s blocks on exit 2 only with a reason on stderr, and takes a silent exit 2 for a failed hook, so the action goes ahead",
			h.DisplayName(i), what, name)
	}
	return ds
}

// inlineText returns a command's text when it is all that runs: no
// project file, no other program (allVisible), so what it writes to
// stderr can be seen.
func inlineText(command string) (string, bool) {
	if !allVisible(command, forExit) {
		return "", false
	}
	return command, true
}

// stderrDropped matches a redirection ending a command that sends its
// standard error away from the tool: nowhere, to standard output or to a
// file (2>/dev/null, 2>&1, 2>>guard.log, &>/dev/null, >/dev/null 2>&1).
var stderrDropped = lazy.Regexp(`\s(?:2>>?\s*(?:&1|[^\s&]\S*)|&>>?\s*\S+|>>?\s*\S+\s+2>&1)\s*$`)

// exitsTwo reports whether text exits 2 somewhere outside quoted text.
func exitsTwo(text string) bool {
	return len(exitTwoAt(text, withoutLiteralQuotes(text))) > 0
}

// exitTwoAt returns where text exits 2, outside quoted text: matched on
// the text (for exit "2"), kept where the exit is no quoted text's, which
// plain, text with its quotes blanked (withoutLiteralQuotes), shows.
func exitTwoAt(text, plain string) [][]int {
	locs := exitTwo().FindAllStringIndex(text, -1)
	return slices.DeleteFunc(locs, func(loc []int) bool { return !strings.Contains(plain[loc[0]:loc[1]], "exit") })
}

// stderrWrite matches what sends a shell command's output to standard
// error (echo … >&2, 1>&2, > /dev/stderr, >/dev/fd/2, &>/dev/stderr) or
// makes the shell write there itself (set -x traces every command).
var stderrWrite = lazy.Regexp(`>&\s*2\b|>>?\s*/dev/(?:stderr|fd/2)\b|\bset\s+-[a-wyz]*x|\bset\s+-o\s+xtrace\b`)

// groupToStderr matches the end of a compound command whose output goes
// to standard error ({ echo no; exit 2; } >&2, fi >&2, ) &>/dev/stderr).
var groupToStderr = lazy.Regexp(`(?:\}|\bfi|\bdone|\besac|\))\s*[\d&]?(?:>&\s*2\b|>>?\s*/dev/(?:stderr|fd/2)\b)`)

// exitsTwoSilently reports whether text has an exit 2 with no write to
// standard error before it, nor a compound command closing on its line
// whose output goes there ({ echo no; exit 2; } >&2). A write earlier on
// another branch is taken as made: the check only speaks when no path can
// have written. One that closes on a later line is not looked for (it may
// be another command's), so such a script is warned about. Quoted text
// is neither an exit nor a redirection (echo 'blocked (exit 2)' >&2).
// Linear in the text: a script may hold thousands of exits.
func exitsTwoSilently(text string) bool {
	plain := withoutLiteralQuotes(text) // same length: the offsets hold
	written := len(plain) + 1           // where the first write to stderr ends
	if loc := stderrWrite().FindStringIndex(plain); loc != nil {
		written = loc[1]
	}
	for _, loc := range exitTwoAt(text, plain) {
		if loc[1] >= written {
			return false // every later exit comes after the write
		}
		line := plain[loc[1]:]
		if end := strings.IndexByte(line, '\n'); end >= 0 {
			line = line[:end]
		}
		if !groupToStderr().MatchString(line) {
			return true
		}
	}
	return false
}
