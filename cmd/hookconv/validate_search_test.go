package main

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/node"
)

func TestManifestCandidate(t *testing.T) {
	tests := []struct {
		name, src string
		want      candidacy
	}{
		{"m.json", `{"spec": "hooks/1.0", "hooks": []}`, candidate},
		{"typo.json", `{"spec": "hooks/1.0", "hoks": []}`, candidate},
		{"case.yaml", "spec: Hooks/1.0\n", candidate},
		{"badspec.json", `{"spec": 1.0, "hooks": []}`, candidate},
		{"objspec.json", `{"spec": {}, "hooks": [{"event": "x"}]}`, candidate},
		{"nospec.json", `{"hooks": [{"event": "session_start"}]}`, candidate},
		{"broken.json", `{"spec": "hooks/1.0", "hooks": [`, candidate},
		{"deployment.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 2}\n", otherSpec},
		{"pkg.json", `{"name": "pkg", "spec": {"x": 1}}`, otherSpec},
		{"openapi.json", `{"spec": "3.0.0"}`, otherSpec},
		{"package.json", `{"name": "x", "scripts": {"test": "jest"}}`, notCandidate},
		{"settings.json", `{"hooks": {"Stop": []}}`, notCandidate},
		{"broken.yaml", "spec: [\n", notCandidate},
		{"list.json", `["spec", "hooks"]`, notCandidate},
	}
	for _, tt := range tests {
		if got := manifestCandidate(tt.name, []byte(tt.src)); got != tt.want {
			t.Errorf("manifestCandidate(%s) = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// deniedFS is a file system in which the names listed cannot be opened,
// as a folder or file with mode 000 is for anyone but root: tests of what
// a search does with them run as root too. Only Open is offered (not
// MapFS's ReadDir and ReadFile), so every read goes through it.
type deniedFS struct {
	files  fstest.MapFS
	denied []string
}

func (d deniedFS) Open(name string) (fs.File, error) {
	if slices.Contains(d.denied, name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return d.files.Open(name)
}

func TestFindManifestsUnreadable(t *testing.T) {
	fsys := deniedFS{
		files: fstest.MapFS{
			"ud/h.json":   {Data: []byte(`{"spec": "hooks/1.0", "hooks": []}`)},
			"bad.yaml":    {Data: []byte("spec: hooks/1.0\n")},
			"ok/h.json":   {Data: []byte(`{"spec": "hooks/1.0", "hooks": []}`)},
			"k8s/d.yaml":  {Data: []byte("kind: Deployment\nspec: {replicas: 2}\n")},
			"readme.json": {Data: []byte(`{"name": "x"}`)},
		},
		denied: []string{"ud", "bad.yaml"},
	}
	s := findManifests(fsys, "proj")
	j := func(p string) string { return filepath.Join("proj", filepath.FromSlash(p)) }
	if want := []string{j("ok/h.json")}; !slices.Equal(s.manifests, want) {
		t.Errorf("manifests = %v, want %v", s.manifests, want)
	}
	if want := []string{j("k8s/d.yaml")}; !slices.Equal(s.skipped, want) {
		t.Errorf("skipped = %v, want %v", s.skipped, want)
	}
	for _, p := range []string{j("ud"), j("bad.yaml")} {
		ds := s.unreadable[p]
		if len(ds) != 1 || ds[0].Code != canonical.CodeUnreadable || ds[0].File != p ||
			ds[0].Message != "cannot read "+p+": permission denied" {
			t.Errorf("unreadable[%s] = %v, want one HC100 error naming it", p, ds)
		}
	}
	if len(s.unreadable) != 2 {
		t.Errorf("unreadable = %v, want ud and bad.yaml only", s.unreadable)
	}
}

func TestToolsByEventNames(t *testing.T) {
	tests := []struct {
		src  string
		want string // the first tool named, "" for none
		one  bool   // only that tool
	}{
		{`{"PreToolUse": [], "Stop": []}`, "claude-code", false},
		{`{"beforeShellExecution": []}`, "cursor", true},
		{`{"NoSuchEvent": []}`, "", true},
	}
	for _, tt := range tests {
		events, err := node.ParseJSON([]byte(tt.src), node.JSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		got := toolsByEventNames(events)
		switch {
		case tt.want == "" && len(got) > 0,
			tt.want != "" && (len(got) == 0 || got[0] != tt.want),
			tt.one && len(got) > 1:
			t.Errorf("toolsByEventNames(%s) = %v, want %q first (alone: %v)", tt.src, got, tt.want, tt.one)
		}
	}
}

func TestNativeLookalike(t *testing.T) {
	tests := []struct {
		src     string
		ok      bool
		hintHas string
	}{
		{`{"hooks": {"PreToolUse": []}}`, true, "--from claude-code s.json"},
		{`{"version": 1, "hooks": {"beforeShellExecution": []}}`, true, "validate it as cursor's config: hookconv validate --from cursor s.json"},
		{`{"hooks": {"x": []}}`, true, "--from TOOL"},
		{`{"spec": "hooks/1.0", "hooks": {"PreToolUse": []}}`, false, ""},
		{`{"hooks": [{"event": "session_start"}]}`, false, ""},
		{`{"hooks": {`, false, ""},
	}
	for _, tt := range tests {
		ds, ok := nativeLookalike("s.json", []byte(tt.src))
		if ok != tt.ok || (ok && (len(ds) != 1 || ds[0].Code != canonical.CodeNativeConfig || !strings.Contains(ds[0].Hint, tt.hintHas))) {
			t.Errorf("nativeLookalike(%s) = %v, %v; want ok %v and a hint with %q", tt.src, ds, ok, tt.ok, tt.hintHas)
		}
	}
}
