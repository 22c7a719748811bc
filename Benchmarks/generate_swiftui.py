#!/usr/bin/env python3
"""Generate a tree of SwiftUI source files shaped like an app, with a known number of findings.

usage: Benchmarks/generate_swiftui.py [--files 2000] [--seed 1] OUTPUT_DIR

The files (5 to 300 lines each) make one app, resolved across files:

- an `App` whose `WindowGroup` shows the root screen, which holds the `NavigationStack`;
- screens that list other screens: `List` sections of `ForEach` rows, each row a
  `NavigationLink(destination:isActive:)` whose label is a row view declared in another file, with
  the focus-restoration pattern (the `isActive` binding's setter records the row, every link has
  `.accessibilityFocused`, `.onAppear` restores after `asyncAfter(0.6)`), a toolbar icon button
  that presents a sheet (a view of another file), design-system icon buttons (declared in
  `DesignSystem/IconButtons.swift`) and static content;
- detail screens (pushed, navigate nowhere), sheets, row views, and model files with no view
  (read and skipped).

Every screen is reached from the root through exactly one link. A fixed share of the screens is
wrong in one known way, and each such place gives exactly one finding:

- unlabeled_control: a toolbar button whose label is only an asset image, or an `AssetIconButton`
  used without `.accessibilityLabel`;
- symbol_only_label: the same with an SF Symbol (`Image(systemName:)`, `IconButton(systemName:)`);
- image_missing_label: a bare `Image("asset")` on a detail screen;
- redundant_trait_in_label: a button titled "... 버튼";
- missing_restoration_delay: `.onAppear { focus = lastFocusedID }` (no delay);
- focus_lost_on_return: links without a capture (plain `NavigationLink(destination:)`);
- unbound_focus_target: the first section's link has no `.accessibilityFocused`.

The expected count of findings per rule is printed as JSON on stderr (with "findings" for the total,
"files" and "lines"). The same --files and --seed always give the same bytes.
"""
import argparse
import json
import os
import random
import sys

# Shares of the screens that get each fault.
TOOLBAR_ASSET = 0.06   # unlabeled_control
TOOLBAR_SYMBOL = 0.04  # symbol_only_label
NO_DELAY = 0.05        # missing_restoration_delay (lists only)
NO_CAPTURE = 0.04      # focus_lost_on_return (lists only)
UNBOUND = 0.04         # unbound_focus_target (lists only)
BARE_IMAGE = 0.08      # image_missing_label (details only)
ROLE_WORD = 0.04       # redundant_trait_in_label (details only)
COMPONENT_BAD = 0.10   # each icon component use without a label

WORDS = ["친구", "채팅", "설정", "알림", "프로필", "주문", "장바구니", "검색", "일정", "메모", "지도",
         "Inbox", "Orders", "Settings", "Photos", "Library", "Account", "Invoices", "Tasks",
         "Calendar", "Music", "Weather", "Notes", "Travel", "Wallet", "Health"]
SYMBOLS = ["star", "heart", "bell", "gear", "person.crop.circle", "cart", "calendar", "map",
           "paperplane", "tray", "folder", "bookmark", "tag", "clock", "flag", "bolt"]


class Expect:
    def __init__(self):
        self.counts = {}

    def add(self, rule, n=1):
        self.counts[rule] = self.counts.get(rule, 0) + n


class Lines:
    """A file's lines, with indentation by nesting."""

    def __init__(self):
        self.lines = []

    def add(self, indent, *texts):
        for t in texts:
            self.lines.append(("    " * indent + t) if t else "")

    def __len__(self):
        return len(self.lines)

    def text(self):
        return "\n".join(self.lines) + "\n"


def word(rng):
    return rng.choice(WORDS)


# ---------------------------------------------------------------------------------------------
# Filler: correct content (no findings) in blocks of known size, to bring a file to its length.


