# bench/bench.mk - dispatch cost of genirq against a minimal dispatcher.
#
#   make bench          the full table (callgrind instruction counts against
#                       both floors, bytes, the lines-in-use sweep with L1d
#                       misses, indicative ns and paired timing, guest
#                       figures), docs/perf/*.svg
#   make check-bench    the regression gate: instruction counts against
#                       bench/budgets.txt (deterministic; no clock), then
#                       the same cases of a core with every optional
#                       feature left out against bench/budgets-minimal.txt
#   make bench-profile CASE="flow=edge"   callgrind's per-function costs
#
# genirq, the floor and the bench chip are built by one compiler with one
# set of flags (HOST_CFLAGS), into one binary.

BENCH_OUT	:= $(BUILD)/bench
BENCH_BIN	:= $(BENCH_OUT)/bench
BENCH_SRCS	:= $(CORE_SRCS) arch/host/host.c controllers/simpic.c \
		   bench/bench.c bench/benchchip.c bench/floor.c
BENCH_OBJS	:= $(addprefix $(BENCH_OUT)/obj/,$(BENCH_SRCS:.c=.o))
BENCH_PY	:= python3 bench/bench.py --bin $(BENCH_BIN) --budgets bench/budgets.txt \
		   --core-objs $(BENCH_OUT)/obj/core

$(BENCH_OUT)/obj/%.o: %.c $(CORE_HDRS) $(wildcard bench/*.h)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -Icore -c $< -o $@

$(BENCH_BIN): $(BENCH_OBJS)
	$(Q)$(CC) -o $@ $(BENCH_OBJS) -Wl,--wrap=malloc -Wl,--wrap=posix_memalign -lpthread

# The bench over the base core (GENIRQ_SRCS_BASE, every feature switch 0).
BENCH_MIN_OUT	:= $(BUILD)/bench-minimal
BENCH_MIN_BIN	:= $(BENCH_MIN_OUT)/bench
BENCH_MIN_SRCS	:= $(call kit_rel,$(GENIRQ_SRCS_BASE)) $(filter-out core/%,$(BENCH_SRCS))
BENCH_MIN_OBJS	:= $(addprefix $(BENCH_MIN_OUT)/obj/,$(BENCH_MIN_SRCS:.c=.o))
BENCH_MIN_PY	:= python3 bench/bench.py --bin $(BENCH_MIN_BIN) --budgets bench/budgets-minimal.txt \
		   --core-objs $(BENCH_MIN_OUT)/obj/core

$(BENCH_MIN_OUT)/obj/%.o: %.c $(CORE_HDRS) $(wildcard bench/*.h)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -Icore $(patsubst %,-DGENIRQ_%=0,$(GENIRQ_FEATURE_NAMES)) -c $< -o $@

$(BENCH_MIN_BIN): $(BENCH_MIN_OBJS)
	$(Q)$(CC) -o $@ $(BENCH_MIN_OBJS) -Wl,--wrap=malloc -Wl,--wrap=posix_memalign -lpthread

.PHONY: bench check-bench bench-profile
bench: $(BENCH_BIN)
	$(Q)scripts/deps.sh host
	$(Q)$(BENCH_PY) run --json $(BENCH_OUT)/results.json --svg docs/perf --guest

check-bench: $(BENCH_BIN) $(BENCH_MIN_BIN)
	$(Q)scripts/deps.sh host
	$(Q)bench/check-args.sh $(BENCH_BIN)
	$(Q)$(BENCH_PY) check
	@echo "check-bench: every optional feature left out (bench/budgets-minimal.txt):"
	$(Q)$(BENCH_MIN_PY) check

bench-profile: $(BENCH_BIN)
	$(Q)scripts/deps.sh host
	$(Q)$(BENCH_PY) profile $(CASE)
