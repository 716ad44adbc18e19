#!/usr/bin/env bash
# demo.sh - the hosted demo as a person meets it (make run ARCH=host):
# the shell on a terminal, its machine running while it waits, irqtop
# stopped by Ctrl-C with the input typed after it kept, the tour when
# stdin is not a terminal, and a bad argument refused.
#
#   tests/host/demo.sh build/genirq-demo
set -euo pipefail

demo=${1:?usage: demo.sh GENIRQ-DEMO}
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
pass() { echo "PASS: $*"; }

# The ticks count of each `ticks` line, in order.
ticks_of() { sed -n 's/^\([0-9]*\) ticks at 100 Hz.*/\1/p' <<<"$1"; }

# 1. Piped input to --shell: simulated time runs between two commands.
out=$( { echo ticks; sleep 0.3; echo ticks; echo help; } | timeout 20 "$demo" --shell 2>&1 )
mapfile -t t < <(ticks_of "$out")
if [[ ${#t[@]} -eq 2 && ${t[1]} -gt ${t[0]} ]]; then
	pass "--shell: ticks ${t[0]} then ${t[1]} after 0.3 s of waiting"
else
	fail "--shell: ticks did not advance between two commands: ${t[*]:-none}"; echo "$out" >&2
fi
grep -q '^the hosted simulator: ' <<<"$out" && ! grep -qi 'qemu exits' <<<"$out" \
	&& pass "help speaks of the hosted simulator" \
	|| { fail "help does not speak of the hosted simulator"; echo "$out" >&2; }

# help lists only what the simulator has: every entry's command answers,
# none "no such device" (it has no probe device and no stacks rows).
cmds=$(sed -n 's/^  \([a-z]\+\).*/\1/p' <<<"$out" | grep -vx 'keys\|poweroff')
out2=$(printf '%s\n' $cmds | timeout 20 "$demo" --shell 2>&1)
if [[ $(wc -w <<<"$cmds") -ge 10 ]] && ! grep -q 'no such device' <<<"$out2" &&
   ! grep -qE '^  (probe|stacks)' <<<"$out" && ! grep -q QEMU <<<"$out"; then
	pass "help: $(wc -w <<<"$cmds") entries, each answers, no QEMU, no probe or stacks"
else
	fail "help lists a command the simulator lacks"; echo "$out2" >&2
fi

# 2. On a terminal (script(1) gives it a pseudo-terminal) with no option:
#    the shell, not the tour; Ctrl-C stops irqtop, the line after it runs,
#    Ctrl-D leaves with status 0.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
{ sleep 0.5; printf 'irqtop\r'; sleep 1.6; printf '\003ticks\r'; sleep 0.3; printf '\004'; } |
	timeout 20 script -qefc "$demo" "$log" >/dev/null 2>&1 && rc=0 || rc=$?
term=$(tr -d '\r' <"$log")
if [[ $rc -eq 0 ]] && grep -q 'genirq> ' <<<"$term" && ! grep -q 'after 1 simulated second' <<<"$term"; then
	pass "a terminal gets the shell (exit 0 at Ctrl-D)"
else
	fail "a terminal did not get the shell (status $rc)"; echo "$term" >&2
fi
screens=$(grep -c 'busiest first' <<<"$term" || true)
if grep -q 'Ctrl-C stops it' <<<"$term" && [[ $screens -ge 1 ]] &&
   [[ -n $(ticks_of "$term") ]] && ! grep -q "unknown command" <<<"$term"; then
	pass "irqtop until Ctrl-C: $screens screen(s), then the typed ticks ran"
else
	fail "irqtop was not stopped by Ctrl-C, or the input after it was lost"; echo "$term" >&2
fi

# 3. stdin not a terminal, no option: the scripted tour, status 0.
out=$(timeout 20 "$demo" </dev/null 2>&1) && rc=0 || rc=$?
[[ $rc -eq 0 ]] && grep -q 'after 3 simulated second(s)' <<<"$out" \
	&& pass "no terminal: the tour" || fail "no terminal: no tour (status $rc)"

# 4. A bad argument: usage, status 2.
out=$("$demo" --bogus 2>&1) && rc=0 || rc=$?
[[ $rc -eq 2 ]] && grep -q 'usage: genirq-demo \[--shell | --tour\]' <<<"$out" \
	&& pass "a bad argument is refused with the usage" || fail "bad argument: status $rc: $out"

[[ $fails -eq 0 ]] || { echo "tests/host/demo.sh: $fails failed" >&2; exit 1; }
echo "tests/host/demo.sh: all passed"