def view_block(rng, tag, indent, controls=True):
    """A block of correct view content (without controls: for a link's label); returns its lines."""
    out = Lines()
    kind = rng.randrange(7) if controls else rng.choice((2, 4, 6))
    w = word(rng)
    if kind == 0:
        out.add(indent, f'Text("{w} {tag}")', "    .font(.headline)", "    .accessibilityAddTraits(.isHeader)")
    elif kind == 1:
        out.add(indent, f'Image("landscape_{tag}")', "    .resizable()", "    .scaledToFit()",
                f'    .accessibilityLabel("{w} 풍경 {tag}")')
    elif kind == 2:
        out.add(indent, "HStack {", f'    Image(decorative: "divider_{tag}")', f'    Text("{w} 요약 {tag}")',
                "    Spacer()", f'    Text("{rng.randrange(100)}개")', "}")
    elif kind == 3:
        out.add(indent, f'Button("{w} 열기 {tag}") {{', f"    open(\"{tag}\")", "}", ".buttonStyle(.bordered)")
    elif kind == 4:
        out.add(indent, f'Label("{w} {tag}", systemImage: "{rng.choice(SYMBOLS)}")', "    .font(.subheadline)")
    elif kind == 5:
        out.add(indent, f'Toggle("{w} 받기 {tag}", isOn: .constant(true))')
    else:
        out.add(indent, "VStack(alignment: .leading, spacing: 4) {", f'    Text("{w} {tag}")', "        .font(.body)",
                f'    Text("설명 {tag}")', "        .font(.caption)", "        .foregroundStyle(.secondary)", "}",
                ".accessibilityElement(children: .combine)")
    return out.lines


def helper_block(rng, tag):
    """A private helper that is not a view (formatting, sorting): typical non-view code."""
    n = rng.randrange(3)
    if n == 0:
        return [f"    private func format{tag}(_ value: Double) -> String {{",
                "        let rounded = (value * 100).rounded() / 100",
                "        if rounded == rounded.rounded() {",
                '            return "\\(Int(rounded))"',
                "        }",
                '        return "\\(rounded)"',
                "    }", ""]
    if n == 1:
        return [f"    private func sorted{tag}(_ items: [Item]) -> [Item] {{",
                "        items.sorted { lhs, rhs in",
                "            if lhs.title == rhs.title { return lhs.id < rhs.id }",
                "            return lhs.title < rhs.title",
                "        }",
                "    }", ""]
    return [f"    private func summary{tag}(_ items: [Item]) -> String {{",
            '        let titles = items.prefix(3).map(\\.title).joined(separator: ", ")',
            '        return items.count > 3 ? titles + " …" : titles',
            "    }", ""]


def pad_body(rng, lines, target, reserve, indent, tag, controls=True):
    """Adds view blocks while the file stays within target (reserve: lines still to come)."""
    k = 0
    while True:
        block = view_block(rng, f"{tag}-{k}", indent, controls)
        if len(lines) + len(block) + reserve > target:
            break
        lines.lines += block
        k += 1


def pad_helpers(rng, lines, target, reserve, tag):
    k = 0
    while True:
        block = helper_block(rng, f"{tag}x{k}")
        if len(lines) + len(block) + reserve > target:
            break
        lines.lines += block
        k += 1


def open_helper(lines):
    lines.add(1, "private func open(_ id: String) {", "    // Opens the item (out of scope).", "}")


# ---------------------------------------------------------------------------------------------
# File kinds


def model_file(rng, i, target):
    lines = Lines()
    lines.add(0, "import SwiftUI", "")
    if target < 12:
        lines.add(0, "extension Color {", f"    static let accent{i} = Color(red: 0.{i % 10}, green: 0.5, blue: 0.8)", "}")
        return lines
    lines.add(0, f"struct Record{i}: Identifiable, Hashable {{", "    let id: Int", "    var title: String",
              "    var detail: String", "")
    lines.add(1, f"static let examples: [Record{i}] = [")
    k = 0
    while len(lines) + 3 <= target:
        lines.add(2, f'Record{i}(id: {k}, title: "{word(rng)} {k}", detail: "{word(rng)}"),')
        k += 1
    lines.add(1, "]")
    lines.add(0, "}")
    return lines


