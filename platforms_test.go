package hookconv

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// TestParsePlatforms: the handler.platform keys, darwin and macos for
// osx, in any case, order and spacing; an empty list or name, or an
// unknown one, is an error naming the values accepted.
func TestParsePlatforms(t *testing.T) {
	for _, tt := range []struct {
		list, want string // want: the set's String, or the error's start
		ok         bool
	}{
		{"linux", "linux", true},
		{"linux,osx", "linux,osx", true},
		{"osx,linux", "linux,osx", true},
		{"darwin", "osx", true},
		{"macos", "osx", true},
		{"MacOS, Linux ", "linux,osx", true},
		{"windows", "windows", true},
		{"linux,osx,windows", "linux,osx,windows", true},
		{"linux,linux", "linux", true},
		{"", "no platform named", false},
		{"  ", "no platform named", false},
		{"linux,", `an empty platform name in "linux,"`, false},
		{",osx", `an empty platform name`, false},
		{"win32", `unknown platform "win32"`, false},
		{"mac", `unknown platform "mac"`, false},
		{"linux;osx", `unknown platform "linux;osx"`, false},
		{"all", `unknown platform "all"`, false},
	} {
		p, err := ParsePlatforms(tt.list)
		switch {
		case tt.ok && err != nil:
			t.Errorf("ParsePlatforms(%q): %v", tt.list, err)
		case tt.ok && p.String() != tt.want:
			t.Errorf("ParsePlatforms(%q) = %s, want %s", tt.list, p, tt.want)
		case !tt.ok && err == nil:
			t.Errorf("ParsePlatforms(%q) = %s, want an error", tt.list, p)
		case !tt.ok && (!strings.HasPrefix(err.Error(), tt.want) || !strings.HasSuffix(err.Error(), "; accepted: linux, osx (or darwin, macos), windows, comma-separated")):
			t.Errorf("ParsePlatforms(%q): %q, want %q…, naming the values accepted", tt.list, err, tt.want)
		}
	}
}

// TestPlatformsHas: the zero value is every system, as AllPlatforms is.
func TestPlatformsHas(t *testing.T) {
	var zero Platforms
	if !zero.Has(PlatformWindows) || !zero.Has(PlatformLinux|PlatformOSX) || zero.String() != "linux,osx,windows" {
		t.Errorf("zero Platforms: Has(windows) %v, String %q; want every system", zero.Has(PlatformWindows), zero)
	}
	if AllPlatforms.String() != zero.String() {
		t.Errorf("AllPlatforms = %s, want %s", AllPlatforms, zero)
	}
	unix := PlatformLinux | PlatformOSX
	if unix.Has(PlatformWindows) || !unix.Has(PlatformOSX) || unix.Has(AllPlatforms) {
		t.Errorf("linux,osx: Has(windows) %v, Has(osx) %v, Has(all) %v", unix.Has(PlatformWindows), unix.Has(PlatformOSX), unix.Has(AllPlatforms))
	}
}

// claudeGuard is a Claude Code guard in sh's syntax, which Codex runs with
// cmd on Windows (HC219, a warning).
var claudeGuard = providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh || exit 2"}]}]}}`)}

