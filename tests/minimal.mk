# The minimal configuration (tests/kit/config_minimal.h: one CPU, 64 lines,
# no optional feature), built from genirq.mk's lists as an embedder's
# build takes them (GENIRQ_SRCS_BASE: the left-out features' files are not
# compiled):
#   make unit-minimal    the hosted port's tests of it (tests/minimal/),
#                        under ASan+UBSan, without console text and with
#                        it (GENIRQ_REPORTS), with the storm rule kept
#                        and with the stuck-line rule kept (GENIRQ_STORM,
#                        GENIRQ_SPURIOUS: each without the other), and a
#                        check that no symbol of a left-out feature is in
#                        the program
#   make check-aarch64-minimal  the aarch64 virt kernel built through the
#                        kit in the minimal configuration
#                        (demo/virt/genirq_config_minimal.h: one CPU, 64
#                        lines, no optional feature but console text) and booted on one CPU
#                        under the harness: every scenario that needs no
#                        left-out feature passes, the others say
#                        "SKIP not built (GENIRQ_X 0)"
#                        (tests/minimal/aarch64-expect.txt); part of make check
#   make check-minimal   the two below (part of make check):
#   make check-minimal-headers  every public header alone, as C11 and as
#                        C++11, and the typical callers (every controller,
#                        the demo shell, the kit's consumer) compile in it
MIN_CONFIG	:= tests/kit/config_minimal.h
MIN_FLAGS	:= $(CSTD) $(WARN) -Iinclude -include $(MIN_CONFIG) $(patsubst %,-DGENIRQ_%=0,$(GENIRQ_FEATURE_NAMES))
MIN_SRCS	:= $(GENIRQ_SRCS_BASE) $(HOST_SRCS) tests/harness.c tests/unit/fixture.c \
		   $(sort $(wildcard tests/minimal/*.c))
# Names only the left-out files define: none may be in the minimal program.
MIN_ABSENT	:= irq_thread_primary handle_nested_irq msi_domain_alloc_irqs irq_reserve_ipi probe_irq_on \
		   pci_alloc_irq_vectors_affinity irq_create_affinity_masks irq_set_affinity_notifier \
		   irq_storm_check irq_proc_read irq_debugfs_show irq_cost_add irq_top_sample \
		   irq_trace_desc_event irq_trace_flow_begin irq_request_percpu_stride \
		   irq_priority_refuses suspend_device_irqs irq_pm_handle_wake request_nmi \
		   handle_fasteoi_nmi devm_request_threaded_irq irq_owner_release \
		   irq_spurious_forget irq_rules_reset
# And those of console text (GENIRQ_REPORTS), firmware-node domains
# (GENIRQ_FWNODE), hierarchical ones (GENIRQ_HIERARCHY) and line freeing
# (GENIRQ_FREE_LINES), which the demo kernels keep (the virt kernel all
# four, the mps2 one the first).
MIN_ABSENT_KEPT	:= irq_vsnprintf irq_log irq_create_fwspec_mapping irq_tree_lookup \
		   irq_domain_alloc_irqs_at irq_chip_mask_parent irq_desc_grace irq_grace_epoch \
		   irq_free_descs irq_dispose_mapping

.PHONY: unit-minimal check-minimal-headers check-minimal
check-minimal: unit-minimal check-minimal-headers
$(BUILD)/unit-minimal: $(MIN_SRCS) $(MIN_CONFIG) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(MIN_FLAGS) -O2 -g -D_GNU_SOURCE $(HOST_INC) -DGENIRQ_PORT_INLINE $(TEST_INC) $(SAN_ASAN) \
		-o $@ $(MIN_SRCS) -lpthread

# The same tests with some features kept (unit-minimal-<variant>, the
# features MIN_KEEP_<variant>): console text (as the demo kernels' minimal
# builds keep it), each refusal then said; the storm rule without the
# stuck-line rule; the stuck-line rule without the storm rule.
MIN_VARIANTS	:= reports storm spurious
MIN_KEEP_reports := REPORTS
MIN_KEEP_storm	:= STORM REPORTS
MIN_KEEP_spurious := SPURIOUS REPORTS
MIN_VARIANT_BINS := $(addprefix $(BUILD)/unit-minimal-,$(MIN_VARIANTS))
$(MIN_VARIANT_BINS): $(BUILD)/unit-minimal-%: $(MIN_SRCS) $(GENIRQ_SRCS_REPORTS) $(GENIRQ_SRCS_STORM) \
		$(GENIRQ_SRCS_SPURIOUS) $(MIN_CONFIG) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(filter-out $(patsubst %,-DGENIRQ_%=0,$(MIN_KEEP_$*)),$(MIN_FLAGS)) \
		$(patsubst %,-DGENIRQ_%=1,$(MIN_KEEP_$*)) -O2 -g -D_GNU_SOURCE $(HOST_INC) \
		-DGENIRQ_PORT_INLINE $(TEST_INC) $(SAN_ASAN) -o $@ $(MIN_SRCS) \
		$(foreach f,$(MIN_KEEP_$*),$(GENIRQ_SRCS_$(f))) -lpthread

unit-minimal: $(BUILD)/unit-minimal $(MIN_VARIANT_BINS)
	$(Q)ASAN_OPTIONS=detect_leaks=1 $(BUILD)/unit-minimal
	$(Q)$(foreach b,$(MIN_VARIANT_BINS),ASAN_OPTIONS=detect_leaks=1 $(b) &&) true
	$(Q)found=$$(nm $(BUILD)/unit-minimal | awk '{print $$NF}' | \
		grep -xE '$(subst $(nothing) ,|,$(MIN_ABSENT) $(MIN_ABSENT_KEPT))'); \
	if [ -n "$$found" ]; then echo "unit-minimal: left-out features linked in: $$found"; exit 1; fi; \
	echo "unit-minimal: $(words $(MIN_ABSENT) $(MIN_ABSENT_KEPT)) symbols of left-out features absent from the program"

check-minimal-headers: $(CORE_HDRS) $(MIN_CONFIG)
	$(Q)for h in $(PUBLIC_HDRS); do \
		printf '#include <%s>\n' $$h | $(CC) $(MIN_FLAGS) -fsyntax-only -x c - || exit 1; \
		printf '#include <%s>\n' $$h | \
			$(CXX) -std=c++11 -Wall -Wextra -Werror -Iinclude -include $(MIN_CONFIG) -fsyntax-only -x c++ - || exit 1; \
	done
	$(Q)for f in $(sort $(wildcard controllers/*.c)) $(SHELL_SRCS) tests/kit/consumer.c; do \
		$(CC) $(MIN_FLAGS) -D_GNU_SOURCE $(HOST_INC) -Idemo -fsyntax-only $$f || exit 1; \
	done
	@echo "check-minimal-headers: $(words $(PUBLIC_HDRS)) public headers (C11, C++11), every controller, the shell and the kit's consumer compile in the minimal configuration"

# The aarch64 minimal kernel: a build of its own (BUILD/minimal), the
# port template's rules with the minimal settings and GENIRQ_FEATURES empty.
MIN_AARCH64	:= BUILD=$(BUILD)/minimal GENIRQ_FEATURES='REPORTS FWNODE HIERARCHY FREE_LINES' PORT_CONFIG=demo/virt/genirq_config_minimal.h
MIN_AARCH64_SYMBOL := genirq_config_cpus1_irqs64_irqson1_feat000000000000101101
.PHONY: check-aarch64-minimal check-aarch64-minimal-run
check-aarch64-minimal:
	$(Q)scripts/deps.sh $(aarch64_DEPS)
	$(Q)$(MAKE) --no-print-directory -s -j2 $(MIN_AARCH64) $(BUILD)/minimal/aarch64/kernel.elf
	$(Q)aarch64-linux-gnu-nm $(BUILD)/minimal/aarch64/kernel.elf | grep -qw $(MIN_AARCH64_SYMBOL) || \
		{ echo "check-aarch64-minimal: the kernel is not built in the minimal settings"; exit 1; }
	$(Q)found=$$(aarch64-linux-gnu-nm $(BUILD)/minimal/aarch64/kernel.elf | awk '{print $$NF}' | \
		grep -xE '$(subst $(nothing) ,|,$(MIN_ABSENT))'); \
	if [ -n "$$found" ]; then echo "check-aarch64-minimal: left-out features linked in: $$found"; exit 1; fi
	$(Q)$(MAKE) --no-print-directory $(MIN_AARCH64) check-aarch64-minimal-run
	$(Q)grep -h '^SCENARIO .*: SKIP not built' $(BUILD)/minimal/aarch64/minimal.log | \
		sed 's/^/check-aarch64-minimal: /'

# (Run with BUILD=$(BUILD)/minimal: the harness's paths follow it.)
check-aarch64-minimal-run:
	$(Q)$(call aarch64_harness,minimal,33,$(AARCH64_UP_INPUT)) \
		--expect-file tests/minimal/aarch64-expect.txt -- $(call aarch64_check,3,1,minimal)
