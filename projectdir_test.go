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
