package hookconv

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/jsonedit"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/cline"
	"github.com/hookconv/hookconv/providers/codex"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/providers/opencode"
	"github.com/hookconv/hookconv/vocab"
)

// CodeExistingUnreadable: a target file that already exists cannot be
// read, so nothing can be merged into it (error).
const CodeExistingUnreadable = "HC408"

// CodeKeptInSource: migrate --remove-source leaves a hook in the source,
// because a target holds a blocking hook but cannot block with it as the
// source does, or holds a hook but runs it for fewer cases (warning).
const CodeKeptInSource = "HC414"

// CodeLocalHooks: hooks from a tool's personal, uncommitted config
// (Claude Code's settings.local.json) go into the target's shared one
// (warning).
const CodeLocalHooks = "HC422"

// CodeSourceNotRewritable: migrate --remove-source cannot rewrite a source
// file without losing a hook it keeps (error).
const CodeSourceNotRewritable = "HC416"

// CodeSourceLeftWhole: every hook of a source file was migrated, but the
// source's tool keeps such a file whole (one hook per file, a script per
// event), so --remove-source leaves it in place, for the user to delete,
// or to turn off where the targets run it as their command (warning).
const CodeSourceLeftWhole = "HC434"

// weakensBlocking are the warnings that say a target holds a blocking hook
// with less power to block than its source gave it: it only observes the
// event (HC204, HC181), a capability it blocked through is gone (HC202),
// part of its matcher is (HC310), a timeout no longer blocks (HC317), it
// no longer sees every tool (HC345), or exit 2 no longer blocks where the
// target blocks only on a JSON answer (HC208), another non-zero exit or a
// crash no longer blocks (HC209), or its matcher was passed on unchanged
// and may match nothing there (HC402), or it exits 2 without the reason
// on stderr the target needs to block (HC431), or an agent guard is held
// as a prompt handler: one model call without tools decides what the
// agent checked by working (HC325).
//
// Not here: the infos (a shorter default timeout, HC435, HC588: only a
// guard that runs that long is stopped), what fails in the source as it
// does in the target (a missing script, HC412, HC413). Syntax zsh reads
// otherwise (HC443) is here: zsh is macOS's default login shell, so the
// guard fails for most of its users, and the few constructs (== in [ ],
// an unmatched glob, for … in $VAR, bash's arrays) leave the commonest
// guards alone.
var weakensBlocking = map[string]bool{CodeWeakerCopy: true, CodeSilentExitTwo: true, "HC204": true, "HC181": true, "HC202": true, "HC208": true, "HC209": true, "HC310": true, "HC317": true, "HC345": true,
	// QA q2 F2: an agent guard that runs the tests before it denies,
	// demoted to one model call that cannot run them.
	providers.CodeAgentAsPrompt: true,
	// Under the shim, a tool that also runs the target's files reads no
	// answer of the shim's deny there (HC450). Not HC451: a hook may never
	// ask or rewrite.
	CodeShimDenyUnread: true,
	// A regular expression or literal native name passed unchanged to
	// another tool (HC402) may name none of its tools: the guard would
	// never fire there. So may a tool name Cline has none for (HC572),
	// a tool OpenCode lacks or any MCP server's tools there (HC585,
	// HC586), or a pattern JavaScript reads otherwise (HC587).
	"HC402": true, cline.CodeToolName: true, opencode.CodeToolMissing: true, opencode.CodeMCPAnyServer: true, opencode.CodePatternDialect: true,
	// A pattern the target's JavaScript RegExp cannot read (HC438)
	// never fires there.
	CodeJSPattern: true,
	// A PowerShell guard run by sh (HC421) fails there, and a failing
	// guard lets every call through; so does a bash command run by sh
	// (HC439), a Cline .ps1 script where PowerShell is not installed
	// (HC563), and a command that needs a plugin's variable the target's
	// config never sets (HC424).
	CodePowerShell: true, CodeBashOnly: true, cline.CodePowerShell: true, CodePluginVar: true,
	// So does a Windows command the target runs with another shell than
	// its source did (HC218: Copilot CLI's PowerShell in Codex's cmd), on
	// Windows. Not a command without one that the source ran with bash
	// on Windows and the target runs with cmd or PowerShell (HC219): the
	// source's copy guards no Windows user of the target, and keeping
	// every Claude Code guard going to Codex would hold back a project no
	// one opens on Windows; the warning says it, and --strict fails
	// (unless the project's platforms leave Windows out: then neither is
	// said, forPlatforms).
	CodeWindowsShell: true,
	// So may one that reads a variable the source tool's settings set
	// for every hook, which the target never sets (HC440), or one the
	// source tool itself sets for its hooks and the target does not: a
	// session id a guard is keyed on (HC441).
	CodeSettingsEnv: true, CodeToolOnlyVar: true,
	// A guard zsh, macOS's default login shell, reads otherwise (HC443)
	// fails there: == in [ ] ends the shell with exit 1.
	CodeZshSyntax: true,
	// So does one whose project-directory variable became git's top
	// level in a project git does not find (HC405's warning; its info,
	// a rewrite that works, does not count).
	CodeProjectDir: true,
	// A Gemini CLI guard that denies with exit 3 (HC436) fails elsewhere.
	CodeOtherExitBlocks: true,
	// A guard that reads the source's payload fields finds nothing in the
	// target's (HC419) and lets every call through; so does one that
	// answers with Cline's "cancel", which no other tool reads (HC564),
	// or may, through a script hookconv cannot read (HC589).
	// (A JSON deny the target does not read, HC425, is counted by
	// contractNotes, its quiet infos too.)
	CodePayloadShape: true, cline.CodeClineOutput: true, CodeClineMayCancel: true,
	// So does one that tests the tool's name against the source's
	// spelling, which the target does not send (HC446), or the event's
	// name against the source's (HC447).
	CodeToolNameTest: true, CodeEventNameTest: true,
	// A guard that stops the agent with an answer the target does not
	// read there (HC464: Claude Code's continue: false on PreToolUse, a
	// failed hook in Codex) lets the call and the agent go on.
	CodeStopUnread: true,
	// Cline's generated script: a hook it cannot run (HC571), a timeout
	// past Cline's 30 s for the whole script, which then lets the action
	// proceed (HC575), no Windows command (HC576: on Windows it never
	// runs).
	cline.CodeNotRun: true, cline.CodeTimeout: true, cline.CodeWindows: true,
	// A timeout the author set, cut to what the target's JavaScript timer
	// holds (HC437): a guard still running then is killed, and the
	// action goes ahead.
	CodeTimeoutClamped: true,
	// A manifest's blocking hook that is async, or whose provider_data
	// has a tool run it in the background (HC185: Claude Code's
	// asyncRewake, written as it is): that tool never waits for it. Said
	// of the manifest, not of one target, so a hook is kept too where
	// the key is another tool's: keeping a guard is the safe mistake.
	canonical.CodeBlockingAsync: true,
	// A guard written under an event the target's releases before the
	// events table's since skip (HC322's warning: Qwen Code's
	// UserPromptExpansion before 0.21.2, the e2e client among them)
	// guards nothing there (QA q6 F1).
	nested.CodeEventNote: true}

// settingInfos are the infos hooksNamed counts as warnings, which alter a
// blocking hook (Migration.Altered): a native field only the source's
// tool has, not rendered for the target (HC403). It is an info, since
// hookconv cannot tell a field a guard relies on (Claude Code's
// continueOnBlock on a prompt guard, QA q2 F2) from one that changes
// nothing; a guard kept is the safe mistake, while keeping every hook
// that only watches for its bookkeeping fields (Kiro's enabled and
// version) would keep most of them.
var settingInfos = map[string]bool{CodeForeignData: true}

// narrowsCoverage are the warnings that say a target runs a hook, blocking
// or not, for fewer cases than its source did: part of its matcher is gone
// (HC310), its matcher was passed on unchanged and may match nothing
// (HC402; HC572, HC585, HC586, HC587 in Cline's and OpenCode's generated
// programs) or is a pattern the target's JavaScript cannot read (HC438),
// the target's event fires for fewer kinds (HC427) or cases (HC354: it
// was read from an event that fires for more, Copilot CLI's
// errorOccurred), its script tests the tool's name against a name the
// target does not send (HC446) or the event's name against the source's
// (HC447), or Cline's script runs it nowhere (HC571) or not on Windows
// (HC576). Removing such a hook from the source would lose the cases the
// target skips.
var narrowsCoverage = map[string]bool{CodeWeakerCopy: true, "HC310": true, "HC402": true, CodeFiresFor: true, CodeJSPattern: true, CodeToolNameTest: true, CodeEventNameTest: true, CodeLossyEvent: true,
	cline.CodeToolName: true, opencode.CodeToolMissing: true, opencode.CodeMCPAnyServer: true, opencode.CodePatternDialect: true,
	cline.CodeNotRun: true, cline.CodeWindows: true}

// losesSetting are the warnings that say a target holds a hook without a
// setting its source gave it: a condition such as Claude's "if" (HC404),
// the hook being switched off (HC409), the MCP server of its matcher
// (HC341), a value matcher (HC314) or any matcher (HC344, where the target
// ignores it), the shell it runs in (HC421, HC439), a field of a
// capability the target lacks (HC202) or a handler field it has no key
// for (HC316), its handler type (an agent handler written as a prompt
// one, HC325). The target then runs it more often or otherwise than the
// source did; removing it from the source would lose the setting for
// good. So, for a blocking hook, does a native field only the source's
// tool has (settingInfos).
var losesSetting = map[string]bool{"HC404": true, "HC409": true, "HC341": true, "HC314": true, "HC344": true, "HC202": true, "HC316": true,
	providers.CodeAgentAsPrompt: true,
	// A PowerShell command run by sh (HC421) fails: the hook does
	// nothing; so does a bash command run by sh (HC439).
	CodePowerShell: true, CodeBashOnly: true,
	// Written to an event that fires for more cases (HC355: Copilot CLI's
	// errorOccurred, every error), it runs where the source never ran it,
	// as a hook whose matcher the target ignores does (HC344).
	CodeLossyTarget: true,
	// An answer the target reads as a failed hook that denies (HC452:
	// Codex's PermissionRequest with updatedPermissions): the hook's
	// approvals become denials there.
	CodeAnswerFailsClosed: true,
	// Context a hook answers in a JSON form the target does not read
	// (HC453): the hook's job is lost there. So is a stop of the agent
	// (HC464) or feedback to it (HC465) the target does not read, from a
	// hook that is not blocking too (Claude Code's PostToolUse).
	CodeJSONContextUnread: true, CodeStopUnread: true, CodeFeedbackUnread: true}

