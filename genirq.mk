# genirq.mk - genirq's build kit for make. An embedder's Makefile:
#
#	GENIRQ_DIR := path/to/genirq        # optional: this file's folder
#	GENIRQ_FEATURES := STORM            # optional: the features kept
#	include $(GENIRQ_DIR)/genirq.mk
#	SRCS   += $(GENIRQ_SRCS) $(GENIRQ_CTRL_plic)
#	CFLAGS += $(GENIRQ_CFLAGS)
#
# and compiles those sources with its own compiler and flags, into its
# own kernel, next to its port (the primitives of <genirq/port.h>).
# Nothing here runs a command or installs a package.
#
# What it takes:
#   GENIRQ_FEATURES      the optional features to build, by the names of
#                        their switches without GENIRQ_ (<genirq/config.h>):
#                        THREADS MSI IPI AUTOPROBE STORM TEXT_VIEWS COST
#                        TRACE PERCPU_IRQ PRIORITY PM NMI REPORTS DEVRES FWNODE
#                        HIERARCHY SPURIOUS FREE_LINES; every one when not set. Those left out are
#                        neither built nor called: GENIRQ_CFLAGS sets their
#                        switches to 0 (the settings file need not)
#
# What it exports:
#   GENIRQ_SRCS          the core's sources for GENIRQ_FEATURES, absolute
#                        paths: GENIRQ_SRCS_BASE (what every build needs)
#                        and each kept feature's GENIRQ_SRCS_<feature>
#   GENIRQ_CTRL_<name>   a controller's sources: i8259 ioapic lapic
#                        x86_vector x86_apic (the four before it and the
#                        entry from a vector) mpic xics gicv2 gicv2m gicv3 gicv3_its
#                        pl061 plic aplic imsic nvic (simpic simpci: the hosted
#                        port's simulated controller and PCI bus)
#   GENIRQ_CTRL_NAMES    the names above
#   GENIRQ_PORT_x86      port primitives any x86 kernel can take as they
#                        are: local interrupts on/off (arch/x86/irqflags.c)
#   GENIRQ_INCLUDES      -I of the public headers (include/)
#   GENIRQ_CFLAGS        what every compile of the core, its controllers
#                        and its callers needs: C11, GENIRQ_INCLUDES, and
#                        the embedder's settings (-include of the file
#                        GENIRQ_CONFIG_FILE names, when set: see
#                        <genirq/config.h> and docs/embedding.md), and
#                        GENIRQ_FEATURE_DEFS
#   GENIRQ_FEATURE_DEFS  -DGENIRQ_<feature>=0 for each feature left out
#   GENIRQ_WARN          the warnings the core is kept clean of (-Werror
#                        is the embedder's choice)
#   GENIRQ_ARCH_CFLAGS_<isa>  what a kernel's compile of the core and its
#                        controllers needs on that ISA (i386 x86_64 ppc
#                        ppc64 aarch64 riscv64 armv7m s390x): no floating-point
#                        or vector registers, no red zone (see below)
#   GENIRQ_PORT_riscv64_machine  the port primitives every machine-mode
#                        RISC-V kernel shares (interrupt flag, hart id,
#                        mtime): arch/riscv64/machine/port.c
#   GENIRQ_LIBC          memset, memcpy, memmove and memcmp, for a
#                        freestanding kernel that has no C library
#   GENIRQ_OF_SRCS       a flattened device tree reader and the interrupt
#                        lookup over it (<genirq/of_irq.h>: of/fdt.c,
#                        of/of_irq.c), for a kernel handed a DTB
#   GENIRQ_OF_INCLUDES   -I of the reader's header (of/fdt.h)
#   GENIRQ_HOST_SRCS     the hosted port (arch/host) and its simulated
#                        controller and bus, for a Linux process
#   GENIRQ_HOST_INCLUDES -I of the hosted port's headers (<genirq/sim.h>)
GENIRQ_DIR	?= $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))

# Each optional feature's files (<genirq/config.h> says what each does).
GENIRQ_FEATURE_NAMES	:= THREADS MSI IPI AUTOPROBE STORM TEXT_VIEWS COST TRACE PERCPU_IRQ PRIORITY PM NMI \
			   REPORTS DEVRES FWNODE HIERARCHY SPURIOUS FREE_LINES
GENIRQ_FEATURES		?= $(GENIRQ_FEATURE_NAMES)
genirq_core		= $(addprefix $(GENIRQ_DIR)/core/,$(addsuffix .c,$(1)))
GENIRQ_SRCS_THREADS	:= $(call genirq_core,thread nested)
GENIRQ_SRCS_MSI		:= $(call genirq_core,msi pci_vectors spread affinity_notify)
GENIRQ_SRCS_IPI		:= $(call genirq_core,ipi)
GENIRQ_SRCS_AUTOPROBE	:= $(call genirq_core,autoprobe)
GENIRQ_SRCS_STORM	:= $(call genirq_core,storm)
GENIRQ_SRCS_TEXT_VIEWS	:= $(call genirq_core,proc debugfs)
GENIRQ_SRCS_COST	:= $(call genirq_core,cost top)
GENIRQ_SRCS_TRACE	:= $(call genirq_core,trace)
GENIRQ_SRCS_PERCPU_IRQ	:= $(call genirq_core,percpu_irq)
GENIRQ_SRCS_PRIORITY	:= $(call genirq_core,priority)
GENIRQ_SRCS_PM		:= $(call genirq_core,pm)
GENIRQ_SRCS_NMI		:= $(call genirq_core,nmi)
GENIRQ_SRCS_REPORTS	:= $(call genirq_core,format)
GENIRQ_SRCS_DEVRES	:= $(call genirq_core,devres)
GENIRQ_SRCS_FWNODE	:= $(call genirq_core,domain_fwnode irqdomain_tree)
GENIRQ_SRCS_HIERARCHY	:= $(call genirq_core,domain_hier)
GENIRQ_SRCS_SPURIOUS	:= $(call genirq_core,spurious)
GENIRQ_SRCS_FREE_LINES	:= $(call genirq_core,grace)
$(if $(filter-out $(GENIRQ_FEATURE_NAMES),$(GENIRQ_FEATURES)),$(error genirq.mk: \
	GENIRQ_FEATURES names $(filter-out $(GENIRQ_FEATURE_NAMES),$(GENIRQ_FEATURES)); \
	the features are $(GENIRQ_FEATURE_NAMES)))
