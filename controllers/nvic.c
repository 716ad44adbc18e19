// SPDX-License-Identifier: MIT
/*
 * nvic.c - the ARMv7-M / ARMv8-M NVIC (see <genirq/chip/nvic.h>).
 *
 * Registers, as offsets in the System Control Space: ICTR (lines / 32 -
 * 1), then one bit per line in ISER/ICER (write 1: enable/disable),
 * ISPR/ICPR (write 1: pend/unpend), IABR (active, read-only), and one
 * byte per line in IPR, of which the top bits are implemented. The
 * set/clear registers need no lock; IPR is accessed a word at a time
 * (ARMv6-M allows nothing else), so its read-modify-writes take the
 * instance's lock.
 */
#include <genirq/port.h>
#include <genirq/compat.h>
#include <genirq/spinlock.h>
#include <genirq/irqdomain.h>
#include <genirq/chip/nvic.h>

#define ICTR		0x004u
#define ISER		0x100u
#define ICER		0x180u
#define ISPR		0x200u
#define ICPR		0x280u
#define IABR		0x300u
#define IPR		0x400u

struct nvic {
	uintptr_t		scs;
	struct irq_domain	*domain;
	/* The domain's table of descriptor slots (irq_domain_slots()), by
	 * line: an exception enters its line's descriptor without a lookup. */
	struct irq_desc *const	*slots;
	unsigned int		nr_slots;
	unsigned int		nr_lines;
	unsigned int		prio_bits;
	struct irq_spinlock	lock;	/* IPR's read-modify-writes */
};

static inline uint32_t rd(struct nvic *n, uint32_t off)
{
	return *(volatile uint32_t *)(n->scs + off);
}

static inline void wr(struct nvic *n, uint32_t off, uint32_t v)
{
	*(volatile uint32_t *)(n->scs + off) = v;
}

/* The word of a one-bit-per-line register holding line @hw, and its bit. */
static uint32_t word_of(uint32_t reg, irq_hw_number_t hw)
{
	return reg + 4u * (uint32_t)(hw / 32u);
}

static uint32_t bit_of(irq_hw_number_t hw)
{
	return 1u << (hw % 32u);
}

static void nvic_mask(struct irq_data *d)
{
	wr(d->chip_data, word_of(ICER, d->hwirq), bit_of(d->hwirq));
}

static void nvic_unmask(struct irq_data *d)
{
	wr(d->chip_data, word_of(ISER, d->hwirq), bit_of(d->hwirq));
}

/*
 * Nothing to do: the exception return ends the event in hardware. It
 * exists so that the core runs the fasteoi flow, which touches the
 * controller only to mask a line that must be.
 */
static void nvic_eoi(struct irq_data *d)
{
	(void)d;
}

/* The pending set is the software event: the replay of an edge line. */
static int nvic_retrigger(struct irq_data *d)
{
	wr(d->chip_data, word_of(ISPR, d->hwirq), bit_of(d->hwirq));
	return 1;
}

uint8_t nvic_prio_byte(const struct nvic *n, unsigned int prio)
{
	return (uint8_t)(prio << (8u - n->prio_bits));
}

static void write_prio(struct nvic *n, irq_hw_number_t hw, uint8_t byte)
{
	uint32_t off = IPR + 4u * (uint32_t)(hw / 4u), shift = 8u * (uint32_t)(hw % 4u);
	unsigned long flags = irq_spin_lock_irqsave(&n->lock);

	wr(n, off, (rd(n, off) & ~(0xffu << shift)) | ((uint32_t)byte << shift));
	irq_spin_unlock_irqrestore(&n->lock, flags);
}

static int nvic_set_priority(struct irq_data *d, unsigned int prio)
{
	struct nvic *n = d->chip_data;

	if (prio >= 1u << n->prio_bits)
		return -EINVAL;
	write_prio(n, d->hwirq, nvic_prio_byte(n, prio));
	return 0;
}

/*
 * The NVIC latches a pulse and a level alike; the type only tells the core
 * how to hold a disabled line: a level line is masked at once (its event
 * stays pending in the NVIC and comes on the unmask), an edge line lazily
 * (an event that comes is taken, masked, and replayed by a pending set).
 */
static int nvic_set_type(struct irq_data *d, unsigned int type)
{
	(void)d;
	return type == IRQ_TYPE_LEVEL_HIGH || type == IRQ_TYPE_EDGE_RISING ? 0 : -EINVAL;
}

/* The controller's view: ISPR, IABR and ISER; active is read-only. */
static int nvic_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	static const uint32_t reg[] = {
		[IRQCHIP_STATE_PENDING] = ISPR, [IRQCHIP_STATE_ACTIVE] = IABR,
		[IRQCHIP_STATE_MASKED] = ISER,
	};
	bool set = (rd(d->chip_data, word_of(reg[which], d->hwirq)) & bit_of(d->hwirq)) != 0;

	*state = which == IRQCHIP_STATE_MASKED ? !set : set;
	return 0;
}

