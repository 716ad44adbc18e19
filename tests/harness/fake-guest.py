#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A stand-in for a QEMU guest that tests scripts/qemu-harness.py.

It prints a line holding MARKER before it is ready (as a boot scenario's
PASS line may), says ready, reads one command up to '\\r', then works on
it for HOLD seconds while it watches its input: a byte that arrives then
came before the command's answer, which is what --then MARKER must wait
for. It prints MARKER as the answer; if nothing came early it reads the
next command and passes (status 33), else it fails (status 1) saying how
many bytes did.
"""
import os
import select
import sys
import time

MARKER = sys.argv[1]
HOLD = float(sys.argv[2])


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def read_line():
    got = bytearray()
    while not got.endswith(b"\r"):
        b = os.read(0, 1)
        if not b:
            break
        got += b
    return bytes(got)


say("boot: a scenario mentions %s" % MARKER)
say("ready")
first = read_line()
early = 0
until = time.monotonic() + HOLD
while time.monotonic() < until:
    r, _, _ = select.select([0], [], [], max(0.0, until - time.monotonic()))
    if r and os.read(0, 1):
        early += 1
say("answer to %r: %s" % (first, MARKER))
if early:
    say("%d byte(s) of the next command arrived before the answer" % early)
    say("SCENARIOS: 0 passed, 1 failed, 0 skipped")
    sys.exit(1)
say("next command %r" % read_line())
say("SCENARIOS: 1 passed, 0 failed, 0 skipped")
sys.exit(33)
