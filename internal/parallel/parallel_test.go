package parallel

import (
	"runtime"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/hookconv/hookconv/diag"
)

// withChunkSize runs the rest of the test with ChunkSize set to size and
// GOMAXPROCS to procs.
func withChunkSize(t *testing.T, size, procs int) {
	t.Helper()
	old, oldProcs := ChunkSize, runtime.GOMAXPROCS(procs)
	ChunkSize = size
	t.Cleanup(func() { ChunkSize = old; runtime.GOMAXPROCS(oldProcs) })
}

func TestChunks(t *testing.T) {
	withChunkSize(t, 3, 2)
	for n, want := range map[int][]Range{
		0:  {{0, 0}},
		3:  {{0, 3}},
		4:  {{0, 3}, {3, 4}},
		9:  {{0, 3}, {3, 6}, {6, 9}},
		10: {{0, 3}, {3, 6}, {6, 9}, {9, 10}},
	} {
		if got := Chunks(n); !slices.Equal(got, want) {
			t.Errorf("Chunks(%d) = %v, want %v", n, got, want)
		}
	}
	runtime.GOMAXPROCS(1)
	if got := Chunks(10); !slices.Equal(got, []Range{{0, 10}}) {
		t.Errorf("with one core, Chunks(10) = %v, want one range", got)
	}
}

func TestWeighted(t *testing.T) {
	withChunkSize(t, 10, 2)
	for _, c := range []struct {
		weights []int
		want    []Range
	}{
		{nil, []Range{{0, 0}}},
		{[]int{4, 6}, []Range{{0, 2}}},                                       // one chunk's weight in all
		{[]int{4, 6, 1}, []Range{{0, 2}, {2, 3}}},                            // the last range holds less
		{[]int{1, 30, 1, 1}, []Range{{0, 2}, {2, 4}}},                        // a heavy item closes its range
		{[]int{30, 30, 30}, []Range{{0, 1}, {1, 2}, {2, 3}}},                 // one range each
		{[]int{3, 3, 3, 3, 3, 3, 3}, []Range{{0, 4}, {4, 7}}},                // the rest: less than a chunk
		{[]int{0, 0, 0, 11, 0}, []Range{{0, 4}, {4, 5}}},                     // weightless items go along
		{[]int{5, 5, 5, 5}, []Range{{0, 2}, {2, 4}}},                         // exactly a chunk each
		{[]int{2, 2, 2, 2, 2, 2}, []Range{{0, 5}, {5, 6}}},                   // 12 > 10: split
		{[]int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, []Range{{0, 10}}},              // 10: not more than a chunk
		{[]int{9, 9}, []Range{{0, 2}}},                                       // 18 > 10, closed at 18
		{[]int{9, 9, 9}, []Range{{0, 2}, {2, 3}}},                            // then the rest
		{[]int{100}, []Range{{0, 1}}},                                        // one item: one range
		{[]int{100, 0}, []Range{{0, 1}, {1, 2}}},                             // a weightless tail still ranged
		{[]int{0, 100}, []Range{{0, 2}}},                                     // and a weightless head joins
		{[]int{11, 11}, []Range{{0, 1}, {1, 2}}},                             // two heavy items
		{[]int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, []Range{{0, 10}, {10, 11}}}, // 11 units
	} {
		if got := Weighted(c.weights); !slices.Equal(got, c.want) {
			t.Errorf("Weighted(%v) = %v, want %v", c.weights, got, c.want)
		}
	}
	runtime.GOMAXPROCS(1)
	if got := Weighted([]int{30, 30}); !slices.Equal(got, []Range{{0, 2}}) {
		t.Errorf("with one core, Weighted = %v, want one range", got)
	}
}

