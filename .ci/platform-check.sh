#!/usr/bin/env bash
# Fails when a Swift file other than Sources/FocusAudit/Support/Platform.swift imports or names a C
# library module (Glibc, Darwin, Musl and their relatives), in code rather than in a comment. Every
# platform call goes through that one file, whose `#if canImport(...)` branches keep focusaudit
# building on macOS and Linux from the same source; the command-line target uses the library's
# `Platform` API too. `.ci/run` runs this check and its self-test.
#
#   bash .ci/platform-check.sh [ROOT]      check the Swift files under ROOT (default: this repository)
#   bash .ci/platform-check.sh --self-test plant `Glibc.exit` (and other uses) in a scratch copy of
#                                          the layout and show that each one is caught
#
# Exit status: 0 clean (or self-test passed), 1 a use was found (or the self-test failed).
set -euo pipefail

allowed='Sources/FocusAudit/Support/Platform.swift'
modules='Glibc|SwiftGlibc|Darwin|Musl|Bionic|Android|WASILibc|ucrt|WinSDK'

# Prints "path:line: text" for every use under $1; the paths are relative to it.
uses() {
    (
        cd "$1"
        find . -name '*.swift' \
            -not -path '*/.build/*' -not -path './Fuzz/out/*' -not -path '*/.swiftpm/*' -print0 |
            LC_ALL=C sort -z |
            while IFS= read -r -d '' file; do
                file=${file#./}
                [ "$file" = "$allowed" ] && continue
                # A line's code is what comes before `//` (comments may mention the platforms), less
                # its string literals (a reader of `#if canImport(Glibc)` in audited sources names
                # the modules as text without using them).
                MODULES="$modules" perl -ne '
                    my $code = $_;
                    $code =~ s{"(?:[^"\\]|\\.)*"}{""}g;
                    $code =~ s{//.*}{};
                    print "$ARGV:$.: $_" if $code =~ /\b(?:$ENV{MODULES})\b/;
                ' "$file"
            done
    )
}

check() {
    local found
    found=$(uses "$1")
    if [ -n "$found" ]; then
        echo "platform modules used outside $allowed:" >&2
        echo "$found" >&2
        echo "call the Platform API instead (add what is missing there, with a branch per platform)" >&2
        return 1
    fi
    return 0
}

self_test() {
    local scratch status=0
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' RETURN
    mkdir -p "$scratch/Sources/FocusAudit/Support" "$scratch/Sources/FocusAuditCLI" "$scratch/Tests/T"
    printf '#if canImport(Glibc)\n    import Glibc\n#endif\n' >"$scratch/$allowed"
    printf 'import FocusAudit\n// Darwin and Glibc differ here; a comment may say so.\nPlatform.exitProcess(0)\n%s\n' \
        'let names: Set<String> = ["Glibc", "Musl // x", "say \"Darwin\""]' >"$scratch/Sources/FocusAuditCLI/main.swift"
    if ! check "$scratch" 2>/dev/null; then
        echo "self-test: a clean tree was rejected" >&2
        status=1
    fi
    # Each planted use must be caught, with its file and line.
    local plant
    for plant in 'Glibc.exit(2)' 'import Darwin' '#if canImport(Musl)' 'let t = Glibc.write' \
        'x(); Darwin.exit(1) // comment' 'let s = "Glibc"; Darwin.exit(1)'; do
        printf 'import FocusAudit\n%s\n' "$plant" >"$scratch/Sources/FocusAuditCLI/main.swift"
        local out
        if out=$(check "$scratch" 2>&1); then
            echo "self-test: '$plant' in Sources/FocusAuditCLI/main.swift was not caught" >&2
            status=1
        elif ! grep -qF "Sources/FocusAuditCLI/main.swift:2: $plant" <<<"$out"; then
            echo "self-test: '$plant' was caught without its place:" >&2
            echo "$out" >&2
            status=1
        else
            echo "self-test: caught planted '$plant':"
            sed 's/^/    /' <<<"$out"
        fi
    done
    # The same holds in tests.
    printf 'import FocusAudit\n' >"$scratch/Sources/FocusAuditCLI/main.swift"
    printf 'import Testing\nlet fd = Glibc.open("x", 0)\n' >"$scratch/Tests/T/PlantedTests.swift"
    if check "$scratch" 2>/dev/null; then
        echo "self-test: Glibc.open in a test file was not caught" >&2
        status=1
    fi
    [ $status -eq 0 ] && echo "self-test: passed"
    return $status
}

case "${1:-}" in
    --self-test) self_test ;;
    *) check "${1:-$(cd "$(dirname "$0")/.." && pwd)}" && echo "platform check: only $allowed names a C library module" ;;
esac
