package canonical

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/url"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/suggest"
)

// MaxFileSize is the largest input hookconv reads. Real hook configs are a
// few kilobytes; the cap turns a mistaken argument (a log, a binary) into a
// clear diagnostic instead of a long wait.
const MaxFileSize = 32 << 20

// Format is a manifest's serialisation.
type Format int

// Serialisations of a manifest.
const (
	FormatAuto Format = iota // by file extension, else by content
	FormatJSON
	FormatYAML
)

// DetectFormat picks JSON or YAML from the file name, then from the first
// non-blank byte (JSON documents start with '{' or '[').
func DetectFormat(name string, src []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml":
		return FormatYAML
	case ".json", ".jsonc":
		return FormatJSON
	}
	for _, c := range src {
		switch c {
		case ' ', '\t', '\r', '\n', 0xEF, 0xBB, 0xBF:
			continue
		case '{', '[':
			return FormatJSON
		}
		break
	}
	return FormatYAML
}

// ParseDocument parses src as JSON or YAML into a positioned tree. A
// problem is returned as an HC101/HC102 diagnostic.
func ParseDocument(name string, src []byte, f Format) (*node.Node, diag.List) {
	var ds diag.List
	if len(src) > MaxFileSize {
		ds.Errorf(CodeTooLarge, diag.Pos{}, "", "check that this is the file you meant; hook configs are a few kilobytes",
			"file is %.1f MiB; hookconv reads at most %d MiB", float64(len(src))/(1<<20), MaxFileSize>>20)
		return nil, ds.WithFile(name)
	}
	if f == FormatAuto {
		f = DetectFormat(name, src)
	}
	var root *node.Node
	var err error
	if f == FormatYAML {
		root, err = node.ParseYAML(src)
	} else {
		root, err = node.ParseJSON(src, node.JSONOptions{})
	}
	if err != nil {
		var se *node.SyntaxError
		pos := diag.Pos{Line: 1, Column: 1}
		msg := err.Error()
		kind := "JSON"
		if f == FormatYAML {
			kind = "YAML"
		}
		hint := "fix the " + kind + " syntax at the marked position"
		if errors.As(err, &se) {
			pos, msg = se.Pos, se.Msg
			if se.Hint != "" {
				hint = se.Hint
			}
		}
		ds.Errorf(CodeSyntax, pos, "", hint, "invalid %s: %s", kind, msg)
		return nil, ds.WithFile(name)
	}
	return root, nil
}

// Parse reads a manifest from JSON or YAML (chosen by name and content) and
// checks its structure: required fields, JSON types, enumerations, regular
// expressions. Checks that need the vocabularies are done by Check. The
// manifest is returned whenever the document parsed, even with errors, so
// every problem can be reported in one run.
func Parse(name string, src []byte) (*Manifest, diag.List) {
	root, ds := ParseDocument(name, src, FormatAuto)
	if root == nil {
		return nil, ds
	}
	m, ds := FromNode(root)
	for i := range m.Hooks {
		m.Hooks[i].OriginFile = name
	}
	return m, ds.WithFile(name)
}

// FromNode builds a manifest from a parsed document.
func FromNode(root *node.Node) (*Manifest, diag.List) {
	d := &decoder{}
	m := d.manifest(root)
	return m, d.ds
}

type decoder struct {
	ds diag.List
}

var (
	manifestFields = []string{"spec", "hooks"}
	hookFields     = []string{"name", "event", "matcher", "handler", "blocking", "degradation", "provider_data", "capabilities"}
	handlerFields  = []string{"type", "command", "platform", "cwd", "env", "timeout", "timeout_action", "async", "status_message",
		"url", "headers", "allowed_env_vars", "prompt", "model", "server", "tool", "input"}
	matcherFields = []string{"pattern", "mcp"}
	mcpFields     = []string{"server", "tool"}
	platformKeys  = []string{"windows", "linux", "osx", "darwin"}
)

// misplaced says where a field that is not one of known belongs, when it
// is a field of the hook or of its handler (its home, "" otherwise), and
// what ignoring it does.
func misplaced(key string, known []string) (home, effect string) {
	switch {
	case contains(known, "handler") || contains(known, "command"):
	default:
		return "", "" // not a hook or a handler: a matcher's, the root's
	}
	switch {
	case !contains(known, "handler") && contains(hookFields, key) && key != "name":
		home = "the hook (beside \"handler\")"
	case !contains(known, "command") && contains(handlerFields, key):
		home = "the handler"
	default:
		return "", ""
	}
	switch key {
	case "blocking":
		effect = "unless the hook says it too, it is not blocking"
	case "matcher":
		effect = "unless the hook says it too, it fires for every tool"
	case "timeout":
		effect = "unless the handler says it too, the hook gets the tool's default timeout"
	default:
		effect = "as if it were not written"
	}
	return home, effect
}

// meantField returns the known field that key plainly means though it is
// more than one edit from it, and what ignoring key does: the same name
// in another case or with other separators (timeoutAction, Is-Blocking),
// or a word for "blocking" ("block", "blocks", "blocked", "blocker",
// "is_blocking", "shouldBlock"), whose loss leaves a guard that blocks
// nothing. "" when key means none of them.
func meantField(key string, known []string) (field, effect string) {
	k := looseKey(key)
	for _, f := range known {
		if k == looseKey(f) {
			field = f
		}
	}
	if field == "" && contains(known, "blocking") {
		for _, prefix := range []string{"is", "should", "can", "does", "will"} {
			if rest, ok := strings.CutPrefix(k, prefix); ok && strings.HasPrefix(rest, "block") {
				k = rest
			}
		}
		if rest, ok := strings.CutPrefix(k, "block"); ok && slices.Contains([]string{"", "s", "ed", "er", "ing"}, rest) {
			field = "blocking" // not "blocklist", a key of another meaning
		}
	}
	switch field {
	case "":
		return "", ""
	case "blocking":
		return field, "the hook is not blocking, so its exit code stops nothing"
	case "timeout_action":
		return field, "a timeout lets the action go ahead"
	}
	return field, "as if it were not written"
}

