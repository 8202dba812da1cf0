package hookconv

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
	"github.com/hookconv/hookconv/vocab"
)

// CodeMissingScript (warning): a hook's command runs a file of the project
// (./hooks/guard.sh, "$CLAUDE_PROJECT_DIR"/.claude/hooks/x.py) that the
// project does not have, so the hook fails every time it fires: a guard
// then guards nothing (or, in a fail-closed tool, blocks everything).
const CodeMissingScript = "HC412"

// CodeNotExecutable (warning): a hook's command runs a project file
// directly (it is the program, not an interpreter's argument) that is not
// executable, so the hook fails with "permission denied" every time; a
// mode lost in a checkout or an archive is the usual cause.
const CodeNotExecutable = "HC413"

// scriptExtensions mark a command word as a script file even when it is
// not the program itself (python3 .agents/hooks/check.py).
var scriptExtensions = []string{".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".ps1"}

// ProjectRoot returns the folder a tool's config file's commands run from,
// as the tool runs them: the project that holds the tool's config folder
// (/repo for /repo/.claude/settings.json), or the plugin's own folder for
// a plugin's or extension's hooks/hooks.json (plugin true). ok is false
// when the file is not where the tool looks for it (its commands could
// run from anywhere), is standard input, or is a manifest: a manifest's
// commands run wherever the configs converted from it land.
func ProjectRoot(slug, file string) (root string, plugin, ok bool) {
	if file == "" || file == "-" || file == "<stdin>" || slug == "canonical" {
		return "", false, false
	}
	prov, found := vocab.Default().Provider(slug)
	if !found {
		return "", false, false
	}
	p := filepath.ToSlash(filepath.Clean(file))
	for _, pattern := range prov.Paths {
		if !matchesConfigPath(p, pattern) {
			continue
		}
		parts := strings.Split(p, "/")
		n := strings.Count(pattern, "/") + 1
		root = strings.Join(parts[:len(parts)-n], "/")
		if root == "" {
			root = "."
		}
		return filepath.FromSlash(root), pattern == "hooks/hooks.json", true
	}
	return "", false, false
}

// MissingScripts reports the command hooks of m, read from file, that use
// a project file which project, the project's folder, does not hold
// (HC412), or run one directly that is not executable (HC413). It reads
// each command as a shell would split it and checks only words that
// surely name a project file: a path after any tool's project-directory
// variable (or $(git rev-parse --show-toplevel)) and, unless the command
// changes directory, a relative program or an argument with a script
// extension. Nothing is run. For a plugin's hooks (plugin true) only paths
// after its root variable (${CLAUDE_PLUGIN_ROOT}, ${extensionPath}, …) are
// checked: the others are relative to the user's project, not the plugin.
// Without a manifest or a project folder (nil) there is nothing to check.
func MissingScripts(m *canonical.Manifest, file string, project fs.FS, plugin bool) diag.List {
	if m == nil || project == nil {
		return nil
	}
	vars := rootVars(plugin)
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || h.Handler.Cwd != "" {
			continue // another folder: relative paths mean something else
		}
		for _, ref := range scriptPaths(h.Handler.Command, vars, !plugin) {
			var w diag.List
			at, path := h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i))
			st, err := fs.Stat(project, ref.path)
			switch {
			case err != nil:
				w.Warnf(CodeMissingScript, at, path, "add the script, or fix the path in the command",
					"%s uses %s, which is not in the project: the hook fails every time it fires (most tools then let the action through; fail-closed ones block it every time)",
					h.DisplayName(i), ref.path)
			case ref.program && st.Mode().IsRegular() && st.Mode().Perm()&0o111 == 0 && runtime.GOOS != "windows":
				w.Warnf(CodeNotExecutable, at, path, "chmod +x "+ref.path+" (and commit the mode: git update-index --chmod=+x "+ref.path+"), or run it through its interpreter (sh "+ref.path+")",
					"%s runs %s directly, but the file is not executable: the hook fails every time it fires with \"permission denied\"",
					h.DisplayName(i), ref.path)
			default:
				continue
			}
			if h.OriginFile != "" {
				w = w.WithFile(h.OriginFile)
			} else {
				w = w.WithFile(file)
			}
			ds = append(ds, w...)
		}
	}
	return ds
}

// rootVars are the variables that name the folder a config's commands
// run from: a plugin's own folder, or any tool's project directory.
// Worked out once: the checks ask for every hook of a large config.
func rootVars(plugin bool) []string {
	if plugin {
		return pluginRootVars()
	}
	return projectRootVars()
}

// intoProject matches a command's opening cd into the project folder,
// by any tool's variable for it or git's top level, and what ends it: &&,
// ; or || exit 1; (cd "$CLAUDE_PROJECT_DIR"; guard.sh). After ; a failing
// cd writes why on stderr and the rest runs from elsewhere; when it
// succeeds, which is what is read, all three run the rest alike.
var intoProject = sync.OnceValue(func() *regexp.Regexp {
	vars := strings.Join(projectRootVars(), "|")
	return regexp.MustCompile(`^\s*cd\s+(?:"?\$\{?(?:` + vars + `)\}?"?|"?` + regexp.QuoteMeta(gitTopLevel) + `"?)[ \t]*(?:&&|[;\n]|\|\|[ \t]*exit(?:[ \t]+[0-9]+)?[ \t]*;)\s*`)
})

// pluginRootVars name a plugin's (or extension's) own folder, by any
// tool's name for it: the providers table's plugin_root_vars.
var pluginRootVars = sync.OnceValue(func() []string {
	return pluginVars(vocab.Default(), func(p vocab.Provider) []string { return p.PluginRootVars })
})

// projectRootVars are every tool's project-directory variables.
var projectRootVars = sync.OnceValue(func() []string {
	var vars []string
	for _, p := range vocab.Default().Providers {
		if p.ProjectDirVar != "" {
			vars = append(vars, p.ProjectDirVar)
		}
	}
	return vars
})

// RepoPlace is where a project folder lies in a git repository. Targets
// that set no project variable find the project through git, as
// $(git rev-parse --show-toplevel), which is the project only when the
// project is a repository's top level; Sub says what to add to it.
// The zero value means the folder was not looked at.
type RepoPlace struct {
	// Known says the folder was looked at; the rest is unset otherwise.
	Known bool
	// InRepo says a git repository holds the folder.
	InRepo bool
	// Sub is the folder's slash-separated path from that repository's
	// top level ("" when it is the top level, or not in a repository).
	Sub string
}

// topLevel is how a command spells the project folder through git from
// where it lies in its repository, written where the shell reads it
// unquoted ($(git rev-parse --show-toplevel)/'my pkg': the path from the
// top level quoted where it needs to be); ok is false when git cannot
// find it (no repository holds it).
func (r RepoPlace) topLevel() (string, bool) {
	if !r.Known || r.Sub == "" {
		return gitTopLevel, !r.Known || r.InRepo
	}
	return gitTopLevel + "/" + subWord(r.Sub), true
}

// plainPath reports whether a path needs no quoting in a shell word.
func plainPath(p string) bool {
	return strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-") == ""
}

// subWord spells a project's path from its repository's top level as
// part of an unquoted shell word: as it is, or quoted (shellQuote) as
// sh, bash and zsh read it.
func subWord(sub string) string {
	if plainPath(sub) {
		return sub
	}
	return shellQuote(sub)
}

