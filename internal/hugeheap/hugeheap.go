// Package hugeheap readies the Go heap of a short-lived process for a
// burst of allocation, by asking Linux to back it with 2 MiB pages and by
// putting off the collections a heap that only grows does not need.
//
// Why: a process touching fresh memory takes a page fault per 4 KiB page.
// On the virtual machines hookconv is measured on, each fault costs ~12 µs
// (~3 ms per MiB), which made a 10,000-hook conversion spend more time
// faulting than converting. Transparent huge pages fault 2 MiB at a time,
// but Linux's usual setting ("madvise") gives them only to memory that
// asks, and the Go runtime does not ask.
package hugeheap

import "sync/atomic"

// MinBytes is the smallest expected allocation Prepare acts on. Below it,
// the collection Prepare runs costs more than the faults it saves
// (measured: a conversion of a 27 KB file slows from 20 to 27 ms, one of
// a 90 KB file speeds up from 46 to 39 ms).
const MinBytes = 4 << 20

// MaxBytes caps the block Prepare advises. Address space is cheap, but a
// block beyond what the job touches buys nothing.
const MaxBytes = 1 << 30

// Prepare readies the heap for a job that will allocate about n bytes. It
// allocates one block of n bytes, advises the kernel to back it with huge
// pages, and frees it with a collection: the runtime keeps the freed pages
// mapped and hands them to the allocations that follow, which then fault
// in 2 MiB at a time.
//
// Faulting in costs the kernel zeroing every page, on the job's thread.
// So a thread of Prepare's own faults in the front of the block as the job
// starts — three quarters of it, the block's estimate having headroom, and
// at most MaxDeferred, as much as the job fills before its first
// collection — and the job finds its pages there. The contents are not
// touched, only made resident, so it does not matter which pages the job
// already uses.
//
// Having freed the block, it also puts off the next collection until the
// heap holds about n bytes (at most MaxDeferred), then restores the
// collector's setting: a short-lived job's heap stays mostly live until
// the job ends (a conversion keeps its input, its model and its output),
// so collecting while it grows only marks the same live data again and
// again, and the pages it would free for reuse are the advised block's
// own. A GOGC set in the environment is left alone.
//
// It acts once per process, on its first call of at least MinBytes, and
// is meant for a process's start: a block made of pages the heap has used
// and freed would be zeroed, touching all of it.
//
// It is only a hint. It does nothing below MinBytes, on systems other than
// Linux, when GODEBUG has disablethp=1 (the runtime's own switch against
// huge pages), or unless the kernel gives huge pages only to memory that
// asks ("madvise"): with "always" the heap has them anyway, with "never"
// it cannot.
func Prepare(n int) {
	if n < MinBytes || prepared.Swap(true) {
		return
	}
	prepare(min(n, MaxBytes))
}

// MaxDeferred caps how large Prepare lets the heap grow before the first
// collection it puts off: a job far larger than its estimate still gets
// collected before it holds more than this.
const MaxDeferred = 64 << 20

// prepared records that Prepare has acted.
var prepared atomic.Bool
