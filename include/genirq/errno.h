/* SPDX-License-Identifier: MIT */
/*
 * errno.h - the error numbers genirq returns, negated.
 *
 * A freestanding build has no <errno.h>; these values are Linux's, so a
 * hosted program may include both headers in either order.
 */
#ifndef GENIRQ_ERRNO_H
#define GENIRQ_ERRNO_H

#define ENOENT		2
#define EIO		5
#define ENOMEM		12
#define EBUSY		16
#define ENODEV		19
#define EINVAL		22
#define ENOSPC		28
#define ENOSYS		38
#define EOVERFLOW	75
#define EISDIR		21
#define EACCES		13

#endif /* GENIRQ_ERRNO_H */
