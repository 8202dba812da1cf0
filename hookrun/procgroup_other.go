//go:build !unix

package hookrun

import "os/exec"

// ownProcessGroup does nothing where there are no Unix process groups.
func ownProcessGroup(cmd *exec.Cmd) {}

// killProcessGroup kills the hook; its children are not reached here.
func killProcessGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}

// oNonblock is not needed where there are no FIFOs to wait on.
const oNonblock = 0
