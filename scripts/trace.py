#!/usr/bin/env python3
"""trace.py - genirq trace dumps to Chrome trace-event JSON and an SVG timeline.

  trace.py decode DUMP --json OUT --svg OUT [--title T] [--expect KIND:TEXT ...]
      DUMP is a file holding the framed dump of demo/trace_cmd.h (the host
      trace's file, or a serial transcript with other lines around it).
      Every record's Fletcher-16 and the dump's Fletcher-32 are checked.
      A trace that lacks any --expect kind (as check below) is refused:
      the message names what is missing and nothing is written.
  trace.py check JSON SVG [--expect KIND:TEXT ...]
      Validates the JSON against the trace-event format (ph, ts, pid, tid,
      dur; spans on one CPU nest or are disjoint) and the SVG as XML with
      one lane per CPU; each --expect must be found: handler:NAME (a
      handler span of that action), softirq:N, thread:NAME, decision:TYPE
      (an instant event), shared:2 (a line with two actions' spans),
      affinity-move (a line's spans on two CPUs), dropped (a CPU's ring
      overran and said so).
  trace.py qemu --out PREFIX --title T [--ready M] [--input TEXT]... -- QEMU...
      Boots QEMU with the console on a pipe, types each --input after the
      previous one's prompt (the first after --ready), keeps the
      transcript (PREFIX.log) and decodes its dump as decode does
      (--expect as there).

Python 3 standard library only.
"""
import argparse
import json
import os
import re
import select
import struct
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

TYPES = ["handler-entry", "handler-exit", "pending", "rerun", "masked", "replay",
         "spurious-disable", "storm-throttle", "storm-release", "stuck-poll",
         "softirq-entry", "softirq-exit", "thread-wake", "thread-entry", "thread-exit",
         "affinity", "request", "free"]
SPANS = {"handler-entry": ("handler", True), "handler-exit": ("handler", False),
         "softirq-entry": ("softirq", True), "softirq-exit": ("softirq", False),
         "thread-entry": ("thread", True), "thread-exit": ("thread", False)}
RESULTS = {0: "none", 1: "handled", 2: "wake-thread", 3: "handled|wake-thread"}
WHY = {1: "disabled", 2: "in progress elsewhere", 4: "no handler"}
SOFTIRQS = ["HI", "TIMER", "IRQ_RESEND", "IRQ_POLL", "TASKLET"]
PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
           "#b07aa1", "#ff9da7", "#9c755f", "#86bc86", "#d37295", "#499894"]
MARKS = {"pending": "#e15759", "rerun": "#f28e2b", "masked": "#7f7f7f", "replay": "#59a14f",
         "spurious-disable": "#b2182b", "storm-throttle": "#d6604d", "storm-release": "#4393c3",
         "stuck-poll": "#8c6bb1", "thread-wake": "#b07aa1", "affinity": "#2166ac",
         "request": "#1b7837", "free": "#762a83"}


def die(msg):
    sys.stderr.write("trace.py: %s\n" % msg)
    sys.exit(1)


def fletcher16(data):
    a = b = 0
    for x in data:
        a = (a + x) % 255
        b = (b + a) % 255
    return b << 8 | a


