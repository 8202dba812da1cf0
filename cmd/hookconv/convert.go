package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/atomicfile"
	"github.com/hookconv/hookconv/internal/readfile"
	"github.com/hookconv/hookconv/internal/suggest"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
	"github.com/spf13/cobra"
)

func newConvertCmd(e *env) *cobra.Command {
	var from, to, out, format, platformList string
	var strict, shim bool
	cmd := &cobra.Command{
		Use:   "convert [--from P] --to Q [INPUT] [-o OUT]",
		Short: "Convert hook configuration from one tool to another",
		Long: `Convert reads the hooks of one tool (or a hooks/1.0 manifest), checks what
the target can hold, writes the target's native configuration and verifies
it by reading it back.

INPUT is a file, "-" for standard input, or a project directory (the
source tool's config inside it; default "."). --from may be left out when
the path or content says which tool it is.

The result goes to standard output: for a settings file, only the "hooks"
that hookconv owns; several files (Cline's scripts, Kiro's hook files)
one after another under "# path" lines. With -o FILE it is written
atomically; if FILE exists, its "hooks" are replaced and every other key,
its order, formatting and comments are kept. With -o DIR (a directory
that exists, or a path ending in "/") DIR is a project root: each file
goes to the tool's own path under it, written into each file there as
into -o FILE (its "hooks" replaced, the rest kept). To add hooks to those
a project already has, use hookconv migrate.
Diagnostics go to standard error.

With --shim every command hook becomes "hookconv run --provider Q … --
bash -c 'COMMAND'" (with the shell of the tool COMMAND was written for:
"$SHELL" -c for Codex, which runs it with the user's shell where that is
zsh, bash or sh, and hookconv run runs bash (zsh on macOS) for another;
bash, or sh where bash is not installed, for the others): the hook gets
the canonical event on stdin and answers with the canonical exit codes
and JSON, and the shim translates that for Q. The hooks then need
hookconv on PATH wherever they run. For Codex, which runs a hook with the shell of the user's
account (zsh by default on macOS), this keeps a command written for sh or
bash read as it was (HC443).

` + platformsHelp + `

Exit status: 0 on success (warnings allowed), 1 on errors (or warnings,
with --strict); nothing is written then. 1 also when the project holds no
config of the source tool, or the output cannot be written. 2 when the
command line is wrong, or incomplete: the configs of several tools and
none named (HC469: name it with --from).`,
		Example: `  hookconv convert --to gemini-cli .claude/settings.json
  hookconv convert --from claude-code --to codex . -o .codex/hooks.json
  hookconv convert --to canonical examples/project > hooks.json
  hookconv convert --from claude-code --to cline . -o ./`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains([]string{diag.FormatText, diag.FormatJSON, diag.FormatGitHub}, format) {
				return usagef("--format must be one of text, json, github, not %q", format)
			}
			if to == "" {
				return usagef("--to is required; targets: %s", strings.Join(providers.Slugs(), ", "))
			}
			platforms, err := declaredPlatforms(cmd, platformList)
			if err != nil {
				return err
			}
			if err := checkSlug("--to", to); err != nil {
				return err
			}
			if from != "" {
				if err := checkSlug("--from", from); err != nil {
					return err
				}
			}
			input := "."
			if len(args) == 1 {
				input = args[0]
			}
			e.targets = []string{to}
			if out != "" && out != "-" {
				// A signal ends the run with a line saying what was
				// written (guardSignals), as migrate's does.
				stop := guardSignals(e.stderr)
				defer stop()
			}
			in, slug, ds, err := readSource(e, input, from)
			if err != nil {
				return sourceMissing(e, format, err)
			}
			if in == nil {
				// The input could not be read: say so, and nothing else.
				return renderAndFail(e, format, ds)
			}
			// The -o file is passed to the encoder so it merges into it; a
			// file that does not exist yet is named with no content. A
			// directory is a project root: the target's files go to their
			// default paths under it, merged into those that exist.
			var existing providers.Files
			var project hookconv.Options // the target's files beside, under -o DIR
			root := ""
			if out == "-" {
				out = "" // -o - is stdout, as INPUT - is stdin
			}
			if out != "" {
				if st, err := os.Stat(out); (err == nil && st.IsDir()) || strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
					root = out
					if folder, inside := inConfigFolder(root, to); inside {
						return usagef("-o %s is %s's own %s folder: name the project directory that holds %s instead", out, to, folder, folder)
					}
					if existing, project, err = hookconv.ReadProjectTarget(root, to); err != nil {
						return targetReadFailure(e, format, err)
					}
					if to == "canonical" {
						for p := range existing {
							if err := manifestOutput(filepath.Join(root, filepath.FromSlash(p))); err != nil {
								return err
							}
						}
					}
				} else {
					if err := foreignOutput(out, to, slug, in); err != nil {
						return err
					}
					b, rds, err := readTarget(out)
					if err != nil {
						return err
					}
					if rds.HasErrors() {
						return renderAndFail(e, format, rds)
					}
					existing = providers.Files{out: b}
				}
			}
			// Into a project, ReadProjectTarget read the files whose
			// settings can turn the written hooks off, and those of the
			// tools that also run them; beside -o FILE, the target's
			// other files the tool loads with it.
			beside := project.Beside
			if root == "" && out != "" {
				if beside, err = besideFiles(out, to); err != nil {
					return targetReadFailure(e, format, err)
				}
			}
			alsoRun := project.AlsoRun
			if alsoRun == nil {
				alsoRun = map[string]providers.Files{}
			}
			settings, sds := hookconv.SettingsBeside(slug, in, true)
			source := hookconv.DecodeSourceBeside(slug, in, settings)
			source.Diagnostics = append(sds, source.Diagnostics...)
			source.Scripts = hookconv.SourceScripts(slug, in)
			// One conversion of this Source: it hands over its hooks, no copy.
			res := source.ConvertOnce(to, existing, hookconv.Options{Shim: shim, Project: root != "", Beside: beside, AlsoRun: alsoRun, Platforms: platforms})
			all := append(ds, res.Diagnostics...)
			sources := map[string][]byte{}
			for _, files := range []providers.Files{settings, in} {
				maps.Copy(sources, files)
			}
			if root == "" {
				// The -o file and those beside it are named as the user
				// named them: diagnostics about them (a syntax error, a
				// comment lost, HC320) quote them as the source's do.
				// What was read, not what is written: the positions of
				// what the encoder found are in the file as it was.
				for _, files := range []providers.Files{existing, beside} {
					for p, b := range files {
						if _, ok := sources[p]; !ok {
							sources[p] = b
						}
					}
				}
			}
			if root != "" {
				// The target's files are named relative to the project:
				// diagnostics about them name them as they are on disk.
				for i, d := range all {
					_, had := existing[d.File]
					_, writes := res.Files[d.File]
					if d.File != "" && (had || writes) {
						all[i].File = filepath.Join(root, filepath.FromSlash(d.File))
						sources[all[i].File] = existing[d.File]
					}
				}
			}
			r := diag.Renderer{Format: format, Color: format == diag.FormatText && useColor(e.stderr), Sources: sources}
			if all.HasErrors() || (strict && all.Count(diag.Warning) > 0) || res.Files == nil {
				if err := r.Render(e.stderr, all); err != nil {
					return err
				}
				return exitError{exitProblems}
			}
			if format == diag.FormatText {
				// Shown before the output, as the reader meets them.
				if err := r.Render(e.stderr, all); err != nil {
					return err
				}
				all = nil
			}
			return reportWrite(e, r, all, writeResult(e, res.Files, existing, out, root, to))
		},
	}
	onceStringVar(cmd.Flags(), &from, "from", "", "", "source tool slug (detected from the path or content when omitted)", "give it once")
	onceStringVar(cmd.Flags(), &to, "to", "", "", "target tool slug (required)", "convert writes one target; run it once per tool, or use migrate --to with a comma-separated list")
	onceStringVar(cmd.Flags(), &out, "output", "o", "", "write the result to this file (its \"hooks\" replaced, every other key kept, if it exists), or under this project directory; - is stdout", "give it once")
	cmd.Flags().StringVarP(&format, "format", "f", diag.FormatText, "diagnostics format: text, json or github")
	cmd.Flags().BoolVar(&strict, "strict", false, "fail (exit 1, nothing written) on warnings too")
	cmd.Flags().BoolVar(&shim, "shim", false, "wrap each command in hookconv run, so hooks written to the canonical contract work on the target (hookconv must be on PATH there)")
	platformsFlag(cmd, &platformList)
	return cmd
}