// looseKey is a field name without its case and its separators (_, -).
func looseKey(name string) string {
	return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(name))
}

// handlerFieldTypes says which handler types a type-specific field applies
// to; fields not listed (type, timeout, timeout_action, status_message)
// apply to every type.
var handlerFieldTypes = map[string][]string{
	"command":          {HandlerCommand},
	"platform":         {HandlerCommand},
	"cwd":              {HandlerCommand},
	"env":              {HandlerCommand},
	"async":            {HandlerCommand},
	"url":              {HandlerHTTP},
	"headers":          {HandlerHTTP},
	"allowed_env_vars": {HandlerHTTP},
	"prompt":           {HandlerPrompt, HandlerAgent},
	"model":            {HandlerPrompt, HandlerAgent},
	"server":           {HandlerMCPTool},
	"tool":             {HandlerMCPTool},
	"input":            {HandlerMCPTool},
}

// handlerFieldNames are handlerFieldTypes' keys in name order, sorted
// once: DropForeignFields runs for every hook of a conversion.
var handlerFieldNames = slices.Sorted(maps.Keys(handlerFieldTypes))

// foreignFieldNames lists, per handler type, the type-specific fields
// (handlerFieldNames, in name order) that do not apply to it, worked out
// once: DropForeignFields then asks one map per hook instead of one per
// field (13 lookups per hook were ~1 % of a large conversion's CPU).
var foreignFieldNames = func() map[string][]string {
	out := make(map[string][]string, len(handlerTypes))
	for _, t := range handlerTypes {
		for _, f := range handlerFieldNames {
			if !contains(handlerFieldTypes[f], t) {
				out[t] = append(out[t], f)
			}
		}
	}
	return out
}()

// DropForeignFields clears each type-specific field h sets that its type
// does not have (handlerFieldTypes: an http handler's "async", a prompt
// handler's "env"), which validate warns about (HC184) and no tool's
// handler of that type has a key for: a converter writes only keys the
// target understands (spec §7.3). It returns the canonical names of the
// fields cleared, in name order.
func (h *Handler) DropForeignFields() []string {
	var dropped []string
	foreign, known := foreignFieldNames[h.Type]
	if !known {
		foreign = handlerFieldNames // an unknown type has none of them
	}
	for _, f := range foreign {
		set := true
		switch f {
		case "command":
			set, h.Command = h.Command != "", ""
		case "platform":
			set, h.Platform = len(h.Platform) > 0, nil
		case "cwd":
			set, h.Cwd = h.Cwd != "", ""
		case "env":
			set, h.Env = len(h.Env) > 0, nil
		case "async":
			set, h.Async = h.Async, false
		case "url":
			set, h.URL = h.URL != "", ""
		case "headers":
			set, h.Headers = len(h.Headers) > 0, nil
		case "allowed_env_vars":
			set, h.AllowedEnvVars = len(h.AllowedEnvVars) > 0, nil
		case "prompt":
			set, h.Prompt = h.Prompt != "", ""
		case "model":
			set, h.Model = h.Model != "", ""
		case "server":
			set, h.Server = h.Server != "", ""
		case "tool":
			set, h.Tool = h.Tool != "", ""
		case "input":
			set, h.Input = len(h.Input) > 0, nil
		}
		if set {
			dropped = append(dropped, f)
		}
	}
	return dropped
}

// HTTPURL reports whether s is an absolute http:// or https:// URL with
// a host: the only URLs an http handler can post to in any tool.
func HTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// RegexSyntax are the characters a regular expression treats specially:
// those regexp.QuoteMeta escapes.
const RegexSyntax = `\.+*?()|[]{}^$`

// RegexSyntaxBesidesBar is RegexSyntax without "|": a text with none of
// them is a plain list of values (startup|resume), not a pattern.
const RegexSyntaxBesidesBar = `\.+*?()[]{}^$`

// notToolNameRune reports a character no tool's names have: they are
// letters, digits and "_" ("run_shell_command", "mcp__github__create_issue"),
// and "-:@/" are allowed for names hookconv's tables do not know yet.
func notToolNameRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("_-:@/", r)
}

// IsToolName reports whether name can be a manifest's bare tool name: a
// name no tool's matcher splits or reads as a regex (see notToolNameRune).
// Decoders keep a native name that is not one as a pattern.
func IsToolName(name string) bool {
	return name != "" && !strings.ContainsFunc(name, notToolNameRune)
}

// requiredHandlerFields lists the fields each handler type needs.
var requiredHandlerFields = map[string][]string{
	HandlerCommand: {"command"},
	HandlerHTTP:    {"url"},
	HandlerPrompt:  {"prompt"},
	HandlerAgent:   {"prompt"},
	HandlerMCPTool: {"server", "tool"},
}

// MissingField returns the first field the handler's type needs that it
// lacks or leaves blank ("command" for a command handler without one), or
// "" when it has them all: a handler without it has nothing to run.
func (h *Handler) MissingField() string {
	for _, req := range requiredHandlerFields[h.Type] {
		var v string
		switch req {
		case "command":
			v = h.Command
		case "url":
			v = h.URL
		case "prompt":
			v = h.Prompt
		case "server":
			v = h.Server
		case "tool":
			v = h.Tool
		}
		if strings.TrimSpace(v) == "" {
			return req
		}
	}
	return ""
}

func (d *decoder) errorf(code string, pos diag.Pos, path, hint, format string, args ...any) {
	d.ds.Errorf(code, pos, path, hint, format, args...)
}

