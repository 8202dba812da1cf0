package node

import (
	"math"
	"slices"
	"strconv"
)

// AppendValueKey appends to b a key of n that two values share exactly
// when SameValue holds for them, so a map can find the values equal to
// one without comparing it with each (arrays in order, objects' members
// sorted by key, the last of a repeated key counting, numbers by their
// value). Keys are prefix-free: keys appended one after another still
// tell their values apart.
func AppendValueKey(b []byte, n *Node) []byte {
	if n == nil {
		return append(b, '-')
	}
	switch n.Kind {
	case Bool:
		if n.Bool {
			return append(b, 't')
		}
		return append(b, 'f')
	case Number:
		// SameValue compares numbers that parse by value, others (and
		// NaN, unequal to itself) by their text.
		if x, ok := n.Float(); ok && !math.IsNaN(x) {
			if x == 0 {
				x = 0 // -0 == 0
			}
			return strconv.AppendQuote(append(b, 'd'), strconv.FormatFloat(x, 'g', -1, 64))
		}
		return strconv.AppendQuote(append(b, 'x'), n.Text)
	case String:
		return strconv.AppendQuote(append(b, 's'), n.Text)
	case Array:
		b = append(b, '[')
		for _, it := range n.Items {
			b = AppendValueKey(b, it)
		}
		return append(b, ']')
	case Object:
		keys := make([]string, 0, len(n.Fields))
		for _, f := range n.Fields {
			keys = append(keys, f.Key)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for _, k := range slices.Compact(keys) {
			b = strconv.AppendQuote(b, k)
			b = AppendValueKey(b, n.Get(k))
		}
		return append(b, '}')
	}
	return append(b, 'z') // Null
}
