//go:build linux || freebsd

package hookrun

import "syscall"

// dieWithShim asks the kernel to send the hook SIGKILL when the shim
// ends: the shim killed with SIGKILL (a tool's hard timeout, the OOM
// killer) cannot stop the hook's process group itself, and the hook, in a
// group of its own, would run on unseen, a guard still acting after the
// tool has moved on. The signal reaches the hook's own process only; a
// child it left running is not reached (its pipes to the shim are closed,
// though). On Linux the signal follows the thread that started the hook,
// not the process, so Exec holds that thread for the hook's whole life
// (runtime.LockOSThread).
func dieWithShim(attr *syscall.SysProcAttr) {
	attr.Pdeathsig = syscall.SIGKILL
}
