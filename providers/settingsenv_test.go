package providers

import (
	"slices"
	"testing"

	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/vocab"
)

// TestSettingsEnvNames reads the variables a config's settings set for
// every hook, over the files of one tool in order: each name once, none
// the tool takes out of a hook's environment again, nothing from a
// malformed "env" or from a tool without such a setting.
func TestSettingsEnvNames(t *testing.T) {
	claude, _ := vocab.Default().Provider("claude-code")
	gemini, _ := vocab.Default().Provider("gemini-cli")
	tests := []struct {
		name  string
		prov  vocab.Provider
		files []string
		want  []string
	}{
		{"one file", claude, []string{`{"env": {"B": "1", "A": "2"}}`}, []string{"B", "A"}},
		{"two files merged", claude, []string{`{"env": {"A": "1"}}`, `{"env": {"C": "x", "A": "3"}}`}, []string{"A", "C"}},
		{"dropped by the tool", claude, []string{`{"env": {"OTEL_EXPORTER_OTLP_ENDPOINT": "x", "KEEP": "1"}}`}, []string{"KEEP"}},
		{"not an object", claude, []string{`{"env": ["A=1"]}`, `{"env": "A=1"}`}, nil},
		{"no env", claude, []string{`{"hooks": {}}`}, nil},
		{"a tool without such a setting", gemini, []string{`{"env": {"A": "1"}}`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range tt.files {
				root, err := node.ParseJSON([]byte(f), node.JSONOptions{})
				if err != nil {
					t.Fatal(err)
				}
				got = SettingsEnvNames(got, ".claude/settings.json", root, tt.prov)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