// foreignOutput refuses an -o file that is another tool's config (by its
// path, or the path a link leads to: .claude/settings.json for --to
// gemini-cli), a file that is no manifest for --to canonical (a manifest
// is a whole document: writing one replaces every other key), or the
// input itself converted to another tool: the converted hooks would
// replace that tool's own there, which it then never runs, guards
// included.
func foreignOutput(out, to, from string, in providers.Files) error {
	if to == "canonical" {
		return manifestOutput(out)
	}
	names := vocab.Default()
	target, _ := names.Provider(to)
	paths := []string{out}
	if real, err := filepath.EvalSymlinks(out); err == nil && real != out {
		paths = append(paths, real)
	}
	for _, p := range paths {
		owner, foreign := configOwner(p, to)
		if !foreign {
			continue
		}
		where := "a new file"
		if len(target.Paths) > 0 {
			where = target.Paths[0]
		}
		via := ""
		if p != out {
			via = " (through a link)"
		}
		return usagef("-o %s is %s's config%s, not %s's: the converted hooks would replace %s's own there; write to %s (or a project directory) instead", out, owner.Name, via, target.Name, owner.Name, where)
	}
	if from == to {
		return nil
	}
	st, err := os.Stat(out)
	if err != nil {
		return nil
	}
	for p := range in {
		if ps, err := os.Stat(p); err == nil && os.SameFile(st, ps) {
			return usagef("-o %s is the input file: converting its %s hooks to %s there would replace them; write to another file", out, from, to)
		}
	}
	return nil
}

