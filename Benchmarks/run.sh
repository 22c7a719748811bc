#!/usr/bin/env bash
# Times `focusaudit check` against libxml2's own streaming parse of the same file
# (`xmllint --stream --noout`), alternating the two several times so both see the same machine
# load, on every shape of the benchmark family (Benchmarks/shapes.py, timed by Benchmarks/family.py:
# today's shape, a random graph, deep views, tiny screens, label-heavy screens, a storyboard, and the
# JSON twins of two of them), and prints one table: the time ratio, MB/s, peak memory against the
# input, the doubling ratio, and the small-file case; a finding count that differs from the
# generator's makes the script fail. Then a few checks on today's shape (one thread, the HTML
# report against the JSON one in alternating rounds, four parts, more links per screen, a directory
# of small files). Then does the same for SwiftUI source:
# a generated app of 2,000 `.swift` files against `swift-format lint -r` (in the Swift toolchain,
# built on swift-syntax too). Needs: xmllint (libxml2-utils), GNU time (/usr/bin/time), python3,
# swift-format (for the SwiftUI part; skipped with a note without it).
#
# usage: Benchmarks/run.sh [--size-mb 50] [--runs 5] [--swift-files 2000] [--quick] [--swiftui-only]
#                          [--plain-build-only] [--shapes today,graph,...] [--family-only] [--large-screen-only] [--before BIN]
#   --size-mb: the size of each shape of the family (5 for a quick run); the doubling files are twice it.
#   --quick: small sizes, for a smoke test in CI.
#   --shapes: only these shapes of the family (Benchmarks/shapes.py lists them).
#   --family-only: only the family table (no SwiftUI source, no further checks).
#   --swiftui-only: only the SwiftUI source part.
#   --plain-build-only: time the plain release build only (no --static-swift-stdlib build, which
#     compiles swift-syntax a second time).
#   --before BIN: another focusaudit binary (an earlier version) timed on the SwiftUI tree in the same
#     alternating rounds, with its peak memory, its report compared byte for byte.
#   --large-screen-only: only the peak memory of one very large screen (Benchmarks/large_screen.py:
#     10 and 50 MB screens of text rows, their JSON twin and empty stacks, against many small
#     screens of the same size; 2 MB with --quick).
set -euo pipefail
cd "$(dirname "$0")/.."

size=50
runs=5
links=5
swift_files=2000
swiftui_only=
plain_only=
shapes=today,graph,deep,tiny,labels,storyboard,graph-json,labels-json
family_only=
before=
large_only=
large_sizes=10,50
while [ $# -gt 0 ]; do
  case "$1" in
    --size-mb) size=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --swift-files) swift_files=$2; shift 2 ;;
    --quick) size=2; runs=3; swift_files=200; large_sizes=2; shift ;;
    --large-screen-only) large_only=1; shift ;;
    --swiftui-only) swiftui_only=1; shift ;;
    --plain-build-only) plain_only=1; shift ;;
    --shapes) shapes=$2; shift 2 ;;
    --family-only) family_only=1; shift ;;
    --before) before=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

for tool in xmllint /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 2; }
done

# focusaudit is measured as docs/ci.md builds it for CI: a release build with the Swift runtime
# linked in (--static-swift-stdlib, Linux only), kept apart in .build/static. A plain release build
# (what `swift build -c release` and the pre-commit hook make) is timed on the 50 MB file too.
static=()
# Relative relocations are packed and hot functions placed together where the machine allows
# (Scripts/relr-link-flags.sh, Scripts/link-order-flags.sh), as `make` does.
if [ "$(uname -s)" = Linux ] && [ -z "$plain_only" ]; then
  # shellcheck disable=SC2207  # the flags are words without spaces
  static=(--static-swift-stdlib -Xlinker --no-export-dynamic $(sh Scripts/relr-link-flags.sh) $(sh Scripts/link-order-flags.sh) --build-path .build/static)
fi
echo "== building focusaudit (release${static:+, --static-swift-stdlib}; and a plain release build)"
swift build -c release "${static[@]}" --product focusaudit >/dev/null
bin=$(swift build -c release "${static[@]}" --show-bin-path)/focusaudit
swift build -c release --product focusaudit >/dev/null
plain=$(swift build -c release --show-bin-path)/focusaudit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

gen() { python3 Benchmarks/generate.py "$@" 2>"$work/expected.json"; }

