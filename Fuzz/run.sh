#!/usr/bin/env bash
# Fuzz/run.sh SECONDS
#
# Builds the libFuzzer harnesses (xml, json, audit) into Fuzz/out/, then fuzzes them one after the
# other, one process at a time, so that the whole run (build included) takes about SECONDS of wall
# clock. Each harness gets at least a short run, so a cold build can make a small budget overrun.
#
# Exit status: 0 nothing found; 1 a crash, timeout, out-of-memory or leak artifact was written to
# Fuzz/out/crashes/, or an input under Fuzz/regressions/ still fails; 2 usage or build error.
#
# Works without a network and without stdin (CI=true bash Fuzz/run.sh 60). Builds are reused
# while their inputs (sources, flags, compiler) hash the same; the library is compiled from a
# snapshot of Sources/, so an edit made during the build cannot produce a mismatched binary.
#
# Environment (all optional):
#   FUZZ_TARGETS="xml json audit"  which harnesses to run, in order
#   FUZZ_BIG=1                      also a short run of the xml harness with inputs up to 1 MiB
#   FUZZ_CONFIG=1                   the audit harness also reads the bytes as .focusaudit.yml
#                                   (0 leaves the configuration out)
#   FUZZ_MIN_SECONDS=10             shortest run per harness
#   FUZZ_EXTRA="-flag=value …"      more libFuzzer flags
#   FUZZ_BUILD_ONLY=1               build and stop
#   SWIFTC, CLANG                   compilers (default: swiftc on PATH and the clang next to it)
set -uo pipefail

