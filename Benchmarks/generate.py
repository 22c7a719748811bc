#!/usr/bin/env python3
"""Generate a large, valid focusaudit description with a known number of findings.

usage: Benchmarks/generate.py --screens N --links K [--format xml|json] [--size-mb M] OUTPUT

With --size-mb, N is chosen so the file is about M megabytes. Every screen restores focus
correctly and links to the next screens (a cycle, so every screen is reachable). Every other screen
(the odd ones) has exactly three problems: one link without a focus binding (unbound_focus_target),
one unlabeled image (image_missing_label) and one label that repeats its role
(redundant_trait_in_label). The expected counts are printed as JSON on stderr.
"""
import argparse
import json
import sys


def screen_xml(i, n, links):
    broken = i % 2 == 1
    out = [f'  <screen id="s{i}" title="Screen {i}" restore-focus="on-appear" restore-delay="0.6" capture="binding">\n',
           '    <List>\n']
    for k in range(links):
        target = (i + k + 1) % n
        focus = "" if broken and k == 0 else f' focus="l{k}"'
        out.append(f'      <NavigationLink id="l{k}" destination="s{target}"{focus}>\n'
                   f'        <Image asset="avatar_{k}" decorative="true"/>\n'
                   f'        <Text>친구 {i}-{k}</Text>\n'
                   f'      </NavigationLink>\n')
    out.append('    </List>\n')
    out.append('    <Image asset="banner"/>\n' if broken else '    <Image asset="banner" label="배너"/>\n')
    out.append('    <Button id="send" label="전송 버튼"/>\n' if broken else '    <Button id="send" label="전송"/>\n')
    out.append('  </screen>\n')
    return "".join(out)


def screen_json(i, n, links):
    broken = i % 2 == 1
    rows = []
    for k in range(links):
        row = {"view": "NavigationLink", "id": f"l{k}", "destination": f"s{(i + k + 1) % n}"}
        if not (broken and k == 0):
            row["focus"] = f"l{k}"
        row["body"] = [{"view": "Image", "asset": f"avatar_{k}", "decorative": True},
                       {"view": "Text", "text": f"친구 {i}-{k}"}]
        rows.append(row)
    banner = {"view": "Image", "asset": "banner"}
    if not broken:
        banner["label"] = "배너"
    send = {"view": "Button", "id": "send", "label": "전송 버튼" if broken else "전송"}
    return {"id": f"s{i}", "title": f"Screen {i}", "restoreFocus": "on-appear", "restoreDelay": 0.6,
            "capture": "binding", "body": [{"view": "List", "body": rows}, banner, send]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screens", type=int, default=1000)
    parser.add_argument("--links", type=int, default=5)
    parser.add_argument("--format", choices=["xml", "json"], default="xml")
    parser.add_argument("--size-mb", type=float)
    parser.add_argument("output")
    args = parser.parse_args()
    n = args.screens
    if args.size_mb:
        sample = len((screen_xml(1, 2, args.links) if args.format == "xml"
                      else json.dumps(screen_json(1, 2, args.links), ensure_ascii=False, indent=1)).encode())
        n = max(2, int(args.size_mb * 1_000_000 / sample))
    with open(args.output, "w", encoding="utf-8") as out:
        if args.format == "xml":
            out.write('<?xml version="1.0" encoding="UTF-8"?>\n<app name="Benchmark" transition="0.35">\n')
            for i in range(n):
                out.write(screen_xml(i, n, args.links))
            out.write("</app>\n")
        else:
            out.write('{"name": "Benchmark", "transition": 0.35, "screens": [\n')
            for i in range(n):
                out.write(json.dumps(screen_json(i, n, args.links), ensure_ascii=False, indent=1))
                out.write(",\n" if i + 1 < n else "\n")
            out.write("]}\n")
    broken = n // 2
    json.dump({"screens": n, "links": n * args.links, "unbound_focus_target": broken,
               "image_missing_label": broken, "redundant_trait_in_label": broken, "findings": 3 * broken},
              sys.stderr)
    sys.stderr.write("\n")


if __name__ == "__main__":
    main()
