// Package capabilities knows which optional hook features each provider
// supports and what a blocking hook can do on each provider's events. Like
// vocab, its facts are embedded TOML tables (data/capabilities.toml and
// data/blocking.toml), read once on first use.
package capabilities

import (
	"embed"
	"slices"
	"sync"

	"github.com/hookconv/hookconv/internal/table"
	"github.com/hookconv/hookconv/vocab"
)

//go:embed data/*.toml
var data embed.FS

// Support levels.
const (
	LevelFull    = "full"
	LevelPartial = "partial"
	LevelNone    = "none"
)

// Blocking behaviours.
const (
	Prevent = "prevent"
	Retry   = "retry"
	Observe = "observe"
)

// Capability is an optional feature a hook may use.
type Capability struct {
	// ID is the name used in a hook's "degradation" map.
	ID string `toml:"id" json:"id"`
	// Inferred says, in words, when hookconv infers that a hook uses it.
	Inferred string `toml:"inferred" json:"inferred"`
	// Default is the strategy when the target lacks it: "block", "warn"
	// or "exclude".
	Default string `toml:"default" json:"default"`
	// Summary is one line for `hookconv capabilities`.
	Summary string `toml:"summary" json:"summary"`
}

// Support says how far a provider supports a capability.
type Support struct {
	// Provider is the provider's slug; Capability the Capability's ID.
	Provider   string `toml:"provider" json:"provider"`
	Capability string `toml:"capability" json:"capability"`
	// Level is "full", "partial" or "none".
	Level string `toml:"level" json:"level"`
	// Note says what "partial" means, or how the provider spells the
	// feature.
	Note string `toml:"note" json:"note,omitempty"`
	// Requires is a condition a hook must meet for Level to hold; a hook
	// that does not lacks the capability there (see data/capabilities.toml).
	Requires string `toml:"requires" json:"requires,omitempty"`
	// OnlyOn lists the native events Level holds on (empty: all); NotOn
	// those it does not hold on. Elsewhere the hook lacks the capability.
	OnlyOn []string `toml:"only_on" json:"only_on,omitempty"`
	NotOn  []string `toml:"not_on" json:"not_on,omitempty"`
	// Platforms, for platform_commands, are the OS overrides the target
	// holds beside its default command, which then is the Unix one
	// (Copilot CLI: bash, and powershell for windows).
	Platforms []string `toml:"platforms" json:"platforms,omitempty"`
}

// HoldsOn reports whether the support's level holds on a native event
// (its only_on and not_on); the level says how much that is.
func (s Support) HoldsOn(native string) bool {
	return (len(s.OnlyOn) == 0 || slices.Contains(s.OnlyOn, native)) && !slices.Contains(s.NotOn, native)
}

// Blocking says what a blocking hook can do on one provider's event.
type Blocking struct {
	// Provider is the provider's slug.
	Provider string `toml:"provider" json:"provider"`
	// Event is a canonical event name.
	Event string `toml:"event" json:"event"`
	// Behaviour is what a blocking hook can do there: "prevent" (the
	// action does not happen), "retry" (the agent is made to go on or
	// retry: stop events) or "observe" (nothing).
	Behaviour string `toml:"behaviour" json:"behaviour"`
	// Note says how the provider blocks, when it is not plain exit 2.
	Note string `toml:"note" json:"note,omitempty"`
	// Exit is what a hook's exit code does there (see data/blocking.toml):
	// "" exit 2 blocks, "nonzero", "json" or "contract".
	Exit string `toml:"exit" json:"exit,omitempty"`
	// ContinueCap is, on a retry event, how many times in a row the tool
	// lets hooks make the agent go on before it stops anyway; 0 where no
	// cap is documented. CapKey is the entry key that sets it per hook
	// (Cursor's loop_limit), read from the hook's provider_data.
	ContinueCap int    `toml:"continue_cap" json:"continue_cap,omitempty"`
	CapKey      string `toml:"cap_key" json:"cap_key,omitempty"`
	// FailClosedKey is the handler key that makes one hook fail closed
	// there (Claude Code's onFailure: "block"): a hook that cannot start,
	// times out, exits with another code than 0 or 2, or prints invalid
	// JSON blocks, as exit 2 does. "" where the tool has none, or ignores
	// it on the event.
	FailClosedKey string `toml:"fail_closed_key" json:"fail_closed_key,omitempty"`
	// FailClosedTypes are the handler types the key is read on (Claude
	// Code's command, http and mcp_tool hooks; its prompt and agent hooks
	// have no onFailure); empty: every type.
	FailClosedTypes []string `toml:"fail_closed_types" json:"fail_closed_types,omitempty"`
}

// FailClosedKeyFor is the row's fail-closed key for a handler of type
// handlerType, "" where the tool has none or does not read it on that
// type.
func (b Blocking) FailClosedKeyFor(handlerType string) string {
	if len(b.FailClosedTypes) > 0 && !slices.Contains(b.FailClosedTypes, handlerType) {
		return ""
	}
	return b.FailClosedKey
}

