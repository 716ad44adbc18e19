# demo/pseries/check.mk - the pseries demo kernel's checks (expected
# transcript lines: demo/pseries/expect/<run>.txt, one regex a line).
#
#   make check-ppc64   VOF run, SLOF run, two pastes, raise and suspend
#                      (check-ppc64-pm alone), the failure exit, a
#                      smashed hardirq and softirq stack guard, a handler
#                      interrupted below its stack, the first
#                      run (check-run-ppc64)
#   make bench-ppc64   dispatch cost in instructions (VOF, -icount shift=0)
#   make run ARCH=ppc64   FIRMWARE=slof for SLOF, SMP=1 for one CPU

# Typed after "genirq: ready for input": the echo line, then the shell,
# which moves the VTY (irq 1) to CPU1 so the rest of this very input
# arrives there, visible in /proc/interrupts.
PPC64_INPUT	:= hello genirq\necho 2 > /proc/irq/1/smp_affinity\ncat /proc/irq/1/smp_affinity\n$\
		   ls /proc/irq\ncat /proc/irq/prof_cpu_mask\nfrobnicate\necho 4 > /proc/irq/1/smp_affinity\n$\
		   ipi 0\nipi 1\nticks\ncat /proc/interrupts\nthreads\nstacks\n$\
		   cat /sys/kernel/debug/irq/irqs/1\nirqtop 1\npoweroff\n
# Pasted in one piece: each IPI handler raises a softirq, and the VTY
# interrupts of the rest of the paste arrive while it runs (irq-in-softirq
# on the hardirq stack); then the same on CPU1 with the VTY moved there.
PPC64_IPI_ROUND	= $(call repeat,$(1),ipi~$(2)\nxxxxxxxxxxxxxxxxxxxx\n)
PPC64_IPI_PASTE	:= hello genirq\n$(call PPC64_IPI_ROUND,100,0)echo 2 > /proc/irq/1/smp_affinity\n$\
		   $(call PPC64_IPI_ROUND,50,1)stats\npoweroff\n
# 300 short commands pasted in one piece with the VTY moved to CPU1 (which
# wakes the shell's CPU0): every line runs, nothing is dropped.
PPC64_CMD_PASTE	:= hello genirq\necho 2 > /proc/irq/1/smp_affinity\n$(call repeat,300,ticks\n)stats\npoweroff\n
# raise and suspend (demo/pm_cmd.h) with the VTY (irq 1) as the wake line,
# the CPU in its wait; the key typed once it waits (--then) wakes it.
# XICS cannot make a source pending: raise 1 is refused; an IPI line it
# can (its server's MFRR): raise 3, CPU1's line of the IPI reservation,
# is taken once there. suspend timer is refused: pseries has no device
# timer with a line (the decrementer is per CPU, not an XICS source).
PPC64_PM	:= hello genirq\nraise 1\nraise 3\nsuspend timer\nsuspend 1\n
PPC64_PM_WAKE	:= \ncat /sys/power/wakeup_reason\ncat /proc/irq/1/wakeup\npoweroff\n
ppc64_TOUR	:= help\rcat /proc/interrupts\recho 2 > /proc/irq/1/smp_affinity\rticks\r$\
		   cat /proc/interrupts\rprobe\rpoweroff\r

# $(call ppc64_harness,RUN,PASS,INPUT): the harness for one run; it
# powers the machine down from the monitor when asked (the EPOW scenario).
ppc64_harness	= $(call monitor_harness,ppc64,$(1),$(2),$(3),genirq: waiting for EPOW)
# $(call ppc64_check,FIRMWARE,CPUS[,ARGS]): the machine with -append harness
# (every verdict line; the scenarios that wait for the monitor and input).
ppc64_check	= $(call ppc64_qemu,$(1),$(2)) -append 'harness $(3)'
# $(call ppc64_mon,RUN): the console on stdio, the monitor on a socket.
ppc64_mon	= -serial stdio -monitor unix:$(BUILD)/ppc64/$(1).mon,server=on,wait=off
ppc64_status	:= demo/pseries/qemu-status.sh

