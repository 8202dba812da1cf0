package hugeheap

import (
	"os"
	"runtime"
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
