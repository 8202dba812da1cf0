package hookconv

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/internal/suggest"
	"github.com/hookconv/hookconv/lint"
	"github.com/hookconv/hookconv/providers"
	_ "github.com/hookconv/hookconv/providers/all" // every adapter
	"github.com/hookconv/hookconv/providers/cline"
	"github.com/hookconv/hookconv/providers/kiroagent"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// Pipeline diagnostic codes.
const (
	CodeUnknownProvider = "HC400" // no adapter for the slug
	CodeNothingDecoded  = "HC401" // the input held no hooks (an error when the project holds no config of the source tool at all)
	CodeNotPortable     = "HC402" // a pattern matcher passed through to another tool (warning)
	CodeForeignData     = "HC403" // another provider's native fields are not rendered (info)
	CodeForeignFilter   = "HC404" // another provider's filter ("if") is lost: the hook runs more often (warning)
	CodeDoubleRun       = "HC406" // the target also reads the source's config, or the source the target's: hooks would run twice (warning)
	CodeUnsafePath      = "HC407" // an encoder named a file outside the project (hook names are data, not paths)
	CodeDisabledHook    = "HC409" // a hook disabled in its tool is converted enabled, so it runs on the target (warning)
	CodeHooksBeside     = "HC415" // another file of the target, which the tool loads too, keeps its hooks (warning)
	CodeShadowed        = "HC445" // another file of the target may make the tool skip the hooks of the one written (warning)
	CodeDeferred        = "HC448" // a hook the source defers (Kiro CLI's only_when_turn_complete) runs at once on the target (warning)
	CodeOwnDataUnread   = "HC593" // a key of the target's own provider_data the target does not read (not one of its documented keys, or a "$group" key its hook groups do not have), not written (warning)
	CodeWidenedSibling  = "HC417" // the source named only a secondary native tool of a canonical tool (PowerShell, not Bash); the target gets all of them (warning)
	CodePayloadShape    = "HC419" // hooks on tool events get the target's stdin payload, whose tool name and input sit under other keys than the source's, or whose tools name their arguments otherwise; or blocking hooks read a common field (the prompt, the working directory) where the target's payload does not keep it (warning)
	CodePlainContext    = "HC420" // the source adds a hook's plain-text stdout to the context on the event, the target does not (info)
	CodePowerShell      = "HC421" // a command the source runs with PowerShell goes to a target that runs it with its usual shell (warning)
	CodeNamesDropped    = "HC423" // the target keeps no hook names: the hooks are written without theirs (info)
	CodeDenyAnswer      = "HC425" // blocking hooks (or http hooks' servers) were written for a tool whose JSON deny the target (or the shim) does not read (warning)
	CodeEditorOnly      = "HC426" // a hook that runs only for the source editor's own actions (Cursor Tab) runs for the agent's tool calls on the target (warning)
	CodeVerify          = "HC900" // the encoded output does not say what was meant (internal error)
)

// Conversion is the result of Convert.
type Conversion struct {
	// Files are the target's files to write (path → content). Empty when
	// Diagnostics has errors: corrupt output is never produced.
	Files providers.Files
	// Decoded is the source read into the canonical model: this
	// conversion's own Manifest and Hooks list, so that changing a hook's
	// fields changes neither the Source nor another conversion. The maps,
	// slices and matchers inside each hook (Env, Platform, ProviderData,
	// an AnyOf, …) are shared with them, and must be replaced, not
	// written into.
	Decoded *canonical.Manifest
	// Planned is what the target was asked to hold, after degradation.
	Planned *canonical.Manifest
	// Diagnostics of every stage, in stage order.
	Diagnostics diag.List

	// ownDropped are what decoding a migration target's own hooks could
	// not keep (keys it does not model), said if the file is rewritten.
	ownDropped diag.List
	// unloadable are the HC320s of reading a migration target's files:
	// what the tool's JSON reader may reject in them, so that it loads
	// none of such a file, whether or not the migration rewrites it.
	unloadable diag.List
	// skippedOwn are the HC349s and HC346s of reading a migration
	// target's files: entries the target's decoder does not read (Copilot
	// CLI's matcher that does not compile, a Windows-only entry), which
	// belong to the user and which a file written must keep as they were
	// (keepsSkipped).
	skippedOwn diag.List

	// later are the checks put off to run beside encoding (putOff).
	later []putOffCheck

	// about holds the source hooks of each diagnostic said once for
	// several hooks (HC419, HC425, …), by code and message. Such a
	// diagnostic has no path, since a path names one hook, yet check
	// must count it against every hook it is about.
	about map[aboutKey][]int
}

// aboutKey identifies a diagnostic said once for several hooks: its code
// and message, which name the hooks, the event and the form, and which no
// later stage rewrites (pointAtFiles fills in the file).
type aboutKey struct{ code, message string }

// sayAbout appends ds to the diagnostics, recording that ds[k] is about
// the source hooks hooks[k] (nil: none in particular).
func (c *Conversion) sayAbout(ds diag.List, hooks [][]int) {
	for k, d := range ds {
		if k < len(hooks) && len(hooks[k]) > 0 {
			if c.about == nil {
				c.about = map[aboutKey][]int{}
			}
			key := aboutKey{d.Code, d.Message}
			c.about[key] = append(c.about[key], hooks[k]...)
		}
	}
	c.Diagnostics = append(c.Diagnostics, ds...)
}

// hooksOf returns the source hooks (indexes into Decoded) diagnostic d
// is about: those recorded for a diagnostic said once for several, and
// the one its path names (hooks[i] or below). It is empty for one about
// a file or the conversion as a whole.
func (c *Conversion) hooksOf(d diag.Diagnostic) []int {
	hooks := c.about[aboutKey{d.Code, d.Message}]
	if i, ok := providers.HookOfPath(d.Path); ok && !slices.Contains(hooks, i) {
		hooks = append(slices.Clip(hooks), i)
	}
	return hooks
}

// Convert runs the pipeline: decode the source files in with the from
// adapter, validate and plan the hooks for the target (capabilities,
// events, blocking, degradation), encode them with the to adapter, merging
// into the target's existing files, and verify that decoding the output
// gives back what was planned. Files are returned only when no stage
// reported an error. from and to are provider slugs ("claude-code",
// "gemini-cli", …; "canonical" for a hooks/1.0 manifest).
//
// existing holds the target's current files (nil for none), which
// decide where the output goes:
//
//   - One file: the output is written into it and returned under its
//     path (cleaned, as path.Clean does), whatever its name, as
//     hookconv convert -o FILE does. Its "hooks" are replaced by the
//     converted ones (HC323 warns when that drops hooks it held); every
//     other key, their order, formatting and comments are kept.
//     It may not be another tool's config by its path, nor, converting
//     to another tool, one of the input files: the converted hooks would
//     replace that tool's own, which it then never runs (an error,
//     HC457, as hookconv convert -o refuses such a file).
//   - None, or several: the output goes to the target's own path (its
//     first config path, vocab.Provider.Paths[0], e.g.
//     ".gemini/settings.json"), merged as above into the entry of
//     existing at exactly that path when there is one. Entries at the
//     tool's other paths are not written; they are read only for
//     settings that turn the converted hooks off (HC409). An entry at
//     none of the tool's paths is neither, and HC456 warns of it.
//
// Tools that write several files (Cline's scripts, Kiro IDE 0.x's hook
// files) read existing as their adapters document. With Options.Project
// (ConvertWith), existing is a project's files instead.
func Convert(from, to string, in, existing providers.Files) Conversion {
	return ConvertWith(from, to, in, existing, Options{})
}

// Options change what ConvertWith and Source.Convert write. The zero
// value is what Convert uses.
type Options struct {
	// Shim wraps every command hook in `hookconv run` for the target (see
	// Shim), so hooks written once against the canonical contract behave
	// the same on every tool.
	Shim bool
	// Project says existing holds all the target's files found in a
	// project (every path IsMigrationPath names, keyed by their paths
	// relative to the project root), rather than the one file the output
	// is to be written into. Only the entries at the tool's default path
	// (IsDefaultPath) are then merged into, even when there is a single
	// entry; the rest are read for settings that turn the converted hooks
	// off. For a tool that runs the hooks of all its files together
	// (Codex), the converted hooks go into the file that already holds
	// hooks, and hooks left in another file are warned about (HC415): the
	// tool would run them beside the converted ones.
	Project bool
	// Beside holds the target's other files, which the tool loads beside
	// the one file existing names (Codex's config.toml beside an -o
	// hooks.json): hooks in them run too, and HC415 says so.
	Beside providers.Files
	// AlsoRun holds, by tool, the configs in the target's project of the
	// tools whose configs the target also runs (the provider table's
	// also_reads: Kiro CLI runs its agent files' hooks too): their hooks
	// run beside the converted ones, and HC406 says so. The source's own
	// config is left out: the source-side HC406 covers it.
	AlsoRun map[string]providers.Files
	// Platforms are the systems the converted hooks run on (the zero
	// value: every one; when it is zero, the Source's Platforms). Without
	// Windows among them, what fails on Windows alone is not said
	// (HC215, HC218, HC219, HC405 about a Windows command, HC410, HC474,
	// HC576, HC202 dropping a hook's Windows command alone, HC346), and
	// one info (HC217) names the codes left unsaid; nor, under the shim,
	// is a guard's Windows command left unwrapped a reason to warn that
	// it does not block (HC208, HC209). The files written are the same.
	Platforms Platforms
}

// ConvertWith runs the pipeline as Convert does, with opts: the
// hookconv run shim (Options.Shim), a project's target files
// (Options.Project), and the target's files the tool loads beside the
// one written (Options.Beside, Options.AlsoRun), which only add
// diagnostics. existing is read as Convert describes, except under
// Options.Project.
func ConvertWith(from, to string, in, existing providers.Files, opts Options) Conversion {
	return DecodeSource(from, in).ConvertOnce(to, existing, opts)
}

// Source is an input decoded (and, for a manifest, validated) once, to be
// converted to any number of targets without reading it again. Its
// conversions (Convert, Migrate, Portability) may run from several
// goroutines at once; those reading through one Scripts take turns. Set
// its fields before the first conversion, and do not copy it after.
//
// Make it with DecodeSource (or DecodeSourceBeside). A Source built by
// hand is converted as given: nothing validates its Manifest (ValidateManifest
// and canonical.Check do) or numbers its hooks (Hook.Ordinal); one with a
// nil Manifest converts to nothing, with an error (HC401) unless its
// Diagnostics already hold one.
type Source struct {
	// From is the source tool's slug.
	From string
	// Files are the input files, as passed to DecodeSource (path →
	// content); the conversions do not modify them.
	Files providers.Files
	// Manifest is the input in the canonical model (never modified by
	// the conversions); nil when it could not be read.
	Manifest *canonical.Manifest
	// Diagnostics are the decode and validation stages'.
	Diagnostics diag.List
	// Scripts, when set, lets checks read (never run) the scripts the
	// hooks run: a guard whose script visibly blocks by exit code is not
	// warned about answering in the source's JSON (HC425).
	Scripts *Scripts
	// Project, when set, holds by target slug the target's files in the
	// source's project. Portability reads in them only the settings that
	// turn the converted hooks off there (HC409); Convert and Migrate do
	// not read it (they take the target's files as an argument).
	Project map[string]ProjectTarget
	// Platforms are the systems the converted hooks run on (the zero
	// value: every one), for every conversion of the Source: Migrate and
	// Portability, which take no Options, and Convert unless its
	// Options.Platforms is set. See Options.Platforms.
	Platforms Platforms

	// env is where the source's settings set variables for every hook
	// (Claude Code's "env"), the first such file's.
	env settingsEnvAt
	// cline reads the hooks written for Cline for their "cancel" answer
	// (clineCancels), which needs Scripts: once, on the first conversion,
	// so that conversions from several goroutines do not race on it.
	// clineDecoded is the manifest so read: Manifest, or a copy of it
	// with the hooks found blocking marked (Manifest stays as decoded).
	// clineNotes are what that said, said in every conversion (the
	// callers show the source's Diagnostics apart, as read before Scripts
	// was set).
	cline        sync.Once
	clineDecoded *canonical.Manifest
	clineNotes   diag.List
	// convertedOnce says the Source is converted once and then dropped
	// (ConvertOnce): its conversion may take its list of hooks as Decoded,
	// as nothing reads the Source after to see the list change.
	convertedOnce bool
}

// decoded returns the manifest the conversions start from (Manifest, its
// Cline guards read, once) and what reading them said.
func (s *Source) decoded() (*canonical.Manifest, diag.List) {
	s.cline.Do(func() {
		s.clineDecoded = s.Manifest
		if s.Manifest != nil && !s.Diagnostics.HasErrors() {
			// Here, not in DecodeSource: the caller sets Scripts after it.
			s.clineDecoded, s.clineNotes = clineCancels(s.Manifest, s.From, s.Scripts)
		}
	})
	return s.clineDecoded, s.clineNotes
}

// repoPlace is where the source's project lies in its git repository,
// when its scripts' folder was looked at (zero otherwise).
func (s *Source) repoPlace() RepoPlace {
	if s.Scripts == nil {
		return RepoPlace{}
	}
	return s.Scripts.Repo
}

// DecodeSource runs the first stages: decode the source files with the
// from adapter and, for a manifest, validate it. Every hook is numbered
// (Ordinal) so later stages name it as the user wrote it.
func DecodeSource(from string, in providers.Files) *Source {
	return DecodeSourceBeside(from, in, nil)
}

