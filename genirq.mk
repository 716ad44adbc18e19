# genirq.mk - genirq's build kit for make. An embedder's Makefile:
#
#	GENIRQ_DIR := path/to/genirq        # optional: this file's folder
#	include $(GENIRQ_DIR)/genirq.mk
#	SRCS   += $(GENIRQ_SRCS) $(GENIRQ_CTRL_plic)
#	CFLAGS += $(GENIRQ_CFLAGS)
#
# and compiles those sources with its own compiler and flags, into its
# own kernel, next to its port (the primitives of <genirq/port.h>).
# Nothing here runs a command or installs a package.
#
# What it exports:
#   GENIRQ_SRCS          the core's sources (core/*.c), absolute paths
#   GENIRQ_CTRL_<name>   a controller's sources: i8259 ioapic lapic
#                        x86_vector mpic xics gicv2 gicv2m gicv3 gicv3_its
#                        pl061 plic aplic imsic (simpic simpci: the hosted
#                        port's simulated controller and PCI bus)
#   GENIRQ_CTRL_NAMES    the names above
#   GENIRQ_INCLUDES      -I of the public headers (include/)
#   GENIRQ_CFLAGS        what every compile of the core, its controllers
#                        and its callers needs: C11, GENIRQ_INCLUDES, and
#                        the embedder's settings (-include of the file
#                        GENIRQ_CONFIG_FILE names, when set: see
#                        <genirq/config.h> and docs/embedding.md)
#   GENIRQ_WARN          the warnings the core is kept clean of (-Werror
#                        is the embedder's choice)
#   GENIRQ_PORT_riscv64_machine  the port primitives every machine-mode
#                        RISC-V kernel shares (interrupt flag, hart id,
#                        mtime): arch/riscv64/machine/port.c
#   GENIRQ_LIBC          memset, memcpy, memmove and memcmp, for a
#                        freestanding kernel that has no C library
#   GENIRQ_HOST_SRCS     the hosted port (arch/host) and its simulated
#                        controller and bus, for a Linux process
#   GENIRQ_HOST_INCLUDES -I of the hosted port's headers (<genirq/sim.h>)
GENIRQ_DIR	?= $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))

GENIRQ_SRCS	:= $(sort $(wildcard $(GENIRQ_DIR)/core/*.c))
GENIRQ_INCLUDES	:= -I$(GENIRQ_DIR)/include
GENIRQ_CFLAGS	:= -std=c11 $(GENIRQ_INCLUDES) \
		   $(if $(GENIRQ_CONFIG_FILE),-include $(abspath $(GENIRQ_CONFIG_FILE)))
GENIRQ_WARN	:= -Wall -Wextra

genirq_ctrl	= $(addprefix $(GENIRQ_DIR)/controllers/,$(addsuffix .c,$(1)))
GENIRQ_CTRL_NAMES	:= i8259 ioapic lapic x86_vector mpic xics gicv2 gicv2m gicv3 gicv3_its \
			   pl061 plic aplic imsic simpic simpci
$(foreach c,$(GENIRQ_CTRL_NAMES),$(eval GENIRQ_CTRL_$(c) := $(call genirq_ctrl,$(c))))
# gicv2 and gicv3 share gic_common.c.
GENIRQ_CTRL_gicv2	:= $(call genirq_ctrl,gic_common gicv2)
GENIRQ_CTRL_gicv3	:= $(call genirq_ctrl,gic_common gicv3)

GENIRQ_LIBC	:= $(GENIRQ_DIR)/demo/libc.c
GENIRQ_PORT_riscv64_machine := $(GENIRQ_DIR)/arch/riscv64/machine/port.c

GENIRQ_HOST_SRCS	:= $(GENIRQ_DIR)/arch/host/host.c $(GENIRQ_CTRL_simpic) $(GENIRQ_CTRL_simpci)
GENIRQ_HOST_INCLUDES	:= -I$(GENIRQ_DIR)/arch/host/include
