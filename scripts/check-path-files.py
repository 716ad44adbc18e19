#!/usr/bin/env python3
"""check-path-files.py DOC BUDGETS - how many files each ISA's walk crosses.

DOC is docs/interrupt-path.md. Each of its `## <isa> (...)` sections walks
one ISA's interrupt from the vector to the handler, naming functions as
`name()` and entry labels as `name`; a paragraph that begins "Other
paths:" names the variants (nesting, another controller model), which
are name-checked by check-doc-names.py but not walked here. Each name is placed in the file that
defines it (a .c or .S file before a header; where several files define
it, the one the section names by path, else the one under arch/<isa>/).
The walk's files are counted in the order the section first reaches them,
and the count is checked against BUDGETS (lines `isa files returns why`): more
files than the budget fails, as does a name that cannot be placed. The
walk goes one way: coming back to a file of arch/ or core/ already left
(the way out through an assembly file the walk left for C, say) is
reported and fails; a controller's file may come back, since the flow
calls the chip that named the line to end the event. A budget's
`returns` is how many such comings back the ISA may still have. Prints
one line per ISA: its count, its budget, its files.
"""
import importlib.util
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("names", HERE / "check-doc-names.py")
names = importlib.util.module_from_spec(spec)
spec.loader.exec_module(names)


def place(name, isa, section, files):
    found = names.definers(name, files)
    if len(found) > 1:
        found = [f for f in found if not f.endswith(".h")] or found
    if len(found) > 1:
        found = [f for f in found if f in section] or found
    if len(found) > 1:
        found = [f for f in found if f.startswith("arch/%s/" % isa)] or found
    return found


def main(doc, budget_file):
    files = list(names.sources())
    budgets = {}
    for line in pathlib.Path(budget_file).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            isa, count, backs = line.split()[:3]
            budgets[isa] = (int(count), int(backs))
    failed = False
    for section in re.split(r"\n## ", pathlib.Path(doc).read_text())[1:]:
        title = section.split("\n", 1)[0]
        section = section.split("\nOther paths:", 1)[0]
        isa = title.split()[0]
        if isa not in budgets:
            continue
        walk, seq, backs = [], [], []
        for name in re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)(?:\(\))?`", section):
            where = place(name, isa, section, files)
            if not where and not section.count("`%s()`" % name):
                continue  # an instruction (`iret`, `sret`), not a function
            if len(where) != 1:
                print("check-path-files: %s: %s() is defined in %s" %
                      (isa, name, " and ".join(where) if where else "no file"))
                failed = True
                continue
            if where[0] not in walk:
                walk.append(where[0])
            elif seq[-1] != where[0] and not where[0].startswith("controllers/"):
                backs.append("%s() goes back to %s" % (name, where[0]))
            seq.append(where[0])
        most, most_backs = budgets[isa]
        verdict = "ok" if len(walk) <= most and len(backs) <= most_backs else "OVER"
        failed |= verdict != "ok"
        print("check-path-files: %-8s %d files (budget %d), %d returns (budget %d) %s: %s" %
              (isa, len(walk), most, len(backs), most_backs, verdict, ", ".join(walk)))
        for back in backs:
            print("check-path-files: %-8s   %s" % (isa, back))
    missing = set(budgets) - {s.split()[0] for s in re.split(r"\n## ", pathlib.Path(doc).read_text())[1:]}
    for isa in sorted(missing):
        print("check-path-files: %s has a budget but no section in %s" % (isa, doc))
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: check-path-files.py DOC BUDGETS")
    sys.exit(main(sys.argv[1], sys.argv[2]))
