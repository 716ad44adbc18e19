#!/usr/bin/env bash
# bench/check-args.sh BENCH - the bench binary refuses every bad argument
# with its own message and status 2, running nothing (part of check-bench);
# a good case still runs.
set -u
bin=$1
fail=0

# refuse "ARGS" "MESSAGE"
refuse() {
	local out status
	out=$("$bin" $1 2>&1 >/dev/null)
	status=$?
	if [ "$status" -ne 2 ] || [ "$out" != "bench: $2" ]; then
		echo "check-bench: FAIL: bench $1: status $status, said: $out (expected: bench: $2)"
		fail=1
	fi
}

refuse "" "usage: bench count|time|mem KEY=VALUE..."
refuse "flow=edge" "usage: bench count|time|mem KEY=VALUE..."
refuse "count impl=bogus" "impl=bogus: not one of genirq|floor|floor1"
refuse "count flow=nope" "flow=nope: not one of edge|level|fasteoi|percpu|msi"
refuse "count kind=x" "kind=x: not one of dispatch|disabled|replay|request|free|threaded|threaded-full"
refuse "count handlers=9" "handlers=9: not a number from 1 to 8"
refuse "count handlers=2x" "handlers=2x: not a number from 1 to 8"
refuse "count n=0" "n=0: not a number from 1 to 1000000000"
refuse "count n=-1" "n=-1: not a number from 1 to 1000000000"
refuse "count irqoff=3" "irqoff=3: not a number from 0 to 2"
refuse "count lines=100" "lines: 16..8192, a power of two; one handler, kind=dispatch flow=edge"
refuse "count lines=16 flow=level" "lines: 16..8192, a power of two; one handler, kind=dispatch flow=edge"
refuse "count zap=1" "unknown key: impl, kind, flow, handlers, irqoff, cost, lines, trace, entry, n"
refuse "count entry=vector" "entry=vector: not one of domain|desc"
refuse "count impl=floor entry=desc" "entry=desc: impl=genirq kind=dispatch, one line"
refuse "count flowedge" "arguments are KEY=VALUE"
if ! "$bin" count flow=level handlers=2 n=10 >/dev/null 2>&1; then
	echo "check-bench: FAIL: bench count flow=level handlers=2 n=10 did not run"
	fail=1
fi
[ "$fail" -eq 0 ] && echo "check-bench: bad arguments refused (16 cases), a good case runs"
exit "$fail"
