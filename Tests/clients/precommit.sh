#!/usr/bin/env bash
# Checks the pre-commit hook (.pre-commit-hooks.yaml, `language: swift`) with the real pre-commit
# from PyPI:
#   - `pre-commit validate-manifest` accepts .pre-commit-hooks.yaml;
#   - the hook repository is a snapshot of this working tree (tracked files and new files that
#     .gitignore does not exclude), committed into a temporary git repository, so what is tested is
#     what is about to be committed; a temporary project repository points at it with `repo:` and
#     `rev:` (the snapshot's commit), and PRE_COMMIT_HOME is inside the work directory;
#   - `pre-commit install-hooks` builds the hook the way pre-commit does for `language: swift`
#     (`swift build -c release` of the hook repository) and that build has a focusaudit binary;
#   - through `pre-commit install` and real `git commit`s: a clean description commits (hook
#     "Passed"); a broken XML description and a broken JSON one are refused (hook "Failed"), and the
#     hook's output has the finding lines `file:line:col: error: … [rule]` that focusaudit prints
#     for that file itself;
#   - an iOS repository's other well-formed files (asset catalogs' Contents.json, a plist and an
#     .xcscheme, also under .xml names) commit through the hook, alone; a tsconfig.json with
#     comments (not well-formed JSON, an input error however it was found, FORMAT.md) is refused
#     with its file:line:col and the way to leave it out; a broken description (JSON with a comment
#     and a "screens" key) is refused with its file:line:col;
#   - the hook's exclude: leaves out what a directory search leaves out: broken files under Pods,
#     Carthage, SourcePackages and hidden directories (.vscode, .github) commit beside a clean
#     description;
#   - NOTE lines (not counted) show what happens to other files the `files:` pattern matches
#     (a package.json, a storyboard).
# The release build takes a few minutes. Installs nothing (Tests/clients/install.sh does): needs
# git, swift and python3 with pre-commit.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_focusaudit
require_command git
require_command swift "the Swift toolchain"
require_python_modules pre_commit
make_workdir

export PRE_COMMIT_HOME="$WORK/pre-commit-home"
export PRE_COMMIT_COLOR=never
export GIT_AUTHOR_NAME="focusaudit tests" GIT_AUTHOR_EMAIL="tests@focusaudit.invalid"
export GIT_COMMITTER_NAME="focusaudit tests" GIT_COMMITTER_EMAIL="tests@focusaudit.invalid"
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
pre_commit=(python3 -m pre_commit)

note() {
    printf 'NOTE  %s\n' "$*"
}

# ------------------------------------------------------------------------------- the manifest

if [[ ! -f .pre-commit-hooks.yaml ]]; then
    fail ".pre-commit-hooks.yaml: missing"
    finish
    exit 1
fi
if out=$("${pre_commit[@]}" validate-manifest .pre-commit-hooks.yaml 2>&1); then
    pass ".pre-commit-hooks.yaml: pre-commit $("${pre_commit[@]}" --version | awk '{print $2}') validate-manifest accepts it"
else
    fail ".pre-commit-hooks.yaml: validate-manifest: $(head -c 400 <<<"$out")"
fi
language=$(python3 -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))[0]["language"])' .pre-commit-hooks.yaml)
if [[ "$language" == swift ]]; then
    pass ".pre-commit-hooks.yaml: language is swift"
else
    fail ".pre-commit-hooks.yaml: language is $language, not swift"
fi

# ------------------------------------------------------------------- the hook repository

HOOK_REPO="$WORK/hook-repo"
mkdir -p "$HOOK_REPO"
# Tracked files as they are in the working tree, plus new files .gitignore does not exclude.
git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' file; do
        [[ -e "$file" ]] || continue # deleted in the working tree
        mkdir -p "$HOOK_REPO/$(dirname "$file")"
        cp -P "$file" "$HOOK_REPO/$file"
    done
git -C "$HOOK_REPO" init --quiet
git -C "$HOOK_REPO" add -A
git -C "$HOOK_REPO" commit --quiet --no-verify -m "snapshot of the focusaudit working tree"
HOOK_REV=$(git -C "$HOOK_REPO" rev-parse HEAD)
pass "hook repository: snapshot of the working tree ($(git -C "$HOOK_REPO" ls-files | wc -l) files) committed as ${HOOK_REV:0:12}"

