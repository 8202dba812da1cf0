package hookconv

import (
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"
)

func TestDetectSource(t *testing.T) {
	tests := []struct {
		path, src string
		want      []string
	}{
		{".claude/settings.json", `{"hooks": {}}`, []string{"claude-code"}},
		{"proj/.gemini/settings.json", `{}`, []string{"gemini-cli"}},
		{".codex/config.toml", `model = "o3"`, []string{"codex"}},
		{"any/name.json", `{"spec": "hooks/1.0", "hooks": []}`, []string{"canonical"}},
		{"unknown.json", `{"hooks": {}}`, nil},
		// Copilot's folder: the event names decide.
		{".github/hooks/hooks.json", `{"version": 1, "hooks": {"preToolUse": []}}`, []string{"copilot-cli"}},
		{".github/hooks/hooks.json", `{"hooks": {"PreToolUse": []}}`, []string{"vs-code-copilot"}},
		{".github/hooks/hooks.json", `{"hooks": {"sessionStart": [], "PreToolUse": []}}`, []string{"copilot-cli", "vs-code-copilot"}},
		// A numeric version is Copilot CLI's form, which VS Code too reads
		// as Copilot CLI's (reference part 2 §2.3), whatever the names.
		{".github/hooks/hooks.json", `{"version": 1, "hooks": {"PreToolUse": []}}`, []string{"copilot-cli"}},
		{".github/hooks/hooks.json", `{"version": 1, "hooks": {"sessionStart": [], "PreToolUse": []}}`, []string{"copilot-cli", "vs-code-copilot"}}, // mixed: --from decides
		{".github/hooks/hooks.json", `{"version": "1", "hooks": {"PreToolUse": []}}`, []string{"vs-code-copilot"}},
		// …unless an entry carries keys only VS Code reads: VS Code's
		// explicit OS commands win there (§2.3), Copilot CLI drops them.
		{".github/hooks/hooks.json", `{"version": 1, "hooks": {"UserPromptSubmit": [{"command": "./g.sh", "windows": "g.ps1"}]}}`, []string{"vs-code-copilot"}},
		{".github/hooks/hooks.json", `{"version": 1, "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"command": "./g.sh", "osx": "./m.sh"}]}]}}`, []string{"vs-code-copilot"}},
		{".github/hooks/hooks.json", `{"version": 1, "hooks": {"PreToolUse": [{"bash": "./g.sh", "powershell": "g.ps1", "cwd": "x", "timeout": 5}]}}`, []string{"copilot-cli"}},
		// A plugin's hooks/hooks.json: Claude's and Gemini's names differ…
		{"plugin/hooks/hooks.json", `{"hooks": {"PreToolUse": []}}`, []string{"claude-code"}},
		{"plugin/hooks/hooks.json", `{"hooks": {"BeforeTool": []}}`, []string{"gemini-cli"}},
		// …except the ones they share.
		{"plugin/hooks/hooks.json", `{"hooks": {"SessionStart": []}}`, []string{"claude-code", "gemini-cli"}},
		// …unless a plugin-root variable only one of them fills says
		// whose it is (corpus gemini-cli/05's ${extensionPath}).
		{"plugin/hooks/hooks.json", `{"hooks": {"SessionStart": [{"hooks": [{"command": "node ${extensionPath}/a.js"}]}]}}`, []string{"gemini-cli"}},
		{"plugin/hooks/hooks.json", `{"hooks": {"SessionStart": [{"hooks": [{"command": "$CLAUDE_PLUGIN_ROOT/a.sh"}]}]}}`, []string{"claude-code"}},
		{"plugin/hooks/hooks.json", `{"hooks": {"SessionStart": [{"hooks": [{"command": "$CLAUDE_PLUGIN_ROOTS/a.sh"}]}]}}`, []string{"claude-code", "gemini-cli"}},
		// Another tool's plugin at the same path: event names only Cursor
		// has make it Cursor's (corpus cursor/14), though the path is not
		// one of Cursor's.
		{"plugin/hooks/hooks.json", `{"version": 1, "hooks": {"beforeShellExecution": [], "stop": []}}`, []string{"cursor"}},
		// Names no tool has keep the path's candidates.
		{"plugin/hooks/hooks.json", `{"hooks": {"Nope": []}}`, []string{"claude-code", "gemini-cli"}},
		// A tool's own folder is never widened to other tools.
		{".github/hooks/hooks.json", `{"hooks": {"beforeShellExecution": []}}`, []string{"copilot-cli", "vs-code-copilot"}},
	}
	for _, tt := range tests {
		if got := DetectSource(tt.path, []byte(tt.src)); !slices.Equal(got, tt.want) {
			t.Errorf("DetectSource(%q, %s) = %v, want %v", tt.path, tt.src, got, tt.want)
		}
	}
}

