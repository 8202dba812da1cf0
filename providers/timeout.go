package providers

import (
	"math"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
)

// ReadTimeout reads a native timeout field written in a unit perSecond of
// which make a second (1 for seconds, 1000 for milliseconds) and returns
// it in seconds. A value that is not a number of at least 0, or a
// timeout longer than canonical.MaxTimeout, is reported at the value with
// code, the decoder's own code for a value of the wrong shape, and ok is
// false. path spells the field's path for that report; it is called only
// then, as a large config reads thousands of timeouts.
// Every decoder reads timeouts here, so a timeout that would overflow a
// target's unit is refused where it is written, as the manifest parser
// refuses it, instead of surfacing as output that does not read back.
func ReadTimeout(ds *diag.List, code string, f node.Field, path func() string, perSecond float64) (seconds float64, ok bool) {
	v := f.Value
	unit := "seconds"
	if perSecond == 1000 {
		unit = "milliseconds"
	}
	t, ok := v.Float() // a number too large for a float64 is ±Inf and not ok
	if math.IsInf(t, 1) || t/perSecond > canonical.MaxTimeout {
		ds.Errorf(code, v.Pos, path(), "write a number of "+unit+", or leave it out for the tool's default",
			"%s %s is out of range: at most %s %s", f.Key, v.Text, canonical.Number(canonical.MaxTimeout*perSecond).Text, unit)
		return 0, false
	}
	if !ok || t < 0 || math.IsNaN(t) {
		ds.Errorf(code, v.Pos, path(), "write a positive number of "+unit,
			"%s must be a positive number of %s, not %s", f.Key, unit, string(node.AppendCompact(nil, v)))
		return 0, false
	}
	return t / perSecond, true
}
