package hookconv

import (
	"encoding/json"
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

// TestNeverBlocks: only a command read whole that always exits 0 and
// prints no JSON is read as one that cannot block (QA F12); anything
// hookconv cannot see into stays a possible guard.
func TestNeverBlocks(t *testing.T) {
	for _, tc := range []struct {
		command string
		data    string // provider_data["cursor"]
		want    bool
	}{
		{`afplay /System/Library/Sounds/Glass.aiff; echo 'done'`, "", true},
		{`notify-send "Claude" "finished"; echo ok`, "", true},
		{`echo done`, "", true},
		{`afplay x.aiff`, "", false},                                    // its own status, unknown, is the hook's
		{`notify-send hi && exit 2; echo ok`, "", false},                // exits 2 when the notification shows
		{`./notify.sh; echo done`, "", false},                           // a script unread may answer
		{`osascript -e 'display notification "x"'; echo ok`, "", false}, // prints its script's result
		{`say "a; b"; echo ok`, "", false},                              // unreadable once cut: the safe mistake
		{`echo '{"decision":"block"}'`, "", false},                      // an answer
		{`printf '\173'; echo x`, "", false},                            // an escape that prints one
		{`set -e; afplay x.aiff; echo done`, "", false},                 // set -e ends it with afplay's status
		{`echo done`, `{"$failClosed":true}`, false},                    // Cursor denies on output it cannot read
	} {
		h := canonical.Hook{Event: "agent_stop", Blocking: true, Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tc.command}}
		if tc.data != "" {
			h.ProviderData = map[string]json.RawMessage{"cursor": json.RawMessage(tc.data)}
		}
		if got := neverBlocks(&h); got != tc.want {
			t.Errorf("neverBlocks(%q, %s) = %v, want %v", tc.command, tc.data, got, tc.want)
		}
	}
}
