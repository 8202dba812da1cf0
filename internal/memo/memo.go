// Package memo keeps the answers of a pure function by its key, for
// readers on several goroutines: a conversion's chunks ask the same few
// questions of the tables thousands of times.
package memo

import "sync"

// Map is a map from a key to a remembered answer, safe for concurrent
// use. Its zero value is ready. Unlike a sync.Map, a lookup boxes no key
// and so allocates nothing, which matters on per-hook paths.
type Map[K comparable, V any] struct {
	mu sync.RWMutex
	by map[K]V
}

// Load returns the answer remembered for k, if any.
func (m *Map[K, V]) Load(k K) (V, bool) {
	m.mu.RLock()
	v, ok := m.by[k]
	m.mu.RUnlock()
	return v, ok
}

// Store remembers v as the answer for k. Two goroutines that worked out
// the same answer may both store it: the answers are equal.
func (m *Map[K, V]) Store(k K, v V) {
	m.mu.Lock()
	if m.by == nil {
		m.by = map[K]V{}
	}
	m.by[k] = v
	m.mu.Unlock()
}
