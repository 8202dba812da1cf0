package hookconv

import (
	"maps"
	"runtime"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/codex"
	"github.com/hookconv/hookconv/vocab"
)

// CodeUnapproved: a target that runs a hook only once a person has
// approved it (Codex's /hooks) holds migrated hooks whose copies there
// are not approved, or are turned off, so it does not run them;
// --remove-source keeps their source hooks (info).
const CodeUnapproved = "HC470"

// Approvals is what the caller read of the approvals a target keeps, for
// a tool whose table row says it runs a hook only once a person has
// approved it (vocab's NeedsApproval). Only the caller touches the disk:
// ApprovalsFile says which file to read.
type Approvals struct {
	// File is where the tool keeps them (ApprovalsFile), as diagnostics
	// name it.
	File string
	// Data is the file's contents; nil when there is none: nothing is
	// approved.
	Data []byte
	// Err is why the file could not be read (nil: read, or not there).
	Err error
	// Dir is the project's absolute directory, symbolic links resolved:
	// the tool keys an approval by its hooks file's absolute path.
	Dir string
	// Trust are the folders whose trust the tool applies to the project
	// (Codex's [projects."<folder>"]), in the order it looks them up: Dir,
	// then the root of the git checkout holding it. None given: Dir
	// alone.
	Trust []string
}

// approvalReader reads a tool's approvals: where it keeps them, given the
// environment and the user's home directory, and which handlers of its
// files it runs under them. The tool's own adapter package knows both.
type approvalReader struct {
	path func(getenv func(string) string, home string) (string, bool)
	read func(files providers.Files, ap *Approvals) (copies []codex.Approval, off gate, ds diag.List)
	// unknown says why nothing is approved, and how to mend it, where
	// the tool's approvals file cannot be found (Approvals.File "").
	unknown func() (why, hint string)
}

// gate is why a tool's user config lets none of the project's hooks
// run: why is the setting ("" for none), untrusted whether it is the
// project's trust.
type gate struct {
	why       string
	untrusted bool
}

// approvalReaders are the readers, by the slug of the tool whose
// approvals they read. A tool whose row says it needs approval and that
// has none here has nothing approved: --remove-source keeps every hook it
// holds.
var approvalReaders = map[string]approvalReader{
	codex.Dialect.Slug: {path: codex.ApprovalsPath, read: readCodexApprovals, unknown: codex.UnknownApprovals},
}

// readCodexApprovals reads Codex's [hooks.state] for the handlers of
// files, and off: why Codex's user config lets none of the project's
// hooks run ([features] hooks = false, the project not trusted), "" when
// it may (or nothing was read: nothing then counts as approved).
func readCodexApprovals(files providers.Files, ap *Approvals) (copies []codex.Approval, off gate, ds diag.List) {
	if ap == nil || ap.File == "" {
		return codex.Approvals(files, "", nil, runtime.GOOS), gate{}, nil
	}
	if ap.Err != nil {
		return codex.Approvals(files, ap.Dir, nil, runtime.GOOS), gate{}, codex.UnreadableApprovals(ap.File, ap.Err)
	}
	user, ds := codex.ReadUserConfig(ap.File, ap.Data)
	trust := ap.Trust
	if len(trust) == 0 {
		trust = []string{ap.Dir}
	}
	off.why, off.untrusted = user.ProjectHooksOff(trust)
	return codex.Approvals(files, ap.Dir, user.State, runtime.GOOS), off, ds
}

// ApprovalsFile is the file the tool to keeps its approvals of hooks in,
// given the environment (getenv) and the user's home directory ("" when
// unknown): "" where it cannot be found (Codex's without CODEX_HOME or a
// home directory), which an Approvals of no File says; false for a tool
// that runs its hooks unapproved, or whose approvals hookconv cannot
// read: none is then approved, and nothing more is said.
func ApprovalsFile(to string, getenv func(string) string, home string) (string, bool) {
	prov, ok := vocab.Default().Provider(to)
	r, known := approvalReaders[to]
	if !ok || !prov.NeedsApproval || !known {
		return "", false
	}
	file, found := r.path(getenv, home)
	if !found {
		return "", true
	}
	return file, true
}