// subInQuotes spells the same inside double quotes, where $, " and \
// are escaped with a backslash, as POSIX shells (and fish) read them. ok
// is false for a path with a backquote, which this does not escape:
// projectFolder gives such a path git's top level alone, with a warning.
func subInQuotes(sub string) (string, bool) {
	if strings.Contains(sub, "`") {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(sub); i++ {
		if c := sub[i]; c == '$' || c == '"' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(sub[i])
	}
	return b.String(), true
}

// Scripts gives checks read access to the files the source config's
// commands run, to see what a hook's script prints. Nothing is run. Its
// methods are not safe for concurrent use; the conversions of Sources
// sharing one Scripts take turns on it (Source.Convert, Source.Migrate).
type Scripts struct {
	// turn is held by the conversion reading through the caches below:
	// they are plain maps, filled as the checks ask.
	turn sync.Mutex

	// FS is the folder the commands run from (ProjectRoot's root).
	FS fs.FS
	// Plugin says the config is a plugin's or extension's hooks file,
	// whose commands name their scripts through the plugin's folder.
	Plugin bool
	// PluginFolder says the commands run from the folder of a plugin
	// kept in a project (a Cursor plugin's hooks/hooks.json in a
	// subfolder: SourceRoot), which a target running hooks from the
	// project's root does not run them in.
	PluginFolder bool
	// Repo is where the folder lies in a git repository: a target with
	// no project variable finds the project through git.
	Repo RepoPlace

	// listed caches each folder's file names: a large config names
	// thousands of scripts, often in folders the checkout lacks, and one
	// listing costs what one failed open does.
	listed map[string]map[string]bool
	// texts caches each script read, for the next target of a migration.
	texts map[string][]byte
	// visible caches each script's text without comments when
	// allVisible holds for the purpose ("" when not), by path and
	// purpose: thousands of hooks may run one script, each with its own
	// arguments.
	visible map[readKey]visibleText
	// known holds, by command, the place in facts of what the readers
	// learnt of it: the checks each ask of every hook, and a large config
	// has thousands. One look-up finds all its answers: a map for each
	// cost a look-up each (most of them cache misses, in maps of
	// thousands) and, for 10,000 hooks, some 3 MB.
	known map[string]int32
	facts []commandFacts
	// last is the command factsOf found last, and its place: the readers
	// of one hook ask of its command several times in a row (readInput,
	// inline, readScript, scriptPathsOf…), and each check asks of the
	// hooks in their order, in which their facts were mostly made. A
	// comparison with the last command and the few made after it costs
	// less than a look-up in a map of thousands.
	last    string
	lastAt  int32
	hasLast bool
	// programs holds each Python or Node script read (readProgram) by
	// path and language, nil for none; programCalls the same by command.
	programs     map[string]*program
	programCalls map[string]*program
	// inputsIn caches readInput's answers for hooks with a cwd of their
	// own (rare), by command and cwd; facts holds the others'.
	inputsIn map[[2]string]inputAnswer
	// beside caches, by path, what followScripts reads a script as when
	// it names others by its own folder: a shell script's text with that
	// folder spelled out (withScriptDir), a Python or Node script's
	// programRefs. Thousands of hooks may run one script, each with its
	// own arguments.
	beside map[string]besideAnswer
	// tails caches readExitScript's reading by the script's path and how
	// it is run (tailKey): what it runs before the helper it hands its
	// exit to, and the helper.
	tails map[tailKey]readAnswer

	// commands is how many hooks' commands the caches by command will be
	// asked about (Expect): made that size at once, they do not grow by
	// doubling, rehashing every entry each time.
	commands int
}

// configMode returns the mode of the source's config file p (a name of
// Source.Files) as FS holds it: FS is the folder ProjectRoot finds for
// the file (as the CLI makes Scripts), so p is looked up by its part
// below that folder. ok is false without FS, when p lies in no such
// folder, or when it cannot be stat'ed there. Nothing is looked up on
// the process's own disk: a library caller's in-memory paths name no
// file there (ARCHITECTURE.md: only the CLI touches the file system).
func (s *Scripts) configMode(from, p string) (mode fs.FileMode, ok bool) {
	if s == nil || s.FS == nil {
		return 0, false
	}
	root, _, found := ProjectRoot(from, p)
	if !found {
		return 0, false
	}
	rel := filepath.ToSlash(filepath.Clean(p))
	if root = filepath.ToSlash(root); root != "." {
		rel = strings.TrimPrefix(rel, root+"/")
	}
	if !fs.ValidPath(rel) {
		return 0, false
	}
	st, err := fs.Stat(s.FS, rel)
	if err != nil {
		return 0, false
	}
	return st.Mode(), true
}

// take waits for the caches' turn (turn) and returns what gives it back;
// nothing to wait for without Scripts.
func (s *Scripts) take() (give func()) {
	if s == nil {
		return func() {}
	}
	s.turn.Lock()
	return s.turn.Unlock
}

// take is Scripts.take for the source's Scripts, none for a nil Source
// (plan says what is wrong with it).
func (s *Source) take() (give func()) {
	if s == nil {
		return func() {}
	}
	return s.Scripts.take()
}

// Expect says that the checks will ask about the commands of n hooks, so
// that the caches kept by command are made to hold them all at once.
func (s *Scripts) Expect(n int) {
	if s != nil {
		s.commands = max(s.commands, n)
	}
}

// besideAnswer is a cached reading of a script's own folder.
type besideAnswer struct {
	text string
	refs []scriptRef
}

// byOwnFolder returns what followScripts reads a project script (name,
// its text b) as: a shell script's text without comments, its own
// folder spelled as the config's root variable does (withScriptDir);
// for a Python or Node script, the scripts it runs (programRefs).
func (s *Scripts) byOwnFolder(name string, b []byte, shell bool) besideAnswer {
	if a, ok := s.beside[name]; ok {
		return a
	}
	var a besideAnswer
	if shell {
		a.text = withScriptDir(withoutComments(b), path.Dir(name), rootVars(s.Plugin), s.behindNoLink(name))
	} else if lang := scriptLang(name, b); lang == langPython || lang == langNode {
		a.refs = programRefs(programCode(string(b), lang), path.Dir(name), !s.Plugin)
	}
	if s.beside == nil {
		s.beside = map[string]besideAnswer{}
	}
	s.beside[name] = a
	return a
}

// commandFacts is what the readers learnt of one command, each answer
// once its flag is set: the script paths it names (scriptPathsOf), that
// it runs no script read here (unread: none named, named as another
// program's argument, missing, no shell script, whatever the purpose),
// readScript's answers by purpose, readInput's for a hook with no cwd
// of its own, and whether it is all that runs (inline). HC419's and
// HC441's checks each read every hook's text, and a large config runs
// one script from thousands of hooks.
type commandFacts struct {
	command           string // the command these are facts of
	paths             []scriptRef
	hasPaths, unread  bool
	read              [forExit + 1]readAnswer
	hasRead           [forExit + 1]bool
	input             inputAnswer
	hasInput          bool
	inline, hasInline bool
}

// factsOf returns the place in s.facts of what is known of command,
// nothing yet for a command not asked about before. A place, not a
// pointer: reading one command may learn of others, which grows facts.
func (s *Scripts) factsOf(command string) int32 {
	k, ok := s.nearLast(command)
	if !ok {
		k, ok = s.known[command]
	}
	if !ok {
		if s.known == nil {
			s.known = make(map[string]int32, s.commands)
			s.facts = make([]commandFacts, 0, s.commands)
		}
		k = int32(len(s.facts))
		s.known[command] = k
		s.facts = append(s.facts, commandFacts{command: command})
	}
	s.last, s.lastAt, s.hasLast = command, k, true
	return k
}

// nearLast returns the place of command's facts when it is the command
// asked about last or one of the few whose facts were made after it
// (nearby), without a look-up in known.
func (s *Scripts) nearLast(command string) (int32, bool) {
	if !s.hasLast {
		return 0, false
	}
	if command == s.last {
		return s.lastAt, true
	}
	end := min(int(s.lastAt)+1+nearby, len(s.facts))
	for k := int(s.lastAt) + 1; k < end; k++ {
		if s.facts[k].command == command {
			return int32(k), true
		}
	}
	return 0, false
}

// nearby is how many facts after the last asked nearLast compares: a
// check that skips a few hooks (another event, an http hook) still
// finds the next one's.
const nearby = 4

// unreadCommand reports whether command is known to run no script read
// here, whatever the purpose.
func (s *Scripts) unreadCommand(command string) bool {
	k, ok := s.nearLast(command)
	if !ok {
		k, ok = s.known[command]
	}
	return ok && s.facts[k].unread
}

// inputAnswer is a cached readInput call.
type inputAnswer struct {
	text   string
	unseen inputUnseen
}

// readKey is a script's path and a purpose (visible's key); readAnswer
// a cached reading (readScript's, readExitScript's).
type (
	readKey struct {
		path string
		p    purpose
	}
	readAnswer struct {
		text string
		ok   bool
	}
)

// readFile reads a file of the project, or fails without opening it when
// its folder's listing does not name it.
func (s *Scripts) readFile(name string) ([]byte, error) {
	if !s.listedFile(name) {
		return nil, fs.ErrNotExist
	}
	return s.readListed(name)
}

// readListed is readFile for a file its folder's listing names.
func (s *Scripts) readListed(name string) ([]byte, error) {
	if b, ok := s.texts[name]; ok {
		return b, nil
	}
	// Only a regular file of a script's size: not a FIFO, a device
	// (/dev/zero through a link) or anything that is no script.
	if st, err := fs.Stat(s.FS, name); err != nil || !st.Mode().IsRegular() || st.Size() > maxScript {
		return nil, fs.ErrInvalid
	}
	b, err := fs.ReadFile(s.FS, name)
	if err == nil {
		if s.texts == nil {
			s.texts = map[string][]byte{}
		}
		s.texts[name] = b
	}
	return b, err
}

// listedFile reports whether the listing of a project file's folder
// names it (each folder listed once): readFile opens no other.
func (s *Scripts) listedFile(name string) bool {
	dir, base := path.Split(name)
	dir = strings.TrimSuffix(dir, "/")
	if dir == "" {
		dir = "."
	}
	names, ok := s.listed[dir]
	if !ok {
		names = map[string]bool{}
		// Only a folder is listed: opening a FIFO of an untrusted checkout
		// would wait forever.
		if st, err := fs.Stat(s.FS, dir); err == nil && st.IsDir() {
			entries, _ := fs.ReadDir(s.FS, dir)
			for _, e := range entries {
				names[e.Name()] = true
			}
		}
		if s.listed == nil {
			s.listed = map[string]map[string]bool{}
		}
		s.listed[dir] = names
	}
	return names[base]
}

// maxScript is the largest script read: hook scripts are small, and a
// larger file is no reason to hold it in memory.
const maxScript = 256 << 10

// exitTwo matches the ways a shell script exits with code 2 (the shell
// keeps a code's low byte: exit 258 is exit 2).
var exitTwo = lazy.Regexp(`(?m)(^|[;&|{()]|\b(then|else|do))\s*exit\s+["']?0*(?:2|258|514|770|1026)\b`)

// exitFailing matches the ways a shell script exits with a code other
// than 0 (as the shell keeps its low byte: not 256).
var exitFailing = lazy.Regexp(`(?m)(^|[;&|{()]|\b(then|else|do))\s*exit\s+["']?0*(?:[1-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b`)

// shellShebang reports whether a shebang line runs a shell: one of its
// words (runs of letters, digits and underscores) is sh, bash, zsh or
// dash (#!/bin/sh -e, #!/usr/bin/env bash; not #!/bin/bash5).
func shellShebang(line []byte) bool {
	for i := 0; i < len(line); {
		if !wordByte(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && wordByte(line[j]) {
			j++
		}
		if slices.Contains(posixShells, string(line[i:j])) {
			return true
		}
		i = j
	}
	return false
}

// shellScript reports whether a file is a shell script, by its name or
// its first line.
func shellScript(name string, text []byte) bool {
	// A shebang decides; without one, the name.
	if first, _, _ := bytes.Cut(text, []byte("\n")); bytes.HasPrefix(first, []byte("#!")) {
		return shellShebang(first)
	}
	switch path.Ext(name) {
	case ".sh", ".bash", ".zsh":
		return true
	}
	return false
}

// compiledProgram reports whether a project file is a compiled program
// rather than a script: a NUL byte, which no script's text holds and
// every executable's (PE, "MZ", among them) does, or an ELF or Mach-O
// header. What it prints cannot be read from its bytes: a "cancel" among
// its strings may be any string, and its answer may be built from none
// (QA).
func compiledProgram(text []byte) bool {
	if bytes.IndexByte(text, 0) >= 0 {
		return true
	}
	return slices.ContainsFunc(programMagic, func(m string) bool { return bytes.HasPrefix(text, []byte(m)) })
}

// programMagic are the first bytes of ELF and Mach-O (32 and 64 bits,
// both byte orders, universal) executables.
var programMagic = []string{"\x7fELF", "\xfe\xed\xfa\xce", "\xfe\xed\xfa\xcf", "\xce\xfa\xed\xfe", "\xcf\xfa\xed\xfe", "\xca\xfe\xba\xbe"}

// withoutComments drops a shell script's comment lines (a "#" first on the
// line, the shebang included), which say nothing about what it does, and
// blanks a comment after a command on its line where bash starts one
// (shlex.Views): QA found LIMIT=5 # max anywhere, or a last line
// check.sh "$@"  # run it, left a script unread, its words taken for
// programs. Where shlex.Views cannot read the text (quotes that do not
// pair up), such comments stay, as before, and readers refuse them.
func withoutComments(text []byte) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(text), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			b.WriteString(line)
		}
	}
	out := b.String()
	if strings.Contains(out, "#") { // most scripts have no comment left: not parsed
		if uncommented, _, _, ok := shlex.Views(out); ok && uncommented != out {
			// A comment runs from a # that shlex.Views blanked to its
			// line's end: blanked with spaces here, so no word is left.
			c := []byte(out)
			for i := 0; i < len(c); i++ {
				if c[i] != '#' || uncommented[i] == '#' {
					continue
				}
				for ; i < len(c) && c[i] != '\n'; i++ {
					c[i] = ' '
				}
			}
			out = string(c)
		}
	}
	return out
}

