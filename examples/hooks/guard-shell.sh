#!/bin/sh
# The guard of guard.json and guard.yaml: refuse "rm -rf" in a shell tool
# call. It reads the event on stdin and blocks with exit 2, the reason on
# stderr (the hooks/1.0 contract).
if grep -q 'rm -rf'; then
	echo "blocked: rm -rf" >&2
	exit 2
fi
