package providers

import "testing"

func TestFilesTarget(t *testing.T) {
	const def = ".claude/settings.json"
	tests := []struct {
		name     string
		existing Files
		want     string
	}{
		{"nothing given: the tool's path", nil, def},
		{"one file given: that file, whatever its name", Files{"ci/claude.json": []byte("{}")}, "ci/claude.json"},
		{"an empty file still names the target", Files{"new.json": nil}, "new.json"},
		{"several given: none is the -o target", Files{"a.json": nil, "b.json": nil}, def},
	}
	for _, tt := range tests {
		if got := tt.existing.Target(def); got != tt.want {
			t.Errorf("%s: Target = %q, want %q", tt.name, got, tt.want)
		}
	}
}
