#!/usr/bin/env python3
"""Generate one shape of input that the benchmark family (Benchmarks/shapes.py) does not cover: ordinary
descriptions of other proportions, used to check that focusaudit's cost stays close to libxml2's on
inputs it was not tuned on. They are not part of `Benchmarks/run.sh`'s family table.

usage: Benchmarks/outside_shapes.py SHAPE [--size-mb 1] [--seed 1] OUTPUT

Shapes (the same seed and size give the same bytes):
  longtext     texts and labels of kilobytes each: Korean, emoji with modifiers and joiners, English;
  attributes   elements with many attributes: long ids, hints, values, traits, and an unknown
               attribute on every element (invalid_description, with a suggestion);
  modal        many sheets, full-screen covers, dismiss and pop-to-root controls per screen;
  wide         2,000 controls per screen, one level below the screen;
  markup       comments (long ones and suppression comments), CDATA sections, character and entity
               references (&amp; &#xAC00; &#128512;) in texts and attributes;
  duplicates   every screen has repeated ids and focus values and bad attribute values
               (duplicate_focus_id, invalid_description);
  chain        tiny screens linked in one long chain, written in the reverse of the reading order,
               with the root at the end: reachability runs the whole file;
  findings     every element a finding: unlabeled controls, images without labels, unbound focus
               targets, redundant role words;
  oneline      the findings shape on one line (minified), XML or JSON;
  storyboard-rich
               an Interface Builder storyboard with table view cells, many segues of every kind,
               runtime attributes, stack views and accessibility configurations;
  deep-json    JSON views nested 40-80 deep with long strings;
  escapes-json JSON whose strings are written with \\u escapes (Korean, surrogate pairs for emoji,
               escaped quotes and slashes).

The expected findings are printed on stderr as JSON: {"shape", "bytes", "screens", "rules"}; "rules" is
null where the generator does not count them (the shape is for cost, not for correctness).
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shapes import V, Writer, esc, screens_for, xml_view  # noqa: E402

KOREAN = "가나다라마바사아자차카타파하 친구와의 대화 목록을 불러오는 중입니다 잠시만 기다려 주세요 "
EMOJI = "😀 👍🏽 👨‍👩‍👧‍👦 🇰🇷 ❤️ "
ENGLISH = "The quick brown fox jumps over the lazy dog while the button waits. "


def long_text(rng, size):
    parts = []
    while sum(len(p) for p in parts) < size:
        parts.append(rng.choice([KOREAN, KOREAN, EMOJI, ENGLISH]))
    return "".join(parts)[:size]


def longtext(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 34400)
    w = Writer(path, fmt, "LongText")
    for i in range(n):
        body = []
        for k in range(4):
            body.append(V("Text", text=long_text(rng, rng.randint(1000, 3000))))
            body.append(V("Button", id=f"b{k}", push=f"t{(i + k + 1) % n}", focus=f"b{k}",
                          label=long_text(rng, rng.randint(200, 800)), hint=long_text(rng, 300)))
        body.append(V("NavigationLink", [V("Text", text=long_text(rng, 1500))], id="more",
                      destination=f"t{(i + 1) % n}", focus="more"))
        # A label that starts with the text shown, and one that does not hold it (label_not_in_name).
        shown = long_text(rng, 800)
        body.append(V("Button", [V("Text", text=shown)], id="same", label=shown + " 더 보기", sheet=f"t{i}"))
        body.append(V("Button", [V("Text", text=shown)], id="other", label=long_text(rng, 1200), sheet=f"t{i}"))
        w.screen({"id": f"t{i}", "title": long_text(rng, 200), "restore-focus": "on-appear", "restore-delay": "0.6",
                  "capture": "binding"}, [V("ScrollView", [V("VStack", body)])])
    w.close()
    return n, None


def attributes(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 6950)
    w = Writer(path, fmt, "Attributes")
    unknown = 0
    for i in range(n):
        rows = []
        for k in range(12):
            long_id = f"com.example.app.feature{i % 97}.section{k}.row-identifier-{i}-{k}-" + "x" * 40
            attrs = dict(id=long_id, destination=f"a{(i + k + 1) % n}", focus=long_id,
                         label=f"항목 {i}-{k}", hint=f"항목 {k}을 열어 자세한 내용을 봅니다",
                         value=f"{k * 7}개 중 {k}번째", traits="button selected summaryElement",
                         capture="binding")
            attrs["accesibility-identifer"] = long_id  # an unknown attribute, misspelt
            unknown += 1
            rows.append(V("NavigationLink", [V("Text", text=f"행 {k}")], **attrs))
        w.screen({"id": f"a{i}", "title": f"속성 {i}", "restore-focus": "on-appear", "restore-delay": "0.6",
                  "capture": "binding"}, [V("List", rows)])
    w.close()
    return n, None


def modal(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 1110)
    w = Writer(path, fmt, "Modal")
    for i in range(n):
        body = []
        for k in range(6):
            kind = ["sheet", "full_screen_cover"][k % 2]
            body.append(V("Button", [V("Label", text=f"열기 {k}", system_name="square.and.arrow.up")], id=f"m{k}",
                          focus=f"m{k}", **{kind: f"m{rng.randrange(n)}"}))
        body.append(V("Button", id="close", label="닫기", dismiss="true"))
        body.append(V("Button", id="home", label="처음으로", pop_to_root="true"))
        body.append(V("NavigationLink", [V("Text", text="다음")], id="next", destination=f"m{(i + 1) % n}",
                      focus="next"))
        screen = {"id": f"m{i}", "title": f"모달 {i}", "restore-focus": "on-appear", "restore-delay": "0.6",
                  "capture": "binding"}
        if i == 0:
            screen["root"] = "true"
        w.screen(screen, [V("VStack", body)])
    w.close()
    return n, None


def wide(path, fmt, size_mb, rng):
    per = 2000
    n = screens_for(size_mb, 54 * per)
    w = Writer(path, fmt, "Wide")
    for i in range(n):
        rows = []
        for k in range(per):
            r = k % 4
            if r == 0:
                rows.append(V("Button", id=f"b{k}", push=f"w{rng.randrange(n)}", focus=f"b{k}", label=f"버튼 아님 {k}"))
            elif r == 1:
                rows.append(V("Text", text=f"설명 {i}-{k}"))
            elif r == 2:
                rows.append(V("Toggle", [V("Text", text=f"설정 {k}")], id=f"t{k}"))
            else:
                rows.append(V("Image", asset=f"icon_{k % 30}", label=f"아이콘 {k}"))
        w.screen({"id": f"w{i}", "title": f"넓은 화면 {i}", "restore-focus": "on-appear", "restore-delay": "0.6",
                  "capture": "binding"}, [V("List", rows)])
    w.close()
    return n, None


def markup(path, fmt, size_mb, rng):
    """XML only: comments, CDATA and references are XML's."""
    n = screens_for(size_mb, 1870)
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<!-- focusaudit:disable-file symbol_only_label -->\n'
                  '<app name="Markup &amp; Co" transition="0.35">\n')
        for i in range(n):
            s = [f'  <!-- screen {i}: {"주석 " * 20} -->\n',
                 f'  <screen id="x{i}" title="화면 &#xAC00;&#xB098; {i} &amp; &lt;more&gt;" restore-focus="on-appear" '
                 f'restore-delay="0.6" capture="binding">\n    <VStack>\n']
            for k in range(4):
                s.append(f'      <!-- row {k} of {i}, written by the design tool (not a suppression) -->\n')
                s.append(f'      <Text><![CDATA[본문 {i}-{k} <b>굵게</b> & "인용" ]]>그리고 &#xAC00;&#128512; &amp; 끝</Text>\n')
                s.append(f'      <!-- focusaudit:disable redundant_trait_in_label -->\n'
                         f'      <Button id="b{k}" push="x{(i + k + 1) % n}" focus="b{k}" '
                         f'label="보내기 버튼 &#x1F600; &quot;{k}&quot;"/>\n')
            s.append('      <!-- focusaudit:disable image_missing_label, unlabeled_control -->\n'
                     '      <!-- a second comment between the suppression and its element -->\n'
                     f'      <Image asset="photo_{i % 9}"/>\n')
            s.append('    </VStack>\n  </screen>\n')
            out.write("".join(s))
        out.write("</app>\n")
    return n, None


