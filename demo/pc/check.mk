# demo/pc/check.mk - the pc demo kernel's checks, for i386 and x86_64
# (expected transcript lines: demo/pc/expect/<run>.txt, one regex a line).
#
#   make check-i386, check-x86_64   the boot scenarios (COM2 present and
#                    absent), a shell session, raise and suspend
#                    (check-<isa>-pm alone), a handler interrupted below
#                    its stack, the first run (check-run-<isa>)
#   make bench-i386, bench-x86_64   the deterministic dispatch instruction counts

# The checks add -icount: with plain TCG a loaded host starves the vCPU and
# QEMU drops PIT ticks (44 of 50 seen), which timer-ticks rightly fails.
PC_ICOUNT	:= $(if $(filter tcg,$(X86_ACCEL)),-icount shift=0$(comma)sleep=off)
PC_INPUT_i386	:= 0123456789R\rhelp\rcat /proc/interrupts\rls /proc/irq\rcat /proc/irq/4/smp_affinity\r$\
		   cat /proc/irq/4/effective_affinity\recho 2 > /proc/irq/4/smp_affinity\r$\
		   echo 1 > /proc/irq/4/smp_affinity\rcat /proc/irq/prof_cpu_mask\rprobe\rprobe 2\r$\
		   disable 3\rprobe 2\renable 3\rprobe 3\rprobe x 1\rdisable 0\rprobe\rticks\renable 0\r$\
		   bogus\rticks\rcat /proc/interrupts\rthreads\rstacks\r$\
		   cat /sys/kernel/debug/irq/irqs/4\rirqtop 1\rpoweroff\r
PC_INPUT_x86_64	:= 0123456789R\rcat /proc/interrupts\recho 2 > /proc/irq/4/smp_affinity\r$\
		   cat /proc/interrupts\rcat /proc/irq/4/smp_affinity_list\r$\
		   cat /proc/irq/4/effective_affinity_list\rticks\rhelp\rls /proc/irq/4\r$\
		   cat /proc/interrupts\recho 4 > /proc/irq/4/smp_affinity\recho 1 > /proc/irq/4/smp_affinity\r$\
		   cat /proc/irq/prof_cpu_mask\rprobe\rprobe 2\rdisable 3\rprobe 2\renable 3\rprobe 0\r$\
		   disable 24\rdisable 0\rprobe\renable 0\renable 24\rthreads\rstacks\rbogus\r$\
		   cat /sys/kernel/debug/irq/irqs/4\rcat /sys/kernel/debug/irq/irqs/24\r$\
		   cat /sys/kernel/debug/irq/irqs/9999\rirqtop 1\rpoweroff\r
# raise and suspend (demo/pm_cmd.h) with COM1 (irq 4) as the wake line,
# the CPU in hlt; the key typed once it waits (--then) wakes it. raise
# makes the IO-APIC line pending (its vector sent to its CPU); the 8259
# cannot: i386 refuses it.
PC_PM_INPUT	:= 0123456789R\rraise 4\rsuspend 4\r
PC_PM_WAKE	:= \rcat /sys/power/wakeup_reason\rcat /proc/irq/4/wakeup\rpoweroff\r
# suspend, booted with wake=timer (demo/pm_cmd.h: as `suspend timer`): the CMOS RTC's alarm (ISA line 8) the
# only wake line, one to two seconds ahead (it matches seconds); the key
# typed once the CPU waits does not wake it (COM1's line is suspended, its
# byte held for the resume), the alarm does.
PC_PM_TIMER_END	:= cat /sys/power/wakeup_reason\rpoweroff\r
# i386 also types on the PS/2 keyboard from the monitor: IRQ 1 counts.
PC_SHELL_i386	= --monitor $(BUILD)/i386/monitor.sock --monitor-after RX-READY \
		  --monitor-cmd 'sendkey a' --monitor-cmd 'sendkey b'
PC_SHELL_QEMU_i386 = -monitor unix:$(BUILD)/i386/monitor.sock,server=on,wait=off
# The run with COM2 absent: i386 on its one CPU, x86_64 on four.
PC_NOCOM2_i386	:= no-com2
PC_NOCOM2_x86_64 := smp4-no-com2
PC_NOCOM2_ARGS_x86_64 := -smp 4
# make run: -icount too (timer-ticks measures PIT ticks against the TSC,
# and plain TCG lets them drift apart), sleep=on so that idle time in the
# shell runs at the host's pace.
i386_RUN	:= $(if $(filter tcg,$(X86_ACCEL)),-icount shift=0)
x86_64_RUN	:= $(i386_RUN)
# Kernel command line words (demo/pc/main.c): "harness" prints every
# verdict and runs the scenarios fed from here, "norx" skips those,
# "exit" leaves QEMU after the verdict instead of starting the shell.
i386_TOUR	:= help\rcat /proc/interrupts\rticks\rprobe\rpoweroff\r
x86_64_TOUR	:= help\rcat /proc/interrupts\recho 2 > /proc/irq/4/smp_affinity\r$\
		   ticks\rcat /proc/interrupts\rprobe\rpoweroff\r

