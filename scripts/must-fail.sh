#!/bin/sh
# must-fail.sh LOG PATTERN WHAT -- COMMAND...: a check that COMMAND fails,
# and fails clearly: its output (kept in LOG) holds PATTERN (grep -o; the
# match is printed). WHAT says in words what COMMAND tries.
# Status 1 when COMMAND succeeds or fails without PATTERN.
log=$1 pattern=$2 what=$3
shift 3
[ "$1" = "--" ] && shift
if "$@" >"$log" 2>&1; then
	echo "check: $what: succeeded, but must fail"
	exit 1
fi
if ! match=$(grep -o -m1 -- "$pattern" "$log"); then
	cat "$log"
	echo "check: $what: failed, but without saying '$pattern'"
	exit 1
fi
echo "check: $what: refused: $(printf '%s\n' "$match" | head -1)"
