#!/usr/bin/env python3
"""trace.py - genirq trace dumps to Chrome trace-event JSON and an SVG timeline.

  trace.py decode DUMP --json OUT --svg OUT [--title T] [--expect KIND:TEXT ...]
      DUMP is a file holding the framed dump of demo/trace_cmd.h (the host
      trace's file, or a serial transcript with other lines around it).
      Every record's Fletcher-16 and the dump's Fletcher-32 are checked.
      A trace that lacks any --expect kind (as check below) is refused:
      the message names what is missing and nothing is written.
  trace.py check JSON SVG [--png PNG] [--expect KIND:TEXT ...]
      Validates the JSON against the trace-event format (ph, ts, pid, tid,
      dur; spans on one CPU nest or are disjoint) and the SVG as XML with
      one lane per CPU that reads without hovering: a time axis with
      ticks, a break mark for each idle gap cut, a legend entry for each
      line and marker kind, span labels that fit their spans, no markers
      of different kinds over each other, a caption for each decision of
      interest; PNG (the SVG rendered) must be a PNG of its size, not
      blank. Each --expect must be found: handler:NAME (a
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
import math
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


# The picture's geometry (px). A character of the 11 px sans-serif text is
# taken as 0.62 em wide: generous for DejaVu Sans, so a label said to fit does.
CHAR_W = 0.62
FONT = 11
CAP_NS = 200000		# idle gaps longer than this are cut...
MAX_BREAKS = 16		# ...the longest sixteen of them, when there are more
BREAK_W = 26		# a cut gap's width on the axis
MIN_SEG_W = 120		# an active stretch between cuts is drawn at least this wide
MIN_QUIET_W = 56	# a stretch without decisions: room for its bars and a tick
SEG_PAD = 10		# inside a stretch, room before its first and after its last event
TICK_MIN_PX = 90	# ticks at least this far apart
MARK_R = 5		# a marker's half-width
MARK_ROW = 13		# rows of markers in a lane, stacked where they would touch
MIN_SPAN_W = 3		# the narrowest span drawn (a release is visible, not a hairline)


def text_w(s, size=FONT):
    return len(s) * size * CHAR_W


def fmt_time(ns, step):
    """@ns from the trace's start, with the decimals @step needs."""
    unit, name = (1e6, "ms") if ns >= 1e6 or step >= 1e6 else (1e3, "us")
    dec = 0
    while dec < 3 and step / unit * 10 ** dec < 0.999:
        dec += 1
    return "%.*f %s" % (dec, ns / unit, name)


def cut_threshold(pts):
    """The gap above which idle time is cut: CAP_NS, raised so that at
    most MAX_BREAKS gaps are cut (the longest ones) when there are more."""
    gaps = sorted(b - a for a, b in zip(pts, pts[1:]) if b - a > CAP_NS)
    return CAP_NS if len(gaps) <= MAX_BREAKS else gaps[-(MAX_BREAKS + 1)]


