# demo/ppce500/check.mk - the ppce500 demo kernel's checks (expected
# transcript lines: demo/ppce500/expect/<run>.txt, one regex a line).
#
#   make check-ppc   every scenario on two CPUs with a shell session, one
#                    CPU (the SMP ones skip), two pastes, raise and suspend
#                    (check-ppc-pm alone), three failure exits,
#                    the first run (check-run-ppc)
#   make bench-ppc   instructions from a self-IPI to the handler and back,
#                    genirq and a bare floor (demo/ppce500/bench.c)

PPC_READY	:= genirq ppc: ready
PPC_RXTEST	:= rxtest The-quick-brown-fox-jumps-over-the-lazy-dog-0123456789\r
# After the boot scenarios: uart-rx-echo, then a shell session with the
# affinity move (the UART line to CPU1 and back), then the summary.
PPC_SESSION	:= $(PPC_RXTEST)help\rcat /proc/interrupts\rls /proc/irq\r$\
		   cat /proc/irq/1/smp_affinity\recho 4 > /proc/irq/1/smp_affinity\r$\
		   echo 2 > /proc/irq/1/smp_affinity\rcat /proc/irq/1/effective_affinity\r$\
		   cat /proc/interrupts\recho 1 > /proc/irq/1/smp_affinity\rticks\rprobe\rthreads\rstacks\r$\
		   bogus-command\r\x01\x7f\rcat /proc/irq/3/spurious\r$\
		   cat /sys/kernel/debug/irq/irqs/1\rcat /sys/kernel/debug/irq/irqs/4\rirqtop 1\rfinish\r
# Pasted in one piece (no byte delay): 30 blocking `ticks` (100 ms each),
# with 270 short commands queued behind them, then the statistics line:
# every line runs, no byte dropped by the receive ring, no UART overrun.
PPC_CMD_PASTE	:= $(PPC_RXTEST)$(call repeat,30,ticks\r)$(call repeat,270,echo~ok\r)stats\rfinish\r
# The UART's line flapping between the CPUs, pasted: no wedge, no lost byte.
PPC_FLAP_PASTE	:= $(PPC_RXTEST)$(call repeat,25,echo~2~>~/proc/irq/1/smp_affinity\rticks\r$\
		   echo~1~>~/proc/irq/1/smp_affinity\rticks\r)stats\rfinish\r
# raise and suspend (demo/pm_cmd.h) with the UARTs' line (irq 1) as the
# wake line, the CPU in its wait; the key typed once it waits (--then)
# wakes it. The MPIC cannot make a source pending: raise 1 is refused;
# an IPI it can (its dispatch register): raise 4, CPU0's line of the IPI
# reservation, is taken once.
PPC_PM		:= $(PPC_RXTEST)raise 1\rraise 4\rsuspend 1\r
PPC_PM_WAKE	:= \rcat /sys/power/wakeup_reason\rcat /proc/irq/1/wakeup\rfinish\r
ppc_pm		= $(call ppc_harness,pm) --quiet --input '$(PPC_PM)' --byte-delay 0.002 \
		  --then 'waiting for a wake line' '$(PPC_PM_WAKE)' -- $(PPC_CHECK_QEMU)
# suspend, booted with wake=timer (demo/pm_cmd.h: as `suspend timer`): MPIC global timer 1 the only wake line,
# armed for 600 ms; the key typed once the CPU waits does not wake it (the
# UARTs' line is suspended: what it held is delivered at the resume), the
# timer does.
PPC_PM_TIMER	:= $(PPC_RXTEST)suspend\r
PPC_PM_TIMER_KEY := \r
PPC_PM_TIMER_END := cat /sys/power/wakeup_reason\rfinish\r
ppc_pm_timer	= $(call ppc_harness,pm-timer) --quiet --input '$(PPC_PM_TIMER)' --byte-delay 0.002 \
		  --then 'waiting for a wake line' '$(PPC_PM_TIMER_KEY)' \
		  --then 'resumed, wakeup_reason' '$(PPC_PM_TIMER_END)' -- $(ppc_QEMU) -append 'harness wake=timer'
ppc_TOUR	:= help\rcat /proc/interrupts\recho 2 > /proc/irq/1/smp_affinity\rticks\r$\
		   cat /proc/interrupts\rprobe\rpoweroff\r
# -append harness (the device tree's /chosen/bootargs): every verdict
# line, and the uart-rx-echo scenario through `rxtest`.
PPC_CHECK_QEMU	:= $(ppc_QEMU) -append harness
PPC_ONE_CPU	:= $(subst -smp 2,-smp 1,$(PPC_CHECK_QEMU))