// configOwner is the tool whose config path p is, when that is not to
// (any tool when to is ""): by the path alone, as the tools find their
// configs.
func configOwner(p, to string) (vocab.Provider, bool) {
	owners := hookconv.DetectSource(filepath.ToSlash(p), nil)
	if len(owners) == 0 || slices.Contains(owners, to) {
		return vocab.Provider{}, false
	}
	return vocab.Default().Provider(owners[0])
}

// manifestOutput refuses an existing file that a manifest written there
// would replace, a manifest being a whole file: anything but a manifest or
// an empty document ({}), another tool's config (through a link too)
// included.
func manifestOutput(out string) error {
	// Read as the -o file is then (readTarget), which says what stops it
	// being read: a FIFO is not waited on (QA: --to canonical -o FIFO
	// hung here, before readTarget refused it).
	b, err := readfile.Bytes(out)
	if err != nil {
		return nil // nothing there yet, or readTarget says why not
	}
	trimmed := bytes.TrimSpace(b)
	if len(trimmed) == 0 || strings.Join(strings.Fields(string(trimmed)), "") == "{}" || slices.Contains(hookconv.DetectSource(out, b), "canonical") {
		return nil
	}
	what := "is no hooks/1.0 manifest"
	real := out
	if r, err := filepath.EvalSymlinks(out); err == nil {
		real = r
	}
	if owner, ok := configOwner(real, ""); ok {
		what = "is " + owner.Name + "'s config"
	}
	return usagef("-o %s %s: a manifest is a whole file, and writing one there would replace everything in it; write the manifest to a new file", out, what)
}

func checkSlug(flag, slug string) error {
	if _, ok := providers.Get(slug); !ok {
		return usagef("%s %q is not a supported tool%s; supported: %s", flag, slug, didYouMean(slug, providers.Slugs()), strings.Join(providers.Slugs(), ", "))
	}
	return nil
}

// didYouMean is " (did you mean X?)" for the slug closest to a mistyped
// one, or "" when none is close.
func didYouMean(slug string, slugs []string) string {
	if near := suggest.Slug(slug, slugs); near != "" {
		return " (did you mean " + near + "?)"
	}
	return ""
}

