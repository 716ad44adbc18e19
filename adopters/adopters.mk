# adopters/adopters.mk - real kernels that nobody here wrote, running on
# genirq through its kit (genirq.mk) and their own test suites.
#
# Each adopters/<name>/adopter.mk adds <name> to ADOPTERS and defines
#   check-adopter-<name>   build the kernel with genirq, run its tests
#                          under QEMU (TCG), pass or fail
#   run-adopter-<name>     boot it interactively (make run ADOPTER=<name>)
# and takes the kernel's source tree from a make variable whose default
# is the copy in ../shared/adopters/. genirq holds only its glue, its
# patches and its scripts there, never the kernel's code.
#
# A tree that is missing is reported as SKIPPED with the variable to set,
# never as a pass; with GENIRQ_REQUIRE_ADOPTERS=1 (CI, which has the
# trees) a missing tree fails the check.
ADOPTERS		:=
ADOPTERS_SHARED		:= $(abspath ../shared/adopters)
GENIRQ_REQUIRE_ADOPTERS	?= 0

# $(call adopter_tree,NAME,VAR,FILE): shell code that stops the recipe of
# adopter NAME when $(VAR)/FILE does not exist: SKIPPED (status 0), or a
# failure under GENIRQ_REQUIRE_ADOPTERS=1.
adopter_tree	= if [ ! -f '$($(2))/$(3)' ]; then \
		    echo "check-adopters: $(1) SKIPPED: no tree at $($(2)) (set $(2)=<path>)"; \
		    [ '$(GENIRQ_REQUIRE_ADOPTERS)' = 1 ] && { echo "check-adopters: $(1): the tree is required here (GENIRQ_REQUIRE_ADOPTERS=1)"; exit 1; }; \
		    exit 0; fi

include $(sort $(wildcard adopters/*/adopter.mk))

.PHONY: check-adopters
check-adopters: $(addprefix check-adopter-,$(ADOPTERS))
	@echo "check-adopters: $(words $(ADOPTERS)) adopter(s) checked: $(ADOPTERS)"

run-adopter-%:
	@{ echo "make run: ADOPTER=$* is not an adopter here; ADOPTER is one of: $(ADOPTERS)"; exit 2; } >&2
