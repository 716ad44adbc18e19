// SPDX-License-Identifier: MIT
/*
 * x86_vector.c - the x86 vector domain (see <genirq/chip/x86_vector.h>):
 * a per-CPU vector matrix, lines that are one (CPU, vector) each, their
 * MSI message, and the two-vector move that loses no event.
 */
#include <genirq/chip/x86_vector.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

#define NR_VECTORS	256u
#define MAP_WORDS	(NR_VECTORS / 64u)
#define NO_CPU		(~0u)

/* One line at this level; a field of the instance's table, by hwirq. */
struct vector_line {
	bool		used;
	bool		has_vector;		/* activated: cpu and vector are valid */
	struct irq_cpumask	dest;			/* where activation may put it */
	unsigned int	cpu, vector;		/* where the device sends now */
	/* A move not finished: the old target stays bound until cleanup. */
	bool		moving;
	bool		cleanup_sent;		/* the old CPU has been asked */
	unsigned int	prev_cpu, prev_vector;
};

struct x86_vector {
	const struct x86_vector_ops *ops;
	struct irq_domain	*domain;
	struct irq_spinlock	lock;		/* the matrix and every line's target */
	unsigned int		first, last;
	unsigned int		nr_lines;
	struct vector_line	*lines;
	uint64_t		map[GENIRQ_NR_CPUS][MAP_WORDS];	/* bit set: vector taken */
	unsigned int		avail[GENIRQ_NR_CPUS];
};

/* --- the matrix (Linux's kernel/irq/matrix.c idea, per CPU bitmaps) --- */

static bool matrix_taken(struct x86_vector *v, unsigned int cpu, unsigned int vec)
{
	return v->map[cpu][vec / 64u] >> (vec % 64u) & 1u;
}

static void matrix_put(struct x86_vector *v, unsigned int cpu, unsigned int vec)
{
	if (!matrix_taken(v, cpu, vec))
		return;
	v->map[cpu][vec / 64u] &= ~(1ull << (vec % 64u));
	v->avail[cpu]++;
}

/* The online CPU of @dest with the most free vectors (the lowest on a
 * tie): lines spread over CPUs as they are allocated. Or NO_CPU. */
static unsigned int matrix_best_cpu(struct x86_vector *v, const struct irq_cpumask *dest)
{
	unsigned int best = NO_CPU;

	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++) {
		if (!cpumask_test_cpu(cpu, dest) || !cpumask_test_cpu(cpu, irq_cpu_online_mask()))
			continue;
		if (v->avail[cpu] && (best == NO_CPU || v->avail[cpu] > v->avail[best]))
			best = cpu;
	}
	return best;
}

/* Take a vector on the best CPU of @dest. Caller holds v->lock. */
static int matrix_get(struct x86_vector *v, const struct irq_cpumask *dest, unsigned int *cpu,
		      unsigned int *vec)
{
	unsigned int c = matrix_best_cpu(v, dest);

	if (c == NO_CPU)
		return -ENOSPC;
	for (unsigned int n = v->first; n <= v->last; n++) {
		if (!matrix_taken(v, c, n)) {
			v->map[c][n / 64u] |= 1ull << (n % 64u);
			v->avail[c]--;
			*cpu = c;
			*vec = n;
			return 0;
		}
	}
	return -ENOSPC;		/* avail said otherwise: cannot happen */
}

/* --- the chip: one line's level --- */

static struct vector_line *line_of(struct irq_data *d)
{
	struct x86_vector *v = d->chip_data;

	return &v->lines[d->hwirq];
}

static bool cpu_online(unsigned int cpu)
{
	return cpu < GENIRQ_NR_CPUS && cpumask_test_cpu(cpu, irq_cpu_online_mask());
}

/*
 * Let (cpu, vector) go: unbound and back in the matrix. Return: an event
 * was still held for it (this is its CPU and the local APIC has it), which
 * the caller sends to the line's current target. Caller holds v->lock.
 */
static bool vector_drop(struct x86_vector *v, unsigned int cpu, unsigned int vec)
{
	bool held = port_cpu_id() == cpu && v->ops->vector_pending(vec);

	v->ops->bind(cpu, vec, NULL, 0);
	matrix_put(v, cpu, vec);
	return held;
}

/*
 * Start (ack, edge) or end (eoi, fasteoi) of an event: the local APIC's
 * EOI, and the first event on a moved line's new vector proves the
 * device writes the new message: the old CPU may now let its vector go.
 */
