package hookrun

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"runtime"
	"time"
	"unicode/utf8"
)

// maxOutput caps what is kept of a hook's stdout and of its stderr; the
// rest is read and dropped so the hook never blocks on a full pipe. What
// is kept goes back to the tool, and most often to the model, as the
// reason of a block or a failure: a hook that dumps a log there must not
// put megabytes in either (QA: a 5 MB stderr became a 5 MB reason). An
// answer of the output schema is far smaller (Cline itself cuts context
// at 50 000 characters; Copilot CLI reads 10 MiB at most).
const maxOutput = 1 << 20

// truncatedMark ends a reason or a log cut at maxOutput, so whoever reads
// it knows there was more.
const truncatedMark = "… [truncated]"

// waitDelay bounds how long the shim waits, once the hook has exited, for
// processes it left behind that still hold its stdout or stderr open.
const waitDelay = 500 * time.Millisecond

// Exec runs argv directly (no shell: a hook that wants one says sh -c)
// with stdin and env, in a process group of its own. At the timeout (0 =
// none) or when ctx is done the whole group is killed, so a hook's
// children do not outlive it.
func Exec(ctx context.Context, argv []string, stdin []byte, env []string, timeout time.Duration) Result {
	if len(argv) == 0 {
		return Result{ExitCode: -1, StartErr: errors.New("no command")}
	}
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if timeout > 0 {
		runCtx, cancel = context.WithTimeout(ctx, timeout)
	}
	defer cancel()

	cmd := exec.CommandContext(runCtx, argv[0], argv[1:]...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Env = env
	cmd.WaitDelay = waitDelay
	ownProcessGroup(cmd)
	cmd.Cancel = func() error { return killProcessGroup(cmd) }

	// Linux sends the parent-death signal (dieWithShim) when the thread
	// that started the hook ends, not the process, and the Go runtime ends
	// a thread when a goroutine locked to it exits (a library's, say):
	// the hook would be killed mid-run. Locked to this goroutine from
	// start to wait, the thread runs nothing else, and ends only with the
	// shim (golang/go#27505).
	runtime.LockOSThread()
	err := cmd.Run()
	runtime.UnlockOSThread()
	r := Result{
		ExitCode:        -1,
		Stdout:          stdout.buf.Bytes(),
		Stderr:          stderr.buf.Bytes(),
		StdoutTruncated: stdout.dropped,
		StderrTruncated: stderr.dropped,
	}
	if cmd.ProcessState != nil {
		r.ExitCode = cmd.ProcessState.ExitCode()
	}
	// A hook that exited by itself just as the deadline passed was not
	// cut short: only a process that did not exit counts as stopped.
	stopped := cmd.ProcessState == nil || !cmd.ProcessState.Exited()
	switch {
	case cmd.ProcessState == nil && err != nil && runCtx.Err() == nil:
		r.StartErr = err
	case stopped && ctx.Err() != nil:
		r.Interrupted = true
	case stopped && runCtx.Err() == context.DeadlineExceeded:
		r.TimedOut = true
	}
	return r
}

// capped keeps the first maxOutput bytes written to it, and takes the
// rest without keeping it.
type capped struct {
	buf     bytes.Buffer
	dropped bool
}

func (c *capped) Write(p []byte) (int, error) {
	if c.dropped {
		return len(p), nil
	}
	if room := maxOutput - c.buf.Len(); len(p) > room {
		c.dropped = true
		c.buf.Write(p[:room])
		// Cut at a character, not inside one: the text becomes a
		// reason in the tool's JSON, where a split character would be
		// an invalid one.
		c.buf.Truncate(len(wholeRunes(c.buf.Bytes())))
		return len(p), nil
	}
	return c.buf.Write(p)
}

// wholeRunes is b without an incomplete UTF-8 character at its end.
func wholeRunes(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}
