#!/usr/bin/env bash
# check-port-kit.sh OUT ISA LIB HOOKS -- CC FLAGS... -- SOURCES...
#
# A port kit (arch/<isa>/) is what an embedder's kernel reuses: it must
# build with genirq's public headers and its own folder only (none of the
# demo kernels' headers), and together with libgenirq.a for that ISA
# (LIB: the core and its controllers) it may leave undefined only
#   - the port contract's embedder part (port_*: CPU count, console...),
#   - the hooks the kit documents for the embedder (HOOKS, e.g. the
#     exception handlers its vectors call),
#   - what compilers emit (mem*) and libgcc's helpers.
# Anything else is a call into a demo kernel. Each source is compiled
# into OUT with CC FLAGS (assembly too: FLAGS must suit both).
set -euo pipefail
out=$1 isa=$2 lib=$3 hooks=$4
shift 4
[ "$1" = -- ] || { echo "check-port-kit: usage: OUT ISA LIB HOOKS -- CC FLAGS... -- SOURCES..." >&2; exit 2; }
shift
cc=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do cc+=("$1"); shift; done
shift
mkdir -p "$out"
objs=()
for src in "$@"; do
	obj=$out/$(basename "${src%.*}").o
	"${cc[@]}" -c "$src" -o "$obj" || { echo "check-port-kit: $isa: $src does not build from the kit alone"; exit 1; }
	objs+=("$obj")
done
[ ${#objs[@]} -gt 0 ] || { echo "check-port-kit: $isa: no sources"; exit 1; }
nm --defined-only "${objs[@]}" "$lib" 2>/dev/null | awk 'NF >= 3 {print $3}' | sort -u >"$out/defined"
nm -u "${objs[@]}" | awk 'NF >= 2 {print $2}' | sort -u >"$out/undefined"
allowed="^(port_[a-z_]+|memset|memcpy|memmove|memcmp|__[a-z0-9_]+|_GLOBAL_OFFSET_TABLE_|\.TOC\.$(for h in $hooks; do printf '|%s' "$h"; done))$"
bad=$(comm -23 "$out/undefined" "$out/defined" | grep -Ev "$allowed" || true)
if [ -n "$bad" ]; then
	echo "check-port-kit: $isa: the kit calls outside genirq and its documented hooks:" $bad
	exit 1
fi
needs=$(comm -23 "$out/undefined" "$out/defined" | grep -E '^(port_|'"${hooks// /|}"')' | tr '\n' ' ' || true)
echo "check-port-kit: $isa: arch/$isa builds from the kit alone; the embedder gives: ${needs:-nothing}"