// failsThere are the warnings weakensBlocking counts for a guard because
// its copy fails, or finds nothing, in the target: they hold for a hook
// that only watches too, whose copy then does nothing there, so removing
// it from the source would lose its job (QA q5 F2: a git-ai checkpoint
// hook reading Windsurf's tool_info was removed from Windsurf though
// Cursor's payload has none, HC419; a plugin's ${CLAUDE_PLUGIN_ROOT}
// log hook though the target's project config never sets it, HC424). So
// for a variable the source's settings (HC440) or the source tool
// (HC441) set and the target does not, a project directory git does not
// find (HC405's warning), and a Windows command run by another shell
// (HC218, said only where the project declares Windows). HC419 is said
// of every hook on a tool event whose payload moves, since hookconv
// cannot tell whether a script reads it: keeping one that does not is
// the safe mistake. (HC421 and HC439, a command the target's shell
// cannot run, are losesSetting's: the shell is the setting lost.)
var failsThere = map[string]bool{CodePayloadShape: true, CodePluginVar: true, CodeSettingsEnv: true, CodeToolOnlyVar: true, CodeProjectDir: true, CodeWindowsShell: true}

// Migration is the result of Migrate for one target.
type Migration struct {
	// Target is the target's slug.
	Target string
	// Conversion holds the stages' diagnostics; its Files are only the
	// files whose contents change (none when the target already holds
	// every migrated hook), and only when no stage reported an error.
	Conversion
	// Added counts the hooks written that the target did not have;
	// Present those it already had (written by an earlier migration, or
	// by hand); Kept the target's own hooks, all carried over; Others
	// those of them that are none of the migrated hooks (a hook Windsurf
	// holds as one entry per event is one hook, present, not four).
	Added, Present, Kept, Others int
	// Unapproved counts the Pending hooks.
	Unapproved int
	// Pending tells, per decoded source hook (nil: none), whether the
	// target holds it but does not run it until a person approves its
	// copies there (Codex's /hooks: added now, HC330, or there already,
	// not approved or turned off, HC470): PlanRemoval keeps it until a
	// run finds every copy approved.
	Pending []bool
	// Migrated tells, per decoded source hook, whether the target now
	// holds it (added, or already present), maybe with less power to
	// block: not whether it may leave the source, which PlanRemoval
	// decides.
	Migrated []bool
	// Altered tells, per decoded source hook, whether the target holds it
	// without a setting the source gave it (its timeout, async, cwd, env,
	// a condition such as Claude Code's if, …: a warning names it).
	Altered []bool
	// Weakened tells, per decoded source hook, whether it is a blocking
	// hook the target holds with less power to block (a warning of the
	// plan or the encoder says how): removing it from the source would
	// weaken the guard.
	Weakened []bool
	// Unproven tells, per decoded source hook, whether Weakened holds for
	// one reason alone: hookconv read its script as denying by exit 2 and
	// spelling no JSON deny, which the target would not read (HC425 as an
	// info), but reading a script proves nothing. The target may well
	// block with it as the source does.
	Unproven []bool
	// Narrowed tells, per decoded source hook, whether the target runs it
	// for fewer cases than the source does (a warning says which):
	// removing it from the source would lose those cases.
	Narrowed []bool
	// Fails tells, per decoded source hook, whether a warning says the
	// target's copy fails or finds nothing there (failsThere): removing
	// it from the source would lose what it does, guard or not.
	Fails []bool
}

// Migrate converts the source hooks for the target like Convert, then
// merges them into the target's existing files instead of replacing the
// hooks there: the target's own hooks are kept, in their order, and the
// migrated ones follow them, except those the target already holds.
//
// A migrated hook is recognised in the target by what it does, not by a
// marker (the tools reject keys they do not know): the same event, the
// same tools matched, the same handler type and the same command, URL or
// prompt, a command's project directory however hookconv spelled it for
// the target. So running a migration again adds nothing and changes no
// byte, and a hand-written hook that already does the job is not doubled. A
// migrated hook whose command was edited afterwards is no longer
// recognised, and a new run adds the original again.
//
// existing holds the target's files that IsMigrationPath names. For a
// tool that runs the hooks of all its files together (Codex), a hook in
// any of them is already there, and the migrated hooks go into one of
// them: the first, in the order of the tool's paths, that already holds
// hooks, else the default path (written new when absent); the other
// files keep their hooks, said by HC415.
func Migrate(from, to string, in, existing providers.Files) Migration {
	return DecodeSource(from, in).Migrate(to, existing, nil)
}

// Migrate merges the source's hooks into the target's existing files as
// the package-level Migrate does, for a source decoded once (so it can be
// migrated to several targets without decoding it again).
//
// switches holds the target's files that are not written but whose
// settings can turn its hooks off (IsSwitchPath): a hook migrated where
// they do is not migrated, and said (HC409).
//
// A target that runs a hook only once a person has approved it (Codex)
// has, here, nothing approved: its copies are Pending, so --remove-source
// keeps their source hooks. MigrateApproved reads its approvals.
func (s *Source) Migrate(to string, existing, switches providers.Files) Migration {
	return s.MigrateApproved(to, existing, switches, nil)
}

