# demo/virt/check.mk - the virt demo kernel's checks (expected transcript
# lines: demo/virt/expect/<run>.txt, one regex a line).
#
#   make check-aarch64   GICv3 SMP, GICv2 SMP, GICv2 uniprocessor, a paste (EL2),
#                        raise and suspend (GICv3),
#                        the failure exit, a smashed hardirq and softirq stack
#                        guard, a handler interrupted below its stack, the
#                        first run (check-run-aarch64)
#   make bench-aarch64   dispatch cost in instructions (-icount shift=0)
#   make run ARCH=aarch64   GIC=2 for the GICv2, SMP=1 for one CPU

# Typed after "genirq: ready for input": the echo line, then the shell,
# which moves the PL011 (irq 2) to CPU1 so the rest of this very input
# arrives there, visible in /proc/interrupts.
AARCH64_INPUT	:= hello genirq\necho 2 > /proc/irq/2/smp_affinity\ncat /proc/irq/2/smp_affinity\n$\
		   ls /proc/irq\nfrobnicate\necho 4 > /proc/irq/2/smp_affinity\n$\
		   ipi 0\nipi 1\nticks\ncat /proc/interrupts\nstacks\n$\
		   cat /sys/kernel/debug/irq/irqs/2\ncat /sys/kernel/debug/irq/domains\nirqtop 1\npoweroff\n
AARCH64_UP_INPUT := hello genirq\nfrobnicate\nipi 0\nticks\ncat /proc/interrupts\npoweroff\n
# 300 short commands pasted in one piece with the PL011 moved to CPU1
# (which wakes the shell's CPU0 with an IPI): every line runs. This run has
# EL2 (virtualization=on): QEMU enters at EL2, PSCI goes by smc.
AARCH64_CMD_PASTE := hello genirq\necho 2 > /proc/irq/2/smp_affinity\n$(call repeat,300,ticks\n)stats\npoweroff\n
# raise and suspend (demo/pm_cmd.h) on the GICv3: the PL011 (irq 2) made
# pending at the GIC (suspend typed only once raise has answered: a byte
# typed meanwhile would be one more event in raise's count), then the
# machine suspended with it as the wake line,
# the CPU in wfi; the key typed half a second after it waits (--then,
# --then-delay: the per-CPU timers, live, tick meanwhile) wakes it.
AARCH64_PM_INPUT := hello genirq\nraise 2\n
AARCH64_PM_WAKE	:= \ncat /sys/power/wakeup_reason\ncat /proc/irq/2/wakeup\npoweroff\n
aarch64_pm	= $(call aarch64_harness,pm,33,$(AARCH64_PM_INPUT)) --quiet \
		  --then-delay 0.5 --then 'its controller' 'suspend 2\n' \
		  --then 'waiting for a wake line' '$(AARCH64_PM_WAKE)' \
		  --expect-file demo/virt/expect/aarch64-pm.txt -- $(call aarch64_check,3,2,pm)
# suspend, booted with wake=timer (demo/pm_cmd.h: as `suspend timer`): the
# PL031's match interrupt the only wake
# line, one to two seconds ahead (it counts seconds); the key typed half a
# second after the CPU waits does not wake it (the PL011's line is
# suspended, its byte held for the resume), the RTC does.
AARCH64_PM_TIMER_END := cat /sys/power/wakeup_reason\npoweroff\n
aarch64_pm_timer = $(call aarch64_harness,pm-timer,33,hello genirq\nsuspend\n) --quiet \
		  --then-delay 0.5 --then 'waiting for a wake line' '\n' \
		  --then 'resumed, wakeup_reason' '$(AARCH64_PM_TIMER_END)' \
		  --expect-file demo/virt/expect/aarch64-pm-timer.txt -- $(call aarch64_check,3,2,pm-timer,wake=timer)
# nmi (demo/nmi_cmd.h) twice on the GICv3 (pseudo-NMI by priority
# masking), then /proc/interrupts; nmi irq (the spin in the self-IPI's
# handler); then the PL011 moved to cpu1, an IPI to cpu1 and to cpu0
# (each typed line reaches the shell through cpu1); on the GICv2 refused
# in one line.
AARCH64_NMI_INPUT := hello genirq\nnmi\nnmi\ncat /proc/interrupts\nnmi irq\n$\
		     echo 2 > /proc/irq/2/smp_affinity\nipi 1\nipi 0\npoweroff\n
aarch64_nmi	= $(call aarch64_harness,nmi,33,$(AARCH64_NMI_INPUT)) --quiet \
		  --expect-file demo/virt/expect/aarch64-nmi.txt -- $(call aarch64_check,3,2,nmi)
aarch64_nmi_gicv2 = $(call aarch64_harness,nmi-gicv2,33,hello genirq\nnmi\npoweroff\n) --quiet \
		  --expect-file demo/virt/expect/aarch64-nmi-gicv2.txt -- $(call aarch64_check,2,2,nmi-gicv2)