// DecodeSourceBeside decodes as DecodeSource does, reading also, where the tool's
// adapter can (providers.BesideDecoder), the tool's other files in
// beside for the settings that apply to in's hooks, without converting
// their own hooks or linting them: Claude Code's settings.local.json,
// whose "env" and disableAllHooks hold for the hooks of the settings.json
// a user converts alone.
func DecodeSourceBeside(from string, in, beside providers.Files) *Source {
	s := &Source{From: from, Files: in}
	src, ok := providers.Get(from)
	if !ok {
		s.Diagnostics.Errorf(CodeUnknownProvider, diag.Pos{}, "", "known: "+strings.Join(providers.Slugs(), ", "), "no adapter for %q", from)
		return s
	}
	// The lint rules read the trees the decoder parsed, where it shows
	// them (TreeDecoder); other adapters' files are parsed again.
	var m *canonical.Manifest
	var ds diag.List
	if td, ok := src.(providers.TreeDecoder); ok && from != "canonical" {
		// Each tree is linted on another core while the decoder reads
		// it (both only read it), and the findings joined in file order.
		var linted []chan diag.List
		see := func(p string, root *node.Node) {
			if at, ok := findSettingsEnv(from, p, root); ok && s.env.file == "" {
				s.env = at
			}
			if _, named := in[p]; !named {
				return // a file beside: read for its settings alone
			}
			done := make(chan diag.List, 1)
			linted = append(linted, done)
			rules := func() { done <- lint.ConversionRules(vocab.Default(), from, root).WithFile(p) }
			if len(in[p]) < lintBesideSize {
				rules() // a small file: done before another thread would start
				return
			}
			go rules()
		}
		if bd, ok := td.(providers.BesideDecoder); ok && len(beside) > 0 {
			m, ds = bd.DecodeBeside(in, beside, see)
		} else {
			m, ds = td.DecodeSeeing(in, see)
		}
		for _, done := range linted {
			ds = append(ds, <-done...)
		}
	} else {
		// The other formats (Kiro's, OpenHook's, scripts, plugins) are
		// no shape the lint rules read.
		m, ds = src.Decode(in)
	}
	s.Diagnostics = ds
	if paths := in.Paths(); len(paths) > 0 {
		native := in
		if from == "canonical" {
			native = nil
		}
		s.Diagnostics = append(s.Diagnostics, nulCommands(m, paths[0], native)...)
	}
	if m != nil && from == "canonical" {
		for _, p := range in.Paths() {
			s.Diagnostics = append(s.Diagnostics, canonical.Check(m, capabilities.DefaultVocabulary()).WithFile(p)...)
			break
		}
	}
	if s.Diagnostics.HasErrors() {
		s.Manifest = m
		return s
	}
	if m == nil {
		m = &canonical.Manifest{Spec: canonical.SpecVersion}
	}
	for i := range m.Hooks {
		m.Hooks[i].Ordinal = i + 1
	}
	if len(m.Hooks) == 0 {
		var w diag.List
		paths := in.Paths()
		read := ""
		if len(paths) > 1 {
			// A project's files read together (Codex's hooks.json and
			// config.toml): each named, not "<input>" (QA q5 F1).
			read = " (" + strings.Join(paths, ", ") + ")"
		}
		w.Warnf(CodeNothingDecoded, diag.Pos{}, "", "check the input path and --from", "the input holds no hooks%s; nothing was written", read)
		if len(paths) > 0 {
			w = w.WithFile(paths[0]) // name the file, as the decoder's notes do
		}
		s.Diagnostics = append(s.Diagnostics, w...)
	}
	s.Manifest = m
	return s
}

// platforms are the systems a conversion of s with opts is for:
// opts.Platforms when set, else s's (a nil s: every one).
func (s *Source) platforms(opts Options) Platforms {
	if opts.Platforms != 0 || s == nil {
		return opts.Platforms
	}
	return s.Platforms
}

// ConvertOnce converts as Convert does, for the last time: the
// conversion's Decoded is the Source's own list of hooks, not a copy of
// it (4.3 MB of the 60 a 10,000-handler conversion allocated). The
// Source must not be converted again, nor its Manifest read after: a
// change to Decoded would show there. For a caller that decodes a
// source to convert it once, as hookconv convert does.
func (s *Source) ConvertOnce(to string, existing providers.Files, opts Options) Conversion {
	s.convertedOnce = true
	return s.Convert(to, existing, opts)
}

// Convert runs the remaining stages for one target: plan, encode (merged
// into existing), verify. Files are returned only when no stage, the
// source's included, reported an error; Diagnostics include the source's.
// existing and opts are read as in ConvertWith (see Convert for where the
// output goes). One Source may be converted to any number of targets in
// turn; its Manifest is never modified.
func (s *Source) Convert(to string, existing providers.Files, opts Options) (res Conversion) {
	defer s.take()()
	defer res.sortDiagnostics()
	defer res.forPlatforms(s.platforms(opts), to)
	dst, ok := res.plan(s, to)
	if !ok {
		return res
	}
	if eds := checkExisting(s.From, to, s.Files, existing, opts); len(eds) > 0 {
		res.Diagnostics = append(res.Diagnostics, eds...)
		if eds.HasErrors() {
			return res
		}
	}
	if s.From == to && pluginHooks(s) && intoProjectConfig(to, existing, opts) {
		// Within one tool the plan warns about nothing, but a plugin's
		// hooks moved into the same tool's project config lose the
		// plugin's variables all the same.
		res.Diagnostics = append(res.Diagnostics, pluginOnlyVars(res.Planned, to)...)
	}
	if !opts.Shim {
		var rds diag.List
		res.Planned, rds = Reshim(res.Planned, to)
		res.Diagnostics = append(res.Diagnostics, rds...)
	}
	if opts.Shim && to != "canonical" {
		var sds diag.List
		res.Planned, sds = Shim(res.Planned, s.From, to)
		if prov, _ := vocab.Default().Provider(to); !prov.Generated {
			// A Windows command runs unwrapped only where Windows is
			// among the platforms declared.
			windows := s.platforms(opts).Has(PlatformWindows)
			denies := shimDenies(res.Decoded, res.Planned, to, windows)
			failsClosed := shimFailsClosed(res.Planned, windows)
			cancels := shimReadsCancel(res.Decoded, res.Planned, to)
			res.dropNotes(func(d diag.Diagnostic) bool {
				return structuredNote(d) || denies(d) || failsClosed(d) || cancels(d)
			})
		}
		res.Diagnostics = append(res.Diagnostics, sds...)
	}
	// A source whose every command already runs under the shim speaks
	// the canonical contract, before and after: nothing to compare.
	if !allShimmed(res.Decoded) {
		planned := res.Planned
		res.putOff(func(notes *Conversion) {
			notes.Planned = planned
			notes.contractNotes(s, to, opts.Shim)
		})
	}
	if len(res.Decoded.Hooks) == 0 {
		res.runPutOff()
		res.joinPutOff(false)
		// Nothing to convert (HC401 says so): writing an empty config would
		// only wipe the hooks of an -o file, and an empty manifest is no
		// valid manifest.
		res.Files = providers.Files{}
		return res
	}
	// Every file of the target the tool loads, before projectTarget picks
	// the one to write: a setting in another can turn the hooks off.
	loaded := existing
	if opts.Project {
		if existing, ok = res.projectTarget(dst, existing, to); !ok {
			res.runPutOff()
			res.joinPutOff(false)
			return res
		}
	}
	res.Diagnostics = append(res.Diagnostics, alsoRun(opts.AlsoRun, s.From, to)...)
	prov, _ := vocab.Default().Provider(to)
	written := ""
	if len(existing) == 1 {
		written = existing.Paths()[0]
	}
	if len(opts.Beside) > 0 {
		res.warnShadowed(dst, opts.Beside, written, prov)
	}
	if len(opts.Beside) > 0 && len(existing) == 1 {
		for _, p := range opts.Beside.Paths() {
			if shadows(prov, p) || shadows(prov, written) || isOtherAgent(prov, filepath.ToSlash(p), filepath.ToSlash(written)) {
				continue // one of the two is not read: HC445 says so, not "beside"; another agent's hooks run in its own sessions
			}
			if m, ds := dst.Decode(providers.Files{p: opts.Beside[p]}); !ds.HasErrors() && m != nil && len(m.Hooks) > 0 {
				res.warnBeside(p, len(m.Hooks), existing.Paths()[0], to)
			}
		}
	}
	// The checks put off read the plan and only say what they find;
	// encoding and verify read it too: on a large input they run at once.
	parallel.Both(len(res.Planned.Hooks), res.runPutOff, func() { res.encode(dst, res.Planned, existing, to) })
	res.joinPutOff(true)
	res.warnOneAgent(existing, opts.Beside, prov)
	res.Diagnostics = append(res.Diagnostics, res.switchedOffInTarget(dst, loaded, opts.Beside, to, s.repoPlace())...)
	return res
}

// putOffCheck is a check of a conversion that only reads its plan and
// says what it finds, put off so that it can run beside encoding
// (Convert): it gathers its diagnostics apart, and joinPutOff puts them
// where running it in turn would have.
type putOffCheck struct {
	at    int        // where in the conversion's diagnostics they go
	notes Conversion // the check's diagnostics and the hooks they are about
	check func(notes *Conversion)
}

// putOff adds check to the checks put off, its diagnostics to go after
// those said so far. It must not change the plan, nor depend on what the
// stages after it change: they run before it, or beside it.
func (res *Conversion) putOff(check func(notes *Conversion)) {
	res.later = append(res.later, putOffCheck{at: len(res.Diagnostics), check: check})
}

// runPutOff runs the checks put off, in the order they were put off, on
// the caller's goroutine: they share the scripts' caches.
func (res *Conversion) runPutOff() {
	for i := range res.later {
		c := &res.later[i]
		c.notes.Decoded = res.Decoded
		c.check(&c.notes)
	}
}

// joinPutOff puts the diagnostics of the checks put off in place, once
// runPutOff has returned, and forgets the checks. encoded says the
// encode stage ran, which names the files of the diagnostics before it
// (pointAtFiles): theirs are named likewise. A check that found an error
// (none does yet) withholds the files, as it would have before encoding.
func (res *Conversion) joinPutOff(encoded bool) {
	// Last first, so that each one's place is still where it was.
	for i := len(res.later) - 1; i >= 0; i-- {
		c := &res.later[i]
		if encoded {
			c.notes.pointAtFiles(res.Planned)
		}
		res.Diagnostics = slices.Insert(res.Diagnostics, c.at, c.notes.Diagnostics...)
		for key, hooks := range c.notes.about {
			if res.about == nil {
				res.about = map[aboutKey][]int{}
			}
			res.about[key] = append(res.about[key], hooks...)
		}
		if c.notes.Diagnostics.HasErrors() {
			res.Files = nil
		}
	}
	res.later = nil
}

// dropNotes drops, from the diagnostics, the notes drop reports, keeping
// the places of the checks put off: each moves back by the notes dropped
// before it. Under the shim these are the notes about structured output
// inferred from "blocking" (withoutStructuredNotes), the exits to which
// the shim gives the answer the target reads (shimDenies), and Cline's
// cancel that hookconv run --from cline reads (shimReadsCancel).
func (res *Conversion) dropNotes(drop func(diag.Diagnostic) bool) {
	// The places as they were, which the notes' indexes are compared
	// with: compared with a place already moved back, a run of notes
	// before it moved it back by about half of them (QA: a panic, the
	// place past the end, for ten guards to Kiro with --shim).
	was := make([]int, len(res.later))
	for k := range res.later {
		was[k] = res.later[k].at
	}
	kept := res.Diagnostics[:0]
	for i, d := range res.Diagnostics {
		if drop(d) {
			for k := range res.later {
				if was[k] > i {
					res.later[k].at--
				}
			}
			continue
		}
		kept = append(kept, d)
	}
	res.Diagnostics = kept
}

// standInDeny is the planner's capabilities.DenyAnswer: what hookconv run
// answers a blocking hook's deny with on target's event (hookrun's
// contracts table, the tools that also load target's files included), so
// that the stand-in degradation "block" writes prints the JSON deny where
// target blocks only on one (QA q2 F1), from the table that holds it once.
func standInDeny(target, event, reason string) (string, int, bool) {
	t := hookrun.Default()
	if _, ok := t.Contract(target); !ok {
		return "", 0, false
	}
	ref, _ := t.ResolveEvent(target, event)
	r := t.Answer(target, ref, hookrun.Outcome{Decision: hookrun.DecisionDeny, Reason: reason, Blocking: true})
	if r.Decision != hookrun.DecisionDeny {
		return "", 0, false
	}
	return strings.TrimSpace(string(r.Stdout)), r.Exit, true
}

// shimDenies returns a test of the plan's HC208 warnings (a blocking
// command hook where the target blocks only on a JSON answer, not on exit
// 2): true for each that the shim answers for. Under the shim, hookconv
// run turns the hook's exit 2 into the target's own JSON deny on that
// event (Cursor's beforeSubmitPrompt continue: false, its stop's
// followup_message), where the contracts table has one. A hook whose
// Windows command the target keeps (shimmed, the plan's hooks) keeps its
// warning where the hooks run on Windows (windows: it is among the
// platforms declared), since that command runs unwrapped. decoded is the
// manifest the warnings' hook indexes refer to; a planned hook is found
// by its place in the source, which its copy keeps.
func shimDenies(decoded, shimmed *canonical.Manifest, to string, windows bool) func(diag.Diagnostic) bool {
	contracts := hookrun.Default()
	unwrapped := map[diag.Pos]bool{}
	for i := range shimmed.Hooks {
		if h := &shimmed.Hooks[i]; windows && unwrappedOnWindows(h) {
			unwrapped[h.PosOf("blocking")] = true
		}
	}
	return func(d diag.Diagnostic) bool {
		if d.Code != capabilities.CodeExitIgnored || unwrapped[d.Pos] {
			return false
		}
		index, ok := strings.CutPrefix(d.Path, "hooks[")
		if index, ok = strings.CutSuffix(index, "].blocking"); !ok {
			return false
		}
		i, err := strconv.Atoi(index)
		if err != nil || i < 0 || i >= len(decoded.Hooks) {
			return false
		}
		h := &decoded.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand {
			return false
		}
		r, ok := contracts.Rule(to, "deny", hookrun.EventRef{Canonical: h.Event})
		return ok && len(r.Set) > 0 && (slices.Contains(r.Events, h.Event) || r.Exit == 0)
	}
}