# ------------------------------------------------------------------------ the project repository

PROJECT="$WORK/project"
mkdir -p "$PROJECT/screens"
git -C "$PROJECT" init --quiet
cat >"$PROJECT/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $HOOK_REPO
    rev: $HOOK_REV
    hooks:
      - id: focusaudit
YAML
git -C "$PROJECT" add .pre-commit-config.yaml
git -C "$PROJECT" commit --quiet --no-verify -m "pre-commit configuration"

start=$SECONDS
if out=$(cd "$PROJECT" && "${pre_commit[@]}" install-hooks 2>&1); then
    binary=""
    for candidate in "$PRE_COMMIT_HOME"/repo*/swift_env-*/.build/release/focusaudit; do
        if [[ -x "$candidate" ]]; then
            binary=$candidate
        fi
    done
    if [[ -n "$binary" ]]; then
        pass "pre-commit install-hooks: swift build -c release of the hook repository took $((SECONDS - start)) s; binary ${binary#"$WORK"/}"
    else
        fail "pre-commit install-hooks succeeded but no release focusaudit binary under $PRE_COMMIT_HOME"
    fi
else
    fail "pre-commit install-hooks failed after $((SECONDS - start)) s: $(tail -n 15 "$PRE_COMMIT_HOME/pre-commit.log" 2>/dev/null | tr '\n' ' ' | head -c 1500) $(tail -n 5 <<<"$out" | tr '\n' ' ')"
    finish
    exit 1
fi

if out=$(cd "$PROJECT" && "${pre_commit[@]}" install 2>&1); then
    pass "pre-commit install: $(tail -n 1 <<<"$out" | sed "s|$WORK/||")"
else
    fail "pre-commit install: $out"
fi

# commit_files NAME FILE…: stages the files and runs `git commit` through the installed hook;
# leaves the output in $WORK/NAME.out and prints git's exit status.
commit_files() {
    local name=$1
    shift
    (cd "$PROJECT" && git add -- "$@") >/dev/null 2>&1
    local rc=0
    (cd "$PROJECT" && git commit -m "$name" </dev/null) >"$WORK/$name.out" 2>&1 || rc=$?
    echo "$rc"
}

hook_line() {
    grep -E '^focusaudit\.+' "$WORK/$1.out" | head -n 1 | sed 's/\.\{3,\}/…/'
}

# A clean description commits.
cp Samples/messenger-fixed.xml "$PROJECT/screens/messenger.xml"
rc=$(commit_files clean screens/messenger.xml)
if [[ "$rc" == 0 ]] && grep -qE '^focusaudit\.+Passed' "$WORK/clean.out"; then
    pass "clean description: git commit succeeds, hook: $(hook_line clean)"
else
    fail "clean description: git commit exit status $rc: $(head -c 800 "$WORK/clean.out")"
fi

# A broken description is refused, and the hook prints focusaudit's finding lines.
refused() {
    local name=$1 sample=$2 target=$3
    cp "$sample" "$PROJECT/$target"
    local head_before rc
    head_before=$(git -C "$PROJECT" rev-parse HEAD)
    rc=$(commit_files "$name" "$target")
    local expected="$WORK/$name.expected"
    (cd "$PROJECT" && "$FOCUSAUDIT" check --no-color "$target" 2>&1 | grep -E '^[^ ].*:[0-9]+:[0-9]+: error: .* \[[a-z_]+\]$') >"$expected" || true
    local first
    first=$(head -n 1 "$expected")
    if [[ "$rc" != 0 && "$(git -C "$PROJECT" rev-parse HEAD)" == "$head_before" ]] && grep -qE '^focusaudit\.+Failed' "$WORK/$name.out"; then
        pass "$name: git commit refused (exit status $rc), hook: $(hook_line "$name")"
    else
        fail "$name: git commit exit status $rc, HEAD moved or hook not Failed: $(head -c 800 "$WORK/$name.out")"
    fi
    local line absent=0
    while IFS= read -r line; do
        grep -qxF -- "$line" "$WORK/$name.out" || absent=$((absent + 1))
    done <"$expected"
    if [[ -z "$first" ]]; then
        fail "$name: focusaudit itself printed no error line for $target"
    elif ((absent == 0)); then
        pass "$name: the hook output has all $(wc -l <"$expected") error lines, e.g. ${first:0:150}"
    else
        fail "$name: the hook output lacks $absent of the $(wc -l <"$expected") error lines focusaudit prints, like: ${first:0:200}"
        sed 's/^/      /' "$WORK/$name.out" | head -n 30
    fi
    (cd "$PROJECT" && git reset --quiet -- "$target" && rm -f "$target")
}
refused broken-xml Samples/messenger-broken.xml screens/messenger-broken.xml
refused broken-json Samples/messenger-broken.json screens/messenger-broken.json