// wrongType reports a value of the wrong JSON type.
func (d *decoder) wrongType(n *node.Node, path, want, hint string) {
	if hint == "" {
		hint = "change the value to " + want
	}
	d.errorf(CodeWrongType, n.Pos, path, hint, "%s must be %s, not %s", path, want, n.Kind.Article())
}

// fields walks an object's members, warning about unknown and repeated
// keys; it returns false (after reporting) when n is not an object.
func (d *decoder) object(n *node.Node, path string, known []string) bool {
	if n.Kind != node.Object {
		d.wrongType(n, path, "an object", "")
		return false
	}
	seen := make(map[string]bool, len(n.Fields))
	for _, f := range n.Fields {
		if seen[f.Key] {
			d.repeated(f, path)
		}
		seen[f.Key] = true
		if known == nil || contains(known, f.Key) || isCommentKey(f.Key) {
			continue
		}
		// Spec §1: unknown fields are ignored, and a lint may warn about
		// one that is one edit from a known field (a typo that silently
		// drops a setting). Any other (an "x-team" annotation, a field of
		// a later spec) is only noted, so --strict does not fail on it.
		if s := suggest.Closest(f.Key, known, 1); s != "" {
			d.ds.Warnf(CodeUnknownField, f.KeyPos, join(path, f.Key), fmt.Sprintf("did you mean %q?", s), "unknown field %q in %s", f.Key, orRoot(path))
			continue
		}
		if s, effect := meantField(f.Key, known); s != "" {
			// More than one edit away, but plainly the field: another
			// case or separators (timeoutAction), or a word for blocking
			// ("block", "is_blocking"). Ignored, the guard would block
			// nothing, so it is a warning, and --strict fails (QA).
			d.ds.Warnf(CodeUnknownField, f.KeyPos, join(path, f.Key), fmt.Sprintf("did you mean %q?", s),
				"unknown field %q in %s is ignored: %s", f.Key, orRoot(path), effect)
			continue
		}
		if home, effect := misplaced(f.Key, known); home != "" {
			// A field of the hook written in its handler, or the other
			// way round: ignored there, so a "blocking": true in the
			// handler leaves a guard that blocks nothing (QA).
			d.ds.Warnf(CodeUnknownField, f.KeyPos, join(path, f.Key), "move it to "+home,
				"%q belongs in %s, not in %s: ignored here, %s", f.Key, home, orRoot(path), effect)
			continue
		}
		d.ds.Infof(CodeUnknownField, f.KeyPos, join(path, f.Key), "remove it if it is a mistake", "unknown field %q in %s is ignored", f.Key, orRoot(path))
	}
	return true
}

// lastMembers returns n's members as a JSON reader keeps them, the last
// of each repeated key, and warns (HC104) about each earlier one: a map
// field (env, headers, platform, degradation, provider_data) that repeats
// a key loses a value, which is said rather than dropped unseen, and only
// the value kept is checked.
func (d *decoder) lastMembers(n *node.Node, path string) []node.Field {
	last := n.LastFields()
	if len(last) == len(n.Fields) {
		return last
	}
	seen := make(map[string]bool, len(n.Fields))
	for _, f := range n.Fields {
		if seen[f.Key] {
			d.repeated(f, path)
		}
		seen[f.Key] = true
	}
	return last
}

// repeated warns (HC104) that member f of the object at path repeats an
// earlier key.
func (d *decoder) repeated(f node.Field, path string) {
	d.ds.Warnf(CodeDuplicateKey, f.KeyPos, join(path, f.Key), "remove one of them; the last one wins",
		"%q appears more than once in %s", f.Key, orRoot(path))
}

// repeatsInside warns (HC104) about keys repeated anywhere inside v, a
// value hookconv passes on as it is (an MCP tool's input, a tool's own
// provider_data): the tool that reads it keeps one of them.
func (d *decoder) repeatsInside(v *node.Node, path string) {
	node.Repeats(v, func(at string, f node.Field) {
		where := path
		if at != "" {
			where = path + "." + at
		}
		d.repeated(f, where)
	})
}

// flatAndUnique reports whether object v is a few members, each a
// scalar, with no key twice: nothing in it can repeat.
func flatAndUnique(v *node.Node) bool {
	if len(v.Fields) > 8 {
		return false
	}
	for i, f := range v.Fields {
		if f.Value.Kind == node.Object || f.Value.Kind == node.Array {
			return false
		}
		for _, g := range v.Fields[:i] {
			if g.Key == f.Key {
				return false
			}
		}
	}
	return true
}

// isCommentKey recognises the conventional annotation keys ("_comment",
// "$schema") that authors add on purpose and lint should not flag.
func isCommentKey(k string) bool { return strings.HasPrefix(k, "_") || k == "$schema" }

