package providers

import (
	"github.com/hookconv/hookconv/internal/parallel"
)

// FileChunks cuts paths (of files in files) into chunks to work on at
// once (parallel.InChunks), by size: a file of thousands of hooks gets a
// chunk of its own, files of one hook share one.
func FileChunks(files Files, paths []string) []parallel.Range {
	weights := make([]int, len(paths))
	for i, p := range paths {
		weights[i] = len(files[p])/parallel.WeightUnit + 1
	}
	return parallel.Weighted(weights)
}
