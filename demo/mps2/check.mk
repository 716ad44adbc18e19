# demo/mps2/check.mk - the mps2-an385 demo kernel's checks (expected
# transcript lines: demo/mps2/expect/<run>.txt, one regex a line).
#
#   make check-armv7m    every scenario and a shell session under the
#                        harness, raise and suspend (check-armv7m-pm
#                        alone), a smashed hardirq and softirq stack
#                        guard, input arriving while the receive
#                        handler clears its interrupt (check-armv7m-rx-gap
#                        alone), the first run (check-run-armv7m), the
#                        kernel in the minimal configuration
#                        (check-armv7m-minimal)
#   make bench-armv7m    dispatch cost in instructions (-icount shift=0)
#   make run ARCH=armv7m

ARMV7M_READY	:= genirq: ready for input
# Typed after the ready marker: the echo line, then a shell session.
ARMV7M_SESSION	:= hello genirq\rcat /proc/interrupts\recho 255 > /proc/irq/5/priority\r$\
		   cat /proc/irq/5/priority\rls /proc/irq\rfrobnicate\ripi 0\rticks\rprobe\r$\
		   stacks\rirqtop 1\rpoweroff\r
# raise and suspend (demo/pm_cmd.h) with the UART's receive line (irq 1)
# made pending at the NVIC (ISPR), then the wake line of a sleep in wfi;
# the key typed once it waits (--then) wakes it; suspend is typed once
# raise has answered (a byte typed meanwhile would count in raise's +1).
ARMV7M_PM	:= hello genirq\rraise 1\r
ARMV7M_PM_WAKE	:= \rcat /sys/power/wakeup_reason\rcat /proc/irq/1/wakeup\rpoweroff\r
armv7m_pm	= $(call armv7m_harness,pm) --quiet --input '$(ARMV7M_PM)' \
		  --then 'its controller' 'suspend 1\r' --then 'waiting for a wake line' '$(ARMV7M_PM_WAKE)' \
		  --expect-file demo/mps2/expect/armv7m-pm.txt -- $(armv7m_QEMU) -append harness
# suspend, booted with wake=timer (demo/pm_cmd.h: as `suspend timer`): CMSDK TIMER1 the only wake line, 600 ms
# ahead; the key typed once the CPU waits does not wake it (the UART's
# line is suspended, its byte held at the NVIC for the resume), the timer does.
ARMV7M_PM_TIMER_END := cat /sys/power/wakeup_reason\rpoweroff\r
armv7m_pm_timer	= $(call armv7m_harness,pm-timer) --quiet --input 'hello genirq\rsuspend\r' \
		  --then 'waiting for a wake line' '\r' --then 'resumed, wakeup_reason' '$(ARMV7M_PM_TIMER_END)' \
		  --expect-file demo/mps2/expect/armv7m-pm-timer.txt -- $(armv7m_QEMU) -append 'harness wake=timer'
armv7m_TOUR	:= help\rcat /proc/interrupts\rticks\rprobe\rpoweroff\r
# -append 'harness rx-gap' (console.c): the receive handler waits 20 ms
# between finding UART0's holding register empty and clearing INTSTATUS.RX;
# the shell's commands are typed 2 ms apart once the verdict is out, so a
# byte arrives in that gap at every event. The driver must not lose it
# (the interrupt latch cleared, RXFULL set: the UART takes no other byte).
ARMV7M_RX_GAP	:= ticks\rfrobnicate\rpoweroff\r
armv7m_rx_gap	= $(call armv7m_harness,rx-gap) --quiet --input 'hello genirq\r' --byte-delay 0.002 \
		  --then 'genirq: verdict at' '$(ARMV7M_RX_GAP)' \
		  --expect-file demo/mps2/expect/armv7m-rx-gap.txt -- $(armv7m_QEMU) -append 'harness rx-gap'

# $(call armv7m_harness,RUN[,STATUS]): the harness for one run, its log.
armv7m_harness	= $(HARNESS) --name armv7m-$(1) --pass-status $(or $(2),$(armv7m_PASS)) \
		  --timeout $(QEMU_TIMEOUT) --ready '$(ARMV7M_READY)' --log $(BUILD)/armv7m/$(1).log

# $(call armv7m_smash,STACK): -append smash-STACK-guard: after the verdict
# a stack's guard word overwritten, then the self-interrupt; the kernel
# must report the overflow and take the failure exit (QEMU status 1, the
# PASS of this run).
armv7m_smash	= $(call armv7m_harness,smash-$(1),1) --quiet --input 'hello genirq\r' \
		  --expect-file demo/mps2/expect/armv7m-smash-$(1).txt \
		  -- $(armv7m_QEMU) -append 'harness smash-$(1)-guard'