static int nvic_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	if (which == IRQCHIP_STATE_ACTIVE)
		return -EINVAL;
	if (which == IRQCHIP_STATE_PENDING)
		nvic_set_pending(d->chip_data, d->hwirq, val);
	else
		(val ? nvic_mask : nvic_unmask)(d);
	return 0;
}

static const struct irq_chip nvic_chip = {
	.name		= "NVIC",
	.mask		= nvic_mask,
	.unmask		= nvic_unmask,
	.eoi		= nvic_eoi,
	.set_type	= nvic_set_type,
	.retrigger	= nvic_retrigger,
	.set_priority	= nvic_set_priority,
	.get_irqchip_state = nvic_get_state,
	.set_irqchip_state = nvic_set_state,
	.set_wake	= irq_chip_wake_when_enabled,	/* wfi wakes */
};

/* The implemented priority bits: IPR keeps only those of an all-ones byte. */
static unsigned int probe_prio_bits(struct nvic *n)
{
	uint32_t kept;
	unsigned int bits = 0;

	wr(n, IPR, 0xffu);
	kept = rd(n, IPR) & 0xffu;
	wr(n, IPR, 0);
	while (kept & 0x80u) {
		bits++;
		kept = (kept << 1) & 0xffu;
	}
	return bits;
}

struct nvic *nvic_create(uintptr_t scs, unsigned int nr_lines)
{
	static const char what[] = "nvic: a bad line count, or out of memory\n";
	struct nvic *n = port_alloc(sizeof(*n));
	unsigned int has, words;

	if (!n)
		goto fail;
	*n = (struct nvic){ .scs = scs, .nr_lines = nr_lines };
	irq_spin_init(&n->lock);
	has = 32u * ((rd(n, ICTR) & 0xfu) + 1u);
	n->prio_bits = probe_prio_bits(n);
	if (nr_lines == 0 || nr_lines > has || n->prio_bits < 2)
		goto fail_free;
	words = (nr_lines + 31u) / 32u;
	for (unsigned int w = 0; w < words; w++) {
		wr(n, ICER + 4u * w, ~0u);
		wr(n, ICPR + 4u * w, ~0u);
	}
	/* Every line at the least urgent level: none above the kernel's. */
	for (unsigned int w = 0; w < (nr_lines + 3u) / 4u; w++)
		wr(n, IPR + 4u * w, 0x01010101u * nvic_prio_byte(n, (1u << n->prio_bits) - 1u));
	n->domain = irq_domain_create_linear("NVIC", nr_lines, &nvic_chip, n);
	if (n->domain) {
		n->slots = irq_domain_slots(n->domain, &n->nr_slots);
		return n;
	}
fail_free:
	port_free(n);
fail:
	port_console_write(what, sizeof(what) - 1);
	return NULL;
}

struct irq_domain *nvic_domain(struct nvic *n)
{
	return n->domain;
}

unsigned int nvic_prio_bits(const struct nvic *n)
{
	return n->prio_bits;
}

int nvic_map(struct nvic *n, irq_hw_number_t hw)
{
	int irq, ret;

	if (hw >= n->nr_lines)
		return -EINVAL;
	irq = irq_create_mapping(n->domain, hw);
	if (irq < 0)
		return irq;
	ret = irq_set_irq_type((unsigned int)irq, IRQ_TYPE_LEVEL_HIGH);
	return ret < 0 ? ret : irq;
}

int nvic_handle_exception(struct nvic *n, unsigned int exc, void *regs)
{
	/* (Below NVIC_FIRST_EXTERNAL the line number wraps past any table.) */
	unsigned int hw = exc - NVIC_FIRST_EXTERNAL;

	/* By the line's slot, read by the core in hardirq context (a line
	 * disposed meanwhile finds it empty); past the table (a domain
	 * that gave none) by the domain lookup, which counts it. */
	if (irq_likely(hw < n->nr_slots))
		return irq_handle_desc_entry(&n->slots[hw], regs);
	if (exc < NVIC_FIRST_EXTERNAL || hw >= n->nr_lines)
		return -EINVAL;
	return irq_handle_domain_entry(n->domain, hw, regs);
}

bool nvic_is_pending(struct nvic *n, irq_hw_number_t hw)
{
	return hw < n->nr_lines && (rd(n, word_of(ISPR, hw)) & bit_of(hw));
}

bool nvic_is_active(struct nvic *n, irq_hw_number_t hw)
{
	return hw < n->nr_lines && (rd(n, word_of(IABR, hw)) & bit_of(hw));
}

void nvic_set_pending(struct nvic *n, irq_hw_number_t hw, bool pending)
{
	if (hw < n->nr_lines)
		wr(n, word_of(pending ? ISPR : ICPR, hw), bit_of(hw));
}
