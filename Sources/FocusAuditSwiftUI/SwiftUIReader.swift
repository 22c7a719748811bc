import FocusAudit
import SwiftSyntax

/// Reads SwiftUI source (`.swift` files) into the description model: view types become screens and
/// view trees, controls and their modifiers become elements and attributes, and the code that
/// records and restores VoiceOver focus becomes the screen's focus settings. The files of a run are
/// read together, so a view used in one file is resolved from its declaration in another.
public struct SwiftUIReader: DescriptionReader {
    public let name = "SwiftUI source"
    public let fileExtensions: Set<String> = ["swift"]
    /// Custom components mapped to roles (`components:` in `.focusaudit.yml`).
    public var components: [String: ComponentMapping]
    /// The words findings give their fixes in: SwiftUI's modifiers and calls, which is what the user
    /// wrote (`.accessibilityFocused($focus, equals: …)`, not `focus="…"`).
    public var vocabulary: FixVocabulary = .swiftUI

    /// The largest Swift source read: 10 MB, the limit of one XML text node or JSON string. A
    /// source is parsed whole into a syntax tree of several times its size (a 30 MB string literal
    /// took 110 MB), where descriptions are read in chunks; a larger one is an input error, found
    /// from its size before it is read (docs/security.md).
    public static let maximumSourceBytes = 10_000_000

    /// How deeply brackets (`(`, `[`, `{`) may nest in a Swift source: 256, as for the elements of a
    /// description. swift-syntax stops at 256 in a release build and at 20 in a debug build (its
    /// parser takes more stack there), so without a number of its own the same file would be audited
    /// by one build and be "not valid Swift" for the other: 20 is reached by a view body of about 16
    /// nested stacks. The threads that parse have stacks large enough for 256 in either build
    /// (`WorkQueue.largeStackBytes`).
    public static let maximumNesting = 256

    /// How deep a Swift source's syntax tree may be: 2,000 nodes. The deepest of 216 SwiftUI files
    /// from public apps is 91, and 256 nested brackets make about 1,030; modifier and `else if`
    /// chains deepen a tree without nesting brackets (a chain of 1,000 modifiers is 2,020 deep).
    /// focusaudit's walks of a tree, and swift-syntax's, recurse a call or a few per level, and a
    /// tree of this depth fits the stacks of the threads that walk it (`WorkQueue.largeStackBytes`)
    /// in a debug build too; a deeper one is an input error, found by a walk that does not recurse.
    public static let maximumTreeDepth = 2_000

    /// What SwiftUI does with VoiceOver focus when a presentation is dismissed, by kind: `.sheet` and
    /// `.fullScreenCover` do not send it back to the control that presented them (docs/simulation.md
    /// gives the sources); a popover is shown as a sheet on iPhone. `presentations:` changes it.
    public static let dismissalFocus: [Presentation: DismissalFocus] = [
        .sheet: .loses, .fullScreenCover: .loses, .popover: .loses,
    ]

    /// How many syntax trees the reader keeps besides those of the screens being translated (nil:
    /// `TreeStore.defaultCapacity`); the others are parsed again when needed.
    var keptTrees: Int?

    public init(components: [String: ComponentMapping] = [:]) {
        self.components = components
    }

    /// What reading a group of files gives: the document, and the audits of files that could not be
    /// read or declare no view (by index into the files).
    public struct Reading {
        public var document: DescriptionDocument
        public var unread: [Int: FileAudit]
        /// Screens that stand for destinations outside the audited code.
        public var stubScreens: Set<String>
    }

    /// Reads the files on threads whose stacks fit the deepest syntax tree the reader accepts
    /// (`WorkQueue.largeStackBytes`, `maximumTreeDepth`): the walks of a tree recurse.
    public func read(files: [ReaderFile], configuration: Configuration) -> Reading {
        WorkQueue.onLargeStack { readOnThisThread(files: files, configuration: configuration) }
    }

