/* SPDX-License-Identifier: MIT */
/*
 * rxring.h - the demo kernels' console receive ring: one receive
 * interrupt handler puts, the shell loop takes, and nothing is lost
 * silently: a byte that finds the ring full is counted, as is an overrun
 * the UART itself reports.
 */
#ifndef GENIRQ_DEMO_RXRING_H
#define GENIRQ_DEMO_RXRING_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * A few KiB of pasted short commands must fit while one command blocks:
 * ppc's `ticks` waits 100 ms, in which a paste delivers far more than the
 * 512 bytes the ring used to hold. Power of two.
 */
#define RX_RING_BYTES	16384

struct rx_ring {
	char		buf[RX_RING_BYTES];
	atomic_uint	head, tail;	/* free-running; head written by the handler only */
	atomic_ulong	received;	/* bytes put */
	atomic_ulong	dropped;	/* bytes that found the ring full */
	atomic_ulong	overruns;	/* overruns the UART reported (bytes it lost) */
};

/* From the receive handler. Return: false when the byte was dropped. */
static inline bool rx_ring_put(struct rx_ring *r, char c)
{
	unsigned int h = atomic_load_explicit(&r->head, memory_order_relaxed);

	if (h - atomic_load_explicit(&r->tail, memory_order_acquire) >= RX_RING_BYTES) {
		atomic_fetch_add_explicit(&r->dropped, 1, memory_order_relaxed);
		return false;
	}
	r->buf[h % RX_RING_BYTES] = c;
	atomic_store_explicit(&r->head, h + 1, memory_order_release);
	atomic_fetch_add_explicit(&r->received, 1, memory_order_relaxed);
	return true;
}

static inline void rx_ring_overrun(struct rx_ring *r)
{
	atomic_fetch_add_explicit(&r->overruns, 1, memory_order_relaxed);
}

/* From the one consumer. Return: the next byte, or -1 when empty. */
static inline int rx_ring_get(struct rx_ring *r)
{
	unsigned int t = atomic_load_explicit(&r->tail, memory_order_relaxed);
	unsigned char c;

	if (t == atomic_load_explicit(&r->head, memory_order_acquire))
		return -1;
	c = (unsigned char)r->buf[t % RX_RING_BYTES];
	atomic_store_explicit(&r->tail, t + 1, memory_order_release);
	return c;
}

/* The byte @i places after the oldest unread one, or -1 past the newest. */
static inline int rx_ring_peek(struct rx_ring *r, unsigned int i)
{
	unsigned int t = atomic_load_explicit(&r->tail, memory_order_relaxed);

	if (i >= atomic_load_explicit(&r->head, memory_order_acquire) - t)
		return -1;
	return (unsigned char)r->buf[(t + i) % RX_RING_BYTES];
}

/*
 * From the one consumer: take the byte @i places after the oldest unread
 * one, the bytes before it kept in order (the handler writes only past the
 * newest, so the consumer may shift its own unread bytes).
 * Return: the byte, or -1 past the newest.
 */
static inline int rx_ring_take(struct rx_ring *r, unsigned int i)
{
	unsigned int t = atomic_load_explicit(&r->tail, memory_order_relaxed);
	int c = rx_ring_peek(r, i);

	if (c < 0)
		return -1;
	for (; i; i--)
		r->buf[(t + i) % RX_RING_BYTES] = r->buf[(t + i - 1) % RX_RING_BYTES];
	atomic_store_explicit(&r->tail, t + 1, memory_order_release);
	return c;
}

static inline bool rx_ring_empty(struct rx_ring *r)
{
	return rx_ring_peek(r, 0) < 0;
}

/* Has a whole line (up to '\n' or '\r') arrived, not yet taken? */
static inline bool rx_ring_has_line(struct rx_ring *r)
{
	int c;

	for (unsigned int i = 0; (c = rx_ring_peek(r, i)) >= 0; i++)
		if (c == '\n' || c == '\r')
			return true;
	return false;
}

/* From the receive handler: all that @get (the console's reader: bytes
 * into @buf, up to @size) has, into @r. Return: the bytes taken. */
static inline int rx_ring_drain(struct rx_ring *r, int (*get)(char *buf, size_t size))
{
	char buf[16];
	int n, total = 0;

	while ((n = get(buf, sizeof(buf))) > 0) {
		for (int i = 0; i < n; i++)
			rx_ring_put(r, buf[i]);
		total += n;
	}
	return total;
}

/* Bytes lost so far, in the ring or in the UART. */
static inline unsigned long rx_ring_lost(struct rx_ring *r)
{
	return atomic_load(&r->dropped) + atomic_load(&r->overruns);
}

#endif /* GENIRQ_DEMO_RXRING_H */
