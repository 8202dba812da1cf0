package hookconv

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/readfile"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// This file is what hookconv convert and migrate do on the disk before
// converting (QA F4: a library caller had to redo it to get the same
// diagnostics): find a project's source config, the settings files beside
// it, its scripts' folder and its place in a git repository, and the
// target's files in a project. The command calls these; ConvertProject
// puts them together.

// ErrNoSource is what the error of FindProjectSource wraps (errors.Is)
// when the project holds no config of the source tool: nothing to
// convert, which a caller running over many projects tells apart from a
// choice it must make (ErrSeveralSources).
var ErrNoSource = errors.New("no hook configuration found")

// ErrSeveralSources is what the error of FindProjectSource wraps when the
// project holds the configs of several tools and none is told to be the
// source: the caller must name one (hookconv exits 2 on it, the usage
// error of ambiguous input, with the candidates and HC469).
var ErrSeveralSources = errors.New("hook configurations of several tools")

// Codes of FindProjectSource, for a project holding several tools' configs.
const (
	CodeSourceTaken    = "HC468" // a project holding several tools' configs, all but one of them targets of the run: the one left is taken as the source, and said (info)
	CodeSeveralSources = "HC469" // a project holding several tools' configs, none named as the source: name one with --from (error)
)

// projectError is an error of FindProjectSource: its message as the
// command prints it, and, for a project without the source's config,
// ErrNoSource, or for one whose source must be chosen, ErrSeveralSources.
type projectError struct {
	msg      string
	noSource bool
}

func (e *projectError) Error() string { return e.msg }

// Is makes errors.Is(err, ErrNoSource) true for a project without config,
// and errors.Is(err, ErrSeveralSources) for one whose source must be
// chosen.
func (e *projectError) Is(target error) bool {
	if e.noSource {
		return target == ErrNoSource
	}
	return target == ErrSeveralSources
}

func noSourcef(format string, args ...any) error {
	return &projectError{msg: fmt.Sprintf(format, args...), noSource: true}
}

func choosef(format string, args ...any) error {
	return &projectError{msg: fmt.Sprintf(format, args...)}
}

// ProjectSource is a project's source config as FindProjectSource read it.
type ProjectSource struct {
	// From is the source tool's slug: the one asked for, or found.
	From string
	// Files are the config files read, keyed by their paths on the disk
	// (the project directory joined with each file's path in it), as
	// diagnostics name them.
	Files providers.Files
	// Diagnostics say what could not be read (HC100) and the files in
	// the tool's form that it does not load (HC454).
	Diagnostics diag.List
}