def items_model():
    lines = Lines()
    lines.add(0, "import SwiftUI", "")
    lines.add(0, "struct Item: Identifiable, Hashable {", "    let id: Int", "    var title: String",
              "    var subtitle: String", "    var symbol: String", "")
    lines.add(1, "static func samples(_ seed: Int) -> [Item] {",
              "    (0..<20).map { n in",
              '        Item(id: seed * 100 + n, title: "항목 \\(n)", subtitle: "설명 \\(n)", symbol: "star")',
              "    }", "}")
    lines.add(0, "}")
    return lines


def app_file():
    lines = Lines()
    lines.add(0, "import SwiftUI", "", "@main", "struct BenchApp: App {", "    var body: some Scene {",
              "        WindowGroup {", "            Screen0()", "        }", "    }", "}")
    return lines


def components_file():
    lines = Lines()
    lines.add(0, "import SwiftUI", "")
    lines.add(0, "struct IconButton: View {", "    let systemName: String", "    let action: () -> Void", "",
              "    var body: some View {", "        Button(action: action) {",
              "            Image(systemName: systemName)", "                .font(.title3.weight(.semibold))",
              "                .frame(width: 44, height: 44)", "        }", "        .buttonStyle(.plain)", "    }",
              "}", "")
    lines.add(0, "struct AssetIconButton: View {", "    let asset: String", "    let action: () -> Void", "",
              "    init(_ asset: String, action: @escaping () -> Void) {", "        self.asset = asset",
              "        self.action = action", "    }", "",
              "    var body: some View {", "        Button(action: action) {", "            Image(asset)",
              "                .resizable()", "                .frame(width: 28, height: 28)",
              "                .padding(8)", "        }",
              "        .buttonStyle(.plain)", "    }", "}")
    return lines


def row_file(rng, i, target):
    lines = Lines()
    lines.add(0, "import SwiftUI", "")
    lines.add(0, f"struct Row{i}: View {{", "    let item: Item", "", "    var body: some View {")
    lines.add(2, "HStack(spacing: 12) {", "    Image(systemName: item.symbol)", "        .font(.title2)",
              "        .frame(width: 36, height: 36)", "    VStack(alignment: .leading, spacing: 2) {",
              "        Text(item.title)", "            .font(.headline)", "        Text(item.subtitle)",
              "            .font(.subheadline)", "            .foregroundStyle(.secondary)")
    pad_body(rng, lines, target, 7, 4, f"r{i}", controls=False)
    lines.add(2, "    }", "    Spacer()", "}", ".padding(.vertical, 4)")
    lines.add(1, "}")
    lines.add(0, "}")
    return lines


def sheet_file(rng, i, target):
    lines = Lines()
    lines.add(0, "import SwiftUI", "")
    lines.add(0, f"struct Sheet{i}: View {{", "    let item: Item", "    @Environment(\\.dismiss) private var dismiss",
              '    @State private var note = ""', "    @State private var notify = true", "",
              "    var body: some View {", "        NavigationStack {", "            Form {")
    w = word(rng)
    lines.add(4, f'TextField("{w} 메모 {i}", text: $note)', f'Toggle("알림 받기 {i}", isOn: $notify)')
    pad_body(rng, lines, target, 15, 4, f"s{i}")
    lines.add(3, "}", f'.navigationTitle("{w} 편집 {i}")', ".toolbar {",
              "    ToolbarItem(placement: .cancellationAction) {", '        Button("닫기") { dismiss() }', "    }",
              "}")
    lines.add(2, "}")
    lines.add(1, "}", "")
    open_helper(lines)
    lines.add(0, "}")
    return lines


