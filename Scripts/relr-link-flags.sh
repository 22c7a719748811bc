#!/bin/sh
# Prints the `swift build` flags that link focusaudit with packed relative relocations (DT_RELR)
# through the Swift toolchain's lld, when this machine can build and run such a binary; prints
# nothing otherwise. Linux only.
#
# A position-independent executable has one relative relocation per pointer in its data (66,000
# in focusaudit's release build, mostly Swift type metadata). Written out, each takes 24 bytes of
# the file, which the dynamic loader reads at every start; packed, they take a bitmap of a few
# kilobytes. The binary keeps its address randomisation. It needs glibc 2.36 or later to run (the
# loader must understand DT_RELR: the binary asks for the version GLIBC_ABI_DT_RELR), so the probe
# links and runs a small program with the same linker and flag, and a binary built this way runs
# only where glibc is that new: build on the machine that runs it (docs/performance.md, "The memory
# floor").
# shellcheck source=Scripts/toolchain-lld.sh
. "$(dirname "$0")/toolchain-lld.sh"
printf 'int main(void) { return 0; }\n' >"$work/probe.c"
if "$clang" -fuse-ld=lld -Wl,-z,pack-relative-relocs -o "$work/probe" "$work/probe.c" >/dev/null 2>&1 \
  && "$work/probe" >/dev/null 2>&1; then
  echo "-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs"
fi