// FindProjectSource reads the source tool's config files in the project
// directory dir, as hookconv convert DIR and migrate DIR do: every file
// the tool loads (ProviderFiles), a file reached twice through a link
// read once, the files in its form that it does not load named
// (NotLoadedFiles). With from "" the tool is found from the files there:
// a tool's own project paths, else a plugin's hooks/hooks.json or a
// manifest at the top known by their content; a project holding the
// configs of several tools is settled by leaving out targets (after a
// first migration the targets' configs are there too) and then by the
// files' content. It fails when the tool cannot be settled, with an
// error wrapping ErrNoSource when the project holds no config of it, and
// with an *UnreadableError when configs are there but none could be read
// (no permission, a FIFO or folder at a config's path, a tool's folder
// that cannot be searched): such a project is not one without hooks. One
// config of several that cannot be read is an HC100 warning in
// Diagnostics, the others read.
func FindProjectSource(dir, from string, targets []string) (ProjectSource, error) {
	// A mistyped or missing project is not one without a config: a
	// caller walking many projects must not skip it as empty (QA q4 F5).
	if fi, err := os.Stat(dir); err != nil {
		return ProjectSource{}, err
	} else if !fi.IsDir() {
		return ProjectSource{}, &fs.PathError{Op: "read", Path: dir, Err: syscall.ENOTDIR}
	}
	fsys := os.DirFS(dir)
	plugin := false // the source was told by its plugin's hooks/hooks.json
	var ds diag.List
	if from == "" {
		var note string
		var err error
		if from, plugin, note, err = findSourceTool(fsys, dir, targets); err != nil {
			return ProjectSource{}, err
		}
		if note != "" {
			// Said as the source is said elsewhere (the "== from -> to"
			// headings), so a script running over many projects sees
			// which config the run read.
			ds.Infof(CodeSourceTaken, diag.Pos{}, "", "", "%s", note)
		}
	}
	rels := ProviderFiles(from, fsys)
	if len(rels) == 0 && !plugin {
		// --from names a tool whose plugin file is all the folder holds:
		// read it, as the folder would be without --from (QA q3 F7: the
		// detector offered cursor, and --from cursor found nothing).
		plugin = pluginFileOf(fsys, from)
	}
	if plugin && !slices.Contains(rels, "hooks/hooks.json") {
		// A tool's plugin file at a path not among the tool's project
		// paths (a Cursor plugin's, known by its event names): the file
		// that named the tool is the one to read.
		rels = append(rels, "hooks/hooks.json")
	}
	files := providers.Files{}
	var unread diag.List      // the files that could not be read
	read := map[string]bool{} // by real path
	for _, rel := range rels {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if real, err := filepath.EvalSymlinks(p); err == nil {
			if abs, err := filepath.Abs(real); err == nil {
				if read[abs] {
					// settings.local.json a link to settings.json: one
					// file, whose hooks would otherwise be converted twice.
					continue
				}
				read[abs] = true
			}
		}
		b, rds := readfile.Read(p)
		if rds != nil {
			unread = append(unread, rds...)
			continue
		}
		files[p] = b
	}
	if len(files) == 0 {
		// Not one of the tool's configs could be read: the project is
		// not one without hooks, and a run over many projects must not
		// pass it as migrated (QA q5 F1: a chmod 000 settings.json
		// gave "0 hooks added", exit 0). Its files are errors.
		if len(unread) == 0 {
			unread = unreadableConfigs(fsys, dir, []string{from})
		}
		if len(unread) > 0 {
			return ProjectSource{}, &UnreadableError{Diagnostics: unread}
		}
	}
	// One file of several that cannot be read (a settings.local.json
	// beside a readable settings.json) is a warning: the others convert.
	ds = append(ds, unreadSourceFile(unread)...)
	// Files the tool does not load are not read, but a file in its own
	// form among them was meant as its hooks: say it is skipped.
	skipped := NotLoadedFiles(from, dir, fsys)
	if len(files) == 0 && len(ds) == 0 {
		if len(skipped) > 0 {
			return ProjectSource{}, noSourcef("no %s configuration found in %s: %s is in its form, but %s does not load it (HC454); name it to convert it anyway", from, dir, skipped[0].File, from)
		}
		if other := foreignPrograms(dir, from); other != "" {
			return ProjectSource{}, noSourcef("no %s configuration found in %s: %s is not the program hookconv writes there, so it cannot be read (its hooks are code); port it by hand", from, dir, other)
		}
		return ProjectSource{}, noSourcef("no %s configuration found in %s", from, dir)
	}
	return ProjectSource{From: from, Files: files, Diagnostics: append(ds.WithFile(dir), skipped...)}, nil
}

// pluginFileOf reports whether fsys holds a plugin's hooks/hooks.json
// that could be from's (DetectSource lists it).
func pluginFileOf(fsys fs.FS, from string) bool {
	src, err := readfile.FromFS(fsys, "hooks/hooks.json")
	return err == nil && slices.Contains(DetectSource("hooks/hooks.json", src), from)
}

