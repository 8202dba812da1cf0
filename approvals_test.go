package hookconv

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/codex"
)

// TestMigrateApproved: a hook Codex already holds is Pending (kept by
// --remove-source) unless its copy is approved there as it is and on;
// which ones are not is said once (HC470), an approvals file that is not
// TOML (HC471). An approved copy that Codex's user config keeps from
// loading (hooks off, the project not trusted) is not migrated (HC409).
func TestMigrateApproved(t *testing.T) {
	in := providers.Files{".claude/settings.json": []byte(`{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard-check"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "notify-done"}]}]}}`)}
	existing := providers.Files{".codex/hooks.json": []byte(`{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard-check"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "notify-done"}]}]}}`)}
	dir := filepath.FromSlash("/p")
	// The hashes Codex computes for the two copies (pinned apart in
	// providers/codex's tests).
	trust := func(folder, level string) string {
		return fmt.Sprintf("[projects.%q]\ntrust_level = %q\n", folder, level)
	}
	trusted := trust(dir, "trusted")
	state := func(guard, done string, more ...string) []byte {
		var b strings.Builder
		b.WriteString(strings.Join(more, ""))
		for _, a := range codex.Approvals(existing, dir, nil, runtime.GOOS) {
			line := guard
			if strings.Contains(a.Key, ":stop:") {
				line = done
			}
			fmt.Fprintf(&b, "[hooks.state.%q]\n%s\n", a.Key, strings.ReplaceAll(line, "HASH", a.Hash))
		}
		return []byte(b.String())
	}
	const approved, off, stale = `trusted_hash = "HASH"`, "enabled = false\ntrusted_hash = \"HASH\"", `trusted_hash = "sha256:0"`
	for _, tc := range []struct {
		name     string
		ap       *Approvals
		pending  []bool
		migrated []bool // nil: both
		says     string // in the one HC470, HC471 or HC409
	}{
		{"no approvals given", nil, []bool{true, true}, nil, `"hook 1" (not approved), "hook 2" (not approved)`},
		{"no approvals file", &Approvals{File: "c.toml", Dir: dir}, []bool{true, true}, nil, `"hook 1" (not approved)`},
		{"approvals file not to be found", &Approvals{Dir: dir, Data: state(approved, approved, trusted)}, []bool{true, true}, nil, "where it keeps its approvals is not known here"},
		{"both approved", &Approvals{File: "c.toml", Dir: dir, Data: state(approved, approved, trusted)}, []bool{false, false}, nil, ""},
		{"one approved for another hook", &Approvals{File: "c.toml", Dir: dir, Data: state(approved, stale, trusted)}, []bool{false, true}, nil, `copies of "hook 2" (not approved)`},
		{"one turned off", &Approvals{File: "c.toml", Dir: dir, Data: state(off, approved, trusted)}, []bool{true, false}, nil, `"hook 1" (turned off: enabled = false)`},
		{"approved in another project", &Approvals{File: "c.toml", Dir: filepath.FromSlash("/q"), Data: state(approved, approved, trusted)}, []bool{true, true}, nil, "not approved"},
		{"not TOML", &Approvals{File: "c.toml", Dir: dir, Data: []byte("[hooks.state\n")}, []bool{true, true}, nil, "not valid TOML"},
		{"approved, hooks off in the user's config", &Approvals{File: "c.toml", Dir: dir, Data: state(approved, approved, "[features]\nhooks = false\n", trusted)}, []bool{false, false}, []bool{false, false}, `loads none of the project's hooks ([features] hooks = false in c.toml)`},
		{"approved, the project not trusted", &Approvals{File: "c.toml", Dir: dir, Data: state(approved, approved, trust(dir, "untrusted"))}, []bool{false, false}, []bool{false, false}, `trust_level = "untrusted" in c.toml`},
		{"approved, no trust said", &Approvals{File: "c.toml", Dir: dir, Data: state(approved, approved)}, []bool{false, false}, []bool{false, false}, `(no [projects.`},
		{"trusted at the checkout's root", &Approvals{File: "c.toml", Dir: dir, Trust: []string{dir, "/r"}, Data: state(approved, approved, trust("/r", "trusted"))}, []bool{false, false}, nil, ""},
		{"the folder's own trust first", &Approvals{File: "c.toml", Dir: dir, Trust: []string{dir, "/r"}, Data: state(approved, approved, trust(dir, "untrusted"), trust("/r", "trusted"))}, []bool{false, false}, []bool{false, false}, "untrusted"},
		{"hooks off, copies not approved: approving comes first", &Approvals{File: "c.toml", Dir: dir, Data: state(stale, approved, "[features]\nhooks = false\n", trusted)}, []bool{true, false}, []bool{true, false}, `"hook 1" (not approved)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mig := DecodeSource("claude-code", in).MigrateApproved("codex", existing, nil, tc.ap)
			migrated := tc.migrated
			if migrated == nil {
				migrated = []bool{true, true}
			}
			if mig.Present != 2 || !slices.Equal(mig.Migrated, migrated) {
				t.Fatalf("present %d, migrated %v: %v", mig.Present, mig.Migrated, mig.Diagnostics)
			}
			pending := mig.Pending
			if pending == nil {
				pending = []bool{false, false}
			}
			if !slices.Equal(pending, tc.pending) {
				t.Errorf("pending %v, want %v", pending, tc.pending)
			}
			if n := slices.Index(tc.pending, true); n >= 0 && mig.Unapproved == 0 {
				t.Errorf("unapproved 0 with pending %v", pending)
			}
			var said []diag.Diagnostic
			for _, d := range mig.Diagnostics {
				if d.Code == CodeUnapproved || d.Code == codex.CodeApprovalsUnreadable || d.Code == CodeDisabledHook {
					said = append(said, d)
				}
			}
			switch {
			case tc.says == "" && len(said) > 0:
				t.Errorf("said %v", said)
			case tc.says != "" && !slices.ContainsFunc(said, func(d diag.Diagnostic) bool { return strings.Contains(d.Message, tc.says) }):
				t.Errorf("said %v, want one saying %q", said, tc.says)
			}
		})
	}
}

// TestApprovalsFile: only a tool whose row needs approval keeps an
// approvals file; Codex's without a home directory is not to be found
// ("", not the project's own .codex/config.toml).
func TestApprovalsFile(t *testing.T) {
	none := func(string) string { return "" }
	if got, ok := ApprovalsFile("codex", none, "/home/u"); !ok || got != filepath.Join("/home/u", ".codex", "config.toml") {
		t.Errorf("codex: %q %v", got, ok)
	}
	if got, ok := ApprovalsFile("codex", none, ""); !ok || got != "" {
		t.Errorf("codex without a home: %q %v, want \"\" (not to be found) true", got, ok)
	}
	if got, ok := ApprovalsFile("claude-code", none, "/home/u"); ok {
		t.Errorf("claude-code: %q", got)
	}
}

// copyStates folds each form's copies once; copiesRun then says a hook
// runs only when every copy of each of its forms runs, and is turned off
// when one copy is. A form with no copy in the target does not run.
func TestCopiesRun(t *testing.T) {
	hook := func(file string, offset int) *canonical.Hook {
		h := &canonical.Hook{OriginFile: file}
		h.Origin.Offset = offset
		return h
	}
	approved := projection{Event: "PreToolUse", Run: "approved"}
	oneOff := projection{Event: "PreToolUse", Run: "one-off"}
	oneNot := projection{Event: "PreToolUse", Run: "one-not-approved"}
	absent := projection{Event: "PreToolUse", Run: "absent"}
	holders := map[projection][]*canonical.Hook{
		approved: {hook("a.json", 1), hook("b.json", 1)},
		oneOff:   {hook("a.json", 2), hook("a.json", 3)},
		oneNot:   {hook("a.json", 4), hook("a.json", 5)},
	}
	runs := map[copyAt]bool{{"a.json", 1}: true, {"b.json", 1}: true, {"a.json", 2}: true, {"a.json", 4}: true}
	off := map[copyAt]bool{{"a.json", 3}: true}
	states := copyStates(holders, runs, off)
	for _, tc := range []struct {
		name               string
		forms              []projection
		running, turnedOff bool
	}{
		{"every copy approved", []projection{approved}, true, false},
		{"one copy turned off", []projection{oneOff}, false, true},
		{"one copy not approved", []projection{oneNot}, false, false},
		{"no copy", []projection{absent}, false, false},
		{"no form", nil, false, false},
		{"approved and one turned off", []projection{approved, oneOff}, false, true},
		{"approved and absent", []projection{approved, absent}, false, false},
	} {
		running, turnedOff := copiesRun(tc.forms, states)
		if running != tc.running || turnedOff != tc.turnedOff {
			t.Errorf("%s: running %v, turned off %v; want %v, %v", tc.name, running, turnedOff, tc.running, tc.turnedOff)
		}
	}
}

// BenchmarkMigrateDuplicatesToCodex migrates, to Codex, settings of n
// PreToolUse hooks of which every second is the same Bash guard (QA's
// genaltc.py): Codex needs approvals, whose check once walked every copy
// of a hook for each hook of the same identity (n² steps). The time per
// hook should stay flat from 2,000 to 20,000.
func BenchmarkMigrateDuplicatesToCodex(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		var groups []string
		for i := range n {
			if i%2 == 0 {
				groups = append(groups, `{"matcher": "Bash", "hooks": [{"type": "command", "command": "g"}]}`)
			} else {
				groups = append(groups, fmt.Sprintf(`{"matcher": "mcp__s__t%d", "hooks": [{"type": "command", "command": "m"}]}`, i))
			}
		}
		in := providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [` + strings.Join(groups, ",") + `]}}`)}
		b.Run(fmt.Sprintf("hooks=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if mig := Migrate("claude-code", "codex", in, nil); mig.Files == nil {
					b.Fatal(mig.Diagnostics)
				}
			}
		})
	}
}
