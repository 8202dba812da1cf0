package memo

import (
	"sync"
	"testing"
)

// TestMap: an answer stored is loaded back, a key never stored is not
// found, and goroutines may load and store at once (go test -race).
func TestMap(t *testing.T) {
	var m Map[[2]string, int]
	if _, ok := m.Load([2]string{"a", "b"}); ok {
		t.Fatal("the zero Map holds an answer")
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			k := [2]string{"k", string(rune('0' + i%2))}
			if v, ok := m.Load(k); ok && v != i%2 {
				t.Errorf("Load(%v) = %d, want %d", k, v, i%2)
			}
			m.Store(k, i%2)
		})
	}
	wg.Wait()
	for want := range 2 {
		if v, ok := m.Load([2]string{"k", string(rune('0' + want))}); !ok || v != want {
			t.Errorf("Load = %d, %v; want %d, true", v, ok, want)
		}
	}
}

// TestLoadAllocatesNothing: the point of Map over sync.Map.
func TestLoadAllocatesNothing(t *testing.T) {
	var m Map[[2]string, int]
	k := [2]string{"claude-code", "before_tool_execute"}
	m.Store(k, 1)
	if n := testing.AllocsPerRun(100, func() { m.Load(k) }); n != 0 {
		t.Errorf("Load allocates %.0f times", n)
	}
}
