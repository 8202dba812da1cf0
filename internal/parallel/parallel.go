// Package parallel splits the per-hook work of a large conversion across
// the machine's cores.
//
// Why: a conversion is one process doing one job, so without this it uses
// one core however many the machine has. Decoding, planning and encoding
// treat each hook on its own, so a list of them can be cut into chunks,
// each chunk worked on into results of its own, and the results joined in
// chunk order: the output, diagnostics included, is the same as one
// goroutine's, byte for byte.
//
// Chunks are small and taken in turn by whichever goroutine is free, not
// dealt out in equal shares up front: a helper goroutine can start a
// millisecond late (waking another core is slow on virtual machines), and
// hooks differ in cost, so equal shares left the caller waiting on the
// slower one and gained nothing.
package parallel

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/hookconv/hookconv/diag"
)

// ChunkSize is how many items a chunk holds; a list no longer than one
// chunk is worked on by the caller alone, as goroutines would cost more
// than they save. Tests lower it to 1 so that the small inputs of the
// golden tests are split too.
var ChunkSize = 256

// Range is the items [From, To) of a list.
type Range struct{ From, To int }

// Chunks cuts [0, n) into chunks of ChunkSize items (the last may be
// shorter), in order. A list of at most one chunk, or a process with one
// core, is a single range.
func Chunks(n int) []Range {
	if !worthSplitting(n) {
		return []Range{{0, n}}
	}
	size := max(ChunkSize, 1)
	ranges := make([]Range, 0, (n+size-1)/size)
	for from := 0; from < n; from += size {
		ranges = append(ranges, Range{from, min(from+size, n)})
	}
	return ranges
}

// Weighted cuts [0, len(weights)) into ranges of about ChunkSize units of
// weight each, in order: for items that differ widely in size, such as
// files of one hook and files of thousands (a unit is then a hook's worth
// of bytes, WeightUnit). An item never spans two ranges, so one far larger
// than the rest gets a range of its own. Items of no more than one chunk's
// weight in all, or a process with one core, make a single range.
func Weighted(weights []int) []Range {
	total := 0
	for _, w := range weights {
		total += w
	}
	if !worthSplitting(total) {
		return []Range{{0, len(weights)}}
	}
	var ranges []Range
	from, held := 0, 0
	for i, w := range weights {
		held += w
		if held >= max(ChunkSize, 1) {
			ranges = append(ranges, Range{from, i + 1})
			from, held = i+1, 0
		}
	}
	if from < len(weights) {
		ranges = append(ranges, Range{from, len(weights)})
	}
	return ranges
}

// WeightUnit is about how many bytes of a config hold one hook: the unit
// of weight for cutting files by size (Weighted).
const WeightUnit = 256

// worthSplitting reports whether a list of n items is more than one chunk
// and there is a second core to share it with.
func worthSplitting(n int) bool {
	return n > max(ChunkSize, 1) && runtime.GOMAXPROCS(0) > 1
}

// Do runs work once per range, on the caller's goroutine and up to one
// helper per further core, each taking the next range not yet taken, and
// returns when all ranges are done. work gets the range's index, to put
// its results in a slot of their own.
//
// A panic in any of them is raised again on the caller's goroutine once
// all have ended, so that it reaches the caller as it would without the
// split (a test, a fuzz target) instead of ending the process.
func Do(ranges []Range, work func(i int, r Range)) {
	if len(ranges) == 1 {
		work(0, ranges[0])
		return
	}
	var (
		next    atomic.Int64
		wg      sync.WaitGroup
		once    sync.Once
		panicky any
	)
	// take works on ranges until none is left. A panic stops every
	// goroutine at its next take and is kept for the caller.
	take := func() {
		defer func() {
			if v := recover(); v != nil {
				once.Do(func() { panicky = v })
				next.Store(int64(len(ranges)))
			}
		}()
		for {
			i := int(next.Add(1) - 1)
			if i >= len(ranges) {
				return
			}
			work(i, ranges[i])
		}
	}
	for range min(runtime.GOMAXPROCS(0), len(ranges)) - 1 {
		wg.Go(take)
	}
	take()
	wg.Wait()
	if panicky != nil {
		panic(panicky)
	}
}