check-armv7m:
	$(Q)$(call armv7m_harness,scenarios) --input '$(ARMV7M_SESSION)' \
		--expect-file demo/mps2/expect/armv7m-scenarios.txt \
		--expect-file demo/mps2/expect/armv7m-session.txt \
		-- $(armv7m_QEMU) -append harness
	$(Q)$(armv7m_pm)
	$(Q)$(armv7m_pm_timer)
	$(Q)$(call armv7m_smash,irq)
	$(Q)$(call armv7m_smash,softirq)
	$(Q)$(armv7m_rx_gap)
	$(Q)$(MAKE) --no-print-directory check-armv7m-minimal

# The kernel in the kit's minimal configuration (demo/mps2/genirq_config_minimal.h:
# one CPU, 64 lines, a 4 KiB arena, no optional feature but line priorities
# and console text), its own build
# (BUILD/minimal), booted under the harness: the scenarios that need no
# left-out feature pass, the others say "SKIP not built (GENIRQ_X 0)".
# (The settings symbol is looked for in the core's object: the link drops
# unused sections, that one too.)
MIN_ARMV7M	:= BUILD=$(BUILD)/minimal GENIRQ_FEATURES='PRIORITY REPORTS' PORT_CONFIG=demo/mps2/genirq_config_minimal.h
MIN_ARMV7M_SYMBOL := genirq_config_cpus1_irqs64_irqson1_feat000000000100100000
ARMV7M_MIN_INPUT := hello genirq\rcat /proc/interrupts\rfrobnicate\ripi 0\rticks\rpoweroff\r
.PHONY: check-armv7m-minimal check-armv7m-minimal-run
check-armv7m-minimal:
	$(Q)scripts/deps.sh $(armv7m_DEPS)
	$(Q)$(MAKE) --no-print-directory -s -j2 $(MIN_ARMV7M) $(BUILD)/minimal/armv7m/kernel.elf
	$(Q)arm-none-eabi-nm $(BUILD)/minimal/armv7m/obj/core/desc.o | grep -qw $(MIN_ARMV7M_SYMBOL) || \
		{ echo "check-armv7m-minimal: the kernel is not built in the minimal settings"; exit 1; }
	$(Q)found=$$(arm-none-eabi-nm $(BUILD)/minimal/armv7m/kernel.elf | awk '{print $$NF}' | \
		grep -xE '$(subst $(nothing) ,|,$(filter-out irq_priority_refuses,$(MIN_ABSENT)) $(filter-out irq_vsnprintf irq_log,$(MIN_ABSENT_KEPT)))'); \
	if [ -n "$$found" ]; then echo "check-armv7m-minimal: left-out features linked in: $$found"; exit 1; fi
	$(Q)$(MAKE) --no-print-directory $(MIN_ARMV7M) check-armv7m-minimal-run
	$(Q)arm-none-eabi-size $(BUILD)/minimal/armv7m/kernel.elf | \
		awk 'NR == 2 { printf "check-armv7m-minimal: the kernel: %d bytes of flash (text, data), %d of RAM (data, bss)\n", $$1 + $$2, $$2 + $$3 }'

# (Run with BUILD=$(BUILD)/minimal: the harness's paths follow it.)
check-armv7m-minimal-run:
	$(Q)$(call armv7m_harness,minimal) --quiet --input '$(ARMV7M_MIN_INPUT)' \
		--expect-file demo/mps2/expect/armv7m-minimal.txt -- $(armv7m_QEMU) -append harness

# -append bench: the soft line through genirq against a bare handler,
# the guest-bench line, power-off.
.PHONY: bench-armv7m
bench-armv7m: kernel-armv7m
	$(Q)$(call guest_bench,armv7m,$(armv7m_PASS),demo/mps2/expect/armv7m-bench.txt,$\
		$(armv7m_qemu) -serial stdio -append 'harness bench')
	$(Q)grep -h "^guest-bench:" $(BUILD)/armv7m/bench.log | tr -d '\r'

.PHONY: check-armv7m-rx-gap
check-armv7m-rx-gap: kernel-armv7m
	$(Q)$(armv7m_rx_gap)

.PHONY: check-armv7m-pm check-armv7m-pm-timer
check-armv7m-pm: kernel-armv7m
	$(Q)$(if $(filter timer,$(WAKE)),$(armv7m_pm_timer),$(armv7m_pm))
check-armv7m-pm-timer: kernel-armv7m
	$(Q)$(armv7m_pm_timer)

# NMI lines (<genirq/nmi.h>) on this machine: none (check-aarch64-nmi and
# check-x86_64-nmi run the ones that exist).
.PHONY: check-armv7m-nmi
check-armv7m: check-armv7m-nmi
check-armv7m-nmi:
	@echo "check-armv7m-nmi: SKIP the NVIC's NMI exception is not a genirq line here; a line above BASEPRI (zero-latency, docs/armv7m.md) is this port's unmaskable kind: nmi lines are refused on the NVIC (no IRQCHIP_SUPPORTS_NMI)"
