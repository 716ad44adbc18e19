# kit.mk - the library builds of the kit (genirq.mk has the lists):
#
#   make lib [ARCH=<isa>|host] [CROSS_COMPILE=prefix] [GENIRQ_CONFIG_FILE=f]
#            [GENIRQ_FEATURES="THREADS ..."]
#	build/lib/<arch>/libgenirq.a: the core and the ISA's controllers (an
#	embedder links its port beside it), or for host the whole hosted
#	port (core, arch/host, the simulated controller and PCI bus).
#	Installs nothing and runs no package manager; a cross ISA needs only
#	its compiler (CROSS_COMPILE, by default Debian's for that ISA).
#   make install [PREFIX=/usr/local] [DESTDIR=]
#	the hosted library, its headers and genirq.pc (pkg-config).
#   make size
#	the core's text, data and BSS per configuration (minimal, default,
#	full: scripts/size.sh) on every ISA, checked against
#	bench/size-budgets.txt (part of make check).
#   make stack-usage
#	the stack one interrupt takes in the core on each ISA.
#   make check-kit
#	consumers outside the tree's own build, each built and run: one
#	through pkg-config against an installed copy, one through CMake's
#	add_subdirectory() (and again with GENIRQ_FEATURES empty), CMake
#	cross builds of the core for aarch64 and x86_64 (the ISA's kernel
#	code flags taken, scripts/check-kernel-code.sh), one
#	through genirq.mk with a configuration file,
#	one through genirq.mk in the minimal configuration (no optional
#	feature: GENIRQ_FEATURES empty); links of objects built with other
#	settings (4 CPUs against 32; threaded handlers left out against a
#	library that has them), which must fail; an unknown feature name,
#	which genirq.mk refuses; a settings file that turns features off
#	which GENIRQ_FEATURES keeps, and hierarchical domains without line
#	freeing, each of which must stop at a clear message;
#	make lib for every ISA, each library's code fit for a kernel's
#	interrupt path (scripts/check-kernel-code.sh: no floating-point or
#	vector register, no red zone); the names check (scripts/check-names.sh:
#	every global symbol prefixed or a Linux driver verb, every public
#	header clean of the names host kernels define); and each port kit
#	(arch/<isa>/) built from the kit alone, calling nothing outside
#	genirq but the port contract and the hooks it documents.
LIB_ARCH	:= $(or $(ARCH),host)
LIB_ARCHS	:= host $(XARCHS)
LIB_OUT		:= $(BUILD)/lib/$(LIB_ARCH)
LIB_OPT		?= -O2
# The embedder's settings (docs/embedding.md); the tree's own builds use
# demo/genirq_config.h instead.
LIB_CONFIG	:= $(if $(GENIRQ_CONFIG_FILE),-include $(abspath $(GENIRQ_CONFIG_FILE)))
LIB_CFLAGS_host	:= -D_GNU_SOURCE -Iarch/host $(GENIRQ_HOST_INCLUDES)
LIB_SRCS_host	:= $(GENIRQ_SRCS) $(GENIRQ_HOST_SRCS)
LIB_CC_host	:= $(CC)
CROSS_COMPILE	?= $(patsubst %gcc,%,$(XCC_$(LIB_ARCH)))
LIB_CC		:= $(if $(filter host,$(LIB_ARCH)),$(LIB_CC_host),$(CROSS_COMPILE)gcc)
LIB_AR		:= $(if $(filter host,$(LIB_ARCH)),ar,$(CROSS_COMPILE)ar)
LIB_CFLAGS	:= $(CSTD) $(WARN) $(GENIRQ_INCLUDES) $(GENIRQ_FEATURE_DEFS) $(LIB_CONFIG) $(LIB_OPT) \
		   $(if $(filter host,$(LIB_ARCH)),$(LIB_CFLAGS_host), \
		   -ffreestanding -fno-builtin -fno-stack-protector $(XFLAGS_$(LIB_ARCH)))
LIB_SRCS	:= $(if $(filter host,$(LIB_ARCH)),$(LIB_SRCS_host), \
		   $(GENIRQ_SRCS) $(sort $(foreach c,$($(LIB_ARCH)_CTRL),$(GENIRQ_CTRL_$(c)))))
LIB_OBJS	:= $(patsubst $(GENIRQ_DIR)/%.c,$(LIB_OUT)/%.o,$(abspath $(LIB_SRCS)))

