package hookconv

import (
	"encoding/json"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
)

// TestClineCancels: a manifest's blocking hook written for Cline by hand
// is warned about again (HC564), at the answer where its script can be
// read; other hooks are left alone.
func TestClineCancels(t *testing.T) {
	const script = ".clinerules/hooks/PreToolUse"
	mark := map[string]json.RawMessage{"cline": json.RawMessage(`{"$from":true}`)}
	tests := []struct {
		name, from, event, body string
		blocking                bool
		data                    map[string]json.RawMessage
		want                    string // the message, "" for none
	}{
		{name: "the answer in the script", from: "canonical", blocking: true, body: "#!/bin/sh\necho '{\"cancel\": true}'\n",
			want: `hook 1 runs .clinerules/hooks/PreToolUse, whose line 2 answers Cline's {"cancel": true}: it blocks in Cline, and no other tool reads that answer: converted to another tool it will never block`},
		{name: "no script to read", from: "canonical", blocking: true,
			want: `hook 1 was written for Cline and blocks by printing Cline's {"cancel": true}, which no other tool reads: converted to another tool it will never block`},
		{name: "not blocking", from: "canonical", body: "#!/bin/sh\necho '{\"cancel\": true}'\n"},
		{name: "an event Cline cannot cancel on", from: "canonical", event: "after_tool_execute", blocking: true},
		{name: "a hook of no tool", from: "canonical", blocking: true, data: map[string]json.RawMessage{}},
		{name: "read from Cline itself: the decoder said it", from: "cline", blocking: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := fstest.MapFS{}
			if tt.body != "" {
				files[script] = &fstest.MapFile{Data: []byte(tt.body)}
			}
			event := tt.event
			if event == "" {
				event = "before_tool_execute"
			}
			data := tt.data
			if data == nil {
				data = mark
			}
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{{
				Event:        event,
				Handler:      canonical.Handler{Type: canonical.HandlerCommand, Command: script},
				Blocking:     tt.blocking,
				ProviderData: data,
			}}}
			_, ds := clineCancels(m, tt.from, &Scripts{FS: files})
			switch {
			case tt.want == "" && len(ds) > 0:
				t.Errorf("said %v", ds)
			case tt.want != "" && (len(ds) != 1 || ds[0].Message != tt.want || ds[0].Code != "HC564" || ds[0].Path != "hooks[0]"):
				t.Errorf("said %v, want %q", ds, tt.want)
			}
		})
	}
}
