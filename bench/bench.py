#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench.py - run the dispatch benchmark and print, gate or chart it.

  bench.py run [--json F] [--svg DIR] [--guest]   the full table
  bench.py check                                  budgets (bench/budgets.txt)
  bench.py profile KEY=VALUE...                   callgrind's per-function costs

Locked instructions per event (locked:<case> in the budgets) come from
callgrind's per-instruction counts of the same runs, summed over the
binary's lock-prefixed, xchg-with-memory and mfence instructions.

Instruction counts come from callgrind, collecting only inside the
benchmark's bench_loop_* functions, for two run lengths: the difference
divided by the difference of lengths is the cost of one iteration, with
every set-up cost cancelled. They are deterministic for one binary.
ns per dispatch is the median of several runs of the clock: indicative only,
never compared against anything.

The lines-in-use sweep dispatches 16, 1,024 and 8,192 edge lines of one
handler round-robin, each line once before the count starts, under
callgrind's cache simulation (a 32 KiB, 8-way L1d of 64-byte lines):
instructions and L1d misses per event, deterministic like the rest. The
paired timing runs the 16-line and the 8,192-line case alternately and
reports the ratio of their medians: indicative, never gated.
"""
import argparse
import concurrent.futures
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

N_SHORT, N_LONG = 200, 1200
TIME_N, TIME_RUNS = 200000, 7
SWEEP_LINES = (16, 1024, 8192)
SWEEP_ROUNDS = 4		# counted events: this many rounds of the largest case
CACHE_SIM = ["--cache-sim=yes", "--D1=32768,8,64", "--I1=32768,8,64", "--LL=8388608,16,64"]
PAIRED_N, PAIRED_RUNS = 1 << 21, 7

# case id -> (label, arguments of `bench count`)
CASES = {
    "edge": ("one handler, edge flow", "flow=edge"),
    "level": ("one handler, level flow", "flow=level"),
    "fasteoi": ("one handler, fasteoi flow", "flow=fasteoi"),
    "shared2": ("shared line, 2 handlers, second claims", "flow=edge handlers=2"),
    "shared8": ("shared line, 8 handlers, last claims", "flow=edge handlers=8"),
    "percpu": ("per-CPU line", "flow=percpu"),
    "disabled": ("disabled line (pending path)", "flow=edge kind=disabled"),
    "replay": ("disable, event, enable + replay", "flow=edge kind=replay"),
}
for _k in range(3, 8):
    CASES["shared%d" % _k] = ("shared line, %d handlers" % _k, "flow=edge handlers=%d" % _k)
MAIN = ["edge", "level", "fasteoi", "shared2", "shared8", "percpu", "disabled", "replay"]
IRQOFF = ["edge", "level", "fasteoi", "shared2", "shared8", "percpu"]
GOALS = {"edge": 2.0, "percpu": 2.0, "shared2": 2.0}
# The one-handler floor (impl=floor1) exists for these: the controller
# calls of the line's trigger, one handler, the count.
FLOOR1 = ["edge", "level", "fasteoi", "percpu"]
# Instructions per event the issue set for one handler and per-CPU lines.
TARGETS = {"edge": 75, "fasteoi": 75, "percpu": 75}
# Figures of the issue: Linux 2.6.9's path and the project's own floor.
REFERENCE = {"edge": (155, 34), "shared2": (171, 58), "percpu": (125, 34)}


def die(msg):
    sys.stderr.write("bench: %s\n" % msg)
    sys.exit(2)


def callgrind_events(binary, args, out_dir, extra=()):
    """callgrind's totals of `bench count ARGS`, collected in bench_loop_* only."""
    fd, out = tempfile.mkstemp(prefix="cg.", dir=out_dir)
    os.close(fd)
    cmd = (["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
            "--collect-atstart=no", "--toggle-collect=bench_loop_*"] + list(extra) +
           [binary, "count"] + args.split())
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        die("%s failed:\n%s" % (" ".join(cmd), r.stderr[-2000:]))
    with open(out) as f:
        text = f.read()
    os.unlink(out)
    events = re.search(r"^events:\s+(.*)$", text, re.M)
    total = re.search(r"^(?:summary|totals):\s+(.*)$", text, re.M)
    if not events or not total:
        die("no totals in callgrind output for %s" % args)
    return dict(zip(events.group(1).split(), (int(v) for v in total.group(1).split())))


