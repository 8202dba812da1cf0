//go:build !race

package hugeheap

// raceEnabled reports a test binary built with -race, whose shadow memory
// makes what a test finds resident say nothing about Prepare.
const raceEnabled = false
