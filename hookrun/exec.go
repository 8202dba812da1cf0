package hookrun

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"runtime"
	"time"
)

// maxOutput caps what is kept of a hook's stdout and of its stderr
// (Copilot CLI reads at most 10 MiB too); the rest is read and dropped so
// the hook never blocks on a full pipe.
const maxOutput = 10 << 20

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
		ExitCode:  -1,
		Stdout:    stdout.buf.Bytes(),
		Stderr:    stderr.buf.Bytes(),
		Truncated: stdout.dropped || stderr.dropped,
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

// capped keeps the first maxOutput bytes written to it.
type capped struct {
	buf     bytes.Buffer
	dropped bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.buf.Len(); len(p) > room {
		c.dropped = true
		c.buf.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.buf.Write(p)
}