// findSourceTool settles which tool's config a project holds, for
// FindProjectSource; plugin says a plugin's hooks/hooks.json told it, and
// note, when not "", that other tools' configs were left out as targets
// (the user, who named no source, is told which was taken).
func findSourceTool(fsys fs.FS, dir string, targets []string) (from string, plugin bool, note string, err error) {
	var found []string
	for _, slug := range providers.Slugs() {
		if slug == "canonical" {
			continue
		}
		// A plugin's hooks/hooks.json is ambiguous between tools; only
		// a tool's own project path identifies a project.
		if files := ProviderFiles(slug, fsys); len(files) > 0 && files[0] != "hooks/hooks.json" {
			found = append(found, slug)
		}
	}
	if len(found) == 0 {
		// Only a plugin's or an extension's hooks/hooks.json: its
		// event names may still tell whose it is.
		if src, err := readfile.FromFS(fsys, "hooks/hooks.json"); err == nil {
			switch cands := DetectSource("hooks/hooks.json", src); len(cands) {
			case 1:
				found, plugin = cands, true
			default:
				return "", false, "", choosef("%s holds hooks/hooks.json, which could be %s; choose with --from", dir, strings.Join(cands, " or "))
			}
		}
	}
	if len(found) == 0 {
		// A manifest at the project's top (hooks.json, hooks.yaml),
		// known by its content: "hooks.json" alone names nothing.
		prov, _ := vocab.Default().Provider("canonical")
		for _, name := range prov.Paths {
			if src, err := readfile.FromFS(fsys, name); err == nil && slices.Equal(DetectSource(name, src), []string{"canonical"}) {
				found = []string{"canonical"}
				break
			}
		}
	}
	// Tools sharing a path (Copilot CLI and VS Code's .github/hooks) are
	// told apart by content first, as detect tells them apart: the
	// message of a choice left to the user names what detect lists (QA
	// q1 F2: it named vs-code-copilot beside gemini-cli's config, since
	// content was read only when every tool found shared one path).
	found = byContentGrouped(fsys, found)
	if len(found) > 1 {
		// The target is never the source: after a first migration the
		// project holds the target's config too, and a second run
		// must find the same source (and change nothing).
		isTarget := func(s string) bool {
			for _, t := range targets {
				// A tool sharing a target's file (Copilot CLI and VS
				// Code's .github/hooks) reads what the target wrote.
				if _, shared := SharedTargetFile([]string{s, t}); s == t || shared {
					return true
				}
			}
			return false
		}
		if others := slices.DeleteFunc(slices.Clone(found), isTarget); len(others) == 1 {
			left := slices.DeleteFunc(slices.Clone(found), func(s string) bool { return s == others[0] })
			note = fmt.Sprintf("hook configs of several tools here (%s): %s is read as the source, since %s %s a target of this run (--from names another)", strings.Join(found, ", "), others[0], strings.Join(left, ", "), isAre(len(left)))
			found = others
		}
	}
	switch len(found) {
	case 0:
		// A config or folder of some tool that is there but cannot be
		// read is no project without hooks (QA q5 F1: an unreadable
		// .claude gave the message fleet scripts skip on).
		if unread := unreadableConfigs(fsys, dir, providers.Slugs()); len(unread) > 0 {
			return "", false, "", &UnreadableError{Diagnostics: unread}
		}
		return "", false, "", noSourcef("no hook configuration found in %s; name the file, or the tool with --from", dir)
	case 1:
		return found[0], plugin, note, nil
	default:
		return "", false, "", choosef("%s has hook configs of several tools (%s); choose one with --from", dir, strings.Join(found, ", "))
	}
}

