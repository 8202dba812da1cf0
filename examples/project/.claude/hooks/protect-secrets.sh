#!/bin/sh
# PreToolUse on Edit|Write: refuse to edit .env files and keys.
input=$(cat)
case "$input" in
*'"file_path":'*'.env'* | *'"file_path":'*'.pem"'* | *'"file_path":'*'id_rsa'*)
	echo "blocked: secrets are edited by hand" >&2
	exit 2
	;;
esac
exit 0
