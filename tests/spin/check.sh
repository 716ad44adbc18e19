#!/bin/sh
# check.sh SPINDIR OUTDIR - verify genirq's protocols with spin, every
# interleaving, assertions and invalid end states (deadlock):
#   line.pml    the line protocol, edge and level, and the edge line's
#               move at its own event (-DMOVE)
#   grace.pml   a grace period against events that enter hardirq context
#               with a plain store (GENIRQ_PORT_MEMBARRIER)
#   percpu.pml  free_irq of a per-CPU line against nested per-CPU handlers
#   poll.pml    the stuck-line poll against a driver's disable and enable
#   oneshot.pml an IRQF_ONESHOT level line and the threads it wakes
#   solo.pml    the solo pair against request_irq() and free_irq()
#   runner.pml  the core's thread runner: two tasks on one CPU, a thread
#               function that waits, free_irq() from the other task
# and show that each hand mutation a model lists is caught.
set -eu
dir=$(realpath "$1")
out=$2

# run NAME MODEL FLAGS EXPECT: EXPECT is "pass" or "fail" (a mutation).
run() {
	name=$1 model=$dir/$2 flags=$3 expect=$4
	work="$out/$name"
	rm -rf "$work"
	mkdir -p "$work"
	(
		cd "$work"
		spin -a $flags "$model" >spin.log 2>&1 || { cat spin.log; exit 1; }
		cc -O2 -DSAFETY -DNOREDUCE -o pan pan.c 2>cc.log || { cat cc.log; exit 1; }
		./pan -m1000000 >pan.log 2>&1 || true
		if grep -q "max search depth too small" pan.log; then
			cat pan.log
			echo "check-spin: $name: search depth too small"
			exit 1
		fi
		states=$(sed -n 's/^ *\([0-9.e+]*\) states, stored.*/\1/p' pan.log)
		if grep -q "errors: 0" pan.log; then
			[ "$expect" = pass ] || { echo "check-spin: $name: mutation NOT caught"; exit 1; }
			echo "check-spin: $name: $states states, no assertion violated, no deadlock"
		else
			if [ "$expect" = pass ]; then
				cat pan.log
				[ -f "$(basename "$model").trail" ] && spin -t -p $flags "$model" | tail -n 60
				echo "check-spin: $name: FAILED"
				exit 1
			fi
			why=$(grep -m1 -o 'assertion violated.*\|invalid end state' pan.log || echo error)
			echo "check-spin: $name: caught ($why)"
		fi
	)
}

run line-edge line.pml "" pass
run line-level line.pml -DLEVEL pass
run line-move line.pml -DMOVE pass
run line-move-mutant-no-replay line.pml "-DMOVE -DMUT_MOVE_NO_REPLAY" fail
run line-move-mutant-claim-ignores-move line.pml "-DMOVE -DMUT_MOVE_CLAIM" fail
run grace grace.pml "" pass
run grace-mutant-no-barrier grace.pml -DMUT_NO_BARRIER fail
run grace-mutant-no-wait grace.pml -DMUT_NO_WAIT fail
run percpu percpu.pml "" pass
run percpu-mutant-exit-zero percpu.pml -DMUT_EXIT_ZERO fail
run percpu-mutant-odd-even-count percpu.pml -DMUT_SEQ fail
run poll poll.pml "" pass
run poll-mutant-flag-stays poll.pml -DMUT_FLAG_STAYS fail
run poll-mutant-no-reopen poll.pml -DMUT_NO_REOPEN fail
run solo solo.pml "" pass
run solo-mutant-pair-written-while-busy solo.pml -DMUT_BUSY fail
run solo-mutant-free-without-wait solo.pml -DMUT_NO_WAIT fail
run oneshot oneshot.pml "" pass
run oneshot-mutant-flow-end-unmasks oneshot.pml -DMUT_FLOW_END fail
run oneshot-mutant-finish-ignores-other-bits oneshot.pml -DMUT_FINISH fail
run oneshot-mutant-finish-never-reopens oneshot.pml -DMUT_NO_REOPEN fail
run runner runner.pml "" pass
run runner-mutant-nests runner.pml -DMUT_NEST fail
run runner-mutant-wait-runs-any runner.pml -DMUT_ANY fail
run runner-mutant-current-per-cpu runner.pml -DMUT_PER_CPU fail
