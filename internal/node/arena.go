package node

import (
	"slices"

	"github.com/hookconv/hookconv/internal/sortedkeys"
)

// Arena hands out nodes, member lists and element lists carved from
// blocks, for code that builds a large tree at once (the JSON parser, an
// encoder writing thousands of hooks): the tree then costs a few large
// allocations instead of one per value. Everything carved stays alive as
// long as anything carved from the same block does, which for a tree
// built and dropped whole is no cost. The zero Arena is ready to use; it
// is not safe for concurrent use.
type Arena struct {
	// Expect is about how many more values the caller will ask for: new
	// blocks hold that many (at most 256, never fewer than asked for,
	// and rounded up to fill the memory the allocator gives them), so a
	// small tree does not pay for a large block. The parser updates it
	// from the input left to read.
	Expect int

	nodes  []Node
	fields []Field
	items  []*Node
}

// maxBlock caps a block: 256 nodes are 24 KiB (a block of them holds
// 283, in a 27 KiB size class).
const maxBlock = 256

func (a *Arena) blockSize(need int) int {
	return max(need, min(maxBlock, a.Expect))
}

// block returns a block of at least n values, as many as the memory the
// allocator hands out for it holds. slices.Grow rounds the capacity up to
// the allocator's size class, where make would leave the rest of it
// unused: a block of 256 members with its 8-byte header takes a class of
// 13,568 bytes, 1,272 of which make left idle (10 % of a parse tree's
// members; 2 % of its nodes).
func block[T any](n int) []T {
	b := slices.Grow([]T(nil), n)
	return b[:cap(b)]
}

// New returns a pointer to a copy of n.
func (a *Arena) New(n Node) *Node {
	x := a.alloc()
	*x = n
	return x
}

// alloc returns a new zero node.
func (a *Arena) alloc() *Node {
	if len(a.nodes) == 0 {
		a.nodes = block[Node](a.blockSize(1))
	}
	x := &a.nodes[0]
	a.nodes = a.nodes[1:]
	return x
}

// String returns a new string node.
func (a *Arena) String(s string) *Node { return a.New(Node{Kind: String, Text: s}) }

// NonEmptyString returns a new string node, or nil for "": how encoders
// leave out a field the hook does not set.
func (a *Arena) NonEmptyString(s string) *Node {
	if s == "" {
		return nil
	}
	return a.String(s)
}

// Fields returns a copy of members. Its capacity is its length, so
// appending to it later copies rather than overwrites what was carved
// next.
func (a *Arena) Fields(members []Field) []Field {
	if len(members) == 0 {
		return nil
	}
	if len(a.fields) < len(members) {
		a.fields = block[Field](a.blockSize(len(members)))
	}
	out := a.fields[:len(members):len(members)]
	a.fields = a.fields[len(members):]
	copy(out, members)
	return out
}

// Items is Fields for array elements.
func (a *Arena) Items(items []*Node) []*Node {
	if len(items) == 0 {
		return nil
	}
	if len(a.items) < len(items) {
		a.items = block[*Node](a.blockSize(len(items)))
	}
	out := a.items[:len(items):len(items)]
	a.items = a.items[len(items):]
	copy(out, items)
	return out
}

// StringMap returns an object of m's strings, keys sorted (the same map
// always gives the same bytes), or nil when m is empty.
func (a *Arena) StringMap(m map[string]string) *Node {
	if len(m) == 0 {
		return nil
	}
	fields := make([]Field, 0, len(m))
	for _, k := range sortedkeys.Of(m) {
		fields = append(fields, Field{Key: k, Value: a.String(m[k])})
	}
	return a.New(Node{Kind: Object, Fields: fields})
}

// StringArray returns an array of list's strings, or nil when it is empty.
func (a *Arena) StringArray(list []string) *Node {
	if len(list) == 0 {
		return nil
	}
	items := make([]*Node, len(list))
	for i, s := range list {
		items[i] = a.String(s)
	}
	return a.New(Node{Kind: Array, Items: items})
}
