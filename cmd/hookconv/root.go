package main

import (
	"errors"
	"fmt"
	"io"
	"os"

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
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	root := newRootCmd(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "hookconv: %s\n", ue.msg)
		return exitUsage
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
		Version: versionLine(),
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
