package hugeheap

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestThpDisabled(t *testing.T) {
	for _, tc := range []struct {
		godebug string
		want    bool
	}{
		{"", false},
		{"disablethp=1", true},
		{"gctrace=1, disablethp=1", true},
		{"disablethp=0", false},
		{"disablethp=10", false},
	} {
		if got := thpDisabled(tc.godebug); got != tc.want {
			t.Errorf("thpDisabled(%q) = %v, want %v", tc.godebug, got, tc.want)
		}
	}
}

func TestOnlyWhenAsked(t *testing.T) {
	for _, tc := range []struct {
		setting string
		want    bool
	}{
		{"always [madvise] never\n", true},
		{"[always] madvise never\n", false},
		{"always madvise [never]\n", false},
		{"", false},
	} {
		if got := onlyWhenAsked(tc.setting); got != tc.want {
			t.Errorf("onlyWhenAsked(%q) = %v, want %v", tc.setting, got, tc.want)
		}
	}
}

// smapsKiB reads one field of this process's /proc/self/smaps_rollup.
func smapsKiB(t *testing.T, field string) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skipf("no smaps_rollup: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if ok && name == field {
			kib, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatalf("%s: %v", sc.Text(), err)
			}
			return kib
		}
	}
	t.Skipf("smaps_rollup has no %s", field)
	return 0
}

