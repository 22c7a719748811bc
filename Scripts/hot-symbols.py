#!/usr/bin/env python3
"""Writes Scripts/hot-symbols.txt: the functions of focusaudit that typical runs execute, for the
linker to place together (Scripts/link-order-flags.sh).

usage: Scripts/hot-symbols.py --bin FOCUSAUDIT [--out Scripts/hot-symbols.txt]

FOCUSAUDIT is a release build made as the Makefile makes it on Linux (valgrind cannot read the
DWARF 5 that Swift writes, so the script runs a copy stripped of its debug sections). Each run below
is made under callgrind; every function it enters that the executable defines is written once, in
the order first seen, by its symbol name. The runs are a one-element description, the samples
(descriptions, storyboards, SwiftUI sources) and 1 MB of each shape of the benchmark family, with
JSON, SARIF and HTML reports and `--jobs` 1 and 2.

Why: the kernel maps the 64 KB around every page of the executable that a run touches, when the
file is in the page cache; the few thousand functions a run needs are otherwise spread over 22 MB of
code, so most of it ends up resident (docs/performance.md, "The memory floor"). The list only orders
code: a symbol that is missing from a later build is skipped by the linker, and a function not in
the list goes after those that are.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def defined_symbols(binary):
    out = subprocess.run(["nm", "--defined-only", binary], check=True, capture_output=True, text=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def functions_entered(profile):
    """Function names in a callgrind profile (callgrind names each once as `fn=(id) name`)."""
    names = []
    with open(profile, errors="replace") as f:
        for line in f:
            match = re.match(r"^c?fn=\(\d+\) (.*)", line)
            if match:
                names.append(re.sub(r"'\d+$", "", match.group(1).strip()))
    return names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--out", default=os.path.join(HERE, "hot-symbols.txt"))
    args = parser.parse_args()
    for tool in ["valgrind", "nm", "strip"]:
        if shutil.which(tool) is None:
            sys.exit(f"hot-symbols.py: {tool} is needed")
    work = tempfile.mkdtemp()
    try:
        binary = os.path.join(work, "focusaudit")
        subprocess.run(["strip", "--strip-debug", "-o", binary, args.bin], check=True)
        tiny = os.path.join(work, "tiny.xml")
        with open(tiny, "w") as f:
            f.write('<app>\n<screen id="s">\n<Text>hi</Text>\n</screen>\n</app>\n')
        family = []
        for shape, extension in [("today", "xml"), ("graph", "xml"), ("tiny", "xml"), ("labels", "xml"),
                                 ("deep", "xml"), ("storyboard", "storyboard"), ("graph-json", "json")]:
            path = os.path.join(work, f"{shape}.{extension}")
            subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "shapes.py"), shape, "--size-mb", "1", path],
                           check=True, stderr=subprocess.DEVNULL)
            family.append(path)
        samples = os.path.join(ROOT, "Samples")
        runs = [["--jobs", "2", tiny], ["--jobs", "1", tiny], ["--jobs", "2", samples],
                ["--format", "sarif", "--jobs", "1", samples], ["--format", "html", samples]]
        runs += [["--jobs", "1", path] for path in family] + [["--jobs", "2", family[0]]]
        defined = defined_symbols(binary)
        order, seen = [], set()
        for n, run in enumerate(runs):
            profile = os.path.join(work, f"run{n}.out")
            command = [binary, "check"] + (run if "--format" in run else ["--format", "json"] + run)
            subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}"]
                           + command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for name in functions_entered(profile):
                if name in defined and name not in seen:
                    seen.add(name)
                    order.append(name)
        with open(args.out, "w") as out:
            out.write("\n".join(order) + "\n")
        print(f"{len(order)} functions written to {args.out}")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