static void vector_ack(struct irq_data *d)
{
	struct x86_vector *v = d->chip_data;
	struct vector_line *l = line_of(d);
	unsigned int old = NO_CPU;
	unsigned long flags;

	v->ops->local_eoi();
	if (!l->moving)
		return;
	flags = irq_spin_lock_irqsave(&v->lock);
	if (l->moving && !l->cleanup_sent && port_cpu_id() == l->cpu) {
		l->cleanup_sent = true;
		old = l->prev_cpu;
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
	/* Never this CPU: a move always leaves the line's CPU. */
	if (old != NO_CPU)
		v->ops->send_cleanup(old);
}

/*
 * A move whose new CPU went offline before it finished (CPU hotplug,
 * Linux's irq_force_complete_move()): give the new vector up and make the
 * old one, still bound, current again. Return: an event was held for
 * the dropped vector. Caller holds v->lock.
 */
static bool move_abandon(struct x86_vector *v, struct vector_line *l)
{
	bool held = vector_drop(v, l->cpu, l->vector);

	l->cpu = l->prev_cpu;
	l->vector = l->prev_vector;
	l->moving = false;
	return held;
}

static int vector_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct x86_vector *v = d->chip_data;
	struct vector_line *l = line_of(d);
	unsigned int cpu = 0, vec = 0;
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);
	bool held = false;
	int ret = 0;

	if (!l->has_vector) {
		l->dest = *dest;		/* not activated: where activation goes */
		goto out_unlock;
	}
	if (l->moving) {
		if (cpu_online(l->cpu)) {
			ret = -EBUSY;		/* the previous move holds two vectors */
			goto out_unlock;
		}
		held = move_abandon(v, l);
	}
	if (cpumask_test_cpu(l->cpu, dest))
		goto out_resend;		/* there already: nothing moves */
	ret = matrix_get(v, dest, &cpu, &vec);
	if (ret)
		goto out_resend;
	/* Bound before the device can send there; the old stays bound. */
	v->ops->bind(cpu, vec, v->domain, d->hwirq);
	if (cpu_online(l->cpu)) {
		l->prev_cpu = l->cpu;
		l->prev_vector = l->vector;
		l->moving = true;
		l->cleanup_sent = false;
	} else {
		/* Its CPU went offline: no cleanup will run there (Linux frees it at once). */
		held |= vector_drop(v, l->cpu, l->vector);
	}
	l->cpu = cpu;
	l->vector = vec;
out_resend:
	/* An event held for a dropped vector goes to where the line is now. */
	if (held)
		v->ops->send_vector(v->ops->cpu_apic_id(l->cpu), l->vector);
	cpu = l->cpu;
out_unlock:
	irq_spin_unlock_irqrestore(&v->lock, flags);
	if (!ret && l->has_vector)
		irq_data_update_effective_cpu(d, cpu);
	return ret;
}

static void vector_compose_msi_msg(struct irq_data *d, struct msi_msg *msg)
{
	struct x86_vector *v = d->chip_data;
	struct vector_line *l = line_of(d);
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);

	msg->address_hi = 0;
	msg->address_lo = 0;
	msg->data = 0;			/* not activated: no target */
	if (l->has_vector) {
		msg->address_lo = X86_MSI_ADDR_BASE |
				  v->ops->cpu_apic_id(l->cpu) << X86_MSI_DEST_SHIFT;
		msg->data = l->vector;	/* fixed delivery, edge */
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
}

static int vector_retrigger(struct irq_data *d)
{
	struct x86_vector *v = d->chip_data;
	struct vector_line *l = line_of(d);
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);
	int ret = 0;

	if (l->has_vector) {
		v->ops->send_vector(v->ops->cpu_apic_id(l->cpu), l->vector);
		ret = 1;
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
	return ret;
}

/* Pending set: one event to the line's vector on its CPU, as retrigger. */
static int vector_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	if (which == IRQCHIP_STATE_PENDING && val)
		return vector_retrigger(d) > 0 ? 0 : -EINVAL;
	return -EINVAL;
}

static const struct irq_chip vector_chip = {
	.name		= "VECTOR",
	.ack		= vector_ack,		/* edge children (PCI-MSI) */
	.eoi		= vector_ack,		/* fasteoi children (IO-APIC) */
	.set_affinity	= vector_set_affinity,
	.retrigger	= vector_retrigger,
	.compose_msi_msg = vector_compose_msi_msg,
	.set_irqchip_state = vector_set_state,
};

