#!/usr/bin/env python3
"""qemu-harness.py - run one demo kernel under QEMU and judge it.

Starts QEMU with the guest console on a pipe, waits for a ready marker,
feeds input, optionally sends QEMU monitor commands, and kills QEMU at a
hard timeout. The run passes only when:
  - QEMU exited with the kernel's PASS status (0 never counts: a triple
    fault and a power-off also end QEMU with 0 on some machines), and
  - the transcript has the "SCENARIOS: N passed, 0 failed, ..." summary, and
  - every --expect regular expression matched, and every line of every
    --expect-file (one regex a line; blank lines and # comments skipped).
With --until (a kernel that never leaves QEMU: an adopter's) the run ends
when the transcript matches that regex; QEMU is stopped, and its status
and the summary are not asked for. --then MARKER INPUT feeds more input
once MARKER is seen after the earlier input (repeatable, in order).
With --tour (make run without a terminal) the transcript is printed as it
comes, no scenario summary is required, and only a failure is reported.
Prints the SCENARIO lines and a verdict; the whole transcript goes to --log.
Timing uses the host clock only to report boot-to-verdict times, never to
judge a scenario.
"""
import argparse
import os
import re
import select
import signal
import socket
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", required=True)
    ap.add_argument("--timeout", type=float, default=120.0, help="hard limit, seconds")
    ap.add_argument("--pass-status", type=int, default=None,
                    help="QEMU exit status that means PASS (never 0); not with --until")
    ap.add_argument("--ready", default=None, help="marker after which input is fed")
    ap.add_argument("--input", default="", help="bytes to feed after the marker (\\n, \\r, \\xNN escapes)")
    ap.add_argument("--byte-delay", type=float, default=0.02, help="seconds between input bytes")
    ap.add_argument("--paste", action="store_true",
                    help="write the whole input at once, as a terminal paste does (no byte delay)")
    ap.add_argument("--then-delay", type=float, default=0.0,
                    help="seconds to wait after a --then MARKER before its INPUT (the guest sleeps meanwhile)")
    ap.add_argument("--then", nargs=2, action="append", default=[], metavar=("MARKER", "INPUT"),
                    help="after the earlier input, when MARKER (literal text, no escapes) is seen, feed INPUT")
    ap.add_argument("--until", default=None,
                    help="regex that ends the run (QEMU stopped; status and summary not judged)")
    ap.add_argument("--monitor", default=None, help="unix socket of the QEMU monitor")
    ap.add_argument("--monitor-after", default=None, help="marker after which to send --monitor-cmd")
    ap.add_argument("--monitor-cmd", action="append", default=[])
    ap.add_argument("--expect", action="append", default=[], help="regex the transcript must match")
    ap.add_argument("--expect-file", action="append", default=[],
                    help="file of regexes, one a line, that the transcript must match")
    ap.add_argument("--tour", action="store_true",
                    help="a demo, not a test: print the transcript live, no summary required")
    ap.add_argument("--log", default=None)
    ap.add_argument("--quiet", action="store_true", help="print only the verdict lines")
    ap.add_argument("qemu", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.qemu[1:] if a.qemu and a.qemu[0] == "--" else a.qemu
    if not cmd:
        ap.error("no QEMU command after --")
    if a.until is None and not a.pass_status:
        ap.error("--pass-status (never 0) is needed to tell a pass from a crash")
    for path in a.expect_file:
        with open(path, encoding="utf-8") as f:
            a.expect += [ln.rstrip("\n") for ln in f if ln.strip() and not ln.startswith("#")]
    def unescape(text):
        return text.encode("latin-1").decode("unicode_escape").encode("latin-1")
    feed = unescape(a.input)
    stages = [(m, unescape(i)) for m, i in a.then]
    stage_from = 0
    until_seen = False

    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)
    out = bytearray()
    fed = a.ready is None and not feed
    monitored = not a.monitor_cmd
    marker_at = None
    timed_out = False
    pending = bytearray(feed) if a.ready is None else bytearray()
    next_byte = 0.0
    while True:
        now = time.monotonic()
        if now - start > a.timeout:
            timed_out = True
            os.killpg(proc.pid, signal.SIGKILL)
            break
        r, _, _ = select.select([proc.stdout], [], [], 0.01)
        if r:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            out += chunk
            if a.tour:
                sys.stdout.write(chunk.decode("latin-1").replace("\r", ""))
                sys.stdout.flush()
        text = out.decode("latin-1")
        if not fed and a.ready and a.ready in text:
            fed = True
            marker_at = now - start
            pending = bytearray(feed)
            stage_from = text.index(a.ready) + len(a.ready)
        if fed and not pending and stages and stages[0][0] in text[stage_from:]:
            stage_from = text.index(stages[0][0], stage_from) + len(stages[0][0])
            pending = bytearray(stages.pop(0)[1])
            next_byte = now + a.then_delay
        if a.until and not stages and re.search(a.until, text[stage_from:], re.M):
            until_seen = True
            os.killpg(proc.pid, signal.SIGKILL)
            break
        if pending and now >= next_byte:
            n = len(pending) if a.paste else 1
            try:
                proc.stdin.write(bytes(pending[:n]))
                proc.stdin.flush()
            except BrokenPipeError:
                pending = bytearray()
            del pending[:n]
            next_byte = now + a.byte_delay
            if not pending:
                # A --then MARKER answers the input just fed: look for it
                # only in what the guest prints from now on (a boot line
                # may hold the same words).
                stage_from = len(out)
        if not monitored and a.monitor and (a.monitor_after is None or a.monitor_after in text):
            monitored = True
            send_monitor(a.monitor, a.monitor_cmd)
    try:
        status = proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        status = proc.wait()
    elapsed = time.monotonic() - start
    # A lone CR (a carriage return at a line's start: armv7m's autoprobe
    # sends one as its transmit byte) is dropped, as a terminal shows it.
    text = re.sub(r"\r(?!\n)", "", out.decode("latin-1"))
    if a.log:
        with open(a.log, "w", encoding="latin-1") as f:
            f.write(text)

    problems = []
    if timed_out:
        problems.append("timed out after %.0f s" % a.timeout)
    elif a.until:
        if not until_seen:
            problems.append("QEMU ended (status %d) before /%s/" % (status, a.until))
    elif status != a.pass_status:
        problems.append("QEMU exit status %d, PASS is %d" % (status, a.pass_status))
    summary = re.search(r"^SCENARIOS: (\d+) passed, (\d+) failed, (\d+) skipped", text, re.M)
    if not summary and not a.tour and not a.until:
        problems.append("no SCENARIOS summary line")
    elif summary and int(summary.group(2)) != 0:
        problems.append("%s scenario(s) failed" % summary.group(2))
    for rx in a.expect:
        if not re.search(rx, text, re.M):
            problems.append("transcript lacks /%s/" % rx)
    for line in text.splitlines():
        if line.startswith("SCENARIO") and not (a.quiet or a.tour) or line.startswith("SCENARIO ") and "FAIL" in line:
            print("  " + line.rstrip())
    when = " (ready at %.1f s)" % marker_at if marker_at is not None else ""
    if problems:
        print("%s: FAIL in %.1f s%s: %s" % (a.name, elapsed, when, "; ".join(problems)))
        tail = "\n".join(text.splitlines()[-25:])
        print("---- last lines of the transcript%s ----\n%s\n----" %
              (" (" + a.log + ")" if a.log else "", tail))
        return 1
    if a.tour:
        return 0
    print("%s: PASS in %.1f s%s" % (a.name, elapsed, when))
    return 0


def send_monitor(path, cmds):
    for _ in range(100):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            break
        except OSError:
            time.sleep(0.05)
    else:
        print("harness: cannot reach the monitor at %s" % path, file=sys.stderr)
        return
    for c in cmds:
        s.sendall((c + "\n").encode())
        time.sleep(0.2)
    s.close()


if __name__ == "__main__":
    sys.exit(main())
