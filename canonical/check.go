package canonical

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"strings"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/internal/suggest"
)

// Vocabulary is what Check needs to know about names. The vocab and
// capabilities packages provide it; canonical stays free of any table so the
// model never depends on a provider fact.
type Vocabulary interface {
	// EventNames lists every canonical event.
	EventNames() []string
	// IsEvent reports whether name is a canonical event.
	IsEvent(name string) bool
	// CanBlockSomewhere reports whether at least one provider lets a hook
	// on event prevent or retry the action.
	CanBlockSomewhere(event string) bool
	// TakesMatcher reports whether a matcher on event, a canonical event,
	// selects anything: a tool event's tools (spec §2), or the files of a
	// file event some tool filters by a path pattern (Kiro's file hooks).
	TakesMatcher(event string) bool
	// ToolNames lists every canonical tool.
	ToolNames() []string
	// IsTool reports whether name is a canonical tool.
	IsTool(name string) bool
	// CapabilityNames lists every capability id.
	CapabilityNames() []string
	// IsCapability reports whether id is a capability.
	IsCapability(id string) bool
	// ProviderSlugs lists every provider slug.
	ProviderSlugs() []string
	// IsProvider reports whether slug names a provider.
	IsProvider(slug string) bool
	// NativeEvent returns the canonical event that a provider (the first
	// in the table that does) calls name, and that provider's name.
	NativeEvent(name string) (event, provider string, ok bool)
	// BackgroundKeys returns the native handler keys that, set to true in
	// the provider's provider_data, make it run a hook without waiting
	// for it (Claude Code's asyncRewake), and the provider's name.
	BackgroundKeys(slug string) (keys []string, provider string)
	// DecodeEvent returns the canonical events a provider's native event
	// name stands for (none for a name it does not have).
	DecodeEvent(slug, native string) []string
}

// Check validates the manifest's names against the vocabularies: events,
// tool names, capability ids and provider slugs, blocking intent, and
// duplicate hooks. Structural problems were already reported by Parse.
func Check(m *Manifest, v Vocabulary) diag.List {
	var ds diag.List
	seed := maphash.MakeSeed()
	seen := make(map[uint64][]int, len(m.Hooks))
	for i := range m.Hooks {
		h := &m.Hooks[i]
		path := index("hooks", i)
		checkEvent(&ds, h, path, v)
		if h.Blocking && h.Handler.Async {
			// The tools that run a hook in the background (Claude Code,
			// Qwen Code, the generated Cline and OpenCode programs) do not
			// wait for its exit code, so the guard never stops anything
			// there; the others drop async and wait, and it blocks.
			ds.Warnf(CodeBlockingAsync, h.PosOf("handler.async"), path+".handler.async",
				"remove \"async\": a hook must finish before its answer can stop the action",
				"the hook is blocking but async: tools that run it in the background never wait for its exit code, so it blocks nothing there")
		}
		if h.Blocking {
			checkBackground(&ds, h, path, v)
		}
		checkMatcher(&ds, h, h.Matcher, path+".matcher", v)
		if h.Matcher != nil && v.IsEvent(h.Event) && !v.TakesMatcher(h.Event) {
			// Spec §2: a matcher selects tools; on any other event it is
			// ignored, and the hook fires every time (convert says so,
			// HC344, for the target: validate says it of the manifest).
			ds.Warnf(CodeMatcherNoTool, h.PosOf("matcher"), path+".matcher",
				"remove the matcher, or move the hook to a tool event (`hookconv events`)",
				"%s is not an event a matcher selects for (tools, or files by path), so the matcher is ignored and the hook fires every time", h.Event)
		}
		for _, k := range sortedkeys.Of(h.Degradation) {
			if !v.IsCapability(k) {
				ds.Errorf(CodeDegradationKey, h.KeyPosOf("degradation."+k), path+".degradation."+k,
					hintFor(k, v.CapabilityNames(), "capabilities are: "+strings.Join(v.CapabilityNames(), ", ")),
					"%q is not a capability", k)
			}
		}
		for j, c := range h.Capabilities {
			if !v.IsCapability(c) {
				ds.Warnf(CodeCapabilityList, h.ItemPosOf("capabilities", j), fmt.Sprintf("%s.capabilities[%d]", path, j),
					hintFor(c, v.CapabilityNames(), "capabilities are: "+strings.Join(v.CapabilityNames(), ", ")),
					"%q is not a capability", c)
			}
		}
		checkMarks(&ds, h, path, v)
		for _, k := range sortedkeys.Of(h.ProviderData) {
			if !v.IsProvider(k) {
				ds.Warnf(CodeProviderUnknown, h.KeyPosOf("provider_data."+k), path+".provider_data."+k,
					hintFor(k, v.ProviderSlugs(), "run `hookconv providers` for the slugs"),
					"provider_data key %q is not a provider slug; it will never be rendered", k)
			}
		}
		if h.broken {
			continue
		}
		key := fingerprint(seed, h)
		if first, dup := sameHook(m, seen[key], h); dup {
			this, that := h.DisplayName(i), m.Hooks[first].DisplayName(first)
			if this == that { // two hooks of one name: say which
				this, that = fmt.Sprintf("%s (hooks[%d])", this, i), fmt.Sprintf("hooks[%d]", first)
			}
			ds.Warnf(CodeDuplicateHook, h.PosOf(""), path, "remove one of them",
				"%s is identical to %s: it would run twice", this, that)
		} else {
			seen[key] = append(seen[key], i)
		}
	}
	return ds
}

