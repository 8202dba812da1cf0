package providers

import (
	"sync"

	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/vocab"
)

// Rows are the registry tables an adapter reads and its own provider row.
// They are loaded on first use (Load), so registering adapters costs
// nothing for commands that never convert.
type Rows struct {
	once  sync.Once
	Names *vocab.Tables
	Caps  *capabilities.Tables
	Prov  vocab.Provider
}

// Load fills the rows for the provider slug, once. A slug without a row
// is a programming error (every adapter's tool is in the tables).
func (r *Rows) Load(slug string) {
	r.once.Do(func() {
		r.Names, r.Caps = vocab.Default(), capabilities.Default()
		p, ok := r.Names.Provider(slug)
		if !ok {
			panic("providers: no provider row for " + slug)
		}
		r.Prov = p
	})
}