// readSource reads INPUT and settles the source tool.
func readSource(e *env, input, from string) (providers.Files, string, diag.List, error) {
	if input != "-" {
		if st, err := os.Stat(input); err == nil && st.IsDir() {
			return readProject(e, input, from)
		}
	}
	name, src, ds := readInput(e, input)
	if src == nil {
		return nil, "", ds, nil
	}
	if from == "" {
		cands := hookconv.DetectSource(name, src)
		switch len(cands) {
		case 0:
			// An input that does not parse but whose name or text points
			// to one tool gets that tool's diagnostic (HC216 says which),
			// not a usage error --from would not mend (QA F3).
			likely, lds := hookconv.LikelySource(name, src)
			if likely == "" {
				return nil, "", nil, usagef("cannot tell which tool %s belongs to; name it with --from (%s)", name, strings.Join(providers.Slugs(), ", "))
			}
			from, ds = likely, append(ds, lds...)
		case 1:
			from = cands[0]
		default:
			if hookconv.MixesFormats(src, cands) {
				return nil, "", nil, usagef("%s mixes the event names of %s; name the tool that reads it with --from", name, strings.Join(cands, " and "))
			}
			return nil, "", nil, usagef("%s could be %s; name one with --from", name, strings.Join(cands, " or "))
		}
		if err := checkSlug("the detected source", from); err != nil {
			return nil, "", nil, err
		}
	}
	return providers.Files{name: src}, from, ds, nil
}

// readProject finds the source tool's config files in a project directory
// (hookconv.FindProjectSource), its errors told apart as the command
// reports them: no config of the tool, or several tools' configs and a
// choice to make (exit 1 and exit 2, an HC401 or HC469 error in the json
// and github formats). Configs there that none could be read of are, as
// an unreadable input is, no files and their HC100 errors.
func readProject(e *env, dir, from string) (providers.Files, string, diag.List, error) {
	found, err := hookconv.FindProjectSource(dir, from, e.targets)
	if unread, rerr := targetReadProblems(err); rerr == nil && unread != nil {
		return nil, "", unread, nil
	}
	if errors.Is(err, hookconv.ErrNoSource) {
		return nil, "", nil, noSourcef("%v", err)
	}
	if errors.Is(err, hookconv.ErrSeveralSources) {
		return nil, "", nil, noSourceError{msg: err.Error(), several: true}
	}
	if err != nil {
		return nil, "", nil, usagef("%v", err)
	}
	// Ready the heap for converting the files read (see readInput).
	total := 0
	for _, b := range found.Files {
		total += len(b)
	}
	prepareHeap(e, total)
	return found.Files, found.From, found.Diagnostics, nil
}

// inConfigFolder reports whether dir is (or ends in) the folder the
// tool's config sits in (.kiro/hooks, .windsurf): -o takes the project
// directory, so the files would land in .kiro/hooks/.kiro/hooks/, where
// the tool never looks.
func inConfigFolder(dir, to string) (string, bool) {
	prov, ok := vocab.Default().Provider(to)
	if !ok || len(prov.Paths) == 0 {
		return "", false
	}
	// The default path's folder, when it is a tool's dot-folder: a
	// project directory is never named so.
	folder := path.Dir(prov.Paths[0])
	if !strings.HasPrefix(folder, ".") || folder == "." {
		return "", false
	}
	clean := filepath.ToSlash(filepath.Clean(dir))
	return folder, clean == folder || strings.HasSuffix(clean, "/"+folder)
}