// copyAt is where a hook's copy starts in a target's file.
type copyAt struct {
	file   string
	offset int
}

// requireApproval marks Pending the source hooks whose copies the
// target does not run for want of approval (its table row's
// NeedsApproval: Codex runs a hook only once a person approved it in
// /hooks, and asks again when it is added, changed or moved). files are
// the target's files as they will be, final its hooks decoded from them;
// added are the planned hooks this run adds (said by HC330). Until the
// approval a copy guards nothing there, so --remove-source must not take
// the source's hook away (QA: a platform team's migration to Codex
// removed Claude Code's guards, and a later run removed those whose
// copies nobody had approved). Every copy standing for a hook must run:
// approved, not turned off. The hook stays Migrated: the target holds
// it, and what it holds it with (a weaker guard, HC414) is still said.
// But a hook whose copies are approved while the tool's user config lets
// none of the project's hooks load (Codex's [features] hooks = false, a
// project not trusted) is not Migrated, and said (HC409), as one the
// project's own config turns off.
func (res *Conversion) requireApproval(mig *Migration, prov migTarget, forms [][]projection, files providers.Files, final []*canonical.Manifest, ap *Approvals, added []int) {
	if !prov.NeedsApproval {
		return
	}
	runs := map[copyAt]bool{}
	off := map[copyAt]bool{}
	var notLoaded gate // why the user's config lets none of the copies run
	r, ok := approvalReaders[prov.Slug]
	if ok {
		approvals, gated, ds := r.read(files, ap)
		notLoaded = gated
		res.Diagnostics = append(res.Diagnostics, ds...)
		for _, a := range approvals {
			at := copyAt{a.File, a.Pos.Offset}
			runs[at], off[at] = a.Runs, a.Disabled
		}
	}
	holders := holdersOf(prov, final...)
	states := copyStates(holders, runs, off)
	addedNow := map[int]bool{}
	for _, i := range added {
		addedNow[i] = true
	}
	var unapproved, disabled []string
	where := "" // a file holding copies not run
	for i := range res.Planned.Hooks {
		h := &res.Planned.Hooks[i]
		src := h.SourceIndex(i)
		if src >= len(mig.Migrated) || !mig.Migrated[src] {
			continue
		}
		running, turnedOff := copiesRun(forms[i], states)
		if running && notLoaded.why != "" {
			// Approved, but never loaded: not migrated, as a hook the
			// project's own config.toml turns off (QA q3 F1). (A copy
			// not approved yet is said by HC470 below: approving it is
			// the first step either way.)
			mig.Migrated[src] = false
			res.Diagnostics = append(res.Diagnostics, warnNotLoaded(h, i, prov.Provider, notLoaded, ap.File)...)
			continue
		}
		if running {
			continue
		}
		if mig.Pending == nil {
			mig.Pending = make([]bool, len(mig.Migrated))
		}
		mig.Pending[src] = true
		mig.Unapproved++
		switch {
		case turnedOff:
			disabled = append(disabled, strconv.Quote(h.DisplayName(i)))
		case !addedNow[i]: // a hook added now is said by HC330
			unapproved = append(unapproved, strconv.Quote(h.DisplayName(i)))
		}
		if where == "" {
			where = copyFile(forms[i], holders)
		}
	}
	if ap != nil && ap.File == "" && where != "" && r.unknown != nil {
		res.sayApprovalsUnknown(prov, r, where)
		return
	}
	res.sayUnapproved(prov, ap, unapproved, disabled)
}

// copyFile is the target's file holding one of a hook's copies, "" for
// none.
func copyFile(forms []projection, holders map[projection][]*canonical.Hook) string {
	for _, f := range forms {
		for _, c := range holders[f] {
			if c.OriginFile != "" {
				return c.OriginFile
			}
		}
	}
	return ""
}

