# genirq - build, test, run. `make help` lists the targets.
#
# Every target that needs a tool first runs scripts/deps.sh, which installs
# missing Debian packages (as root) or says which to install.

CC		?= gcc
CXX		?= g++
BUILD		:= build
Q		:= @
# Builds and independent runs at once (make check's builds, fuzzers, mutants).
JOBS		?= $(shell nproc 2>/dev/null || echo 2)

WARN		:= -Wall -Wextra -Werror
CSTD		:= -std=c11
INC		:= -Iinclude -include demo/genirq_config.h
# The hosted port inlines its CPU number and interrupt flag into the
# core's dispatch path (GENIRQ_PORT_INLINE, see <genirq/port.h>).
# The hosted port's own API (<genirq/sim.h>) lives with it, in arch/host/include.
HOST_INC	:= -Iarch/host -Iarch/host/include
HOST_CFLAGS	:= $(CSTD) $(WARN) $(INC) -O2 -g -D_GNU_SOURCE $(HOST_INC) -DGENIRQ_PORT_INLINE
SAN_ASAN	:= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_TSAN	:= -fsanitize=thread

# $(call repeat,N,TEXT): TEXT N times, for pasted shell input ('~' in TEXT
# becomes a space, since make splits words on spaces).
nothing		:=
repeat		= $(subst ~, ,$(subst $(nothing) ,,$(foreach i,$(shell seq $(1)),$(2))))

