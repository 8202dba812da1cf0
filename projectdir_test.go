package hookconv

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/vocab"
)

// TestProjectFolder: the project's path inside its repository is written
// as the shell reads the variable's place: as it is when plain, escaped
// in double quotes, quoted where unquoted; where no quoting is safe
// (single quotes, backquotes, a here-document, a Windows command, quotes
// that do not close, a newline or backquote in the path), git's top
// level alone, and ok false.
func TestProjectFolder(t *testing.T) {
	tests := []struct {
		command string
		sub     string
		windows bool
		want    string
		ok      bool
	}{
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "", false, `$(git rev-parse --show-toplevel)`, true},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "packages/api", false, `$(git rev-parse --show-toplevel)/packages/api`, true},
		{`'$CLAUDE_PROJECT_DIR'/x.sh`, "packages/api", false, `$(git rev-parse --show-toplevel)/packages/api`, true}, // plain: as before
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "my pkg", false, `$(git rev-parse --show-toplevel)/my pkg`, true},
		{`$CLAUDE_PROJECT_DIR/x.sh`, "my pkg", false, `$(git rev-parse --show-toplevel)/'my pkg'`, true},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, `it's "q" $x \ y`, false, `$(git rev-parse --show-toplevel)/it's \"q\" \$x \\ y`, true},
		{`$CLAUDE_PROJECT_DIR/x.sh`, `it's "q" $x \ y`, false, `$(git rev-parse --show-toplevel)/'it'\''s "q" $x '\\' y'`, true},
		{`cat "$(dirname $CLAUDE_PROJECT_DIR)"`, "my pkg", false, `$(git rev-parse --show-toplevel)/'my pkg'`, true}, // code again inside $( )
		{`bash -c '"$CLAUDE_PROJECT_DIR"/x.sh'`, "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{`$'$CLAUDE_PROJECT_DIR'/x.sh`, "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{"echo `ls $CLAUDE_PROJECT_DIR`", "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{"cat <<EOF\n$CLAUDE_PROJECT_DIR\nEOF", "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "my pkg", true, `$(git rev-parse --show-toplevel)`, false},
		{`"$CLAUDE_PROJECT_DIR/x.sh`, "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "a`b", false, `$(git rev-parse --show-toplevel)`, false},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "a\nb", false, `$(git rev-parse --show-toplevel)`, false},
		// QA: in the word of a "${X:-…}" bash reads ' as a quote (sh does
		// not): bash -c 'x="${X:-a/it'"'"'s b}"' is a syntax error there.
		{`x="${X:-$CLAUDE_PROJECT_DIR}"; "$x/x.sh"`, `it's "q"`, false, `$(git rev-parse --show-toplevel)`, false},
		{`x="${X:-$CLAUDE_PROJECT_DIR}"; "$x/x.sh"`, `my "q" pkg`, false, `$(git rev-parse --show-toplevel)/my \"q\" pkg`, true},
		{`x="${X}/$CLAUDE_PROJECT_DIR"`, `it's`, false, `$(git rev-parse --show-toplevel)/it's`, true},
	}
	for _, tt := range tests {
		at := len(tt.command) - len(tt.command[indexOfVar(tt.command):])
		got, ok := projectFolder(tt.command, at, tt.sub, tt.windows)
		if got != tt.want || ok != tt.ok {
			t.Errorf("projectFolder(%q, sub %q, windows %v) = %q, %v; want %q, %v", tt.command, tt.sub, tt.windows, got, ok, tt.want, tt.ok)
		}
	}
}

// indexOfVar is the offset of the $ of $CLAUDE_PROJECT_DIR in s.
func indexOfVar(s string) int {
	for i := range s {
		if len(s)-i >= 19 && s[i:i+19] == "$CLAUDE_PROJECT_DIR" {
			return i
		}
	}
	return -1
}

// TestRewriteProjectDirQuoted: a project whose path in its repository
// holds a space or a quote is rewritten for a target with no project
// variable (an info, HC405), the Windows override too where it can be;
// where it cannot, the hook gets a warning, and git's top level alone.
func TestRewriteProjectDirQuoted(t *testing.T) {
	place := RepoPlace{Known: true, InRepo: true, Sub: "my pkg"}
	tests := []struct {
		command, windows string
		want, wantWin    string
		severity         string
	}{
		{`"$CLAUDE_PROJECT_DIR"/g.sh`, "", `"$(git rev-parse --show-toplevel)/my pkg"/g.sh`, "", "info"},
		{`${CLAUDE_PROJECT_DIR}/g.sh a`, "", `$(git rev-parse --show-toplevel)/'my pkg'/g.sh a`, "", "info"},
		{`\$CLAUDE_PROJECT_DIR "$CLAUDE_PROJECT_DIR"`, "", `\$CLAUDE_PROJECT_DIR "$(git rev-parse --show-toplevel)/my pkg"`, "", "info"},
		{`sh -c '$CLAUDE_PROJECT_DIR/g.sh'`, "", `sh -c '$(git rev-parse --show-toplevel)/g.sh'`, "", "warning"},
		{`./g.sh`, `"$CLAUDE_PROJECT_DIR"\g.ps1`, `./g.sh`, `"$(git rev-parse --show-toplevel)"\g.ps1`, "warning"},
	}
	for _, tt := range tests {
		h := canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tt.command}}
		if tt.windows != "" {
			h.Handler.Platform = map[string]string{"windows": tt.windows}
		}
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		ds := rewriteProjectDir(m, "codex", place)
		got := m.Hooks[0].Handler
		if got.Command != tt.want || got.Platform["windows"] != tt.wantWin {
			t.Errorf("%q, %q: rewritten %q, %q; want %q, %q", tt.command, tt.windows, got.Command, got.Platform["windows"], tt.want, tt.wantWin)
		}
		if len(ds) != 1 || ds[0].Severity.String() != tt.severity || ds[0].Code != CodeProjectDir {
			t.Errorf("%q: diagnostics %v; want one %s %s", tt.command, ds, tt.severity, CodeProjectDir)
		}
	}
}

