# SPDX-License-Identifier: MIT
"""charts.py - SVG charts of the benchmark's own results (standard library only)."""
import os
import re
from xml.sax.saxutils import escape

W, BAR_H, GAP, LEFT, RIGHT = 760, 16, 10, 290, 70
GENIRQ, FLOOR, IRQOFF, FLOOR1 = "#3465a4", "#999999", "#73a5d8", "#cccccc"


def _svg(width, height, body):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
            'font-family="sans-serif" font-size="12">\n'
            '<rect width="100%%" height="100%%" fill="white"/>\n%s</svg>\n'
            % (width, height, "".join(body)))


def _text(x, y, s, anchor="start", weight="normal"):
    return '<text x="%.1f" y="%.1f" text-anchor="%s" font-weight="%s">%s</text>\n' % (
        x, y, anchor, weight, escape(s))


def dispatch_chart(data):
    """Horizontal bars: instructions per dispatch, genirq (default, IRQF_DISABLED) vs floors."""
    ins, labels = data["instructions"], data["labels"]
    cases = ["edge", "level", "fasteoi", "shared2", "shared8", "percpu", "disabled", "replay"]
    series = [("genirq", "genirq:", GENIRQ), ("genirq, IRQF_DISABLED", "genirq-irqoff:", IRQOFF),
              ("floor (shareable)", "floor:", FLOOR), ("floor (one handler per line)", "floor1:", FLOOR1)]
    top = max(ins["genirq:" + c] for c in cases)
    scale = (W - LEFT - RIGHT) / top
    body, y = [_text(W / 2, 20, "Instructions per interrupt (callgrind; lower is better)",
                     "middle", "bold")], 40
    for name, _, colour in series:
        body.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>' % (LEFT, y - 10, colour))
        body.append(_text(LEFT + 16, y, name))
        y += 16
    y += 6
    for c in cases:
        body.append(_text(LEFT - 8, y + BAR_H + 4, labels[c], "end"))
        for _, prefix, colour in series:
            v = ins.get(prefix + c)
            if v is None:
                continue
            body.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>\n' % (
                LEFT, y, v * scale, BAR_H - 3, colour))
            body.append(_text(LEFT + v * scale + 4, y + BAR_H - 5, "%g" % v))
            y += BAR_H
        y += GAP
    return _svg(W, y + 10, body)


def shared_chart(data):
    """Lines: instructions as handlers on a shared line grow from 1 to 8."""
    ins = data["instructions"]
    ks = list(range(1, 9))
    key = lambda impl, k: "%s:%s" % (impl, "edge" if k == 1 else "shared%d" % k)
    g = [ins[key("genirq", k)] for k in ks]
    f = [ins[key("floor", k)] for k in ks]
    h, x0, y0, pw, ph = 360, 70, 40, W - 70 - 110, 260
    top = max(g) * 1.1
    px = lambda k: x0 + (k - 1) * pw / 7
    py = lambda v: y0 + ph - v * ph / top
    body = [_text(W / 2, 20, "Instructions per interrupt as handlers share a line "
                  "(the last one claims)", "middle", "bold")]
    body.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>\n' % (x0, y0 + ph, x0 + pw, y0 + ph))
    body.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>\n' % (x0, y0, x0, y0 + ph))
    for k in ks:
        body.append(_text(px(k), y0 + ph + 16, str(k), "middle"))
    body.append(_text(x0 + pw / 2, y0 + ph + 34, "handlers on the line", "middle"))
    step = 50 if top < 600 else 100
    for v in range(0, int(top) + 1, step):
        body.append(_text(x0 - 6, py(v) + 4, str(v), "end"))
        body.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/>\n' % (x0 + 1, py(v), x0 + pw, py(v)))
    for vals, colour, name in ((g, GENIRQ, "genirq"), (f, FLOOR, "floor")):
        pts = " ".join("%.1f,%.1f" % (px(k), py(v)) for k, v in zip(ks, vals))
        body.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>\n' % (pts, colour))
        for k, v in zip(ks, vals):
            body.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>\n' % (px(k), py(v), colour))
        body.append(_text(px(8) + 8, py(vals[-1]) + 4, "%s %g" % (name, vals[-1])))
    return _svg(W, h + 20, body)