// MigrateApproved is Migrate, for a target that runs a hook only once a
// person has approved it (Codex's /hooks) reading which copies it runs in
// approvals (nil: none): a source hook held there is Pending unless every
// copy of it is approved and not turned off (HC470 says which are not).
func (s *Source) MigrateApproved(to string, existing, switches providers.Files, approvals *Approvals) (mig Migration) {
	mig.Target = to
	defer s.take()()
	res := &mig.Conversion
	defer res.sortDiagnostics()
	// Early returns too; the kept hooks below are read after it.
	defer res.forPlatforms(s.platforms(Options{}), to)
	dst, ok := res.plan(s, to)
	if !ok {
		return mig
	}
	res.runPutOff()
	res.joinPutOff(false)
	prov := newMigTarget(to, s.repoPlace())
	// A guard whose JSON deny the target does not read is written, but
	// may not block there: --remove-source keeps it.
	var denied []int
	if !allShimmed(res.Decoded) { // a shimmed source speaks the canonical contract
		denied = res.contractNotes(s, to, false)
	}

	t, ok := res.targetHooks(dst, existing, prov.Provider)
	if !ok {
		return mig
	}
	res.warnShadowed(dst, switches, "", prov.Provider)
	into, own, beside := t.into, t.own, t.beside
	have := identities(prov, own, beside)
	merged := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: slices.Clone(own.Hooks)}
	for i := range merged.Hooks {
		// Ordinals past the source's keep encoder diagnostics about the
		// target's own hooks from naming a source hook.
		merged.Hooks[i].Ordinal = len(res.Decoded.Hooks) + i + 1
	}
	mig.Kept = len(own.Hooks) + len(beside.Hooks)
	// Each planned hook is compared with the target's hooks as the target
	// reads it back: spelling, matcher splitting and category expansion
	// then come out the same as for the hook written last time.
	forms := make([][]projection, len(res.Planned.Hooks))
	var holders map[projection][]*canonical.Hook
	var addedNow []int // planned hooks this run adds to the target
	encodeAgain := false
	for i := range res.Planned.Hooks {
		h := res.Planned.Hooks[i]
		if name, tool, ok := capabilities.BlockStub(h.Handler.Command); ok && h.Handler.Type == canonical.HandlerCommand {
			// hookconv's stand-in for a hook the source could not hold
			// blocks every call; carried back to a tool that holds the
			// hook itself (a sync in both directions: QA), it would block
			// every call there too. Not migrated, nor removed; a warning,
			// since the guard it stands for is not migrated either.
			var w diag.List
			w.Warnf(CodeBlockStub, h.PosOf(""), hookPath(&h, i), "migrate hook "+strconv.Quote(name)+" itself from the tool or manifest that holds it",
				"%s is hookconv's stand-in in %s for hook %q, which %s could not hold; it blocks every call, so it is not migrated to %s, nor removed from the source",
				h.DisplayName(i), tool, name, tool, prov.Name)
			res.Diagnostics = append(res.Diagnostics, w.WithFile(h.OriginFile)...)
			continue
		}
		var eds diag.List
		var got []canonical.Hook
		forms[i], got, eds = targetForm(dst, &h, prov)
		if containsAll(have, forms[i]) {
			mig.Present++
			// What the target cannot hold of the hook it cannot hold of
			// the copy there either: said as when it was added, so that
			// --remove-source keeps the hook on every run (QA: a second
			// run removed a hook whose statusMessage the target has no
			// key for, HC316, said only the run that added it).
			res.Diagnostics = append(res.Diagnostics, keepReasons(eds)...)
			if holders == nil {
				holders = holdersOf(prov, own, beside)
			}
			res.Diagnostics = append(res.Diagnostics, weakerCopy(&h, i, forms[i], got, holders, prov)...)
			continue
		}
		// A hook the target cannot hold (empty form) is still passed to
		// the encoder, which says why it leaves it out.
		merged.Hooks = append(merged.Hooks, h)
		encodeAgain = true
		if len(forms[i]) > 0 {
			mig.Added++
			addedNow = append(addedNow, i)
		}
	}
	mig.Others = others(prov, forms, have, own, beside)
	res.Diagnostics = append(res.Diagnostics, staleCopies(prov, res.Planned.Hooks, forms, have, own, beside)...)
	// The entries the target skips stay in its files as they were: kept,
	// and none of the migrated hooks.
	mig.Kept += len(res.skippedOwn)
	mig.Others += len(res.skippedOwn)
	written := have
	final := []*canonical.Manifest{own, beside} // the target's hooks once written
	res.Files = providers.Files{}
	if !encodeAgain {
		res.pointAtFiles(merged) // encode does it otherwise
	}
	if encodeAgain {
		res.encode(dst, merged, into, to)
		// The target's hooks were decoded into the merged manifest, so the
		// encoder's "hooks already there are replaced" is not true here.
		res.Diagnostics = slices.DeleteFunc(res.Diagnostics, func(d diag.Diagnostic) bool { return d.Code == providers.CodeReplaced })
		if res.Files == nil {
			return mig
		}
		added := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: merged.Hooks[len(own.Hooks):]}
		res.Diagnostics = append(res.Diagnostics, keepOwnHooks(dst, prov, existing, res.Files, added, forms)...)
		for _, d := range res.ownDropped {
			// A file that is not JSON (Codex's config.toml) is always
			// rewritten: what its decoder could not keep is lost there.
			if _, rewritten := res.Files[d.File]; rewritten && !strings.HasSuffix(d.File, ".json") {
				d.Severity = diag.Warning
				d.Message += " (the hooks already in " + d.File + " are rewritten, so it is lost there)"
				res.Diagnostics = append(res.Diagnostics, d)
			}
		}
		if got, _ := dst.Decode(res.Files); got != nil {
			written = identities(prov, got, beside)
			final = []*canonical.Manifest{got, beside}
		}
		for p, b := range res.Files {
			if prev, ok := existing[p]; ok && bytes.Equal(prev, b) {
				delete(res.Files, p)
			}
		}
		if !res.keepsSkipped(existing, prov.Name) {
			return mig
		}
	}
	// Read with the files it does not rewrite and those it loads beside
	// them, whose settings may turn its hooks off (Codex's [features] in
	// config.toml, Claude's settings.local.json): the copies already
	// there too, whether or not this run writes a file (QA: a second run
	// removed a guard whose copy config.toml had turned off).
	// (A single file was read whole already.)
	if all := loadedTogether(existing, res.Files, switches); len(all) > 1 {
		if whole, _ := dst.Decode(all); whole != nil {
			final = []*canonical.Manifest{whole, beside}
		}
	}
	mig.Migrated = make([]bool, len(res.Decoded.Hooks))
	mig.Weakened = make([]bool, len(res.Decoded.Hooks))
	for i := range res.Planned.Hooks {
		if src := res.Planned.Hooks[i].SourceIndex(i); src < len(mig.Migrated) && containsAll(written, forms[i]) {
			mig.Migrated[src] = true
		}
	}
	// A hook the target's settings turn off (Gemini's hooksConfig, a
	// disableAllHooks) is held but never runs: not migrated, so
	// --remove-source keeps it, and said.
	var project fs.FS // where the target's paths are, as the scripts'
	if s.Scripts != nil {
		project = s.Scripts.FS
	}
	if scripts := offScripts(prov, project, final...); len(scripts) > 0 {
		for i := range res.Planned.Hooks {
			h := &res.Planned.Hooks[i]
			if src := h.SourceIndex(i); src < len(mig.Migrated) && mig.Migrated[src] {
				if file := scriptHolding(scripts, forms[i]); file != "" {
					mig.Migrated[src] = false
					var w diag.List
					w.Warnf(CodeDisabledHook, h.PosOf(""), hookPath(h, i), "chmod +x "+file+", if the hook should run there",
						"%s goes into %s, which is not executable: %s has the script switched off, so it will not run there (and --remove-source keeps it in the source)",
						h.DisplayName(i), file, prov.Name)
					res.Diagnostics = append(res.Diagnostics, w.WithFile(h.OriginFile)...)
				}
			}
		}
	}
	if off := switchedOff(prov, final...); len(off) > 0 {
		for i := range res.Planned.Hooks {
			h := &res.Planned.Hooks[i]
			src := h.SourceIndex(i)
			if src < len(mig.Migrated) && mig.Migrated[src] && containsAll(off, forms[i]) {
				mig.Migrated[src] = false
				res.Diagnostics = append(res.Diagnostics, warnSwitchedOff(h, i, prov.Provider, " (and --remove-source keeps it in the source)")...)
			}
		}
	}
	// A written file the tool may reject whole (HC320: comments or
	// trailing commas kept from the file merged into) may run none of the
	// hooks: none is migrated, so --remove-source keeps them all.
	if rejectedWhole(res.Diagnostics, res.Files) {
		clear(mig.Migrated)
	}
	// So may the written file where another of the tool's files makes it
	// skip its hooks (HC445, Droid's hooks.json): none is migrated (QA:
	// the source's guard was removed, and Droid read hooks.json only).
	if slices.ContainsFunc(res.Diagnostics, func(d diag.Diagnostic) bool { return d.Code == CodeShadowed }) {
		clear(mig.Migrated)
	}
	// So does Kiro CLI's default agent, new or merged into, beside the
	// project's own agents: the hooks run only in sessions started with
	// it (HC545 as a warning), not in the sessions of the agents the team
	// uses.
	if res.warnOneAgent(existing, switches, prov.Provider) {
		clear(mig.Migrated)
	}
	// So may a file of the target that is not rewritten, holding the
	// hooks from last time: said here, since verify reads only what is
	// written (QA: a second run removed the source's hooks).
	for _, d := range res.unloadable {
		if _, rewritten := res.Files[d.File]; rewritten {
			continue // verify says it of the written file
		}
		if _, holds := t.into[d.File]; !holds {
			continue
		}
		clear(mig.Migrated)
		var w diag.List
		w.Warnf(providers.CodeJSONC, d.Pos, "", d.Hint,
			"the file holds the migrated hooks and %s: --remove-source keeps them in the source", strings.TrimSuffix(strings.TrimPrefix(d.Message, "the file "), "; read anyway"))
		res.Diagnostics = append(res.Diagnostics, w.WithFile(d.File)...)
	}
	if mig.Added > 0 {
		res.Diagnostics = append(res.Diagnostics, localHooks(res.Decoded, mig.Migrated, prov.Provider)...)
	}
	// After localHooks: a personal hook the run adds to Codex sits in its
	// shared config from now on, approved or not (QA q4 F2).
	res.requireApproval(&mig, prov, forms, targetFilesAfter(existing, res.Files), final, approvals, addedNow)
	// What fails on Windows alone keeps no hook where the project
	// declares no Windows.
	res.forPlatforms(s.platforms(Options{}), to)
	weakened := res.hooksNamed(weakensBlocking)
	warnedDeny := res.hooksNamed(map[string]bool{CodeDenyAnswer: true}) // HC425 as a warning, not an info
	unproven := map[int]bool{}
	for _, i := range denied {
		src := res.Planned.Hooks[i].SourceIndex(i)
		if !weakened[src] && !warnedDeny[src] {
			unproven[src] = true
		}
		weakened[src] = true
	}
	narrowed := res.hooksNamed(narrowsCoverage)
	altered := res.hooksNamed(losesSetting)
	fails := res.hooksNamed(failsThere)
	for src := range fails {
		// HC419 is said of every hook on a tool event whose payload
		// moves: one that only watches counts where it visibly reads it.
		if h := &res.Decoded.Hooks[src]; !h.Blocking && !res.hooksNamedBy(src, failsThere, CodePayloadShape) && !readsMovedPayload(h, s.From, s.Scripts) {
			delete(fails, src)
		}
	}
	foreign := res.hooksNamed(settingInfos)
	mig.Narrowed = make([]bool, len(res.Decoded.Hooks))
	mig.Altered = make([]bool, len(res.Decoded.Hooks))
	mig.Unproven = make([]bool, len(res.Decoded.Hooks))
	mig.Fails = make([]bool, len(res.Decoded.Hooks))
	for src := range res.Decoded.Hooks {
		mig.Weakened[src] = res.Decoded.Hooks[src].Blocking && weakened[src]
		mig.Unproven[src] = mig.Weakened[src] && unproven[src]
		mig.Narrowed[src] = narrowed[src]
		mig.Fails[src] = fails[src]
		mig.Altered[src] = altered[src] || foreign[src] && res.Decoded.Hooks[src].Blocking
	}
	return mig
}

// rejectedWhole reports whether ds warns that a file of files may be
// rejected by its tool's JSON reader (HC320 about a written file).
func rejectedWhole(ds diag.List, files providers.Files) bool {
	return slices.ContainsFunc(ds, func(d diag.Diagnostic) bool {
		_, written := files[d.File]
		return (d.Code == providers.CodeJSONC || d.Code == nested.CodeBesideHooks) && written
	})
}

// CodeBlockStub: a source hook that is hookconv's own stand-in for a
// hook the source tool could not hold (a command that says so and exits
// 2), not migrated: it would block every call in the target, and the
// hook it stands for is not there either (warning).
const CodeBlockStub = "HC449"

// CodeWeakerCopy: a migrated hook the target already holds, but in a
// form that does less there: async, a shorter timeout, a condition of
// its own, or a matcher naming fewer of the target's native tools (warning).
const CodeWeakerCopy = "HC428"

// holdersOf indexes the target's hooks by identity.
func holdersOf(prov migTarget, ms ...*canonical.Manifest) map[projection][]*canonical.Hook {
	out := map[projection][]*canonical.Hook{}
	for _, m := range ms {
		for i := range m.Hooks {
			id := identity(&m.Hooks[i], prov)
			out[id] = append(out[id], &m.Hooks[i])
		}
	}
	return out
}