// TestRewriteProjectDirDefault: a project variable with an operator
// (${CLAUDE_PROJECT_DIR:-.}, a common spelling) is rewritten where it is
// the project, and warned about where hookconv cannot say what it is. It
// was passed on unchanged and unreported (QA), and from a subfolder the
// command ran nothing: the target's own variable keeps the operator;
// where the target has none, a default (:-, -, :=, :?) or a trailing
// slash taken off (%/) is the project as git finds it, and any other
// form (${VAR:+x}, ${VAR#/}, a default holding a brace) stays with a
// warning, since it is empty there.
func TestRewriteProjectDirDefault(t *testing.T) {
	tests := []struct{ to, command, want, severity string }{
		{"codex", `${CLAUDE_PROJECT_DIR:-.}/hooks/a.sh`, `$(git rev-parse --show-toplevel)/hooks/a.sh`, "info"},
		{"codex", `"${CLAUDE_PROJECT_DIR-$PWD}"/hooks/a.sh x`, `"$(git rev-parse --show-toplevel)"/hooks/a.sh x`, "info"},
		{"codex", `sh "${CLAUDE_PROJECT_DIR:?}"/a.sh`, `sh "$(git rev-parse --show-toplevel)"/a.sh`, "info"},
		{"codex", `sh "${CLAUDE_PROJECT_DIR%/}"/a.sh`, `sh "$(git rev-parse --show-toplevel)"/a.sh`, "info"},
		{"copilot-cli", `${CLAUDE_PROJECT_DIR:-$(pwd)}/a.sh`, `$(git rev-parse --show-toplevel)/a.sh`, "info"},
		{"factory-droid", `"${CLAUDE_PROJECT_DIR:-.}"/hooks/a.sh`, `"${FACTORY_PROJECT_DIR:-.}"/hooks/a.sh`, "info"},
		{"factory-droid", `"${CLAUDE_PROJECT_DIR#/}"/hooks/a.sh`, `"${FACTORY_PROJECT_DIR#/}"/hooks/a.sh`, "info"},
		{"cursor", `"${GEMINI_PROJECT_DIR:-.}"/a.sh`, `"${CURSOR_PROJECT_DIR:-.}"/a.sh`, "info"},
		{"cursor", `"${CLAUDE_PROJECT_DIR:-.}"/a.sh`, `"${CLAUDE_PROJECT_DIR:-.}"/a.sh`, ""}, // Cursor sets it too
		{"codex", `${CLAUDE_PROJECT_DIR:+x}/a.sh`, `${CLAUDE_PROJECT_DIR:+x}/a.sh`, "warning"},
		// QA: the forms without a colon are the same variable's.
		{"codex", `${CLAUDE_PROJECT_DIR+x}/a.sh`, `${CLAUDE_PROJECT_DIR+x}/a.sh`, "warning"},
		{"codex", `sh "${CLAUDE_PROJECT_DIR#/}"/a.sh`, `sh "${CLAUDE_PROJECT_DIR#/}"/a.sh`, "warning"},
		{"codex", `${CLAUDE_PROJECT_DIR:-${HOME}}/a.sh`, `${CLAUDE_PROJECT_DIR:-${HOME}}/a.sh`, "warning"},
		// PowerShell's spelling: renamed where the target has a variable.
		{"qwen-code", `& "$env:CLAUDE_PROJECT_DIR\g.ps1"`, `& "$env:QWEN_PROJECT_DIR\g.ps1"`, "info"},
		{"codex", `& "$env:CLAUDE_PROJECT_DIR\g.ps1"`, `& "$env:CLAUDE_PROJECT_DIR\g.ps1"`, "warning"},
		// QA: a target with a variable of its own (not this one) too.
		{"factory-droid", `"${CLAUDE_PROJECT_DIR:-${PWD}}"/a.sh`, `"${CLAUDE_PROJECT_DIR:-${PWD}}"/a.sh`, "warning"},
		{"codex", `\${CLAUDE_PROJECT_DIR#/}`, `\${CLAUDE_PROJECT_DIR#/}`, ""}, // the shell's literal text
	}
	for _, tt := range tests {
		h := canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tt.command}}
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		ds := withCode(rewriteProjectDir(m, tt.to, RepoPlace{Known: true, InRepo: true}), CodeProjectDir)
		if got := m.Hooks[0].Handler.Command; got != tt.want {
			t.Errorf("%s %q: rewritten %q, want %q", tt.to, tt.command, got, tt.want)
		}
		switch {
		case tt.severity == "" && len(ds) != 0:
			t.Errorf("%s %q: want no %s, got %v", tt.to, tt.command, CodeProjectDir, ds)
		case tt.severity != "" && (len(ds) != 1 || ds[0].Severity.String() != tt.severity):
			t.Errorf("%s %q: diagnostics %v; want one %s %s", tt.to, tt.command, ds, tt.severity, CodeProjectDir)
		}
	}
}

// TestProjectDirProgramPlain: git's top level is written where the
// variable stood, the word that names the program too, with nothing
// before it: Codex runs a hook's command with the shell of the user's
// account where that is zsh, bash or sh, else with bash or zsh, and each
// reads $( … ) there (an env written first, for fish, which Codex never
// runs a hook with, was taken out: QA). An escaped, single-quoted,
// here-document or Windows variable is rewritten as ever.
func TestProjectDirProgramPlain(t *testing.T) {
	const top = `$(git rev-parse --show-toplevel)`
	tests := []struct {
		to, command string
		windows     bool
		want        string
	}{
		{"codex", `"$CLAUDE_PROJECT_DIR"/g.sh`, false, `"` + top + `"/g.sh`},
		{"codex", `$CLAUDE_PROJECT_DIR/g.sh --flag`, false, top + `/g.sh --flag`},
		{"codex", `true && "$CLAUDE_PROJECT_DIR"/a.sh; $CLAUDE_PROJECT_DIR/b.sh | "$CLAUDE_PROJECT_DIR"/c.sh`, false,
			`true && "` + top + `"/a.sh; ` + top + `/b.sh | "` + top + `"/c.sh`},
		{"codex", `V=1 exec "$CLAUDE_PROJECT_DIR"/g.sh`, false, `V=1 exec "` + top + `"/g.sh`},
		{"codex", `2>/dev/null $CLAUDE_PROJECT_DIR/g.sh`, false, `2>/dev/null ` + top + `/g.sh`},
		{"codex", `echo "$("$CLAUDE_PROJECT_DIR"/g.sh)"`, false, `echo "$("` + top + `"/g.sh)"`},
		{"codex", `cd "$CLAUDE_PROJECT_DIR" && ./g.sh`, false, `cd "` + top + `" && ./g.sh`},
		{"codex", `bash -c '"$CLAUDE_PROJECT_DIR"/g.sh'`, false, `bash -c '"` + top + `"/g.sh'`},
		{"codex", `\$CLAUDE_PROJECT_DIR "$CLAUDE_PROJECT_DIR"`, false, `\$CLAUDE_PROJECT_DIR "` + top + `"`},
		{"codex", "cat <<EOF\n$CLAUDE_PROJECT_DIR/g.sh\nEOF", false, "cat <<EOF\n" + top + "/g.sh\nEOF"},
		{"codex", `"$CLAUDE_PROJECT_DIR"\g.ps1`, true, `"` + top + `"\g.ps1`},
		{"copilot-cli", `"$CLAUDE_PROJECT_DIR"/g.sh`, false, `"` + top + `"/g.sh`},
	}
	for _, tt := range tests {
		replace := projectDirRewriter(tt.to, "")
		if got, _, _ := replace(tt.command, tt.windows); got != tt.want {
			t.Errorf("%s %q (windows %v) = %q; want %q", tt.to, tt.command, tt.windows, got, tt.want)
		}
	}
}

// TestPluginOnlyVarsSpellings: every expansion of a plugin variable is
// HC424's, those without a colon too (QA: ${CLAUDE_PLUGIN_ROOT-} was
// passed on unreported); an escaped one is the shell's literal text.
func TestPluginOnlyVarsSpellings(t *testing.T) {
	tests := []struct {
		command string
		want    bool
	}{
		{`"${CLAUDE_PLUGIN_ROOT}"/hooks/guard.sh`, true},
		{`"${CLAUDE_PLUGIN_ROOT:-.}"/hooks/guard.sh`, true},
		{`"${CLAUDE_PLUGIN_ROOT-}"/hooks/guard.sh`, true},
		{`"${CLAUDE_PLUGIN_ROOT-.}"/hooks/guard.sh`, true},
		{`"${CLAUDE_PLUGIN_ROOT+$CLAUDE_PLUGIN_ROOT/}"hooks/guard.sh`, true},
		{`"${CLAUDE_PLUGIN_DATA=/tmp}"/log`, true},
		{`"${CLAUDE_PLUGIN_ROOT?}"/hooks/guard.sh`, true},
		{`echo \${CLAUDE_PLUGIN_ROOT-}`, false},
		{`echo "${CLAUDE_PLUGIN_ROOTS-}"`, false},
	}
	for _, tt := range tests {
		h := canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tt.command}}
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		ds := withCode(pluginOnlyVars(m, "cursor"), CodePluginVar)
		if got := len(ds) == 1; got != tt.want || len(ds) > 1 {
			t.Errorf("%q: %v; want an %s: %v", tt.command, ds, CodePluginVar, tt.want)
		}
	}
}

