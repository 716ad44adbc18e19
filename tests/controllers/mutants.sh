#!/usr/bin/env bash
# mutants.sh OUTDIR - each controller test must catch each hand mutation
# of its driver listed below: the driver is copied, changed by one sed
# expression (which must change it), built with its test, and the test
# must fail. Environment (from tests/controllers.mk): CC, CFLAGS, X86
# (the fake port I/O pre-include), RISCV (the fake AIA CSRs), BASE (core,
# hosted port, fakes); JOBS (default: the number of CPUs) mutants are
# built and run at once. Each test's own file and the local APIC's
# sources are compiled once and shared by all mutants of that test.
set -eu
out=$1
rm -rf "$out"
mkdir -p "$out/cache"
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
running=0 started=0 failed=0

# cached_obj KEY SRC FLAGS...: SRC compiled once with FLAGS; prints the object.
cached_obj() {
	key=$1 src=$2
	shift 2
	obj=$out/cache/$key/$(echo "$src" | tr / _).o
	if [ ! -f "$obj" ]; then
		mkdir -p "$out/cache/$key"
		"$CC" "$@" -c "$src" -o "$obj.tmp" || { echo "mutants: $src: no build" >&2; exit 1; }
		mv "$obj.tmp" "$obj"
	fi
	echo "$obj"
}

# build_and_run NAME TEST DRIVER EXPR ARG (in the background): one mutant.
build_and_run() {
	name=$1 test=$2 driver=$3 expr=$4 arg=$5 dir=$out/$1
	srcs=$6 objs=$7 flags=$8
	sed -e "$expr" "controllers/$driver" >"$dir/$driver"
	if cmp -s "controllers/$driver" "$dir/$driver"; then
		echo "mutants: $name: the expression changed nothing"; return 1
	fi
	# shellcheck disable=SC2086 # word lists
	$CC $flags -o "$dir/test" $srcs $objs -lpthread 2>"$dir/build.log" ||
		{ cat "$dir/build.log"; echo "mutants: $name: no build"; return 1; }
	# A mutant may also hang (a lock never released): that is caught too.
	# shellcheck disable=SC2086
	if timeout 20 "$dir/test" $arg >"$dir/run.log" 2>&1; then
		echo "mutants: $name: NOT caught"; return 1
	fi
	echo "mutants: $name: caught ($(grep -c 'failed\|^fake:' "$dir/run.log") failure lines)"
}

# One finished job: count it, remember a failure.
reap() {
	if wait -n; then :; else failed=$((failed + 1)); fi
	running=$((running - 1))
}

