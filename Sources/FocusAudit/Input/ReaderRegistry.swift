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

    /// The file's bytes as UTF-8 text (a byte order mark dropped), or why it cannot be read: an
    /// error without a position when it has more than `maximumBytes` (found from its size, before
    /// any byte is read; `kind` names such files in the message, "Swift sources"), and one at the
    /// first bad byte, worded as the XML reader words it, when the bytes are not valid UTF-8 (no
    /// byte is replaced, so nothing in a comment or a string is read other than it is written).
    public func readText(maximumBytes: Int? = nil, kind: String = "files") -> Result<String, InputError> {
        switch ByteSource.open(path: path) {
        case .failure(let failure):
            return .failure(failure.inputError(file: path))
        case .success(let source):
            if let maximumBytes, let size = source.byteCount, size > maximumBytes {
                return .failure(
                    InputError(
                        file: path,
                        message: "the file has \(Self.grouped(size)) bytes; focusaudit reads \(kind) of at most "
                            + "\(Self.sizeText(maximumBytes)), so it is not audited"))
            }
            switch source.readAll() {
            case .failure(let failure): return .failure(failure.inputError(file: path))
            case .success(let bytes):
                let start = source.utf8BOMLength
                if let text = String(validating: bytes[start...], as: UTF8.self) { return .success(text) }
                let bad = Self.firstInvalidUTF8(bytes, from: start)
                let shown = bytes[bad..<min(bad + 4, bytes.count)].map { "0x" + Self.hex($0) }.joined(separator: " ")
                return .failure(
                    InputError(
                        file: path, location: Self.location(of: bad, in: bytes, from: start),
                        message: "the file is not valid UTF-8 (bytes \(shown)); the file is not audited"))
            }
        }
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: [UInt8], from start: Int) -> Int {
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        var offset = start
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }

    /// Line and column (in Unicode scalars, both from 1) of `offset`, counting LF, CR LF and CR as
    /// line breaks, as positions are counted everywhere else. The bytes before `offset` are valid.
    static func location(of offset: Int, in bytes: [UInt8], from start: Int) -> SourceLocation {
        var place = TextPlace()
        for i in start..<offset { place.step(bytes[i]) }
        return SourceLocation(line: place.line, column: place.column)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// `12,345,678`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// `10 MB (10,000,000 bytes)`, or `N bytes` for a size that is not whole megabytes.
    static func sizeText(_ bytes: Int) -> String {
        bytes % 1_000_000 == 0 ? "\(bytes / 1_000_000) MB (\(grouped(bytes)) bytes)" : "\(grouped(bytes)) bytes"
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
        case .input(let location, let message), .refused(let location, let message):
            return InputError(file: file, location: location, message: message)
        }
    }
}