func orRoot(path string) string {
	if path == "" {
		return "the manifest"
	}
	return path
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (d *decoder) manifest(root *node.Node) *Manifest {
	m := &Manifest{src: root}
	if root.Kind != node.Object {
		d.errorf(CodeNotObject, root.Pos, "", `a manifest is an object: {"spec": "hooks/1.0", "hooks": [...]}`,
			"the document must be an object, not %s", root.Kind.Article())
		return m
	}
	d.object(root, "", manifestFields)
	d.spec(m, root)
	hooks, ok := root.Field("hooks")
	switch {
	case !ok:
		d.errorf(CodeHooksMissing, root.Pos, "hooks", `add "hooks": [ ... ] with at least one hook`, "required field \"hooks\" is missing")
	case hooks.Value.Kind != node.Array:
		d.errorf(CodeHooksType, hooks.Value.Pos, "hooks", `"hooks" is a list: "hooks": [ {...}, ... ]`,
			"hooks must be an array, not %s", hooks.Value.Kind.Article())
	case len(hooks.Value.Items) == 0:
		d.errorf(CodeHooksEmpty, hooks.Value.Pos, "hooks", "add at least one hook, or delete the file", "hooks must not be empty")
	default:
		// Each hook is read on its own, so a large list is read in chunks
		// at once (internal/parallel), each by a decoder of its own.
		items := hooks.Value.Items
		var hds diag.List
		m.Hooks, hds = parallel.InChunks(parallel.Chunks(len(items)), nil, nil, func(ds *diag.List, i int, h *Hook) bool {
			hd := decoder{ds: *ds}
			defer func() { *ds = hd.ds }()
			it, path := items[i], index("hooks", i)
			if it.Kind != node.Object {
				hd.errorf(CodeHookType, it.Pos, path, `each hook is an object: {"event": ..., "handler": {...}}`,
					"%s must be an object, not %s", path, it.Kind.Article())
				return false
			}
			before := len(hd.ds)
			*h = hd.hook(it, path)
			// A field in error was left out of the hook: it is not what
			// the author wrote, so Check does not compare it with others.
			h.broken = hd.ds[before:].HasErrors()
			return true
		})
		d.ds = append(d.ds, hds...)
	}
	return m
}

var newerMinorRE = lazy.Regexp(`^hooks/1\.[0-9]+$`)

func (d *decoder) spec(m *Manifest, root *node.Node) {
	f, ok := root.Field("spec")
	if !ok {
		// In the file's own syntax: a YAML manifest (a tree with no byte
		// offsets) is told to add a YAML line, not a JSON member (QA).
		hint := `add "spec": "` + SpecVersion + `" as the first field`
		if root.End < 0 {
			hint = "add spec: " + SpecVersion + " as the first line"
		}
		d.errorf(CodeSpecMissing, root.Pos, "spec", hint, "required field \"spec\" is missing")
		return
	}
	if f.Value.Kind != node.String {
		d.errorf(CodeSpecType, f.Value.Pos, "spec", `write "spec": "`+SpecVersion+`"`, "spec must be a string, not %s", f.Value.Kind.Article())
		return
	}
	m.Spec = f.Value.Text
	switch v := f.Value.Text; {
	case v == SpecVersion || sameMinor(v, SpecVersion):
		// Versions compare as numbers: hooks/1.00 is hooks/1.0, not a
		// newer one (QA).
	case v == "hooks/0.1":
		d.ds.Infof(CodeSpecLegacy, f.Value.Pos, "spec", `write "spec": "`+SpecVersion+`" to silence this note`,
			"spec %q is the 1.0 draft's earlier name; read as %s", v, SpecVersion)
	case newerMinorRE().MatchString(v):
		d.ds.Warnf(CodeSpecNewerMinor, f.Value.Pos, "spec", "upgrade hookconv to read every field of "+v,
			"spec %q is newer than %s: read best-effort, newer fields are ignored", v, SpecVersion)
	default:
		d.errorf(CodeSpecUnsupported, f.Value.Pos, "spec", `hookconv reads "hooks/1.0" (and "hooks/0.1"); write "spec": "`+SpecVersion+`"`,
			"unsupported spec version %q", v)
	}
}

// sameMinor reports whether spec versions a and b, both hooks/1.N, name
// the same minor version as numbers: hooks/1.00 and hooks/1.0.
func sameMinor(a, b string) bool {
	if !newerMinorRE().MatchString(a) || !newerMinorRE().MatchString(b) {
		return false
	}
	trim := func(v string) string { return strings.TrimLeft(strings.TrimPrefix(v, "hooks/1."), "0") }
	return trim(a) == trim(b)
}

func (d *decoder) hook(n *node.Node, path string) Hook {
	h := Hook{src: n, Origin: n.Pos}
	d.object(n, path, hookFields)
	if v := n.Get("name"); v != nil {
		h.Name = d.str(v, join(path, "name"))
	}
	if v := n.Get("event"); v == nil {
		d.errorf(CodeEventMissing, n.Pos, join(path, "event"), `add "event", e.g. "event": "before_tool_execute"`,
			"%s has no \"event\"", path)
	} else if h.Event = d.event(v, join(path, "event")); v.Kind == node.String && strings.TrimSpace(h.Event) == "" {
		d.errorf(CodeEventMissing, v.Pos, join(path, "event"), `name the event, e.g. "before_tool_execute"`,
			"%s.event must not be empty", path)
	}
	if v := n.Get("matcher"); v != nil {
		h.Matcher = d.matcher(v, join(path, "matcher"), false)
	}
	if v := n.Get("handler"); v == nil {
		d.errorf(CodeHandlerMissing, n.Pos, join(path, "handler"), `add "handler": {"type": "command", "command": "..."}`,
			"%s has no \"handler\"", path)
	} else {
		h.Handler = d.handler(v, join(path, "handler"))
	}
	if v := n.Get("blocking"); v != nil {
		h.Blocking = d.boolean(v, join(path, "blocking"))
	}
	if v := n.Get("degradation"); v != nil {
		h.Degradation = d.degradation(v, join(path, "degradation"))
	}
	if v := n.Get("provider_data"); v != nil {
		h.ProviderData = d.providerData(v, join(path, "provider_data"))
	}
	if v := n.Get("capabilities"); v != nil {
		h.Capabilities = d.strings(v, join(path, "capabilities"))
	}
	return h
}

// choice is str for a field whose value is one of a fixed set: a value
// of another type gets a hint listing them, not "quote the value" (whose
// quoted value would only be the next error).
func (d *decoder) choice(n *node.Node, path string, allowed ...string) string {
	if n.Kind != node.String {
		d.wrongType(n, path, "a string", `use one of "`+strings.Join(allowed, `", "`)+`"`)
		return ""
	}
	return n.Text
}

func (d *decoder) str(n *node.Node, path string) string {
	if n.Kind != node.String {
		hint := ""
		if n.Kind == node.Number || n.Kind == node.Bool {
			hint = "quote the value: \"" + string(node.AppendCompact(nil, n)) + "\""
		}
		d.wrongType(n, path, "a string", hint)
		return ""
	}
	return n.Text
}

// event is str for the event: a value of another type gets a hint
// pointing at the event names.
func (d *decoder) event(n *node.Node, path string) string {
	if n.Kind != node.String {
		d.wrongType(n, path, "a string", `write an event name, e.g. "before_tool_execute" (hookconv events lists them)`)
		return ""
	}
	return n.Text
}

func (d *decoder) boolean(n *node.Node, path string) bool {
	if n.Kind != node.Bool {
		hint := "write true or false"
		switch {
		case n.Kind == node.Null:
			hint = "write true or false, or leave the field out for its default"
		case n.Kind == node.String && slices.Contains([]string{"yes", "no", "on", "off", "y", "n"}, strings.ToLower(n.Text)):
			hint = fmt.Sprintf("write true or false: %q is a string in JSON and in YAML 1.2", n.Text)
		case n.Kind == node.String:
			hint = "write true or false without quotes"
		}
		d.wrongType(n, path, "a boolean", hint)
		return false
	}
	return n.Bool
}

func (d *decoder) strings(n *node.Node, path string) []string {
	if n.Kind != node.Array {
		d.wrongType(n, path, "an array of strings", "")
		return nil
	}
	out := make([]string, 0, len(n.Items))
	for i, it := range n.Items {
		if s := d.str(it, index(path, i)); it.Kind == node.String {
			out = append(out, s)
		}
	}
	return out
}

// stringMap reads an object whose values are all strings.
func (d *decoder) stringMap(n *node.Node, path string) map[string]string {
	if n.Kind != node.Object {
		d.wrongType(n, path, "an object of strings", "")
		return nil
	}
	out := make(map[string]string, len(n.Fields))
	for _, f := range d.lastMembers(n, path) {
		if f.Value.Kind != node.String {
			hint := ""
			if f.Value.Kind == node.Number || f.Value.Kind == node.Bool {
				hint = "quote the value: \"" + string(node.AppendCompact(nil, f.Value)) + "\""
			}
			d.wrongType(f.Value, join(path, f.Key), "a string", hint)
			continue
		}
		out[f.Key] = f.Value.Text
	}
	return out
}

func (d *decoder) handler(n *node.Node, path string) Handler {
	h := Handler{src: n}
	if !d.object(n, path, handlerFields) {
		return h
	}
	t, ok := n.Field("type")
	switch {
	case !ok:
		d.errorf(CodeHandlerTypeMiss, n.Pos, join(path, "type"), `add "type": one of `+strings.Join(handlerTypes, ", "),
			"%s has no \"type\"", path)
	case t.Value.Kind != node.String:
		d.choice(t.Value, join(path, "type"), handlerTypes...)
	case !contains(handlerTypes, t.Value.Text):
		hint := "use one of " + strings.Join(handlerTypes, ", ")
		if s := suggest.Closest(t.Value.Text, handlerTypes, 2); s != "" {
			hint = fmt.Sprintf("did you mean %q?", s)
		}
		d.errorf(CodeHandlerTypeBad, t.Value.Pos, join(path, "type"), hint, "unknown handler type %q", t.Value.Text)
	default:
		h.Type = t.Value.Text
	}
	// A repeated field is read as the last one (HC104 says so); the
	// earlier values are not checked, as no reader uses them.
	for _, f := range n.LastFields() {
		fp := join(path, f.Key)
		v := f.Value
		switch f.Key {
		case "command":
			h.Command = d.str(v, fp)
		case "platform":
			h.Platform = d.platform(v, fp)
		case "cwd":
			h.Cwd = d.str(v, fp)
		case "env":
			h.Env = d.stringMap(v, fp)
		case "timeout":
			h.Timeout = d.timeout(v, fp)
		case "timeout_action":
			if s := d.choice(v, fp, TimeoutWarn, TimeoutBlock); v.Kind == node.String {
				if s != TimeoutWarn && s != TimeoutBlock {
					d.errorf(CodeTimeoutAction, v.Pos, fp, `use "warn" or "block"`, "timeout_action must be \"warn\" or \"block\", not %q", s)
				} else {
					h.TimeoutAction = s
				}
			}
		case "async":
			h.Async = d.boolean(v, fp)
		case "status_message":
			h.StatusMessage = d.str(v, fp)
		case "url":
			h.URL = d.str(v, fp)
			if v.Kind == node.String && strings.TrimSpace(h.URL) != "" && !HTTPURL(h.URL) {
				// QA q2 F8: "not a url" and ftp:// passed validate, and
				// became a curl guard in Codex that always fails open.
				d.errorf(CodeURLInvalid, v.Pos, fp, "write an absolute http:// or https:// URL (https://policy.example.com/hook)",
					"url must be an absolute http:// or https:// URL, not %q", h.URL)
			}
		case "headers":
			h.Headers = d.stringMap(v, fp)
		case "allowed_env_vars":
			h.AllowedEnvVars = d.strings(v, fp)
		case "prompt":
			h.Prompt = d.str(v, fp)
		case "model":
			h.Model = d.str(v, fp)
		case "server":
			h.Server = d.str(v, fp)
		case "tool":
			h.Tool = d.str(v, fp)
		case "input":
			if v.Kind != node.Object {
				d.wrongType(v, fp, "an object", "")
			} else {
				d.repeatsInside(v, fp)
				h.Input = json.RawMessage(node.AppendCompact(nil, v))
			}
		}
		if types, ok := handlerFieldTypes[f.Key]; ok && h.Type != "" && !contains(types, h.Type) {
			d.ds.Warnf(CodeFieldIgnored, f.KeyPos, fp, "remove it, or change the handler type",
				"%q has no effect on %s handler (it belongs to %s handlers)", f.Key, diag.A(h.Type), strings.Join(types, "/"))
		}
	}
	for _, req := range requiredHandlerFields[h.Type] {
		if v := n.Get(req); v == nil {
			d.errorf(CodeHandlerFieldMiss, n.Pos, join(path, req), fmt.Sprintf("add %q to the handler", req),
				"%s handler needs %q", diag.A(h.Type), req)
		} else if v.Kind == node.String && strings.TrimSpace(v.Text) == "" {
			d.errorf(CodeHandlerFieldMiss, v.Pos, join(path, req), fmt.Sprintf("give %q a value", req),
				"%q of %s handler must not be empty", req, diag.A(h.Type))
		}
	}
	return h
}

// jsonNumber matches a number as JSON spells one.
var jsonNumber = lazy.Regexp(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$`)

func (d *decoder) timeout(n *node.Node, path string) float64 {
	if n.Kind != node.Number {
		hint := "write the number of seconds, e.g. 30"
		if n.Kind == node.Null {
			hint = "write the number of seconds, or leave the field out for the tool's default"
		}
		if n.Kind == node.String {
			// Only a JSON number: Go's ParseFloat also takes 1_000, 0x10
			// and Inf, which no quotes would make a number here.
			if jsonNumber().MatchString(strings.TrimSpace(n.Text)) {
				hint = "remove the quotes: " + strings.TrimSpace(n.Text)
			}
		}
		d.wrongType(n, path, "a number (seconds)", hint)
		return 0
	}
	f, ok := n.Float()
	// Not zero as written, whatever a float64 holds of it (1e-400 is 0).
	mantissa, _, _ := strings.Cut(strings.ToLower(n.Text), "e")
	nonzero := strings.ContainsAny(mantissa, "123456789")
	// A negative number is negative, however large (-1e400 is -Inf) or
	// small (-1e-400 is -0).
	negative := f < 0 || (!ok || nonzero) && strings.HasPrefix(n.Text, "-")
	if ok && f == 0 && nonzero && !negative {
		// A positive number too small for a float64 (1e-400) reads as
		// 0, the tool's default, and a timeout is never rounded down to
		// 0 (QA: it was, silently): it is kept as the smallest one, which
		// each encoder rounds up to its tool's unit and says so (HC312).
		f = math.SmallestNonzeroFloat64
	}
	if !negative && (!ok || math.IsInf(f, 0) || f > MaxTimeout) {
		d.errorf(CodeWrongType, n.Pos, path, "write a number of seconds, or leave it out for the tool's default",
			"timeout %s is out of range: at most %s seconds", n.Text, Number(MaxTimeout).Text)
		return 0
	}
	if negative {
		d.errorf(CodeTimeoutNegative, n.Pos, path, "use a positive number of seconds, or leave it out for the tool's default",
			"timeout must not be negative (got %s)", n.Text)
		return 0
	}
	if f > 0 && f < tooShort {
		// Kept, but said: the hook is stopped before most programs have
		// started, and a guard stopped so lets the action go on in most
		// tools (QA: 1e-400, kept as the smallest float64, reached
		// Claude Code as a timeout of 5e-324 s without a word).
		d.ds.Warnf(CodeTimeoutUnit, n.Pos, path, "write the seconds the hook needs (0.5 is half a second), or leave it out for the tool's default",
			"timeouts are in seconds: %s stops the hook before most programs have started, and a guard stopped so lets the action go on in most tools", n.Text)
	}
	if f >= suspectSeconds {
		// Gemini CLI and Qwen Code count milliseconds: 30000 copied from
		// one of their configs is over eight hours here.
		d.ds.Warnf(CodeTimeoutUnit, n.Pos, path, "write "+Number(f/1000).Text+" if milliseconds were meant",
			"timeouts are in seconds: %s is %s; was it meant in milliseconds?", n.Text, hoursMinutes(f))
	}
	return f
}

// tooShort is the timeout under which a hook is said to be stopped
// before it starts: a process takes milliseconds to start here, and an
// interpreter (python3, node) tens of them.
const tooShort = 0.1

// suspectSeconds is the smallest timeout taken to be milliseconds written
// as seconds: no hook is meant to run for a quarter of an hour or more.
const suspectSeconds = 1000

// hoursMinutes spells a number of seconds as hours and minutes.
func hoursMinutes(seconds float64) string {
	m := int(seconds / 60)
	if m < 60 {
		return fmt.Sprintf("%d minutes", m)
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}

// platformSpellings are other names of the platforms, as Node, Go and
// uname spell them, for the hint of an unknown platform key. It stays an
// error: a Windows command under "win32" would be ignored, and Windows
// would run the Unix command instead.
var platformSpellings = map[string]string{
	"win": "windows", "win32": "windows", "win64": "windows", "windows_nt": "windows", "cygwin": "windows", "mingw": "windows",
	"mac": "osx", "macos": "osx", "macosx": "osx", "apple": "osx",
	"gnu/linux": "linux", "ubuntu": "linux", "debian": "linux",
}

// patternHint says how to fix a pattern RE2 refuses, by what it refused:
// most are a bracket or parenthesis left open, not a Perl feature.
func patternHint(err error) string {
	var se *syntax.Error
	if !errors.As(err, &se) {
		return "fix the regular expression"
	}
	switch se.Code {
	case syntax.ErrInvalidPerlOp, syntax.ErrInvalidNamedCapture:
		if strings.HasPrefix(se.Expr, "(?<=") || strings.HasPrefix(se.Expr, "(?<!") || strings.HasPrefix(se.Expr, "(?=") || strings.HasPrefix(se.Expr, "(?!") {
			return "RE2 has no lookaround; rewrite the pattern without it"
		}
		if se.Code == syntax.ErrInvalidNamedCapture {
			return "name the group (?P<name>...) with letters, digits and _"
		}
		return "RE2 has no backreferences or lookaround; rewrite the pattern without them"
	case syntax.ErrMissingBracket:
		return "close the character class with ]"
	case syntax.ErrMissingParen, syntax.ErrUnexpectedParen:
		return "balance the parentheses"
	case syntax.ErrInvalidRepeatOp:
		if strings.HasSuffix(se.Expr, "+") {
			return "RE2 has no possessive quantifiers (" + se.Expr + "): drop the last +"
		}
		return "a quantifier cannot follow another (" + se.Expr + "): keep one"
	case syntax.ErrMissingRepeatArgument:
		return `a *, + or ? needs something before it to repeat; write \* for a literal star`
	case syntax.ErrInvalidEscape:
		if len(se.Expr) == 2 && (se.Expr[1] >= '0' && se.Expr[1] <= '9' || se.Expr[1] == 'k') {
			return "RE2 has no backreferences (" + se.Expr + "); rewrite the pattern without them"
		}
		return `RE2 does not know that escape: write \\ for a literal backslash`
	case syntax.ErrInvalidCharRange:
		return "write the range low-high, as in a-z"
	}
	return "fix the regular expression at the part the message quotes"
}

func (d *decoder) platform(n *node.Node, path string) map[string]string {
	if n.Kind != node.Object {
		d.wrongType(n, path, "an object", `e.g. {"windows": "check.ps1"}`)
		return nil
	}
	out := make(map[string]string, len(n.Fields))
	for _, f := range d.lastMembers(n, path) {
		if strings.HasPrefix(f.Key, "_") {
			// An annotation, as at every other level (QA: HC153); "_" keys
			// only, which schema.json allows here too.
			continue
		}
		fp := join(path, f.Key)
		if !contains(platformKeys, f.Key) {
			hint := "use windows, linux or osx"
			if s := suggest.Closest(f.Key, platformKeys, 2); s != "" {
				hint = fmt.Sprintf("did you mean %q?", s)
			} else if s := platformSpellings[strings.ToLower(f.Key)]; s != "" {
				hint = fmt.Sprintf("write %q", s)
			}
			d.errorf(CodePlatformKey, f.KeyPos, fp, hint, "unknown platform %q", f.Key)
			continue
		}
		s := d.str(f.Value, fp)
		if f.Value.Kind != node.String {
			continue
		}
		key := f.Key
		if key == "darwin" {
			key = "osx"
		}
		if _, dup := out[key]; dup {
			d.errorf(CodePlatformKey, f.KeyPos, fp, "keep only one of osx and darwin", "platform has both osx and darwin (darwin is an alias of osx)")
			continue
		}
		out[key] = s
	}
	return out
}

// spacedNameHint says what to write for a tool name with white space: the
// name without its padding, a regular expression as a pattern (Claude's
// "Bash(git *)" permission syntax is one), or the words joined with _ as
// canonical names are ("file write") or listed.
func spacedNameHint(text string) string {
	trimmed := strings.TrimSpace(text)
	words := strings.Fields(trimmed)
	switch {
	case len(words) == 1:
		return fmt.Sprintf("write %q", trimmed)
	case strings.ContainsAny(trimmed, RegexSyntax):
		return `for a regular expression write {"pattern": "..."}`
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = strconv.Quote(w)
	}
	return fmt.Sprintf("write %q, or a list of names: [%s]", strings.Join(words, "_"), strings.Join(quoted, ", "))
}

// matcher reads any matcher form; inArray forbids nested arrays.
func (d *decoder) matcher(n *node.Node, path string, inArray bool) Matcher {
	switch n.Kind {
	case node.String:
		if isWildcard(n) {
			return nil
		}
		if strings.ContainsFunc(n.Text, unicode.IsSpace) {
			// No tool's names have any, and tools differ in whether they
			// trim a matcher: " Bash" would guard Bash in some and nothing
			// in others.
			d.errorf(CodeMatcherShape, n.Pos, path, spacedNameHint(n.Text),
				"tool name %q has white space in it; tool names have none", n.Text)
			return nil
		}
		if i := strings.IndexAny(n.Text, RegexSyntax); i >= 0 {
			// No tool's names have these either, and most tools read a
			// matcher as a regular expression: "b$1" would match nothing.
			d.errorf(CodeMatcherShape, n.Pos, path, `for a regular expression write {"pattern": "..."}`,
				"tool name %q has %q, which tool matchers read as regular-expression syntax; tool names have none", n.Text, n.Text[i:i+1])
			return nil
		}
		if i := strings.IndexFunc(n.Text, notToolNameRune); i >= 0 {
			// Tools split matchers on some of the rest ("," in Claude's
			// value lists).
			r, _ := utf8.DecodeRuneInString(n.Text[i:])
			d.errorf(CodeMatcherShape, n.Pos, path, "tool names are letters, digits and _ - : @ /",
				"tool name %q has %q, which no tool's names have", n.Text, r)
			return nil
		}
		return ToolName(n.Text)
	case node.Object:
		d.object(n, path, matcherFields)
		pat, hasPat := n.Field("pattern")
		mcp, hasMCP := n.Field("mcp")
		switch {
		case hasPat && hasMCP:
			d.errorf(CodeMatcherShape, n.Pos, path, "split it into two matchers inside an array",
				"a matcher object has either \"pattern\" or \"mcp\", not both")
			return nil
		case hasPat:
			re := d.str(pat.Value, join(path, "pattern"))
			if pat.Value.Kind != node.String {
				return nil
			}
			if _, err := regexp.Compile(re); err != nil {
				d.errorf(CodePatternInvalid, pat.Value.Pos, join(path, "pattern"), patternHint(err),
					"pattern %q is not a valid RE2 regular expression: %s", re, reErr(err))
				return nil
			}
			return Pattern{Regex: re}
		case hasMCP:
			return d.mcp(mcp.Value, join(path, "mcp"))
		default:
			d.errorf(CodeMatcherShape, n.Pos, path, `use {"pattern": "..."} or {"mcp": {"server": "..."}}`,
				"a matcher object needs \"pattern\" or \"mcp\"")
			return nil
		}
	case node.Array:
		if inArray {
			d.errorf(CodeMatcherShape, n.Pos, path, "flatten the inner array into the outer one", "a matcher array cannot contain another array")
			return nil
		}
		if len(n.Items) == 0 {
			d.errorf(CodeMatcherEmpty, n.Pos, path, "list at least one tool, or remove the matcher to match every tool",
				"an array matcher must not be empty")
			return nil
		}
		out := make(AnyOf, 0, len(n.Items))
		all := false
		for i, it := range n.Items {
			if isWildcard(it) {
				all = true // "*" anywhere in an OR matches everything
				continue
			}
			if m := d.matcher(it, index(path, i), true); m != nil {
				out = append(out, m)
			}
		}
		if all || len(out) == 0 {
			return nil
		}
		return out
	default:
		d.wrongType(n, path, "a string, an object or an array", `e.g. "shell", {"pattern": "^Bash$"} or ["file_write", "file_edit"]`)
		return nil
	}
}

// isWildcard reports whether n is "" or "*", the spellings of "all tools".
func isWildcard(n *node.Node) bool {
	return n.Kind == node.String && (n.Text == "" || n.Text == "*")
}

func reErr(err error) string {
	var se *syntax.Error
	if errors.As(err, &se) {
		return se.Code.String()
	}
	return err.Error()
}

func (d *decoder) mcp(n *node.Node, path string) Matcher {
	if !d.object(n, path, mcpFields) {
		return nil
	}
	m := MCP{}
	if v := n.Get("server"); v == nil {
		d.errorf(CodeMCPNoServer, n.Pos, join(path, "server"), `add "server": the MCP server's name`, "an mcp matcher needs \"server\"")
		return nil
	} else if m.Server = d.str(v, join(path, "server")); v.Kind == node.String && m.Server == "" {
		d.errorf(CodeMCPNoServer, v.Pos, join(path, "server"), "name the MCP server", "an mcp matcher's \"server\" must not be empty")
		return nil
	}
	if v := n.Get("tool"); v != nil {
		m.Tool = d.str(v, join(path, "tool"))
	}
	for _, part := range []struct{ key, name string }{{"server", m.Server}, {"tool", m.Tool}} {
		if i := strings.IndexFunc(part.name, notMCPNameRune); i >= 0 && !(part.key == "server" && part.name == AnyServer) {
			// Tools spell MCP tools into their matchers (mcp__server__tool),
			// where a "," or a space would split or break the name.
			r, _ := utf8.DecodeRuneInString(part.name[i:])
			v := n.Get(part.key)
			d.errorf(CodeMatcherShape, v.Pos, join(path, part.key), "MCP names are letters, digits and _ - . (as the MCP specification allows)",
				"MCP %s name %q has %q, which MCP names do not have", part.key, part.name, r)
			return nil
		}
	}
	return m
}

