# Shared by the checks in Tests/clients/ (sourced, not run). Each check:
#   - runs from the repository root (it cds there itself);
#   - takes the focusaudit binary from $FOCUSAUDIT (default .build/debug/focusaudit);
#   - works in its own `mktemp -d` directory, removed on exit;
#   - installs nothing (Tests/clients/install.sh does), and exits 2 when a client is missing;
#   - prints one line per check and ends with "N passed, M failed", exiting 1 when M > 0.
# shellcheck shell=bash

CLIENTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$CLIENTS_DIR/../.." && pwd)
SCRIPT_NAME=$(basename "$0")

# The binary: by default the repository's debug build; a relative $FOCUSAUDIT is taken from the
# directory the script was started in.
FOCUSAUDIT=${FOCUSAUDIT:-$REPO_ROOT/.build/debug/focusaudit}
case $FOCUSAUDIT in
    /*) ;;
    */*) FOCUSAUDIT="$PWD/$FOCUSAUDIT" ;;
    *) FOCUSAUDIT=$(command -v "$FOCUSAUDIT" || echo "$PWD/$FOCUSAUDIT") ;;
esac
cd "$REPO_ROOT" || exit 2

passed=0
failed=0

pass() {
    passed=$((passed + 1))
    printf 'PASS  %s\n' "$*"
}

fail() {
    failed=$((failed + 1))
    printf 'FAIL  %s\n' "$*"
}

# Prints the closing line and exits 1 when a check failed.
finish() {
    echo "$passed passed, $failed failed"
    ((failed == 0))
}

# A client that is missing ends the script at once: in CI these checks must run, never skip.
missing() {
    echo "$SCRIPT_NAME: $*" >&2
    echo "$passed passed, $((failed + 1)) failed"
    exit 2
}

require_focusaudit() {
    [[ -x "$FOCUSAUDIT" ]] || missing "focusaudit binary not found at $FOCUSAUDIT (swift build, or set FOCUSAUDIT)"
}

require_command() {
    command -v "$1" >/dev/null 2>&1 || missing "$1 not found${2:+ ($2)}; Tests/clients/install.sh installs it"
}

require_python_modules() {
    local module
    for module in "$@"; do
        python3 -c "import $module" >/dev/null 2>&1 || missing "python3 module $module not found; Tests/clients/install.sh installs it"
    done
}

# The temporary work directory, removed on exit.
make_workdir() {
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/focusaudit-${SCRIPT_NAME%.sh}.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
}

