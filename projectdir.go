package hookconv

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/shlex"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/vocab"
)

// CodeProjectDir notes a project-directory variable, or a relative script path, rewritten for the target.
const CodeProjectDir = "HC405"

// gitTopLevel finds the project root where the target sets no variable
// for it (Codex's docs recommend it).
const gitTopLevel = "$(git rev-parse --show-toplevel)"

// rewriteProjectDir translates the project-directory variables of other
// tools in hook commands ($CLAUDE_PROJECT_DIR/.claude/hooks/x.sh) into the
// target's own, because the target does not set them: left alone, the
// command would run a script at /.claude/hooks/x.sh, fail, and — for a
// blocking hook — let the action through. It rewrites m in place (m is
// the pipeline's own planned copy) and says what it changed.
//
// A target with no variable gets git's top level, which is the project
// only where the project is a repository's top level: place, where the
// project lies in its repository, adds the path from there (a project in
// a monorepo), quoted as the shell reads the variable's place where it
// holds a space or a quote (projectFolder). A project in no repository is
// warned about, since there the command finds no project at all, and so
// is a path that cannot be quoted safely there, which gets the top level.
func rewriteProjectDir(m *canonical.Manifest, to string, place RepoPlace) diag.List {
	top, found := place.topLevel()
	sub := ""
	if found && place.Known {
		sub = place.Sub
	}
	replace := projectDirRewriter(to, sub)
	if replace == nil {
		return nil
	}
	target, _ := vocab.Default().Provider(to)
	foreign := foreignProjectVars(target)
	// What the closure reads of the row, its own: the row stays on the stack.
	targetName, projectDirVar := target.Name, target.ProjectDirVar
	spellings := sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(varSpellings(strings.Join(foreign, "|"))) })
	// In chunks at once: each hook's commands are its own, and reading
	// a large config's every one kept one core busy while the other idled.
	return parallel.Each(len(m.Hooks), func(ds *diag.List, i int) {
		h := &m.Hooks[i]
		var changed []string
		unquotable := false
		if h.Handler.Command != "" {
			var seen []string
			var bad bool
			h.Handler.Command, seen, bad = replace(h.Handler.Command, false)
			changed, unquotable = append(changed, seen...), bad
		}
		for k, v := range h.Handler.Platform {
			nv, seen, bad := replace(v, k == "windows")
			h.Handler.Platform[k] = nv
			changed, unquotable = append(changed, seen...), unquotable || bad
		}
		// Whatever is left is empty in the target, which sets none of
		// these (QA: ${CLAUDE_PROJECT_DIR:-${PWD}} to Factory Droid).
		kept := keptProjectVars(h.Handler.Command, foreign, spellings)
		for _, k := range sortedkeys.Of(h.Handler.Platform) {
			kept = append(kept, keptProjectVars(h.Handler.Platform[k], foreign, spellings)...)
		}
		if len(kept) > 0 {
			ds.Warnf(CodeProjectDir, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i)),
				"spell it $NAME, ${NAME} or ${NAME:-default}, which hookconv rewrites, or write the scripts' paths relative to the folder "+targetName+" runs hooks from",
				"%s: the command uses %s, a form hookconv does not rewrite; %s sets no such variable, so it is empty there and the command fails (a blocking hook then lets every action through)",
				h.DisplayName(i), strings.Join(kept, ", "), to)
		}
		if len(changed) == 0 {
			return
		}
		slices.Sort(changed)
		changed = slices.Compact(changed)
		with := "$" + projectDirVar
		if projectDirVar == "" {
			with = top
			if !found || unquotable {
				why := "the project is in no git repository, so git finds no project there"
				hint := "put the project under git (git init), or write the scripts' paths relative to the folder " + targetName + " runs hooks from"
				if found {
					with = gitTopLevel
					why = "the project's path in its git repository (" + place.Sub + ") cannot be quoted safely where the command names the variable (in single quotes, a backquoted command, a here-document, a Windows command, or quotes that do not close)"
					hint = "name the variable outside single quotes, backquotes and here-documents, or write the scripts' paths relative to the folder " + targetName + " runs hooks from"
				}
				ds.Warnf(CodeProjectDir, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i)), hint,
					"%s: %s sets no %s; the command uses %s instead, but %s: the command fails (a blocking hook then lets every action through)",
					h.DisplayName(i), to, "$"+strings.Join(changed, ", $"), with, why)
				return
			}
		}
		ds.Infof(CodeProjectDir, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i)), "",
			"%s: %s sets no %s; the command uses %s instead", h.DisplayName(i), to, "$"+strings.Join(changed, ", $"), with)
	})
}

