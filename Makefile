# genirq - build, test, run. `make help` lists the targets.
#
# Every target that needs a tool first runs scripts/deps.sh, which installs
# missing Debian packages (as root) or says which to install.

CC		?= gcc
CXX		?= g++
BUILD		:= build
Q		:= @

WARN		:= -Wall -Wextra -Werror
CSTD		:= -std=c11
INC		:= -Iinclude
# The hosted port inlines its CPU number and interrupt flag into the
# core's dispatch path (GENIRQ_PORT_INLINE, see <genirq/port.h>).
HOST_CFLAGS	:= $(CSTD) $(WARN) $(INC) -O2 -g -D_GNU_SOURCE -Iarch/host -DGENIRQ_PORT_INLINE
SAN_ASAN	:= -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_TSAN	:= -fsanitize=thread

# $(call repeat,N,TEXT): TEXT N times, for pasted shell input ('~' in TEXT
# becomes a space, since make splits words on spaces).
nothing		:=
repeat		= $(subst ~, ,$(subst $(nothing) ,,$(foreach i,$(shell seq $(1)),$(2))))

CORE_SRCS	:= $(sort $(wildcard core/*.c))
CORE_HDRS	:= $(wildcard include/genirq/*.h core/*.h arch/host/*.h)
PORTABLE_CTRL	:= controllers/simpic.c
HOST_SRCS	:= arch/host/host.c controllers/simpic.c
UNIT_SRCS	:= tests/harness.c $(sort $(wildcard tests/unit/*.c))
STRESS_SRCS	:= tests/harness.c $(sort $(wildcard tests/stress/*.c)) tests/unit/fixture.c
TEST_HDRS	:= tests/harness.h $(wildcard tests/unit/*.h)
# Tests may look inside the core ("internals.h" resolves through -Icore),
# and build it with its debug assertions on (GENIRQ_DEBUG).
TEST_INC	:= -Icore -DGENIRQ_DEBUG

# Freestanding compile test of the core: architecture -> compiler.
XARCHS		:= i386 x86_64 ppc ppc64 aarch64 riscv64 s390x
XCC_i386	:= i686-linux-gnu-gcc
XCC_x86_64	:= gcc
XCC_ppc		:= powerpc-linux-gnu-gcc
XCC_ppc64	:= powerpc64-linux-gnu-gcc
XCC_aarch64	:= aarch64-linux-gnu-gcc
XCC_riscv64	:= riscv64-linux-gnu-gcc
XCC_s390x	:= s390x-linux-gnu-gcc
# aarch64: inline LSE/LL-SC atomics, not calls into libgcc's outline helpers.
XFLAGS_aarch64	:= -mno-outline-atomics
FREESTANDING	:= $(CSTD) $(WARN) $(INC) -O2 -ffreestanding -nostdlib -fno-builtin \
		   -fno-stack-protector

# Ports add themselves here: arch/<isa>/port.mk defines check-<isa> and
# run-<isa>, appends check-<isa> to PORT_CHECKS once it is reliable, and
# may set RUN_DEFAULT (what `make run` without ARCH boots).
PORT_CHECKS	:=
RUN_DEFAULT	:= run-host
ARCH		?=
-include $(sort $(wildcard arch/*/port.mk))

.PHONY: all help deps check check-host check-freestanding check-cxx run run-host clean \
	unit unit-asan unit-tsan stress-short stress

.DEFAULT_GOAL := all
all: $(BUILD)/unit $(BUILD)/genirq-demo

help:
	@echo "make check          everything: host tests (plain, ASan+UBSan, TSan), stress,"
	@echo "                    freestanding cross builds, C++ headers, QEMU ports"
	@echo "make check-host     host unit tests and short stress only"
	@echo "make check-controllers  each controller driver against a fake register file"
	@echo "make run            boot the demo (host simulation until a QEMU port lands)"
	@echo "make stress         long concurrent stress under ThreadSanitizer (10^7 events)"
	@echo "make fuzz           each fuzzer for FUZZ_SECONDS (default 600); see docs/reliability.md"
	@echo "make check-fuzz     fuzz corpus replay + short fixed-seed runs (part of check)"
	@echo "make check-spin     the Promela model of the line protocol (part of check)"
	@echo "make bench          dispatch cost against a minimal dispatcher (docs/performance.md)"
	@echo "make check-bench    instruction-count budgets (bench/budgets.txt)"
	@echo "make clean          remove $(BUILD)/"

deps:
	$(Q)scripts/deps.sh host cross

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

$(BUILD)/unit-asan: $(HOST_ALL) $(UNIT_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) $(TEST_INC) $(SAN_ASAN) -o $@ $(HOST_ALL) $(UNIT_SRCS) -lpthread

$(BUILD)/unit-tsan: $(HOST_ALL) $(UNIT_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) $(TEST_INC) $(SAN_TSAN) -o $@ $(HOST_ALL) $(UNIT_SRCS) -lpthread

$(BUILD)/stress-tsan: $(HOST_ALL) $(STRESS_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) $(TEST_INC) $(SAN_TSAN) -o $@ $(HOST_ALL) $(STRESS_SRCS) -lpthread

$(BUILD)/stress-asan: $(HOST_ALL) $(STRESS_SRCS) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) $(TEST_INC) $(SAN_ASAN) -o $@ $(HOST_ALL) $(STRESS_SRCS) -lpthread

$(BUILD)/genirq-demo: $(HOST_ALL) arch/host/demo.c demo/shell.c demo/shell.h $(CORE_HDRS) | $(BUILD)
	$(CC) $(HOST_CFLAGS) -Idemo -o $@ $(HOST_ALL) arch/host/demo.c demo/shell.c -lpthread

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

stress: deps $(BUILD)/stress-tsan
	TEST_HANG_SECONDS=86400 TSAN_OPTIONS=halt_on_error=1 STRESS_EVENTS=$${STRESS_EVENTS:-10000000} $(BUILD)/stress-tsan

check-host: deps
	$(Q)$(MAKE) --no-print-directory unit unit-asan unit-tsan stress-short
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
	$(Q)for h in $(notdir $(wildcard include/genirq/*.h)); do \
		printf '#include <genirq/%s>\n' $$h | \
		$(CXX) -std=c++11 -Wall -Wextra -Werror $(INC) -fsyntax-only -x c++ - || exit 1; \
	done
	$(Q)$(CXX) -std=c++11 -Wall -Wextra -Werror $(INC) -fsyntax-only tests/cxx/headers.cpp
	@echo "C++: $(words $(wildcard include/genirq/*.h)) public headers compile as C++11"

check: check-host check-controllers check-bench check-fuzz check-spin check-freestanding check-cxx $(PORT_CHECKS)
	@echo "make check: all passed"

run: $(if $(ARCH),run-$(ARCH),$(RUN_DEFAULT))

run-host: $(BUILD)/genirq-demo
	$(BUILD)/genirq-demo

clean:
	rm -rf $(BUILD)

# The dispatch benchmark and its gate (check-bench).
include bench/bench.mk
