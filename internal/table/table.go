// Package table looks rows of a loaded table up by key. The vocab and
// capabilities packages keep their facts as lists of rows, in table
// order, and find one by a key through a map of its position: these are
// the three steps each of their lookups takes, written once.
package table

// Index maps each row's key to the row's position. A key two rows share
// maps to the last of them.
func Index[K comparable, T any](rows []T, key func(T) K) map[K]int {
	m := make(map[K]int, len(rows))
	for i, r := range rows {
		m[key(r)] = i
	}
	return m
}

// Row returns the row index (made by Index over rows) puts at key, and
// false, with the zero row, for a key no row has.
func Row[K comparable, T any](rows []T, index map[K]int, key K) (T, bool) {
	i, ok := index[key]
	if !ok {
		var zero T
		return zero, false
	}
	return rows[i], true
}

// Column lists one field of every row, in table order: the names a
// listing command prints.
func Column[T any](rows []T, field func(T) string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = field(r)
	}
	return out
}
