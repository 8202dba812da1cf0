package canonical

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/sortedkeys"
)

// Diagnostic codes of hookconv's own provider_data marks.
const (
	CodeMarkShape   = "HC594" // one of hookconv's own provider_data marks ("$keys", "$event", …) of a shape or value its decoders never write (error; a warning for a mark only warnings read, or an event name the hook is not on)
	CodeMarkUnknown = "HC595" // a "$" key of provider_data that is none of hookconv's marks, ignored (warning)
)

// markShape is the JSON shape of a mark's value.
type markShape int

const (
	markString    markShape = iota // a string
	markTrue                       // true: present or absent, nothing else
	markObject                     // an object (native keys, verbatim)
	markStrings                    // an array of strings
	markStringMap                  // an object whose values are strings
	markIndex                      // a non-negative integer
	markEvent                      // a string: the provider's native name for the hook's event
)

// want says, for a diagnostic, what a value of the shape is.
func (s markShape) want() string {
	switch s {
	case markTrue:
		return "true"
	case markObject:
		return "an object"
	case markStrings:
		return "an array of strings"
	case markStringMap:
		return "an object of strings"
	case markIndex:
		return "a whole number, 0 or more"
	}
	return "a string"
}

// fits reports whether v has the shape.
func (s markShape) fits(v *node.Node) bool {
	switch s {
	case markTrue:
		return v.Kind == node.Bool && v.Bool
	case markObject:
		return v.Kind == node.Object
	case markStrings:
		_, ok := v.Strings()
		return ok
	case markStringMap:
		return v.Kind == node.Object && !slices.ContainsFunc(v.Fields, func(f node.Field) bool { return f.Value.Kind != node.String })
	case markIndex:
		_, err := strconv.ParseUint(v.Text, 10, 0)
		return v.Kind == node.Number && err == nil
	}
	return v.Kind == node.String
}

// mark is what a decoder writes under one of hookconv's marks.
type mark struct {
	shape markShape
	// lenient marks are read only by the pipeline's warnings, each
	// leniently (a "$env" string is one name): converting goes on as if
	// a misshapen one were not there (or as the lenient read finds it),
	// so a wrong shape is a warning; encoders trust the others, and a
	// wrong shape there is an error.
	lenient bool
	// own are, for an object mark an encoder merges into what it writes
	// itself, the keys it writes itself: a decoder records only other
	// keys there (a group's "sequential", not its "matcher"), and one
	// written by hand would stand beside or in place of the encoder's
	// own (Kiro's then.timeout "bash": an internal error). A decoder does
	// record Kiro's then.timeout when it is 0, the tool's default, which
	// has no canonical value; that one is allowed (ownKey).
	own []string
}

// marks are hookconv's own provider_data keys: what its decoders record
// of a native file so that native → manifest → native is lossless, and
// the pipeline's provenance. This is the one list of them (the decoders
// in providers/… write them; capabilities.DecodedFrom and Check read this
// table), with the shape each decoder writes: a hand-edited mark of
// another shape reached encoders that trust it (an internal error, HC900,
// for Copilot CLI's "$keys"), so Check reports it (HC594).
var marks = map[string]mark{
	"$matcher":       {shape: markString},                                    // the native matcher text (nested, flat, kiro-agent)
	"$commandFilter": {shape: markString},                                    // a split event's command-line filter (flat)
	"$event":         {shape: markEvent},                                     // the native event an entry came from (flat, cline; nested: a name only read, Codex's StopFailure)
	"$spelling":      {shape: markEvent},                                     // Claude Code's name for the event (flat, ClaudeSpelling tools)
	"$type":          {shape: markTrue},                                      // the entry spelled out its default "type" (flat)
	"$keys":          {shape: markStringMap},                                 // canonical field → the native key the entry used (flat)
	"$exec":          {shape: markString},                                    // an exec form's program (flat, nested)
	"$args":          {shape: markStrings},                                   // an exec form's argv (flat, nested)
	"$group":         {shape: markObject, own: []string{"matcher", "hooks"}}, // a group's own keys (nested)
	"$newGroup":      {shape: markTrue},                                      // the handler opened a group of its own (nested)
	"$neverRuns":     {shape: markObject},                                    // a handler of a type the tool never runs, whole (nested)
	"$zeroTimeout":   {shape: markTrue},                                      // the entry's timeout was 0, which no canonical timeout means (flat)
	"$entry":         {shape: markIndex},                                     // the entry a hook came from (openhook)
	"$all":           {shape: markTrue},                                      // an entry subscribed to "*" (openhook)
	"$patterns":      {shape: markStrings},                                   // when.patterns, verbatim (kiro)
	"$toolTypes":     {shape: markStrings},                                   // when.toolTypes, verbatim (kiro)
	"$when":          {shape: markObject, own: []string{"type"}},             // other keys of when (kiro)
	"$then":          {shape: markObject, own: []string{"type", "timeout"}},  // other keys of then (kiro)
	"$file":          {shape: markString},                                    // the hook file's name (kiro)
	"$top":           {shape: markObject},                                    // a file's top-level keys the tool tolerates and hookconv carries (flat: Windsurf's "version")
	"$absent":        {shape: markStrings},                                   // the keys of the written form the file lacked (kiro; openhook's "events")
	// Read only by the pipeline's warnings.
	"$disabled":   {shape: markString, lenient: true},  // the setting that turns the hook off (switches): HC409
	"$env":        {shape: markStrings, lenient: true}, // the names the tool's settings set for every hook: HC440
	"$failClosed": {shape: markTrue, lenient: true},    // Cursor's failClosed (flat): HC322 and the blocking matrix
	"$from":       {shape: markTrue, lenient: true},    // the pipeline's provenance, when no other mark says it: HC419, HC425
}

