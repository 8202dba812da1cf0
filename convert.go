package hookconv

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
	_ "github.com/hookconv/hookconv/providers/all" // every adapter
	"github.com/hookconv/hookconv/providers/flat"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// Pipeline diagnostic codes.
const (
	CodeUnknownProvider = "HC400" // no adapter for the slug
	CodeNothingDecoded  = "HC401" // the input held no hooks
	CodeNotPortable     = "HC402" // a pattern matcher passed through to another tool (warning)
	CodeForeignData     = "HC403" // another provider's native fields are not rendered (info)
	CodeForeignFilter   = "HC404" // another provider's filter ("if") is lost: the hook runs more often (warning)
	CodeDoubleRun       = "HC406" // the target also reads the source's config: hooks would run twice (warning)
	CodeUnsafePath      = "HC407" // an encoder named a file outside the project (hook names are data, not paths)
	CodeDisabledHook    = "HC409" // a hook disabled in its tool is converted enabled, so it runs on the target (warning)
	CodeHooksBeside     = "HC415" // another file of the target, which the tool loads too, keeps its hooks (warning)
	CodeWidenedSibling  = "HC417" // the source named only a secondary native tool of a canonical tool (PowerShell, not Bash); the target gets all of them (warning)
	CodePayloadShape    = "HC419" // hooks on tool events get the target's stdin payload, whose tool name and input sit under other keys than the source's (warning)
	CodePlainContext    = "HC420" // the source adds a hook's plain-text stdout to the context on the event, the target does not (info)
	CodePowerShell      = "HC421" // a command the source runs with PowerShell goes to a target that runs it with its usual shell (warning)
	CodeNamesDropped    = "HC423" // the target keeps no hook names: the hooks are written without theirs (info)
	CodeDenyAnswer      = "HC425" // blocking hooks were written for a tool whose JSON deny the target (or the shim) does not read (warning)
	CodeVerify          = "HC900" // the encoded output does not say what was meant (internal error)
)

// Conversion is the result of Convert.
type Conversion struct {
	// Files are the target's files to write (path → content). Empty when
	// Diagnostics has errors: corrupt output is never produced.
	Files providers.Files
	// Decoded is the source read into the canonical model.
	Decoded *canonical.Manifest
	// Planned is what the target was asked to hold, after degradation.
	Planned *canonical.Manifest
	// Diagnostics of every stage, in stage order.
	Diagnostics diag.List
}

// Convert runs the pipeline: decode the source files with the from
// adapter, validate and plan the hooks for the target (capabilities,
// events, blocking, degradation), encode them with the to adapter, merging
// into the target's existing files, and verify that decoding the output
// gives back what was planned. Files are returned only when no stage
// reported an error.
func Convert(from, to string, in, existing providers.Files) Conversion {
	return ConvertWith(from, to, in, existing, Options{})
}

// Options change what Convert writes.
type Options struct {
	// Shim wraps every command hook in `hookconv run` for the target (see
	// Shim), so hooks written once against the canonical contract behave
	// the same on every tool.
	Shim bool
	// Project says existing holds the target's files read from a project
	// directory (every path IsMigrationPath names), not one file the user
	// named. For a tool that runs the hooks of all its files together
	// (Codex), the converted hooks then go into the file that already
	// holds hooks, and hooks left in another file are warned about: the
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
}

// ConvertWith is Convert with options.
func ConvertWith(from, to string, in, existing providers.Files, opts Options) Conversion {
	return DecodeSource(from, in).Convert(to, existing, opts)
}

// Source is an input decoded (and, for a manifest, validated) once, to be
// converted to any number of targets without reading it again.
type Source struct {
	// From is the source tool's slug; Files the input.
	From  string
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
}

// DecodeSource runs the first stages: decode the source files with the
// from adapter and, for a manifest, validate it. Every hook is numbered
// (Ordinal) so later stages name it as the user wrote it.
func DecodeSource(from string, in providers.Files) *Source {
	s := &Source{From: from, Files: in}
	src, ok := providers.Get(from)
	if !ok {
		s.Diagnostics.Errorf(CodeUnknownProvider, diag.Pos{}, "", "known: "+strings.Join(providers.Slugs(), ", "), "no adapter for %q", from)
		return s
	}
	m, ds := src.Decode(in)
	s.Diagnostics = ds
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
		w.Warnf(CodeNothingDecoded, diag.Pos{}, "", "check the input path and --from", "the input holds no hooks; nothing was written")
		if paths := in.Paths(); len(paths) == 1 {
			w = w.WithFile(paths[0]) // name the file, as the decoder's notes do
		}
		s.Diagnostics = append(s.Diagnostics, w...)
	}
	s.Manifest = m
	return s
}

// contractNotes adds what the pipeline says about the runtime contract
// the hooks meet in the target (or under the shim): the payload's shape
// (HC419), plain-text context (HC420), JSON deny answers (HC425). It
// returns the planned hooks HC425 counted, which may not block there.
func (res *Conversion) contractNotes(s *Source, to string, shim bool) []int {
	res.Diagnostics = append(res.Diagnostics, payloadShape(res.Planned, s.From, to, s.Files, shim)...)
	res.Diagnostics = append(res.Diagnostics, plainContext(res.Planned, s.From, to, s.Files, shim)...)
	denied, counted := denyAnswer(res.Planned, s.From, to, s.Files, shim, s.Scripts)
	res.Diagnostics = append(res.Diagnostics, denied...)
	return counted
}

