// SPDX-License-Identifier: MIT
/*
 * genirq_xv6.c - xv6's interrupts on genirq: the port primitives xv6
 * supplies, boot and per-CPU setup, the trap hook, the local APIC timer
 * as a per-CPU line, request_irq() for the devices, and the console's
 * Ctrl-P view (/proc/interrupts) and Ctrl-Y move (each line to the next CPU).
 */
#include "types.h"
#include "defs.h"
#include "param.h"
#include "mmu.h"
#include "proc.h"
#include "x86.h"
#include "traps.h"
#include "spinlock.h"

#include <genirq/chip/lapic.h>
#include <genirq/chip/x86_apic.h>
#include <genirq/compat.h>
#include <genirq/percpu_irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

_Static_assert(T_TIMER == LAPIC_TIMER_VECTOR, "trap.c yields on genirq's timer vector");

#define NR_IRQS		32		/* IO-APIC pins 0-23, then the LAPIC lines */
#define TIMER_COUNT	(10000000 / 16)	/* xv6's period, at the divide by 16 */
#define TICK_NS		10000000ull	/* that period on QEMU's 1 GHz APIC clock */

extern struct spinlock tickslock;
extern uint ticks;

static uint8_t apic_ids[NCPU];
static int timer_dev[NCPU];

unsigned int port_cpu_id(void) { return x86_apic_cpu(); }
unsigned int port_nr_cpus(void) { return (unsigned int)ncpu; }
uint64_t port_time_ns(void) { return ticks * TICK_NS; }
void port_show_interrupts(struct irq_text *t) { x86_apic_show_interrupts(t); }

void port_console_write(const char *s, size_t len)
{
  while(len--)
    uartputc(*s++);
}

static irqreturn_t timer(int irq, void *dev)
{
  (void)irq; (void)dev;
  if(cpuid() == 0){
    acquire(&tickslock);
    ticks++;
    wakeup(&ticks);
    release(&tickslock);
  }
  return IRQ_HANDLED;
}

static void timer_start(void)
{
  enable_percpu_irq((unsigned int)x86_apic_lapic_irq(LAPIC_TIMER), IRQ_TYPE_NONE);
  lapic_timer_start(TIMER_COUNT);
}

// Boot CPU, after mpinit(): xv6's lapicinit(), picinit() and ioapicinit().
void
irqinit(void)
{
  struct x86_apic_config c = { .apic_ids = apic_ids, .nr_cpus = ncpu,
    .pic_vector = T_IRQ0, .first_vector = T_SYSCALL + 1, .last_vector = 0xDF,
    .cleanup_vector = 0xE0 };
  int i;

  for(i = 0; i < ncpu; i++)
    apic_ids[i] = cpus[i].apicid;
  if(irq_core_init(NR_IRQS) || x86_apic_init(&c))
    panic("irqinit");
  // xv6 routes lines to CPUs it has yet to start: all are online from here.
  for(i = 0; i < ncpu; i++)
    irq_cpu_set_online(i, true);
  if(request_percpu_irq((unsigned int)x86_apic_lapic_irq(LAPIC_TIMER), timer, "timer", timer_dev))
    panic("irqinit timer");
  timer_start();
}

// Each other CPU, as it starts.
void
irqcpuinit(void)
{
  x86_apic_cpu_init();
  timer_start();
}

static irqreturn_t device(int irq, void *intr)
{
  (void)irq;
  ((void (*)(void))intr)();
  return IRQ_HANDLED;
}

// xv6's ioapicenable(): @intr on line @irq, routed to @cpu.
void
irqrequest(int irq, int cpu, void (*intr)(void), char *name)
{
  struct irq_cpumask m;

  cpumask_clear(&m);
  cpumask_set_cpu(cpu, &m);
  if(irq_set_affinity(irq, &m) || request_irq(irq, device, 0, name, intr))
    panic("irqrequest");
}

// From trap(): 1 when @tf's vector was an interrupt genirq took.
int
irqtrap(struct trapframe *tf)
{
  return x86_apic_handle(tf->trapno, tf);
}

void
irqdump(void)
{
  static char buf[2048];

  if(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) >= 0)
    cprintf("%s", buf);
}

// Move the device lines (IDE, keyboard, COM1) to the next CPU.
void
irqmove(void)
{
  static const int lines[] = { IRQ_IDE, IRQ_KBD, IRQ_COM1 };
  struct irq_cpumask m;
  int i, cpu;

  for(i = 0; i < NELEM(lines); i++){
    irq_get_effective_affinity(lines[i], &m);
    cpu = (cpumask_first(&m) + 1) % ncpu;
    cpumask_clear(&m);
    cpumask_set_cpu(cpu, &m);
    cprintf("irq %d -> cpu%d: %d\n", lines[i], cpu, irq_set_affinity(lines[i], &m));
  }
}