// readScript returns what a hook's command runs, when all of it can be
// read: the command is one plain call (no ;, &, |, redirection or command
// substitution; no cwd of its own) of exactly one project file, a shell
// script that reads in no other file and names no other script. Then the
// text is that script without its comments, with the command. Anything
// less certain is false: a check must then assume the worst. s may be
// nil. Nothing is run.
func (s *Scripts) readScript(hd *canonical.Handler, p purpose) (string, bool) {
	call, ok := s.plainCall(hd)
	if !ok {
		return "", false
	}
	k := s.factsOf(hd.Command)
	if f := &s.facts[k]; f.hasRead[p] {
		return f.read[p].text, f.read[p].ok
	}
	text, ok := s.readWhole(&call, p)
	if ok {
		text = strings.TrimSuffix(text, call.Command) + hd.Command
	}
	s.facts[k].read[p], s.facts[k].hasRead[p] = readAnswer{text, ok}, true
	return text, ok
}

// plainCall returns a hook's command as one plain call that readScript
// and readProgram may follow into the file it runs: no ;, &, |,
// redirection or command substitution, no cwd of its own; an opening cd
// into the project dropped. False when s cannot read files.
func (s *Scripts) plainCall(hd *canonical.Handler) (canonical.Handler, bool) {
	if s == nil || s.FS == nil || hd.Cwd != "" {
		return canonical.Handler{}, false
	}
	// cd "$CLAUDE_PROJECT_DIR" && .claude/hooks/guard.sh runs the script
	// from the project folder, as a relative path names it anyway.
	call := *hd
	if !s.Plugin && strings.Contains(call.Command, "cd") { // the regexp is not run on every hook
		if loc := intoProject().FindStringIndex(call.Command); loc != nil {
			call.Command = call.Command[loc[1]:]
		}
	}
	// The project folder spelled as git finds it (what a target without
	// a project variable gets) is a path, not a program run.
	command := strings.ReplaceAll(call.Command, gitTopLevel, "")
	if breaksCall(command) {
		return canonical.Handler{}, false
	}
	return call, true
}

// byteSet is a set of bytes, looked for in a string in one pass:
// strings.ContainsAny builds its set anew on each call, and the readers
// ask of every hook's command.
type byteSet [256]bool

// bytesOf returns the set of the bytes of chars.
func bytesOf(chars string) *byteSet {
	var b byteSet
	for i := 0; i < len(chars); i++ {
		b[chars[i]] = true
	}
	return &b
}

// in reports whether s holds a byte of the set (strings.ContainsAny).
func (b *byteSet) in(s string) bool {
	for i := 0; i < len(s); i++ {
		if b[s[i]] {
			return true
		}
	}
	return false
}

// callBreaks holds the bytes no plain call holds: ;, &, |, <, >, `, a
// newline ($ too, which breaks one when ( follows).
var callBreaks = bytesOf(";&|<>`\n$")

// pathBreaks holds the bytes that make a word no sure path (scriptPaths).
var pathBreaks = bytesOf("$*?[{~: \t\n\x00")

// breaksCall reports whether command holds one of ;&|<>`, a newline or
// $(: one pass, for plainCall asks it of every hook's command several
// times (strings.ContainsAny builds its set on each call).
func breaksCall(command string) bool {
	for i := 0; i < len(command); i++ {
		if c := command[i]; callBreaks[c] && (c != '$' || i+1 < len(command) && command[i+1] == '(') {
			return true
		}
	}
	return false
}

// projectRefs is scriptPathsOf for a command of this project's config
// as converted: its project folder found through git names these files.
func (s *Scripts) projectRefs(command string) []scriptRef {
	if s.Repo.Sub != "" {
		// The project inside its repository, as rewriteProjectDir spells
		// it, unquoted or in double quotes: the folder these files are
		// read from.
		command = strings.ReplaceAll(command, gitTopLevel+"/"+subWord(s.Repo.Sub), gitTopLevel)
		if quoted, ok := subInQuotes(s.Repo.Sub); ok {
			command = strings.ReplaceAll(command, gitTopLevel+"/"+quoted, gitTopLevel)
		}
	}
	return s.scriptPathsOf(command)
}