def duplicates(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 975)
    w = Writer(path, fmt, "Duplicates")
    for i in range(n):
        body = []
        for k in range(10):
            body.append(V("Button", id=f"same{k % 3}", push=f"d{(i + k + 1) % n}", focus=f"f{k % 2}",
                          label=f"버튼 이름 {k}"))
        body.append(V("Image", asset="x", decorative="maybe", label="그림"))
        body.append(V("Button", id="bad", label="나쁜 값", capture="sometimes", push=f"d{i}"))
        w.screen({"id": f"d{i}", "title": f"중복 {i}", "restore-focus": "on-appear", "restore-delay": "soon",
                  "capture": "binding"}, [V("VStack", body)])
    w.close()
    return n, None


def chain(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 87)
    w = Writer(path, fmt, "Chain")
    for i in range(n):
        screen = {"id": f"c{i}"}
        if i == n - 1:
            screen["root"] = "true"
        body = [V("Button", id="back", push=f"c{i - 1}" if i else f"c{n - 1}", label=f"이전 {i}")]
        w.screen(screen, body)
    w.close()
    return n, None


def findings(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 728)
    w = Writer(path, fmt, "Findings")
    for i in range(n):
        body = [V("Button", [V("Image", asset="a")], id="u1", push=f"f{(i + 1) % n}"),
                V("Image", asset="banner"),
                V("Button", id="u2", label="전송 버튼", push=f"f{(i + 2) % n}"),
                V("NavigationLink", [V("Image", system_name="gear")], id="u3", destination=f"f{(i + 3) % n}"),
                V("HStack", [V("Text", text="탭")], on_tap="true"),
                V("Image", asset="photo", label="사진 이미지"),
                V("Button", [V("Toggle", [V("Text", text="안쪽")])], id="u4", label="바깥", sheet="nowhere"),
                V("Button", id="u5", label="같은 이름", push=f"f{(i + 4) % n}"),
                V("Button", id="u6", label="같은 이름", push=f"f{(i + 5) % n}")]
        w.screen({"id": f"f{i}", "title": f"문제 {i}", "restore-focus": "on-appear", "restore-delay": "0.1",
                  "capture": "gesture"}, [V("VStack", body)])
    w.close()
    return n, None


