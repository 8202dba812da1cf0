package nested

import (
	"reflect"
	"testing"
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
