package providers

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/parallel"
)

// DecodeInChunks decodes a file's n hook entries, found in order by the
// caller, in chunks at once: parallel.InChunks with hooks for results.
func DecodeInChunks(n int, said diag.List, saidEnd func(i int) int, decode func(ds *diag.List, i int, h *canonical.Hook) bool) ([]canonical.Hook, diag.List) {
	return parallel.InChunks(parallel.Chunks(n), said, saidEnd, decode)
}

// FileChunks cuts paths, files of files, into chunks to work on at once
// (parallel.InChunks), by size: a file of thousands of hooks gets a chunk of its
// own, files of one hook share one.
func FileChunks(files Files, paths []string) []parallel.Range {
	weights := make([]int, len(paths))
	for i, p := range paths {
		weights[i] = len(files[p])/parallel.WeightUnit + 1
	}
	return parallel.Weighted(weights)
}
