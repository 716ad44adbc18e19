#!/usr/bin/env bash
# check-names.sh LIB... - genirq's names cannot collide with a host
# kernel's:
#  1. every global symbol each libgenirq.a defines carries a genirq prefix
#     (irq_, genirq_, handle_*_irq, a controller's name, the hosted
#     port's sim_; port_ for the port contract's weak defaults) or is a
#     Linux driver verb of scripts/names-allow.txt;
#  2. every public header, each port's inline header and its port kit's
#     header compile after a header that defines the names kernels
#     usually have (in_irq(), for_each_cpu(), cpumask_*, PREEMPT_MASK, E*
#     with newlib's values, SSTATUS_SIE, MSR_EE, mfspr(), rdtsc(),
#     mmio_read32(), ...): genirq's headers define none of them.
set -euo pipefail
dir=$(dirname "$0")
allow=$(grep -v '^#' "$dir/names-allow.txt" | grep -v '^$' | paste -sd'|')
prefixes='irq_|genirq_|port_|handle_[a-z_]+_irq$|i8259_|ioapic_|lapic_|x86_vector_|x86_apic_|mpic_|xics_|gic_|gicv2_|gicv2m_|gicv3_|its_|pl061_|plic_|aplic_|imsic_|nvic_|simpic_|simpci_|sim_|__x86\.get_pc_thunk\.'
status=0
for lib in "$@"; do
	bad=$(nm -g --defined-only "$lib" | awk 'NF==3{print $3}' | sort -u |
	      grep -Ev "^($prefixes)" | grep -Evx "$allow" || true)
	if [ -n "$bad" ]; then
		echo "check-names: $lib defines names without a genirq prefix:" $bad
		status=1
	else
		echo "check-names: $lib: $(nm -g --defined-only "$lib" | awk 'NF==3' | wc -l) global symbols, each prefixed or a Linux driver verb"
	fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/clash.h" <<'H'
/* Names a host kernel usually defines, with other meanings or values. */
#define in_irq()		host_in_irq()
#define in_interrupt()		host_in_interrupt()
#define in_softirq()		host_in_softirq()
#define in_nmi()		host_in_nmi()
#define for_each_cpu(c, m)	host_for_each_cpu(c, m)
#define cpumask_set_cpu(c, m)	host_cpumask_set_cpu(c, m)
#define cpumask_test_cpu(c, m)	host_cpumask_test_cpu(c, m)
#define cpumask_clear(m)	host_cpumask_clear(m)
#define cpumask_first(m)	host_cpumask_first(m)
#define preempt_disable()	host_preempt_disable()
#define preempt_enable()	host_preempt_enable()
#define PREEMPT_MASK		0x7f
#define HARDIRQ_MASK		0x3ff0000
#define SOFTIRQ_MASK		0xff00
#define NMI_MASK		0x4000000
#define HARDIRQ_OFFSET		0x10000
#define CPUMASK_LONGS		99
struct cpumask { unsigned long host_bits[2]; };
#define ENOSYS			88	/* newlib's */
#define EOVERFLOW		139	/* newlib's */
#define EINVAL			22
#define EBUSY			16
#define SSTATUS_SIE		0x2
#define MSR_EE			0x8000
#define MSR_RI			0x2
#define DAIF_IRQ_BIT		0x80
#define MPIDR_AFF0		0xff
#define SPRN_SPRG2		274
/* ... and helpers a kernel's own headers often have. */
#define mfspr(n)		host_mfspr(n)
#define mtspr(n, v)		host_mtspr(n, v)
#define mftb()			host_mftb()
#define rdtsc()			host_rdtsc()
#define cntvct()		host_cntvct()
#define mmio_read8(a)		host_mmio_read8(a)
#define mmio_write8(a, v)	host_mmio_write8(a, v)
#define mmio_read32(a)		host_mmio_read32(a)
#define mmio_write32(a, v)	host_mmio_write32(a, v)
#define ms_to_tb(ms)		host_ms_to_tb(ms)
#define ms_to_cnt(ms)		host_ms_to_cnt(ms)
H
{
	echo '#include "clash.h"'
	for h in "$dir"/../include/genirq/*.h "$dir"/../include/genirq/chip/*.h; do
		case $h in */compat.h) continue ;; esac
		echo "#include <genirq/${h#*/include/genirq/}>"
	done
	echo '#include <genirq/port.h>'
} >"$work/all.c"
root=$dir/..
hdr() {	# hdr NAME CC PORTDIR KIT [FLAGS]: the headers, the port's inline one and its kit's too
	local name=$1 cc=$2 port=$3 kit=$4
	shift 4
	{ cat "$work/all.c"; [ "$kit" = - ] || echo "#include \"$(cd "$root" && pwd)/$kit\""; } >"$work/all-$name.c"
	if "$cc" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$work" -I"$root/include" \
		-I"$root/arch/host/include" -I"$root/$port" -DGENIRQ_PORT_INLINE "$@" "$work/all-$name.c" \
		>"$work/$name.log" 2>&1; then
		echo "check-names: $name: every public header, $port/genirq_port_inline.h$([ "$kit" = - ] || echo " and $kit") compile after the usual clashing names"
	else
		cat "$work/$name.log"
		echo "check-names: $name: a genirq header clashes with a host kernel's names"
		status=1
	fi
}
hdr host "${CC:-gcc}" arch/host - -D_GNU_SOURCE
hdr x86_64 "${CC:-gcc}" arch/x86 arch/x86/x86.h -ffreestanding
hdr i386 i686-linux-gnu-gcc arch/x86 arch/x86/x86.h -ffreestanding
hdr ppc powerpc-linux-gnu-gcc arch/ppc arch/ppc/ppc.h -ffreestanding -DGENIRQ_PPC_TB_HZ=25000000
hdr ppc64 powerpc64-linux-gnu-gcc arch/ppc64 arch/ppc64/ppc64.h -ffreestanding
hdr aarch64 aarch64-linux-gnu-gcc arch/aarch64 arch/aarch64/aarch64.h -ffreestanding
hdr riscv64 riscv64-linux-gnu-gcc arch/riscv64 arch/riscv64/riscv64.h -ffreestanding \
	-march=rv64imac_zicsr_zifencei -mabi=lp64
hdr armv7m arm-none-eabi-gcc arch/armv7m arch/armv7m/armv7m.h -ffreestanding -mcpu=cortex-m3 -mthumb
exit $status
