#!/usr/bin/env bash
# Checks the SwiftPM command plugin as a user of it runs it: a fixture package (an app's tools
# package with no targets of its own) depends on this repository by path, and real
# `swift package focusaudit …` runs in it:
#   - `swift package plugin --list` lists the `focusaudit` verb;
#   - `swift package focusaudit check Accessibility` on a folder with a broken and a fixed
#     description prints exactly the lines `focusaudit check Accessibility` prints there, and fails
#     (SwiftPM exits 1) saying focusaudit's own status, 1;
#   - a missing path: the CLI's message, and the plugin fails saying status 2;
#   - a clean folder passes (status 0), and `--version` prints the CLI's version;
#   - without arguments it runs `check` on `included` from the fixture's .focusaudit.yml.
# The first run builds focusaudit (debug, with swift-syntax) inside the fixture, which takes several
# minutes; later runs reuse that build.
# Installs nothing: needs swift.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_focusaudit
require_command swift "the Swift toolchain"
make_workdir

# The fixture lives under .build (ignored by git, never audited) at a fixed path, so a second run
# reuses its build instead of building focusaudit and swift-syntax again.
fixture="$REPO_ROOT/.build/plugin-fixture/FixtureApp"
rm -rf "$fixture/Accessibility" "$fixture/Clean"
mkdir -p "$fixture/Accessibility" "$fixture/Clean"
cat >"$fixture/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FixtureApp",
    dependencies: [.package(path: "$REPO_ROOT")],
    targets: []
)
EOF
cp Samples/messenger-broken.xml Samples/messenger-fixed.json "$fixture/Accessibility/"
cp Samples/messenger-fixed.xml "$fixture/Clean/"
printf 'included: [Clean]\n' >"$fixture/.focusaudit.yml"

# Each run: stdout, stderr and status into $WORK/NAME.{out,err,status}.
run() { # NAME COMMAND…
    local name=$1 status=0
    shift
    (cd "$fixture" && "$@") >"$WORK/$name.out" 2>"$WORK/$name.err" || status=$?
    echo "$status" >"$WORK/$name.status"
}
status_of() { cat "$WORK/$1.status"; }

run list swift package plugin --list
if grep -q "‘focusaudit’\|'focusaudit'" "$WORK/list.out"; then
    pass "swift package plugin --list shows the focusaudit verb"
else
    fail "swift package plugin --list: $(head -c 600 "$WORK/list.out" "$WORK/list.err")"
fi

start=$(date +%s)
run plugin swift package focusaudit check Accessibility
run cli "$FOCUSAUDIT" check Accessibility
note_time=$(($(date +%s) - start))
if [[ $(status_of plugin) != 0 && -s "$WORK/plugin.out" ]] && cmp -s "$WORK/plugin.out" "$WORK/cli.out"; then
    pass "swift package focusaudit check Accessibility prints what the CLI prints ($(grep -c ': error: ' "$WORK/cli.out") error lines; first run with the build: ${note_time} s)"
else
    fail "plugin output differs from the CLI's (status $(status_of plugin)): $(diff "$WORK/cli.out" "$WORK/plugin.out" | head -c 800; head -c 800 "$WORK/plugin.err")"
fi
if [[ $(status_of cli) == 1 ]] && grep -q "focusaudit exited with status 1" "$WORK/plugin.err"; then
    pass "findings: the CLI exits 1 and the plugin fails saying status 1"
else
    fail "findings: CLI status $(status_of cli), plugin status $(status_of plugin), stderr: $(tail -c 600 "$WORK/plugin.err")"
fi

run missing swift package focusaudit check NoSuchFolder
run missing-cli "$FOCUSAUDIT" check NoSuchFolder
if [[ $(status_of missing) != 0 && $(status_of missing-cli) == 2 ]] &&
    # SwiftPM passes a plugin's standard error on to its own standard output.
    grep -qF "$(head -1 "$WORK/missing-cli.err")" "$WORK/missing.out" "$WORK/missing.err" &&
    grep -q "focusaudit exited with status 2" "$WORK/missing.err"; then
    pass "a missing path: the CLI's message, and the plugin fails saying status 2"
else
    fail "a missing path: plugin status $(status_of missing), stderr: $(head -c 600 "$WORK/missing.err")"
fi

run clean swift package focusaudit check Clean
if [[ $(status_of clean) == 0 ]] && grep -q "no findings in 1 file" "$WORK/clean.out"; then
    pass "a clean folder: the plugin succeeds"
else
    fail "a clean folder: status $(status_of clean): $(head -c 600 "$WORK/clean.out" "$WORK/clean.err")"
fi

run default swift package focusaudit
if [[ $(status_of default) == 0 ]] && grep -q "no findings in 1 file" "$WORK/default.out"; then
    pass "without arguments: check of .focusaudit.yml's included"
else
    fail "without arguments: status $(status_of default): $(head -c 600 "$WORK/default.out" "$WORK/default.err")"
fi

run version swift package focusaudit --version
if [[ $(status_of version) == 0 ]] && [[ "$(cat "$WORK/version.out")" == "$("$FOCUSAUDIT" --version)" ]]; then
    pass "swift package focusaudit --version prints $(cat "$WORK/version.out")"
else
    fail "--version: status $(status_of version): $(head -c 300 "$WORK/version.out" "$WORK/version.err")"
fi

finish
