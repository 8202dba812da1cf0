package hookrun

// The tool's argument a hook written for another tool reads (run
// --from): the tool's input is the target's, as its tool spells it, but
// the argument that says what the call acts on is also handed to the
// hook under the name its source tool gives it. A Claude Code guard on
// Write reads tool_input.file_path; Kiro CLI's fs_write sends path: run
// --from kiro-agent's payload, the guard found nothing, exited 0, and
// every write went ahead (QA q4 F1). Which names stand for one another
// is the vocabulary's (ActsOn), not known here by tool.

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/hookconv/hookconv/vocab"
)

// argAlias is an argument of the tool's input that run --from also hands
// the hook under its source tool's name: own, the source's name, holds
// what the target's tool sends as target (value).
type argAlias struct {
	own, target string
	value       json.RawMessage
}

// withSourceArg returns the input's tool input with the argument that
// says what the call acts on also under the name the source tool's own
// tool for the job gives it (SourceArg: Claude Code's Write reads
// file_path, Kiro CLI's fs_write sends path), and the alias it added;
// the tool input as it is and nil where SourceArg finds none or the
// input already holds the source's name. The member is appended to the
// input's own text, which is otherwise handed on byte for byte. (A copy
// the source nests, Cline's preToolUse.parameters, is the source's own
// place: there the argument is renamed, by sourceArgs.)
func (t *Tables) withSourceArg(from string, in *Input) (json.RawMessage, *argAlias) {
	if in.Tool == "" || len(in.ToolInput) == 0 {
		return in.ToolInput, nil
	}
	own, target, ok := SourceArg(from, in.Source, in.Tool, in.NativeTool)
	if !ok {
		return in.ToolInput, nil
	}
	var args map[string]json.RawMessage
	text := bytes.TrimSpace(in.ToolInput)
	if json.Unmarshal(text, &args) != nil || args == nil || text[len(text)-1] != '}' {
		return in.ToolInput, nil
	}
	value, sent := args[target]
	if _, taken := args[own]; !sent || taken {
		return in.ToolInput, nil
	}
	out := append(bytes.Clone(text[:len(text)-1]), ',')
	out = append(out, quote(own)...)
	out = append(out, ':')
	out = append(out, value...)
	out = append(out, '}')
	return out, &argAlias{own: own, target: target, value: value}
}

// SourceArg returns the name (own) under which run --from from also
// hands a hook the argument of to's native tool, a tool for the
// canonical tool job, that says what the call acts on (target): ok
// where actsOnNames finds the two tools name it otherwise. convert
// --shim leaves the argument out of what a guard finds missing (HC419).
func SourceArg(from, to, job, native string) (own, target string, ok bool) {
	tool, ok := sourceTool(from, &Input{Tool: job, NativeTool: native})
	if !ok {
		return "", "", false
	}
	return actsOnNames(from, tool, to, native)
}

// actsOnNames returns the names from's tool and to's native tool give
// the argument the call acts on (vocab's ActsOn: the first documented,
// where it says what it holds): ok where both are known and differ, and
// from's tool sends no argument of to's name, which a guard written for
// it may read as its own.
func actsOnNames(from, tool, to, native string) (own, target string, ok bool) {
	names := vocab.Default()
	if target, ok = names.ActsOn(to, native); !ok {
		return "", "", false
	}
	if own, ok = names.ActsOn(from, tool); !ok || own == target || slices.Contains(names.ToolInput(from, tool), target) {
		return "", "", false
	}
	return own, target, true
}

// undo returns a rewrite of the tool's input as the target's tool reads
// it: without the alias run added (a hook that copies its input and
// changes one field hands it back too), its value at the target's name
// where the hook changed the alias and left the target's alone (a guard
// that rewrites file_path means the file the call acts on). a may be
// nil, and the rewrite is returned as it is where it holds no alias.
func (a *argAlias) undo(rewrite json.RawMessage) json.RawMessage {
	if a == nil || len(rewrite) == 0 {
		return rewrite
	}
	var args map[string]json.RawMessage
	if json.Unmarshal(rewrite, &args) != nil || args == nil {
		return rewrite
	}
	v, ok := args[a.own]
	if !ok {
		return rewrite
	}
	delete(args, a.own)
	if cur, ok := args[a.target]; !sameJSON(v, a.value) && (!ok || sameJSON(cur, a.value)) {
		args[a.target] = v
	}
	out, err := json.Marshal(args) // keys sorted, as mergedInput writes them
	if err != nil {
		return rewrite
	}
	return out
}

// sameJSON reports whether two JSON texts are the same value, spaces
// aside.
func sameJSON(a, b json.RawMessage) bool {
	var ca, cb bytes.Buffer
	return json.Compact(&ca, a) == nil && json.Compact(&cb, b) == nil && bytes.Equal(ca.Bytes(), cb.Bytes())
}