def storyboard_rich(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 26500)
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                  '<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" '
                  'toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" '
                  'useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" '
                  'initialViewController="tvc-0">\n'
                  '    <device id="retina6_12" orientation="portrait" appearance="light"/>\n'
                  '    <dependencies>\n'
                  '        <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>\n'
                  '    </dependencies>\n    <scenes>\n')
        kinds = ["show", "presentation", "popoverPresentation", "showDetail", "unwind"]
        for i in range(n):
            s = [f'        <!--목록 {i}-->\n        <scene sceneID="scn-{i}">\n            <objects>\n'
                 f'                <tableViewController id="tvc-{i}" customClass="List{i}Controller" '
                 f'customModule="App" sceneMemberID="viewController">\n'
                 f'                    <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" '
                 f'alwaysBounceVertical="YES" dataMode="prototypes" style="insetGrouped" rowHeight="-1" '
                 f'estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="tv-{i}">\n'
                 f'                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>\n'
                 f'                        <prototypes>\n']
            for k in range(6):
                cid = f"cell-{i}-{k}"
                s.append(f'                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" '
                         f'preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" '
                         f'indentationWidth="10" reuseIdentifier="Row{k}" textLabel="tl-{cid}" id="{cid}">\n'
                         f'                                <rect key="frame" x="20" y="{55 + 44 * k}" width="353" height="44"/>\n'
                         f'                                <autoresizingMask key="autoresizingMask"/>\n'
                         f'                                <tableViewCellContentView key="contentView" opaque="NO" '
                         f'clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" '
                         f'preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="{cid}" id="cv-{cid}">\n'
                         f'                                    <rect key="frame" x="0.0" y="0.0" width="326" height="44"/>\n'
                         f'                                    <autoresizingMask key="autoresizingMask"/>\n'
                         f'                                    <subviews>\n'
                         f'                                        <stackView opaque="NO" contentMode="scaleToFill" spacing="8" '
                         f'translatesAutoresizingMaskIntoConstraints="NO" id="sv-{cid}">\n'
                         f'                                            <subviews>\n'
                         f'                                                <label opaque="NO" multipleTouchEnabled="YES" '
                         f'contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="행 {i}-{k}" '
                         f'textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" '
                         f'adjustsFontSizeToFit="NO" id="tl-{cid}">\n'
                         f'                                                    <rect key="frame" x="0" y="0" width="300" height="44"/>\n'
                         f'                                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>\n'
                         f'                                                    <nil key="textColor"/>\n'
                         f'                                                </label>\n'
                         f'                                                <button opaque="NO" contentMode="scaleToFill" '
                         f'buttonType="system" id="btn-{cid}">\n'
                         f'                                                    <rect key="frame" x="300" y="0" width="26" height="44"/>\n'
                         f'                                                    <state key="normal" image="info.circle"/>\n'
                         f'                                                    <userDefinedRuntimeAttributes>\n'
                         f'                                                        <userDefinedRuntimeAttribute type="string" keyPath="accessibilityLabel" value="정보 {k}"/>\n'
                         f'                                                        <userDefinedRuntimeAttribute type="boolean" keyPath="layer.masksToBounds" value="YES"/>\n'
                         f'                                                        <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">\n'
                         f'                                                            <integer key="value" value="8"/>\n'
                         f'                                                        </userDefinedRuntimeAttribute>\n'
                         f'                                                    </userDefinedRuntimeAttributes>\n'
                         f'                                                    <connections>\n'
                         f'                                                        <segue destination="tvc-{rng.randrange(n)}" kind="popoverPresentation" '
                         f'popoverAnchorView="btn-{cid}" id="pseg-{cid}">\n'
                         f'                                                            <popoverArrowDirection key="popoverArrowDirection" up="YES" down="YES"/>\n'
                         f'                                                        </segue>\n'
                         f'                                                    </connections>\n'
                         f'                                                </button>\n'
                         f'                                            </subviews>\n'
                         f'                                        </stackView>\n'
                         f'                                    </subviews>\n'
                         f'                                </tableViewCellContentView>\n'
                         f'                                <accessibility key="accessibilityConfiguration" hint="{k}번째 행을 엽니다">\n'
                         f'                                    <accessibilityTraits key="traits" button="YES"/>\n'
                         f'                                </accessibility>\n'
                         f'                                <connections>\n')
                kind = kinds[k % len(kinds)]
                if kind == "unwind":
                    s.append(f'                                    <segue destination="ex-{i}" kind="unwind" '
                             f'unwindAction="unwindToRootWithSegue:" id="useg-{cid}"/>\n')
                else:
                    s.append(f'                                    <segue destination="tvc-{(i + k + 1) % n}" kind="{kind}" '
                             f'id="seg-{cid}"/>\n')
                s.append('                                </connections>\n'
                         '                            </tableViewCell>\n')
            s.append('                        </prototypes>\n'
                     f'                        <connections>\n'
                     f'                            <outlet property="dataSource" destination="tvc-{i}" id="ds-{i}"/>\n'
                     f'                            <outlet property="delegate" destination="tvc-{i}" id="dl-{i}"/>\n'
                     f'                        </connections>\n'
                     '                    </tableView>\n'
                     f'                    <navigationItem key="navigationItem" title="목록 {i}" id="nav-{i}"/>\n'
                     '                </tableViewController>\n'
                     f'                <placeholder placeholderIdentifier="IBFirstResponder" id="fr-{i}" '
                     f'sceneMemberID="firstResponder"/>\n'
                     f'                <exit id="ex-{i}" userLabel="Exit" sceneMemberID="exit"/>\n'
                     '            </objects>\n'
                     f'            <point key="canvasLocation" x="{(i % 20) * 900}" y="{(i // 20) * 900}"/>\n'
                     '        </scene>\n')
            out.write("".join(s))
        out.write('    </scenes>\n</document>\n')
    return n, None