func TestMixesFormats(t *testing.T) {
	both := []string{"copilot-cli", "vs-code-copilot"}
	if !MixesFormats([]byte(`{"hooks": {"sessionStart": [], "PreToolUse": []}}`), both) {
		t.Error("camelCase and PascalCase names together: want mixed")
	}
	if MixesFormats([]byte(`{"hooks": {"SessionStart": []}}`), []string{"claude-code", "gemini-cli"}) {
		t.Error("a name both tools share is not a mix")
	}
}

// TestNotLoadedFiles: a file in a tool's hook folder, in its form but
// under a name it does not load, is named (QA F14); another tool's file
// there, or one the tool loads, is not.
func TestNotLoadedFiles(t *testing.T) {
	const legacy = `{"name": "s", "when": {"type": "agentStop"}, "then": {"type": "runCommand", "command": "./s.sh"}}`
	const v1 = `{"version": "v1", "hooks": [{"name": "x", "trigger": "Stop", "action": {"type": "command", "command": "./x.sh"}}]}`
	for _, tc := range []struct {
		name, slug string
		fsys       fstest.MapFS
		want       []string
	}{
		{"legacy shape as json", "kiro-legacy", fstest.MapFS{".kiro/hooks/s.json": {Data: []byte(legacy)}}, []string{"p/.kiro/hooks/s.json"}},
		{"loaded name", "kiro-legacy", fstest.MapFS{".kiro/hooks/s.kiro.hook": {Data: []byte(legacy)}}, nil},
		{"v1 file beside", "kiro-legacy", fstest.MapFS{".kiro/hooks/v.json": {Data: []byte(v1)}}, nil},
		{"not json", "kiro-legacy", fstest.MapFS{".kiro/hooks/README.md": {Data: []byte("# hooks")}}, nil},
		{"legacy file under kiro", "kiro", fstest.MapFS{".kiro/hooks/s.kiro.hook": {Data: []byte(legacy)}}, nil},
		{"no folder", "kiro-legacy", fstest.MapFS{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, d := range NotLoadedFiles(tc.slug, "p", tc.fsys) {
				if d.Code != CodeNotLoaded {
					t.Errorf("code %s, want %s", d.Code, CodeNotLoaded)
				}
				got = append(got, filepath.ToSlash(d.File))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("files %q, want %q", got, tc.want)
			}
		})
	}
}

// readCounter is a file system that counts the files read from it.
type readCounter struct {
	fstest.MapFS
	reads map[string]int
}

func (c readCounter) ReadFile(name string) ([]byte, error) {
	c.reads[name]++
	return c.MapFS.ReadFile(name)
}

func (c readCounter) Open(name string) (fs.File, error) {
	c.reads[name]++
	return c.MapFS.Open(name)
}

// TestProviderFilesReadsOnlySettings: finding a tool's config files reads
// none of them but a settings file that may hold no hooks (Copilot CLI's
// settings.json): a project's source was read once per tool asked about,
// and again to convert it.
func TestProviderFilesReadsOnlySettings(t *testing.T) {
	fsys := readCounter{fstest.MapFS{
		".claude/settings.json":         {Data: []byte(`{"hooks": {}}`)},
		".github/hooks/hooks.json":      {Data: []byte(`{"version": 1, "hooks": {}}`)},
		".github/copilot/settings.json": {Data: []byte(`{"disableAllHooks": true}`)},
	}, map[string]int{}}
	if got := ProviderFiles("claude-code", fsys); !slices.Equal(got, []string{".claude/settings.json"}) {
		t.Errorf("claude-code files %q", got)
	}
	if got := ProviderFiles("copilot-cli", fsys); !slices.Equal(got, []string{".github/hooks/hooks.json"}) {
		t.Errorf("copilot-cli files %q: its settings.json without hooks is no hook config", got)
	}
	if want := map[string]int{".github/copilot/settings.json": 1}; !maps.Equal(fsys.reads, want) {
		t.Errorf("files read %v, want %v", fsys.reads, want)
	}
}
