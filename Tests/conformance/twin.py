#!/usr/bin/env python3
"""Authoring tool for the conformance cases (Tests/conformance).

It is independent of focusaudit: it reads the XML cases with Python's expat,
computes element paths and positions as FORMAT.md defines them, writes each
case's JSON twin, and turns the hand-written expectations (`NAME.expect`) into
the resolved form the tests compare against (`NAME.expected`).

    python3 Tests/conformance/twin.py            # all cases
    python3 Tests/conformance/twin.py NAME...    # some

`NAME.expect`, one finding a line (`#` starts a comment):

    RULE SEVERITY TARGET [xml-only|json-only] [json=LINE:COL] [path=PATH]

TARGET is an element path (`screen[a]/List[1]/Button[go]`, `screen[a]`, `app`),
with `#N` for the Nth element of that path (two elements with one id), or
`comment#N` for the Nth comment of the XML file (its `<!--`; path: the element
that contains it). `json=` and `path=` override what the tool computes (for
findings JSON places differently). A case without a twin (`xml-only` at the top
of the `.expect` file, or any JSON-only case `NAME.json` without `NAME.xml`)
lists positions explicitly: `RULE SEVERITY PATH xml=L:C json=L:C`.

Twin rules: attribute names become camelCase, child views go in `body`, text
content becomes `text`, `true`/`false` booleans and plain decimal numbers of
the known boolean and number attributes become JSON values, and a
`focusaudit:disable` comment becomes `focusauditDisable` on the next element
(`disable-file`: on the top-level object). Every object starts on its own line.
"""

import json
import os
import re
import sys
import xml.parsers.expat

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")

BOOLEANS = {"root", "hidden", "on-tap", "dismiss", "pop-to-root", "decorative"}
NUMBERS = {"transition", "restore-delay"}
DECIMAL = re.compile(r"^[0-9]+(\.[0-9]+)?$")


def camel(name):
    parts = name.split("-")
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def positions(data):
    """Byte offset -> (line, column in Unicode scalars), LF/CRLF/CR breaks."""
    text = data.decode("utf-8")
    table = {}
    line, col, offset = 1, 1, 0
    i = 0
    while i < len(text):
        ch = text[i]
        table[offset] = (line, col)
        offset += len(ch.encode("utf-8"))
        if ch == "\r":
            if i + 1 < len(text) and text[i + 1] == "\n":
                table[offset] = (line, col + 1)
                offset += 1
                i += 1
            line, col = line + 1, 1
        elif ch == "\n":
            line, col = line + 1, 1
        else:
            col += 1
        i += 1
    table[offset] = (line, col)
    return table


def escape_id(value):
    return re.sub(r"([/\[\]])", r"\\\1", value)


class Node:
    def __init__(self, tag, attrs, pos, parent):
        self.tag, self.attrs, self.pos, self.parent = tag, attrs, pos, parent
        self.children, self.text, self.disable, self.json_pos = [], "", [], None
        self.path = None
        self.offset = None


def read_xml(path):
    data = open(path, "rb").read()
    table = positions(data)
    parser = xml.parsers.expat.ParserCreate()
    parser.ordered_attributes = True
    root_holder, stack, comments, pending = [], [], [], []
    file_disable = []

    def start(tag, attrs):
        pos = table[parser.CurrentByteIndex]
        pairs = list(zip(attrs[0::2], attrs[1::2]))
        node = Node(tag, pairs, pos, stack[-1] if stack else None)
        node.offset = parser.CurrentByteIndex
        node.disable = list(pending)
        pending.clear()
        if stack:
            stack[-1].children.append(node)
        else:
            root_holder.append(node)
        stack.append(node)

    def end(tag):
        stack.pop()
        pending.clear()

    def chars(text):
        if stack:
            stack[-1].text += text
            if text.strip():
                pending.clear()

    def comment(text):
        pos = table[parser.CurrentByteIndex]
        comments.append((pos, stack[-1] if stack else None))
        m = re.match(r"\s*focusaudit:(disable|disable-file)\s+(.*?)\s*$", text, re.S)
        if m:
            ids = [s.strip() for s in m.group(2).split(",") if s.strip()]
            if m.group(1) == "disable":
                pending.extend(ids)
            else:
                file_disable.extend(ids)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.CommentHandler = comment
    # A processing instruction between a comment and an element breaks the link, as text does.
    parser.ProcessingInstructionHandler = lambda target, data: pending.clear()
    parser.Parse(data, True)
    root = root_holder[0]
    root.source, root.table = data, table
    assign_paths(root)
    return root, comments, file_disable


def assign_paths(app):
    app.path = "app"
    number = 0
    for screen in app.children:
        if screen.tag != "screen":
            screen.path = "app"
            continue
        number += 1
        sid = dict(screen.attrs).get("id")
        screen.path = "screen[%s]" % (escape_id(sid) if sid is not None and sid.strip() else number)
        assign_children(screen)


def assign_children(parent):
    counts = {}
    for child in parent.children:
        counts[child.tag] = counts.get(child.tag, 0) + 1
        cid = dict(child.attrs).get("id")
        if cid is not None and cid.strip():  # a blank id is no id
            step = "%s[%s]" % (child.tag, escape_id(cid))
        else:
            step = "%s[%d]" % (child.tag, counts[child.tag])
        child.path = parent.path + "/" + step
        assign_children(child)


def value(name, raw):
    if name in BOOLEANS and raw in ("true", "false"):
        return raw == "true"
    if name in NUMBERS and DECIMAL.match(raw):
        # Written as the XML wrote it, every digit kept, except leading zeros, which JSON forbids.
        return RawNumber(re.sub(r"^0+(?=[0-9])", "", raw))
    return raw


