package codex

// Codex runs a hook that is not managed only once a person has approved it
// in /hooks. What follows reads those approvals the way Codex does, so
// that migrate --remove-source takes a hook out of its source only where
// Codex runs the copy. From the openai/codex source:
//
//   - codex-rs/hooks/src/config_rules.rs @ 9a5113ad (hook_states_from_stack):
//     the approvals are [hooks.state."<key>"] tables with enabled and
//     trusted_hash, read from the user's config.toml only (and -c flags):
//     a project's or a managed config cannot approve its own hooks. Later
//     layers win field by field; an entry that does not parse is skipped.
//   - codex-rs/config/src/hook_edit.rs @ ed81bdad: /hooks writes them to
//     config.toml in CODEX_HOME; codex-rs/utils/home-dir find_codex_home:
//     CODEX_HOME when set and not empty, else ~/.codex.
//   - codex-rs/hooks/src/lib.rs @ 0082977c (hook_key): the key is
//     "<absolute path of the hooks file>:<event>:<group index>:<handler
//     index>", the event in snake_case (pre_tool_use), indexes counted
//     from 0 in the file's list for the event and the group's handlers.
//   - codex-rs/hooks/src/engine/discovery.rs @ 0082977c (command_hook_hash,
//     hook_trust_status, hook_enabled) and codex-rs/core/src/config_loader/
//     fingerprint.rs @ 71163530 (version_for_toml): the hash is "sha256:"
//     and the hex SHA-256 of compact JSON, object keys sorted, of
//     {event_name, matcher?, hooks: [handler]}, the handler normalized:
//     type "command", the command (on Windows commandWindows when set), its
//     timeout always present (600 when unset, at least 1; SessionEnd's 1,
//     at most 3, per the events table), async always present,
//     statusMessage when set. Fields that are unset are left out (the
//     identity goes through a TOML value, which has no null); the matcher
//     is left out on the events that ignore it. A hook is trusted when its
//     trusted_hash is that hash, and runs when it is trusted and its
//     enabled is not false.
//
// The reference (part 1 §4.2) says "a normalized TOML form": the source
// shows the TOML value converted to JSON before it is hashed, which is
// what is done here. A field newer Codex builds add to the identity
// (additionalContextLimit, a group's id) is not known to older ones, so a
// handler or group holding a key not listed above is never counted as
// approved: hookconv cannot show what Codex hashes for it.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeApprovalsUnreadable: Codex's approvals file (config.toml in
// CODEX_HOME) cannot be read or is not valid TOML, so no hook counts as
// approved there (warning).
const CodeApprovalsUnreadable = "HC471"

// HookState is one [hooks.state."<key>"] table.
type HookState struct {
	// Disabled is enabled = false: Codex never runs the hook.
	Disabled bool
	// TrustedHash is the hash of the hook as a person approved it; "" for
	// none.
	TrustedHash string
}

// TrustState is Codex's approvals, by hook key.
type TrustState map[string]HookState

// ApprovalsPath is the file Codex keeps its approvals in, config.toml in
// CODEX_HOME (find_codex_home), given the environment and the user's home
// directory; false when neither is known ("" home): a path then would be
// the project's own .codex/config.toml, whose approvals Codex ignores.
func ApprovalsPath(getenv func(string) string, home string) (string, bool) {
	if dir := getenv("CODEX_HOME"); dir != "" {
		return filepath.Join(dir, "config.toml"), true
	}
	if home == "" {
		return "", false
	}
	return filepath.Join(home, ".codex", "config.toml"), true
}

// ReadTrustState reads the approvals in file's contents data: no file
// (nil data) approves nothing. A file that is not valid TOML approves
// nothing either, and is said (HC471): Codex cannot read it.
func ReadTrustState(file string, data []byte) (TrustState, diag.List) {
	u, ds := ReadUserConfig(file, data)
	return u.State, ds
}

// ReadUserConfig reads what Codex's user config.toml, file's contents
// data, says of a project's hooks: no file (nil data) approves nothing
// and trusts no project. A file that is not valid TOML approves nothing
// either, and is said (HC471): Codex cannot read it.
func ReadUserConfig(file string, data []byte) (UserConfig, diag.List) {
	u := UserConfig{State: TrustState{}}
	if data == nil {
		return u, nil
	}
	var doc map[string]any
	if err := decodeTOML(data, &doc); err != nil {
		var ds diag.List
		ds.Warnf(CodeApprovalsUnreadable, parseErrorPos(data, err), "", "fix the TOML syntax (Codex cannot start with the file as it is), then run the migration again",
			"Codex's approvals file is not valid TOML (%s): no Codex hook counts as approved, so --remove-source keeps the source's hooks whose copies are Codex's", parseErrorText(err))
		return u, ds.WithFile(file)
	}
	hooks, _ := doc["hooks"].(map[string]any)
	entries, _ := hooks[stateKey].(map[string]any)
	for key, v := range entries {
		if s, ok := hookState(v); ok && strings.TrimSpace(key) != "" {
			u.State[strings.TrimSpace(key)] = s
		}
	}
	u.File = file
	u.HooksOff = featuresOff(doc)
	u.TrustLevels = trustLevels(doc)
	return u, nil
}

