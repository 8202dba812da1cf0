package hookconv

import (
	"bytes"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers/cline"
)

// clineCancels warns, once per source, about a manifest's blocking hooks
// written for Cline by hand (the Cline decoder's marks) on the events
// where Cline's {"cancel": true} blocks. Cline blocks on that answer
// alone, never on an exit code (reference part 2 §6.5), and no other tool
// reads it, so such a guard never blocks once converted: the decoder says
// so (HC564) when it reads the script; converting a manifest made of it
// on says it again, as converting the script straight does, pointing at
// the answer where the script can be read (Scripts). It returns m.
func clineCancels(m *canonical.Manifest, from string, scripts *Scripts) (*canonical.Manifest, diag.List) {
	if from != "canonical" || m == nil {
		return m, nil
	}
	caps := capabilities.Default()
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !h.Blocking || h.Handler.Type != canonical.HandlerCommand || !capabilities.DecodedFrom(h, cline.Slug) {
			continue
		}
		if b, ok := caps.BlockingOf(cline.Slug, h.Event); !ok || b.Behaviour == capabilities.Observe {
			continue
		}
		var w diag.List
		if at := scripts.clineAnswer(&h.Handler); at.file != "" {
			w.Warnf(cline.CodeClineOutput, h.PosOf("handler.command"), hookPath(h, i), "make the scripts exit 2 with the reason on stderr, which most tools read as a block",
				"%s runs %s, whose line %d answers Cline's {\"cancel\": true}: it blocks in Cline, and no other tool reads that answer: converted to another tool it will never block",
				h.DisplayName(i), at.file, at.line)
		} else {
			w.Warnf(cline.CodeClineOutput, h.PosOf("handler.command"), hookPath(h, i), "make the script exit 2 with the reason on stderr, which most tools read as a block",
				"%s was written for Cline and blocks by printing Cline's {\"cancel\": true}, which no other tool reads: converted to another tool it will never block",
				h.DisplayName(i))
		}
		if h.OriginFile != "" {
			w = w.WithFile(h.OriginFile)
		}
		ds = append(ds, w...)
	}
	return m, ds
}

// cancelAnswer is where a script a hook runs answers Cline's "cancel":
// the project file and the line.
type cancelAnswer struct {
	file string
	line int
}

// clineAnswer looks for Cline's "cancel" answer in the project scripts a
// hook's command runs and in those they run (followScripts); the zero
// cancelAnswer when none was found. s may be nil: nothing is read then.
func (s *Scripts) clineAnswer(hd *canonical.Handler) cancelAnswer {
	if s == nil || s.FS == nil || hd.Cwd != "" {
		return cancelAnswer{}
	}
	files, _, _ := s.followScripts(s.scriptPathsOf(hd.Command), nil)
	for _, f := range files {
		if i := cline.CancelAt(f.path, f.text); i >= 0 {
			return cancelAnswer{f.path, 1 + bytes.Count(f.text[:i], []byte("\n"))}
		}
	}
	return cancelAnswer{}
}