// ownKey is the first key of v, the value of mark key, that its encoder
// writes itself (mark.own), or "".
func ownKey(key string, v *node.Node) string {
	for _, f := range v.Fields {
		if !slices.Contains(marks[key].own, f.Key) {
			continue
		}
		if n, err := strconv.ParseFloat(f.Value.Text, 64); key == "$then" && f.Key == "timeout" && f.Value.Kind == node.Number && err == nil && n == 0 {
			continue
		}
		return f.Key
	}
	return ""
}

// IsMark reports whether key is one of hookconv's own provider_data marks.
func IsMark(key string) bool {
	_, ok := marks[key]
	return ok
}

// MarkFits reports whether v, the value of mark key in provider_data, has
// the shape hookconv's decoders write (false for a key that is no mark).
// A test holds every decoder's output to it.
func MarkFits(key string, v *node.Node) bool {
	m, ok := marks[key]
	return ok && m.shape.fits(v) && (v.Kind != node.Object || ownKey(key, v) == "")
}

// markHint is the fix for a mark written by hand.
const markHint = "remove it: it is hookconv's own record of the native file; hand-editing it is not supported"

// checkMarks reports the "$" keys of the hook's provider_data: one that
// is none of hookconv's marks (HC595, a warning: ignored), and a mark
// whose value has a shape no decoder writes (HC594: an error, since
// encoders trust their own marks; a warning for the provenance marks,
// which only warnings read), or, for "$event" and "$spelling", names no
// native event of the tool for the hook's event (HC594, a warning: the
// encoders and the provenance warnings ignore such a one).
func checkMarks(ds *diag.List, h *Hook, path string, v Vocabulary) {
	for _, slug := range sortedkeys.Of(h.ProviderData) {
		raw := h.ProviderData[slug]
		if !bytes.Contains(raw, []byte(`"$`)) || !v.IsProvider(slug) {
			continue // most hooks; an unknown slug has HC183
		}
		data, err := node.ParseJSON(raw, node.JSONOptions{})
		if err != nil || data.Kind != node.Object {
			continue
		}
		for _, f := range data.Fields {
			if !strings.HasPrefix(f.Key, "$") {
				continue
			}
			at := "provider_data." + slug + "." + f.Key
			m, ok := marks[f.Key]
			if !ok {
				ds.Warnf(CodeMarkUnknown, h.KeyPosOf(at), path+"."+at,
					hintFor(f.Key, sortedkeys.Of(marks), `remove it: keys starting with "$" are hookconv's own marks`),
					"%q is none of hookconv's own marks (keys starting with \"$\"); it is ignored", f.Key)
				continue
			}
			if !m.shape.fits(f.Value) {
				say := ds.Errorf
				if m.lenient {
					say = ds.Warnf
				}
				say(CodeMarkShape, h.PosOf(at), path+"."+at, markHint,
					"%s must be %s, not %s", at, m.shape.want(), string(node.AppendCompact(nil, f.Value)))
				continue
			}
			if k := ownKey(f.Key, f.Value); k != "" {
				ds.Errorf(CodeMarkShape, h.PosOf(at+"."+k), path+"."+at+"."+k, markHint,
					"%s holds %q, a key hookconv writes itself from the hook's own fields; its decoders never record it there", at, k)
				continue
			}
			if m.shape != markEvent {
				continue
			}
			tool := slug
			if f.Key == "$spelling" {
				tool = "claude-code" // the spelling Copilot CLI also reads
			}
			if !slices.Contains(v.DecodeEvent(tool, f.Value.Text), h.Event) {
				ds.Warnf(CodeMarkShape, h.PosOf(at), path+"."+at, markHint,
					"%s names %q, which is not %s's name for %s, so it cannot say where the hook was read from; it is ignored", at, f.Value.Text, tool, eventOr(h.Event))
			}
		}
	}
}

// eventOr is the hook's event for a message, or a stand-in when it has
// none (HC130 says that).
func eventOr(event string) string {
	if event == "" {
		return "the hook's event"
	}
	return fmt.Sprintf("%q", event)
}

// MarkNames lists hookconv's own provider_data marks, sorted.
func MarkNames() []string { return sortedkeys.Of(marks) }
