package providers

import (
	"math"
	"strconv"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/lint"
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
//
// A timeout that looks like the other unit (HC703: 1000 s or more, most
// likely milliseconds; under 100 ms, most likely seconds) is warned about
// here too, so that every tool's own key is read as its decoder reads it
// (Copilot CLI's timeoutSec, Kiro CLI's timeout_ms, a .kiro.hook's
// then.timeout), not only the keys named "timeout". tool names the tool
// in that warning.
func ReadTimeout(ds *diag.List, code string, f node.Field, path func() string, perSecond float64, tool string) (seconds float64, ok bool) {
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
	if t > 0 {
		wrongUnit(ds, f, path, perSecond, tool, t)
	}
	return t / perSecond, true
}

// ReadSplitTimeout reads a native timeout in milliseconds that the tool
// reads in seconds when it is below secondsBelow (vocab.Provider's
// SecondsBelow: Qwen Code since 0.24.0 reads "timeout": 10 as 10 s and
// 10000 as 10 s too) and returns it in seconds, as the newest release
// reads it. A value below secondsBelow is warned about (HC703): the
// releases before since read it in milliseconds, a time no hook runs in,
// so a guard there times out and lets the action through.
func ReadSplitTimeout(ds *diag.List, code string, f node.Field, path func() string, secondsBelow float64, tool, since string) (seconds float64, ok bool) {
	t, isNumber := f.Value.Float()
	if !isNumber || t <= 0 || t >= secondsBelow || math.IsNaN(t) {
		return ReadTimeout(ds, code, f, path, 1000, tool)
	}
	v := f.Value
	ms, _ := canonical.TimeoutUnits(t, 1000)
	ms = max(ms, secondsBelow) // what every release reads alike
	ds.Warnf(lint.CodeTimeoutUnit, v.Pos, path(), "write "+canonical.NumberText(ms)+", milliseconds, which every release reads as "+humanSeconds(ms/1000),
		"%s reads a %s below %s as seconds since %s: %s %s is %s there, but %s ms in the releases before it, where a guard times out and lets the action through",
		tool, f.Key, strconv.FormatFloat(secondsBelow, 'f', -1, 64), since, f.Key, v.Text, humanSeconds(t), v.Text)
	return t, true
}

// Thresholds of the unit warning: a timeout in seconds this large is
// almost surely milliseconds (real configs have 5000 meaning 5 s, which
// is 83 minutes), and one in milliseconds this small almost surely
// seconds.
const (
	suspectSeconds      = 1000
	suspectMilliseconds = 100
)

// wrongUnit warns about a timeout t, in the field's own unit, that looks
// like the other unit (lint.CodeTimeoutUnit).
func wrongUnit(ds *diag.List, f node.Field, path func() string, perSecond float64, tool string, t float64) {
	v := f.Value
	switch {
	case perSecond == 1 && t >= suspectSeconds:
		ds.Warnf(lint.CodeTimeoutUnit, v.Pos, path(), "write seconds: "+strconv.FormatFloat(t/1000, 'f', -1, 64)+" if milliseconds were meant",
			"%s timeouts are in seconds: %s %s is %s; was it meant in milliseconds?", tool, f.Key, v.Text, humanSeconds(t))
	case perSecond == 1000 && t < suspectMilliseconds:
		ds.Warnf(lint.CodeTimeoutUnit, v.Pos, path(), "write milliseconds: "+strconv.FormatFloat(t*1000, 'f', -1, 64)+" if seconds were meant",
			"%s timeouts are in milliseconds: %s %s gives the hook %s ms to run; was it meant in seconds?", tool, f.Key, v.Text, v.Text)
	}
}

// humanSeconds spells a number of seconds in the largest unit it fills.
// One of them is said in the singular (QA q6 F6: "1 seconds").
func humanSeconds(s float64) string {
	switch {
	case s >= 3600:
		return units(strconv.FormatFloat(s/3600, 'f', 1, 64), "hour")
	case s >= 60:
		return units(strconv.FormatFloat(s/60, 'f', 0, 64), "minute")
	}
	return units(strconv.FormatFloat(s, 'f', -1, 64), "second")
}

// units is n of unit, in the singular for exactly 1.
func units(n, unit string) string {
	if n == "1" {
		return n + " " + unit
	}
	return n + " " + unit + "s"
}
