package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/diag"
	"github.com/spf13/cobra"
)

// Exit codes, as documented in the README.
const (
	exitOK       = 0
	exitProblems = 1 // errors found (or warnings with --strict)
	exitUsage    = 2 // the command line itself is wrong
)

// exitError carries an exit code out of a command without printing more.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// usageError is a mistake in the command line (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// noSourceError is a project that holds no configuration of the source
// tool: nothing to convert, exit 1 (not 2: the command line may be right,
// and a script running migrate over many repositories must tell a
// repository without hooks from a mistyped flag). several marks a project
// holding the configs of several tools, none of them a target, and none
// named the source: the usage error issue #3 asks of ambiguous input
// (exit 2), said as HC469 in the json and github formats. (A second
// migrate finds its first run's target config there too: that one is
// left out before asking, QA q1 F2.)
type noSourceError struct {
	msg     string
	several bool
}

func (e noSourceError) Error() string { return e.msg }

func noSourcef(format string, args ...any) error {
	return noSourceError{msg: fmt.Sprintf(format, args...)}
}

// diagnostics is the error as one HC401 (or, for several tools' configs,
// HC469) error diagnostic, for the json and github formats.
func (e noSourceError) diagnostics() diag.List {
	var ds diag.List
	if e.several {
		ds.Errorf(hookconv.CodeSeveralSources, diag.Pos{}, "", "name the source tool with --from", "%s", e.msg)
		return ds
	}
	ds.Errorf(hookconv.CodeNothingDecoded, diag.Pos{}, "", "check the directory, or name the tool with --from or the file itself", "%s", e.msg)
	return ds
}

// sourceMissing renders a noSourceError as a diagnostic in the json and
// github formats, so standard error stays one document a program reads,
// and exits 1; any other error, or the text format (run says it in a
// line), is returned as it is.
func sourceMissing(e *env, format string, err error) error {
	var ns noSourceError
	if format == diag.FormatText || !errors.As(err, &ns) {
		return err
	}
	failed := renderAndFail(e, format, ns.diagnostics())
	if ns.several && failed == (exitError{exitProblems}) {
		return exitError{exitUsage} // a usage error, as in the text format
	}
	return failed
}

// stdoutFailed is a failed write of the command's output, named as such:
// "write /dev/stdout: no space left on device" does not say it was the
// output that was lost.
func stdoutFailed(err error) error {
	return fmt.Errorf("cannot write standard output: %w", unwrapPathError(err))
}

// trackedWriter remembers the first error a write to w returned, so that
// run can tell a command whose output was lost from one that succeeded,
// however the command dealt with the error (QA: migrate >/dev/full
// exited 0, its summary lost).
// A signal handler writes to standard error from its own goroutine, so
// the error is kept under a lock.
type trackedWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (t *trackedWriter) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	if err != nil {
		t.mu.Lock()
		if t.err == nil {
			t.err = err
		}
		t.mu.Unlock()
	}
	return n, err
}

// failed returns the first error a write returned, or nil.
func (t *trackedWriter) failed() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}

// env is what a command may touch of the outside world; tests give their own.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// targets are the tools the command converts its input to (convert:
	// one; check and migrate: each named), so the readers ready the heap
	// for all those conversions.
	targets []string
}

// run executes the CLI and returns the process exit code.
//
// 2 is only for a wrong command line. A command whose output could not
// be written (standard output or error: a full disk, a read-only file) exits
// 1, whatever it did about the error, with a line saying so unless it
// said so itself; `hookconv run` is left out, its exit code being its
// answer to the tool.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errOut := &trackedWriter{w: stdout}, &trackedWriter{w: stderr}
	e := &env{stdin: stdin, stdout: out, stderr: errOut}
	root := newRootCmd(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(out)
	root.SetErr(errOut)
	cmd, err := root.ExecuteC()
	var ue usageError
	if errors.As(err, &ue) {
		if cmd != nil && cmd.Name() == "run" && cmd.Parent() == root {
			// run's exit code is its answer to the tool (runUsageExit).
			return runUsageExit(args, ue.msg, stdout, stderr)
		}
		fmt.Fprintf(stderr, "hookconv: %s\n", ue.msg)
		return exitUsage
	}
	var ee exitError
	said := errors.As(err, &ee)
	if (out.failed() != nil || errOut.failed() != nil) && (cmd == nil || cmd.Name() != "run") {
		if said {
			return max(ee.code, exitProblems)
		}
		if err := out.failed(); err != nil {
			fmt.Fprintf(stderr, "hookconv: %v\n", stdoutFailed(err))
		}
		return exitProblems
	}
	if err == nil {
		return exitOK
	}
	if said {
		return ee.code
	}
	var ns noSourceError
	if errors.As(err, &ns) {
		fmt.Fprintf(stderr, "hookconv: %s\n", ns.msg)
		if ns.several {
			// Issue #3: ambiguous input is a usage error that lists the
			// candidates; --from completes the command line.
			return exitUsage
		}
		return exitProblems
	}
	// Everything cobra itself rejects (unknown command or flag, wrong
	// argument count) is a usage error too.
	fmt.Fprintf(stderr, "hookconv: %s\nRun 'hookconv --help' for usage.\n", err)
	return exitUsage
}

func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "hookconv",
		Short: "Convert AI coding tools' hook configurations between tools",
		Long: `hookconv moves hook configurations between AI coding tools (Claude Code,
Gemini CLI, Cursor, Codex, Copilot, Kiro, Windsurf, OpenCode, Cline, …)
through one neutral manifest format, hooks/1.0, and lints those manifests.`,
		Example: `  hookconv validate examples/guard.json
  hookconv events --provider cursor`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// --version, as people try first; the same line as `version`.
		Version: readVersion().line(),
	}
	root.SetVersionTemplate("{{.Version}}\n")
	// `hookconv completion bash|zsh|fish|powershell` prints a completion
	// script; provider flags complete to slugs (completion.go).
	root.CompletionOptions.HiddenDefaultCmd = false
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{err.Error()} })
	// A flag meant once, given twice, is refused before any command runs
	// (onceStringVar); completion runs no command, so it still completes.
	root.PersistentPreRunE = func(c *cobra.Command, _ []string) error { return repeatedFlag(c) }
	root.AddCommand(
		newConvertCmd(e),
		newMigrateCmd(e),
		newDetectCmd(e),
		newCheckCmd(e),
		newRunCmd(e), newEnvelopeCmd(e),
		newExplainCmd(e),
		newValidateCmd(e),
		newSchemaCmd(e),
		newEventsCmd(e),
		newToolsCmd(e),
		newProvidersCmd(e),
		newCapabilitiesCmd(e),
		newVersionCmd(e),
	)
	// cobra adds `completion` itself, with a help text for any other
	// argument and exit 0; a shell it has no script for is a usage error.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			// Runnable, so cobra checks its arguments: alone it prints
			// its help, as before.
			c.Args = cobra.NoArgs
			c.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
			c.Example = `  hookconv completion bash > ~/.local/share/bash-completion/completions/hookconv
  hookconv completion zsh > "${fpath[1]}/_hookconv"
  hookconv completion fish > ~/.config/fish/completions/hookconv.fish`
		}
	}
	completeProviderFlags(root)
	return root
}

// isTerminal reports whether w is an interactive terminal, for colour.
func isTerminal(w io.Writer) bool {
	if t, ok := w.(*trackedWriter); ok {
		w = t.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// useColor applies the NO_COLOR convention (https://no-color.org).
func useColor(w io.Writer) bool {
	return isTerminal(w) && os.Getenv("NO_COLOR") == ""
}
