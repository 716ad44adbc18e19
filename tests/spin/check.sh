#!/bin/sh
# check.sh MODEL OUTDIR - verify the line protocol, edge and level, with spin:
# every interleaving, assertions and invalid end states (deadlock).
set -eu
model=$(realpath "$1")
out=$2
for variant in edge level; do
	dir="$out/$variant"
	rm -rf "$dir"
	mkdir -p "$dir"
	flag=""
	[ "$variant" = level ] && flag="-DLEVEL"
	(
		cd "$dir"
		spin -a $flag "$model" >spin.log 2>&1 || { cat spin.log; exit 1; }
		cc -O2 -DSAFETY -DNOREDUCE -o pan pan.c 2>cc.log || { cat cc.log; exit 1; }
		./pan -m1000000 >pan.log 2>&1 || true
		if ! grep -q "errors: 0" pan.log || grep -q "max search depth too small" pan.log; then
			cat pan.log
			[ -f "$(basename "$model").trail" ] && spin -t -p $flag "$model" | tail -n 60
			echo "check-spin: $variant: FAILED"
			exit 1
		fi
		states=$(sed -n 's/^ *\([0-9.e+]*\) states, stored.*/\1/p' pan.log)
		echo "check-spin: $variant line, 2 CPUs: $states states, no assertion violated, no deadlock"
	)
done