// TestProjectSpellings: the spellings of the project directory that
// hookconv writes for a target are one command to migrate (identity), and
// what is another folder there is not: a variable the target does not
// set, git's top level where the project lies below it or in no
// repository, an escaped \$NAME, an expansion that is not the folder.
func TestProjectSpellings(t *testing.T) {
	top := RepoPlace{Known: true, InRepo: true}
	sub := RepoPlace{Known: true, InRepo: true, Sub: "packages/api"}
	spaced := RepoPlace{Known: true, InRepo: true, Sub: "packages/my app"}
	norepo := RepoPlace{Known: true}
	tests := []struct {
		target string
		place  RepoPlace
		a, b   string
		same   bool
	}{
		// Gemini CLI sets CLAUDE_PROJECT_DIR too; Cursor as well.
		{"gemini-cli", RepoPlace{}, `$GEMINI_PROJECT_DIR/g.sh`, `$CLAUDE_PROJECT_DIR/g.sh`, true},
		{"gemini-cli", top, `"${GEMINI_PROJECT_DIR}"/g.sh`, `"$CLAUDE_PROJECT_DIR"/g.sh`, true},
		{"claude-code", top, `$CLAUDE_PROJECT_DIR/g.sh`, `$(git rev-parse --show-toplevel)/g.sh`, true},
		{"claude-code", RepoPlace{}, `$CLAUDE_PROJECT_DIR/g.sh`, `$(git rev-parse --show-toplevel)/g.sh`, true},
		{"claude-code", top, `bash "${CLAUDE_PROJECT_DIR:-.}/g.sh"`, `bash "$(git rev-parse --show-toplevel)/g.sh"`, true},
		{"qwen-code", top, `${QWEN_PROJECT_DIR:-.}/g.sh`, `${QWEN_PROJECT_DIR}/g.sh`, true},
		{"claude-code", sub, `$CLAUDE_PROJECT_DIR/g.sh`, `$(git rev-parse --show-toplevel)/packages/api/g.sh`, true},
		{"claude-code", spaced, `$CLAUDE_PROJECT_DIR/g.sh`, `$(git rev-parse --show-toplevel)/'packages/my app'/g.sh`, true},
		{"claude-code", spaced, `"$CLAUDE_PROJECT_DIR"/g.sh`, `"$(git rev-parse --show-toplevel)/packages/my app"/g.sh`, true},
		{"claude-code", top, `a=$CLAUDE_PROJECT_DIR; b=$CLAUDE_PROJECT_DIR`, `a=$(git rev-parse --show-toplevel); b=${CLAUDE_PROJECT_DIR}`, true},

		// Claude Code leaves GEMINI_PROJECT_DIR empty.
		{"claude-code", top, `$GEMINI_PROJECT_DIR/g.sh`, `$CLAUDE_PROJECT_DIR/g.sh`, false},
		// Codex sets no project variable at all.
		{"codex", top, `$CLAUDE_PROJECT_DIR/g.sh`, `$(git rev-parse --show-toplevel)/g.sh`, false},
		{"claude-code", sub, `$CLAUDE_PROJECT_DIR/g.sh`, `$(git rev-parse --show-toplevel)/g.sh`, false},
		{"claude-code", sub, `$CLAUDE_PROJECT_DIR/x/g.sh`, `$(git rev-parse --show-toplevel)/packages/apix/g.sh`, false},
		{"claude-code", norepo, `$CLAUDE_PROJECT_DIR/g.sh`, `$(git rev-parse --show-toplevel)/g.sh`, false},
		{"claude-code", top, `echo \$CLAUDE_PROJECT_DIR`, `echo $CLAUDE_PROJECT_DIR`, false},
		{"claude-code", top, `${CLAUDE_PROJECT_DIR#/}`, `${CLAUDE_PROJECT_DIR}`, false},
		{"claude-code", top, `"$CLAUDE_PROJECT_DIR"/g.sh`, `$CLAUDE_PROJECT_DIR/g.sh`, false}, // quoting is the author's

		// A tool that runs hooks in the project's root (hook_cwd
		// "project") runs a relative path from there: the anchored form
		// written for Codex is the relative one (QA F6).
		{"cursor", top, `bash scripts/a.sh`, `bash "$(git rev-parse --show-toplevel)"/scripts/a.sh`, true},
		{"cursor", top, `.cursor/hooks/g.sh && x`, `"$(git rev-parse --show-toplevel)"/.cursor/hooks/g.sh && x`, true},
		{"gemini-cli", top, `cd tools && scripts/ctx.sh`, `cd "$(git rev-parse --show-toplevel)"/tools && scripts/ctx.sh`, true},
		{"cursor", spaced, `scripts/a.sh`, `"$(git rev-parse --show-toplevel)/packages/my app"/scripts/a.sh`, true},
		{"cursor", top, `bash scripts/a.sh`, `bash "$CLAUDE_PROJECT_DIR"/scripts/a.sh`, true},
		{"cursor", top, `xscripts/a.sh`, `x"$(git rev-parse --show-toplevel)"/scripts/a.sh`, false},
		{"cursor", norepo, `scripts/a.sh`, `"$(git rev-parse --show-toplevel)"/scripts/a.sh`, false},
		{"cursor", top, `'my dir/g.sh'`, `"$(git rev-parse --show-toplevel)"/'my dir/g.sh'`, true},
		{"cursor", top, `"my dir/g.sh"`, `"$(git rev-parse --show-toplevel)"/'my dir/g.sh'`, false}, // quoting is the author's
		// Not where the hook runs in the session's folder, nor where that
		// is not known (Claude Code: its table row says neither).
		{"codex", top, `bash scripts/a.sh`, `bash "$(git rev-parse --show-toplevel)"/scripts/a.sh`, false},
		{"claude-code", top, `bash scripts/a.sh`, `bash "$(git rev-parse --show-toplevel)"/scripts/a.sh`, false},
	}
	for _, tt := range tests {
		prov, ok := vocab.Default().Provider(tt.target)
		if !ok {
			t.Fatalf("no provider %s", tt.target)
		}
		norm := projectSpellings(prov, tt.place)
		if got := norm(tt.a, false) == norm(tt.b, false); got != tt.same {
			t.Errorf("%s, %+v: %q and %q the same: %v, want %v (%q, %q)", tt.target, tt.place, tt.a, tt.b, got, tt.same, norm(tt.a, false), norm(tt.b, false))
		}
	}
}

// TestProjectSpellingsPowerShell: PowerShell's $env:NAME is the project
// only for a command PowerShell runs; sh runs ":NAME/…" (QA: a Claude
// hook so spelled counted as Codex's guard, and --remove-source removed
// the guard).
func TestProjectSpellingsPowerShell(t *testing.T) {
	top := RepoPlace{Known: true, InRepo: true}
	for _, target := range []string{"cursor", "claude-code"} {
		prov, _ := vocab.Default().Provider(target)
		norm := projectSpellings(prov, top)
		a, b := `$env:`+prov.ProjectDirVar+`\g.ps1`, `$`+prov.ProjectDirVar+`\g.ps1`
		if norm(a, true) != norm(b, true) {
			t.Errorf("%s: run by PowerShell, %q and %q differ: %q, %q", target, a, b, norm(a, true), norm(b, true))
		}
		if norm(a, false) == norm(b, false) {
			t.Errorf("%s: run by sh, %q and %q read as the same", target, a, b)
		}
	}
}

