package hugeheap

import (
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
)

// madvHugePage is MADV_HUGEPAGE, the same number on every Linux
// architecture (the syscall package lacks it on some).
const madvHugePage = 14

// thpSetting is where Linux says when it gives huge pages: "always",
// "madvise" (to memory that asks) or "never", the chosen one in brackets.
const thpSetting = "/sys/kernel/mm/transparent_hugepage/enabled"

func prepare(n int) {
	if thpDisabled(os.Getenv("GODEBUG")) {
		return
	}
	// Asking matters only under "madvise": with "always" the heap gets
	// huge pages anyway, with "never" not at all, and either way the
	// collection below would be spent for nothing.
	if setting, err := os.ReadFile(thpSetting); err != nil || !onlyWhenAsked(string(setting)) {
		return
	}
	if adviseBlock(n) != nil {
		return // not supported here: the block goes with the next collection
	}
	// Free the block now, so the allocations that follow reuse its pages
	// rather than mapping new ones beside it.
	runtime.GC()
	deferCollection(n)
}

// minHeap is the runtime's smallest heap goal at GOGC=100; the goal
// scales with GOGC.
const minHeap = 4 << 20

// deferCollection sets the GC percent so that the next collection comes
// when the heap holds about n bytes (at most MaxDeferred), and restores
// the former setting once that collection has run. Right after a
// collection the live heap is small, so the goal is the minimum heap,
// which scales with the percent.
func deferCollection(n int) {
	if os.Getenv("GOGC") != "" {
		return // the user's choice stands
	}
	percent := min(n, MaxDeferred) / minHeap * 100
	if percent <= 100 {
		return
	}
	former := debug.SetGCPercent(percent)
	// A finalizer runs after the collection that finds its object
	// unreachable: the first one from now. (32 bytes: smaller objects
	// without pointers may share a block, and then never be finalized.)
	runtime.SetFinalizer(new([32]byte), func(*[32]byte) { debug.SetGCPercent(former) })
}

// adviseBlock allocates n bytes and advises huge pages for them. A block
// this large is a span of its own, mapped fresh and not zeroed by the
// runtime (fresh pages are zero), so making it touches no memory. It is
// unreachable once this function returns.
func adviseBlock(n int) error {
	return syscall.Madvise(make([]byte, n), madvHugePage)
}

// onlyWhenAsked reports whether a thpSetting value has "madvise" chosen.
func onlyWhenAsked(setting string) bool {
	return strings.Contains(setting, "[madvise]")
}

// thpDisabled reports whether a GODEBUG value turns huge pages off.
func thpDisabled(godebug string) bool {
	for setting := range strings.SplitSeq(godebug, ",") {
		if strings.TrimSpace(setting) == "disablethp=1" {
			return true
		}
	}
	return false
}