// UnreadableApprovals says that the approvals file could not be read
// (HC471): nothing counts as approved. A missing file is no error: it
// approves nothing, as in Codex.
func UnreadableApprovals(file string, err error) diag.List {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	var ds diag.List
	ds.Warnf(CodeApprovalsUnreadable, diag.Pos{}, "", "make the file readable, then run the migration again",
		"Codex's approvals file cannot be read (%v): no Codex hook counts as approved, so --remove-source keeps the source's hooks whose copies are Codex's", err)
	return ds.WithFile(file)
}

// hookState reads one state table as Codex does: a value that is not a
// table, or a field of the wrong type, makes Codex skip the entry.
func hookState(v any) (HookState, bool) {
	t, ok := v.(map[string]any)
	if !ok {
		return HookState{}, false
	}
	var s HookState
	if e, set := t["enabled"]; set {
		b, ok := e.(bool)
		if !ok {
			return HookState{}, false
		}
		s.Disabled = !b
	}
	if h, set := t["trusted_hash"]; set {
		if s.TrustedHash, ok = h.(string); !ok {
			return HookState{}, false
		}
	}
	return s, true
}

// Approval is what Codex makes of one handler of a hooks file.
type Approval struct {
	// File is the hooks file's project-relative path, Pos where the
	// handler starts in it (where its decoded hook's Origin is).
	File string
	Pos  diag.Pos
	// Key is the handler's [hooks.state] key, Hash the trusted_hash
	// that approves it as it is ("" when hookconv cannot show it).
	Key, Hash string
	// Runs says Codex runs the handler: approved (trusted_hash is its
	// hash) and not disabled.
	Runs bool
	// Disabled says the state turns it off (enabled = false).
	Disabled bool
}

// Approvals reads, for every handler of the Codex hooks files in files
// (project-relative paths under dir, the project's absolute directory),
// whether Codex runs it under state; goos is the system Codex runs on
// (runtime.GOOS), whose command counts.
func Approvals(files providers.Files, dir string, state TrustState, goos string) []Approval {
	var out []Approval
	New().DecodeSeeing(files, func(p string, root *node.Node) {
		if _, ours := files[p]; !ours {
			return
		}
		hooks := root.Get("hooks")
		if hooks == nil { // a config.toml of settings only
			return
		}
		abs := filepath.Join(dir, filepath.FromSlash(p))
		for _, ev := range hooks.Fields {
			out = appendEvent(out, p, abs, ev, state, goos)
		}
	})
	return out
}

// appendEvent appends the approvals of one event's groups.
func appendEvent(out []Approval, file, abs string, ev node.Field, state TrustState, goos string) []Approval {
	label := eventLabel(ev.Key)
	eachHandler(ev, func(g, h int, group, handler *node.Node) {
		key := hookKey(abs, label, g, h)
		s := state[key]
		hash, _ := HookHash(ev.Key, group, handler, goos) // "" when it cannot be shown
		out = append(out, Approval{File: file, Pos: handler.Pos, Key: key, Hash: hash, Disabled: s.Disabled,
			Runs: hash != "" && !s.Disabled && s.TrustedHash == hash})
	})
	return out
}

// eachHandler calls fn with every handler of one event's groups, in file
// order, with the group's and the handler's indexes that Codex keys its
// approval by.
func eachHandler(ev node.Field, fn func(g, h int, group, handler *node.Node)) {
	if ev.Value == nil || ev.Value.Kind != node.Array {
		return
	}
	for g, group := range ev.Value.Items {
		handlers := group.Get("hooks")
		if handlers == nil || handlers.Kind != node.Array {
			continue
		}
		for h, handler := range handlers.Items {
			fn(g, h, group, handler)
		}
	}
}

// hookKey is the [hooks.state] key of the handler h of group g of the
// event labelled label (eventLabel) in the hooks file at path (hook_key).
func hookKey(path, label string, g, h int) string {
	return path + ":" + label + ":" + strconv.Itoa(g) + ":" + strconv.Itoa(h)
}

