// SPDX-License-Identifier: MIT
/*
 * simpic.c - the simulated interrupt controller (see <genirq/chip/simpic.h>).
 *
 * Only primitives, like a real chip: the core decides when to mask, ack
 * and end. A line is deliverable when it is unmasked, not in service, and
 * has a latched edge or an asserted level input.
 *
 * The FASTEOI personality has NMIs (IRQCHIP_SUPPORTS_NMI), as a GIC
 * does: a line made an NMI (nmi_setup) leaves simpic_iack() and is taken
 * through simpic_iack_nmi(), the CPU's NMI input, whatever the CPU's
 * local interrupts. (Its state stays under the controller's lock, which
 * an NMI on the host never interrupts: the host takes NMIs only where a
 * test polls for them.)
 */
#include <genirq/chip/simpic.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/spinlock.h>

struct simpic_line {
	struct simpic_line_stats s;
	bool		level;
	unsigned int	faults;
	bool		given;		/* handed to a hierarchical line */
};

struct simpic {
	const char		*name;
	struct irq_spinlock	lock;
	unsigned int		nr_lines;
	struct irq_domain	*domain;
	bool			spurious[GENIRQ_NR_CPUS];
	struct simpic_line	*lines;
	/* As the bottom of a hierarchy (simpic_enable_hierarchy()). */
	irq_hw_number_t		hier_first;
	unsigned int		hier_count;
	unsigned int		hier_free;	/* lines of the range not given */
	unsigned long		fail_in;	/* the fail_in-th line given fails */
	unsigned long		msi_bad;	/* writes that were no message of ours */
	enum simpic_style	style;
};

static struct simpic_line *line_of(struct irq_data *d)
{
	struct simpic *pic = d->chip_data;

	return &pic->lines[d->hwirq];
}

static unsigned long lock_pic(struct irq_data *d)
{
	return irq_spin_lock_irqsave(&((struct simpic *)d->chip_data)->lock);
}

static void unlock_pic(struct irq_data *d, unsigned long flags)
{
	irq_spin_unlock_irqrestore(&((struct simpic *)d->chip_data)->lock, flags);
}

static void simpic_mask(struct irq_data *d)
{
	unsigned long flags = lock_pic(d);

	line_of(d)->s.masked = true;
	unlock_pic(d, flags);
}

static void simpic_unmask(struct irq_data *d)
{
	unsigned long flags = lock_pic(d);

	line_of(d)->s.masked = false;
	unlock_pic(d, flags);
}

/* End of an event: the line may be delivered again. */
static void end_event(struct irq_data *d, unsigned long *counter)
{
	unsigned long flags = lock_pic(d);
	struct simpic_line *l = line_of(d);

	(*counter)++;
	if (l->faults & SIMPIC_LOSE_EOI)
		l->faults &= ~SIMPIC_LOSE_EOI;	/* this one is lost */
	else
		l->s.in_service = false;
	unlock_pic(d, flags);
}

static void simpic_ack(struct irq_data *d)
{
	end_event(d, &line_of(d)->s.acks);
}

static void simpic_eoi(struct irq_data *d)
{
	end_event(d, &line_of(d)->s.eois);
}

static int simpic_set_type(struct irq_data *d, unsigned int type)
{
	unsigned long flags = lock_pic(d);

	line_of(d)->level = (type & IRQ_TYPE_LEVEL_MASK) != 0;
	unlock_pic(d, flags);
	return 0;
}

static int simpic_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	unsigned int cpu = cpumask_first(dest);
	unsigned long flags;

	if (cpu >= port_nr_cpus())
		return -EINVAL;
	flags = lock_pic(d);
	line_of(d)->s.route = cpu;
	unlock_pic(d, flags);
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

static int simpic_retrigger(struct irq_data *d)
{
	unsigned long flags = lock_pic(d);
	struct simpic_line *l = line_of(d);
	int ret = 0;

	if (!(l->faults & SIMPIC_NO_RETRIGGER)) {
		l->s.latched = true;
		l->s.retriggers++;
		ret = 1;
	}
	unlock_pic(d, flags);
	return ret;
}

