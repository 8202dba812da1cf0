package hookconv

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/shlex"
)

// CodePlainStdoutInvalid: a command hook whose command prints plain text
// on standard output (echo 'done') goes to an event where the target
// reads a hook's exit 0 stdout only as a JSON object (the contracts
// table's plain_invalid: Codex's Stop and SubagentStop, reference part 1
// §4.8): the text is invalid output there, and the hook is taken as
// failed on every run (warning).
const CodePlainStdoutInvalid = "HC455"

// plainStdoutInvalid warns (HC455) about each command hook whose command
// prints plain text on stdout, going to an event where the target takes
// such text for invalid output (hookrun's PlainInvalid). Only what the
// command's own text shows is read (printedPlainText): a script it runs
// is not. Not under the shim, whose canonical contract reads plain stdout
// as a hook error everywhere, nor to the tool the hook came from.
func plainStdoutInvalid(m *canonical.Manifest, from, to string, shim bool) diag.List {
	if shim || from == to {
		return nil
	}
	c, ok := hookrun.Default().Contract(to)
	if !ok || len(c.PlainInvalid) == 0 {
		return nil
	}
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || !slices.Contains(c.PlainInvalid, h.Event) {
			continue
		}
		text := printedPlainText(h.Handler.Command)
		if text == "" {
			continue
		}
		ds.Warnf(CodePlainStdoutInvalid, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)),
			"send the text to stderr (>&2) or print nothing; "+ToolName(to)+" reads only a JSON object on stdout there",
			"%s prints plain text on stdout (%q) on %s: %s reads a hook's stdout there only as a JSON object, takes the text for invalid output and reports the hook as failed on every run (the agent still stops)",
			h.DisplayName(i), text, h.Event, ToolName(to))
	}
	return ds
}

// printedPlainText returns the literal text an echo or printf in command
// writes to the hook's standard output when that text is plain, not JSON
// ('done'); "" when none does or it cannot be told: an argument that
// expands ($x, `…`), a redirection or a pipe after it, text opening with
// { or [.
func printedPlainText(command string) string {
	words := shlex.Words(command)
	for start := 0; start < len(words); {
		end := start
		for end < len(words) && !words[end].Operator {
			end++
		}
		piped := end+1 < len(words) && words[end].Text == "|" && words[end+1].Text != "|"
		if text := plainEcho(words[start:end]); text != "" && !piped {
			return text
		}
		start = end + 1
	}
	return ""
}

// plainEcho is printedPlainText for one simple command.
func plainEcho(cmd []shlex.Word) string {
	if len(cmd) < 2 || cmd[0].Text != "echo" && cmd[0].Text != "printf" {
		return ""
	}
	var text []string
	for _, w := range cmd[1:] {
		switch {
		case w.Redirect, strings.ContainsAny(w.Text, "$`"):
			return ""
		case cmd[0].Text == "echo" && len(text) == 0 && (w.Text == "-n" || w.Text == "-e" || w.Text == "-E"):
		default:
			text = append(text, w.Text)
		}
	}
	out := strings.TrimSpace(strings.Join(text, " "))
	if out == "" || out[0] == '{' || out[0] == '[' {
		return ""
	}
	return out
}