// shimFailsClosed returns a test of the plan's HC209 warnings (the
// source blocked when a guard failed, the target does not): true for each
// hook the shim runs with --failure-action block, which makes a failure
// block in any target, unless its Windows command stays unwrapped where
// the hooks run on Windows (windows).
func shimFailsClosed(shimmed *canonical.Manifest, windows bool) func(diag.Diagnostic) bool {
	closed := map[int]bool{}
	for k := range shimmed.Hooks {
		h := &shimmed.Hooks[k]
		if strings.Contains(h.Handler.Command, " --failure-action block ") && !(windows && unwrappedOnWindows(h)) {
			closed[h.SourceIndex(k)] = true
		}
	}
	return func(d diag.Diagnostic) bool {
		if d.Code != capabilities.CodeFailOpen {
			return false
		}
		i, ok := providers.HookOfPath(d.Path)
		return ok && closed[i]
	}
}

// unwrappedOnWindows reports whether h, a hook of the shim's plan, has a
// Windows command the shim left unwrapped (HC410): on Windows it answers
// in the target's own contract.
func unwrappedOnWindows(h *canonical.Hook) bool {
	return h.Handler.Platform["windows"] != "" && shimmedFor(h.Handler.Platform["windows"]) == ""
}

// allShimmed reports whether m has command hooks and every one of them
// runs under hookconv run.
func allShimmed(m *canonical.Manifest) bool {
	n := 0
	for i := range m.Hooks {
		if h := &m.Hooks[i]; h.Handler.Type == canonical.HandlerCommand {
			if shimmedFor(h.Handler.Command) == "" {
				return false
			}
			n++
		}
	}
	return n > 0
}

// switchedOffScripts warns (HC409) about hooks read from a script that
// the source tool runs only while it is executable (Cline's VS Code
// extension, on Unix: the providers table's exec_bit_switch) when the
// script is not: the tool has the hook switched off, and the converted
// hook runs (a converted Cline script is written executable too). A
// Windows script (.ps1) runs whenever it is there. The scripts' modes are
// read in scripts' folder (Scripts.configMode): without one, nothing is.
func switchedOffScripts(m *canonical.Manifest, from, to string, scripts *Scripts) diag.List {
	prov, _ := vocab.Default().Provider(from)
	if !prov.ExecBitSwitch || runtime.GOOS == "windows" || scripts == nil || scripts.FS == nil {
		return nil
	}
	var ds diag.List
	off := map[string]bool{} // script → switched off, stat'ed once
	for i := range m.Hooks {
		h := &m.Hooks[i]
		file := h.OriginFile
		if file == "" || filepath.Ext(file) != "" {
			continue
		}
		isOff, seen := off[file]
		if !seen {
			mode, ok := scripts.configMode(from, file)
			isOff = ok && mode.IsRegular() && mode.Perm()&0o111 == 0
			off[file] = isOff
		}
		if isOff {
			ds.Warnf(CodeDisabledHook, h.PosOf(""), hookPath(h, i),
				"delete the hook before converting, or remove it from the converted config, if it should stay off",
				"%s is switched off: its script is not executable, and %s runs a hook script only while it is; it is converted enabled: it will run in %s",
				h.DisplayName(i), prov.Name, to)
		}
	}
	return ds
}

// lintBesideSize is the file size from which the lint rules run beside
// the decoder rather than before it.
const lintBesideSize = 64 << 10

// pluginHooks reports whether every one of the source's files is a
// plugin's or extension's hooks file (hooks/hooks.json).
func pluginHooks(s *Source) bool {
	paths := s.Files.Paths()
	for _, p := range paths {
		if _, plugin, ok := ProjectRoot(s.From, p); !ok || !plugin {
			return false
		}
	}
	return len(paths) > 0
}

// intoProjectConfig reports whether the conversion writes into to's
// project config: under a project directory, or into a file at one of
// the tool's project paths. Standard output could become anything.
func intoProjectConfig(to string, existing providers.Files, opts Options) bool {
	if opts.Project {
		return true
	}
	for _, p := range existing.Paths() {
		if _, plugin, ok := ProjectRoot(to, p); ok && !plugin {
			return true
		}
	}
	return false
}

// projectTarget narrows a project's existing target files to those the
// converted hooks are merged into. Most tools merge into their default
// file only; a tool that runs the hooks of all its files together gets
// the one that holds hooks (targetHooks), and HC415 names each other file
// whose hooks stay and run too. ok is false when a file cannot be read.
func (res *Conversion) projectTarget(dst providers.Adapter, existing providers.Files, to string) (providers.Files, bool) {
	prov, _ := vocab.Default().Provider(to)
	if !prov.LoadsAllPaths {
		into := providers.Files{}
		for p, b := range existing {
			if IsDefaultPath(to, p) {
				into[p] = b
			}
		}
		return into, true
	}
	t, ok := res.targetHooks(dst, existing, prov)
	if !ok {
		return nil, false
	}
	written := t.into.Target(prov.Paths[0])
	for _, b := range t.besideFiles {
		res.warnBeside(b.path, b.hooks, written, to)
	}
	return t.into, true
}

// warnShadowed reports HC445 where one of the target's files may make
// the tool skip another's hooks (the providers table's shadowed_by:
// Factory Droid reads the hooks key of settings.json only when hooks.json
// is absent, and some releases read settings.json only). Written to the
// default file beside a shadowing one, the converted hooks may never run
// (migrate --remove-source then keeps the source's); written to the
// shadowing file beside a default one that holds hooks, those stop
// running (QA: said as HC415, "runs beside"). written is the file
// written ("" for the default), beside the tool's other files there.
func (res *Conversion) warnShadowed(dst providers.Adapter, beside providers.Files, written string, prov vocab.Provider) {
	if len(prov.ShadowedBy) == 0 {
		return
	}
	def := prov.Paths[0]
	if written == "" {
		written = def
	}
	for _, p := range beside.Paths() {
		var ds diag.List
		switch {
		case shadows(prov, p) && !shadows(prov, written):
			ds.Warnf(CodeShadowed, diag.Pos{}, "", "keep the hooks in one file: move those of "+p+" into "+def+" and remove it, or move the converted hooks into it",
				"%s is there, and %s may then skip the hooks of %s, where the converted hooks are written: its newest docs read them only when %s is absent, and some releases read only %s", p, prov.Name, def, filepath.Base(p), def)
		case shadows(prov, written) && matchesConfigPath(filepath.ToSlash(p), def):
			m, mds := dst.Decode(providers.Files{p: beside[p]})
			if mds.HasErrors() || m == nil || len(m.Hooks) == 0 {
				continue
			}
			ds.Warnf(CodeShadowed, diag.Pos{}, "", "move them into "+filepath.Base(written)+" too, or write the converted hooks into "+def,
				"%s holds %d hook handler(s), which %s may stop running now that %s is written: its newest docs read them only when %s is absent (and some releases read only %s, where the converted hooks would not run)", p, len(m.Hooks), prov.Name, filepath.Base(written), filepath.Base(written), def)
		default:
			continue
		}
		res.Diagnostics = append(res.Diagnostics, ds.WithFile(p)...)
	}
}

// warnOneAgent warns where the kiro-agent hooks go into the default
// agent's file, .kiro/agents/default.json (written, or among existing,
// the target's files read), and the project has agents of its own (the
// providers table's agent_paths; beside holds their files):
// Kiro CLI runs the hooks of the agent a session was started with
// (reference part 2 §3.4: hooks live in each agent's JSON), so the
// converted hooks, guards included, never run in those agents' sessions
// (QA: migrate then removed the guards from the source). A new file makes
// the encoder's note (HC545) a warning; hooks merged into an existing one
// get a warning of their own under the same code (QA: said nothing). It
// reports whether it warned; migrate --remove-source then keeps the
// source's hooks. convert -o with an agent's file merges the hooks into
// that file's "hooks", which the hint says.
func (res *Conversion) warnOneAgent(existing, beside providers.Files, prov vocab.Provider) bool {
	if len(prov.AgentPaths) == 0 || len(prov.Paths) == 0 {
		return false
	}
	i := slices.IndexFunc(res.Diagnostics, func(d diag.Diagnostic) bool { return d.Code == kiroagent.CodeNewAgent })
	written := ""
	if i >= 0 {
		written = res.Diagnostics[i].File
	} else if res.Planned != nil && len(res.Planned.Hooks) > 0 {
		// The file written, or, where migrate finds every hook there
		// already and writes nothing, the file that holds them.
		for _, files := range []providers.Files{existing, res.Files} {
			for _, p := range files.Paths() {
				if matchesConfigPath(filepath.ToSlash(p), prov.Paths[0]) {
					written = p
				}
			}
		}
	}
	if written == "" {
		return false // an agent's own file, which -o named
	}
	var files, names []string
	for _, p := range beside.Paths() {
		if isOtherAgent(prov, filepath.ToSlash(p), filepath.ToSlash(written)) {
			files = append(files, p)
			names = append(names, fmt.Sprintf("%q (%s)", kiroagent.AgentName(p, beside[p]), p))
		}
	}
	if len(files) == 0 {
		return res.warnAgentGuards(i, written, existing)
	}
	hint := fmt.Sprintf("to give an agent the hooks, convert into its file, which merges them into its \"hooks\" and keeps the rest: hookconv convert --to %s -o %s <source config>", prov.Slug, files[0])
	if i >= 0 {
		d := &res.Diagnostics[i]
		d.Severity = diag.Warning
		d.Message += fmt.Sprintf(": the project's own agent(s) (%s) do not get these hooks, which run only in that agent's sessions; migrate --remove-source keeps them in the source", strings.Join(files, ", "))
		d.Hint = hint
		return true
	}
	verb, name := res.agentWritten(written, existing)
	var ds diag.List
	ds.Warnf(kiroagent.CodeNewAgent, diag.Pos{}, "", hint,
		"the hooks %s the Kiro CLI agent %q, which runs them only in its own sessions (kiro-cli chat --agent %s); the project's agent(s) %s do not run them; migrate --remove-source keeps them in the source",
		verb, name, name, andList(names))
	res.Diagnostics = append(res.Diagnostics, ds.WithFile(written)...)
	return true
}

// warnAgentGuards warns (HC545) where the kiro-agent hooks hold a guard
// and go into the default agent's file, written (the encoder's note, the
// i-th diagnostic, made a warning), merged into or already there, and
// reports whether it did: migrate --remove-source then keeps the
// source's hooks. Kiro CLI runs an agent's hooks only in the sessions
// started with it, or, where the user setting chat.defaultAgent names
// it, in those started without --agent (Amazon Q Developer CLI's agent
// settings: --agent, then chat.defaultAgent, then the built-in default);
// a session of the built-in agent runs none of them. A guard that does
// not run by default is a guard lost (QA q4 F3: said as an info); other
// hooks stay an info, which says how to start the agent. Said on every
// run alike, so a second migrate keeps what the first kept.
func (res *Conversion) warnAgentGuards(i int, written string, existing providers.Files) bool {
	guards := 0
	for k := range res.Planned.Hooks {
		if res.Planned.Hooks[k].Blocking {
			guards++
		}
	}
	if guards == 0 {
		return false
	}
	verb, name := res.agentWritten(written, existing)
	hint := fmt.Sprintf("make it the agent sessions start with (kiro-cli settings chat.defaultAgent %s), or pass your agent's file with -o to add the hooks to it instead", name)
	unrun := fmt.Sprintf("Kiro CLI runs its hooks, %d guard(s) among them, only in the sessions of that agent, not in those of its built-in default agent; migrate --remove-source keeps them in the source", guards)
	if i >= 0 {
		d := &res.Diagnostics[i]
		d.Severity, d.Message, d.Hint = diag.Warning, d.Message+": "+unrun, hint
		return true
	}
	var ds diag.List
	ds.Warnf(kiroagent.CodeNewAgent, diag.Pos{}, "", hint, "the hooks %s the Kiro CLI agent %q (kiro-cli chat --agent %s): %s", verb, name, name, unrun)
	res.Diagnostics = append(res.Diagnostics, ds.WithFile(written)...)
	return true
}

// agentWritten says how the hooks reach the agent file written, one the
// conversion writes or, on a rerun of migrate, which writes nothing, one
// that holds them already, and the agent's name.
func (res *Conversion) agentWritten(written string, existing providers.Files) (verb, name string) {
	src, ok := res.Files[written]
	verb = "are merged into"
	if !ok {
		src, verb = existing[written], "are already in"
	}
	return verb, kiroagent.AgentName(written, src)
}

// shadows reports whether p is one of the target's files whose presence
// may make it skip the hooks of its default file (shadowed_by).
func shadows(prov vocab.Provider, p string) bool {
	return p != "" && slices.ContainsFunc(prov.ShadowedBy, func(pattern string) bool { return matchesConfigPath(filepath.ToSlash(p), pattern) })
}

// warnBeside reports HC415: file holds hooks the target runs beside the
// converted ones, written to written.
func (res *Conversion) warnBeside(file string, hooks int, written, to string) {
	prov, _ := vocab.Default().Provider(to)
	var ds diag.List
	ds.Warnf(CodeHooksBeside, diag.Pos{}, "", "move them into "+written+", or remove them if the converted hooks replace them",
		"%s also holds %d hook handler(s), which %s runs beside the converted ones in %s; they were left as they were", file, hooks, prov.Name, written)
	res.Diagnostics = append(res.Diagnostics, ds.WithFile(file)...)
}

