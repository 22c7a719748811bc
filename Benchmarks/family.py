#!/usr/bin/env python3
"""Time focusaudit on every shape of the benchmark family (Benchmarks/shapes.py) and print one table.

usage: Benchmarks/family.py --bin FOCUSAUDIT [--plain FOCUSAUDIT] [--size-mb 50] [--runs 5]
                            [--shapes today,graph,...] [--no-double] [--work DIR]

For each XML shape, in the same alternating rounds: `xmllint --stream --noout` and focusaudit (and
the plain build, when given); the table gives the median times, the ratio focusaudit / xmllint,
focusaudit's MB/s, its peak resident set size against the input size, and the doubling ratio
(median time on a file twice the size over the median time on the first, each measured in its own
alternating rounds). For a JSON twin, the rounds alternate the JSON file and its XML twin through
focusaudit, and the ratio column gives the JSON rate as a share of the XML twin's rate. Last, the
small-file case: a storyboard of about 20 KB, whole process, against `xmllint --noout`.

Before timing, each file is audited once and `summary.rules` of the JSON report must equal the
counts the generator printed; the report must also be the same bytes with `--jobs 1`. Any mismatch
is printed in capitals and makes the script exit 1 after the table.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ALL = ["today", "graph", "deep", "tiny", "labels", "storyboard", "graph-json", "labels-json"]
TWIN = {"graph-json": "graph", "labels-json": "labels"}


def extension(shape):
    return "json" if shape.endswith("-json") else "storyboard" if shape == "storyboard" else "xml"


def generate(shape, size_mb, work):
    path = os.path.join(work, f"{shape}-{size_mb:g}.{extension(shape)}")
    done = subprocess.run([sys.executable, os.path.join(HERE, "shapes.py"), shape, "--size-mb", str(size_mb), path],
                          check=True, stderr=subprocess.PIPE, text=True)
    return path, json.loads(done.stderr.strip().splitlines()[-1])


def timed(cmd, work):
    """(seconds, peak KB) of one run; GNU time gives the peak resident set of the command alone."""
    stats = os.path.join(work, "time.txt")
    start = time.perf_counter()
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", stats, *cmd], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    return elapsed, int(open(stats).read().split()[-1])


def rounds(commands, runs, work):
    """Runs the commands in turn, `runs` times; per command: (median seconds, largest peak KB)."""
    seconds = [[] for _ in commands]
    peaks = [[] for _ in commands]
    for _ in range(runs):
        for i, cmd in enumerate(commands):
            s, kb = timed(cmd, work)
            seconds[i].append(s)
            peaks[i].append(kb)
    return [(statistics.median(s), max(p)) for s, p in zip(seconds, peaks)]


def check(binary, path, expected, shape, work):
    """Problems with the reports of `path`: wrong finding counts, input errors, --jobs dependence."""
    problems = []
    one = subprocess.run([binary, "check", "--format", "json", path], capture_output=True)
    report = json.loads(one.stdout)
    got = report["summary"]["rules"]
    if got != expected["rules"]:
        problems.append(f"{shape}: FINDINGS MISMATCH: expected {json.dumps(expected['rules'])}, got {json.dumps(got)}")
    if report.get("errors"):
        problems.append(f"{shape}: INPUT ERRORS: {report['errors'][:3]}")
    alone = subprocess.run([binary, "check", "--jobs", "1", "--format", "json", path], capture_output=True)
    if alone.stdout != one.stdout:
        problems.append(f"{shape}: REPORT DIFFERS WITH --jobs 1")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--plain")
    parser.add_argument("--size-mb", type=float, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--shapes", default=",".join(ALL))
    parser.add_argument("--no-double", action="store_true", help="skip the files of twice the size")
    parser.add_argument("--work", default="/tmp")
    args = parser.parse_args()
    shapes = args.shapes.split(",")
    for shape in shapes:
        if shape not in ALL:
            sys.exit(f"unknown shape {shape} (known: {', '.join(ALL)})")
    fa = args.bin
    problems = []
    rows = []
    xml_files = {}

    def cleanup(path):
        if os.path.exists(path):
            os.remove(path)

    print(f"   load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min);"
          f" {os.cpu_count()} cores; {args.runs} alternating rounds per row; medians; peak RSS is the largest",
          flush=True)
    for shape in shapes:
        path, expected = generate(shape, args.size_mb, args.work)
        problems += check(fa, path, expected, shape, args.work)
        size = os.path.getsize(path)
        mb = size / 1e6
        row = {"shape": shape, "mb": mb, "screens": expected["screens"], "findings": sum(expected["rules"].values())}
        if shape in TWIN:
            twin, twin_expected = generate(TWIN[shape], args.size_mb, args.work)
            if twin_expected["rules"] != expected["rules"]:
                problems.append(f"{shape}: TWINS DISAGREE: {expected['rules']} vs {twin_expected['rules']}")
            (js, jkb), (xs, _) = rounds([[fa, "check", "--format", "json", path],
                                         [fa, "check", "--format", "json", twin]], args.runs, args.work)
            twin_mb = os.path.getsize(twin) / 1e6
            row.update(ref=xs, fa=js, ratio=None, share=(mb / js) / (twin_mb / xs), rate=mb / js, rss=jkb * 1024 / size)
            cleanup(twin)
        else:
            commands = [["xmllint", "--stream", "--noout", path], [fa, "check", "--format", "json", path]]
            if args.plain:
                commands.append([args.plain, "check", "--format", "json", path])
            results = rounds(commands, args.runs, args.work)
            (xs, _), (fs, fkb) = results[0], results[1]
            row.update(ref=xs, fa=fs, ratio=fs / xs, share=None, rate=mb / fs, rss=fkb * 1024 / size)
            if args.plain:
                row["plain"] = results[2][0] / xs
        if not args.no_double:
            double, double_expected = generate(shape, args.size_mb * 2, args.work)
            problems += check(fa, double, double_expected, shape + " (2x)", args.work)
            # The first file again, in rounds alternating with the doubled one, so that both see the
            # same machine.
            (s1, _), (s2, dkb) = rounds([[fa, "check", "--format", "json", path],
                                         [fa, "check", "--format", "json", double]], max(3, args.runs // 2 + 1),
                                        args.work)
            row["double"] = s2 / s1
            row["rss2"] = dkb * 1024 / os.path.getsize(double)
            cleanup(double)
        cleanup(path)
        rows.append(row)
        print_row(row, args.plain, header=len(rows) == 1)

    small, small_expected = generate("storyboard", 0.02, args.work)
    problems += check(fa, small, small_expected, "storyboard 20 KB", args.work)
    times = [[], [], []]
    for _ in range(20):
        for i, cmd in enumerate([["xmllint", "--noout", small], [fa, "check", small]] +
                                ([[args.plain, "check", small]] if args.plain else [])):
            start = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[i].append(time.perf_counter() - start)
    x, f = statistics.median(times[0]), statistics.median(times[1])
    plain = f", plain build {statistics.median(times[2]) * 1000:.1f} ms ({statistics.median(times[2]) / x:.2f}x)" \
        if args.plain else ""
    print(f"   small file ({os.path.getsize(small) / 1000:.0f} KB storyboard, whole process, medians of 20): "
          f"xmllint --noout {x * 1000:.1f} ms, focusaudit check {f * 1000:.1f} ms: {f / x:.2f}x (target <= 2){plain}")
    cleanup(small)
    print(f"   load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    for problem in problems:
        print("   " + problem, file=sys.stderr)
    if problems:
        print(f"   FAILED: {len(problems)} problem(s) with the reports above", file=sys.stderr)
        sys.exit(1)


def print_row(row, plain, header):
    if header:
        print(f"   {'shape':12} {'MB':>6} {'screens':>8} {'findings':>8} {'ref s':>7} {'fa s':>7} "
              f"{'ratio':>13} {'MB/s':>6} {'RSS/in':>6} {'x2 time':>7} {'x2 RSS':>6}" + ("  plain" if plain else ""))
    if row["ratio"] is not None:
        ratio = f"{row['ratio']:.2f}x stream"
        ok = row["ratio"] <= 1.3
    else:
        ratio = f"{100 * row['share']:.0f}% of XML"
        ok = row["share"] >= 0.6
    ok = ok and row["rss"] <= 1.0 and row.get("double", 0) <= 2.1
    double = f"{row['double']:7.2f}" if "double" in row else f"{'-':>7}"
    rss2 = f"{row['rss2']:6.2f}" if "rss2" in row else f"{'-':>6}"
    extra = f"  {row['plain']:.2f}x" if plain and "plain" in row else ""
    print(f"   {row['shape']:12} {row['mb']:6.1f} {row['screens']:8} {row['findings']:8} {row['ref']:7.3f} {row['fa']:7.3f} "
          f"{ratio:>13} {row['rate']:6.1f} {row['rss']:6.2f} {double} {rss2}{extra}  {'within' if ok else 'OUT'}",
          flush=True)


if __name__ == "__main__":
    main()
