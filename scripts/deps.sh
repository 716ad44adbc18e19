#!/usr/bin/env bash
# deps.sh - install the Debian packages a make target needs, if missing.
#
#   scripts/deps.sh GROUP...     groups: host cross cross-armv7m qemu-x86 qemu-ppc qemu-arm qemu-riscv spin fuzz kit trace
#
# As root it runs apt-get (update once, then install); otherwise it prints
# the apt-get line to run and fails. Never installs gcc-multilib: on
# Debian 12 it conflicts with the cross compilers.
set -euo pipefail

declare -A GROUP=(
	[host]="gcc g++ make valgrind python3"
	[cross]="gcc-i686-linux-gnu binutils gcc-powerpc-linux-gnu gcc-powerpc64-linux-gnu gcc-aarch64-linux-gnu gcc-riscv64-linux-gnu gcc-s390x-linux-gnu"
	[cross-armv7m]="gcc-arm-none-eabi"	# Cortex-M: the armv7m port, linked without a C library
	[qemu-x86]="qemu-system-x86"
	[qemu-ppc]="qemu-system-ppc"
	[qemu-arm]="qemu-system-arm"
	[qemu-riscv]="qemu-system-misc opensbi"
	[spin]="spin"
	[fuzz]="clang libclang-rt-14-dev"
	[kit]="cmake pkg-config"
	[trace]="librsvg2-bin"	# rsvg-convert: check-trace renders the trace SVG to PNG
)

want=()
for g in "$@"; do
	[[ -n "${GROUP[$g]+x}" ]] || { echo "deps.sh: unknown group '$g'" >&2; exit 2; }
	for p in ${GROUP[$g]}; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || want+=("$p")
	done
done
[[ ${#want[@]} -eq 0 ]] && exit 0

echo "deps.sh: installing ${want[*]}" >&2
if [[ $(id -u) -ne 0 ]]; then
	echo "deps.sh: not root; run: sudo apt-get install -y ${want[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || echo "deps.sh: apt-get update failed, trying with the old lists" >&2
apt-get install -y -qq --no-install-recommends "${want[@]}" >&2
