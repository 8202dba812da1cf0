package uniq

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestListAsSliceScan: List keeps what appending each value not
// yet in the list kept (the scan it replaces), for lists short and long,
// with values repeated near and far.
func TestListAsSliceScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for run := range 500 {
		n, alphabet := rng.IntN(80), 1+rng.IntN(60)
		var once List[int]
		var want []int
		for range n {
			v := rng.IntN(alphabet)
			once.Add(v)
			if !slices.Contains(want, v) {
				want = append(want, v)
			}
		}
		if !slices.Equal(once.Items, want) {
			t.Fatalf("run %d: %v, want %v", run, once.Items, want)
		}
	}
}
