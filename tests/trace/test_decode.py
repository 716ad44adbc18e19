#!/usr/bin/env python3
"""test_decode.py DUMP - scripts/trace.py refuses every damaged dump with a
clear error and writes nothing, and decodes the intact one.

Each case damages a copy of DUMP (a good dump, the host trace's) the way
a serial line or a cut-off capture would, and checks the exit status, the
message, and that no JSON or SVG was written. The --expect cases decode
the intact dump: one asking for what it shows is written, one asking for
what it lacks is refused the same way."""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TRACE = os.path.join(HERE, "..", "..", "scripts", "trace.py")


def first_record(text):
    return re.search(r"^E ([0-9a-f]{64}) ([0-9a-f]{4})$", text, re.M)


def flip_digit(text):
    m = first_record(text)
    d = m.group(1)
    bad = d[:40] + ("0" if d[40] != "0" else "1") + d[41:]
    return text[:m.start(1)] + bad + text[m.end(1):]


def drop_record(text):
    m = first_record(text)
    return text[:m.start()] + text[m.end() + 1:]


def cut_end(text):
    return text[:text.index("TRACE-END")]


def bad_type(text):
    # A valid record with type 99, its Fletcher-16 recomputed: the type check must catch it.
    m = first_record(text)
    rec = bytearray.fromhex(m.group(1))
    rec[12], rec[13] = 99, 0
    a = b = 0
    for x in rec:
        a = (a + x) % 255
        b = (b + a) % 255
    line = "E %s %04x" % (rec.hex(), b << 8 | a)
    return text[:m.start()] + line + text[m.end():]


CASES = [
    ("a flipped hex digit", flip_digit, r"record 0: checksum .*serial line damaged"),
    ("a lost record line", drop_record, r"(TRACE-END says \d+ events, \d+ decoded|CPU 0: \d+ records, its header says)"),
    ("no TRACE-END", cut_end, r"no TRACE-END line: the dump was cut short"),
    ("an unknown event type", bad_type, r"record 0: unknown event type 99"),
    ("no dump at all", lambda t: "hello\n", r"no TRACE-BEGIN line"),
]

# (name, --expect options, the refusal wanted or None: decoded and written)
EXPECT_CASES = [
    ("--expect of kinds it shows", ["softirq:0", "shared:2", "decision:replay"], None),
    ("--expect of an action it lacks", ["softirq:0", "handler:no-such-action"],
     r"the trace lacks handler:no-such-action \(it has: .*handler \d+.*\); nothing written"),
    ("--expect of a decision it lacks", ["decision:no-such-decision", "shared:99"],
     r"the trace lacks decision:no-such-decision, shared:99 \(it has: .*\); nothing written"),
]


def run(dump_text, tmp, expect=()):
    src = os.path.join(tmp, "in.dump")
    with open(src, "w") as f:
        f.write(dump_text)
    out_json, out_svg = os.path.join(tmp, "o.json"), os.path.join(tmp, "o.svg")
    for p in (out_json, out_svg):
        if os.path.exists(p):
            os.remove(p)
    cmd = [sys.executable, TRACE, "decode", src, "--json", out_json, "--svg", out_svg]
    r = subprocess.run(cmd + ["--expect=" + x for x in expect], capture_output=True, text=True)
    return r, os.path.exists(out_json) or os.path.exists(out_svg)


def main():
    with open(sys.argv[1]) as f:
        good = f.read()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        r, wrote = run(good, tmp)
        if r.returncode != 0 or not wrote:
            print("trace-decode: FAIL: the intact dump: %s" % r.stderr.strip())
            failed += 1
        for name, damage, want in CASES:
            r, wrote = run(damage(good), tmp)
            ok = r.returncode == 1 and re.search(want, r.stderr) and not wrote
            print("trace-decode: %s: %s%s" % ("PASS" if ok else "FAIL", name,
                                              "" if ok else " (status %d, wrote %s, said %r)" %
                                              (r.returncode, wrote, r.stderr.strip())))
            failed += not ok
        for name, expect, want in EXPECT_CASES:
            r, wrote = run(good, tmp, expect)
            if want is None:
                ok = r.returncode == 0 and wrote
            else:
                ok = r.returncode == 1 and re.search(want, r.stderr) and not wrote
            print("trace-decode: %s: %s%s" % ("PASS" if ok else "FAIL", name,
                                              "" if ok else " (status %d, wrote %s, said %r)" %
                                              (r.returncode, wrote, r.stderr.strip())))
            failed += not ok
        # A dump that does not exist: one line, not a traceback.
        out_json, out_svg = os.path.join(tmp, "o.json"), os.path.join(tmp, "o.svg")
        for p in (out_json, out_svg):
            if os.path.exists(p):
                os.remove(p)
        r = subprocess.run([sys.executable, TRACE, "decode", os.path.join(tmp, "missing.dump"),
                            "--json", out_json, "--svg", out_svg], capture_output=True, text=True)
        ok = (r.returncode == 1 and not os.path.exists(out_json) and not os.path.exists(out_svg)
              and re.fullmatch(r"trace\.py: .*missing\.dump: No such file or directory; "
                               r"nothing written\n", r.stderr))
        print("trace-decode: %s: a dump that does not exist%s" % (
            "PASS" if ok else "FAIL",
            "" if ok else " (status %d, said %r)" % (r.returncode, r.stderr.strip()[-200:])))
        failed += not ok
    print("trace-decode: %d cases, %d failed" % (len(CASES) + len(EXPECT_CASES) + 2, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
