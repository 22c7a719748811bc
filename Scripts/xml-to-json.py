#!/usr/bin/env python3
"""Write the JSON form of a focusaudit XML description (used for the samples' JSON twins).

usage: Scripts/xml-to-json.py INPUT.xml [OUTPUT.json]

Attributes become camelCase keys; `true`/`false` become booleans on boolean attributes and
decimal strings become numbers on numeric attributes (anything else is kept as a string, so an
invalid value stays invalid in the twin); child views go into `body`; text content becomes `text`;
`focusaudit:disable` comments become `focusauditDisable` on the next element, `disable-file`
comments on the top-level object. Other comments are dropped.
"""
import json
import re
import sys
import xml.dom.minidom as minidom

BOOLEAN = {"root", "hidden", "on-tap", "dismiss", "pop-to-root", "decorative"}
NUMBER = {"transition", "restore-delay", "line-limit", "minimum-scale-factor"}
DECIMAL = re.compile(r"^[0-9]+(\.[0-9]+)?$")


def camel(name):
    head, *rest = name.split("-")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


def value(name, raw):
    if name in BOOLEAN and raw in ("true", "false"):
        return raw == "true"
    if name in NUMBER and DECIMAL.match(raw):
        number = float(raw)
        return int(number) if number.is_integer() else number
    return raw


def rule_ids(text):
    return [part for part in re.split(r"[\s,]+", text) if part]


def convert(element, top, pending_file):
    obj = {}
    if element.tagName not in ("app", "screen"):
        obj["view"] = element.tagName
    for name, raw in element.attributes.items():
        if name.startswith("xmlns") or name.startswith("xsi:"):
            continue
        obj[camel(name)] = value(name, raw)
    children = []
    text = ""
    pending = []
    for node in element.childNodes:
        if node.nodeType == node.COMMENT_NODE:
            body = node.data.strip()
            if body.startswith("focusaudit:disable-file"):
                pending_file.extend(rule_ids(body[len("focusaudit:disable-file"):]))
            elif body.startswith("focusaudit:disable"):
                pending.extend(rule_ids(body[len("focusaudit:disable"):]))
        elif node.nodeType == node.ELEMENT_NODE:
            child = convert(node, False, pending_file)
            if pending:
                child = {"focusauditDisable": pending, **child}
                pending = []
            children.append(child)
        elif node.nodeType in (node.TEXT_NODE, node.CDATA_SECTION_NODE):
            text += node.data
    if text.strip() and "text" not in obj:
        obj["text"] = " ".join(text.split())
    if children:
        obj["screens" if element.tagName == "app" else "body"] = children
    return obj


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    document = minidom.parse(sys.argv[1])
    file_rules = []
    for node in document.childNodes:
        if node.nodeType == node.COMMENT_NODE and node.data.strip().startswith("focusaudit:disable"):
            file_rules.extend(rule_ids(node.data.strip().split(None, 1)[1] if " " in node.data.strip() else ""))
    app = convert(document.documentElement, True, file_rules)
    if file_rules:
        app = {"focusauditDisable": file_rules, **app}
    app = {"$schema": "../docs/focusaudit.schema.json", **app}
    text = json.dumps(app, ensure_ascii=False, indent=2) + "\n"
    if len(sys.argv) == 3:
        with open(sys.argv[2], "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