// IsMCPName reports whether name is a possible MCP server or tool name:
// not empty, and only letters, digits and "_", "-", "." (what the MCP
// specification allows). A manifest's names must be; decoders read a
// native matcher as an MCP name only when it is, so that what they
// decode can be written as a manifest.
func IsMCPName(name string) bool {
	return name != "" && strings.IndexFunc(name, notMCPNameRune) < 0
}

// notMCPNameRune reports a character MCP server and tool names do not
// have: the MCP specification allows letters, digits and "_", "-", ".".
func notMCPNameRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("_-.", r)
}

func (d *decoder) degradation(n *node.Node, path string) map[string]Strategy {
	if n.Kind != node.Object {
		d.wrongType(n, path, "an object", `e.g. {"input_rewrite": "block"}`)
		return nil
	}
	out := make(map[string]Strategy, len(n.Fields))
	for _, f := range d.lastMembers(n, path) {
		if strings.HasPrefix(f.Key, "_") {
			// An annotation, as at every other level (QA: HC171); "_" keys
			// only, which schema.json allows here too.
			continue
		}
		fp := join(path, f.Key)
		s := d.choice(f.Value, fp, string(StrategyExclude), string(StrategyWarn), string(StrategyBlock))
		if f.Value.Kind != node.String {
			continue
		}
		switch Strategy(s) {
		case StrategyBlock, StrategyWarn, StrategyExclude:
			out[f.Key] = Strategy(s)
		default:
			d.errorf(CodeDegradationValue, f.Value.Pos, fp, `use "block", "warn" or "exclude"`,
				"degradation strategy %q for %s is not block, warn or exclude", s, f.Key)
		}
	}
	return out
}

func (d *decoder) providerData(n *node.Node, path string) map[string]json.RawMessage {
	if n.Kind != node.Object {
		d.wrongType(n, path, "an object", `e.g. {"cursor": {"loop_limit": 3}}`)
		return nil
	}
	out := make(map[string]json.RawMessage, len(n.Fields))
	for _, f := range d.lastMembers(n, path) {
		if f.Value.Kind != node.Object {
			d.wrongType(f.Value, join(path, f.Key), "an object of native fields", "")
			continue
		}
		if !flatAndUnique(f.Value) { // most are: {"$matcher": "Bash"}, read thousands of times
			d.repeatsInside(f.Value, join(path, f.Key))
		}
		out[f.Key] = json.RawMessage(node.AppendCompact(nil, f.Value))
	}
	return out
}