// plan plans what the target can hold of the source (res.Decoded,
// res.Planned). It returns the target's adapter, or false when the
// source or the target cannot be used.
func (res *Conversion) plan(s *Source, to string) (providers.Adapter, bool) {
	dst, ok := providers.Get(to)
	if !ok {
		res.Diagnostics.Errorf(CodeUnknownProvider, diag.Pos{}, "", "known: "+strings.Join(providers.Slugs(), ", "), "no adapter for %q", to)
		return nil, false
	}
	if s == nil || s.Manifest == nil && !s.Diagnostics.HasErrors() {
		// A programming error, but a caller's Source may come from
		// anywhere (QA F10: a nil-dereference panic): said as an error.
		res.Diagnostics.Errorf(CodeNothingDecoded, diag.Pos{}, "", "make the Source with DecodeSource",
			"the Source holds no decoded hooks: it is nil, or its Manifest is nil with no error in its Diagnostics saying why")
		return nil, false
	}
	decoded, notes := s.decoded()
	if decoded != nil && !s.convertedOnce {
		// This conversion's own list of hooks (QA F7): a caller changing
		// a hook of one result's Decoded changes neither the Source nor
		// another conversion. One copy of the list, not of each hook's
		// maps and slices, which stay shared (Conversion.Decoded). A
		// Source converted once (ConvertOnce) needs none.
		own := *decoded
		own.Hooks = slices.Clone(decoded.Hooks)
		decoded = &own
	}
	// A copy: the stages below fill in file names on their own list.
	res.Diagnostics = append(diag.List(nil), s.Diagnostics...)
	res.Diagnostics = append(res.Diagnostics, notes...)
	res.Decoded = decoded
	if res.Diagnostics.HasErrors() {
		return nil, false
	}
	from, m, planned := s.From, decoded, decoded
	s.Scripts.Expect(len(m.Hooks))
	if to != "canonical" {
		names, caps := vocab.Default(), capabilities.Default()
		// A source's pattern the target cannot use as written is read as
		// the tools it selected there, before the plan says what the
		// target holds of them.
		read, rds := sourcePatterns(m, from, to, dst)
		res.Diagnostics = append(res.Diagnostics, rds...)
		read, fds := foreignFields(read, to)
		res.Diagnostics = append(res.Diagnostics, fds...)
		if from != to {
			// A notifier its decoder marked blocking by its event alone
			// loses no guard anywhere (QA F12).
			read = withNeverBlocking(read)
		}
		var pds diag.List
		planned, pds = capabilities.PlanAnswering(read, from, to, names, caps, mayFail, standInDeny)
		if from == to {
			pds = withoutStructuredNotes(pds)
		}
		res.Diagnostics = append(res.Diagnostics, pds...)
		if planned != m {
			res.Diagnostics = append(res.Diagnostics, firesFor(planned, from, to)...)
		}
		res.Diagnostics = append(res.Diagnostics, lossyEvents(planned, from, to)...)
		res.Diagnostics = append(res.Diagnostics, unwatchedFiles(planned, from, to)...)
		res.Diagnostics = append(res.Diagnostics, foreignNotes(planned, m, from, to)...)
		res.Diagnostics = append(res.Diagnostics, clampTimeouts(planned, to)...)
		var jds diag.List
		planned, jds = jsPatterns(planned, from, to)
		res.Diagnostics = append(res.Diagnostics, jds...)
		res.Diagnostics = append(res.Diagnostics, switchedOffScripts(planned, from, to, s.Scripts)...)
		if from != to {
			res.Diagnostics = append(res.Diagnostics, widenedSiblings(planned, from, to)...)
			res.Diagnostics = append(res.Diagnostics, mcpNamesHolding(planned, from)...)
			res.Diagnostics = append(res.Diagnostics, builtinsNotCovered(planned, from, to)...)
			res.Diagnostics = append(res.Diagnostics, rewriteProjectDir(planned, to, s.repoPlace())...)
			res.Diagnostics = append(res.Diagnostics, anchorRelativePrograms(planned, m, from, to, s.Scripts)...)
			res.Diagnostics = append(res.Diagnostics, assumedTopLevel(planned, m, s.repoPlace())...)
			res.Diagnostics = append(res.Diagnostics, windowsShellMoved(planned, m, from, to)...)
			if ds, about := posixOnWindows(planned, m, from, to); len(ds) > 0 {
				res.sayAbout(ds, [][]int{about})
			}
			if ds, about := nowhereOnWindows(planned, to); len(ds) > 0 {
				res.sayAbout(ds, [][]int{about})
			}
			// The plan is final here: the checks below only read it, and
			// are put off (the stages after copy what they change).
			planned := planned
			res.putOff(func(notes *Conversion) {
				notes.Diagnostics = append(notes.Diagnostics, pluginOnlyVars(planned, to)...)
				notes.Diagnostics = append(notes.Diagnostics, toolOnlyVars(planned, from, to, s.Scripts)...)
				if len(m.Hooks) > 0 { // no hooks, nothing to run twice (QA)
					notes.Diagnostics = append(notes.Diagnostics, doubleRun(s.Files, from, to, switchedOffFiles(m, from, s.Files))...)
				}
			})
		} else if s.Scripts != nil && s.Scripts.PluginFolder {
			// A Cursor plugin's hooks written to the project's own
			// .cursor/hooks.json run from the project's root, not the
			// plugin's folder their paths start at (QA y2 F1).
			res.Diagnostics = append(res.Diagnostics, anchorRelativePrograms(planned, m, from, to, s.Scripts)...)
		}
	}
	// hookconv's own programs (OpenCode's plugin, Cline's scripts) hold
	// manifest hooks, which speak the canonical contract already.
	if source, _ := vocab.Default().Provider(from); to == "canonical" && from != "canonical" && !source.Generated {
		planned = withSourceMarks(m, from, nil)
	} else if c, ok := hookrun.Default().Contract(to); ok && c.SourceAnswers && from != "canonical" && !source.Generated {
		// The program hookconv generates for the target runs each hook
		// as hookconv run --from runs it for the tool it was written
		// for (OpenCode's plugin): it must know that tool, by the marks
		// its manifest keeps for the next conversion too.
		planned = withSourceMarks(planned, from, nil)
	} else if to == cline.Slug && from != "canonical" && !source.Generated {
		// Cline's scripts read a hook as the tool it was written for
		// does where run --from reads it otherwise than the canonical
		// contract (its plain-text context, its exits, its stops): they
		// must know that tool, and keep it in their manifest for the
		// next conversion (cline.ReadsAsSource).
		planned = withSourceMarks(planned, from, func(h *canonical.Hook) bool { return cline.ReadsAsSource(h, from) })
	}
	res.Planned = planned
	return dst, true
}

// sourceMark is the provider_data mark that says a manifest hook was read
// from that tool's config (capabilities' decoder marks).
const sourceMark = `"$from":true`

// hasMark reports whether a decoder's compact provider_data for its own
// tool holds one of its marks ($matcher, $event): a "$" key, as native
// fields never are. A key follows { or , and a string value holds no
// bare quote, so the bytes tell without decoding (capabilities'
// DecodedFrom decodes, which a large config would pay for every hook).
func hasMark(raw json.RawMessage) bool {
	return bytes.Contains(raw, []byte(`{"$`)) || bytes.Contains(raw, []byte(`,"$`))
}

// onlySourceMark is the provider_data of a hook with nothing else there.
var onlySourceMark = json.RawMessage("{" + sourceMark + "}")

// withSourceMarks returns m, or a copy of it, in which every command hook
// says which tool it was read from: a mark in its provider_data for from,
// unless its decoder left one there already ($matcher, $event). A command
// written for one tool speaks that tool's contract — it reads that tool's
// payload, and denies by its exit codes and JSON answers — and a manifest
// hook without a mark is taken to speak the canonical one. Converting the
// manifest on then checks the hook against the tool it was written for,
// as converting the source straight to the target does (HC209, HC419,
// HC425); without the mark, going through a manifest lost every such
// warning. only, when not nil, picks the command hooks to mark.
func withSourceMarks(m *canonical.Manifest, from string, only func(*canonical.Hook) bool) *canonical.Manifest {
	var out *canonical.Manifest
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || hasMark(h.ProviderData[from]) || only != nil && !only(h) {
			continue
		}
		if out == nil {
			copied := *m
			copied.Hooks = slices.Clone(m.Hooks)
			out = &copied
		}
		marked := &out.Hooks[i]
		data := maps.Clone(marked.ProviderData)
		if data == nil {
			data = map[string]json.RawMessage{}
		}
		raw := bytes.TrimSpace(data[from])
		if len(raw) < 2 || raw[0] != '{' || string(raw) == "{}" {
			data[from] = onlySourceMark // shared: provider_data is never written to
		} else {
			data[from] = append([]byte("{"+sourceMark+","), raw[1:]...)
		}
		marked.ProviderData = data
	}
	if out == nil {
		return m
	}
	return out
}

// pointAtFiles points every diagnostic about a hook at the file it came
// from: the source's, or (a hook of the target's own, merged in by
// migrate, numbered past the source's) the target file of planned.
func (res *Conversion) pointAtFiles(planned *canonical.Manifest) {
	for i := range res.Diagnostics {
		if d := &res.Diagnostics[i]; d.File == "" {
			d.File = fileOf(res.Decoded, d.Path)
			if d.File == "" {
				d.File = ownFileOf(planned, d.Path)
			}
		}
	}
}

// encode runs the last stages: render planned with the target's adapter,
// merging into existing, refuse paths outside the project, and verify.
// res.Files is set only when none of them reported an error.
func (res *Conversion) encode(dst providers.Adapter, planned *canonical.Manifest, existing providers.Files, to string) {
	files, eds := dst.Encode(planned, existing)
	res.Diagnostics = append(res.Diagnostics, eds...)
	res.Diagnostics = append(res.Diagnostics, unsafePaths(files, existing)...)
	if !res.Diagnostics.HasErrors() {
		res.Diagnostics = append(res.Diagnostics, tooLargeToReadBack(files, to)...)
	}
	if !res.Diagnostics.HasErrors() {
		res.Diagnostics = append(res.Diagnostics, asRead(verify(dst, planned, files, eds, to), files, existing, dst)...)
	}
	res.pointAtFiles(planned)
	if !res.Diagnostics.HasErrors() {
		res.Files = files
	}
}

// tooLargeToReadBack refuses (HC102) output files larger than hookconv
// reads (canonical.MaxFileSize): verify could not read them back, and
// nor could a later validate, convert from them or migrate into them, so
// writing them would leave a config hookconv refuses. Said plainly, not
// as the internal error (HC900) verify's failed decoding would be (QA):
// the plan is sound, it is only too large for one file.
func tooLargeToReadBack(files providers.Files, to string) diag.List {
	var ds diag.List
	for _, p := range files.Paths() {
		if n := len(files[p]); n > canonical.MaxFileSize {
			var d diag.List
			d.Errorf(canonical.CodeTooLarge, diag.Pos{}, "", "split the hooks into smaller configs (by event, or by project) and convert each",
				"the %s output would be %.1f MiB, larger than the %d MiB hookconv reads back: it could not check it, nor read it later; nothing is written",
				to, float64(n)/(1<<20), canonical.MaxFileSize>>20)
			ds = append(ds, d.WithFile(p)...)
		}
	}
	return ds
}

// unsafePaths refuses output files that would land outside the project:
// adapters that name files after hooks (Kiro, Cline) slug the names, and
// this is the pipeline's guard should one of them miss a case. A file the
// caller named (in existing) may be anywhere.
func unsafePaths(files, existing providers.Files) diag.List {
	var ds diag.List
	for _, p := range files.Paths() {
		if _, named := existing[p]; named {
			continue
		}
		if !filepath.IsLocal(filepath.FromSlash(p)) || strings.ContainsRune(p, 0) {
			ds.Errorf(CodeUnsafePath, diag.Pos{}, "", "please report this as a hookconv bug; nothing was written",
				"internal error: the output names a file outside the project: %q", p)
		}
	}
	return ds
}

// sortDiagnostics orders a result's diagnostics by file and position, so
// they read top to bottom with the source.
func (c *Conversion) sortDiagnostics() { c.Diagnostics.Sort() }

// withoutStructuredNotes drops the notes about structured output inferred
// from "blocking" (which decoders set wherever exit 2 blocks), where they
// say nothing: for a tool's config written back to the same tool (a hook
// read from it cannot have relied on JSON decisions the tool does not
// have), and under --shim (hookconv run turns a deny into what the target
// blocks on).
func withoutStructuredNotes(ds diag.List) diag.List {
	out := ds[:0]
	for _, d := range ds {
		if !structuredNote(d) {
			out = append(out, d)
		}
	}
	return out
}

// structuredNote reports whether d is a note about structured output
// inferred from "blocking" (withoutStructuredNotes).
func structuredNote(d diag.Diagnostic) bool {
	return (d.Code == capabilities.CodeCapabilityReduced || d.Code == capabilities.CodeCapabilityPartial) && strings.HasSuffix(d.Path, ".blocking")
}