// TestAnchorRelativePrograms: for a target that runs hooks in the folder
// the session starts in (Codex, Copilot CLI), a command whose program is
// a relative path to a project file is run from the project's root, as
// git finds it (QA: Cursor's .cursor/hooks/guard.sh was not found from a
// subfolder, exit 127, and Codex let the action through). A path to no
// project file, a quoted one, an argument, one after a cd, a project in
// no repository, and a target that runs hooks in the project's root are
// left alone; where the project's path in its repository cannot be
// quoted, the hook is warned about instead.
func TestAnchorRelativePrograms(t *testing.T) {
	project := fstest.MapFS{
		".cursor/hooks/guard.sh": {Data: []byte("exit 0\n"), Mode: 0o755},
		"hooks/protect.sh":       {Data: []byte("exit 0\n"), Mode: 0o755},
		"hooks/protect.py":       {Data: []byte("pass\n")},
		"hooks/dir/x":            {Mode: fs.ModeDir | 0o755},
		"scripts/ctx.sh":         {Data: []byte("exit 0\n"), Mode: 0o755},
		"tools/scripts/ctx.sh":   {Data: []byte("exit 2\n"), Mode: 0o755},
	}
	const top = `"$(git rev-parse --show-toplevel)"`
	inRepo := RepoPlace{Known: true, InRepo: true}
	tests := []struct {
		to, command string
		place       RepoPlace
		want        string
		severity    string
		cwd         string // the source entry's, dropped by the target
	}{
		{"codex", ".cursor/hooks/guard.sh", inRepo, top + "/.cursor/hooks/guard.sh", "info", ""},
		{"codex", "./hooks/protect.sh --strict", inRepo, top + "/hooks/protect.sh --strict", "info", ""},
		{"copilot-cli", "V=1 ./hooks/protect.sh", inRepo, "V=1 " + top + "/hooks/protect.sh", "info", ""},
		{"codex", "true && ./hooks/protect.sh; .cursor/hooks/guard.sh|cat", inRepo,
			"true && " + top + "/hooks/protect.sh; " + top + "/.cursor/hooks/guard.sh|cat", "info", ""},
		{"codex", "./hooks/protect.sh", RepoPlace{Known: true, InRepo: true, Sub: "my pkg"}, `"$(git rev-parse --show-toplevel)/my pkg"/hooks/protect.sh`, "info", ""},
		{"codex", "./hooks/protect.sh", RepoPlace{Known: true}, "./hooks/protect.sh", "", ""}, // no repository: loaded only from the project
		{"codex", "./hooks/protect.sh", RepoPlace{Known: true, InRepo: true, Sub: "a`b"}, "./hooks/protect.sh", "warning", ""},
		{"codex", "./hooks/missing.sh", inRepo, "./hooks/missing.sh", "", ""},
		{"codex", "./hooks/dir", inRepo, "./hooks/dir", "", ""},
		// Quoted, and an interpreter's script (QA s28 q3 F6): anchored too.
		{"codex", `"./hooks/protect.sh"`, inRepo, top + "/hooks/protect.sh", "info", ""},
		{"codex", "bash hooks/protect.sh", inRepo, "bash " + top + "/hooks/protect.sh", "info", ""},
		{"codex", "bash hooks/protect.sh", RepoPlace{Known: true, InRepo: true, Sub: "a`b"}, "bash hooks/protect.sh", "warning", ""},
		{"codex", "bash -c 'hooks/protect.sh'", inRepo, "bash -c 'hooks/protect.sh'", "warning", ""},
		{"codex", "cd sub && ./hooks/protect.sh", inRepo, "cd sub && ./hooks/protect.sh", "info", ""}, // left, said (QA q3 F3)
		{"codex", "cd hooks && ./protect.sh", inRepo, "cd " + top + "/hooks && ./protect.sh", "info", ""},
		// A Python module run by name: nothing to anchor, warned about
		// where it is the project's (python -m finds it in the folder the
		// hook runs in).
		{"codex", "python3 -m hooks.protect || exit 2", RepoPlace{Known: true, InRepo: true, Sub: "x"}, "python3 -m hooks.protect || exit 2", "warning", ""},
		{"codex", "python3 -m http.server", inRepo, "python3 -m http.server", "", ""},
		{"codex", "../hooks/protect.sh", inRepo, "../hooks/protect.sh", "info", ""},
		{"codex", "out=$(./hooks/protect.sh)", inRepo, "out=$(./hooks/protect.sh)", "info", ""}, // not followed by HC431: left, said
		{"codex", "echo 'x; ./hooks/protect.sh'", inRepo, "echo 'x; ./hooks/protect.sh'", "", ""},
		{"codex", "./hooks/protect.sh$X", inRepo, "./hooks/protect.sh$X", "info", ""},
		{"claude-code", "./hooks/protect.sh", inRepo, "./hooks/protect.sh", "", ""},
		{"gemini-cli", "./hooks/protect.sh", inRepo, "./hooks/protect.sh", "", ""},
		// A source entry's cwd the target dropped (Copilot CLI's, relative
		// to the root): anchored there when the file is there, else left
		// (QA s28 q3 F2: tools/scripts/ctx.sh was run as scripts/ctx.sh).
		{"codex", "scripts/ctx.sh", inRepo, top + "/tools/scripts/ctx.sh", "info", "tools"},
		{"codex", "scripts/ctx.sh", inRepo, top + "/tools/scripts/ctx.sh", "info", "./tools/"},
		{"codex", "hooks/protect.sh", inRepo, "hooks/protect.sh", "", "tools"}, // only at the root
		{"codex", "hooks/protect.sh", inRepo, top + "/hooks/protect.sh", "info", "."},
		{"codex", "scripts/ctx.sh", inRepo, "scripts/ctx.sh", "", "my tools"},
		{"codex", "scripts/ctx.sh", inRepo, "scripts/ctx.sh", "", "../tools"},
		{"codex", "scripts/ctx.sh", inRepo, "scripts/ctx.sh", "", "/abs/tools"},
	}
	for _, tt := range tests {
		h := canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tt.command}}
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		src := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		src.Hooks[0].Handler.Cwd = tt.cwd // the plan dropped it from m
		ds := anchorRelativePrograms(m, src, "cursor", tt.to, &Scripts{FS: project, Repo: tt.place})
		if got := m.Hooks[0].Handler.Command; got != tt.want {
			t.Errorf("%s %q: rewritten %q, want %q", tt.to, tt.command, got, tt.want)
		}
		switch {
		case tt.severity == "" && len(ds) != 0:
			t.Errorf("%s %q: want nothing said, got %v", tt.to, tt.command, ds)
		case tt.severity != "" && (len(ds) != 1 || ds[0].Severity.String() != tt.severity || ds[0].Code != CodeProjectDir):
			t.Errorf("%s %q: diagnostics %v; want one %s %s", tt.to, tt.command, ds, tt.severity, CodeProjectDir)
		}
	}
}

