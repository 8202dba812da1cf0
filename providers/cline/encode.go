package cline

import (
	"fmt"
	"path"
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
)

// Encode implements providers.Adapter: one generated sh script per event,
// .clinerules/hooks/<Event>, holding that event's hooks in manifest order.
//
// existing is read for what must not be lost: a hand-written script where
// a generated one would go is an error (nothing is written), a generated
// one is replaced (with a warning when it was edited), and a generated
// script of an event that no longer has hooks is rewritten to run nothing.
// When existing is one file outside the hooks folders (the -o file), the
// script goes there, which works only for hooks of a single event.
func (a *Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	a.load()
	var ds diag.List
	groups := map[string][]scriptHook{}
	events := map[string]string{} // native name → canonical event
	for i := range m.Hooks {
		h := &m.Hooks[i]
		row, ok := a.target(h)
		if !ok {
			ds.Warnf(CodeEvent, h.PosOf("event"), fmt.Sprintf("hooks[%d].event", h.SourceIndex(i)),
				"run `hookconv events` to see Cline's events",
				"%s uses event %s, which Cline does not have; not written", h.DisplayName(i), h.Event)
			continue
		}
		providers.WarnUnwritten(&ds, h, i, "Cline", a.UsesField)
		groups[row.Name] = append(groups[row.Name], scriptHook{h: h, pos: i + 1})
		events[row.Name] = row.Event
	}
	names := sortedkeys.Of(groups)

	where := map[string]string{} // native event → output path
	named := namedFile(existing)
	switch {
	case named == "":
		for _, ev := range names {
			where[ev] = HooksDir + "/" + ev
		}
	case len(names) > 1:
		ds.Errorf(CodeOneFile, diag.Pos{}, "", "give -o a project directory instead: each event gets its own script in "+HooksDir,
			"the hooks belong to %d Cline events (%v), and Cline needs one script per event, but the output is the one file %s", len(names), names, named)
		inFile(ds, named)
		return nil, ds
	case len(names) == 1:
		n, ext := splitName(path.Base(named))
		if n != names[0] {
			ds.Errorf(CodeMisnamedOutput, diag.Pos{}, "", "name the file "+names[0]+", or give -o a project directory",
				"Cline runs a hook script only when it is named after its event: %s must be called %s to run", named, names[0])
			inFile(ds, named)
			return nil, ds
		}
		if ext != "" && !slices.Contains(shellExtensions, ext) {
			ds.Errorf(CodeMisnamedOutput, diag.Pos{}, "", "name the file "+names[0]+", or give -o a project directory",
				"Cline runs %s by its extension (%s), but hookconv writes a shell script: it would fail every time", named, ext)
			inFile(ds, named)
			return nil, ds
		}
		where[names[0]] = named
	}

	// Each event's script stands alone, and one may hold thousands of
	// hooks: they are rendered at once, by weight (internal/parallel).
	weights := make([]int, len(names))
	for k, ev := range names {
		weights[k] = len(groups[ev])
	}
	scripts, sds := parallel.InChunks(parallel.Weighted(weights), nil, nil, func(ds *diag.List, k int, sc *written) bool {
		ev := names[k]
		p := where[ev]
		if !a.mayReplace(ds, p, existing[p]) {
			return false
		}
		for _, sh := range groups[ev] {
			a.checkRunsScript(ds, sh, p)
		}
		*sc = written{path: p, src: a.render(ds, ev, events[ev], groups[ev])}
		if note := a.noteOf(ev); note != "" {
			first := groups[ev][0]
			ds.Infof(CodeReach, first.h.PosOf("event"), fmt.Sprintf("hooks[%d].event", first.h.SourceIndex(first.pos-1)), "", "%s", note)
		}
		return true
	})
	ds = append(ds, sds...)
	out := make(providers.Files, len(scripts))
	for _, sc := range scripts {
		out[sc.path] = sc.src
	}
	if named == "" {
		a.emptyStale(&ds, existing, out)
	}
	if ds.HasErrors() {
		return nil, ds
	}
	return out, ds
}

// written is one event's script as rendered, and where it goes.
type written struct {
	path string
	src  []byte
}

