#!/usr/bin/env bash
# size.sh BUILD BUDGETS ISA... - the core's footprint (text, data, BSS of
# core/*.o, the controllers left out) in three configurations, built with
# `make lib` for each ISA:
#   minimal  tests/kit/config_minimal.h at -Os (1 CPU, 64 lines, a 1 KiB
#            arena, no optional feature: genirq.mk's GENIRQ_FEATURES empty),
#            without unwind tables or frame pointers, as a small kernel
#            builds (on aarch64 .eh_frame alone is 10 KB, and `size` counts
#            it as text; aarch64's GCC keeps frame records unless told not
#            to, as the aarch64 demo kernel does: 1 KB of the core's text)
#   default  <genirq/config.h>'s defaults at -O2 (the library as shipped:
#            every feature)
#   full     demo/genirq_config.h at -O2 (every feature, the demo kernels'
#            settings: 2048-event trace rings, a 96 KiB arena)
# Prints a Markdown table, then checks every figure against BUDGETS
# (lines "config:isa:field limit"); status 1 when one is over.
set -euo pipefail
build=$1 budgets=$2
shift 2
declare -A cfg=([minimal]="GENIRQ_CONFIG_FILE=tests/kit/config_minimal.h GENIRQ_FEATURES=
		 LIB_OPT=-Os~-fno-asynchronous-unwind-tables~-fno-unwind-tables~-fomit-frame-pointer"
		[default]=""
		[full]="GENIRQ_CONFIG_FILE=demo/genirq_config.h")
declare -A fig
mkdir -p "$build/size"
echo "| ISA | config | text | data | BSS | static data (data + BSS) |"
echo "|---|---|---:|---:|---:|---:|"
for isa in "$@"; do
	for c in minimal default full; do
		out=$build/size/$c
		rm -rf "${out:?}/lib/$isa"	# no object of another feature set is counted
		# shellcheck disable=SC2086
		# ('~' stands for a space inside one make argument.)
		args=()
		for a in ${cfg[$c]}; do args+=("${a//\~/ }"); done
		if ! make --no-print-directory -s -j"${JOBS:-2}" lib ARCH="$isa" BUILD="$out" "${args[@]}" >"$out.$isa.log" 2>&1; then
			cat "$out.$isa.log"
			echo "make size: make lib ARCH=$isa ($c) failed" >&2
			exit 1
		fi
		read -r text data bss _ < <(size -t "$out/lib/$isa"/core/*.o | tail -1)
		fig[$c:$isa:text]=$text fig[$c:$isa:data]=$((data + bss))
		printf '| %s | %s | %d | %d | %d | %d |\n' "$isa" "$c" "$text" "$data" "$bss" $((data + bss))
	done
done
status=0
while read -r key limit; do
	case $key in ''|'#'*) continue ;; esac
	[ -n "${fig[$key]+x}" ] || continue
	if [ "${fig[$key]}" -gt "$limit" ]; then
		echo "make size: $key ${fig[$key]} > $limit (budget in $budgets)"
		status=1
	fi
done <"$budgets"
[ $status -eq 0 ] && echo "make size: every figure within $budgets"
exit $status
