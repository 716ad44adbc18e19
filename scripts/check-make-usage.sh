#!/usr/bin/env bash
# A make verb given an ARCH that names no port must say which ARCH values
# exist and fail with status 2, building nothing; a valid ARCH must not be
# caught by that message. Part of make check (check-usage).
set -u
cd "$(dirname "$0")/.."
fail=0
ports="i386 x86_64 ppc ppc64 aarch64 riscv64 armv7m"

# expect VERB ARCH LIST: `make VERB ARCH=ARCH` refuses, naming LIST.
expect() {
	local verb=$1 arch=$2 list=$3 out status
	out=$(make --no-print-directory "$verb" ARCH="$arch" 2>&1)
	status=$?
	local want="make $verb: ARCH=$arch is not a port here; ARCH is one of: $list"
	if [ "$status" -ne 2 ] || ! grep -qxF "$want" <<<"$out"; then
		echo "check-usage: FAIL: make $verb ARCH=$arch: status $status, output:"
		echo "$out"
		fail=1
	fi
	if [ -e "build/$arch" ]; then
		echo "check-usage: FAIL: make $verb ARCH=$arch created build/$arch"
		fail=1
	fi
}

expect run bogus "$ports host"
expect run arm64 "$ports host"
expect debug host "$ports"
expect trace sparc "$ports host"
# bench and kernel take the ISA in the target's name.
for verb in bench kernel; do
	out=$(make --no-print-directory "$verb-mips" 2>&1)
	status=$?
	if [ "$status" -ne 2 ] || ! grep -qxF "make $verb: ARCH=mips is not a port here; ARCH is one of: $ports" <<<"$out"; then
		echo "check-usage: FAIL: make $verb-mips: status $status, output: $out"
		fail=1
	fi
done
# make fuzz with a duration that is not a number of seconds.
for v in abc 0 -5 10s; do
	out=$(make --no-print-directory fuzz FUZZ_SECONDS="$v" 2>&1)
	status=$?
	if [ "$status" -ne 2 ] || ! grep -qF "FUZZ_SECONDS=$v: not a whole number of seconds from 1 to 999999999" <<<"$out"; then
		echo "check-usage: FAIL: make fuzz FUZZ_SECONDS=$v: status $status, output: $out"
		fail=1
	fi
done
if make --no-print-directory -n fuzz FUZZ_SECONDS=30 2>&1 | grep -q "not a whole number"; then
	echo "check-usage: FAIL: make fuzz FUZZ_SECONDS=30 was refused"
	fail=1
fi
# Every port's own rules win over the catch-all (a dry run names no error).
for p in $ports; do
	for verb in run debug trace; do
		if make --no-print-directory -n "$verb" ARCH="$p" 2>&1 | grep -q "is not a port"; then
			echo "check-usage: FAIL: make $verb ARCH=$p was refused"
			fail=1
		fi
	done
done
[ "$fail" -eq 0 ] && echo "check-usage: an unknown ARCH is refused by run, debug, trace, bench and kernel, naming the ports; a bad FUZZ_SECONDS by make fuzz"
exit "$fail"
