package capabilities

import (
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/vocab"
)

// Vocabulary is the canonical.Vocabulary backed by the embedded vocab and
// capability tables.
type Vocabulary struct {
	Names *vocab.Tables
	Caps  *Tables
}

var _ canonical.Vocabulary = Vocabulary{}

// DefaultVocabulary returns the vocabulary of the embedded tables.
func DefaultVocabulary() Vocabulary {
	return Vocabulary{Names: vocab.Default(), Caps: Default()}
}

// EventNames implements canonical.Vocabulary.
func (v Vocabulary) EventNames() []string { return v.Names.EventNames() }

// IsEvent implements canonical.Vocabulary.
func (v Vocabulary) IsEvent(name string) bool { _, ok := v.Names.Event(name); return ok }

// TakesMatcher implements canonical.Vocabulary: a tool event (the
// events table's subject), or one some provider filters with a text
// matcher (a file path pattern: Kiro's file hooks), which decoding keeps
// in the canonical matcher, so that such a matcher is not reported as one
// the event cannot take (HC165).
func (v Vocabulary) TakesMatcher(event string) bool {
	e, ok := v.Names.Event(event)
	if !ok {
		return false
	}
	if e.Subject == "tool" {
		return true
	}
	for _, p := range v.Names.Providers {
		for _, row := range v.Names.EncodeEvent(p.Slug, event) {
			if row.Matcher == vocab.MatchText {
				return true
			}
		}
	}
	return false
}

// CanBlockSomewhere implements canonical.Vocabulary.
func (v Vocabulary) CanBlockSomewhere(event string) bool { return v.Caps.CanBlockSomewhere(event) }

// ToolNames implements canonical.Vocabulary.
func (v Vocabulary) ToolNames() []string { return v.Names.ToolNames() }

// IsTool implements canonical.Vocabulary.
func (v Vocabulary) IsTool(name string) bool { _, ok := v.Names.Tool(name); return ok }

// CapabilityNames implements canonical.Vocabulary.
func (v Vocabulary) CapabilityNames() []string { return v.Caps.IDs() }

// IsCapability implements canonical.Vocabulary.
func (v Vocabulary) IsCapability(id string) bool { _, ok := v.Caps.Capability(id); return ok }

// ProviderSlugs implements canonical.Vocabulary.
func (v Vocabulary) ProviderSlugs() []string { return v.Names.Slugs() }

// BackgroundKeys implements canonical.Vocabulary: the providers table's
// background_keys.
func (v Vocabulary) BackgroundKeys(slug string) ([]string, string) {
	p, ok := v.Names.Provider(slug)
	if !ok {
		return nil, ""
	}
	return p.BackgroundKeys, p.Name
}

// DecodeEvent implements canonical.Vocabulary.
func (v Vocabulary) DecodeEvent(slug, native string) []string {
	var out []string
	for _, row := range v.Names.DecodeEvent(slug, native) {
		out = append(out, row.Event)
	}
	return out
}

// NativeEvent implements canonical.Vocabulary.
func (v Vocabulary) NativeEvent(name string) (event, provider string, ok bool) {
	for _, slug := range v.Names.Slugs() {
		for _, row := range v.Names.DecodeEvent(slug, name) {
			if _, known := v.Names.Event(row.Event); known && !strings.HasPrefix(row.Event, "vendor.") {
				p, _ := v.Names.Provider(slug)
				return row.Event, p.Name, true
			}
		}
	}
	return "", "", false
}

// IsProvider implements canonical.Vocabulary.
func (v Vocabulary) IsProvider(slug string) bool { _, ok := v.Names.Provider(slug); return ok }
