package codex

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// The hashes below were computed apart from this package, by a Python
// script that follows the openai/codex source (discovery.rs
// command_hook_hash, fingerprint.rs version_for_toml): json.dumps with
// sort_keys, compact separators and ensure_ascii=False, then SHA-256.
const (
	// {"event_name":"pre_tool_use","hooks":[{"async":false,"command":"./guard.sh","timeout":600,"type":"command"}],"matcher":"Bash"}
	hashGuard = "sha256:9895404babd7fa6a0b3e60f261e5e10c668cfc5c268d6a39a2c23b5b0fe94219"
	// {"event_name":"stop","hooks":[{"async":false,"command":"python3 stop.py","timeout":30,"type":"command"}]}
	hashStop = "sha256:c82c308f693cd396a7996a2daf427a7386c154cfaf6d97aedba3d68fe343c7ff"
	// post_tool_use, matcher Edit|Write, async, statusMessage "Checking",
	// timeout 1, a command with <, &, quotes, \n, \t, ü, U+2028 and \x01.
	hashEscapes = "sha256:f51c3290e22df039c382974f817792dec21fb537461bcebb0d65b8c20c9ccfa7"
	// session_end, "cleanup", timeout 3 (and 1, its default).
	hashSessionEndMax     = "sha256:9028ea3ff1ccf6f8aea921106d38e4fd6d216a809cd2419f9afa1c9e8547bb28"
	hashSessionEndDefault = "sha256:abe79de77f2bfbbf44d17ae6add69b365af64c035184ce6f78f0a644521a05c5"
)

func TestApprovalsHash(t *testing.T) {
	dir := filepath.FromSlash("/p")
	key := func(event string) string { return filepath.Join(dir, ".codex", "hooks.json") + ":" + event + ":0:0" }
	tests := []struct {
		name, hooks, key, hash string
		goos                   string
		runs                   bool
	}{
		{"default timeout filled in", `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh"}]}]}`, key("pre_tool_use"), hashGuard, "linux", true},
		{"timeout 600 written out hashes alike", `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh","timeout":600}]}]}`, key("pre_tool_use"), hashGuard, "linux", true},
		{"Stop ignores its matcher", `{"Stop":[{"matcher":"x","hooks":[{"type":"command","command":"python3 stop.py","timeout":30}]}]}`, key("stop"), hashStop, "linux", true},
		{"escapes as serde_json", `{"PostToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"echo <ok> & \"x\"\n\tü\u2028\u0001","timeout":1,"async":true,"statusMessage":"Checking"}]}]}`, key("post_tool_use"), hashEscapes, "linux", true},
		{"SessionEnd timeout cut to 3", `{"SessionEnd":[{"hooks":[{"type":"command","command":"cleanup","timeout":30}]}]}`, key("session_end"), hashSessionEndMax, "linux", true},
		{"SessionEnd default 1", `{"SessionEnd":[{"hooks":[{"type":"command","command":"cleanup"}]}]}`, key("session_end"), hashSessionEndDefault, "linux", true},
		{"timeout 0 counts as 1", `{"SessionEnd":[{"hooks":[{"type":"command","command":"cleanup","timeout":0}]}]}`, key("session_end"), hashSessionEndDefault, "linux", true},
		{"another matcher", `{"PreToolUse":[{"matcher":"Bash|apply_patch","hooks":[{"type":"command","command":"./guard.sh"}]}]}`, key("pre_tool_use"), hashGuard, "linux", false},
		{"another command", `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh "}]}]}`, key("pre_tool_use"), hashGuard, "linux", false},
		{"Windows hashes commandWindows", `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./other.sh","commandWindows":"./guard.sh"}]}]}`, key("pre_tool_use"), hashGuard, "windows", true},
		{"commandWindows not hashed elsewhere", `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh","commandWindows":"x.cmd"}]}]}`, key("pre_tool_use"), hashGuard, "linux", true},
		{"an unknown handler field is not shown approved", `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh","additionalContextLimit":100}]}]}`, key("pre_tool_use"), hashGuard, "linux", false},
		{"an unknown group field is not shown approved", `{"PreToolUse":[{"id":"g","matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh"}]}]}`, key("pre_tool_use"), hashGuard, "linux", false},
		{"a fractional timeout is not shown approved", `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh","timeout":600.5}]}]}`, key("pre_tool_use"), hashGuard, "linux", false},
		{"a blank command never runs", `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":" "}]}]}`, key("pre_tool_use"), hashGuard, "linux", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := providers.Files{".codex/hooks.json": []byte(`{"hooks":` + tt.hooks + `}`)}
			got := Approvals(files, dir, TrustState{tt.key: {TrustedHash: tt.hash}}, tt.goos)
			if len(got) != 1 {
				t.Fatalf("got %d approvals, want 1: %+v", len(got), got)
			}
			if got[0].Key != tt.key || got[0].Runs != tt.runs {
				t.Errorf("got key %q runs %v, want %q %v", got[0].Key, got[0].Runs, tt.key, tt.runs)
			}
		})
	}
}

