# demo/virt-riscv/check.mk - the riscv64 virt demo kernel's checks
# (expected transcript lines: demo/virt-riscv/expect/<run>.txt, one
# regex a line).
#
#   make check-riscv64   PLIC on two harts with a shell session, PLIC on
#                        one hart, APLIC (MSI mode) + IMSIC on two harts,
#                        raise and suspend on the PLIC and on the APLIC,
#                        hart 1 started at the image's entry (stray-hart),
#                        a must-fail run, a smashed hardirq and softirq stack
#                        guard, a handler interrupted below its stack, the
#                        first run
#   make bench-riscv64   dispatch cost in instructions (-icount shift=0)
#   make run ARCH=riscv64   SMP=1 for one hart

RISCV64_READY	:= genirq: ready for input
# Typed after the ready marker: the echo line, then a shell session that
# moves the UART (irq 1) to CPU1 so the rest of this input arrives there,
# visible in /proc/interrupts.
RISCV64_SESSION	:= hello genirq\rcat /proc/interrupts\recho 2 > /proc/irq/1/smp_affinity\r$\
		   cat /proc/irq/1/smp_affinity\rls /proc/irq\rcat /proc/irq/prof_cpu_mask\r$\
		   frobnicate\recho 4 > /proc/irq/1/smp_affinity\ripi 0\ripi 1\rticks\rprobe\r$\
		   cat /proc/interrupts\rthreads\rstacks\recho 1 > /proc/irq/1/smp_affinity\rpoweroff\r
# The AIA run's views: the serial line's debugfs dump (APLIC-MSI stacked
# on the IMSIC: two levels), a bad number, the domains, one irqtop screen.
RISCV64_VIEWS	:= cat /sys/kernel/debug/irq/irqs/1\rcat /sys/kernel/debug/irq/irqs/x\r$\
		   cat /sys/kernel/debug/irq/domains\rirqtop 1\r
# raise and suspend (demo/pm_cmd.h) with the UART (irq 1) as the wake
# line, the hart in wfi; the key typed once it waits (--then) wakes it.
# The PLIC's pending bits are read-only: raise is refused there, and
# injected at the APLIC. suspend is typed once raise has answered (a
# byte typed meanwhile would count in raise's +1).
RISCV64_PM	:= hello genirq\rraise 1\r
RISCV64_PM_WAKE	:= \rcat /sys/power/wakeup_reason\rcat /proc/irq/1/wakeup\rpoweroff\r
riscv64_pm	= $(call riscv64_harness,pm-$(1)) --quiet --input '$(RISCV64_PM)' \
		  --then 'its controller' 'suspend 1\r' --then 'waiting for a wake line' '$(RISCV64_PM_WAKE)' \
		  -- $(call riscv64_qemu,2,$(2)) -serial stdio -append harness
# suspend, booted with wake=timer (demo/pm_cmd.h: as `suspend timer`): the
# goldfish RTC's alarm the only wake
# line, 600 ms ahead; the key typed once the hart waits does not wake it
# (the UART's line is suspended, its byte held for the resume), the alarm does.
RISCV64_PM_TIMER_END := cat /sys/power/wakeup_reason\rpoweroff\r
riscv64_pm_timer = $(call riscv64_harness,pm-timer) --quiet --input 'hello genirq\rsuspend\r' \
		  --then 'waiting for a wake line' '\r' --then 'resumed, wakeup_reason' '$(RISCV64_PM_TIMER_END)' \
		  -- $(call riscv64_qemu,2) -serial stdio -append 'harness wake=timer'
riscv64_TOUR	:= help\rcat /proc/interrupts\recho 2 > /proc/irq/1/smp_affinity\rticks\r$\
		   cat /proc/interrupts\rprobe\rpoweroff\r

# $(call riscv64_harness,RUN[,STATUS]): the harness for one run, its
# expect file; STATUS: QEMU's exit status that passes it (the kernel's PASS).
riscv64_harness	= $(HARNESS) --name riscv64-$(1) --pass-status $(or $(2),$(riscv64_PASS)) --timeout $(QEMU_TIMEOUT) \
		  --ready '$(RISCV64_READY)' --log $(BUILD)/riscv64/$(1).log \
		  --expect-file demo/virt-riscv/expect/riscv64-$(1).txt

# $(call riscv64_smash,STACK[,ARG]): -append smash-STACK-guard (or ARG):
# after the verdict the top guard word of cpu0's STACK stack is
# overwritten, then a self-IPI (smash-irq-nested: a self-IPI whose handler
# runs past the bottom of the hardirq stack and waits there for a tick;
# guard_smash.h); the port's check must report the overflow and take the
# failure exit (QEMU status 1, the PASS of this run).
riscv64_smash	= $(call riscv64_harness,smash-$(1),1) --quiet --input 'hello genirq\r' \
		  -- $(call riscv64_qemu,1) -serial stdio -append 'harness $(or $(2),smash-$(1)-guard)'