// TestOptionsPlatforms: Options.Platforms without Windows leaves HC219
// unsaid, with one HC217 info naming it, and writes the same files; its
// zero value, and every list with windows, change nothing.
func TestOptionsPlatforms(t *testing.T) {
	all := ConvertWith("claude-code", "codex", claudeGuard, nil, Options{})
	if !says(all.Diagnostics, CodePOSIXOnWindows) || says(all.Diagnostics, CodeWindowsNotDeclared) {
		t.Fatalf("every platform: want HC219 and no HC217, got %v", all.Diagnostics)
	}
	for _, p := range []Platforms{AllPlatforms, PlatformWindows, PlatformWindows | PlatformLinux} {
		got := ConvertWith("claude-code", "codex", claudeGuard, nil, Options{Platforms: p})
		if !slices.Equal(got.Diagnostics, all.Diagnostics) || !sameFiles(got.Files, all.Files) {
			t.Errorf("Platforms %s: want the zero value's diagnostics and files\ngot  %v\nwant %v", p, got.Diagnostics, all.Diagnostics)
		}
	}
	unix := ConvertWith("claude-code", "codex", claudeGuard, nil, Options{Platforms: PlatformLinux | PlatformOSX})
	if says(unix.Diagnostics, CodePOSIXOnWindows) || unix.Diagnostics.Count(diag.Warning) != all.Diagnostics.Count(diag.Warning)-1 {
		t.Errorf("linux,osx: want HC219 alone left unsaid, got %v", unix.Diagnostics)
	}
	if n := countCode(unix.Diagnostics, CodeWindowsNotDeclared); n != 1 {
		t.Errorf("linux,osx: %d HC217, want one: %v", n, unix.Diagnostics)
	}
	if !sameFiles(unix.Files, all.Files) {
		t.Errorf("linux,osx: the files differ:\n%s\nwant\n%s", unix.Files[".codex/hooks.json"], all.Files[".codex/hooks.json"])
	}
}

// TestSourcePlatforms: the Source's Platforms are read by the conversions
// that take no Options (Portability: the guard is full; Migrate), and by
// Convert unless its Options set their own.
func TestSourcePlatforms(t *testing.T) {
	s := DecodeSource("claude-code", claudeGuard)
	s.Platforms = PlatformLinux
	hooks, _ := s.Portability([]string{"codex"})
	if len(hooks) != 1 || hooks[0].Fates[0].Fate != FateFull {
		t.Errorf("Portability, linux: want the guard full, got %+v", hooks)
	}
	if mig := s.Migrate("codex", nil, nil); says(mig.Diagnostics, CodePOSIXOnWindows) || !says(mig.Diagnostics, CodeWindowsNotDeclared) {
		t.Errorf("Migrate, linux: want HC217 and no HC219, got %v", mig.Diagnostics)
	}
	if res := s.Convert("codex", nil, Options{}); says(res.Diagnostics, CodePOSIXOnWindows) {
		t.Errorf("Convert, the Source's linux: want no HC219, got %v", res.Diagnostics)
	}
	if res := s.Convert("codex", nil, Options{Platforms: AllPlatforms}); !says(res.Diagnostics, CodePOSIXOnWindows) {
		t.Errorf("Convert, Options' every platform over the Source's linux: want HC219, got %v", res.Diagnostics)
	}
	s.Platforms = 0
	hooks, _ = s.Portability([]string{"codex"})
	if len(hooks) != 1 || hooks[0].Fates[0].Fate != FateLossy {
		t.Errorf("Portability, every platform: want the guard lossy (HC219), got %+v", hooks)
	}
}

// TestMigratePlatformsKeeps: a guard whose Windows command Cline does not
// write (HC576) narrows what the target covers, so --remove-source keeps
// it; not where Windows is not declared, which the keep reasons are read
// after.
func TestMigratePlatformsKeeps(t *testing.T) {
	in := providers.Files{"hooks.json": []byte(`{"spec": "hooks/1.0", "hooks": [{"name": "g", "event": "before_tool_execute", "matcher": "shell", "blocking": true,
		"handler": {"type": "command", "command": "./g.sh", "platform": {"windows": "g.cmd"}}}]}`)}
	s := DecodeSource("canonical", in)
	if mig := s.Migrate("cline", nil, nil); !says(mig.Diagnostics, "HC576") || !mig.Narrowed[0] {
		t.Fatalf("every platform: want HC576, the hook narrowed; got %v, %v", mig.Narrowed, mig.Diagnostics)
	}
	s.Platforms = PlatformLinux | PlatformOSX
	if mig := s.Migrate("cline", nil, nil); says(mig.Diagnostics, "HC576") || mig.Narrowed[0] || mig.Weakened[0] {
		t.Errorf("linux,osx: want no HC576, the hook neither narrowed nor weakened; got %v, %v, %v", mig.Narrowed, mig.Weakened, mig.Diagnostics)
	}
}

