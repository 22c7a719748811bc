/// A reader of a kind of source whose files refer to each other, so they are read as a group: the
/// SwiftUI reader resolves a view type used in one file from its declaration in another. A reader
/// turns its files into a `DescriptionDocument` and audits it with `Auditor.audit(document:…)`;
/// it lives in a module of its own and is plugged in by adding it to a `ReaderRegistry`.
public protocol DescriptionReader: Sendable {
    /// What it reads, for messages ("SwiftUI source").
    var name: String { get }
    /// File name extensions it reads, lower-case, without the dot (`swift`).
    var fileExtensions: Set<String> { get }
    /// Reads and audits the files together. Returns one audit per file, in the order given: a file
    /// that is not a source of descriptions (a Swift file without views) comes back `skipped`, one
    /// that cannot be read with its `error`.
    func audit(files: [ReaderFile], configuration: Configuration) -> [FileAudit]
}

/// A file handed to a `DescriptionReader`.
public struct ReaderFile: Sendable {
    /// The path as reports show it.
    public var path: String
    /// Whether the user named it (rather than its directory).
    public var explicit: Bool

    public init(path: String, explicit: Bool) {
        self.path = path
        self.explicit = explicit
    }

    /// The file's bytes as UTF-8 text (a byte order mark dropped), or why it cannot be read.
    public func readText() -> Result<String, InputError> {
        switch ByteSource.open(path: path) {
        case .failure(let failure):
            return .failure(failure.inputError(file: path))
        case .success(let source):
            switch source.readAll() {
            case .failure(let failure): return .failure(failure.inputError(file: path))
            case .success(let bytes):
                let start = source.utf8BOMLength
                return .success(String(decoding: bytes[start...], as: UTF8.self))
            }
        }
    }
}

/// The readers a run uses: the built-in ones (XML and JSON descriptions, storyboards and xibs, read
/// one file at a time) and the readers plugged in from other modules.
public struct ReaderRegistry: Sendable {
    /// Extensions of the files the built-in readers take.
    public static let builtInExtensions: Set<String> = ["xml", "json", "storyboard", "xib"]
    /// The built-in readers only.
    public static let builtIn = ReaderRegistry()

    /// Readers plugged in, tried in order.
    public var readers: [any DescriptionReader]

    public init(_ readers: [any DescriptionReader] = []) {
        self.readers = readers
    }

    /// Every extension a directory is searched for.
    public var extensions: Set<String> {
        readers.reduce(into: Self.builtInExtensions) { $0.formUnion($1.fileExtensions) }
    }

    /// The plugged-in reader for a file, by its extension; nil for the built-in readers.
    public func reader(for file: String) -> (any DescriptionReader)? {
        let ext = Self.fileExtension(of: file)
        return readers.first { $0.fileExtensions.contains(ext) }
    }

    static func fileExtension(of file: String) -> String {
        let name = file.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

extension ReadFailure {
    func inputError(file: String) -> InputError {
        switch self {
        case .notADescription(let why, let location): return InputError(file: file, location: location, message: why)
        case .input(let location, let message): return InputError(file: file, location: location, message: message)
        }
    }
}
