/* genirq_config.h - genirq's settings for xv6 (GENIRQ_CONFIG_FILE). */
#define GENIRQ_NR_CPUS		8	/* xv6's NCPU */
#define GENIRQ_MAX_IRQS		64	/* 24 IO-APIC pins, then the local APIC's lines */
#define GENIRQ_ARENA_BYTES	65536	/* no port_alloc(): descriptors and vector lines */