// readWhole is readScript's reading, uncached.
func (s *Scripts) readWhole(hd *canonical.Handler, p purpose) (string, bool) {
	if s.unreadCommand(hd.Command) {
		return "", false
	}
	unread := func() (string, bool) {
		s.facts[s.factsOf(hd.Command)].unread = true
		return "", false
	}
	refs := s.projectRefs(hd.Command)
	if len(refs) != 1 {
		return unread()
	}
	key := readKey{refs[0].path, p}
	v, seen := s.visible[key]
	if !seen && !s.listedFile(refs[0].path) {
		// A script its folder's listing lacks is read by no purpose
		// (readFile fails): known before the command's words are read.
		return unread()
	}
	runs, traces := shellRuns(hd.Command)
	if !refs[0].program && !runs {
		// The script must be what runs, or a shell's script: not the
		// argument of another program (env, timeout, xargs, sh -c '…'
		// whose $0 it is).
		return unread()
	}
	if !seen {
		b, err := s.readListed(refs[0].path)
		if err != nil || !shellScript(refs[0].path, b) {
			return unread()
		}
		if v.text = withoutComments(b); !allVisible(v.text, p) {
			v.text = ""
		}
		v.traces = tracingShebang().Match(b)
		if s.visible == nil {
			s.visible = map[readKey]visibleText{}
		}
		s.visible[key] = v
	}
	if v.text == "" {
		return "", false
	}
	if p == forExit && (traces || refs[0].program && v.traces) {
		// bash -x writes each command it runs to stderr, before any
		// exit: the shell's own option, said as the script would.
		return "set -x\n" + v.text + "\n" + hd.Command, true
	}
	return v.text + "\n" + hd.Command, true
}

// readAnswers returns the text a hook's JSON answers are looked for in:
// its whole script where readScript can read it all (forAnswer), else
// the command and whatever project scripts it names (readInput). s may
// be nil. Nothing is run.
func (s *Scripts) readAnswers(hd *canonical.Handler) string {
	if text, whole := s.readScript(hd, forAnswer); whole {
		return text
	}
	text, _ := s.readInput(hd)
	return text
}

// readInput returns the text in which a hook's command may name the
// tool's arguments it reads: the command when it is all that runs
// (inlineText), the shell script it runs when that is read whole
// (readScript); else the command and whatever project scripts it names
// that can be read, in any language (a Python guard's
// tool_input.get("file_path")), and the scripts those shell scripts name.
// unseen says why that text may not be all that reads the tool's input:
// a script that could not be read (missing, unreadable, no project
// folder), or a program hookconv cannot see into that may read standard
// input (programsUnseen); "" when hookconv read all that may. s may be
// nil. Nothing is run.
func (s *Scripts) readInput(hd *canonical.Handler) (text string, unseen inputUnseen) {
	if inner, ok := Unshim(hd.Command); ok {
		// A command --shim wrapped runs the command it wraps: read that
		// (QA: a Windsurf prompt guard's script, run through the shim,
		// was not read, and its read of tool_info.user_prompt, which
		// hookconv run's input does not hold, not warned about).
		unwrapped := *hd
		unwrapped.Command = inner
		hd = &unwrapped
	}
	if s == nil {
		if t, ok := inlineText(hd.Command); ok && hd.Cwd == "" {
			return t, ""
		}
		return s.readInputUncached(hd)
	}
	// The cache first: inlineText's reading (allVisible) was the costliest
	// part of a hook's readInput, and four checks ask for every hook.
	if hd.Cwd != "" {
		key := [2]string{hd.Command, hd.Cwd}
		a, ok := s.inputsIn[key]
		if !ok {
			a.text, a.unseen = s.readInputUncached(hd) // not inline: it runs elsewhere
			if s.inputsIn == nil {
				s.inputsIn = map[[2]string]inputAnswer{}
			}
			s.inputsIn[key] = a
		}
		return a.text, a.unseen
	}
	k := s.factsOf(hd.Command)
	if f := &s.facts[k]; f.hasInput {
		return f.input.text, f.input.unseen
	}
	if s.inline(hd.Command) {
		text, unseen = hd.Command, ""
	} else {
		text, unseen = s.readInputUncached(hd)
	}
	s.facts[k].input, s.facts[k].hasInput = inputAnswer{text, unseen}, true
	return text, unseen
}

// inline reports whether a command is all that runs (inlineText), for a
// hook with no cwd of its own; remembered, for readInput asks it of
// every hook and denyAnswer again of each guard, and the reading
// (allVisible) is the costliest part of either. s may be nil.
func (s *Scripts) inline(command string) bool {
	if s == nil {
		_, ok := inlineText(command)
		return ok
	}
	k := s.factsOf(command)
	if f := &s.facts[k]; f.hasInline {
		return f.inline
	}
	_, ok := inlineText(command)
	s.facts[k].inline, s.facts[k].hasInline = ok, true
	return ok
}

// readInputUncached is readInput's reading, past an inline command.
func (s *Scripts) readInputUncached(hd *canonical.Handler) (text string, unseen inputUnseen) {
	if t, ok := s.readScript(hd, forExit); ok {
		return t, ""
	}
	text = hd.Command
	var refs []scriptRef
	if s != nil {
		refs = s.scriptPathsOf(hd.Command)
	} else {
		refs = scriptPaths(hd.Command, rootVars(false), true)
	}
	// A script that cannot be read is the reason first; only without one
	// are the programs run looked at (programsUnseen reads every word,
	// and a large config names thousands of scripts): the command's, then
	// those of the scripts' lines.
	if s == nil || s.FS == nil || hd.Cwd != "" {
		if len(refs) > 0 {
			return text, unseenScript
		}
		return text, programsUnseen(hd.Command, refs)
	}
	var lines inputUnseen // the first of the scripts' lines' programs unseen
	files, left, unread := s.followScripts(refs, func(line string, more []scriptRef, unread bool) {
		if lines == "" && !unread {
			lines = programsUnseen(line, more)
		}
	})
	for _, f := range files {
		text += "\n" + string(f.text)
	}
	if left || unread {
		return text, unseenScript // more than hookconv follows, or a script unread
	}
	if u := programsUnseen(hd.Command, refs); u != "" {
		return text, u
	}
	return text, lines
}

// inputFile is a project script followScripts read: its path and text.
type inputFile struct {
	path string
	text []byte
}

// followScripts reads the project scripts refs name and, after them,
// those their shell scripts name, each once, up to maxInputScripts: a
// guard that hands the payload to a helper reads what the helper reads.
// A script names another by the project's folder or by its own
// ("$(dirname "$0")/lib.sh", $SCRIPT_DIR/check.sh: withScriptDir). A
// script in another language is read in full, and only the scripts it
// runs by such a path are followed (programRefs). line, when not nil, is
// called with each line of a shell script read (its comment lines
// dropped, its own folder spelled out), the scripts that line names
// and whether a script could not be read so far. left says more scripts
// were named than it follows; unread that one could not be read.
func (s *Scripts) followScripts(refs []scriptRef, line func(string, []scriptRef, bool)) (files []inputFile, left, unread bool) {
	seen := map[string]bool{}
	for len(refs) > 0 && len(seen) < maxInputScripts {
		ref := refs[0]
		refs = refs[1:]
		if seen[ref.path] {
			continue
		}
		seen[ref.path] = true
		b, err := s.readFile(ref.path)
		if err != nil {
			unread = true
			continue
		}
		files = append(files, inputFile{ref.path, b})
		shell := shellScript(ref.path, b)
		// A script beside this one, named by this one's folder (source
		// "$(dirname "$0")/lib.sh", os.path.dirname(__file__)), is
		// followed as one named by the project's (QA).
		own := s.byOwnFolder(ref.path, b, shell)
		if !shell {
			// Read in full: it reads what it names, but another script it
			// runs (subprocess.run(["bash", "check.sh"])) is read too.
			refs = append(refs, own.refs...)
			continue
		}
		for _, l := range strings.Split(own.text, "\n") {
			more := scriptPaths(l, rootVars(s.Plugin), !s.Plugin)
			if line != nil {
				line(l, more, unread)
			}
			refs = append(refs, more...)
		}
	}
	return files, len(refs) > 0, unread
}

// maxInputScripts bounds the scripts readInput follows from one command.
const maxInputScripts = 16

// inputUnseen says why hookconv cannot tell from a hook's text all that
// it reads of the tool's input, in words for HC419's message.
type inputUnseen string

const (
	unseenScript  inputUnseen = "run scripts hookconv could not read"
	unseenProgram inputUnseen = "run a program hookconv cannot see into, which may read that input"
	// unseenRead: the text names the tool's input but no argument
	// hookconv recognises (TI=$(jq -c .tool_input) read again later).
	unseenRead inputUnseen = "read the tool input in a way hookconv does not follow"
)

// quietPrograms are programs that read nothing of a hook's standard
// input (git, notifications, sounds, files made or touched), or only pass
// it on (tee, to the programs after it, which are judged themselves): a
// command that runs only these and the shell's own reads no argument.
var quietPrograms = append([]string{"git", "osascript", "sleep", "mkdir", "touch", "logger", "tput", "cd", "tee"}, notifierPrograms...)

