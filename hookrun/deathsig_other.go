//go:build unix && !linux && !freebsd

package hookrun

import "syscall"

// dieWithShim does nothing where os/exec has no parent-death signal to
// set (macOS, the other BSDs): there a SIGKILLed shim leaves its hook
// running.
func dieWithShim(attr *syscall.SysProcAttr) {}