// InChunks works on the items of chunks (they cover [0, n) in order) at
// once: work(ds, i, out) makes item i's result in its own slot out,
// saying what it finds in its chunk's ds, and reports whether the result
// is kept. It returns the kept results in item order,
// and every diagnostic in the order one goroutine would have produced
// them: before item i's own, what the caller said while finding the items
// up to it, said[:saidEnd(i)] (saidEnd never decreases; nil when the
// caller said nothing item by item), and after the last item the rest of
// said.
func InChunks[T any](chunks []Range, said diag.List, saidEnd func(i int) int, work func(ds *diag.List, i int, out *T) bool) ([]T, diag.List) {
	n := chunks[len(chunks)-1].To
	// Made in place: a result may be large (a Hook is some 400 bytes),
	// and a large config has thousands.
	results := make([]T, n)
	kept := make([]bool, n)
	ends := make([]int, n) // where item i's diagnostics end in its chunk's list
	chunkDiags := make([]diag.List, len(chunks))
	Do(chunks, func(k int, r Range) {
		for i := r.From; i < r.To; i++ {
			kept[i] = work(&chunkDiags[k], i, &results[i])
			ends[i] = len(chunkDiags[k])
		}
	})
	var all diag.List
	read, k, from, m := 0, 0, 0, 0
	for i := range n {
		if saidEnd != nil {
			end := saidEnd(i)
			all = append(all, said[read:end]...)
			read = end
		}
		for i >= chunks[k].To {
			k, from = k+1, 0
		}
		all = append(all, chunkDiags[k][from:ends[i]]...)
		from = ends[i]
		if kept[i] {
			if m != i {
				results[m] = results[i]
			}
			m++
		}
	}
	all = append(all, said[read:]...)
	clear(results[m:]) // the moved results' old slots: let what they hold go
	return results[:m], all
}

// Each calls work for every item of [0, n), in chunks at once (Chunks,
// Do), each chunk saying what it finds in a list of its own, and returns
// those lists joined in item order: what calling work for each item in
// turn on one goroutine would have said. For a check that changes, or
// only reads, each hook apart from the others.
func Each(n int, work func(ds *diag.List, i int)) diag.List {
	if !worthSplitting(n) {
		var ds diag.List
		for i := range n {
			work(&ds, i)
		}
		return ds
	}
	return EachWith(n, func(_ *struct{}, ds *diag.List, i int) { work(ds, i) })
}

// EachWith is Each for work that keeps what it learns from one item for
// the next (a cache of values many items share): each chunk's items get
// a state of their own, s, zero before the chunk's first item, so that
// no two goroutines share one.
func EachWith[S any](n int, work func(s *S, ds *diag.List, i int)) diag.List {
	if !worthSplitting(n) {
		// One chunk: the caller's, without the lists a split needs (a
		// typical conversion's few hooks pass through a dozen of these).
		var s S
		var ds diag.List
		for i := range n {
			work(&s, &ds, i)
		}
		return ds
	}
	chunks := Chunks(n)
	said := make([]diag.List, len(chunks))
	Do(chunks, func(k int, r Range) {
		var s S
		for i := r.From; i < r.To; i++ {
			work(&s, &said[k], i)
		}
	})
	if len(said) == 1 {
		return said[0]
	}
	return slices.Concat(said...)
}

// Both runs f and g, which must not depend on each other: at once, on the
// caller's goroutine and a helper, when n (the items they work on) is
// more than one chunk and there is a second core; otherwise f, then g.
// As in Do, a panic in either is raised on the caller's goroutine once
// both have ended.
func Both(n int, f, g func()) {
	if !worthSplitting(n) {
		f()
		g()
		return
	}
	Do([]Range{{0, 1}, {1, 2}}, func(i int, _ Range) {
		if i == 0 {
			f()
		} else {
			g()
		}
	})
}
