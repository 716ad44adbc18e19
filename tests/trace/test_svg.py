#!/usr/bin/env python3
"""test_svg.py JSON SVG - `scripts/trace.py check` refuses a trace picture
that would not read on its own.

JSON and SVG are a good pair (the host trace's). Each case damages a copy
of the SVG the way a drawing bug would (no time axis, a cut gap without
its break, a label wider than its span, two kinds of marker drawn on one
spot, a marker kind missing from the legend, a decision without its
caption) and checks the exit status and message; the intact copy passes."""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TRACE = os.path.join(HERE, "..", "..", "scripts", "trace.py")


def drop(pattern):
    """Remove every match of @pattern (one element, or a group)."""
    return lambda svg: re.sub(pattern, "", svg, flags=re.S)


def widen_label(svg):
    # The first span label claims a span 10 px wide.
    return re.sub(r'(class="span-label" data-x0="([0-9.]+)" data-x1=")[0-9.]+"',
                  lambda m: '%s%.2f"' % (m.group(1), float(m.group(2)) + 10), svg, count=1)


def stack_markers(svg):
    # The second marker kind drawn at the first marker's spot.
    ms = re.findall(r'<g class="marker" data-kind="([^"]+)" data-x="([0-9.]+)" data-y="([0-9.]+)"',
                    svg)
    k0, x0, y0 = ms[0]
    other = next(m for m in ms if m[0] != k0)
    old = '<g class="marker" data-kind="%s" data-x="%s" data-y="%s"' % other
    new = '<g class="marker" data-kind="%s" data-x="%s" data-y="%s"' % (other[0], x0, y0)
    return svg.replace(old, new, 1)


def drop_legend_marker(svg):
    kind = re.search(r'<g class="marker" data-kind="([^"]+)"', svg).group(1)
    return re.sub(r'<g class="legend-entry" data-kind="marker:%s">.*?</g>' % re.escape(kind),
                  "", svg, flags=re.S)


CASES = [
    ("no time axis", drop(r'<line class="tick"[^>]*/>'), r"no time axis"),
    ("a cut gap without its break", lambda s: re.sub(r'<g class="break".*?</g>', "", s, count=1,
                                                     flags=re.S),
     r"idle gaps over \d+ us cut, \d+ breaks drawn"),
    ("a label wider than its span", widen_label, r"span label .* does not fit its span"),
    ("two kinds of marker on one spot", stack_markers,
     r"markers of kinds \S+ and \S+ drawn over each other"),
    ("a marker kind not in the legend", drop_legend_marker, r"not in the legend: marker:"),
    ("a decision without its caption", lambda s: re.sub(r'<g class="caption".*?</g>', "", s,
                                                        count=1, flags=re.S), r"captions"),
]


def run(json_path, svg_text, tmp):
    path = os.path.join(tmp, "t.svg")
    with open(path, "w") as f:
        f.write(svg_text)
    return subprocess.run([sys.executable, TRACE, "check", json_path, path],
                          capture_output=True, text=True)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: test_svg.py JSON SVG")
    json_path = sys.argv[1]
    with open(sys.argv[2]) as f:
        good = f.read()
    fails = 0
    with tempfile.TemporaryDirectory() as tmp:
        r = run(json_path, good, tmp)
        if r.returncode != 0:
            print("FAIL: the intact picture is refused: %s" % r.stderr.strip())
            fails += 1
        else:
            print("PASS: the intact picture passes")
        for name, damage, want in CASES:
            bad = damage(good)
            if bad == good:
                print("FAIL: %s: the damage changed nothing (the picture lacks it)" % name)
                fails += 1
                continue
            r = run(json_path, bad, tmp)
            if r.returncode == 1 and re.search(want, r.stderr):
                print("PASS: %s: refused (%s)" % (name, r.stderr.strip()[:110]))
            else:
                print("FAIL: %s: status %d, %r" % (name, r.returncode, r.stderr.strip()))
                fails += 1
    if fails:
        sys.exit("test_svg.py: %d failed" % fails)
    print("test_svg.py: all %d cases passed" % (len(CASES) + 1))


if __name__ == "__main__":
    main()