def deep_json(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 27400)
    w = Writer(path, "json", "DeepJSON")
    for i in range(n):
        depth = rng.randint(40, 80)
        view = V("VStack", [V("Button", id="go", push=f"j{(i + 1) % n}", focus="go", label=long_text(rng, 300)),
                            V("Text", text=long_text(rng, 1200))])
        for level in range(depth):
            view = V(["VStack", "HStack", "Group", "ZStack"][level % 4], [view])
        w.screen({"id": f"j{i}", "title": f"깊은 화면 {i}", "restore-focus": "on-appear", "restore-delay": "0.6",
                  "capture": "binding"}, [view])
    w.close()
    return n, None


def escapes_json(path, fmt, size_mb, rng):
    n = screens_for(size_mb, 10300)
    w = Writer(path, "json", "EscapesJSON")
    # ensure_ascii writes every non-ASCII character as \\uXXXX (emoji as surrogate pairs); the Writer's
    # own screens are written with ensure_ascii=False, so the screens are written here instead.
    first = True
    for i in range(n):
        rows = []
        for k in range(8):
            rows.append({"view": "NavigationLink", "id": f"l{k}", "destination": f"e{(i + k + 1) % n}",
                         "focus": f"l{k}", "hint": 'say "hi" \\ / ' + long_text(rng, 60),
                         "body": [{"view": "Text", "text": long_text(rng, 200) + "\n\t\"끝\""}]})
        screen = {"id": f"e{i}", "title": f"이스케이프 {i} 😀", "restoreFocus": "on-appear", "restoreDelay": 0.6,
                  "capture": "binding", "body": [{"view": "List", "body": rows}]}
        w.out.write(("" if first else ",\n") + json.dumps(screen, ensure_ascii=True, indent=1))
        first = False
    w.first = first
    w.close()
    return n, None


