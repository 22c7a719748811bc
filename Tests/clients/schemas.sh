#!/usr/bin/env bash
# Checks the editor schemas against the samples:
#   - docs/focusaudit.xsd compiles, and every Samples/*.xml validates against it with xmllint,
#     except Samples/messenger-broken.xml, which must be rejected by the schema;
#   - docs/focusaudit.schema.json is a valid JSON Schema (draft 2020-12), and every Samples/*.json
#     validates against it with Python jsonschema, except Samples/messenger-broken.json.
# One line per check (PASS/FAIL against the expectation), then "N passed, M failed".
# Exit status: 0 when M is 0, 1 otherwise, 2 when a tool is missing.
# Installs nothing: CI installs libxml2-utils and python3 jsonschema before running it.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

XSD=docs/focusaudit.xsd
JSON_SCHEMA=docs/focusaudit.schema.json
# Samples that are broken on purpose: the schema must reject them.
EXPECTED_INVALID=(Samples/messenger-broken.xml Samples/messenger-broken.json)

require_command xmllint libxml2-utils
require_python_modules jsonschema

expects_invalid() {
    local candidate
    for candidate in "${EXPECTED_INVALID[@]}"; do
        [[ "$candidate" == "$1" ]] && return 0
    done
    return 1
}

# The first line of a validator's complaint, without the file name, for the report line.
first_reason() {
    grep -v -e 'fails to validate$' -e 'validates$' <<<"$1" | head -n 1 | sed -e 's/^[^:]*:\([0-9]*\): /line \1: /' | cut -c 1-200
}

shopt -s nullglob

# ---------------------------------------------------------------------------------------- XML

if [[ ! -f "$XSD" ]]; then
    fail "$XSD: missing"
else
    # Validating an empty <app/> proves the schema compiles: xmllint exits 0 only if it does.
    probe=$(mktemp)
    trap 'rm -f "$probe"' EXIT
    printf '<app/>\n' >"$probe"
    if out=$(xmllint --noout --schema "$XSD" "$probe" 2>&1); then
        pass "$XSD: compiles (libxml2 $(xmllint --version 2>&1 | sed -n 's/.*libxml version \([0-9]*\).*/\1/p' | head -n 1))"
    else
        fail "$XSD: does not compile: $(head -n 1 <<<"$out")"
    fi

    xml_files=(Samples/*.xml)
    if ((${#xml_files[@]} == 0)); then
        fail "Samples/*.xml: no XML samples found"
    fi
    for file in "${xml_files[@]}"; do
        # xmllint: 0 valid, 3 invalid against the schema; anything else (4: the schema did not
        # compile, 1: not well-formed…) is never what a sample should give.
        rc=0
        out=$(xmllint --noout --schema "$XSD" "$file" 2>&1) || rc=$?
        if expects_invalid "$file"; then
            case $rc in
                3) pass "$file: rejected, as expected ($(first_reason "$out"))" ;;
                0) fail "$file: accepted, but it is broken on purpose and the schema should reject it" ;;
                *) fail "$file: xmllint exit status $rc, not a schema rejection: $(first_reason "$out")" ;;
            esac
        else
            case $rc in
                0) pass "$file: valid" ;;
                3) fail "$file: rejected by the schema: $(first_reason "$out")" ;;
                *) fail "$file: xmllint exit status $rc: $(first_reason "$out")" ;;
            esac
        fi
    done
fi

# --------------------------------------------------------------------------------------- JSON

# Prints the first error and exits 0 (valid), 3 (invalid against the schema), 4 (the schema is
# unusable) or 1 (the file is not JSON). With only the schema as argument, checks the schema.
validate_json() {
    python3 - "$@" <<'PY'
import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

try:
    with open(sys.argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    Draft202012Validator.check_schema(schema)
except (OSError, ValueError, SchemaError) as error:
    print(f"schema: {str(error).splitlines()[0]}")
    sys.exit(4)
if len(sys.argv) < 3:
    sys.exit(0)
try:
    with open(sys.argv[2], encoding="utf-8") as handle:
        document = json.load(handle)
except (OSError, ValueError) as error:
    print(f"not JSON: {error}")
    sys.exit(1)
errors = sorted(Draft202012Validator(schema).iter_errors(document), key=lambda e: list(e.absolute_path))
if errors:
    first = errors[0]
    where = "/".join(str(step) for step in first.absolute_path) or "(top level)"
    print(f"{len(errors)} error(s), first at {where}: {first.message[:150]}")
    sys.exit(3)
PY
}

if [[ ! -f "$JSON_SCHEMA" ]]; then
    fail "$JSON_SCHEMA: missing"
else
    rc=0
    out=$(validate_json "$JSON_SCHEMA" 2>&1) || rc=$?
    if ((rc == 0)); then
        pass "$JSON_SCHEMA: a valid draft 2020-12 schema"
    else
        fail "$JSON_SCHEMA: $out"
    fi

    json_files=(Samples/*.json)
    if ((${#json_files[@]} == 0)); then
        echo "NOTE  Samples/*.json: no JSON samples yet; nothing to check against $JSON_SCHEMA"
    fi
    for file in "${json_files[@]}"; do
        rc=0
        out=$(validate_json "$JSON_SCHEMA" "$file" 2>&1) || rc=$?
        reason=$(head -n 1 <<<"$out")
        if expects_invalid "$file"; then
            case $rc in
                3) pass "$file: rejected, as expected ($reason)" ;;
                0) fail "$file: accepted, but it is broken on purpose and the schema should reject it" ;;
                *) fail "$file: not a schema rejection (status $rc): $reason" ;;
            esac
        else
            case $rc in
                0) pass "$file: valid" ;;
                3) fail "$file: rejected by the schema: $reason" ;;
                *) fail "$file: status $rc: $reason" ;;
            esac
        fi
    done
fi

finish