// weakerCopy warns (HC428) when the target already holds planned hook h
// (the i-th), recognised by what it runs, but its copy does less: it runs
// asynchronously (a guard then blocks nothing, a formatter is not waited
// for) or with a shorter timeout (most tools let the action through at a
// timeout, and a slow job is cut short), or only under a condition of
// its own (Claude's "if"), or for some of the native tools the hook is
// written for there (nativesCovered of the hook as the target reads it
// back, got, whose identities are form).
// The target then gets nothing new, and --remove-source, told by the
// warning, keeps h in the source.
func weakerCopy(h *canonical.Hook, i int, form []projection, got []canonical.Hook, holders map[projection][]*canonical.Hook, prov migTarget) diag.List {
	var reasons []string
	add := func(r string) {
		if !slices.Contains(reasons, r) {
			reasons = append(reasons, r)
		}
	}
	formNames := make([][]string, len(got))
	for j := range got {
		formNames[j] = nativesCovered(&got[j], prov.Slug)
	}
	for j, id := range form {
		var less [][]string // what each copy of id does less
		var union []string  // the native tools copies short of nothing else match
		for _, c := range holders[id] {
			var r []string
			if runsAsync(c, prov.Provider) && !runsAsync(h, prov.Provider) {
				if h.Blocking {
					r = append(r, "runs asynchronously, so it blocks nothing")
				} else {
					r = append(r, "runs asynchronously, so the tool does not wait for it")
				}
			}
			// A timeout left unset is the target's default, where the
			// reference gives it (Codex 600 s): the hook as migrate would
			// write it, against the copy there.
			ours, theirs := effectiveTimeout(h, prov.Provider), effectiveTimeout(c, prov.Provider)
			if theirs > 0 && (ours == 0 || theirs < ours) {
				r = append(r, fmt.Sprintf("times out after %gs, not %s", theirs, describeTimeout(h, ours)))
			}
			// A copy whose matcher names some of the native tools the
			// hook is written for there, where the hook names them all
			// (Claude Code's Bash, not the Bash|PowerShell a Codex ^Bash$
			// guard becomes), guards fewer tools: their canonical matcher
			// is one, so only this tells them apart (QA: "already there",
			// and --remove-source removed the guard, PowerShell unguarded).
			copyNames := nativesCovered(c, prov.Slug)
			var both, missing []string
			for _, n := range formNames[j] {
				if slices.Contains(copyNames, n) {
					both = append(both, n)
				} else {
					missing = append(missing, n)
				}
			}
			partial := len(both) > 0 && len(missing) > 0
			if partial && len(r) == 0 {
				union = appendNew(union, both...)
			}
			if partial {
				r = append(r, fmt.Sprintf("matches only %s, not %s", andList(both), andList(missing)))
			}
			for _, key := range prov.FilterKeys {
				theirs := providers.OwnData(c, prov.Slug).Get(key)
				ours := providers.OwnData(h, prov.Slug).Get(key)
				if theirs != nil && (ours == nil || !node.SameValue(theirs, ours)) {
					r = append(r, fmt.Sprintf("runs only when its %q condition (%s) holds", key, node.AppendCompact(nil, theirs)))
				}
			}
			less = append(less, r)
		}
		// A copy that does all the hook does makes another, weaker one
		// beside it harmless: the target runs both (QA: a source holding
		// two hooks of one identity, one with a shorter timeout, got
		// HC428 on the second run only, once both were there).
		if slices.ContainsFunc(less, func(r []string) bool { return len(r) == 0 }) {
			continue
		}
		// Copies that each match some of the tools, and do all else the
		// hook does, cover it together (Claude Code's Bash group and its
		// PowerShell group of one guard: QA s28 q3 F10, which HC428 said
		// matched only Bash, and only PowerShell).
		if len(formNames[j]) > 0 && !slices.ContainsFunc(formNames[j], func(n string) bool { return !slices.Contains(union, n) }) {
			continue
		}
		for _, r := range less {
			for _, reason := range r {
				add(reason)
			}
		}
	}
	if len(reasons) == 0 {
		return nil
	}
	var ds diag.List
	ds.Warnf(CodeWeakerCopy, h.PosOf(""), hookPath(h, i), "make the copy in "+prov.Name+" match, or remove it, then migrate again",
		"%s is already in %s's config, but the copy there %s: it does less than the hook migrated, which is not added again", h.DisplayName(i), prov.Name, strings.Join(reasons, ", and "))
	return ds.WithFile(h.OriginFile)
}

// runsAsync reports whether hook h runs without the tool waiting for it
// in prov's config: async, or a key of the providers table's
// background_keys (Claude Code's asyncRewake, which implies async:
// reference part 1 §1.6; QA: a copy with asyncRewake counted as a full
// one, and --remove-source removed the guard it never was).
func runsAsync(h *canonical.Hook, prov vocab.Provider) bool {
	if h.Handler.Async {
		return true
	}
	raw := h.ProviderData[prov.Slug]
	for _, key := range prov.BackgroundKeys {
		if !bytes.Contains(raw, []byte(`"`+key+`"`)) {
			continue // most hooks carry none: not parsed
		}
		if v := providers.OwnData(h, prov.Slug).Get(key); v != nil && v.Kind == node.Bool && v.Bool {
			return true
		}
	}
	return false
}

// effectiveTimeout is how long, in seconds, prov lets hook h run: its own
// timeout, else the tool's documented default for the event, else for
// a hook of its handler type (an http hook's default is not a
// command's: QA q2 F4); 0 when none is known.
func effectiveTimeout(h *canonical.Hook, prov vocab.Provider) float64 {
	if h.Handler.Timeout > 0 {
		return h.Handler.Timeout
	}
	for _, row := range vocab.Default().EncodeEvent(prov.Slug, h.Event) {
		if row.DefaultTimeout > 0 {
			return row.DefaultTimeout // this event's own default
		}
	}
	return float64(prov.HandlerTimeout(h.Handler.Type))
}

// describeTimeout says how long the migrated hook h would run there: its
// timeout, or the target's default (t 0: unknown).
func describeTimeout(h *canonical.Hook, t float64) string {
	switch {
	case h.Handler.Timeout > 0:
		return fmt.Sprintf("%gs", t)
	case t > 0:
		return fmt.Sprintf("the %gs default the migrated hook would get", t)
	}
	return "the tool's default the migrated hook would get"
}

// keepOwnHooks makes sure each JSON file of the target keeps the hooks it
// already held byte for byte. The encoder writes them back from what it
// decoded, which MergeMember keeps as they were only when the result
// extends them; a key the decoder does not keep (a "comment" beside a
// Copilot entry, a "_note"), or a layout the encoder writes differently,
// would otherwise make it replace the whole hooks value, and drop those
// keys and every comment in it. Then the migrated hooks alone are
// encoded and appended to the old value instead (events added, lists
// extended), and the file is used if the target reads back every hook it
// held and every migrated one. files is changed in place.
func keepOwnHooks(dst providers.Adapter, prov migTarget, existing, files providers.Files, added *canonical.Manifest, forms [][]projection) (ds diag.List) {
	defer func() {
		for _, p := range files.Paths() {
			ds = append(ds, ownHooksRewritten(p, existing[p], files[p])...)
		}
	}()
	opt := node.JSONOptions{JSONC: true}
	var addedFiles providers.Files
	for _, p := range files.Paths() {
		prev := existing[p]
		if len(prev) == 0 || !strings.HasSuffix(p, ".json") {
			continue
		}
		oldRoot, err := node.ParseJSON(prev, opt)
		if err != nil {
			continue
		}
		old := oldRoot.Get("hooks")
		newRoot, err := node.ParseJSON(files[p], opt)
		if err != nil || old == nil || newRoot.Get("hooks") == nil || jsonedit.Extends(old, newRoot.Get("hooks")) {
			continue
		}
		if addedFiles == nil {
			addedFiles, _ = dst.Encode(added, nil)
		}
		addRoot, err := node.ParseJSON(addedFiles[p], opt)
		if err != nil || addRoot.Get("hooks") == nil {
			continue
		}
		value, ok := appended(old, addRoot.Get("hooks"))
		if !ok {
			continue
		}
		out, err := jsonedit.MergeMember(prev, "hooks", value, opt)
		if err != nil {
			continue
		}
		before, _ := dst.Decode(providers.Files{p: prev})
		after, _ := dst.Decode(providers.Files{p: out})
		if before == nil || after == nil {
			continue
		}
		have := identities(prov, after)
		if len(before.Hooks) > 0 && !containsAll(have, identitiesList(prov, before)) || !holdsAll(have, forms) {
			continue
		}
		// And it must hold what the whole encoding does, names included:
		// an encoder that makes names unique across the file (Kiro's
		// "hook 1 (2)") wrote the added hooks alone without knowing the
		// file's own.
		if whole, _ := dst.Decode(providers.Files{p: files[p]}); whole == nil || !sameHooks(whole, after, prov) {
			continue
		}
		files[p] = out
	}
	return ds
}

// CodeOwnHooksRewritten: migrate could not add to the hooks a target file
// holds without rewriting them, and the rewrite drops keys or comments
// the user wrote there (warning).
const CodeOwnHooksRewritten = "HC429"

// ownHooksRewritten warns (HC429) when the hooks value of a JSON file
// that held hooks (prev) is not kept byte for byte in what is written
// (next), and the rewrite drops member keys or comments from it: an
// event written as one object, say, is rewritten as a list, and what
// hookconv does not model goes with it.
func ownHooksRewritten(p string, prev, next []byte) diag.List {
	opt := node.JSONOptions{JSONC: true}
	if len(prev) == 0 || !strings.HasSuffix(p, ".json") {
		return nil
	}
	oldRoot, err := node.ParseJSON(prev, opt)
	if err != nil || oldRoot.Get("hooks") == nil {
		return nil
	}
	newRoot, err := node.ParseJSON(next, opt)
	if err != nil || newRoot.Get("hooks") == nil || jsonedit.Extends(oldRoot.Get("hooks"), newRoot.Get("hooks")) {
		return nil
	}
	old := oldRoot.Get("hooks")
	kept := map[string]bool{}
	collectKeys(newRoot.Get("hooks"), "", kept)
	seen := map[string]bool{}
	collectKeys(old, "", seen)
	var lost []string
	for _, k := range sortedkeys.Of(seen) {
		if !kept[k] {
			key := k[strings.LastIndexByte(k, '.')+1:]
			if q := strconv.Quote(key); !slices.Contains(lost, q) {
				lost = append(lost, q)
			}
		}
	}
	comments := int(old.End) > old.Pos.Offset && hasComment(prev[old.Pos.Offset:old.End])
	if len(lost) == 0 && !comments {
		return nil
	}
	var what []string
	switch {
	case len(lost) == 1:
		what = append(what, "the key "+lost[0])
	case len(lost) > 1:
		what = append(what, "the keys "+strings.Join(lost, ", "))
	}
	if comments {
		what = append(what, "the comments inside \"hooks\"")
	}
	var ds diag.List
	ds.Warnf(CodeOwnHooksRewritten, old.Pos, "hooks", "keep them outside \"hooks\", or add the migrated hooks by hand (--dry-run shows the change)",
		"the hooks already in %s could not be kept as written and are rewritten in hookconv's layout, without %s", p, strings.Join(what, " and "))
	return ds.WithFile(p)
}

