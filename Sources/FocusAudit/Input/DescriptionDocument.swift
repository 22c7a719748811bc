/// A description held as a tree, as a reader of another kind of source makes it (the SwiftUI reader
/// in `FocusAuditSwiftUI`): the same elements and attributes as the XML form, each element knowing
/// the file, line and column of the source construct it stands for.
///
/// Such a document is audited by the same builder, rules and simulation as an XML description
/// (`Auditor.audit(document:configuration:)`), and written out as XML by `xml()` (`focusaudit
/// export`), so that what a reader understood can be read, and audited, as a description.
public struct DescriptionDocument: Sendable {
    /// The files the elements come from; `SourceOrigin.file` indexes this list.
    public var files: [String]
    /// `<app>` attributes in XML spelling (`name`, `transition`).
    public var appAttributes: [(name: String, value: String)] = []
    /// Where the app is declared (for findings about the whole app).
    public var appOrigin: SourceOrigin
    /// The `<screen>` elements.
    public var screens: [DescriptionElement] = []
    /// `disable-file` suppressions, per file: they silence findings in that file only.
    public var fileSuppressions: [FileSuppression] = []
    /// The words findings give their fixes in: those of the files the document was read from.
    public var vocabulary: FixVocabulary = .description

    public init(files: [String], appOrigin: SourceOrigin) {
        self.files = files
        self.appOrigin = appOrigin
    }
}

/// Where a construct of a document stands in its source files.
public struct SourceOrigin: Hashable, Sendable {
    /// An index into `DescriptionDocument.files`.
    public var file: Int
    public var location: SourceLocation

    public init(file: Int, line: Int, column: Int) {
        self.file = file
        self.location = SourceLocation(line: line, column: column)
    }
}

/// A `disable-file` comment of one source file.
public struct FileSuppression: Sendable {
    /// The known rule ids it names.
    public var rules: [String]
    /// What is wrong with it (an unknown rule id), reported as `invalid_description`.
    public var problems: [String]
    public var origin: SourceOrigin
    /// The comment's text, when its directive is not one focusaudit knows (`focusaudit:disabel x`):
    /// it silences nothing, and its problem is reported at the comment; the export writes it back.
    public var unknownDirective: String?
    /// The comment's text when it names something focusaudit does not know (an unknown rule id):
    /// the export writes it back as written, so auditing the export reports the same problem.
    public var writtenWithProblems: String?

    public init(_ comment: SuppressionComment, origin: SourceOrigin, text: String? = nil) {
        rules = comment.rules
        problems = comment.problems
        self.origin = origin
        if comment.kind == nil { unknownDirective = text ?? "focusaudit:" }
        if !comment.problems.isEmpty { writtenWithProblems = text }
    }
}

/// One element of a document: `screen` or a view.
public struct DescriptionElement: Sendable {
    /// `screen`, or a view name (`Button`, `List`, a custom view's type name).
    public var name: String
    /// Attributes in XML spelling, with the string an XML file would hold.
    public var attributes: [(name: String, value: String)] = []
    /// Text content (the visible string of `Text`, `Button("…")`, …).
    public var text: String?
    public var children: [DescriptionElement] = []
    public var origin: SourceOrigin
    /// The `focusaudit:` comments written right before it (`focusaudit:disable rule, …`), each with
    /// its own position; they are read as the comments of an XML description are.
    public var comments: [(text: String, origin: SourceOrigin)] = []
    /// A remark for people reading the export (what the reader assumed or could not resolve).
    public var note: String?

    public init(name: String, origin: SourceOrigin) {
        self.name = name
        self.origin = origin
    }

    public subscript(_ name: String) -> String? {
        get { attributes.last(where: { $0.name == name })?.value }
        set {
            attributes.removeAll { $0.name == name }
            if let newValue { attributes.append((name, newValue)) }
        }
    }
}

extension DescriptionDocument {
    /// The document as a v1 XML description, with each element's source position in a comment
    /// before it, so it can be read, edited and audited on its own.
    public func xml() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<!-- made by focusaudit export from: \(Self.commentSafe(files.joined(separator: ", "))) -->\n"
        for suppression in fileSuppressions {
            if let directive = suppression.unknownDirective {
                out += "<!-- \(Self.commentSafe(directive)) --> <!-- \(Self.commentSafe(position(suppression.origin))) -->\n"
                continue
            }
            if let written = suppression.writtenWithProblems {
                out += "<!-- \(Self.commentSafe(written)) -->"
            } else {
                out += "<!-- focusaudit:disable-file \(suppression.rules.joined(separator: ", ")) -->"
            }
            out += " <!-- \(Self.commentSafe(position(suppression.origin))) -->\n"
        }
        out += "<app"
        for (name, value) in appAttributes { out += " \(name)=\"\(Self.escaped(value))\"" }
        out += ">\n"
        for screen in screens { write(screen, depth: 1, into: &out) }
        out += "</app>\n"
        return out
    }

    private func position(_ origin: SourceOrigin) -> String {
        "\(files[origin.file]):\(origin.location.line):\(origin.location.column)"
    }

    private func write(_ element: DescriptionElement, depth: Int, into out: inout String) {
        let indent = String(repeating: "  ", count: depth)
        var remark = position(element.origin)
        if let note = element.note { remark += ": " + note }
        out += "\(indent)<!-- \(Self.commentSafe(remark)) -->\n"
        for comment in element.comments { out += "\(indent)<!-- \(Self.commentSafe(comment.text)) -->\n" }
        out += "\(indent)<\(element.name)"
        for (name, value) in element.attributes { out += " \(name)=\"\(Self.escaped(value))\"" }
        if element.children.isEmpty && (element.text ?? "").isEmpty {
            out += "/>\n"
            return
        }
        out += ">"
        if let text = element.text { out += Self.escaped(text) }
        if !element.children.isEmpty {
            out += "\n"
            for child in element.children { write(child, depth: depth + 1, into: &out) }
            out += indent
        }
        out += "</\(element.name)>\n"
    }

    /// Text and attribute values, with the characters XML reserves escaped (one escaping for every
    /// XML focusaudit writes).
    static func escaped(_ text: String) -> String { Escaping.xml(text) }

    /// A comment's text cannot hold `--`.
    static func commentSafe(_ text: String) -> String {
        var out = ""
        for ch in text {
            if ch == "-" && out.last == "-" { out.append(" ") }
            out.append(ch)
        }
        if out.last == "-" { out.append(" ") }
        return out
    }
}