// interpreters run the script named among their arguments: one running
// a script hookconv reads is seen into.
// posixShells are the shells that read a script in sh's syntax, by
// program name: a shebang's, a command's (bash -c, sh x.sh).
var posixShells = []string{"sh", "bash", "zsh", "dash"}

var interpreters = []string{"sh", "bash", "zsh", "dash", "python", "python3", "node", "ruby", "perl", "bun", "deno"}

// programsUnseen says whether a shell text runs a program that may read
// a hook's standard input and that hookconv cannot see into: one that is
// not the shell's own, a text tool (whose arguments are in the text), a
// quiet program, one of refs (the project scripts it names, followed by
// readInput) or an interpreter running one of them. A line it cannot
// split counts as such a program: a safety guard may be a binary on PATH
// that reads the tool's input. A program named by a path, or an
// interpreter's script outside the project (${CLAUDE_PLUGIN_ROOT}/x.py),
// is a script hookconv could not read (unseenScript); other programs
// unseenProgram; "" for none.
func programsUnseen(text string, refs []scriptRef) inputUnseen {
	isRef := func(word string) bool {
		return slices.ContainsFunc(refs, func(r scriptRef) bool {
			return word == r.path || strings.HasSuffix(word, "/"+r.path)
		})
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "[[") {
			line = doubleBracket().ReplaceAllString(line, "true")
		}
		words := shlex.Words(plainRedirects(line))
		if words == nil && strings.TrimSpace(line) != "" {
			return unseenProgram
		}
		at, target := true, false
		for i, w := range words {
			switch {
			case w.Operator:
				at, target = true, false
				continue
			case w.Redirect:
				target = true
				continue
			case target:
				target = false // the file written or read
				continue
			case !at:
				continue
			case i+1 < len(words) && words[i+1].Operator && words[i+1].Text == ")":
				continue // a case pattern
			}
			name := path.Base(w.Text)
			switch {
			case assignment().MatchString(w.Text), slices.Contains(shlex.Keywords, w.Text), w.Text == "esac", w.Text == "env":
				// env runs the program after it, which is judged
			case w.Text == "case" || w.Text == "for" || w.Text == "in":
				at = false // a subject or the loop's words, up to an operator
			case slices.Contains(scriptCommands, name) || slices.Contains(quietPrograms, name) || isRef(w.Text):
				at = false
			case slices.Contains(interpreters, name):
				at = false
				runs, script := false, false
				for _, a := range words[i+1:] {
					if a.Operator {
						break
					}
					runs = runs || isRef(a.Text)
					script = script || !strings.HasPrefix(a.Text, "-") && (strings.Contains(a.Text, "/") || hasScriptExtension(a.Text))
				}
				switch {
				case runs:
				case script:
					return unseenScript
				default:
					return unseenProgram
				}
			case strings.Contains(w.Text, "/"):
				return unseenScript
			default:
				return unseenProgram
			}
		}
	}
	return ""
}

// visibleText is a script's text without its comments, "" when it does
// not show all it does (allVisible), and whether its shebang makes the
// shell trace to standard error (#!/bin/bash -x).
type visibleText struct {
	text   string
	traces bool
}

// purpose is what a check reads a hook's text for, which decides what it
// must see whole.
type purpose int

const (
	// forAnswer: what the hook prints on stdout (a JSON deny), so a text
	// tool printing anything but literal text is output unseen.
	forAnswer purpose = iota
	// forExit: how the hook exits and whether it writes to stderr, so
	// what text tools print on stdout does not matter.
	forExit
)

// allVisible reports whether a shell text (a script without its
// comments, or a command) shows all it does, for p: it reads in no file,
// runs nothing but the shell's own commands and text tools, and names no
// other script, which may answer for it. For the exit, a text tool may
// read files as data (grep -q ok file, cat "$1"): what they hold changes
// only what it prints on stdout and its status, which the reading
// follows anyway (readsDataOnly).
func allVisible(text string, p purpose) bool {
	if p == forExit {
		text = forExitReading(text)
	}
	// A space before a device is no path of the project's (> /dev/null),
	// and reading /dev/stdin is reading the payload, as standard input is.
	// Each expression below runs only on a text holding what it needs
	// (a device, the word command, a >): most scripts lack some, and
	// running it costs more than the rest of a small conversion.
	if strings.Contains(text, "/dev/") {
		text = devRedirect().ReplaceAllString(text, "$1$2")
		text = strings.ReplaceAll(text, "</dev/stdin", "")
	}
	// command -v NAME, which NAME and hash NAME only say where a program
	// is (a check that jq is installed); they run nothing. A command or
	// builtin prefix runs the word after it, as it would run alone (QA:
	// command true, builtin echo x left a whole guard unread).
	if strings.Contains(text, "command") || strings.Contains(text, "which") || strings.Contains(text, "hash") {
		text = commandLookup().ReplaceAllString(text, "true")
	}
	if strings.Contains(text, "command") || strings.Contains(text, "builtin") {
		text = runPrefix().ReplaceAllString(text, "$1")
	}
	// Output sent to a file (>> /tmp/guard.log) is written there, not
	// run or read: the path is no program of the project's. A device
	// (/dev/stdout) stays what it is.
	if strings.Contains(text, ">") {
		text = fileOutput().ReplaceAllStringFunc(text, func(r string) string {
			if m := fileOutput().FindStringSubmatch(r); !strings.HasPrefix(m[2], "/dev/") {
				return m[1] + "/dev/null"
			}
			return r
		})
	}
	if p == forExit {
		// exec with redirections alone (exec 2>>/tmp/guard.log) runs
		// nothing: it points the script's own output elsewhere, which
		// the exit's reading follows (readShape).
		if strings.Contains(text, "exec") {
			text = execRedirects().ReplaceAllString(text, "${1}true$2")
		}
		// Logging that writes to files or the system log (tee -a
		// "$LOG", mkdir -p, logger) says nothing on stderr.
		text = withoutQuietLogging(text)
		// Only for the exit: a function defined after its call, in a
		// branch never taken, or named like the program it hides would
		// make an answer printed on stdout look read whole. For the exit
		// such a mistake only warns about more (HC431).
		text = withFunctionsInline(text)
	}
	plain := withoutTextSubstitutions(text)
	if opaque(shlex.WithoutLiteralQuotes(plain)) || runsOtherPrograms(plain, p == forAnswer) {
		return false
	}
	if p == forExit {
		// A script named in a message ("usage: guard.sh < payload") is no
		// script run: for the exit, quoted text is left out.
		return !namesScript().MatchString(shlex.WithoutLiteralQuotes(text))
	}
	return !namesScript().MatchString(text)
}

// shellWord matches a word where a command or an argument may stand.
var shellWordAt = lazy.Regexp(`(?:^|[\s;&|(!{])([A-Za-z_][\w-]*)`)

// namedWords calls fn for each word of text that is one of names (its
// value the name's index), other than an assignment (deny=1) or a
// definition (deny()). One pass over the text, a set lookup per word:
// linear however many names a script defines.
func namedWords(text string, names map[string]int, fn func(start, end, k int)) {
	for _, m := range shellWordAt().FindAllStringSubmatchIndex(text, -1) {
		start, end := m[2], m[3]
		k, ok := names[text[start:end]]
		if !ok || end < len(text) && (text[end] == '=' || text[end] == '(') {
			continue
		}
		fn(start, end, k)
	}
}

// withFunctionsInline reads a script's own shell functions as the text
// they are: a definition (deny() {, function deny {) becomes the group it
// opens, and a call of one the no-op ":", its body being read where it
// stands. Without it a call reads as an unknown program, and a guard that
// denies through a helper function is never read.
func withFunctionsInline(text string) string {
	if !mayDefineFunction(text) {
		return text // most scripts define none: skip compiling functionDef
	}
	defs := functionDef().FindAllStringSubmatch(text, -1)
	if len(defs) == 0 {
		return text
	}
	text = functionDef().ReplaceAllString(text, "$1$4") // the body's opening, { or (, stays
	names := make(map[string]int, len(defs))
	for i, d := range defs {
		names[d[2]+d[3]] = i
	}
	var b strings.Builder
	last := 0
	namedWords(text, names, func(start, end, _ int) {
		b.WriteString(text[last:start])
		b.WriteString(":")
		last = end
	})
	b.WriteString(text[last:])
	return b.String()
}

// mayDefineFunction reports whether text holds what every match of
// functionDef holds: the word function, or an empty pair of parentheses
// (spaces and line breaks between them allowed, as \s allows them).
func mayDefineFunction(text string) bool {
	if strings.Contains(text, "function") {
		return true
	}
	for i := strings.IndexByte(text, '('); i >= 0; {
		rest := strings.TrimLeft(text[i+1:], " \t\n\f\r")
		if strings.HasPrefix(rest, ")") {
			return true
		}
		k := strings.IndexByte(rest, '(')
		if k < 0 {
			return false
		}
		text, i = rest, k
	}
	return false
}