def decode_dump(text):
    """The dump's CPUs and events from @text; any framing error is fatal."""
    begin = re.search(r"TRACE-BEGIN (\d+) (\d+) (\d+)", text)
    if not begin:
        die("no TRACE-BEGIN line: not a trace dump")
    if begin.group(1) != "1":
        die("dump format %s, this script reads 1" % begin.group(1))
    ncpus = int(begin.group(2))
    cpus, events, cur = {}, [], None
    sa = sb = 0
    end = None
    for ln in text[begin.end():].splitlines():
        m = re.search(r"TRACE-CPU (\d+) (\d+) (\d+) (\d+)", ln)
        if m:
            cur = int(m.group(1))
            cpus[cur] = {"recorded": int(m.group(2)), "dropped": int(m.group(3)),
                         "kept": int(m.group(4)), "read": 0}
            continue
        m = re.search(r"(?:^|\s)E ([0-9a-f]{64}) ([0-9a-f]{4})\s*$", ln)
        if m:
            rec = bytes.fromhex(m.group(1))
            if fletcher16(rec) != int(m.group(2), 16):
                die("record %d: checksum %s, the bytes sum to %04x (serial line damaged?)"
                    % (len(events), m.group(2), fletcher16(rec)))
            for i in range(0, 32, 2):
                sa = (sa + (rec[i] | rec[i + 1] << 8)) % 65535
                sb = (sb + sa) % 65535
            ts, irq, typ, cpu, arg = struct.unpack("<QIHHI", rec[:20])
            name = rec[20:].split(b"\0")[0].decode("ascii", "replace")
            if cur is None or cpu != cur:
                die("record %d: CPU %d inside CPU %s's section" % (len(events), cpu, cur))
            if typ >= len(TYPES):
                die("record %d: unknown event type %d" % (len(events), typ))
            cpus[cur]["read"] += 1
            events.append({"ts": ts, "irq": irq, "type": TYPES[typ], "cpu": cpu, "arg": arg,
                           "name": name})
            continue
        m = re.search(r"TRACE-END (\d+) ([0-9a-f]{8})", ln)
        if m:
            end = m
            break
    if not end:
        die("no TRACE-END line: the dump was cut short")
    if int(end.group(1)) != len(events):
        die("TRACE-END says %s events, %d decoded (lines lost)" % (end.group(1), len(events)))
    if int(end.group(2), 16) != (sb << 16 | sa):
        die("dump checksum %s, the records sum to %08x" % (end.group(2), sb << 16 | sa))
    if sorted(cpus) != list(range(ncpus)):
        die("TRACE-CPU sections %s for %d CPUs" % (sorted(cpus), ncpus))
    for c, info in cpus.items():
        if info["read"] != info["kept"]:
            die("CPU %d: %d records, its header says %d" % (c, info["read"], info["kept"]))
    return ncpus, cpus, events


def span_name(kind, irq, name):
    if kind == "softirq":
        return "softirq %s" % (SOFTIRQS[irq] if irq < len(SOFTIRQS) else irq)
    if kind == "thread":
        return "irq/%d-%s" % (irq, name)
    return "irq %d: %s" % (irq, name)


def build(ncpus, cpus, events):
    """Spans (paired per CPU) and instants; unpaired ends are counted."""
    t0 = min((e["ts"] for e in events), default=0)
    spans, instants, unpaired = [], [], 0
    for c in range(ncpus):
        stack = []
        for e in (x for x in events if x["cpu"] == c):
            ts = e["ts"] - t0
            if e["type"] in SPANS:
                kind, opening = SPANS[e["type"]]
                key = (kind, e["irq"], e["name"])
                if opening:
                    stack.append((key, ts))
                elif stack and stack[-1][0] == key:
                    _, start = stack.pop()
                    spans.append({"cpu": c, "kind": kind, "irq": e["irq"], "name": e["name"],
                                  "start": start, "end": ts, "result": e["arg"],
                                  "depth": len(stack)})
                elif not stack and cpus[c]["dropped"]:
                    unpaired += 1	# its entry was overwritten
                else:
                    die("CPU %d: %s of %s at %d ns closes nothing open" %
                        (c, e["type"], key, e["ts"]))
            else:
                instants.append(dict(e, ts=ts))
        unpaired += len(stack)	# still running when the dump was taken
    return spans, instants, unpaired


def instant_text(e):
    t, a = e["type"], e["arg"]
    if t == "pending":
        return "pending: " + ", ".join(v for k, v in WHY.items() if a & k)
    if t == "rerun":
        return "rerun: %d handler runs for events that came meanwhile" % a
    if t == "spurious-disable":
        return "spurious: disabled, %d unhandled" % a
    if t == "storm-throttle":
        return "storm: throttled at %d events a window" % a
    if t == "stuck-poll":
        return "stuck-line poll: %s%s" % (RESULTS.get(a & 0xff, a & 0xff),
                                          ", let go" if a & 0x100 else "")
    if t == "affinity":
        return "affinity: CPUs %s" % ",".join(str(i) for i in range(32) if a >> i & 1)
    if t in ("request", "free", "thread-wake"):
        return "%s: %s" % (t, e["name"])
    return t


