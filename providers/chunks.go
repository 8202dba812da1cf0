package providers

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/parallel"
)

// DecodeInChunks decodes a file's n hook entries, found in order by the
// caller, in chunks at once (internal/parallel): decode(ds, i, h) reads
// entry i into its own slot h, saying what it finds in its chunk's ds, and
// reports whether the hook is kept. It returns the kept hooks in entry
// order, and every diagnostic in the order one goroutine would have
// produced them: before entry i's own, what the caller said while finding
// the entries up to it, said[:saidEnd(i)] (saidEnd never decreases), and
// after the last entry the rest of said.
func DecodeInChunks(n int, said diag.List, saidEnd func(i int) int, decode func(ds *diag.List, i int, h *canonical.Hook) bool) ([]canonical.Hook, diag.List) {
	// Decoded in place: a Hook is some 400 bytes, and a large config has
	// thousands.
	hooks := make([]canonical.Hook, n)
	kept := make([]bool, n)
	ends := make([]int, n) // where entry i's diagnostics end in its chunk's list
	chunks := parallel.Chunks(n)
	chunkDiags := make([]diag.List, len(chunks))
	parallel.Do(chunks, func(k int, r parallel.Range) {
		for i := r.From; i < r.To; i++ {
			kept[i] = decode(&chunkDiags[k], i, &hooks[i])
			ends[i] = len(chunkDiags[k])
		}
	})
	var all diag.List
	read, k, from, m := 0, 0, 0, 0
	for i := range n {
		end := saidEnd(i)
		all = append(all, said[read:end]...)
		read = end
		for i >= chunks[k].To {
			k, from = k+1, 0
		}
		all = append(all, chunkDiags[k][from:ends[i]]...)
		from = ends[i]
		if kept[i] {
			if m != i {
				hooks[m] = hooks[i]
			}
			m++
		}
	}
	all = append(all, said[read:]...)
	clear(hooks[m:]) // the moved hooks' old slots: let what they hold go
	return hooks[:m], all
}
