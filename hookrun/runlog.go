package hookrun

import (
	"bytes"
	"encoding/json"
	"os"
	"time"
)

// Run statuses (RunSummary.Status): Codex's HookRunStatus but "running",
// since a line is written once the run is over.
const (
	// StatusCompleted: the hook ran and the action goes on as it decided
	// (allow, ask, or nothing said).
	StatusCompleted = "completed"
	// StatusFailed: a hook error (exit 1, bad output, a timeout that only
	// warns); the action proceeds.
	StatusFailed = "failed"
	// StatusBlocked: the tool was told to deny the action.
	StatusBlocked = "blocked"
	// StatusStopped: the tool was told to stop the agent (continue: false).
	StatusStopped = "stopped"
)

// Entry kinds (RunEntry.Kind): Codex's HookOutputEntryKind.
const (
	EntryWarning  = "warning"
	EntryStop     = "stop"
	EntryFeedback = "feedback"
	EntryContext  = "context"
	EntryError    = "error"
)

// RunSummary is one hook run as the run log records it, in the shape of
// Codex's app-server HookRunSummary (codex-rs app-server-protocol v2), so
// a reader of Codex's hook notifications reads it too. Fields Codex fills
// from its own configuration are what hookconv can know of them: the
// handler is a command, run synchronously; Source is "unknown" (Codex's
// default) and DisplayOrder 0; SourcePath is the hook's executable.
// StartedAt and CompletedAt are Unix seconds, as Codex writes them;
// DurationMs is milliseconds.
type RunSummary struct {
	// ID is the run's UUID, the id of its OpenHook envelope too.
	ID string `json:"id"`
	// EventName is the canonical event (the native name when the event
	// is not known).
	EventName     string `json:"eventName"`
	HandlerType   string `json:"handlerType"`
	ExecutionMode string `json:"executionMode"`
	// Scope is "thread" for session events and "turn" for the rest, as
	// Codex scopes its SessionStart and its other events.
	Scope        string     `json:"scope"`
	Source       string     `json:"source"`
	SourcePath   string     `json:"sourcePath"`
	DisplayOrder int64      `json:"displayOrder"`
	Status       string     `json:"status"`
	StartedAt    int64      `json:"startedAt"`
	CompletedAt  int64      `json:"completedAt"`
	DurationMs   int64      `json:"durationMs"`
	Entries      []RunEntry `json:"entries"`
}

// RunEntry is one thing a run said: a warning, the stop reason, the
// feedback given with a decision, context for the agent, an error.
type RunEntry struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// Summarise describes a finished run: the hook argv ran on input in,
// resolved to o and answered to the tool as r.
func Summarise(id string, in *Input, argv []string, o Outcome, r Reply, started, completed time.Time) RunSummary {
	s := RunSummary{
		ID:            id,
		EventName:     in.Event,
		HandlerType:   "command",
		ExecutionMode: "sync",
		Scope:         "turn",
		Source:        "unknown",
		StartedAt:     started.Unix(),
		CompletedAt:   completed.Unix(),
		DurationMs:    completed.Sub(started).Milliseconds(),
		Entries:       []RunEntry{},
	}
	if s.EventName == "" {
		s.EventName = in.NativeEvent
	}
	switch in.Event {
	case "session_start", "session_end":
		s.Scope = "thread"
	}
	if len(argv) > 0 {
		s.SourcePath = argv[0]
	}
	add := func(kind, text string) {
		if text != "" {
			s.Entries = append(s.Entries, RunEntry{Kind: kind, Text: text})
		}
	}
	switch {
	case o.Error != "":
		s.Status = StatusFailed
		add(EntryError, o.Error)
	case r.Decision == DecisionDeny:
		s.Status = StatusBlocked
		add(EntryFeedback, r.Reason)
	case r.Stop:
		s.Status = StatusStopped
		add(EntryStop, o.Reason)
	default:
		s.Status = StatusCompleted
		add(EntryFeedback, r.Reason)
	}
	add(EntryContext, o.Context)
	add(EntryWarning, o.SystemMessage)
	for _, n := range append(o.Notes[:len(o.Notes):len(o.Notes)], r.Notes...) {
		add(EntryWarning, n)
	}
	return s
}

// logRecord is one line of the run log.
type logRecord struct {
	// Envelope is null for events OpenHook has no type for.
	Envelope  *envelope  `json:"envelope"`
	Provider  string     `json:"provider"`
	SessionID string     `json:"session_id"`
	Run       RunSummary `json:"run"`
}

// LogLine encodes a run as one line of the run log, ending in a newline:
// {"envelope": …, "provider": …, "session_id": …, "run": …}. envelope is
// the event's OpenHook envelope (its id the run's, its time started), or
// null where OpenHook has no type for the event; run is the summary. As
// in Envelope, the prompt and the tool's input and output are given by
// length and SHA-256 only, unless includeContent copies them.
func LogLine(in *Input, sum RunSummary, started time.Time, includeContent bool) ([]byte, error) {
	rec := logRecord{Provider: in.Source, SessionID: in.SessionID, Run: sum}
	if e, err := newEnvelope(in, sum.ID, started, includeContent); err == nil {
		rec.Envelope = e
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rec); err != nil {
		return nil, err
	}
	return b.Bytes(), nil // Encode ends the line; JSON has no raw newline inside
}

// AppendLog appends line to the file at path, creating it readable by its
// owner only. The line goes out in one write(2) on a descriptor opened
// with O_APPEND, so hooks that log to the same file at once never
// interleave their lines. A FIFO nobody reads is an error rather than a
// wait (O_NONBLOCK).
func AppendLog(path string, line []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|oNonblock, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// LogPathEnv is the run log the environment names: HOOKCONV_LOG, else
// AGENT_HOOKS_LOG; "" for none.
func LogPathEnv(getenv func(string) string) string {
	if p := getenv("HOOKCONV_LOG"); p != "" {
		return p
	}
	return getenv("AGENT_HOOKS_LOG")
}

// logRun writes the run log line of one run; the error says why it could
// not be written.
func logRun(opt *Options, in *Input, o Outcome, r Reply, started time.Time) error {
	sum := Summarise(NewID(), in, opt.Command, o, r, started, time.Now())
	line, err := LogLine(in, sum, started, opt.IncludeContent)
	if err != nil {
		return err
	}
	return AppendLog(opt.Log, line)
}
