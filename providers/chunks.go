package providers

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/parallel"
)

// DecodeInChunks decodes a file's n hook entries, found in order by the
// caller, in chunks at once: InChunks with hooks for results.
func DecodeInChunks(n int, said diag.List, saidEnd func(i int) int, decode func(ds *diag.List, i int, h *canonical.Hook) bool) ([]canonical.Hook, diag.List) {
	return InChunks(parallel.Chunks(n), said, saidEnd, decode)
}

// InChunks works on the items of chunks (internal/parallel; they cover
// [0, n) in order) at once: work(ds, i, out) makes item i's result in its
// own slot out, saying what it finds in its chunk's ds, and reports
// whether the result is kept. It returns the kept results in item order,
// and every diagnostic in the order one goroutine would have produced
// them: before item i's own, what the caller said while finding the items
// up to it, said[:saidEnd(i)] (saidEnd never decreases; nil when the
// caller said nothing item by item), and after the last item the rest of
// said.
func InChunks[T any](chunks []parallel.Range, said diag.List, saidEnd func(i int) int, work func(ds *diag.List, i int, out *T) bool) ([]T, diag.List) {
	n := chunks[len(chunks)-1].To
	// Made in place: a Hook is some 400 bytes, and a large config has
	// thousands.
	results := make([]T, n)
	kept := make([]bool, n)
	ends := make([]int, n) // where item i's diagnostics end in its chunk's list
	chunkDiags := make([]diag.List, len(chunks))
	parallel.Do(chunks, func(k int, r parallel.Range) {
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

// FileChunks cuts paths, files of files, into chunks to work on at once
// (InChunks), by size: a file of thousands of hooks gets a chunk of its
// own, files of one hook share one.
func FileChunks(files Files, paths []string) []parallel.Range {
	weights := make([]int, len(paths))
	for i, p := range paths {
		weights[i] = len(files[p])/parallel.WeightUnit + 1
	}
	return parallel.Weighted(weights)
}