# The cases measured entered by descriptor too (genirq-desc:<case>).
DESC_ENTRY = ["edge", "fasteoi", "level", "percpu"]

# Instructions that lock the bus or fence on x86: lock-prefixed ones, xchg
# with memory (locked without the prefix), mfence.
LOCKED_RE = re.compile(r"^\s*([0-9a-f]+):\s+(?:lock\b|mfence\b|xchg\s+\S*\()")
# The cases whose locked instructions per event make-check-bench gates (locked:<case>).
LOCKED_CASES = ["edge", "level", "fasteoi", "shared2", "percpu", "msi"]


def locked_addresses(binary):
    """Offsets in @binary of its locked instructions, and of each function."""
    r = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary],
                       capture_output=True, text=True, check=True)
    locked = {int(m.group(1), 16) for m in map(LOCKED_RE.match, r.stdout.splitlines()) if m}
    r = subprocess.run(["nm", binary], capture_output=True, text=True, check=True)
    syms = {f[2]: int(f[0], 16) for f in (line.split() for line in r.stdout.splitlines())
            if len(f) == 3}
    return locked, syms


def callgrind_locked(binary, args, out_dir, static):
    """Locked instructions executed in `bench count ARGS` (bench_loop_* only)."""
    locked, syms = static
    fd, out = tempfile.mkstemp(prefix="cg.", dir=out_dir)
    os.close(fd)
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
           "--collect-atstart=no", "--toggle-collect=bench_loop_*", "--dump-instr=yes",
           "--compress-pos=no", "--compress-strings=no", binary, "count"] + args.split()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        die("%s failed:\n%s" % (" ".join(cmd), r.stderr[-2000:]))
    with open(out) as f:
        lines = f.read().splitlines()
    os.unlink(out)
    counts, fn_low, fn, skip = {}, {}, None, False
    for line in lines:
        if skip:
            skip = False
        elif line.startswith("calls="):
            skip = True	# the next line is the call's inclusive cost
        elif line.startswith("fn="):
            fn = line[3:].strip()
        elif line.startswith("0x"):
            f = line.split()
            addr = int(f[0], 16)
            counts[addr] = counts.get(addr, 0) + int(f[-1])
            fn_low[fn] = min(fn_low.get(fn, addr), addr)
    # A position-independent binary runs at a base: where a loop function starts.
    bases = {fn_low[k] - syms[k] for k in fn_low if k.startswith("bench_loop_") and k in syms}
    if len(bases) != 1 or next(iter(bases)) & 0xfff:
        die("cannot place %s's code in callgrind's output for %s" % (binary, args))
    base = bases.pop()
    return sum(c for a, c in counts.items() if a - base in locked)


def locked_per_event(binary, args, out_dir, static):
    """Locked instructions of one iteration: difference of two run lengths."""
    short = callgrind_locked(binary, "%s n=%d" % (args, N_SHORT), out_dir, static)
    long_ = callgrind_locked(binary, "%s n=%d" % (args, N_LONG), out_dir, static)
    return round((long_ - short) / (N_LONG - N_SHORT), 2)


def callgrind_total(binary, args, n, out_dir):
    return callgrind_events(binary, "%s n=%d" % (args, n), out_dir)["Ir"]


def sweep_case(binary, impl, lines, out_dir):
    """Instructions and L1d misses per event, lines in use round-robin."""
    n = SWEEP_ROUNDS * max(SWEEP_LINES)
    fig = callgrind_events(binary, "impl=%s flow=edge lines=%d n=%d" % (impl, lines, n),
                           out_dir, CACHE_SIM)
    return {"ins": round(fig["Ir"] / n, 1),
            "misses": round((fig["D1mr"] + fig["D1mw"]) / n, 3)}


def sweep_jobs():
    return {"%s:lines-%d" % (impl, lines): (impl, lines)
            for impl in ("genirq", "floor", "floor1") for lines in SWEEP_LINES}


def measure_sweep(binary, keys, out_dir):
    jobs = sweep_jobs()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        futs = {k: ex.submit(sweep_case, binary, jobs[k][0], jobs[k][1], out_dir)
                for k in keys}
        return {k: f.result() for k, f in futs.items()}