/* The line's state bit for @which: pending is a latched edge (a level
 * input still high reads pending too, and stays so when cleared). */
static bool *state_bit(struct simpic_line *l, enum irqchip_irq_state which)
{
	switch (which) {
	case IRQCHIP_STATE_PENDING:	return &l->s.latched;
	case IRQCHIP_STATE_ACTIVE:	return &l->s.in_service;
	case IRQCHIP_STATE_MASKED:	return &l->s.masked;
	}
	return NULL;
}

static int simpic_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	unsigned long flags = lock_pic(d);
	struct simpic_line *l = line_of(d);
	int ret = -EINVAL;

	if (!(l->faults & SIMPIC_NO_STATE)) {
		*state = *state_bit(l, which) ||
			 (which == IRQCHIP_STATE_PENDING && l->level && l->s.asserted);
		ret = 0;
	}
	unlock_pic(d, flags);
	return ret;
}

static int simpic_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	unsigned long flags = lock_pic(d);
	struct simpic_line *l = line_of(d);
	int ret = -EINVAL;

	if (!(l->faults & SIMPIC_NO_STATE)) {
		*state_bit(l, which) = val;
		ret = 0;
	}
	unlock_pic(d, flags);
	return ret;
}

/* Whether the line may wake the machine; SIMPIC_WAKE_FAILS refuses. */
static int simpic_set_wake(struct irq_data *d, unsigned int on)
{
	unsigned long flags = lock_pic(d);
	struct simpic_line *l = line_of(d);
	int ret = -EIO;

	l->s.wake_calls++;
	if (!(l->faults & SIMPIC_WAKE_FAILS)) {
		l->s.wake = on != 0;
		ret = 0;
	}
	unlock_pic(d, flags);
	return ret;
}

/* The message a device writes to raise the line: data is the line,
 * the address names the CPU it is routed to. */
/* NMIs: counted, so a per-CPU line's prepare on each CPU shows. */
static int simpic_nmi_setup(struct irq_data *d)
{
	unsigned long flags = lock_pic(d);
	struct simpic_line *l = line_of(d);
	int ret = -EIO;

	if (!(l->faults & SIMPIC_NMI_FAILS)) {
		l->s.nmi_setups++;
		l->s.nmi = true;
		ret = 0;
	}
	unlock_pic(d, flags);
	return ret;
}

static void simpic_nmi_teardown(struct irq_data *d)
{
	unsigned long flags = lock_pic(d);
	struct simpic_line *l = line_of(d);

	l->s.nmi_teardowns++;
	l->s.nmi = l->s.nmi_teardowns < l->s.nmi_setups;
	unlock_pic(d, flags);
}

static int simpic_set_priority(struct irq_data *d, unsigned int prio)
{
	unsigned long flags = lock_pic(d);

	line_of(d)->s.priority = prio;
	unlock_pic(d, flags);
	return 0;
}

static void simpic_compose_msi_msg(struct irq_data *d, struct msi_msg *msg)
{
	unsigned long flags = lock_pic(d);

	msg->address_hi = 0;
	msg->address_lo = SIMPIC_MSI_ADDR | (uint32_t)line_of(d)->s.route << SIMPIC_MSI_CPU_SHIFT;
	msg->data = (uint32_t)d->hwirq;
	unlock_pic(d, flags);
}

/* An IPI line of irq_reserve_ipi() is routed to its one CPU: raise it. */
static void simpic_ipi_send_single(struct irq_data *d, unsigned int cpu)
{
	struct simpic *pic = d->chip_data;

	(void)cpu;
	simpic_raise(pic, d->hwirq);
}

static const struct irq_chip simpic_ack_chip = {
	.name		= "simpic",
	.mask		= simpic_mask,
	.unmask		= simpic_unmask,
	.ack		= simpic_ack,
	.set_type	= simpic_set_type,
	.set_affinity	= simpic_set_affinity,
	.retrigger	= simpic_retrigger,
	.compose_msi_msg = simpic_compose_msi_msg,
	.ipi_send_single = simpic_ipi_send_single,
	.set_priority	= simpic_set_priority,
	.set_wake	= simpic_set_wake,
	.get_irqchip_state = simpic_get_state,
	.set_irqchip_state = simpic_set_state,
};