# smash-irq-nested (demo/guard_smash.h): an edu handler runs past the
# bottom of its hardirq stack and waits there for a tick; the port must end
# the run at the tick's entry through its fatal exit (X86_EXIT_TRAP: QEMU
# status 255, the PASS of this run), with its report.
PC_TRAP_STATUS	:= 255

# $(call pc_harness,ISA,RUN): the harness for one run of ISA's kernel.
pc_harness	= $(HARNESS) --name $(1)-$(2) --pass-status $($(1)_PASS) --timeout $(QEMU_TIMEOUT) \
		  --log $(BUILD)/$(1)/$(2).log --expect-file demo/pc/expect/$(1)-$(2).txt

# $(call pc_pm,ISA): the raise and suspend run.
pc_pm		= $(call pc_harness,$(1),pm) --quiet --ready RX-READY --byte-delay 0.02 \
		  --input '$(PC_PM_INPUT)' --then 'waiting for a wake line' '$(PC_PM_WAKE)' \
		  -- $($(1)_QEMU) $(PC_ICOUNT) -append harness

# $(call pc_pm_timer,ISA): the suspend timer run.
pc_pm_timer	= $(call pc_harness,$(1),pm-timer) --quiet --ready RX-READY --byte-delay 0.02 \
		  --input '0123456789R\rsuspend\r' --then 'waiting for a wake line' '\r' \
		  --then 'resumed, wakeup_reason' '$(PC_PM_TIMER_END)' \
		  -- $($(1)_QEMU) $(PC_ICOUNT) -append 'harness wake=timer'

# nmi (demo/pc/smp-nmi-x86_64.c) twice, then /proc/interrupts: NMI IPIs
# find a CPU spinning with local interrupts off. x86_64 only.
PC_NMI_INPUT	:= 0123456789R\rnmi\rnmi\rcat /proc/interrupts\rpoweroff\r
pc_nmi_x86_64	= $(call pc_harness,x86_64,nmi) --quiet --ready RX-READY --byte-delay 0.02 \
		  --input '$(PC_NMI_INPUT)' -- $(x86_64_QEMU) $(PC_ICOUNT) -append harness
pc_nmi_i386	= echo "check-i386-nmi: SKIP the i386 kernel drives the 8259 only (no local APIC): no NMI IPI to send, its NMI row counts NMIs alone"

define pc_checks
.PHONY: check-$(1)-nmi
check-$(1)-nmi: kernel-$(1)
	$(Q)$$(pc_nmi_$(1))

.PHONY: check-$(1)-pm check-$(1)-pm-timer
check-$(1)-pm: kernel-$(1)
	$(Q)$(if $(filter timer,$(WAKE)),$(call pc_pm_timer,$(1)),$(call pc_pm,$(1)))
check-$(1)-pm-timer: kernel-$(1)
	$(Q)$(call pc_pm_timer,$(1))

check-$(1):
	$(Q)$(call pc_harness,$(1),scenarios) --ready RX-READY --input '0123456789R' --byte-delay 0.05 \
		-- $$($(1)_QEMU) $(PC_ICOUNT) -append 'harness exit'
	$(Q)$(call pc_harness,$(1),$(PC_NOCOM2_$(1))) --quiet \
		-- $$($(1)_QEMU_1UART) $(PC_ICOUNT) $(PC_NOCOM2_ARGS_$(1)) -append 'harness norx exit'
	$(Q)$(call pc_harness,$(1),shell) --quiet --ready RX-READY --byte-delay 0.02 \
		--input '$(PC_INPUT_$(1))' $(PC_SHELL_$(1)) \
		-- $$($(1)_QEMU) $(PC_ICOUNT) -append harness $(PC_SHELL_QEMU_$(1))
	$(Q)$(call pc_pm,$(1))
	$(Q)$(call pc_pm_timer,$(1))
	$(Q)$$(pc_nmi_$(1))
	$(Q)$(HARNESS) --name $(1)-smash-irq-nested --pass-status $(PC_TRAP_STATUS) --quiet \
		--timeout $(QEMU_TIMEOUT) --log $(BUILD)/$(1)/smash-irq-nested.log \
		--expect-file demo/pc/expect/smash-irq-nested.txt \
		-- $$($(1)_QEMU_1UART) $(PC_ICOUNT) -smp 1 -append 'harness norx exit smash-irq-nested'

# The counts need -icount shift=0 (TSC = instructions): no KVM here.
.PHONY: bench-$(1)
bench-$(1): kernel-$(1)
	$(Q)$(call pc_harness,$(1),bench) --quiet -- $$($(1)_QEMU) -icount shift=0$(comma)sleep=off \
		-append 'harness norx exit' >/dev/null || \
		{ echo "bench-$(1): the kernel failed or printed no guest-bench line (see $(BUILD)/$(1)/bench.log)"; exit 1; }
	$(Q)grep -hE '^genirq: (guest-bench|XT-PIC line|MSI dispatch)|dispatch:' $(BUILD)/$(1)/bench.log
endef
$(foreach isa,i386 x86_64,$(eval $(call pc_checks,$(isa))))
