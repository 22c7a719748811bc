#!/usr/bin/env python3
"""Count instructions (callgrind) of focusaudit and `xmllint --stream --noout` on the shapes of
Benchmarks/outside_shapes.py, and print one table.

usage: Benchmarks/count_outside.py --bin FOCUSAUDIT [--size-mb 1] [--shapes a,b,...] [--work DIR]
                                   [--keep-reports DIR]

FOCUSAUDIT should be a release build with its debug information stripped (valgrind 3.19 cannot read
DWARF 5): `cp .build/release/focusaudit /tmp/fa && strip --strip-debug /tmp/fa`. For an XML shape
the ratio is focusaudit's count over xmllint's on the same file; for a JSON twin (`NAME-json`) the
rate column gives its bytes per instruction as a share of its XML twin's (the issue's "JSON at least
60% of the XML rate", in instructions). With --keep-reports, each JSON report is written to DIR, to
compare two builds byte for byte.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
XML_SHAPES = ["longtext", "attributes", "modal", "wide", "markup", "duplicates", "chain", "findings",
              "oneline", "storyboard-rich"]
JSON_SHAPES = ["longtext-json", "attributes-json", "wide-json", "findings-json", "oneline-json", "duplicates-json", "chain-json", "deep-json",
               "escapes-json"]


def extension(shape):
    if shape.endswith("-json"):
        return "json"
    return "storyboard" if shape.startswith("storyboard") else "xml"


def instructions(cmd, work):
    for old in glob.glob(os.path.join(work, "callgrind.out.*")):
        os.remove(old)
    out = os.path.join(work, "callgrind.out.%p")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    total = 0
    for path in glob.glob(os.path.join(work, "callgrind.out.*")):
        for line in open(path, errors="replace"):
            m = re.match(r"(?:summary|totals): (\d+)", line)
            if m:
                total += int(m.group(1))
                break
        os.remove(path)
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--size-mb", type=float, default=1)
    parser.add_argument("--shapes", default=",".join(XML_SHAPES + JSON_SHAPES))
    parser.add_argument("--work", default="/tmp/outside-shapes")
    parser.add_argument("--keep-reports")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if args.keep_reports:
        os.makedirs(args.keep_reports, exist_ok=True)
    rows = {}
    print(f"| shape | bytes | screens | findings | focusaudit | xmllint --stream | ratio / JSON rate |")
    print("|---|---|---|---|---|---|---|")
    for shape in args.shapes.split(","):
        path = os.path.join(args.work, f"{shape}.{extension(shape)}")
        done = subprocess.run([sys.executable, os.path.join(HERE, "outside_shapes.py"), shape, "--size-mb",
                               str(args.size_mb), path], check=True, stderr=subprocess.PIPE, text=True)
        info = json.loads(done.stderr.strip().splitlines()[-1])
        report = subprocess.run([args.bin, "check", "--format", "json", path], capture_output=True).stdout
        if args.keep_reports:
            with open(os.path.join(args.keep_reports, f"{shape}.json"), "wb") as f:
                f.write(report)
        summary = json.loads(report)["summary"]
        findings = summary["errors"] + summary["warnings"]
        fa = instructions([args.bin, "check", "--format", "json", path], args.work)
        if shape.endswith("-json"):
            twin = rows.get(shape[:-5])
            xl = None
            if twin:
                rate = (info["bytes"] / fa) / (twin["bytes"] / twin["fa"])
                last = f"{rate * 100:.0f}% of the XML twin's rate"
            else:
                last = f"{fa / info['bytes']:.0f} instructions per byte"
        else:
            xl = instructions(["xmllint", "--stream", "--noout", path], args.work)
            last = f"{fa / xl:.2f}x"
        rows[shape] = {"bytes": info["bytes"], "fa": fa}
        print(f"| {shape} | {info['bytes']:,} | {info['screens']:,} | {findings:,} | {fa / 1e6:.0f} M | "
              f"{'' if xl is None else f'{xl / 1e6:.0f} M'} | {last} |", flush=True)
        os.remove(path)


if __name__ == "__main__":
    main()
