#!/usr/bin/env python3
"""stack-usage.py CIDIR... - the stack one interrupt takes in the core, from
GCC's -fcallgraph-info=su files (one folder of *.ci per ISA): the deepest
chain of direct calls from the entry (irq_handle_domain_entry), from the
deepest flow (handle_*_irq and its lock-free variants, which the entry
calls through a pointer), and from irq_exit() (softirqs, run on the way
out). The controller's primitives and the handlers, called through
pointers, are the embedder's and not counted. Prints one Markdown row an
ISA: entry + flow + exit, in bytes."""
import glob, os, re, sys

NODE = re.compile(r'node: \{ title: "([^"]+)" label: "[^"]*?(?:\\n(\d+) bytes \((?:static|dynamic[^)]*)\))?" ')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')

def load(d):
    size, calls = {}, {}
    for f in glob.glob(os.path.join(d, '*.ci')):
        for line in open(f):
            m = NODE.match(line)
            if m and m.group(2) is not None:
                size[m.group(1).split(':')[-1]] = int(m.group(2))
                continue
            m = EDGE.match(line)
            if m:
                calls.setdefault(m.group(1).split(':')[-1], set()).add(m.group(2).split(':')[-1])
    return size, calls

def chain(fn, size, calls, seen=()):
    """The deepest direct-call chain from @fn: (bytes, [functions])."""
    if fn in seen or fn not in size:
        return 0, []
    best = max([chain(c, size, calls, seen + (fn,)) for c in calls.get(fn, ())] or [(0, [])])
    return size[fn] + best[0], [fn] + best[1]

def deepest(fn, size, calls):
    return chain(fn, size, calls)[0]

print('| ISA | entry | deepest flow | irq_exit (softirqs) | one level in all | the flow\'s deepest chain |')
print('|---|---:|---:|---:|---:|---|')
for d in sys.argv[1:]:
    size, calls = load(d)
    entry = deepest('irq_handle_domain_entry', size, calls)
    flows = [f for f in size if re.match(r'handle_[a-z_]+_irq$', f) or f.endswith('_claimed')]
    flow, path = max(chain(f, size, calls) for f in flows)
    exit_ = deepest('irq_exit', size, calls)
    print(f'| {os.path.basename(d.rstrip("/"))} | {entry} | {flow} | {exit_} | {entry + flow + exit_} | '
          f'{" > ".join(path)} |')
