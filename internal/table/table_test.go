package table

import (
	"slices"
	"testing"
)

type row struct{ name, value string }

func TestRow(t *testing.T) {
	rows := []row{{"a", "1"}, {"b", "2"}, {"a", "3"}}
	index := Index(rows, func(r row) string { return r.name })
	if got, ok := Row(rows, index, "a"); !ok || got.value != "3" {
		t.Errorf(`Row("a") = %v, %v; want the last row named a`, got, ok)
	}
	if got, ok := Row(rows, index, "c"); ok || got != (row{}) {
		t.Errorf(`Row("c") = %v, %v; want the zero row, false`, got, ok)
	}
	if got := Column(rows, func(r row) string { return r.value }); !slices.Equal(got, []string{"1", "2", "3"}) {
		t.Errorf("Column = %v, want [1 2 3]", got)
	}
}