def paired_timing(binary, impl):
    """ns per event with 16 and with 8,192 lines, run alternately: medians."""
    runs = {16: [], 8192: []}
    for _ in range(PAIRED_RUNS):
        for lines in (16, 8192):
            r = subprocess.run([binary, "time", "impl=" + impl, "flow=edge",
                                "lines=%d" % lines, "n=%d" % PAIRED_N],
                               capture_output=True, text=True, check=True)
            runs[lines].append(float(r.stdout.strip()))
    return {lines: statistics.median(v) for lines, v in runs.items()}


def instructions(binary, args, out_dir):
    """Instructions of one iteration of the case: difference of two run lengths."""
    short = callgrind_total(binary, args, N_SHORT, out_dir)
    long_ = callgrind_total(binary, args, N_LONG, out_dir)
    per = (long_ - short) / (N_LONG - N_SHORT)
    return round(per, 1)


def measure_all(binary, jobs, out_dir):
    """jobs: {key: args}; runs two callgrinds at a time (the machine has 2 cores)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        futs = {k: ex.submit(instructions, binary, a, out_dir) for k, a in jobs.items()}
        return {k: f.result() for k, f in futs.items()}


def measure_locked(binary, keys, out_dir):
    """locked:<case> figures: locked instructions per event of genirq's case."""
    if not keys:
        return {}
    static = locked_addresses(binary)
    args = {k: "impl=genirq " + gated_jobs()["genirq:" + k[len("locked:"):]][len("impl=genirq "):]
            for k in keys}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        futs = {k: ex.submit(locked_per_event, binary, a, out_dir, static) for k, a in args.items()}
        return {k: f.result() for k, f in futs.items()}


def gated_jobs():
    """Every figure the table shows, by key."""
    jobs = {}
    for cid, (_, args) in CASES.items():
        jobs["genirq:" + cid] = "impl=genirq " + args
        jobs["floor:" + cid] = "impl=floor " + args
    for cid in FLOOR1:
        jobs["floor1:" + cid] = "impl=floor1 " + CASES[cid][1]
    for cid in IRQOFF:
        jobs["genirq-irqoff:" + cid] = "impl=genirq irqoff=1 " + CASES[cid][1]
    jobs["genirq:cost-on"] = "impl=genirq flow=edge cost=1"
    jobs["genirq:cost-was-on"] = "impl=genirq flow=edge cost=2"
    # A plain handler after an IRQF_DISABLED one was freed: the same entry as edge.
    jobs["genirq:irqoff-was-on"] = "impl=genirq flow=edge irqoff=2"
    # Tracing on: the line's events (handler entry and exit) into the rings.
    jobs["genirq:trace-on"] = "impl=genirq flow=edge trace=1"
    jobs["genirq:trace-was-on"] = "impl=genirq flow=edge trace=2"
    jobs["genirq:threaded"] = "impl=genirq flow=level kind=threaded"
    jobs["genirq:threaded-full"] = "impl=genirq flow=level kind=threaded-full"
    jobs["genirq:request"] = "impl=genirq kind=request"
    # A PCI-MSI line on a hierarchical bottom level with the fasteoi chip.
    jobs["genirq:msi"] = "impl=genirq flow=msi"
    jobs["genirq:free"] = "impl=genirq kind=free"
    # A port that enters by descriptor from a table of its own (x86_64's vectors).
    for cid in DESC_ENTRY:
        jobs["genirq-desc:" + cid] = "impl=genirq entry=desc " + CASES[cid][1]
    return jobs


def ns_per_dispatch(binary, args):
    runs = []
    for _ in range(TIME_RUNS):
        r = subprocess.run([binary, "time"] + args.split() + ["n=%d" % TIME_N],
                           capture_output=True, text=True, check=True)
        runs.append(float(r.stdout.strip()))
    return statistics.median(runs)


