/* SPDX-License-Identifier: MIT */
/*
 * nmi.h - NMIs and pseudo-NMIs on interrupt lines, Linux's API:
 * request_nmi() and request_percpu_nmi() with their enables and frees.
 *
 * An NMI line is taken while the CPU has local interrupts off: on a
 * controller that masks by priority (the GICv3 with ICC_PMR_EL1 masking)
 * its priority is above the mask; elsewhere the controller delivers it
 * on the CPU's NMI input. Its handler runs in NMI context (in_nmi()),
 * where nothing may wait or take a lock that ordinary code takes with
 * interrupts off. Hence Linux's restrictions, refused here as there:
 *  - only lines of a controller that says so (IRQCHIP_SUPPORTS_NMI, with
 *    nmi_setup) and sits at the root (no parent level, no slow bus);
 *  - never shared (IRQF_SHARED, IRQF_ONESHOT, IRQF_COND_SUSPEND refused),
 *    never threaded (IRQF_NO_THREAD implied), one handler;
 *  - requested disabled (IRQF_NO_AUTOEN required), then enable_nmi();
 *  - the flow takes no descriptor lock, runs the handler once and ends
 *    the event (handle_fasteoi_nmi(), handle_percpu_devid_fasteoi_nmi()).
 * A refusal is one console line and changes nothing.
 *
 * The controller's NMI entry runs nmi_enter(), generic_handle_domain_nmi()
 * and nmi_exit(); each event is counted in the line's row of
 * /proc/interrupts, as any line's.
 *
 * Built with GENIRQ_NMI (<genirq/config.h>); without it a request is
 * -ENOSYS with one console line and the other verbs do nothing.
 */
#ifndef GENIRQ_NMI_H
#define GENIRQ_NMI_H

#include <stdbool.h>
#include <stddef.h>
#include <genirq/compiler.h>
#include <genirq/config.h>
#include <genirq/errno.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#if GENIRQ_NMI
/**
 * request_nmi - install @handler as line @irq's NMI handler
 * @flags: IRQF_NO_AUTOEN is required (the line stays disabled until
 *	enable_nmi()); IRQF_TRIGGER_*, IRQF_NO_SUSPEND, IRQF_NO_THREAD may be
 *	given; IRQF_SHARED, IRQF_ONESHOT and IRQF_COND_SUSPEND are refused
 *
 * The controller turns the line into an NMI (struct irq_chip.nmi_setup)
 * and the line's flow becomes handle_fasteoi_nmi(). A per-CPU line takes
 * request_percpu_nmi() instead.
 *
 * Context: process context; may wait (as request_irq()).
 * Return: 0; -EINVAL (no handler, refused flags, an unknown or per-CPU
 * line, a controller without NMIs or not at the root, the controller's
 * nmi_setup failed); -EBUSY (the line has a handler or is a cascade);
 * -ENOMEM. Each refusal is one console line; nothing changed.
 */
int request_nmi(unsigned int irq, irq_handler_t handler, unsigned long flags,
		const char *name, void *dev_id);

/**
 * free_nmi - remove what request_nmi() installed with @dev_id
 *
 * A line still enabled is disabled first (and that is reported, as
 * Linux warns); the controller makes it an ordinary line again
 * (nmi_teardown); returns once no CPU runs its handler.
 *
 * Context: process context, not from a handler; waits.
 * Return: the name given to request_nmi(); NULL (reported, nothing
 * changed) for a line that is not an NMI or a @dev_id that is not its.
 */
const void *free_nmi(unsigned int irq, void *dev_id);

/* enable_irq() / disable_irq_nosync() of an NMI line, as Linux's. */
void enable_nmi(unsigned int irq);
void disable_nmi_nosync(unsigned int irq);

/**
 * irq_request_percpu_nmi_stride - request_percpu_nmi() with the stride given
 *
 * As request_percpu_irq() (<genirq/percpu_irq.h>: one handler, CPU c's
 * instance at @percpu_dev_id + c * @stride), and the line becomes a
 * per-CPU NMI: each CPU then runs prepare_percpu_nmi() and
 * enable_percpu_nmi(). The controller is not programmed here.
 *
 * Context: process context.
 * Return: 0; -EINVAL (no handler, no instance, an unknown line, a
 * controller without NMIs or not at the root); -EBUSY (the line has a
 * handler or is a cascade); -ENOMEM; -ENOSYS without GENIRQ_PERCPU_IRQ.
 * Each refusal is one console line; nothing changed.
 */
int irq_request_percpu_nmi_stride(unsigned int irq, irq_handler_t handler, const char *name,
				  void *percpu_dev_id, size_t stride);

/**
 * prepare_percpu_nmi - make per-CPU NMI @irq an NMI on the calling CPU
 *
 * Runs the controller's nmi_setup for this CPU's local interrupt (a PPI's
 * priority in this CPU's redistributor). teardown_percpu_nmi() undoes it.
 * Context: process context on the CPU concerned, before its
 * enable_percpu_nmi(). Return: 0; -EINVAL (reported) for a line that is
 * not a per-CPU NMI, or the controller's refusal.
 */