// collectKeys adds the path of every member of the objects in n to keys,
// array indexes left out ("PreToolUse.hooks.command"): a key is kept where
// it was, not merely somewhere else in the file.
func collectKeys(n *node.Node, at string, keys map[string]bool) {
	for _, f := range n.Fields {
		p := f.Key
		if at != "" {
			p = at + "." + f.Key
		}
		keys[p] = true
		collectKeys(f.Value, p, keys)
	}
	for _, it := range n.Items {
		collectKeys(it, at, keys)
	}
}

// hasComment reports whether JSONC text holds a // or /* comment outside
// its strings.
func hasComment(b []byte) bool {
	inString := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && c == '/' && i+1 < len(b) && (b[i+1] == '/' || b[i+1] == '*'):
			return true
		}
	}
	return false
}

// sameHooks reports whether two decodings hold the same hooks, as a
// multiset of what each does and is named.
func sameHooks(a, b *canonical.Manifest, prov migTarget) bool {
	if len(a.Hooks) != len(b.Hooks) {
		return false
	}
	key := func(m *canonical.Manifest) []string {
		out := make([]string, len(m.Hooks))
		for i := range m.Hooks {
			p := identity(&m.Hooks[i], prov)
			out[i] = fmt.Sprintf("%v\x00%s", p, m.Hooks[i].Name)
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}

// appended returns old with add's members and items after its own, at any
// depth (an object's new members at its end, an array's new items after
// its last); ok is false where the two differ in kind.
func appended(old, add *node.Node) (*node.Node, bool) {
	switch {
	case old.Kind == node.Object && add.Kind == node.Object:
		out := *old
		out.Fields = slices.Clone(old.Fields)
		for _, f := range add.Fields {
			i := slices.IndexFunc(out.Fields, func(o node.Field) bool { return o.Key == f.Key })
			if i < 0 {
				out.Fields = append(out.Fields, f)
				continue
			}
			v, ok := appended(out.Fields[i].Value, f.Value)
			if !ok {
				return nil, false
			}
			out.Fields[i].Value = v
		}
		return &out, true
	case old.Kind == node.Array && add.Kind == node.Array:
		out := *old
		out.Items = append(slices.Clone(old.Items), add.Items...)
		return &out, true
	case node.SameValue(old, add):
		return old, true
	}
	return nil, false
}

// identitiesList is the identities of m's hooks, in order.
func identitiesList(prov migTarget, m *canonical.Manifest) []projection {
	out := make([]projection, len(m.Hooks))
	for i := range m.Hooks {
		out[i] = identity(&m.Hooks[i], prov)
	}
	return out
}

// holdsAll reports whether have holds every non-empty form.
func holdsAll(have map[projection]bool, forms [][]projection) bool {
	for _, f := range forms {
		if len(f) > 0 && !containsAll(have, f) {
			return false
		}
	}
	return true
}

// CodeTargetsReadEachOther: two migration targets where one tool also
// runs the other's hooks, so they would run twice there (warning).
const CodeTargetsReadEachOther = "HC418"

// TargetsReadEachOther warns (HC418) about each pair of targets where one
// tool also runs the other's config (the provider table's also_reads:
// Kiro CLI runs its agent files' hooks beside its v1 files), so the
// migrated hooks would run twice in that tool.
func TargetsReadEachOther(targets []string) diag.List {
	var ds diag.List
	names := vocab.Default()
	for _, a := range targets {
		pa, _ := names.Provider(a)
		for _, b := range targets {
			if a != b && slices.Contains(pa.AlsoReads, b) {
				var w diag.List
				w.Warnf(CodeTargetsReadEachOther, diag.Pos{}, "", "migrate to one of them, unless each is meant for a different version of the tool",
					"--to %s and %s: %s also runs the hooks in %s's files, so every migrated hook would run twice there", a, b, a, b)
				if len(pa.Paths) > 0 {
					w = w.WithFile(pa.Paths[0])
				}
				ds = append(ds, w...)
			}
		}
	}
	return ds
}

// SharedFile is two migration targets that write the same file.
type SharedFile struct {
	// A and B are the targets' slugs, in the order they were named.
	A, B string
	// Path is the file both would write, project-relative.
	Path string
}

// Hint says what to do instead of migrating to both: to one of them, and
// which one serves both tools when a tool also runs the other's hooks
// from that file (the also_reads column of the provider table).
func (s SharedFile) Hint() string {
	a, _ := vocab.Default().Provider(s.A)
	b, _ := vocab.Default().Provider(s.B)
	aReadsB, bReadsA := slices.Contains(a.AlsoReads, s.B), slices.Contains(b.AlsoReads, s.A)
	switch {
	case aReadsB && bReadsA:
		return fmt.Sprintf("migrate to one of them: %s and %s each also run hooks in the other's format from that file, so one serves both", a.Name, b.Name)
	case bReadsA:
		return fmt.Sprintf("migrate to %s alone: %s also runs its hooks from there", s.A, b.Name)
	case aReadsB:
		return fmt.Sprintf("migrate to %s alone: %s also runs its hooks from there", s.B, a.Name)
	}
	return "migrate to one of them"
}

// SharedTargetFile finds the first two targets, in the order given, whose
// default config paths (the first of each provider's paths, where Migrate
// writes) are the same file: equal, or one a glob that matches the other.
// Migrating to both would merge two formats into one file, each run
// reading the other target's hooks as its own (Copilot CLI and VS Code
// share .github/hooks/hooks.json), so Migrate must not be asked to.
func SharedTargetFile(targets []string) (SharedFile, bool) {
	def := make([]string, len(targets))
	for i, slug := range targets {
		if prov, ok := vocab.Default().Provider(slug); ok && len(prov.Paths) > 0 {
			def[i] = prov.Paths[0]
		}
	}
	for i := range targets {
		for j := i + 1; j < len(targets); j++ {
			if p, ok := samePath(def[i], def[j]); ok {
				return SharedFile{A: targets[i], B: targets[j], Path: p}, true
			}
		}
	}
	return SharedFile{}, false
}

// samePath reports whether two config paths, either of which may be a
// glob, name a common file, and returns the more specific one. Two
// different globs are taken as different folders: no two tools share one.
func samePath(a, b string) (string, bool) {
	switch {
	case a == "" || b == "":
		return "", false
	case a == b:
		return a, true
	}
	if ok, _ := path.Match(a, b); ok && !isGlob(b) {
		return b, true
	}
	if ok, _ := path.Match(b, a); ok && !isGlob(a) {
		return a, true
	}
	return "", false
}

// targetFiles is a target's existing files, read and split by
// targetHooks.
type targetFiles struct {
	into        providers.Files     // the files new hooks are merged into
	own         *canonical.Manifest // the hooks of into
	beside      *canonical.Manifest // the hooks of the other files, left alone
	besideFiles []fileHooks         // those files, in the tool's path order
}

// fileHooks is how many hooks a file holds.
type fileHooks struct {
	path  string
	hooks int
}

// targetHooks reads the target's existing files. For a tool that runs
// the hooks of all its files together (Codex: .codex/hooks.json and
// [hooks] in .codex/config.toml), into is one file: the first, in the
// order of the tool's paths, that already holds hooks, else the default
// path (written new when absent). So no second file of hooks appears
// beside the first, which would make the tool warn and, for a hook
// in both, run it twice. A tool that WritesDefault (Copilot CLI's
// .github/hooks/*.json, any number of files) gets its default file. The
// other files' hooks come back as beside:
// already there, and left alone. ok is false, with HC408, when a file
// cannot be read.
func (res *Conversion) targetHooks(dst providers.Adapter, existing providers.Files, prov vocab.Provider) (t targetFiles, ok bool) {
	t.own = &canonical.Manifest{Spec: canonical.SpecVersion}
	t.beside = &canonical.Manifest{Spec: canonical.SpecVersion}
	if !prov.LoadsAllPaths {
		if hasContent(dst, existing) {
			if t.own = res.readExisting(dst, existing, prov); t.own == nil {
				return t, false
			}
		}
		t.into = existing
		return t, true
	}
	paths := existing.Paths()
	slices.SortStableFunc(paths, func(a, b string) int { return pathRank(prov, a) - pathRank(prov, b) })
	read := make([]*canonical.Manifest, len(paths))
	chosen := -1
	for i, p := range paths {
		one := providers.Files{p: existing[p]}
		if !hasContent(dst, one) {
			continue
		}
		if read[i] = res.readExisting(dst, one, prov); read[i] == nil {
			return t, false
		}
		if chosen < 0 && len(read[i].Hooks) > 0 && !prov.WritesDefault {
			chosen = i
		}
	}
	if chosen < 0 {
		chosen = slices.IndexFunc(paths, func(p string) bool { return IsDefaultPath(prov.Slug, p) })
	}
	t.into = providers.Files{}
	for i, p := range paths {
		switch {
		case i == chosen:
			t.into[p] = existing[p]
			if read[i] != nil {
				t.own = read[i]
			}
		case read[i] != nil && len(read[i].Hooks) > 0:
			t.beside.Hooks = append(t.beside.Hooks, read[i].Hooks...)
			t.besideFiles = append(t.besideFiles, fileHooks{p, len(read[i].Hooks)})
		}
	}
	return t, true
}

// readExisting decodes target files that hold something, or reports why
// they cannot be merged into (HC408) and returns nil.
func (res *Conversion) readExisting(dst providers.Adapter, files providers.Files, prov vocab.Provider) *canonical.Manifest {
	m, ds := dst.Decode(files)
	if !ds.HasErrors() && m != nil {
		for _, d := range ds {
			switch d.Code {
			case nested.CodeUnknownKey:
				res.ownDropped = append(res.ownDropped, d)
			case providers.CodeJSONC, nested.CodeBesideHooks:
				res.unloadable = append(res.unloadable, d)
			case providers.CodeSkipped, providers.CodeWindowsOnly, providers.CodeUnconverted:
				// An entry the tool skips is no hook of its, but it is
				// the user's, and the file's other tool may run it
				// (Copilot CLI runs the http entries of .github/hooks,
				// VS Code every entry whatever its matcher), a
				// Windows-only one on Windows: said, and kept as written
				// (keepsSkipped refuses a file written without it).
				res.skippedOwn = append(res.skippedOwn, d)
				d.Message, _, _ = strings.Cut(d.Message, providers.WindowsGuardLost) // kept: no guard lost
				d.Message = strings.TrimSuffix(d.Message, "; not converted") + "; kept as written"
				res.Diagnostics = append(res.Diagnostics, d)
			}
		}
		return m
	}
	for _, d := range ds {
		if d.Severity == diag.Error || providers.IsSkipped(d.Code) {
			res.Diagnostics = append(res.Diagnostics, d)
		}
	}
	var unreadable diag.List
	unreadable.Errorf(CodeExistingUnreadable, diag.Pos{}, "", "fix the file, or move it away and migrate again",
		"the existing %s config cannot be read, so the migrated hooks cannot be merged into it; nothing was written", prov.Name)
	if paths := files.Paths(); len(paths) == 1 {
		unreadable = unreadable.WithFile(paths[0])
	}
	res.Diagnostics = append(res.Diagnostics, unreadable...)
	return nil
}

// keepsSkipped refuses (HC408) each file to be written that held an
// entry the target's decoder skips (skippedOwn) unless its hooks are
// written as they were, the migrated ones only added after them
// (jsonedit.Extends, the case in which MergeMember keeps every byte of
// the old value). keepOwnHooks writes them so; where it could not, the
// encoder wrote the hooks back from what was decoded of them, which
// drops the entry. It reports false, and withholds every file, when it
// refused one: the entry is the user's, and the migration is all or
// nothing.
func (res *Conversion) keepsSkipped(existing providers.Files, target string) bool {
	var refused diag.List
	for _, p := range res.Files.Paths() {
		i := slices.IndexFunc(res.skippedOwn, func(d diag.Diagnostic) bool { return d.File == p })
		if i < 0 || extendsHooks(existing[p], res.Files[p]) {
			continue
		}
		refused.Errorf(CodeExistingUnreadable, diag.Pos{}, "", "move the entry hookconv skips elsewhere, or merge the hooks by hand",
			"the existing %s config holds an entry hookconv does not read (%s), which merging the migrated hooks into it would drop; nothing was written", target, res.skippedOwn[i].Code)
		res.Diagnostics = append(res.Diagnostics, refused.WithFile(p)...)
		refused = refused[:0]
		res.Files = nil
	}
	return res.Files != nil
}

// extendsHooks reports whether the "hooks" of JSON file next hold those
// of prev as they were, with only additions after them.
func extendsHooks(prev, next []byte) bool {
	opt := node.JSONOptions{JSONC: true}
	oldRoot, err := node.ParseJSON(prev, opt)
	if err != nil {
		return false
	}
	newRoot, err := node.ParseJSON(next, opt)
	if err != nil {
		return false
	}
	old, added := oldRoot.Get("hooks"), newRoot.Get("hooks")
	return old != nil && added != nil && jsonedit.Extends(old, added)
}

// hooksNamed returns the source hooks that a warning (or worse, or an
// info of settingInfos) with one of codes is about (by its path, hooks[i]
// or below, or, said once for several, by the hooks it came with). One pass over the diagnostics, not
// one per hook: a large migration has thousands of each.
func (res *Conversion) hooksNamed(codes map[string]bool) map[int]bool {
	named := map[int]bool{}
	for _, d := range res.Diagnostics {
		if d.Severity < diag.Warning && !settingInfos[d.Code] || !codes[d.Code] {
			continue
		}
		for _, i := range res.hooksOf(d) {
			named[i] = true
		}
	}
	return named
}

// hooksNamedBy reports whether a warning of codes other than but names
// the decoded source hook src.
func (res *Conversion) hooksNamedBy(src int, codes map[string]bool, but string) bool {
	for _, d := range res.Diagnostics {
		if d.Severity == diag.Warning && codes[d.Code] && d.Code != but && slices.Contains(res.hooksOf(d), src) {
			return true
		}
	}
	return false
}

// readsMovedPayload reports whether h's command, or a script it runs that
// hookconv reads, names a key where its source's payload keeps the tool's
// name or input (Windsurf's tool_info, Copilot CLI's toolArgs), or runs a
// program hookconv cannot see into that it tells the source tool's name
// (an agent integration's CLI, which parses that tool's payload): a hook
// that only watches and reads them finds nothing in a target that keeps
// them elsewhere (HC419), while one that reads none of them (npx
// prettier --write .) loses nothing there, and may leave the source.
func readsMovedPayload(h *canonical.Hook, from string, scripts *Scripts) bool {
	_, layout := payloadSource(h, from)
	src, ok := hookrun.Default().Contract(layout)
	if !ok {
		return false
	}
	text, unseen := scripts.readInput(&h.Handler)
	if unseen == unseenProgram && namesTool(h.Handler.Command, from) {
		// A program hookconv cannot see into, told which tool runs it
		// (sumo forward cursor …, oak ci hook … --agent windsurf): it
		// reads that tool's payload.
		return true
	}
	for _, place := range slices.Concat(src.Tool, src.ToolInput) {
		// A place is a path (tool_info.mcp_tool_name) or an object of
		// them ({command=tool_info.command_line,cwd=tool_info.cwd}):
		// the payload's own key opens each path.
		for part := range strings.FieldsFuncSeq(place, func(r rune) bool { return strings.ContainsRune("{},", r) }) {
			_, p, _ := strings.Cut(part, "=")
			if p == "" {
				p = part
			}
			if key, _, _ := strings.Cut(p, "."); key != "" && namesInput(text, key) {
				return true
			}
		}
	}
	return false
}

// namesTool reports whether command names the tool slug as a word: the
// slug, or its first part (claude for claude-code, copilot for
// copilot-cli).
func namesTool(command, slug string) bool {
	first, _, _ := strings.Cut(slug, "-")
	return namesInput(command, slug) || namesInput(command, first)
}

// migTarget is a migration's target as identity reads its hooks: its
// row of the providers table, and project, which writes the spellings of
// the project directory a command may hold there as one
// (projectSpellings of the project's place).
type migTarget struct {
	vocab.Provider
	project func(command string, powershell bool) string
}

// newMigTarget is the target to, for a project at place.
func newMigTarget(to string, place RepoPlace) migTarget {
	prov, _ := vocab.Default().Provider(to)
	return migTarget{prov, projectSpellings(prov, place)}
}

// identity is what makes two hooks the same hook for a migration: a
// projection without the timeout and async flag, which users tune, and
// with the project directory however hookconv spelled it (a hook synced
// from Gemini CLI to Claude Code and back holds $CLAUDE_PROJECT_DIR where
// the original holds $GEMINI_PROJECT_DIR, one through Codex git's top
// level: each is the same hook, not one more to add).
func identity(h *canonical.Hook, prov migTarget) projection {
	p := project(h, prov.Provider)
	p.Timeout, p.Async = 0, false
	if h.Handler.Type == canonical.HandlerHTTP {
		// An http hook is the command it becomes on a tool without http
		// hooks, exactly as hookconv writes it (URL, headers and all): a
		// sync back then finds it rather than adding that command beside
		// it, which called the endpoint twice (QA); a curl written
		// otherwise is another hook (QA: one that dropped the headers
		// counted as the http hook, and --remove-source removed it).
		p.Type, p.Run = canonical.HandlerCommand, capabilities.HTTPAsCurl(&h.Handler)
		return p
	}
	if h.Handler.Type == canonical.HandlerCommand {
		if prov.project != nil {
			powershell := false
			if prov.ShellKey != "" {
				v := providers.OwnData(h, prov.Slug).Get(prov.ShellKey)
				powershell = v != nil && v.Kind == node.String && strings.EqualFold(v.Text, "powershell")
			}
			p.Run = prov.project(p.Run, powershell)
		}
	}
	if prov.ShellKey != "" {
		// The shell that runs the command is part of what the hook does
		// (a PowerShell guard is not its text run by bash).
		if v := providers.OwnData(h, prov.Slug).Get(prov.ShellKey); v != nil && v.Kind == node.String && !strings.EqualFold(v.Text, "bash") {
			p.Run += "\x00shell=" + strings.ToLower(v.Text)
		}
	}
	return p
}

// nativesCovered returns the native tools of slug that a hook of its
// config runs for, by the canonical tools of its matcher, in table order:
// all the native tools of each (the tools table writes a canonical tool
// as all of them: Claude Code's shell is Bash|PowerShell), but those its
// native matcher (its decoder's "$matcher" mark) names, where it names
// some of a tool's native tools and not others. Its primary name alone
// ("Bash") is read as the tool, so the canonical matchers of "Bash" and
// "Bash|PowerShell" are one, while the tool runs the first for Bash
// only. Names are read as widenedSiblings reads them (a list, anchored
// or not); a matcher that names none of a tool's native tools (a regex,
// an alias) is taken to run for all of them, and a write_only row,
// another job's tool (Droid's ApplyPatch for file_write), is none of
// them.
func nativesCovered(h *canonical.Hook, slug string) []string {
	var parts []string
	var memo providers.DataMemo
	if native, ok := sourceMatcher(h, slug, &memo); ok {
		parts, _ = providers.SplitAlternation(strings.TrimSpace(native))
		for j, part := range parts {
			parts[j] = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(part), "^"), "$")
		}
	}
	names := vocab.Default()
	var covered []string
	for _, t := range toolNames(h.Matcher) {
		var all, named []string
		for _, n := range names.EncodeTools(slug, t) {
			if n.WriteOnly || slices.Contains(all, n.Name) {
				continue
			}
			all = append(all, n.Name)
			if slices.Contains(parts, n.Name) {
				named = append(named, n.Name)
			}
		}
		if len(named) == 0 {
			named = all
		}
		covered = appendNew(covered, named...)
	}
	return covered
}