static const struct irq_chip simpic_eoi_chip = {
	.name		= "simpic-eoi",
	.mask		= simpic_mask,
	.unmask		= simpic_unmask,
	.eoi		= simpic_eoi,
	.set_type	= simpic_set_type,
	.set_affinity	= simpic_set_affinity,
	.retrigger	= simpic_retrigger,
	.compose_msi_msg = simpic_compose_msi_msg,
	.ipi_send_single = simpic_ipi_send_single,
	.set_priority	= simpic_set_priority,
	.set_wake	= simpic_set_wake,
	.get_irqchip_state = simpic_get_state,
	.set_irqchip_state = simpic_set_state,
	.nmi_setup	= simpic_nmi_setup,
	.nmi_teardown	= simpic_nmi_teardown,
	.flags		= IRQCHIP_SUPPORTS_NMI,
};

static const struct irq_chip *chip_of(struct simpic *pic)
{
	return pic->style == SIMPIC_FASTEOI ? &simpic_eoi_chip : &simpic_ack_chip;
}

struct simpic *simpic_create(const char *name, unsigned int nr_lines, enum simpic_style style)
{
	struct simpic *pic;

	if (nr_lines == 0)
		return NULL;
	pic = port_alloc(sizeof(*pic));
	if (!pic)
		return NULL;
	*pic = (struct simpic){ .name = name, .nr_lines = nr_lines, .style = style };
	irq_spin_init(&pic->lock);
	pic->lines = port_alloc(sizeof(*pic->lines) * nr_lines);
	if (pic->lines) {
		for (unsigned int i = 0; i < nr_lines; i++)
			pic->lines[i] = (struct simpic_line){ .s.masked = true };
		pic->domain = irq_domain_create_linear(name, nr_lines, chip_of(pic), pic);
	}
	if (!pic->lines || !pic->domain) {
		if (pic->lines)
			port_free(pic->lines);
		port_free(pic);
		return NULL;
	}
	return pic;
}

/* The domain's memory stays with the core; only the model is freed. */
void simpic_destroy(struct simpic *pic)
{
	if (!pic)
		return;
	port_free(pic->lines);
	port_free(pic);
}

struct irq_domain *simpic_domain(struct simpic *pic)
{
	return pic->domain;
}

int simpic_map(struct simpic *pic, irq_hw_number_t hw, unsigned int trigger)
{
	int irq = irq_create_mapping(pic->domain, hw);
	int ret;

	if (irq < 0)
		return irq;
	ret = irq_set_irq_type((unsigned int)irq, trigger);
	return ret < 0 ? ret : irq;
}

void simpic_raise(struct simpic *pic, irq_hw_number_t hw)
{
	unsigned long flags;
	struct simpic_line *l;

	if (hw >= pic->nr_lines)
		return;
	flags = irq_spin_lock_irqsave(&pic->lock);
	l = &pic->lines[hw];
	l->s.raised++;
	if (l->level)
		l->s.asserted = true;
	else if (l->s.masked && (l->faults & SIMPIC_DROP_MASKED_EDGE))
		l->s.dropped++;
	else
		l->s.latched = true;
	irq_spin_unlock_irqrestore(&pic->lock, flags);
}

void simpic_lower(struct simpic *pic, irq_hw_number_t hw)
{
	unsigned long flags;

	if (hw >= pic->nr_lines)
		return;
	flags = irq_spin_lock_irqsave(&pic->lock);
	pic->lines[hw].s.asserted = false;
	irq_spin_unlock_irqrestore(&pic->lock, flags);
}

void simpic_set_fault(struct simpic *pic, irq_hw_number_t hw, unsigned int faults)
{
	unsigned long flags;

	if (hw >= pic->nr_lines)
		return;
	flags = irq_spin_lock_irqsave(&pic->lock);
	pic->lines[hw].faults = faults;
	irq_spin_unlock_irqrestore(&pic->lock, flags);
}

void simpic_inject_spurious(struct simpic *pic, unsigned int cpu)
{
	unsigned long flags;

	if (cpu >= GENIRQ_NR_CPUS)
		return;
	flags = irq_spin_lock_irqsave(&pic->lock);
	pic->spurious[cpu] = true;
	irq_spin_unlock_irqrestore(&pic->lock, flags);
}