# $(call ppc64_smash,STACK[,ARG]): -append smash-STACK-guard (or ARG):
# after the verdict the top guard word of cpu0's STACK stack is
# overwritten, then a self-IPI (smash-irq-nested: a self-IPI whose handler
# runs past the bottom of the hardirq stack and waits there for a tick;
# guard_smash.h); the port's check must report the overflow and take the
# failure exit (os-term: QEMU status 1, the PASS of this run).
ppc64_smash	= $(call ppc64_harness,smash-$(1),1,hello genirq\n) --quiet \
		  --expect-file demo/pseries/expect/ppc64-smash-$(1).txt \
		  -- $(call ppc64_check,vof,1,$(or $(2),smash-$(1)-guard)) $(call ppc64_mon,smash-$(1))

# Power-off (QEMU 0) is the kernel's PASS exit, os-term (1) its failure
# exit; qemu-status.sh turns 0 into 33 for the harness.
ppc64_pm	= $(call ppc64_harness,pm,33,$(PPC64_PM)) --quiet \
		  --then 'waiting for a wake line' '$(PPC64_PM_WAKE)' \
		  --expect-file demo/pseries/expect/ppc64-pm.txt \
		  -- $(ppc64_status) $(call ppc64_check,vof,2) $(call ppc64_mon,pm)

check-ppc64:
	$(Q)$(call ppc64_harness,vof,33,$(PPC64_INPUT)) --expect-file demo/pseries/expect/ppc64-scenarios.txt \
		-- $(ppc64_status) $(call ppc64_check,vof,2) $(call ppc64_mon,vof)
	$(Q)$(call ppc64_harness,slof,33,$(PPC64_INPUT)) --expect-file demo/pseries/expect/ppc64-scenarios.txt \
		--quiet -- $(ppc64_status) $(call ppc64_check,slof,2) $(call ppc64_mon,slof)
	$(Q)$(call ppc64_harness,ipi-paste,33,$(PPC64_IPI_PASTE)) --quiet --paste \
		--expect-file demo/pseries/expect/ppc64-ipi-paste.txt \
		-- $(ppc64_status) $(call ppc64_check,vof,2) $(call ppc64_mon,ipi-paste)
	$(Q)$(call ppc64_harness,cmd-paste,33,$(PPC64_CMD_PASTE)) --quiet --paste \
		--expect-file demo/pseries/expect/ppc64-cmd-paste.txt \
		-- $(ppc64_status) $(call ppc64_check,vof,2) $(call ppc64_mon,cmd-paste)
	$(Q)$(ppc64_pm)
	$(Q)$(call ppc64_harness,fail,1,hello genirq\ntrap\n) --quiet \
		--expect-file demo/pseries/expect/ppc64-fail.txt -- $(call ppc64_check,vof,1) $(call ppc64_mon,fail)
	$(Q)$(call ppc64_smash,irq)
	$(Q)$(call ppc64_smash,softirq)
	$(Q)$(call ppc64_smash,irq-nested,smash-irq-nested)

# -append bench: boot, the self-IPI through genirq and through a bare
# handler, the guest-bench line, power-off. One CPU: under icount the
# virtual clock also counts the other vCPU's instructions.
.PHONY: bench-ppc64
bench-ppc64: kernel-ppc64
	$(Q)rm -f $(BUILD)/ppc64/bench.mon
	$(Q)$(call guest_bench,ppc64,33,demo/pseries/expect/ppc64-bench.txt,$\
		$(ppc64_status) $(call ppc64_check,vof,1,bench) $(call ppc64_mon,bench))
	$(Q)grep -h "^guest-bench:" $(BUILD)/ppc64/bench.log \
		|| { echo "bench-ppc64: no guest-bench line in $(BUILD)/ppc64/bench.log"; exit 1; }

.PHONY: check-ppc64-pm
check-ppc64-pm: kernel-ppc64
	$(Q)$(ppc64_pm)

# NMI lines (<genirq/nmi.h>) on this machine: none (check-aarch64-nmi and
# check-x86_64-nmi run the ones that exist).
.PHONY: check-ppc64-nmi
check-ppc64: check-ppc64-nmi
check-ppc64-nmi:
	@echo "check-ppc64-nmi: SKIP a pseries guest under XICS has no source it can route as an NMI (system reset comes from the platform, FWNMI): nmi lines are refused on XICS (no IRQCHIP_SUPPORTS_NMI)"
