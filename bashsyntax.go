package hookconv

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/bashonly"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeBashOnly (warning): a command hook's command text uses syntax only
// bash reads ([[ … ]], $(< file), <(…), ${var,,}, trap … ERR, the time
// keyword, …, in a "$( … )" too) or set -o pipefail, which older dash
// rejects, and goes to a tool that runs it with sh (VS Code, Claude Code,
// Factory Droid: dash on Debian and Ubuntu), where it fails or reads
// otherwise: a blocking hook
// then lets every call through (or, stopped by pipefail with exit 2,
// blocks every one). --remove-source keeps such a hook in the source.
const CodeBashOnly = "HC439"

// bashOnlyCommands warns (HC439) about each command hook whose inline
// command (not the scripts it runs: a script names its shell on its
// shebang line) uses syntax only bash reads, when the target runs
// commands with sh (the providers table's shell) and the tool the hook
// was written for does not. dash, Debian's and Ubuntu's sh, stops at
// "[[: not found" (exit 127) or a syntax error (exit 2); a guard written
// as [[ … ]] && { echo no >&2; exit 2; } || true then exits 0 and lets
// the call through. Under the shim, or for a command a shim already
// wraps, hookconv run picks the shell, and a PowerShell command has
// HC421 already.
func bashOnlyCommands(m *canonical.Manifest, from, to string) diag.List {
	if from == to {
		return nil
	}
	names := vocab.Default()
	target, _ := names.Provider(to)
	if target.Shell != "sh" {
		return nil
	}
	source, _ := names.Provider(from)
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		construct, field := inUnixCommands(&h.Handler, func(text string) (bashonly.Syntax, bool) {
			c := bashonly.Find(text)
			return c, c.Name != ""
		})
		if field == "" {
			continue
		}
		prov, _ := names.Provider(writtenFor(h, from, source))
		if prov.Shell == "sh" || runsPowerShell(h, prov) {
			continue // it failed there as well, or HC421 says it
		}
		was := ""
		if prov.Shell == "bash" {
			was = ", not with bash as " + prov.Name + " does"
		}
		reads, then := cmp.Or(construct.Reads, "which only bash reads"), construct.Fails
		if then == "" {
			then = "it fails there or means something else"
			if h.Blocking {
				then += ", and a guard that fails lets every call through"
			}
		}
		ds.Warnf(CodeBashOnly, h.PosOf("handler."+field), fmt.Sprintf("hooks[%d].handler.%s", h.SourceIndex(i), field),
			`run it with bash (bash -c '…'), move it into a script that starts with #!/usr/bin/env bash, or convert with --shim`,
			"%s: its command uses %s, %s, and %s runs it with sh (dash on Debian and Ubuntu)%s: %s",
			h.DisplayName(i), construct.Name, reads, target.Name, was, then)
	}
	return ds
}

// runsPowerShell reports whether h's tool runs its command with
// PowerShell (Claude Code's "shell": "powershell").
func runsPowerShell(h *canonical.Hook, prov vocab.Provider) bool {
	if prov.ShellKey == "" {
		return false
	}
	v := providers.OwnData(h, prov.Slug).Get(prov.ShellKey)
	return v != nil && strings.EqualFold(v.Text, "powershell")
}

// writtenFor is the tool a hook's command was written for: the source's,
// or, for a manifest or a program hookconv generates (OpenCode's plugin,
// Cline's scripts), the tool its decoder's marks name ("" for none).
func writtenFor(h *canonical.Hook, from string, source vocab.Provider) string {
	if from == "canonical" || source.Generated {
		return markedSource(h)
	}
	return from
}

// inUnixCommands returns what find finds first in the commands a hook
// runs on Linux and on macOS (the OS's own, else the cross-platform one;
// read once where both are the same; a command a shim wraps, whose shell
// hookconv run picks, skipped), and the field it is in: "" when it finds
// nothing.
func inUnixCommands[T any](hd *canonical.Handler, find func(string) (T, bool)) (found T, field string) {
	read := ""
	for _, os := range [...]struct{ key, field string }{{"linux", "platform.linux"}, {"osx", "platform.osx"}} {
		f, text := os.field, hd.Platform[os.key]
		if text == "" {
			f, text = "command", hd.Command
		}
		if text == "" || text == read || shimmedFor(text) != "" {
			continue // read already: most hooks run one command on both
		}
		read = text
		if v, ok := find(text); ok {
			return v, f
		}
	}
	return found, ""
}