// Convert runs the remaining stages for one target: plan, encode (merged
// into existing), verify. Files are returned only when no stage, the
// source's included, reported an error.
func (s *Source) Convert(to string, existing providers.Files, opts Options) (res Conversion) {
	defer res.sortDiagnostics()
	dst, ok := res.plan(s, to)
	if !ok {
		return res
	}
	if opts.Shim && to != "canonical" {
		var sds diag.List
		res.Planned, sds = Shim(res.Planned, to)
		if prov, _ := vocab.Default().Provider(to); !prov.Generated {
			res.Diagnostics = withoutStructuredNotes(res.Diagnostics)
		}
		res.Diagnostics = append(res.Diagnostics, sds...)
	}
	res.contractNotes(s, to, opts.Shim)
	if len(res.Decoded.Hooks) == 0 {
		// Nothing to convert (HC401 says so): writing an empty config would
		// only wipe the hooks of an -o file, and an empty manifest is no
		// valid manifest.
		res.Files = providers.Files{}
		return res
	}
	if opts.Project {
		if existing, ok = res.projectTarget(dst, existing, to); !ok {
			return res
		}
	}
	res.Diagnostics = append(res.Diagnostics, alsoRun(opts.AlsoRun, s.From, to)...)
	if len(opts.Beside) > 0 && len(existing) == 1 {
		for _, p := range opts.Beside.Paths() {
			if m, ds := dst.Decode(providers.Files{p: opts.Beside[p]}); !ds.HasErrors() && m != nil && len(m.Hooks) > 0 {
				res.warnBeside(p, len(m.Hooks), existing.Paths()[0], to)
			}
		}
	}
	res.encode(dst, res.Planned, existing, to)
	return res
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
	// A copy: the stages below fill in file names on their own list.
	res.Diagnostics = append(diag.List(nil), s.Diagnostics...)
	res.Decoded = s.Manifest
	if res.Diagnostics.HasErrors() {
		return nil, false
	}
	from, m, planned := s.From, s.Manifest, s.Manifest
	if to != "canonical" {
		names, caps := vocab.Default(), capabilities.Default()
		var pds diag.List
		planned, pds = capabilities.PlanFrom(m, from, to, names, caps)
		if from == to {
			pds = withoutStructuredNotes(pds)
		}
		res.Diagnostics = append(res.Diagnostics, pds...)
		res.Diagnostics = append(res.Diagnostics, foreignNotes(planned, m, from, to)...)
		if from != to {
			res.Diagnostics = append(res.Diagnostics, widenedSiblings(planned, from, to)...)
			res.Diagnostics = append(res.Diagnostics, rewriteProjectDir(planned, to)...)
			res.Diagnostics = append(res.Diagnostics, pluginOnlyVars(planned, to)...)
			res.Diagnostics = append(res.Diagnostics, doubleRun(s.Files, from, to)...)
		}
	}
	res.Planned = planned
	return dst, true
}

// encode runs the last stages: render planned with the target's adapter,
// merging into existing, refuse paths outside the project, and verify.
// res.Files is set only when none of them reported an error.
func (res *Conversion) encode(dst providers.Adapter, planned *canonical.Manifest, existing providers.Files, to string) {
	files, eds := dst.Encode(planned, existing)
	res.Diagnostics = append(res.Diagnostics, eds...)
	res.Diagnostics = append(res.Diagnostics, unsafePaths(files, existing)...)
	if !res.Diagnostics.HasErrors() {
		res.Diagnostics = append(res.Diagnostics, verify(dst, planned, files, eds, to)...)
	}
	// Point every diagnostic about a hook at the file it came from.
	for i := range res.Diagnostics {
		if d := &res.Diagnostics[i]; d.File == "" {
			d.File = fileOf(res.Decoded, d.Path)
		}
	}
	if !res.Diagnostics.HasErrors() {
		res.Files = files
	}
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
		if (d.Code == capabilities.CodeCapabilityReduced || d.Code == capabilities.CodeCapabilityPartial) && strings.HasSuffix(d.Path, ".blocking") {
			continue
		}
		out = append(out, d)
	}
	return out
}

// foreignNotes says what of other tools' native fields the target will not
// get, and warns about pattern matchers moving between tools.
func foreignNotes(m, decoded *canonical.Manifest, from, to string) diag.List {
	var ds diag.List
	// The hooks of a large config carry the same few provider_data values
	// (a group's layout marks): read each distinct one once.
	parsed := map[string]*node.Node{}
	target, _ := vocab.Default().Provider(to)
	for i := range m.Hooks {
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
			data, ok := parsed[string(h.ProviderData[slug])]
			if !ok {
				data = providers.OwnData(h, slug)
				parsed[string(h.ProviderData[slug])] = data
			}
			source, _ := vocab.Default().Provider(slug)
			if slug == to {
				// Back to its own tool through a manifest: its fields are
				// written again, but a setting outside "hooks" that turned
				// it off is not (hookconv writes only "hooks").
				if v := data.Get("$disabled"); v != nil && v.Kind == node.String {
					ds.Warnf(CodeDisabledHook, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)),
						"add the setting to the converted file, or delete the hook, if it should stay off",
						"%s was turned off in %s (%s), a setting outside \"hooks\" that is not written back: it will run", h.DisplayName(i), source.Name, v.Text)
				}
				continue
			}
			filter := func(f node.Field) bool {
				if !slices.Contains(source.FilterKeys, f.Key) && f.Key != "$commandFilter" {
					return false
				}
				ds.Warnf(CodeForeignFilter, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)), "filter inside the hook script if it matters",
					"%s: its %s filter %q: %s cannot be expressed for %s; the hook now runs for every matching tool call",
					h.DisplayName(i), slug, strings.TrimPrefix(f.Key, "$"), node.AppendCompact(nil, f.Value), to)
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
					"%s: its command is PowerShell (%s's \"shell\": %q), but %s runs it with its usual shell, where it fails: a blocking hook then lets every call through",
					h.DisplayName(i), source.Name, v.Text, to)
			}
			if v := data.Get("$disabled"); v != nil && v.Kind == node.String {
				ds.Warnf(CodeDisabledHook, h.PosOf(""), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)),
					"delete the hook before converting, or remove it from the converted config, if it should stay off",
					"%s is turned off in %s (%s), but it is converted enabled: it will run in %s", h.DisplayName(i), source.Name, v.Text, to)
			}
			if key := source.DisabledKey; key != "" {
				if v := data.Get(key); v != nil && v.Kind == node.Bool && !v.Bool {
					ds.Warnf(CodeDisabledHook, h.PosOf(""), fmt.Sprintf("hooks[%d].provider_data.%s.%s", h.SourceIndex(i), slug, key),
						"delete the hook before converting, or remove it from the converted config, if it should stay off",
						"%s is disabled in %s (%q: false), but it is converted enabled: it will run in %s", h.DisplayName(i), source.Name, key, to)
				}
			}
			var names []string
			for _, f := range membersByName(data) {
				if f.Key == "$group" {
					if f.Value.Kind == node.Object {
						for _, g := range membersByName(f.Value) {
							if !filter(g) {
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
				if !filter(f) {
					names = append(names, f.Key)
				}
			}
			sort.Strings(names)
			if len(names) > 0 {
				ds.Infof(CodeForeignData, h.PosOf(""), fmt.Sprintf("hooks[%d].provider_data.%s", h.SourceIndex(i), slug), "",
					"%s: %s-only fields not rendered for %s: %s", h.DisplayName(i), slug, to, strings.Join(names, ", "))
			}
		}
		if ev, _ := vocab.Default().Event(h.Event); from == to || ev.Subject != "tool" {
			continue
		}
		if hasPattern(h.Matcher) {
			hint := "use canonical tool names where you can"
			tool := serverlessMCP(h.Matcher, from)
			if tool != "" {
				// Cursor's MCP:<tool> names no server, so it cannot become
				// an mcp matcher by itself; the author can say which.
				hint = fmt.Sprintf(`%q names an MCP tool without its server, which %s's names need: write the matcher as {"mcp": {"server": "<server>", "tool": %q}} in a manifest and convert that`, tool, to, strings.TrimPrefix(tool, mcpPrefix(from)))
			}
			msg := fmt.Sprintf("a regular-expression matcher is passed to %s unchanged; check that it names %s's tools", to, to)
			if alt, spelling := foreignMCPPattern(h.Matcher, from, to); alt != "" {
				// Another tool's MCP spelling (Claude's mcp__.*) names none
				// of the target's MCP tools: the guard never fires there.
				msg = fmt.Sprintf("its matcher %q is %s's spelling of MCP tools, passed to %s unchanged; %s spells them %s, so it matches none of them there and the hook never fires", alt, from, to, to, spelling)
				if tool == "" {
					hint = fmt.Sprintf(`spell the pattern for %s, or write {"mcp": {"server": "<server>"}} in a manifest and convert that`, to)
				}
			}
			ds.Warnf(CodeNotPortable, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)), hint, "%s: %s", h.DisplayName(i), msg)
		}
		// A source tool's name hookconv has no canonical tool for
		// (Claude's NotebookEdit): the manifest validator's HC164, for
		// names that came from a tool's own config.
		if lits := literalNames(nil, h.Matcher); from != "canonical" && len(lits) > 0 {
			ds.Warnf(CodeNotPortable, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)), "write the name "+to+" gives that tool, or leave it out",
				"%s: %s has no canonical tool for %s; passed to %s as written, where it matches only a tool of that exact name", h.DisplayName(i), from, strings.Join(lits, ", "), to)
		}
	}
	return ds
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