class Axis:
    """x(t): stretches of activity drawn linearly, each on its own scale,
    joined by breaks of BREAK_W for the idle gaps cut (cut_threshold()). A
    stretch's width follows half its share of the time shown and half its
    share of the decisions (@marks: their times), so a burst of decisions
    gets room to tell them apart; at least MIN_SEG_W with decisions,
    MIN_QUIET_W without."""

    def __init__(self, points, marks, left, width):
        pts = sorted(set(points)) or [0]
        self.cap = cut_threshold(pts)
        runs, start = [], pts[0]
        for a, b in zip(pts, pts[1:]):
            if b - a > self.cap:
                runs.append((start, a))
                start = b
        runs.append((start, pts[-1]))
        told = [sum(1 for t in marks if a <= t <= b) for a, b in runs]
        floors = [MIN_SEG_W if n else MIN_QUIET_W for n in told]
        # Too many stretches for the width: the picture grows instead.
        room = max(width - BREAK_W * (len(runs) - 1), sum(floors) + MIN_SEG_W)
        self.width = room + BREAK_W * (len(runs) - 1)
        total, total_told = sum(b - a for a, b in runs) or 1, sum(told) or 1
        ws = [max(f, room * ((b - a) / total + n / total_told) / 2)
              for f, n, (a, b) in zip(floors, told, runs)]
        while sum(ws) > room + 0.5:	# the narrow ones take their floor from the wide
            wide = [i for i, w in enumerate(ws) if w > floors[i]]
            over, wide_sum = sum(ws) - room, sum(ws[i] - floors[i] for i in wide)
            for i in wide:
                ws[i] -= min(ws[i] - floors[i], over * (ws[i] - floors[i]) / wide_sum)
        self.segs, self.breaks, x = [], [], left
        for i, ((a, b), w) in enumerate(zip(runs, ws)):
            self.segs.append((a, b, x, w))
            x += w
            if i + 1 < len(runs):
                self.breaks.append((x, runs[i + 1][0] - b))
                x += BREAK_W

    def x(self, t):
        for i, (a, b, x0, w) in enumerate(self.segs):
            if t <= b or i + 1 == len(self.segs):
                if t < a:		# inside the break before this stretch
                    return x0 - BREAK_W / 2.0
                if b == a:
                    return x0 + w / 2.0
                return x0 + SEG_PAD + (min(t, b) - a) * (w - 2 * SEG_PAD) / (b - a)
        return self.segs[-1][2]

    def ticks(self):
        """(x, t, label) of each tick: nice steps in each stretch."""
        out = []
        for a, b, x0, w in self.segs:
            if b == a:
                out.append((x0 + w / 2.0, a, fmt_time(a, 1000)))
                continue
            px_per_ns = (w - 2 * SEG_PAD) / (b - a)
            step = next(m * 10 ** k for k in range(13) for m in (1, 2, 5)
                        if m * 10 ** k * px_per_ns >= TICK_MIN_PX)
            t = -(-a // step) * step
            if t - a > step / 2 or t > b:
                out.append((self.x(a), a, fmt_time(a, step)))	# the stretch's start
            while t <= b:
                out.append((self.x(t), t, fmt_time(t, step)))
                t += step
        return out


# The decision markers: a shape and a colour each, and what it means.
MARKER = {
    "pending":          ("circle", "#d62728", "an event on a disabled or busy line, kept"),
    "replay":           ("ring", "#2ca02c", "a kept event resent (enable, or software)"),
    "rerun":            ("diamond", "#ff7f0e", "the handler runs again for an event meanwhile"),
    "masked":           ("square", "#7f7f7f", "masked until its thread ends"),
    "spurious-disable": ("cross", "#8b0000", "nobody claims it: disabled as stuck"),
    "storm-throttle":   ("down", "#e377c2", "too many events: throttled"),
    "storm-release":    ("up", "#17becf", "storm over: unthrottled"),
    "stuck-poll":       ("star", "#9467bd", "the stuck-line poll tries the line's handlers"),
    "thread-wake":      ("bolt", "#bcbd22", "the handler woke its thread"),
    "affinity":         ("arrow", "#1f77b4", "moved to other CPUs"),
    "request":          ("plus", "#1b7837", "a handler installed"),
    "free":             ("minus", "#762a83", "a handler removed"),
}
# Markers worth a caption under the picture (request and free only set the scene).
CAPTIONED = ("pending", "replay", "rerun", "masked", "spurious-disable", "storm-throttle",
             "storm-release", "stuck-poll", "thread-wake", "affinity")


def marker_svg(kind, cx, cy, r=MARK_R):
    shape, col, _ = MARKER.get(kind, ("circle", "#000", ""))
    if shape == "circle":
        return '<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"/>' % (cx, cy, r, col)
    if shape == "ring":
        return ('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="white" stroke="%s" '
                'stroke-width="2.5"/>' % (cx, cy, r - 1, col))
    if shape == "square":
        return '<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>' % (
            cx - r + 1, cy - r + 1, 2 * r - 2, 2 * r - 2, col)
    if shape == "diamond":
        return '<path d="M%.1f %.1f l%d %d l%d %d l%d %d z" fill="%s"/>' % (
            cx, cy - r, r, r, -r, r, -r, -r, col)
    if shape in ("up", "down"):
        s = -1 if shape == "up" else 1
        return '<path d="M%.1f %.1f l%d %d h%d z" fill="%s"/>' % (
            cx, cy + s * r, -r, -2 * s * r, 2 * r, col)
    if shape == "cross":
        return ('<path d="M%.1f %.1f l%d %d m0 %d l%d %d" stroke="%s" stroke-width="3"/>' %
                (cx - r, cy - r, 2 * r, 2 * r, -2 * r, -2 * r, 2 * r, col))
    if shape in ("plus", "minus"):
        v = "" if shape == "minus" else " M%.1f %.1f v%d" % (cx, cy - r, 2 * r)
        return '<path d="M%.1f %.1f h%d%s" stroke="%s" stroke-width="3"/>' % (
            cx - r, cy, 2 * r, v, col)
    if shape == "star":
        p = " ".join("%.1f,%.1f" % (cx + (r if i % 2 == 0 else r * 0.45) *
                                    math.sin(i * 0.6283185),
                                    cy - (r if i % 2 == 0 else r * 0.45) *
                                    math.cos(i * 0.6283185)) for i in range(10))
        return '<polygon points="%s" fill="%s"/>' % (p, col)
    if shape == "bolt":
        return ('<path d="M%.1f %.1f l-4 6 h3 l-2 5 l6 -7 h-3 l2 -4 z" fill="%s" '
                'stroke="#555" stroke-width="0.5"/>' % (cx + 1, cy - r, col))
    # arrow: a move to the right
    return ('<path d="M%.1f %.1f h%d m-4 -4 l4 4 l-4 4" fill="none" stroke="%s" '
            'stroke-width="2.5"/>' % (cx - r, cy, 2 * r, col))


def caption_text(e, names, t0_label):
    """One caption: when, where, which line, what the core decided."""
    t, a, irq = e["type"], e["arg"], e["irq"]
    line = "irq %d (%s)" % (irq, names.get(irq, "?"))
    what = {
        "pending": lambda: "%s fired while %s: the event is kept pending" % (
            line, " and ".join(v for k, v in WHY.items() if a & k) or "busy"),
        "replay": lambda: "%s: the pending event is replayed" % line,
        "rerun": lambda: "%s: its handler ran %d more time(s) for events during it" % (line, a),
        "masked": lambda: "%s masked while its thread runs (oneshot)" % line,
        "spurious-disable": lambda: "%s: %d events unhandled (no handler claimed them), "
                                    "disabled as a stuck line" % (line, a),
        "storm-throttle": lambda: "%s: a storm (%d events in a window), throttled" % (line, a),
        "storm-release": lambda: "%s: the storm is over, the line runs again" % line,
        "stuck-poll": lambda: "%s: the stuck-line poll runs its handlers: %s" % (
            line, "handled, the line is let go (enabled again)" if a & 0x100 else
            RESULTS.get(a & 0xff, a & 0xff)),
        "thread-wake": lambda: "%s: the handler wakes thread %s" % (line, e["name"] or "?"),
        "affinity": lambda: "%s moved to CPU%s %s" % (
            line, "s" if bin(a).count("1") > 1 else "",
            ",".join(str(i) for i in range(32) if a >> i & 1)),
    }[t]()
    return "%s, CPU %d: %s" % (t0_label, e["cpu"], what)


def lane_marks(instants, cpu, ax, number):
    """CPU @cpu's markers as (event, x, row, count): markers of one kind
    that would touch are drawn once with their count; a marker that would
    touch one of another kind (or its number) goes to the next row up."""
    placed = []		# [event, x, row, count, right edge]
    for e in sorted((e for e in instants if e["cpu"] == cpu), key=lambda e: e["ts"]):
        mx = ax.x(e["ts"])
        same = [p for p in placed if p[0]["type"] == e["type"] and
                (p[0]["irq"] == e["irq"] or e["type"] not in CAPTIONED) and
                abs(p[1] - mx) < 2 * MARK_R and id(e) not in number]
        if same:
            same[-1][3] += 1
            continue
        right = mx + MARK_R + (text_w(str(number[id(e)]), 9) + 2 if id(e) in number else 0)
        row = 0
        while any(p[2] == row and mx - MARK_R - 2 < p[4] and right + 2 > p[1] - MARK_R
                  for p in placed):
            row += 1
        placed.append([e, mx, row, 1, right])
    for p in placed:
        if p[3] > 1:
            p[4] += text_w("\u00d7%d" % p[3], 9) + 2
    return [tuple(p[:4]) for p in placed]


def captioned(instants, ax):
    """The decisions worth a caption, in time order: the first of each
    repeat (same kind, line and CPU within one stretch between breaks),
    and {id(first): (times, last)}."""
    first, out, repeats = {}, [], {}
    for e in sorted((e for e in instants if e["type"] in CAPTIONED), key=lambda e: e["ts"]):
        stretch = sum(1 for seg in ax.segs if seg[0] <= e["ts"])
        key = (e["type"], e["irq"], e["cpu"], stretch)
        if key in first:
            n, _ = repeats.get(id(first[key]), (1, None))
            repeats[id(first[key])] = (n + 1, e)
            continue
        first[key] = e
        out.append(e)
    return out, repeats


def span_label(s, runs, w):
    """The longest label that fits a span @w wide, or ''."""
    full = span_name(s["kind"], s["irq"], s["name"])
    n = " \u00d7%d" % runs if runs > 1 else ""
    for cand in (full + n, full, s["name"] + n, s["name"], "irq %d" % s["irq"]):
        if cand and text_w(cand, 10) + 6 <= w:
            return cand
    return ""


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
    left, top = 90, 92
    span_h = 26
    points = [s["start"] for s in spans] + [s["end"] for s in spans] + [e["ts"] for e in instants]
    ax = Axis(points, [e["ts"] for e in instants], left, 1200)
    width = ax.width
    lines = {}
    for s in spans:
        if s["kind"] != "softirq":
            lines.setdefault(s["irq"], set()).add(s["name"])
    for e in instants:
        if e["type"] == "request" and e["name"]:
            lines.setdefault(e["irq"], set()).add(e["name"])
    names = {irq: "+".join(sorted(v)) for irq, v in lines.items()}
    color = {irq: PALETTE[i % len(PALETTE)] for i, irq in enumerate(sorted(lines))}
    # Captions: one per decision of interest, numbered in time order.
    cap_events, repeats = captioned(instants, ax)
    number = {id(e): i + 1 for i, e in enumerate(cap_events)}
    marks = {c: lane_marks(instants, c, ax, number) for c in range(ncpus)}
    lane_y, y = [], top
    for c in range(ncpus):
        rows = 1 + max((r for _, _, r, _ in marks[c]), default=0)
        lane_y.append((y, rows))
        y += 10 + rows * MARK_ROW + span_h + 14
    lanes_end = y
    legend_y = lanes_end + 30
    kinds = [k for k in MARKER if any(e["type"] == k for e in instants)]
    caption_y = legend_y + 20 + 20 * ((len(kinds) + 2) // 3) + 24
    height = caption_y + 18 * len(cap_events) + 20
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'font-family="DejaVu Sans, sans-serif" font-size="%d">' % (left + width + 40, height, FONT),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="10" y="20" font-size="15" font-weight="bold">%s</text>' % esc(title),
         '<text x="10" y="38" fill="#444">Each CPU is a lane; time runs right. A bar is a handler, '
         'softirq or thread running (colour: its line); a shape above it is a decision of the '
         'core, numbered where explained below.</text>',
         '<text x="10" y="54" fill="#444">Idle gaps over %s are cut (the zigzag breaks, '
         'with the time skipped); between breaks the scale is linear, read it off the ticks.'
         '</text>' % fmt_time(ax.cap, ax.cap / 10.0)]
    # The time axis: ticks and labels per stretch, a zigzag at each cut.
    axis_y = top - 14
    o.append('<g class="axis" data-cap-ns="%d">' % ax.cap)
    o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>' %
             (left, axis_y, left + width, axis_y))
    last_right = -1e9
    for tx, t, label in ax.ticks():
        lw = text_w(label, 10)
        show = tx - lw / 2 > last_right + 6
        o.append('<line class="tick" data-t="%d" x1="%.1f" y1="%d" x2="%.1f" y2="%d" '
                 'stroke="#333"/>' % (t, tx, axis_y, tx, axis_y + 5))
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' %
                 (tx, axis_y + 5, tx, lanes_end - 14))
        if show:
            o.append('<text class="tick-label" x="%.1f" y="%d" font-size="10" '
                     'text-anchor="middle">%s</text>' % (tx, axis_y - 5, esc(label)))
            last_right = tx + lw / 2
    o.append('</g>')
    for bx, gap in ax.breaks:
        label = "%s idle" % fmt_time(gap, gap / 10.0)
        o.append('<g class="break" data-gap-ns="%d" data-x="%.1f">' % (gap, bx + BREAK_W / 2.0))
        o.append('<rect x="%.1f" y="%d" width="%d" height="%d" fill="white"/>' %
                 (bx, axis_y - 2, BREAK_W, lanes_end - axis_y - 10))
        for dx in (BREAK_W / 2.0 - 5, BREAK_W / 2.0 + 5):
            zig = " ".join("%.1f,%d" % (bx + dx + (3 if i % 2 else -3), axis_y - 6 + i * 8)
                           for i in range((lanes_end - axis_y) // 8))
            o.append('<polyline points="%s" fill="none" stroke="#888" stroke-width="1.2"/>' % zig)
        o.append('<text x="%.1f" y="%d" font-size="9" fill="#666" text-anchor="middle">%s</text>'
                 % (bx + BREAK_W / 2.0, lanes_end - 2, esc(label)))
        o.append('</g>')
    for c in range(ncpus):
        y, rows = lane_y[c]
        span_y = y + 8 + rows * MARK_ROW
        info = cpus.get(c, {})
        o.append('<g class="lane" data-cpu="%d">' % c)
        for a, b, x0, w in ax.segs:
            o.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>' %
                     (x0, span_y, w, span_h, "#f2f2f2"))
        o.append('<text x="10" y="%d" font-weight="bold">CPU %d</text>' % (span_y + 16, c))
        if info.get("dropped"):
            o.append('<text x="10" y="%d" fill="#b2182b" font-size="9">%d events</text>'
                     '<text x="10" y="%d" fill="#b2182b" font-size="9">dropped (ring full)'
                     '</text>' % (span_y + 30, info["dropped"], span_y + 40))
        for s, runs, x0, x1 in merged(spans, c, ax.x, 0):
            fill = "#999999" if s["kind"] == "softirq" else color.get(s["irq"], "#333")
            dy = min(s["depth"], 3) * 5
            w = max(x1 - x0, MIN_SPAN_W)
            extra = ' fill-opacity="0.45" stroke="%s"' % fill if s["kind"] == "thread" else ""
            what = ("%.1f us, %s" % ((s["end"] - s["start"]) / 1000.0,
                                     RESULTS.get(s["result"], s["result"])) if runs == 1 else
                    "%d runs closer than a pixel" % runs)
            o.append('<rect class="span" x="%.2f" y="%d" width="%.2f" height="%d" fill="%s"%s>'
                     '<title>%s, %s</title></rect>' %
                     (x0, span_y + dy, w, span_h - dy, fill, extra,
                      esc(span_name(s["kind"], s["irq"], s["name"])), what))
            label = span_label(s, runs, w)
            if label:
                o.append('<text class="span-label" data-x0="%.2f" data-x1="%.2f" data-w="%.1f" '
                         'x="%.2f" y="%d" font-size="10" fill="%s">%s</text>' %
                         (x0, x0 + w, text_w(label, 10), x0 + 3, span_y + span_h - 8,
                          "#222" if s["kind"] == "thread" else "white", esc(label)))
        for e, mx, row, count in marks[c]:
            cy = span_y - 4 - MARK_R - row * MARK_ROW
            o.append('<g class="marker" data-kind="%s" data-x="%.1f" data-y="%.1f" data-r="%d">'
                     '<title>%s, CPU %d: irq %d %s</title>%s' %
                     (e["type"], mx, cy, MARK_R, fmt_time(e["ts"], 1000), c, e["irq"],
                      esc(instant_text(e)), marker_svg(e["type"], mx, cy)))
            if id(e) in number or count > 1:
                o.append('<text class="marker-number" x="%.1f" y="%.1f" font-size="9" '
                         'font-weight="bold">%s</text>' % (mx + MARK_R + 1, cy + 3,
                                                           number[id(e)] if id(e) in number
                                                           else "\u00d7%d" % count))
            o.append('</g>')
        o.append('</g>')
    # The legend: lines, then the markers drawn, with what each means.
    y = legend_y
    o.append('<text x="10" y="%d" font-weight="bold">lines</text>' % y)
    lx = left
    for irq in sorted(lines):
        label = "irq %d: %s" % (irq, names[irq])
        o.append('<g class="legend-entry" data-kind="line" data-irq="%d"><rect x="%d" y="%d" '
                 'width="12" height="12" fill="%s"/><text x="%d" y="%d">%s</text></g>' %
                 (irq, lx, y - 10, color[irq], lx + 16, y, esc(label)))
        lx += 30 + text_w(label)
    o.append('<g class="legend-entry" data-kind="softirq"><rect x="%d" y="%d" width="12" '
             'height="12" fill="#999999"/><text x="%d" y="%d">softirq</text></g>' %
             (lx, y - 10, lx + 16, y))
    lx += 30 + text_w("softirq")
    o.append('<g class="legend-entry" data-kind="thread"><rect x="%d" y="%d" width="12" '
             'height="12" fill="#999" fill-opacity="0.45" stroke="#999"/><text x="%d" y="%d">'
             'threaded handler (pale)</text></g>' % (lx, y - 10, lx + 16, y))
    y += 20
    o.append('<text x="10" y="%d" font-weight="bold">decisions</text>' % y)
    col_w = min(width / 3.0, 440)
    for i, k in enumerate(kinds):
        cx, cy = left + (i % 3) * col_w, y + (i // 3) * 20
        o.append('<g class="legend-entry" data-kind="marker:%s">%s<text x="%.1f" y="%d">'
                 '<tspan font-weight="bold">%s</tspan>: %s</text></g>' %
                 (k, marker_svg(k, cx + 6, cy - 4), cx + 16, cy, k, esc(MARKER[k][2])))
    y = caption_y
    o.append('<text x="10" y="%d" font-weight="bold">what happened</text>' % (y - 18))
    for e in cap_events:
        text = caption_text(e, names, fmt_time(e["ts"], 100))
        if id(e) in repeats:
            n, last = repeats[id(e)]
            text += " (%d times, the last at %s)" % (n, fmt_time(last["ts"], 100))
        o.append('<g class="caption" data-n="%d" data-kind="%s" data-times="%d">%s<text x="%d" '
                 'y="%d"><tspan font-weight="bold">%d</tspan>  %s</text></g>' %
                 (number[id(e)], e["type"], repeats.get(id(e), (1,))[0],
                  marker_svg(e["type"], left - 12, y - 4), left, y, number[id(e)], esc(text)))
        y += 18
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


SVG_NS = "{http://www.w3.org/2000/svg}"


def svg_all(root, tag, cls=None):
    return [e for e in root.iter(SVG_NS + tag) if cls is None or e.get("class") == cls]


def check_picture(path, root, evs):
    """What makes the picture read without hovering, from its SVG: a time
    axis with ticks, a break where each idle gap is cut, a legend entry for
    each line and each kind of marker drawn, span labels that fit their
    spans, markers of different kinds never drawn over each other, and a
    caption for each decision of interest. Return: a summary."""
    ticks = svg_all(root, "line", "tick")
    labels = svg_all(root, "text", "tick-label")
    if len(ticks) < 2 or len(labels) < 2:
        die("%s: no time axis (%d ticks, %d labels)" % (path, len(ticks), len(labels)))
    pts = sorted({round(e["ts"] * 1000) for e in evs if e["ph"] in ("X", "i")} |
                 {round((e["ts"] + e["dur"]) * 1000) for e in evs if e["ph"] == "X"})
    cap = cut_threshold(pts)
    gaps = [b - a for a, b in zip(pts, pts[1:]) if b - a > cap]
    drawn = sorted(int(g.get("data-gap-ns")) for g in svg_all(root, "g", "break"))
    if len(drawn) != len(gaps) or any(abs(d - g) > 2 for d, g in zip(drawn, sorted(gaps))):
        die("%s: %d idle gaps over %.0f us cut, %d breaks drawn" %
            (path, len(gaps), cap / 1000.0, len(drawn)))
    legend = {g.get("data-kind") + (":" + g.get("data-irq") if g.get("data-irq") else "")
              for g in svg_all(root, "g", "legend-entry")}
    marks = [(g.get("data-kind"), float(g.get("data-x")), float(g.get("data-y")),
              float(g.get("data-r"))) for g in svg_all(root, "g", "marker")]
    want = {"marker:" + k for k, _, _, _ in marks} | \
           {"line:%d" % e["args"]["irq"] for e in evs if e["ph"] == "X" and e["cat"] == "handler"}
    if want - legend:
        die("%s: not in the legend: %s" % (path, ", ".join(sorted(want - legend))))
    for t in svg_all(root, "text", "span-label"):
        room = float(t.get("data-x1")) - float(t.get("data-x0"))
        if text_w(t.text or "", 10) + 4 > room:
            die("%s: span label %r (%.0f px) does not fit its span (%.0f px)" %
                (path, t.text, text_w(t.text or "", 10), room))
    marks.sort(key=lambda m: m[1])
    for i, (k, x, y, r) in enumerate(marks):
        for k2, x2, y2, r2 in marks[i + 1:]:
            if x2 - r2 >= x + r:
                break
            if k2 != k and abs(y2 - y) < r + r2:
                die("%s: markers of kinds %s and %s drawn over each other at x %.0f" %
                    (path, k, k2, x))
    want_caps = sum(1 for e in evs if e["ph"] == "i" and e["args"]["type"] in CAPTIONED)
    caps = svg_all(root, "g", "caption")
    told = sum(int(c.get("data-times")) for c in caps)
    numbers = {t.text for t in svg_all(root, "text", "marker-number")}
    if told != want_caps or any(c.get("data-n") not in numbers for c in caps):
        die("%s: captions tell of %d decisions, the trace has %d of interest (each caption's "
            "number on its marker)" % (path, told, want_caps))
    return "axis with %d ticks, %d breaks, %d legend entries, %d span labels fit, %d markers " \
           "apart, %d captions" % (len(ticks), len(drawn), len(legend),
                                  len(svg_all(root, "text", "span-label")), len(marks), len(caps))


def check_png(path, root):
    """@path is a PNG of the SVG's size with something drawn in it."""
    import zlib
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as err:
        die("%s: %s" % (path, err.strerror))
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        die("%s: not a PNG" % path)
    w, h = struct.unpack(">II", data[16:24])
    if (w, h) != (int(float(root.get("width"))), int(float(root.get("height")))):
        die("%s: %dx%d, the SVG is %sx%s" % (path, w, h, root.get("width"), root.get("height")))
    idat, at = b"", 8
    while at < len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            idat += data[at + 8:at + 8 + n]
        at += 12 + n
    pixels = zlib.decompress(idat)
    if len(set(pixels[::7])) < 16:
        die("%s: %dx%d but next to blank" % (path, w, h))
    return "PNG %dx%d rendered" % (w, h)


def check(a):
    doc, evs, lanes = check_json(a.json)
    try:
        root = ET.parse(a.svg).getroot()
    except ET.ParseError as err:
        die("%s: not well-formed XML: %s" % (a.svg, err))
    if root.tag != SVG_NS + "svg":
        die("%s: root element %s, not svg" % (a.svg, root.tag))
    svg_lanes = sorted(int(g.get("data-cpu")) for g in svg_all(root, "g", "lane"))
    if svg_lanes != sorted(lanes):
        die("%s: lanes for CPUs %s, the trace has CPUs %s" % (a.svg, svg_lanes, sorted(lanes)))
    xs = [e for e in evs if e["ph"] == "X"]
    inst = [e for e in evs if e["ph"] == "i"]
    missing = missing_kinds(doc, a.expect)
    if missing:
        die("%s: not in the trace: %s" % (a.json, ", ".join(missing)))
    picture = check_picture(a.svg, root, evs)
    png = "; " + check_png(a.png, root) if a.png else ""
    print("trace-check: %s: %d spans, %d decisions on %d CPU lanes; SVG well-formed, "
          "one lane per CPU; %d expectations found; %s%s" %
          (os.path.basename(a.json), len(xs), len(inst), len(lanes), len(a.expect), picture, png))


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
    c.add_argument("--png", help="the SVG rendered to PNG (rsvg-convert): checked too")
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