def memory(binary, core_objs):
    r = subprocess.run([binary, "mem"], capture_output=True, text=True, check=True)
    mem = {k: int(v) for k, v in (line.split() for line in r.stdout.splitlines())}
    # The core's static data at this capacity: data + bss of its objects.
    objs = sorted(os.path.join(core_objs, f) for f in os.listdir(core_objs) if f.endswith(".o"))
    r = subprocess.run(["size", "-t"] + objs, capture_output=True, text=True, check=True)
    rows = [line.split() for line in r.stdout.strip().splitlines()[1:]]
    total = rows[-1]
    # The default allocator's arena (mem.c) is unused when the port has
    # port_alloc(), as the host port does: counted apart.
    arena = sum(int(row[2]) for row in rows[:-1] if row[-1].endswith("/mem.o"))
    mem["arena_bytes"] = arena
    # So are the trace rings (trace.c, GENIRQ_TRACE_EVENTS per CPU): a
    # port sizes them, or leaves trace.c out.
    r = subprocess.run(["nm", "-S", os.path.join(core_objs, "trace.o")],
                       capture_output=True, text=True, check=True)
    rings = [int(f[1], 16) for f in (line.split() for line in r.stdout.splitlines())
             if len(f) == 4 and f[3] == "rings"]
    if len(rings) != 1:
        die("no trace rings in trace.o")
    mem["trace_ring_bytes"] = rings[0]
    mem["static_bytes"] = int(total[1]) + int(total[2]) - arena - rings[0]
    mem["total_16"] = mem["static_bytes"] + mem["heap_bytes_16"]
    mem["floor_total_16"] = (mem["max_irqs"] * mem["floor_line_bytes"] +
                             16 * mem["floor_action_bytes"])
    return mem


def guest_figures(errors):
    """The deterministic guest counts of each QEMU port (make bench-<isa>)."""
    out = {}
    for isa in ("x86_64", "i386", "ppc", "ppc64", "aarch64", "riscv64"):
        sys.stderr.write("bench: guest figures of %s (QEMU, -icount shift=0) ...\n" % isa)
        r = subprocess.run(["make", "--no-print-directory", "-s", "bench-" + isa],
                           capture_output=True, text=True)
        fig = {}
        for line in r.stdout.splitlines():
            m = re.search(r"dispatch: (\d+) .* handler, (\d+) back", line)
            if m:
                fig["edu-to-handler"] = int(m.group(1))
                fig["edu-back"] = int(m.group(2))
            m = re.search(r"thread-dispatch: (\d+) ", line)
            if m:
                fig["edu-to-thread"] = int(m.group(1))
            m = re.search(r"guest-bench: (.*) to the handler and back: genirq (\d+) (\d+), "
                          r"bare (\d+) (\d+)", line)
            if m:
                # The port's first self-IPI is its figure; the others (an
                # MSI, a second trigger) are kept as they came.
                g = [int(x) for x in m.groups()[1:]]
                one = {"trigger": m.group(1),
                       "ipi-genirq-to-handler": g[0], "ipi-genirq-back": g[1],
                       "ipi-bare-to-handler": g[2], "ipi-bare-back": g[3]}
                if "trigger" in fig or m.group(1).startswith("MSI"):
                    fig.setdefault("also", []).append(one)
                else:
                    fig.update(one)
        if r.returncode != 0 or "trigger" not in fig:
            last = (r.stdout + r.stderr).strip().splitlines()[-1:] or ["no output"]
            errors.append("make bench-%s failed: %s" % (isa, last[0]))
            continue
        out[isa] = fig
    return out


def fmt(x):
    if float(x).is_integer():
        return "%d" % x
    return "%.1f" % x if abs(x) >= 10 else "%.3g" % x


def read_budgets(path):
    budgets = {}
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                key, value = line.split()
                budgets[key] = float(value)
    return budgets