func TestApprovalsKeysAndState(t *testing.T) {
	dir := filepath.FromSlash("/p")
	files := providers.Files{
		".codex/hooks.json": []byte(`{"hooks":{"PreToolUse":[
  {"matcher":"Bash","hooks":[{"type":"prompt","prompt":"p"},{"type":"command","command":"./guard.sh"}]},
  {"matcher":"Bash","hooks":[{"type":"command","command":"./guard.sh"}]}]}}`),
		".codex/config.toml": []byte("[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"python3 stop.py\"\ntimeout = 30\n"),
	}
	jsonFile := filepath.Join(dir, ".codex", "hooks.json")
	tomlFile := filepath.Join(dir, ".codex", "config.toml")
	state := TrustState{
		jsonFile + ":pre_tool_use:0:1": {TrustedHash: hashGuard},
		jsonFile + ":pre_tool_use:1:0": {TrustedHash: hashGuard, Disabled: true},
		tomlFile + ":stop:0:0":         {TrustedHash: hashStop},
	}
	want := map[string][2]bool{ // runs, disabled
		jsonFile + ":pre_tool_use:0:0": {false, false},
		jsonFile + ":pre_tool_use:0:1": {true, false},
		jsonFile + ":pre_tool_use:1:0": {false, true},
		tomlFile + ":stop:0:0":         {true, false},
	}
	// A config.toml of settings only holds no handler (it crashed).
	if got := Approvals(providers.Files{".codex/config.toml": []byte("[features]\nhooks = false\n")}, dir, state, "linux"); len(got) != 0 {
		t.Errorf("settings only: %+v", got)
	}
	got := Approvals(files, dir, state, "linux")
	if len(got) != len(want) {
		t.Fatalf("got %d approvals, want %d: %+v", len(got), len(want), got)
	}
	for _, a := range got {
		w, ok := want[a.Key]
		if !ok || a.Runs != w[0] || a.Disabled != w[1] {
			t.Errorf("%s: runs %v disabled %v, want %v", a.Key, a.Runs, a.Disabled, w)
		}
		if !a.Pos.IsValid() {
			t.Errorf("%s: no position", a.Key)
		}
	}
}

func TestReadTrustState(t *testing.T) {
	tests := []struct {
		name, src string
		want      TrustState
		diag      string
	}{
		{"no file", "", TrustState{}, ""},
		{"entries", `model = "o3"
[hooks.state."/p/.codex/hooks.json:stop:0:0"]
enabled = true
trusted_hash = "sha256:a"

[hooks.state." /p/.codex/hooks.json:stop:0:1 "]
enabled = false
`, TrustState{"/p/.codex/hooks.json:stop:0:0": {TrustedHash: "sha256:a"}, "/p/.codex/hooks.json:stop:0:1": {Disabled: true}}, ""},
		{"an entry of the wrong type is skipped, as Codex skips it", `[hooks.state.a]
enabled = "yes"
trusted_hash = "sha256:a"
[hooks.state.b]
trusted_hash = "sha256:b"
`, TrustState{"b": {TrustedHash: "sha256:b"}}, ""},
		{"hooks not a table", `hooks = 3`, TrustState{}, ""},
		{"not TOML", "[hooks.state.\"k\"]\nenabled = tru\n", TrustState{}, "config.toml:2:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var data []byte
			if tt.src != "" {
				data = []byte(tt.src)
			}
			got, ds := ReadTrustState("config.toml", data)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("%s: got %+v, want %+v", k, got[k], v)
				}
			}
			if tt.diag == "" {
				if len(ds) > 0 {
					t.Fatalf("unexpected diagnostics %v", ds)
				}
				return
			}
			if len(ds) != 1 || ds[0].Code != CodeApprovalsUnreadable {
				t.Fatalf("got %v, want one %s", ds, CodeApprovalsUnreadable)
			}
			if where := ds[0].File + ":" + strconv.Itoa(ds[0].Pos.Line) + ":"; !strings.HasPrefix(where, tt.diag) {
				t.Errorf("said at %s, want %s", where, tt.diag)
			}
		})
	}
}

func TestUnreadableApprovals(t *testing.T) {
	if ds := UnreadableApprovals("c.toml", fs.ErrNotExist); len(ds) != 0 {
		t.Errorf("a missing file said %v", ds)
	}
	if ds := UnreadableApprovals("c.toml", errors.New("permission denied")); len(ds) != 1 || ds[0].Code != CodeApprovalsUnreadable || ds[0].File != "c.toml" {
		t.Errorf("an unreadable file said %v", ds)
	}
}

func TestApprovalsPath(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	for _, tc := range []struct {
		name, codexHome, home, want string
	}{
		{"no CODEX_HOME", "", "/home/u", filepath.Join("/home/u", ".codex", "config.toml")},
		{"CODEX_HOME", "/c", "/home/u", filepath.Join("/c", "config.toml")},
		{"CODEX_HOME, no home", "/c", "", filepath.Join("/c", "config.toml")},
		// Not .codex/config.toml in the project: its approvals are not
		// Codex's.
		{"neither", "", "", ""},
	} {
		env["CODEX_HOME"] = tc.codexHome
		got, ok := ApprovalsPath(getenv, tc.home)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("%s: %q %v, want %q", tc.name, got, ok, tc.want)
		}
	}
}

func TestEventLabel(t *testing.T) {
	for in, want := range map[string]string{"PreToolUse": "pre_tool_use", "Stop": "stop", "UserPromptSubmit": "user_prompt_submit", "SessionEnd": "session_end"} {
		if got := eventLabel(in); got != want {
			t.Errorf("eventLabel(%s) = %s, want %s", in, got, want)
		}
	}
}
