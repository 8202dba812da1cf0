package canonical

import (
	"math"
	"strconv"
	"testing"
)

func TestTimeoutUnits(t *testing.T) {
	for _, tt := range []struct {
		name        string
		t           float64
		perSecond   float64
		want        float64
		wantRounded bool
	}{
		{"none", 0, 1000, 0, false},
		{"whole seconds in ms", 30, 1000, 30000, false},
		{"decimal that is whole ms", 1.1, 1000, 1100, false}, // 1.1*1000 is 1100.0000000000002
		{"ms exactly", 0.001, 1000, 1, false},
		{"under a millisecond is 1 ms, not the default", 0.0004, 1000, 1, true},
		{"smallest positive float64", math.SmallestNonzeroFloat64, 1000, 1, true},
		{"fraction of a ms rounds up", 1.0004, 1000, 1001, true},
		{"just above half a ms rounds up too", 0.0016, 1000, 2, true},
		{"MaxTimeout in ms is exact", MaxTimeout, 1000, 1e12, false},
		{"MaxTimeout with a fraction of a ms", MaxTimeout - 0.0004, 1000, 1e12, true},
		{"whole seconds", 5, 1, 5, false},
		{"half a second", 0.5, 1, 1, true},
		{"fractional seconds round up", 2.5, 1, 3, true},
		{"a hair over a second", 1 + 1e-15, 1, 2, true},
		{"MaxTimeout in seconds", MaxTimeout, 1, MaxTimeout, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, rounded := TimeoutUnits(tt.t, tt.perSecond)
			if got != tt.want || rounded != tt.wantRounded {
				t.Errorf("TimeoutUnits(%v, %v) = %v, %v; want %v, %v", tt.t, tt.perSecond, got, rounded, tt.want, tt.wantRounded)
			}
			if tt.t > 0 && got/tt.perSecond < tt.t {
				t.Errorf("TimeoutUnits(%v, %v) = %v units: less time than asked for", tt.t, tt.perSecond, got)
			}
		})
	}
}

// TestTimeoutUnitsNeverShortens checks, over many timeouts of up to
// MaxTimeout, that the units hold at least the timeout and less than one
// unit more, and that "not rounded" means the value reads back exactly.
func TestTimeoutUnitsNeverShortens(t *testing.T) {
	for _, perSecond := range []float64{1, 1000} {
		for _, base := range []float64{1e-6, 1e-3, 0.1, 1, 7.3, 1e3, 1e6, 123456.789, MaxTimeout / 3, MaxTimeout} {
			for _, k := range []float64{1, 1.0000001, 0.9999999, 1.5} {
				s := math.Min(base*k, MaxTimeout)
				n, rounded := TimeoutUnits(s, perSecond)
				if n/perSecond < s || n-s*perSecond >= 1+1e-3 || n != math.Trunc(n) || n < 1 {
					t.Errorf("TimeoutUnits(%v, %v) = %v", s, perSecond, n)
				}
				if !rounded && n/perSecond != s {
					t.Errorf("TimeoutUnits(%v, %v) = %v, not rounded, but reads back as %v", s, perSecond, n, n/perSecond)
				}
			}
		}
	}
}

// TestNumberTextWhole checks NumberText's shortcut for whole numbers
// against the spelling it stands for, FormatFloat's, at and around the
// edges of the numbers it takes.
func TestNumberTextWhole(t *testing.T) {
	values := []float64{0, math.Copysign(0, -1), 0.5, 1, 1.5, 2, 9, 10, 99, 100, 101, 999.999, 1000, 3600, 86400, 123456789,
		1e14, 1e15 - 1, 1e15, 1e15 + 2, 1e16, 1e21, 1e22, -1, -30, 1e-7, math.MaxFloat64, math.Nextafter(1, 0), math.Nextafter(1e15, 0)}
	for i := range 1000 {
		values = append(values, float64(i), float64(i)+0.25, float64(i)*997)
	}
	for _, f := range values {
		want := strconv.FormatFloat(f, 'f', -1, 64)
		if f != 0 && math.Abs(f) < 1e-6 {
			want = strconv.FormatFloat(f, 'g', -1, 64)
		}
		if got := NumberText(f); got != want {
			t.Errorf("NumberText(%v) = %q, want %q", f, got, want)
		}
	}
}