def print_table(res, mem, ns, guest, sweep=None, paired=None):
    w = sys.stdout.write
    w("genirq dispatch cost: instructions per interrupt (callgrind, x86_64 host, %s)\n" %
      "same compiler and flags for all")
    w("floor: the shareable table (chain, disabled flag); floor1: one handler per line, "
      "only the controller calls the trigger needs\n")
    w("%-42s %7s %7s %6s %6s %7s %6s  %s\n" % ("path per interrupt", "genirq", "irqoff", "floor",
                                               "ratio", "floor1", "ratio", "goal"))
    for cid in MAIN:
        g = res["genirq:" + cid]
        fl = res["floor:" + cid]
        f1 = res.get("floor1:" + cid)
        off = res.get("genirq-irqoff:" + cid)
        verdict = []
        if cid in GOALS:
            verdict.append("<=%.1fx floor %s" % (GOALS[cid], "ok" if g <= GOALS[cid] * fl else "MISS"))
        if cid in TARGETS:
            verdict.append("<=%d %s" % (TARGETS[cid], "ok" if g <= TARGETS[cid] else "MISS"))
        if cid == "level":
            verdict.append("<=2.0x floor %s" % ("ok" if g <= 2.0 * fl else "MISS"))
        w("%-42s %7s %7s %6s %5.2fx %7s %6s  %s\n" % (
            CASES[cid][0], fmt(g), fmt(off) if off else "-", fmt(fl), g / fl,
            fmt(f1) if f1 else "-", "%5.2fx" % (g / f1) if f1 else "-", "; ".join(verdict)))
    w("entered by descriptor from the port's own table (irq_handle_desc_entry()): %s\n" %
      ", ".join("%s %s (floor1 %s)" % (cid, fmt(res["genirq-desc:" + cid]),
                                       fmt(res["floor1:" + cid])) for cid in DESC_ENTRY))
    w("\nshared line, handlers 1..8 (last claims): genirq / floor\n")
    for k in range(1, 9):
        cid = "edge" if k == 1 else "shared%d" % k
        w("  %d: %s / %s\n" % (k, fmt(res["genirq:" + cid]), fmt(res["floor:" + cid])))
    w("\ncost accounting (edge, one handler): off %s, on %s (+%s), switched on then off %s\n" %
      (fmt(res["genirq:edge"]), fmt(res["genirq:cost-on"]),
       fmt(res["genirq:cost-on"] - res["genirq:edge"]), fmt(res["genirq:cost-was-on"])))
    w("tracing (edge, one handler): off %s, on %s (%s per event, 2 events an interrupt), "
      "switched on then off %s\n" %
      (fmt(res["genirq:edge"]), fmt(res["genirq:trace-on"]), fmt(trace_per_event(res)),
       fmt(res["genirq:trace-was-on"])))
    w("threaded ONESHOT level line (core runner): hard-interrupt part %s; with the woken "
      "thread's run %s (wake to thread function and back: +%s); plain level flow %s\n" %
      (fmt(res["genirq:threaded"]), fmt(res["genirq:threaded-full"]),
       fmt(res["genirq:threaded-full"] - res["genirq:threaded"]), fmt(res["genirq:level"])))
    w("request_irq: %s instructions, free_irq: %s instructions (malloc/free included)\n" %
      (fmt(res["genirq:request"]), fmt(res["genirq:free"])))
    if mem:
        w("memory: %d bytes per descriptor, %d per handler; 16 lines in use at %d-line "
          "capacity: %d bytes (%d static + %d heap; plus a %d-byte default arena that a port "
          "with port_alloc() does not use, and %d bytes of trace rings); floor: %d bytes "
          "(flat table)\n" %
          (mem["desc_bytes"], mem["action_bytes"], mem["max_irqs"], mem["total_16"],
           mem["static_bytes"], mem["heap_bytes_16"], mem["arena_bytes"],
           mem["trace_ring_bytes"], mem["floor_total_16"]))
    if sweep:
        w("\nlines in use, one edge handler each, round-robin (callgrind, 32 KiB 8-way L1d): "
          "instructions / L1d misses per event\n")
        w("%-8s %18s %18s %18s\n" % ("lines", "genirq", "floor", "floor1"))
        for lines in SWEEP_LINES:
            cells = []
            for impl in ("genirq", "floor", "floor1"):
                f = sweep["%s:lines-%d" % (impl, lines)]
                cells.append("%s / %.2f" % (fmt(f["ins"]), f["misses"]))
            w("%-8d %18s %18s %18s\n" % tuple([lines] + cells))
        m = sweep["genirq:lines-8192"]["misses"]
        w("genirq L1d misses per event at 8,192 lines: %.2f (goal <= 2.0: %s)\n" %
          (m, "ok" if m <= 2.0 else "MISS"))
    if paired:
        for impl, t in paired.items():
            w("paired timing (%s, %d alternating runs of 16 and 8,192 lines, medians; indicative): "
              "%.2f ns and %.2f ns per event, ratio %.2f (goal within 10%%: %s)\n" %
              (impl, PAIRED_RUNS, t[16], t[8192], t[8192] / t[16],
               "ok" if t[8192] / t[16] <= 1.10 else "MISS"))
    if ns:
        w("ns per dispatch (median of %d runs, indicative only): %s\n" % (TIME_RUNS, ", ".join(
            "%s %s %.1f" % (impl, cid, v) for (impl, cid), v in ns.items())))
    for isa, fig in guest.items():
        w("guest %s (-icount shift=0, instructions; to the handler / back to the interrupted code):\n"
          % isa)
        if "edu-to-handler" in fig:
            w("  edu device write -> genirq handler: %d / %d\n" %
              (fig["edu-to-handler"], fig["edu-back"]))
        if "edu-to-thread" in fig:
            w("  edu raise -> thread fn (IRQF_ONESHOT, NULL primary, the core's runner): %d\n" %
              fig["edu-to-thread"])
        for one in ([fig] if "ipi-genirq-to-handler" in fig else []) + fig.get("also", []):
            g = one["ipi-genirq-to-handler"] + one["ipi-genirq-back"]
            b = one["ipi-bare-to-handler"] + one["ipi-bare-back"]
            w("  %s%s -> genirq (one handler): %d / %d = %d; bare vector -> C -> EOI "
              "-> return: %d / %d = %d; ratio %.2fx\n" %
              ("" if one is fig else "also: ", one["trigger"], one["ipi-genirq-to-handler"],
               one["ipi-genirq-back"], g, one["ipi-bare-to-handler"], one["ipi-bare-back"], b,
               g / b))


