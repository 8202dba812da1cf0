package canonical

import "math"

// MaxTimeout is the longest timeout hookconv reads or writes, in seconds:
// 10⁹ s, about 31.7 years. No tool documents a maximum, so the bound is
// the largest power of ten that every unit a timeout is written in still
// holds exactly:
//
//   - in milliseconds it is 10¹² ms, an exact integer in a float64 (below
//     2⁵³) with room to spare, so seconds → milliseconds → seconds rounds
//     to the same whole millisecond on every trip, and it fits the u64 of
//     Codex's seconds and Kiro CLI's timeout_ms and a TOML integer (i64);
//   - in whole seconds it fits a signed 32-bit integer;
//   - as a Go time.Duration (int64 nanoseconds, at most ~292 years), which
//     `hookconv run --timeout` uses, it is 10¹⁸ ns and does not overflow.
//
// A longer timeout is surely a mistake (a unit mix-up, or a "never time
// out" spelled as 1e308): reading it is an error, never a value that
// overflows to +Inf or a 309-digit number in the output.
const MaxTimeout = 1e9

// TimeoutUnits converts a timeout of t seconds (0 ≤ t ≤ MaxTimeout) into a
// whole number of a unit perSecond of which make a second (1 for whole
// seconds, 1000 for milliseconds), and reports whether that changed it.
// A timeout that is no whole number of units is rounded up, never to the
// nearest: a hook never gets less time than it asked for, and a positive
// timeout never becomes 0, which every tool reads as its default.
func TimeoutUnits(t, perSecond float64) (n float64, rounded bool) {
	// Round first: t*perSecond of a timeout that is a whole number of
	// units can land a hair above it (1.1 s is 1100.0000000000002 ms),
	// and ceiling that would add a unit nobody asked for.
	if n = math.Round(t * perSecond); n/perSecond == t {
		return n, false
	}
	n = math.Ceil(t * perSecond)
	if n/perSecond < t { // t*perSecond itself was rounded down onto a whole number
		n++
	}
	return n, true
}