// unreadableConfigs reports, as HC100 errors named by their paths on the
// disk (dir joined), the config paths of the tools slugs in fsys that
// something is at but that cannot be read, which ProviderFiles passes
// over as absent: a folder on the way that refuses to be searched (named
// itself: chmod 000 .claude), a folder a glob's files are in that refuses
// to be listed, or no regular file at a file's path (a FIFO, a folder).
// Each is said once.
func unreadableConfigs(fsys fs.FS, dir string, slugs []string) diag.List {
	var ds diag.List
	said := map[string]bool{}
	add := func(rel string, err error) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if said[p] {
			return
		}
		said[p] = true
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		var d diag.List
		d.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "check its permissions, or move it away: hooks in it were not looked for", "cannot read %s: %v", p, err)
		ds = append(ds, d.WithFile(p)...)
	}
	for _, slug := range slugs {
		prov, ok := vocab.Default().Provider(slug)
		if !ok {
			continue
		}
		for _, pattern := range prov.Paths {
			rel := pattern
			if isGlob(pattern) {
				rel = path.Dir(pattern)
				if _, err := fs.ReadDir(fsys, rel); errors.Is(err, fs.ErrPermission) {
					add(refusingFolder(fsys, rel), err)
				}
				continue
			}
			st, err := fs.Stat(fsys, rel)
			switch {
			case errors.Is(err, fs.ErrPermission):
				add(refusingFolder(fsys, rel), err)
			case err == nil && !st.Mode().IsRegular():
				add(rel, fmt.Errorf("it is %s, not a regular file", readfile.Kind(st.Mode())))
			}
		}
	}
	return ds
}

// refusingFolder is the folder that refused the path rel: rel itself when
// it can be looked at (a folder that cannot be listed), else the
// deepest folder above it that can (one that cannot be searched).
func refusingFolder(fsys fs.FS, rel string) string {
	if _, err := fs.Stat(fsys, rel); err == nil {
		return rel
	}
	for rel = path.Dir(rel); rel != "."; rel = path.Dir(rel) {
		if _, err := fs.Stat(fsys, rel); err == nil {
			return rel
		}
	}
	return "."
}

// isAre is the verb for n things.
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// byContentGrouped narrows found by content (byContent) within each set
// of tools that read the same files, keeping found's order; tools whose
// files differ from every other's stay as they are.
func byContentGrouped(fsys fs.FS, found []string) []string {
	if len(found) < 2 {
		return found
	}
	var groups [][]string
	files := map[string][]string{}
	for _, slug := range found {
		rels := ProviderFiles(slug, fsys)
		files[slug] = rels
		i := slices.IndexFunc(groups, func(g []string) bool { return slices.Equal(files[g[0]], rels) })
		if i < 0 {
			groups = append(groups, []string{slug})
		} else {
			groups[i] = append(groups[i], slug)
		}
	}
	keep := map[string]bool{}
	for _, g := range groups {
		if len(g) == 1 {
			keep[g[0]] = true
			continue
		}
		for _, slug := range byContent(fsys, g) {
			keep[slug] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(found), func(s string) bool { return !keep[s] })
}

// byContent narrows tools that found the same config files (Copilot CLI
// and VS Code both read .github/hooks/*.json) to those the files' content
// names, by its event names as detect does: a project holding one tool's
// file is that tool's. Tools with files of their own are left as found.
func byContent(fsys fs.FS, found []string) []string {
	files := ProviderFiles(found[0], fsys)
	for _, slug := range found[1:] {
		if !slices.Equal(ProviderFiles(slug, fsys), files) {
			return found
		}
	}
	var named []string
	for _, name := range files {
		src, err := readfile.FromFS(fsys, name)
		if err != nil {
			return found
		}
		var cands []string
		for _, slug := range DetectSource(name, src) {
			if slices.Contains(found, slug) {
				cands = append(cands, slug)
			}
		}
		if len(cands) == len(found) {
			continue // told apart by nothing (notes.json, an empty hooks file): no vote
		}
		for _, slug := range cands {
			if !slices.Contains(named, slug) {
				named = append(named, slug)
			}
		}
	}
	if len(named) == 0 {
		return found
	}
	return named
}

// foreignPrograms names a file in the folder where hookconv writes a
// tool's generated program (OpenCode's .opencode/plugin/) that is not that
// program: a hand-written plugin, which a user pointing convert at the
// project should hear of rather than be told there is nothing. "" when
// there is none, or the tool gets no generated program.
func foreignPrograms(dir, from string) string {
	prov, ok := vocab.Default().Provider(from)
	if !ok || !prov.Generated {
		return ""
	}
	for _, pattern := range prov.Paths {
		folder := path.Dir(pattern)
		if strings.ContainsAny(pattern, "*?[") {
			continue // every file there is read already
		}
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(folder)))
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.Type().IsRegular() && e.Name() != path.Base(pattern) {
				return filepath.Join(dir, filepath.FromSlash(folder), e.Name())
			}
		}
	}
	return ""
}