// besideFiles reads the files a tool loads beside out, when out is one of
// its config paths in a project and the tool runs the hooks of all of
// them together (Codex's config.toml beside hooks.json), or whose
// settings or presence bear on out's hooks (switch_paths, shadowed_by;
// agent_paths: Kiro CLI's other agents, which do not run the hooks of
// its default agent's file), keyed by their paths as the user would name
// them.
func besideFiles(out, to string) (providers.Files, error) {
	prov, ok := vocab.Default().Provider(to)
	if !ok || !prov.LoadsAllPaths && len(prov.SwitchPaths) == 0 && len(prov.ShadowedBy) == 0 && len(prov.AgentPaths) == 0 {
		return nil, nil
	}
	// The files loaded beside the one written: for a tool that loads
	// all its paths, every other one; else its default config and the
	// files whose settings can turn its hooks off (Claude's
	// settings.local.json), the one written left out.
	loaded := hookconv.IsMigrationPath
	if !prov.LoadsAllPaths {
		loaded = func(slug, rel string) bool {
			return hookconv.IsSwitchPath(slug, rel) || hookconv.IsDefaultPath(slug, rel)
		}
	}
	slash := filepath.ToSlash(filepath.Clean(out))
	for _, rel := range prov.Paths {
		root, found := strings.CutSuffix(slash, rel)
		if !found || (root != "" && !strings.HasSuffix(root, "/")) {
			continue
		}
		root = cmp.Or(root, ".")
		files, err := hookconv.TargetFiles(root, to, loaded)
		if err != nil {
			return nil, err
		}
		beside := providers.Files{}
		for p, b := range files {
			if p != rel {
				beside[filepath.Join(root, filepath.FromSlash(p))] = b
			}
		}
		return beside, nil
	}
	return nil, nil
}

// writeResult prints the converted files, or writes them: to the -o
// file, or under the -o project root. All files are staged before any is
// renamed into place, so a failure leaves every file as it was; and a
// file that no longer holds what was read of it (existing; absent: no
// file) is not written over.
func writeResult(e *env, files, existing providers.Files, out, root, to string) error {
	if out == "" {
		paths := files.Paths()
		for _, p := range paths {
			if len(paths) > 1 {
				if _, err := fmt.Fprintf(e.stdout, "# %s\n", p); err != nil {
					return writeFailure{err: stdoutFailed(err), code: exitProblems, outcome: "the output is incomplete"}
				}
			}
			if _, err := e.stdout.Write(files[p]); err != nil {
				return writeFailure{err: stdoutFailed(err), code: exitProblems, outcome: "the output is incomplete"}
			}
		}
		return nil
	}
	adapter, _ := providers.Get(to)
	if root == "" {
		var err error
		if root, err = projectOf(out, files); err != nil {
			return writeFailure{err: err, code: exitUsage, file: out}
		}
	}
	disk := make(map[string][]byte, len(files))
	before := make(map[string][]byte, len(files))
	mode := map[string]fs.FileMode{}
	for _, p := range files.Paths() {
		dst := p
		if root != "" && p != out {
			dst = filepath.Join(root, filepath.FromSlash(p))
			var err error
			if err = insideRoot(root, dst); err == nil {
				dst, err = throughLink(root, dst)
			}
			if err == nil {
				err = linkIntoOther(filepath.Join(root, filepath.FromSlash(p)), to)
			}
			if err != nil {
				return writeFailure{err: err, code: exitProblems, file: dst}
			}
		} else if real, err := filepath.EvalSymlinks(dst); err == nil && real != dst {
			// The -o file the user named is a link: write where it leads,
			// as a shell redirection would, and keep the link.
			dst = real
		}
		disk[dst] = files[p]
		if b, read := existing[p]; read {
			before[dst] = b // only what was read: another file may be new
		}
		mode[dst] = providers.FileMode(adapter, p)
	}
	write := func() error {
		return atomicfile.WriteInOrderIfUnchanged(slices.Sorted(maps.Keys(disk)), disk, func(p string) fs.FileMode { return mode[p] }, before)
	}
	if err := removingStagedOnSignal(e.stderr, write); err != nil {
		return writeFailure{err: err, code: exitProblems, file: out}
	}
	return nil
}

// projectOf returns the project an -o file lies in, for an encoder that
// writes more files than the one named (Kiro's .kiro.hook files, one per
// hook): it names the others by their default paths, which belong beside
// the -o file in its project, not in the current directory. It is "" when
// only the -o file is written, and an error when the -o file is not where
// the others' folder is, so there is no project to put them in.
func projectOf(out string, files providers.Files) (string, error) {
	dir := filepath.ToSlash(filepath.Clean(filepath.Dir(out)))
	others := slices.DeleteFunc(files.Paths(), func(p string) bool { return p == out })
	root := ""
	for _, p := range others {
		folder, r := path.Dir(p), ""
		switch {
		case dir == folder:
			r = "."
		case strings.HasSuffix(dir, "/"+folder):
			r = strings.TrimSuffix(dir, folder)
		}
		if r == "" || root != "" && r != root {
			return "", fmt.Errorf("the conversion writes %s, and %s is not in the folder of their project: name the project directory with -o instead",
				strings.Join(others, ", "), out)
		}
		root = r
	}
	return filepath.FromSlash(root), nil
}

