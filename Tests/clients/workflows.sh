#!/usr/bin/env bash
# Checks the CI files that focusaudit ships or documents, with the tools their platforms' users run:
#   - every workflow in .github/workflows/ passes actionlint (with shellcheck on its `run:` steps)
#     and validates against the GitHub workflow schema (check-jsonschema's vendored copy);
#   - each GitHub Actions recipe in docs/ci.md (a ```yaml block with `jobs:`) passes both as well;
#   - each GitLab CI recipe in docs/ci.md (a ```yaml block in the GitLab section) validates against
#     the GitLab CI schema, as the whole of a `.gitlab-ci.yml`;
#   - a planted mistake (an unknown `runs-on` key spelled `run-on`) is caught by actionlint, so the
#     check cannot pass by not running;
#   - no recipe uses a deprecated action major version (`upload-sarif@v3`, `checkout@v3`…), and
#     every recipe that builds installs the headers the build needs (libxml2 and libyaml).
# Installs nothing (Tests/clients/install.sh does): needs actionlint, check-jsonschema, shellcheck.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require_command actionlint
require_command check-jsonschema
require_command shellcheck
make_workdir

lint_workflow() { # FILE LABEL
    local out
    if out=$(actionlint -shellcheck shellcheck "$1" 2>&1); then
        pass "$2: actionlint $(actionlint --version | head -1 | awk '{print $NF}') finds nothing"
    else
        fail "$2: actionlint: $(head -c 1500 <<<"$out")"
    fi
    if out=$(check-jsonschema --builtin-schema vendor.github-workflows "$1" 2>&1); then
        pass "$2: valid against the GitHub workflow schema"
    else
        fail "$2: GitHub workflow schema: $(head -c 800 <<<"$out")"
    fi
}

shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
if ((${#workflows[@]} == 0)); then
    fail ".github/workflows: no workflow"
fi
for workflow in "${workflows[@]}"; do
    lint_workflow "$workflow" "$workflow"
done

# The recipes: ```yaml blocks of docs/ci.md, by section.
python3 - docs/ci.md "$WORK/recipes" <<'PY'
import os, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
out = sys.argv[2]
os.makedirs(out, exist_ok=True)
section = ""
count = {}
for block in re.finditer(r"^## ([^\n]+)$|^```(\w+)\n(.*?)^```", text, re.M | re.S):
    if block.group(1):
        section = block.group(1)
        continue
    language, body = block.group(2), block.group(3)
    if language != "yaml":
        continue
    if "GitLab" in section and "script:" in body:
        kind = "gitlab"
    elif re.search(r"^jobs:", body, re.M):
        kind = "github"
    else:
        continue
    count[kind] = count.get(kind, 0) + 1
    name = f"{kind}-{count[kind]}.yml"
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write(body)
    with open(os.path.join(out, name + ".section"), "w", encoding="utf-8") as f:
        f.write(section)
PY
github=("$WORK"/recipes/github-*.yml)
gitlab=("$WORK"/recipes/gitlab-*.yml)
if ((${#github[@]} < 2)); then
    fail "docs/ci.md: expected GitHub Actions recipes for Linux and macOS, found ${#github[@]}"
fi
if ((${#gitlab[@]} < 1)); then
    fail "docs/ci.md: no GitLab CI recipe found"
fi
for recipe in "${github[@]}"; do
    label="docs/ci.md, $(cat "$recipe.section"), $(basename "$recipe" .yml)"
    # actionlint reads workflows from a .github/workflows directory.
    mkdir -p "$WORK/project/.github/workflows"
    cp "$recipe" "$WORK/project/.github/workflows/recipe.yml"
    lint_workflow "$WORK/project/.github/workflows/recipe.yml" "$label"
done
for recipe in "${gitlab[@]}"; do
    label="docs/ci.md, $(cat "$recipe.section"), $(basename "$recipe" .yml)"
    if out=$(check-jsonschema --builtin-schema vendor.gitlab-ci "$recipe" 2>&1); then
        pass "$label: valid against the GitLab CI schema"
    else
        fail "$label: GitLab CI schema: $(head -c 800 <<<"$out")"
    fi
done

# Every recipe that builds focusaudit installs what the build needs.
for recipe in "${github[@]}" "${gitlab[@]}"; do
    label="docs/ci.md, $(cat "$recipe.section"), $(basename "$recipe" .yml)"
    grep -q "swift build" "$recipe" || continue
    if grep -qE "apt-get install[^\n]*libxml2-dev[^\n]*libyaml-dev|brew install[^\n]*libyaml" "$recipe"; then
        pass "$label: installs libxml2's and libyaml's headers before building"
    else
        fail "$label: builds focusaudit without installing libxml2-dev and libyaml-dev (or Homebrew's libyaml)"
    fi
done

# Deprecated action versions.
for file in "${workflows[@]}" "${github[@]}"; do
    if grep -nE "upload-sarif@v[123]\b|actions/(checkout|cache|upload-artifact|cache/restore|cache/save)@v[123]\b" "$file"; then
        fail "$file: uses a deprecated action version (above)"
    fi
done

# The check itself: a planted mistake must be reported.
mkdir -p "$WORK/planted/.github/workflows"
sed 's/runs-on:/run-on:/' "${workflows[0]:-/dev/null}" >"$WORK/planted/.github/workflows/planted.yml"
if actionlint "$WORK/planted/.github/workflows/planted.yml" >/dev/null 2>&1; then
    fail "actionlint accepted a workflow whose jobs say run-on instead of runs-on"
else
    pass "actionlint rejects a planted mistake (run-on instead of runs-on)"
fi

finish