# median of numbers on stdin
median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.4f\n", (a[NR/2]+a[NR/2+1])/2}'; }

# time_one CMD... -> "seconds maxKB" of one run. GNU time gives the peak resident set size (a
# process forked from python3 would count python's own pages in it); the wall time is taken around
# GNU time in nanoseconds, because its own elapsed time is rounded to hundredths of a second, too
# coarse for ratios near 1.5 on runs of a third of a second. Both tools pay GNU time's start-up
# (about a millisecond).
time_one() {
  python3 - "$work/out" "$work/time" "$@" <<'PY'
import subprocess, sys, time
with open(sys.argv[1], "wb") as out:
    start = time.perf_counter()
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", sys.argv[2], *sys.argv[3:]], stdout=out, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
print(f"{elapsed:.4f} {open(sys.argv[2]).read().split()[-1]}")
PY
}

# bench FILE LABEL [PLAIN_LABEL]: alternates xmllint and focusaudit (and, with PLAIN_LABEL, the
# plain build too, in the same rounds so that all see the same machine state); prints a result
# line for each build against the same xmllint runs.
bench() {
  local file=$1 label=$2 plain_label=${3:-}
  local bytes; bytes=$(stat -c %s "$file")
  : >"$work/x"; : >"$work/f"; : >"$work/xm"; : >"$work/fm"; : >"$work/p"; : >"$work/pm"
  for _ in $(seq "$runs"); do
    read -r s m < <(time_one xmllint --stream --noout "$file"); echo "$s" >>"$work/x"; echo "$m" >>"$work/xm"
    read -r s m < <(time_one "$bin" check --format json "$file"); echo "$s" >>"$work/f"; echo "$m" >>"$work/fm"
    if [ -n "$plain_label" ]; then
      read -r s m < <(time_one "$plain" check --format json "$file"); echo "$s" >>"$work/p"; echo "$m" >>"$work/pm"
    fi
  done
  local xs xm
  xs=$(median <"$work/x"); xm=$(sort -n "$work/xm" | tail -1)
  line "$label" "$bytes" "$xs" "$(median <"$work/f")" "$xm" "$(sort -n "$work/fm" | tail -1)"
  if [ -n "$plain_label" ]; then
    line "$plain_label" "$bytes" "$xs" "$(median <"$work/p")" "$xm" "$(sort -n "$work/pm" | tail -1)"
  fi
  median <"$work/f" >"$work/last-seconds"
}

# line LABEL BYTES XMLLINT_S FOCUSAUDIT_S XMLLINT_KB FOCUSAUDIT_KB: one result line
line() {
  python3 - "$@" <<'PY'
import sys
label, size, xs, fs, xm, fm = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:])
mb = size / 1e6
ratio = fs / xs if xs > 0 else float("inf")
print(f"{label:28} {mb:7.1f} MB  xmllint {xs:6.3f} s ({mb/xs if xs else 0:6.1f} MB/s, {xm/1024:6.1f} MB)"
      f"  focusaudit {fs:6.3f} s ({mb/fs if fs else 0:6.1f} MB/s, {fm/1024:7.1f} MB)  time ratio {ratio:5.2f}"
      f"  memory/input {fm*1024/size:5.2f}")
PY
}