// functionDef matches the head of a shell function's definition, up to
// its body's opening brace or parenthesis: deny() {, function deny {,
// function deny() {, warn() ( (a body run in a subshell).
var functionDef = lazy.Regexp(`(?m)(^[ \t]*|[;&|]\s*)(?:function\s+([A-Za-z_][\w-]*)\s*(?:\(\s*\))?|([A-Za-z_][\w-]*)\s*\(\s*\))\s*([{(])`)

// fileOutput matches a redirection of output to a named file, its path
// spelled out (>> /tmp/guard.log, 2>err.txt), not to a descriptor.
var fileOutput = lazy.Regexp(`(\d?>>?)[ \t]*([\w./-]*[\w-])\b`)

// commandLookup matches command -v NAME (or -V), which prints where a
// program is and runs nothing.
// execRedirects matches a line that is exec with output redirections
// only (exec 2>>/tmp/guard.log, exec 1>&2): the script's descriptors
// changed for the rest of it, no program run.
// quietLogging matches a command that keeps a log and writes nothing to
// standard error but its own failures: tee (to its files and stdout),
// mkdir, touch, logger. Its arguments may name variables, not run
// commands.
var quietLogging = lazy.Regexp(`(?m)((?:^|[;&|{(!]|\b(?:then|do|else))[ \t]*)(?:tee|mkdir|touch|logger)((?:[ \t](?:[^;&|\n()` + "`" + `$]|\$[^(])*)?)([;&|)]|$)`)

// withoutQuietLogging spells quietLogging's commands true, for the exit's
// reading: unless one writes to stderr after all (tee /dev/stderr,
// logger -s), which stays, as a program whose output is unknown.
func withoutQuietLogging(text string) string {
	if !strings.Contains(text, "tee") && !strings.Contains(text, "mkdir") && !strings.Contains(text, "touch") && !strings.Contains(text, "logger") {
		return text
	}
	return quietLogging().ReplaceAllStringFunc(text, func(cmd string) string {
		m := quietLogging().FindStringSubmatch(cmd)
		args := " " + m[2] + " "
		if strings.Contains(args, "/dev/stderr") || strings.Contains(args, "/dev/fd/2") || strings.Contains(args, "/proc/self/fd/2") ||
			strings.Contains(args, "--stderr") || loggerToStderr().MatchString(args) {
			return cmd
		}
		return m[1] + "true" + m[3]
	})
}

// loggerToStderr matches logger's -s among its short options (-is).
var loggerToStderr = lazy.Regexp(`\s-[a-zA-Z]*s[a-zA-Z]*\s`)

var execRedirects = lazy.Regexp(`(?m)^([ \t]*)exec((?:[ \t]+[0-9]?>>?&?[ \t]*[^\s;&|<>]+)+)[ \t]*$`)

// commandLookup matches a lookup of a program's path: command -v NAME,
// which NAME, hash NAME.
var commandLookup = lazy.Regexp(`\b(?:command\s+-[vV]|which|hash)\s+[\w.-]+`)

// runPrefix matches command or builtin before the word it runs, with no
// option between (command -p, -v and -V are not this).
var runPrefix = lazy.Regexp(`\b(?:command|builtin)[ \t]+([A-Za-z_])`)

// devRedirect matches a redirection to or from a device, with blanks
// between the two.
var devRedirect = lazy.Regexp(`(\d?(?:>>|>&|<&|>|<))[ \t]+(/dev/(?:null|stdin|stdout|stderr|fd/[0-2]))\b`)

// namesScript matches a file name with a script's extension
// (scriptExtensions), ending there: "guard.py", not "package.json".
var namesScript = lazy.Regexp(`(?:` + strings.ReplaceAll(strings.Join(scriptExtensions, "|"), ".", `\.`) + `)\b`)

// processInput matches input redirected from a process substitution with
// no other inside it (done < <(jq -r .x)), its command the second group;
// the first is what stands before the redirection (not a here-document's
// <<).
var processInput = lazy.Regexp(`(^|[^<])<[ \t]*<\(([^()` + "`" + `]*)\)`)

// substitution matches a command substitution with no other inside it.
var substitution = lazy.Regexp(`\$\(([^()` + "`" + `]*)\)`)

// textTools are programs that only read and reshape text: given no file
// to read (textArgsOK), they read the payload (or a variable echoed into
// them) and print nothing of their own. jq's filter is in the script's
// text, where the checks read it. awk and sed are not among them: both
// can run programs (system(), the e command) and write files.
var textTools = []string{"cat", "jq", "grep", "egrep", "fgrep", "tr", "head", "tail", "cut", "echo", "printf", "basename", "dirname", "wc", "sort", "uniq", "date", "pwd"}

// dataExtensions mark a word as a file a text tool would read (cat
// deny.json): its contents are not in the script.
var dataExtensions = []string{".json", ".yaml", ".yml", ".toml", ".txt", ".conf", ".cfg", ".ini", ".rules", ".policy", ".md", ".out", ".log"}

// withoutTextSubstitutions removes from a script the command
// substitutions that run text tools only, on the payload or a variable
// (input=$(cat), cmd=$(jq -r '.tool_input.command'), a pipe of them):
// they run nothing of the project and read no file. So does a loop's
// input from a process substitution of text tools (done < <(jq -r …)),
// which is dropped with its redirection: the loop reads them as it would
// a here-string, and runs in the script's own shell. Anything else stays,
// for opaque to find.
func withoutTextSubstitutions(text string) string {
	if strings.Contains(text, "<(") {
		text = processInput().ReplaceAllStringFunc(text, func(sub string) string {
			m := processInput().FindStringSubmatch(sub)
			if textOnly(shlex.Words(strings.ReplaceAll(m[2], "\n", ";"))) {
				return m[1]
			}
			return sub
		})
	}
	if !strings.Contains(text, "$(") {
		return text
	}
	return substitution().ReplaceAllStringFunc(text, func(sub string) string {
		// Newlines separate commands as ";" does.
		if textOnly(shlex.Words(strings.ReplaceAll(sub[2:len(sub)-1], "\n", ";"))) {
			// A variable stands for its value: what is built from it
			// ("$(dirname "$0")/deny.json") still reads as a path, and
			// printing it (echo "$(git rev-parse …)") as no literal.
			return "$x"
		}
		return sub
	})
}

// textOnly reports whether a command substitution's words (shlex.Words)
// run only text tools that read no file, with no redirection.
func textOnly(words []shlex.Word) bool {
	if gitQuery(words) {
		return true
	}
	if len(words) == 0 {
		return false
	}
	tool := ""
	var args []shlex.Word
	words = append(words[:len(words):len(words)], shlex.Word{Operator: true})
	for i := 0; i < len(words); i++ {
		switch w := words[i]; {
		case w.Redirect && w.Text == "<<<" && i+1 < len(words) && hereString(words[i+1]):
			// jq -r .x <<<"$input": the tool reads a string, as it would
			// from echo "$input" |, not a file.
			i++
		case w.Redirect:
			return false
		case w.Operator:
			if tool != "" && !textArgsOK(tool, args) {
				return false
			}
			tool, args = "", nil
		case tool == "":
			if !slices.Contains(textTools, w.Text) {
				return false
			}
			tool = w.Text
		default:
			args = append(args, w)
		}
	}
	return true
}

// hereString reports whether w, after <<<, is a string a text tool may
// read: literal text or a variable's value, not a command's output.
func hereString(w shlex.Word) bool {
	return !w.Operator && !w.Redirect && !strings.Contains(w.Text, "$(") && !strings.Contains(w.Text, "`")
}

// gitQuery reports whether a substitution's words only ask git where the
// project stands (branch=$(git rev-parse --abbrev-ref HEAD)): rev-parse,
// symbolic-ref and branch --show-current print a name or a path, read no
// file of the project's and run no hook or helper of git's (unlike
// status or diff, which may start a configured fsmonitor). Their output
// lands in a variable, which printsLiteral watches where it is printed.
func gitQuery(words []shlex.Word) bool {
	if len(words) < 2 || words[0].Text != "git" {
		return false
	}
	for _, w := range words {
		if w.Operator || w.Redirect || strings.HasPrefix(w.Text, "-c") || strings.HasPrefix(w.Text, "--exec-path") {
			return false // a pipe, a redirection, or configuration set inline
		}
	}
	switch words[1].Text {
	case "rev-parse", "symbolic-ref":
		return true
	case "branch":
		return len(words) == 3 && words[2].Text == "--show-current"
	}
	return false
}