// widenedSiblings warns about a source matcher that named only some of
// the native tools that do one canonical job, and not the first of them:
// Claude's "PowerShell" reads as shell, which every target writes as all
// its shell tools, so a PowerShell-only guard would also run for Bash. (A
// lone "Bash", the primary name, is the ordinary spelling of shell.)
func widenedSiblings(m *canonical.Manifest, from, to string) diag.List {
	var ds diag.List
	names := vocab.Default()
	var memo providers.DataMemo
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !bytes.Contains(h.ProviderData[from], []byte(`"$matcher"`)) {
			continue
		}
		v := memo.Own(h, from).Get("$matcher")
		if v == nil || v.Kind != node.String {
			continue
		}
		parts, ok := providers.SplitAlternation(strings.TrimSpace(v.Text))
		if !ok {
			continue
		}
		for j, p := range parts {
			parts[j] = strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$")
		}
		for _, t := range toolNames(h.Matcher) {
			natives := names.EncodeTools(from, t)
			if len(natives) < 2 || slices.Contains(parts, natives[0].Name) {
				continue
			}
			var named []string
			for _, n := range natives[1:] {
				if slices.Contains(parts, n.Name) {
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
	}
	return ds
}

// toolNames lists the canonical tool names of a matcher.
func toolNames(m canonical.Matcher) []string {
	switch m := m.(type) {
	case canonical.ToolName:
		return []string{string(m)}
	case canonical.AnyOf:
		var out []string
		for _, x := range m {
			out = append(out, toolNames(x)...)
		}
		return out
	}
	return nil
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

// doubleRun warns when the target tool also loads the source tool's
// config (Cursor and Copilot run Claude Code's hooks): keeping both files
// makes every hook run twice there.
func doubleRun(in providers.Files, from, to string) diag.List {
	target, _ := vocab.Default().Provider(to)
	if !slices.Contains(target.AlsoReads, from) {
		return nil
	}
	source, _ := vocab.Default().Provider(from)
	var ds diag.List
	for _, p := range in.Paths() {
		// Only a file where the tool looks: a config saved elsewhere
		// (claude-hooks.json) is read by no tool.
		if !slices.ContainsFunc(source.Paths, func(pattern string) bool { return matchesConfigPath(filepath.ToSlash(p), pattern) }) {
			continue
		}
		ds.Warnf(CodeDoubleRun, diag.Pos{}, "", "remove the hooks from "+p+" once the converted file is in place (or disable third-party configs in "+target.Name+")",
			"%s also runs the hooks in %s's config: keeping both makes every hook run twice in %s", target.Name, source.Name, target.Name)
		ds = ds.WithFile(p)
	}
	return ds
}

// payloadShape warns (HC419), once per conversion, when command hooks on
// tool events get a payload on stdin whose tool name or input sit under
// other keys than the source's (Claude's tool_input, Cline's
// preToolUse.parameters), or whose tool arguments are spelled in another
// case (VS Code's filePath, Claude's file_path): a guard script that reads
// the source's fields finds nothing there, exits 0, and the call goes
// ahead. hookconv cannot change what a script reads, so it says so. Under
// the shim the hooks get hookconv run's canonical payload instead, which
// is the source's no more than the target's is; the tool's arguments are
// passed on as the target spells them.
func payloadShape(m *canonical.Manifest, from, to string, files providers.Files, shim bool) diag.List {
	if from == to && !shim || to == "canonical" {
		return nil
	}
	contracts := hookrun.Default()
	native, ok := contracts.Contract(to)
	if !ok || len(native.Tool) == 0 || len(native.ToolInput) == 0 {
		return nil
	}
	names := vocab.Default()
	target, _ := names.Provider(to)
	dst, given := native, to+"'s payload"
	hint := "check that the scripts read " + to + "'s fields, or convert with --shim and write them against the canonical payload hookconv run hands them"
	switch {
	case target.Generated:
		hint = "adapt the scripts to " + to + "'s payload: the generated " + target.Name + " passes it through"
	case shim:
		dst, given = &hookrun.CanonicalPayload, "hookconv run's canonical payload"
		hint = "write the scripts against the canonical payload hookconv run hands them (tool, tool_input), or convert without --shim"
	}
	// Each hook read the payload of the source event it was written for:
	// a tool's generic tool hooks keep the fields at its contract's first
	// paths; some native events keep them at the top (Cursor's
	// beforeShellExecution: command), and Copilot CLI's hooks under
	// Claude Code's event names get Claude's layout.
	var topLevel []string
	topFrom, nTop := "", 0
	generic := map[[2]string]int{} // hooks per (source, contract whose generic layout they read)
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if ev, _ := names.Event(h.Event); ev.Subject != "tool" || h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		if slug, native := topLevelEvent(h, from, contracts); slug != "" && (slug != to || dst.Slug != to) {
			nTop++
			topFrom = slug
			if !slices.Contains(topLevel, native) {
				topLevel = append(topLevel, native)
			}
			continue
		}
		source := from
		if from == "canonical" {
			// A manifest hook read what the tool it was decoded from
			// sent, which its decoder's marks name; else nothing is known.
			if source = markedSource(h); source == "" || source == to && dst.Slug == to {
				continue
			}
		}
		layout := source
		if raw := h.ProviderData[source]; bytes.Contains(raw, []byte(`"$spelling"`)) && providers.OwnData(h, source).Get("$spelling") != nil {
			layout = "claude-code"
		}
		if layout == dst.Slug {
			continue
		}
		generic[[2]string{source, layout}]++
	}
	var ds diag.List
	if nTop > 0 {
		ds.Warnf(CodePayloadShape, diag.Pos{}, "", hint,
			"%d command hook(s) from %s's %s get %s on stdin, which keeps the tool's input %s, not at the top of the payload (command, file_path) as %s's does there: a script that reads them there finds nothing, and a guard that then exits 0 lets every call through",
			nTop, topFrom, strings.Join(topLevel, ", "), given, inputPlace(dst), topFrom)
	}
	keys := slices.Collect(maps.Keys(generic))
	slices.SortFunc(keys, func(a, b [2]string) int { return cmp.Or(strings.Compare(a[0], b[0]), strings.Compare(a[1], b[1])) })
	for _, key := range keys {
		source, layout := key[0], key[1]
		src, ok := contracts.Contract(layout)
		if !ok || len(src.Tool) == 0 || len(src.ToolInput) == 0 {
			continue
		}
		n, whose := generic[key], source+"'s"
		if layout != source {
			whose = source + "'s under Claude Code's event names"
		}
		if src.Tool[0] != dst.Tool[0] || src.ToolInput[0] != dst.ToolInput[0] {
			ds.Warnf(CodePayloadShape, diag.Pos{}, "", hint,
				"%d command hook(s) on tool events get %s on stdin, which keeps the tool's name and input %s, not %s as %s does: a script that reads them there finds nothing, and a guard that then exits 0 lets every call through",
				n, given, payloadPlace(dst), payloadPlace(src), whose)
		}
		if src.CamelCaseArgs != native.CamelCaseArgs {
			spelled := func(c *hookrun.Contract) string {
				if c.CamelCaseArgs {
					return "camelCase (filePath)"
				}
				return "snake_case (file_path)"
			}
			ds.Warnf(CodePayloadShape, diag.Pos{}, "", "make the scripts read either spelling (file_path or filePath)",
				"%d command hook(s) on tool events get %s's tool arguments in %s, whose names are %s where %s are %s: a script that reads the other spelling finds nothing, and a guard that then exits 0 lets every call through",
				n, to, dst.ToolInput[0], spelled(native), whose, spelled(src))
		}
	}
	if paths := files.Paths(); len(paths) > 0 {
		ds = ds.WithFile(paths[0])
	}
	return ds
}

// jsonField shows a contract's "path = value" as the JSON a script
// prints: "decision = \"deny\"" is {"decision": "deny"}.
func jsonField(form string) string {
	path, value, _ := strings.Cut(form, " = ")
	keys := strings.Split(path, ".")
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(`{"` + k + `": `)
	}
	b.WriteString(value)
	b.WriteString(strings.Repeat("}", len(keys)))
	return b.String()
}

// shownHooks is how many hooks a once-per-conversion warning names.
const shownHooks = 3

// denyKey is the last key of a deny form's path, the word a script that
// prints it must contain: "permissionDecision" of
// hookSpecificOutput.permissionDecision.
func denyKey(form string) string {
	path, _, _ := strings.Cut(form, " = ")
	return path[strings.LastIndexByte(path, '.')+1:]
}

// denyEvent is where guards deny tool calls with JSON: the event the
// contracts' deny_json is about.
const denyEvent = "before_tool_execute"

// denyAnswer warns (HC425), once per source tool and answer, when
// blocking command hooks on tool calls were written for a tool whose
// scripts deny with JSON (Claude Code's
// hookSpecificOutput.permissionDecision) that the target — or, under the
// shim, hookconv run — does not read (Gemini CLI reads "decision"). Which
// answer a script gives cannot be seen from the config. When hookconv can
// read all the script runs (Scripts.readScript), the forms it spells are
// checked, and one that spells none and exits 2 is not counted; otherwise
// the source's documented form is assumed, and a script that answers that
// way lets every call through, so this is a warning, as the payload's
// shape is. Targets that read no JSON there are HC202's (structured_output
// unsupported). It returns the hooks it counted too.
func denyAnswer(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (diag.List, []int) {
	if from == to && !shim || to == "canonical" {
		return nil, nil
	}
	contracts := hookrun.Default()
	reader, ok := contracts.Contract(to)
	if !ok {
		return nil, nil
	}
	readerName := to
	if target, _ := vocab.Default().Provider(to); shim && !target.Generated {
		reader, readerName = &hookrun.CanonicalPayload, "hookconv run (the shim)"
	}
	if len(reader.DenyJSON) == 0 {
		return nil, nil
	}
	source, _ := vocab.Default().Provider(from)
	generated := source.Generated
	// By the tool they were written for and the answer: how many hooks,
	// the first one (where the warning points), and the first few's names
	// (a large config must not pay for a name per hook).
	type found struct {
		n     int
		first int
		names []string
	}
	type key struct{ source, form string }
	var keys []key
	groups := map[key]*found{}
	var counted []int
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !h.Blocking || h.Event != denyEvent || h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		source := from
		if from == "canonical" || generated {
			// A manifest hook (and one of the programs hookconv generates,
			// which hold a manifest) answers in the canonical contract
			// unless its decoder's marks say which tool it was written for.
			if source = markedSource(h); source == "" {
				continue
			}
		}
		c, ok := contracts.Contract(source)
		if !ok || len(c.DenyJSON) == 0 {
			continue
		}
		// The forms the hook's text spells; when hookconv cannot read all
		// it runs, also the one the tool's docs teach.
		text, read := scripts.readScript(&h.Handler)
		if !read {
			text = h.Handler.Command
		}
		var spelled [4]string // on the stack: this runs for every guard of a large config
		forms := spelled[:0]
		for _, f := range c.DenyJSON {
			if spellsForm(text, f) {
				forms = append(forms, f)
			}
		}
		switch {
		case read && len(forms) == 0 && exitTwo.MatchString(text):
			continue // it blocks by exiting 2, and prints no JSON deny
		case !read || len(forms) == 0:
			if !slices.Contains(forms, c.DenyJSON[0]) {
				forms = append(forms, c.DenyJSON[0])
			}
		}
		flagged := false
		for _, f := range forms {
			if slices.Contains(reader.DenyJSON, f) {
				continue
			}
			k := key{source, f}
			g := groups[k]
			if g == nil {
				g = &found{first: i}
				groups[k] = g
				keys = append(keys, k)
			}
			if g.n++; len(g.names) < shownHooks {
				g.names = append(g.names, h.DisplayName(i))
			}
			flagged = true
		}
		if flagged {
			counted = append(counted, i)
		}
	}
	var ds diag.List
	for _, k := range keys {
		g := groups[k]
		listed := strings.Join(g.names, ", ")
		if more := g.n - len(g.names); more > 0 {
			listed += fmt.Sprintf(" and %d more", more)
		}
		h := &m.Hooks[g.first]
		var w diag.List
		// Placed at the first hook, but with no path: it is about all of
		// them (migrate marks each from the list returned).
		w.Warnf(CodeDenyAnswer, h.PosOf("handler.command"), "",
			fmt.Sprintf("deny by exiting 2 with the reason on stderr, or print what %s reads (%s)", readerName, jsonField(reader.DenyJSON[0])),
			"%d blocking hook(s) on %s (%s) were written for %s, whose scripts may deny a tool call with %s; %s does not read that: a script that denies that way lets every call through",
			g.n, denyEvent, listed, k.source, jsonField(k.form), readerName)
		if file := h.OriginFile; file != "" {
			w = w.WithFile(file)
		} else if paths := files.Paths(); len(paths) > 0 {
			w = w.WithFile(paths[0])
		}
		ds = append(ds, w...)
	}
	return ds, counted
}

// spellsForm reports whether text spells a deny form's last key and its
// value: "permissionDecision" and "deny".
func spellsForm(text, form string) bool {
	_, value, _ := strings.Cut(form, " = ")
	return strings.Contains(text, denyKey(form)) && strings.Contains(text, strings.Trim(value, `"`))
}

// markedSource is the tool a manifest hook was decoded from, by its
// decoder's marks in provider_data (the least such slug), or "".
func markedSource(h *canonical.Hook) string {
	source := ""
	for slug := range h.ProviderData {
		if (source == "" || slug < source) && capabilities.DecodedFrom(h, slug) {
			source = slug
		}
	}
	return source
}

// topLevelEvent returns the tool and native event a hook was decoded
// from when that event's payload keeps the tool's fields at its top level
// (the contract's top_level_events): from the source tool's data, or, for
// a manifest, from any tool's ("" when none).
func topLevelEvent(h *canonical.Hook, from string, contracts *hookrun.Tables) (slug, native string) {
	// Unsorted, without allocating (this runs for every tool hook of a
	// large config); the least slug wins, so the answer is stable.
	for s, raw := range h.ProviderData {
		if from != "canonical" && s != from || slug != "" && s > slug || !bytes.Contains(raw, []byte(`"$event"`)) {
			continue
		}
		c, ok := contracts.Contract(s)
		if !ok || len(c.TopLevelEvents) == 0 {
			continue
		}
		if ev := providers.OwnData(h, s).Get("$event"); ev != nil && slices.Contains(c.TopLevelEvents, ev.Text) {
			slug, native = s, ev.Text
		}
	}
	return slug, native
}

// plainContext notes (HC420), once per conversion, the command hooks on
// events where the source adds a hook's plain-text stdout to the agent's
// context (Claude Code's SessionStart and UserPromptSubmit) and the
// target does not. Whether a script prints plain text cannot be seen from
// the config, so this is information, not a warning: such a script's
// text no longer reaches the agent. Under the shim the canonical contract
// applies, where plain stdout on exit 0 is a hook error (spec §5).
func plainContext(m *canonical.Manifest, from, to string, files providers.Files, shim bool) diag.List {
	// To its own tool only the shim changes who reads the output.
	if from == to && !shim || from == "canonical" || to == "canonical" {
		return nil
	}
	contracts := hookrun.Default()
	var events []string
	n := 0
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || !contracts.PlainContext(from, h.Event) ||
			!shim && contracts.PlainContext(to, h.Event) {
			continue
		}
		n++
		if !slices.Contains(events, h.Event) {
			events = append(events, h.Event)
		}
	}
	if n == 0 {
		return nil
	}
	hint := to + " takes no context from hooks on " + strings.Join(events, " or ") + ": nothing a script prints there reaches the agent"
	for _, ev := range events {
		if field := contextField(contracts, to, ev); field != "" {
			hint = "have the script print the context as JSON, the way " + to + " reads it (" + field + " on " + ev + ")"
			break
		}
	}
	if shim {
		hint = `have the script print {"context": "…"}, which hookconv run passes on`
	}
	var ds diag.List
	ds.Infof(CodePlainContext, diag.Pos{}, "", hint,
		"%d command hook(s) on %s: %s adds a hook's plain-text stdout to the agent's context there, %s does not, so text such a script prints no longer reaches the agent",
		n, strings.Join(events, ", "), from, plainContextTarget(to, shim))
	if paths := files.Paths(); len(paths) > 0 {
		ds = ds.WithFile(paths[0])
	}
	return ds
}