// localHooks warns (HC422), once per personal config, that hooks from a
// file each developer keeps for themselves (settings.local.json, which
// Claude Code's docs keep out of git) now sit in the target's shared
// config, where they run for everyone who checks it out.
func localHooks(decoded *canonical.Manifest, migrated []bool, prov vocab.Provider) diag.List {
	counts := map[string]int{}
	for i := range decoded.Hooks {
		if f := decoded.Hooks[i].OriginFile; i < len(migrated) && migrated[i] && path.Base(filepath.ToSlash(f)) == "settings.local.json" {
			counts[f]++
		}
	}
	var ds diag.List
	for _, f := range sortedkeys.Of(counts) {
		var w diag.List
		w.Warnf(CodeLocalHooks, diag.Pos{}, "", "keep personal hooks in the target's user-level config instead, or commit them on purpose",
			"%d hook(s) from %s, a personal config kept out of version control, now sit in %s's shared config", counts[f], path.Base(filepath.ToSlash(f)), prov.Name)
		ds = append(ds, w.WithFile(f)...)
	}
	return ds
}

// switchedOff are the identities of the hooks that are kept but do not
// run: marked by their decoder as turned off by their file's settings
// ("$disabled"), or off by the tool's own per-hook switch (the providers
// table's disabled_key).
func switchedOff(prov migTarget, ms ...*canonical.Manifest) map[projection]bool {
	set := map[projection]bool{}
	for _, m := range ms {
		if m == nil {
			continue
		}
		for i := range m.Hooks {
			// Most hooks carry no such mark: parse only those that might.
			raw := m.Hooks[i].ProviderData[prov.Slug]
			off := bytes.Contains(raw, []byte(`"$disabled"`)) && providers.OwnData(&m.Hooks[i], prov.Slug).Get("$disabled") != nil
			if key := prov.DisabledKey; !off && key != "" && bytes.Contains(raw, []byte(`"`+key+`"`)) {
				// The tool's own per-hook switch (Kiro's "enabled": false).
				v := providers.OwnData(&m.Hooks[i], prov.Slug).Get(key)
				off = v != nil && v.Kind == node.Bool && !v.Bool
			}
			if off {
				set[identity(&m.Hooks[i], prov)] = true
			}
		}
	}
	return set
}