// anchorRelativePrograms rewrites, for a target that runs hooks in the
// folder the session starts in (the providers table's hook_cwd
// "session": Codex, Copilot CLI), a command that runs a file of the
// project by a relative path, as its program (.cursor/hooks/guard.sh,
// "my dir/g.sh") or as an interpreter's script (bash scripts/a.sh, npx
// tsx scripts/x.ts), or that first changes into a project folder (cd
// tools && …: anchorCommand), so that it is found from the project's
// root, as rewriteProjectDir
// spells that root for the target: from a subfolder the relative path
// names nothing, the shell exits 127, and a blocking hook lets the
// action through (QA: Codex fails open). Only files scripts' folder
// holds count, so commands that run something else are left as they
// are; so are Windows commands, whose paths no POSIX shell reads. In no
// git repository the target takes the folder the session starts in for
// the project (it reads <repo>/.codex/: reference part 1 §4.2), so the
// hooks load only there, and nothing is changed. Where the
// project's path in its repository cannot be quoted (a backquote), the
// command is left and warned about (HC405's warning, which makes
// migrate --remove-source keep a blocking hook); so is a Windows command
// running a project file by a relative path (windowsRelative), a
// project file named in the code a shell is given with -c, and a
// project module run by python -m, when the source ran it from the
// project's root (QA s28 q3 F6). A hook whose source
// entry ran in a folder of its own (Copilot CLI's and VS Code's "cwd",
// relative to the project's root: reference part 2 §1.11) that the
// target dropped is anchored at that folder, when the file is there, and
// else left as it is: anchoring at the root would run another file than
// the source ran (QA s28 q3 F2: tools/scripts/ctx.sh became
// scripts/ctx.sh).
//
// Not told where the project is (scripts nil: Convert without
// Source.Scripts, convert - from standard input), neither its files nor
// its place in its repository are known: a path counts by its look
// (projectEntry and fileByLook with no project) and is anchored at git's
// top level, as rewriteProjectDir writes a project variable then, and
// assumedTopLevel says so (HC212): left relative, a guard run from a
// subfolder is not found and lets every action through, and nothing
// says so (QA F2). It rewrites m in place; src is the source manifest,
// whose hooks m's name by SourceIndex.
func anchorRelativePrograms(m, src *canonical.Manifest, from, to string, scripts *Scripts) diag.List {
	target, ok := vocab.Default().Provider(to)
	if !ok || scripts != nil && scripts.Plugin {
		return nil
	}
	var files fs.FS // nil: the project's files are not known
	var place RepoPlace
	if scripts != nil {
		files, place = withListedTop(scripts.FS), scripts.Repo
	}
	// A plugin's folder below the project's root (a Cursor plugin's in
	// a subfolder) is where its paths start, and a target that runs
	// hooks from the project's root does not run them there either.
	fromPlugin := scripts != nil && scripts.PluginFolder && target.HookCwd != "session" && !(place.InRepo && place.Sub == "")
	if target.HookCwd != "session" && !fromPlugin {
		return nil
	}
	anchor := `"$` + target.ProjectDirVar + `"`
	found := true
	if target.ProjectDirVar == "" || fromPlugin {
		_, inRepo := place.topLevel()
		if !inRepo && !fromPlugin {
			// No repository: the target knows the project by the folder
			// the session starts in, so its config loads only there,
			// where the relative path is found.
			return nil
		}
		var sub string
		if place.Known {
			sub = place.Sub
		}
		root := gitTopLevel
		if target.ProjectDirVar != "" {
			root = "$" + target.ProjectDirVar
		}
		anchor = `"` + root + `"`
		if sub != "" {
			quoted, ok := subInQuotes(sub)
			found = ok
			anchor = `"` + root + "/" + quoted + `"`
		}
		// In no repository the plugin's place in the project is not
		// known: the paths are left, and said to be lost.
		found = found && inRepo
	}
	// A source that runs hooks in the session's folder too already ran
	// a Windows command's relative path from there: nothing is new.
	source, _ := vocab.Default().Provider(from)
	a := hookAnchoring{src: src, to: to, anchor: anchor, files: files, place: place, found: found, fromRoot: source.HookCwd != "session" && !fromPlugin, fromPlugin: fromPlugin}
	// Each hook is anchored on its own, and for a large config to a tool
	// that runs hooks in the session's folder this is the plan's longest
	// stretch (Codex: some 18 ms of CPU for 10,000 handlers, every one
	// read word by word), which kept the second core idle: in chunks at
	// once, their diagnostics joined in hook order.
	return parallel.Each(len(m.Hooks), func(ds *diag.List, i int) { a.hook(ds, &m.Hooks[i], i) })
}

// hookAnchoring is what anchorRelativePrograms anchors each hook by: the
// same for all of them, and only read, so that hooks can be anchored at
// once.
type hookAnchoring struct {
	src      *canonical.Manifest // the source manifest, whose hooks m's name by SourceIndex
	to       string
	anchor   string    // what a relative path is written after
	files    fs.FS     // the project's files; nil when not known
	place    RepoPlace // the project's place in its repository
	found    bool      // the anchor can be written: the project's place quotes safely
	fromRoot bool      // the source runs hooks in the project's root
	// fromPlugin says the paths start at a plugin's folder below the
	// project's root, which the target, running hooks from that root,
	// does not run them in (a Cursor plugin's to Claude Code).
	fromPlugin bool
}

// hook anchors the relative programs of h, the plan's hook i, in place,
// and says in ds what the target's folder changes for it (HC405).
func (a *hookAnchoring) hook(ds *diag.List, h *canonical.Hook, i int) {
	if h.Handler.Type != canonical.HandlerCommand || h.Handler.Cwd != "" {
		return // another folder: the target runs it there
	}
	base, project := a.anchor, a.files
	if cwd := sourceCwd(a.src, h, i); cwd != "" {
		dir, ok := plainFolder(cwd)
		if !ok {
			return // a folder not spelled plainly: left, its loss said (HC202)
		}
		if dir != "." {
			if a.files != nil {
				sub, err := fs.Sub(a.files, dir)
				if err != nil {
					return
				}
				project = sub
			}
			base = a.anchor + "/" + dir
		}
	}
	var did anchoring
	h.Handler.Command = did.anchor(h.Handler.Command, base, project, a.found)
	for _, k := range sortedkeys.Of(h.Handler.Platform) {
		if k != "windows" {
			h.Handler.Platform[k] = did.anchor(h.Handler.Platform[k], base, project, a.found)
		}
	}
	at, field := h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i))
	if win := windowsRelative(h.Handler.Platform["windows"], project); len(win) > 0 && a.fromRoot {
		ds.Warnf(CodeProjectDir, h.PosOf("handler.platform.windows"), fmt.Sprintf("hooks[%d].handler.platform.windows", h.SourceIndex(i)),
			"start the Windows command's paths with the project's folder, or keep the hook in the source tool",
			"%s: %s runs hooks in the folder the session starts in, and the Windows command runs %s by a path relative to the project's root, which hookconv does not rewrite in a Windows command: in a session started in a subfolder the file is not found and the hook fails (a blocking hook then no longer blocks as it did)",
			h.DisplayName(i), a.to, strings.Join(win, ", "))
	}
	if len(did.modules) > 0 && a.fromRoot {
		// python -m looks for the module in the folder it runs in
		// (sys.path[0]): from a subfolder it is not found, exit 1,
		// and the hook fails open. No path to anchor: warned.
		slices.Sort(did.modules)
		ds.Warnf(CodeProjectDir, at, field,
			"run the module's file by its path (python3 pkg/mod.py), which hookconv starts at the project's folder, or keep the hook in the source tool",
			"%s: %s runs hooks in the folder the session starts in, and the command runs the project's Python module %s with python -m, which Python looks for in that folder, not the project's root: in a session started in a subfolder the module is not found and the hook fails (a blocking hook then lets every action through)",
			h.DisplayName(i), a.to, strings.Join(did.modules, ", "))
	}
	if len(did.nested) > 0 && a.fromRoot {
		slices.Sort(did.nested)
		ds.Warnf(CodeProjectDir, at, field,
			"start the path with the project's folder as git finds it ("+gitTopLevel+"/…), or keep the hook in the source tool",
			"%s: %s runs hooks in the folder the session starts in, and the code the command gives a shell with -c runs %s by a path relative to the project's root, which hookconv does not rewrite there: in a session started in a subfolder it is not found and the hook fails (a blocking hook then lets every action through)",
			h.DisplayName(i), a.to, strings.Join(did.nested, ", "))
	}
	if len(did.left) > 0 && a.fromRoot {
		*ds = append(*ds, leftAsWritten(h, i, a.to, did.left)...)
	}
	if len(did.paths)+len(did.dirs) == 0 {
		return
	}
	if a.fromPlugin {
		a.pluginSaid(ds, h, i, did)
		return
	}
	if !a.found {
		rel := slices.Compact(slices.Sorted(slices.Values(append(did.paths, did.dirs...))))
		ds.Warnf(CodeProjectDir, at, field, "rename the folder, or start the path with the project's folder as git finds it ("+gitTopLevel+"/…)",
			"%s: %s runs hooks in the folder the session starts in, and the command runs %s by a path relative to the project's root, whose path in its git repository (%s) cannot be quoted safely: in a session started in a subfolder the command is not found (a blocking hook then lets every action through)",
			h.DisplayName(i), a.to, strings.Join(rel, ", "), a.place.Sub)
		return
	}
	ds.Infof(CodeProjectDir, at, field, "",
		"%s: %s runs hooks in the folder the session starts in, not the project's root; the command %s from %s instead", h.DisplayName(i), a.to, did.said(), base)
}

