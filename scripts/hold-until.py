#!/usr/bin/env python3
"""hold-until.py MARKER LOG: pass standard input to standard output from the
line that holds MARKER on, as it arrives; everything read, MARKER's
line included, also goes to LOG. What comes before MARKER (a firmware's
banner) is kept out of view, in LOG only; if MARKER never comes, all of
it is shown at the end, so nothing is lost from view when a boot fails.

`make run ARCH=riscv64` puts QEMU's console through it: OpenSBI's banner
goes to build/riscv64/firmware.log, the kernel's banner opens the view.
Bytes pass unbuffered (the shell's prompt ends no line); a read of a
closed pipe's end, or Ctrl-C, ends it quietly.
"""
import os
import sys


def main():
    if len(sys.argv) != 3 or not sys.argv[1]:
        sys.stderr.write("usage: hold-until.py MARKER LOG\n")
        return 2
    marker = sys.argv[1].encode()
    try:
        log = open(sys.argv[2], "wb", buffering=0)
    except OSError as e:
        sys.stderr.write(f"hold-until.py: {sys.argv[2]}: {e.strerror}\n")
        return 2
    held = b""
    found = False
    while True:
        try:
            chunk = os.read(0, 4096)
        except KeyboardInterrupt:
            break
        if not chunk:
            break
        log.write(chunk)
        if found:
            os.write(1, chunk)
            continue
        held += chunk
        at = held.find(marker)
        if at >= 0:
            found = True
            start = held.rfind(b"\n", 0, at) + 1	# the marker's whole line
            os.write(1, held[start:])
            held = b""
    if not found and held:
        os.write(1, held)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.exit(0)
