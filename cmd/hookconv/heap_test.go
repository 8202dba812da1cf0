package main

import (
	"cmp"
	"runtime"
	"testing"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/internal/benchdata"
	"github.com/hookconv/hookconv/providers"
)

// TestAllocPerInputByte keeps the heap estimate's table true: what a
// conversion of a 2,000-handler Claude Code file to each tool allocates,
// per byte of input, is within the table's figure (plus the fifth
// prepareHeap adds) and not far below it. Bytes are counted, not time.
// When an adapter's allocation changes, re-measure with
// BenchmarkConvert10k and update allocPerInputByte.
func TestAllocPerInputByte(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector's instrumentation allocates too")
	}
	src := benchdata.ClaudeSettings(2000)
	in := providers.Files{".claude/settings.json": src}
	for _, to := range providers.Slugs() {
		want := cmp.Or(allocPerInputByte[to], defaultAllocPerInputByte)
		hookconv.Convert("claude-code", to, in, nil) // warm: lazy tables, first-use indexes
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		const runs = 2
		for range runs {
			if res := hookconv.Convert("claude-code", to, in, nil); res.Files == nil {
				t.Fatalf("%s: %v", to, res.Diagnostics)
			}
		}
		runtime.ReadMemStats(&after)
		got := float64(after.TotalAlloc-before.TotalAlloc) / runs / float64(len(src))
		t.Logf("%-16s %5.1f bytes per input byte (table %d)", to, got, want)
		if got > float64(want)*6/5 || got < float64(want)*3/4 {
			t.Errorf("converting to %s allocates %.0f bytes per input byte; allocPerInputByte says %d", to, got, want)
		}
	}
	// Validate reads a manifest, or a tool's own config, and converts it
	// to nothing: the manifest's figure is its own (linting a tool's own
	// config allocates about half as much again: logged).
	for i, in := range []struct {
		name string
		src  []byte
		read func(name string, src []byte)
	}{
		{"hooks.json", benchdata.Manifest(2000), func(name string, src []byte) { hookconv.ValidateManifest(name, src) }},
		{".claude/settings.json", src, func(name string, src []byte) { hookconv.LintNative("claude-code", name, src) }},
	} {
		in.read(in.name, in.src) // warm
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		in.read(in.name, in.src)
		runtime.ReadMemStats(&after)
		got := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(in.src))
		t.Logf("validate %-21s %5.1f bytes per input byte", in.name, got)
		if want := float64(validateAllocPerInputByte); i == 0 && (got > want*6/5 || got < want*3/4) {
			t.Errorf("validating a manifest allocates %.0f bytes per input byte; validateAllocPerInputByte says %.0f", got, want)
		}
	}
	for to := range allocPerInputByte {
		if _, ok := providers.Get(to); !ok {
			t.Errorf("allocPerInputByte names %q, which is no tool", to)
		}
	}
}

// TestHeapEstimate: the heap is readied for all the targets' conversions,
// but collections are put off only for the largest of them: one target's
// garbage is collected before the next conversion fills the heap.
func TestHeapEstimate(t *testing.T) {
	const n = 1000
	family, gemini, codex, cline := defaultAllocPerInputByte, allocPerInputByte["gemini-cli"], allocPerInputByte["codex"], allocPerInputByte["cline"]
	for _, tc := range []struct {
		targets        []string
		total, largest int
	}{
		{nil, validateAllocPerInputByte * n * 6 / 5, validateAllocPerInputByte * n * 6 / 5}, // validate
		{[]string{"gemini-cli"}, gemini * n * 6 / 5, gemini * n * 6 / 5},
		{[]string{"codex", "cline", "qwen-code"}, (codex + cline + family) * n * 6 / 5, cline * n * 6 / 5},
	} {
		total, largest := heapEstimate(tc.targets, n)
		if total != tc.total || largest != tc.largest {
			t.Errorf("heapEstimate(%q, %d) = %d, %d; want %d, %d", tc.targets, n, total, largest, tc.total, tc.largest)
		}
	}
}