// pluginSaid says, for a hook of a plugin kept below the project's root,
// what anchoring its plugin-relative paths did: from where the target
// runs hooks, the project's root, they name nothing (exit 127), and a
// blocking hook lets the action through (QA y2 F1: a Cursor plugin's
// ./scripts/g.sh to Claude Code, silently). The project is taken for
// the git repository's top level, which the info says, since hookconv
// does not know where the output goes.
func (a *hookAnchoring) pluginSaid(ds *diag.List, h *canonical.Hook, i int, did anchoring) {
	at, field := h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i))
	if !a.found {
		rel := slices.Compact(slices.Sorted(slices.Values(append(did.paths, did.dirs...))))
		ds.Warnf(CodeProjectDir, at, field, "write the paths from the project's root, or put the project under git (git init) and convert again",
			"%s: the command runs %s by a path relative to the plugin's folder, but %s runs hooks from the project's root, and hookconv cannot tell where the plugin lies in the project (no git repository, or a path it cannot quote): the command is not found there (a blocking hook then lets every action through)",
			h.DisplayName(i), strings.Join(rel, ", "), a.to)
		return
	}
	ds.Infof(CodeProjectDir, at, field, "if the project "+a.to+" runs is not that repository's top level, write the paths from its root",
		"%s: %s runs hooks from the project's root, not the plugin's folder (%s) the command's paths start at; the command %s from %s instead, taking the project for the git repository's top level",
		h.DisplayName(i), a.to, a.place.Sub, did.said(), a.anchor)
}

// leftAsWritten says that h's command still runs or reads the project
// files left by a path relative to the project's root, which target,
// running hooks in the session's folder, does not find from a
// subfolder: a warning for a blocking hook, which makes migrate
// --remove-source keep it in the source, and an info for another.
func leftAsWritten(h *canonical.Hook, i int, to string, left []string) diag.List {
	slices.Sort(left)
	var ds diag.List
	at, field := h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i))
	hint := "start the path with the project's folder as git finds it (\"" + gitTopLevel + "\"/…), or keep the hook in the source tool"
	const format = "%s: %s runs hooks in the folder the session starts in, and the command names %s by a path relative to the project's root where hookconv does not rewrite it (in a command substitution, as another program's argument, after a cd, outside the project, or a Windows path): in a session started in a subfolder it is not found%s"
	if h.Blocking {
		ds.Warnf(CodeProjectDir, at, field, hint, format, h.DisplayName(i), to, strings.Join(left, ", "), " and the hook fails (a blocking hook then lets every action through)")
	} else {
		ds.Infof(CodeProjectDir, at, field, hint, format, h.DisplayName(i), to, strings.Join(left, ", "), "")
	}
	return ds
}