# The first run (check-run-riscv64, before this) kept OpenSBI's banner out
# of view and in its log; hold-until.py shows a boot that never reached the
# kernel's banner whole, and refuses a call without its arguments.
check-riscv64-firmware-log: check-run-riscv64
	$(Q)grep -q '^OpenSBI v' $(BUILD)/riscv64/firmware.log && ! grep -q '^OpenSBI v' $(BUILD)/riscv64/run.log || \
		{ echo "riscv64-run: FAIL: OpenSBI's banner not in build/riscv64/firmware.log only"; exit 1; }
	$(Q)[ "$$(printf 'OpenSBI\nhalt\n' | scripts/hold-until.py 'genirq demo' $(BUILD)/riscv64/hold.log)" = \
	      "$$(printf 'OpenSBI\nhalt')" ] && ! scripts/hold-until.py 2>/dev/null || \
		{ echo "hold-until.py: FAIL: a boot without the marker not shown whole, or no usage error"; exit 1; }
	@echo "riscv64-run: PASS (OpenSBI's banner in build/riscv64/firmware.log, out of view)"

check-riscv64: check-riscv64-firmware-log
	$(Q)$(call riscv64_harness,plic-smp2) --input '$(RISCV64_SESSION)' \
		-- $(call riscv64_qemu,2) -serial stdio -append harness
	$(Q)$(call riscv64_harness,plic-smp1) --quiet --input 'hello genirq\rpoweroff\r' \
		-- $(call riscv64_qemu,1) -serial stdio -append harness
	$(Q)$(call riscv64_harness,aia-smp2) --quiet --input 'hello genirq\rcat /proc/interrupts\r$(RISCV64_VIEWS)poweroff\r' \
		-- $(call riscv64_qemu,2,$(comma)aia=aplic-imsic) -serial stdio -append harness
	$(Q)$(call riscv64_harness,stray-hart) --quiet --input 'hello genirq\rpoweroff\r' \
		-- $(call riscv64_qemu,2) -serial stdio -append 'harness stray-hart'
	$(Q)$(call riscv64_pm,plic)
	$(Q)$(call riscv64_pm,aia,$(comma)aia=aplic-imsic)
	$(Q)$(riscv64_pm_timer)
	$(Q)$(call riscv64_must_fail,mustfail)
	$(Q)$(call riscv64_smash,irq)
	$(Q)$(call riscv64_smash,softirq)
	$(Q)$(call riscv64_smash,irq-nested,smash-irq-nested)

# -append bench: boot, the self-IPI through genirq and through a bare
# handler, the guest-bench line, power-off. One hart: under icount the
# virtual clock also counts the other vCPU's instructions.
.PHONY: check-riscv64-firmware-log bench-riscv64
bench-riscv64: kernel-riscv64
	$(Q)$(call guest_bench,riscv64,$(riscv64_PASS),demo/virt-riscv/expect/riscv64-bench.txt,$\
		$(call riscv64_qemu,1) -serial stdio -append 'harness bench')
	$(Q)grep -h "^guest-bench:" $(BUILD)/riscv64/bench.log | tr -d '\r'

# $(call riscv64_must_fail,RUN): a kernel told to fail one scenario must
# end with the failure status after that FAIL line, and the harness must
# refuse the run for that status alone: every line of the run's expect
# file (the FAIL line, the summary, the fatal line) is in the transcript.
define riscv64_must_fail
out=$$($(call riscv64_harness,$(1)) --quiet --input 'hello genirq\r' \
	-- $(call riscv64_qemu,1) -serial stdio -append 'harness $(1)'); \
if echo "$$out" | grep -q 'riscv64-$(1): FAIL.*QEMU exit status 1, PASS is 33' && \
   ! echo "$$out" | grep -q 'transcript lacks'; then \
	echo "riscv64-$(1): PASS (a failing scenario: its expect lines, QEMU status 1, run refused)"; \
else echo "$$out"; echo "riscv64-$(1): FAIL (not refused, or expect lines missing; see $(BUILD)/riscv64/$(1).log)"; exit 1; fi
endef

# The raise and suspend runs alone (check-riscv64 runs them too).
.PHONY: check-riscv64-pm check-riscv64-pm-timer
check-riscv64-pm: kernel-riscv64
ifeq ($(WAKE),timer)
	$(Q)$(riscv64_pm_timer)
else
	$(Q)$(call riscv64_pm,plic)
	$(Q)$(call riscv64_pm,aia,$(comma)aia=aplic-imsic)
endif
check-riscv64-pm-timer: kernel-riscv64
	$(Q)$(riscv64_pm_timer)

# NMI lines (<genirq/nmi.h>) on this machine: none (check-aarch64-nmi and
# check-x86_64-nmi run the ones that exist).
.PHONY: check-riscv64-nmi
check-riscv64: check-riscv64-nmi
check-riscv64-nmi:
	@echo "check-riscv64-nmi: SKIP RISC-V S-mode has no NMI and this port masks by sstatus.SIE, not by priority: nmi lines are refused on the PLIC and APLIC (no IRQCHIP_SUPPORTS_NMI)"