// throughLink returns where to write dst: dst itself, or, when dst is a
// symbolic link whose target lies inside the project root, that target
// (a project's .gemini/settings.json linking to config/gemini.json is
// written there, the link kept). A link leading out of the project is
// refused.
func throughLink(root, dst string) (string, error) {
	fi, err := os.Lstat(dst)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return dst, nil
	}
	real, err := filepath.EvalSymlinks(dst)
	if err != nil {
		return "", fileError{dst, fmt.Errorf("%s is a symbolic link that leads nowhere: %w", dst, err)}
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", err
	}
	if rel, err := relAbs(realRoot, real); err != nil || !filepath.IsLocal(rel) {
		return "", fileError{dst, fmt.Errorf("%s is a symbolic link leading outside %s", dst, root)}
	}
	return real, nil
}

// fileError is a failure to write one file, which the json and github
// formats' HC105 name as its file (QA q5 F8: a link leading out of the
// project was an error of no file, line 0).
type fileError struct {
	file string
	err  error
}

func (e fileError) Error() string { return e.err.Error() }
func (e fileError) Unwrap() error { return e.err }

// insideRoot refuses a destination whose nearest existing folder resolves
// (through symbolic links) outside the project root: a .claude link to a
// shared dotfiles folder must not be written through by a project write.
// relAbs is filepath.Rel of the two paths made absolute: a link to an
// absolute path inside a project named relatively (".") is inside it.
func relAbs(base, target string) (string, error) {
	absBase, err := filepath.Abs(base)
	if err != nil {
		return "", err
	}
	absTarget, err := filepath.Abs(target)
	if err != nil {
		return "", err
	}
	return filepath.Rel(absBase, absTarget)
}

// linkIntoOther refuses a config path that is a link to another tool's
// config (.gemini/settings.json → ../.claude/settings.json): writing the
// target's hooks there would replace that tool's own, its guards among
// them, which it then never runs.
func linkIntoOther(path, to string) error {
	// Where the path leads, through a link on the file or on a folder
	// above it (.gemini → .claude), whether or not the file exists yet.
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		dir, derr := filepath.EvalSymlinks(filepath.Dir(path))
		if derr != nil {
			return nil
		}
		real = filepath.Join(dir, filepath.Base(path))
	}
	if filepath.Clean(real) == filepath.Clean(path) {
		return nil
	}
	owner, foreign := configOwner(real, to)
	if !foreign {
		return nil
	}
	target, _ := vocab.Default().Provider(to)
	return fmt.Errorf("%s is a link to %s, %s's config: writing %s's hooks there would replace %s's own", path, real, owner.Name, target.Name, owner.Name)
}

// inFolder fails when dst could not be created because the nearest part
// of its path that exists is no folder (.gemini a file, where
// .gemini/settings.json goes): --dry-run says so as the write would.
func inFolder(dst string) error {
	for dir := filepath.Dir(dst); ; dir = filepath.Dir(dir) {
		st, err := os.Stat(dir)
		switch {
		case err == nil && !st.IsDir():
			return fmt.Errorf("%s is not a folder, so %s cannot be written there", dir, dst)
		case err == nil || !errors.Is(err, fs.ErrNotExist):
			return nil // a folder, or what the write will report itself
		case filepath.Dir(dir) == dir:
			return nil
		}
	}
}

func insideRoot(root, dst string) error {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil // the root does not exist yet: nothing in it can link out
	}
	dir := filepath.Dir(dst)
	for {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			rel, err := relAbs(realRoot, real)
			if err != nil || !filepath.IsLocal(rel) && rel != "." {
				return fmt.Errorf("%s leads outside %s through a symbolic link", dst, root)
			}
			return nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
}