// foreignNotes says what of other tools' native fields the target will not
// get, and warns about pattern matchers moving between tools.
func foreignNotes(m, decoded *canonical.Manifest, from, to string) diag.List {
	target, _ := vocab.Default().Provider(to)
	carries := func(slug, key string) bool { return false }
	var writer providers.OwnKeyWriter
	var groups providers.GroupKeyWriter
	if a, ok := providers.Get(to); ok {
		if c, ok := a.(providers.KeyCarrier); ok {
			carries = c.CarriesKey
		}
		writer, _ = a.(providers.OwnKeyWriter)
		groups, _ = a.(providers.GroupKeyWriter)
	}
	// In chunks at once, each with its own foreignRead: one core read a
	// large config's every hook here while the other idled.
	return parallel.EachWith(len(m.Hooks), func(st *foreignRead, ds *diag.List, i int) {
		h := &m.Hooks[i]
		var buf [4]string // most hooks carry one provider's data, or none
		slugs := buf[:0]
		for slug := range h.ProviderData {
			slugs = append(slugs, slug)
		}
		slices.Sort(slugs)
		for _, slug := range slugs {
			if slug == to && from == to {
				continue
			}
			data, ok := st.parsed[string(h.ProviderData[slug])]
			if !ok {
				data = providers.OwnData(h, slug)
				if st.parsed == nil {
					st.parsed = map[string]*node.Node{}
				}
				st.parsed[string(h.ProviderData[slug])] = data
			}
			if !st.sourceRead || slug != st.sourceSlug {
				st.source, _ = vocab.Default().Provider(slug)
				st.sourceSlug, st.sourceRead = slug, true
			}
			source := &st.source
			if slug == to {
				// Back to its own tool through a manifest: its fields are
				// written again, but a setting outside "hooks" that turned
				// it off is not (hookconv writes only "hooks").
				if v := data.Get("$disabled"); v != nil && v.Kind == node.String {
					ds.Warnf(CodeDisabledHook, h.PosOf(""), hookPath(h, i),
						"add the setting to the converted file, or delete the hook, if it should stay off",
						"%s was turned off in %s (%s), a setting outside \"hooks\" that is not written back: it will run", h.DisplayName(i), source.Name, v.Text)
				}
				*ds = append(*ds, ownDataNotes(h, i, *source, data, writer)...)
				*ds = append(*ds, groupKeyNotes(h, i, *source, data, groups)...)
				continue
			}
			for _, k := range source.DeferralKeys {
				key, when, _ := strings.Cut(k, "=")
				if v := data.Get(key); v != nil && v.Kind == node.Bool && v.Bool {
					ds.Warnf(CodeDeferred, h.PosOf(""), hookPath(h, i),
						"if the hook should see the whole turn, run it on a stop event instead and read the transcript",
						"%s: in %s it runs %s (%q: true), which %s cannot say: it now runs after each matching call, given that call alone",
						h.DisplayName(i), source.Name, when, key, to)
				}
			}
			if values, event, ok := editorOnly(slug, data); ok {
				ds.Warnf(CodeEditorOnly, h.PosOf(""), hookPath(h, i),
					"drop the converted hook if it was meant for the editor only",
					"%s: in %s it runs only for the editor's own actions (%s matcher %q), which %s does not have: it now runs for the agent's own tool calls",
					h.DisplayName(i), source.Name, event, values, to)
			}
			filter := func(f node.Field) bool {
				if !slices.Contains(source.FilterKeys, f.Key) && f.Key != "$commandFilter" {
					return false
				}
				what := fmt.Sprintf("filter %q: %s", strings.TrimPrefix(f.Key, "$"), node.AppendCompact(nil, f.Value))
				if ev := data.Get("$event"); f.Key == "$commandFilter" && ev != nil && ev.Kind == node.String {
					// The matcher of a split event (Cursor's
					// beforeShellExecution: the command line), as the
					// user wrote it.
					what = fmt.Sprintf("matcher %s on %s", node.AppendCompact(nil, f.Value), ev.Text)
				}
				ds.Warnf(CodeForeignFilter, h.PosOf(""), hookPath(h, i), "filter inside the hook script if it matters",
					"%s: its %s %s cannot be expressed for %s; the hook now runs for every matching tool call",
					h.DisplayName(i), slug, what, to)
				return true
			}
			// An exec form runs no shell at all, and an http handler no
			// command: "shell" is ignored there.
			if v := data.Get(source.ShellKey); source.ShellKey != "" && target.ShellKey == "" && v != nil && v.Kind == node.String && strings.EqualFold(v.Text, "powershell") &&
				ranCommand(decoded, h, i) && data.Get("$exec") == nil {
				// Claude Code's and Qwen Code's "shell" picks the program
				// that runs the command; no canonical field says it, and
				// only tools with a shell key of their own carry it.
				ds.Warnf(CodePowerShell, h.PosOf(""), fmt.Sprintf("hooks[%d].provider_data.%s.shell", h.SourceIndex(i), slug),
					"run it through PowerShell explicitly (pwsh -NoProfile -File script.ps1), or rewrite the command for sh",
					"%s: its command is PowerShell (%s's \"shell\": %q), but %s, where it fails: a syntax error (exit 2 in sh and bash, with a message) blocks every call where exit 2 blocks, and any other failure lets every call through",
					h.DisplayName(i), source.Name, v.Text, runsPowerShellWhere(target))
			}
			if v := data.Get("$disabled"); v != nil && v.Kind == node.String {
				ds.Warnf(CodeDisabledHook, h.PosOf(""), hookPath(h, i),
					"delete the hook before converting, or remove it from the converted config, if it should stay off",
					"%s is turned off in %s (%s), but it is converted enabled: it will run in %s", h.DisplayName(i), source.Name, v.Text, to)
			}
			if data.Get("$neverRuns") != nil {
				// A handler of a type its tool parses but never runs (HC321:
				// Codex's and Factory Droid's prompt and agent hooks) was no
				// guard there; converted, it becomes a live one (QA q2 F9).
				ds.Warnf(CodeDisabledHook, h.PosOf(""), hookPath(h, i),
					"delete the hook before converting, or remove it from the converted config, if it should stay off",
					"%s never ran in %s, which does not run %s handlers, but it is converted: it will run in %s", h.DisplayName(i), source.Name, h.Handler.Type, to)
			}
			if key := source.DisabledKey; key != "" && !carries(slug, key) {
				if v := data.Get(key); v != nil && v.Kind == node.Bool && !v.Bool {
					ds.Warnf(CodeDisabledHook, h.PosOf(""), fmt.Sprintf("hooks[%d].provider_data.%s.%s", h.SourceIndex(i), slug, key),
						"delete the hook before converting, or remove it from the converted config, if it should stay off",
						"%s is disabled in %s (%q: false), but it is converted enabled: it will run in %s", h.DisplayName(i), source.Name, key, to)
				}
			}
			if onlyMarks(data) {
				continue // most hooks: layout marks alone, not sorted to find nothing
			}
			var names []string
			for _, f := range membersByName(data) {
				if f.Key == "$group" {
					if f.Value.Kind == node.Object {
						for _, g := range membersByName(f.Value) {
							if !filter(g) && !carries(slug, "group "+g.Key) {
								names = append(names, "group "+g.Key)
							}
						}
					}
					continue
				}
				if f.Key == "$commandFilter" {
					filter(f)
					continue
				}
				if strings.HasPrefix(f.Key, "$") {
					continue // layout bookkeeping; the encoder says what matters
				}
				if f.Key == source.ShellKey && target.ShellKey != "" {
					continue // carried: the target names the shell too
				}
				if !filter(f) && !carries(slug, f.Key) {
					names = append(names, f.Key)
				}
			}
			sort.Strings(names)
			if len(names) > 0 {
				ds.Infof(CodeForeignData, h.PosOf(""), fmt.Sprintf("hooks[%d].provider_data.%s", h.SourceIndex(i), slug), "",
					"%s: %s-only fields not rendered for %s: %s", h.DisplayName(i), slug, to, strings.Join(names, ", "))
			}
		}
		if ev, _ := vocab.Default().Event(h.Event); from == to || ev.Subject != "tool" || !st.takesToolMatcher(to, h.Event) {
			return
		}
		// A pattern the target's JavaScript cannot read: HC438 says more.
		if hasPattern(h.Matcher) && !jsUnreadable(h.Matcher, from, to) {
			hint := "use canonical tool names where you can"
			tool := serverlessMCP(h.Matcher, from)
			if tool != "" {
				// Cursor's MCP:<tool> names no server, so it cannot become
				// an mcp matcher by itself; the author can say which.
				hint = fmt.Sprintf(`%q names an MCP tool without its server, which %s's names need: write the matcher as {"mcp": {"server": "<server>", "tool": %q}} in a manifest and convert that`, tool, to, strings.TrimPrefix(tool, mcpPrefix(from)))
			}
			msg := fmt.Sprintf("a regular-expression matcher is passed to %s %s; check that it names %s's tools", to, patternPassed(h.Matcher, from, to), to)
			names, theirs := namesNoTool(h.Matcher, from, to)
			found, fires, fired, known, whole := namesFound(h.Matcher, from, to)
			switch {
			case len(names) > 0:
				// A list of plain names none of which the target has
				// (Gemini's write_file|edit_file|replace to Claude).
				msg = fmt.Sprintf("its matcher %s, passed to %s unchanged, names none of %s's own tools, so the hook does not fire for them there (at most for an MCP tool whose name holds one of these)", strings.Join(names, "|"), to, to)
				if len(theirs) > 0 {
					hint = fmt.Sprintf("name %s's tools instead (%s), or use canonical tool names in a manifest", to, strings.Join(theirs, "|"))
				}
			case len(found) > 0:
				// Names none of the target's tools has, which it still
				// finds in some of their names (Cursor's "Edi", written
				// "(Edi)" for Codex: apply_patch, by its alias Edit).
				msg = foundNamesText(found, fires, fired, known, whole, from, to)
				hint = fmt.Sprintf("check that the hook is meant to run for %s; if not, name the tools it is meant for", andList(fires))
			case patternsNameNone(h.Matcher, to, spelledAsClaude(h, to)):
				// A pattern that matches none of the target's tools
				// (Kiro's "x*" as ^x.*$ to Claude): said as such, not as
				// one that may name them.
				msg = fmt.Sprintf("its matcher %s, passed to %s %s, matches none of %s's own tools, so the hook does not fire for them there (at most for MCP tools whose names it matches)", patternTexts(h.Matcher), to, patternPassed(h.Matcher, from, to), to)
			}
			if alt, spelling, all := foreignMCPPattern(h.Matcher, from, to); alt != "" {
				// Another tool's MCP spelling (Claude's mcp__.*) names none
				// of the target's MCP tools: that part never matches there.
				msg = fmt.Sprintf("its matcher %q is %s's spelling of MCP tools, passed to %s unchanged; %s spells them %s, so it matches none of them there and the hook never fires", alt, from, to, to, spelling)
				if !all {
					msg = fmt.Sprintf("part of its matcher, %q, is %s's spelling of MCP tools, passed to %s unchanged; %s spells them %s, so that part matches none of them there; check that the rest names %s's tools", alt, from, to, to, spelling, to)
				}
				if tool == "" {
					hint = fmt.Sprintf(`spell the pattern for %s, or write {"mcp": {"server": "<server>"}} in a manifest and convert that`, to)
				}
			}
			if alt := targetMCPPattern(h.Matcher, from, to); alt != "" {
				// The reverse: the target's MCP spelling, which the
				// source's tools never have. Passed on, it starts to fire.
				msg = fmt.Sprintf("its matcher %q is %s's spelling of MCP tools, which none of %s's tools has in its name, so that part never fired there; passed to %s unchanged, it fires for %s's MCP tools", alt, to, from, to, to)
				hint = "check that the hook is meant to run for MCP tools, or leave that part out"
			}
			if h.Matcher == (canonical.Pattern{Regex: providers.EmptyNameOnly}) {
				// A native list of only separators ("|"): every name in it
				// is empty, and no tool's is. Said as such, not as a
				// pattern that may or may not name the target's tools.
				msg = fmt.Sprintf("its matcher names no tool (only separators, so only the empty name, which no tool has): the hook never fired in %s, and it does not fire in %s either", from, to)
				hint = "name the tools the hook is meant for, or remove it"
			}
			if slug, native, why, modifiers := exactFallback(h); slug != "" {
				// Read by the source's fallback as one exact name: said as
				// that, not as a pattern passed on unchanged, which it was
				// not (QA q3 F8: "(?i:RUN_SHELL_COMMAND)" was said to pass
				// unchanged beside its rewritten spelling).
				msg, hint = exactFallbackText(h, slug, native, why, modifiers, to, msg, hint)
			}
			ds.Warnf(CodeNotPortable, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)), hint, "%s: %s", h.DisplayName(i), msg)
		}
		// A source tool's name hookconv has no canonical tool for
		// (Claude's NotebookEdit): the manifest validator's HC164, for
		// names that came from a tool's own config.
		if lits := literalNames(nil, h.Matcher); from != "canonical" && len(lits) > 0 {
			// A name the source has no tool by (Claude's lowercase bash
			// never matches there) may be a tool of the target's that the
			// rest of the matcher does not already select: the hook that
			// never fired for it starts firing. Said instead of the usual
			// note, which would be true and misleading.
			var usual []string
			for _, lit := range lits {
				name, _ := strconv.Unquote(lit)
				theirs, isTheirs := vocab.Default().DecodeTool(to, name)
				_, isOurs := vocab.Default().DecodeTool(from, name)
				if !isTheirs || isOurs || matcherHas(h.Matcher, theirs.Tool) {
					usual = append(usual, lit)
					continue
				}
				ds.Warnf(CodeNotPortable, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)), "check that the hook is meant to run for it, or leave it out",
					"%s: %s has no tool named %s, so the hook never fired for it there; %s has one, and the hook fires for it now", h.DisplayName(i), from, lit, to)
			}
			if len(usual) > 0 {
				ds.Warnf(CodeNotPortable, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)), "write the name "+to+" gives that tool, or leave it out",
					"%s: %s has no canonical tool for %s; passed to %s as written, where it matches only a tool of that exact name", h.DisplayName(i), from, strings.Join(usual, ", "), to)
			}
		}
	})
}