// textArgsOK reports whether a text tool's arguments name no file for it
// to read: jq's filter or grep's pattern and nothing more, head's and
// tail's counts, no operand at all for cat (but -), cut, wc, sort and
// uniq; no option that takes a file (-f, --slurpfile); anything for the
// tools that read no file at all.
func textArgsOK(tool string, args []shlex.Word) bool {
	switch tool {
	case "echo", "printf", "tr", "basename", "dirname", "date", "pwd":
		return true // they read standard input or nothing
	}
	operands := 0
	grep := tool == "grep" || tool == "egrep" || tool == "fgrep"
	if grep && slices.ContainsFunc(args, func(w shlex.Word) bool {
		return strings.HasPrefix(w.Text, "--regexp") || !strings.HasPrefix(w.Text, "--") && strings.HasPrefix(w.Text, "-") && strings.Contains(w.Text, "e")
	}) {
		// grep -e PATTERN: the pattern is the option's, so every operand
		// is a file to read.
		operands = 1
	}
	for i, w := range args {
		if grep && i > 0 && (args[i-1].Text == "-e" || args[i-1].Text == "--regexp") {
			continue // the pattern -e takes
		}
		switch {
		case w.Text == "-f" || strings.HasPrefix(w.Text, "--") && strings.Contains(w.Text, "file"):
			return false // jq -f, --slurpfile, --rawfile; grep -f
		case grep && (strings.HasPrefix(w.Text, "--") && (strings.Contains(w.Text, "recursive") || strings.Contains(w.Text, "include") || strings.Contains(w.Text, "director")) ||
			!strings.HasPrefix(w.Text, "--") && strings.HasPrefix(w.Text, "-") && strings.ContainsAny(w.Text, "rRd")):
			return false // grep -r reads the folder
		case strings.HasPrefix(w.Text, "-") && w.Text != "-":
			continue
		}
		operands++
		switch tool {
		case "jq", "grep", "egrep", "fgrep":
			// One operand, the filter or pattern; a second is a file.
			if operands > 1 {
				return false
			}
		case "head", "tail":
			// A count, and only after -n or -c: a bare operand is a file.
			if i == 0 || !slices.Contains([]string{"-n", "-c"}, args[i-1].Text) || strings.Trim(w.Text, "0123456789+") != "" {
				return false
			}
		default:
			if w.Text != "-" {
				return false // cat, cut, wc, sort, uniq: any operand is a file
			}
		}
		if slices.ContainsFunc(dataExtensions, func(ext string) bool { return strings.HasSuffix(w.Text, ext) }) {
			return false
		}
	}
	return true
}

// readsDataOnly reports whether a text tool's arguments name files for
// it to read as data only, not a program to run from one (jq -f
// filter.jq, --from-file), whose text is not in the script: read for
// the exit, where such a file changes what the tool prints on stdout
// and its status, not what reaches stderr but the tool's own errors.
func readsDataOnly(args []shlex.Word) bool {
	return !slices.ContainsFunc(args, func(w shlex.Word) bool {
		return w.Text == "-f" || strings.HasPrefix(w.Text, "--") && strings.Contains(w.Text, "file")
	})
}

// scriptCommands are the commands a script read whole may run: the
// shell's own that run nothing else (not eval, trap, exec, command), and
// the text tools.
var scriptCommands = append([]string{"exit", "return", "test", "[", "[[", "true", "false", ":", "read", "local", "export", "set", "shift", "unset", "declare", "typeset", "readonly", "break", "continue"}, textTools...)

// fdRedirect spells the shell's redirections with "&" as plain ones.
var fdRedirect = strings.NewReplacer(">&", ">", "<&0", "", "&>", ">")

// plainRedirects is fdRedirect's replacement, made only for a line with
// an "&", which each of its forms holds: the replacer copies every line
// it is given, two allocations for each hook of a large config.
func plainRedirects(line string) string {
	if strings.IndexByte(line, '&') < 0 {
		return line
	}
	return fdRedirect.Replace(line)
}

// runsOtherPrograms reports whether a script may print what its text
// does not spell: it runs a command other than the shell's own and text
// tools, has one read a file in, or lets a text tool write to standard
// output anything but literal text (printf '%s' built the JSON, jq -n
// made it). A program on PATH (opa, a policy CLI), a file or such output
// may hold the JSON deny. It follows the script as shlex.Words splits it,
// with case statements (a subject, then patterns up to ")", then
// commands up to ";;"); a line it cannot split (a quote left open)
// counts as something else run. Without stdout (what the script prints
// there does not matter), text tools may print anything.
func runsOtherPrograms(text string, stdout bool) bool {
	var words []shlex.Word
	for _, line := range strings.Split(text, "\n") {
		// A [[ … ]] test runs nothing (opaque has its arithmetic): its
		// regular expressions' ( | ) are no operators.
		if strings.Contains(line, "[[") {
			line = doubleBracket().ReplaceAllString(line, "true")
		}
		var ok bool
		if words, ok = shlex.AppendWords(words, plainRedirects(line)); !ok {
			return true // a quote left open
		}
		words = append(words, shlex.Word{Operator: true, Text: "\n"})
	}
	const (
		atCommand   = iota // the next word runs
		atArgs             // the words of a command
		atSubject          // case's word, up to "in"
		atPattern          // case's patterns, up to ")"
		atLoopWords        // for's name and words, up to ";" or a newline
	)
	state, cases := atCommand, 0
	tool := "" // the text tool whose arguments are being read
	var args []shlex.Word
	quiet := false    // the command's standard output goes elsewhere
	assigned := false // the command began with NAME=value: no keyword follows
	// endCommand checks the command just read, ended by the operator op.
	endCommand := func(op string) bool {
		ok := tool == "" || (textArgsOK(tool, args) || !stdout && readsDataOnly(args)) && (!stdout || quiet || op == "|" || printsLiteral(tool, args))
		tool, args, quiet, assigned = "", nil, false, false
		return ok
	}
	target, fd := false, ""
	hereString := false // the word after <<< is the command's input
	for i, w := range words {
		next := shlex.Word{}
		if i+1 < len(words) {
			next = words[i+1]
		}
		if hereString {
			hereString = false // the here-string's word: data, not a file
			continue
		}
		switch {
		case w.Redirect && w.Text == "<<<":
			hereString = true
			continue
		case w.Redirect && (w.Text == "<" || next.Operator && next.Text == "("):
			return true // a file read in, or <(…) >(…): a program run
		case w.Redirect:
			target = true
			continue
		case target && !w.Operator:
			// The file or descriptor written to: standard output is
			// quiet when it goes to standard error or nowhere.
			if fd == "" || fd == "1" {
				quiet = quiet || w.Text == "2" || w.Text == "/dev/null"
			}
			target, fd = false, ""
			continue
		case !w.Operator && next.Redirect && strings.Trim(w.Text, "0123456789") == "":
			fd = w.Text // the descriptor of 2>&1
			continue
		case w.Operator:
			switch {
			case state == atPattern:
				if w.Text == ")" {
					state = atCommand
				}
			case state == atSubject:
			case state == atLoopWords:
				state = atCommand // "do" follows
			default:
				if !endCommand(w.Text) {
					return true
				}
				state = atCommand
				if w.Text == ";" && next.Operator && next.Text == ";" && cases > 0 {
					state = atPattern // ";;": the next pattern
				}
			}
			continue
		}
		switch state {
		case atSubject:
			if w.Text == "in" {
				state = atPattern
			}
			continue
		case atPattern:
			if w.Text == "esac" {
				cases, state = cases-1, atArgs
			}
			continue
		case atArgs:
			args = append(args, w)
			continue
		case atLoopWords:
			continue // the loop's name and the words it takes in turn
		}
		switch {
		case assignment().MatchString(w.Text):
			// NAME=value; a command may follow, but no keyword. PATH and
			// the like change what the commands after it are.
			if name, _, _ := strings.Cut(w.Text, "="); slices.Contains(shellEnvironment, strings.TrimSuffix(name, "+")) {
				return true
			}
			assigned = true
		case assigned:
			return true // x= case …: "case" is a command there, none we know
		case w.Text == "case":
			cases, state = cases+1, atSubject
		case w.Text == "for":
			state = atLoopWords
		case w.Text == "esac" && cases > 0:
			cases, state = cases-1, atArgs
		case slices.Contains(shlex.Keywords, w.Text):
		case slices.Contains(scriptCommands, w.Text):
			state = atArgs
			if slices.Contains(textTools, w.Text) {
				tool = w.Text
			}
		default:
			return true
		}
	}
	return !endCommand("\n")
}

// doubleBracket matches a [[ … ]] test on one line.
var doubleBracket = lazy.Regexp(`\[\[\s.*?\s\]\]`)

// assignment matches a NAME=value word.
var assignment = lazy.Regexp(`^[A-Za-z_][A-Za-z0-9_]*\+?=`)