def toolbar(rng, lines, expect, s, indent, sheet):
    """A toolbar icon button that presents the sheet (if any): labelled, or one of the two faults."""
    r = rng.random()
    action = "showSheet = true" if sheet is not None else f'open("more{s}")'
    lines.add(indent, ".toolbar {", "    ToolbarItem(placement: .topBarTrailing) {", "        Button {",
              f"            {action}", "        } label: {")
    if r < TOOLBAR_ASSET:
        lines.add(indent, f'            Image("icon_add_{s}")', "        }")
        expect.add("unlabeled_control")
    elif r < TOOLBAR_ASSET + TOOLBAR_SYMBOL:
        lines.add(indent, '            Image(systemName: "plus")', "        }")
        expect.add("symbol_only_label")
    else:
        lines.add(indent, '            Image(systemName: "plus")', "        }", f'        .accessibilityLabel("새 항목 {s}")')
    if sheet is not None:
        # SwiftUI does not send focus back to the button when the sheet goes: onDismiss does.
        lines.add(indent, "        .accessibilityFocused($sheetButtonFocused)")
    lines.add(indent, "    }", "}")
    if sheet is not None:
        lines.add(indent, ".sheet(isPresented: $showSheet, onDismiss: { sheetButtonFocused = true }) {",
                  f"    Sheet{sheet}(item: item)", "}")


def components_row(rng, lines, expect, s, indent):
    """Design-system icon buttons used on a screen, each labelled at the use site or not."""
    lines.add(indent, "HStack(spacing: 20) {")
    for k, (kind, rule) in enumerate((("IconButton(systemName: \"square.and.arrow.up\")", "symbol_only_label"),
                                      (f'AssetIconButton("icon_pin_{s}")', "unlabeled_control"))):
        lines.add(indent, f"    {kind} {{ open(\"c{s}-{k}\") }}")
        if rng.random() < COMPONENT_BAD:
            expect.add(rule)
        else:
            lines.add(indent, f'        .accessibilityLabel("{word(rng)} 동작 {s}-{k}")')
    lines.add(indent, "}")


