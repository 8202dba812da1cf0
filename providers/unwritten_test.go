package providers

import (
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

// TestGuardLost: a hook not written says its guard is lost only when it
// blocks (QA: HC311 said "not written" of a blocking guard as of a hook
// that only watched).
func TestGuardLost(t *testing.T) {
	tests := []struct {
		blocking bool
		want     string
	}{
		{true, ": it is a blocking hook, so its guard is lost in Kiro"},
		{false, ""},
	}
	for _, tt := range tests {
		h := &canonical.Hook{Blocking: tt.blocking}
		if got := GuardLost(h, "Kiro"); got != tt.want {
			t.Errorf("blocking %v: GuardLost = %q, want %q", tt.blocking, got, tt.want)
		}
	}
}
