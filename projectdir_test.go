package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/canonical"
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

// TestRewriteProjectDirDefault: a project variable with a default
// (${CLAUDE_PROJECT_DIR:-.}, a common spelling) is the project too. It
// was passed on unchanged and unreported (QA), and from a subfolder the
// command ran nothing: the target's own variable keeps the default, and
// where the target has none the whole expansion is the project as git
// finds it. Other expansions (${VAR:+x}) and a default holding a brace
// are left as they are.
func TestRewriteProjectDirDefault(t *testing.T) {
	tests := []struct{ to, command, want string }{
		{"codex", `${CLAUDE_PROJECT_DIR:-.}/hooks/a.sh`, `$(git rev-parse --show-toplevel)/hooks/a.sh`},
		{"codex", `"${CLAUDE_PROJECT_DIR-$PWD}"/hooks/a.sh x`, `"$(git rev-parse --show-toplevel)"/hooks/a.sh x`},
		{"codex", `${CLAUDE_PROJECT_DIR:-$(pwd)}/a.sh`, `$(git rev-parse --show-toplevel)/a.sh`},
		{"factory-droid", `"${CLAUDE_PROJECT_DIR:-.}"/hooks/a.sh`, `"${FACTORY_PROJECT_DIR:-.}"/hooks/a.sh`},
		{"cursor", `"${GEMINI_PROJECT_DIR:-.}"/a.sh`, `"${CURSOR_PROJECT_DIR:-.}"/a.sh`},
		{"cursor", `"${CLAUDE_PROJECT_DIR:-.}"/a.sh`, `"${CLAUDE_PROJECT_DIR:-.}"/a.sh`}, // Cursor sets it too
		{"codex", `${CLAUDE_PROJECT_DIR:+x}/a.sh`, `${CLAUDE_PROJECT_DIR:+x}/a.sh`},
		{"codex", `${CLAUDE_PROJECT_DIR:-${HOME}}/a.sh`, `${CLAUDE_PROJECT_DIR:-${HOME}}/a.sh`},
	}
	for _, tt := range tests {
		h := canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tt.command}}
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		ds := rewriteProjectDir(m, tt.to, RepoPlace{Known: true, InRepo: true})
		if got := m.Hooks[0].Handler.Command; got != tt.want {
			t.Errorf("%s %q: rewritten %q, want %q", tt.to, tt.command, got, tt.want)
		}
		if changed := tt.want != tt.command; changed != (len(withCode(ds, CodeProjectDir)) == 1) {
			t.Errorf("%s %q: diagnostics %v; want one %s exactly when rewritten", tt.to, tt.command, ds, CodeProjectDir)
		}
	}
}