def cmd_run(a):
    out_dir = os.path.dirname(os.path.abspath(a.bin))
    res = measure_all(a.bin, gated_jobs(), out_dir)
    mem = memory(a.bin, a.core_objs)
    ns = {}
    for impl in ("genirq", "floor"):
        for cid in ("edge", "shared2", "percpu"):
            ns[(impl, cid)] = ns_per_dispatch(a.bin, "impl=%s %s" % (impl, CASES[cid][1]))
    sweep = measure_sweep(a.bin, list(sweep_jobs()), out_dir)
    paired = {impl: paired_timing(a.bin, impl) for impl in ("genirq", "floor1")}
    errors = []
    guest = guest_figures(errors) if a.guest else {}
    print_table(res, mem, ns, guest, sweep, paired)
    for k, f in sweep.items():
        res["%s-misses" % k] = f["misses"]
    budgets = read_budgets(a.budgets)
    measure_budgeted(a.bin, budgets, res, out_dir)	# what the table does not show
    sys.stdout.write("locked instructions per event (x86_64 host: lock prefix, xchg with "
                     "memory, mfence): %s\n" %
                     ", ".join("%s %s" % (c, fmt(res["locked:" + c])) for c in LOCKED_CASES
                               if "locked:" + c in res))
    data = {"instructions": res, "memory": mem, "sweep": sweep,
            "paired": {impl: {str(k): v for k, v in t.items()} for impl, t in paired.items()},
            "ns": {"%s:%s" % k: v for k, v in ns.items()}, "guest": guest,
            "labels": {cid: lab for cid, (lab, _) in CASES.items()},
            "reference": REFERENCE}
    if a.json:
        with open(a.json, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)
    if a.svg:
        import charts
        charts.write_all(data, a.svg)
        print("charts: %s/dispatch.svg, %s/shared.svg, %s/lines.svg%s" %
              (a.svg, a.svg, a.svg, ", %s/guest.svg" % a.svg if guest else ""))
    failed = check_budgets(res, budgets)
    for e in errors:
        sys.stderr.write("bench: %s\n" % e)
    return 1 if failed or errors else 0


def trace_per_event(res):
    """Tracing's cost per event: an edge event on a traced line records two
    (handler entry and exit), through the traced line's wrapper and locked flow."""
    return (res["genirq:trace-on"] - res["genirq:edge"]) / 2


