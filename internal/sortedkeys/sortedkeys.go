// Package sortedkeys lists a map's keys in order, for output that must not
// depend on map iteration.
package sortedkeys

import (
	"cmp"
	"maps"
	"slices"
)

// Of returns m's keys in increasing order, or nil when m is empty. The
// empty case costs nothing: slices.Sorted(maps.Keys(m)) allocates even
// then, and most of a hook's maps are empty while encoders, the writer and
// the checks list them once per hook.
func Of[M ~map[K]V, K cmp.Ordered, V any](m M) []K {
	if len(m) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(m))
}