# An iOS repository's other JSON and XML: the hook skips the well-formed ones, so they commit
# (alone, where nothing is left to audit, too); JSON with comments is not well-formed and blocks,
# with the way to leave it out; a broken description blocks.
ios_files=(App/Assets.xcassets/Contents.json
    App/Assets.xcassets/AppIcon.appiconset/Contents.json App/Info.plist App/Info.xml
    App/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme App/Scheme.xml)
mkdir -p "$PROJECT/Web" "$PROJECT/.vscode" "$PROJECT/App/Assets.xcassets/AppIcon.appiconset" \
    "$PROJECT/App/App.xcodeproj/xcshareddata/xcschemes"
printf '{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n' >"$PROJECT/App/Assets.xcassets/Contents.json"
printf '{\n  "images" : [ { "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" } ],\n  "info" : { "author" : "xcode", "version" : 1 }\n}\n' \
    >"$PROJECT/App/Assets.xcassets/AppIcon.appiconset/Contents.json"
plist='<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n  <key>CFBundleName</key>\n  <string>App</string>\n</dict>\n</plist>\n'
printf "%b" "$plist" >"$PROJECT/App/Info.plist"
printf "%b" "$plist" >"$PROJECT/App/Info.xml"
scheme='<?xml version="1.0" encoding="UTF-8"?>\n<Scheme LastUpgradeVersion = "1500" version = "1.7">\n   <BuildAction parallelizeBuildables = "YES">\n   </BuildAction>\n</Scheme>\n'
printf "%b" "$scheme" >"$PROJECT/App/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme"
printf "%b" "$scheme" >"$PROJECT/App/Scheme.xml"
head_before=$(git -C "$PROJECT" rev-parse HEAD)
rc=$(commit_files ios-files "${ios_files[@]}")
if [[ "$rc" == 0 && "$(git -C "$PROJECT" rev-parse HEAD)" != "$head_before" ]] && ! grep -qE '^focusaudit\.+Failed' "$WORK/ios-files.out"; then
    pass "asset catalogs' Contents.json, a plist and a scheme (also as .xml): git commit succeeds, hook: $(hook_line ios-files)"
else
    fail "an iOS repository's other files: git commit exit status $rc: $(head -c 800 "$WORK/ios-files.out")"
fi
printf '{\n  // TypeScript reads comments and trailing commas\n  "compilerOptions": { "strict": true, },\n}\n' >"$PROJECT/Web/tsconfig.json"
printf '{\n  // editor settings\n  "editor.tabSize": 2,\n}\n' >"$PROJECT/.vscode/settings.json"
head_before=$(git -C "$PROJECT" rev-parse HEAD)
rc=$(commit_files ios-commented Web/tsconfig.json .vscode/settings.json)
if [[ "$rc" != 0 && "$(git -C "$PROJECT" rev-parse HEAD)" == "$head_before" ]] &&
    grep -qE '^focusaudit\.+Failed' "$WORK/ios-commented.out" &&
    grep -q '^Web/tsconfig.json:2:3: error: .*leave it out' "$WORK/ios-commented.out" &&
    ! grep -q 'settings.json' "$WORK/ios-commented.out"; then
    pass "a tsconfig.json with comments is refused, saying how to leave it out; .vscode/settings.json (a hidden directory, as in a directory search) is not audited: $(grep -m1 '^Web/tsconfig.json:' "$WORK/ios-commented.out" | head -c 200)"