GENIRQ_SRCS_BASE	:= $(filter-out $(foreach f,$(GENIRQ_FEATURE_NAMES),$(GENIRQ_SRCS_$(f))), \
			   $(sort $(wildcard $(GENIRQ_DIR)/core/*.c)))
GENIRQ_SRCS		:= $(sort $(GENIRQ_SRCS_BASE) $(foreach f,$(GENIRQ_FEATURES),$(GENIRQ_SRCS_$(f))))
GENIRQ_FEATURE_DEFS	:= $(patsubst %,-DGENIRQ_%=0,$(filter-out $(GENIRQ_FEATURES),$(GENIRQ_FEATURE_NAMES)))

GENIRQ_INCLUDES	:= -I$(GENIRQ_DIR)/include
GENIRQ_CFLAGS	:= -std=c11 $(GENIRQ_INCLUDES) $(GENIRQ_FEATURE_DEFS) \
		   $(if $(GENIRQ_CONFIG_FILE),-include $(abspath $(GENIRQ_CONFIG_FILE)))
GENIRQ_WARN	:= -Wall -Wextra

# What the core and its controllers are compiled with on each ISA so that
# they run in a kernel's interrupt path: no floating-point or vector
# register (most kernels save none on an interrupt; the compiler otherwise
# zeroes and copies structures with SSE or NEON), no red zone on x86_64
# (an interrupt taken on the same stack overwrites it), inline atomics on
# aarch64 (not libgcc's helpers), and on i386 and ppc code that is not
# position-independent (there PIE costs a register for the GOT: 14 to 17%
# of the core's text). The CPU model, ABI and code model stay the
# embedder's. make lib uses them; scripts/check-kernel-code.sh checks it.
GENIRQ_ARCH_CFLAGS_i386		:= -fno-pie -mgeneral-regs-only
GENIRQ_ARCH_CFLAGS_x86_64	:= -mgeneral-regs-only -mno-red-zone
GENIRQ_ARCH_CFLAGS_ppc		:= -fno-pie -msoft-float -mno-altivec
GENIRQ_ARCH_CFLAGS_ppc64	:= -msoft-float -mno-altivec -mno-vsx
GENIRQ_ARCH_CFLAGS_aarch64	:= -mgeneral-regs-only -mno-outline-atomics
# (GCC emits no F, D or V instruction for genirq's integer code.)
GENIRQ_ARCH_CFLAGS_riscv64	:=
GENIRQ_ARCH_CFLAGS_armv7m	:= -mthumb
# (s390x's GCC otherwise keeps registers in floating-point ones.)
GENIRQ_ARCH_CFLAGS_s390x	:= -msoft-float

genirq_ctrl	= $(addprefix $(GENIRQ_DIR)/controllers/,$(addsuffix .c,$(1)))
GENIRQ_CTRL_NAMES	:= i8259 ioapic lapic x86_vector x86_apic mpic xics gicv2 gicv2m gicv3 gicv3_its \
			   pl061 plic aplic imsic nvic simpic simpci
$(foreach c,$(GENIRQ_CTRL_NAMES),$(eval GENIRQ_CTRL_$(c) := $(call genirq_ctrl,$(c))))
# gicv2 and gicv3 share gic_common.c.
GENIRQ_CTRL_gicv2	:= $(call genirq_ctrl,gic_common gicv2)
GENIRQ_CTRL_gicv3	:= $(call genirq_ctrl,gic_common gicv3)
# x86_apic is the APIC machine in one piece: the 8259s (masked), IO-APIC,
# local APIC and vector domain it joins.
GENIRQ_CTRL_x86_apic	:= $(call genirq_ctrl,i8259 ioapic lapic x86_vector x86_apic)
GENIRQ_PORT_x86		:= $(GENIRQ_DIR)/arch/x86/irqflags.c

GENIRQ_LIBC	:= $(GENIRQ_DIR)/demo/libc.c
GENIRQ_PORT_riscv64_machine := $(GENIRQ_DIR)/arch/riscv64/machine/port.c

GENIRQ_OF_SRCS		:= $(GENIRQ_DIR)/of/fdt.c $(GENIRQ_DIR)/of/of_irq.c
GENIRQ_OF_INCLUDES	:= -I$(GENIRQ_DIR)/of

GENIRQ_HOST_SRCS	:= $(GENIRQ_DIR)/arch/host/host.c $(GENIRQ_CTRL_simpic) $(GENIRQ_CTRL_simpci)
GENIRQ_HOST_INCLUDES	:= -I$(GENIRQ_DIR)/arch/host/include
