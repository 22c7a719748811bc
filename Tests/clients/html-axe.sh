#!/usr/bin/env bash
# Checks focusaudit's HTML report (--report html:PATH) in a real browser:
#   - the page references nothing outside itself: no src/href/action/poster/srcset with http(s):,
#     protocol-relative or file: URLs, no CSS url(…) or @import to such URLs (the SVG namespace
#     declaration, which nothing fetches, is allowed);
#   - it opens in headless Chromium (Debian's chromium + chromium-driver, through selenium), and
#     Chrome's performance log shows no request other than the page itself;
#   - axe-core (axe.min.js, taken at run time from the axe-playwright-python wheel on PyPI, pinned)
#     is injected and run with the tags wcag2a, wcag2aa, wcag21a, wcag21aa and best-practice, with
#     the window 1280, 390 and 320 px wide: any violation fails, and is printed with its id,
#     impact, help and first nodes ("needs review" items are printed too);
#   - at each width: the page does not scroll sideways (document.scrollingElement.scrollWidth <=
#     innerWidth; only a map scrolls, inside its own box), every in-page link (href="#…") has its
#     target, no text of a map is drawn under 11 px, and no word is split over two lines;
#   - served with Jenkins' default Content-Security-Policy header (no script, no inline style),
#     the style sheet is blocked and the map's boxes still have their fill and visible names and
#     its arrows their strokes (computed styles read through the driver);
#   - on the page made from descriptions full of markup, "]]>", control characters, emoji and bidi
#     overrides, that markup shows as text and never becomes elements (no img, script, b, i…), and
#     no bidi embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069) reaches the
#     page text raw, where it would turn the rest of a message around;
#   - with SCREENSHOT_DIR set, full-page PNGs of each page are saved there (LABEL.png at 1280 px,
#     LABEL-390.png at 390 px).
# Pages: all samples in one run, messenger-broken.xml alone, the tricky-labels files, apps of 14,
# 40 and 300 screens (Tests/clients/generate_app.py), the sample storyboard, and a not-well-formed
# file next to a clean one.
# Installs nothing (Tests/clients/install.sh does): needs chromium, /usr/bin/chromedriver, python3
# with selenium, and pip to fetch axe-core.
set -euo pipefail

# shellcheck source=Tests/clients/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

AXE_WHEEL="axe-playwright-python==0.1.8"
AXE_MEMBER=axe_playwright_python/axe.min.js
CHROMEDRIVER=/usr/bin/chromedriver

require_focusaudit
require_command chromium "Debian package chromium"
[[ -x "$CHROMEDRIVER" ]] || missing "$CHROMEDRIVER not found (Debian package chromium-driver); Tests/clients/install.sh installs it"
require_python_modules selenium
make_workdir

if [[ -n "${SCREENSHOT_DIR:-}" ]]; then
    mkdir -p "$SCREENSHOT_DIR"
    SCREENSHOT_DIR=$(cd "$SCREENSHOT_DIR" && pwd)
fi

# --------------------------------------------------------------------------- axe-core, from PyPI

if ! wheel=$(pip_fetch "$WORK/axe" "$AXE_WHEEL" --only-binary :all: 2>"$WORK/fetch.err"); then
    fail "download of $AXE_WHEEL from PyPI: $(head -c 300 "$WORK/fetch.err")"
    finish
    exit 1
fi
AXE_JS="$WORK/axe.min.js"
if python3 - "$wheel" "$AXE_MEMBER" "$AXE_JS" <<'PY'
import sys
import zipfile

with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[3], "wb") as out:
    out.write(wheel.read(sys.argv[2]))
PY
then
    axe_version=$(head -c 200 "$AXE_JS" | sed -n 's/.*axe v\([0-9][0-9.]*\).*/\1/p' | head -n 1)
    if [[ -n "$axe_version" ]]; then
        pass "axe-core $axe_version taken from $(basename "$wheel") (PyPI): $AXE_MEMBER"
    else
        fail "$AXE_MEMBER in $(basename "$wheel") does not look like axe-core"
    fi
else
    fail "$(basename "$wheel"): no $AXE_MEMBER inside"
    finish
    exit 1
fi

# ----------------------------------------------------------------------------- the reports

