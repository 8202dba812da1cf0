package nested

import (
	"reflect"
	"testing"

	"github.com/hookconv/hookconv/vocab"
)

// TestTableEventRemembered: the native event an encoder remembers from
// the hook before answers as asking the table afresh, for a run of one
// event, another event, an event the tool lacks, and none.
func TestTableEventRemembered(t *testing.T) {
	c := &Codec{d: &Dialect{Slug: "gemini-cli"}}
	c.load()
	var last lastEvent
	for _, event := range []string{
		"before_tool_execute", "before_tool_execute", "session_start",
		"no_such_event", "no_such_event", "before_tool_execute", "", "session_start",
	} {
		row, found := c.tableEvent(event, &last)
		wantRow, wantFound := c.tableEvent(event, &lastEvent{})
		if found != wantFound || !reflect.DeepEqual(row, wantRow) {
			t.Errorf("%q: remembered %v %+v, table %v %+v", event, found, row, wantFound, wantRow)
		}
		if event == "before_tool_execute" && (!found || row.Name != "BeforeTool") {
			t.Errorf("%q: %v %q, want gemini-cli's BeforeTool", event, found, row.Name)
		}
	}
}

// TestCarries: the tools a codec carries the keys of, found once, are
// those the providers table names as this tool's fork or the tool it
// forked, and no others (Qwen Code and Gemini CLI carry each other's).
func TestCarries(t *testing.T) {
	names := vocab.Default()
	pairs := 0
	for _, slug := range []string{"gemini-cli", "qwen-code", "claude-code", "factory-droid"} {
		c := New(&Dialect{Slug: slug})
		c.load()
		for _, other := range names.Providers {
			want := c.Prov.ForkOf == other.Slug || other.ForkOf == slug
			if got := c.Carries(other.Slug); got != want {
				t.Errorf("%s carries %s: %v, want %v", slug, other.Slug, got, want)
			}
			if want {
				pairs++
			}
		}
		if c.Carries("no-such-tool") {
			t.Errorf("%s carries an unknown tool", slug)
		}
	}
	if pairs == 0 {
		t.Error("no codec carries another tool's keys: the test checks nothing")
	}
}