CORE_SRCS	:= $(sort $(wildcard core/*.c))
CORE_HDRS	:= $(wildcard include/genirq/*.h include/genirq/chip/*.h core/*.h arch/host/*.h \
		     arch/host/include/genirq/*.h)
# Every public header, by its include name (genirq/irq.h, genirq/chip/mpic.h).
PUBLIC_HDRS	:= $(patsubst include/%,%,$(wildcard include/genirq/*.h include/genirq/chip/*.h))
PORTABLE_CTRL	:= controllers/simpic.c
HOST_SRCS	:= arch/host/host.c controllers/simpic.c controllers/simpci.c
# The demo shell, as every kernel, the host demo and the tests link it.
SHELL_SRCS	:= demo/shell.c demo/trace_cmd.c demo/pm_cmd.c
# The optional device tree reader and its interrupt lookup (of/), as genirq.mk's GENIRQ_OF_SRCS.
OF_SRCS		:= $(sort $(wildcard of/*.c))
UNIT_SRCS	:= tests/harness.c $(sort $(wildcard tests/unit/*.c)) $(SHELL_SRCS) demo/bootlog.c demo/scenario.c \
		   $(OF_SRCS)
STRESS_SRCS	:= tests/harness.c $(sort $(wildcard tests/stress/*.c)) tests/unit/fixture.c
TEST_HDRS	:= tests/harness.h $(wildcard tests/unit/*.h) $(wildcard of/*.h)
# Tests may look inside the core ("internals.h" resolves through -Icore),
# and build it with its debug assertions on (GENIRQ_DEBUG).
TEST_INC	:= -Icore -Idemo -Iof -DGENIRQ_DEBUG

# Freestanding compile test of the core: architecture -> compiler.
XARCHS		:= i386 x86_64 ppc ppc64 aarch64 riscv64 s390x armv7m
XCC_i386	:= i686-linux-gnu-gcc
XCC_x86_64	:= gcc
XCC_ppc		:= powerpc-linux-gnu-gcc
XCC_ppc64	:= powerpc64-linux-gnu-gcc
XCC_aarch64	:= aarch64-linux-gnu-gcc
XCC_riscv64	:= riscv64-linux-gnu-gcc
XCC_s390x	:= s390x-linux-gnu-gcc
XCC_armv7m	:= arm-none-eabi-gcc
# Each ISA's kernel code flags (genirq.mk's GENIRQ_ARCH_CFLAGS_<isa>: no
# floating-point or vector registers, no red zone, inline atomics).
$(foreach a,$(XARCHS),$(eval XFLAGS_$(a) = $$(GENIRQ_ARCH_CFLAGS_$(a))))
# armv7m: Cortex-M3 (ARMv7-M), the library's M-profile CPU by default.
XFLAGS_armv7m	= -mcpu=cortex-m3 $(GENIRQ_ARCH_CFLAGS_armv7m)
FREESTANDING	:= $(CSTD) $(WARN) $(INC) -O2 -ffreestanding -nostdlib -fno-builtin \
		   -fno-stack-protector

# The demo kernels take genirq as an embedder does, through the kit
# (genirq.mk: its source lists and include path), with the tree's own
# settings file.
include genirq.mk
kit_rel		= $(patsubst $(CURDIR)/%,%,$(1))
# (PORT_CONFIG: another settings file, as check-aarch64-minimal's build.)
PORT_CONFIG	?= demo/genirq_config.h
PORT_INC	:= $(GENIRQ_INCLUDES) $(GENIRQ_FEATURE_DEFS) -include $(PORT_CONFIG)

# The QEMU ports. Each demo/<machine>/<isa>.mk sets only that ISA's variables
# (compiler, flags, port kit and demo sources, the QEMU machine); the rules
# are one template (`port` below), instantiated per ISA; each demo
# machine's checks are in demo/<machine>/check.mk.
PORTS		:= i386 x86_64 ppc ppc64 aarch64 riscv64 armv7m
PORT_CHECKS	:= $(addprefix check-,$(PORTS))
ARCH		?=
RUN_DEFAULT	:= x86_64
# QEMU_ACCEL=kvm asks for KVM; TCG otherwise: a /dev/kvm that exists is
# not a KVM that works (docs/i386.md, docs/x86_64.md).
X86_ACCEL	?= $(or $(QEMU_ACCEL),tcg)
comma		:= ,
HARNESS		:= python3 scripts/qemu-harness.py
# The harness's hard limit on one QEMU run, in seconds: it stops a hung
# guest, not a slow one, and a run ends as soon as QEMU exits. The runs
# take 2-16 s on an idle machine; on the shared 2-core machines make
# check runs on, their CPU-bound part may take ten times as long
# (docs/reliability.md).
QEMU_TIMEOUT	:= 300
# $(call monitor_harness,ISA,RUN,PASS,INPUT,MARKER): the harness for one
# run of a kernel that takes INPUT after "genirq: ready for input" and
# asks with MARKER for the power button (system_powerdown from the
# monitor on $(BUILD)/ISA/RUN.mon): the pseries and virt kernels.
monitor_harness	= rm -f $(BUILD)/$(1)/$(2).mon; \
		  $(HARNESS) --name $(1)-$(2) --pass-status $(3) --timeout $(QEMU_TIMEOUT) \
		  --ready 'genirq: ready for input' --input '$(4)' --log $(BUILD)/$(1)/$(2).log \
		  --monitor $(BUILD)/$(1)/$(2).mon --monitor-after '$(5)' \
		  --monitor-cmd system_powerdown --expect '^SCENARIOS: [0-9]+ passed, 0 failed'
# $(call guest_bench,ISA,PASS,EXPECT,QEMU): bench-ISA's run of the kernel
# with -append bench under -icount shift=0, which must pass EXPECT; its
# guest-bench lines are then in $(BUILD)/ISA/bench.log.
guest_bench	= $(HARNESS) --name $(1)-bench --pass-status $(2) --timeout $(QEMU_TIMEOUT) --quiet \
		  --log $(BUILD)/$(1)/bench.log --expect-file $(3) \
		  -- $(4) -icount shift=0,sleep=off >/dev/null \
		  || { echo "bench-$(1): the bench kernel failed (see $(BUILD)/$(1)/bench.log)"; exit 1; }
DEMO_COMMON	:= $(SHELL_SRCS) demo/scenario.c demo/libc.c demo/oneshot.c demo/edu_line.c \
		   demo/ipi_scenarios.c demo/shell_garbage.c demo/msi_move.c demo/traced.c \
		   demo/shell_port.c demo/bootlog.c demo/pm_scenario.c
include $(wildcard demo/*/machine.mk)
# Each port's build, as demo/<machine>/<isa>.mk (or arch/<isa>/port.mk)
# describes it: the compiler and flags, the port kit's folder, the demo
# kernel's sources and its QEMU command line.
include $(foreach p,$(PORTS),$(firstword $(wildcard demo/*/$(p).mk) arch/$(p)/port.mk))

# $(call port,ISA): the kernel, `make run`, `make debug` and the first-run
# check of one ISA, from the variables its demo/<machine>/<isa>.mk sets:
#   <isa>_CC, _CFLAGS, _ASFLAGS, _LDFLAGS	compiler and flags
#   <isa>_DIRS		the port's folders (arch/x86 arch/i386 ...)
#   <isa>_CTRL		its controllers, by genirq.mk's names (gicv3 pl061 ...)
#   <isa>_ASM		its assembly sources (default: arch/<isa>/boot.S)
#   <isa>_LDS		its linker script (default: arch/<isa>/link.ld)
#   <isa>_MACHINE	its demo kernel, demo/<machine>/ (and _DEMO_SRCS from it)
#   <isa>_DEPS		scripts/deps.sh's arguments
#   <isa>_QEMU		the machine, kernel loaded, console on stdio
#   <isa>_PASS		QEMU's exit status for the kernel's PASS exit (never 0)
#   <isa>_RUN		kernel arguments of `make run`; _TOUR what the tour types
# A port's host tests (*-host-test.c) are not part of its kernel.
# make run VERBOSE=1: the boot shows every line as it comes (the kernel
# argument verbose); without it, the banner, a summary line and the
# prompt, the rest kept for the shell's dmesg.
RUN_VERBOSE	= $(if $(VERBOSE),-append verbose)
# <isa>_HOLD: the text a `make run` view opens on, what QEMU printed before
# it kept in build/<isa>/firmware.log (riscv64: OpenSBI's banner; VERBOSE=1
# shows it). QEMU's status goes through build/<isa>/run.status.
RUN_HOLD	= $(if $(and $($(1)_HOLD),$(if $(VERBOSE),,y)),| scripts/hold-until.py '$($(1)_HOLD)' \
		  $(BUILD)/$(1)/firmware.log)
define port
$(1)_ELF	:= $(BUILD)/$(1)/kernel.elf
$(1)_ASM	?= arch/$(1)/boot.S
$(1)_LDS	?= arch/$(1)/link.ld
$(1)_SRCS	:= $(call kit_rel,$(GENIRQ_SRCS) $$(sort $$(foreach c,$$($(1)_CTRL),$$(GENIRQ_CTRL_$$(c))))) \
		   $(DEMO_COMMON) $$($(1)_DEMO_SRCS) \
		   $$(filter-out %-host-test.c,$$(sort $$(wildcard $$(addsuffix /*.c,$$($(1)_DIRS)))))
$(1)_OBJS	:= $$(patsubst %.c,$(BUILD)/$(1)/obj/%.o,$$($(1)_SRCS)) \
		   $$(patsubst %.S,$(BUILD)/$(1)/obj/%.o,$$($(1)_ASM))
$(1)_HDRS	:= $(CORE_HDRS) $$(wildcard demo/*.h demo/$$($(1)_MACHINE)/*.h $$(addsuffix /*.h,$$($(1)_DIRS)))
$(1)_INC	:= $(PORT_INC) -Idemo -Idemo/$$($(1)_MACHINE) $$(addprefix -I,$$($(1)_DIRS)) -DGENIRQ_PORT_INLINE

$(BUILD)/$(1)/obj/%.o: %.c $$($(1)_HDRS)
	$(Q)mkdir -p $$(dir $$@)
	@echo "  CC [$(1)] $$<"
	$(Q)$$($(1)_CC) $(CSTD) $(WARN) $$($(1)_INC) $$($(1)_CFLAGS) -c $$< -o $$@

$(BUILD)/$(1)/obj/%.o: %.S $$($(1)_HDRS)
	$(Q)mkdir -p $$(dir $$@)
	@echo "  AS [$(1)] $$<"
	$(Q)$$($(1)_CC) $$($(1)_INC) $$($(1)_ASFLAGS) -c $$< -o $$@

$$($(1)_ELF): $$($(1)_OBJS) $$($(1)_LDS)
	@echo "  LD [$(1)] $$@"
	$(Q)$$($(1)_CC) -nostdlib -static $$($(1)_LDFLAGS) -Wl,-T,$$($(1)_LDS) -Wl,--build-id=none \
		-Wl,--no-warn-rwx-segments -o $$@ $$($(1)_OBJS) -lgcc

.PHONY: kernel-$(1) run-$(1) debug-$(1) check-$(1) check-run-$(1)
kernel-$(1):
	$(Q)scripts/deps.sh $$($(1)_DEPS)
	$(Q)$$(MAKE) --no-print-directory -s -j2 $$($(1)_ELF)

# On a terminal: the shell there, QEMU's Ctrl-A prefix on it (Ctrl-A X
# quits); poweroff or Ctrl-A X end make with status 0. Without a
# terminal: a short scripted tour, printed as it runs.
run-$(1): kernel-$(1)
	$(Q)if [ -t 0 ]; then \
		{ $$(subst -serial stdio,-serial mon:stdio,$$($(1)_QEMU)) $$($(1)_RUN) $(RUN_VERBOSE); \
		  echo $$$$? >$(BUILD)/$(1)/run.status; } $$(call RUN_HOLD,$(1)); s=$$$$(cat $(BUILD)/$(1)/run.status); \
		[ $$$$s -eq 0 ] || [ $$$$s -eq $$($(1)_PASS) ] || { echo "QEMU exit status $$$$s"; exit 1; }; \
	else \
		{ $(HARNESS) --name $(1)-run --tour --timeout $(QEMU_TIMEOUT) --pass-status $$($(1)_PASS) \
			--ready '$$(or $$($(1)_READY),$(PROMPT))' --input '$$($(1)_TOUR)' -- $$($(1)_QEMU) $$($(1)_RUN) \
			$(RUN_VERBOSE); echo $$$$? >$(BUILD)/$(1)/run.status; } $$(call RUN_HOLD,$(1)); \
		exit $$$$(cat $(BUILD)/$(1)/run.status); \
	fi

debug-$(1): kernel-$(1)
	@echo "QEMU is halted; attach with: gdb-multiarch $$($(1)_ELF) -ex 'target remote :1234'"
	$$(subst -serial stdio,-serial mon:stdio,$$($(1)_QEMU)) $$($(1)_RUN) -s -S

# The first run as a newcomer's `make run` without a terminal does it:
# status 0, a quiet boot (the banner, the self-tests' summary line, then
# the prompt: scripts/quiet-boot.sh), no command of the tour answering
# "no such device".
check-run-$(1): kernel-$(1)
	$(Q)$$(MAKE) --no-print-directory run-$(1) </dev/null >$(BUILD)/$(1)/run.log 2>&1; s=$$$$?; \
	if [ $$$$s -eq 0 ] && scripts/quiet-boot.sh $(BUILD)/$(1)/run.log && \
	   ! grep -q 'no such device' $(BUILD)/$(1)/run.log; then \
		echo "$(1)-run: PASS (make run ARCH=$(1) without a terminal: status 0, banner, summary line, prompt)"; \
	else \
		echo "$(1)-run: FAIL: make run ARCH=$(1) without a terminal: status $$$$s (transcript: $(BUILD)/$(1)/run.log)"; \
		tail -n 20 $(BUILD)/$(1)/run.log; exit 1; \
	fi

check-$(1): kernel-$(1) check-run-$(1)
endef
PROMPT		:= genirq>
$(foreach p,$(PORTS),$(eval $(call port,$(p))))
include $(sort $(wildcard demo/*/check.mk))
include demo/trace.mk

# `make debug ARCH=<isa>`: QEMU halted with a gdb stub (x86_64 by default).
.PHONY: debug
debug: debug-$(or $(ARCH),$(RUN_DEFAULT))

.PHONY: all help deps check check-host check-freestanding check-cxx run run-host clean \
	unit unit-asan unit-tsan stress-short stress

.DEFAULT_GOAL := all
all: $(BUILD)/unit $(BUILD)/genirq-demo

help:
	@echo "make run [ARCH=i386|x86_64|ppc|ppc64|aarch64|riscv64|armv7m|host]"
	@echo "                    boot a demo kernel in QEMU (x86_64 by default): banner,"
	@echo "                    self-test summary, shell (help; poweroff or Ctrl-A X leaves);"
	@echo "                    without a terminal, a short scripted tour; VERBOSE=1 shows"
	@echo "                    the boot's every line (else the shell's dmesg has them)"
	@echo "make debug ARCH=... the same, QEMU halted with a gdb stub"
	@echo "make kernel-<isa>   build that demo kernel only"
	@echo "make check          everything: host tests (plain, ASan+UBSan, TSan), stress,"
	@echo "                    fuzz replay, spin, bench budgets, freestanding cross builds,"
	@echo "                    C++ headers, traces, every QEMU port"
	@echo "make check-host     host unit tests and short stress only"
	@echo "make check-controllers  each controller driver against a fake register file"
	@echo "make check-docs     every function docs/interrupt-path.md, docs/domains.md name exists; each ISA's walk within its file budget"
	@echo "make check-usage    an unknown ARCH (or a bad FUZZ_SECONDS) is refused, naming what is valid"
	@echo "make check-<isa>    one QEMU port: every scenario under the harness, a shell"
	@echo "                    session, and make run without a terminal (check-run-<isa>)"
	@echo "make bench-<isa>    one guest's dispatch cost in instructions"
	@echo "make stress         long concurrent stress under ThreadSanitizer (10^7 events)"
	@echo "make fuzz           each fuzzer for FUZZ_SECONDS (default 600); see docs/reliability.md"
	@echo "make check-fuzz     fuzz corpus replay + short fixed-seed runs (part of check)"
	@echo "make check-spin     the Promela model of the line protocol (part of check)"
	@echo "make bench          dispatch cost against a minimal dispatcher (docs/performance.md)"
	@echo "make check-bench    instruction-count budgets (bench/budgets.txt)"
	@echo "make trace [ARCH=<isa>]  a traced run: build/trace-<isa>.json (Chrome/Perfetto) and .svg"
	@echo "make check-trace    the host's and x86_64's traces validated (part of check)"
	@echo "make clean          remove $(BUILD)/"

deps:
	$(Q)scripts/deps.sh host cross cross-armv7m

$(BUILD):
	$(Q)mkdir -p $@

# --- host builds: one command per variant, the tree is small ---

HOST_ALL := $(CORE_SRCS) $(HOST_SRCS)

# Fuzzers, the Promela model, `make fuzz` (after HOST_ALL: they use it).
include tests/reliability.mk
# Each controller driver against a fake of its registers (check-controllers).
include tests/controllers.mk

$(BUILD)/unit: $(HOST_ALL) $(UNIT_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) $(TEST_INC) -o $@ $(HOST_ALL) $(UNIT_SRCS) -lpthread

# Under ASan the flows are built in the size form (GENIRQ_FLOW_PATHS 0,
# the one body a -Os build gets), so the suite runs both forms.
$(BUILD)/unit-asan: $(HOST_ALL) $(UNIT_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) $(TEST_INC) $(SAN_ASAN) -DGENIRQ_FLOW_PATHS=0 -o $@ $(HOST_ALL) $(UNIT_SRCS) -lpthread

$(BUILD)/unit-tsan: $(HOST_ALL) $(UNIT_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) $(TEST_INC) $(SAN_TSAN) -o $@ $(HOST_ALL) $(UNIT_SRCS) -lpthread

$(BUILD)/stress-tsan: $(HOST_ALL) $(STRESS_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) $(TEST_INC) $(SAN_TSAN) -o $@ $(HOST_ALL) $(STRESS_SRCS) -lpthread

$(BUILD)/stress-asan: $(HOST_ALL) $(STRESS_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) $(TEST_INC) $(SAN_ASAN) -o $@ $(HOST_ALL) $(STRESS_SRCS) -lpthread

$(BUILD)/genirq-demo: $(HOST_ALL) demo/host/main.c $(SHELL_SRCS) demo/shell.h $(CORE_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) -Idemo -o $@ $(HOST_ALL) demo/host/main.c $(SHELL_SRCS) -lpthread

# make trace (the host's): a traced workload, its JSON and SVG timeline.
$(BUILD)/genirq-trace: $(HOST_ALL) demo/host/trace.c $(SHELL_SRCS) demo/trace_cmd.h $(CORE_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) -Idemo -o $@ $(HOST_ALL) demo/host/trace.c $(SHELL_SRCS) -lpthread

# The library's default configuration (no settings file; tests/modes/):
# handlers with local interrupts off. Under ASan+UBSan.
MODES_SRCS	:= tests/harness.c tests/unit/fixture.c $(sort $(wildcard tests/modes/*.c))
$(BUILD)/unit-modes: $(HOST_ALL) $(MODES_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(subst -include demo/genirq_config.h,,$(HOST_CFLAGS)) $(TEST_INC) $(SAN_ASAN) \
		-o $@ $(HOST_ALL) $(MODES_SRCS) -lpthread

unit: $(BUILD)/unit
	$(BUILD)/unit

unit-asan: $(BUILD)/unit-asan
	ASAN_OPTIONS=detect_leaks=1 $(BUILD)/unit-asan

unit-tsan: $(BUILD)/unit-tsan
	TSAN_OPTIONS=halt_on_error=1 $(BUILD)/unit-tsan

# 10^6 events across 4 simulated CPUs, under TSan (and once under ASan).
stress-short: $(BUILD)/stress-tsan $(BUILD)/stress-asan
	TSAN_OPTIONS=halt_on_error=1 STRESS_EVENTS=1000000 $(BUILD)/stress-tsan
	STRESS_EVENTS=1000000 $(BUILD)/stress-asan

stress: deps $(BUILD)/stress-tsan $(BUILD)/stress-asan
	TEST_HANG_SECONDS=86400 TSAN_OPTIONS=halt_on_error=1 STRESS_EVENTS=$${STRESS_EVENTS:-10000000} $(BUILD)/stress-tsan
	TEST_HANG_SECONDS=86400 STRESS_EVENTS=$${STRESS_EVENTS:-10000000} $(BUILD)/stress-asan

check-host: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(BUILD)/unit $(BUILD)/unit-asan $(BUILD)/unit-tsan \
		$(BUILD)/stress-tsan $(BUILD)/stress-asan $(BUILD)/unit-modes $(BUILD)/genirq-demo
	$(Q)$(MAKE) --no-print-directory unit unit-asan unit-tsan stress-short
	$(Q)tests/host/demo.sh $(BUILD)/genirq-demo
	$(Q)ASAN_OPTIONS=detect_leaks=1 $(BUILD)/unit-modes
	$(Q)tests/stress/check-env.sh $(BUILD)/stress-asan $(BUILD)/unit
	$(Q)scripts/doc-example.sh

# --- the core, freestanding, for every architecture (compile and link check) ---

define xbuild
$(BUILD)/x/$(1)/core.o: $(CORE_SRCS) $(PORTABLE_CTRL) $(CORE_HDRS)
	$(Q)mkdir -p $$(dir $$@)
	$(Q)for f in $(CORE_SRCS) $(PORTABLE_CTRL); do \
		$(XCC_$(1)) $(FREESTANDING) $(XFLAGS_$(1)) -c $$$$f -o $(BUILD)/x/$(1)/$$$$(basename $$$$f .c).o || exit 1; \
	done
	$(Q)$(XCC_$(1)) -nostdlib -r -o $$@ $$(addprefix $(BUILD)/x/$(1)/,$$(notdir $$(CORE_SRCS:.c=.o) $$(PORTABLE_CTRL:.c=.o)))
endef
$(foreach a,$(XARCHS),$(eval $(call xbuild,$(a))))

check-freestanding: deps $(foreach a,$(XARCHS),$(BUILD)/x/$(a)/core.o)
	$(Q)scripts/check-undefined.sh $(foreach a,$(XARCHS),$(a):$(BUILD)/x/$(a)/core.o)

# Every public header, alone and all together, as C++11 (extern "C" works).
check-cxx: tests/cxx/headers.cpp $(CORE_HDRS)
	$(Q)for h in $(PUBLIC_HDRS); do \
		printf '#include <%s>\n' $$h | \
		$(CXX) -std=c++11 -Wall -Wextra -Werror $(INC) -fsyntax-only -x c++ - || exit 1; \
	done
	$(Q)$(CXX) -std=c++11 -Wall -Wextra -Werror $(INC) $(HOST_INC) -fsyntax-only tests/cxx/headers.cpp
	@echo "C++: $(words $(PUBLIC_HDRS)) public headers compile as C++11"

# Everything the host checks build, built first with JOBS jobs; the
# checks then run one after another.
CHECK_BUILDS	= $(BUILD)/unit $(BUILD)/unit-asan $(BUILD)/unit-tsan $(BUILD)/unit-modes $(BUILD)/stress-tsan \
		   $(BUILD)/stress-asan $(addprefix $(CTRL_OUT)/,$(CTRL_TESTS)) $(BENCH_BIN) \
		   $(foreach a,$(XARCHS),$(BUILD)/x/$(a)/core.o) $(foreach p,$(PORTS),$($(p)_ELF))
.PHONY: check-build
check-build: deps
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(CHECK_BUILDS)

check: check-build check-host check-controllers check-docs check-usage check-harness check-bench check-fuzz check-spin check-freestanding check-cxx check-kit check-minimal check-aarch64-minimal size check-trace $(PORT_CHECKS) check-adopters
	@echo "make check: all passed"

# make run ADOPTER=<name> boots one of the adopters (adopters/adopters.mk).
run: $(if $(ADOPTER),run-adopter-$(ADOPTER),run-$(or $(ARCH),$(RUN_DEFAULT)))

# An ARCH that names no port (make run ARCH=arm64, make trace ARCH=sparc):
# say which do, instead of make's "No rule to make target". Each port's
# own rules are explicit, so these patterns catch only the others.
arch_error = { echo "make $(1): ARCH=$(2) is not a port here; ARCH is one of: $(3)"; exit 2; } >&2
run-%:
	@$(call arch_error,run,$*,$(PORTS) host)
debug-%:
	@$(call arch_error,debug,$*,$(PORTS))
trace-%:
	@$(call arch_error,trace,$*,$(PORTS) host)
bench-%:
	@$(call arch_error,bench,$*,$(PORTS))
kernel-%:
	@$(call arch_error,kernel,$*,$(PORTS))

run-host: $(BUILD)/genirq-demo
	$(BUILD)/genirq-demo

# An unknown ARCH is refused with the list of ports (the catch-alls above).
.PHONY: check-usage
check-usage:
	$(Q)scripts/check-make-usage.sh

# The QEMU harness itself, against a stand-in guest (tests/harness/): a
# --then MARKER that a boot line already printed must still wait for the
# answer to the input fed before it.
.PHONY: check-harness
check-harness:
	$(Q)$(HARNESS) --name harness-then --pass-status 33 --timeout 30 --quiet \
		--ready ready --input 'one\r' --then 'its controller' 'two\r' \
		--expect "^next command b'two\\\\r'" \
		-- python3 tests/harness/fake-guest.py 'its controller' 1.0

# Every function docs/interrupt-path.md names still exists.
.PHONY: check-docs
check-docs: | $(BUILD)
	$(Q)python3 scripts/check-doc-names.py docs/interrupt-path.md docs/domains.md
	$(Q)python3 scripts/check-path-files.py docs/interrupt-path.md docs/interrupt-path-budget.txt
	$(Q)sed 's/^aarch64 .*/aarch64 3 0 one file less than the walk/' docs/interrupt-path-budget.txt \
		> $(BUILD)/path-budget-low.txt
	$(Q)scripts/must-fail.sh $(BUILD)/path-budget-low.log 'aarch64  4 files (budget 3).*OVER' \
		'a walk over its file budget' -- \
		python3 scripts/check-path-files.py docs/interrupt-path.md $(BUILD)/path-budget-low.txt

clean:
	rm -rf $(BUILD)

# The dispatch benchmark and its gate (check-bench).
include bench/bench.mk
include kit.mk
include tests/minimal.mk
include adopters/adopters.mk
