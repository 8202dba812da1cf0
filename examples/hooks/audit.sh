#!/bin/sh
# The audit hook of guard.json and guard.yaml: append the GitHub MCP call
# it is given on stdin to a log, and let it through (exit 0).
mkdir -p .hooks && cat >> .hooks/audit.log
