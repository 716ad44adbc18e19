#!/usr/bin/env bash
# check-undefined.sh ARCH:OBJ... - the freestanding core may only reference
# the port contract (port_*), the four functions C compilers may emit
# (memset, memcpy, memmove, memcmp), and libgcc's 64-bit division helpers
# (__udivdi3 ..., on Arm EABI __aeabi_uldivmod and __aeabi_ldivmod)
# on 32-bit targets (ports link -lgcc). Anything else is a hidden dependency.
set -euo pipefail
status=0
for pair in "$@"; do
	arch=${pair%%:*} obj=${pair#*:}
	bad=$(nm -u "$obj" | awk '{print $2}' |
	      grep -Ev '^(port_[a-z_]+|memset|memcpy|memmove|memcmp|__u?(div|mod|divmod)di[34]|__aeabi_u?ldivmod|_GLOBAL_OFFSET_TABLE_|\.TOC\.)$' || true)
	if [ -n "$bad" ]; then
		echo "freestanding $arch: unexpected external symbols:" $bad
		status=1
	else
		echo "freestanding $arch: ok ($(nm -u "$obj" | wc -l) external symbols, port contract, mem*, libgcc)"
	fi
done
exit $status