// eventLabel is the event's name in hook keys and hashes: its snake_case
// (hook_event_key_label: PreToolUse is pre_tool_use).
func eventLabel(event string) string {
	var b strings.Builder
	for i, r := range event {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// handlerKeys and groupKeys are the fields whose part in the hash is
// known (see the top of the file).
var (
	handlerKeys = map[string]bool{"type": true, "command": true, "commandWindows": true, "timeout": true, "async": true, "statusMessage": true}
	groupKeys   = map[string]bool{"matcher": true, "hooks": true}
)

// HookHash is the trusted_hash Codex computes for a command handler of
// event's group, and false when it cannot be shown: the handler is not a
// command Codex runs, or holds a field whose part in the hash hookconv
// does not know.
func HookHash(event string, group, handler *node.Node, goos string) (string, bool) {
	if !knownKeys(group, groupKeys) || !knownKeys(handler, handlerKeys) {
		return "", false
	}
	if t := handler.Get("type"); t == nil || t.Kind != node.String || t.Text != "command" {
		return "", false
	}
	command, ok := handlerCommand(handler, goos)
	if !ok {
		return "", false
	}
	timeout, ok := normalTimeout(event, handler.Get("timeout"))
	if !ok {
		return "", false
	}
	async := false
	if a := handler.Get("async"); a != nil {
		if a.Kind != node.Bool {
			return "", false
		}
		async = a.Bool
	}
	var b strings.Builder
	b.WriteString(`{"event_name":`)
	writeJSONString(&b, eventLabel(event))
	b.WriteString(`,"hooks":[{"async":`)
	b.WriteString(strconv.FormatBool(async))
	b.WriteString(`,"command":`)
	writeJSONString(&b, command)
	if m := handler.Get("statusMessage"); m != nil {
		if m.Kind != node.String {
			return "", false
		}
		b.WriteString(`,"statusMessage":`)
		writeJSONString(&b, m.Text)
	}
	b.WriteString(`,"timeout":`)
	b.WriteString(strconv.FormatUint(timeout, 10))
	b.WriteString(`,"type":"command"}]`)
	if m := group.Get("matcher"); m != nil && m.Kind != node.Null && !ignoresMatcher(event) {
		if m.Kind != node.String {
			return "", false
		}
		b.WriteString(`,"matcher":`)
		writeJSONString(&b, m.Text)
	}
	b.WriteByte('}')
	sum := sha256.Sum256([]byte(b.String()))
	return "sha256:" + hex.EncodeToString(sum[:]), true
}

// knownKeys reports whether n is an object holding only keys of known.
func knownKeys(n *node.Node, known map[string]bool) bool {
	if n == nil || n.Kind != node.Object {
		return false
	}
	for _, f := range n.Fields {
		if !known[f.Key] {
			return false
		}
	}
	return true
}

// handlerCommand is the command Codex runs on goos: commandWindows on
// Windows when set, else command; false for none, or a blank one, which
// Codex skips.
func handlerCommand(handler *node.Node, goos string) (string, bool) {
	c := handler.Get("command")
	if w := handler.Get("commandWindows"); goos == "windows" && w != nil && w.Kind != node.Null {
		c = w
	}
	if c == nil || c.Kind != node.String || strings.TrimSpace(c.Text) == "" {
		return "", false
	}
	return c.Text, true
}

// normalTimeout is the timeout Codex hashes: the one set, or the event's
// default, within the event's bounds (the events and providers tables:
// SessionEnd's 1 s, at most 3; elsewhere 600 s). false for a timeout that
// is not a whole number of seconds, which Codex rejects.
func normalTimeout(event string, t *node.Node) (uint64, bool) {
	def, limit := eventTimeouts(event)
	secs := def
	if t != nil && t.Kind != node.Null {
		v, err := strconv.ParseUint(t.Text, 10, 64)
		if t.Kind != node.Number || err != nil {
			return 0, false
		}
		secs = v
	}
	secs = max(secs, 1)
	if limit > 0 {
		secs = min(secs, limit)
	}
	return secs, true
}

// eventTimeouts reads the default and longest timeout of Codex's event
// from the tables (0: no bound).
func eventTimeouts(event string) (def, limit uint64) {
	t := vocab.Default()
	if p, ok := t.Provider(Dialect.Slug); ok {
		def = uint64(p.DefaultTimeout)
	}
	for _, n := range t.DecodeEvent(Dialect.Slug, event) {
		if n.DefaultTimeout > 0 {
			def = uint64(n.DefaultTimeout)
		}
		if n.MaxTimeout > 0 {
			limit = uint64(n.MaxTimeout)
		}
	}
	return def, limit
}

// ignoresMatcher reports whether Codex ignores the matcher on event
// (matcher_pattern_for_event: UserPromptSubmit and Stop), as the events
// table says ("none"): it is then left out of the hash.
func ignoresMatcher(event string) bool {
	for _, n := range vocab.Default().DecodeEvent(Dialect.Slug, event) {
		if n.Matcher == "none" {
			return true
		}
	}
	return false
}

// writeJSONString writes s as serde_json writes a string: ", \ and the
// control characters escaped (\b \f \n \r \t, else \u00xx), everything
// else as it is, non-ASCII too (Go's encoding/json would escape <, > and
// &, and U+2028, and so hash other bytes).
func writeJSONString(b *strings.Builder, s string) {
	const hexDigits = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xf])
				continue
			}
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}