// inFreshProcess runs the calling test again in a new copy of the test
// binary and reports whether this is that copy. Prepare acts once per
// process and is meant for its start; a heap other tests have grown and
// shrunk is not that.
func inFreshProcess(t *testing.T) bool {
	t.Helper()
	if os.Getenv("HUGEHEAP_CHILD") == t.Name() {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if bytes.Contains(out, []byte("--- SKIP")) {
		t.Skipf("skipped in the fresh process:\n%s", out)
	}
	return false
}

// TestPrepareBoundsResidency: Prepare faults in ahead of the job only
// what the job is expected to hold at once, not the whole block: for a
// job of 256 MiB in all holding 64 MiB at once (one of several
// conversions), three quarters of the 64 MiB.
func TestPrepareBoundsResidency(t *testing.T) {
	if raceEnabled {
		t.Skip("under the race detector, making the block makes its shadow memory resident")
	}
	if !inFreshProcess(t) {
		return
	}
	const held = 64 << 20
	before := smapsKiB(t, "Rss")
	Prepare(256<<20, held)
	time.Sleep(200 * time.Millisecond) // let the faulting-in finish
	if grown, most := smapsKiB(t, "Rss")-before, (held*3/4+16<<20)>>10; grown > most {
		t.Errorf("Prepare(256 MiB, 64 MiB) made %d KiB resident; want at most %d KiB", grown, most)
	}
}

// TestPrepareFaultsAhead: where the kernel offers huge pages on request,
// Prepare faults in three quarters of the block on its own thread, so the
// job finds its pages there; the test itself touches nothing.
func TestPrepareFaultsAhead(t *testing.T) {
	if setting, err := os.ReadFile(thpSetting); err != nil || !onlyWhenAsked(string(setting)) {
		t.Skip("Prepare does nothing here")
	}
	if !inFreshProcess(t) {
		return
	}
	before := smapsKiB(t, "AnonHugePages")
	Prepare(48<<20, 48<<20)
	const want = 30 << 10 // KiB: 36 MiB less a huge page at each unaligned end, and slack
	deadline := time.Now().Add(5 * time.Second)
	for smapsKiB(t, "AnonHugePages")-before < want && time.Now().Before(deadline) {
		// Not more often: each reading allocates, and the allocations
		// would fault in the block themselves.
		time.Sleep(10 * time.Millisecond)
	}
	if got := smapsKiB(t, "AnonHugePages") - before; got < want {
		t.Errorf("5 s after Prepare(48 MiB), %d KiB of huge pages are resident; want at least %d", got, want)
	}
}

// TestPrepareGivesHugePages: where the kernel offers huge pages on
// request, memory allocated after Prepare is backed by them.
func TestPrepareGivesHugePages(t *testing.T) {
	if setting, err := os.ReadFile(thpSetting); err != nil || !onlyWhenAsked(string(setting)) {
		t.Skip("Linux gives huge pages here without asking, or never: Prepare does nothing")
	}
	if !inFreshProcess(t) {
		return
	}
	before := smapsKiB(t, "AnonHugePages")
	Prepare(64<<20, 64<<20)
	var keep [][]byte
	for range 32 {
		b := make([]byte, 1<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		keep = append(keep, b)
	}
	if got := smapsKiB(t, "AnonHugePages") - before; got < 16<<10 {
		t.Errorf("after Prepare, 32 MiB of new allocations hold %d KiB of huge pages; want most of it", got)
	}
	runtime.KeepAlive(keep)
}

// TestPrepareOnce: below MinBytes, and after its first action, Prepare
// returns at once.
func TestPrepareOnce(t *testing.T) {
	if !inFreshProcess(t) {
		return
	}
	if allocs := testing.AllocsPerRun(10, func() { Prepare(MinBytes-1, MinBytes-1) }); allocs != 0 {
		t.Errorf("Prepare below MinBytes allocated %v times", allocs)
	}
	Prepare(MinBytes, MinBytes)
	if allocs := testing.AllocsPerRun(10, func() { Prepare(64<<20, 64<<20) }); allocs != 0 {
		t.Errorf("a second Prepare allocated %v times", allocs)
	}
}

// gcPercent reads the collector's current setting.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestPrepareDefersCollection: after Prepare(n, held), the heap grows to
// about held bytes without a collection, however large held (a
// 100,000-hook conversion holds ~600 MB); the first collection past that
// restores the former setting, though the whole job is larger.
func TestPrepareDefersCollection(t *testing.T) {
	if setting, err := os.ReadFile(thpSetting); err != nil || !onlyWhenAsked(string(setting)) {
		t.Skip("Prepare does nothing here")
	}
	if !inFreshProcess(t) {
		return
	}
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set: Prepare leaves the collector alone")
	}
	const held = 128 // MiB
	former := gcPercent()
	Prepare(4*held<<20, held<<20)
	if p := gcPercent(); p <= former {
		t.Fatalf("after Prepare the GC percent is %d; want it raised from %d", p, former)
	}
	var stats runtime.MemStats
	runtime.ReadMemStats(&stats)
	gcs := stats.NumGC
	var keep [][]byte
	// Kept: a heap growing as a conversion's does, to just short of the
	// estimate (the collector starts at up to 95 % of its goal).
	for range held - 4 {
		keep = append(keep, make([]byte, 1<<20))
	}
	runtime.ReadMemStats(&stats)
	if stats.NumGC != gcs {
		t.Errorf("%d collections while the heap grew to %d MiB; want none before ~%d MiB", stats.NumGC-gcs, held-4, held)
	}
	for range held / 2 { // past the goal: a collection comes, and restores the setting
		keep = append(keep, make([]byte, 1<<20))
	}
	runtime.KeepAlive(keep)
	deadline := time.Now().Add(5 * time.Second)
	for gcPercent() != former && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond) // the finalizer runs on its own goroutine
	}
	runtime.ReadMemStats(&stats)
	if stats.NumGC == gcs {
		t.Errorf("no collection while the heap grew to %d MiB", held*3/2-4)
	}
	if p := gcPercent(); p != former {
		t.Errorf("after the first collection the GC percent is %d; want %d restored", p, former)
	}
}

// TestPrepareKeepsGOGC: a GOGC the user set is not changed.
func TestPrepareKeepsGOGC(t *testing.T) {
	if setting, err := os.ReadFile(thpSetting); err != nil || !onlyWhenAsked(string(setting)) {
		t.Skip("Prepare does nothing here")
	}
	if os.Getenv("HUGEHEAP_CHILD") == "" {
		t.Setenv("GOGC", "150")
	}
	if !inFreshProcess(t) {
		return
	}
	Prepare(48<<20, 48<<20)
	if p := gcPercent(); p != 150 {
		t.Errorf("with GOGC=150, the GC percent after Prepare is %d", p)
	}
}
