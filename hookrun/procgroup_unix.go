//go:build unix

package hookrun

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the hook as the leader of a new process group,
// which dies with the shim where the kernel can say so (dieWithShim).
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithShim(cmd.SysProcAttr)
}

// killProcessGroup kills the hook and everything it started.
func killProcessGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}

// oNonblock opens a FIFO without waiting for a reader (AppendLog).
const oNonblock = syscall.O_NONBLOCK