// TargetFiles reads the files a target keeps in a project directory that
// read selects: IsDefaultPath for those its encoder merges into (the
// default config file when it exists, or, for a tool with one file per
// hook or event, every file of that folder), IsMigrationPath for every
// file migrate looks for hooks in, IsSwitchPath for those whose settings
// turn its hooks off (read also where they are none of its hook
// configs: Copilot CLI's repository settings.json). Keys are
// slash-separated paths relative to root; nil when there is none. A file
// that cannot be read whole (refused, no regular file, larger than
// canonical.MaxFileSize) makes the error an *UnreadableError holding an
// HC100 or HC102 diagnostic for each such file.
func TargetFiles(root, slug string, read func(slug, rel string) bool) (providers.Files, error) {
	files := providers.Files{}
	fsys := os.DirFS(root)
	rels := ProviderFiles(slug, fsys)
	if prov, ok := vocab.Default().Provider(slug); ok {
		// A file whose settings turn the hooks off need not be one of the
		// tool's hook configs (Copilot CLI's repository settings.json).
		for _, rel := range prov.SwitchPaths {
			if st, err := fs.Stat(fsys, rel); err == nil && st.Mode().IsRegular() && !slices.Contains(rels, rel) {
				rels = append(rels, rel)
			}
		}
	}
	var unread diag.List
	for _, rel := range rels {
		if !read(slug, rel) {
			continue
		}
		b, rds := readfile.Read(filepath.Join(root, filepath.FromSlash(rel)))
		if rds != nil {
			unread = append(unread, rds...)
			continue
		}
		files[rel] = b
	}
	if unread != nil {
		return nil, &UnreadableError{Diagnostics: unread}
	}
	if len(files) == 0 {
		return nil, nil
	}
	return files, nil
}

// UnreadableError is the error of TargetFiles, ReadProjectTarget and
// ConvertProject when a target file found in the project could not be
// read, and of FindProjectSource (and so ConvertProject) when no source
// config could be read but one is there: its diagnostics are an HC100 or
// HC102 error for each such file or folder, named by its path on the
// disk. They are problems of the project, not
// of the call: hookconv says them as it says an unreadable input, and
// exits 1.
type UnreadableError struct {
	Diagnostics diag.List
}

func (e *UnreadableError) Error() string {
	msgs := make([]string, len(e.Diagnostics))
	for i, d := range e.Diagnostics {
		msgs[i] = d.Message
	}
	return strings.Join(msgs, "; ")
}

// ReadProjectTarget reads what converting into the project directory root
// needs of the target there, as hookconv convert -o DIR/ does: the
// target's files (existing, every path IsMigrationPath names), and
// Options with Project set, Beside holding the files whose settings can
// turn the written hooks off (IsSwitchPath), and AlsoRun the configs of
// the tools whose hooks the target also runs (keyed by their paths on
// the disk). A file among them that cannot be read makes the error an
// *UnreadableError.
func ReadProjectTarget(root, to string) (existing providers.Files, opts Options, err error) {
	if existing, err = TargetFiles(root, to, IsMigrationPath); err != nil {
		return nil, Options{}, err
	}
	opts.Project = true
	if opts.Beside, err = TargetFiles(root, to, IsSwitchPath); err != nil {
		return nil, Options{}, err
	}
	opts.AlsoRun = map[string]providers.Files{}
	prov, _ := vocab.Default().Provider(to)
	everyPath := func(string, string) bool { return true } // each of the tool's paths it runs
	for _, other := range prov.AlsoReads {
		files, err := TargetFiles(root, other, everyPath)
		if err != nil {
			return nil, Options{}, err
		}
		onDisk := providers.Files{}
		for p, b := range files {
			onDisk[filepath.Join(root, filepath.FromSlash(p))] = b
		}
		opts.AlsoRun[other] = onDisk
	}
	return existing, opts, nil
}