usage() {
    echo "usage: bash Fuzz/run.sh SECONDS" >&2
    exit 2
}
[[ $# -eq 1 && $1 =~ ^[0-9]+$ && $1 -gt 0 ]] || usage
BUDGET=$1
START=$(date +%s)
DEADLINE=$((START + BUDGET))

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
OUT=$HERE/out
BUILD=$OUT/build
CRASHES=$OUT/crashes
LOGS=$OUT/logs
cd "$ROOT" || exit 2
mkdir -p "$BUILD" "$CRASHES" "$LOGS" "$OUT/corpus"

TARGETS=${FUZZ_TARGETS:-xml json audit}
MIN_SECONDS=${FUZZ_MIN_SECONDS:-10}
BIG=${FUZZ_BIG:-1}
WANT_CONFIG=${FUZZ_CONFIG:-1}

note() { printf '[fuzz] %s\n' "$*"; }
die() {
    printf '[fuzz] error: %s\n' "$*" >&2
    exit 2
}

# ---------------------------------------------------------------------------------------------
# Tools

SWIFTC=${SWIFTC:-$(command -v swiftc || true)}
[[ -n $SWIFTC && -x $SWIFTC ]] || die "swiftc not found (install the Swift toolchain or set SWIFTC)"
TOOLBIN=$(dirname "$(readlink -f "$SWIFTC")")
CLANG=${CLANG:-$TOOLBIN/clang}
if [[ -x $TOOLBIN/llvm-ar ]]; then AR=$TOOLBIN/llvm-ar; else AR=ar; fi
if [[ -x $TOOLBIN/llvm-symbolizer ]]; then export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$TOOLBIN/llvm-symbolizer}; fi
NICE=()
command -v nice >/dev/null && NICE=(nice -n 10)

if LIBXML_CFLAGS=$(pkg-config --cflags libxml-2.0 2>/dev/null); then :; else LIBXML_CFLAGS=-I/usr/include/libxml2; fi
[[ -e /usr/include/libxml2/libxml/parser.h || $LIBXML_CFLAGS == *-I* ]] || die "libxml2 headers not found (apt-get install libxml2-dev)"
XCC_LIBXML=()
for flag in $LIBXML_CFLAGS; do XCC_LIBXML+=(-Xcc "$flag"); done

COMPILER_ID=$("$SWIFTC" --version 2>&1 | head -n 2 | tr '\n' ' ')
# -assert-config Debug keeps the standard library's debug preconditions (checked in `swift test` and
# debug builds, e.g. Character(String) of more than one grapheme) while the code stays optimized.
SWIFT_FLAGS=(-swift-version 6 -parse-as-library -O -assert-config Debug -g -wmo -sanitize=fuzzer,address)

# A short, stable hash of file names and contents, plus any extra words.
hash_of() {
    local words=$1
    shift
    {
        printf '%s\n' "$words"
        local f
        for f in "$@"; do
            printf '%s\n' "$f"
            sha256sum <"$f"
        done
    } | sha256sum | cut -c1-20
}

# ---------------------------------------------------------------------------------------------
# Build

# .focusaudit.yml is read with the system's libyaml, like XML with libxml2.
[[ -e /usr/include/yaml.h ]] || pkg-config --exists yaml-0.1 2>/dev/null || die "libyaml headers not found (apt-get install libyaml-dev)"
CONFIG=0
[[ $WANT_CONFIG == 1 ]] && CONFIG=1

LIB_OUT=$BUILD/lib
LIB_HASH=

# The library and Fuzz/Support/*.swift, compiled once into a static library with -enable-testing;
# each harness is a small module on top of it that reaches internal API with @testable import.
build_library() {
    local live
    mapfile -t live < <(find Sources/FocusAudit Sources/CLibXML Sources/CLibYAML Fuzz/Support -type f | LC_ALL=C sort)
    local words="$COMPILER_ID ${SWIFT_FLAGS[*]} $LIBXML_CFLAGS lib-v2"
    local h
    h=$(hash_of "$words" "${live[@]}")
    if [[ -f $LIB_OUT/stamp && $(cat "$LIB_OUT/stamp") == "$h" && -f $LIB_OUT/libFocusAudit.a ]]; then
        LIB_HASH=$h
        note "library: up to date ($h)"
        return 0
    fi
    # Snapshot the sources, then hash what is actually compiled.
    rm -rf "$LIB_OUT"
    mkdir -p "$LIB_OUT/src" "$LIB_OUT/mod"
    cp -R --parents Sources/FocusAudit Sources/CLibXML Sources/CLibYAML Fuzz/Support "$LIB_OUT/src/" || die "cannot copy the sources"
    local snap
    mapfile -t snap < <(cd "$LIB_OUT/src" && find Sources/FocusAudit Sources/CLibXML Sources/CLibYAML Fuzz/Support -type f | LC_ALL=C sort)
    h=$(cd "$LIB_OUT/src" && hash_of "$words" "${snap[@]}")

    local files
    mapfile -t files < <(find "$LIB_OUT/src/Sources/FocusAudit" "$LIB_OUT/src/Fuzz/Support" -name '*.swift' | LC_ALL=C sort)
    note "building the library for fuzzing; this takes a few minutes"
    local t0=$SECONDS
    if ! "${NICE[@]}" "$SWIFTC" "${SWIFT_FLAGS[@]}" -enable-testing -module-name FocusAudit \
        -I "$LIB_OUT/src/Sources/CLibXML" -I "$LIB_OUT/src/Sources/CLibYAML" "${XCC_LIBXML[@]}" \
        -emit-module -emit-module-path "$LIB_OUT/mod/FocusAudit.swiftmodule" \
        -emit-library -static -o "$LIB_OUT/libFocusAudit.a" "${files[@]}" >"$LIB_OUT/build.log" 2>&1; then
        tail -n 40 "$LIB_OUT/build.log" >&2
        die "the library did not compile for fuzzing (log: $LIB_OUT/build.log)"
    fi
    echo "$h" >"$LIB_OUT/stamp"
    LIB_HASH=$h
    note "library: built in $((SECONDS - t0)) s ($h)"
}

build_harness() {
    local name=$1
    local src=Fuzz/$name.swift
    [[ -f $src ]] || die "no harness $src"
    local bin=$OUT/fuzz-$name
    local words="$COMPILER_ID ${SWIFT_FLAGS[*]} lib=$LIB_HASH config=$CONFIG harness-v1"
    local h
    h=$(hash_of "$words" "$src")
    if [[ -f $bin.stamp && $(cat "$bin.stamp") == "$h" && -x $bin ]]; then
        return 0
    fi
    rm -f "$bin" "$bin.stamp"
    local hdir=$BUILD/harness-$name
    rm -rf "$hdir"
    mkdir -p "$hdir"
    # The harness is compiled from a copy with the @testable import in front.
    { echo "@testable import FocusAudit"; cat "$src"; } >"$hdir/$name.swift"
    local extra=()
    ((CONFIG)) && extra=(-D FUZZ_CONFIG)
    if ! "${NICE[@]}" "$SWIFTC" "${SWIFT_FLAGS[@]}" -module-name "Fuzz_$name" \
        -I "$LIB_OUT/mod" -I "$LIB_OUT/src/Sources/CLibXML" -I "$LIB_OUT/src/Sources/CLibYAML" "${XCC_LIBXML[@]}" \
        "${extra[@]}" "$hdir/$name.swift" "$LIB_OUT/libFocusAudit.a" -lxml2 -lyaml -o "$bin" >"$hdir/build.log" 2>&1; then
        tail -n 40 "$hdir/build.log" >&2
        die "the $name harness did not compile (log: $hdir/build.log)"
    fi
    echo "$h" >"$bin.stamp"
    note "harness $name: built"
}

build_library
for t in $TARGETS; do build_harness "$t"; done
note "build ready after $(($(date +%s) - START)) s"
[[ ${FUZZ_BUILD_ONLY:-0} == 1 ]] && exit 0

# ---------------------------------------------------------------------------------------------
# Seeds: Samples/ and generated variants, made fresh each run under Fuzz/out/seeds/, plus the
# small hand-written files in Fuzz/seeds/.

SEEDS=$OUT/seeds
rm -rf "$SEEDS"
mkdir -p "$SEEDS/xml" "$SEEDS/json" "$SEEDS/big"

variants() { # dir file: BOM, CRLF and UTF-16 twins of one file
    local dir=$1 f=$2 base
    base=$(echo "${f#Samples/}" | tr '/' '-')
    cp "$f" "$dir/$base"
    { printf '\xEF\xBB\xBF'; cat "$f"; } >"$dir/bom-$base"
    sed 's/$/\r/' "$f" >"$dir/crlf-$base"
    if command -v iconv >/dev/null; then
        { printf '\xFF\xFE'; iconv -f UTF-8 -t UTF-16LE "$f"; } >"$dir/utf16le-$base" 2>/dev/null || rm -f "$dir/utf16le-$base"
        { printf '\xFE\xFF'; iconv -f UTF-8 -t UTF-16BE "$f"; } >"$dir/utf16be-$base" 2>/dev/null || rm -f "$dir/utf16be-$base"
    fi
}
# Interface Builder documents go through the XML reader too (it picks the importer by root element).
while IFS= read -r f; do variants "$SEEDS/xml" "$f"; done < <(find Samples -type f \( -name '*.xml' -o -name '*.storyboard' -o -name '*.xib' \) 2>/dev/null | LC_ALL=C sort)
while IFS= read -r f; do variants "$SEEDS/json" "$f"; done < <(find Samples -type f -name '*.json' 2>/dev/null | LC_ALL=C sort)

repeat() { # text count
    local out="" i
    for ((i = 0; i < $2; i++)); do out+=$1; done
    printf '%s' "$out"
}
for depth in 250 255 256 257 300; do
    {
        printf '<app name="deep">\n<screen id="s" root="true">\n'
        repeat '<VStack>' "$depth"
        printf '<Button id="b" push="s"/>'
        repeat '</VStack>' "$depth"
        printf '\n</screen>\n</app>\n'
    } >"$SEEDS/xml/deep-$depth.xml"
    {
        printf '{"screens":[{"id":"s","root":true,"body":['
        repeat '{"view":"VStack","body":[' "$((depth - 4))"
        printf '{"view":"Button","id":"b","push":"s"}'
        repeat ']}' "$((depth - 4))"
        printf ']}]}\n'
    } >"$SEEDS/json/deep-$depth.json"
    { repeat '[' "$depth"; repeat ']' "$depth"; } >"$SEEDS/json/arrays-$depth.json"
done

# Big inputs for one short run: many screens, and tags, comments and multi-byte text placed across
# the XML reader's 256 KiB chunk boundary.
{
    printf '<app name="many" transition="0.35">\n'
    for ((i = 1; i <= 1400; i++)); do
        printf '<screen id="s%d" restore-focus="on-appear" capture="binding"%s>\n' "$i" "$( ((i == 1)) && printf ' root="true"')"
        printf '  <VStack><Button id="b%d" label="다음 %d" push="s%d" focus="b%d"/><Text>화면 %d</Text></VStack>\n</screen>\n' \
            "$i" "$i" "$((i + 1))" "$i" "$i"
    done
    printf '</app>\n'
} >"$SEEDS/big/many-screens.xml"
for shift in 0 1 2 5 9 17 30; do
    pad=$((262144 - 60 - shift))
    {
        printf '<app name="boundary">\n<!-- '
        head -c "$pad" /dev/zero | tr '\0' 'x'
        printf ' -->\n<!-- focusaudit:disable unlabeled_control -->\n<screen id="a" root="true"><Button id="가" push="b"/></screen>\n'
        printf '<screen id="b" restore-focus="on-appear"><Text>끝</Text></screen>\n</app>\n'
    } >"$SEEDS/big/boundary-$shift.xml"
done

cat Fuzz/xml.dict Fuzz/json.dict Fuzz/config.dict >"$OUT/audit.dict"

# ---------------------------------------------------------------------------------------------
# Fuzz

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0:handle_abort=1}
# Swift's own crash backtracer reads the crashed process's memory, which AddressSanitizer reports as
# a stack-buffer-overflow of its own; leave crashes (SIGILL of a Swift trap) to libFuzzer.
export SWIFT_BACKTRACE=enable=no
FAILED=0
SUMMARY=()
COMMON=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
# shellcheck disable=SC2206
EXTRA=(${FUZZ_EXTRA:-})

