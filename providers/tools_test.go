package providers

import (
	"fmt"
	"testing"

	"github.com/hookconv/hookconv/vocab"
)

func TestDecodeNameList(t *testing.T) {
	for _, tc := range []struct{ native, want string }{
		{"", "<nil>"},
		{" * ", "<nil>"},
		{"Shell", "shell"},
		{" Shell ", "shell"}, // names are names, however spaced
		{"Shell|Write", "[shell file_write file_edit]"}, // Cursor's Write does both
		{"Shell|MCP", "[shell {* }]"},                   // the tool's "every MCP tool"
		{"Shell|Nope", "{Shell|Nope}"},                  // an unknown name: a pattern, as written
		{"Shell.*", "{Shell.*}"},
		{"Shell|mcp__. ", "{Shell|mcp__. }"}, // white space is part of a regex
	} {
		got := fmt.Sprint(DecodeNameList(tc.native, vocab.Default(), "cursor", "MCP"))
		if got != tc.want {
			t.Errorf("DecodeNameList(%q) = %s, want %s", tc.native, got, tc.want)
		}
	}
}
