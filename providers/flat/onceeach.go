package flat

import "slices"

// onceEach collects values in order, each once: compared one by one
// while they are few, as most matchers' are, and looked up in a set once
// they are many (a matcher listing 30,000 names compared each with every
// one before it: QA, 37 s to Copilot CLI).
type onceEach[T comparable] struct {
	list []T
	seen map[T]struct{} // the values of list, once it is long
}

// add appends v unless it is there already.
func (o *onceEach[T]) add(v T) {
	if o.seen == nil {
		if slices.Contains(o.list, v) {
			return
		}
		o.list = append(o.list, v)
		if len(o.list) > 16 {
			o.seen = make(map[T]struct{}, 2*len(o.list))
			for _, x := range o.list {
				o.seen[x] = struct{}{}
			}
		}
		return
	}
	if _, ok := o.seen[v]; !ok {
		o.seen[v] = struct{}{}
		o.list = append(o.list, v)
	}
}
