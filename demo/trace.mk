# demo/trace.mk - `make trace` (the host) and `make trace ARCH=<isa>`: a
# traced workload, decoded by scripts/trace.py into build/trace-<isa>.json
# (Chrome trace-event format: chrome://tracing, Perfetto) and
# build/trace-<isa>.svg (a timeline any browser opens); and check-trace,
# which validates the host's and x86_64's (part of make check) and
# renders each to build/trace-<isa>.png.
#
# A QEMU port boots with the kernel argument "trace": its demo kernel
# runs its list of traced scenarios (demo/traced.h: the flooding
# screaming line first, then softirqs, a shared line, a threaded line
# moved to another CPU, and soft-replay: a software edge line held
# pending while disabled and replayed at enable, then re-run for an event
# during its handler), then the shell's `trace dump` prints the rings,
# framed, on the serial line. Each port sets TRACE_QEMU_<isa> (QEMU and
# its arguments), TRACE_INPUT_<isa> (what is typed: --ready/--input
# options) and TRACE_EXPECT_<isa> (what its picture must show: a trace
# without one of them fails and writes nothing).

TRACE_PY	:= python3 scripts/trace.py
# What the host's and x86_64's pictures must show.
TRACE_EXPECT_COMMON := --expect shared:2 --expect softirq:0 --expect decision:pending \
		   --expect decision:replay --expect decision:affinity --expect affinity-move \
		   --expect decision:spurious-disable --expect decision:thread-wake --expect dropped
TRACE_EXPECT_host := $(TRACE_EXPECT_COMMON) --expect handler:edu-a --expect handler:edu-b \
		   --expect decision:storm-throttle --expect decision:storm-release \
		   --expect decision:stuck-poll --expect thread:thready
TRACE_EXPECT_x86_64 := $(TRACE_EXPECT_COMMON) --expect handler:edu0 --expect handler:edu1 \
		   --expect handler:edu-broken --expect handler:soft --expect decision:rerun
# The other ports' (make trace ARCH=...): i386 is uniprocessor, so no
# affinity move. riscv64 traces on the AIA (APLIC + IMSIC): QEMU 7.2's
# PLIC never re-forwards a level still asserted, so no screaming line
# would be disabled there (docs/riscv64.md).
TRACE_EXPECT_UP	:= --expect shared:2 --expect softirq:0 --expect decision:pending \
		   --expect decision:replay --expect decision:rerun --expect handler:soft
TRACE_EXPECT_SMP := $(TRACE_EXPECT_UP) --expect affinity-move --expect decision:affinity
TRACE_EXPECT_i386	:= $(TRACE_EXPECT_UP) --expect decision:spurious-disable --expect dropped
TRACE_EXPECT_ppc	:= $(TRACE_EXPECT_SMP) --expect decision:spurious-disable --expect dropped
TRACE_EXPECT_ppc64	:= $(TRACE_EXPECT_ppc)
TRACE_EXPECT_aarch64	:= $(TRACE_EXPECT_ppc)
TRACE_EXPECT_riscv64	:= $(TRACE_EXPECT_ppc)

.PHONY: trace trace-host check-trace
trace: trace-$(or $(ARCH),host)

trace-host: $(BUILD)/genirq-trace
	$(Q)$(BUILD)/genirq-trace $(BUILD)/trace-host.dump
	$(Q)$(TRACE_PY) decode $(BUILD)/trace-host.dump --json $(BUILD)/trace-host.json \
		--svg $(BUILD)/trace-host.svg --title "genirq trace: hosted port, 3 simulated CPUs" \
		$(TRACE_EXPECT_host)

# $(call trace_port,ISA): make trace ARCH=ISA.
define trace_port
.PHONY: trace-$(1)
trace-$(1): kernel-$(1)
	$(Q)$(TRACE_PY) qemu --timeout $(QEMU_TIMEOUT) --out $(BUILD)/trace-$(1) --title "genirq trace: $(1) under QEMU (TCG)" \
		$$(TRACE_EXPECT_$(1)) $$(TRACE_INPUT_$(1)) --input 'trace dump\r' -- $$(TRACE_QEMU_$(1))
endef
$(foreach p,$(PORTS),$(eval $(call trace_port,$(p))))

# The pc machine: the harness's input for uart-rx-echo and replay-after-enable.
TRACE_QEMU_i386		= $(i386_QEMU) $(PC_ICOUNT) -append 'harness trace'
TRACE_QEMU_x86_64	= $(x86_64_QEMU) $(PC_ICOUNT) -append 'harness trace'
TRACE_INPUT_i386	:= --ready RX-READY --input '0123456789R' --byte-delay 0.05
TRACE_INPUT_x86_64	:= $(TRACE_INPUT_i386)

# The other machines boot without "harness" (their input scenarios wait
# for a harness's keys or the monitor's power button), then trace their
# console's line from the shell while moving it to CPU 1 and back.
# $(call trace_uart_moves,IRQ): what is typed at their prompts.
trace_uart_moves = --input 'trace start $(1)\r' --input 'echo 2 > /proc/irq/$(1)/smp_affinity\r' \
		   --input 'cat /proc/irq/$(1)/smp_affinity\r' --input 'echo 1 > /proc/irq/$(1)/smp_affinity\r' \
		   --input 'trace stop\r'
TRACE_QEMU_ppc		= $(ppc_QEMU) -append trace
TRACE_QEMU_ppc64	= $(ppc64_QEMU) -append trace
TRACE_QEMU_aarch64	= $(aarch64_QEMU) -append trace
TRACE_QEMU_riscv64	= $(call riscv64_qemu,2,$(comma)aia=aplic-imsic) -serial stdio -append trace
TRACE_INPUT_ppc		:= $(call trace_uart_moves,1)
TRACE_INPUT_ppc64	:= $(call trace_uart_moves,1)
TRACE_INPUT_aarch64	:= $(call trace_uart_moves,2)
TRACE_INPUT_riscv64	:= $(call trace_uart_moves,1)

# Each picture is also rendered to PNG (rsvg-convert, the deps group
# trace), as a person opening it would see it, and checked to read
# without hovering (scripts/trace.py check; tests/trace/test_svg.py shows
# that check refusing pictures that do not).
check-trace: trace-host trace-x86_64
	$(Q)scripts/deps.sh trace
	$(Q)python3 tests/trace/test_decode.py $(BUILD)/trace-host.dump
	$(Q)python3 tests/trace/test_svg.py $(BUILD)/trace-host.json $(BUILD)/trace-host.svg
	$(Q)for t in host x86_64; do \
		rsvg-convert -o $(BUILD)/trace-$$t.png $(BUILD)/trace-$$t.svg || exit 1; done
	$(Q)$(TRACE_PY) check $(BUILD)/trace-host.json $(BUILD)/trace-host.svg \
		--png $(BUILD)/trace-host.png $(TRACE_EXPECT_host)
	$(Q)$(TRACE_PY) check $(BUILD)/trace-x86_64.json $(BUILD)/trace-x86_64.svg \
		--png $(BUILD)/trace-x86_64.png $(TRACE_EXPECT_x86_64)