void x86_vector_cleanup(struct x86_vector *v)
{
	unsigned int self = port_cpu_id();
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);

	for (unsigned int hw = 0; hw < v->nr_lines; hw++) {
		struct vector_line *l = &v->lines[hw];

		if (!l->used || !l->moving || !l->cleanup_sent || l->prev_cpu != self)
			continue;
		if (v->ops->vector_pending(l->prev_vector)) {
			l->cleanup_sent = false;	/* still due here: ask again later */
			continue;
		}
		v->ops->bind(self, l->prev_vector, NULL, 0);
		matrix_put(v, self, l->prev_vector);
		l->moving = false;
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
}

int x86_vector_move_done(struct irq_data *d)
{
	struct irq_data *p = d ? d->parent_data : NULL;
	struct x86_vector *v;
	struct vector_line *l;
	unsigned int old = NO_CPU;
	unsigned long flags;

	if (!p || p->chip != &vector_chip)
		return -EINVAL;
	v = p->chip_data;
	l = line_of(p);
	flags = irq_spin_lock_irqsave(&v->lock);
	if (l->moving && !l->cleanup_sent) {
		l->cleanup_sent = true;
		old = l->prev_cpu;
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
	if (old != NO_CPU)
		v->ops->send_cleanup(old);
	return 0;
}

void x86_vector_cpu_offline(struct x86_vector *v)
{
	unsigned int self = port_cpu_id();
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);

	for (unsigned int hw = 0; hw < v->nr_lines; hw++) {
		struct vector_line *l = &v->lines[hw];

		if (!l->used || !l->moving || l->prev_cpu != self)
			continue;
		/* The cleanup would never run here: release the old vector now. */
		if (vector_drop(v, self, l->prev_vector))
			v->ops->send_vector(v->ops->cpu_apic_id(l->cpu), l->vector);
		l->moving = false;
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
}

/* --- the domain: lines, their vector from activation on --- */

/*
 * Release line @hw's vectors. Freed or deactivated mid-move, the old
 * vector goes too, as in Linux (the device is quiet: its message was
 * cleared first). Caller holds v->lock.
 */
static void line_unvector(struct x86_vector *v, struct vector_line *l)
{
	if (!l->has_vector)
		return;
	v->ops->bind(l->cpu, l->vector, NULL, 0);
	matrix_put(v, l->cpu, l->vector);
	if (l->moving) {
		v->ops->bind(l->prev_cpu, l->prev_vector, NULL, 0);
		matrix_put(v, l->prev_cpu, l->prev_vector);
	}
	l->has_vector = false;
	l->moving = false;
}

static void line_release(struct x86_vector *v, unsigned int hw)
{
	line_unvector(v, &v->lines[hw]);
	v->lines[hw] = (struct vector_line){ .used = false };
}

/*
 * Where activation puts line @l (@d): on the requested CPUs online (the
 * descriptor's affinity; any online CPU when none is), preferring those
 * the line's own mask names (the allocation's choice, or a mask given
 * while inactive). A line requested again after a move goes straight to
 * where it was moved; one never moved (all CPUs requested) to its own
 * mask's CPUs as at its first activation.
 */
static void activation_dest(struct vector_line *l, const struct irq_data *d,
			    struct irq_cpumask *dest)
{
	const struct irq_cpumask *asked = irq_data_get_affinity_mask(d);
	struct irq_cpumask want;

	if (!asked || !cpumask_and(&want, asked, irq_cpu_online_mask()))
		want = *irq_cpu_online_mask();
	if (!cpumask_and(dest, &l->dest, &want))
		*dest = want;
}

/* A vector on the best CPU of activation_dest(). */
static int vector_activate(struct irq_domain *dom, struct irq_data *d, bool reserve)
{
	struct x86_vector *v = irq_domain_host_data(dom);
	struct vector_line *l = line_of(d);
	struct irq_cpumask dest;
	unsigned long flags;
	int ret = 0;

	(void)reserve;
	flags = irq_spin_lock_irqsave(&v->lock);
	if (!l->has_vector) {
		activation_dest(l, d, &dest);
		ret = matrix_get(v, &dest, &l->cpu, &l->vector);
		if (!ret) {
			l->has_vector = true;
			v->ops->bind(l->cpu, l->vector, v->domain, d->hwirq);
		}
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
	if (ret)
		irq_log("vector domain: irq %u: no free vector (%d)", d->irq, ret);
	else
		irq_data_update_effective_cpu(d, l->cpu);
	return ret;
}

static void vector_deactivate(struct irq_domain *dom, struct irq_data *d)
{
	struct x86_vector *v = irq_domain_host_data(dom);
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);

	line_unvector(v, line_of(d));
	irq_spin_unlock_irqrestore(&v->lock, flags);
}

static void vector_domain_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	struct x86_vector *v = irq_domain_host_data(d);

	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *data = irq_domain_get_irq_data(d, virq + i);
		unsigned long flags;

		if (!data || data->chip_data != v)
			continue;
		flags = irq_spin_lock_irqsave(&v->lock);
		if (data->hwirq < v->nr_lines && v->lines[data->hwirq].used)
			line_release(v, (unsigned int)data->hwirq);
		irq_spin_unlock_irqrestore(&v->lock, flags);
		irq_domain_set_hwirq_and_chip(d, virq + i, 0, NULL, NULL);
	}
}