// SettingsBeside reads, for config files of tool from named inside a
// project (keyed by their paths on the disk), the files beside them whose
// settings hold for their hooks, to pass to DecodeSourceBeside: the tool's
// switch_paths (Copilot CLI's .github/copilot/settings.json, whose
// disableAllHooks turns off every .github/hooks file: QA, it was
// ignored), and, with otherConfigs, for one file named, the tool's other
// config files there (Claude Code's settings.local.json beside its
// settings.json: the tool merges their settings, disableAllHooks and
// "env", which hold for the named file's hooks; QA: converting
// settings.json alone missed the local file's env). Their hooks are not
// converted. None for standard input, a plugin's hooks or a manifest.
//
// A file there that cannot be read whole (no regular file, larger than
// canonical.MaxFileSize, or refused) is an HC100 or HC102 error in ds, as
// it is when the project is converted, where it is read as one of the
// tool's configs: its settings could turn the hooks off, so the
// conversion cannot say what runs without it.
func SettingsBeside(from string, in providers.Files, otherConfigs bool) (beside providers.Files, ds diag.List) {
	if len(in) == 0 || from == "canonical" {
		return nil, nil
	}
	root, plugin, ok := SourceRoot(from, in)
	if !ok || plugin {
		return nil, nil
	}
	var named []os.FileInfo
	for _, p := range in.Paths() {
		st, err := os.Stat(p)
		if err != nil {
			return nil, nil // standard input
		}
		named = append(named, st)
	}
	prov, _ := vocab.Default().Provider(from)
	patterns := prov.SwitchPaths
	if otherConfigs && len(in) == 1 {
		patterns = append(slices.Clone(prov.Paths), patterns...)
	}
	tried := map[string]bool{}
	for _, pattern := range patterns {
		if strings.ContainsAny(pattern, "*?[") || providers.IsPluginHooksFile(pattern) {
			continue
		}
		p := filepath.Join(root, filepath.FromSlash(pattern))
		if st, err := os.Stat(p); err != nil || slices.ContainsFunc(named, func(n os.FileInfo) bool { return os.SameFile(st, n) }) {
			continue
		}
		if tried[p] {
			continue // a switch path that is also a config path
		}
		tried[p] = true
		b, rds := readfile.Read(p)
		if rds != nil {
			ds = append(ds, unreadSourceFile(rds)...)
			continue
		}
		if beside == nil {
			beside = providers.Files{}
		}
		beside[p] = b
	}
	return beside, ds
}

// SourceScripts opens the folder the commands of config files read from
// the disk (keyed by their paths there) run from, so that checks can
// read the scripts they use, with its place in its git repository
// (FindRepoPlace); nil when a config is not where its tool looks for it
// (standard input, a copy elsewhere), or the configs belong to different
// folders.
func SourceScripts(from string, in providers.Files) *Scripts {
	root, plugin, ok := SourceRoot(from, in)
	if !ok {
		return nil
	}
	return &Scripts{FS: os.DirFS(root), Plugin: plugin, PluginFolder: inPluginFolder(from, in), Repo: FindRepoPlace(root)}
}

// inPluginFolder reports whether SourceRoot takes the folder of a plugin
// kept in a project for the files' (pluginFolder), not a project's root.
func inPluginFolder(from string, in providers.Files) bool {
	for _, p := range in.Paths() {
		_, _, found := ProjectRoot(from, p)
		_, plugin := pluginFolder(from, p)
		return !found && plugin
	}
	return false
}