// windowsRelative lists the files of project a Windows command names by a
// path relative to the project's root (hooks/g.ps1, scripts\g.ps1, as
// the program or as PowerShell's -File argument). They are not anchored:
// Codex runs a Windows command with cmd.exe (%COMSPEC% /C, reference
// part 1 §4.6), which reads no POSIX command substitution, so the
// caller warns instead (QA s28 q3 F5: from a subfolder Codex failed open).
func windowsRelative(command string, project fs.FS) []string {
	if command == "" || !strings.ContainsAny(command, `/\`) {
		return nil
	}
	var out []string
	for _, ref := range scriptPaths(strings.ReplaceAll(command, `\`, "/"), nil, true) {
		if project == nil {
			out = appendNew(out, ref.path) // files not known: every path counts
			continue
		}
		if st, err := fs.Stat(project, ref.path); err == nil && st.Mode().IsRegular() {
			out = appendNew(out, ref.path)
		}
	}
	return out
}

// sourceCwd returns the cwd h's source entry ran in, when the plan
// dropped it (the target has no cwd), or "".
func sourceCwd(src *canonical.Manifest, h *canonical.Hook, i int) string {
	j := h.SourceIndex(i)
	if src == nil || j < 0 || j >= len(src.Hooks) {
		return ""
	}
	return src.Hooks[j].Handler.Cwd
}

// plainFolder cleans a cwd relative to the project's root and says
// whether it can be written after the anchor as it is: inside the
// project, and of plain path characters that need no quoting.
func plainFolder(cwd string) (string, bool) {
	dir := path.Clean(cwd)
	if dir == "." {
		return ".", true
	}
	if !fs.ValidPath(dir) || strings.Trim(dir, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-") != "" {
		return "", false
	}
	return dir, true
}

// anchoring is what anchorCommand did to a command, and what it saw
// there and left.
type anchoring struct {
	// paths are the project files the command runs by a relative path,
	// as written without quotes, now run from the anchor: a program
	// (./hooks/x.sh, "my dir/g.sh") or the script an interpreter or a
	// runner is given (bash scripts/a.sh, uv run scripts/x.py).
	paths []string
	// dirs are the project folders a cd changes into, now from the
	// anchor (cd tools && scripts/ctx.sh).
	dirs []string
	// modules are the project's Python modules a python -m runs by name,
	// which Python looks for in the folder the hook runs in: not
	// rewritten, since only the module search path could say where
	// (PYTHONPATH), and no path of the command does.
	modules []string
	// nested are the relative paths of the command a shell is given with
	// -c (bash -c 'scripts/a.sh') that would be anchored were it the
	// command: not rewritten, since the anchor would have to be quoted
	// for the shell inside too.
	nested []string
	// left are the relative paths to project files the command still
	// names once anchored (leftRelative): in a command substitution, as
	// another program's argument, after a cd not anchored, or outside
	// the project.
	left []string
	// unrun are the spans of the anchored command that never run: the
	// definitions of functions not called, which leftRelative passes
	// over (f() { cd sub; }; ./g.sh runs ./g.sh where it stands).
	unrun [][2]int
}

// anchor anchors command at base (anchorCommand) and adds what it did
// and saw to a. Where the anchor cannot be written (write false), the
// command is returned as it is, what it would have anchored still added.
func (a *anchoring) anchor(command, base string, project fs.FS, write bool) string {
	out, did := anchorCommand(command, base, project)
	a.paths = append(a.paths, did.paths...)
	a.dirs = append(a.dirs, did.dirs...)
	a.modules = appendNew(a.modules, did.modules...)
	a.nested = appendNew(a.nested, did.nested...)
	if !write {
		return command
	}
	scan := out
	if len(did.unrun) > 0 {
		b := []byte(out)
		for _, span := range did.unrun {
			copy(b[span[0]:span[1]], strings.Repeat(" ", span[1]-span[0]))
		}
		scan = string(b)
	}
	for _, p := range leftRelative(scan, project) {
		if !slices.Contains(a.nested, p) {
			a.left = appendNew(a.left, p)
		}
	}
	return out
}

// said tells what was anchored, for HC405's info: "runs a.sh, b.sh and
// changes into tools".
func (a anchoring) said() string {
	var parts []string
	if len(a.paths) > 0 {
		parts = append(parts, "runs "+sortedList(a.paths))
	}
	if len(a.dirs) > 0 {
		parts = append(parts, "changes into "+sortedList(a.dirs))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts, " and ")
}

// sortedList joins names sorted, each once: "a.sh, b.sh". One name, the
// usual case, is itself.
func sortedList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(slices.Compact(slices.Sorted(slices.Values(names))), ", ")
}

// anchorCommand writes anchor before each relative path of command that
// names a file of project run as a program or as an interpreter's
// script (scriptWord), or tested as a file by an if ([ -x ./x.sh ]:
// testedFile), and before the folder of a cd into one of project's
// folders, and says what it did. The path is written cleaned, quoted
// where it needs to be (subWord): "my dir/g.sh" and my\ dir/g.sh become
// <anchor>/'my dir/g.sh'. Simple commands at the top level and in
// subshells count, up to a cd (what follows it in its subshell runs in
// the folder the cd changed into, which is right once the cd's folder
// is anchored), and not a command hookconv does not read simply
// (topCommands): what runs in a command substitution ($(x.sh)) is left
// as it is, which the readers of a script's exits (HC431) do not follow
// through git's top level. Arguments other than the script are left too: what
// they mean to the program is not known. A nil project is one whose
// files are not known: a path counts when it names a file by its look
// (fileByLook), and a cd's folder when it is relative.
func anchorCommand(command, anchor string, project fs.FS) (string, anchoring) {
	var a anchoring
	if strings.Contains(command, "\x00") || !strings.ContainsAny(command, "/.") && !strings.Contains(command, "cd") {
		return command, a // most commands run no relative path
	}
	cmds, defs, ok := topCommands(command)
	if !ok {
		return command, a
	}
	var edits []edit
	// step anchors what list[n] runs, read where it stands (mayCd: a cd
	// there may be read), and reports whether it may change the folder
	// of what follows.
	step := func(list []scopedCommand, n int, mayCd bool) bool {
		c := list[n]
		words := c.words
		if at, cd := cdWord(list, n); cd {
			if at >= 0 && mayCd {
				if clean, ok := projectEntry(project, words[at].text, true); ok {
					edits = append(edits, edit{words[at].from, words[at].to, anchor + "/" + subWord(clean)})
					a.dirs = append(a.dirs, words[at].text)
				}
			}
			return true
		}
		if at := testedFile(words); at >= 0 {
			if clean, ok := projectEntry(project, words[at].text, false); ok && (project != nil || fileByLook(words, at, false)) {
				edits = append(edits, edit{words[at].from, words[at].to, anchor + "/" + subWord(clean)})
				a.paths = append(a.paths, words[at].text)
			}
			return false
		}
		at, program, module, code := scriptWord(words)
		if module != "" && projectModule(project, module) {
			a.modules = appendNew(a.modules, module)
		}
		if code != "" {
			_, inner := anchorCommand(code, anchor, project)
			a.nested = appendNew(a.nested, append(append(inner.paths, inner.dirs...), inner.nested...)...)
			a.modules = appendNew(a.modules, inner.modules...)
		}
		if at < 0 {
			return false
		}
		if clean, ok := projectEntry(project, words[at].text, false); ok && (project != nil || fileByLook(words, at, program)) {
			edits = append(edits, edit{words[at].from, words[at].to, anchor + "/" + subWord(clean)})
			a.paths = append(a.paths, words[at].text)
		}
		return false
	}
	calls := funcCalls(command, cmds, defs)
	var cdScope []int // where a cd ran: what follows there runs in its folder
	cdRan := false
	for n, c := range cmds {
		if cdRan && c.within(cdScope) {
			continue // in the folder the cd changed into
		}
		if c.body != "" {
			// A function's body runs where the function is called. One
			// not followed so (called twice, conditionally, by a word not
			// read) that may cd leaves what follows its definition in a
			// folder not known.
			if d := defOf(defs, n); d != nil && d.last == n && calls[d.name] == notFollowed && slices.ContainsFunc(cmds[d.first:n+1], func(b scopedCommand) bool {
				_, cd := cdWord([]scopedCommand{b}, 0)
				return cd
			}) {
				cdRan, cdScope = true, c.scope
			}
			continue
		}
		if d := calledAt(defs, calls, n); d != nil {
			// The function's one call, where it stands: its body runs here.
			body := cmds[d.first : d.last+1]
			var inCd bool
			var inScope []int
			for m, b := range body {
				if inCd && b.within(inScope) {
					continue
				}
				// A cd that may not run in the body leaves the folder
				// after the call unknown, whatever follows it there.
				if step(body, m, !b.conditional()) {
					inCd, inScope = true, b.scope
					if len(b.scope) == len(d.scope) {
						cdRan, cdScope = true, c.scope
					}
				}
			}
			continue
		}
		if step(cmds, n, true) {
			cdRan, cdScope = true, c.scope
		}
	}
	for _, d := range defs {
		if calls[d.name] == notCalled {
			a.unrun = append(a.unrun, [2]int{d.from, d.to})
		}
	}
	if len(edits) == 0 {
		return command, a
	}
	return applyEdits(command, edits, a.unrun), a
}

// edit replaces a command's bytes from, to with text.
type edit struct {
	from, to int
	text     string
}

// applyEdits writes command with edits, which do not overlap, made, and
// moves the spans of unrun (bytes of command, none holding an edit) to
// where they lie in what it writes.
func applyEdits(command string, edits []edit, unrun [][2]int) string {
	slices.SortFunc(edits, func(x, y edit) int { return x.from - y.from })
	size := len(command)
	for _, e := range edits {
		size += len(e.text) - (e.to - e.from)
	}
	var b strings.Builder
	b.Grow(size) // one allocation: it runs for every hook anchored
	last := 0
	for _, e := range edits {
		b.WriteString(command[last:e.from])
		b.WriteString(e.text)
		last = e.to
	}
	b.WriteString(command[last:])
	for k, span := range unrun {
		shift := 0
		for _, e := range edits {
			if e.from < span[0] {
				shift += len(e.text) - (e.to - e.from)
			}
		}
		unrun[k] = [2]int{span[0] + shift, span[1] + shift}
	}
	return b.String()
}

// How a function is called, for anchorCommand: not at all, or not so
// that its body's cd is followed; otherwise calls holds the index of its
// one call.
const (
	notCalled   = -1
	notFollowed = -2
)

// funcCalls tells, for each function defs name, the index in cmds of
// its one call that anchorCommand follows: a command of its name alone
// as the program, after the definition, in its subshell, not in
// another's body, run where it stands (not after &&, ||, a keyword) and
// in the shell itself (not a pipeline's part, nor beside &); where the
// name is the only other word of the command by its name. notCalled where
// the name is not found in the command again, notFollowed otherwise (a
// second call, a call in $(…) or after &&, a name defined twice).
func funcCalls(command string, cmds []scopedCommand, defs []funcDef) map[string]int {
	if len(defs) == 0 {
		return nil // most commands define none
	}
	calls := make(map[string]int, len(defs))
	for i, d := range defs {
		if _, twice := calls[d.name]; twice || slices.ContainsFunc(defs[i+1:], func(o funcDef) bool { return o.name == d.name }) {
			calls[d.name] = notFollowed
			continue
		}
		named := wordsNamed(command, d.name, d.from, d.to)
		if named == 0 {
			calls[d.name] = notCalled
			continue
		}
		calls[d.name] = notFollowed
		if named != 1 {
			continue
		}
		for n := d.last + 1; n < len(cmds); n++ {
			c := cmds[n]
			if c.body != "" || len(c.words) == 0 || c.words[0].text != d.name || !c.words[0].plain(command) {
				continue
			}
			alone := n+1 == len(cmds) || cmds[n+1].joined != "|" && cmds[n+1].joined != "&"
			if !c.conditional() && slices.Equal(c.scope, d.scope) && alone {
				calls[d.name] = n
			}
			break
		}
	}
	return calls
}

// wordsNamed counts the words of command outside from, to spelled as
// name, whole (not part of a longer name).
func wordsNamed(command, name string, from, to int) int {
	count := 0
	for i := 0; ; {
		j := strings.Index(command[i:], name)
		if j < 0 {
			return count
		}
		at, end := i+j, i+j+len(name)
		i = end
		if at >= from && at < to || at > 0 && nameByte(command[at-1]) || end < len(command) && nameByte(command[end]) {
			continue
		}
		count++
	}
}

// nameByte reports whether b may be part of a function's name.
func nameByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// defOf returns the definition whose body holds cmds[n], or nil.
func defOf(defs []funcDef, n int) *funcDef {
	for i := range defs {
		if defs[i].first <= n && n <= defs[i].last {
			return &defs[i]
		}
	}
	return nil
}

// calledAt returns the definition of the function cmds[n] is the one
// followed call of (funcCalls), or nil.
func calledAt(defs []funcDef, calls map[string]int, n int) *funcDef {
	for i := range defs {
		if calls[defs[i].name] == n {
			return &defs[i]
		}
	}
	return nil
}

// projectDirRewriter returns a function that rewrites, in one command, the
// project-directory variables other tools set into the target's own, or,
// where it sets none, into the project as git finds it: git's top level
// and sub, the project's path from there, quoted as the shell reads the
// variable's place (projectFolder). It names the variables it rewrote,
// and says when sub could not be quoted safely at one of them, which then
// gets git's top level alone. nil when there is nothing to rewrite for
// the target. windows says the command is a Windows override, which no
// POSIX shell reads.
func projectDirRewriter(to, sub string) func(command string, windows bool) (string, []string, bool) {
	names := vocab.Default()
	target, ok := names.Provider(to)
	if !ok || to == "canonical" {
		return nil
	}
	foreign := foreignProjectVars(target)
	if len(foreign) == 0 {
		return nil
	}
	// An escaped \$NAME is literal text to the shell (an exec form's
	// argument folded into a command): it is matched, to be left alone.
	// Compiled for the first command that names a variable: most name
	// none, and a typical conversion should not pay for it.
	re := sync.OnceValue(func() *regexp.Regexp {
		// ${NAME:-word} and the other expansions too (QA), their word
		// holding no brace: a default (:-, :=, :?) is moot where the
		// project is known; another operator is kept on the target's own
		// variable, or, where it has none, the expansion is left as it is
		// and warned about (keptProjectVars).
		// PowerShell's $env:NAME is renamed to the target's own variable.
		return regexp.MustCompile(projectVarForms(strings.Join(foreign, "|")))
	})
	replace := func(s string, windows bool) (string, []string, bool) {
		if !strings.Contains(s, "$") || !mentionsAny(s, foreign) || !re().MatchString(s) {
			return s, nil, false
		}
		var seen []string
		unquotable := false
		var b strings.Builder
		last := 0
		for _, loc := range re().FindAllStringSubmatchIndex(s, -1) {
			v := s[loc[0]:loc[1]]
			b.WriteString(s[last:loc[0]])
			last = loc[1]
			if strings.HasPrefix(v, `\`) {
				b.WriteString(v)
				continue
			}
			var name, op string // ${NAME} or ${NAME:-…} (its operator and word), $NAME or $env:NAME
			powershell := false
			switch {
			case loc[4] >= 0:
				name = s[loc[4]:loc[5]]
			case loc[8] >= 0:
				name = s[loc[8]:loc[9]]
			default:
				name, powershell = s[loc[10]:loc[11]], true
			}
			if loc[6] >= 0 {
				op = s[loc[6]:loc[7]]
			}
			if target.ProjectDirVar == "" && (powershell || !projectValued(op)) {
				// ${NAME#…}, ${NAME:+…}: what it means is not the project;
				// $env:NAME: no POSIX shell reads it. Left, and warned
				// about (keptProjectVars).
				b.WriteString(v)
				continue
			}
			if !slices.Contains(seen, name) {
				seen = append(seen, name)
			}
			switch {
			case target.ProjectDirVar == "":
				folder, ok := projectFolder(s, loc[0], sub, windows)
				unquotable = unquotable || !ok
				b.WriteString(folder)
			case powershell:
				b.WriteString("$env:" + target.ProjectDirVar)
			case strings.HasPrefix(v, "${"):
				b.WriteString("${" + target.ProjectDirVar + op + "}")
			default:
				b.WriteString("$" + target.ProjectDirVar)
			}
		}
		b.WriteString(s[last:])
		return b.String(), seen, unquotable
	}
	return replace
}

// projectVarForms is the expression of the spellings of the variables of
// alt (names joined with |) that projectDirRewriter rewrites, an escaped
// \$NAME among them, for it to leave alone: ${NAME}, ${NAME} with an
// operator and a word holding no brace (group 2 the name, 3 the operator
// and word), $NAME (group 4) and PowerShell's $env:NAME (group 5).
func projectVarForms(alt string) string {
	return `\\?\$(\{(` + alt + `)((?::?[-=?+]|%%?|##?|//?)[^{}]*)?\}|(` + alt + `)\b|env:(` + alt + `)\b)`
}

// projectToken stands, in a command compared by projectSpellings, for the
// project directory however it was spelled: no command holds a NUL.
const projectToken = "\x00project\x00"

// projectSpellings returns a function that writes every spelling of the
// project directory that rewriteProjectDir gives a command for target,
// in a project at place, as one (projectToken): the variables target
// sets to it ($CLAUDE_PROJECT_DIR, ${GEMINI_PROJECT_DIR},
// ${QWEN_PROJECT_DIR:-.}, $env:CURSOR_PROJECT_DIR: its project_dir_var
// and also_sets in the providers table), and git's top level followed by
// the project's path in its repository, spelled unquoted or in double
// quotes (projectFolder). Migrate compares commands so: a hook converted
// to a tool and back, or on through a third, spells the project
// differently each time, and is the same hook (QA: a two-way sync ran
// every guard twice).
//
// Left as written, as not the project there: another tool's variable,
// which target leaves empty (hookconv never writes one: it rewrites
// them); git's top level where the project lies below it (place.Sub), or
// in no repository; an escaped \$NAME, literal text. A variable's
// expansion that is not the folder (${NAME#/}) keeps its operator.
//
// For a target that runs hooks in the project's root (hook_cwd
// "project"), the project in double quotes opening a path's word is
// dropped (relativeToRoot): there "<root>"/scripts/a.sh, which
// anchorRelativePrograms writes for Codex, runs the file scripts/a.sh
// runs, and a sync back finds it already there.
func projectSpellings(target vocab.Provider, place RepoPlace) func(command string, powershell bool) string {
	vars := slices.DeleteFunc(append([]string{target.ProjectDirVar}, target.AlsoSets...), func(v string) bool { return v == "" })
	re := sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(projectVarForms(strings.Join(vars, "|"))) })
	git := !place.Known || place.InRepo // git finds the project
	var subs []string                   // the spellings of "/" + place.Sub after git's top level
	if place.Known && place.Sub != "" {
		word := subWord(place.Sub)
		subs = append(subs, "/"+word)
		if quoted, ok := subInQuotes(place.Sub); ok && quoted != word {
			subs = append(subs, "/"+quoted)
		}
	}
	spell := func(command string, powershell bool) string {
		if !strings.Contains(command, "$") {
			return command // most commands name no variable at all
		}
		if len(vars) > 0 && mentionsAny(command, vars) {
			command = re().ReplaceAllStringFunc(command, func(v string) string {
				if strings.HasPrefix(v, `\`) {
					return v
				}
				sm := re().FindStringSubmatch(v)
				if sm[5] != "" && !powershell {
					// PowerShell's $env:NAME names the project only where
					// PowerShell runs the command; sh runs ":NAME/…", which
					// is not found (QA: a Claude hook spelled so counted as
					// Codex's guard, and --remove-source removed that).
					// Left as written: at worst a hook added twice.
					return v
				}
				if op := sm[3]; sm[2] != "" && op != "" && !projectValued(op) {
					return "${" + projectToken + op + "}"
				}
				return projectToken
			})
		}
		if !git || !strings.Contains(command, gitTopLevel) {
			return command
		}
		var b strings.Builder
		for {
			before, after, found := strings.Cut(command, gitTopLevel)
			b.WriteString(before)
			if !found {
				return b.String()
			}
			command = after
			spelled := gitTopLevel // the repository's top level, not the project
			if len(subs) == 0 {
				spelled = projectToken
			}
			for _, s := range subs {
				if rest, ok := strings.CutPrefix(after, s); ok && (rest == "" || !isPathByte(rest[0])) {
					spelled, command = projectToken, rest
					break
				}
			}
			b.WriteString(spelled)
		}
	}
	if target.HookCwd != "project" {
		return spell
	}
	// A tool that runs hooks in the project's root runs a relative path
	// from there, as the same file anchorRelativePrograms anchors for a
	// tool that does not: "<root>"/scripts/a.sh, written for Codex, is
	// scripts/a.sh there (QA F6: a sync back from Codex added each
	// anchored guard beside its source, and it ran twice).
	return func(command string, powershell bool) string {
		return relativeToRoot(spell(command, powershell))
	}
}

// relativeToRoot drops, from a command projectSpellings has spelled, the
// project folder in double quotes where it opens a word and a path
// follows ("<projectToken>"/scripts/a.sh becomes scripts/a.sh): the
// form anchorCommand writes.
func relativeToRoot(command string) string {
	const anchored = `"` + projectToken + `"/`
	if !strings.Contains(command, anchored) {
		return command
	}
	var b strings.Builder
	for {
		before, after, found := strings.Cut(command, anchored)
		if !found {
			b.WriteString(before)
			return b.String()
		}
		b.WriteString(before)
		if before != "" && !strings.ContainsRune(" \t\n;&|(", rune(before[len(before)-1])) || after == "" || after[0] == '/' || after[0] == ' ' {
			b.WriteString(anchored) // inside a word, or no path after it
		}
		command = after
	}
}

// isPathByte reports whether c may continue a folder's name in a command
// (what plainPath lets through, less the slash that ends it).
func isPathByte(c byte) bool {
	return c != '/' && plainPath(string(c))
}

// foreignProjectVars are the project-directory variables of other tools
// that target does not set.
func foreignProjectVars(target vocab.Provider) []string {
	sets := append([]string{target.ProjectDirVar}, target.AlsoSets...)
	var foreign []string
	for _, p := range vocab.Default().Providers {
		if p.ProjectDirVar != "" && !slices.Contains(sets, p.ProjectDirVar) && !slices.Contains(foreign, p.ProjectDirVar) {
			foreign = append(foreign, p.ProjectDirVar)
		}
	}
	return foreign
}

// projectValued reports whether a project variable's expansion with
// operator op (and its word) is the project folder wherever the variable
// holds it: none, a default (:-, -, :=, =, :?, ?), or a trailing slash
// taken off (%/, which a folder git names has not).
func projectValued(op string) bool {
	if op == "" || op == "%/" || op == "%%/" {
		return true
	}
	for _, p := range []string{":-", ":=", ":?", "-", "=", "?"} {
		if strings.HasPrefix(op, p) {
			return true
		}
	}
	return false
}

// keptProjectVars names the other tools' project variables command still
// spells (varSpellings) where no shell escape keeps them literal: forms
// the rewrite leaves, ${CLAUDE_PROJECT_DIR#/}, a default holding a brace,
// PowerShell's $env:NAME. Where the target sets none, they are empty.
// spellings is varSpellings' expression of foreign, compiled on first use.
func keptProjectVars(command string, foreign []string, spellings func() *regexp.Regexp) []string {
	if !strings.ContainsAny(command, "$%") || !mentionsAny(command, foreign) {
		return nil
	}
	var kept []string
	inner := nestedShell().MatchString(command)
	for _, m := range spellings().FindAllStringSubmatch(command, -1) {
		if strings.HasPrefix(m[0], `\`) && !inner {
			continue
		}
		form := m[0]
		if strings.HasPrefix(form, "${") && strings.Count(form, "{") != strings.Count(form, "}") {
			form += "…}" // ${NAME:-${HOME}}: its word holds a brace
		}
		if !slices.Contains(kept, form) {
			kept = append(kept, form)
		}
	}
	return kept
}

// projectFolder spells the project folder, git's top level and sub below
// it, for the project variable whose $ is at offset at in command, as the
// shell reads that place: in double quotes sub is escaped, unquoted it is
// quoted (subWord). A plain sub needs neither, wherever it is. ok is false
// where no quoting is safe: in single quotes (a shell run inside may
// read the variable as code or in its own double quotes), in a command
// with backquotes or a here-document (whose text reads backslashes and
// quotes otherwise), with a newline or a backquote in sub, in a Windows
// command, or in a command whose quotes do not close; git's top level
// alone is written then.
func projectFolder(command string, at int, sub string, windows bool) (string, bool) {
	if sub == "" {
		return gitTopLevel, true
	}
	if plainPath(sub) {
		return gitTopLevel + "/" + sub, true
	}
	if windows || strings.ContainsAny(sub, "`\n") || strings.Contains(command, "`") || strings.Contains(command, "<<") {
		return gitTopLevel, false
	}
	code, expand, ok := shlex.CodeViews(command)
	switch {
	case !ok:
		return gitTopLevel, false
	case code[at] == '$':
		return gitTopLevel + "/" + subWord(sub), true
	case expand[at] == '$' && strings.Contains(sub, "'") && inBraceWord(command, at):
		// In the word of a "${X:-…}", bash (not in POSIX mode) reads a
		// single quote as quoting, where sh, dash and zsh read it as
		// itself (QA: a syntax error, exit 2, on every call).
		return gitTopLevel, false
	case expand[at] == '$':
		quoted, _ := subInQuotes(sub) // no backquote: checked above
		return gitTopLevel + "/" + quoted, true
	}
	return gitTopLevel, false
}

// inBraceWord reports whether offset at of command may lie in the word of
// a parameter expansion (${X:-…}): a ${ opens before it that no } has
// closed. It may say so where the brace is only text; the caller then
// writes the safer fallback.
func inBraceWord(command string, at int) bool {
	return strings.LastIndex(command[:at], "${") > strings.LastIndex(command[:at], "}")
}

// CodePluginVar (warning): a hook's command needs a variable a tool sets
// only for a plugin's hooks (${CLAUDE_PLUGIN_ROOT}), which the target's
// project config never gets.
const CodePluginVar = "HC424"

// pluginOnlyVars warns (HC424) about hook commands that find their scripts
// through a variable a tool sets only for a plugin's or extension's hooks
// (${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh). What hookconv writes is a
// project config, where no tool sets them: the path starts at / and the
// command fails — and a guard that fails lets the action through. Unlike
// the project directory there is nothing to rewrite them to, since the
// plugin's installed path is not known here.
func pluginOnlyVars(m *canonical.Manifest, to string) diag.List {
	names := vocab.Default()
	vars := append(pluginVars(names, func(p vocab.Provider) []string { return p.PluginRootVars }),
		pluginVars(names, func(p vocab.Provider) []string { return p.PluginDataVars })...)
	if len(vars) == 0 {
		return nil
	}
	// Variables are spelled $NAME, ${NAME}, ${NAME:-default} and the like,
	// PowerShell's $env:NAME or cmd's %NAME%; an escaped \$NAME is literal
	// text to the shell, matched to be skipped unless a second shell
	// expands it. A {{name}} in the table is a template the tool fills in
	// itself (Copilot CLI's {{plugin_data_dir}}).
	var envs, templates []string
	for _, v := range vars {
		if strings.HasPrefix(v, "{{") {
			templates = append(templates, regexp.QuoteMeta(v))
		} else {
			envs = append(envs, v)
		}
	}
	pattern := varSpellings(strings.Join(envs, "|"))
	if len(templates) > 0 {
		pattern += `|(` + strings.Join(templates, "|") + `)`
	}
	// Compiled for the first command that names one of the variables:
	// most name none.
	re := sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
	target, _ := names.Provider(to)
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		var used []string
		find := func(cmd string) {
			// Every spelling has a $, a % or a {{: most commands have
			// none, and no regular expression is run for them.
			if !strings.ContainsAny(cmd, "$%{") || !mentionsAny(cmd, vars) {
				return
			}
			inner := nestedShell().MatchString(cmd)
			for _, m := range re().FindAllStringSubmatch(cmd, -1) {
				name := "$" + m[1] + m[2] + m[3] + m[4] // cmd's %NAME% shown as $NAME
				if len(m) > 5 && m[5] != "" {
					name = m[5]
				}
				if (inner || !strings.HasPrefix(m[0], `\`)) && !slices.Contains(used, name) {
					used = append(used, name)
				}
			}
		}
		find(h.Handler.Command)
		for _, k := range sortedkeys.Of(h.Handler.Platform) {
			find(h.Handler.Platform[k])
		}
		if len(used) == 0 {
			continue
		}
		hint := "write the scripts' path instead: copy them into the project and start the path with the project directory"
		if target.ProjectDirVar != "" {
			hint += " ($" + target.ProjectDirVar + ")"
		}
		ds.Warnf(CodePluginVar, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i)), hint,
			"%s: the command uses %s, which tools set (or fill in) only for a plugin's or extension's hooks; %s's project config gets no such value, so the command fails there (a blocking hook then lets every action through)",
			h.DisplayName(i), strings.Join(used, ", "), target.Name)
	}
	return ds
}

// varSpellings is the expression of the ways a command spells the
// variables of alt (names joined with |): $NAME, ${NAME}, ${#NAME},
// ${NAME:-x} and the other expansions, those without a colon too
// (${NAME-}, the usual spelling under set -u, ${NAME+x}, ${NAME=x},
// ${NAME?}: QA), PowerShell's $env:NAME and cmd's %NAME%, each name in a
// group of its own (four, in that order). An escaped \$NAME is matched
// too, for the caller to skip unless a second shell reads it.
func varSpellings(alt string) string {
	return `\\?\$(?:\{#?(` + alt + `)(?:[-+=?:#%/^,@][^}]*)?\}|(` + alt + `)\b|env:(` + alt + `)\b)|%(` + alt + `)%`
}

// nestedShell finds a command that hands text to a second shell (sh -c
// "…", bash -lc, eval): an escaped \$NAME the first shell leaves alone is
// expanded by the second.
var nestedShell = lazy.Regexp(`(?:^|[\s;&|(/])(?:(?:ba|da|k|z)?sh(?:\s+(?:--?[a-zA-Z][\w-]*|[a-z]+))*?\s+-[a-zA-Z]*c[a-zA-Z]*|eval)\s`)

// pluginVars gathers one of the providers' plugin variable lists, each
// name once.
func pluginVars(names *vocab.Tables, list func(vocab.Provider) []string) []string {
	var vars []string
	for _, p := range names.Providers {
		for _, v := range list(p) {
			if !slices.Contains(vars, v) {
				vars = append(vars, v)
			}
		}
	}
	return vars
}

// mentionsAny reports whether s contains one of the names.
func mentionsAny(s string, names []string) bool {
	for _, n := range names {
		if strings.Contains(s, n) {
			return true
		}
	}
	return false
}
