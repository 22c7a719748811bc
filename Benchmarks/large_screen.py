#!/usr/bin/env python3
"""Peak memory of one very large screen, against many small screens of the same size.

usage: Benchmarks/large_screen.py --bin FOCUSAUDIT [--size-mb 10,50] [--runs 3] [--jobs 2] [--work DIR]
                                 [--shapes rows,rows-json,stacks,today]

A screen's elements are all held while its rules run, so what one element costs is what a large
screen costs; the benchmark family's shapes never put many elements in one screen. For each size:

- `rows`: one screen, one `List` of `<Text>Row N in list</Text>` rows (about 35 bytes each);
- `rows-json`: the same screen in JSON (one object per row);
- `stacks`: one screen of `<VStack/>` (10 bytes each, the smallest element there is);
- `today`: many small screens of the same size (`Benchmarks/generate.py`), for comparison;
- rows that are not plain (`--shapes`, not run unless named): `id-rows` (`<Text id="r1000000">Row
  1000000 in list</Text>`), `label-rows` (the same with `label=` instead of `id=`), `button-rows`
  (`<Button label="Row 1000000"/>`), `toggle-rows` (`<Toggle label="Row 1000000"/>`),
  `list-id-rows` (plain text rows in a `<List id="list">`), `stacked-rows` (each text row in an
  `<HStack>` of its own), `control-rows` (`<TextField label="Row 1000000"/>`, then a `Slider`,
  a `Picker`, a `Link` and a `Label`, in turn), `text-button-rows` (`<Button>Send 1000000</Button>`),
  `secure-rows` (`<SecureField label="Password 1000000"/>`), `stepper-rows` (`<Stepper label="Count
  1000000"/>`), `image-rows` (`<Image asset="photo-1000000" label="Photo 1000000"/>`), `header-rows`
  (`<Text traits="header">Title 1000000</Text>`);
- rows with a finding each (`--shapes`, not run unless named): `image-text-rows` (`<HStack><Image
  asset="photo-1000000"/><Text>Name 1000000</Text></HStack>`: `image_missing_label`) and
  `combined-rows` (`<VStack children="combine" on-tap="true"><Text>Name 1000000</Text></VStack>`:
  `tap_gesture_without_button_trait`).

Each file is audited `--runs` times with `check --format json` (`--jobs` as given; 2 is the default
route of a two-core machine, 1 reads and checks on one thread); the table gives the largest peak
resident set (GNU time), the same less the peak of a one-element description (the process's
fixed part: runtime, libxml2, buffers), that per element and against the input, and the median
time. Before timing, the report of each single-screen file must be the same bytes with `--jobs 1`
and `--jobs 2`, and name no finding (the rows and stacks are all fine; `button-rows` and
`toggle-rows` have none either), or one a row for the rows with a finding each; a mismatch is
printed in capitals and makes the script exit 1.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from family import timed  # noqa: E402  (one run's seconds and peak KB, as the family times them)


def write_lines(path, size, head, row, tail):
    """`head`, then `row(n)` for n = 0, 1, … until `size` bytes of rows are written, then `tail`;
    returns the number of rows."""
    count = 0
    with open(path, "w") as out:
        out.write(head)
        written = 0
        while written < size:
            line = row(count)
            out.write(line)
            written += len(line)
            count += 1
        out.write(tail)
    return count


def write_rows(path, size):
    """One screen of `Text` rows in a `List`; returns the number of views."""
    rows = write_lines(path, size, '<app>\n<screen id="s">\n<List>\n',
                       lambda n: f"  <Text>Row {1_000_000 + n} in list</Text>\n", "</List>\n</screen>\n</app>\n")
    return rows + 1


def write_rows_json(path, size):
    """The JSON twin of `write_rows`, with one more row closing the list; returns the number of views."""
    rows = write_lines(path, size, '{"screens": [{"id": "s", "body": [{"view": "List", "body": [\n',
                       lambda n: f'  {{"view": "Text", "text": "Row {1_000_000 + n} in list"}},\n',
                       '  {"view": "Text", "text": "end"}\n]}]}]}\n')
    return rows + 2


def list_of(row, list_tag="<List>"):
    """A writer of one screen of `row(n)` lines in a list; it returns the number of views."""
    def write(path, size):
        return write_lines(path, size, f'<app>\n<screen id="s">\n{list_tag}\n', row, "</List>\n</screen>\n</app>\n") + 1
    return write


CONTROLS = ["TextField", "Slider", "Picker", "Link", "Label"]

NOT_PLAIN = {
    "id-rows": list_of(lambda n: f'  <Text id="r{1_000_000 + n}">Row {1_000_000 + n} in list</Text>\n'),
    "label-rows": list_of(lambda n: f'  <Text label="r{1_000_000 + n}">Row {1_000_000 + n} in list</Text>\n'),
    "button-rows": list_of(lambda n: f'  <Button label="Row {1_000_000 + n}"/>\n'),
    "toggle-rows": list_of(lambda n: f'  <Toggle label="Row {1_000_000 + n}"/>\n'),
    "list-id-rows": list_of(lambda n: f"  <Text>Row {1_000_000 + n} in list</Text>\n", '<List id="list">'),
    "control-rows": list_of(lambda n: f'  <{CONTROLS[n % len(CONTROLS)]} label="Row {1_000_000 + n}"/>\n'),
    "text-button-rows": list_of(lambda n: f"  <Button>Send {1_000_000 + n}</Button>\n"),
    "secure-rows": list_of(lambda n: f'  <SecureField label="Password {1_000_000 + n}"/>\n'),
    "stepper-rows": list_of(lambda n: f'  <Stepper label="Count {1_000_000 + n}"/>\n'),
    "image-rows": list_of(lambda n: f'  <Image asset="photo-{1_000_000 + n}" label="Photo {1_000_000 + n}"/>\n'),
    "header-rows": list_of(lambda n: f'  <Text traits="header">Title {1_000_000 + n}</Text>\n'),
}

# Rows each of which has a finding (`image_missing_label` on the image; `tap_gesture_without_button_trait`
# on the combined stack): the report is checked to name one finding per row instead of none.
FINDING_ROWS = {
    "image-text-rows": lambda n: f'  <HStack><Image asset="photo-{1_000_000 + n}"/><Text>Name {1_000_000 + n}</Text></HStack>\n',
    "combined-rows": lambda n: f'  <VStack children="combine" on-tap="true"><Text>Name {1_000_000 + n}</Text></VStack>\n',
}


def write_finding_rows(name, row):
    """A writer of one screen of `row(n)` lines in a list that returns the number of views and of rows."""
    def write(path, size):
        rows = write_lines(path, size, '<app>\n<screen id="s">\n<List>\n', row, "</List>\n</screen>\n</app>\n")
        return (3 if name == "image-text-rows" else 2) * rows + 1, rows
    return write


def write_stacked_rows(path, size):
    """One screen of text rows, each in an `HStack` of its own; returns the number of views."""
    rows = write_lines(path, size, '<app>\n<screen id="s">\n<List>\n',
                       lambda n: f"  <HStack><Text>Row {1_000_000 + n} in list</Text></HStack>\n",
                       "</List>\n</screen>\n</app>\n")
    return 2 * rows + 1


def write_stacks(path, size):
    count = size // 10
    with open(path, "w") as out:
        out.write('<app>\n<screen id="s">\n')
        out.write("<VStack/>\n" * count)
        out.write("</screen>\n</app>\n")
    return count


def write_today(path, size):
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "--size-mb", f"{size / 1e6:g}", path],
                   check=True, stderr=subprocess.DEVNULL)
    with open(path) as f:
        return sum(line.count("<") - line.count("</") - line.count("<!") - line.count("<?") for line in f)


def report(binary, path, jobs):
    return subprocess.run([binary, "check", "--format", "json", "--jobs", str(jobs), path],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--size-mb", default="10,50")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--work")
    parser.add_argument("--shapes", default="rows,rows-json,stacks,today")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp()
    failed = False

    tiny = os.path.join(work, "tiny.xml")
    with open(tiny, "w") as f:
        f.write('<app>\n<screen id="s">\n<Text>hi</Text>\n</screen>\n</app>\n')
    base = max(timed([args.bin, "check", "--format", "json", "--jobs", str(args.jobs), tiny], work)[1]
               for _ in range(args.runs))
    print(f"   a one-element description: {base / 1024:.1f} MB peak (the fixed part, taken off below);"
          f" --jobs {args.jobs}, {args.runs} runs each, largest peak, median time")
    print(f"   {'shape':12} {'MB':>6} {'elements':>10} {'peak MB':>8} {'beyond':>8} {'B/element':>9}"
          f" {'peak/input':>10} {'beyond/input':>12} {'seconds':>8}")
    known = [("rows", write_rows, "xml"), ("rows-json", write_rows_json, "json"),
             ("stacks", write_stacks, "xml"), ("today", write_today, "xml"),
             ("stacked-rows", write_stacked_rows, "xml")] + [(name, w, "xml") for name, w in NOT_PLAIN.items()] \
        + [(name, write_finding_rows(name, row), "xml") for name, row in FINDING_ROWS.items()]
    names = args.shapes.split(",")
    unknown = [n for n in names if n not in {k for k, _, _ in known}]
    if unknown:
        parser.error(f"unknown shapes: {', '.join(unknown)}")
    writers = [w for w in known if w[0] in names]
    for size_mb in [float(s) for s in args.size_mb.split(",")]:
        for name, writer, extension in writers:
            path = os.path.join(work, f"{name}-{size_mb:g}.{extension}")
            elements = writer(path, int(size_mb * 1e6))
            # Rows with findings: one finding per row, as many as the rows.
            elements, findings = elements if isinstance(elements, tuple) else (elements, 0)
            size = os.path.getsize(path)
            if name != "today":
                one, two = report(args.bin, path, 1), report(args.bin, path, 2)
                if one != two or len(json.loads(one).get("findings")) != findings:
                    print(f"   {name} {size_mb:g} MB: REPORT DIFFERS BETWEEN --jobs 1 AND 2, OR NAMES FINDINGS"
                          f" (or not one a row)")
                    failed = True
            runs = [timed([args.bin, "check", "--format", "json", "--jobs", str(args.jobs), path], work)
                    for _ in range(args.runs)]
            peak = max(kb for _, kb in runs) * 1024
            seconds = statistics.median(s for s, _ in runs)
            beyond = peak - base * 1024
            print(f"   {name:12} {size / 1e6:6.1f} {elements:10,} {peak / 1e6:8.1f} {beyond / 1e6:8.1f}"
                  f" {beyond / elements:9.0f} {peak / size:10.2f} {beyond / size:12.2f} {seconds:8.3f}")
            os.remove(path)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