def list_screen(rng, s, target, children, rows, sheet, expect, root):
    """A screen listing child screens, with the restoration pattern (or one fault)."""
    lines = Lines()
    fault = None
    r = rng.random()
    if r < NO_DELAY:
        fault = "no_delay"
    elif r < NO_DELAY + NO_CAPTURE:
        fault = "no_capture"
    elif r < NO_DELAY + NO_CAPTURE + UNBOUND:
        fault = "unbound"
    helper = rng.random() < 0.5  # the guide's binding(for:destinationIsActive:) helper, or inline bindings
    lines.add(0, "import SwiftUI", "")
    if fault == "no_delay":
        expect.add("missing_restoration_delay")
    elif fault == "no_capture":
        expect.add("focus_lost_on_return")
    lines.add(0, f"struct Screen{s}: View {{", "    enum ItemID: Hashable {")
    for k in range(len(children)):
        lines.add(2, f"case c{k}(Item.ID)")
    lines.add(1, "}", "")
    if not root:
        lines.add(1, "let item: Item")
    lines.add(1, f"@State private var items = Item.samples({s})", "@State private var lastFocusedID: ItemID?",
              "@State private var active: ItemID?")
    if helper:
        for k in range(len(children)):
            lines.add(1, f"@State private var show{k}: Item.ID?")
    if sheet is not None:
        lines.add(1, "@State private var showSheet = false", "@AccessibilityFocusState private var sheetButtonFocused: Bool")
    lines.add(1, "@AccessibilityFocusState private var focus: ItemID?", "", "var body: some View {")
    indent = 2
    if root:
        lines.add(2, "NavigationStack {")
        indent = 3
    lines.add(indent, "List {")
    title = f"{word(rng)} {s}"
    for k, child in enumerate(children):
        row = rows[(child - 1) % len(rows)]
        lines.add(indent + 1, f'Section("{word(rng)} 모음 {s}-{k}") {{', "    ForEach(items) { item in")
        i2 = indent + 3
        if fault == "no_capture":
            lines.add(i2, f"NavigationLink(destination: Screen{child}(item: item)) {{")
        else:
            if fault == "unbound" and k == 0:
                expect.add("unbound_focus_target")
            lines.add(i2, "NavigationLink(", f"    destination: Screen{child}(item: item),")
            if helper:
                lines.add(i2, f"    isActive: binding(for: .c{k}(item.id), destinationIsActive: isShowing{k}(item.id))")
            else:
                lines.add(i2, "    isActive: Binding(", f"        get: {{ active == .c{k}(item.id) }},",
                          "        set: { isActive in", f"            if isActive {{ lastFocusedID = .c{k}(item.id) }}",
                          f"            active = isActive ? .c{k}(item.id) : nil", "        }", "    )")
            lines.add(i2, ") {")
        lines.add(i2, f"    Row{row}(item: item)", "}")
        if not (fault == "unbound" and k == 0):
            lines.add(i2, f".accessibilityFocused($focus, equals: .c{k}(item.id))")
        lines.add(indent + 1, "    }", "}")
    lines.add(indent + 1, "Section {")
    components_row(rng, lines, expect, s, indent + 2)
    # Room still needed after the padding: closing lines, toolbar, restoration and helpers.
    reserve = 26 + (6 if sheet is not None else 0) + (1 if root else 0) + (12 + 4 * len(children) if helper else 0) + 5
    pad_body(rng, lines, target, reserve, indent + 2, f"{s}")
    lines.add(indent + 1, "}")
    lines.add(indent, "}", f'.navigationTitle("{title}")')
    toolbar(rng, lines, expect, s, indent, sheet)
    lines.add(indent, ".onAppear {")
    if fault == "no_delay":
        lines.add(indent, "    focus = lastFocusedID")
    else:
        lines.add(indent, "    if let lastID = lastFocusedID {",
                  "        DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) {", "            focus = lastID",
                  "        }", "    }")
    lines.add(indent, "}")
    if root:
        lines.add(2, "}")
    lines.add(1, "}", "")
    open_helper(lines)
    if helper:
        lines.add(0, "")
        for k in range(len(children)):
            lines.add(1, f"private func isShowing{k}(_ id: Item.ID) -> Binding<Bool> {{",
                      f"    Binding(get: {{ show{k} == id }}, set: {{ show{k} = $0 ? id : nil }})", "}", "")
        lines.add(1, "private func binding(for id: ItemID, destinationIsActive: Binding<Bool>) -> Binding<Bool> {",
                  "    Binding(", "        get: { destinationIsActive.wrappedValue },", "        set: { newValue in",
                  "            if newValue {", "                lastFocusedID = id", "            }",
                  "            destinationIsActive.wrappedValue = newValue", "        }", "    )", "}")
    lines.add(0, "")
    pad_helpers(rng, lines, target, 1, f"{s}")
    lines.add(0, "}")
    return lines


