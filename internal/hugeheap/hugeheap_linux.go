package hugeheap

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"unsafe"
)

// madvHugePage is MADV_HUGEPAGE, the same number on every Linux
// architecture (the syscall package lacks it on some).
const madvHugePage = 14

// thpSetting is where Linux says when it gives huge pages: "always",
// "madvise" (to memory that asks) or "never", the chosen one in brackets.
const thpSetting = "/sys/kernel/mm/transparent_hugepage/enabled"

func prepare(n, held int) {
	if thpDisabled(os.Getenv("GODEBUG")) {
		return
	}
	// Asking matters only under "madvise": with "always" the heap gets
	// huge pages anyway, with "never" not at all, and either way the
	// collection below would be spent for nothing.
	if setting, err := os.ReadFile(thpSetting); err != nil || !onlyWhenAsked(string(setting)) {
		return
	}
	// Making the block would itself start a collection (it is far past the
	// first heap goal), one that finds the block live and frees nothing:
	// collections wait until it is made.
	former := debug.SetGCPercent(-1)
	base, err := adviseBlock(n)
	if err != nil {
		debug.SetGCPercent(former)
		return // not supported here: the block goes with the next collection
	}
	// Free the block now, so the allocations that follow reuse its pages
	// rather than mapping new ones beside it.
	runtime.GC()
	deferCollection(held, former)
	if runtime.GOMAXPROCS(0) > 1 { // with one core the job would wait for the zeroing all the same
		go populate(base, held*3/4)
	}
}

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14): fault pages in
// writable, as a write would, without touching their contents.
const madvPopulateWrite = 23

// populate faults in n bytes from base, a freed block, from its start, on
// a thread of its own: the kernel zeroes the pages on the second core
// while the job runs on the first. The heap hands out free pages lowest
// address first, so the job finds the pages ahead of it already there.
// Contents are left alone, so it does not matter that the runtime may
// already be using some of them; a page the runtime has given back is
// faulted in again, zero, which is what the runtime expects of it.
//
// Measured on a 10,000-hook conversion: ~3 ms of ~51 faster, the same
// peak RSS. Faulting in the whole block instead added 9 MiB of RSS and no
// speed. On a 100,000-hook one, whose ~600 MB were faulted in on the
// job's own thread past the first 64 MiB (the former cap), a third of
// its samples were the kernel zeroing pages.
func populate(base uintptr, n int) {
	const step = 2 << 20 // one huge page per call: the job's own faults wait less for the lock
	for off := 0; off+step <= n; off += step {
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, base+uintptr(off), step, madvPopulateWrite); errno != 0 {
			return // an older kernel, or no memory: the job faults as before
		}
	}
}

// minHeap is the runtime's smallest heap goal at GOGC=100; the goal
// scales with GOGC.
const minHeap = 4 << 20

// triggerShare is how far towards its goal a heap that only grows gets
// before the collector starts: the runtime starts a cycle at up to 95 %
// of the goal (gctrace of a 10,000-hook conversion: "53->55->22 MB, 56 MB
// goal").
const triggerShare = 0.95

// deferCollection sets the GC percent so that the next collection comes
// when the heap holds about n bytes, and restores
// the former setting once that collection has run. Right after a
// collection the live heap is small, so the goal is the minimum heap,
// which scales with the percent. The percent is rounded up, and set so
// that the collection's start, not its goal, comes at n: a job that
// allocates what it was estimated to otherwise ran a collection at its
// very end (twenty-sixth session: rounding 14.3 down to 14 and
// the 95 % start took 60 MB down to 53 MB, below the 55 MB the
// conversion used).
func deferCollection(n, former int) {
	percent := int(math.Ceil(float64(n) * 100 / minHeap / triggerShare))
	if os.Getenv("GOGC") != "" || percent <= 100 {
		debug.SetGCPercent(former) // the user's choice stands, or there is nothing to put off
		return
	}
	debug.SetGCPercent(percent)
	// A finalizer runs after the collection that finds its object
	// unreachable: the first one from now. (32 bytes: smaller objects
	// without pointers may share a block, and then never be finalized.)
	runtime.SetFinalizer(new([32]byte), func(*[32]byte) { debug.SetGCPercent(former) })
}

// adviseBlock allocates n bytes and advises huge pages for them. A block
// this large is a span of its own, mapped fresh and not zeroed by the
// runtime (fresh pages are zero), so making it touches no memory. It is
// unreachable once this function returns.
func adviseBlock(n int) (uintptr, error) {
	b := make([]byte, n)
	return uintptr(unsafe.Pointer(unsafe.SliceData(b))), syscall.Madvise(b, madvHugePage)
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