// foreignRead is what foreignNotes remembers from one hook for the next
// of its chunk.
type foreignRead struct {
	// parsed holds each distinct provider_data value read: the hooks of
	// a large config carry the same few (a group's layout marks).
	parsed map[string]*node.Node
	// source is the providers-table row of the last slug read, kept: a
	// row is ~800 bytes, copied out for each hook, and a large config's
	// hooks carry the same tool's data.
	source     vocab.Provider
	sourceSlug string
	sourceRead bool
	// takes is takesToolMatcher's answer for the event of the last hook
	// asked about, kept while the hooks that follow share it.
	takes struct {
		event        string
		known, takes bool
	}
}

// takesToolMatcher is takesToolMatcher(to, event), remembered for the
// next hook (to is the same for every hook of a conversion).
func (st *foreignRead) takesToolMatcher(to, event string) bool {
	if t := &st.takes; !t.known || t.event != event {
		t.event, t.known, t.takes = event, true, takesToolMatcher(to, event)
	}
	return st.takes.takes
}

// patternPassed says how a pattern reaches the target: as written, or
// rewritten for a tool that tests JavaScript regexes (js_regex), matches
// whole names or globs (anchored_patterns, glob_matchers), keeping what
// it selects.
func patternPassed(m canonical.Matcher, from, to string) string {
	how := passedAnchored(m, from, to)
	if js := jsRewritten(m, from, to); js != "" {
		// RE2 syntax JavaScript lacks, rewritten ((?i) as letter classes).
		spelled := fmt.Sprintf("rewritten in JavaScript's syntax (%q)", js)
		if strings.HasPrefix(how, "unchanged") {
			return spelled
		}
		return spelled + " and " + how
	}
	return how
}

// passedAnchored says how patternPassed's patterns are written for a tool
// that matches whole names or globs.
func passedAnchored(m canonical.Matcher, from, to string) string {
	rewritten := false
	providers.MapPatterns(m, func(re string) string { rewritten = true; return re }) // plain names are never rewritten
	if !rewritten {
		return "unchanged"
	}
	names := vocab.Default()
	src, _ := names.Provider(from)
	dst, _ := names.Provider(to)
	switch {
	case dst.GlobMatchers:
		return "as the nearest glob"
	case dst.AnchoredPatterns && !src.AnchoredPatterns:
		opened := false
		providers.MapPatterns(m, func(re string) string { opened = opened || providers.ToWholeName(re) != re; return re })
		if !opened {
			return "unchanged (anchored at both ends, it means the same there)"
		}
		return "with open ends (.*), as " + to + " matches it against the whole tool name"
	case src.AnchoredPatterns && !dst.AnchoredPatterns:
		return "anchored (^…$), as " + from + " matched it against the whole tool name"
	}
	return "unchanged"
}

// matcherHas reports whether m names the canonical tool.
func matcherHas(m canonical.Matcher, tool string) bool {
	switch m := m.(type) {
	case canonical.ToolName:
		return string(m) == tool
	case canonical.AnyOf:
		return slices.ContainsFunc(m, func(x canonical.Matcher) bool { return matcherHas(x, tool) })
	}
	return false
}

// literalNames appends the matcher's bare names that are no canonical
// tool, quoted.
func literalNames(out []string, m canonical.Matcher) []string {
	switch m := m.(type) {
	case canonical.ToolName:
		if _, ok := vocab.Default().Tool(string(m)); !ok {
			out = append(out, strconv.Quote(string(m)))
		}
	case canonical.AnyOf:
		for _, x := range m {
			out = literalNames(out, x)
		}
	}
	return out
}

// editorOnly reports a hook whose source event's matcher names only the
// editor's own actions (Cursor's beforeReadFile matcher "TabRead": the
// events table's editor_values), not the agent's tools. It returns the
// matcher and the native event.
func editorOnly(slug string, data *node.Node) (matcher, event string, ok bool) {
	ev, m := data.Get("$event"), data.Get("$matcher")
	if ev == nil || m == nil || ev.Kind != node.String || m.Kind != node.String {
		return "", "", false
	}
	for _, row := range vocab.Default().DecodeEvent(slug, ev.Text) {
		if len(row.EditorValues) == 0 {
			continue
		}
		for _, v := range strings.Split(m.Text, "|") {
			if !slices.Contains(row.EditorValues, strings.TrimSpace(v)) {
				return "", "", false
			}
		}
		return m.Text, ev.Text, true
	}
	return "", "", false
}

// mcpNamesHolding reports HC310 for each hook whose source tool found a
// plain name of its matcher anywhere in a tool's name (names_anywhere:
// Gemini CLI's "file", tested as new RegExp("file").test(name)). The
// decoder read such a name as the built-in tools whose names hold it
// (read_file, write_file); the MCP tools whose names may hold it too
// (mcp_filesystem_write_file), which hookconv cannot list, are not
// carried over, so the converted hook fires for fewer tools (QA: said
// nothing). HC310 makes migrate --remove-source keep the source hook.
func mcpNamesHolding(m *canonical.Manifest, from string) diag.List {
	names := vocab.Default()
	src, _ := names.Provider(from)
	if !src.NamesAnywhere {
		return nil
	}
	var ds diag.List
	var memo providers.DataMemo
	for i := range m.Hooks {
		h := &m.Hooks[i]
		native, ok := sourceMatcher(h, from, &memo)
		if !ok {
			continue
		}
		text := strings.TrimSpace(native)
		parts, ok := providers.SplitAlternation(text)
		if !ok {
			continue
		}
		whole := providers.GroupAnchored(text)
		var held []string
		for _, p := range parts {
			if whole {
				p = "^" + p + "$"
			}
			if _, ok := providers.ToolsHolding(names, src, p); ok {
				held = append(held, strconv.Quote(p))
			}
		}
		if len(held) == 0 {
			continue
		}
		ds.Warnf(nested.CodeLostMatcher, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)),
			"name the MCP tools too (mcp_<server>_<tool>), or keep the hook in "+src.Name,
			"%s: %s finds %s anywhere in a tool's name, MCP tools' too; it is carried as the built-in tools whose names hold it, and the MCP tools that match it there are not covered",
			h.DisplayName(i), src.Name, strings.Join(held, ", "))
	}
	return ds
}

// builtinsNotCovered reports HC310 for each hook whose source matcher
// selected every tool that is not an MCP tool (the providers row's
// builtin_matcher: Kiro CLI's "@builtin"). The decoder read it as every
// native tool the tools table knows the source by; the target's tools
// that are none of their counterparts (Claude Code's Grep, WebFetch) are
// not covered, so the converted guard fires for fewer of its built-in
// tools than it did at home. HC310 makes migrate --remove-source keep
// the source hook. A manifest converted from such a tool is read so too:
// its hooks keep the source's matcher in their provider_data.
func builtinsNotCovered(m *canonical.Manifest, from, to string) diag.List {
	names := vocab.Default()
	var sources []string
	for _, slug := range names.SortedSlugs() {
		if p, _ := names.Provider(slug); p.BuiltinMatcher != "" && slug != to && (slug == from || from == "canonical") {
			sources = append(sources, slug)
		}
	}
	if len(sources) == 0 {
		return nil
	}
	var ds diag.List
	var memo providers.DataMemo
	for i := range m.Hooks {
		h := &m.Hooks[i]
		var native string
		k := slices.IndexFunc(sources, func(slug string) bool {
			text, ok := sourceMatcher(h, slug, &memo)
			native = strings.TrimSpace(text)
			src, _ := names.Provider(slug)
			return ok && (native == src.BuiltinMatcher || src.GlobMatchers && strings.ContainsAny(native, "*?") && selectsEveryBuiltin(h.Matcher, slug))
		})
		if k < 0 {
			continue
		}
		from := sources[k]
		src, _ := names.Provider(from)
		lead := "%s: %s's matcher %q selects every tool that is not an MCP tool; it is carried as the built-in tools hookconv knows there (%s)"
		if native != src.BuiltinMatcher {
			// A glob such as [!@]* selects what @builtin does; one such as
			// [ef]* every built-in hookconv knows and maybe more (QA).
			lead = "%s: %s's matcher %q selects every built-in tool hookconv knows there (%s) and may select others it does not know"
		}
		var covered, missed, known []string
		for _, t := range toolNames(h.Matcher) {
			for _, n := range names.EncodeTools(to, t) {
				covered = append(covered, n.Name)
			}
		}
		for _, n := range names.ToolsOf(to) {
			if !n.Alias && !slices.Contains(covered, n.Name) && !slices.Contains(missed, n.Name) {
				missed = append(missed, n.Name)
			}
		}
		tail, lost := "; %s's %s, which are none of them, are not covered", andList(missed)
		if len(missed) == 0 {
			// Every tool the table knows the target by is covered, but the
			// table lists the tools hookconv maps, not every built-in the
			// target has (Claude Code's NotebookEdit), and the source's
			// matcher selected those too. Only a target whose hooked tools
			// the table lists all of (Codex: tools_listed), or chooses by
			// event (Windsurf), or does not choose (VS Code, which fires
			// the hook for every tool), loses none.
			if dst, _ := names.Provider(to); dst.ToolsListed || !takesToolMatcher(to, h.Event) || slices.ContainsFunc(names.ToolsOf(to), func(n vocab.NativeTool) bool { return n.Event != "" }) {
				continue
			}
			tail, lost = "; they cover every tool hookconv knows %s by, but %s's built-in tools that hookconv does not know are not covered", to
		}
		for _, n := range names.ToolsOf(from) {
			if !n.Alias && !slices.Contains(known, n.Name) {
				known = append(known, n.Name)
			}
		}
		ds.Warnf(nested.CodeLostMatcher, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)),
			"add "+to+"'s other tools to the matcher if the guard is meant for them too, or keep the hook in "+from,
			lead+tail, h.DisplayName(i), from, native, andList(known), to, lost)
	}
	return ds
}

// takesToolMatcher reports whether the target writes a tool matcher on
// the event: where it does not (VS Code ignores matchers), the encoder
// says the hook fires for every tool (HC344), and what the matcher's
// names would select there is moot (QA: HC402 said a name "matches only
// a tool of that exact name" beside HC344's "fires for every tool").
func takesToolMatcher(to, event string) bool {
	rows := vocab.Default().EncodeEvent(to, event)
	return len(rows) == 0 || rows[0].Matcher == vocab.MatchTool
}

// selectsEveryBuiltin reports whether matcher m, decoded from a glob of
// slug, holds the canonical tools of every built-in tool the tools table
// knows slug by: the glob then selects what the tool's builtin_matcher
// does, as far as hookconv can tell ([!@]* is Kiro's @builtin), and may
// select built-in tools the table lacks, whose counterparts elsewhere the
// converted hook does not cover.
func selectsEveryBuiltin(m canonical.Matcher, slug string) bool {
	names := vocab.Default()
	has := toolNames(m)
	builtins := 0
	for _, row := range names.ToolsOf(slug) {
		if row.Event != "" {
			continue
		}
		tools, _ := providers.AppendTools(nil, names, slug, row.Name)
		for _, t := range toolNames(tools) {
			builtins++
			if !slices.Contains(has, t) {
				return false
			}
		}
	}
	return builtins > 0
}

// onlyPatterns returns the patterns of a matcher made of patterns alone
// (one, or a list of them); ok is false for any other matcher, which
// names a tool or MCP tools the target may have.
func onlyPatterns(m canonical.Matcher) (patterns []canonical.Pattern, ok bool) {
	switch m := m.(type) {
	case canonical.Pattern:
		return []canonical.Pattern{m}, true
	case canonical.AnyOf:
		for _, x := range m {
			p, ok := x.(canonical.Pattern)
			if !ok {
				return nil, false
			}
			patterns = append(patterns, p)
		}
		return patterns, true
	}
	return nil, false
}

// patternsNameNone reports whether a matcher made only of patterns
// matches none of the native tool names the tables know the target by
// (compared without case where the target compares so). A tool whose
// names hookconv does not know is never said to have none, and a pattern
// in the target's own spelling of MCP tools (mcp__fs.* to Codex) is
// about tools the tables cannot list. claudeNames counts Claude Code's
// names for the target's tools too: Copilot CLI matches them only for
// hooks written under Claude's event names (PreToolUse), and tests its
// camelCase events' matchers against its own names alone (reference part
// 2 §1.5; QA: ".*Edit.*" was said to mean the same there, and matched
// none of edit, create, str_replace_editor).
func patternsNameNone(m canonical.Matcher, to string, claudeNames bool) bool {
	if prefix, _, _ := strings.Cut(mcpPrefix(to), "{"); prefix != "" && slices.ContainsFunc(patternAlternatives(m), func(a string) bool {
		return strings.HasPrefix(strings.TrimPrefix(a, "^"), prefix)
	}) {
		return false
	}
	patterns, ok := onlyPatterns(m)
	if !ok {
		return false // a tool name the target may have, or no matcher
	}
	tables := vocab.Default()
	tools := tables.ToolsOf(to)
	target, _ := tables.Provider(to)
	if len(tools) == 0 {
		return false
	}
	for _, p := range patterns {
		re, err := targetPattern(p.Regex, target)
		if err != nil {
			return false
		}
		for _, t := range tools {
			// Copilot CLI also matches Claude Code's names for its tools
			// under Claude's event names: there those count too.
			if re.MatchString(t.Name) || claudeNames && slices.ContainsFunc(t.ClaudeNames, re.MatchString) {
				return false
			}
		}
	}
	return true
}

// patternTexts quotes the regexes of a matcher made of patterns, for a
// message: "^x.*$", or "^x.*$" and "^y$".
func patternTexts(m canonical.Matcher) string {
	if p, ok := m.(canonical.Pattern); ok {
		return strconv.Quote(p.Regex)
	}
	var out []string
	for _, x := range m.(canonical.AnyOf) { // patternsNameNone: only patterns
		out = append(out, patternTexts(x))
	}
	return andList(out)
}