seed_dirs() {
    local dirs d
    case $1 in
    xml) dirs="$SEEDS/xml Fuzz/seeds/xml" ;;
    json) dirs="$SEEDS/json Fuzz/seeds/json" ;;
    audit) dirs="$SEEDS/xml $SEEDS/json Fuzz/seeds/xml Fuzz/seeds/json Fuzz/seeds/config" ;;
    esac
    for d in $dirs; do [[ -d $d ]] && echo "$d"; done
}
dict_of() {
    case $1 in
    xml) echo Fuzz/xml.dict ;;
    json) echo Fuzz/json.dict ;;
    audit) echo "$OUT/audit.dict" ;;
    esac
}

# Inputs that once failed must pass now.
replay_regressions() {
    local t dir files log
    for t in $TARGETS; do
        dir=Fuzz/regressions/$t
        [[ -d $dir ]] || continue
        mapfile -t files < <(find "$dir" -maxdepth 1 -type f ! -name '*.md' ! -name '.*' | LC_ALL=C sort)
        ((${#files[@]})) || continue
        log=$LOGS/regressions-$t.log
        if env -u FOCUSAUDIT_FUZZ_SKIP_KNOWN "$OUT/fuzz-$t" -timeout=10 -rss_limit_mb=2048 "${files[@]}" </dev/null >"$log" 2>&1; then
            note "regressions $t: ${#files[@]} inputs pass"
        else
            note "regressions $t: FAIL — an input under $dir still fails (log: $log)"
            grep -a -m 5 -E 'ERROR: |property violated|Running: ' "$log" | sed 's/^/    /'
            FAILED=1
            SUMMARY+=("regressions-$t: FAIL (still reproduces; $log)")
        fi
    done
}

# run NAME HARNESS SECONDS MAX_LEN SEED_DIRS...
run_fuzzer() {
    local label=$1 t=$2 secs=$3 maxlen=$4
    shift 4
    local corpus=$OUT/corpus/$label
    mkdir -p "$corpus"
    local log=$LOGS/$label.log
    local before after
    before=$(find "$CRASHES" -type f | wc -l)
    note "$label: fuzzing for $secs s (max_len $maxlen; log $log)"
    local rc=0 t0
    t0=$(date +%s)
    "${NICE[@]}" "$OUT/fuzz-$t" "${COMMON[@]}" -max_total_time="$secs" -max_len="$maxlen" \
        -dict="$(dict_of "$t")" -artifact_prefix="$CRASHES/$label-" "${EXTRA[@]}" \
        "$corpus" "$@" </dev/null >"$log" 2>&1 || rc=$?
    after=$(find "$CRASHES" -type f | wc -l)
    local took=$(($(date +%s) - t0))
    local execs cov ft units result
    execs=$(grep -aoE 'stat::number_of_executed_units: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+$')
    [[ -n $execs ]] || execs=$(grep -aoE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#')
    cov=$(grep -aoE 'cov: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+$')
    ft=$(grep -aoE 'ft: [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+$')
    units=$(find "$corpus" -type f | wc -l)
    local artifacts
    artifacts=$(grep -aoE "Test unit written to [^ ]+" "$log" | sed 's/Test unit written to //' | tr '\n' ' ')
    if grep -aq 'ERROR: libFuzzer: timeout' "$log"; then
        result="TIMEOUT"
    elif grep -aqE 'ERROR: libFuzzer: (out-of-memory|malloc limit)' "$log"; then
        result="OUT OF MEMORY"
    elif grep -aq 'ERROR: LeakSanitizer' "$log"; then
        result="LEAK"
    elif grep -aqE 'ERROR: (AddressSanitizer|libFuzzer)|property violated|Fatal error|SUMMARY: ' "$log"; then
        result="CRASH"
    elif ((rc != 0)); then
        result="FAILED (exit status $rc)"
    else
        result="ok"
    fi
    if [[ $result != ok || $after -gt $before ]]; then
        FAILED=1
        [[ $result == ok ]] && result="ARTIFACT"
        result+=" ${artifacts:-(see log)}"
        grep -a -m 1 -E 'ERROR: |property violated|Fatal error' "$log" | sed 's/^/    /'
        # The top frames of the first stack, without the sanitizer's, libFuzzer's and the runtime's own.
        awk '/^ +#[0-9]+ 0x/ { seen = 1; print; next } seen { exit }' "$log" |
            grep -a -v -E 'compiler-rt|libswiftCore|libc\.so|/<compiler-generated>' | head -n 8 | sed 's/^/    /'
    fi
    local line
    line=$(printf '%-9s %10s execs in %4s s  cov %-5s ft %-6s corpus %-5s %s' \
        "$label" "${execs:-?}" "$took" "${cov:-?}" "${ft:-?}" "$units" "$result")
    note "$line"
    SUMMARY+=("$line")
}

replay_regressions

HAS_XML=0
[[ " $TARGETS " == *" xml "* ]] && HAS_XML=1
left=$((DEADLINE - $(date +%s)))
BIG_SECONDS=0
if ((BIG && HAS_XML)); then
    # One short run with big inputs takes a tenth of the time left.
    BIG_SECONDS=$((left / 10))
    ((BIG_SECONDS < MIN_SECONDS)) && BIG_SECONDS=$MIN_SECONDS
fi
set -- $TARGETS
remaining_runs=$#
for t in $TARGETS; do
    share=$(((DEADLINE - $(date +%s) - BIG_SECONDS) / remaining_runs))
    ((share < MIN_SECONDS)) && share=$MIN_SECONDS
    # shellcheck disable=SC2046
    run_fuzzer "$t" "$t" "$share" 65536 $(seed_dirs "$t")
    remaining_runs=$((remaining_runs - 1))
done
if ((BIG && HAS_XML)); then
    left=$((DEADLINE - $(date +%s)))
    ((left < MIN_SECONDS)) && left=$MIN_SECONDS
    run_fuzzer xml-big xml "$left" 1048576 "$SEEDS/big"
fi

# Scratch directories of harness processes that are gone (a crash skips their clean-up).
for d in /dev/shm/focusaudit-fuzz-* /tmp/focusaudit-fuzz-*; do
    [[ -d $d ]] || continue
    kill -0 "${d##*-}" 2>/dev/null || rm -rf "$d"
done

echo
note "summary ($(($(date +%s) - START)) s of $BUDGET s):"
for line in "${SUMMARY[@]}"; do echo "  $line"; done
if ((FAILED)); then
    note "FAILED: see Fuzz/out/crashes/ and Fuzz/out/logs/"
    exit 1
fi
note "no crash, timeout, out-of-memory or leak"
exit 0
