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

// MaxBytes caps the block Prepare advises, and so the heap it lets grow
// before a collection. Address space is cheap, but a block beyond what
// the job touches buys nothing.
const MaxBytes = 1 << 30

// Prepare readies the heap for a job that will allocate about n bytes in
// all, and hold about held of them at once (at most n): for one
// conversion, all it allocates, since a conversion keeps its input, its
// model and its output until it ends; for several done one after another
// (one per target), the largest one's. It allocates one block of n
// bytes, advises the kernel to back it with huge pages, and frees it with
// a collection: the runtime keeps the freed pages mapped and hands them
// to the allocations that follow, which then fault in 2 MiB at a time.
//
// Faulting in costs the kernel zeroing every page, on the job's thread.
// So a thread of Prepare's own faults in the front of the block as the
// job starts — three quarters of held, the estimate having headroom —
// and the job finds its pages there. The contents are not touched, only
// made resident, so it does not matter which pages the job already uses.
//
// Having freed the block, it also puts off the next collection until the
// heap holds about held bytes, then restores the collector's setting: a
// heap that stays mostly live until the job ends is only marked again and
// again by collections while it grows, and the pages they would free for
// reuse are few. A GOGC set in the environment is left alone, and so is a
// GOMEMLIMIT: the runtime collects as it nears the limit whatever the
// percent.
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
func Prepare(n, held int) {
	if n < MinBytes || prepared.Swap(true) {
		return
	}
	n = min(n, MaxBytes)
	prepare(n, min(held, n))
}

// prepared records that Prepare has acted.
var prepared atomic.Bool