def guest_chart(data):
    """Stacked bars per ISA: vector entry to the handler, then back; genirq vs a bare stub,
    with a mark at 1.8x the bare stub (issue 19's goal) on each genirq bar."""
    guest = data["guest"]
    isas = [i for i in ("i386", "x86_64", "ppc", "ppc64", "aarch64", "riscv64") if i in guest]
    rows = [(isa, impl, guest[isa]["ipi-%s-to-handler" % impl], guest[isa]["ipi-%s-back" % impl])
            for isa in isas for impl in ("genirq", "bare")]
    top = max(max(t + b for _, _, t, b in rows),
              max(1.8 * (t + b) for _, impl, t, b in rows if impl == "bare"))
    scale = (W - LEFT - RIGHT - 20) / top
    body, y = [_text(W / 2, 20, "Guest instructions per interrupt (QEMU -icount shift=0)",
                     "middle", "bold")], 40
    for name, colour in (("to the handler", GENIRQ), ("back to the interrupted code", IRQOFF)):
        body.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>' % (LEFT, y - 10, colour))
        body.append(_text(LEFT + 16, y, name))
        y += 16
    body.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#c00" stroke-width="2"/>\n' %
                (LEFT + 6, y - 10, LEFT + 6, y + 2))
    body.append(_text(LEFT + 16, y, "1.8x the bare stub (the goal)"))
    y += 22
    for isa, impl, to, back in rows:
        trigger = re.sub(r"\s*\(.*\)", "", guest[isa]["trigger"])
        bare = guest[isa]["ipi-bare-to-handler"] + guest[isa]["ipi-bare-back"]
        label = "%s, %s: %s" % (isa, trigger, "genirq %.2fx" % ((to + back) / bare)
                                if impl == "genirq" else "bare stub")
        if impl == "genirq":
            body.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c00" stroke-width="2"/>\n'
                        % (LEFT + 1.8 * bare * scale, y - 2, LEFT + 1.8 * bare * scale, y + BAR_H - 1))
        body.append(_text(LEFT - 8, y + BAR_H - 5, label, "end"))
        body.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>\n' % (
            LEFT, y, to * scale, BAR_H - 3, GENIRQ if impl == "genirq" else FLOOR))
        body.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>\n' % (
            LEFT + to * scale, y, back * scale, BAR_H - 3, IRQOFF if impl == "genirq" else "#cccccc"))
        body.append(_text(LEFT + (to + back) * scale + 4, y + BAR_H - 5, "%d + %d" % (to, back)))
        y += BAR_H + (GAP if impl == "bare" else 0)
    return _svg(W, y + 10, body)


def lines_chart(data):
    """Grouped bars: L1d misses per event as lines in use grow, genirq and both floors."""
    sweep = data["sweep"]
    counts = sorted({int(k.split("-")[-1]) for k in sweep})
    impls = [("genirq", GENIRQ), ("floor", FLOOR), ("floor1", FLOOR1)]
    names = {"genirq": "genirq", "floor": "floor (shareable)", "floor1": "floor (one handler per line)"}
    top = max(max(f["misses"] for f in sweep.values()), 2.0) * 1.15
    h, x0, y0, pw, ph = 380, 70, 70, W - 70 - 40, 250
    py = lambda v: y0 + ph - v * ph / top
    body = [_text(W / 2, 20, "L1d misses per event, lines in use round-robin (callgrind, 32 KiB L1d)",
                  "middle", "bold")]
    x = x0
    for impl, colour in impls:
        body.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>' % (x, 30, colour))
        body.append(_text(x + 16, 40, names[impl]))
        x += 200
    body.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>\n' % (x0, y0 + ph, x0 + pw, y0 + ph))
    body.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#c00" stroke-dasharray="4"/>\n' %
                (x0, py(2.0), x0 + pw, py(2.0)))
    body.append(_text(x0 + pw, py(2.0) - 4, "goal 2.0", "end"))
    group = pw / len(counts)
    bar = group / (len(impls) + 1)
    for i, lines in enumerate(counts):
        gx = x0 + i * group + bar / 2
        for j, (impl, colour) in enumerate(impls):
            f = sweep["%s:lines-%d" % (impl, lines)]
            v = f["misses"]
            body.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>\n' % (
                gx + j * bar, py(v), bar - 4, y0 + ph - py(v), colour))
            body.append(_text(gx + j * bar + (bar - 4) / 2, py(v) - 4, "%.2f" % v, "middle"))
            body.append(_text(gx + j * bar + (bar - 4) / 2, y0 + ph + 30, "%g ins" % f["ins"], "middle"))
        body.append(_text(gx + len(impls) * bar / 2, y0 + ph + 14, "%d lines" % lines, "middle", "bold"))
    return _svg(W, h + 20, body)


def write_all(data, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "dispatch.svg"), "w") as f:
        f.write(dispatch_chart(data))
    with open(os.path.join(out_dir, "shared.svg"), "w") as f:
        f.write(shared_chart(data))
    if data.get("sweep"):
        with open(os.path.join(out_dir, "lines.svg"), "w") as f:
            f.write(lines_chart(data))
    if data.get("guest"):
        with open(os.path.join(out_dir, "guest.svg"), "w") as f:
            f.write(guest_chart(data))
