#!/usr/bin/env bash
# Audits a generated SwiftUI app (Benchmarks/generate_swiftui.py, the tree Benchmarks/run.sh times):
# 240 files resolved across each other, with a known number of findings per rule. Checks that
# focusaudit reports exactly those counts, with no input error, that two runs with --jobs 1 and
# --jobs 2 write the same bytes, and that the generator itself is deterministic.
# One line per check, then "N passed, M failed". Exit status: 0 when M is 0, 1 otherwise, 2 when a
# tool is missing.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_focusaudit
require_command python3

make_workdir
work=$WORK

python3 Benchmarks/generate_swiftui.py --files 240 --seed 7 "$work/app" 2>"$work/expected.json"
python3 Benchmarks/generate_swiftui.py --files 240 --seed 7 "$work/again" 2>/dev/null
if diff -r "$work/app" "$work/again" >/dev/null; then
    pass "the generator writes the same tree for the same seed"
else
    fail "the generator writes the same tree for the same seed"
fi

status=0
"$FOCUSAUDIT" check --format json --jobs 1 "$work/app" >"$work/one.json" || status=$?
"$FOCUSAUDIT" check --format json --jobs 2 "$work/app" >"$work/two.json" || true
if [[ $status -eq 1 ]]; then
    pass "check exits 1 (errors found)"
else
    fail "check exits 1 (errors found), got $status"
fi
if cmp -s "$work/one.json" "$work/two.json"; then
    pass "--jobs 1 and --jobs 2 write the same report"
else
    fail "--jobs 1 and --jobs 2 write the same report"
fi
if result=$(python3 - "$work/one.json" "$work/expected.json" <<'PY'
import collections, json, sys
report = json.load(open(sys.argv[1])); expected = json.load(open(sys.argv[2]))
counts = dict(collections.Counter(f["rule"] for f in report["findings"]))
rules = {k: v for k, v in expected.items() if k not in ("findings", "files", "lines")}
errors = report.get("errors", [])
summary = report["summary"]
if counts != rules or errors or summary["inputErrors"] or summary["files"] + summary["skipped"] != expected["files"]:
    print(f"got {json.dumps(dict(sorted(counts.items())))} and {len(errors)} input errors,"
          f" expected {json.dumps(rules)}")
    sys.exit(1)
print(f"{sum(counts.values())} findings of {len(counts)} rules")
PY
); then
    pass "findings per rule as generated ($result)"
else
    fail "findings per rule as generated: $result"
fi

finish
