// Package node is a JSON/YAML value tree that remembers where every value
// came from. encoding/json forgets positions and key order; hookconv needs
// both — positions so every diagnostic can point at file:line:col, key order
// so a merged settings file keeps the author's layout — so all of hookconv's
// decoders read documents through this tree.
package node

import (
	"strconv"

	"github.com/hookconv/hookconv/diag"
)

// Kind is the JSON type of a node.
type Kind uint8

// The JSON types.
const (
	Null Kind = iota
	Bool
	Number
	String
	Object
	Array
)

// String names the kind the way a JSON user says it ("a string").
func (k Kind) String() string {
	switch k {
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Object:
		return "object"
	case Array:
		return "array"
	default:
		return "null"
	}
}

// Article returns the kind with its indefinite article, for messages.
func (k Kind) Article() string {
	switch k {
	case Object, Array:
		return "an " + k.String()
	case Null:
		return "null"
	default:
		return "a " + k.String()
	}
}

// Node is one value of a document.
type Node struct {
	Kind Kind
	Bool bool // beside Kind, so the two share one word: trees of big configs hold many nodes
	// unique is set by the JSON parser on an object or array in which
	// no object, at any depth, repeats a key: Repeats then need not walk
	// it again (the 46,000 nodes of a 10,000-handler config: 0.3 ms,
	// on the path every conversion waits for). A byte of the word Kind
	// and Bool share.
	unique bool
	// End is the byte offset just past the value in JSON input; -1 when
	// the document was YAML (yaml.v3 reports no offsets). An int32 in the
	// word Kind and Bool share, which leaves a node 96 bytes, not 104: a
	// parsed 10,000-handler config holds 46,000 nodes, and an Arena block
	// 283 of them, not 262. hookconv reads no document of 2 GiB
	// (canonical.MaxFileSize is 32 MiB).
	End int32
	// Pos is where the value starts.
	Pos diag.Pos
	// Text is a string's decoded value, or a number's literal text.
	Text   string
	Fields []Field // Object members in source order (duplicates kept)
	Items  []*Node // Array elements
}

// Field is one member of an object.
type Field struct {
	Key    string
	KeyPos diag.Pos
	Value  *Node
}

// Strings returns the texts of an array of strings, and false when n is
// nil, not an array, or holds anything but strings.
func (n *Node) Strings() ([]string, bool) {
	if n == nil || n.Kind != Array {
		return nil, false
	}
	out := make([]string, len(n.Items))
	for i, it := range n.Items {
		if it.Kind != String {
			return nil, false
		}
		out[i] = it.Text
	}
	return out, true
}

// Get returns the value of key in an object, or nil. When a key repeats, the
// last one wins, as in encoding/json and JavaScript.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i := len(n.Fields) - 1; i >= 0; i-- {
		if n.Fields[i].Key == key {
			return n.Fields[i].Value
		}
	}
	return nil
}

// Field returns the member named key (the last one when it repeats).
func (n *Node) Field(key string) (Field, bool) {
	if n == nil || n.Kind != Object {
		return Field{}, false
	}
	for i := len(n.Fields) - 1; i >= 0; i-- {
		if n.Fields[i].Key == key {
			return n.Fields[i], true
		}
	}
	return Field{}, false
}

// Float returns a number node's value.
func (n *Node) Float() (float64, bool) {
	if n == nil || n.Kind != Number {
		return 0, false
	}
	f, err := strconv.ParseFloat(n.Text, 64)
	return f, err == nil
}

// SameValue reports whether a and b hold the same JSON value: arrays in
// order, objects as sets of members whatever their order (the last of a
// repeated key counts, as in Get), numbers by their value. Formats that
// do not keep member order (TOML tables) compare equal to the JSON they
// were written from.
func SameValue(a, b *Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Bool:
		return a.Bool == b.Bool
	case Number:
		x, okx := a.Float()
		y, oky := b.Float()
		return okx && oky && x == y || a.Text == b.Text
	case String:
		return a.Text == b.Text
	case Array:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !SameValue(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	case Object:
		keys := func(n *Node) map[string]bool {
			m := make(map[string]bool, len(n.Fields))
			for _, f := range n.Fields {
				m[f.Key] = true
			}
			return m
		}
		ka, kb := keys(a), keys(b)
		if len(ka) != len(kb) {
			return false
		}
		for k := range ka {
			if !kb[k] || !SameValue(a.Get(k), b.Get(k)) {
				return false
			}
		}
		return true
	}
	return true // Null
}
