package codex

import "testing"

// TestProjectHooksOff: Codex's user config keeps a project's hooks from
// loading when its feature flag turns hooks off, or when the first trust
// entry found for the project's folders is not "trusted", or none is.
func TestProjectHooksOff(t *testing.T) {
	tests := []struct {
		name, src string
		folders   []string
		want      string
	}{
		{"trusted", "[projects.\"/p\"]\ntrust_level = \"trusted\"\n", []string{"/p"}, ""},
		{"trusted at the checkout's root", "[projects.\"/r\"]\ntrust_level = \"trusted\"\n", []string{"/r/p", "/r"}, ""},
		{"the folder's own entry first", "[projects.\"/r\"]\ntrust_level = \"trusted\"\n[projects.\"/r/p\"]\ntrust_level = \"untrusted\"\n", []string{"/r/p", "/r"}, `[projects."/r/p"] trust_level = "untrusted"`},
		{"no entry", "model = \"o3\"\n", []string{"/p", "/"}, `no [projects."/p"] trust_level = "trusted"`},
		{"another project trusted", "[projects.\"/q\"]\ntrust_level = \"trusted\"\n", []string{"/p"}, `no [projects."/p"] trust_level = "trusted"`},
		{"a level of another shape is not trust", "[projects.\"/p\"]\ntrust_level = true\n", []string{"/p"}, `no [projects."/p"] trust_level = "trusted"`},
		{"hooks off", "[features]\nhooks = false\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n", []string{"/p"}, "[features] hooks = false"},
		{"codex_hooks off", "[features]\ncodex_hooks = false\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n", []string{"/p"}, "[features] codex_hooks = false"},
		{"hooks on", "[features]\nhooks = true\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n", []string{"/p"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, ds := ReadUserConfig("config.toml", []byte(tt.src))
			if len(ds) > 0 {
				t.Fatalf("unexpected diagnostics %v", ds)
			}
			if got, _ := u.ProjectHooksOff(tt.folders); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