static unsigned int target_cpu(struct simpic_line *l)
{
	if (l->faults & SIMPIC_WRONG_CPU)
		return (l->s.route + 1) % port_nr_cpus();
	return l->s.route;
}

/* Deliverable on @cpu's interrupt input (@nmi: its NMI input). */
static bool deliverable(struct simpic_line *l, unsigned int cpu, bool nmi)
{
	return !l->s.masked && !l->s.in_service && (l->s.latched || l->s.asserted) &&
	       target_cpu(l) == cpu && l->s.nmi == nmi;
}

/* Caller holds pic->lock: the most urgent line, the lowest numbered of those. */
static int find_line(struct simpic *pic, unsigned int cpu, bool nmi)
{
	int best = -1;

	for (unsigned int i = 0; i < pic->nr_lines; i++)
		if (deliverable(&pic->lines[i], cpu, nmi) &&
		    (best < 0 || pic->lines[i].s.priority < pic->lines[best].s.priority))
			best = (int)i;
	return best;
}

bool simpic_pending(struct simpic *pic, unsigned int cpu)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic->lock);
	bool pending = (cpu < GENIRQ_NR_CPUS && pic->spurious[cpu]) ||
		       find_line(pic, cpu, false) >= 0;

	irq_spin_unlock_irqrestore(&pic->lock, flags);
	return pending;
}

/* Caller holds pic->lock: deliver the most urgent line (@nmi: NMI) to @cpu. */
static irq_hw_number_t take_line(struct simpic *pic, unsigned int cpu, bool nmi)
{
	int i = find_line(pic, cpu, nmi);
	struct simpic_line *l;

	if (i < 0)
		return SIMPIC_SPURIOUS;
	l = &pic->lines[i];
	l->s.latched = false;
	l->s.in_service = true;
	l->s.delivered++;
	l->s.per_cpu[cpu]++;
	return (irq_hw_number_t)i;
}

irq_hw_number_t simpic_iack(struct simpic *pic, unsigned int cpu)
{
	irq_hw_number_t hw = SIMPIC_SPURIOUS;
	unsigned long flags = irq_spin_lock_irqsave(&pic->lock);

	if (cpu < GENIRQ_NR_CPUS && pic->spurious[cpu]) {
		pic->spurious[cpu] = false;
		goto out_unlock;
	}
	hw = take_line(pic, cpu, false);
out_unlock:
	irq_spin_unlock_irqrestore(&pic->lock, flags);
	return hw;
}

irq_hw_number_t simpic_iack_nmi(struct simpic *pic, unsigned int cpu)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic->lock);
	irq_hw_number_t hw = take_line(pic, cpu, true);

	irq_spin_unlock_irqrestore(&pic->lock, flags);
	return hw;
}

void simpic_line_stats(struct simpic *pic, irq_hw_number_t hw, struct simpic_line_stats *out)
{
	unsigned long flags;

	if (hw >= pic->nr_lines)
		return;
	flags = irq_spin_lock_irqsave(&pic->lock);
	*out = pic->lines[hw].s;
	irq_spin_unlock_irqrestore(&pic->lock, flags);
}

/* --- the bottom of a hierarchy: lines handed to child domains --- */

/* Take one free line of the range for @virq. Caller holds pic->lock. */
static int give_line(struct simpic *pic, irq_hw_number_t *hw)
{
	if (pic->fail_in && --pic->fail_in == 0)
		return -ENOSPC;		/* injected */
	for (unsigned int i = 0; i < pic->hier_count; i++) {
		irq_hw_number_t h = pic->hier_first + i;
		struct simpic_line *l = &pic->lines[h];

		if (!l->given && irq_domain_hwirq_free(pic->domain, h)) {
			l->given = true;
			pic->hier_free--;
			*hw = h;
			return 0;
		}
	}
	return -ENOSPC;
}

static void take_back(struct simpic *pic, irq_hw_number_t hw)
{
	struct simpic_line *l = &pic->lines[hw];

	*l = (struct simpic_line){ .s.masked = true };
	pic->hier_free++;
}

