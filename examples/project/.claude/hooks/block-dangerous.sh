#!/bin/sh
# PreToolUse on Bash: refuse commands that wipe the disk or the history.
# Claude Code sends the tool call as JSON on stdin; exit 2 blocks it and
# stderr tells the model why.
input=$(cat)
case "$input" in
*'rm -rf /'* | *'git push --force'* | *'git push -f'*)
	echo "blocked: destructive command" >&2
	exit 2
	;;
esac
exit 0