// offScripts maps the identities of the hooks of ms held in a script the
// tool runs only while it is executable (the providers table's
// exec_bit_switch: Cline, on Unix) that is not: the user has switched the
// script off in the tool, and a migrated hook found or added there never
// runs (QA: a guard present in a switched-off Cline script was counted as
// migrated, and --remove-source removed it from the source). A write
// keeps an existing file's mode, so adding to such a script leaves it off.
// Each maps to its script's path, under project (the folder the
// target's paths are in): without it nothing is read, as the library
// reads no disk of its own (a caller's in-memory paths name no file
// where the process runs).
func offScripts(prov migTarget, project fs.FS, ms ...*canonical.Manifest) map[projection]string {
	set := map[projection]string{}
	if !prov.ExecBitSwitch || runtime.GOOS == "windows" || project == nil {
		return set
	}
	off := map[string]bool{} // script → switched off, stat'ed once
	for _, m := range ms {
		if m == nil {
			continue
		}
		for i := range m.Hooks {
			h := &m.Hooks[i]
			file := h.OriginFile
			if file == "" || filepath.Ext(file) != "" {
				continue // a Windows script (.ps1) runs whenever it is there
			}
			isOff, seen := off[file]
			if !seen {
				var st fs.FileInfo
				err := fs.ErrInvalid
				if fs.ValidPath(file) {
					st, err = fs.Stat(project, file)
				}
				isOff = err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 == 0
				off[file] = isOff
			}
			if isOff {
				set[identity(h, prov)] = file
			}
		}
	}
	return set
}

// scriptHolding is the switched-off script (offScripts) holding one of a
// hook's target forms, "" for none.
func scriptHolding(scripts map[projection]string, forms []projection) string {
	for _, f := range forms {
		if file := scripts[f]; file != "" {
			return file
		}
	}
	return ""
}

// warnSwitchedOff warns (HC409) that planned hook h (the i-th) goes into
// a config of prov whose settings turn it off; more ends the message.
func warnSwitchedOff(h *canonical.Hook, i int, prov vocab.Provider, more string) diag.List {
	var w diag.List
	w.Warnf(CodeDisabledHook, h.PosOf(""), hookPath(h, i),
		"remove the setting that turns it off, if the hook should run there",
		"%s goes into %s's config, whose settings turn it off: it will not run there%s", h.DisplayName(i), prov.Name, more)
	return w.WithFile(h.OriginFile)
}

// switchedOffInTarget warns (HC409) about each converted hook that the
// settings of the file it was merged into, or of a file the tool loads
// beside it, turn off (Gemini's hooksConfig, a disableAllHooks, Codex's
// [features] hooks = false): the conversion succeeds, and the guard it
// wrote never runs. Only a merge can meet such a setting, so only then is
// the output read back.
func (res *Conversion) switchedOffInTarget(dst providers.Adapter, existing, beside providers.Files, to string, place RepoPlace) diag.List {
	if res.Files == nil || !hasContent(dst, existing) && !hasContent(dst, beside) {
		return nil
	}
	got, _ := dst.Decode(loadedTogether(beside, existing, res.Files))
	prov := newMigTarget(to, place)
	off := switchedOff(prov, got)
	if len(off) == 0 {
		return nil
	}
	var ds diag.List
	for i := range res.Planned.Hooks {
		h := &res.Planned.Hooks[i]
		if form, _, _ := targetForm(dst, h, prov); containsAll(off, form) {
			ds = append(ds, warnSwitchedOff(h, i, prov.Provider, "")...)
		}
	}
	return ds
}

// loadedTogether is the target's files the tool loads together, as one
// set to decode: each layer's files over the one before (the files
// written last). Decoded together, a setting in one file marks the hooks
// of another that it turns off.
func loadedTogether(layers ...providers.Files) providers.Files {
	all := providers.Files{}
	for _, files := range layers {
		maps.Copy(all, files)
	}
	return all
}

// identities is the set of identities of the manifests' hooks.
func identities(prov migTarget, ms ...*canonical.Manifest) map[projection]bool {
	n := 0
	for _, m := range ms {
		n += len(m.Hooks)
	}
	set := make(map[projection]bool, n)
	for _, m := range ms {
		for i := range m.Hooks {
			set[identity(&m.Hooks[i], prov)] = true
		}
	}
	return set
}

// others counts the target's own hooks that are no form of a migrated
// hook the target already holds: what migrate reports as "others kept".
func others(prov migTarget, forms [][]projection, have map[projection]bool, ms ...*canonical.Manifest) int {
	migrated := map[projection]bool{}
	for _, f := range forms {
		if containsAll(have, f) {
			for _, p := range f {
				migrated[p] = true
			}
		}
	}
	n := 0
	for _, m := range ms {
		for i := range m.Hooks {
			if !migrated[identity(&m.Hooks[i], prov)] {
				n++
			}
		}
	}
	return n
}

// CodeStaleCopy: a target hook that is none of the migrated ones but
// does what a source hook does save its command (the same event, matcher
// and handler type): most likely a copy an earlier run migrated before
// the source's command was edited, kept as the target's own (info).
const CodeStaleCopy = "HC362"

// staleCopies says, of the target's hooks in ms that are none of the
// migrated ones (as others counts them), each one that differs from a
// planned hook's form only by what it runs. Migrating is additive, so a
// source hook whose command was edited is added again and the old copy
// stays, counted among the "others kept" (QA q1 F4): said, since
// hookconv cannot tell such a copy from a hook written by hand there, so
// the user decides. A copy of a hook removed from the source has no such
// twin, and is only counted.
func staleCopies(prov migTarget, planned []canonical.Hook, forms [][]projection, have map[projection]bool, ms ...*canonical.Manifest) diag.List {
	migrated := map[projection]bool{}
	for _, f := range forms {
		if containsAll(have, f) {
			for _, p := range f {
				migrated[p] = true
			}
		}
	}
	var ds diag.List
	for _, m := range ms {
		for j := range m.Hooks {
			h := &m.Hooks[j]
			p := identity(h, prov)
			if migrated[p] || h.Handler.Type != canonical.HandlerCommand {
				continue
			}
			for i, f := range forms {
				k := slices.IndexFunc(f, func(q projection) bool {
					return q.Event == p.Event && q.Matcher == p.Matcher && q.Type == p.Type && q.Run != p.Run
				})
				if k < 0 {
					continue
				}
				var d diag.List
				d.Infof(CodeStaleCopy, h.PosOf("handler.command"), "", "if an earlier migration wrote it, remove it by hand; else leave it",
					"this hook has the event and matcher of source %s but runs %q, which no source hook runs (%s runs %q): kept as the target's own, among the others kept",
					planned[i].DisplayName(i), h.Handler.Command, planned[i].DisplayName(i), planned[i].Handler.Command)
				ds = append(ds, d.WithFile(h.OriginFile)...)
				break
			}
		}
	}
	return ds
}

