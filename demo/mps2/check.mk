# demo/mps2/check.mk - the mps2-an385 demo kernel's checks (expected
# transcript lines: demo/mps2/expect/<run>.txt, one regex a line).
#
#   make check-armv7m    every scenario and a shell session under the
#                        harness, a smashed hardirq and softirq stack
#                        guard, the first run (check-run-armv7m)
#   make bench-armv7m    dispatch cost in instructions (-icount shift=0)
#   make run ARCH=armv7m

ARMV7M_READY	:= genirq: ready for input
# Typed after the ready marker: the echo line, then a shell session.
ARMV7M_SESSION	:= hello genirq\rcat /proc/interrupts\recho 255 > /proc/irq/5/priority\r$\
		   cat /proc/irq/5/priority\rls /proc/irq\rfrobnicate\ripi 0\rticks\rprobe\r$\
		   irqtop 1\rpoweroff\r
armv7m_TOUR	:= help\rcat /proc/interrupts\rticks\rprobe\rpoweroff\r

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
	$(Q)$(call armv7m_smash,irq)
	$(Q)$(call armv7m_smash,softirq)

# -append bench: the soft line through genirq against a bare handler,
# the guest-bench line, power-off.
.PHONY: bench-armv7m
bench-armv7m: kernel-armv7m
	$(Q)$(call guest_bench,armv7m,$(armv7m_PASS),demo/mps2/expect/armv7m-bench.txt,$\
		$(armv7m_qemu) -serial stdio -append 'harness bench')
	$(Q)grep -h "^guest-bench:" $(BUILD)/armv7m/bench.log | tr -d '\r'