def oneline(path, fmt, size_mb, rng):
    """The findings shape minified: the whole description on one line (columns run to millions)."""
    n, rules = findings(path + ".tmp", fmt, size_mb, rng)
    with open(path + ".tmp", encoding="utf-8") as f, open(path, "w", encoding="utf-8") as out:
        if fmt == "xml":
            out.write(f.readline().rstrip("\n"))  # the XML declaration
        out.write("".join(line.strip() for line in f))
    os.remove(path + ".tmp")
    return n, rules


SHAPES = {"oneline": oneline, "longtext": longtext, "attributes": attributes, "modal": modal, "wide": wide, "markup": markup,
          "duplicates": duplicates, "chain": chain, "findings": findings, "storyboard-rich": storyboard_rich,
          "deep-json": deep_json, "escapes-json": escapes_json}
XML_ONLY = {"markup", "storyboard-rich"}


def extension(shape):
    if shape.endswith("-json"):
        return "json"
    return "storyboard" if shape.startswith("storyboard") else "xml"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("shape", choices=sorted(SHAPES) + sorted(f"{s}-json" for s in SHAPES
                                                                 if s not in XML_ONLY and not s.endswith("-json")))
    parser.add_argument("--size-mb", type=float, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("output")
    args = parser.parse_args()
    if args.shape in SHAPES:
        name, fmt = args.shape, "json" if args.shape.endswith("-json") else "xml"
    else:
        name, fmt = args.shape[:-5], "json"
    rng = random.Random(f"{args.seed}:{name}")
    screens, rules = SHAPES[name](args.output, fmt, args.size_mb, rng)
    json.dump({"shape": args.shape, "bytes": os.path.getsize(args.output), "screens": screens, "rules": rules},
              sys.stderr, ensure_ascii=False)
    sys.stderr.write("\n")


if __name__ == "__main__":
    main()
