#!/usr/bin/env python3
"""Writes a made-up but app-shaped focusaudit description, for looking at the HTML report's maps.

usage: Tests/clients/generate_app.py --screens N [--seed S] OUTPUT.xml

Unlike Benchmarks/generate.py (a ring of identical screens, for timing), this one is shaped like an
app: a few entry points (tabs), each a tree of list and detail screens three or four levels deep,
with some links back to earlier screens (cycles), sheets to other branches, a few links to screens
that do not exist, Korean and English titles, and some screens that do not restore VoiceOver focus
or links without a focus binding (so some journeys lose focus). The same N and seed give the same
file.
"""
import argparse
import random
from xml.sax.saxutils import quoteattr

WORDS = ["친구", "채팅", "프로필", "설정", "알림", "검색", "사진", "Orders", "Order details", "Payment",
         "Wallet", "Settings", "Account", "Privacy", "Help", "Feed", "Story", "Comments", "Map", "Library"]


def generate(n, seed):
    rnd = random.Random(seed)
    roots = max(1, min(5, n // 10))
    depth = [0] * n
    children = [[] for _ in range(n)]
    for i in range(roots, n):
        # A parent among the earlier screens that are not too deep and not too full, recent ones first.
        candidates = [p for p in range(i) if depth[p] < 4 and len(children[p]) < 4]
        parent = rnd.choice(candidates[-8:]) if candidates else 0
        children[parent].append(i)
        depth[i] = depth[parent] + 1
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           f'<app name="Generated {n}" transition="0.35">\n']
    for i in range(n):
        restores = rnd.random() < 0.75
        title = f"{WORDS[i % len(WORDS)]} {i}"
        attrs = f'id="s{i}" title={quoteattr(title)}'
        if i < roots:
            attrs += ' root="true"'
        if restores:
            attrs += ' restore-focus="on-appear" restore-delay="0.6" capture="binding"'
        out.append(f"  <screen {attrs}>\n    <List>\n")
        links = [("destination", c) for c in children[i]]
        if i > 3 and rnd.random() < 0.2:
            links.append(("destination", rnd.randrange(0, i)))  # back to an earlier screen
        if rnd.random() < 0.12 and i + 1 < n:
            links.append(("sheet", rnd.randrange(i + 1, n)))
        for k, (kind, target) in enumerate(links):
            focus = "" if restores and rnd.random() < 0.12 else f' focus="l{k}"'
            out.append(f'      <NavigationLink id="l{k}" {kind}="s{target}"{focus}><Text>'
                       f'{WORDS[target % len(WORDS)]} {target}</Text></NavigationLink>\n')
        if rnd.random() < 0.04:
            out.append(f'      <Button id="old" push="legacy-{i}" label="Legacy {i}"/>\n')
        out.append("    </List>\n  </screen>\n")
    out.append("</app>\n")
    return "".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screens", type=int, required=True)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("output")
    args = parser.parse_args()
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.write(generate(args.screens, args.seed))


if __name__ == "__main__":
    main()
