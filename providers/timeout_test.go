package providers

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/lint"
)

func TestReadTimeout(t *testing.T) {
	for _, tt := range []struct {
		name      string
		json      string
		perSecond float64
		want      float64
		wantErr   string // a part of the message; "" for none
	}{
		{"seconds", `30`, 1, 30, ""},
		{"fractional seconds", `2.5`, 1, 2.5, ""},
		{"milliseconds", `1500`, 1000, 1.5, ""},
		{"zero is read, the caller decides what it means", `0`, 1, 0, ""},
		{"MaxTimeout seconds", `1000000000`, 1, 1e9, ""},
		{"MaxTimeout in ms", `1000000000000`, 1000, 1e9, ""},
		{"past MaxTimeout", `1000000001`, 1, 0, "timeout 1000000001 is out of range: at most 1000000000 seconds"},
		{"past MaxTimeout in ms", `1e308`, 1000, 0, "timeout 1e308 is out of range: at most 1000000000000 milliseconds"},
		{"past a float64", `1e400`, 1, 0, "timeout 1e400 is out of range"},
		{"past a float64, negative: negative", `-1e400`, 1, 0, "timeout must be a positive number of seconds, not -1e400"},
		{"negative", `-1`, 1, 0, "timeout must be a positive number of seconds, not -1"},
		{"string", `"10"`, 1000, 0, `timeout must be a positive number of milliseconds, not "10"`},
		{"null", `null`, 1, 0, "timeout must be a positive number of seconds, not null"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v, err := node.ParseJSON([]byte(tt.json), node.JSONOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var ds diag.List
			got, ok := ReadTimeout(&ds, "HC999", node.Field{Key: "timeout", Value: v}, func() string { return "hooks.X[0].timeout" }, tt.perSecond, "Tool")
			ds = slices.DeleteFunc(ds, func(d diag.Diagnostic) bool { return d.Code == lint.CodeTimeoutUnit }) // TestReadTimeoutUnit's
			if tt.wantErr == "" {
				if !ok || got != tt.want || len(ds) != 0 {
					t.Errorf("ReadTimeout(%s) = %v, %v, %v; want %v, true, no diagnostics", tt.json, got, ok, ds, tt.want)
				}
				return
			}
			if ok || got != 0 || len(ds) != 1 {
				t.Fatalf("ReadTimeout(%s) = %v, %v, %v; want 0, false and one error", tt.json, got, ok, ds)
			}
			d := ds[0]
			if d.Severity != diag.Error || d.Code != "HC999" || d.Path != "hooks.X[0].timeout" || d.Hint == "" || !strings.Contains(d.Message, tt.wantErr) {
				t.Errorf("ReadTimeout(%s) reported %+v; want an error HC999 at hooks.X[0].timeout with a hint, saying %q", tt.json, d, tt.wantErr)
			}
		})
	}
}

// TestReadTimeoutUnit checks the unit warning every decoder gets from
// ReadTimeout (HC703), at the key the tool reads: seconds of 1000 or more
// look like milliseconds, milliseconds under 100 like seconds.
func TestReadTimeoutUnit(t *testing.T) {
	for _, tt := range []struct {
		key       string
		json      string
		perSecond float64
		want      string // a part of the warning; "" for none
	}{
		{"timeoutSec", `30000`, 1, "Tool timeouts are in seconds: timeoutSec 30000 is 8.3 hours; was it meant in milliseconds?"},
		{"timeout", `1000`, 1, "timeout 1000 is 17 minutes"},
		{"timeout", `999`, 1, ""},
		{"timeout", `0`, 1, ""},
		{"timeout_ms", `10`, 1000, "Tool timeouts are in milliseconds: timeout_ms 10 gives the hook 10 ms to run; was it meant in seconds?"},
		{"timeout_ms", `100`, 1000, ""},
		{"timeout_ms", `0`, 1000, ""},
	} {
		t.Run(tt.key+"="+tt.json, func(t *testing.T) {
			v, err := node.ParseJSON([]byte(tt.json), node.JSONOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var ds diag.List
			if _, ok := ReadTimeout(&ds, "HC999", node.Field{Key: tt.key, Value: v}, func() string { return "x." + tt.key }, tt.perSecond, "Tool"); !ok {
				t.Fatalf("not read: %v", ds)
			}
			switch {
			case tt.want == "" && len(ds) != 0:
				t.Errorf("want no diagnostics, got %v", ds)
			case tt.want == "":
			case len(ds) != 1 || ds[0].Code != lint.CodeTimeoutUnit || ds[0].Path != "x."+tt.key || !strings.Contains(ds[0].Message, tt.want):
				t.Errorf("want one %s at x.%s saying %q, got %v", lint.CodeTimeoutUnit, tt.key, tt.want, ds)
			}
		})
	}
}

// TestHumanSeconds: one unit is said in the singular (QA q6 F6: a Qwen
// Code "timeout": 1 was "1 seconds"), more in the plural.
func TestHumanSeconds(t *testing.T) {
	for s, want := range map[float64]string{
		1: "1 second", 0.5: "0.5 seconds", 2: "2 seconds",
		60: "1 minute", 89: "1 minute", 90: "2 minutes",
		3600: "1.0 hours", 7200: "2.0 hours",
	} {
		if got := humanSeconds(s); got != want {
			t.Errorf("humanSeconds(%v) = %q, want %q", s, got, want)
		}
	}
}
