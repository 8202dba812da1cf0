package providers

// FieldMap ties a native handler (or entry) key to a canonical handler
// field: command, timeout, async, status_message, url, headers,
// allowed_env_vars, server, tool, input, prompt, model, env, cwd, name
// (the hook's name) or platform.<os>.
type FieldMap struct {
	Native    string
	Canonical string
}

// Fields is a dialect's table of native keys with a canonical home.
type Fields []FieldMap

// CanonicalOf returns the canonical field of a native key.
func (fs Fields) CanonicalOf(native string) (string, bool) {
	for _, f := range fs {
		if f.Native == native {
			return f.Canonical, true
		}
	}
	return "", false
}

// NativeOf returns the native key of a canonical field.
func (fs Fields) NativeOf(canon string) (string, bool) {
	for _, f := range fs {
		if f.Canonical == canon {
			return f.Native, true
		}
	}
	return "", false
}