else
    fail "JSON with comments staged: git commit exit status $rc: $(head -c 800 "$WORK/ios-commented.out")"
fi
(cd "$PROJECT" && git reset --quiet -- Web/tsconfig.json .vscode/settings.json && rm -f Web/tsconfig.json .vscode/settings.json)

# Files of other projects committed with the app (CocoaPods, Carthage, cloned Swift packages) and
# hidden directories are left out by the hook's exclude:, as a directory search leaves them out.
mkdir -p "$PROJECT/Pods/Lib" "$PROJECT/Carthage/Checkouts/Lib" "$PROJECT/SourcePackages/checkouts/pkg" "$PROJECT/.github"
printf '<?xml version="1.0"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"\n' >"$PROJECT/Pods/Lib/Cut.xib"
printf '{ "broken": , }\n' >"$PROJECT/Carthage/Checkouts/Lib/broken.json"
cp Samples/messenger-broken.xml "$PROJECT/SourcePackages/checkouts/pkg/screens.xml"
printf '<broken>\n' >"$PROJECT/.github/report.xml"
cp Samples/messenger-fixed.xml "$PROJECT/screens/second.xml"
others=(Pods/Lib/Cut.xib Carthage/Checkouts/Lib/broken.json SourcePackages/checkouts/pkg/screens.xml .github/report.xml screens/second.xml)
head_before=$(git -C "$PROJECT" rev-parse HEAD)
rc=$(commit_files others "${others[@]}")
if [[ "$rc" == 0 && "$(git -C "$PROJECT" rev-parse HEAD)" != "$head_before" ]] && grep -qE '^focusaudit\.+Passed' "$WORK/others.out"; then
    pass "broken files under Pods, Carthage, SourcePackages and .github commit beside a clean description: hook: $(hook_line others)"
else
    fail "other projects' files staged: git commit exit status $rc: $(head -c 800 "$WORK/others.out")"
fi
printf '{\n  // a comment breaks it, but it says it is a description\n  "screens": [ { "id": "home" } ]\n}\n' >"$PROJECT/screens/commented.json"
head_before=$(git -C "$PROJECT" rev-parse HEAD)
rc=$(commit_files ios-broken screens/commented.json)
if [[ "$rc" != 0 && "$(git -C "$PROJECT" rev-parse HEAD)" == "$head_before" ]] &&
    grep -qE '^focusaudit\.+Failed' "$WORK/ios-broken.out" && grep -q '^screens/commented.json:2:3: error: ' "$WORK/ios-broken.out"; then
    pass "a broken description is refused: $(grep -m1 '^screens/commented.json:' "$WORK/ios-broken.out" | head -c 150)"
else
    fail "a broken description: git commit exit status $rc: $(head -c 800 "$WORK/ios-broken.out")"
fi
(cd "$PROJECT" && git reset --quiet -- screens/commented.json && rm -f screens/commented.json)

# What the files: pattern also sends to the hook (shown, not counted).
printf '{\n  "name": "web-tools",\n  "private": true\n}\n' >"$PROJECT/package.json"
rc=$(commit_files package-json package.json)
note "a package.json (not a description) staged: git commit exit status $rc, hook: $(hook_line package-json); $(grep -vE '^(focusaudit\.|- hook id|- exit code|\[)' "$WORK/package-json.out" | grep -v '^$' | head -n 2 | tr '\n' ' ' | head -c 250)"
(cd "$PROJECT" && git reset --quiet -- package.json 2>/dev/null; rm -f package.json)
printf '<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"/>\n' >"$PROJECT/screens/Main.storyboard"
rc=$(commit_files storyboard screens/Main.storyboard)
note "a Main.storyboard staged: git commit exit status $rc, hook: $(hook_line storyboard); $(grep -vE '^(focusaudit\.|- hook id|- exit code|\[)' "$WORK/storyboard.out" | grep -v '^$' | head -n 2 | tr '\n' ' ' | head -c 250)"

finish