# SwiftUI source: a generated app of $swift_files files (Benchmarks/generate_swiftui.py: screens of
# List/ForEach rows, NavigationLink(destination:) with row views declared in other files, toolbar
# icon buttons, sheets, design-system buttons, the focus-restoration pattern, and a known number of
# faults), audited as one app, against `swift-format lint -r` on the same tree, alternating. The
# tree has a .swift-format in its own style (4 spaces, 120 columns), so swift-format lints it without
# a diagnostic for every line. swift-format lints on one thread unless given --parallel; that is
# timed in the same rounds too, for reference.
swiftui_section() {
  if ! command -v swift-format >/dev/null; then
    echo "== SwiftUI source: skipped (no swift-format on PATH)"
    return
  fi
  local tree=$work/swiftui
  rm -rf "$tree"
  python3 Benchmarks/generate_swiftui.py --files "$swift_files" "$tree" 2>"$work/swiftui-expected.json"
  echo "== SwiftUI source: $swift_files files, $runs alternating runs each; medians; peak memory is the largest"
  echo "   expected findings: $(cat "$work/swiftui-expected.json")"
  "$bin" check --format json "$tree" >"$work/swiftui.json" || true
  python3 - "$work/swiftui.json" "$work/swiftui-expected.json" <<'PY'
import json, sys, collections
report = json.load(open(sys.argv[1])); expected = json.load(open(sys.argv[2]))
counts = collections.Counter(f["rule"] for f in report["findings"])
rules = {k: v for k, v in expected.items() if k not in ("findings", "files", "lines")}
ok = dict(counts) == rules and not report.get("errors")
print(f"   findings written: {len(report['findings'])}, input errors: {len(report.get('errors', []))}"
      f" ({'as expected' if ok else 'UNEXPECTED: ' + json.dumps(dict(sorted(counts.items())))})")
PY
  : >"$work/sf"; : >"$work/sfm"; : >"$work/sp"; : >"$work/spm"; : >"$work/sa"; : >"$work/sam"; : >"$work/sb"; : >"$work/sbm"
  for _ in $(seq "$runs"); do
    read -r s m < <(time_one swift-format lint -r "$tree"); echo "$s" >>"$work/sf"; echo "$m" >>"$work/sfm"
    read -r s m < <(time_one "$bin" check --format json "$tree"); echo "$s" >>"$work/sa"; echo "$m" >>"$work/sam"
    if [ -n "$before" ]; then
      read -r s m < <(time_one "$before" check --format json "$tree"); echo "$s" >>"$work/sb"; echo "$m" >>"$work/sbm"
    fi
    read -r s m < <(time_one swift-format lint -r --parallel "$tree"); echo "$s" >>"$work/sp"; echo "$m" >>"$work/spm"
  done
  if [ -n "$before" ]; then
    "$before" check --format json "$tree" >"$work/swiftui-before.json" || true
    if cmp -s "$work/swiftui-before.json" "$work/swiftui.json"; then sameb="identical"; else sameb="DIFFERENT"; fi
    python3 - "$(median <"$work/sb")" "$(sort -n "$work/sbm" | tail -1)" "$(median <"$work/sa")" "$(sort -n "$work/sam" | tail -1)" "$sameb" <<'PY'
import sys
bs, bm, fs, fm = map(float, sys.argv[1:5])
print(f"   before ({sys.argv[5]} report): {bs:7.3f} s, {bm/1024:6.1f} MB; this build {fs:7.3f} s, {fm/1024:6.1f} MB"
      f" (time x{fs/bs:.2f}, memory x{fm/bm:.2f}; same rounds)")
PY
  fi
  local bytes lines
  bytes=$(find "$tree" -name '*.swift' -exec cat {} + | wc -c)
  lines=$(python3 -c "import json; print(json.load(open('$work/swiftui-expected.json'))['lines'])")
  python3 - "$swift_files" "$bytes" "$lines" "$(median <"$work/sf")" "$(sort -n "$work/sfm" | tail -1)" \
    "$(median <"$work/sp")" "$(sort -n "$work/spm" | tail -1)" "$(median <"$work/sa")" "$(sort -n "$work/sam" | tail -1)" <<'PY'
import sys
files, size, lines = map(int, sys.argv[1:4])
sf, sfm, sp, spm, fa, fam = map(float, sys.argv[4:10])
mb = size / 1e6
print(f"   tree: {files} files, {lines} lines, {mb:.1f} MB")
print(f"   swift-format lint -r:            {sf:7.3f} s ({files/sf:6.0f} files/s, {mb/sf:5.2f} MB/s, {sfm/1024:6.1f} MB)")
print(f"   swift-format lint -r --parallel: {sp:7.3f} s ({files/sp:6.0f} files/s, {mb/sp:5.2f} MB/s, {spm/1024:6.1f} MB)")
print(f"   focusaudit check:                {fa:7.3f} s ({files/fa:6.0f} files/s, {mb/fa:5.2f} MB/s, {fam/1024:6.1f} MB)")
print(f"   time ratio {fa/sf:.2f} against swift-format lint -r (target <= 0.5: {'met' if fa <= 0.5 * sf else 'NOT met'}),"
      f" {fa/sp:.2f} against --parallel")
PY
  # One thread: the same report, byte for byte.
  read -r s1 m1 < <(time_one "$bin" check --jobs 1 --format json "$tree")
  if cmp -s "$work/out" "$work/swiftui.json"; then same1="identical"; else same1="DIFFERENT"; fi
  python3 -c "print(f'   one thread (--jobs 1): {$s1:.3f} s, {$m1/1024:.1f} MB; report $same1')"
  # One file (the pre-commit case): the largest screen of the tree, read alone (the row views it
  # uses are then views of another module).
  local one
  one=$(find "$tree/Features" -name '*.swift' -printf '%s %p\n' | sort -n | tail -1 | cut -d' ' -f2)
  read -r _ m1 < <(time_one "$bin" check --format json "$one")
  python3 -c "print(f'   one file, peak memory: {$m1/1024:.1f} MB (the whole tree: {$(sort -n "$work/sam" | tail -1)/1024:.1f} MB)')"
  python3 - "$bin" "$plain" "$one" <<'PY'
import subprocess, sys, time, statistics
fa, plain, one = sys.argv[1], sys.argv[2], sys.argv[3]
def run(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start
s, f, p = [], [], []
for _ in range(20):
    s.append(run(["swift-format", "lint", one]))
    f.append(run([fa, "check", one]))
    p.append(run([plain, "check", one]))
ms = lambda v: statistics.median(v) * 1000
lines = sum(1 for _ in open(one, encoding="utf-8"))
print(f"   one file ({lines} lines): focusaudit check {ms(f):.1f} ms, plain build {ms(p):.1f} ms"
      f" (target < 50 ms: {'met' if max(ms(f), ms(p)) < 50 else 'NOT met'}); swift-format lint {ms(s):.1f} ms (medians of 20)")
PY
}

if [ -n "$swiftui_only" ]; then
  swiftui_section
  exit 0
fi

# One very large screen: its elements are all held while its rules run (the family's shapes never
# put many in one screen). Peak memory against the input, and against many small screens.
large_screen_section() {
  echo "== one large screen (Benchmarks/large_screen.py), ${large_sizes} MB; load: $(uptime | sed 's/.*load/load/')"
  python3 Benchmarks/large_screen.py --bin "$bin" --size-mb "$large_sizes" --runs 3 --work "$work"
}
if [ -n "$large_only" ]; then
  large_screen_section
  exit $?
fi

echo "== the benchmark family: ${size} MB per shape (Benchmarks/shapes.py); load: $(uptime | sed 's/.*load/load/')"
plain_arg=()
if [ "$bin" != "$plain" ]; then plain_arg=(--plain "$plain"); fi
family_status=0
python3 Benchmarks/family.py --bin "$bin" "${plain_arg[@]}" --size-mb "$size" --runs "$runs" --shapes "$shapes" \
  --work "$work" || family_status=$?
if [ -n "$family_only" ]; then exit "$family_status"; fi

echo "== today's shape (Benchmarks/generate.py), ${size} MB"
gen --size-mb "$size" --links "$links" "$work/a.xml"
"$bin" check --format json "$work/a.xml" >"$work/report.json" || true
if [ ${#static[@]} -gt 0 ]; then
  "$plain" check --format json "$work/a.xml" >"$work/plain.json" || true
  if cmp -s "$work/plain.json" "$work/report.json"; then samep="identical"; else samep="DIFFERENT"; fi
  echo "   plain release build (swift build -c release): report $samep"
fi

# The same file read and checked on one thread (--jobs 1).
read -r s1 m1 < <(time_one "$bin" check --jobs 1 --format json "$work/a.xml")
bytes=$(stat -c %s "$work/a.xml")
python3 -c "print(f'   one thread (--jobs 1): {$s1:.3f} s, {$m1/1024:.1f} MB')"
# The HTML report of the same file against the JSON report, alternating in the same rounds
# (targets: at most 2x the JSON time, peak memory at most 1.5x the input, a page of a few MB).
: >"$work/hj"; : >"$work/hjm"; : >"$work/hh"; : >"$work/hhm"
for _ in $(seq "$runs"); do
  read -r s m < <(time_one "$bin" check --format json "$work/a.xml"); echo "$s" >>"$work/hj"; echo "$m" >>"$work/hjm"
  read -r s m < <(time_one "$bin" check --format html "$work/a.xml"); echo "$s" >>"$work/hh"; echo "$m" >>"$work/hhm"
done
python3 - "$bytes" "$(median <"$work/hj")" "$(sort -n "$work/hjm" | tail -1)" "$(median <"$work/hh")" \
  "$(sort -n "$work/hhm" | tail -1)" "$(stat -c %s "$work/out")" <<'PY'
import sys
size, js, jm, hs, hm, page = map(float, sys.argv[1:])
ratio, memory = hs / js, hm * 1024 / size
print(f"   --format html: {hs:.3f} s, {hm/1024:.1f} MB peak = {memory:.2f} x input (target <= 1.5: {'met' if memory <= 1.5 else 'NOT met'}),"
      f" page {page/1e6:.1f} MB; JSON in the same rounds {js:.3f} s, {jm/1024:.1f} MB = {jm*1024/size:.2f} x input;"
      f" time ratio {ratio:.2f} (target <= 2: {'met' if ratio <= 2 else 'NOT met'})")
PY
# Four jobs read the file in four parts at once (four or more cores); here, on however many cores
# this machine has. The report must be the same bytes as the default run's.
"$bin" check --format json "$work/a.xml" >"$work/default.json" || true
read -r s4 m4 < <(time_one "$bin" check --jobs 4 --format json "$work/a.xml")
if cmp -s "$work/out" "$work/default.json"; then same4="identical"; else same4="DIFFERENT"; fi
python3 -c "print(f'   in four parts (--jobs 4, $(nproc) cores): {$s4:.3f} s, {$m4/1024:.1f} MB = {$m4*1024/$bytes:.2f} x input; report $same4')"

gen --size-mb "$size" --links $((links * 4)) "$work/c.xml"
bench "$work/c.xml" "XML, 4x links per screen"

echo "== directory of 2,000 small files"
mkdir -p "$work/many"
for i in $(seq 0 1999); do cp Samples/messenger-broken.xml "$work/many/f$i.xml"; done
read -r s1 m < <(time_one "$bin" check --format json --jobs 1 "$work/many"); cp "$work/out" "$work/one.json"
read -r s2 m < <(time_one "$bin" check --format json --jobs 2 "$work/many"); cp "$work/out" "$work/two.json"
if cmp -s "$work/one.json" "$work/two.json"; then same="identical"; else same="DIFFERENT"; fi
python3 -c "print(f'   --jobs 1: {$s1:.3f} s, --jobs 2: {$s2:.3f} s (speed-up x{$s1/$s2 if $s2 else 0:.2f}); output $same')"

if command -v valgrind >/dev/null; then
  # Instruction counts are exact and repeatable where wall-clock time on a shared machine is not.
  # valgrind 3.19 cannot read the DWARF 5 that Swift writes, so the copy it runs is stripped.
  echo "== instructions (valgrind --tool=callgrind) on 1 MB, every thread together"
  gen --size-mb 1 --links "$links" "$work/e.xml"
  cp "$bin" "$work/fa" && strip --strip-debug "$work/fa"
  # (focusaudit exits 1 when it reports errors, which the generated files have on purpose)
  count() { { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } | awk '/refs:/ {gsub(",", "", $NF); print $NF}'; }
  fi=$(count "$work/fa" check --format json "$work/e.xml")
  xi=$(count xmllint --stream --noout "$work/e.xml")
  python3 -c "print(f'   focusaudit {$fi/1e6:.0f} M, xmllint --stream {$xi/1e6:.0f} M: ratio {$fi/$xi:.2f}')"
fi

echo "== one small file (the pre-commit case), whole process"
# Timed in Python: GNU time reports hundredths of a second, coarser than the run itself.
# The pre-commit hook builds focusaudit with a plain `swift build -c release`, so both builds are timed.
python3 - "$bin" "$plain" Samples/messenger-broken.xml <<'PY'
import subprocess, sys, time, statistics
fa, plain, sample = sys.argv[1], sys.argv[2], sys.argv[3]
def run(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start
x, f, p = [], [], []
for _ in range(20):
    x.append(run(["xmllint", "--noout", sample]))
    f.append(run([fa, "check", sample]))
    p.append(run([plain, "check", sample]))
ms = lambda v: statistics.median(v) * 1000
print(f"   xmllint --noout: {ms(x):.1f} ms; focusaudit check: {ms(f):.1f} ms, plain build {ms(p):.1f} ms (medians of 20)")
PY

large_screen_section || family_status=1
swiftui_section
exit "$family_status"
