package codex

import (
	"strings"
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// TestTrustNote checks what HC330 says when a write replaces a Codex
// hooks file: the hooks whose key (event, group, handler index) or hash
// changed, named; nothing when none did, however the file's bytes
// changed.
func TestTrustNote(t *testing.T) {
	const (
		guard = `{"type":"command","command":"./guard.sh"}`
		stop  = `{"type":"command","command":"python3 stop.py"}`
		// a field whose part in the hash is unknown: no hash is shown
		odd = `{"type":"command","command":"./odd.sh","id":"x"}`
	)
	file := func(pre string, stops ...string) []byte {
		s := `{"hooks":{"PreToolUse":[` + pre + `]`
		if len(stops) > 0 {
			s += `,"Stop":[{"hooks":[` + strings.Join(stops, ",") + `]}]`
		}
		return []byte(s + "}}")
	}
	bash := func(handlers ...string) string {
		return `{"matcher":"Bash","hooks":[` + strings.Join(handlers, ",") + `]}`
	}
	same := file(bash(guard), stop)
	tests := []struct {
		name          string
		before, after []byte
		want          string // the message, "" for no HC330
	}{
		{"a new file", nil, same, "Codex will ask to approve every hook of this file, which held none before this write, and skips them until then"},
		{"a file of no hooks", []byte(`{"hooks":{}}`), same, "every hook of this file, which held none before"},
		{"the same hooks, spaced otherwise", []byte(" " + string(same) + "\n"), same, ""},
		{"a hook removed after the others", file(bash(guard), stop, stop), same, ""},
		{"a hook added at the end", same, file(bash(guard), stop, stop),
			"Codex will ask to approve 1 of this file's 3 hooks, which this write added, changed or moved, and skips them until then: Stop group 1 hook 2; the others keep the approval they had"},
		{"a group inserted before: moved", same, file(bash(stop)+","+bash(guard), stop),
			"2 of this file's 3 hooks, which this write added, changed or moved, and skips them until then: PreToolUse group 1 hook 1, PreToolUse group 2 hook 1;"},
		{"a command changed", same, file(bash(`{"type":"command","command":"./guard2.sh"}`), stop), "PreToolUse group 1 hook 1; the others"},
		{"a default timeout written out", same, file(bash(`{"type":"command","command":"./guard.sh","timeout":600}`), stop), ""},
		{"a timeout changed", same, file(bash(`{"type":"command","command":"./guard.sh","timeout":5}`), stop), "PreToolUse group 1 hook 1; the others"},
		{"the matcher changed", same, file(`{"matcher":"Edit","hooks":[`+guard+`]}`, stop), "PreToolUse group 1 hook 1; the others"},
		{"every hook moved", file(bash(guard, stop)), file(bash(stop, guard)),
			"Codex will ask to approve all 2 hooks of this file, which this write added, changed or moved, and skips them until then: PreToolUse group 1 hook 1, PreToolUse group 1 hook 2"},
		{"the one hook changed", file(bash(guard)), file(bash(stop)),
			"Codex will ask to approve this file's hook, which this write added, changed or moved, and skips it until then: PreToolUse group 1 hook 1"},
		{"a hook whose hash is unknown, unchanged", file(bash(odd), stop), file(bash(odd), stop, stop), "Stop group 1 hook 2;"},
		{"a hook whose hash is unknown, changed", file(bash(odd)), file(bash(`{"type":"command","command":"./odd.sh","id":"y"}`)), "this file's hook"},
		{"five added: three named", file(bash(guard)), file(bash(guard, stop, stop, stop, stop, stop)),
			"5 of this file's 6 hooks, which this write added, changed or moved, and skips them until then: PreToolUse group 1 hook 2, PreToolUse group 1 hook 3, PreToolUse group 1 hook 4, and 2 more; the others"},
		{"an unreadable file before", []byte(`{"hooks":`), same, "every hook of this file"},
	}
	for _, tc := range tests {
		got := reapprovalNote(".codex/hooks.json", tc.before, tc.after, "linux")
		switch {
		case tc.want == "" && got != "":
			t.Errorf("%s: got %q, want nothing", tc.name, got)
		case tc.want != "" && !strings.Contains(got, tc.want):
			t.Errorf("%s: got %q, want %q in it", tc.name, got, tc.want)
		}
	}
}

// TestTrustNoteTOML checks that config.toml's hook tables are read as
// hooks.json's are: its [hooks.state] approvals are no hooks.
func TestTrustNoteTOML(t *testing.T) {
	before := []byte("model = \"o3\"\n\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"./guard.sh\"\n\n[hooks.state.\"k\"]\nenabled = true\n")
	after := []byte(strings.Replace(string(before), "[hooks.state", "[[hooks.Stop]]\n\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"python3 stop.py\"\n\n[hooks.state", 1))
	got := reapprovalNote(".codex/config.toml", before, after, "linux")
	if want := "1 of this file's 2 hooks, which this write added, changed or moved, and skips them until then: Stop group 1 hook 1;"; !strings.Contains(got, want) {
		t.Errorf("got %q, want %q in it", got, want)
	}
	if got := reapprovalNote(".codex/config.toml", before, before, "linux"); got != "" {
		t.Errorf("unchanged: got %q", got)
	}
}

// TestAfterEncodeTrust checks that the adapter says HC330 only for a
// written file whose hooks Codex asks about, once per file.
func TestAfterEncodeTrust(t *testing.T) {
	a := New()
	hooks := []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"python3 stop.py"}]}]}}`)
	spaced := []byte(`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "python3 stop.py"}]}]}}`)
	ds := a.AfterEncode(providers.Files{".codex/hooks.json": hooks}, nil)
	if len(ds) != 1 || ds[0].Code != CodeTrust || ds[0].File != ".codex/hooks.json" || ds[0].Hint != "review and trust them in Codex with /hooks" {
		t.Errorf("new file: got %v", ds)
	}
	if ds := a.AfterEncode(providers.Files{".codex/hooks.json": hooks}, providers.Files{".codex/hooks.json": spaced}); len(ds) != 0 {
		t.Errorf("same hooks rewritten: got %v", ds)
	}
}
