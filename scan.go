package hookconv

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/readfile"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// Found is one hook config found under a directory by Scan.
type Found struct {
	// Path is slash-separated, relative to the scanned directory.
	Path string
	// Providers are the tools the file may belong to: one when it was
	// recognised, several when it is ambiguous.
	Providers []string
	// How says what recognised it: "path", "content" (a manifest's
	// "spec"), or "path+event names" (a shared path told apart by the
	// event names inside).
	How string
	// Hooks is the number of hooks it holds, when it could be read.
	Hooks int
	// Problems lists what is wrong with the file, one phrase each.
	Problems []string
	// Diagnostics are the decoder's errors and warnings for the file.
	Diagnostics diag.List
	// Err is why the file or folder could not be read, when it could not
	// (Problems says so too): callers that report it their own way need
	// the error, not the phrase.
	Err error
}

// skipDirs are folders Scan never enters: dependencies and version
// control data (git's, Mercurial's, Subversion's) hold other projects'
// configs, or old copies of this one's, not the hooks the project runs.
// validate's search for manifests skips the same, through SkipsDir, so
// that the two searches never disagree about a folder.
var skipDirs = map[string]bool{".git": true, ".hg": true, ".svn": true, "node_modules": true, "vendor": true, ".venv": true}

// SkipsDir reports whether Scan never enters a folder of this name:
// .git, .hg, .svn, node_modules, vendor and .venv, which hold
// dependencies or version-control data, not the hooks the project runs.
// Another search for hook configs should skip the same folders, so that
// it finds what Scan finds.
func SkipsDir(name string) bool { return skipDirs[name] }

// Scan walks fsys and lists every file hookconv can read as a hook
// config: the config paths of every provider (wherever they sit, so
// monorepos and plugin folders are found too) and hooks/1.0 manifests
// named hooks.json or hooks.yaml. Each file is read once; cost grows with
// the size of the tree. A nil fsys is an error.
func Scan(fsys fs.FS) ([]Found, error) {
	if fsys == nil {
		return nil, errors.New("hookconv.Scan: no file system to walk (nil fs.FS)")
	}
	var out []Found
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == "." {
				return err
			}
			out = append(out, Found{Path: p, Problems: []string{"unreadable: " + err.Error()}, Err: err})
			return nil
		}
		if d.IsDir() {
			if p != "." && skipDirs[d.Name()] {
				return fs.SkipDir
			}
			return nil
		}
		if !configPath(p) {
			return nil
		}
		if info, err := FollowFile(fsys, p, d); err != nil || info == nil {
			if err != nil {
				out = append(out, Found{Path: p, Problems: []string{"unreadable: " + err.Error()}, Err: err})
			}
			return nil
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			out = append(out, Found{Path: p, Problems: []string{"unreadable: " + err.Error()}, Err: err})
			return nil
		}
		if f, ok := examine(fsys, p, src); ok {
			out = append(out, f)
		}
		return nil
	})
	return out, err
}

// FollowFile returns what a search of fsys reads at p (d its entry): a
// regular file, or the file a link leads to, which is followed as the
// tools and a path named on the command line follow it. info is nil for
// a folder or a link to one (the walk does not follow those, so a loop
// cannot trap it). err says why p is there but not readable: a link that
// dangles, or a named pipe, socket or device, which a read could wait on
// for ever; a search should report it (hookconv reports HC100) rather
// than skip the file without a word (QA: a FIFO at .claude/settings.json
// left validate saying it found nothing, exit 0).
func FollowFile(fsys fs.FS, p string, d fs.DirEntry) (info fs.FileInfo, err error) {
	switch t := d.Type(); {
	case t.IsRegular():
		return d.Info()
	case t.IsDir():
		return nil, nil
	case t&fs.ModeSymlink == 0:
		return nil, notRegular(t)
	}
	info, err = fs.Stat(fsys, p)
	switch {
	case err != nil:
		return nil, err
	case info.IsDir():
		return nil, nil
	case !info.Mode().IsRegular():
		return nil, notRegular(info.Mode())
	}
	return info, nil
}

// notRegular is the error for a file of mode m that is no regular file
// nor folder.
func notRegular(m fs.FileMode) error {
	return fmt.Errorf("it is %s, not a regular file", readfile.Kind(m))
}

// configPath reports whether a path could be a hook config by its name
// alone, before anything is read.
func configPath(p string) bool {
	base := path.Base(p)
	if base == "hooks.json" || base == "hooks.yaml" || base == "hooks.yml" {
		return true
	}
	for _, prov := range vocab.Default().Providers {
		for _, cp := range prov.Paths {
			if prov.Slug != "canonical" && matchesConfigPath(p, cp) {
				return true
			}
		}
	}
	return false
}

// examine recognises one file of fsys and reads it with its adapter, and
// checks that the project holds the scripts its hooks use (HC412, HC413).
// A file named like a manifest that is not one is no config at all (ok
// false).
func examine(fsys fs.FS, p string, src []byte) (Found, bool) {
	f := Found{Path: p}
	cands := DetectSource(p, src)
	if len(cands) == 1 {
		if prov, _ := vocab.Default().Provider(cands[0]); settingsWithoutHooks(prov, p, src) {
			return f, false // settings alone (Copilot CLI's disableAllHooks), no hooks
		}
	}
	switch {
	case len(cands) == 0:
		return f, false
	case len(cands) == 1 && cands[0] == "canonical":
		f.How = "content"
	case len(cands) == 1 && len(byPathOnly(p)) > 1:
		f.How = "path+event names"
	default:
		f.How = "path"
	}
	f.Providers = cands
	if len(cands) > 1 {
		if MixesFormats(src, cands) {
			f.Problems = append(f.Problems, "mixes the event names of "+strings.Join(cands, " and "))
		} else {
			f.Problems = append(f.Problems, "ambiguous: could be "+strings.Join(cands, " or "))
		}
		return f, true
	}
	a, ok := providers.Get(cands[0])
	if !ok {
		f.Problems = append(f.Problems, "no adapter for "+cands[0])
		return f, true
	}
	m, ds := a.Decode(providers.Files{p: src})
	if cands[0] == "canonical" && m != nil {
		ds = append(ds, canonical.Check(m, capabilities.DefaultVocabulary()).WithFile(p)...)
	}
	var scripts diag.List
	if root, plugin, ok := ProjectRoot(cands[0], p); ok && m != nil && !ds.HasErrors() {
		if project, err := fs.Sub(fsys, filepath.ToSlash(root)); err == nil {
			scripts = MissingScripts(m, p, project, plugin)
		}
	}
	f.Diagnostics = append(ds, scripts...)
	if m != nil {
		f.Hooks = len(m.Hooks)
	}
	if n := ds.Count(diag.Error); n > 0 {
		f.Problems = append(f.Problems, plural(n, "error"))
	}
	if n := ds.Count(diag.Warning); n > 0 {
		f.Problems = append(f.Problems, plural(n, "warning"))
	}
	if n := len(scripts); n > 0 {
		f.Problems = append(f.Problems, plural(n, "hook script")+" missing or not executable")
	}
	return f, true
}

// byPathOnly is the providers a path alone names (no content consulted).
func byPathOnly(p string) []string {
	return DetectSource(p, nil)
}

func plural(n int, word string) string {
	s := strconv.Itoa(n) + " " + word
	if n != 1 {
		s += "s"
	}
	return s
}