def check_budgets(res, budgets):
    failed = 0
    for key, limit in sorted(budgets.items()):
        if key.startswith("ratio:"):
            cid = key[len("ratio:"):]
            value = res["genirq:" + cid] / res["floor:" + cid]
        elif key == "cost-off-delta":
            value = abs(res["genirq:cost-was-on"] - res["genirq:edge"])
        elif key == "trace-off-delta":
            value = abs(res["genirq:trace-was-on"] - res["genirq:edge"])
        elif key == "irqoff-off-delta":
            value = abs(res["genirq:irqoff-was-on"] - res["genirq:edge"])
        elif key == "trace-per-event":
            value = trace_per_event(res)
        else:
            value = res[key]
        ok = value <= limit
        failed += not ok
        print("check-bench: %-28s %8s <= %-8s %s" % (key, fmt(round(value, 2)), fmt(limit),
                                                   "ok" if ok else "FAIL"))
    return failed


def measure_budgeted(binary, budgets, res, out_dir):
    """Add to @res every figure @budgets names that it lacks: the gated
    cases, the locked instructions per event, the sweep's misses. The one
    place that knows what a budget key needs, for `run` and `check` alike."""
    jobs = gated_jobs()
    needed = set()
    sweep_needed = [k[:-len("-misses")] for k in budgets
                    if k.endswith("-misses") and k not in res]
    for key in budgets:
        if key.endswith("-misses"):
            continue
        if key.startswith("ratio:"):
            cid = key[len("ratio:"):]
            needed |= {"genirq:" + cid, "floor:" + cid}
        elif key == "cost-off-delta":
            needed |= {"genirq:cost-was-on", "genirq:edge"}
        elif key == "trace-off-delta":
            needed |= {"genirq:trace-was-on", "genirq:edge"}
        elif key == "irqoff-off-delta":
            needed |= {"genirq:irqoff-was-on", "genirq:edge"}
        elif key == "trace-per-event":
            needed |= {"genirq:trace-on", "genirq:edge"}
        else:
            needed.add(key)
    needed -= set(res)
    unknown = {k for k in needed - set(jobs)
               if not (k.startswith("locked:") and k[len("locked:"):] in LOCKED_CASES)}
    if unknown:
        die("budgets name unknown figures: %s" % ", ".join(sorted(unknown)))
    unknown = set(sweep_needed) - set(sweep_jobs())
    if unknown:
        die("budgets name unknown sweep figures: %s" % ", ".join(sorted(unknown)))
    locked_keys = [k for k in needed if k.startswith("locked:")]
    needed -= set(locked_keys)
    res.update(measure_all(binary, {k: jobs[k] for k in needed}, out_dir))
    res.update(measure_locked(binary, locked_keys, out_dir))
    for k, f in measure_sweep(binary, sweep_needed, out_dir).items():
        res[k + "-misses"] = f["misses"]


def cmd_check(a):
    budgets = read_budgets(a.budgets)
    res = {}
    measure_budgeted(a.bin, budgets, res, os.path.dirname(os.path.abspath(a.bin)))
    failed = check_budgets(res, budgets)
    print("check-bench: %d passed, %d failed" % (len(budgets) - failed, failed))
    return 1 if failed else 0


def cmd_profile(a):
    out = os.path.join(os.path.dirname(os.path.abspath(a.bin)), "profile.cg")
    args = " ".join(a.args) or "flow=edge"
    # The case once without callgrind, so a bad key or value shows bench's own message.
    probe = subprocess.run([a.bin, "count"] + args.split() + ["n=1"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if probe.returncode != 0:
        sys.stderr.write("bench-profile: CASE=\"%s\": %s" % (args, probe.stderr))
        return 2
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
                    "--collect-atstart=no", "--toggle-collect=bench_loop_*",
                    a.bin, "count"] + args.split() + ["n=1000"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    subprocess.run(["callgrind_annotate", "--inclusive=no", out], check=True)
    print("(costs of 1000 iterations of: %s)" % args)
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bin", required=True)
    p.add_argument("--budgets", required=True)
    p.add_argument("--core-objs", required=True)
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--json")
    r.add_argument("--svg")
    r.add_argument("--guest", action="store_true")
    sub.add_parser("check")
    pr = sub.add_parser("profile")
    pr.add_argument("args", nargs="*")
    a = p.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    return {"run": cmd_run, "check": cmd_check, "profile": cmd_profile}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
