package canonical

import (
	"slices"
	"strings"
)

// Systems are the keys of handler.platform (darwin is read as osx), in
// the order messages name them, with the names said: the plan's HC202
// and a decoder's note on a system a hook had no command for name them
// alike.
var Systems = [...]struct{ Key, Name string }{{"linux", "Linux"}, {"osx", "macOS"}, {"windows", "Windows"}}

// SystemList names the systems of platform keys in Systems' order:
// "Linux and macOS", "Linux, macOS and Windows". Other keys are left out.
func SystemList(keys []string) string {
	var names []string
	for _, o := range Systems {
		if slices.Contains(keys, o.Key) {
			names = append(names, o.Name)
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
