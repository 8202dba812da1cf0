package canonical

import (
	"encoding/binary"
	"hash/maphash"
	"math"

	"github.com/hookconv/hookconv/internal/sortedkeys"
)

// fingerprint hashes a hook's content (not its position), so duplicate
// detection costs one pass over each hook instead of serialising it. Equal
// hooks always hash equal; the rare collision is settled by MarshalHook.
func fingerprint(seed maphash.Seed, h *Hook) uint64 {
	var m maphash.Hash
	m.SetSeed(seed)
	str := func(s string) {
		m.WriteString(s)
		m.WriteByte(0)
	}
	num := func(f float64) {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(f))
		m.Write(b[:])
	}
	boolean := func(v bool) {
		if v {
			m.WriteByte(1)
		} else {
			m.WriteByte(0)
		}
	}
	strMap := func(mm map[string]string) {
		for _, k := range sortedkeys.Of(mm) {
			str(k)
			str(mm[k])
		}
		m.WriteByte(1)
	}
	str(h.Name)
	str(h.Event)
	hashMatcher(&m, h.Matcher)
	boolean(h.Blocking)
	for _, k := range sortedkeys.Of(h.Degradation) {
		str(k)
		str(string(h.Degradation[k]))
	}
	m.WriteByte(1)
	for _, k := range sortedkeys.Of(h.ProviderData) {
		str(k)
		m.Write(h.ProviderData[k])
	}
	m.WriteByte(1)
	for _, c := range h.Capabilities {
		str(c)
	}
	m.WriteByte(1)
	hd := &h.Handler
	for _, s := range []string{hd.Type, hd.Command, hd.Cwd, hd.TimeoutAction, hd.StatusMessage, hd.URL, hd.Prompt, hd.Model, hd.Server, hd.Tool, string(hd.Input)} {
		str(s)
	}
	strMap(hd.Platform)
	strMap(hd.Env)
	strMap(hd.Headers)
	for _, v := range hd.AllowedEnvVars {
		str(v)
	}
	num(hd.Timeout)
	boolean(hd.Async)
	return m.Sum64()
}

func hashMatcher(m *maphash.Hash, x Matcher) {
	switch x := x.(type) {
	case nil:
		m.WriteByte('0')
	case ToolName:
		m.WriteByte('t')
		m.WriteString(string(x))
		m.WriteByte(0)
	case Pattern:
		m.WriteByte('p')
		m.WriteString(x.Regex)
		m.WriteByte(0)
	case MCP:
		m.WriteByte('m')
		m.WriteString(x.Server)
		m.WriteByte(0)
		m.WriteString(x.Tool)
		m.WriteByte(0)
	case AnyOf:
		m.WriteByte('[')
		for _, y := range x {
			hashMatcher(m, y)
		}
		m.WriteByte(']')
	}
}