static void simpic_domain_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	struct simpic *pic = irq_domain_host_data(d);

	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *data = irq_domain_get_irq_data(d, virq + i);
		unsigned long flags;

		if (!data || data->chip_data != pic)
			continue;
		flags = irq_spin_lock_irqsave(&pic->lock);
		if (data->hwirq < pic->nr_lines && pic->lines[data->hwirq].given)
			take_back(pic, data->hwirq);
		irq_spin_unlock_irqrestore(&pic->lock, flags);
		irq_domain_set_hwirq_and_chip(d, virq + i, 0, NULL, NULL);
	}
}

static int simpic_domain_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr,
			       void *arg)
{
	struct simpic *pic = irq_domain_host_data(d);
	const struct irq_fwspec *fw = arg;
	unsigned int i;
	int ret = 0;

	/* The outermost level with @arg: the fwspec of irq_create_fwspec_mapping(). */
	if (fw && irq_get_irq_data(virq) == irq_domain_get_irq_data(d, virq)) {
		if (nr != 1 || fw->param_count < 1 || fw->param[0] >= pic->nr_lines)
			return -EINVAL;
		return irq_domain_set_hwirq_and_chip(d, virq, fw->param[0], chip_of(pic), pic);
	}
	for (i = 0; i < nr && !ret; i++) {
		unsigned long flags = irq_spin_lock_irqsave(&pic->lock);
		irq_hw_number_t hw = 0;

		ret = give_line(pic, &hw);
		irq_spin_unlock_irqrestore(&pic->lock, flags);
		if (!ret)
			ret = irq_domain_set_hwirq_and_chip(d, virq + i, hw, chip_of(pic), pic);
	}
	if (ret && i > 1)
		simpic_domain_free(d, virq, i - 1);	/* what this call gave */
	return ret;
}

static int simpic_domain_translate(struct irq_domain *d, const struct irq_fwspec *fw,
				   irq_hw_number_t *hwirq, unsigned int *type)
{
	(void)d;
	if (fw->param_count < 1)
		return -EINVAL;
	*hwirq = fw->param[0];
	*type = fw->param_count > 1 ? fw->param[1] : IRQ_TYPE_NONE;
	return 0;
}

static const struct irq_domain_ops simpic_domain_ops = {
	.translate	= simpic_domain_translate,
	.alloc		= simpic_domain_alloc,
	.free		= simpic_domain_free,
};

int simpic_enable_hierarchy(struct simpic *pic, irq_hw_number_t first, unsigned int count)
{
	int ret;

	if (count == 0 || first >= pic->nr_lines || count > pic->nr_lines - first)
		return -EINVAL;
	ret = irq_domain_set_hierarchy_ops(pic->domain, &simpic_domain_ops, pic);
	if (ret)
		return ret;
	pic->hier_first = first;
	pic->hier_count = count;
	pic->hier_free = count;
	return 0;
}

unsigned int simpic_hier_free(struct simpic *pic)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic->lock);
	unsigned int n = pic->hier_free;

	irq_spin_unlock_irqrestore(&pic->lock, flags);
	return n;
}

void simpic_fail_alloc_at(struct simpic *pic, unsigned long k)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic->lock);

	pic->fail_in = k;
	irq_spin_unlock_irqrestore(&pic->lock, flags);
}

void simpic_msi_write(struct simpic *pic, const struct msi_msg *msg)
{
	unsigned long flags;
	bool ours = msg->address_hi == 0 &&
		    (msg->address_lo & ~SIMPIC_MSI_CPU_MASK) == SIMPIC_MSI_ADDR &&
		    msg->data < pic->nr_lines;

	if (ours) {
		simpic_raise(pic, msg->data);
		return;
	}
	flags = irq_spin_lock_irqsave(&pic->lock);
	pic->msi_bad++;
	irq_spin_unlock_irqrestore(&pic->lock, flags);
}

unsigned long simpic_msi_bad(struct simpic *pic)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic->lock);
	unsigned long n = pic->msi_bad;

	irq_spin_unlock_irqrestore(&pic->lock, flags);
	return n;
}
