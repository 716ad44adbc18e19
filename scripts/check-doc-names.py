#!/usr/bin/env python3
"""check-doc-names.py DOC... - every `name()` a page names must be defined.

A function counts as defined when a C file under core/, controllers/,
arch/, of/, demo/ or include/ has a line that starts a definition of it (the
name and its opening parenthesis on a line that begins in column 0 with a
type, and does not end in ';'), or an assembly file has `name:` or
`.globl name`. Prints what is missing and fails; prints one line when all
are found.
"""
import pathlib
import re
import sys

ROOTS = ["core", "controllers", "arch", "of", "demo", "include"]


def sources():
    for root in ROOTS:
        for p in pathlib.Path(root).rglob("*"):
            if p.suffix in (".c", ".h", ".S"):
                yield p, p.read_text(errors="replace")


# Macros that define functions: FLOW_ENTRY(name, kind) defines handle_<name>_irq.
GENERATORS = [(re.compile(r"^FLOW_ENTRY\((\w+)[,)]", re.M), "handle_%s_irq")]


def definers(name, files):
    """The files that define @name: a C line in column 0 that starts its
    definition (not a declaration: the line, comments aside, does not end
    in ';'), an assembly label or .globl, or a generator macro's use."""
    c_def = re.compile(r"^[A-Za-z_][^;=()]*\b%s\s*\((?!.*;\s*(/\*.*\*/\s*)?$)" % re.escape(name), re.M)
    asm_def = re.compile(r"^\s*(%s:|\.globl\s+%s\b)" % (re.escape(name), re.escape(name)), re.M)
    out = []
    for path, text in files:
        if path.suffix == ".S":
            hit = asm_def.search(text)
        else:
            hit = c_def.search(text) or any(name in {fmt % m for m in rx.findall(text)}
                                            for rx, fmt in GENERATORS)
        if hit:
            out.append(str(path))
    return out


def defined(name, files):
    return bool(definers(name, files))


def main(docs):
    files = list(sources())
    missing, names = [], set()
    for doc in docs:
        for name in re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)\(\)`", pathlib.Path(doc).read_text()):
            names.add((doc, name))
    for doc, name in sorted(names):
        if not defined(name, files):
            missing.append("%s: %s() is named but defined nowhere" % (doc, name))
    for line in missing:
        print("check-docs: " + line)
    if missing:
        return 1
    print("check-docs: %d function names in %s, each defined in the tree" %
          (len(names), ", ".join(docs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
