#!/usr/bin/env python3
"""Generate one shape of the benchmark family: a description of about --size-mb megabytes whose
findings are known from the way it is built.

usage: Benchmarks/shapes.py SHAPE [--size-mb 50] [--seed 1] OUTPUT

Shapes (the same seed and size give the same bytes):
  today      the shape of Benchmarks/generate.py: screens of 5 links to the next screens, every
             other screen with three problems;
  graph      17,000 screens (at 50 MB) of 25 NavigationLinks each to random screens anywhere in the
             app (long back edges), Korean titles and texts, every seventh link an unlabeled image
             (unlabeled_control), every tenth screen restoring focus too early
             (missing_restoration_delay);
  deep       screens of 60 to 120 nested stacks, one link each, every third screen with an
             unlabeled image at the bottom (image_missing_label);
  tiny       300,000 screens (at 50 MB) of one or two elements, every eleventh button unnamed
             (unlabeled_control);
  labels     controls named through their children, combine and ignore groups, role words in
             English and Korean that are not the element's own role; every 25th screen has a button
             whose label repeats its role (redundant_trait_in_label);
  storyboard an Interface Builder storyboard: scenes of view controllers with many non-control
             objects (views, labels, image views, constraints, layout guides, colours, fonts) and
             show segues; every fifth scene has a button with only a custom image (unlabeled_control);
             each scene's titled segue button has no font in the file, which is Interface Builder's
             default, a fixed System 15 (fixed_font_size);
  graph-json, labels-json
             the JSON twins of graph and labels: the same model, so the same findings.

The expected findings are printed on stderr as JSON: {"shape", "bytes", "screens", "rules": {rule:
count}}, where "rules" is what `focusaudit check --format json` must report in summary.rules.
"""
import argparse
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (today's shape)


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


# A view tree as plain data, written as XML or JSON: (type, attributes, children, text).
def xml_view(view, depth, out):
    kind, attrs, children, text = view
    pad = " " * depth
    attr = "".join(f' {k}="{esc(str(v))}"' for k, v in attrs.items())
    if text is not None:
        out.append(f"{pad}<{kind}{attr}>{esc(text)}</{kind}>\n")
    elif children:
        out.append(f"{pad}<{kind}{attr}>\n")
        for child in children:
            xml_view(child, depth + 1, out)
        out.append(f"{pad}</{kind}>\n")
    else:
        out.append(f"{pad}<{kind}{attr}/>\n")


CAMEL = {"restore-focus": "restoreFocus", "restore-delay": "restoreDelay", "full-screen-cover": "fullScreenCover",
         "on-tap": "onTap", "system-name": "systemName", "pop-to-root": "popToRoot"}


DECIMAL = re.compile(r"^[0-9]+(\.[0-9]+)?$")


def json_value(key, value):
    # As Scripts/xml-to-json.py writes a twin: a value that is not a boolean or a number of the
    # format (decorative="maybe", restore-delay="soon") stays the same string, so the twin has the
    # same bad value as the XML (invalid_description in both).
    if key in ("decorative", "hidden", "root", "on-tap", "dismiss", "pop-to-root") and value in ("true", "false"):
        return value == "true"
    if key in ("restore-delay",) and DECIMAL.match(value):
        return float(value)
    return value


def json_view(view):
    kind, attrs, children, text = view
    obj = {"view": kind}
    for k, v in attrs.items():
        obj[CAMEL.get(k, k)] = json_value(k, v)
    if text is not None:
        obj["text"] = text
    if children:
        obj["body"] = [json_view(c) for c in children]
    return obj


def V(kind, kids=None, text=None, **attrs):
    return (kind, {k.replace("_", "-"): v for k, v in attrs.items()}, kids or [], text)


class Writer:
    """Writes screens (attributes, body views) as XML or JSON, one at a time."""

    def __init__(self, path, fmt, app):
        self.out = open(path, "w", encoding="utf-8")
        self.fmt = fmt
        self.first = True
        if fmt == "xml":
            self.out.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<app name="{app}" transition="0.35">\n')
        else:
            self.out.write(f'{{"name": "{app}", "transition": 0.35, "screens": [\n')

    def screen(self, attrs, body):
        if self.fmt == "xml":
            parts = [" <screen" + "".join(f' {k}="{esc(str(v))}"' for k, v in attrs.items()) + ">\n"]
            for view in body:
                xml_view(view, 2, parts)
            parts.append(" </screen>\n")
            self.out.write("".join(parts))
        else:
            obj = {CAMEL.get(k, k): json_value(k, v) for k, v in attrs.items()}
            obj["body"] = [json_view(v) for v in body]
            self.out.write(("" if self.first else ",\n") + json.dumps(obj, ensure_ascii=False, indent=1))
        self.first = False

    def close(self):
        self.out.write("</app>\n" if self.fmt == "xml" else "\n]}\n")
        self.out.close()


def screens_for(size_mb, sample_bytes):
    return max(2, int(size_mb * 1_000_000 / sample_bytes))


# ---- graph: random links anywhere, Korean text, every seventh link an unlabeled image ----------

def graph(path, fmt, size_mb, rng):
    links = 25
    n = screens_for(size_mb, 3330)
    w = Writer(path, fmt, "그래프")
    unlabeled = early = 0
    counter = 0
    for i in range(n):
        rows = []
        for k in range(links):
            target = (i + 1) % n if k == 0 else rng.randrange(n)
            counter += 1
            if counter % 7 == 0:
                unlabeled += 1
                rows.append(V("NavigationLink", [V("Image", asset=f"photo_{k}")], id=f"l{k}", destination=f"s{target}",
                              focus=f"l{k}"))
            else:
                rows.append(V("NavigationLink", [V("Text", text=f"친구 {i}-{k} 님과의 대화")],
                              id=f"l{k}", destination=f"s{target}", focus=f"l{k}"))
        delay = "0.6"
        if i % 10 == 9:
            delay = "0.2"
            early += 1
        w.screen({"id": f"s{i}", "title": f"대화 목록 {i}", "restore-focus": "on-appear", "restore-delay": delay,
                  "capture": "binding"}, [V("List", rows)])
    w.close()
    return n, {"unlabeled_control": unlabeled, "missing_restoration_delay": early}


# ---- deep: 60-120 nested stacks per screen, one link ------------------------------------------

STACKS = ["VStack", "HStack", "ZStack", "Group", "ScrollView", "LazyVStack"]


def deep(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 11000)
    w = Writer(path, fmt, "Deep")
    images = 0
    for i in range(n):
        depth = rng.randint(60, 120)
        inner = [V("Button", id="next", push=f"d{(i + 1) % n}", label=f"다음 {i}", focus="next"),
                 V("Text", text=f"깊이 {depth}의 내용")]
        if i % 3 == 0:
            inner.append(V("Image", asset=f"deep_{i}"))
            images += 1
        view = V(STACKS[depth % len(STACKS)], inner)
        for level in range(depth - 1, 0, -1):
            siblings = [view]
            if level % 20 == 0:
                siblings.append(V("Image", asset="divider", decorative="true"))
            view = V(STACKS[level % len(STACKS)], siblings)
        w.screen({"id": f"d{i}", "title": f"Deep {i}", "restore-focus": "on-appear", "restore-delay": "0.5",
                  "capture": "path"}, [view])
    w.close()
    return n, {"image_missing_label": images}


# ---- tiny: 300,000 screens of one or two elements ---------------------------------------------

def tiny(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 166)
    w = Writer(path, fmt, "Tiny")
    unnamed = titled = 0
    for i in range(n):
        attrs = {"id": "b", "push": f"t{(i + 1) % n}"}
        if i % 11 == 10:
            unnamed += 1
        else:
            attrs["label"] = f"다음 화면 {i}"
        attrs["hint"] = f"{i + 1}번째 화면으로 이동"
        body = [V("Button", **attrs)]
        if i % 2 == 1:
            body.append(V("Text", text=f"설명 {i}: 이 화면의 짧은 안내 문구"))
        # A title is the first thing VoiceOver reads on a screen that does not restore focus: on
        # return, focus lands on it instead of the button (focus_lost_on_return).
        screen = {"id": f"t{i}"}
        if i % 13 == 0:
            screen["title"] = f"작은 화면 {i}"
            titled += 1
        w.screen(screen, body)
    w.close()
    return n, {"unlabeled_control": unnamed, "focus_lost_on_return": titled}


# ---- labels: names from children, combine/ignore groups, role words of other roles -------------

def labels(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 1213)
    w = Writer(path, fmt, "Labels")
    redundant = 0
    for i in range(n):
        nxt, far = (i + 1) % n, rng.randrange(n)
        body = [
            V("NavigationLink", [V("Image", asset="avatar"), V("Text", text=f"김철수 {i}"), V("Text", text="온라인")],
              id="profile", destination=f"p{nxt}", focus="profile", children="combine"),
            V("Button", [V("Text", text=f"Send message {i}")], id="send", push=f"p{far}", focus="send"),
            V("Button", [V("Label", text="사진 보기", system_name="photo")], id="photos", sheet=f"p{far}",
              focus="photos"),
            V("Link", [V("Text", text="Button settings help")], id="help", destination=f"p{nxt}", focus="help"),
            V("HStack", [V("Image", asset="star"), V("Text", text=f"평점 4.{i % 10}")], children="combine"),
            V("VStack", [V("Text", text="Header image"), V("Image", asset=f"cover_{i % 50}")], children="ignore",
              label=f"프로필 요약 {i}"),
            V("Toggle", [V("Text", text="알림 받기 (link previews)")], id="notify"),
            V("HStack", [V("Text", text="Picture switch tab heading"), V("Text", text="링크 이미지 스위치 탭")],
              children="combine"),
            V("Button", [V("Image", asset="gear", decorative="true"), V("Text", text="Buttonwood 설정")], id="settings"),
        ]
        if i % 25 == 24:
            redundant += 1
            body.append(V("Button", id="share", label="Share button"))
        w.screen({"id": f"p{i}", "title": f"프로필 {i}", "restore-focus": "on-appear", "restore-delay": "0.6",
                  "capture": "binding"}, [V("VStack", body)])
    w.close()
    return n, {"redundant_trait_in_label": redundant}


# ---- storyboard: Interface Builder XML ---------------------------------------------------------

def storyboard(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 8800)
    unlabeled = 0
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                  '<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" '
                  'toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" '
                  'useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" '
                  'initialViewController="vc-0">\n'
                  '    <device id="retina6_12" orientation="portrait" appearance="light"/>\n'
                  '    <dependencies>\n'
                  '        <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>\n'
                  '        <capability name="Safe area layout guides" minToolsVersion="9.0"/>\n'
                  '        <capability name="System colors in document resources" minToolsVersion="11.0"/>\n'
                  '    </dependencies>\n    <scenes>\n')
        for i in range(n):
            nxt = (i + 1) % n
            s = []
            s.append(f'        <!--화면 {i}-->\n        <scene sceneID="scn-{i}">\n            <objects>\n')
            s.append(f'                <viewController id="vc-{i}" customClass="Screen{i}ViewController" '
                     f'customModule="App" sceneMemberID="viewController">\n')
            s.append(f'                    <view key="view" contentMode="scaleToFill" id="view-{i}">\n'
                     f'                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>\n'
                     f'                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>\n'
                     f'                        <subviews>\n')
            ids = []
            for k in range(4):
                ids.append(f"lbl-{i}-{k}")
                s.append(f'                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" '
                         f'horizontalHuggingPriority="251" verticalHuggingPriority="251" text="항목 {i}-{k}" '
                         f'textAlignment="natural" lineBreakMode="tailTruncation" numberOfLines="0" '
                         f'baselineAdjustment="alignBaselines" adjustsFontForContentSizeCategory="YES" '
                         f'translatesAutoresizingMaskIntoConstraints="NO" id="lbl-{i}-{k}">\n'
                         f'                                <rect key="frame" x="16" y="{100 + 40 * k}" width="361" height="20.333333333333332"/>\n'
                         f'                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>\n'
                         f'                                <nil key="textColor"/>\n'
                         f'                                <nil key="highlightedColor"/>\n'
                         f'                            </label>\n')
            s.append(f'                            <imageView clipsSubviews="YES" userInteractionEnabled="NO" '
                     f'contentMode="scaleAspectFit" horizontalHuggingPriority="251" verticalHuggingPriority="251" '
                     f'image="hero_{i % 40}" translatesAutoresizingMaskIntoConstraints="NO" id="img-{i}">\n'
                     f'                                <rect key="frame" x="16" y="300" width="361" height="200"/>\n'
                     f'                                <accessibility key="accessibilityConfiguration" label="풍경 {i}"/>\n'
                     f'                            </imageView>\n')
            s.append(f'                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box-{i}">\n'
                     f'                                <rect key="frame" x="16" y="520" width="361" height="1"/>\n'
                     f'                                <color key="backgroundColor" systemColor="separatorColor"/>\n'
                     f'                            </view>\n')
            s.append(f'                            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" '
                     f'contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" '
                     f'translatesAutoresizingMaskIntoConstraints="NO" id="btn-next-{i}">\n'
                     f'                                <rect key="frame" x="16" y="540" width="361" height="44"/>\n'
                     f'                                <state key="normal" title="다음 화면 {i}"/>\n'
                     f'                                <connections>\n'
                     f'                                    <segue destination="vc-{nxt}" kind="show" id="seg-{i}"/>\n'
                     f'                                </connections>\n'
                     f'                            </button>\n')
            if i % 5 == 4:
                unlabeled += 1
                s.append(f'                            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" '
                         f'contentVerticalAlignment="center" buttonType="custom" lineBreakMode="middleTruncation" '
                         f'translatesAutoresizingMaskIntoConstraints="NO" id="btn-img-{i}">\n'
                         f'                                <rect key="frame" x="16" y="600" width="44" height="44"/>\n'
                         f'                                <state key="normal" image="sticker_{i % 9}"/>\n'
                         f'                            </button>\n')
            s.append('                        </subviews>\n'
                     f'                        <viewLayoutGuide key="safeArea" id="safe-{i}"/>\n'
                     '                        <color key="backgroundColor" systemColor="systemBackgroundColor"/>\n'
                     '                        <constraints>\n')
            chain = ids + [f"img-{i}", f"box-{i}", f"btn-next-{i}"]
            for k, a in enumerate(chain):
                s.append(f'                            <constraint firstItem="{a}" firstAttribute="leading" '
                         f'secondItem="safe-{i}" secondAttribute="leading" constant="16" id="c-{i}-l{k}"/>\n')
                s.append(f'                            <constraint firstItem="safe-{i}" firstAttribute="trailing" '
                         f'secondItem="{a}" secondAttribute="trailing" constant="16" id="c-{i}-t{k}"/>\n')
                if k:
                    s.append(f'                            <constraint firstItem="{a}" firstAttribute="top" '
                             f'secondItem="{chain[k - 1]}" secondAttribute="bottom" constant="20" id="c-{i}-v{k}"/>\n')
            s.append('                        </constraints>\n                    </view>\n')
            s.append(f'                    <navigationItem key="navigationItem" title="화면 {i}" id="nav-{i}"/>\n'
                     '                </viewController>\n'
                     f'                <placeholder placeholderIdentifier="IBFirstResponder" id="fr-{i}" '
                     f'userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>\n'
                     '            </objects>\n'
                     f'            <point key="canvasLocation" x="{(i % 20) * 900}" y="{(i // 20) * 900}"/>\n'
                     '        </scene>\n')
            out.write("".join(s))
        out.write('    </scenes>\n    <resources>\n'
                  '        <systemColor name="separatorColor">\n'
                  '            <color red="0.23529411760000001" green="0.23529411760000001" blue="0.26274509800000001" '
                  'alpha="0.28999999999999998" colorSpace="custom" customColorSpace="sRGB"/>\n'
                  '        </systemColor>\n'
                  '        <systemColor name="systemBackgroundColor">\n'
                  '            <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>\n'
                  '        </systemColor>\n'
                  '    </resources>\n</document>\n')
    return n, {"unlabeled_control": unlabeled, "fixed_font_size": n}


