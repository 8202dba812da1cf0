#!/usr/bin/env bash
# Times whole hookconv processes on small and large inputs: the median wall
# time and peak RSS over repeated runs, measured with /usr/bin/time. Timing
# lives here and in `go test -bench`, never in unit tests.
#
#   scripts/bench.sh [RUNS]      (default 21 runs per case)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-21}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

CGO_ENABLED=0 go build -o "$work/hookconv" ./cmd/hookconv  # static, as the README installs it
CGO_ENABLED=0 go build -o "$work/floor" ./scripts/floor
go run ./scripts/genmanifest 10000 > "$work/m10k.json"
go run ./scripts/genmanifest 100000 > "$work/m100k.json"
mkdir -p "$work/c10k/.claude" "$work/c100k/.claude"
go run ./scripts/genmanifest -claude 10000 > "$work/c10k/.claude/settings.json"
go run ./scripts/genmanifest -claude 100000 > "$work/c100k/.claude/settings.json"

# measure NAME CMD...: prints the median wall time (ms) and peak RSS (MiB).
# With hyperfine installed (apt-get install hyperfine) wall times come from
# it (no shell, warm-up runs); otherwise from the nanosecond clock around
# each run, which includes spawning time(1) — see the first row.
measure() {
  local name=$1; shift
  local times=() rss=()
  if command -v hyperfine >/dev/null; then
    hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/h.json" "$*" >/dev/null 2>&1 || true
    local med
    med=$(grep -o '"median": *[0-9.e-]*' "$work/h.json" | head -1 | awk '{printf "%.1f", $2*1000}')
    for _ in 1 2 3; do /usr/bin/time -f "%M" -o "$work/t" "$@" >/dev/null 2>&1 || true; rss+=("$(cat "$work/t")"); done
    printf '%-44s %8s ms %8s MiB  (hyperfine)\n' "$name" "$med" \
      "$(printf '%s\n' "${rss[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[2]/1024}')"
    return
  fi
  for _ in $(seq "$runs"); do
    # /usr/bin/time reports wall time in centiseconds only: take the wall
    # time from the nanosecond clock and the peak RSS from time(1).
    local t0 t1
    t0=$(date +%s%N)
    /usr/bin/time -f "%M" -o "$work/t" "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    times+=("$(( (t1 - t0) / 1000 ))"); rss+=("$(cat "$work/t")")
  done
  local mt mr
  mt=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
  mr=$(printf '%s\n' "${rss[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1024}')
  printf '%-44s %8s ms %8s MiB\n' "$name" "$mt" "$mr"
}

# measure_stdin NAME FILE CMD...: measure with FILE on standard input, as a
# tool feeds a hook its payload. hyperfine runs it through a shell and
# subtracts the shell's own start-up.
measure_stdin() {
  local name=$1 file=$2; shift 2
  if command -v hyperfine >/dev/null; then
    hyperfine --warmup 3 --runs "$runs" --export-json "$work/h.json" "$* < $file" >/dev/null 2>&1 || true
    local med
    med=$(grep -o '"median": *[0-9.e-]*' "$work/h.json" | head -1 | awk '{printf "%.1f", $2*1000}')
    /usr/bin/time -f "%M" -o "$work/t" "$@" <"$file" >/dev/null 2>&1 || true
    printf '%-44s %8s ms %8s MiB  (hyperfine, via sh)\n' "$name" "$med" "$(awk '{printf "%.1f", $1/1024}' "$work/t")"
    return
  fi
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N); "$@" <"$file" >/dev/null 2>&1 || true; t1=$(date +%s%N)
    times+=("$(( (t1 - t0) / 1000 ))")
  done
  printf '%-44s %8s ms\n' "$name" "$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')"
}

printf '%-44s %11s %12s\n' "case ($runs runs, median)" "wall" "peak RSS"
command -v hyperfine >/dev/null || measure "true (measurement overhead)" true
# Floors: what any Go program costs here, so the rows below can be read
# as hookconv's own share.
measure "floor: Go program that exits"          "$work/floor"
# What fresh memory costs here, in 4 KiB pages and in huge pages (the
# latter is what hookconv asks for before converting a large input).
measure "floor: touch 40 MiB"                  "$work/floor" touch 40
measure "floor: touch 40 MiB, huge pages"      "$work/floor" touch 40 huge
measure "version"                             "$work/hookconv" version
measure "validate examples/guard.json"        "$work/hookconv" validate examples/guard.json
measure "validate 10,000 hooks ($(du -h "$work/m10k.json" | cut -f1))"   "$work/hookconv" validate "$work/m10k.json"
measure "validate 100,000 hooks ($(du -h "$work/m100k.json" | cut -f1))" "$work/hookconv" validate "$work/m100k.json"
measure "convert examples/project → gemini-cli"      "$work/hookconv" convert --to gemini-cli examples/project
measure "convert examples/project → codex"           "$work/hookconv" convert --to codex examples/project
for n in 10k 100k; do
  for to in gemini-cli codex claude-code; do
    measure "convert $n Claude handlers → $to" "$work/hookconv" convert --to "$to" "$work/c$n/.claude/settings.json"
  done
done

# The run shim around true, fed a recorded Claude Code PreToolUse payload:
# what a tool pays per hook call. The floor runs true from a Go program
# that does nothing else.
# (/usr/bin/true, not the shell's builtin.)
payload=testdata/payloads/claude-pretooluse.json
true=$(type -P true)
measure_stdin "true"                                    "$payload" "$true"
measure_stdin "floor: Go program running true"          "$payload" "$work/floor" exec "$true"
measure_stdin "run --provider claude-code -- true"      "$payload" "$work/hookconv" run --provider claude-code -- "$true"
measure_stdin "run --provider claude-code --blocking -- true" "$payload" "$work/hookconv" run --provider claude-code --blocking -- "$true"

# Repository workflows over a tree of 1,000 generated repositories: one
# detect over the whole tree, and one migrate --dry-run per repository as
# a migration script would run it (1,000 processes; timed once, in total).
go run ./scripts/genmanifest -projects "$work/tree" 1000
measure "detect over 1,000 repositories"             "$work/hookconv" detect "$work/tree"
t0=$(date +%s%N)
for p in "$work"/tree/p*; do
  "$work/hookconv" migrate --from claude-code --to cursor,gemini-cli --dry-run "$p" >/dev/null 2>&1
done
t1=$(date +%s%N)
printf '%-44s %8s ms  (1 run, %s per repository)\n' "migrate --dry-run, 1,000 repositories" \
  "$(( (t1 - t0) / 1000000 ))" "$(awk -v t=$(( (t1 - t0) / 1000 )) 'BEGIN {printf "%.1f ms", t/1000/1000}')"