def to_json(title, ncpus, cpus, spans, instants, unpaired):
    ev = [{"name": "process_name", "ph": "M", "pid": 0, "tid": 0, "args": {"name": title}}]
    for c in range(ncpus):
        ev.append({"name": "thread_name", "ph": "M", "pid": 0, "tid": c,
                   "args": {"name": "CPU %d" % c}})
        ev.append({"name": "thread_sort_index", "ph": "M", "pid": 0, "tid": c,
                   "args": {"sort_index": c}})
    for s in spans:
        ev.append({"name": span_name(s["kind"], s["irq"], s["name"]), "cat": s["kind"],
                   "ph": "X", "ts": s["start"] / 1000.0, "dur": (s["end"] - s["start"]) / 1000.0,
                   "pid": 0, "tid": s["cpu"],
                   "args": {"irq": s["irq"], "action": s["name"],
                            "result": RESULTS.get(s["result"], s["result"])}})
    for e in instants:
        ev.append({"name": instant_text(e), "cat": "decision", "ph": "i", "s": "t",
                   "ts": e["ts"] / 1000.0, "pid": 0, "tid": e["cpu"],
                   "args": {"irq": e["irq"], "type": e["type"], "arg": e["arg"]}})
    return {"traceEvents": ev, "displayTimeUnit": "ns",
            "otherData": {"title": title, "unpaired": unpaired,
                          "cpus": {str(c): {k: v for k, v in i.items() if k != "read"}
                                   for c, i in cpus.items()}}}