// targetForm is how the target reads a hook back once written: the
// identities of Decode(Encode(h)), and those hooks. It is empty when the
// target cannot hold the hook at all. ds are what the encoder said of h written alone,
// as migrate adds it: what the target cannot hold of it (HC316, HC310),
// which holds as much for a copy already there.
func targetForm(dst providers.Adapter, h *canonical.Hook, prov migTarget) (form []projection, hooks []canonical.Hook, ds diag.List) {
	files, ds := dst.Encode(&canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{*h}}, nil)
	if ds.HasErrors() || files == nil {
		return nil, nil, ds
	}
	got, gds := dst.Decode(files)
	if gds.HasErrors() || got == nil {
		return nil, nil, ds
	}
	for i := range got.Hooks {
		form = append(form, identity(&got.Hooks[i], prov))
	}
	return form, got.Hooks, ds
}

// keepReasons are the encoder's warnings in ds that make --remove-source
// keep a hook (weakensBlocking, narrowsCoverage, losesSetting,
// failsThere).
func keepReasons(ds diag.List) diag.List {
	var out diag.List
	for _, d := range ds {
		if d.Severity == diag.Warning && (weakensBlocking[d.Code] || narrowsCoverage[d.Code] || losesSetting[d.Code] || failsThere[d.Code]) {
			out = append(out, d)
		}
	}
	return out
}

// containsAll reports whether a hook's target form is non-empty and wholly
// in the set.
func containsAll(set map[projection]bool, form []projection) bool {
	if len(form) == 0 {
		return false
	}
	for _, p := range form {
		if !set[p] {
			return false
		}
	}
	return true
}

// hasContent reports whether any of dst's files holds something to
// keep. One that does not (white space, a byte order mark, comments in
// JSON: providers.TargetBlank) is not read, as one that does not exist,
// and the encoder writes it anew.
func hasContent(dst providers.Adapter, files providers.Files) bool {
	for p, b := range files {
		if !providers.TargetBlank(dst, p, b) {
			return true
		}
	}
	return false
}

// RemoveMigrated rewrites the source files in without the hooks r removes
// (r.Removes, by decoded index), keeping everything else in them: the
// removed entries are cut out of the text, so the hooks that stay keep
// their bytes, or, where that cannot be done, are written
// back from what was read of them, with a warning naming the keys that
// drops (HC444). A file left without hooks keeps an empty hooks value.
// Files that do not change are not returned.
//
// r comes from PlanRemoval, which keeps every hook some target holds with
// less power (HC414, in r.Diagnostics, for the caller to show): a hook's
// Migration.Migrated flag alone would remove a guard the target cannot
// block with. The zero Removal removes nothing.
func RemoveMigrated(in providers.Files, r Removal) (providers.Files, diag.List) {
	from := r.From
	src, ok := providers.Get(from)
	if !ok {
		var ds diag.List
		ds.Errorf(CodeUnknownProvider, diag.Pos{}, "", "", "no adapter for %q", from)
		return nil, ds
	}
	fromProv, _ := vocab.Default().Provider(from)
	out := providers.Files{}
	var all diag.List
	index := 0
	// r is numbered as Decode numbers the whole source: in path
	// order, or in an order the files record (Cline's scripts, each
	// marked with its hooks' places). Each file's hooks, read alone, are
	// matched to those numbers by their order within the file.
	numbers := map[string][]int{}
	if whole, ds := src.Decode(in); whole != nil && !ds.HasErrors() {
		if r.remove != nil && len(r.remove) != len(whole.Hooks) {
			// Planned for other files: its numbers name other hooks
			// (QA F13: extra flags were ignored, silently).
			var why diag.List
			why.Errorf(CodeSourceNotRewritable, diag.Pos{}, "", "plan the removal (PlanRemoval) from the migrations of these files",
				"the migrated hooks cannot be removed: the removal was planned for %d source hook(s), and these files hold %d", len(r.remove), len(whole.Hooks))
			return nil, why
		}
		for i := range whole.Hooks {
			f := whole.Hooks[i].OriginFile
			numbers[f] = append(numbers[f], i)
		}
	}
	for _, p := range in.Paths() {
		one := providers.Files{p: in[p]}
		var tree *node.Node // the file as parsed, to cut hooks out of its text
		var m *canonical.Manifest
		var ds diag.List
		if td, ok := src.(providers.TreeDecoder); ok {
			m, ds = td.DecodeSeeing(one, func(_ string, root *node.Node) { tree = root })
		} else {
			m, ds = src.Decode(one)
		}
		if ds.HasErrors() || m == nil {
			all = append(all, ds...)
			return nil, all
		}
		number := func(i int) int { return index + i }
		if ns := numbers[p]; len(ns) == len(m.Hooks) {
			number = func(i int) int { return ns[i] }
		}
		keep := &canonical.Manifest{Spec: m.Spec}
		for i := range m.Hooks {
			if r.Removes(number(i)) {
				continue
			}
			kept := m.Hooks[i]
			kept.Ordinal = number(i) + 1 // diagnostics number it as the source does
			keep.Hooks = append(keep.Hooks, kept)
		}
		index += len(m.Hooks)
		if len(keep.Hooks) == len(m.Hooks) {
			continue
		}
		// The hooks that stay are the user's: the migrated ones are cut
		// out of the text, and the others keep every byte (keys hookconv
		// does not read, comments, layout). Only where that cannot be
		// done are they written back from what was read of them (HC444
		// names what that drops).
		var pruned *node.Node // the hooks the file keeps, as its text has them
		cuttable := false
		if tree != nil {
			gone, whole := goneEntries(m, func(i int) bool { return r.Removes(number(i)) })
			var found bool
			pruned, found = pruneHooks(tree.Get("hooks"), gone)
			cuttable = whole && found
		}
		if cuttable {
			if b, cds, ok := cutEntries(src, p, in[p], pruned); ok && sameKept(src, p, b, keep, fromProv) {
				all = append(all, cds.WithFile(p)...)
				all = append(all, keptUntrusted(src, p, in[p], b, keep)...)
				out[p] = b
				continue
			}
		}
		if providers.HasSkipped(ds) {
			// Writing back the hooks it keeps would drop the entries it
			// skips as well (a Windows-only one, HC346): only cutting the
			// migrated ones out of the text, above, keeps them. A file
			// nothing is removed from is left as it is, above (QA: one
			// such entry refused the whole run).
			var why diag.List
			why.Errorf(CodeSourceNotRewritable, diag.Pos{}, "", "remove the migrated hooks by hand, or migrate without --remove-source",
				"the migrated hooks cannot be removed from %s: it holds an entry hookconv does not read (%s), which writing it back would lose", p, providers.Skipped(ds))
			return nil, append(all, why.WithFile(p)...)
		}
		files, eds := src.Encode(keep, one)
		if eds.HasErrors() {
			// A hook the file keeps cannot be written back (a handler type
			// the tool parses but never runs): rewriting would lose it.
			for _, d := range eds {
				if d.Severity == diag.Error {
					all = append(all, diag.List{d}.WithFile(p)...)
				}
			}
			var why diag.List
			why.Errorf(CodeSourceNotRewritable, diag.Pos{}, "", "remove the migrated hooks by hand, or migrate without --remove-source",
				"the migrated hooks cannot be removed from %s: the hooks it keeps cannot be written back as they are (the error above says why)", p)
			return nil, append(all, why.WithFile(p)...)
		}
		if _, written := files[p]; !written && len(keep.Hooks) == 0 {
			// A file of one hook (Kiro's .kiro.hook, a Cline script) has no
			// empty form to write: deleting a user's file is left to the
			// user, and said, rather than a silent no-op.
			hint := "delete " + p + " by hand once the targets run its hooks"
			for i := range m.Hooks {
				if strings.Contains(m.Hooks[i].Handler.Command, path.Base(p)) {
					// A hand-written script is its hook's program: the
					// targets run this very file, and deleting it would
					// leave them running nothing (exit 127).
					hint = "keep " + p + ": the targets run it as their hook's command; to stop " + src.Slug() + " running it too, turn it off there (a Cline script: chmod -x)"
					break
				}
			}
			var left diag.List
			left.Warnf(CodeSourceLeftWhole, diag.Pos{}, "", hint,
				"every hook in this file was migrated, and --remove-source rewrites files but does not delete them: the file still runs its hooks in %s", src.Slug())
			all = append(all, left.WithFile(p)...)
			continue
		}
		for _, d := range eds {
			// Rewriting the file lost text of the user's in the hooks it
			// keeps (comments in config.toml's tables): say so.
			if d.Code == codex.CodeCommentsDropped {
				all = append(all, diag.List{d}.WithFile(p)...)
			}
		}
		if pruned != nil && files[p] != nil {
			if td, ok := src.(providers.TreeDecoder); ok {
				var written *node.Node
				td.DecodeSeeing(providers.Files{p: files[p]}, func(_ string, root *node.Node) { written = root })
				if written != nil {
					all = append(all, keysDropped(p, pruned, written.Get("hooks"))...)
				}
			}
		}
		all = append(all, keptUntrusted(src, p, in[p], files[p], keep)...)
		for q, b := range files {
			out[q] = b
		}
	}
	return out, all
}

// keptUntrusted says what the source tool makes of the hooks a file it
// keeps, rewritten from before to after, holds: Codex skips those the
// rewrite moved (cutting a hook before them) until they are approved
// again in /hooks (the adapter's AfterEncode, HC330). Said as a warning
// where a kept hook is blocking (QA: the guards --remove-source keeps,
// because the target weakens them, were then off in Codex too, and
// nothing said so), as the info it is elsewhere.
func keptUntrusted(src providers.Adapter, p string, before, after []byte, keep *canonical.Manifest) diag.List {
	a, ok := src.(*nested.Adapter)
	if !ok || a.AfterEncode == nil || after == nil || len(keep.Hooks) == 0 {
		return nil
	}
	ds := a.AfterEncode(providers.Files{p: after}, providers.Files{p: before})
	guards := 0
	for i := range keep.Hooks {
		if keep.Hooks[i].Blocking {
			guards++
		}
	}
	for i := range ds {
		if guards > 0 && ds[i].Severity == diag.Info {
			ds[i].Severity = diag.Warning
			ds[i].Message += fmt.Sprintf("; any of the %d blocking hook(s) this file keeps among them guards nothing in %s until then", guards, src.Slug())
		}
	}
	return ds.WithFile(p)
}
