#!/usr/bin/env bash
# Fails when `swift-format lint --strict` (settings in .swift-format) reports anything in the
# Swift code of focusaudit and its tests. Tests/fixtures and Samples are left out: their Swift
# files are inputs whose line numbers the tests check (`// expect:` comments).
# To fix what it reports: swift-format format -i -r Sources Tests/FocusAuditTests \
#   Tests/FocusAuditCLITests Tests/FocusAuditSwiftUITests
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests/FocusAuditTests Tests/FocusAuditCLITests Tests/FocusAuditSwiftUITests Tests/TestSupport)

# swift-format ships with the Swift toolchain (6.0 and later) as `swift-format`, also reachable
# as `swift format`; Xcode's toolchain has it behind `xcrun`.
if command -v swift-format >/dev/null 2>&1; then
  fmt=(swift-format)
elif command -v xcrun >/dev/null 2>&1 && xcrun --find swift-format >/dev/null 2>&1; then
  fmt=(xcrun swift-format)
elif swift format --version >/dev/null 2>&1; then
  fmt=(swift format)
else
  echo "format-check: swift-format not found (it ships with Swift 6 toolchains: swift-format," \
    "xcrun swift-format or swift format); install a Swift 6 toolchain or put swift-format on PATH" >&2
  exit 2
fi

out=$("${fmt[@]}" lint --strict --recursive "${paths[@]}" 2>&1) || status=$?
if [ -n "$out" ] || [ "${status:-0}" -ne 0 ]; then
  echo "$out" >&2
  echo "format-check: swift-format lint --strict reported the above; run:" \
    "${fmt[*]} format -i -r ${paths[*]}" >&2
  exit 1
fi
echo "format-check: ${fmt[*]} lint --strict is clean on ${paths[*]}"
