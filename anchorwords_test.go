package hookconv

import (
	"testing"
	"testing/fstest"
)

// TestProjectEntry: a word names a project file only as a path into the
// project; one ending in a slash names a folder, never a file (fuzz: "0/"
// was anchored as the file "0", changing what the command runs).
func TestProjectEntry(t *testing.T) {
	project := fstest.MapFS{
		"hooks/g.sh": {Data: []byte("exit 2\n")},
		"0/x":        {Data: []byte("x")},
	}
	for _, tt := range []struct {
		text    string
		dir     bool
		project bool // read against project, else against no known files
		want    string
		ok      bool
	}{
		{"./hooks/g.sh", false, true, "hooks/g.sh", true},
		{"hooks//g.sh", false, true, "hooks/g.sh", true},
		{"hooks/g.sh", false, false, "hooks/g.sh", true},
		{"0/", false, false, "", false},
		{"./hooks/", false, false, "", false},
		{"0/", true, true, "0", true},
		{"/abs/g.sh", false, false, "", false},
		{"../g.sh", false, false, "", false},
		{"hooks/missing.sh", false, true, "", false},
	} {
		fsys := fstest.MapFS(nil)
		if tt.project {
			fsys = project
		}
		var got string
		var ok bool
		if fsys == nil {
			got, ok = projectEntry(nil, tt.text, tt.dir)
		} else {
			got, ok = projectEntry(fsys, tt.text, tt.dir)
		}
		if got != tt.want || ok != tt.ok {
			t.Errorf("projectEntry(%q, dir %v, project %v) = %q, %v; want %q, %v", tt.text, tt.dir, tt.project, got, ok, tt.want, tt.ok)
		}
	}
}
