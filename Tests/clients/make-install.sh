#!/usr/bin/env bash
# Checks the README's install route: `make install PREFIX=…` puts a working focusaudit in
# PREFIX/bin, `make version` prints the version, `make uninstall` removes the file again.
# Uses the debug configuration (CONFIGURATION=debug), which the test suite has already built, so the
# check takes seconds; the release build that `make install` does by default is the same rule with
# another configuration. Installs nothing outside its temporary directory: needs make and swift.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_command make
require_command swift "the Swift toolchain"
make_workdir

prefix="$WORK/prefix with space"
if out=$(make install PREFIX="$prefix" CONFIGURATION=debug 2>&1) && [[ -x "$prefix/bin/focusaudit" ]]; then
    pass "make install PREFIX=… installs \$PREFIX/bin/focusaudit"
else
    fail "make install: $(tail -c 800 <<<"$out")"
fi
version=$(sed -n 's/.*public static let version = "\(.*\)".*/\1/p' Sources/FocusAudit/Reporting/ReportFormat.swift)
if [[ -n "$version" && "$("$prefix/bin/focusaudit" --version 2>&1)" == "$version" ]]; then
    pass "the installed focusaudit --version prints $version (FocusAudit.version)"
else
    fail "installed --version: '$("$prefix/bin/focusaudit" --version 2>&1)', source says '$version'"
fi
if [[ "$(make --no-print-directory version CONFIGURATION=debug 2>/dev/null | tail -1)" == "$version" ]]; then
    pass "make version prints $version"
else
    fail "make version: $(make --no-print-directory version CONFIGURATION=debug 2>&1 | tail -3)"
fi
status=0
(cd "$WORK" && "$prefix/bin/focusaudit" check "$REPO_ROOT/Samples/messenger-broken.xml" >/dev/null 2>&1) || status=$?
if [[ $status == 1 ]]; then
    pass "the installed binary audits a sample from another directory (status 1 for its findings)"
else
    fail "the installed binary on messenger-broken.xml: status $status"
fi
make uninstall PREFIX="$prefix" >/dev/null
if [[ ! -e "$prefix/bin/focusaudit" ]]; then
    pass "make uninstall removes it"
else
    fail "make uninstall left $prefix/bin/focusaudit"
fi

finish
