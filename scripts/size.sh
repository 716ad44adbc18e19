#!/usr/bin/env bash
# size.sh BUILD BUDGETS ISA... - the core's footprint (text, data, BSS of
# core/*.o, the controllers left out) in three configurations, built with
# `make lib` for each ISA:
#   small    tests/kit/config_small.h at -Os (1 CPU, 64 lines)
#   default  <genirq/config.h>'s defaults at -O2 (the library as shipped)
#   demo     demo/genirq_config.h at -O2 (the demo kernels' settings)
# Prints a Markdown table, then checks every figure against BUDGETS
# (lines "config:isa:field limit"); status 1 when one is over.
set -euo pipefail
build=$1 budgets=$2
shift 2
declare -A cfg=([small]="GENIRQ_CONFIG_FILE=tests/kit/config_small.h LIB_OPT=-Os"
		[default]=""
		[demo]="GENIRQ_CONFIG_FILE=demo/genirq_config.h")
declare -A fig
mkdir -p "$build/size"
echo "| ISA | config | text | data | BSS | static data (data + BSS) |"
echo "|---|---|---:|---:|---:|---:|"
for isa in "$@"; do
	for c in small default demo; do
		out=$build/size/$c
		# shellcheck disable=SC2086
		if ! make --no-print-directory -s -j"${JOBS:-2}" lib ARCH="$isa" BUILD="$out" ${cfg[$c]} >"$out.$isa.log" 2>&1; then
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
