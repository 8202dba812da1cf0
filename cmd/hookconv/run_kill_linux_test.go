//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRunKilledTakesHookDown: hookconv run killed with SIGKILL, which it
// cannot catch, does not leave its hook running (QA): the kernel kills
// the hook's process with it (Pdeathsig). The hook writes its pid, then
// sleeps.
func TestRunKilledTakesHookDown(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "hook.pid")
	// TestMain runs hookconv when the binary is called by that name.
	shim := &exec.Cmd{
		Path: self,
		Args: []string{"hookconv", "run", "--provider", "claude-code", "--blocking", "--", "sh", "-c", `echo $$ > "$0"; exec sleep 30`, pidFile},
		Dir:  dir,
	}
	shim.Stdin = strings.NewReader(`{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`)
	if err := shim.Start(); err != nil {
		t.Fatal(err)
	}
	defer shim.Process.Kill()
	var pid int
	for deadline := time.Now().Add(10 * time.Second); pid == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the hook did not start")
		}
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
	}
	defer syscall.Kill(pid, syscall.SIGKILL) // not left behind should the test fail
	if err := shim.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = shim.Wait()
	for deadline := time.Now().Add(time.Second); running(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the hook (pid %d) still runs a second after hookconv run was killed", pid)
		}
	}
}

// running reports whether pid is a live process: not gone, and not a
// zombie waiting for a reaper (a container's init may never reap it).
func running(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(rest, "Z") && !strings.HasPrefix(rest, "X")
}