// ExitTwoBlocks reports whether a hook that exits 2 blocks there: the
// event can block, and by exit code (2, or any non-zero one), not only by
// a JSON answer or the tool's own contract.
func (b Blocking) ExitTwoBlocks() bool {
	return b.Behaviour != Observe && (b.Exit == "" || b.Exit == "nonzero")
}

// Tables is the loaded capability data.
type Tables struct {
	Capabilities []Capability
	Support      []Support
	Blocking     []Blocking

	capIndex      map[string]int
	supportIndex  map[[2]string]int
	blockingIndex map[[2]string]int
	blockable     map[string]bool
}

//go:generate go run ../internal/gentables -pkg capabilities -dir . -out tables_gen.go

// loadDefault indexes the tables compiled from data/*.toml
// (tables_gen.go), so start-up decodes no TOML. TestGeneratedTablesMatchTOML
// keeps the two equal.
var loadDefault = sync.OnceValue(func() *Tables {
	return index(&Tables{Capabilities: generatedCapabilities, Support: generatedSupport, Blocking: generatedBlocking})
})

// Default returns the tables of data/*.toml, indexing them on first use.
func Default() *Tables { return loadDefault() }

// Data is the embedded TOML source of the tables, for Load.
func Data() vocab.FS { return data }

// Load reads data/capabilities.toml and data/blocking.toml from fsys.
func Load(fsys vocab.FS) (*Tables, error) {
	var caps struct {
		Capability []Capability `toml:"capability"`
		Support    []Support    `toml:"support"`
	}
	var blk struct {
		Blocking []Blocking `toml:"blocking"`
	}
	if err := vocab.DecodeTable(fsys, "data/capabilities.toml", &caps); err != nil {
		return nil, err
	}
	if err := vocab.DecodeTable(fsys, "data/blocking.toml", &blk); err != nil {
		return nil, err
	}
	return index(&Tables{Capabilities: caps.Capability, Support: caps.Support, Blocking: blk.Blocking}), nil
}

// index builds the lookup maps of loaded rows.
func index(t *Tables) *Tables {
	t.capIndex = table.Index(t.Capabilities, Capability.id)
	t.supportIndex = table.Index(t.Support, Support.key)
	t.blockingIndex = table.Index(t.Blocking, Blocking.key)
	t.blockable = map[string]bool{}
	for _, b := range t.Blocking {
		if b.Behaviour != Observe {
			t.blockable[b.Event] = true
		}
	}
	return t
}

// The keys the tables are looked up by, and listed by.
func (c Capability) id() string   { return c.ID }
func (s Support) key() [2]string  { return [2]string{s.Provider, s.Capability} }
func (b Blocking) key() [2]string { return [2]string{b.Provider, b.Event} }

// Capability returns the capability with the given id.
func (t *Tables) Capability(id string) (Capability, bool) {
	return table.Row(t.Capabilities, t.capIndex, id)
}

// IDs lists capability ids in table order.
func (t *Tables) IDs() []string { return table.Column(t.Capabilities, Capability.id) }

// SupportOf returns how provider supports capability.
func (t *Tables) SupportOf(provider, capability string) (Support, bool) {
	return table.Row(t.Support, t.supportIndex, [2]string{provider, capability})
}

// HoldsWindowsCommand reports whether provider holds a Windows command
// beside its default one (platform_commands: every OS at level full,
// else its platforms): Codex's commandWindows, Copilot CLI's powershell,
// OpenCode's platform.windows.
func (t *Tables) HoldsWindowsCommand(provider string) bool {
	s, ok := t.SupportOf(provider, capPlatformCommands)
	return ok && (s.Level == LevelFull || s.Level != LevelNone && slices.Contains(s.Platforms, "windows"))
}

// BlockingOf returns what a blocking hook can do on provider's event.
func (t *Tables) BlockingOf(provider, event string) (Blocking, bool) {
	return table.Row(t.Blocking, t.blockingIndex, [2]string{provider, event})
}

// FailClosedKey is the handler key that makes a hook of handlerType on
// provider's event fail closed (Blocking.FailClosedKeyFor), "" for none.
func (t *Tables) FailClosedKey(provider, event, handlerType string) string {
	b, _ := t.BlockingOf(provider, event)
	return b.FailClosedKeyFor(handlerType)
}

// ProviderFailClosedKey is the handler key that makes a hook of
// provider's fail closed on some event, "" when it has none: a tool that
// reads it on every hook (Cursor's failClosed) reads it so.
func (t *Tables) ProviderFailClosedKey(provider string) string {
	for _, b := range t.Blocking {
		if b.Provider == provider && b.FailClosedKey != "" {
			return b.FailClosedKey
		}
	}
	return ""
}

// Continues reports whether a block on provider's event makes the agent
// go on working instead of stopping an action (behaviour retry: Claude
// Code's Stop, Gemini CLI's AfterAgent). There a hook that blocks when it
// fails, or always, keeps the agent from ever stopping.
func (t *Tables) Continues(provider, event string) bool {
	b, ok := t.BlockingOf(provider, event)
	return ok && b.Behaviour == Retry
}

// CanBlockSomewhere reports whether any provider lets a hook on event
// prevent or retry the action.
func (t *Tables) CanBlockSomewhere(event string) bool { return t.blockable[event] }
