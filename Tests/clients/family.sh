#!/usr/bin/env bash
# The benchmark family (Benchmarks/shapes.py) at a small size: every shape must get exactly the
# findings its generator counted (summary.rules of the JSON report), no input error, the same report
# bytes with --jobs 1 and the default jobs, and a JSON twin the same findings (rule and element
# path) as its XML twin. The same generator is what Benchmarks/run.sh times at 50 MB.
# Installs nothing: needs python3.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_focusaudit
require_command python3
make_workdir

size=${FAMILY_SIZE_MB:-0.3}
for shape in today graph deep tiny labels storyboard graph-json labels-json; do
    case $shape in *-json) ext=json ;; storyboard) ext=storyboard ;; *) ext=xml ;; esac
    file="$WORK/$shape.$ext"
    python3 Benchmarks/shapes.py "$shape" --size-mb "$size" "$file" 2>"$WORK/$shape.expected"
    "$FOCUSAUDIT" check --format json "$file" >"$WORK/$shape.report" || true
    "$FOCUSAUDIT" check --format json --jobs 1 "$file" >"$WORK/$shape.one" || true
    if python3 - "$WORK/$shape.report" "$WORK/$shape.expected" <<'PY'; then
import json, sys
report = json.load(open(sys.argv[1])); expected = json.loads(open(sys.argv[2]).read().strip().splitlines()[-1])
got = report["summary"]["rules"]
if got != expected["rules"] or report["errors"] or not expected["rules"]:
    print(f"expected {expected['rules']}, got {got}, errors {report['errors'][:2]}")
    sys.exit(1)
PY
        pass "$shape: the findings the generator counted ($(python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).read().splitlines()[-1])['rules'])" "$WORK/$shape.expected"))"
    else
        fail "$shape: findings differ from the generator's counts"
    fi
    if cmp -s "$WORK/$shape.report" "$WORK/$shape.one"; then
        pass "$shape: the same report with --jobs 1"
    else
        fail "$shape: the report differs with --jobs 1"
    fi
done

for twin in graph labels; do
    if python3 - "$WORK/$twin.report" "$WORK/$twin-json.report" <<'PY'; then
import json, sys
def keys(path):
    return sorted((f["rule"], f["element"]) for f in json.load(open(path))["findings"])
sys.exit(0 if keys(sys.argv[1]) == keys(sys.argv[2]) and keys(sys.argv[1]) else 1)
PY
        pass "$twin-json: the same findings (rule and element) as its XML twin"
    else
        fail "$twin-json: findings differ from its XML twin's"
    fi
done

finish
