// Package uniq collects values in order, each once.
package uniq

import "slices"

// List holds values in the order first added, each once. A value is
// compared with the others one by one while they are few, as in most
// matchers, and looked up in a set once they are many: a matcher listing
// 30,000 names compared each with every one before it (QA: 37 s to
// Copilot CLI). The zero List is empty and ready.
type List[T comparable] struct {
	Items []T
	seen  map[T]struct{} // the values of Items, once it is long
}

// short is how many values are compared one by one.
const short = 16

// Add appends v unless it is there already.
func (l *List[T]) Add(v T) {
	if l.seen == nil {
		if slices.Contains(l.Items, v) {
			return
		}
		l.Items = append(l.Items, v)
		if len(l.Items) > short {
			l.seen = make(map[T]struct{}, 2*len(l.Items))
			for _, x := range l.Items {
				l.seen[x] = struct{}{}
			}
		}
		return
	}
	if _, ok := l.seen[v]; !ok {
		l.seen[v] = struct{}{}
		l.Items = append(l.Items, v)
	}
}