// sourceMatcher is the matcher a hook had in its source tool, as its
// decoder marked it ("$matcher" in provider_data[from]), when it did.
// Most hooks carry none: their provider data is tested for the key's
// bytes before it is read.
func sourceMatcher(h *canonical.Hook, from string, memo *providers.DataMemo) (string, bool) {
	if !bytes.Contains(h.ProviderData[from], []byte(`"$matcher"`)) {
		return "", false
	}
	v := memo.Own(h, from).Get("$matcher")
	if v == nil || v.Kind != node.String {
		return "", false
	}
	return v.Text, true
}

// runsPowerShellWhere says where target runs a PowerShell command with a
// shell that is not PowerShell: everywhere, or, where its Windows shell is
// PowerShell (the providers table's windows_shell: Gemini CLI, Copilot
// CLI), on Linux and macOS only.
func runsPowerShellWhere(target vocab.Provider) string {
	if target.WindowsShell == "powershell" {
		return target.Slug + " runs it with PowerShell on Windows only, and with its usual shell on Linux and macOS"
	}
	return target.Slug + " runs it with its usual shell"
}

// widenedSiblings warns about a source matcher that named only some of
// the native tools that do one canonical job, and not the first of them:
// Claude's "PowerShell" reads as shell, which every target writes as all
// its shell tools, so a PowerShell-only guard would also run for Bash. (A
// lone "Bash", the primary name, is the ordinary spelling of shell.)
func widenedSiblings(m *canonical.Manifest, from, to string) diag.List {
	names := vocab.Default()
	// In chunks at once, each with its own siblingsRead.
	return parallel.EachWith(len(m.Hooks), func(st *siblingsRead, ds *diag.List, i int) {
		h := &m.Hooks[i]
		native, ok := sourceMatcher(h, from, &st.memo)
		if !ok {
			return
		}
		parts, seen := st.split[native]
		if !seen {
			var ok bool
			if parts, ok = providers.SplitAlternation(strings.TrimSpace(native)); ok {
				for j, p := range parts {
					parts[j] = strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$")
				}
			}
			if st.split == nil {
				st.split = map[string][]string{}
			}
			st.split[native] = parts
		}
		if len(parts) == 0 {
			return
		}
		var buf [4]string // most matchers name a tool or two
		for _, t := range appendToolNames(buf[:0], h.Matcher) {
			natives := names.EncodeTools(from, t)
			if len(natives) < 2 || slices.Contains(parts, natives[0].Name) {
				continue
			}
			var named []string
			for _, n := range natives[1:] {
				// A write_only row is another job's tool doing this one
				// too (Droid's ApplyPatch creates files): named, it
				// meant that job, and widening to this one is the
				// table's own choice, not a sibling the source left out.
				if slices.Contains(parts, n.Name) && !n.WriteOnly {
					named = append(named, n.Name)
				}
			}
			if len(named) == 0 {
				continue
			}
			ds.Warnf(CodeWidenedSibling, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)), "check the tool name inside the hook script if it must see only "+strings.Join(named, " and "),
				"%s: its %s matcher names %s, not %s; hookconv reads both as %s, which %s matches with all its %s tools, so the hook now also runs for the others",
				h.DisplayName(i), from, strings.Join(named, " and "), natives[0].Name, t, to, t)
		}
	})
}

// siblingsRead is what widenedSiblings remembers from one hook for the
// next of its chunk: the provider_data read, and each matcher's names,
// split once (a large config has thousands of hooks under a few
// matchers).
type siblingsRead struct {
	memo  providers.DataMemo
	split map[string][]string
}

// toolNames lists the canonical tool names of a matcher.
func toolNames(m canonical.Matcher) []string { return appendToolNames(nil, m) }

// appendToolNames appends toolNames(m) to out: into a caller's buffer
// for a check of every hook (widenedSiblings), not a list made for each.
func appendToolNames(out []string, m canonical.Matcher) []string {
	switch m := m.(type) {
	case canonical.ToolName:
		return append(out, string(m))
	case canonical.AnyOf:
		for _, x := range m {
			out = appendToolNames(out, x)
		}
	}
	return out
}

// ownDataNotes says what of hook h's provider_data for the target (prov)
// the target does not get: a key its adapter does not write (not one of
// the tool's documented keys: a hand-written "matcher" or "async" under
// claude-code), dropped (HC593; QA: silently, where Kiro's adapters said
// so); and its disabled_key set false (Kiro's "enabled": false), written
// as it is, so the hook does not run there (HC409, as every other target
// says of it).
func ownDataNotes(h *canonical.Hook, i int, prov vocab.Provider, data *node.Node, writer providers.OwnKeyWriter) diag.List {
	var ds diag.List
	if key := prov.DisabledKey; key != "" {
		if v := data.Get(key); v != nil && v.Kind == node.Bool && !v.Bool {
			what := "it does not run there"
			if h.Blocking {
				what = "its guard is off there"
			}
			ds.Warnf(CodeDisabledHook, h.KeyPosOf("provider_data."+prov.Slug+"."+key), fmt.Sprintf("hooks[%d].provider_data.%s.%s", h.SourceIndex(i), prov.Slug, key),
				fmt.Sprintf("remove %q: false if the hook should run in %s", key, prov.Name),
				"%s is written disabled in %s (provider_data.%s.%s: false): %s", h.DisplayName(i), prov.Name, prov.Slug, key, what)
		}
	}
	if writer == nil {
		return ds
	}
	for _, f := range membersByName(data) {
		if strings.HasPrefix(f.Key, "$") || strings.HasPrefix(f.Key, "_") || writer.WritesOwnKey(f.Key) {
			continue // hookconv's own marks, annotations, and what is written
		}
		ds.Warnf(CodeOwnDataUnread, h.KeyPosOf("provider_data."+prov.Slug+"."+f.Key), fmt.Sprintf("hooks[%d].provider_data.%s.%s", h.SourceIndex(i), prov.Slug, f.Key),
			"a setting with a canonical field (matcher, handler.command, handler.async, handler.timeout) is written there; remove the key, or move it",
			"%s: provider_data.%s.%s = %s is not written: %s's provider_data holds only its own documented keys that have no canonical field", h.DisplayName(i), prov.Slug, f.Key, node.AppendCompact(nil, f.Value), prov.Name)
	}
	return ds
}

// groupKeyNotes warns about each key of hook h's "$group" mark for prov
// (a nested tool's group keys besides matcher and hooks: Gemini CLI's
// "sequential") that the tool's groups do not document, such as a
// hand-edited "sequentail": the encoder writes only the documented keys,
// so the key is dropped (HC593, as for the tool's other provider_data
// keys it does not write; QA: silently, so a misspelt "sequential" left
// Gemini CLI running the group's hooks in parallel without a word).
// "matcher" and "hooks", which the encoder writes itself, are HC594
// errors of Check.
func groupKeyNotes(h *canonical.Hook, i int, prov vocab.Provider, data *node.Node, groups providers.GroupKeyWriter) diag.List {
	g := data.Get("$group")
	if g == nil || g.Kind != node.Object || groups == nil {
		return nil
	}
	var ds diag.List
	keys := groups.GroupKeys()
	for _, f := range membersByName(g) {
		if f.Key == "matcher" || f.Key == "hooks" || strings.HasPrefix(f.Key, "_") || groups.WritesGroupKey(f.Key) {
			continue
		}
		at := "provider_data." + prov.Slug + ".$group." + f.Key
		theirs := "they hold only matcher and hooks"
		if len(keys) > 0 {
			theirs = "their keys besides matcher and hooks: " + andList(keys)
		}
		hint := `remove the key: "$group" is hookconv's record of a group's documented keys`
		if near := cmp.Or(suggest.Closest(f.Key, keys, 2), suggest.Completion(f.Key, keys)); near != "" {
			hint = fmt.Sprintf("did you mean %q?", near)
		}
		ds.Warnf(CodeOwnDataUnread, h.KeyPosOf(at), fmt.Sprintf("hooks[%d].%s", h.SourceIndex(i), at), hint,
			"%s: %s = %s is not written: %s's hook groups have no key %q (%s)", h.DisplayName(i), at, node.AppendCompact(nil, f.Value), prov.Name, f.Key, theirs)
	}
	return ds
}

// onlyMarks reports whether every member of a hook's data is a layout
// mark ("$newGroup", "$matcher", …) foreignNotes says nothing about: none
// is "$group" or "$commandFilter", the marks that hold a tool's keys.
func onlyMarks(data *node.Node) bool {
	for _, f := range data.Fields {
		if !strings.HasPrefix(f.Key, "$") || f.Key == "$group" || f.Key == "$commandFilter" {
			return false
		}
	}
	return true
}

// membersByName returns an object's members in name order; a repeated
// name keeps its last value, as encoding/json reads it.
func membersByName(n *node.Node) []node.Field {
	fields := slices.Clone(n.Fields)
	slices.SortStableFunc(fields, func(a, b node.Field) int { return strings.Compare(a.Key, b.Key) })
	out := fields[:0]
	for i, f := range fields {
		if i+1 < len(fields) && fields[i+1].Key == f.Key {
			continue // a later one of the same name wins
		}
		out = append(out, f)
	}
	return out
}

// doubleRun warns when one tool of the conversion also loads the other's
// config, so that a hook held in both runs twice there. Either way round:
// the target may run the source's file beside the converted one (Cursor
// and Copilot run Claude Code's hooks), and the source may run the
// converted file beside its own (Copilot CLI and VS Code, converted to
// Claude Code, load .claude/settings.json too: every hook left in
// .github/hooks then runs twice in them).
//
// A tool that loads the source's file as its own (Copilot CLI, a VS Code
// .github/hooks file: CoLoader) and also runs the target's config runs
// the hooks left there twice as well: named beside the source.
//
// off are the source's files whose hooks the source tool keeps all
// switched off (switchedOffFiles): it runs none of them, so it runs none
// twice (QA: a Copilot CLI hook file with "disableAllHooks": true). A
// tool loading such a file as its own is still named: whether it honours
// the source's switch is not documented.
func doubleRun(in providers.Files, from, to string, off map[string]bool) diag.List {
	source, _ := vocab.Default().Provider(from)
	target, _ := vocab.Default().Provider(to)
	targetReads, sourceReads := slices.Contains(target.AlsoReads, from), slices.Contains(source.AlsoReads, to)
	var ds diag.List
	for _, p := range in.Paths() {
		// Only a file where the tool looks: a config saved elsewhere
		// (claude-hooks.json) is read by no tool.
		if !slices.ContainsFunc(source.Paths, func(pattern string) bool { return matchesConfigPath(filepath.ToSlash(p), pattern) }) {
			continue
		}
		co := ""
		if !targetReads {
			if slug := capabilities.CoLoader(from, p); slug != "" && slug != to {
				if prov, _ := vocab.Default().Provider(slug); slices.Contains(prov.AlsoReads, to) {
					co = prov.Name
				}
			}
		}
		sourceReads := sourceReads && !off[p]
		var w diag.List
		switch {
		case co != "" && sourceReads:
			w.Warnf(CodeDoubleRun, diag.Pos{}, "", "keep each hook in one of the two: remove it from "+p+" once "+target.Name+" runs it, or from "+target.Name+"'s config",
				"%s and %s (which loads %s as its own) also run the hooks in %s's config, where they are converted: each hook left in %s runs twice in both", source.Name, co, p, target.Name, p)
		case co != "":
			w.Warnf(CodeDoubleRun, diag.Pos{}, "", "keep each hook in one of the two: remove it from "+p+" once "+target.Name+" runs it, or from "+target.Name+"'s config",
				"%s, which loads %s as its own, also runs the hooks in %s's config, where they are converted: each hook left in %s runs twice in %s", co, p, target.Name, p, co)
		case !targetReads && !sourceReads:
			continue
		case targetReads && sourceReads: // Copilot CLI and VS Code: one warning, not two
			w.Warnf(CodeDoubleRun, diag.Pos{}, "", "remove the hooks from "+p+" once the converted file is in place",
				"%s and %s each also run the hooks in the other's config: keeping both makes every hook run twice in both", source.Name, target.Name)
		case targetReads:
			w.Warnf(CodeDoubleRun, diag.Pos{}, "", "remove the hooks from "+p+" once the converted file is in place (or disable third-party configs in "+target.Name+")",
				"%s also runs the hooks in %s's config: keeping both makes every hook run twice in %s", target.Name, source.Name, target.Name)
		default:
			w.Warnf(CodeDoubleRun, diag.Pos{}, "", "keep each hook in one of the two: remove it from "+p+" once "+target.Name+" runs it, or from "+target.Name+"'s config",
				"%s also runs the hooks in %s's config, where they are converted: each hook left in %s runs twice in %s", source.Name, target.Name, p, source.Name)
		}
		ds = append(ds, w.WithFile(p)...)
	}
	return ds
}

// switchedOffFiles are the files of in whose hooks in m (the source, as
// decoded) all carry the source's "$disabled" mark: a setting of the tool
// turns them off (providers.MarkSwitchedOff), so it runs none of them.
func switchedOffFiles(m *canonical.Manifest, from string, in providers.Files) map[string]bool {
	paths := in.Paths()
	on, off := map[string]bool{}, map[string]bool{}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		file := h.OriginFile
		if file == "" && len(paths) == 1 {
			file = paths[0]
		}
		// Most hooks carry no such mark: parse only those that might.
		if raw := h.ProviderData[from]; bytes.Contains(raw, []byte(`"$disabled"`)) && providers.OwnData(h, from).Get("$disabled") != nil {
			off[file] = true
		} else {
			on[file] = true
		}
	}
	for f := range on {
		delete(off, f)
	}
	return off
}

// ranCommand reports whether the source hook a planned hook came from was
// a command handler (planning turns an http hook into a curl command).
func ranCommand(decoded *canonical.Manifest, h *canonical.Hook, i int) bool {
	if src := h.SourceIndex(i); decoded != nil && src < len(decoded.Hooks) {
		return decoded.Hooks[src].Handler.Type == canonical.HandlerCommand
	}
	return h.Handler.Type == canonical.HandlerCommand
}

