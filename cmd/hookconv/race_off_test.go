//go:build !race

package main

// raceDetector is true when the tests run under -race, whose
// instrumentation allocates on its own.
const raceDetector = false
