# reliability.mk - fuzzers, the model-checked protocol, long stress.
# Included by the top Makefile (see docs/reliability.md).
#
#   make fuzz          each fuzzer for FUZZ_SECONDS (default 600), corpus
#                      grown under $(BUILD)/fuzz/corpus/<fuzzer>
#   make check-fuzz    replay the committed corpus and FUZZ_CHECK_RUNS more
#                      executions (fixed -seed), ASan+UBSan: part of check
#   make check-spin    the Promela models (line, per-CPU, poll): part of check

FUZZ_CC		:= clang
FUZZ_CFLAGS	:= $(CSTD) $(WARN) $(INC) -Iarch/host/include -Idemo -Iof -D_GNU_SOURCE -DGENIRQ_DEBUG -g -O1 \
		   -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZERS		:= fuzz_cpumask fuzz_proc fuzz_shell fuzz_model fuzz_hier fuzz_fdt
FUZZ_SECONDS	?= 600
# make fuzz FUZZ_SECONDS=abc stops before building anything.
ifneq ($(filter fuzz,$(MAKECMDGOALS)),)
ifeq ($(shell printf '%s' '$(FUZZ_SECONDS)' | grep -xE '[1-9][0-9]{0,8}'),)
$(error FUZZ_SECONDS=$(FUZZ_SECONDS): not a whole number of seconds from 1 to 999999999)
endif
endif
FUZZ_CHECK_RUNS	?= 20000
FUZZ_HDRS	:= tests/fuzz/fuzz.h tests/model/model.h tests/model/hier_model.h demo/shell.h

FUZZ_EXTRA_fuzz_shell	:= $(SHELL_SRCS)
FUZZ_EXTRA_fuzz_model	:= tests/model/model.c
FUZZ_EXTRA_fuzz_hier	:= tests/model/hier_model.c
FUZZ_EXTRA_fuzz_fdt	:= $(OF_SRCS)

define fuzzer
$(BUILD)/fuzz/$(1): tests/fuzz/$(1).c $$(FUZZ_EXTRA_$(1)) $(HOST_ALL) $(CORE_HDRS) $(FUZZ_HDRS)
	$(Q)scripts/deps.sh fuzz
	$(Q)mkdir -p $$(dir $$@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $$@ tests/fuzz/$(1).c $$(FUZZ_EXTRA_$(1)) $(HOST_ALL) -lpthread
endef
$(foreach f,$(FUZZERS),$(eval $(call fuzzer,$(f))))

.PHONY: fuzz check-fuzz check-spin

# Long runs: a scratch corpus per fuzzer, seeded from the committed one.
fuzz: $(addprefix $(BUILD)/fuzz/,$(FUZZERS))
	$(Q)for f in $(FUZZERS); do \
		mkdir -p $(BUILD)/fuzz/corpus/$$f $(BUILD)/fuzz/artifacts/$$f; \
		echo "fuzz: $$f for $(FUZZ_SECONDS) s"; \
		$(BUILD)/fuzz/$$f -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
			-print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/artifacts/$$f/ \
			$(BUILD)/fuzz/corpus/$$f tests/fuzz/corpus/$$f \
			> $(BUILD)/fuzz/$$f.log 2>&1 || { tail -n 60 $(BUILD)/fuzz/$$f.log; exit 1; }; \
		grep -h "number_of_executed_units" $(BUILD)/fuzz/$$f.log; \
	done

# Short and deterministic: the committed corpus, then a fixed-seed run;
# the fuzzers are built and run JOBS at a time (each one's log kept).
FUZZ_BINS	:= $(addprefix $(BUILD)/fuzz/,$(FUZZERS))
check-fuzz:
	$(Q)scripts/deps.sh fuzz
	$(Q)$(MAKE) --no-print-directory -j$(JOBS) $(FUZZ_BINS)
	$(Q)printf '%s\n' $(FUZZERS) | xargs -P $(JOBS) -I{} sh -c '\
		f={}; rm -rf $(BUILD)/fuzz/check/$$f; mkdir -p $(BUILD)/fuzz/check/$$f; \
		$(BUILD)/fuzz/$$f -runs=$(FUZZ_CHECK_RUNS) -seed=1 -max_len=4096 \
			-print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/check/$$f- \
			$(BUILD)/fuzz/check/$$f tests/fuzz/corpus/$$f \
			> $(BUILD)/fuzz/check/$$f.log 2>&1 || \
		{ tail -n 60 $(BUILD)/fuzz/check/$$f.log; echo "check-fuzz: $$f: FAILED"; exit 255; }; \
		echo "check-fuzz: $$f: $$(ls tests/fuzz/corpus/$$f | wc -l) corpus inputs + $(FUZZ_CHECK_RUNS) runs, no finding"'

# The Promela model: every variant, exhaustively.
SPIN_DIR	:= $(BUILD)/spin
check-spin: $(wildcard tests/spin/*.pml) tests/spin/check.sh
	$(Q)scripts/deps.sh spin
	$(Q)tests/spin/check.sh tests/spin $(SPIN_DIR)