// namedFile is the one file existing names when it is not a script in a
// project's hooks folder (the CLI's -o file), else "".
func namedFile(existing providers.Files) string {
	if len(existing) != 1 {
		return ""
	}
	for p := range existing {
		if !inHooksDir(p) || path.IsAbs(p) {
			return p
		}
	}
	return ""
}

// mayReplace reports whether a generated script may be written at p,
// whose current content is old (nil: no such file).
func (a *Adapter) mayReplace(ds *diag.List, p string, old []byte) bool {
	if len(old) == 0 {
		return true
	}
	s := parseScript(old)
	if !s.generated {
		ds.Errorf(CodeOverwrite, diag.Pos{}, "", "move the script elsewhere (e.g. scripts/), convert it with --from cline to keep it as a hook, then convert again",
			"%s is a hand-written hook script; hookconv will not replace it with a generated one, so nothing was written", p)
		inFile(*ds, p)
		return false
	}
	var eds diag.List
	a.checkSums(&eds, s)
	if len(eds) > 0 {
		ds.Warnf(CodeEdited, diag.Pos{}, "", "keep the edits by moving them into a hook of the source",
			"%s, which hookconv generated, was edited since; it is replaced and the edits are lost", p)
		inFile(*ds, p)
	}
	return true
}

// checkRunsScript reports a hook that runs a script Cline runs by itself:
// the very file being written (it would run itself forever), or another
// script in a hooks folder (it would run twice).
func (a *Adapter) checkRunsScript(ds *diag.List, sh scriptHook, out string) {
	h := sh.h
	cmds := []string{h.Handler.Command}
	for _, k := range sortedkeys.Of(h.Handler.Platform) {
		cmds = append(cmds, h.Handler.Platform[k])
	}
	for _, c := range cmds {
		sp := scriptOf(c)
		if sp == "" {
			continue
		}
		field := fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(sh.pos-1))
		if sp == path.Clean(out) {
			ds.Errorf(CodeSelfRun, h.PosOf("handler.command"), field,
				"move the hand-written script out of the hooks folder (e.g. scripts/"+path.Base(sp)+".sh) and point the hook at it",
				"%s runs %s, the script this output replaces: the generated script would run itself forever", h.DisplayName(sh.pos-1), sp)
			return
		}
		if inHooksDir(sp) {
			name, _ := splitName(path.Base(sp))
			if row, _ := a.event(name); row.Name != "" {
				ds.Warnf(CodeAlsoRun, h.PosOf("handler.command"), field,
					"move the script out of the hooks folder and point the hook at it",
					"%s runs %s, which Cline also runs by itself as its %s hook: it would run twice", h.DisplayName(sh.pos-1), sp, row.Name)
			}
		}
	}
}

// emptyStale rewrites, as scripts that run nothing, the generated scripts
// in existing whose events have no hooks any more: hookconv cannot delete
// them, and left alone they would keep running the old hooks.
func (a *Adapter) emptyStale(ds *diag.List, existing, out providers.Files) {
	for _, p := range existing.Paths() {
		if _, written := out[p]; written || !inHooksDir(p) {
			continue
		}
		s := parseScript(existing[p])
		if !s.generated || len(s.order) == 0 {
			continue // hand-written, or already empty
		}
		name, _ := splitName(path.Base(p))
		row, _ := a.event(name)
		if row.Name == "" {
			continue
		}
		out[p] = a.render(ds, row.Name, row.Event, nil)
		ds.Infof(CodeStale, diag.Pos{}, "", "delete "+p+" if you like",
			"%s was generated for hooks that are no longer there; rewritten to run nothing", p)
		inFile(*ds, p)
	}
}

// noteOf is what the vocabulary says users must know about an event.
func (a *Adapter) noteOf(ev string) string {
	for _, r := range a.Names.EventsOf(Slug) {
		if r.Name == ev {
			return r.Note
		}
	}
	return ""
}

// inFile sets the file of the last diagnostic of ds: one about a file
// being written rather than about a hook.
func inFile(ds diag.List, file string) {
	ds[len(ds)-1].File = file
}

// UsesField reports whether the generated script acts on a handler field
// (providers.FieldUser): Cline shows no status message for a hook
// (reference part 2 §6), and the script prints none.
func (a *Adapter) UsesField(field string) bool { return field != "status_message" }