def detail_screen(rng, s, target, sheet, expect):
    """A pushed screen that navigates nowhere: content, a toolbar button, maybe a sheet and a fault."""
    lines = Lines()
    lines.add(0, "import SwiftUI", "")
    lines.add(0, f"struct Screen{s}: View {{", "    let item: Item", "    @State private var favorite = false")
    if sheet is not None:
        lines.add(1, "@State private var showSheet = false", "@AccessibilityFocusState private var sheetButtonFocused: Bool")
    lines.add(1, "", "var body: some View {", "    ScrollView {", "        VStack(alignment: .leading, spacing: 16) {")
    lines.add(4, "Text(item.title)", "    .font(.title.bold())", "    .accessibilityAddTraits(.isHeader)",
              "Text(item.subtitle)", "    .foregroundStyle(.secondary)")
    if rng.random() < BARE_IMAGE:
        lines.add(4, f'Image("banner_{s}")', "    .resizable()", "    .scaledToFit()")
        expect.add("image_missing_label")
    if rng.random() < ROLE_WORD:
        lines.add(4, f'Button("보내기 버튼") {{', f'    open("send{s}")', "}")
        expect.add("redundant_trait_in_label")
    lines.add(4, "Button {", "    favorite.toggle()", "} label: {",
              '    Label("즐겨찾기", systemImage: favorite ? "star.fill" : "star")', "}")
    components_row(rng, lines, expect, s, 4)
    reserve = 16 + (6 if sheet is not None else 0) + 5
    pad_body(rng, lines, target, reserve, 4, f"{s}")
    lines.add(2, "    }", "    .padding()", "}", f'.navigationTitle("{word(rng)} {s}")')
    toolbar(rng, lines, expect, s, 2, sheet)
    lines.add(1, "}", "")
    open_helper(lines)
    lines.add(0, "")
    pad_helpers(rng, lines, target, 1, f"{s}")
    lines.add(0, "}")
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("output")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n = max(12, args.files)
    # Shares of the files: 3 fixed files (app, model, components), then models, rows, sheets, screens.
    fixed = 3
    models = n * 8 // 100
    rows = n * 12 // 100
    sheets = n * 10 // 100
    screens = n - fixed - models - rows - sheets
    # A tree of screens: screen 0 is the root; the children of screen s are the next ones in
    # breadth-first order, 2 to 5 each, until every screen has a parent.
    children = {s: [] for s in range(screens)}
    nxt, s = 1, 0
    while nxt < screens:
        k = rng.randint(2, 5)
        for _ in range(k):
            if nxt < screens:
                children[s].append(nxt)
                nxt += 1
        s += 1
    # Sheets go to screens, each presented by one screen.
    presenters = rng.sample(range(screens), sheets)
    sheet_of = {p: i for i, p in enumerate(presenters)}
    expect = Expect()
    files = []
    files.append(("App/BenchApp.swift", app_file()))
    files.append(("Model/Item.swift", items_model()))
    files.append(("DesignSystem/IconButtons.swift", components_file()))
    for i in range(models):
        target = rng.randint(5, 40)
        files.append((f"Model/Record{i}.swift", model_file(rng, i, target)))
    for i in range(rows):
        target = rng.randint(18, 60)
        files.append((f"Rows/Row{i}.swift", row_file(rng, i, target)))
    # The link to screen c shows row view (c - 1) % rows: every row view is used (a view nobody
    # uses would be a root screen of its own), most by several screens.
    row_ids = list(range(rows))
    for i in range(sheets):
        target = rng.randint(30, 120)
        files.append((f"Sheets/Sheet{i}.swift", sheet_file(rng, i, target)))
    for s in range(screens):
        folder = f"Features/Feature{s // 50}"
        if children[s]:
            target = rng.randint(120, 300)
            lines = list_screen(rng, s, target, children[s], row_ids, sheet_of.get(s), expect, s == 0)
        else:
            target = rng.randint(50, 260)
            lines = detail_screen(rng, s, target, sheet_of.get(s), expect)
        files.append((f"{folder}/Screen{s}.swift", lines))
    total_lines = 0
    for path, lines in files:
        full = os.path.join(args.output, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as out:
            out.write(lines.text())
        total_lines += len(lines)
        assert 5 <= len(lines) <= 300, (path, len(lines))
    # The tree's own style for swift-format (4 spaces, as Xcode writes), so that swift-format lints
    # it without a diagnostic on every line.
    with open(os.path.join(args.output, ".swift-format"), "w", encoding="utf-8") as out:
        out.write('{"version": 1, "indentation": {"spaces": 4}, "lineLength": 120}\n')
    counts = dict(sorted(expect.counts.items()))
    counts["findings"] = sum(expect.counts.values())
    counts["files"] = len(files)
    counts["lines"] = total_lines
    json.dump(counts, sys.stderr)
    sys.stderr.write("\n")


if __name__ == "__main__":
    main()