// SourceRoot finds the folder the hooks of config files read from the
// disk (keyed by their paths there; "-" or "<stdin>" for standard input)
// run from: the project (or plugin: plugin is true) whose config the
// files are, the same for all of them; ok is false when there is none
// (stdin, a file at no path of the tool's, files of two projects). A
// plugin's hooks/hooks.json of a tool that runs hooks in the folder
// holding its config but keeps none at that path (a Cursor plugin's,
// which FindProjectSource reads when its folder is converted) runs its
// relative paths from the plugin's folder, the folder above hooks/.
func SourceRoot(slug string, in providers.Files) (dir string, plugin, ok bool) {
	for i, p := range in.Paths() {
		root, inPlugin, found := ProjectRoot(slug, p)
		if !found {
			root, found = pluginFolder(slug, p)
		}
		if abs, err := filepath.Abs(p); !found && err == nil && p != "-" && p != "<stdin>" {
			// settings.json named from inside .claude/ (QA): the path
			// as a whole says where the project is.
			root, inPlugin, found = ProjectRoot(slug, abs)
		}
		if slug == "canonical" && p != "-" && p != "<stdin>" {
			// A manifest's commands run from the project it is kept in:
			// its folder, where hookconv writes one (hooks.json).
			root, inPlugin, found = filepath.Dir(p), false, true
		}
		if !found || i > 0 && (root != dir || inPlugin != plugin) {
			return "", false, false
		}
		dir, plugin = root, inPlugin
	}
	return dir, plugin, dir != ""
}

// pluginFolder returns the folder of a plugin's hooks file p
// (<folder>/hooks/hooks.json) where slug's tool keeps no config at that
// path and runs hooks in the folder holding its config (the providers
// table's hook_cwd "project": Cursor): there the file's relative paths
// name the plugin's own files (QA q3 F7: a Cursor plugin's
// ./scripts/deny.sh in repo/sub was anchored at repo/scripts/deny.sh).
func pluginFolder(slug, p string) (string, bool) {
	prov, ok := vocab.Default().Provider(slug)
	if !ok || prov.HookCwd != "project" || p == "-" || p == "<stdin>" || !providers.IsPluginHooksFile(p) || slices.Contains(prov.Paths, "hooks/hooks.json") {
		return "", false
	}
	return filepath.Dir(filepath.Dir(filepath.Clean(p))), true
}

// FindRepoPlace finds where folder dir lies in a git repository: the
// nearest folder from dir up that holds a .git (a folder, or a file in a
// worktree or submodule). Unknown when dir cannot be made absolute.
func FindRepoPlace(dir string) RepoPlace {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return RepoPlace{}
	}
	// Where the folder really is, as git finds it from there: a link
	// into a repository is in it, one out of it is not (QA).
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	place := RepoPlace{Known: true}
	for at := abs; ; at = filepath.Dir(at) {
		if _, err := os.Lstat(filepath.Join(at, ".git")); err == nil {
			place.InRepo = true
			if rel, err := filepath.Rel(at, abs); err == nil && rel != "." {
				place.Sub = filepath.ToSlash(rel)
			}
			return place
		}
		if filepath.Dir(at) == at {
			return place
		}
	}
}

// OpenSource decodes config files read from the disk (keyed by their
// paths there) as hookconv convert does: with the settings files beside
// them (SettingsBeside, the tool's other configs too for one file named)
// and Scripts set (SourceScripts). Its conversions then say what the
// command says of the same files.
func OpenSource(from string, in providers.Files) *Source {
	s, _ := openSource(from, in)
	return s
}

// openSource is OpenSource, with the settings files it read beside in
// (for a diagnostic renderer to quote).
func openSource(from string, in providers.Files) (*Source, providers.Files) {
	settings, ds := SettingsBeside(from, in, true)
	s := DecodeSourceBeside(from, in, settings)
	s.Diagnostics = append(ds, s.Diagnostics...)
	s.Scripts = SourceScripts(from, in)
	return s, settings
}

// ProjectOptions change what ConvertProject does. The zero value converts
// to standard output's worth of files, into nothing that exists.
type ProjectOptions struct {
	// Shim is Options.Shim.
	Shim bool
	// Into is the project directory the target's files go to (hookconv
	// convert -o DIR/): its target files are read and merged into, and
	// those that turn the hooks off or run beside them are read for the
	// diagnostics (ReadProjectTarget). "" converts into no existing file, as
	// hookconv convert does to standard output.
	Into string
	// Platforms is Options.Platforms.
	Platforms Platforms
}