int prepare_percpu_nmi(unsigned int irq);
void teardown_percpu_nmi(unsigned int irq);

/* enable_percpu_irq() / disable_percpu_irq() of a per-CPU NMI on this CPU. */
void enable_percpu_nmi(unsigned int irq, unsigned int type);
void disable_percpu_nmi(unsigned int irq);

/**
 * free_percpu_nmi - remove what request_percpu_nmi() installed
 *
 * Refused (reported, nothing changed) for a line that is not a per-CPU
 * NMI, a @percpu_dev_id that is not its, or while a CPU still has it
 * enabled. Waits until no CPU runs the handler.
 * Return: 0, -EINVAL, -EBUSY.
 */
int free_percpu_nmi(unsigned int irq, void *percpu_dev_id);

/**
 * generic_handle_domain_nmi - run the NMI line @hw of @d
 *
 * What a controller's NMI entry calls between nmi_enter() and nmi_exit():
 * finds the line without a lock, counts it and runs its flow.
 * Context: NMI context (in_nmi()), local interrupts off.
 * Return: 0; -EINVAL for a line that is not mapped or not an NMI (counted
 * in ERR, nothing run: the caller still owes its controller the end of
 * the event).
 */
int generic_handle_domain_nmi(struct irq_domain *d, irq_hw_number_t hw);

/*
 * A controller's whole NMI path for one event: nmi_enter(), @regs for
 * get_irq_regs(), generic_handle_domain_nmi(), nmi_exit(). Context: the
 * controller's entry, local interrupts off. Return: as
 * generic_handle_domain_nmi().
 */
int irq_handle_domain_nmi_entry(struct irq_domain *d, irq_hw_number_t hw, void *regs);

/* Whether @irq is an NMI line now (request_nmi(), request_percpu_nmi()). */
bool irq_is_nmi(unsigned int irq);

/* The NMI flows, which an NMI line gets from the core (never set by hand). */
void handle_fasteoi_nmi(struct irq_desc *desc);
void handle_percpu_devid_fasteoi_nmi(struct irq_desc *desc);
#else
/*
 * Without NMIs (GENIRQ_NMI 0) a request is -ENOSYS with one console line;
 * nothing is installed, so there is nothing to free, enable or run.
 */
static inline int request_nmi(unsigned int irq, irq_handler_t handler, unsigned long flags,
			      const char *name, void *dev_id)
{
	(void)handler;
	(void)flags;
	(void)name;
	(void)dev_id;
	return irq_not_built(irq, "an NMI request", "GENIRQ_NMI");
}
static inline const void *free_nmi(unsigned int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return NULL;
}
static inline void enable_nmi(unsigned int irq) { (void)irq; }
static inline void disable_nmi_nosync(unsigned int irq) { (void)irq; }
static inline int irq_request_percpu_nmi_stride(unsigned int irq, irq_handler_t handler,
						const char *name, void *percpu_dev_id,
						size_t stride)
{
	(void)handler;
	(void)name;
	(void)percpu_dev_id;
	(void)stride;
	return irq_not_built(irq, "a per-CPU NMI request", "GENIRQ_NMI");
}
static inline int prepare_percpu_nmi(unsigned int irq) { (void)irq; return -GENIRQ_ENOSYS; }
static inline void teardown_percpu_nmi(unsigned int irq) { (void)irq; }
static inline void enable_percpu_nmi(unsigned int irq, unsigned int type)
{
	(void)irq;
	(void)type;
}
static inline void disable_percpu_nmi(unsigned int irq) { (void)irq; }
static inline int free_percpu_nmi(unsigned int irq, void *percpu_dev_id)
{
	(void)irq;
	(void)percpu_dev_id;
	return -GENIRQ_EINVAL;	/* nothing was requested */
}
static inline int generic_handle_domain_nmi(struct irq_domain *d, irq_hw_number_t hw)
{
	(void)d;
	(void)hw;
	return -GENIRQ_EINVAL;	/* no line is an NMI */
}
static inline int irq_handle_domain_nmi_entry(struct irq_domain *d, irq_hw_number_t hw,
					      void *regs)
{
	(void)d;
	(void)hw;
	(void)regs;
	return -GENIRQ_EINVAL;
}
static inline bool irq_is_nmi(unsigned int irq) { (void)irq; return false; }
#endif

/* Takes the stride from @percpu_dev_id's type: pass a typed pointer. */
#define request_percpu_nmi(irq, handler, name, percpu_dev_id)			\
	irq_request_percpu_nmi_stride((irq), (handler), (name), (percpu_dev_id),	\
				      sizeof(*(percpu_dev_id)))

GENIRQ_END_DECLS

#endif /* GENIRQ_NMI_H */
