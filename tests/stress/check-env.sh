#!/usr/bin/env bash
# tests/stress/check-env.sh STRESS UNIT - a bad STRESS_EVENTS or
# TEST_HANG_SECONDS stops the binary with a message naming the range and
# status 2 before any test runs (part of check-host).
set -u
stress=$1 unit=$2
fail=0

# refuse BINARY VAR VALUE RANGE
refuse() {
	local out status
	out=$(env "$2=$3" "$1" 2>&1)
	status=$?
	if [ "$status" -ne 2 ] || [ "$out" != "$2=$3: not a number from $4" ]; then
		echo "check-host: FAIL: $2=$3 $1: status $status, said: $(head -c 300 <<<"$out")"
		fail=1
	fi
}

for v in abc -5 999 12x "" 1e6; do
	refuse "$stress" STRESS_EVENTS "$v" "1000 to 1000000000000"
done
for v in 0 x 10s; do
	refuse "$unit" TEST_HANG_SECONDS "$v" "1 to 1000000000"
done
[ "$fail" -eq 0 ] && echo "check-host: bad STRESS_EVENTS and TEST_HANG_SECONDS refused before any test (9 cases)"
exit "$fail"