.PHONY: lib install check-kit size stack-usage
# make stack-usage: the stack one interrupt takes in the core on each ISA
# (GCC's call graph with stack sizes; scripts/stack-usage.py), for
# docs/embedding.md. Default settings, -O2.
stack-usage:
	$(Q)scripts/deps.sh host cross cross-armv7m
	$(Q)$(foreach a,$(SIZE_ISAS),mkdir -p $(BUILD)/stack/$(a) && \
		for f in $(GENIRQ_SRCS); do \
			$(or $(XCC_$(a)),$(CC)) $(CSTD) $(GENIRQ_INCLUDES) -O2 -ffreestanding -fno-builtin \
				-fno-stack-protector $(XFLAGS_$(a)) -fcallgraph-info=su -c $$f \
				-o $(BUILD)/stack/$(a)/$$(basename $$f .c).o -dumpdir $(BUILD)/stack/$(a)/ || exit 1; \
		done &&) true
	$(Q)python3 scripts/stack-usage.py $(addprefix $(BUILD)/stack/,$(SIZE_ISAS))
SIZE_ISAS	:= i386 x86_64 ppc ppc64 aarch64 riscv64 armv7m
size:
	$(Q)scripts/deps.sh host cross cross-armv7m
	$(Q)JOBS=$(JOBS) scripts/size.sh $(BUILD) bench/size-budgets.txt $(SIZE_ISAS)
lib: $(LIB_OUT)/libgenirq.a
	@echo "make lib: $< ($(LIB_ARCH), $(words $(LIB_OBJS)) objects)"

# The compiler and flags the objects were made with: a change of either
# (LIB_OPT, GENIRQ_FEATURES, the ISA's flags) remakes them all.
LIB_STAMP	:= $(LIB_OUT)/cflags.txt
$(LIB_STAMP): lib-flags-changed
	$(Q)mkdir -p $(@D)
	$(Q)printf '%s\n' '$(LIB_CC) $(LIB_CFLAGS)' | cmp -s - $@ || \
		printf '%s\n' '$(LIB_CC) $(LIB_CFLAGS)' >$@
.PHONY: lib-flags-changed
lib-flags-changed:

$(LIB_OUT)/%.o: $(GENIRQ_DIR)/%.c $(CORE_HDRS) $(GENIRQ_CONFIG_FILE) $(LIB_STAMP)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(LIB_CC) $(LIB_CFLAGS) -c $< -o $@

$(LIB_OUT)/libgenirq.a: $(LIB_OBJS)
	$(Q)rm -f $@
	$(Q)$(LIB_AR) rcs $@ $^

