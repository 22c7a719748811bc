# shellcheck shell=sh
# Sourced by the link-flag probes (relr-link-flags.sh, link-order-flags.sh): finds the clang and
# lld that come with the Swift toolchain on the PATH and makes a scratch directory for a probe.
# Sets `clang` and `work` (removed when the probing script exits); where there is no such
# toolchain, or the system is not Linux, it ends the probing script, which then prints nothing.
[ "$(uname -s)" = Linux ] || exit 0
swiftc=$(command -v swiftc 2>/dev/null) || exit 0
bindir=$(dirname "$(readlink -f "$swiftc")")
clang="$bindir/clang"
[ -x "$clang" ] && [ -x "$bindir/ld.lld" ] || exit 0
work=$(mktemp -d) || exit 0
trap 'rm -rf "$work"' EXIT