# pip_fetch DIR REQUIREMENT [pip options…]: downloads one distribution (no dependencies) from PyPI
# into DIR and prints its path. Nothing is installed.
pip_fetch() {
    local dir=$1 requirement=$2
    shift 2
    mkdir -p "$dir"
    if ! python3 -m pip download --quiet --disable-pip-version-check --no-input --no-deps \
        --dest "$dir" "$@" "$requirement" >"$dir/pip.log" 2>&1 </dev/null; then
        echo "pip download $requirement failed: $(tail -n 3 "$dir/pip.log" | tr '\n' ' ')" >&2
        return 1
    fi
    local found=("$dir"/*)
    local file
    for file in "${found[@]}"; do
        [[ "$file" == *.whl || "$file" == *.tar.gz || "$file" == *.zip ]] && { echo "$file"; return 0; }
    done
    echo "pip download $requirement: no archive in $dir" >&2
    return 1
}

# run_focusaudit LOG ARGS…: runs the binary with stdout and stderr in LOG, and prints its exit status
# (0, 1 or 2 are all normal answers for a check; a crash gives another status).
run_focusaudit() {
    local log=$1
    shift
    local rc=0
    "$FOCUSAUDIT" "$@" >"$log" 2>&1 </dev/null || rc=$?
    echo "$rc"
}

# Writes two descriptions whose labels, titles, ids and keys are full of markup, "]]>", quotes,
# control characters, emoji and bidirectional overrides, into DIR: an XML one (XML 1.0 cannot hold
# most C0 controls, so it has character references for tab, CR and LF and literal bidi controls)
# and a JSON one (which can hold every code point as a \u escape). Both have findings that quote
# those labels. The XML file's name has markup characters, quotes, '#' and spaces too.
write_tricky_descriptions() {
    local dir=$1
    mkdir -p "$dir"
    TRICKY_XML="$dir/tricky <labels> & \"quotes\" #1.xml"
    TRICKY_JSON="$dir/tricky-labels.json"
    python3 - "$TRICKY_XML" "$TRICKY_JSON" <<'PY'
import sys

xml_path, json_path = sys.argv[1], sys.argv[2]
# Literal U+202E (right-to-left override) and U+202C (pop) in the XML source, plus references.
rlo, pdf = "\u202e", "\u202c"
xml = f"""<?xml version="1.0" encoding="UTF-8"?>
<app name="tricky &lt;app&gt; ]]&gt;" transition="0.35">
  <screen id="home" title="&lt;script&gt;alert(1)&lt;/script&gt;" root="true"
          restore-focus="on-appear" restore-delay="0.1" capture="binding">
    <VStack>
      <Button id="markup" label="&lt;b&gt;bold&lt;/b&gt; ]]&gt; &lt;!-- x --&gt; &amp;amp; button" push="next"/>
      <Button id="emoji" label="😀 &#x202E;evil&#x202C; &#x2066;iso&#x2069; &#x200F; {rlo}rlo{pdf} 👩‍👩‍👧 button" push="next" focus="emoji"/>
      <Button id="lines" label="two&#10;lines&#13;&#9;tab &quot;q&quot; &apos;a&apos; 전송 버튼" push="next" focus="lines"/>
      <Button id="same1" label="&lt;i&gt;same&lt;/i&gt;" push="next" focus="same1"/>
      <Button id="same2" label="&lt;i&gt;same&lt;/i&gt;" push="other" focus="same2"/>
      <Image asset="pic]]&gt;&lt;img src=x onerror=alert(1)&gt;"/>
      <Button id="unnamed&lt;&amp;&gt;" push="next" focus="unnamed"/>
    </VStack>
  </screen>
  <screen id="next" title="다음 😀 {rlo}txet{pdf}"/>
  <screen id="other" title="x&lt;/title&gt;&lt;/head&gt;"/>
</app>
"""
json_text = r"""{
  "name": "tricky \u0001 \u001b[31m red \u001b[0m",
  "transition": 0.35,
  "screens": [
    { "id": "home", "title": "<script>alert(1)</script>\u0000", "root": true,
      "restoreFocus": "on-appear", "restoreDelay": 0.1, "capture": "binding",
      "body": [
        { "view": "VStack", "body": [
          { "view": "Button", "id": "ctl", "label": "ctl \u0001\u0002\u0008\u000b\u000c\u001b[2J\u007f\u0085\u009b button", "push": "next" },
          { "view": "Button", "id": "nonchar", "label": "\ufffe\uffff\u2028\u2029 ]]> <b>x</b> & 😀 \u202e evil\u202c button", "push": "next", "focus": "nonchar" },
          { "view": "Button", "id": "s1", "label": "same\u0001", "push": "next", "focus": "s1" },
          { "view": "Button", "id": "s2", "label": "same\u0001", "push": "other", "focus": "s2" },
          { "view": "Button", "id": "odd\u0001id]]>", "lab\u0001el<x>": "y", "push": "next", "focus": "odd" },
          { "view": "Image", "asset": "\u001b]8;;file:///etc/passwd\u0007click\u001b]8;;\u0007" }
        ] }
      ] },
    { "id": "next", "title": "다음 \u001b" },
    { "id": "other", "title": "x" }
  ]
}
"""
with open(xml_path, "w", encoding="utf-8") as handle:
    handle.write(xml)
with open(json_path, "w", encoding="utf-8") as handle:
    handle.write(json_text)
PY
}

# Runs a checker (a command) that prints "PASS  …" and "FAIL  …" lines, and counts them. Anything
# else it prints is shown indented. A checker exits 0 whatever its verdicts; another status means
# it crashed, which counts as one more failure.
run_checker() {
    local line verdicts=0 rc=0 output
    output=$("$@" 2>&1) || rc=$?
    while IFS= read -r line; do
        case $line in
            "PASS  "*) passed=$((passed + 1)); verdicts=$((verdicts + 1)); printf '%s\n' "$line" ;;
            "FAIL  "*) failed=$((failed + 1)); verdicts=$((verdicts + 1)); printf '%s\n' "$line" ;;
            "") ;;
            *) printf '      %s\n' "$line" ;;
        esac
    done <<<"$output"
    if ((rc != 0)); then
        fail "checker $(basename "${2:-$1}") crashed (exit status $rc) after $verdicts verdict(s)"
    fi
}