/* One line: a free slot; its vector comes at activation (Linux's reservation mode). */
static int line_take(struct x86_vector *v, unsigned int *hw)
{
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);
	int ret = -ENOSPC;

	for (unsigned int i = 0; i < v->nr_lines; i++) {
		struct vector_line *l = &v->lines[i];

		if (l->used)
			continue;
		*l = (struct vector_line){ .used = true };
		cpumask_setall(&l->dest, GENIRQ_NR_CPUS);
		*hw = i;
		ret = 0;
		break;
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
	return ret;
}

static int vector_domain_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr,
			       void *arg)
{
	struct x86_vector *v = irq_domain_host_data(d);
	unsigned int i, hw = 0;
	int ret = 0;

	(void)arg;
	for (i = 0; i < nr && !ret; i++) {
		ret = line_take(v, &hw);
		if (!ret)
			ret = irq_domain_set_hwirq_and_chip(d, virq + i, hw, &vector_chip, v);
	}
	if (ret)
		vector_domain_free(d, virq, i);	/* the failed one too, if it got a slot */
	return ret;
}

static const struct irq_domain_ops vector_domain_ops = {
	.alloc		= vector_domain_alloc,
	.free		= vector_domain_free,
	.activate	= vector_activate,
	.deactivate	= vector_deactivate,
};

struct x86_vector *x86_vector_create(unsigned int first, unsigned int last,
				     unsigned int nr_lines, const struct x86_vector_ops *ops)
{
	struct x86_vector *v;

	if (!ops || first > last || last >= NR_VECTORS || nr_lines == 0) {
		irq_log("vector domain: bad range 0x%x-0x%x or no ops", first, last);
		return NULL;
	}
	v = port_alloc(sizeof(*v));
	if (!v)
		return NULL;
	*v = (struct x86_vector){ .ops = ops, .first = first, .last = last, .nr_lines = nr_lines };
	irq_spin_init(&v->lock);
	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++)
		v->avail[cpu] = last - first + 1;
	v->lines = port_alloc(sizeof(*v->lines) * nr_lines);
	if (v->lines) {
		for (unsigned int i = 0; i < nr_lines; i++)
			v->lines[i] = (struct vector_line){ .used = false };
		v->domain = irq_domain_create_hierarchy(NULL, "VECTOR", nr_lines,
							&vector_domain_ops, v);
	}
	if (!v->lines || !v->domain) {
		irq_log("vector domain: out of memory");
		return NULL;	/* boot-time memory is not given back */
	}
	return v;
}

struct irq_domain *x86_vector_domain(const struct x86_vector *v)
{
	return v->domain;
}

unsigned int x86_vector_free_count(struct x86_vector *v, unsigned int cpu)
{
	unsigned long flags;
	unsigned int n;

	if (cpu >= GENIRQ_NR_CPUS)
		return 0;
	flags = irq_spin_lock_irqsave(&v->lock);
	n = v->avail[cpu];
	irq_spin_unlock_irqrestore(&v->lock, flags);
	return n;
}

int x86_vector_target(struct x86_vector *v, unsigned int irq, unsigned int *cpu,
		      unsigned int *vector)
{
	struct irq_data *d = irq_domain_get_irq_data(v->domain, irq);
	unsigned long flags;
	int ret;

	if (!d || d->chip_data != v)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&v->lock);
	*cpu = v->lines[d->hwirq].cpu;
	*vector = v->lines[d->hwirq].vector;
	ret = v->lines[d->hwirq].has_vector ? 0 : -ENOENT;
	irq_spin_unlock_irqrestore(&v->lock, flags);
	return ret;
}

unsigned int x86_vector_moving(struct x86_vector *v)
{
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);
	unsigned int n = 0;

	for (unsigned int i = 0; i < v->nr_lines; i++)
		n += v->lines[i].used && v->lines[i].moving;
	irq_spin_unlock_irqrestore(&v->lock, flags);
	return n;
}