# $(call ppc_harness,RUN): the harness for one run, its expect file.
ppc_harness	= $(HARNESS) --name ppc-$(1) --timeout $(QEMU_TIMEOUT) --pass-status $(ppc_PASS) \
		  --log $(BUILD)/ppc/check-$(1).log --ready '$(PPC_READY)' \
		  --expect-file demo/ppce500/expect/ppc-$(1).txt

check-ppc:
	$(Q)$(call ppc_harness,smp2) --input '$(PPC_SESSION)' --byte-delay 0.002 -- $(PPC_CHECK_QEMU)
	$(Q)$(call ppc_harness,smp1) --quiet --input '$(PPC_RXTEST)bench\rfinish\r' --byte-delay 0.002 \
		-- $(PPC_ONE_CPU)
	$(Q)$(call ppc_harness,paste) --quiet --input '$(PPC_CMD_PASTE)' --paste -- $(PPC_CHECK_QEMU)
	$(Q)$(call ppc_harness,flap) --quiet --input '$(PPC_FLAP_PASTE)' --paste -- $(PPC_CHECK_QEMU)
	$(Q)$(ppc_pm)
	$(Q)$(ppc_pm_timer)
	$(Q)$(call ppc_must_fail,fault,^EXCEPTION program .IVOR6.)
	$(Q)$(call ppc_must_fail,overflow,^KERNEL FAIL: interrupt stack overflow)
	$(Q)$(call ppc_must_fail,overflow-nested,^KERNEL FAIL: interrupt stack overflow: an interrupt came in below,overflow nested)

# The shell's `bench` under -icount shift=0, where the timebase counts
# 2 ticks per 5 instructions (docs/ppc.md, "Dispatch cost"); then the
# usual end, so the run is also judged PASS or FAIL.
.PHONY: bench-ppc
bench-ppc: kernel-ppc
	$(Q)out=$$($(call ppc_harness,bench) --quiet --input '$(PPC_RXTEST)bench\rfinish\r' \
		--byte-delay 0.002 -- $(subst -icount shift=3,-icount shift=0$(comma)sleep=off,$(PPC_CHECK_QEMU))) || \
	{ echo "$$out"; echo "bench-ppc: FAIL: no PASS with a guest-bench line (see $(BUILD)/ppc/check-bench.log)"; exit 1; }
	$(Q)grep -aE '^(bench|guest-bench): ' $(BUILD)/ppc/check-bench.log | tr -d '\r'

# $(call ppc_must_fail,NAME,REGEX[,COMMAND]): the shell command (NAME if
# not given) must end the run as a failure (QEMU status 0, which is never
# a pass) after printing REGEX.
define ppc_must_fail
out=$$($(HARNESS) --name ppc-$(1) --quiet --timeout $(QEMU_TIMEOUT) --pass-status $(ppc_PASS) \
	--log $(BUILD)/ppc/check-$(1).log --ready '$(PPC_READY)' --input '$(or $(3),$(1))\r' -- $(PPC_ONE_CPU)); \
if echo "$$out" | grep -q 'QEMU exit status 0, PASS is 1' && \
   grep -q '$(2)' $(BUILD)/ppc/check-$(1).log && \
   grep -q '^KERNEL FAIL' $(BUILD)/ppc/check-$(1).log; then \
	echo "ppc-$(1): PASS (failure detected: KERNEL FAIL, QEMU status 0, refused)"; \
else echo "$$out"; echo "ppc-$(1): FAIL (see $(BUILD)/ppc/check-$(1).log)"; exit 1; fi
endef

.PHONY: check-ppc-pm check-ppc-pm-timer
check-ppc-pm: kernel-ppc
	$(Q)$(if $(filter timer,$(WAKE)),$(ppc_pm_timer),$(ppc_pm))
check-ppc-pm-timer: kernel-ppc
	$(Q)$(ppc_pm_timer)

# NMI lines (<genirq/nmi.h>) on this machine: none (check-aarch64-nmi and
# check-x86_64-nmi run the ones that exist).
.PHONY: check-ppc-nmi
check-ppc: check-ppc-nmi
check-ppc-nmi:
	@echo "check-ppc-nmi: SKIP the e500 takes no NMI from its MPIC (a source routed to the critical input is a critical interrupt, which the ppc port kit does not take): nmi lines are refused on the MPIC (no IRQCHIP_SUPPORTS_NMI)"