class RawNumber(str):
    pass


def dump(v):
    return str(v) if isinstance(v, RawNumber) else json.dumps(v, ensure_ascii=False)


class Writer:
    def __init__(self):
        self.lines = []

    def obj(self, node, depth, key_view, file_disable=None):
        indent = "  " * depth
        self.lines.append(indent + "{")
        node.json_pos = (len(self.lines), len(indent) + 1)
        members = []
        if key_view:
            members.append(("view", json.dumps(node.tag, ensure_ascii=False)))
        for name, raw in node.attrs:
            members.append((camel(name), dump(value(name, raw))))
        text = node.text.strip()
        if text:  # mixed content: the element's own text, whatever children it has
            members.append(("text", json.dumps(text, ensure_ascii=False)))
        if node.disable:
            members.append(("focusauditDisable", json.dumps(node.disable)))
        if file_disable:
            members.append(("focusauditDisable", json.dumps(file_disable)))
        kids = node.children
        if node.tag == "app":
            kids = [k for k in kids if k.tag == "screen"]
        body_key = "screens" if node.tag == "app" else "body"
        for i, (k, v) in enumerate(members):
            comma = "," if (i < len(members) - 1 or kids) else ""
            self.lines.append('%s  "%s": %s%s' % (indent, k, v, comma))
        if kids:
            self.lines.append('%s  "%s": [' % (indent, body_key))
            for i, kid in enumerate(kids):
                self.obj(kid, depth + 2, kid.tag != "screen")
                if i < len(kids) - 1:
                    self.lines[-1] += ","
            self.lines.append(indent + "  ]")
        self.lines.append(indent + "}")


def all_nodes(node):
    yield node
    for c in node.children:
        yield from all_nodes(c)


def resolve(name, root, comments, has_json):
    expect = os.path.join(CASES, name + ".expect")
    out = []
    for raw in open(expect, encoding="utf-8"):
        line = raw.split(" #")[0].strip() if not raw.lstrip().startswith("#") else ""
        if not line or line == "xml-only" or line.startswith("eol="):
            continue
        fields = line.split()
        rule, severity, target = fields[0], fields[1], fields[2]
        opts = dict(f.split("=", 1) for f in fields[3:] if "=" in f and not f.startswith(("contains=", "excludes=")))
        contains = [f for f in fields[3:] if f.startswith(("contains=", "excludes="))]
        flags = {f for f in fields[3:] if "=" not in f}
        if "xml" in opts or root is None:  # fully explicit
            out.append((rule, severity, target, opts.get("xml"), opts.get("json"), contains))
            continue
        index = 1
        m = re.match(r"^(.*)#(\d+)$", target)
        if m:
            target, index = m.group(1), int(m.group(2))
        if target == "comment":
            pos, holder = comments[index - 1]
            node_path = holder.path if holder is not None else "app"
            xml_pos, json_pos = pos, None
        else:
            found = [n for n in all_nodes(root) if n.path == target]
            if len(found) < index:
                sys.exit("%s: no element %s#%d" % (name, target, index))
            node = found[index - 1]
            node_path, xml_pos, json_pos = node.path, node.pos, node.json_pos
            if "attr" in opts and opts["attr"] not in [n for n, _ in node.attrs]:
                # A finding about one XML attribute still points at the element's start tag; the
                # case must name an attribute the element has.
                sys.exit("%s: no attribute %s on %s" % (name, opts["attr"], target))
        node_path = opts.get("path", node_path)
        xs = "%d:%d" % xml_pos
        js = opts.get("json") or ("%d:%d" % json_pos if json_pos else None)
        if "xml-only" in flags or not has_json:
            js = None
        if "json-only" in flags:
            xs = None
        out.append((rule, severity, node_path, xs, js, contains))
    with open(os.path.join(CASES, name + ".expected"), "w", encoding="utf-8") as f:
        f.write("# generated by twin.py from %s.expect: rule severity path xml=line:col json=line:col\n" % name)
        for rule, severity, path, xs, js, contains in sorted(out, key=lambda t: (t[2], t[0], t[3] or "", t[4] or "")):
            parts = [rule, severity, path]
            if xs:
                parts.append("xml=" + xs)
            if js:
                parts.append("json=" + js)
            parts.extend(contains)
            f.write(" ".join(parts) + "\n")


def main(names):
    if not names:
        names = sorted({os.path.splitext(f)[0] for f in os.listdir(CASES) if f.endswith(".expect")})
    for name in names:
        xml_path = os.path.join(CASES, name + ".xml")
        expect_text = open(os.path.join(CASES, name + ".expect"), encoding="utf-8").read()
        xml_only = re.search(r"^xml-only\s*$", expect_text, re.M) is not None
        if not os.path.exists(xml_path):
            resolve(name, None, [], True)
            continue
        try:
            root, comments, file_disable = read_xml(xml_path)
        except UnicodeDecodeError:
            # Not UTF-8 (a case about encodings): its .expect lists every position by hand.
            if not xml_only:
                sys.exit("%s: a case that is not UTF-8 must be xml-only" % name)
            resolve(name, None, [], False)
            continue
        if not xml_only:
            w = Writer()
            w.obj(root, 0, False, file_disable)
            eol = {"cr": "\r", "crlf": "\r\n"}.get((re.search(r"^eol=(\w+)", expect_text, re.M) or [None, "lf"])[1], "\n")
            with open(os.path.join(CASES, name + ".json"), "w", encoding="utf-8", newline="") as f:
                f.write(eol.join(w.lines) + eol)
        resolve(name, root, comments, not xml_only)


if __name__ == "__main__":
    main(sys.argv[1:])