// ProjectConversion is the result of ConvertProject.
type ProjectConversion struct {
	Conversion
	// From is the source tool: the one asked for, or found.
	From string
	// Existing are the target's files read under ProjectOptions.Into
	// (slash-separated paths relative to it, as Files are): a writer
	// must find them unchanged before writing over them.
	Existing providers.Files
	// Sources holds every file read, by the name the diagnostics give it
	// (the source's and the target's paths on the disk), for a
	// diag.Renderer's Sources to quote their lines.
	Sources map[string][]byte
}

// ConvertProject converts the hooks of a project directory, as hookconv
// convert DIR --to TO [-o INTO/] does short of writing: it finds the
// source tool's config in dir (FindProjectSource; from "" finds the tool
// too), reads the settings files beside it, opens its scripts' folder
// and finds where that lies in its git repository (OpenSource), reads
// the target's files under opts.Into (ReadProjectTarget), and converts. The
// diagnostics are the command's: a library caller gets what the command
// says of the same project, with the target's files named by their paths
// on the disk. Result.Files are keyed relative to opts.Into (or the
// project, with no Into); nothing is written.
//
// It takes a directory on the disk, not an fs.FS: the checks follow the
// project's symbolic links and find its git repository from its real
// place, which an fs.FS cannot say. The error is that of
// FindProjectSource or ReadProjectTarget (ErrNoSource for a project without
// the source tool's config); problems of the conversion itself are in
// the Diagnostics.
func ConvertProject(dir, from, to string, opts ProjectOptions) (ProjectConversion, error) {
	found, err := FindProjectSource(dir, from, []string{to})
	if err != nil {
		return ProjectConversion{}, err
	}
	res := ProjectConversion{From: found.From, Sources: map[string][]byte{}}
	var copts Options
	if opts.Into != "" {
		if res.Existing, copts, err = ReadProjectTarget(opts.Into, to); err != nil {
			return ProjectConversion{}, err
		}
	}
	copts.Shim, copts.Platforms = opts.Shim, opts.Platforms
	source, settings := openSource(found.From, found.Files)
	res.Conversion = source.Convert(to, res.Existing, copts)
	res.Diagnostics = append(slices.Clip(found.Diagnostics), res.Diagnostics...)
	for _, files := range []providers.Files{settings, found.Files} {
		maps.Copy(res.Sources, files)
	}
	if opts.Into != "" {
		res.Diagnostics = onDisk(opts.Into, res.Diagnostics, res.Existing, res.Files, res.Sources)
	}
	return res, nil
}

// onDisk names the diagnostics about the target's files (those read,
// existing, and those written) by their paths on the disk under root, as
// the source's are named, and records what was read of them in sources.
func onDisk(root string, ds diag.List, existing, written providers.Files, sources map[string][]byte) diag.List {
	for i, d := range ds {
		_, had := existing[d.File]
		_, writes := written[d.File]
		if d.File != "" && (had || writes) {
			ds[i].File = filepath.Join(root, filepath.FromSlash(d.File))
			sources[ds[i].File] = existing[d.File]
		}
	}
	return ds
}

// unreadSourceFile turns the errors of reading one of the source tool's
// files found in the project (a config beside the one converted, a
// settings file that can turn the hooks off) into warnings: such a file
// that cannot be read (a FIFO, a link to /dev/zero, a folder, no
// permission) is never waited on, and the conversion goes on with the
// others, the warning saying what was not checked (QA q2 F4: an
// unreadable settings.local.json stopped it, exit 1); --strict fails on
// it.
func unreadSourceFile(rds diag.List) diag.List {
	out := make(diag.List, 0, len(rds))
	for _, d := range rds {
		if d.Severity == diag.Error {
			d.Severity = diag.Warning
			d.Message += "; whether it turns the hooks off, or holds hooks of its own, was not checked"
			d.Hint = "make it a readable regular file, or move it away, and convert again"
		}
		out = append(out, d)
	}
	return out
}