def esc(s):
    return (str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def time_axis(points, width, cap):
    """x(t): linear, but idle gaps longer than @cap ns count as @cap (a break)."""
    pts = sorted(set(points)) or [0]
    acc, xs, breaks = 0.0, [0.0], []
    for a, b in zip(pts, pts[1:]):
        d = b - a
        if d > cap:
            breaks.append((acc + cap / 2.0, d))
            d = cap
        acc += d
        xs.append(acc)
    scale = width / acc if acc else 1.0

    def x(t):
        lo, hi = 0, len(pts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if pts[mid] <= t:
                lo = mid
            else:
                hi = mid - 1
        return (xs[lo] + min(t - pts[lo], cap)) * scale
    return x, [(p * scale, d) for p, d in breaks]


def merged(spans, cpu, x, left):
    """CPU @cpu's spans as drawn: (span, runs, x0, x1), runs of one handler
    that follow each other closer than a pixel drawn as one."""
    out = []
    for s in sorted((s for s in spans if s["cpu"] == cpu), key=lambda s: s["start"]):
        x0, x1 = left + x(s["start"]), left + x(s["end"])
        last = out[-1] if out else None
        if last and last[0]["kind"] == s["kind"] and last[0]["irq"] == s["irq"] and \
                last[0]["name"] == s["name"] and last[0]["depth"] == s["depth"] and \
                x0 - last[3] < 1.0:
            out[-1] = (last[0], last[1] + 1, last[2], max(last[3], x1))
        else:
            out.append((s, 1, x0, x1))
    return out


def to_svg(title, ncpus, cpus, spans, instants):
    left, width, lane_h, top = 90, 1200, 46, 60
    points = [s["start"] for s in spans] + [s["end"] for s in spans] + [e["ts"] for e in instants]
    x, breaks = time_axis(points, width, 200000)
    height = top + ncpus * lane_h + 140
    lines = {}
    for s in spans:
        if s["kind"] != "softirq":
            lines.setdefault(s["irq"], set()).add(s["name"])
    color = {irq: PALETTE[i % len(PALETTE)] for i, irq in enumerate(sorted(lines))}
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'font-family="sans-serif" font-size="11">' % (left + width + 20, height),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="10" y="20" font-size="15" font-weight="bold">%s</text>' % esc(title),
         '<text x="10" y="38" fill="#555">time runs right; idle gaps over 200 us are cut '
         '(dashed breaks, with their length); hover for details</text>']
    for bx, d in breaks:
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#bbb" '
                 'stroke-dasharray="3,3"/>' % (left + bx, top - 6, left + bx, top + ncpus * lane_h))
        o.append('<text x="%.1f" y="%d" fill="#999" font-size="9" text-anchor="middle">'
                 '%s</text>' % (left + bx, top - 8, "%.1f ms" % (d / 1e6)))
    for c in range(ncpus):
        y = top + c * lane_h
        info = cpus.get(c, {})
        o.append('<g class="lane" data-cpu="%d">' % c)
        o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' %
                 (left, y, width, lane_h - 6, "#f4f4f4" if c % 2 == 0 else "#ececec"))
        o.append('<text x="10" y="%d" font-weight="bold">CPU %d</text>' % (y + 18, c))
        if info.get("dropped"):
            o.append('<text x="10" y="%d" fill="#b2182b" font-size="9">%d dropped</text>' %
                     (y + 32, info["dropped"]))
        for s, runs, x0, x1 in merged(spans, c, x, left):
            fill = "#999999" if s["kind"] == "softirq" else color.get(s["irq"], "#333")
            dy = 8 + min(s["depth"], 3) * 5
            extra = ' fill-opacity="0.45" stroke="%s"' % fill if s["kind"] == "thread" else ""
            what = ("%.1f us, %s" % ((s["end"] - s["start"]) / 1000.0,
                                     RESULTS.get(s["result"], s["result"])) if runs == 1 else
                    "%d runs closer than a pixel" % runs)
            o.append('<rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s"%s>'
                     '<title>%s, %s</title></rect>' %
                     (x0, y + dy, max(x1 - x0, 1.0), lane_h - 6 - dy - 4, fill, extra,
                      esc(span_name(s["kind"], s["irq"], s["name"])), what))
        for e in (e for e in instants if e["cpu"] == c):
            mx = left + x(e["ts"])
            o.append('<path d="M%.1f %d l-4 -7 h8 z" fill="%s"><title>%.1f us: irq %d %s'
                     '</title></path>' % (mx, y + 8, MARKS.get(e["type"], "#000"),
                                          e["ts"] / 1000.0, e["irq"], esc(instant_text(e))))
        o.append('</g>')
    y = top + ncpus * lane_h + 20
    o.append('<text x="10" y="%d" font-weight="bold">lines</text>' % y)
    lx = left
    for irq in sorted(lines):
        label = "irq %d: %s" % (irq, "+".join(sorted(lines[irq])))
        o.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/><text x="%d" y="%d">'
                 '%s</text>' % (lx, y - 10, color[irq], lx + 16, y, esc(label)))
        lx += 24 + 6 * len(label)
    o.append('<rect x="%d" y="%d" width="12" height="12" fill="#999999"/><text x="%d" y="%d">'
             'softirq</text>' % (lx, y - 10, lx + 16, y))
    y += 24
    o.append('<text x="10" y="%d" font-weight="bold">markers</text>' % y)
    lx = left
    for t in sorted({e["type"] for e in instants}):
        o.append('<path d="M%d %d l-4 -7 h8 z" fill="%s"/><text x="%d" y="%d">%s</text>' %
                 (lx + 4, y, MARKS.get(t, "#000"), lx + 12, y, t))
        lx += 24 + 7 * len(t)
    o.append('</svg>')
    return "\n".join(o) + "\n"


def kind_counts(doc):
    """Spans by category and decisions by type, with their counts, as text."""
    n = {}
    for e in doc["traceEvents"]:
        if e["ph"] in ("X", "i"):
            k = e["cat"] if e["ph"] == "X" else e["args"]["type"]
            n[k] = n.get(k, 0) + 1
    return ", ".join("%s %d" % (k, v) for k, v in sorted(n.items()))


