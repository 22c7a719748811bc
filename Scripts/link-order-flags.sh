#!/bin/sh
# Prints the `swift build` flags that link focusaudit with its hot functions placed together
# (Scripts/hot-symbols.txt, written by Scripts/hot-symbols.py) through the Swift toolchain's lld,
# when this machine's toolchain can link that way; prints nothing otherwise. Linux only.
#
# The kernel maps the 64 KB around each page of the executable a run touches (when the file is in
# the page cache), and a run's few thousand functions are otherwise spread over 22 MB of code: placed
# together, a small run keeps about 2 MB less of the executable resident (docs/performance.md, "The
# memory floor"). The linker moves sections: the Swift runtime and standard library come with a
# section per function, focusaudit's own modules with one per source file (a file with one hot
# function moves whole). The order only moves code: a symbol of the list that a build does not
# define is skipped without a warning, and functions not in the list follow the others, so a list
# older than the sources still links (it only places less of the code). The probe links a small
# program with the same linker and flags and a list that names a missing symbol.
here=$(cd "$(dirname "$0")" && pwd)
list="$here/hot-symbols.txt"
[ -f "$list" ] || exit 0
# The flags are words without quoting: a path with white space in it is not used.
case "$list" in *[[:space:]]*) exit 0 ;; esac
# shellcheck source=Scripts/toolchain-lld.sh
. "$here/toolchain-lld.sh"
printf 'int cold(void) { return 1; }\nint main(void) { return 0; }\n' >"$work/probe.c"
printf 'main\nno_such_function\ncold\n' >"$work/order.txt"
if "$clang" -fuse-ld=lld -ffunction-sections -Wl,--symbol-ordering-file="$work/order.txt" \
  -Wl,--no-warn-symbol-ordering -Wl,--fatal-warnings -o "$work/probe" "$work/probe.c" >/dev/null 2>&1 \
  && "$work/probe" >/dev/null 2>&1; then
  flags="-Xlinker --symbol-ordering-file=$list -Xlinker --no-warn-symbol-ordering"
  # lld is asked for once: a compiler flag given twice would change every module's build command
  # (and rebuild them all) without changing the code.
  case " $(sh "$here/relr-link-flags.sh") " in
    *" -use-ld=lld "*) echo "$flags" ;;
    *) echo "-Xswiftc -use-ld=lld $flags" ;;
  esac
fi
