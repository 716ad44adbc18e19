#!/usr/bin/env bash
# check-kernel-code.sh ISA LIB [ISA LIB]... - each libgenirq.a that
# `make lib ARCH=ISA` made holds only code a kernel can run in interrupt
# context, as most kernels save no floating-point or vector state there:
#   - no floating-point or vector register or instruction (x87, MMX, SSE,
#     AVX on x86; FP/SIMD on aarch64; FPU, AltiVec, VSX on PowerPC; F/D/V
#     on RISC-V; VFP on Arm M-profile; FP and vector registers on s390x,
#     where GCC otherwise keeps general registers in them);
#   - on x86_64, no use of the red zone (an access below %rsp): an
#     interrupt taken on the same stack overwrites it.
# genirq.mk's GENIRQ_ARCH_CFLAGS_<isa> are the flags that make it so.
# Prints what it found (the first instructions of each kind) and fails.
set -euo pipefail
status=0
while [ $# -ge 2 ]; do
	isa=$1 lib=$2
	shift 2
	if [ ! -f "$lib" ]; then
		echo "check-kernel-code: $lib (ARCH=$isa) does not exist" >&2
		exit 2
	fi
	od=objdump red='' skip='^$'
	# An extended regular expression over objdump's instruction text
	# (mnemonic and operands, the encoding and address cut off).
	case $isa in
	i386)	fp='%(st|mm[0-7]|[xyz]mm[0-9]+)\b|^f[a-z0-9]+\b' ;;
	x86_64)	fp='%(st|mm[0-7]|[xyz]mm[0-9]+)\b|^f[a-z0-9]+\b'
		red='-0x[0-9a-f]+\(%rsp\)' ;;
	aarch64)
		od=aarch64-linux-gnu-objdump
		fp='[ ,[{](q|v|d|s|h|b)[0-9]+\b|^f[a-z0-9]+\b'
		# (A branch's or adr's operand is an address: "b b4" names no register.)
		skip='^(b|bl|b\.[a-z]+|cbn?z|tbn?z|adrp?) ' ;;
	ppc|ppc64)
		od=powerpc64-linux-gnu-objdump
		[ "$isa" = ppc ] && od=powerpc-linux-gnu-objdump
		fp='^((l|st)f[sd]u?x?|stfiwx|f[a-z]+\.?|mffs|mtfsf[i]?|lvx|stvx|lve[bhw]x|stve[bhw]x|lxv[a-z0-9]*|stxv[a-z0-9]*|xx[a-z0-9]+|v[a-z0-9]+|mfvscr|mtvscr|evl[a-z]*|evst[a-z]*)\b' ;;
	riscv64)
		od=riscv64-linux-gnu-objdump
		fp='^(f[a-z.0-9]+|v[a-z.0-9]+)\b' ;;
	s390x)	od=s390x-linux-gnu-objdump
		fp='%[fv][0-9]+\b' ;;
	armv7m)	od=arm-none-eabi-objdump
		fp='^v[a-z0-9.]+\b' ;;
	*)	echo "check-kernel-code: ARCH=$isa: no rule for this ISA: add its floating-point and vector instructions here" >&2
		exit 2 ;;
	esac
	# objdump -d: "  addr:<tab>mnemonic operands" (a tab between them on
	# some ISAs); keep "mnemonic operands", without branch targets' names.
	insns=$("$od" -d --no-show-raw-insn "$lib" |
		sed -n 's/^ *[0-9a-f][0-9a-f]*:\t//p' | tr '\t' ' ' |
		sed 's/ *[<#].*$//' | grep -v '^fence' || true)
	ok=1
	n=$(printf '%s\n' "$insns" | grep -c . || true)
	bad=$(printf '%s\n' "$insns" | grep -Ev "$skip" | grep -E "$fp" || true)
	if [ -n "$bad" ]; then
		echo "check-kernel-code: $lib (ARCH=$isa): $(printf '%s\n' "$bad" | wc -l) floating-point or vector instructions, such as:"
		printf '%s\n' "$bad" | sort | uniq -c | sort -rn | head -5 | sed 's/^/    /'
		ok=0
	fi
	if [ -n "$red" ]; then
		bad=$(printf '%s\n' "$insns" | grep -E -- "$red" || true)
		if [ -n "$bad" ]; then
			echo "check-kernel-code: $lib (ARCH=$isa): $(printf '%s\n' "$bad" | wc -l) accesses below %rsp (the red zone), such as:"
			printf '%s\n' "$bad" | head -3 | sed 's/^/    /'
			ok=0
		fi
	fi
	[ $ok -eq 1 ] || { status=1; continue; }
	echo "check-kernel-code: ARCH=$isa: $n instructions, none floating-point or vector${red:+, none in the red zone}"
done
exit $status
