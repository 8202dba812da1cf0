//go:build unix

package hookrun

import (
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// benchPayload is payloads/claude/PreToolUse.json, trimmed of paths.
const benchPayload = `{"session_id":"b8a20ace-35ae-4554-a289-0cdadbd244f6","transcript_path":"/home/u/.claude/projects/p/b8a20ace.jsonl","cwd":"/home/u/proj","prompt_id":"d2990a91","permission_mode":"default","effort":{"level":"medium"},"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo hi"},"tool_use_id":"toolu_000002"}`

// BenchmarkShimTrue is the whole shim around `true`: normalise a Claude
// payload, run the hook, resolve and answer. Compare with
// BenchmarkExecTrue, the bare cost of starting `true`: the difference is
// what the shim adds (issue #8's budget is 5 ms).
func BenchmarkShimTrue(b *testing.B) {
	opt := Options{Provider: "claude-code", Blocking: true, Command: []string{"true"}}
	for b.Loop() {
		if code, err := Run(context.Background(), opt, strings.NewReader(benchPayload), io.Discard, io.Discard); err != nil || code != 0 {
			b.Fatal(code, err)
		}
	}
}

// BenchmarkExecTrue starts `true` with os/exec and nothing else.
func BenchmarkExecTrue(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkShimLogic is the shim without the process: normalise, encode,
// resolve, answer.
func BenchmarkShimLogic(b *testing.B) {
	t := Default()
	res := Result{Stdout: []byte(`{"decision":"deny","reason":"no"}`)}
	for b.Loop() {
		in, _ := t.Normalise("claude-code", "", []byte(benchPayload))
		_ = in.Encode()
		_ = t.Answer("claude-code", in.Ref(), Resolve(res, Policy{Blocking: true}))
	}
}

// BenchmarkShimTrueLog is BenchmarkShimTrue with a run log: the envelope,
// the run summary and one append per run.
func BenchmarkShimTrueLog(b *testing.B) {
	opt := Options{Provider: "claude-code", Blocking: true, Command: []string{"true"}, Log: b.TempDir() + "/runs.jsonl"}
	for b.Loop() {
		if code, err := Run(context.Background(), opt, strings.NewReader(benchPayload), io.Discard, io.Discard); err != nil || code != 0 {
			b.Fatal(code, err)
		}
	}
}

// BenchmarkRunLogLine is what the run log adds without the process:
// summarise, encode the line, append it.
func BenchmarkRunLogLine(b *testing.B) {
	t := Default()
	in, _ := t.Normalise("claude-code", "", []byte(benchPayload))
	out := Resolve(Result{Stdout: []byte(`{"decision":"deny","reason":"no"}`)}, Policy{Blocking: true})
	reply := t.Answer("claude-code", in.Ref(), out)
	opt := Options{Command: []string{"true"}, Log: b.TempDir() + "/runs.jsonl"}
	for b.Loop() {
		if err := logRun(&opt, &in, out, reply, time.Now()); err != nil {
			b.Fatal(err)
		}
	}
}