    private func readOnThisThread(files: [ReaderFile], configuration: Configuration) -> Reading {
        let project = SwiftProject(files: files, jobs: configuration.jobs, keptTrees: keptTrees)
        var unread: [Int: FileAudit] = [:]
        for file in project.files {
            var audit = FileAudit(file: file.path)
            if let error = file.error {
                audit.error = error
                unread[file.index] = audit
            } else if !file.declaresViews {
                if file.declaresOtherPlatformViews {
                    // Views for another platform only (`#if os(tvOS)`): not part of the iOS app.
                    audit.skipped = true
                    audit.skipReason = "declares SwiftUI views only for platforms other than iOS"
                } else if files[file.index].explicit && !configuration.skipNonDescriptions {
                    audit.error = InputError(
                        file: file.path, message: "declares no SwiftUI view, view modifier or app, so there is nothing to audit")
                } else {
                    audit.skipped = true
                    audit.skipReason = "declares no SwiftUI view, view modifier or app"
                }
                unread[file.index] = audit
            }
        }
        let catalog = ScreenCatalog(project: project, transition: configuration.transition, jobs: configuration.jobs)
        let components = self.components.merging(configuration.components) { $1 }
        let firstFile = project.files.first { unread[$0.index] == nil }?.index ?? 0
        var document = DescriptionDocument(
            files: files.map(\.path), appOrigin: SourceOrigin(file: firstFile, line: 1, column: 1))
        // Findings on Swift files say how to fix them in SwiftUI's words, not the description's.
        document.vocabulary = vocabulary
        if let app = project.appTypes.first, let token = app.nameToken {
            document.appAttributes.append(("name", app.name))
            document.appOrigin = project.origin(of: token, file: app.file)
        }
        // SwiftUI's own behaviour on dismissal, unless the configuration says otherwise; written on
        // the document so that its export says it too.
        for (kind, attribute) in [(Presentation.sheet, "sheet-focus"), (.fullScreenCover, "full-screen-cover-focus"), (.popover, "popover-focus")] {
            let focus = configuration.presentations[kind] ?? Self.dismissalFocus[kind] ?? .loses
            document.appAttributes.append((attribute, focus.rawValue))
        }
        let screenTypes = project.screenCandidates(catalog.unappliedModifiers).filter {
            catalog.isScreen($0.name) && unread[$0.file] == nil
        }
        document.screens += translate(
            screenTypes, project: project, catalog: catalog, components: components, jobs: configuration.jobs)
        for (id, note) in catalog.stubs.sorted(by: { $0.key < $1.key }) where !catalog.isScreen(id) {
            var stub = DescriptionElement(name: "screen", origin: document.appOrigin)
            stub["id"] = id
            stub.note = note
            document.screens.append(stub)
        }
        // `// focusaudit:disable-file rule, …` anywhere in a file, and comments with a directive
        // focusaudit does not know (`// focusaudit:disabel …`), which are reported where they are,
        // as in a description: found when the file was indexed.
        for file in project.files where unread[file.index] == nil {
            document.fileSuppressions += file.fileSuppressions
        }
        return Reading(document: document, unread: unread, stubScreens: Set(catalog.stubs.keys).subtracting(catalog.screens))
    }

    public func audit(files: [ReaderFile], configuration: Configuration) -> [FileAudit] {
        let reading = read(files: files, configuration: configuration)
        var audits: [FileAudit]
        if reading.document.screens.isEmpty {
            audits = files.map { FileAudit(file: $0.path) }
        } else {
            audits = Auditor.audit(document: reading.document, configuration: configuration)
        }
        let stubPrefixes = reading.stubScreens.map { $0.isEmpty ? "screen[]" : ElementPath.screen(id: $0, index: 0) }
        for i in audits.indices {
            if let unread = reading.unread[i] {
                audits[i] = unread
                continue
            }
            // A view inlined into several screens gives the same finding at the same place once. Two
            // controls of one component both point at its use site: their messages, which name each
            // control, keep them apart.
            var seen: Set<String> = []
            audits[i].findings.removeAll { finding in
                !seen.insert("\(finding.location.line):\(finding.location.column) \(finding.rule) \(finding.message)").inserted
            }
            if !stubPrefixes.isEmpty {
                audits[i].findings.removeAll { finding in
                    stubPrefixes.contains { finding.element == $0 || finding.element.hasPrefix($0 + "/") }
                }
            }
        }
        return audits
    }

    /// Each screen's view tree, in the order of `types`. Screens are translated on up to `jobs`
    /// threads, each with a translator of its own (a translator keeps the state of the screen it is
    /// reading); the project and the catalog are only read, except the catalog's stubs, which are
    /// kept under a lock and are the same whichever thread adds them. The trees a screen's code is
    /// read from are kept while it is translated, and left to the project's store after.
    func translate(
        _ types: [TypeInfo], project: SwiftProject, catalog: ScreenCatalog, components: [String: ComponentMapping], jobs: Int
    ) -> [DescriptionElement] {
        let shared = SharedReading(project: project, catalog: catalog, components: components, types: types)
        return WorkQueue.map(
            count: types.count, jobs: jobs, stackBytes: WorkQueue.largeStackBytes,
            worker: { ViewTranslator(project: shared.project, screens: shared.catalog, components: shared.components) },
            { translator, n in shared.project.withTrees { translator.screens(shared.types[n]) } }
        ).flatMap { $0 }
    }

}

/// What the threads translating screens share; they only read it.
private struct SharedReading: @unchecked Sendable {
    let project: SwiftProject
    let catalog: ScreenCatalog
    let components: [String: ComponentMapping]
    let types: [TypeInfo]
}
