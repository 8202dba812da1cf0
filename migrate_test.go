package hookconv

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// migrateApproved migrates src to the tool to twice, the second time into
// what the first run wrote, and returns the second: what --remove-source
// reads once the target holds the hooks (for Codex, once a person has
// approved the hooks the first run added, HC330).
func migrateApproved(src *Source, to string) Migration {
	first := src.Migrate(to, nil, nil)
	return src.Migrate(to, first.Files, nil)
}

// TestMigrateIdempotent migrates every golden input to every target twice:
// the second run must find every hook and change no byte.
func TestMigrateIdempotent(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/golden/*/input.*")
	for _, in := range inputs {
		parts := strings.SplitN(filepath.Base(in), ".", 3)
		from, ext := parts[1], parts[2]
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		files := providers.Files{sourcePath(from, ext): src}
		for _, to := range targets {
			if to == from {
				continue
			}
			t.Run(filepath.Base(filepath.Dir(in))+"/"+to, func(t *testing.T) {
				first := Migrate(from, to, files, nil)
				if first.Diagnostics.HasErrors() {
					t.Skipf("does not convert: %v", first.Diagnostics)
				}
				second := Migrate(from, to, files, first.Files)
				if second.Diagnostics.HasErrors() {
					t.Fatalf("second run: %v", second.Diagnostics)
				}
				if second.Added != 0 || len(second.Files) != 0 {
					t.Errorf("second run added %d hooks and would change %v", second.Added, second.Files.Paths())
				}
				if second.Present != first.Added {
					t.Errorf("second run found %d hooks already there, first added %d", second.Present, first.Added)
				}
				// A target that runs a hook only once a person has
				// approved it (Codex) runs none of those it holds here,
				// on either run: no approvals are given, so each is
				// Pending, and --remove-source keeps it (QA: a later run
				// removed guards whose copies nobody had approved).
				prov, _ := vocab.Default().Provider(to)
				for i, ok := range first.Migrated {
					if ok != second.Migrated[i] {
						t.Errorf("hook %d: migrated %v on the first run, %v on the second", i+1, ok, second.Migrated[i])
					}
					for run, mig := range []Migration{first, second} {
						pending := i < len(mig.Pending) && mig.Pending[i]
						if prov.NeedsApproval && mig.Migrated[i] && !pending {
							t.Errorf("hook %d: not pending on run %d, though %s approved nothing", i+1, run+1, to)
						}
						if !prov.NeedsApproval && pending {
							t.Errorf("hook %d: pending on run %d, though %s needs no approval", i+1, run+1, to)
						}
					}
				}
				// What the target cannot hold of a hook does not change
				// once it holds it: --remove-source keeps it on every run
				// (QA: a second run removed a hook whose statusMessage
				// the target has no key for, HC316).
				for _, keep := range []struct {
					name          string
					first, second []bool
				}{
					{"weakened", first.Weakened, second.Weakened},
					{"narrowed", first.Narrowed, second.Narrowed},
					{"altered", first.Altered, second.Altered},
				} {
					if !slices.Equal(keep.first, keep.second) {
						t.Errorf("%s %v on the first run, %v on the second: %v", keep.name, keep.first, keep.second, second.Diagnostics)
					}
				}
			})
		}
	}
}

// TestMigrateKeepsTargetHooks: the target's own hooks stay, first and in
// order; a hook the target already runs is not added twice.
func TestMigrateKeepsTargetHooks(t *testing.T) {
	source := providers.Files{".claude/settings.json": []byte(`{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "./notify.sh"}]}]}}`)}
	existing := providers.Files{".cursor/hooks.json": []byte(`{
  "version": 1,
  "hooks": {
    "stop": [{"command": "./notify.sh", "timeout": 9}],
    "afterFileEdit": [{"command": "./audit.sh"}]
  },
  "other": true
}
`)}
	mig := Migrate("claude-code", "cursor", source, existing)
	if mig.Diagnostics.HasErrors() {
		t.Fatal(mig.Diagnostics)
	}
	if mig.Added != 1 || mig.Present != 1 || mig.Kept != 2 || mig.Others != 1 {
		t.Errorf("added %d, present %d, kept %d, others %d; want 1, 1, 2, 1", mig.Added, mig.Present, mig.Kept, mig.Others)
	}
	out := string(mig.Files[".cursor/hooks.json"])
	for _, want := range []string{`"other": true`, `"timeout": 9`, `"./audit.sh"`, `"./guard.sh"`} {
		if !strings.Contains(out, want) {
			t.Errorf("merged file lacks %s:\n%s", want, out)
		}
	}
	if strings.Count(out, "./notify.sh") != 1 {
		t.Errorf("the hook the target already had was added again:\n%s", out)
	}
	if !(strings.Index(out, "./audit.sh") < strings.Index(out, "./guard.sh")) {
		t.Errorf("migrated hooks must follow the target's own:\n%s", out)
	}
	if len(mig.Migrated) != 2 || !mig.Migrated[0] || !mig.Migrated[1] {
		t.Errorf("migrated = %v, want both", mig.Migrated)
	}
}

// TestKeepsSkipped checks that a migration target file holding an entry
// its decoder skips (HC349) is written only with its hooks kept as they
// were, the migrated ones added after them; else HC408 and no file.
func TestKeepsSkipped(t *testing.T) {
	const p = ".github/hooks/hooks.json"
	old := `{"version": 1, "hooks": {"preToolUse": [{"matcher": "*", "bash": "./deny.sh"}, {"bash": "./ok.sh"}]}}`
	tests := []struct {
		name    string
		skipped string // the file the HC349 is about; "" for none
		written string // the file written; "" writes none
		ok      bool
	}{
		{"extended", p, `{"version": 1, "hooks": {"preToolUse": [{"matcher": "*", "bash": "./deny.sh"}, {"bash": "./ok.sh"}, {"bash": "./new.sh"}]}}`, true},
		{"new event after", p, `{"version": 1, "hooks": {"preToolUse": [{"matcher": "*", "bash": "./deny.sh"}, {"bash": "./ok.sh"}], "agentStop": [{"bash": "./s.sh"}]}}`, true},
		{"entry dropped", p, `{"version": 1, "hooks": {"preToolUse": [{"bash": "./ok.sh"}, {"bash": "./new.sh"}]}}`, false},
		{"entry moved after", p, `{"version": 1, "hooks": {"preToolUse": [{"bash": "./ok.sh"}, {"matcher": "*", "bash": "./deny.sh"}]}}`, false},
		{"hooks gone", p, `{"version": 1}`, false},
		{"no skipped entry", "", `{"version": 1, "hooks": {"preToolUse": [{"bash": "./ok.sh"}]}}`, true},
		{"skipped in another file", ".github/hooks/other.json", `{"version": 1, "hooks": {}}`, true},
		{"nothing written", p, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := &Conversion{Files: providers.Files{}}
			if tt.skipped != "" {
				res.skippedOwn = diag.List{{Code: providers.CodeSkipped, Severity: diag.Warning, File: tt.skipped}}
			}
			if tt.written != "" {
				res.Files[p] = []byte(tt.written)
			}
			got := res.keepsSkipped(providers.Files{p: []byte(old)}, "GitHub Copilot CLI")
			refused := slices.ContainsFunc(res.Diagnostics, func(d diag.Diagnostic) bool { return d.Code == CodeExistingUnreadable && d.File == p })
			if got != tt.ok || refused == tt.ok || (res.Files == nil) == tt.ok {
				t.Errorf("keepsSkipped = %v (HC408 %v, files %v), want %v", got, refused, res.Files != nil, tt.ok)
			}
		})
	}
}

// TestRemoveMigrated removes only the flagged hooks and keeps the rest of
// the file.
func TestRemoveMigrated(t *testing.T) {
	in := providers.Files{".claude/settings.json": []byte(`{
  "permissions": {"allow": ["Bash(ls)"]},
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}],
    "Stop": [{"hooks": [{"type": "prompt", "prompt": "done?"}]}]
  }
}
`)}
	out, ds := RemoveMigrated(in, removalOf("claude-code", true, false))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	got := string(out[".claude/settings.json"])
	if strings.Contains(got, "guard.sh") || !strings.Contains(got, `"done?"`) || !strings.Contains(got, `"permissions": {"allow": ["Bash(ls)"]}`) {
		t.Errorf("after removal:\n%s", got)
	}
	if out, _ := RemoveMigrated(in, removalOf("claude-code", false, false)); len(out) != 0 {
		t.Errorf("nothing to remove, yet files changed: %v", out.Paths())
	}
}

// TestMigrateWeakened: a blocking hook a target holds with less power to
// block is marked Weakened (so --remove-source keeps it); one held in full
// is not.
func TestMigrateWeakened(t *testing.T) {
	settings := providers.Files{".claude/settings.json": []byte(
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`)}
	exit2 := &Scripts{FS: fstest.MapFS{"guard.sh": {Data: []byte("#!/bin/sh\ngrep -q 'rm -rf' && exit 2\nexit 0\n")}}}
	jsonDeny := &Scripts{FS: fstest.MapFS{"guard.sh": {Data: []byte("#!/bin/sh\necho '{\"hookSpecificOutput\": {\"permissionDecision\": \"deny\"}}'\n")}}}
	for _, tc := range []struct {
		to                 string
		scripts            *Scripts
		weakened, unproven bool // unproven: weakened only for an HC425 info
	}{
		// A script that seems to exit 2 only is no proof: Gemini CLI
		// would not read a Claude JSON deny, so the guard stays, for
		// that reason alone.
		{"gemini-cli", exit2, true, true},
		{"cursor", exit2, true, true},       // nor need Cursor's own config (reference §3.9)
		{"kiro-legacy", exit2, true, false}, // only observes tool calls
		{"openhook", exit2, true, false},    // defines no blocking
		// Gemini CLI does not read Claude's JSON deny (HC425): a script
		// that gives it, or one that cannot be read, may not block there.
		{"gemini-cli", jsonDeny, true, false},
		{"gemini-cli", nil, true, false},
		{"cursor", jsonDeny, true, false},         // Cursor reads Claude's form in the hooks it imports, unsure in its own
		{"factory-droid", jsonDeny, false, false}, // Droid reads Claude's form
	} {
		src := DecodeSource("claude-code", settings)
		src.Scripts = tc.scripts
		mig := src.Migrate(tc.to, nil, nil)
		if !mig.Migrated[0] {
			t.Errorf("%s: not migrated: %v", tc.to, mig.Diagnostics)
			continue
		}
		if mig.Weakened[0] != tc.weakened || mig.Unproven[0] != tc.unproven {
			t.Errorf("%s (scripts %v): weakened %v, unproven %v, want %v, %v: %v", tc.to, tc.scripts != nil, mig.Weakened[0], mig.Unproven[0], tc.weakened, tc.unproven, mig.Diagnostics)
		}
	}

	// Among many hooks, the mark lands on the one the warning names:
	// hooks[10], not hooks[1].
	var groups []string
	for i := range 10 {
		groups = append(groups, fmt.Sprintf(`{"hooks": [{"type": "command", "command": "./start%d.sh"}]}`, i))
	}
	many := DecodeSource("claude-code", providers.Files{".claude/settings.json": []byte(`{"hooks": {` +
		`"SessionStart": [` + strings.Join(groups, ", ") + `], ` +
		`"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`)})
	mig := many.Migrate("kiro-legacy", nil, nil)
	want := make([]bool, 11)
	want[10] = true
	if !slices.Equal(mig.Weakened, want) {
		t.Errorf("weakened %v, want only hooks[10]: %v", mig.Weakened, mig.Diagnostics)
	}
}

// TestSharedTargetFile checks every pair of providers: only Copilot CLI
// and VS Code write the same default file, and the order the targets were
// named in is kept.
func TestSharedTargetFile(t *testing.T) {
	slugs := providers.Slugs()
	var shared []string
	for i, a := range slugs {
		for _, b := range slugs[i+1:] {
			if s, ok := SharedTargetFile([]string{a, b}); ok {
				shared = append(shared, s.A+"+"+s.B+":"+s.Path)
			}
		}
	}
	if want := []string{"copilot-cli+vs-code-copilot:.github/hooks/hooks.json"}; !slices.Equal(shared, want) {
		t.Errorf("pairs sharing a file = %q, want %q", shared, want)
	}
	s, ok := SharedTargetFile([]string{"cursor", "vs-code-copilot", "codex", "copilot-cli"})
	if !ok || s.A != "vs-code-copilot" || s.B != "copilot-cli" {
		t.Errorf("SharedTargetFile = %+v, %v; want vs-code-copilot, copilot-cli", s, ok)
	}
	if h := s.Hint(); !strings.Contains(h, "each also run hooks in the other's format") {
		t.Errorf("hint %q does not say each tool runs the other's hooks", h)
	}
}

func TestSamePath(t *testing.T) {
	for _, c := range []struct {
		a, b, want string
		ok         bool
	}{
		{".cursor/hooks.json", ".cursor/hooks.json", ".cursor/hooks.json", true},
		{".kiro/hooks/*.json", ".kiro/hooks/hookconv.json", ".kiro/hooks/hookconv.json", true},
		{".kiro/hooks/hookconv.json", ".kiro/hooks/*.json", ".kiro/hooks/hookconv.json", true},
		{".kiro/hooks/*.kiro.hook", ".kiro/hooks/hookconv.json", "", false},
		{".clinerules/hooks/*", ".kiro/hooks/*.kiro.hook", "", false},
		{"", ".cursor/hooks.json", "", false},
	} {
		if got, ok := samePath(c.a, c.b); got != c.want || ok != c.ok {
			t.Errorf("samePath(%q, %q) = %q, %v; want %q, %v", c.a, c.b, got, ok, c.want, c.ok)
		}
	}
}

// TestHTTPDenyAnswer checks HC425 for http hooks that stay http hooks:
// their server's JSON deny, in the source's documented form, is not read
// by a target that reads another (Claude Code's hookSpecificOutput, Copilot
// CLI's flat permissionDecision), and migrate --remove-source keeps them;
// where the target reads the same form (Qwen Code), nothing is said and
// the hook is removed.
func TestHTTPDenyAnswer(t *testing.T) {
	claude := providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "http", "url": "https://policy.example.com/check"}]}]}}`)}
	copilot := providers.Files{".github/hooks/hooks.json": []byte(`{"version": 1, "hooks": {"preToolUse": [{"type": "http", "url": "https://policy.example.com/copilot", "matcher": "bash"}]}}`)}
	for _, tc := range []struct {
		from     string
		in       providers.Files
		to       string
		want     string // a part of the HC425 warning, "" for none
		weakened bool
	}{
		{"claude-code", claude, "copilot-cli", `1 blocking http hook(s) on before_tool_execute (hook 1) were written for claude-code, whose servers may deny a tool call by answering {"hookSpecificOutput": {"permissionDecision": "deny"}}; copilot-cli does not read that`, true},
		{"copilot-cli", copilot, "claude-code", `were written for copilot-cli, whose servers may deny a tool call by answering {"permissionDecision": "deny"}; claude-code does not read that`, true},
		{"claude-code", claude, "qwen-code", "", false},
	} {
		mig := DecodeSource(tc.from, tc.in).Migrate(tc.to, nil, nil)
		var got []string
		for _, d := range mig.Diagnostics {
			if d.Code == CodeDenyAnswer {
				got = append(got, d.Message)
			}
		}
		checkOneWarning(t, tc.from+" to "+tc.to, got, tc.want)
		if !mig.Migrated[0] || mig.Weakened[0] != tc.weakened {
			t.Errorf("%s to %s: migrated %v, weakened %v, want weakened %v", tc.from, tc.to, mig.Migrated[0], mig.Weakened[0], tc.weakened)
		}
	}
}

// TestEventNoteCommandsOnly checks that a note about command hooks'
// exit codes (Copilot CLI's preToolUse, HC322) is said at the first
// command hook on the event, and not for an http hook, which has none.
func TestEventNoteCommandsOnly(t *testing.T) {
	for _, tc := range []struct {
		name, hooks string
		want        string // the path of the note, "" for none
	}{
		{"http only", `{"type": "http", "url": "https://policy.example.com/a"}`, ""},
		{"command", `{"type": "command", "command": "./guard.sh"}`, "hooks[0].event"},
		{"http, then a command", `{"type": "http", "url": "https://policy.example.com/a"}, {"type": "command", "command": "./guard.sh"}`, "hooks[1].event"},
	} {
		in := providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [` + tc.hooks + `]}]}}`)}
		res := Convert("claude-code", "copilot-cli", in, nil)
		var got []string
		for _, d := range res.Diagnostics {
			if d.Code == "HC322" {
				got = append(got, d.Path)
			}
		}
		if want := []string{tc.want}; tc.want == "" && len(got) > 0 || tc.want != "" && !slices.Equal(got, want) {
			t.Errorf("%s: HC322 at %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestMigrateSyncFourTools runs a sync among four tools twice: each of
// Claude Code, Gemini CLI, Cursor and Codex migrated to the other three,
// in turn, each holding hooks of its own at first. Each spells the
// project directory its own way (Codex through git), so a hook comes back
// spelled otherwise than it left; it must be recognised, not added again
// (QA: guard.sh ran twice in Claude Code, fmt.sh three times). Each tool ends with each hook once, and the second
// pass writes nothing. In a monorepo the project is git's top level and
// its path below it.
func TestMigrateSyncFourTools(t *testing.T) {
	tools := []string{"claude-code", "gemini-cli", "cursor", "codex"}
	places := map[string]RepoPlace{
		"unknown":   {},
		"top level": {Known: true, InRepo: true},
		"monorepo":  {Known: true, InRepo: true, Sub: "packages/my app"},
	}
	for name, place := range places {
		t.Run(name, func(t *testing.T) {
			project := providers.Files{
				".claude/settings.json": []byte(`{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "$CLAUDE_PROJECT_DIR/guard.sh"}]}],
  "PostToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "\"${CLAUDE_PROJECT_DIR}\"/fmt.sh"}]}]}}`),
				".gemini/settings.json": []byte(`{"hooks": {
  "SessionStart": [{"hooks": [{"type": "command", "command": "bash \"${GEMINI_PROJECT_DIR:-.}/start.sh\""}]}]}}`),
				".cursor/hooks.json": []byte(`{"version": 1, "hooks": {
  "stop": [{"command": "\"$CURSOR_PROJECT_DIR\"/notify.sh"}]}}`),
				".codex/hooks.json": []byte(`{"hooks": {
  "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "$(git rev-parse --show-toplevel)/prompt.sh"}]}]}}`),
			}
			pass := func() (changed []string) {
				for _, from := range tools {
					in := migrationFiles(project, from)
					s := DecodeSource(from, in)
					s.Scripts = &Scripts{FS: fstest.MapFS{}, Repo: place}
					for _, to := range tools {
						if to == from {
							continue
						}
						mig := s.Migrate(to, migrationFiles(project, to), nil)
						if mig.Diagnostics.HasErrors() {
							t.Fatalf("%s -> %s: %v", from, to, mig.Diagnostics)
						}
						for _, p := range mig.Files.Paths() {
							project[p] = mig.Files[p]
							changed = append(changed, fmt.Sprintf("%s -> %s: %s (%d added)", from, to, p, mig.Added))
						}
					}
				}
				return changed
			}
			pass()
			for _, tool := range tools {
				a, _ := providers.Get(tool)
				m, ds := a.Decode(migrationFiles(project, tool))
				if ds.HasErrors() || m == nil {
					t.Fatalf("%s: %v", tool, ds)
				}
				var runs []string
				for i := range m.Hooks {
					runs = append(runs, m.Hooks[i].Handler.Command)
				}
				if len(m.Hooks) != 5 {
					t.Errorf("%s holds %d hooks, want guard.sh, fmt.sh, start.sh, notify.sh and prompt.sh once each: %q", tool, len(m.Hooks), runs)
				}
			}
			if changed := pass(); len(changed) > 0 {
				t.Errorf("the second pass changed files: %q", changed)
			}
		})
	}
}

// migrationFiles is the files of project that migrate reads for tool.
func migrationFiles(project providers.Files, tool string) providers.Files {
	out := providers.Files{}
	for p, b := range project {
		if IsMigrationPath(tool, p) {
			out[p] = b
		}
	}
	return out
}

// TestMigrateIntoSameToolsSpelledTwice: a target that already holds two
// groups for the same tools, spelled otherwise ("^run_shell_command$" and
// "run_shell_command"), gets the migrated hook after both, in a group of
// its own or the last one, and verify finds what was planned (QA: the
// encoder put it into the first group, before the second one's hook, and
// verify failed with HC900, nothing written). A second run adds nothing.
// A manifest whose hooks alternate the two spellings converts so too.
func TestMigrateIntoSameToolsSpelledTwice(t *testing.T) {
	claude := providers.Files{".claude/settings.json": []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"b"}]}]}}`)}
	gemini := providers.Files{".gemini/settings.json": []byte(`{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[{"type":"command","command":"b"}]}]}}`)}
	for _, tc := range []struct {
		from   string
		in     providers.Files
		to     string
		target string // the file the target holds
		a, c   string // its two groups' matchers
	}{
		{"claude-code", claude, "gemini-cli", ".gemini/settings.json", "^run_shell_command$", "run_shell_command"},
		{"claude-code", claude, "qwen-code", ".qwen/settings.json", "run_shell_command", "^run_shell_command$"},
		{"gemini-cli", gemini, "claude-code", ".claude/settings.json", "Bash|PowerShell", "PowerShell|Bash"},
		{"gemini-cli", gemini, "codex", ".codex/hooks.json", "Bash", "^Bash$"},
		{"gemini-cli", gemini, "cursor", ".cursor/hooks.json", "Shell", "^Shell$"},
	} {
		t.Run(tc.to+"/"+tc.a, func(t *testing.T) {
			event := "PreToolUse"
			if ev := vocab.Default().EncodeEvent(tc.to, "before_tool_execute"); len(ev) > 0 {
				event = ev[0].Name
			}
			version := ""
			if tc.to == "cursor" {
				version = `"version":1,`
			}
			existing := providers.Files{tc.target: []byte(`{` + version + `"hooks":{"` + event + `":[{"matcher":"` + tc.a + `","hooks":[{"type":"command","command":"a"}]},{"matcher":"` + tc.c + `","hooks":[{"type":"command","command":"c"}]}]}}`)}
			first := Migrate(tc.from, tc.to, tc.in, existing)
			if first.Diagnostics.HasErrors() || first.Added != 1 {
				t.Fatalf("added %d: %v", first.Added, first.Diagnostics)
			}
			out := string(first.Files[tc.target])
			if !(strings.Index(out, `"a"`) < strings.Index(out, `"c"`) && strings.Index(out, `"c"`) < strings.Index(out, `"b"`)) {
				t.Errorf("the migrated hook must follow the target's own:\n%s", out)
			}
			own := string(existing[tc.target])
			if !strings.HasPrefix(out, own[:strings.Index(own, `"c"}`)+4]) {
				t.Errorf("the target's own groups were not kept as written:\n%s", out)
			}
			existing[tc.target] = first.Files[tc.target]
			if again := Migrate(tc.from, tc.to, tc.in, existing); again.Diagnostics.HasErrors() || again.Added != 0 || len(again.Files) != 0 {
				t.Errorf("second run: added %d, files %v: %v", again.Added, again.Files.Paths(), again.Diagnostics)
			}
		})
	}
	manifest := providers.Files{"hooks.json": []byte(`{"spec":"hooks/1.0","hooks":[
{"event":"before_tool_execute","matcher":{"pattern":"run_shell_command"},"handler":{"type":"command","command":"a"}},
{"event":"before_tool_execute","matcher":"shell","handler":{"type":"command","command":"c"}},
{"event":"before_tool_execute","matcher":{"pattern":"run_shell_command"},"handler":{"type":"command","command":"b"}}]}`)}
	conv := Convert("canonical", "gemini-cli", manifest, nil)
	if conv.Diagnostics.HasErrors() {
		t.Fatalf("convert: %v", conv.Diagnostics)
	}
	out := string(conv.Files[".gemini/settings.json"])
	if !(strings.Index(out, `"a"`) < strings.Index(out, `"c"`) && strings.Index(out, `"c"`) < strings.Index(out, `"b"`)) {
		t.Errorf("convert reordered the hooks for one tool:\n%s", out)
	}
}

// TestMigratePartialNativeCopy checks that a copy in the target whose
// matcher names only some of the native tools of a canonical tool
// (Claude Code's "Bash" of Bash and PowerShell) is a weaker copy of the
// converted hook, written for all of them (Bash|PowerShell): HC428
// names the tools it leaves out, and the source hook is kept (QA: "1
// already there", no diagnostic, and --remove-source removed the source's
// guard, leaving PowerShell unguarded). A copy naming them all, in any
// order or anchored, is the hook.
func TestMigratePartialNativeCopy(t *testing.T) {
	codex := providers.Files{".codex/hooks.json": []byte(`{"hooks":{"PreToolUse":[{"matcher":"^Bash$","hooks":[{"type":"command","command":"g"}]}]}}`)}
	claude := func(matchers ...string) providers.Files {
		var groups []string
		for _, m := range matchers {
			groups = append(groups, `{"matcher":"`+m+`","hooks":[{"type":"command","command":"g"}]}`)
		}
		return providers.Files{".claude/settings.json": []byte(`{"hooks":{"PreToolUse":[` + strings.Join(groups, ",") + `]}}`)}
	}
	copilot := func(matcher string) providers.Files {
		return providers.Files{".github/hooks/hooks.json": []byte(`{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"g","matcher":"` + matcher + `"}]}}`)}
	}
	for _, tc := range []struct {
		name     string
		to       string
		existing providers.Files
		weaker   string // in HC428's message; "" for none
	}{
		{"claude Bash alone", "claude-code", claude("Bash"), "matches only Bash, not PowerShell"},
		{"claude PowerShell alone", "claude-code", claude("PowerShell"), "matches only PowerShell, not Bash"},
		{"claude both", "claude-code", claude("Bash|PowerShell"), ""},
		{"claude both, other order", "claude-code", claude("PowerShell|Bash"), ""},
		{"claude both, anchored", "claude-code", claude("^(Bash|PowerShell)$"), ""},
		{"claude Bash beside both", "claude-code", claude("Bash", "Bash|PowerShell"), ""},
		{"copilot bash alone", "copilot-cli", copilot("bash"), "matches only bash, not powershell"},
		{"copilot both", "copilot-cli", copilot("bash|powershell"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mig := Migrate("codex", tc.to, codex, tc.existing)
			if mig.Diagnostics.HasErrors() {
				t.Fatal(mig.Diagnostics)
			}
			if mig.Present != 1 || mig.Added != 0 {
				t.Errorf("present %d, added %d; want 1, 0", mig.Present, mig.Added)
			}
			var weaker []string
			for _, d := range mig.Diagnostics {
				if d.Code == CodeWeakerCopy {
					weaker = append(weaker, d.Message)
				}
			}
			switch {
			case tc.weaker == "" && len(weaker) > 0:
				t.Errorf("HC428 about a full copy: %v", weaker)
			case tc.weaker != "" && (len(weaker) != 1 || !strings.Contains(weaker[0], tc.weaker)):
				t.Errorf("HC428 %v, want one saying %q", weaker, tc.weaker)
			}
			// Other reasons may keep it too (a JSON deny Copilot CLI does
			// not read), but a weaker copy always does.
			if tc.weaker != "" && (len(mig.Weakened) != 1 || !mig.Weakened[0]) {
				t.Errorf("weakened %v: --remove-source would remove the guard the copy does less than", mig.Weakened)
			}
		})
	}
}

// TestMigrateFailsThere: a hook that only watches, whose copy a warning
// says fails or reads nothing in the target, is flagged Fails, so
// PlanRemoval keeps it in the source (QA q5 F2); one whose copy works is
// not.
func TestMigrateFailsThere(t *testing.T) {
	for _, tc := range []struct {
		name, from, to, path, src string
		fails                     bool
	}{
		{"payload moved (HC419)", "windsurf", "cursor", ".windsurf/hooks.json",
			`{"hooks":{"post_write_code":[{"command":"jq -r .tool_info.file_path | xargs git-ai checkpoint"}]}}`, true},
		// HC419 is said of every hook whose payload moves: one that
		// reads none of it loses nothing, and leaves the source.
		{"payload moved, not read", "windsurf", "cursor", ".windsurf/hooks.json",
			`{"hooks":{"post_write_code":[{"command":"npx prettier --write ."}]}}`, false},
		// A program hookconv cannot read that is told the source tool
		// parses that tool's payload (QA q5 F2: a69's oak, a34's sumo).
		{"a program told the tool", "windsurf", "cursor", ".windsurf/hooks.json",
			`{"hooks":{"post_write_code":[{"command":"oak ci hook post_write_code --agent windsurf"}]}}`, true},
		{"plugin variable (HC424)", "claude-code", "gemini-cli", "hooks/hooks.json",
			`{"hooks":{"PostToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"bash ${CLAUDE_PLUGIN_ROOT}/log.sh"}]}]}}`, true},
		{"works there", "claude-code", "gemini-cli", ".claude/settings.json",
			`{"hooks":{"PostToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"npm run lint"}]}]}}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mig := Migrate(tc.from, tc.to, providers.Files{tc.path: []byte(tc.src)}, nil)
			if mig.Diagnostics.HasErrors() || len(mig.Fails) != 1 || mig.Decoded.Hooks[0].Blocking {
				t.Fatalf("fails %v, diagnostics %v; want one watcher", mig.Fails, mig.Diagnostics)
			}
			if mig.Fails[0] != tc.fails {
				t.Errorf("Fails = %v, want %v; diagnostics %v", mig.Fails[0], tc.fails, mig.Diagnostics.Codes())
			}
			if removed := PlanRemoval(tc.from, []Migration{mig}).Removes(0); removed == tc.fails {
				t.Errorf("removed = %v, want %v", removed, !tc.fails)
			}
		})
	}
}
