/* SPDX-License-Identifier: MIT */
/*
 * errno.h - the error numbers genirq returns, negated: GENIRQ_E*.
 *
 * They equal the embedder's errno values when its settings name its
 * errno header (GENIRQ_ERRNO_HEADER, e.g. <errno.h> of newlib or
 * picolibc, whose numbers differ from Linux's); otherwise they are
 * Linux's. <genirq/compat.h> gives the plain E* names, where the
 * embedder's header has not.
 */
#ifndef GENIRQ_ERRNO_H
#define GENIRQ_ERRNO_H

#include <genirq/config.h>

#ifdef GENIRQ_ERRNO_HEADER
# include GENIRQ_ERRNO_HEADER
# define GENIRQ_ENOENT		ENOENT
# define GENIRQ_EIO		EIO
# define GENIRQ_ENOMEM		ENOMEM
# define GENIRQ_EBUSY		EBUSY
# define GENIRQ_ENODEV		ENODEV
# define GENIRQ_EINVAL		EINVAL
# define GENIRQ_ENOSPC		ENOSPC
# define GENIRQ_ENOSYS		ENOSYS
# define GENIRQ_EOVERFLOW	EOVERFLOW
# define GENIRQ_EISDIR		EISDIR
# define GENIRQ_EACCES		EACCES
# define GENIRQ_ENOTCONN	ENOTCONN
# define GENIRQ_ENXIO		ENXIO
#else
# define GENIRQ_ENOENT		2
# define GENIRQ_EIO		5
# define GENIRQ_ENOMEM		12
# define GENIRQ_EBUSY		16
# define GENIRQ_ENODEV		19
# define GENIRQ_EINVAL		22
# define GENIRQ_ENOSPC		28
# define GENIRQ_ENOSYS		38
# define GENIRQ_EOVERFLOW	75
# define GENIRQ_EISDIR		21
# define GENIRQ_EACCES		13
# define GENIRQ_ENOTCONN	107
# define GENIRQ_ENXIO		6
#endif

#endif /* GENIRQ_ERRNO_H */