pages=()
# report LABEL EXPECTED_STATUSES FILE…: writes LABEL.html; adds it to the pages to open.
report() {
    local label=$1 statuses=$2
    shift 2
    local html="$WORK/pages/$label.html" rc
    mkdir -p "$WORK/pages"
    rc=$(run_focusaudit "$WORK/$label.log" check "$@" --report "html:$html")
    if [[ " $statuses " != *" $rc "* ]]; then
        fail "$label: focusaudit exited with status $rc (want $statuses): $(head -c 300 "$WORK/$label.log")"
    elif [[ ! -s "$html" ]]; then
        fail "$label: the HTML report was not written"
    else
        pass "$label: HTML report written ($(wc -c <"$html") bytes)"
        pages+=("$label")
    fi
}

shopt -s nullglob
samples=(Samples/*.xml Samples/*.json)
((${#samples[@]} > 0)) || missing "no samples in Samples/"
report "all-samples" "1" "${samples[@]}"
if [[ -f Samples/messenger-broken.xml ]]; then
    report "messenger-broken" "1" Samples/messenger-broken.xml
else
    fail "Samples/messenger-broken.xml: missing"
fi
write_tricky_descriptions "$WORK/tricky"
report "tricky-labels" "1" "$TRICKY_XML" "$TRICKY_JSON"
# App-shaped descriptions of 14, 40 and 300 screens (the last drawn as several maps with an index),
# with Korean titles and `language: ko`, and a storyboard.
printf 'language: ko\n' >"$WORK/ko.yml"
for screens in 14 40 300; do
    python3 "$(dirname "${BASH_SOURCE[0]}")/generate_app.py" --screens "$screens" "$WORK/app-$screens.xml"
    report "app-$screens" "1" "$WORK/app-$screens.xml" --config "$WORK/ko.yml"
done
report "storyboard" "0 1" Samples/storyboards/Main.storyboard --config "$WORK/ko.yml"
mkdir -p "$WORK/input-error"
printf '<app>\n  <screen id="a">\n</app>\n' >"$WORK/input-error/not-well-formed.xml"
cp Samples/guide.xml "$WORK/input-error/guide.xml"
report "input-error" "2" "$WORK/input-error/not-well-formed.xml" "$WORK/input-error/guide.xml"

# ------------------------------------------------------------------------------ the browser

cat >"$WORK/check_pages.py" <<'PY'
"""Opens each page in headless Chromium, runs axe-core on it; prints PASS/FAIL lines."""
import base64
import http.server
import json
import threading
import os
import re
import sys
from html.parser import HTMLParser

os.environ.setdefault("SE_OFFLINE", "true")  # selenium must not look for drivers on the network

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

pages_dir, axe_path, chromedriver = sys.argv[1], sys.argv[2], sys.argv[3]
labels = sys.argv[4:]
screenshot_dir = os.environ.get("SCREENSHOT_DIR") or None
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def verdict(ok, label, text):
    print(("PASS  " if ok else "FAIL  ") + f"{label}: {text}")


def short(text, limit=160):
    text = ascii(" ".join(str(text).split()))[1:-1]
    return text if len(text) <= limit else text[: limit - 1] + "…"


# 1. Static: nothing in the page points outside it. Parsed as HTML, so that text which merely
# looks like an attribute (a label "<img src=…>", escaped) is not mistaken for one.
URL_ATTRIBUTES = {"src", "href", "xlink:href", "action", "formaction", "poster", "data", "srcset",
                  "background", "ping", "manifest", "cite", "longdesc", "usemap", "icon", "codebase"}
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]*)|@import\s+(?:url\(\s*)?["']?([^"';)\s]+)""", re.I)


def outside(value):
    """True for a URL that leaves the page: any scheme but data:, or protocol-relative."""
    value = value.strip()
    if not value or value.startswith("#") or value.lower().startswith("data:"):
        return False
    return bool(re.match(r"[a-z][a-z0-9+.-]*:|//", value, re.I))


class References(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        self.in_style = tag == "style"
        for name, value in attrs:
            if value is None:
                continue
            if name.lower() in URL_ATTRIBUTES:
                candidates = [part.split()[0] for part in value.split(",") if part.split()] if name.lower() == "srcset" else [value]
                self.found += [f"<{tag} {name}={v}>" for v in candidates if outside(v)]
            elif name.lower() == "style":
                self.css(value, f"<{tag} style>")

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            self.css(data, "<style>")

    def css(self, text, where):
        for match in CSS_URL.finditer(text):
            value = (match.group(1) or match.group(2) or "").strip()
            if value and not value.startswith("#") and not value.lower().startswith("data:"):
                self.found.append(f"{where} {value}")


def external_references(html):
    parser = References()
    parser.feed(html)
    parser.close()
    return parser.found


options = webdriver.ChromeOptions()
for binary in ("/usr/lib/chromium/chromium", "/usr/bin/chromium"):
    if os.path.exists(binary):
        options.binary_location = binary
        break
for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,1000", "--hide-scrollbars", "--force-device-scale-factor=1",
                 "--lang=en-US", "--no-first-run", "--no-default-browser-check",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-default-apps", "--disable-extensions"):
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})

try:
    driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
except Exception as error:
    verdict(False, "chromium", f"cannot start headless Chromium through {chromedriver}: {short(error, 400)}")
    sys.exit(0)
print(f"chromium {driver.capabilities.get('browserVersion', '?')}, "
      f"chromedriver {driver.capabilities.get('chrome', {}).get('chromedriverVersion', '?').split(' ')[0]}")
driver.set_script_timeout(180)
driver.set_page_load_timeout(60)
with open(axe_path, encoding="utf-8") as handle:
    axe_source = handle.read()

WIDTHS = (1280, 390, 320)  # a desktop window, a phone, and the 320 CSS px of WCAG 1.4.10 (reflow)
# Jenkins' default Content-Security-Policy for archived HTML (hudson.model.DirectoryBrowserSupport.CSP):
# no script, no inline style, no style attribute. The report must stay readable under it.
JENKINS_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'self';"


class CSPHandler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=pages_dir, **kwargs)

    def end_headers(self):
        self.send_header("Content-Security-Policy", JENKINS_CSP)
        super().end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), CSPHandler)
threading.Thread(target=server.serve_forever, daemon=True).start()
csp_base = f"http://127.0.0.1:{server.server_address[1]}/"

# The page's own layout, measured in the window: sideways scrolling, dead links, map text size,
# words broken in the middle.
LAYOUT_PROBE = r"""
const out = {};
const root = document.scrollingElement;
out.scrollWidth = root.scrollWidth;
out.innerWidth = window.innerWidth;
out.wide = Array.from(document.querySelectorAll('body *'))
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.map'))
    .filter(e => !Array.from(e.children).some(c => c.getBoundingClientRect().right > window.innerWidth + 1))
    .slice(0, 3).map(e => [Math.round(e.getBoundingClientRect().right), e.outerHTML.slice(0, 110)]);
const links = Array.from(document.querySelectorAll('a[href^="#"]'));
out.links = links.length;
out.dead = links.map(a => a.getAttribute('href').slice(1))
    .filter(id => !document.getElementById(decodeURIComponent(id))).slice(0, 5);
out.mapTexts = 0;
out.small = [];
for (const svg of document.querySelectorAll('svg')) {
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.viewBox.baseVal.width : box.width;
    const scale = view ? box.width / view : 1;
    for (const t of svg.querySelectorAll('text')) {
        out.mapTexts += 1;
        const size = parseFloat(getComputedStyle(t).fontSize) * scale;
        if (size < 11) out.small.push([Math.round(size * 10) / 10, t.textContent.slice(0, 40)]);
    }
}
out.small = out.small.slice(0, 5);
// Words (runs of letters and digits) that the layout splits over two lines, outside source
// listings and the map (whose text does not wrap).
out.words = 0;
out.broken = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const range = document.createRange();
let node;
while ((node = walker.nextNode()) && out.words < 6000) {
    const parent = node.parentElement;
    if (!parent || parent.closest('pre, svg, script, style, .visually-hidden, details:not([open]) > :not(summary)')) continue;
    if (parent.getClientRects().length === 0) continue;
    for (const match of node.data.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
        out.words += 1;
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
        const tops = new Set(rects.map(r => Math.round(r.top)));
        if (tops.size > 1 && out.broken.length < 5) out.broken.push(match[0]);
    }
}
return out;
"""

# Under the Jenkins CSP: the style sheet is blocked, and the map must still have filled boxes,
# visible names and stroked arrows (SVG presentation attributes).
CSP_PROBE = r"""
const out = {styleBlocked: getComputedStyle(document.body).maxWidth === 'none'};
const svgs = Array.from(document.querySelectorAll('svg'));
out.maps = svgs.length;
out.boxes = 0; out.badBoxes = []; out.names = 0; out.badNames = []; out.arrows = 0; out.badArrows = [];
for (const svg of svgs) {
    for (const g of svg.querySelectorAll('g > title')) {
        const rect = g.parentElement.querySelector('rect');
        const text = g.parentElement.querySelector('text');
        if (!rect || !text) continue;
        out.boxes += 1;
        const fill = getComputedStyle(rect).fill, stroke = getComputedStyle(rect).stroke;
        if (fill === 'none' || fill === 'rgb(0, 0, 0)' || stroke === 'none') out.badBoxes.push([fill, stroke]);
        out.names += 1;
        const tf = getComputedStyle(text).fill;
        const bbox = text.getBBox();
        if (!text.textContent.trim() || tf === 'none' || tf === fill || bbox.width < 1) out.badNames.push([text.textContent, tf]);
    }
    for (const path of svg.querySelectorAll('path[marker-end]')) {
        out.arrows += 1;
        const cs = getComputedStyle(path);
        if (cs.stroke === 'none' || parseFloat(cs.strokeWidth) <= 0 || cs.fill !== 'none') out.badArrows.push([cs.stroke, cs.fill]);
    }
}
out.badBoxes = out.badBoxes.slice(0, 3); out.badNames = out.badNames.slice(0, 3); out.badArrows = out.badArrows.slice(0, 3);
return out;
"""


def check_layout(label, where):
    r = driver.execute_script(LAYOUT_PROBE)
    verdict(r["scrollWidth"] <= r["innerWidth"] and not r["wide"], label,
            f"{where}: no horizontal overflow (scrollWidth {r['scrollWidth']} <= innerWidth {r['innerWidth']})"
            + ("" if not r["wide"] else f"; past the window: {[short(w[1], 100) for w in r['wide']]}"))
    verdict(not r["dead"], label, f"{where}: every in-page link resolves ({r['links']} links)"
            + ("" if not r["dead"] else f"; dead: {r['dead']}"))
    verdict(not r["small"], label, f"{where}: no map text under 11 px ({r['mapTexts']} texts)"
            + ("" if not r["small"] else f"; e.g. {r['small']}"))
    verdict(not r["broken"], label, f"{where}: no word broken over two lines ({r['words']} words looked at)"
            + ("" if not r["broken"] else f"; broken: {r['broken']}"))


def check_csp(label):
    driver.set_window_size(1280, 1000)
    driver.get(csp_base + label + ".html")
    r = driver.execute_script(CSP_PROBE)
    verdict(r["styleBlocked"], label, "under Jenkins' default CSP the inline style sheet is blocked, as on Jenkins")
    if r["maps"]:
        ok = r["boxes"] > 0 and not r["badBoxes"] and not r["badNames"] and r["arrows"] > 0 and not r["badArrows"]
        verdict(ok, label, f"under Jenkins' default CSP: {r['boxes']} map boxes filled with visible names, {r['arrows']} arrows stroked"
                + ("" if ok else f"; boxes {r['badBoxes']}, names {r['badNames']}, arrows {r['badArrows']}"))
    driver.set_window_size(390, 1000)
    driver.get(csp_base + label + ".html")
    words = driver.execute_script("return document.body.innerText.length")
    verdict(words > 0, label, "under Jenkins' default CSP the page text is there without style or script")


def run_axe(label, where):
    driver.execute_script(axe_source)
    results = driver.execute_async_script(
        """const done = arguments[arguments.length - 1];
           axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
              .then(r => done({violations: r.violations, incomplete: r.incomplete,
                               passes: r.passes.length, version: r.testEngine.version}))
              .catch(e => done({error: String(e)}));""", TAGS)
    if "error" in results:
        verdict(False, label, f"{where}: axe.run failed: {short(results['error'], 300)}")
        return
    violations = results["violations"]  # only these fail
    nodes = sum(len(v["nodes"]) for v in violations)
    verdict(not violations, label,
            f"{where}: axe-core {results['version']} ({', '.join(TAGS)}): {len(violations)} violation(s) on {nodes} node(s), "
            f"{results['passes']} rule(s) passed"
            + (f", needs review: {', '.join(i['id'] for i in results['incomplete'])}" if results["incomplete"] else ""))
    for violation in violations:
        print(f"  violation {violation['id']} ({violation['impact']}): {violation['help']} "
              f"[{len(violation['nodes'])} node(s)] {violation['helpUrl']}")
        for node in violation["nodes"][:3]:
            print(f"    at {short(node['target'], 120)}: {short(node['html'], 160)}")
            summary = node.get("failureSummary") or ""
            if summary:
                print(f"      {short(summary, 220)}")
    # "Needs review" is not a failure (axe could not decide), but is shown for a person to judge.
    for item in results["incomplete"]:
        print(f"  needs review {item['id']} ({item['impact']}): {item['help']} [{len(item['nodes'])} node(s)]")
        for node in item["nodes"][:2]:
            reasons = [check.get("message", "") for kind in ("any", "all", "none") for check in node.get(kind, [])]
            print(f"    at {short(node['target'], 100)}: {short(node['html'], 120)}: {short('; '.join(r for r in reasons if r), 200)}")


try:
    for label in labels:
        path = os.path.join(pages_dir, label + ".html")
        with open(path, encoding="utf-8") as handle:
            html = handle.read()
        refs = external_references(html)
        verdict(not refs, label, "the HTML refers to no outside resource (src/href/url()/@import)"
                + ("" if not refs else f": {[short(r, 100) for r in refs[:5]]}"))
        url = "file://" + os.path.abspath(path)
        requests = []
        for width in WIDTHS:
            where = f"{width} px wide"
            driver.set_window_size(width, 1000)
            driver.get_log("performance")  # drop what came before
            driver.get(url)
            if width == WIDTHS[0]:
                title = driver.title
                lang = driver.execute_script("return document.documentElement.lang")
                verdict(bool(title) and bool(lang), label, f"opens in Chromium (title {title!r}, lang {lang!r})")
                if label.startswith("tricky"):
                    injected = driver.execute_script("""
                        const bad = document.querySelectorAll('script, img, iframe, object, embed, b, i, form, input, [onerror], [onclick], [onload]');
                        return Array.from(bad).map(e => e.outerHTML.slice(0, 120));""")
                    text = driver.execute_script("return document.body.textContent")
                    shown = all(s in text for s in ("<img src=x onerror=alert(1)>", "<b>bold</b>", "]]>", "<script>alert(1)</script>"))
                    verdict(not injected and shown, label,
                            "label markup shows as text and creates no elements"
                            + ("" if not injected else f"; elements from labels: {[short(x, 100) for x in injected[:3]]}")
                            + ("" if shown else "; some label text is missing from the page"))
                    # A raw U+202E in a label turns the rest of its message around on screen
                    # (Trojan Source); the report must show such controls, not obey them.
                    controls = sorted({f"U+{ord(c):04X}" for c in text if 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069})
                    verdict(not controls, label,
                            "no raw bidi embedding/override/isolate controls from labels in the page text"
                            + ("" if not controls else f": found {', '.join(controls)}, which reorder the text around them"))
            run_axe(label, where)
            check_layout(label, where)
            if width in (WIDTHS[0], 390) and screenshot_dir:
                metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
                size = metrics.get("cssContentSize") or metrics["contentSize"]
                full_width, full_height = int(size["width"]), int(size["height"])
                shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                    "clip": {"x": 0, "y": 0, "width": full_width, "height": full_height, "scale": 1}})
                target = os.path.join(screenshot_dir, label + ("" if width == WIDTHS[0] else f"-{width}") + ".png")
                with open(target, "wb") as handle:
                    handle.write(base64.b64decode(shot["data"]))
                verdict(os.path.getsize(target) > 0, label,
                        f"full-page screenshot {full_width}x{full_height} saved to {target}")
            for entry in driver.get_log("performance"):
                message = json.loads(entry["message"])["message"]
                if message.get("method") == "Network.requestWillBeSent":
                    requested = message["params"]["request"]["url"]
                    if requested != url and not requested.startswith(("data:", "about:", "blob:")):
                        requests.append(requested)
        verdict(not requests, label, "the page made no network request (Chrome performance log)"
                + ("" if not requests else f": {[short(r, 100) for r in requests[:5]]}"))
        check_csp(label)
finally:
    driver.quit()
    server.shutdown()
PY

if ((${#pages[@]} > 0)); then
    run_checker python3 "$WORK/check_pages.py" "$WORK/pages" "$AXE_JS" "$CHROMEDRIVER" "${pages[@]}"
fi

finish