// alsoRun warns (HC406) about each config in configs (by tool) that holds
// hooks the target also runs, beside the converted ones.
func alsoRun(configs map[string]providers.Files, from, to string) diag.List {
	var ds diag.List
	target, _ := vocab.Default().Provider(to)
	for _, slug := range sortedkeys.Of(configs) {
		a, ok := providers.Get(slug)
		if slug == from || !ok || !slices.Contains(target.AlsoReads, slug) {
			continue
		}
		other, _ := vocab.Default().Provider(slug)
		for _, p := range configs[slug].Paths() {
			m, dds := a.Decode(providers.Files{p: configs[slug][p]})
			if dds.HasErrors() || m == nil || len(m.Hooks) == 0 {
				continue
			}
			var w diag.List
			w.Warnf(CodeDoubleRun, diag.Pos{}, "", "remove them if the converted hooks replace them",
				"%s also runs the %d hook handler(s) in %s's config %s: they run beside the converted ones", target.Name, len(m.Hooks), other.Name, p)
			ds = append(ds, w.WithFile(p)...)
		}
	}
	return ds
}

// hookPath is the diagnostic path of hook i (of a planned or decoded
// manifest) as the source numbers it, spelled only when something is
// said: most hooks of a large config need none.
func hookPath(h *canonical.Hook, i int) string {
	return "hooks[" + strconv.Itoa(h.SourceIndex(i)) + "]"
}

// fileOf returns the origin file of the hook a diagnostic path names.
func fileOf(m *canonical.Manifest, path string) string {
	if i, ok := providers.HookOfPath(path); ok && i < len(m.Hooks) {
		return m.Hooks[i].OriginFile
	}
	return ""
}

// ownFileOf is the file of the hook of m that path names by its source
// index (Ordinal), where that is not a position in m: migrate numbers the
// target's own hooks after the source's.
func ownFileOf(m *canonical.Manifest, path string) string {
	i, ok := providers.HookOfPath(path)
	if !ok {
		return ""
	}
	for j := range m.Hooks {
		if h := &m.Hooks[j]; h.Ordinal > 0 && h.SourceIndex(j) == i {
			return h.OriginFile
		}
	}
	return ""
}

// serverlessMCP returns the first alternative of a hook's pattern that is
// the source tool's spelling of an MCP tool without a server (Cursor's
// MCP:delete_repository), or "".
func serverlessMCP(m canonical.Matcher, from string) string {
	prov, ok := vocab.Default().Provider(from)
	if !ok || prov.MCP == "" || strings.Contains(prov.MCP, "{server}") || !strings.Contains(prov.MCP, "{tool}") {
		return ""
	}
	prefix, suffix, _ := strings.Cut(prov.MCP, "{tool}")
	for _, alt := range patternAlternatives(m) {
		if name := strings.TrimSuffix(strings.TrimPrefix(alt, prefix), suffix); strings.HasPrefix(alt, prefix) && canonical.IsMCPName(name) {
			return alt
		}
	}
	return ""
}

// patternAlternatives lists the alternatives of the matcher's patterns
// (each pattern split at its top-level "|"), trimmed.
func patternAlternatives(m canonical.Matcher) []string {
	var out []string
	switch m := m.(type) {
	case canonical.Pattern:
		alts, ok := providers.SplitAlternation(m.Regex)
		if !ok {
			alts = []string{m.Regex}
		}
		for _, a := range alts {
			out = append(out, strings.TrimSpace(a))
		}
	case canonical.AnyOf:
		for _, x := range m {
			out = append(out, patternAlternatives(x)...)
		}
	}
	return out
}

// foreignMCPPattern returns the first alternative of the matcher's
// patterns that starts with from's MCP prefix (Claude's mcp__) when to
// spells MCP tools another way, with to's spelling of one ("" when the
// target cannot name MCP tools in a matcher: the encoder says that), and
// whether every part of the matcher is such an alternative (then the
// hook never fires there).
func foreignMCPPattern(m canonical.Matcher, from, to string) (alt, spelling string, all bool) {
	src, _ := vocab.Default().Provider(from)
	dst, _ := vocab.Default().Provider(to)
	prefix, _, _ := strings.Cut(src.MCP, "{")
	target, _, _ := strings.Cut(dst.MCP, "{")
	if prefix == "" || target == "" || prefix == target {
		return "", "", false
	}
	all = true
	for _, a := range patternAlternatives(m) {
		if a = strings.TrimPrefix(a, "^"); !strings.HasPrefix(a, prefix) {
			all = false
		} else if alt == "" {
			alt = a
		}
	}
	if alt == "" {
		return "", "", false
	}
	// A bare tool name beside the patterns (an AnyOf) matches too.
	if list, ok := m.(canonical.AnyOf); ok && slices.ContainsFunc(list, func(x canonical.Matcher) bool { _, p := x.(canonical.Pattern); return !p }) {
		all = false
	}
	return alt, dst.MCP, all
}

// targetMCPPattern returns the first alternative of the matcher's
// patterns that starts with to's MCP prefix (Cursor's MCP:) where from
// spells MCP tools another way, so that none of from's tools has it in
// its name (Claude's mcp__…): a hook that never fired there and fires for
// MCP tools on the target. "" when there is none.
func targetMCPPattern(m canonical.Matcher, from, to string) string {
	src, _ := vocab.Default().Provider(from)
	dst, _ := vocab.Default().Provider(to)
	prefix, _, _ := strings.Cut(src.MCP, "{")
	target, _, _ := strings.Cut(dst.MCP, "{")
	// One prefix inside the other (Gemini's mcp_, Claude's mcp__) may
	// name the same tools: only spellings wholly apart are said.
	if prefix == "" || target == "" || strings.HasPrefix(prefix, target) || strings.HasPrefix(target, prefix) {
		return ""
	}
	for _, a := range patternAlternatives(m) {
		if !strings.HasPrefix(strings.TrimPrefix(a, "^"), target) {
			continue
		}
		// Only what the target reads as MCP tools (Cursor's MCP:.*,
		// MCP:<tool>; Claude's mcp__.*, mcp__<server>__.*): Claude's
		// mcp__.* in Gemini CLI has Gemini's prefix, and names nothing.
		inner := strings.TrimSuffix(strings.TrimPrefix(a, "^"), "$")
		_, server := providers.MCPServerMatcher(dst.MCPServer, a)
		_, _, tool := providers.ParseMCP(dst.MCP, inner)
		serverless := providers.ServerlessMCPAll(dst.MCP) != "" && (a == providers.ServerlessMCPAll(dst.MCP) || canonical.IsMCPName(strings.TrimPrefix(inner, target)))
		if server || tool || serverless {
			return a
		}
	}
	return ""
}

// mcpPrefix is what the tool's MCP spelling puts before the tool's name.
func mcpPrefix(slug string) string {
	prov, _ := vocab.Default().Provider(slug)
	prefix, _, _ := strings.Cut(prov.MCP, "{tool}")
	return prefix
}

// namesNoTool returns the names of a matcher made only of patterns that
// are lists of plain names (write_file|edit_file|replace), when none of
// them selects a tool of the target's as the target reads what is
// written for it (nameSelects), and theirs: the target's names for
// those of them the source's tool table knows. nil when any name may
// match there, or a pattern is more than a list.
func namesNoTool(m canonical.Matcher, from, to string) (names, theirs []string) {
	lists, ok := plainNameLists(m, to)
	if !ok {
		return nil, nil
	}
	tables := vocab.Default()
	for _, l := range lists {
		for _, name := range l.names {
			if len(nameSelects(to, name, l.whole)) > 0 {
				return nil, nil
			}
			names = append(names, name)
			if nt, ok := tables.DecodeTool(from, name); ok {
				if own, ok := tables.EncodeTool(to, nt.Tool); ok && !slices.Contains(theirs, own.Name) {
					theirs = append(theirs, own.Name)
				}
			}
		}
	}
	return names, theirs
}

// namesFound returns the names of a matcher made only of lists of plain
// names none of which is the name of one of the target's tools, when the
// target still selects some of its tools by them (fires: their primary
// names, in table order): Cursor's "Edi", written "(Edi)" for Codex and
// Claude Code, which find a regex anywhere in a tool's name, selects
// their Edit (QA: HC402 said it named none). fired is what the source
// selected by the same names, and known whether its tools are known
// (false for a manifest); whole, whether the target compares the names
// with whole tool names.
func namesFound(m canonical.Matcher, from, to string) (names, fires, fired []string, known, whole bool) {
	lists, ok := plainNameLists(m, to)
	if !ok {
		return nil, nil, nil, false, false
	}
	tables := vocab.Default()
	whole = true
	for _, l := range lists {
		for _, name := range l.names {
			if _, own := tables.DecodeTool(to, name); own {
				return nil, nil, nil, false, false // the target's own name: nothing to tell
			}
			names = append(names, name)
			fires = appendNew(fires, nameSelects(to, name, l.whole)...)
			whole = whole && l.whole
		}
	}
	if len(fires) == 0 {
		return nil, nil, nil, false, false
	}
	if srcLists, ok := plainNameLists(m, from); ok && from != "canonical" {
		known = true
		for _, l := range srcLists {
			for _, name := range l.names {
				fired = appendNew(fired, nameSelects(from, name, l.whole)...)
			}
		}
	}
	return names, fires, fired, known, whole
}

// foundNamesText is HC402's text for namesFound's names: which tools of
// the target's they select, and how the target reads them; with what
// the source selected by them, where its tools are known.
func foundNamesText(names, fires, fired []string, known, whole bool, from, to string) string {
	target, _ := vocab.Default().Provider(to)
	reads := "finds it anywhere in a tool's name"
	if whole {
		reads = "compares it with whole tool names"
	}
	if !target.CaseSensitiveTools {
		reads += ", ignoring case"
	}
	it := "it"
	if len(names) > 1 {
		it = "one of these"
	}
	matcher := strings.Join(names, "|")
	switch {
	case known && len(fired) == 0:
		return fmt.Sprintf("its matcher %s selects none of %s's own tools (the hook fired there at most for an MCP tool whose name holds %s), but %s %s: the hook now fires for %s there",
			matcher, from, it, to, reads, andList(fires))
	case known:
		return fmt.Sprintf("its matcher %s names none of %s's own tools, but %s %s: the hook fires for %s there (in %s it selected %s)",
			matcher, to, to, reads, andList(fires), from, andList(fired))
	}
	return fmt.Sprintf("its matcher %s names none of %s's own tools, but %s %s: the hook fires for %s there",
		matcher, to, to, reads, andList(fires))
}

// nameList is one pattern of plain names (write_file|replace), and
// whether the tool it is written for compares them with whole tool
// names: anchored as a group (^(a|b)$), or on a tool that matches a
// pattern against the whole name and gets plain names unchanged
// (Copilot CLI's anchored_patterns: the encoders open only patterns
// that are more than names). Elsewhere the names are written so that
// the tool finds them anywhere in a tool's name, as a manifest's
// pattern means: grouped for Claude Code and Codex, which would
// otherwise read a list of exact names ("(Edi)"), as they are for
// Gemini CLI (names_anywhere) and Cursor, as *Edi* for Kiro CLI.
type nameList struct {
	names []string
	whole bool
}

// plainNameLists splits a matcher made only of patterns that are lists
// of plain names into them, as slug reads what is written for it. ok is
// false for any other matcher, and for a tool whose names hookconv does
// not know.
func plainNameLists(m canonical.Matcher, slug string) ([]nameList, bool) {
	patterns, ok := onlyPatterns(m)
	if !ok {
		return nil, false // a tool name the target may have, or no matcher
	}
	tables := vocab.Default()
	if len(tables.ToolsOf(slug)) == 0 {
		return nil, false // a tool whose names hookconv does not know
	}
	prov, _ := tables.Provider(slug)
	lists := make([]nameList, 0, len(patterns))
	for _, p := range patterns {
		re := strings.TrimSpace(p.Regex)
		parts, ok := providers.SplitAlternation(re)
		if !ok {
			return nil, false
		}
		for _, part := range parts {
			if !plainName().MatchString(part) {
				return nil, false
			}
		}
		lists = append(lists, nameList{parts, providers.GroupAnchored(re) || prov.AnchoredPatterns && providers.PlainNames(re)})
	}
	return lists, true
}

// nameSelects returns the primary names of slug's tools that a plain
// name selects as slug reads it: a whole name, or one found anywhere in
// a tool's name, without case where slug compares names so
// (case_sensitive_tools). An alias (Codex's Edit) stands for its tool's
// primary name (apply_patch), which is what the hook then runs for.
func nameSelects(slug, name string, whole bool) []string {
	tables := vocab.Default()
	prov, _ := tables.Provider(slug)
	fold := func(s string) string { return s }
	if !prov.CaseSensitiveTools {
		fold = strings.ToLower
	}
	want := fold(name)
	var out []string
	for _, t := range tables.ToolsOf(slug) {
		if t.Event != "" || strings.Contains(t.Name, "{") {
			continue // a split event or an MCP spelling names no tool a matcher sees
		}
		have := fold(t.Name)
		if have != want && (whole || !strings.Contains(have, want)) {
			continue
		}
		primary := t.Name
		if t.Alias {
			if own, ok := tables.EncodeTool(slug, t.Tool); ok {
				primary = own.Name
			}
		}
		out = appendNew(out, primary)
	}
	return out
}

// plainName matches a tool name with nothing of a regular expression in
// it.
var plainName = lazy.Regexp(`^[A-Za-z][A-Za-z0-9_-]*$`)

func hasPattern(m canonical.Matcher) bool {
	switch m := m.(type) {
	case canonical.Pattern:
		return true
	case canonical.AnyOf:
		for _, x := range m {
			if hasPattern(x) {
				return true
			}
		}
	}
	return false
}