def decode_to(text, json_path, svg_path, title, expect=()):
    """Decode @text; when it lacks a kind of @expect, say so and write nothing."""
    ncpus, cpus, events = decode_dump(text)
    spans, instants, unpaired = build(ncpus, cpus, events)
    doc = to_json(title, ncpus, cpus, spans, instants, unpaired)
    missing = missing_kinds(doc, expect)
    if missing:
        die("the trace lacks %s (it has: %s); nothing written" %
            (", ".join(missing), kind_counts(doc)))
    with open(json_path, "w") as f:
        json.dump(doc, f, indent=0)
    with open(svg_path, "w") as f:
        f.write(to_svg(title, ncpus, cpus, spans, instants))
    print("trace: %d events on %d CPU(s) (%s dropped) -> %s, %s" %
          (len(events), ncpus, sum(c["dropped"] for c in cpus.values()), json_path, svg_path))
    print("trace: shows %s%s" % (kind_counts(doc), "; expected %s found" % ", ".join(expect)
                                 if expect else ""))


def cmd_decode(a):
    try:
        with open(a.dump, encoding="latin-1") as f:
            text = f.read()
    except OSError as err:
        die("%s: %s; nothing written" % (a.dump, err.strerror))
    decode_to(text, a.json, a.svg, a.title, a.expect)