// TestAboutWindowsAlone: the codes said only of Windows, HC405 only about
// a Windows command, never an error.
func TestAboutWindowsAlone(t *testing.T) {
	for _, tt := range []struct {
		code, path string
		sev        diag.Severity
		want       bool
	}{
		{"HC215", "hooks[0]", diag.Warning, true},
		{"HC218", "hooks[0].handler.platform.windows", diag.Warning, true},
		{"HC219", "hooks[0]", diag.Info, true},
		{"HC410", "hooks[0].handler.platform.windows", diag.Warning, true},
		{"HC474", "hooks[0]", diag.Warning, true},
		{"HC576", "hooks[0].handler.platform.windows", diag.Warning, true},
		{"HC405", "hooks[0].handler.platform.windows", diag.Warning, true},
		{"HC405", "hooks[0].handler.command", diag.Warning, false},
		{"HC419", "", diag.Warning, false},
		{"HC219", "hooks[0]", diag.Error, false},
		{"HC346", "", diag.Warning, true},
		// HC202: a handler.platform dropped is about Windows alone when
		// it held a Windows command and nothing else (hook 0), not when
		// it held Linux's too (hook 1), nor for another capability.
		{"HC202", "hooks[0].handler.platform", diag.Warning, true},
		{"HC202", "hooks[1].handler.platform", diag.Warning, false},
		{"HC202", "hooks[0].handler.env", diag.Warning, false},
		{"HC202", "hooks[2].handler.platform", diag.Warning, false},
	} {
		decoded := &canonical.Manifest{Hooks: []canonical.Hook{
			{Handler: canonical.Handler{Platform: map[string]string{"windows": "g.cmd"}}},
			{Handler: canonical.Handler{Platform: map[string]string{"windows": "h.cmd", "linux": "./hl.sh"}}},
		}}
		d := diag.Diagnostic{Code: tt.code, Path: tt.path, Severity: tt.sev}
		if got := aboutWindowsAlone(d, decoded); got != tt.want {
			t.Errorf("aboutWindowsAlone(%s %s at %q) = %v, want %v", tt.sev, tt.code, tt.path, got, tt.want)
		}
	}
}

// says reports whether ds holds a diagnostic of code, of any severity.
func says(ds diag.List, code string) bool { return countCode(ds, code) > 0 }

func countCode(ds diag.List, code string) int {
	n := 0
	for _, d := range ds {
		if d.Code == code {
			n++
		}
	}
	return n
}

// TestConvertProjectPlatforms: ProjectOptions.Platforms reaches the
// conversion, as Options.Platforms does.
func TestConvertProjectPlatforms(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), claudeGuard[".claude/settings.json"], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		platforms Platforms
		hc219     bool
	}{{0, true}, {PlatformOSX, false}} {
		res, err := ConvertProject(dir, "claude-code", "codex", ProjectOptions{Platforms: tt.platforms})
		if err != nil {
			t.Fatal(err)
		}
		if got := says(res.Diagnostics, CodePOSIXOnWindows); got != tt.hc219 {
			t.Errorf("Platforms %s: HC219 said %v, want %v: %v", tt.platforms, got, tt.hc219, res.Diagnostics)
		}
	}
}

func TestCounted(t *testing.T) {
	for _, c := range []struct {
		warnings, infos int
		want            string
	}{
		{1, 0, "1 warning"},
		{2, 0, "2 warnings"},
		{0, 1, "1 info"},
		{2, 3, "2 warnings and 3 infos"},
		{1, 1, "1 warning and 1 info"},
	} {
		if got := counted(c.warnings, c.infos); got != c.want {
			t.Errorf("counted(%d, %d) = %q, want %q", c.warnings, c.infos, got, c.want)
		}
	}
}