aarch64_TOUR	:= help\rcat /proc/interrupts\recho 2 > /proc/irq/2/smp_affinity\rticks\r$\
		   cat /proc/interrupts\rprobe\rpoweroff\r

# $(call aarch64_harness,RUN,PASS,INPUT): the harness for one run; it
# presses the power key from the monitor when asked (the cascade scenario).
aarch64_harness	= $(call monitor_harness,aarch64,$(1),$(2),$(3),genirq: waiting for the power key)
# $(call aarch64_check,GIC,CPUS,RUN[,ARGS]): the machine with -append harness,
# the console on stdio, the monitor on a socket.
aarch64_check	= $(call aarch64_qemu,$(1),$(2)) -append 'harness $(4)' -serial stdio \
		  -monitor unix:$(BUILD)/aarch64/$(3).mon,server=on,wait=off

# $(call aarch64_smash,STACK[,ARG]): -append smash-STACK-guard (or ARG):
# after the verdict the top guard word of cpu0's STACK stack is
# overwritten, then a self-IPI (smash-irq-nested: a self-IPI whose handler
# runs past the bottom of the hardirq stack and waits there for a tick;
# guard_smash.h); the port's check must report the overflow and take the
# failure exit (QEMU status 1, the PASS of this run).
aarch64_smash	= $(call aarch64_harness,smash-$(1),1,hello genirq\n) --quiet \
		  --expect-file demo/virt/expect/aarch64-smash-$(1).txt \
		  -- $(call aarch64_check,3,1,smash-$(1),$(or $(2),smash-$(1)-guard))

check-aarch64:
	$(Q)$(call aarch64_harness,gicv3,33,$(AARCH64_INPUT)) \
		--expect-file demo/virt/expect/aarch64-scenarios.txt \
		--expect-file demo/virt/expect/aarch64-smp.txt \
		--expect-file demo/virt/expect/aarch64-its.txt -- $(call aarch64_check,3,2,gicv3)
	$(Q)$(call aarch64_harness,gicv2,33,$(AARCH64_INPUT)) --quiet \
		--expect-file demo/virt/expect/aarch64-scenarios.txt \
		--expect-file demo/virt/expect/aarch64-smp.txt \
		--expect-file demo/virt/expect/aarch64-v2m.txt -- $(call aarch64_check,2,2,gicv2)
	$(Q)$(call aarch64_harness,gicv2-up,33,$(AARCH64_UP_INPUT)) --quiet \
		--expect-file demo/virt/expect/aarch64-scenarios.txt \
		--expect-file demo/virt/expect/aarch64-up.txt -- $(call aarch64_check,2,1,gicv2-up)
	$(Q)$(call aarch64_harness,cmd-paste,33,$(AARCH64_CMD_PASTE)) --quiet --paste \
		--expect-file demo/virt/expect/aarch64-cmd-paste.txt \
		-- $(call aarch64_check,3$(comma)virtualization=on,2,cmd-paste)
	$(Q)$(aarch64_pm)
	$(Q)$(aarch64_pm_timer)
	$(Q)$(aarch64_nmi)
	$(Q)$(aarch64_nmi_gicv2)
	$(Q)$(call aarch64_harness,fail,1,hello genirq\ntrap\n) --quiet \
		--expect-file demo/virt/expect/aarch64-fail.txt -- $(call aarch64_check,3,1,fail)
	$(Q)$(call aarch64_smash,irq)
	$(Q)$(call aarch64_smash,softirq)
	$(Q)$(call aarch64_smash,irq-nested,smash-irq-nested)

# -append bench: boot, the self-IPI through genirq and through a bare
# handler, the guest-bench line, power-off. One CPU: under icount the
# virtual clock also counts the other vCPU's instructions.
.PHONY: bench-aarch64
bench-aarch64: kernel-aarch64
	$(Q)rm -f $(BUILD)/aarch64/bench.mon
	$(Q)$(call guest_bench,aarch64,33,demo/virt/expect/aarch64-bench.txt,$(call aarch64_check,3,1,bench,bench))
	$(Q)grep -h "^guest-bench:" $(BUILD)/aarch64/bench.log \
		|| { echo "bench-aarch64: no guest-bench line in $(BUILD)/aarch64/bench.log"; exit 1; }

# The nmi runs alone (check-aarch64 runs them too).
.PHONY: check-aarch64-nmi
check-aarch64-nmi: kernel-aarch64
	$(Q)$(aarch64_nmi)
	$(Q)$(aarch64_nmi_gicv2)

# The raise and suspend run alone (check-aarch64 runs it too).
.PHONY: check-aarch64-pm check-aarch64-pm-timer
check-aarch64-pm: kernel-aarch64
	$(Q)$(if $(filter timer,$(WAKE)),$(aarch64_pm_timer),$(aarch64_pm))
check-aarch64-pm-timer: kernel-aarch64
	$(Q)$(aarch64_pm_timer)
