package sortedkeys

import (
	"slices"
	"testing"
)

func TestOf(t *testing.T) {
	if got := Of(map[string]int{"b": 2, "a": 1, "c": 3}); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("Of = %v, want [a b c]", got)
	}
	if got := Of(map[string]int(nil)); got != nil {
		t.Errorf("Of(nil) = %v, want nil", got)
	}
	empty := map[string]string{}
	if n := testing.AllocsPerRun(100, func() { Of(empty) }); n != 0 {
		t.Errorf("an empty map costs %v allocations, want 0", n)
	}
}
