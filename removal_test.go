package hookconv

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// removalOf is a Removal of the decoded hooks flagged in remove, as tests
// of RemoveMigrated need one without a migration.
func removalOf(from string, remove ...bool) Removal {
	return Removal{From: from, remove: remove, files: make([]string, len(remove))}
}

// TestPlanRemoval: a hook goes only when every target holds it with all
// its power; one some target holds with less stays, said (HC414), and one
// a target does not hold stays silently (that target says why).
func TestPlanRemoval(t *testing.T) {
	decoded := &canonical.Manifest{Hooks: []canonical.Hook{
		{Name: "guard", Blocking: true, OriginFile: "a.json"},
		{Name: "fmt", OriginFile: "a.json"},
	}}
	full := func(to string) Migration { return Migration{Target: to, Migrated: []bool{true, true}} }
	of := func(migs []Migration) []Migration {
		for i := range migs {
			migs[i].Decoded = decoded
		}
		return migs
	}
	for _, tc := range []struct {
		name   string
		migs   []Migration
		remove []bool
		codes  []string
		says   string // in the HC414 message
	}{
		{name: "no target", remove: []bool{false, false}},
		{name: "held in full by all", migs: []Migration{full("codex"), full("cursor")}, remove: []bool{true, true}},
		{name: "not held by one", migs: []Migration{full("codex"), {Target: "cursor", Migrated: []bool{false, true}}}, remove: []bool{false, true}},
		{name: "weakened guard", migs: []Migration{full("codex"), {Target: "gemini-cli", Migrated: []bool{true, true}, Weakened: []bool{true, false}}},
			remove: []bool{false, true}, codes: []string{CodeKeptInSource}, says: "gemini-cli holds it but cannot block with it"},
		{name: "unproven loss", migs: []Migration{{Target: "gemini-cli", Migrated: []bool{true, true}, Weakened: []bool{true, false}, Unproven: []bool{true, false}}},
			remove: []bool{false, true}, codes: []string{CodeKeptInSource}, says: "cannot prove it blocks there"},
		{name: "narrowed", migs: []Migration{{Target: "cursor", Migrated: []bool{true, true}, Narrowed: []bool{false, true}}},
			remove: []bool{true, false}, codes: []string{CodeKeptInSource}, says: "runs it for fewer cases"},
		{name: "altered by two", migs: []Migration{{Target: "codex", Migrated: []bool{true, true}, Altered: []bool{false, true}}, {Target: "cursor", Migrated: []bool{true, true}, Altered: []bool{false, true}}},
			remove: []bool{true, false}, codes: []string{CodeKeptInSource}, says: "codex and cursor hold it without a setting"},
		// A watcher whose copy fails or reads nothing there (QA q5 F2:
		// HC419, HC424): kept, and said so, not as a lost setting.
		{name: "fails there", migs: []Migration{full("codex"), {Target: "cursor", Migrated: []bool{true, true}, Fails: []bool{false, true}, Altered: []bool{false, true}}},
			remove: []bool{true, false}, codes: []string{CodeKeptInSource}, says: "cursor holds it, but its copy there may fail or find nothing"},
		{name: "failed target", migs: []Migration{full("codex"), {Target: "cursor"}}, remove: []bool{false, false}},
		// Held, but not run until its copy is approved (Codex's /hooks):
		// kept, silently (HC330 or HC470 says why).
		{name: "pending approval", migs: []Migration{{Target: "codex", Migrated: []bool{true, true}, Pending: []bool{true, false}}, full("cursor")},
			remove: []bool{false, true}},
		// Pending and weakened: the weaker guard is still said.
		{name: "pending and weakened", migs: []Migration{{Target: "codex", Migrated: []bool{true, true}, Pending: []bool{true, false}, Weakened: []bool{true, false}}},
			remove: []bool{false, true}, codes: []string{CodeKeptInSource}, says: "codex holds it but cannot block with it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := PlanRemoval("claude-code", of(tc.migs))
			for i, want := range tc.remove {
				if r.Removes(i) != want {
					t.Errorf("Removes(%d) = %v, want %v", i, !want, want)
				}
			}
			if got := r.Diagnostics.Codes(); !slices.Equal(got, tc.codes) {
				t.Errorf("codes %v, want %v: %v", got, tc.codes, r.Diagnostics)
			}
			if tc.says != "" && (len(r.Diagnostics) == 0 || !strings.Contains(r.Diagnostics[0].Message, tc.says) || r.Diagnostics[0].File != "a.json") {
				t.Errorf("want a.json: %q in %v", tc.says, r.Diagnostics)
			}
			if r.KeepsIn("a.json") != slices.Contains(tc.remove, false) {
				t.Errorf("KeepsIn(a.json) = %v with removals %v", r.KeepsIn("a.json"), tc.remove)
			}
		})
	}
	if r := PlanRemoval("claude-code", []Migration{full("codex")}); r.Removes(0) || !r.KeepsIn("a.json") {
		t.Error("an unread source removes nothing")
	}
}

// TestPlanRemovalKeepsGuard: the library composition of migrate
// --remove-source keeps the guard Gemini cannot block with (HC425), as
// the CLI does (QA F2: RemoveMigrated given Migration.Migrated emptied
// the source).
func TestPlanRemovalKeepsGuard(t *testing.T) {
	in := providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
  "command": "jq -r .tool_input.command | grep -q 'rm -rf' && echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\"}}' || true"}]}]}}
`)}
	src := DecodeSource("claude-code", in)
	mig := src.Migrate("gemini-cli", nil, nil)
	if mig.Diagnostics.HasErrors() || !mig.Migrated[0] {
		t.Fatalf("migrated %v: %v", mig.Migrated, mig.Diagnostics)
	}
	r := PlanRemoval("claude-code", []Migration{mig})
	if r.Removes(0) || !slices.Equal(r.Diagnostics.Codes(), []string{CodeKeptInSource}) {
		t.Fatalf("removes the guard %v, diagnostics %v", r.Removes(0), r.Diagnostics)
	}
	out, ds := RemoveMigrated(in, r)
	if len(out) != 0 || len(ds) != 0 {
		t.Errorf("the source changed: %v %v", out, ds)
	}
	var zero Removal
	zero.From = "claude-code"
	if out, ds := RemoveMigrated(in, zero); len(out) != 0 || ds.Count(diag.Warning) != 0 {
		t.Errorf("the zero Removal changed the source: %v %v", out, ds)
	}
	// A Removal planned for other files names other hooks: refused.
	if out, ds := RemoveMigrated(in, removalOf("claude-code", false, true, true)); out != nil || !ds.HasErrors() || ds[0].Code != CodeSourceNotRewritable {
		t.Errorf("a removal of 3 hooks for a source of 1: %v %v", out, ds)
	}
}
