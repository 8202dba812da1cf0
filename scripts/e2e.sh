#!/usr/bin/env bash
# End-to-end suite: install the real agent CLIs (pinned versions, from npm)
# into a cache folder outside the repository, then run `go test -tags e2e
# ./e2e/...` with one env var per installed binary. A tool that cannot be
# installed is skipped with a message saying why; the suite then skips it
# too. Everything runs offline against e2e/fakellm on 127.0.0.1.
#
# Usage: scripts/e2e.sh [--install-only] [tool...]
#   tools: claude gemini codex copilot qwen droid opencode cline (default: all)
# Env:   E2E_CACHE   install folder (default $HOME/.cache/hookconv-e2e)
#        E2E_CASES   comma list of cases (default: all): fire, block,
#                    from-claude, exec-form, fail-closed-exit1, nonblocking-exit2,
#                    hook-error-exit1,
#                    shim-block, shim-block-json, shim-claude-json-deny,
#                    shim-block-claude-file, shim-block-vscode-file (the shim
#                    cases build hookconv and put it on the tool's PATH),
#                    golden-check
#        E2E_GOTEST  extra `go test` flags (e.g. "-run TestE2E/codex")
#        E2E_REPORT  JSON lines, one per case (default $E2E_CACHE/last-report.jsonl)
#        E2E_KEEP    keep every work dir (logs, request bodies) under this folder
set -uo pipefail
cd "$(dirname "$0")/.."

CACHE=${E2E_CACHE:-$HOME/.cache/hookconv-e2e}
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)
case "$CACHE" in
"$PWD"/*) echo "e2e: E2E_CACHE must be outside the repository" >&2; exit 2 ;;
esac

install_only=0
tools=()
for a in "$@"; do
	case "$a" in
	--install-only) install_only=1 ;;
	-h | --help) sed -n '2,20p' "$0"; exit 0 ;;
	*) tools+=("$a") ;;
	esac
done
[ ${#tools[@]} -gt 0 ] || tools=(claude gemini codex copilot qwen droid opencode cline)

# tool → npm spec (pinned: see docs/compatibility.md for why each pin).
spec() {
	case "$1" in
	claude) echo "@anthropic-ai/claude-code@2.1.332" ;;   # >=2.1.198 says node>=22; the binary is native anyway
	gemini) echo "@google/gemini-cli@0.61.0" ;;
	codex) echo "@openai/codex@0.171.0" ;;
	copilot) echo "@github/copilot@1.0.102" ;;
	qwen) echo "@qwen-code/qwen-code@0.15.10" ;;          # later versions need node>=22
	droid) echo "@factory/cli-linux-x64@0.225.2" ;;       # the @factory/cli wrapper points at a missing platform package
	opencode) echo "opencode-ai@1.18.33" ;;
	cline) echo "cline@3.0.65" ;;
	*) return 1 ;;
	esac
}

# tool → binary path relative to the install prefix.
binpath() {
	case "$1" in
	droid) echo "node_modules/@factory/cli-linux-x64/bin/droid" ;;
	*) echo "node_modules/.bin/$1" ;;
	esac
}

envname() { echo "E2E_$(echo "$1" | tr '[:lower:]' '[:upper:]')_BIN"; }

if ! command -v npm >/dev/null 2>&1; then
	echo "e2e: npm not found: every tool is skipped" >&2
fi

for t in "${tools[@]}"; do
	s=$(spec "$t") || { echo "e2e: unknown tool $t" >&2; exit 2; }
	prefix="$CACHE/tools/${s//\//_}"
	bin="$prefix/$(binpath "$t")"
	if [ ! -x "$bin" ]; then
		if ! command -v npm >/dev/null 2>&1; then
			echo "e2e: SKIP $t: npm is not installed" >&2
			continue
		fi
		echo "e2e: installing $s into $prefix" >&2
		mkdir -p "$prefix"
		start=$(date +%s)
		# --prefix keeps node_modules in the cache; --cache keeps npm's own
		# cache there too. Install scripts are not needed: bin/ entries are
		# already the platform binaries.
		if ! npm install --prefix "$prefix" --cache "$CACHE/npm-cache" --no-audit --no-fund \
			--no-save --loglevel=error "$s" >"$prefix/npm-install.log" 2>&1; then
			why=$(grep -m 2 -E '^npm (error|ERR!) (code|[0-9]{3}|notarget|engine|E[A-Z])' "$prefix/npm-install.log" | tr '\n' ' ')
			[ -n "$why" ] || why=$(tail -n 3 "$prefix/npm-install.log" | tr '\n' ' ')
			echo "e2e: SKIP $t: npm install $s failed: $why(log: $prefix/npm-install.log)" >&2
			continue
		fi
		if [ ! -x "$bin" ]; then
			echo "e2e: SKIP $t: $s installed but $bin is missing or not executable" >&2
			continue
		fi
		echo "e2e: installed $t in $(($(date +%s) - start)) s" >&2
	fi
	ver=$("$bin" --version 2>/dev/null | head -n 1)
	echo "e2e: $t: $bin ($ver)" >&2
	export "$(envname "$t")=$bin"
done

[ "$install_only" = 1 ] && exit 0

export E2E_REPORT=${E2E_REPORT:-$CACHE/last-report.jsonl}
rm -f "$E2E_REPORT"

# The suite needs a scratch home per run; Go's temp dirs are used for that.
# shellcheck disable=SC2086
exec go test -tags e2e -count=1 -timeout 30m -v ${E2E_GOTEST:-} ./e2e/...