PREFIX		?= /usr/local
GENIRQ_VERSION	:= 0.9
install:
	$(Q)$(MAKE) --no-print-directory lib ARCH=host
	$(Q)install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/genirq/chip
	$(Q)install -m 644 $(BUILD)/lib/host/libgenirq.a $(DESTDIR)$(PREFIX)/lib/
	$(Q)install -m 644 include/genirq/*.h arch/host/include/genirq/*.h $(DESTDIR)$(PREFIX)/include/genirq/
	$(Q)install -m 644 include/genirq/chip/*.h $(DESTDIR)$(PREFIX)/include/genirq/chip/
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(GENIRQ_VERSION)|' scripts/genirq.pc.in \
		>$(DESTDIR)$(PREFIX)/lib/pkgconfig/genirq.pc
	@echo "make install: libgenirq.a, headers and genirq.pc under $(DESTDIR)$(PREFIX)"

KIT_OUT		:= $(BUILD)/kit
# The port kits checked on their own (scripts/check-port-kit.sh): the ports
# whose build (demo/<machine>/<isa>.mk) names, in <isa>_KIT_HOOKS, what an embedder of
# the kit defines besides the port contract (and <isa>_KIT_FLAGS, the
# kit's own settings the embedder chooses).
KIT_PORTS	= $(foreach p,$(PORTS),$(if $(filter-out undefined,$(origin $(p)_KIT_HOOKS)),$(p)))
check-kit:
	$(Q)scripts/deps.sh host kit cross cross-armv7m
	$(Q)rm -rf $(KIT_OUT) && mkdir -p $(KIT_OUT)
	$(Q)$(MAKE) --no-print-directory install PREFIX=$(abspath $(KIT_OUT))/prefix >/dev/null
	$(Q)PKG_CONFIG_PATH=$(abspath $(KIT_OUT))/prefix/lib/pkgconfig sh -c \
		'$(CC) -std=c11 -Wall -Wextra -Werror -o $(KIT_OUT)/pc-consumer tests/kit/consumer.c \
		$$(pkg-config --cflags --libs genirq)'
	$(Q)$(KIT_OUT)/pc-consumer pkg-config
	$(Q)cmake -S tests/kit/cmake -B $(KIT_OUT)/cmake -DGENIRQ_DIR=$(CURDIR) >$(KIT_OUT)/cmake.log 2>&1 || \
		{ cat $(KIT_OUT)/cmake.log; exit 1; }
	$(Q)cmake --build $(KIT_OUT)/cmake -j $(JOBS) >>$(KIT_OUT)/cmake.log 2>&1 || \
		{ cat $(KIT_OUT)/cmake.log; exit 1; }
	$(Q)$(KIT_OUT)/cmake/consumer cmake
	$(Q)cmake -S tests/kit/cmake -B $(KIT_OUT)/cmake-minimal -DGENIRQ_DIR=$(CURDIR) -DGENIRQ_FEATURES= \
		>$(KIT_OUT)/cmake-minimal.log 2>&1 && \
		cmake --build $(KIT_OUT)/cmake-minimal -j $(JOBS) >>$(KIT_OUT)/cmake-minimal.log 2>&1 || \
		{ cat $(KIT_OUT)/cmake-minimal.log; exit 1; }
	$(Q)! nm -g $(KIT_OUT)/cmake-minimal/consumer | grep -qw irq_thread_handle || \
		{ echo "check-kit: CMake with GENIRQ_FEATURES empty built the threads"; exit 1; }
	$(Q)$(KIT_OUT)/cmake-minimal/consumer "cmake, no optional feature"
	$(Q)for a in aarch64 x86_64; do \
		rm -rf $(KIT_OUT)/cmake-$$a && \
		cmake -S . -B $(KIT_OUT)/cmake-$$a -DCMAKE_SYSTEM_NAME=Generic -DCMAKE_SYSTEM_PROCESSOR=$$a \
			-DCMAKE_C_COMPILER=$$(case $$a in aarch64) echo $(XCC_aarch64);; *) echo $(XCC_x86_64);; esac) \
			-DCMAKE_C_FLAGS='-ffreestanding -O2' -DCMAKE_TRY_COMPILE_TARGET_TYPE=STATIC_LIBRARY \
			>$(KIT_OUT)/cmake-$$a.log 2>&1 && \
		cmake --build $(KIT_OUT)/cmake-$$a -j $(JOBS) --target genirq_core >>$(KIT_OUT)/cmake-$$a.log 2>&1 || \
			{ cat $(KIT_OUT)/cmake-$$a.log; exit 1; }; \
		grep -q "genirq: $$a kernel code flags" $(KIT_OUT)/cmake-$$a.log || \
			{ echo "check-kit: CMake's cross build for $$a took no kernel code flags"; exit 1; }; \
		echo "check-kit: CMake cross build of genirq::core for $$a:"; \
		scripts/check-kernel-code.sh $$a $(KIT_OUT)/cmake-$$a/libgenirq_core.a || exit 1; \
	done
	$(Q)$(MAKE) --no-print-directory -s -C tests/kit/make GENIRQ_DIR=$(CURDIR) OUT=$(abspath $(KIT_OUT))/make
	$(Q)$(KIT_OUT)/make/consumer genirq.mk
	$(Q)if $(CC) -std=c11 -Iinclude -Iarch/host/include -include tests/kit/make/consumer_config.h \
		-o $(KIT_OUT)/mixed tests/kit/consumer.c $(BUILD)/lib/host/libgenirq.a -lpthread \
		>$(KIT_OUT)/mixed.log 2>&1; then \
		echo "check-kit: a consumer built for 4 CPUs linked against a 32-CPU library"; exit 1; \
	elif ! grep -q 'genirq_config_cpus4_irqs8192_irqson0' $(KIT_OUT)/mixed.log; then \
		cat $(KIT_OUT)/mixed.log; echo "check-kit: the mixed link failed, but not on the settings"; exit 1; \
	else \
		echo "check-kit: objects built with other settings (4 CPUs against 32) fail to link:" \
			"$$(grep -o 'undefined reference to .genirq_config[a-z0-9_]*.' $(KIT_OUT)/mixed.log | head -1)"; \
	fi
	$(Q)$(MAKE) --no-print-directory -s -C tests/kit/make GENIRQ_DIR=$(CURDIR) OUT=$(abspath $(KIT_OUT))/minimal \
		GENIRQ_FEATURES= CONSUMER_CONFIG=$(CURDIR)/tests/kit/config_minimal.h CONSUMER_CPUS=1
	$(Q)$(KIT_OUT)/minimal/consumer "genirq.mk, minimal"
	$(Q)if $(CC) -std=c11 -Iinclude -Iarch/host/include -DGENIRQ_THREADS=0 \
		-o $(KIT_OUT)/mixed-features tests/kit/consumer.c $(BUILD)/lib/host/libgenirq.a -lpthread \
		>$(KIT_OUT)/mixed-features.log 2>&1; then \
		echo "check-kit: a consumer built without threads linked against a library with them"; exit 1; \
	elif ! grep -q 'genirq_config_cpus32_irqs8192_irqson0_feat01111111111111111' $(KIT_OUT)/mixed-features.log; then \
		cat $(KIT_OUT)/mixed-features.log; echo "check-kit: the link failed, but not on the features"; exit 1; \
	else \
		echo "check-kit: objects built without a feature (GENIRQ_THREADS 0) fail to link against a library with it"; \
	fi
	$(Q)scripts/must-fail.sh $(KIT_OUT)/disagree.log 'this source belongs to the optional feature THREADS' \
		"settings that turn features off while GENIRQ_FEATURES keeps them" -- \
		$(MAKE) --no-print-directory -s -C tests/kit/make GENIRQ_DIR=$(CURDIR) OUT=$(abspath $(KIT_OUT))/disagree \
		CONSUMER_CONFIG=$(CURDIR)/tests/kit/config_minimal.h CONSUMER_CPUS=1
	$(Q)scripts/must-fail.sh $(KIT_OUT)/views-no-reports.log 'GENIRQ_TEXT_VIEWS needs GENIRQ_REPORTS' \
		"the text views without the formatter (console text) they are written with" -- \
		$(MAKE) --no-print-directory -s -C tests/kit/make GENIRQ_DIR=$(CURDIR) OUT=$(abspath $(KIT_OUT))/views \
		GENIRQ_FEATURES="THREADS TEXT_VIEWS"
	$(Q)scripts/must-fail.sh $(KIT_OUT)/hier-no-free.log 'GENIRQ_MSI and GENIRQ_HIERARCHY need GENIRQ_FREE_LINES' \
		"hierarchical domains without line freeing (their lines are freed with them)" -- \
		$(MAKE) --no-print-directory -s -C tests/kit/make GENIRQ_DIR=$(CURDIR) OUT=$(abspath $(KIT_OUT))/hier \
		GENIRQ_FEATURES="HIERARCHY"
	$(Q)scripts/must-fail.sh $(KIT_OUT)/bad-feature.log 'GENIRQ_FEATURES names THREAD; the features are' \
		"an unknown feature name in GENIRQ_FEATURES" -- \
		$(MAKE) --no-print-directory -s -C tests/kit/make GENIRQ_DIR=$(CURDIR) OUT=$(abspath $(KIT_OUT))/bad \
		GENIRQ_FEATURES="STORM THREAD"
	$(Q)for a in $(XARCHS); do \
		$(MAKE) --no-print-directory -s lib ARCH=$$a >$(KIT_OUT)/lib-$$a.log 2>&1 || \
			{ cat $(KIT_OUT)/lib-$$a.log; exit 1; }; \
		printf 'check-kit: make lib ARCH=%s: %s\n' $$a "$$(ar t $(BUILD)/lib/$$a/libgenirq.a | wc -l) objects"; \
	done
	$(Q)scripts/check-kernel-code.sh $(foreach a,$(XARCHS),$(a) $(BUILD)/lib/$(a)/libgenirq.a)
	$(Q)scripts/check-names.sh $(BUILD)/lib/host/libgenirq.a $(addprefix $(BUILD)/lib/,$(addsuffix /libgenirq.a,$(XARCHS)))
	$(Q)$(foreach p,$(KIT_PORTS),scripts/check-port-kit.sh $(KIT_OUT)/port-$(p) $(p) $(BUILD)/lib/$(p)/libgenirq.a \
		'$($(p)_KIT_HOOKS)' -- $($(p)_CC) $(CSTD) $(WARN) $(GENIRQ_INCLUDES) $(addprefix -I,$(or $($(p)_KIT_DIRS),arch/$(p))) -DGENIRQ_PORT_INLINE \
		$($(p)_CFLAGS) $(filter-out -D__ASSEMBLER__ $(CSTD) $(WARN),$($(p)_ASFLAGS)) $($(p)_KIT_FLAGS) \
		-- $(sort $(foreach d,$(or $($(p)_KIT_DIRS),arch/$(p)),$(wildcard $(d)/*.c $(d)/*.S))) &&) true