// checkBackground warns (HC185) about a blocking hook whose provider_data
// sets a key that makes its tool run it in the background (the providers
// table's background_keys: Claude Code's asyncRewake): that tool does not
// wait for the exit code, so the guard blocks nothing there, exactly as
// with handler.async, and the encoder writes the key as it is (QA).
func checkBackground(ds *diag.List, h *Hook, path string, v Vocabulary) {
	for _, slug := range sortedkeys.Of(h.ProviderData) {
		keys, tool := v.BackgroundKeys(slug)
		if len(keys) == 0 {
			continue
		}
		data, err := node.ParseJSON(h.ProviderData[slug], node.JSONOptions{})
		if err != nil || data.Kind != node.Object {
			continue
		}
		for _, key := range keys {
			if val := data.Get(key); val != nil && val.Kind == node.Bool && val.Bool {
				at := "provider_data." + slug + "." + key
				ds.Warnf(CodeBlockingAsync, h.PosOf(at), path+"."+at,
					fmt.Sprintf("remove %q: a hook must finish before its answer can stop the action", key),
					"the hook is blocking, but provider_data.%s.%s makes %s run it in the background: it never waits for its exit code, so it blocks nothing there", slug, key, tool)
			}
		}
	}
}

// sameHook finds, among the hooks with h's fingerprint, one equal to h.
func sameHook(m *Manifest, candidates []int, h *Hook) (int, bool) {
	if len(candidates) == 0 {
		return 0, false
	}
	mine := MarshalHook(h)
	for _, c := range candidates {
		if bytes.Equal(MarshalHook(&m.Hooks[c]), mine) {
			return c, true
		}
	}
	return 0, false
}

func checkEvent(ds *diag.List, h *Hook, path string, v Vocabulary) {
	if strings.TrimSpace(h.Event) == "" || v.IsEvent(h.Event) {
		// A blank event is Parse's error (HC130); not an unknown one too.
		if h.Blocking && h.Event != "" && !v.CanBlockSomewhere(h.Event) {
			ds.Warnf(CodeBlockingNowhere, h.PosOf("blocking"), path+".blocking",
				"remove \"blocking\", or move the hook to an event that can block",
				"no provider lets a hook on %s block: \"blocking\": true has no effect", h.Event)
		}
		return
	}
	if rest, ok := strings.CutPrefix(h.Event, "vendor."); ok {
		slug, native, _ := strings.Cut(rest, ".")
		switch {
		case !v.IsProvider(slug) || slug == "canonical":
			ds.Errorf(CodeEventUnknown, h.PosOf("event"), path+".event",
				hintFor(slug, v.ProviderSlugs(), "write vendor.<provider>.<event> with a provider slug (`hookconv providers`)"),
				"%q names no provider: %q is not a provider slug, so no tool would ever run the hook", h.Event, slug)
		case native == "":
			ds.Errorf(CodeEventUnknown, h.PosOf("event"), path+".event",
				"write vendor."+slug+".<event> with "+slug+"'s own event name",
				"%q names no event of %s", h.Event, slug)
		default:
			ds.Warnf(CodeEventCustom, h.PosOf("event"), path+".event",
				"it is kept for "+slug+" and excluded everywhere else",
				"%q is a custom vendor event, not a canonical one", h.Event)
		}
		return
	}
	hint := hintFor(h.Event, v.EventNames(), "run `hookconv events` for the canonical names; custom events are vendor-prefixed, e.g. vendor.cursor.x")
	if event, provider, ok := v.NativeEvent(h.Event); ok {
		// A tool's own spelling (PreToolUse): the manifest names events
		// the canonical way.
		hint = fmt.Sprintf("did you mean %q? %q is %s's name for it; a manifest uses the canonical names", event, h.Event, provider)
	}
	ds.Errorf(CodeEventUnknown, h.PosOf("event"), path+".event", hint, "unknown event %q", h.Event)
}

func checkMatcher(ds *diag.List, h *Hook, m Matcher, path string, v Vocabulary) {
	checkMatcherAt(ds, h, m, path, h.PosOf("matcher"), v)
}

// checkMatcherAt is checkMatcher for a matcher written at pos: an item of
// a list points at itself, not at the list.
func checkMatcherAt(ds *diag.List, h *Hook, m Matcher, path string, pos diag.Pos, v Vocabulary) {
	switch m := m.(type) {
	case ToolName:
		if !v.IsTool(string(m)) {
			ds.Warnf(CodeToolUnknown, pos, path,
				hintFor(string(m), v.ToolNames(), "use a canonical tool name (`hookconv tools`), or {\"pattern\": ...} for a native name"),
				"%q is not a canonical tool name: it is passed to every provider as a literal native name", string(m))
		}
	case AnyOf:
		for i, x := range m {
			checkMatcherAt(ds, h, x, fmt.Sprintf("%s[%d]", path, i), h.ItemPosOf("matcher", i), v)
		}
	}
}

// loose is a name without its case and its separators (_, -, space).
func loose(name string) string {
	return strings.ToLower(strings.NewReplacer("_", "", "-", "", " ", "").Replace(name))
}

// hintFor suggests the closest known name, or falls back to a general hint.
func hintFor(word string, known []string, fallback string) string {
	for _, k := range known {
		if loose(word) == loose(k) {
			// Before_Tool_Execute, beforeToolExecute: letters that differ
			// by case, and separators, are too many edits for Closest (QA).
			return fmt.Sprintf("did you mean %q?", k)
		}
	}
	if s := suggest.Closest(word, known, 2); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	if s := suggest.Completion(word, known); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return fallback
}