def today(path, fmt, size_mb, rng):
    links = 5
    sample = len(generate.screen_xml(1, 2, links).encode())
    n = max(2, int(size_mb * 1_000_000 / sample))
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<app name="Benchmark" transition="0.35">\n')
        for i in range(n):
            out.write(generate.screen_xml(i, n, links))
        out.write("</app>\n")
    broken = n // 2
    return n, {"unbound_focus_target": broken, "image_missing_label": broken, "redundant_trait_in_label": broken}


SHAPES = {"today": today, "graph": graph, "deep": deep, "tiny": tiny, "labels": labels, "storyboard": storyboard}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("shape", choices=sorted(SHAPES) + ["graph-json", "labels-json"])
    parser.add_argument("--size-mb", type=float, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("output")
    args = parser.parse_args()
    name, fmt = (args.shape[:-5], "json") if args.shape.endswith("-json") else (args.shape, "xml")
    rng = random.Random(f"{args.seed}:{name}")
    screens, rules = SHAPES[name](args.output, fmt, args.size_mb, rng)
    json.dump({"shape": args.shape, "bytes": os.path.getsize(args.output), "screens": screens,
               "rules": {k: v for k, v in sorted(rules.items()) if v}}, sys.stderr, ensure_ascii=False)
    sys.stderr.write("\n")


if __name__ == "__main__":
    main()
