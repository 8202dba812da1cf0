package node

import "testing"

// TestValueKeyIsSameValue: two values have the same key exactly when
// SameValue holds, over numbers spelled otherwise (1, 1.0, 1e0, -0, 0,
// 1e400, NaN), objects in another order or with a repeated key, arrays,
// strings that look like numbers, and null and no value.
func TestValueKeyIsSameValue(t *testing.T) {
	var values []*Node
	for _, src := range []string{
		`1`, `1.0`, `1e0`, `-0`, `0`, `2`, `1e400`, `2e400`, `"1"`, `"a"`, `"b"`, `true`, `false`, `null`,
		`[1,2]`, `[2,1]`, `[1.0,2]`, `[]`, `{}`, `{"a":1,"b":2}`, `{"b":2,"a":1}`, `{"a":1}`, `{"a":1,"a":2}`, `{"a":2}`,
		`{"a":[1]}`, `{"a":"1"}`, `["a","b"]`, `["ab"]`,
	} {
		n, err := ParseJSON([]byte(src), JSONOptions{})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		values = append(values, n)
	}
	values = append(values, nil, &Node{Kind: Number, Text: "NaN"}, &Node{Kind: Number, Text: "nan"})
	for _, a := range values {
		for _, b := range values {
			same := string(AppendValueKey(nil, a)) == string(AppendValueKey(nil, b))
			if same != SameValue(a, b) {
				t.Errorf("%s and %s: same key %v, SameValue %v", AppendCompact(nil, a), AppendCompact(nil, b), same, SameValue(a, b))
			}
		}
	}
}