// plainContextTarget names who reads the hook's output in the target.
func plainContextTarget(to string, shim bool) string {
	if shim {
		return "hookconv run (the shim)"
	}
	return to
}

// contextField is the JSON field through which the provider takes a
// hook's context on the event, "" when it has none.
func contextField(t *hookrun.Tables, provider, event string) string {
	ref, _ := t.ResolveEvent(provider, event)
	r, ok := t.Rule(provider, "context", ref)
	if !ok {
		return ""
	}
	for _, line := range r.Set {
		if path, value, ok := strings.Cut(line, "="); ok && strings.TrimSpace(value) == "$context" {
			return strings.TrimSpace(path)
		}
	}
	return ""
}

// inputPlace says where a contract keeps the tool's input.
func inputPlace(c *hookrun.Contract) string {
	place := payloadPlace(c)
	if strings.HasPrefix(place, "at ") {
		return "at " + c.ToolInput[0]
	}
	return place
}

// payloadPlace says where a contract keeps the tool's name and input: at
// the first paths, or under the one key every path starts with (Windsurf's
// tool_info.*, whose layout differs per action).
func payloadPlace(c *hookrun.Contract) string {
	var roots []string
	for _, p := range slices.Concat(c.Tool, c.ToolInput) {
		for _, part := range strings.Split(strings.Trim(p, "{}"), ",") {
			if _, target, ok := strings.Cut(part, "="); ok {
				part = target
			}
			root, _, _ := strings.Cut(part, ".")
			roots = append(roots, root)
		}
	}
	if len(c.Tool)+len(c.ToolInput) > 2 && len(slices.Compact(roots)) == 1 {
		return "under " + roots[0]
	}
	return "at " + c.Tool[0] + " and " + c.ToolInput[0]
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

// fileOf returns the origin file of the hook a diagnostic path names.
func fileOf(m *canonical.Manifest, path string) string {
	if i, ok := providers.HookOfPath(path); ok && i < len(m.Hooks) {
		return m.Hooks[i].OriginFile
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
// target cannot name MCP tools in a matcher: the encoder says that).
func foreignMCPPattern(m canonical.Matcher, from, to string) (alt, spelling string) {
	src, _ := vocab.Default().Provider(from)
	dst, _ := vocab.Default().Provider(to)
	prefix, _, _ := strings.Cut(src.MCP, "{")
	target, _, _ := strings.Cut(dst.MCP, "{")
	if prefix == "" || target == "" || prefix == target {
		return "", ""
	}
	for _, a := range patternAlternatives(m) {
		if a = strings.TrimPrefix(a, "^"); strings.HasPrefix(a, prefix) {
			return a, dst.MCP
		}
	}
	return "", ""
}

// mcpPrefix is what the tool's MCP spelling puts before the tool's name.
func mcpPrefix(slug string) string {
	prov, _ := vocab.Default().Provider(slug)
	prefix, _, _ := strings.Cut(prov.MCP, "{tool}")
	return prefix
}

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

// projection is what verify compares of a hook: what it runs, when, and
// for which tools — the behaviour, not the spelling.
type projection struct {
	Event   string
	Matcher string
	Type    string
	Run     string
	Timeout float64
	Async   bool
}

func (p projection) group() matcherGroup { return matcherGroup{p.Event, p.Matcher} }

// planProjections is what verify expects the files to hold: the planned
// hooks as the target reads them back, less those the encoder announced
// it skipped, and the (event, matcher) groups they fall in.
func planProjections(dst providers.Adapter, planned *canonical.Manifest, encodeDiags diag.List, prov vocab.Provider) ([]projection, map[matcherGroup]bool) {
	marks := markHooks(encodeDiags)
	// A tool that names tools only through split events writes one hook
	// per category: compare with that expansion of the plan.
	expands := false
	if x, ok := dst.(interface {
		Expand(*canonical.Manifest) *canonical.Manifest
	}); ok {
		expanded := x.Expand(planned)
		expands = expanded != planned
		planned = expanded
	}
	want := make([]projection, 0, len(planned.Hooks))
	for i := range planned.Hooks {
		mark := marks.of(planned.Hooks[i].SourceIndex(i))
		if mark&markSkipped != 0 {
			continue
		}
		p := project(&planned.Hooks[i], prov)
		if mark&markAsPrompt != 0 {
			p.Type = canonical.HandlerPrompt
		}
		if mark&markWidened != 0 {
			p.Matcher = "*"
		}
		if mark&markPartial != 0 && !expands { // an expansion already has the exact matchers
			p.Matcher = partialMatcher
		}
		want = append(want, p)
	}
	wantKeys := make(map[matcherGroup]bool)
	for _, p := range want {
		wantKeys[p.group()] = true
	}
	return want, wantKeys
}

// verify decodes the encoded files with the target adapter and checks that
// they hold what was planned: per event and matcher, the same handlers in
// the same order with the same timeouts (after the target's unit rounding).
// The tools run the hooks of different groups independently, so order is
// compared within each (event, matcher).
func verify(dst providers.Adapter, planned *canonical.Manifest, files providers.Files, encodeDiags diag.List, to string) diag.List {
	var ds diag.List
	prov, _ := vocab.Default().Provider(to)
	// What the files should hold is worked out while they are decoded: the
	// two do not depend on each other, and for a large config each takes
	// milliseconds.
	var (
		want     []projection
		wantKeys map[matcherGroup]bool
		got      *canonical.Manifest
		dds      diag.List
	)
	parallel.Both(len(planned.Hooks),
		func() { want, wantKeys = planProjections(dst, planned, encodeDiags, prov) },
		func() { got, dds = dst.Decode(files) })
	if dds.HasErrors() || got == nil {
		ds.Errorf(CodeVerify, diag.Pos{}, "", "please report this as a hookconv bug",
			"internal error: the %s output does not decode: %v", to, dds)
		return ds
	}
	ds = append(ds, droppedNames(planned, got, prov)...)
	// A trimmed matcher can read back as another hook's ("Read|Bash" to
	// Codex is "Bash"): a written hook that matches a trimmed one but no
	// exact one is taken for the trimmed one.
	var partial, exact map[projection]bool
	if hasPartial(want) {
		partial, exact = make(map[projection]bool), make(map[projection]bool)
		for _, p := range want {
			if p.Matcher == partialMatcher {
				partial[p] = true
			} else {
				exact[p] = true
			}
		}
	}
	// Each written hook is projected on its own: in chunks at once.
	have := make([]projection, len(got.Hooks))
	parallel.Do(parallel.Chunks(len(got.Hooks)), func(_ int, r parallel.Range) {
		for i := r.From; i < r.To; i++ {
			p := project(&got.Hooks[i], prov)
			trimmed := p
			trimmed.Matcher = partialMatcher
			if !wantKeys[p.group()] && wantKeys[trimmed.group()] || partial[trimmed] && !exact[p] {
				// A matcher the encoder had to trim reads back differently.
				p = trimmed
			}
			have[i] = p
		}
	})
	// A hook written into several groups (one per exact value) reads back
	// several times, so the lists are compared without repeats. Most
	// conversions repeat nothing: compare as they are first, and pay for
	// removing repeats only when that comparison fails (equal lists stay
	// equal once repeats are removed).
	if slices.Equal(want, have) {
		return ds
	}
	var wantGroups, haveGroups map[matcherGroup][]projection
	parallel.Both(len(want),
		func() { wantGroups = byGroup(want) },
		func() { haveGroups = byGroup(have) })
	d := diffProjections(wantGroups, haveGroups)
	if d != "" {
		d = diffProjections(byGroup(withoutRepeats(want)), byGroup(withoutRepeats(have)))
	}
	if d != "" {
		// On an event whose matcher selects no tool, the projections'
		// matcher ("*") is not what the tool's groups are keyed by: hooks
		// of groups with different values (Codex Stop groups, one with a
		// matcher Codex ignores) are written group by group, so their
		// order across groups is not the plan's. Compare those as sets.
		d = diffProjections(unorderedOffTool(byGroup(withoutRepeats(want)), to), unorderedOffTool(byGroup(withoutRepeats(have)), to))
	}
	if d != "" {
		ds.Errorf(CodeVerify, diag.Pos{}, "", "please report this as a hookconv bug; nothing was written",
			"internal error: the %s output does not hold what was planned (-planned +written):\n%s", to, d)
	}
	return ds
}

// droppedNames notes (HC423), once per conversion, that the planned hooks'
// names did not reach the output. Names are labels — nothing runs
// differently without them — so this is an info, and one for all hooks
// rather than one each. Whether a tool keeps names is read from the
// output itself, which the target's decoder has just read back: no table
// has to say it.
func droppedNames(planned, written *canonical.Manifest, target vocab.Provider) diag.List {
	var ds diag.List
	first, named := -1, 0
	for i := range planned.Hooks {
		if planned.Hooks[i].Name != "" {
			named++
			if first < 0 {
				first = i
			}
		}
	}
	if named == 0 || slices.ContainsFunc(written.Hooks, func(h canonical.Hook) bool { return h.Name != "" }) {
		return ds
	}
	h := &planned.Hooks[first]
	ds.Infof(CodeNamesDropped, h.PosOf("name"), fmt.Sprintf("hooks[%d].name", h.SourceIndex(first)),
		"nothing runs differently; if you rely on the names, keep a manifest (--to canonical) as the source, or name the scripts after them",
		"%s has no field for a hook's name: %d named hook(s) are written without their names (the first: %q)", target.Name, named, h.Name)
	return ds
}

// diffProjections lists, per event and matcher, the hooks that were
// planned but not written (-) and written but not planned (+). It is ""
// when both hold the same hooks in the same order. (A few lines instead of
// go-cmp keep the CLI's start-up free of go-cmp's initialisation.)
func diffProjections(want, have map[matcherGroup][]projection) string {
	var b strings.Builder
	keys := slices.SortedFunc(maps.Keys(want), matcherGroup.compare)
	for _, k := range slices.SortedFunc(maps.Keys(have), matcherGroup.compare) {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		w, h := want[k], have[k]
		if slices.Equal(w, h) {
			continue
		}
		for _, p := range w {
			fmt.Fprintf(&b, "- %+v\n", p)
		}
		for _, p := range h {
			fmt.Fprintf(&b, "+ %+v\n", p)
		}
	}
	return b.String()
}

// matcherGroup is an event and a matcher (as matcherKey spells it): the
// tools run the hooks of different groups independently, so verify
// compares order only within one.
type matcherGroup struct{ Event, Matcher string }

func (g matcherGroup) compare(o matcherGroup) int {
	return cmp.Or(strings.Compare(g.Event, o.Event), strings.Compare(g.Matcher, o.Matcher))
}

// unorderedOffTool sorts the groups of events whose native matcher does
// not select tools, so they compare as sets.
func unorderedOffTool(groups map[matcherGroup][]projection, to string) map[matcherGroup][]projection {
	names := vocab.Default()
	for g, list := range groups {
		if rows := names.EncodeEvent(to, g.Event); len(rows) > 0 && rows[0].Matcher == vocab.MatchTool {
			continue
		}
		slices.SortFunc(list, func(a, b projection) int {
			return cmp.Or(strings.Compare(a.Type, b.Type), strings.Compare(a.Run, b.Run),
				cmp.Compare(a.Timeout, b.Timeout), strings.Compare(a.Matcher, b.Matcher))
		})
	}
	return groups
}

// hasPartial reports whether a projection's matcher was trimmed.
func hasPartial(list []projection) bool {
	return slices.ContainsFunc(list, func(p projection) bool { return p.Matcher == partialMatcher })
}

// partialMatcher stands for a matcher the encoder said it trimmed or
// widened (HC310, HC341): what it reads back as is not compared.
const partialMatcher = "*partial*"

// byGroup splits projections by event and matcher, keeping their order.
// The groups share one backing array, sized by a first pass, so a large
// conversion's few large groups do not grow slice by slice.
func byGroup(list []projection) map[matcherGroup][]projection {
	ids := make(map[matcherGroup]int)
	idOf := make([]int, len(list))
	var sizes []int
	for i, p := range list {
		id, ok := ids[p.group()]
		if !ok {
			id = len(sizes)
			ids[p.group()] = id
			sizes = append(sizes, 0)
		}
		idOf[i] = id
		sizes[id]++
	}
	backing := make([]projection, len(list))
	lists := make([][]projection, len(sizes))
	for id, n := range sizes {
		lists[id], backing = backing[:0:n], backing[n:]
	}
	for i, p := range list {
		lists[idOf[i]] = append(lists[idOf[i]], p)
	}
	groups := make(map[matcherGroup][]projection, len(ids))
	for g, id := range ids {
		groups[g] = lists[id]
	}
	return groups
}

// withoutRepeats keeps the first of equal projections.
func withoutRepeats(list []projection) []projection {
	seen := make(map[projection]bool, len(list))
	out := make([]projection, 0, len(list))
	for _, p := range list {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// hookMarks are what encoder diagnostics said about a hook, by its source
// index.
type hookMarks []uint8

const (
	markSkipped  uint8 = 1 << iota // not written
	markPartial                    // part of its matcher lost or widened
	markAsPrompt                   // an agent handler written as a prompt
	markWidened                    // its matcher ignored: fires for every tool
)

// markHooks reads the encoder's diagnostics, which name hooks by their
// source index.
func markHooks(encodeDiags diag.List) hookMarks {
	var marks hookMarks
	for _, d := range encodeDiags {
		i, ok := providers.HookOfPath(d.Path)
		if !ok {
			continue
		}
		var mark uint8
		if providers.IsNotWritten(d.Code) {
			mark |= markSkipped
		}
		switch d.Code {
		case nested.CodeLostMatcher, flat.CodeMCPServerLost:
			mark |= markPartial
		case providers.CodeAgentAsPrompt:
			mark |= markAsPrompt
		case providers.CodeMatcherIgnored:
			mark |= markWidened
		}
		if mark == 0 {
			continue
		}
		if i >= len(marks) {
			marks = append(marks, make(hookMarks, i+1-len(marks))...)
		}
		marks[i] |= mark
	}
	return marks
}

func (m hookMarks) of(i int) uint8 {
	if i < 0 || i >= len(m) {
		return 0
	}
	return m[i]
}

func project(h *canonical.Hook, prov vocab.Provider) projection {
	names := vocab.Default()
	hd := &h.Handler
	run := hd.Command
	if original, shimmed := Unshim(run); shimmed {
		run = original // compare what the shim runs, so a quoting slip shows
	}
	switch hd.Type {
	case canonical.HandlerHTTP:
		run = hd.URL
	case canonical.HandlerPrompt, canonical.HandlerAgent:
		run = hd.Prompt
	case canonical.HandlerMCPTool:
		run = hd.Server + "/" + hd.Tool
	}
	return projection{
		Event:   h.Event,
		Matcher: matcherKey(h.Matcher, prov, names),
		Type:    hd.Type,
		Run:     run,
		Timeout: roundTimeout(hd.Timeout, prov),
		Async:   hd.Async,
	}
}

// roundTimeout applies the target's unit as its encoder does
// (canonical.TimeoutUnits): up to the next whole millisecond or second.
func roundTimeout(t float64, prov vocab.Provider) float64 {
	switch {
	case t <= 0, prov.TimeoutUnit == "": // no timeout in the format: dropped, with a warning
		return 0
	case prov.TimeoutInteger:
		n, _ := canonical.TimeoutUnits(t, 1)
		return n
	case prov.TimeoutUnit == "ms":
		ms, _ := canonical.TimeoutUnits(t, 1000)
		return ms / 1000
	}
	return t
}

// matcherKey spells a matcher as the set of native alternatives the
// target matches, so two canonical forms that mean the same to the target
// ("Bash" and "shell"; {"pattern": "^Bash$"} and "shell") compare equal.
func matcherKey(m canonical.Matcher, prov vocab.Provider, names *vocab.Tables) string {
	if m == nil {
		return "*"
	}
	// A slice, sorted and compacted, rather than a set: verify keys every
	// hook, and most matchers are one or two names.
	keys := appendMatcherKeys(nil, m, prov, names)
	if len(keys) == 1 {
		return keys[0]
	}
	if slices.Contains(keys, "*") {
		return "*" // one member matches every tool: so does the whole
	}
	slices.Sort(keys)
	return strings.Join(slices.Compact(keys), "\x00")
}

// anchoredList matches a regex that is only a list of names, anchored or
// not ("^(Bash|Write)$", "(Bash)", "write_file|replace"): decoders read
// such a regex as those names, so verify does too.
var anchoredList = lazy.Regexp(`^\^?\(?(` + nameChars + `+(\|` + nameChars + `+)*)\)?\$?$`)

// nameChars is a character class of what is not regular-expression
// syntax.
var nameChars = "[^" + regexp.QuoteMeta(canonical.RegexSyntax) + "]"

// listedNames returns the names a regex that only lists names matches:
// a list, anchored or not ("^(Bash|Write)$", "(Bash)", "write_file|replace"),
// or names anchored one by one and quoted as regexp.QuoteMeta quotes them
// ("^0$|^1$", "^fs\.read$"), as encoders write names a regex must match
// exactly. Decoders read such a regex as those names, so verify does too.
func listedNames(re string) ([]string, bool) {
	if sm := anchoredList().FindStringSubmatch(re); sm != nil {
		return strings.Split(sm[1], "|"), true
	}
	var names []string
	for alt := range strings.SplitSeq(re, "|") {
		body, ok := strings.CutPrefix(alt, "^")
		if !ok || !strings.HasSuffix(body, "$") || strings.HasSuffix(body, `\$`) {
			return nil, false
		}
		name, ok := unquoteMeta(body[:len(body)-1])
		if !ok || name == "" {
			return nil, false
		}
		names = append(names, name)
	}
	return names, true
}

// unquoteMeta undoes regexp.QuoteMeta: it returns the literal text a
// regex matches when the regex is only that text, its special characters
// escaped, and false otherwise. (An escaped "|" would have been split by
// the caller: such a name is left a pattern.)
func unquoteMeta(re string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(re); i++ {
		c := re[i]
		switch {
		case c == '\\':
			if i+1 == len(re) || !strings.ContainsRune(canonical.RegexSyntax, rune(re[i+1])) {
				return "", false
			}
			i++
			b.WriteByte(re[i])
		case strings.ContainsRune(canonical.RegexSyntax, rune(c)):
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// unwrapGroup drops one pair of parentheses around a whole regex without
// inner groups: "(a|b)" and "a|b" match the same names.
func unwrapGroup(re string) string {
	if strings.HasPrefix(re, "(") && strings.HasSuffix(re, ")") && !strings.ContainsAny(re[1:len(re)-1], "()") {
		return re[1 : len(re)-1]
	}
	return re
}

// primaryName is the name the target writes for a native tool name it
// reads (an alias such as Droid's "Bash" reads as shell, written Execute).
func primaryName(name string, prov vocab.Provider, names *vocab.Tables) string {
	if t, ok := names.DecodeTool(prov.Slug, name); ok {
		if w, ok := names.EncodeTool(prov.Slug, t.Tool); ok {
			return w.Name
		}
	}
	return name
}

func appendMatcherKeys(keys []string, m canonical.Matcher, prov vocab.Provider, names *vocab.Tables) []string {
	switch m := m.(type) {
	case canonical.ToolName:
		if t, ok := names.EncodeTool(prov.Slug, string(m)); ok {
			keys = append(keys, "tool:"+t.Name)
		} else {
			keys = append(keys, "tool:"+primaryName(string(m), prov, names))
		}
	case canonical.MCP:
		switch {
		case m.Tool != "":
			keys = append(keys, "tool:"+providers.MCPName(prov.MCP, m.Server, m.Tool))
		case m.Server == canonical.AnyServer:
			keys = append(keys, "mcp:*")
		default:
			keys = append(keys, "re:"+providers.MCPServerPattern(prov.MCPServer, m.Server))
		}
	case canonical.Pattern:
		if unwrapGroup(m.Regex) == "" {
			// The empty regex ("", "()") matches every name, as a tool's
			// "every tool" does.
			return append(keys, "*")
		}
		if listed, ok := listedNames(m.Regex); ok {
			for _, name := range listed {
				keys = append(keys, "tool:"+primaryName(name, prov, names))
			}
			return keys
		}
		// Alternatives one by one, as decoders read them: "a|b.*" may come
		// back as the tool a or the pattern b.*.
		if parts, ok := providers.SplitAlternation(m.Regex); ok && len(parts) > 1 {
			for _, p := range parts {
				keys = appendMatcherKeys(keys, canonical.Pattern{Regex: p}, prov, names)
			}
			return keys
		}
		// A server's tools, spelled as this tool's decoder reads them.
		if mcp, ok := providers.MCPServerMatcher(prov.MCPServer, unwrapGroup(m.Regex)); ok {
			return appendMatcherKeys(keys, mcp, prov, names)
		}
		keys = append(keys, "re:"+unwrapGroup(m.Regex))
	case canonical.AnyOf:
		for _, x := range m {
			keys = appendMatcherKeys(keys, x, prov, names)
		}
	}
	return keys
}