func TestDoRunsEveryRangeOnce(t *testing.T) {
	withChunkSize(t, 1, 4)
	for _, n := range []int{1, 2, 7, 100} {
		ranges := Chunks(n)
		runs := make([]atomic.Int32, len(ranges))
		sums := make([]int, len(ranges))
		Do(ranges, func(i int, r Range) {
			runs[i].Add(1)
			for k := r.From; k < r.To; k++ {
				sums[i] += k
			}
		})
		total := 0
		for i := range ranges {
			if got := runs[i].Load(); got != 1 {
				t.Errorf("n %d: range %d ran %d times", n, i, got)
			}
			total += sums[i]
		}
		if total != n*(n-1)/2 {
			t.Errorf("n %d: sum over ranges = %d, want %d", n, total, n*(n-1)/2)
		}
	}
}

func TestDoUsesHelpers(t *testing.T) {
	withChunkSize(t, 1, 2)
	// The caller's work blocks until a helper has taken a range: with no
	// helper, this would never return.
	helped := make(chan struct{})
	var first atomic.Bool
	Do(Chunks(2), func(int, Range) {
		if first.CompareAndSwap(false, true) {
			<-helped
			return
		}
		close(helped)
	})
}

func TestDoRaisesPanicOnCaller(t *testing.T) {
	withChunkSize(t, 1, 2)
	defer func() {
		if v := recover(); v != "boom" {
			t.Errorf("recovered %v, want the range's panic", v)
		}
	}()
	var taken atomic.Int32
	Do(Chunks(10), func(i int, _ Range) {
		// Whoever takes the second range panics, helper or caller.
		if taken.Add(1) == 2 {
			panic("boom")
		}
	})
	t.Error("Do returned after a range panicked")
}

func TestBoth(t *testing.T) {
	withChunkSize(t, 1, 2)
	// Each waits for the other to have started: run one after the other,
	// this would never return.
	f, g := make(chan struct{}), make(chan struct{})
	Both(2, func() { close(f); <-g }, func() { close(g); <-f })

	// One item, or one core: in order, on the caller's goroutine.
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		var order []string
		Both(1, func() { order = append(order, "f") }, func() { order = append(order, "g") })
		if !slices.Equal(order, []string{"f", "g"}) {
			t.Errorf("GOMAXPROCS %d: ran %v, want f then g", procs, order)
		}
	}
}

func TestEach(t *testing.T) {
	for _, procs := range []int{1, 4} {
		withChunkSize(t, 3, procs)
		for _, n := range []int{0, 1, 3, 10, 100} {
			// Each item says its number, twice for every third: the list
			// must read 0, 0, 1, 2, 3, 3, … whatever chunk said which.
			var want []string
			for i := range n {
				for range 1 + boolInt(i%3 == 0) {
					want = append(want, strconv.Itoa(i))
				}
			}
			var ran atomic.Int32
			got := Each(n, func(ds *diag.List, i int) {
				ran.Add(1)
				for range 1 + boolInt(i%3 == 0) {
					ds.Infof("HC000", diag.Pos{}, "", "", "%d", i)
				}
			})
			var said []string
			for _, d := range got {
				said = append(said, d.Message)
			}
			if !slices.Equal(said, want) {
				t.Errorf("GOMAXPROCS %d, n %d: said %v, want %v", procs, n, said, want)
			}
			if int(ran.Load()) != n {
				t.Errorf("GOMAXPROCS %d, n %d: work ran %d times", procs, n, ran.Load())
			}
		}
	}
}

func TestEachWith(t *testing.T) {
	withChunkSize(t, 3, 4)
	// Each item says how many items its state saw before it: a state is
	// the chunk's own, new at each chunk's start.
	got := EachWith(10, func(seen *int, ds *diag.List, i int) {
		ds.Infof("HC000", diag.Pos{}, "", "", "%d:%d", i, *seen)
		*seen++
	})
	var said []string
	for _, d := range got {
		said = append(said, d.Message)
	}
	want := []string{"0:0", "1:1", "2:2", "3:0", "4:1", "5:2", "6:0", "7:1", "8:2", "9:0"}
	if !slices.Equal(said, want) {
		t.Errorf("said %v, want %v", said, want)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