// TestAnchorCommand: the relative paths anchorCommand starts at the
// project's root (QA s28 q3 F6), each form the shared corpus and QA's
// repro use, and the words it leaves: options, code given to -c or -e,
// URLs, absolute paths and paths already anchored, files the project
// does not hold, and whatever follows a cd it cannot anchor or runs in a
// subshell or a command substitution.
func TestAnchorCommand(t *testing.T) {
	project := fstest.MapFS{
		"scripts/a.sh":           {Data: []byte("exit 0\n")},
		"scripts/a.py":           {Data: []byte("pass\n")},
		"scripts/x.js":           {Data: []byte("0\n")},
		"scripts/x.ts":           {Data: []byte("0\n")},
		"scripts/x.py":           {Data: []byte("pass\n")},
		"scripts/hooks/x.ts":     {Data: []byte("0\n")},
		".agents/hooks/guard.py": {Data: []byte("pass\n")},
		"guards/check.py":        {Data: []byte("pass\n")},
		"my dir/g.sh":            {Data: []byte("exit 0\n")},
		"it's/g.sh":              {Data: []byte("exit 0\n")},
		"tools/scripts/ctx.sh":   {Data: []byte("exit 0\n")},
		"a.py":                   {Data: []byte("pass\n")},
		".venv/bin/activate":     {Data: []byte("\n")},
	}
	const a = `"$(git rev-parse --show-toplevel)"`
	tests := []struct {
		command, want string
		paths, dirs   []string
		modules       []string
	}{
		// Interpreters and runners given a relative script.
		{"bash scripts/a.sh", "bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, nil, nil},
		{"sh scripts/a.sh", "sh " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, nil, nil},
		{"bash -euo pipefail ./scripts/a.sh x", "bash -euo pipefail " + a + "/scripts/a.sh x", []string{"./scripts/a.sh"}, nil, nil},
		{"python3 scripts/a.py | tee log", "python3 " + a + "/scripts/a.py | tee log", []string{"scripts/a.py"}, nil, nil},
		{"python3 -u .agents/hooks/guard.py --strict", "python3 -u " + a + "/.agents/hooks/guard.py --strict", []string{".agents/hooks/guard.py"}, nil, nil},
		{"/usr/bin/env python3 scripts/a.py", "/usr/bin/env python3 " + a + "/scripts/a.py", []string{"scripts/a.py"}, nil, nil},
		{"python3.12 a.py", "python3.12 " + a + "/a.py", []string{"a.py"}, nil, nil},
		{"node scripts/x.js", "node " + a + "/scripts/x.js", []string{"scripts/x.js"}, nil, nil},
		{"node --import tsx scripts/x.ts", "node --import tsx " + a + "/scripts/x.ts", []string{"scripts/x.ts"}, nil, nil},
		{"bun scripts/hooks/x.ts", "bun " + a + "/scripts/hooks/x.ts", []string{"scripts/hooks/x.ts"}, nil, nil},
		{"bun run scripts/hooks/x.ts", "bun run " + a + "/scripts/hooks/x.ts", []string{"scripts/hooks/x.ts"}, nil, nil},
		{"uv run scripts/x.py", "uv run " + a + "/scripts/x.py", []string{"scripts/x.py"}, nil, nil},
		{"uv run --with requests python3 scripts/x.py", "uv run --with requests python3 " + a + "/scripts/x.py", []string{"scripts/x.py"}, nil, nil},
		{"npx tsx scripts/x.ts", "npx tsx " + a + "/scripts/x.ts", []string{"scripts/x.ts"}, nil, nil},
		{"npx -y tsx scripts/x.ts", "npx -y tsx " + a + "/scripts/x.ts", []string{"scripts/x.ts"}, nil, nil},
		{"deno run -A scripts/x.ts", "deno run -A " + a + "/scripts/x.ts", []string{"scripts/x.ts"}, nil, nil},
		{"exec bash scripts/a.sh", "exec bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, nil, nil},
		{"env -i PATH=\"$PATH\" bash scripts/a.sh 2>/dev/null", "env -i PATH=\"$PATH\" bash " + a + "/scripts/a.sh 2>/dev/null", []string{"scripts/a.sh"}, nil, nil},
		{"source .venv/bin/activate && python3 scripts/x.py", "source " + a + "/.venv/bin/activate && python3 " + a + "/scripts/x.py", []string{".venv/bin/activate", "scripts/x.py"}, nil, nil},
		{"cat | python3 scripts/a.py >&2 || exit 2", "cat | python3 " + a + "/scripts/a.py >&2 || exit 2", []string{"scripts/a.py"}, nil, nil},
		// Quoted and escaped paths: written cleaned, quoted as needed.
		{`"my dir/g.sh" arg`, a + "/'my dir/g.sh' arg", []string{"my dir/g.sh"}, nil, nil},
		{`my\ dir/g.sh`, a + "/'my dir/g.sh'", []string{"my dir/g.sh"}, nil, nil},
		{`bash './my dir/g.sh'`, "bash " + a + "/'my dir/g.sh'", []string{"./my dir/g.sh"}, nil, nil},
		{`"it's/g.sh"`, a + `/'it'\''s/g.sh'`, []string{"it's/g.sh"}, nil, nil},
		{`"scripts/a.sh"`, a + "/scripts/a.sh", []string{"scripts/a.sh"}, nil, nil},
		// A relative cd: its folder anchored, and what follows left
		// relative to it.
		{"cd tools && scripts/ctx.sh", "cd " + a + "/tools && scripts/ctx.sh", nil, []string{"tools"}, nil},
		{"scripts/a.sh; cd tools; bash scripts/ctx.sh", a + "/scripts/a.sh; cd " + a + "/tools; bash scripts/ctx.sh", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"cd nowhere && bash scripts/a.sh", "cd nowhere && bash scripts/a.sh", nil, nil, nil},
		{`cd "$X" && bash scripts/a.sh`, `cd "$X" && bash scripts/a.sh`, nil, nil, nil},
		// A cd a keyword opens changes the folder as a cd alone does:
		// in a brace group or an if's part, it is anchored, as a
		// subshell's is (QA: left as written, and ./g.sh said instead).
		{"if cd tools; then bash scripts/a.sh; fi", "if cd " + a + "/tools; then bash scripts/a.sh; fi", nil, []string{"tools"}, nil},
		{"{ cd tools && scripts/ctx.sh; }", "{ cd " + a + "/tools && scripts/ctx.sh; }", nil, []string{"tools"}, nil},
		{"{ cd tools; scripts/ctx.sh; } && bash scripts/a.sh", "{ cd " + a + "/tools; scripts/ctx.sh; } && bash scripts/a.sh", nil, []string{"tools"}, nil},
		// A cd that may not run (an if's branch, a loop's body, after
		// && or ||, in a pipe) leaves the folder of what follows
		// unknown: taken for a cd not read, so what follows is left and
		// said (QA: if …; then cd sub; fi; ./g.sh had the cd anchored,
		// ./g.sh left with an info, a guard lost from a subfolder).
		{"if true; then cd tools && scripts/ctx.sh; fi", "if true; then cd tools && scripts/ctx.sh; fi", nil, nil, nil},
		{"if false; then :; else cd tools; scripts/ctx.sh; fi", "if false; then :; else cd tools; scripts/ctx.sh; fi", nil, nil, nil},
		{"if [ -n \"$X\" ]; then cd tools; fi; scripts/a.sh", "if [ -n \"$X\" ]; then cd tools; fi; scripts/a.sh", nil, nil, nil},
		{"[ -n \"$X\" ] && { cd tools; }; scripts/a.sh", "[ -n \"$X\" ] && { cd tools; }; scripts/a.sh", nil, nil, nil},
		{"true || cd tools; scripts/a.sh", "true || cd tools; scripts/a.sh", nil, nil, nil},
		{"for d in tools; do cd $d; done; scripts/a.sh", "for d in tools; do cd $d; done; scripts/a.sh", nil, nil, nil},
		{"true && (cd tools && scripts/ctx.sh)", "true && (cd " + a + "/tools && scripts/ctx.sh)", nil, []string{"tools"}, nil},
		// A cd after && that only what runs once it succeeded follows
		// (each joined by &&, to the subshell's end) is read: what follows
		// runs in its folder, or not at all (QA: x && cd sub && ./g.sh was
		// left and warned of). Not after ||, nor where a ;, a || or a
		// group lets the rest run whether or not the cd ran.
		{"true && cd tools && scripts/ctx.sh", "true && cd " + a + "/tools && scripts/ctx.sh", nil, []string{"tools"}, nil},
		{"x || y && cd tools && scripts/ctx.sh | tee log", "x || y && cd " + a + "/tools && scripts/ctx.sh | tee log", nil, []string{"tools"}, nil},
		{"(true && cd tools && scripts/ctx.sh); bash scripts/a.sh", "(true && cd " + a + "/tools && scripts/ctx.sh); bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"true && cd tools", "true && cd " + a + "/tools", nil, []string{"tools"}, nil},
		{"true && cd tools; scripts/a.sh", "true && cd tools; scripts/a.sh", nil, nil, nil},
		{"true || cd tools && scripts/a.sh", "true || cd tools && scripts/a.sh", nil, nil, nil},
		{"true && cd tools && scripts/ctx.sh; scripts/a.sh", "true && cd tools && scripts/ctx.sh; scripts/a.sh", nil, nil, nil},
		{"true && cd tools && scripts/ctx.sh || scripts/a.sh", "true && cd tools && scripts/ctx.sh || scripts/a.sh", nil, nil, nil},
		{"true && cd tools\nscripts/a.sh", "true && cd tools\nscripts/a.sh", nil, nil, nil},
		{"true &&\n  cd tools\nscripts/a.sh", "true &&\n  cd tools\nscripts/a.sh", nil, nil, nil},
		{"true &&\n\n  cd tools &&\n  scripts/ctx.sh\n", "true &&\n\n  cd " + a + "/tools &&\n  scripts/ctx.sh\n", nil, []string{"tools"}, nil},
		{"true ||\ncd tools\nscripts/a.sh", "true ||\ncd tools\nscripts/a.sh", nil, nil, nil},
		{"true && cd tools | cat && scripts/a.sh", "true && cd tools | cat && scripts/a.sh", nil, nil, nil},
		{"true && cd tools & scripts/a.sh", "true && cd " + a + "/tools & " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"true && cd tools && { scripts/ctx.sh; }; scripts/a.sh", "true && cd tools && { scripts/ctx.sh; }; scripts/a.sh", nil, nil, nil},
		{"true && cd tools && (scripts/ctx.sh)", "true && cd tools && (scripts/ctx.sh)", nil, nil, nil},
		{"{ true && cd tools && scripts/ctx.sh; }; scripts/a.sh", "{ true && cd tools && scripts/ctx.sh; }; scripts/a.sh", nil, nil, nil},
		{"{ true && cd tools && scripts/ctx.sh; } || scripts/a.sh", "{ true && cd tools && scripts/ctx.sh; } || scripts/a.sh", nil, nil, nil},
		{"true && cd tools && { scripts/ctx.sh; scripts/ctx.sh; }", "true && cd " + a + "/tools && { scripts/ctx.sh; scripts/ctx.sh; }", nil, []string{"tools"}, nil},
		{"{ true && cd tools && scripts/ctx.sh; } && scripts/ctx.sh", "{ true && cd " + a + "/tools && scripts/ctx.sh; } && scripts/ctx.sh", nil, []string{"tools"}, nil},
		{"true && { cd tools; } && scripts/ctx.sh", "true && { cd " + a + "/tools; } && scripts/ctx.sh", nil, []string{"tools"}, nil},
		{"true && { cd tools; scripts/ctx.sh; }", "true && { cd tools; scripts/ctx.sh; }", nil, nil, nil},
		{"{ cd nowhere && scripts/a.sh; }", "{ cd nowhere && scripts/a.sh; }", nil, nil, nil},
		{"X=1 cd tools && scripts/a.sh", "X=1 cd tools && scripts/a.sh", nil, nil, nil}, // not read: taken for a cd
		// A cd in a case arm or a function's body is not read, but taken
		// for one: what follows is left, not anchored at the root.
		{"case x in x) cd tools && scripts/a.sh;; esac", "case x in x) cd tools && scripts/a.sh;; esac", nil, nil, nil},
		// A function's body runs where its one call stands, followed
		// there; not called, it runs nothing; called otherwise (twice,
		// after &&, in $(…), in a pipe), a cd in it leaves what follows
		// its definition in a folder not known (QA: f() { cd sub; };
		// ./g.sh had the cd taken for one that ran).
		{"f() { cd tools && scripts/a.sh; }; f", "f() { cd " + a + "/tools && scripts/a.sh; }; f", nil, []string{"tools"}, nil},
		{"f() { cd tools; }; f; scripts/ctx.sh", "f() { cd " + a + "/tools; }; f; scripts/ctx.sh", nil, []string{"tools"}, nil},
		{"f() {\n  cd tools\n}\nf\nscripts/ctx.sh", "f() {\n  cd " + a + "/tools\n}\nf\nscripts/ctx.sh", nil, []string{"tools"}, nil},
		{"f() { cd tools; }; bash scripts/a.sh", "f() { cd tools; }; bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, nil, nil},
		{"f () { bash scripts/a.sh; }; f", "f () { bash " + a + "/scripts/a.sh; }; f", []string{"scripts/a.sh"}, nil, nil},
		{"f() { (cd tools); }; f; bash scripts/a.sh", "f() { (cd " + a + "/tools); }; f; bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"f() { cd tools; }; true && f; scripts/a.sh", "f() { cd tools; }; true && f; scripts/a.sh", nil, nil, nil},
		{"f() { cd tools; }; f; f; scripts/a.sh", "f() { cd tools; }; f; f; scripts/a.sh", nil, nil, nil},
		{"f() { true && cd tools; }; f; scripts/a.sh", "f() { true && cd tools; }; f; scripts/a.sh", nil, nil, nil},
		{"f() { cd tools; }; x=$(f); bash scripts/a.sh", "f() { cd tools; }; x=$(f); bash scripts/a.sh", nil, nil, nil},
		{"f() { cd tools; }; f | cat; bash scripts/a.sh", "f() { cd tools; }; f | cat; bash scripts/a.sh", nil, nil, nil},
		{"f() { cd tools; }; f() { :; }; f; bash scripts/a.sh", "f() { cd tools; }; f() { :; }; f; bash scripts/a.sh", nil, nil, nil},
		{"f() { cd tools; }; echo f; bash scripts/a.sh", "f() { cd tools; }; echo f; bash scripts/a.sh", nil, nil, nil},
		{"f() { cd tools; }; ff; bash scripts/a.sh", "f() { cd tools; }; ff; bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, nil, nil},
		{"x=$(cd tools && pwd); bash scripts/a.sh", "x=$(cd tools && pwd); bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, nil, nil},
		// A subshell's cd changes only the subshell's folder.
		{"(cd tools && scripts/ctx.sh) && bash scripts/a.sh", "(cd " + a + "/tools && scripts/ctx.sh) && bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"(cd nowhere && scripts/a.sh); (scripts/a.sh)", "(cd nowhere && scripts/a.sh); (" + a + "/scripts/a.sh)", []string{"scripts/a.sh"}, nil, nil},
		{"cd nowhere; (scripts/a.sh)", "cd nowhere; (scripts/a.sh)", nil, nil, nil},
		// So does a backgrounded list's (cd sub &, cd sub && x &): the
		// list runs in a subshell, what follows in the hook's folder
		// (QA q6 F5: cd sub & ./g.sh had ./g.sh left, read in sub).
		{"cd tools & bash scripts/a.sh", "cd " + a + "/tools & bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"cd tools && scripts/ctx.sh & wait; bash scripts/a.sh", "cd " + a + "/tools && scripts/ctx.sh & wait; bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"cd tools &\nbash scripts/a.sh", "cd " + a + "/tools &\nbash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"{ cd tools; } & bash scripts/a.sh", "{ cd " + a + "/tools; } & bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"{ true; cd tools & bash scripts/a.sh; }", "{ true; cd " + a + "/tools & bash " + a + "/scripts/a.sh; }", []string{"scripts/a.sh"}, []string{"tools"}, nil},
		{"if true; then cd tools & fi; bash scripts/a.sh", "if true; then cd tools & fi; bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, nil, nil},
		{"cd tools; scripts/ctx.sh & scripts/ctx.sh", "cd " + a + "/tools; scripts/ctx.sh & scripts/ctx.sh", nil, []string{"tools"}, nil},
		{"true |& cd tools; scripts/a.sh", "true |& cd tools; scripts/a.sh", nil, nil, nil},
		// Keywords, wrappers, subshells and an if's file
		// test run the path from the hook's folder too (QA q3 F3).
		{"(./scripts/a.sh)", "(" + a + "/scripts/a.sh)", []string{"./scripts/a.sh"}, nil, nil},
		{"if [ -x ./scripts/a.sh ]; then ./scripts/a.sh; fi", "if [ -x " + a + "/scripts/a.sh ]; then " + a + "/scripts/a.sh; fi", []string{"./scripts/a.sh", "./scripts/a.sh"}, nil, nil},
		{"test -f scripts/a.sh && bash scripts/a.sh", "test -f " + a + "/scripts/a.sh && bash " + a + "/scripts/a.sh", []string{"scripts/a.sh", "scripts/a.sh"}, nil, nil},
		{"time ./scripts/a.sh", "time " + a + "/scripts/a.sh", []string{"./scripts/a.sh"}, nil, nil},
		{"time -p ./scripts/a.sh", "time -p " + a + "/scripts/a.sh", []string{"./scripts/a.sh"}, nil, nil},
		{"nohup ./scripts/a.sh", "nohup " + a + "/scripts/a.sh", []string{"./scripts/a.sh"}, nil, nil},
		{"sudo -u bob ./scripts/a.sh", "sudo -u bob " + a + "/scripts/a.sh", []string{"./scripts/a.sh"}, nil, nil},
		{"{ ./scripts/a.sh; }", "{ " + a + "/scripts/a.sh; }", []string{"./scripts/a.sh"}, nil, nil},
		{"! ./scripts/a.sh || exit 2", "! " + a + "/scripts/a.sh || exit 2", []string{"./scripts/a.sh"}, nil, nil},
		{"xargs ./scripts/a.sh", "xargs " + a + "/scripts/a.sh", []string{"./scripts/a.sh"}, nil, nil},
		{"timeout 5 nice -n 2 bash scripts/a.sh", "timeout 5 nice -n 2 bash " + a + "/scripts/a.sh", []string{"scripts/a.sh"}, nil, nil},
		{"sudo -D /tmp ./scripts/a.sh", "sudo -D /tmp ./scripts/a.sh", nil, nil, nil}, // another folder
		{"command -v scripts/a.sh", "command -v scripts/a.sh", nil, nil, nil},         // a look-up, nothing run
		{"[ -d scripts ] && echo scripts/a.sh", "[ -d scripts ] && echo scripts/a.sh", nil, nil, nil},
		{"cat <(./scripts/a.sh)", "cat <(./scripts/a.sh)", nil, nil, nil},
		// A Python module: not rewritten, named where it is the project's.
		{"python3 -m guards.check || exit 2", "python3 -m guards.check || exit 2", nil, nil, []string{"guards.check"}},
		{"uv run -m guards.check", "uv run -m guards.check", nil, nil, []string{"guards.check"}},
		{"python3 -m pytest scripts/a.py", "python3 -m pytest scripts/a.py", nil, nil, nil},
		// Left: no project file, or not a script the command runs.
		{"bash -c 'scripts/a.sh'", "bash -c 'scripts/a.sh'", nil, nil, nil},
		{"bash -lc scripts/a.sh", "bash -lc scripts/a.sh", nil, nil, nil},
		{"node -e 'require(\"./scripts/x.js\")'", "node -e 'require(\"./scripts/x.js\")'", nil, nil, nil},
		{"python3 - < scripts/a.py", "python3 - < scripts/a.py", nil, nil, nil},
		{"bash /abs/scripts/a.sh", "bash /abs/scripts/a.sh", nil, nil, nil},
		{"bash ~/scripts/a.sh", "bash ~/scripts/a.sh", nil, nil, nil},
		{"curl -s https://x.test/scripts/a.sh | sh", "curl -s https://x.test/scripts/a.sh | sh", nil, nil, nil},
		{"bash \"$CLAUDE_PROJECT_DIR\"/scripts/a.sh", "bash \"$CLAUDE_PROJECT_DIR\"/scripts/a.sh", nil, nil, nil},
		{"bash " + a + "/scripts/a.sh", "bash " + a + "/scripts/a.sh", nil, nil, nil},
		{"bash scripts/*.sh", "bash scripts/*.sh", nil, nil, nil},
		{"bash scripts/missing.sh", "bash scripts/missing.sh", nil, nil, nil},
		{"bash scripts", "bash scripts", nil, nil, nil},
		{"bash ../scripts/a.sh", "bash ../scripts/a.sh", nil, nil, nil},
		{"cat scripts/a.sh", "cat scripts/a.sh", nil, nil, nil}, // another program's argument
		{"echo scripts/a.sh >> log", "echo scripts/a.sh >> log", nil, nil, nil},
		{"source a.py", "source a.py", nil, nil, nil}, // looked up in PATH first
		{"bash scripts/a.sh `x`", "bash scripts/a.sh `x`", nil, nil, nil},
		{"out=$(bash scripts/a.sh) || exit 2", "out=$(bash scripts/a.sh) || exit 2", nil, nil, nil},
		{"echo $(./scripts/a.sh)", "echo $(./scripts/a.sh)", nil, nil, nil},
		{"bash scripts/a.sh # see scripts/x.py", "bash " + a + "/scripts/a.sh # see scripts/x.py", []string{"scripts/a.sh"}, nil, nil},
		{"bash 'scripts/a.sh", "bash 'scripts/a.sh", nil, nil, nil}, // quotes that do not close
	}
	for _, tt := range tests {
		got, did := anchorCommand(tt.command, a, project)
		if got != tt.want {
			t.Errorf("%s: rewritten\n  %s\nwant\n  %s", tt.command, got, tt.want)
		}
		if !slices.Equal(did.paths, tt.paths) || !slices.Equal(did.dirs, tt.dirs) || !slices.Equal(did.modules, tt.modules) {
			t.Errorf("%s: anchored %q, %q, modules %q; want %q, %q, %q", tt.command, did.paths, did.dirs, did.modules, tt.paths, tt.dirs, tt.modules)
		}
	}
	// The code a shell is given with -c is not rewritten, but what would
	// be anchored in it is named, for the caller to warn about.
	for command, want := range map[string][]string{
		"bash -c 'scripts/a.sh'":                 {"scripts/a.sh"},
		`sh -ec "cd tools && python3 ../a.py"`:   {"tools"},
		"bash -lc 'sh -c \"bash scripts/a.sh\"'": {"scripts/a.sh"},
		"bash -c 'echo scripts/a.sh'":            nil,
		"bash -c \"$CMD\"":                       nil,
	} {
		if got, did := anchorCommand(command, a, project); got != command || !slices.Equal(did.nested, want) {
			t.Errorf("%s: rewritten %s, nested %q; want %q", command, got, did.nested, want)
		}
	}
}

// TestLeftRelative: the relative paths to project files a command still
// names once anchored, which anchorRelativePrograms reports (QA q3 F3:
// echo $(./x.sh) and ../tools/guard.sh were written unchanged, and
// nothing was said), and what it leaves unsaid.
func TestLeftRelative(t *testing.T) {
	project := fstest.MapFS{
		"x.sh":         {Data: []byte("exit 2\n")},
		"scripts/a.sh": {Data: []byte("exit 2\n")},
		"conf/a.json":  {Data: []byte("{}\n")},
		"policy.json":  {Data: []byte("{}\n")},
		"Makefile":     {Data: []byte("all:\n")},
		"policy":       {Data: []byte("deny rm\n")},
		"hookconv":     {Data: []byte("\x7fELF"), Mode: 0o755},
	}
	const top = `"$(git rev-parse --show-toplevel)"`
	for _, tt := range []struct {
		command string
		project fs.FS
		want    []string
	}{
		{"echo $(./x.sh)", project, []string{"./x.sh"}},
		{`out="$(scripts/a.sh)" || exit 2`, project, []string{"scripts/a.sh"}},
		{"../tools/guard.sh", project, []string{"../tools/guard.sh"}},
		{"jq . conf/a.json scripts/a.sh", project, []string{"conf/a.json", "scripts/a.sh"}},
		{"cd lib && ./x.sh", project, []string{"./x.sh"}},
		// A cd into a project folder left as written (QA F2 item 1).
		{"case x in x) cd scripts && ./a.sh;; esac", project, []string{"scripts"}},
		{"f() { cd scripts; }; f", nil, []string{"scripts"}},
		{"echo $(./x.sh) $(./y.sh)", nil, []string{"./x.sh", "./y.sh"}},
		{"cat conf/a.json", nil, nil}, // files not known: no script's look
		// A bare name, when the project holds it (QA y2 F2); not guessed.
		{top + "/x.sh policy.json", project, []string{"policy.json"}},
		{top + "/x.sh nothere.json conf", project, nil},
		{top + "/x.sh policy.json", nil, nil},
		// Without a dot too, where the project holds the file (QA F2
		// item 4); a plain word is no path where it holds none, and a
		// word that names a program is looked up in PATH.
		{top + "/x.sh Makefile", project, nil}, // no dot: a word (QA q2 F3)
		{top + "/x.sh --rules=policy && cat policy", project, nil},
		{"grep -qf policy", project, nil},
		{"grep -q Makefile && exit 2", project, nil},
		{"echo done; git status", project, nil},
		{"hookconv run --provider codex -- sh -c 'x'", project, nil},
		{"exec hookconv run; true | hookconv run; if hookconv run; then :; fi; x=$(hookconv version)", project, nil},
		{"nohup -- hookconv run", project, nil},
		{top + `/x.sh "policy"`, project, nil},
		{`echo "the policy is: deny"; python3 -c "print('policy')"`, project, nil}, // prose and code in quotes
		{top + "/x.sh policy", nil, nil},
		// Windows paths (QA q3 F8), not a POSIX word's escapes.
		{`powershell -File .\scripts\a.sh`, project, []string{`.\scripts\a.sh`}},
		{`.\x.sh`, nil, []string{`.\x.sh`}},
		{`scripts\missing.ps1`, project, nil},
		{`cat my\ dir/x.sh`, project, nil},
		// Left unsaid: anchored, absolute, quoted as text, a comment, a
		// file the project lacks, after a cd into a known folder.
		{top + "/x.sh; " + top + "/scripts/a.sh", project, nil},
		{`"$(git rev-parse --show-toplevel)/my dir"/x.sh`, project, nil},
		{"/opt/x.sh && ~/x.sh", project, nil},
		{"echo 'see ./x.sh'", project, nil},
		{"true # ./x.sh", project, nil},
		{"./missing.sh", project, nil},
		{`cd "$CLAUDE_PROJECT_DIR" && ./x.sh`, project, nil},
		{"cd " + top + "/lib && ../x.sh", project, nil},
		{"cd /srv && ./x.sh", project, nil},
		{`cd "${HOME}/x" && ./x.sh; cd $CLAUDE_PLUGIN_ROOT/lib; ./x.sh`, project, nil},
		{`cd "$GEMINI_PROJECT_DIR"/sub && ./x.sh`, project, nil},
		// After a cd into a folder not known here (a variable, a command
		// substitution, in a loop or not), what follows is read by its
		// look: its folder is not the root (QA: for d in sub; do cd $d;
		// done; ./g.sh had ./g.sh left with nothing said).
		{"for d in scripts; do cd $d; done; ./a.sh", project, []string{"./a.sh"}},
		{`cd "$DIR"; ./x.sh && cat conf/a.json`, project, []string{"./x.sh"}},
		{`cd "$(dirname "$0")" && bash lib/g.sh`, project, []string{"lib/g.sh"}},
		{"cd $(echo scripts); ./a.sh", nil, []string{"./a.sh"}},
		{"cd ${PROJECT_HOME}; ./a.sh", nil, []string{"./a.sh"}},
	} {
		if got := leftRelative(tt.command, tt.project); !slices.Equal(got, tt.want) {
			t.Errorf("%s: left %q, want %q", tt.command, got, tt.want)
		}
	}
}

// TestAnchorUnrunFunction: the definition of a function not called runs
// nothing, and a cd there is no folder left relative (QA: f() { cd sub;
// }; ./g.sh was warned of sub); a called one's is.
func TestAnchorUnrunFunction(t *testing.T) {
	project := fstest.MapFS{"scripts/a.sh": {Data: []byte("exit 2\n")}, "x.sh": {Data: []byte("exit 2\n")}}
	for _, tt := range []struct {
		command, want string
		left          []string
	}{
		{"f() { cd scripts; }; ./x.sh", `f() { cd scripts; }; "$R"/x.sh`, nil},
		{"g() { ./a.sh; }; f() { true && cd scripts; }; bash scripts/a.sh", `g() { ./a.sh; }; f() { true && cd scripts; }; bash "$R"/scripts/a.sh`, nil},
		{"f() { true && cd scripts; }; f; ./a.sh", "f() { true && cd scripts; }; f; ./a.sh", []string{"scripts"}},
		{"f() { cd scripts; }; f; f", "f() { cd scripts; }; f; f", []string{"scripts"}},
	} {
		var a anchoring
		if got := a.anchor(tt.command, `"$R"`, project, true); got != tt.want || !slices.Equal(a.left, tt.left) {
			t.Errorf("%s: %s, left %q; want %s, left %q", tt.command, got, a.left, tt.want, tt.left)
		}
	}
}

// TestAnchorLeftBlocking: a blocking hook whose command keeps a relative
// project path is warned about (HC405), which makes migrate
// --remove-source keep it; another is told (an info).
func TestAnchorLeftBlocking(t *testing.T) {
	project := fstest.MapFS{"x.sh": {Data: []byte("exit 2\n"), Mode: 0o755}}
	for _, blocking := range []bool{true, false} {
		h := canonical.Hook{Event: "before_tool_execute", Blocking: blocking, Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "echo $(./x.sh)"}}
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		ds := anchorRelativePrograms(m, &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}, "claude-code", "codex", &Scripts{FS: project, Repo: RepoPlace{Known: true, InRepo: true}})
		want := map[bool]string{true: "warning", false: "info"}[blocking]
		if len(ds) != 1 || ds[0].Code != CodeProjectDir || ds[0].Severity.String() != want {
			t.Errorf("blocking %v: %v; want one %s %s", blocking, ds, want, CodeProjectDir)
		}
	}
}

// TestAnchorWindowsRelative: a Windows command that runs a project file
// by a relative path is not rewritten (Codex runs it with cmd.exe), and,
// where the source ran it from the project's root, is warned about
// (HC405's warning, which makes migrate --remove-source keep a blocking
// hook). QA s28 q3 F5: from a subfolder Codex failed open, silently.
func TestAnchorWindowsRelative(t *testing.T) {
	project := fstest.MapFS{
		"hooks/g.ps1":                      {Data: []byte("exit 0\n")},
		".clinerules/hooks/PreToolUse.ps1": {Data: []byte("exit 0\n")},
	}
	inRepo := RepoPlace{Known: true, InRepo: true}
	tests := []struct {
		from, to, windows string
		warned            bool
	}{
		{"windsurf", "codex", "hooks/g.ps1", true},
		{"windsurf", "codex", `pwsh -File hooks\g.ps1`, true},
		{"cline", "copilot-cli", "powershell -NoProfile -File .clinerules/hooks/PreToolUse.ps1", true},
		{"windsurf", "codex", "hooks/missing.ps1", false},
		{"windsurf", "codex", `C:\tools\g.ps1`, false},
		{"windsurf", "claude-code", "hooks/g.ps1", false}, // runs hooks in the project's root
		{"codex", "copilot-cli", "hooks/g.ps1", false},    // the source ran it from the session's folder too
	}
	for _, tt := range tests {
		h := canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "true", Platform: map[string]string{"windows": tt.windows}}}
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		ds := anchorRelativePrograms(m, m, tt.from, tt.to, &Scripts{FS: project, Repo: inRepo})
		if got := m.Hooks[0].Handler.Platform["windows"]; got != tt.windows {
			t.Errorf("%s %q: rewritten %q", tt.to, tt.windows, got)
		}
		warned := len(ds) == 1 && ds[0].Severity.String() == "warning" && ds[0].Code == CodeProjectDir
		if warned != tt.warned || (!tt.warned && len(ds) != 0) {
			t.Errorf("%s -> %s %q: diagnostics %v, want a warning: %v", tt.from, tt.to, tt.windows, ds, tt.warned)
		}
	}
}

// FuzzAnchorCommand: anchoring and the scan for paths left as written
// never panic, and every path said left is text of the command, which
// stays as written where nothing was anchored.
func FuzzAnchorCommand(f *testing.F) {
	for _, seed := range []string{
		"(./x.sh)", "echo $(./x.sh)", "if [ -x ./x.sh ]; then ./x.sh; fi", "time -p ./x.sh",
		"sudo -u bob ./x.sh", "{ ./x.sh; }", "! ./x.sh || exit 2", "xargs ./x.sh",
		"(cd sub && ./y.sh) && ./x.sh", "cat <(./x.sh)", "../tools/guard.sh", `powershell -File .\scripts\w.ps1`,
		"f() { ./x.sh; }; f", "case $x in a) ./x.sh;; esac", "$((1+2)) ./x.sh", "echo 'a' # ./x.sh",
		"f() { cd sub; }; f; ./y.sh", "f() {\n cd sub\n}\n./x.sh", "g() { (cd sub); }; g && g", "x && cd sub && ./y.sh | cat",
		"for d in sub; do cd $d; done; ./x.sh", `cd "$DIR" && ./x.sh`,
		"cd sub & ./x.sh", "cd sub && ./y.sh & wait; ./x.sh", "{ cd sub; } & ./x.sh", "x |& cd sub; ./x.sh", "f() { cd sub; } & ./x.sh",
	} {
		f.Add(seed)
	}
	project := fstest.MapFS{"x.sh": {Data: []byte("exit 2\n")}, "sub/y.sh": {Data: []byte("exit 0\n")}}
	f.Fuzz(func(t *testing.T, command string) {
		for _, p := range []fs.FS{project, nil} {
			out, did := anchorCommand(command, `"$(git rev-parse --show-toplevel)"`, p)
			if len(did.paths)+len(did.dirs) == 0 && out != command {
				t.Fatalf("%q: rewritten %q, nothing said anchored", command, out)
			}
			for _, span := range did.unrun {
				if span[0] < 0 || span[0] > span[1] || span[1] > len(out) {
					t.Fatalf("%q: span %v not run out of %q", command, span, out)
				}
			}
			for _, l := range leftRelative(out, p) {
				if !strings.Contains(out, l) {
					t.Fatalf("%q: left %q, not in %q", command, l, out)
				}
			}
		}
	})
}
