#!/usr/bin/env python3
"""Runs xiblint's accessibility rules and focusaudit on the same storyboards and xibs, file by file.

Not part of CI. Needs xiblint installed in the Python that runs this script, for example:
    python3 -m venv /tmp/xl && /tmp/xl/bin/pip install xiblint
    /tmp/xl/bin/python Scripts/compare-xiblint.py Samples/storyboards Tests/fixtures/storyboards

xiblint runs only the rules a `.xiblint.json` lists; this script enables its accessibility rules
directly. In xiblint 0.10.4, `view_is_accessibility_element` answers False when a view does not
write `isElement` (Xcode writes it only when it differs from the default), so its label rules skip
almost every control. `--tri-state` also runs them with that helper answering None for "not
written", which is what the rules' `is False` / `is True` tests expect.
"""
import json
import os
import subprocess
import sys

sys.modules["_elementtree"] = None  # xiblint needs the pure-Python ElementTree for line numbers

import xiblint  # noqa: E402
import xiblint.xibutils as xibutils  # noqa: E402
from xiblint.rules import rule_checkers  # noqa: E402
from xiblint.xibcontext import XibContext  # noqa: E402

RULES = [
    "accessibility_format",
    "accessibility_labels_for_image_buttons",
    "accessibility_labels_for_images",
    "accessibility_labels_for_text_with_placeholder",
]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
        for directory, _, names in sorted(os.walk(path)):
            for name in sorted(names):
                if name.endswith((".storyboard", ".xib")):
                    yield os.path.join(directory, name)


def run_xiblint(path):
    context = XibContext(path)
    for rule in RULES:
        context.rule_name = rule
        rule_checkers[rule]({}).check(context)
    return ["{}: {}".format(e["line"], e["error"]) for e in sorted(context.errors, key=lambda e: (e["line"], e["error"]))]


def tri_state(view):
    element = view.find("accessibility[@key='accessibilityConfiguration']/bool[@key='isElement']")
    return None if element is None else element.get("value") == "YES"


def run_focusaudit(path):
    binary = os.path.join(ROOT, ".build", "debug", "focusaudit")
    output = subprocess.run([binary, "check", "--format", "json", path], capture_output=True, text=True).stdout
    return ["{}: {} [{}]".format(f["line"], f["message"], f["rule"]) for f in json.loads(output)["findings"]]


def main():
    args = [a for a in sys.argv[1:] if a != "--tri-state"]
    print("xiblint", xiblint.__version__)
    for path in files(args or ["Samples/storyboards"]):
        print("\n==", path)
        print("-- xiblint, as released:")
        for line in run_xiblint(path):
            print("  ", line)
        if "--tri-state" in sys.argv:
            original = xibutils.view_is_accessibility_element
            for module in list(sys.modules.values()):
                if getattr(module, "view_is_accessibility_element", None) is original:
                    module.view_is_accessibility_element = tri_state
            print("-- xiblint, isElement not written = unknown:")
            for line in run_xiblint(path):
                print("  ", line)
            for module in list(sys.modules.values()):
                if getattr(module, "view_is_accessibility_element", None) is tri_state:
                    module.view_is_accessibility_element = original
        print("-- focusaudit:")
        for line in run_focusaudit(path):
            print("  ", line)


if __name__ == "__main__":
    main()