def check_json(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except OSError as err:
        die("%s: %s" % (path, err.strerror))
    except ValueError as err:
        die("%s: not JSON (%s)" % (path, err))
    evs = doc.get("traceEvents")
    if not isinstance(evs, list) or not evs:
        die("%s: no traceEvents list" % path)
    for i, e in enumerate(evs):
        ph = e.get("ph")
        if ph not in ("M", "X", "i", "B", "E"):
            die("%s: event %d: ph %r is not one this exporter writes" % (path, i, ph))
        for k in ("pid", "tid"):
            if not isinstance(e.get(k), int):
                die("%s: event %d: %s missing or not an integer" % (path, i, k))
        if ph != "M":
            if not isinstance(e.get("ts"), (int, float)) or e["ts"] < 0:
                die("%s: event %d: ts missing or negative" % (path, i))
            if not isinstance(e.get("name"), str) or not e["name"]:
                die("%s: event %d: no name" % (path, i))
        if ph == "X" and (not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0):
            die("%s: event %d: X without a dur >= 0" % (path, i))
        if ph == "i" and e.get("s") not in ("t", "p", "g"):
            die("%s: event %d: instant without scope s" % (path, i))
    lanes = {e["tid"] for e in evs if e["ph"] == "M" and e["name"] == "thread_name"}
    # Spans on one CPU nest or are disjoint (interrupts nest, they never interleave).
    for tid in lanes:
        xs = sorted((e["ts"], -e["dur"], e) for e in evs if e["ph"] == "X" and e["tid"] == tid)
        stack = []
        for ts, _, e in xs:
            end = ts + e["dur"]
            while stack and stack[-1] <= ts + 1e-9:
                stack.pop()
            if stack and end > stack[-1] + 1e-9:
                die("%s: CPU %d: span %r at %.3f us overlaps the span around it" %
                    (path, tid, e["name"], ts))
            stack.append(end)
    return doc, evs, lanes


def missing_kinds(doc, expect):
    """The --expect entries that @doc (a to_json() document) does not show."""
    evs = doc["traceEvents"]
    xs = [e for e in evs if e["ph"] == "X"]
    inst = [e for e in evs if e["ph"] == "i"]
    missing = []
    for want in expect:
        kind, _, text = want.partition(":")
        if kind == "handler":
            ok = any(e["cat"] == "handler" and e["args"]["action"] == text for e in xs)
        elif kind == "softirq":
            ok = any(e["cat"] == "softirq" for e in xs)
        elif kind == "thread":
            ok = any(e["cat"] == "thread" and e["args"]["action"] == text for e in xs)
        elif kind == "decision":
            ok = any(e["args"]["type"] == text for e in inst)
        elif kind == "shared":
            per = {}
            for e in xs:
                if e["cat"] == "handler":
                    per.setdefault(e["args"]["irq"], set()).add(e["args"]["action"])
            ok = any(len(v) >= int(text) for v in per.values())
        elif kind == "affinity-move":
            per = {}
            for e in xs:
                if e["cat"] == "handler":
                    per.setdefault(e["args"]["irq"], set()).add(e["tid"])
            ok = any(len(v) >= 2 for v in per.values())
        elif kind == "dropped":
            ok = any(c["dropped"] > 0 for c in doc["otherData"]["cpus"].values())
        else:
            die("unknown --expect kind %r" % kind)
        if not ok:
            missing.append(want)
    return missing


def check(a):
    doc, evs, lanes = check_json(a.json)
    try:
        root = ET.parse(a.svg).getroot()
    except ET.ParseError as err:
        die("%s: not well-formed XML: %s" % (a.svg, err))
    if root.tag != "{http://www.w3.org/2000/svg}svg":
        die("%s: root element %s, not svg" % (a.svg, root.tag))
    svg_lanes = sorted(int(g.get("data-cpu")) for g in root.iter("{http://www.w3.org/2000/svg}g")
                       if g.get("class") == "lane")
    if svg_lanes != sorted(lanes):
        die("%s: lanes for CPUs %s, the trace has CPUs %s" % (a.svg, svg_lanes, sorted(lanes)))
    xs = [e for e in evs if e["ph"] == "X"]
    inst = [e for e in evs if e["ph"] == "i"]
    missing = missing_kinds(doc, a.expect)
    if missing:
        die("%s: not in the trace: %s" % (a.json, ", ".join(missing)))
    print("trace-check: %s: %d spans, %d decisions on %d CPU lanes; SVG well-formed, "
          "one lane per CPU; %d expectations found" %
          (os.path.basename(a.json), len(xs), len(inst), len(lanes), len(a.expect)))


def cmd_qemu(a):
    cmd = a.qemu[1:] if a.qemu and a.qemu[0] == "--" else a.qemu
    inputs = [s.encode("latin-1").decode("unicode_escape").encode("latin-1") for s in a.input]
    log = a.out + ".log"
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
    buf, fed, deadline = b"", 0, time.monotonic() + a.timeout
    marker = a.ready.encode() if a.ready else a.prompt.encode()
    seen_at = 0
    try:
        while time.monotonic() < deadline:
            r, _, _ = select.select([p.stdout], [], [], 0.2)
            if r:
                chunk = os.read(p.stdout.fileno(), 65536)
                if not chunk:
                    break
                buf += chunk
            if fed < len(inputs):
                at = buf.find(marker, seen_at)
                if at >= 0:
                    seen_at = at + len(marker)
                    marker = a.prompt.encode()
                    for byte in inputs[fed]:
                        p.stdin.write(bytes([byte]))
                        p.stdin.flush()
                        time.sleep(a.byte_delay)
                    fed += 1
            if b"TRACE-END" in buf[seen_at:] and fed == len(inputs) and \
                    buf.rfind(b"\n") > buf.rfind(b"TRACE-END"):
                break
    finally:
        p.kill()
        p.wait()
    with open(log, "wb") as f:
        f.write(buf)
    if fed < len(inputs):
        die("%s: fed %d of %d inputs before the timeout (transcript: %s)" %
            (a.out, fed, len(inputs), log))
    decode_to(buf.decode("latin-1"), a.out + ".json", a.out + ".svg", a.title, a.expect)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("decode")
    d.add_argument("dump")
    d.add_argument("--json", required=True)
    d.add_argument("--svg", required=True)
    d.add_argument("--title", default="genirq trace")
    d.add_argument("--expect", action="append", default=[])
    c = sub.add_parser("check")
    c.add_argument("json")
    c.add_argument("svg")
    c.add_argument("--expect", action="append", default=[])
    q = sub.add_parser("qemu")
    q.add_argument("--out", required=True, help="PREFIX: writes PREFIX.log, .json, .svg")
    q.add_argument("--title", default="genirq trace")
    q.add_argument("--ready", default=None)
    q.add_argument("--prompt", default="genirq> ")
    q.add_argument("--input", action="append", default=[])
    q.add_argument("--byte-delay", type=float, default=0.01)
    q.add_argument("--timeout", type=float, default=120.0)
    q.add_argument("--expect", action="append", default=[])
    q.add_argument("qemu", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    {"decode": cmd_decode, "check": check, "qemu": cmd_qemu}[a.cmd](a)


if __name__ == "__main__":
    main()