// sayApprovalsUnknown says, once, at the target's file holding the
// copies, that none of them counts as approved since the tool's
// approvals file cannot be found: approving them in the tool would not
// change that (QA q3 F5).
func (res *Conversion) sayApprovalsUnknown(prov migTarget, r approvalReader, where string) {
	why, hint := r.unknown()
	var ds diag.List
	ds.Infof(CodeUnapproved, diag.Pos{}, "", hint, "%s runs the migrated hooks only once approved, and %s", prov.Name, why)
	res.Diagnostics = append(res.Diagnostics, ds.WithFile(where)...)
}

// warnNotLoaded warns (HC409) that planned hook h (the i-th), approved
// in the target, never runs there: the user's config (file) lets none of
// the project's hooks load, for the reason why.
func warnNotLoaded(h *canonical.Hook, i int, prov vocab.Provider, off gate, file string) diag.List {
	hint := "remove the setting that turns it off, if the hook should run there"
	if off.untrusted {
		hint = "trust the project in " + prov.Name + " (it asks when it starts in an untrusted folder), if the hook should run there"
	}
	var w diag.List
	w.Warnf(CodeDisabledHook, h.PosOf(""), hookPath(h, i), hint,
		"%s goes into %s's config, whose copy is approved, but %s loads none of the project's hooks (%s in %s): it will not run there (and --remove-source keeps it in the source)",
		h.DisplayName(i), prov.Name, prov.Name, off.why, file)
	return w.WithFile(h.OriginFile)
}

// copyState is what the target does with the copies of one form: run
// them all, turn one off.
type copyState struct {
	running, turnedOff bool
}

// copyStates folds, once per form, the approvals of the target's copies
// (holders) into whether they all run and whether one is turned off. Done
// per planned hook instead, the walk over a form's copies repeats for
// each hook of that form: a config of n identical hooks took n² steps
// (QA: 40,000 hooks, every second the same, 14 s of CPU to --to codex).
func copyStates(holders map[projection][]*canonical.Hook, runs, off map[copyAt]bool) map[projection]copyState {
	states := make(map[projection]copyState, len(holders))
	for f, copies := range holders {
		st := copyState{running: len(copies) > 0}
		for _, c := range copies {
			at := copyAt{c.OriginFile, c.Origin.Offset}
			st.running = st.running && runs[at]
			st.turnedOff = st.turnedOff || off[at]
		}
		states[f] = st
	}
	return states
}

// copiesRun reports whether every copy of a hook's forms in the target
// runs there (a form with no copy does not: its zero state), and whether
// one is turned off.
func copiesRun(forms []projection, states map[projection]copyState) (running, turnedOff bool) {
	running = len(forms) > 0
	for _, f := range forms {
		st := states[f]
		running = running && st.running
		turnedOff = turnedOff || st.turnedOff
	}
	return running, turnedOff
}

// sayUnapproved says, once, which migrated hooks the target holds but
// does not run: their copies are not approved, or are turned off.
func (res *Conversion) sayUnapproved(prov migTarget, ap *Approvals, unapproved, disabled []string) {
	var named []string
	for _, n := range unapproved {
		named = append(named, n+" (not approved)")
	}
	for _, n := range disabled {
		named = append(named, n+" (turned off: enabled = false)")
	}
	if len(named) == 0 {
		return
	}
	file := ""
	if ap != nil {
		file = ap.File
	}
	var ds diag.List
	ds.Infof(CodeUnapproved, diag.Pos{}, "", "approve them (and turn them on) in "+prov.Name+" with /hooks",
		"%s does not run its copies of %s", prov.Name, strings.Join(named, ", "))
	res.Diagnostics = append(res.Diagnostics, ds.WithFile(file)...)
}

// targetFilesAfter are the target's files once the run has written its
// files over the existing ones.
func targetFilesAfter(existing, written providers.Files) providers.Files {
	all := maps.Clone(existing)
	if all == nil {
		all = providers.Files{}
	}
	maps.Copy(all, written)
	return all
}