# mutant NAME TEST DRIVER SED-EXPRESSION [TEST-ARGUMENT]
mutant() {
	name=$1 test=$2 driver=$3 expr=$4 arg=${5:-}
	dir=$out/$name
	mkdir -p "$dir"
	cp controllers/*.c controllers/*.h "$dir/"
	extra= srcs="$dir/$driver"
	case $driver in i8259.c|lapic.c|x86_apic.c) extra=$X86 ;; imsic.c) extra=$RISCV ;; esac
	# The GIC drivers are built with their shared distributor helpers; the
	# GICv3's CPU interface registers go to a fake.
	case $test in gicv2|gicv3) srcs="$dir/$test.c $dir/gic_common.c" ;; esac
	# The IO-APIC is tested on the vector domain, its parent.
	case $test in ioapic) srcs="$dir/ioapic.c $dir/x86_vector.c" ;; esac
	# The APIC machine: with every driver it joins.
	case $test in x86_apic) srcs="$dir/x86_apic.c $dir/lapic.c $dir/ioapic.c $dir/x86_vector.c $dir/i8259.c" ;; esac
	case $test in gicv2m) srcs="$dir/gicv2m.c $dir/gicv2.c $dir/gic_common.c" ;; esac
	case $test in gicv3_its) srcs="$dir/gicv3_its.c $dir/gicv3.c $dir/gic_common.c" ;; esac
	fake=
	case $test in gicv3|gicv3_its) extra="-include tests/controllers/fake_gic_sysreg.h"
		fake=tests/controllers/fake_gic_cpuif.c ;; esac
	case $driver in
	lapic.c|x86_apic.c) san="-fsanitize=undefined -fno-sanitize-recover=all"
		 flags=$(echo "$CFLAGS" | sed 's/-fsanitize=address,undefined//')
		 # the core and the hosted port from source, with UBSan only
		 base=
		 for f in $(echo "$BASE" | sed 's|build/controllers/obj/||g; s|\.o\b|.c|g'); do
			# shellcheck disable=SC2086
			base="$base $(cached_obj lapic-base "$f" $flags $san $extra)"
		 done ;;
	*) san= base=$BASE flags=$CFLAGS ;;
	esac
	# shellcheck disable=SC2086
	objs="$(cached_obj "$test-$driver" "tests/controllers/$test.c" $flags $san $extra)"
	[ -z "$fake" ] || objs="$objs $(cached_obj "$test-$driver" "$fake" $flags $san $extra)"
	[ "$running" -lt "$jobs" ] || reap
	build_and_run "$name" "$test" "$driver" "$expr" "$arg" "$srcs" "$objs $base" \
		"$flags $san $extra" &
	running=$((running + 1)) started=$((started + 1))
}

# i8259
mutant i8259-no-cascade-eoi i8259 i8259.c '/^static void eoi_locked/,/^}/{/OCW2_SEOI | I8259_CASCADE);$/d;}'
mutant i8259-eoi-nonspecific i8259 i8259.c 's/#define OCW2_SEOI\t0x60/#define OCW2_SEOI\t0x20/'
mutant i8259-entry-skips-spurious-test i8259 i8259.c 's/^\tif (!i8259_spurious(hw))$/\tif (1)/'
mutant i8259-imr-wrong-chip i8259 i8259.c 's/if (hw < 8)$/if (hw < 7)/'
mutant i8259-elcr-level-inverted i8259 i8259.c 's/if (level)$/if (!level)/'
mutant i8259-spurious7-eoi i8259 i8259.c 's/if (spurious \&\& hw == 15)/if (spurious)/'
# ioapic
mutant ioapic-global-instance ioapic ioapic.c 's/rte_update(d->chip_data,/rte_update(first,/; s/^struct ioapic {/static struct ioapic *first;\nstruct ioapic {/; s/io->domain = irq_domain_create_hierarchy/if (!first) first = io;\n\tio->domain = irq_domain_create_hierarchy/'
mutant ioapic-polarity-inverted ioapic ioapic.c 's/(IRQ_TYPE_LEVEL_LOW | IRQ_TYPE_EDGE_FALLING)/(IRQ_TYPE_LEVEL_HIGH | IRQ_TYPE_EDGE_RISING)/'
mutant ioapic-dest-from-data ioapic ioapic.c 's/(msg.address_lo >> X86_MSI_DEST_SHIFT \& 0xFFu) << 24/(msg.data \& 0xFFu) << 24/'
mutant ioapic-no-chip-eoi ioapic ioapic.c '/(RTE_REMOTE_IRR | RTE_MASKED)) == (RTE_REMOTE_IRR | RTE_MASKED))$/{n;s/= lo \& RTE_VECTOR/= 0/;}'
mutant ioapic-low-word-first ioapic ioapic.c 's/io_write(io, REG_RTE_HI(pin), 0);/io_write(io, REG_RTE_LO(pin), RTE_MASKED); io_write(io, REG_RTE_HI(pin), 0); continue;/'
mutant ioapic-eoi-not-forwarded ioapic ioapic.c 's/^\tirq_chip_eoi_parent(d);/\t(void)0;/'
mutant ioapic-no-move-done ioapic ioapic.c 's/^\t\tx86_vector_move_done(d);/\t\t(void)0;/'
mutant ioapic-move-no-eoi ioapic ioapic.c '/io_write(io, REG_RTE_LO(pin), lo | RTE_MASKED);$/{n;s/= lo \& RTE_VECTOR/= 0/;}'
mutant ioapic-move-unmasked ioapic ioapic.c '/^static void rte_target/,/^}/s/io_write(io, REG_RTE_LO(pin), lo | RTE_MASKED);/(void)0;/'
mutant ioapic-move-not-deferred ioapic ioapic.c 's/irq_data_set_move_at_event(irq_domain_get_irq_data(dom, virq + i), true);/(void)0;/'
mutant ioapic-edge-type-not-deferred ioapic ioapic.c 's/irq_data_set_move_at_event(d, !(set \& RTE_LEVEL));/irq_data_set_move_at_event(d, false);/'
mutant ioapic-level-move-deferred ioapic ioapic.c 's/irq_data_set_move_at_event(d, !(set \& RTE_LEVEL));/irq_data_set_move_at_event(d, true);/'
mutant ioapic-move-window-unmasked ioapic ioapic.c '/^static int move_masked/,/^}/s/io_write(io, REG_RTE_LO(pin), lo | RTE_MASKED);/(void)0;/'
mutant ioapic-move-unmasks-disabled ioapic ioapic.c '/^static int move_masked/,/^}/s/if (!(lo \& RTE_MASKED))$/if (1)/'
mutant ioapic-busy-move-rewrites ioapic ioapic.c '/^static int move_now/,/^}/s/if (ret == 0) {$/if (ret == 0 || ret == -EBUSY) {/'
mutant ioapic-no-retrigger ioapic ioapic.c 's/\.retrigger\t= irq_chip_retrigger_hierarchy,/.retrigger\t= NULL,/'
mutant ioapic-deactivate-keeps-entry ioapic ioapic.c '/^static void ioapic_deactivate/,/^}/s/pin_reset(irq_domain_host_data(dom), (unsigned int)d->hwirq);/(void)dom; (void)d;/'
mutant vector-activation-ignores-affinity ioapic x86_vector.c 's/= irq_data_get_affinity_mask(d);/= d ? NULL : NULL;/'
mutant ioapic-vector-kept-at-move ioapic ioapic.c 's/(lo \& ~(RTE_VECTOR | RTE_REMOTE_IRR)) | vec);/(lo \& ~RTE_REMOTE_IRR) | (lo \& RTE_VECTOR ? 0 : vec));/'
mutant ioapic-state-edge-active ioapic ioapic.c 's/== (RTE_LEVEL | RTE_REMOTE_IRR);/!= 0;/'
mutant ioapic-state-pending-cleared ioapic ioapic.c 's/if (which == IRQCHIP_STATE_PENDING \&\& val)$/if (which == IRQCHIP_STATE_PENDING)/'
# lapic
mutant lapic-no-icr-wait lapic lapic.c 's/while (rd(REG_ICR_LO) \& ICR_PENDING)/if (rd(REG_ICR_LO) \& ICR_PENDING \&\& 0)/'
mutant lapic-icr-low-first lapic lapic.c '/wr(REG_ICR_HI, apic_id << 24);/{h;d;};/wr(REG_ICR_LO, low);/G'
mutant lapic-svr-not-enabled lapic lapic.c 's/wr(REG_SVR, SVR_ENABLE | /wr(REG_SVR, /'
mutant lapic-msr-not-enabled lapic lapic.c 's/rdmsr(MSR_APIC_BASE) | APIC_BASE_EN/rdmsr(MSR_APIC_BASE)/'
mutant lapic-timer-one-shot lapic lapic.c 's/wr(REG_LVT_TIMER, LVT_PERIODIC | LAPIC_TIMER_VECTOR);/wr(REG_LVT_TIMER, LAPIC_TIMER_VECTOR);/'
mutant lapic-ipi-cpu-as-apic-id lapic lapic.c 's/lapic_send_vector(cpu_apic_ids\[cpu\], /lapic_send_vector(cpu, /'
mutant lapic-state-isr-for-pending lapic lapic.c 's/(which == IRQCHIP_STATE_PENDING ? REG_IRR : REG_ISR)/REG_ISR/'
# mpic (both byte orders: the swap forced one way fails one of them)
mutant mpic-swap-forced-off mpic mpic.c 's/\.swap = cfg->big_endian != cpu_big/.swap = cpu_big/' be
mutant mpic-no-mask-around-dr mpic mpic.c 's/wr(m, vpr_off, vpr | VPR_MASK);/(void)0;/' be
mutant mpic-ipi-not-translated mpic mpic.c 's/hw = m->ipi_line\[hw - m->nr_sources\]\[port_cpu_id()\];/(void)0;/' be
mutant mpic-ipi-takes-flat-ipi mpic mpic.c 's/ \&\& irq_domain_hwirq_free(d, mpic_ipi_hwirq(m, n)))/)/' le
mutant mpic-ipi-left-masked mpic mpic.c 's/vpr_update(m, mpic_ipi_hwirq(m, n), VPR_MASK, 0);/(void)0;/' be
mutant mpic-ipi-sent-to-self mpic mpic.c 's/send_ipi(m, ipi_of_line(m, d->hwirq), 1u << cpu);/send_ipi(m, ipi_of_line(m, d->hwirq), 1u << port_cpu_id());/' le
mutant mpic-msi-ack-no-msir-read mpic mpic.c 's/(void)rd(m, MSIR(d->hwirq - MPIC_MSI_SOURCE0));/(void)0;/' be
mutant mpic-msi-data-not-srs mpic mpic.c 's/MPIC_MSI_SOURCE0) << 5;/MPIC_MSI_SOURCE0) + 1;/' be
mutant mpic-msi-bank-not-returned mpic mpic.c 's/m->msi_used \&= ~(1u << (hw - MPIC_MSI_SOURCE0));/(void)0;/' be
# xics
mutant xics-xisr0-dispatched xics xics.c 's/if (hw == 0) {/if (hw == 0 \&\& 0) {/'
# gicv3, gicv2 and their shared distributor helpers
mutant gicv3-spurious-dispatched gicv3 gicv3.c 's/else if (intid >= GIC_FIRST_LPI \&\& lpi < g->nr_lpis)/else if (1)/'
mutant gicv3-router-cpu-number gicv3 gicv3.c 's/gic_write(g->dist, off, (uint32_t)(g->mpidr\[cpu\] \& 0xffffffu));/gic_write(g->dist, off, cpu);/'
mutant gicv3-sgi-aff1-shift gicv3 gicv3.c 's/#define SGI1R_AFF1_SHIFT\t16/#define SGI1R_AFF1_SHIFT\t8/'
mutant gicv3-percpu-one-redist gicv3 gicv3.c 's/gic_write_bit(g->sgi\[cpu\], bank, hw);/gic_write_bit(g->sgi[0], bank, hw);/'
mutant gicv3-unmapped-not-ended gicv3 gicv3.c 's/icc_eoir1(intid);\t\/\* no line/(void)intid;\t\/* no line/'
mutant gicv3-slot-of-intid-0 gicv3 gicv3.c 's/\&g->slots\[intid\]/\&g->slots[0]/'
mutant gicv3-pmr-not-restored gicv3 gicv3.c 's/\ticc_set_pmr(pmr);/\t(void)pmr;/'
mutant gicv3-nmi-kept-out gicv3 gicv3.c '/^\tgic_cpu_irq_unmask();$/d'
mutant gicv2-slot-of-intid-0 gicv2 gicv2.c 's/\&g->slots\[hw\]/\&g->slots[0]/'
mutant gicv2-unmapped-not-ended gicv2 gicv2.c 's/\t\tgicv2_end(g);\t\/\* unmapped/\t\t(void)0;\t\/* unmapped/'
mutant gic-edge-bit-inverted gicv2 gic_common.c 's/if (type == IRQ_TYPE_EDGE_RISING)$/if (type != IRQ_TYPE_EDGE_RISING)/'
mutant gic-priority-wrong-byte gicv3 gic_common.c 's/shift = 8u \* (uint32_t)(hw % 4);/shift = 0;/'
mutant gicv2-eoi-intid-only gicv2 gicv2.c 's/gic_write(g->cpuif, GICC_EOIR, c->iar\[--c->depth\]);/gic_write(g->cpuif, GICC_EOIR, c->iar[--c->depth] \& GICC_IAR_INTID);/'
mutant gicv2-eoi-first-in gicv2 gicv2.c 's/c->iar\[--c->depth\]/c->iar[0 * --c->depth]/'
mutant gic-state-clear-bank-is-set gicv2 gic_common.c 's/val ? 1 : 2\]/val ? 1 : 1]/'
mutant gic-state-masked-not-inverted gicv3 gic_common.c 's/which == IRQCHIP_STATE_MASKED ? !set : set/set/'
mutant gic-dt-ppi-counted-from-spis gicv2 gic_common.c 's/\*hwirq = GIC_FIRST_PPI + n;/*hwirq = GIC_FIRST_SPI + n;/'
mutant gicv3-state-masked-no-rwp gicv3 gicv3.c '/^static int spi_set_state/,/^}/{s/(val ? spi_mask : spi_unmask)(d);/gic_set_state(g->dist, d->hwirq, which, val);/;}'
mutant gicv2-targets-cpu-number gicv2 gicv2.c 's/set_target(g, d->hwirq, g->cpu\[cpu\].target);/set_target(g, d->hwirq, (uint8_t)cpu);/'
mutant gicv2-spurious-dispatched gicv2 gicv2.c 's/if (hw >= GIC_MAX_LINES) {/if (hw >= GIC_MAX_LINES \&\& 0) {/'
# gicv3_its and the GICv3's LPIs
mutant its-mapti-event-as-lpi gicv3_its gicv3_its.c 's/(uint64_t)(hw + GIC_FIRST_LPI) << 32 | ev, 0);/(uint64_t)hw << 32 | ev, 0);/'
mutant its-movi-old-collection gicv3_its gicv3_its.c 's/l->event, cpu);/l->event, l->cpu);/'
mutant its-data-is-lpi gicv3_its gicv3_its.c 's/msg->data = its->lines\[d->hwirq\].event;/msg->data = (uint32_t)d->hwirq + GIC_FIRST_LPI;/'
mutant its-translater-first-page gicv3_its gicv3_its.c 's/(uint64_t)its->base + GITS_TRANSLATER_OFF;/(uint64_t)its->base + 0x40u;/'
mutant its-unmask-no-inv gicv3_its gicv3_its.c '/^static void lpi_config/,/^}/{/cmd(its, devid_dw(CMD_INV/d;}'
mutant its-eoi-hwirq gicv3_its gicv3_its.c 's/icc_eoir1((uint32_t)d->hwirq + GIC_FIRST_LPI);/icc_eoir1((uint32_t)d->hwirq);/'
mutant its-itt-too-big gicv3_its gicv3_its.c 's/ITS_EVENT_BITS - 1u,/ITS_EVENT_BITS,/'
mutant its-device-never-unmapped gicv3_its gicv3_its.c '/^static void line_put/,/^}/{/cmd(its, devid_dw(CMD_MAPD, dv->devid), 0, 0);/d;}'
mutant its-mapc-cpu-number gicv3_its gicv3_its.c 's/CMD_VALID | its->rdbase\[c\] << RDBASE_SHIFT | c);/CMD_VALID | (uint64_t)c << RDBASE_SHIFT | c);/'
mutant its-no-invall gicv3_its gicv3_its.c '/cmd(its, CMD_INVALL, 0, c);/d'
mutant its-alloc-partial-kept gicv3_its gicv3_its.c 's/for (unsigned int k = i; ret \&\& k > 0; k--)/for (unsigned int k = i; ret \&\& k > i; k--)/'
mutant its-stall-ignored gicv3_its gicv3_its.c 's/if (rd \& GITS_CREADR_STALLED) {/if (rd \& GITS_CREADR_STALLED \&\& 0) {/'
mutant gicv3-lpi-hwirq-is-intid gicv3_its gicv3.c 's/uint32_t lpi = intid - GIC_FIRST_LPI;/uint32_t lpi = intid;/'
mutant gicv3-lpi-pendbaser-shared gicv3_its gicv3.c 's/uint64_t pend = (uint64_t)cfg->pend\[cpu\];/uint64_t pend = (uint64_t)cfg->pend[0];/'
# gicv2m and the GICv2's SPIs for it
mutant v2m-data-off-by-one gicv2m gicv2m.c 's/msg->data = (uint32_t)d->hwirq;/msg->data = (uint32_t)d->hwirq + 1;/'
mutant v2m-address-frame-base gicv2m gicv2m.c 's/(uint64_t)m->frame + GICV2M_SETSPI_NS;/(uint64_t)m->frame;/'
mutant v2m-typer-base-shift gicv2m gicv2m.c 's/(((t) >> 16) \& 0x3ffu)/(((t) >> 16) \& 0xffffu)/'
mutant v2m-typer-count-wide gicv2m gicv2m.c 's/((t) \& 0x3ffu)$/((t) \& 0xffffu)/'
mutant gicv2-msi-spi-level gicv2m gicv2.c '/^static int hier_alloc/,/^}/{/gic_set_trigger/d;}'
mutant gicv2-msi-spi-not-returned gicv2m gicv2.c 's/g->hier_given\[k \/ 64\] \&= ~(1ull << (k % 64));/(void)k;/'
mutant gicv2-msi-takes-flat-line gicv2m gicv2.c 's/if (!given(g, i) \&\& irq_domain_hwirq_free(d, g->hier_first + i)) {/if (!given(g, i) \&\& d) {/'
mutant gicv2-msi-partial-kept gicv2m gicv2.c 's/hier_free(d, virq, i);\t\t\/\* what this call gave \*\//(void)0;/'
# pl061
mutant pl061-edge-not-acked pl061 pl061.c 's/wr(p, GPIOIC, bit(d));/(void)p; (void)bit(d);/'
mutant pl061-iev-inverted pl061 pl061.c 's/update(p, GPIOIEV, bit(d), high);/update(p, GPIOIEV, bit(d), !high);/'
mutant pl061-parent-not-ended pl061 pl061.c 's/^\t\tpc->eoi(parent);/\t\t(void)parent;/'
# nvic
mutant nvic-mask-enables nvic nvic.c 's/wr(d->chip_data, word_of(ICER, d->hwirq), bit_of(d->hwirq));/wr(d->chip_data, word_of(ISER, d->hwirq), bit_of(d->hwirq));/'
mutant nvic-no-replay nvic nvic.c 's/^\twr(d->chip_data, word_of(ISPR, d->hwirq), bit_of(d->hwirq));/\t(void)d;/'
mutant nvic-prio-low-bits nvic nvic.c 's/return (uint8_t)(prio << (8u - n->prio_bits));/return (uint8_t)(prio + 0u * n->prio_bits);/'
mutant nvic-prio-clobbers-word nvic nvic.c 's/wr(n, off, (rd(n, off) \& ~(0xffu << shift)) | ((uint32_t)byte << shift));/wr(n, off, (uint32_t)byte << shift);/'
mutant nvic-exception-offset nvic nvic.c 's/unsigned int hw = exc - NVIC_FIRST_EXTERNAL;/unsigned int hw = exc - 15u;/'
mutant nvic-second-word nvic nvic.c 's/return reg + 4u \* (uint32_t)(hw \/ 32u);/return reg + 0u * (uint32_t)hw;/'
mutant nvic-state-active-writable nvic nvic.c '/^static int nvic_set_state/,/^}/{s/return -EINVAL;/(void)0;/;}'
mutant xics-ipi-not-translated xics xics.c 's/hw = c->ipi_line;/(void)0;/'
mutant xics-ipi-to-own-server xics xics.c 's/H_IPI, x->hv.server\[cpu\], PRIO_IPI/H_IPI, x->hv.server[port_cpu_id()], PRIO_IPI/'
mutant xics-ipi-never-freed xics xics.c 's/x->ipi_reserved = false;/(void)0;/'
mutant xics-msi-cfg-not-devfn xics xics.c 's/unsigned int cfg = dev->id << 8,/unsigned int cfg = dev->id,/'
mutant xics-msi-not-given-back xics xics.c 's/^\t\tchange_msi(x, cfg, 0);$/\t\t(void)cfg;/'
mutant xics-msi-left-unmasked xics xics.c 's/rtas(x, x->hv.tok_set_xive, 3, src\[i\], x->hv.server\[0\], PRIO_MASKED);/(void)0;/'
# plic
mutant plic-claim0-dispatched plic plic.c 's/if (hw == 0) {/if (hw == 0 \&\& 0) {/'
mutant plic-slot-of-source-1 plic plic.c 's/\&p->slots\[hw\]/\&p->slots[1]/'
mutant plic-eoi-masked-ignored plic plic.c '/^static void plic_eoi/,/^}/{/toggle(p, cpu, d->hwirq, true);/d;}'
mutant plic-affinity-old-context-kept plic plic.c '/^static int plic_set_affinity/,/^}/{/toggle(p, s->cpu, d->hwirq, false);/d;}'
mutant plic-unmask-no-reevaluation plic plic.c '/^static void open_in/,/^}/{/wr(p, THRESHOLD/d;}'
mutant plic-cpu-init-keeps-threshold plic plic.c '/^void plic_cpu_init/,/^}/{/wr(p, THRESHOLD/d;}'
mutant plic-enable-word-wrong plic plic.c 's/4u \* ((s) \/ 32u))/4u * ((s) \/ 16u))/'
mutant plic-contexts-mode-swapped plic plic.c 's/(machine ? 0u : 1u)/(machine ? 1u : 0u)/'
mutant plic-state-pending-word-wrong plic plic.c 's/(0x1000u + 4u \* ((s)/(0x1004u + 4u * ((s)/'
mutant plic-state-masked-inverted plic plic.c '/^static int plic_get_state/,/^}/{s/\*state = !(rd/*state = (rd/;}'
mutant plic-contexts-far-hart-accepted plic plic.c '/^int plic_contexts/,/^}/{s/if (hartid\[cpu\] >= MAX_CONTEXTS \/ 2u)/if (0)/;}'
mutant plic-priority-not-read-back plic plic.c 's/if (rd(p, PRIORITY(src)) == prio)/if (1)/'
mutant plic-priority-not-written plic plic.c '/^int plic_set_priority/,/^}/{s/wr(p, PRIORITY(src), prio);//;}'
# aplic
mutant aplic-eoi-retrigger-idle aplic aplic.c 's/ \& (1u << (src % 32u)))/ | 1u)/'
mutant aplic-eoi-on-edge aplic aplic.c 's/if ((d->trigger \& IRQ_TYPE_LEVEL_MASK) \&\&/if (/'
mutant aplic-eoi-rearms-masked aplic aplic.c 's/if (ap->open\[d->hwirq\])/if (ap->open[d->hwirq] || 1)/'
mutant aplic-unmask-no-rearm aplic aplic.c '/^static void aplic_unmask/,/^}/{/rearm_level(d);/d;}'
mutant aplic-target-cpu-number aplic aplic.c 's/ap->cfg.hart_index\[cpu\] << TARGET_HART_SHIFT/cpu << TARGET_HART_SHIFT/'
mutant aplic-direct-mode aplic aplic.c 's/DOMAINCFG_IE | DOMAINCFG_DM_MSI/DOMAINCFG_IE/'
mutant aplic-state-clear-sets aplic aplic.c 's/val ? SETIPNUM_LE : CLRIPNUM/SETIPNUM_LE/'
mutant aplic-state-reads-inputs aplic aplic.c '/^static int aplic_get_state/,/^}/{s/SETIP(src/IN_CLRIP(src/;}'
# imsic
mutant imsic-claim0-dispatched imsic imsic.c 's/if (id == 0) {/if (id == 0 \&\& 0) {/'
mutant imsic-id0-enabled imsic imsic.c 's/bits \&= ~1ul;/(void)0;/'
mutant imsic-last-word-unbounded imsic imsic.c 's/if (im->cfg.nr_ids - first < IDS_PER_REG - 1)/if (0)/'
mutant imsic-delivery-off imsic imsic.c '/aia_ireg_write(EIDELIVERY, DELIVER_ON);/d'
mutant imsic-msi-ids-to-wired imsic imsic.c 's/if (msi_id(im, id)) {/if (0 \&\& msi_id(im, id)) {/'
mutant imsic-msg-hart0 imsic imsic.c 's/uint64_t addr = im->mcfg.file_addr\[t->cpu\];/uint64_t addr = im->mcfg.file_addr[0];/'
mutant imsic-old-freed-at-move imsic imsic.c 's/^\tt->moving = true;/\tt->moving = false; id_put(im, t->prev_cpu, t->prev_id);/'
mutant imsic-old-freed-by-old-event imsic imsic.c 's/if (t->moving \&\& port_cpu_id() == t->cpu) {/if (t->moving) {/'
mutant imsic-one-bind-table imsic imsic.c 's/return \&im->bind\[cpu \* im->nr_range/return \&im->bind[(cpu \& 0) * im->nr_range/'
# x86_vector
mutant vector-one-matrix x86_vector x86_vector.c 's/return v->map\[cpu\]\[vec \/ 64u\]/return v->map[cpu \& 0][vec \/ 64u]/'
mutant vector-cleanup-ignores-apic x86_vector x86_vector.c 's/if (v->ops->vector_pending(l->prev_vector)) {/if (0) {/'
mutant vector-old-freed-at-move x86_vector x86_vector.c 's/^\t\tl->moving = true;/\t\tl->moving = false;/'
mutant vector-apic-id-is-cpu x86_vector x86_vector.c 's/v->ops->cpu_apic_id(l->cpu) << X86_MSI_DEST_SHIFT/l->cpu << X86_MSI_DEST_SHIFT/'
mutant vector-offline-keeps-old x86_vector x86_vector.c 's/if (!l->used || !l->moving || l->prev_cpu != self)$/if (1)/'
mutant vector-held-event-dropped x86_vector x86_vector.c 's/^\tif (held)$/\tif (0)/'
mutant vector-offline-cpu-kept x86_vector x86_vector.c 's/^\tif (cpu_online(l->cpu)) {$/\tif (1) {/'
# x86_apic
mutant x86_apic-config-unchecked x86_apic x86_apic.c 's/if (!c || !config_ok(c)) {/if (!c || (!config_ok(c) \&\& 0)) {/'
mutant x86_apic-one-vector-table x86_apic x86_apic.c 's/slot = \&slots\[cpu\]\[vector\];/slot = \&slots[0][vector];/'
mutant x86_apic-no-cleanup x86_apic x86_apic.c 's/^\t\tx86_vector_cleanup(vectors);/\t\t(void)0;/'
mutant x86_apic-spurious-eoi x86_apic x86_apic.c 's/^\t\tirq_spurious_vector();/\t\tlapic_eoi(); irq_spurious_vector();/'
mutant x86_apic-entry-ignored x86_apic x86_apic.c 's/int ret = cfg.entry ? /int ret = 0 ? /' madt
mutant x86_apic-emptied-slot-no-eoi x86_apic x86_apic.c 's/^\t\tif (irq_unlikely(ret))$/\t\tif (ret \&\& 0)/' madt
mutant x86_apic-override-ignored x86_apic x86_apic.c 's/cfg.isa_gsi \&\& isa < NR_ISA_LINES/0 \&\& isa < NR_ISA_LINES/' madt

while [ "$running" -gt 0 ]; do reap; done
if [ "$failed" -ne 0 ]; then
	echo "mutants: $failed of $started hand mutations not caught or not built"
	exit 1
fi
echo "mutants: $started hand mutations, each caught by its test"