// shellEnvironment are variables that change which program a command
// runs or what the shell runs first.
var shellEnvironment = []string{"PATH", "BASH_ENV", "ENV", "LD_PRELOAD", "LD_LIBRARY_PATH", "IFS", "CDPATH", "SHELLOPTS", "BASHOPTS", "PS4", "GIT_EXEC_PATH", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_PARAMETERS"}

// printsLiteral reports whether a text tool that writes to standard
// output writes only the literal text of its arguments: echo or printf
// with no expansion, escape, format or brace in them (grep -q writes
// nothing).
func printsLiteral(tool string, args []shlex.Word) bool {
	switch tool {
	case "grep", "egrep", "fgrep":
		return slices.ContainsFunc(args, func(w shlex.Word) bool {
			// -q prints nothing; -s only keeps the error messages quiet.
			return w.Text == "--quiet" || w.Text == "--silent" || strings.HasPrefix(w.Text, "-") && !strings.HasPrefix(w.Text, "--") && strings.Contains(w.Text, "q")
		})
	case "echo", "printf":
		for _, w := range args {
			if strings.ContainsAny(w.Text, "${}\\%`") || w.Text == "-e" {
				return false
			}
		}
		return true
	}
	return false
}

// shellRuns reports whether a command is a shell running a script file
// (sh, bash, zsh or dash, then only options that change neither what
// runs nor where it reads: sh -c '…' runs its argument, sh -n runs
// nothing, sh -s reads standard input), and whether those options make
// the shell trace what it runs to standard error (-x, -v).
func shellRuns(command string) (runs, traces bool) {
	// Most commands run no shell, which their first word tells without
	// a list of all their words: one allocation for every hook of a
	// large config.
	if first, ok := shlex.PlainFirstWord(command); ok && !slices.Contains(posixShells, path.Base(first)) {
		return false, false
	}
	words := shlex.Words(command)
	if len(words) < 2 || !slices.Contains(posixShells, path.Base(words[0].Text)) {
		return false, false
	}
	for i := 1; i < len(words); i++ {
		w := words[i].Text
		switch {
		case words[i].Operator || words[i].Redirect:
			return false, false
		case w == "-o" || w == "+o":
			if i++; i == len(words) || !slices.Contains(shellOptionNames, words[i].Text) {
				return false, false
			}
			traces = traces || w == "-o" && (words[i].Text == "xtrace" || words[i].Text == "verbose")
		case w == "--noprofile" || w == "--norc" || w == "--posix":
		case strings.HasPrefix(w, "-") || strings.HasPrefix(w, "+"):
			letters := w[1:]
			if strings.HasSuffix(letters, "o") { // -euo pipefail: the name follows
				if i++; i == len(words) || !slices.Contains(shellOptionNames, words[i].Text) {
					return false, false
				}
				traces = traces || w[0] == '-' && (words[i].Text == "xtrace" || words[i].Text == "verbose")
				letters = strings.TrimSuffix(letters, "o")
			}
			if len(w) == 1 || strings.Trim(letters, shellOptionLetters) != "" {
				return false, false
			}
			traces = traces || w[0] == '-' && strings.ContainsAny(letters, "xv")
		default:
			return true, traces // the script
		}
	}
	return false, false
}

// shellOptionLetters and shellOptionNames are the shell options that
// leave a script run as it reads (errexit, nounset, pipefail, tracing).
const shellOptionLetters = "aeufvxCEhT"

var shellOptionNames = []string{"errexit", "nounset", "pipefail", "xtrace", "verbose", "noglob", "noclobber", "errtrace", "functrace", "allexport"}

// tracingShebang matches a shebang line whose shell traces what it runs
// to standard error (#!/bin/bash -x, #!/bin/sh -ev).
var tracingShebang = lazy.Regexp(`^#![^ \t\n]+(?:[ \t]+[^ \t\n]+)*?[ \t]+-[a-zA-Z]*[xv]`)

// rootMark stands for the project folder in a command once its variables
// are expanded; it cannot occur in a command.
const rootMark = "\x00root\x00"

// scriptPathsOf is scriptPaths for a command of this project's config,
// remembered.
func (s *Scripts) scriptPathsOf(command string) []scriptRef {
	k := s.factsOf(command)
	if f := &s.facts[k]; f.hasPaths {
		return f.paths
	}
	refs := scriptPaths(command, rootVars(s.Plugin), !s.Plugin)
	s.facts[k].paths, s.facts[k].hasPaths = refs, true
	return refs
}

// scriptRef is a project file a command uses: a slash-separated path
// relative to the project, and whether it is the program the command runs
// (rather than an argument).
type scriptRef struct {
	path    string
	program bool
}

// scriptPaths lists the project files a command surely uses. relative
// says whether plain relative paths count (they are relative to where the
// tool runs the command, which is the project for project configs).
func scriptPaths(command string, rootVars []string, relative bool) []scriptRef {
	if strings.IndexByte(command, 0) >= 0 || strings.IndexByte(command, '`') >= 0 {
		return nil
	}
	expanded := command
	// Every form below starts with a $: most commands (./hooks/x.sh) have
	// none, and a large config has thousands.
	if strings.Contains(command, "$") {
		for _, v := range rootVars {
			// Each form names v: a command that does not is left
			// without building the forms or looking for each one.
			if !strings.Contains(expanded, v) {
				continue
			}
			for _, form := range []string{`"$` + v + `"`, `"${` + v + `}"`, `${` + v + `}`} {
				expanded = strings.ReplaceAll(expanded, form, rootMark)
			}
			expanded = replaceVar(expanded, v)
		}
		if strings.Contains(expanded, gitTopLevel) {
			expanded = strings.ReplaceAll(expanded, `"`+gitTopLevel+`"`, rootMark)
			expanded = strings.ReplaceAll(expanded, gitTopLevel, rootMark)
		}
	}
	// Relative paths mean nothing sure after a cd, nor in a command with
	// backslashes (Windows paths, escapes this reader does not follow).
	// (A cd first is a cd after a blank: not tested as " "+command, a
	// copy for each hook of a large config.)
	changesDir := strings.HasPrefix(command, "cd ") || strings.Contains(command, " cd ") || strings.Contains(command, ";cd ") || strings.Contains(command, "&&cd ") ||
		strings.Contains(command, "\\")

	var out []scriptRef
	atProgram, redirected := true, false
	// The words are split into a list on the stack when they fit, as a
	// command's do: this runs for every hook of a large config, and the
	// list is not kept.
	var stack [8]shlex.Word
	words, ok := shlex.AppendWords(stack[:0], expanded)
	if !ok {
		return nil // a quote left open: no path is sure
	}
	for _, w := range words {
		switch {
		case w.Operator:
			atProgram, redirected = true, false
			continue
		case w.Redirect:
			redirected = true
			continue
		case redirected:
			redirected = false // the file a redirection names
			continue
		}
		word, program := w.Text, atProgram
		if atProgram && word == "env" {
			continue // env runs the program after it
		}
		if atProgram && !strings.Contains(word, "=") {
			atProgram = false
		}
		var rel string
		switch {
		case strings.HasPrefix(word, rootMark):
			rel = strings.TrimPrefix(strings.TrimPrefix(word, rootMark), "/")
		case !relative || changesDir || strings.HasPrefix(word, "-") || strings.Contains(word, "="):
			continue
		case program && strings.Contains(word, "/"),
			!program && hasScriptExtension(word):
			// A program without a slash is looked up in PATH; an argument
			// without a script's extension may be anything (./..., an
			// output folder): only relative programs and scripts count.
			rel = word
		default:
			continue
		}
		if rel == "" || pathBreaks.in(rel) || strings.HasPrefix(rel, "/") {
			continue
		}
		// path.Clean copies a path it changes: the ./ that most
		// relative commands start with is cut first, as Clean would.
		for strings.HasPrefix(rel, "./") && !strings.HasPrefix(rel[2:], "/") {
			rel = rel[2:]
		}
		clean := path.Clean(rel)
		if clean == "." || clean == ".." || strings.HasPrefix(clean, "../") {
			continue // outside the project
		}
		out = append(out, scriptRef{clean, program})
	}
	return out
}

// replaceVar replaces $name not followed by a name character with the
// root mark.
func replaceVar(s, name string) string {
	return replaceVarWith(s, name, rootMark)
}

// replaceVarWith replaces $name not followed by a name character with
// with.
func replaceVarWith(s, name, with string) string {
	ref := "$" + name
	if !strings.Contains(s, ref) {
		return s // most commands: no copy
	}
	var b strings.Builder
	for {
		i := strings.Index(s, ref)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + 1 + len(name)
		if end < len(s) && shlex.IsNameByte(s[end]) {
			b.WriteString(s[:end])
			s = s[end:]
			continue
		}
		b.WriteString(s[:i] + with)
		s = s[end:]
	}
}

func hasScriptExtension(word string) bool {
	for _, ext := range scriptExtensions {
		if strings.HasSuffix(word, ext) {
			return true
		}
	}
	return false
}
