internal import CLibXML

/// The bytes of one input, read in chunks: a regular file streamed from disk, or bytes in memory
/// (a test's string, or a file in another encoding than UTF-8 transcoded to UTF-8).
final class ByteSource {
    private enum Storage {
        case file(Int32)
        case memory([UInt8])
    }

    private let storage: Storage
    /// Length of a UTF-8 byte-order mark at the start (0 or 3); it is not a column.
    let utf8BOMLength: Int
    /// Whether the bytes were transcoded to UTF-8, so an `encoding` declaration must be ignored.
    let isTranscoded: Bool
    /// Why the bytes cannot be read although the file could be opened: a byte that is not valid in
    /// the encoding the XML declaration names (an input error, at that byte).
    let encodingFailure: ReadFailure?

    private init(storage: Storage, utf8BOMLength: Int, isTranscoded: Bool, encodingFailure: ReadFailure? = nil) {
        self.storage = storage
        self.utf8BOMLength = utf8BOMLength
        self.isTranscoded = isTranscoded
        self.encodingFailure = encodingFailure
    }

    /// The bytes of an input, transcoded to UTF-8 first when they are UTF-16 (with a byte-order
    /// mark) or XML whose declaration names another encoding that libxml2 converts. When one of
    /// them is not valid in that encoding they are kept as they are, with the reason they cannot be
    /// read (`encodingFailure`).
    convenience init(bytes: [UInt8]) {
        if Self.isUTF16(bytes[...]) {
            self.init(storage: .memory(Self.utf8(fromUTF16: bytes)), utf8BOMLength: 0, isTranscoded: true)
        } else if let encoding = Self.declaredForeignEncoding(bytes[...]), let (utf8, complete) = Self.utf8(from: bytes, encoding: encoding) {
            if complete {
                self.init(storage: .memory(utf8), utf8BOMLength: 0, isTranscoded: true)
            } else {
                // The bad byte's place: just after the characters converted before it.
                var tracker = PositionTracker(bytes: utf8)
                let failure = ReadFailure.input(
                    location: tracker.locate(utf8.count),
                    message: "the file declares the encoding '\(encoding)', but this byte is not valid in it; "
                        + "save the file in that encoding, or as UTF-8" + XMLReadContext.restNotRead)
                self.init(storage: .memory(bytes), utf8BOMLength: 0, isTranscoded: false, encodingFailure: failure)
            }
        } else {
            self.init(
                storage: .memory(bytes), utf8BOMLength: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0, isTranscoded: false)
        }
    }

    private convenience init(fd: Int32, bomLength: Int) {
        self.init(storage: .file(fd), utf8BOMLength: bomLength, isTranscoded: false)
    }

    deinit {
        if case .file(let fd) = storage { Platform.closeDescriptor(fd) }
    }

    /// Opens a regular file without ever blocking (a FIFO or device is refused, not read).
    static func open(path: String) -> ReadResult<ByteSource> {
        let fd = Platform.openForReading(path)
        guard fd >= 0 else { return .failure(.input(location: nil, message: "cannot open: \(errnoText())")) }
        guard let info = Platform.status(ofDescriptor: fd) else {
            let message = errnoText()
            Platform.closeDescriptor(fd)
            return .failure(.input(location: nil, message: "cannot read: \(message)"))
        }
        guard info.kind == .regular else {
            Platform.closeDescriptor(fd)
            let what = info.kind == .directory ? "a directory" : "not a regular file"
            return .failure(.input(location: nil, message: "cannot audit: \(what)"))
        }
        var head = [UInt8](repeating: 0, count: Self.declarationWindow)
        let got = max(0, head.withUnsafeMutableBytes { Platform.read(fd, into: $0.baseAddress, count: $0.count, at: 0) })
        if isUTF16(head[..<got]) {
            // UTF-16 is rare and small in practice: read it whole and transcode, so that offsets and
            // columns are always those of UTF-8.
            return ByteSource(fd: fd, bomLength: 0).readAll().map { ByteSource(bytes: $0) }
        }
        if declaredForeignEncoding(head[..<got]) != nil {
            // So is XML declared in another encoding (ISO-8859-1, EUC-KR, Shift_JIS…): transcoded
            // whole too, since columns count Unicode scalars whatever the file's encoding.
            return ByteSource(fd: fd, bomLength: 0).readAll().map { ByteSource(bytes: $0) }
        }
        let bom = got >= 3 && head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return .success(ByteSource(fd: fd, bomLength: bom))
    }

    /// Calls `body` with each chunk in order until it returns false or the bytes end.
    func forEachChunk(
        size: Int, _ body: (UnsafeRawBufferPointer) -> Bool, onError: (String) -> Void
    ) {
        forEachChunk(in: 0..<Int.max, size: size, body, onError: onError)
    }

    /// How many bytes there are now: a file's size when asked, or the bytes held.
    var byteCount: Int? {
        switch storage {
        case .memory(let bytes): return bytes.count
        case .file(let fd):
            return Platform.status(ofDescriptor: fd)?.size
        }
    }

    /// Calls `body` with the bytes of `range` in chunks of at most `size`, in order, until it
    /// returns false or the range (or the bytes) end. A file is read at those offsets, so several
    /// threads may read parts of one source at once.
    func forEachChunk(
        in range: Range<Int>, size: Int, _ body: (UnsafeRawBufferPointer) -> Bool, onError: (String) -> Void
    ) {
        switch storage {
        case .memory(let bytes):
            bytes.withUnsafeBytes { all in
                var start = min(range.lowerBound, all.count)
                let stop = min(range.upperBound, all.count)
                while start < stop {
                    let end = min(start + size, stop)
                    if !body(UnsafeRawBufferPointer(rebasing: all[start..<end])) { return }
                    start = end
                }
            }
        case .file(let fd):
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
            defer { buffer.deallocate() }
            var offset = range.lowerBound
            while offset < range.upperBound {
                let want = min(size, range.upperBound - offset)
                let n = Platform.read(fd, into: buffer.baseAddress, count: want, at: offset)
                if n < 0 {
                    if Platform.lastError == Platform.interrupted { continue }
                    onError("cannot read: \(errnoText())")
                    return
                }
                if n == 0 { return }
                offset += n
                if !body(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) { return }
            }
        }
    }

    /// The bytes of `range`, clamped to the end.
    func bytes(in range: Range<Int>) -> ReadResult<[UInt8]> {
        var out: [UInt8] = []
        var failure: String?
        forEachChunk(in: range, size: 1 << 18) {
            out.append(contentsOf: $0)
            return true
        } onError: {
            failure = $0
        }
        if let failure { return .failure(.input(location: nil, message: failure)) }
        return .success(out)
    }

    /// All the bytes (for the JSON reader and format sniffing of small inputs). A file is read
    /// straight into an array of its size, rather than in chunks appended to a growing one, which
    /// copied a large file several times over and touched twice its pages.
    func readAll() -> ReadResult<[UInt8]> {
        let fd: Int32
        switch storage {
        case .memory(let bytes): return .success(bytes)
        case .file(let descriptor): fd = descriptor
        }
        var failure: String?
        var out = [UInt8](unsafeUninitializedCapacity: max(byteCount ?? 0, 0)) { buffer, count in
            var offset = 0
            while offset < buffer.count {
                let n = Platform.read(fd, into: buffer.baseAddress! + offset, count: buffer.count - offset, at: offset)
                if n < 0 {
                    if Platform.lastError == Platform.interrupted { continue }
                    failure = "cannot read: \(errnoText())"
                    break
                }
                if n == 0 { break }
                offset += n
            }
            count = offset
        }
        if let failure { return .failure(.input(location: nil, message: failure)) }
        // Bytes added since the size was asked for.
        switch bytes(in: out.count..<Int.max) {
        case .failure(let failure): return .failure(failure)
        case .success(let more): out.append(contentsOf: more)
        }
        return .success(out)
    }

    /// How many bytes at the start of a file are looked at for an XML declaration.
    static let declarationWindow = 512

    /// The encoding an XML declaration at the start of `head` names, when it is one that is not
    /// UTF-8 but is written in ASCII-compatible bytes (ISO-8859-1, windows-1252, EUC-KR,
    /// Shift_JIS…): such a file is transcoded to UTF-8 before it is read. UTF-16, UTF-32 and UCS
    /// names are left to the parser (their bytes are not ASCII-compatible, so a file whose
    /// declaration can be read this way and names one of them is malformed anyway).
    static func declaredForeignEncoding(_ head: ArraySlice<UInt8>) -> String? {
        let bytes = Array(head.prefix(declarationWindow))
        let opening = Array("<?xml".utf8)
        guard bytes.starts(with: opening), bytes.count > opening.count, isSpace(bytes[opening.count]) else { return nil }
        guard
            let close = (opening.count..<max(opening.count, bytes.count - 1)).first(where: {
                bytes[$0] == UInt8(ascii: "?") && bytes[$0 + 1] == UInt8(ascii: ">")
            })
        else { return nil }
        let declaration = Array(bytes[..<close])
        let key = Array("encoding".utf8)
        var i = opening.count
        while i + key.count <= declaration.count {
            if isSpace(declaration[i - 1]) && Array(declaration[i..<(i + key.count)]) == key {
                var j = i + key.count
                while j < declaration.count, isSpace(declaration[j]) { j += 1 }
                guard j < declaration.count, declaration[j] == UInt8(ascii: "=") else { return nil }
                j += 1
                while j < declaration.count, isSpace(declaration[j]) { j += 1 }
                guard j < declaration.count, declaration[j] == UInt8(ascii: "\"") || declaration[j] == UInt8(ascii: "'") else {
                    return nil
                }
                let quote = declaration[j]
                guard let end = declaration[(j + 1)...].firstIndex(of: quote) else { return nil }
                let name = String(decoding: declaration[(j + 1)..<end], as: UTF8.self)
                let upper = name.uppercased()
                let left = ["UTF-8", "UTF8"].contains(upper) || ["UTF-16", "UTF16", "UTF-32", "UTF32", "UCS", "ISO-10646"].contains { upper.hasPrefix($0) }
                return left || name.isEmpty ? nil : name
            }
            i += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `bytes` in `encoding` as UTF-8, with libxml2's converters, and whether all of them were
    /// valid in it (if not, the UTF-8 of those before the first bad one); nil when libxml2 knows no
    /// such encoding (the parser then reports it as usual).
    private static func utf8(from bytes: [UInt8], encoding: String) -> ([UInt8], complete: Bool)? {
        guard bytes.count < Int(Int32.max) else { return nil }
        LibXML.setUp()
        var done: Int32 = 0
        let buffer = bytes.withUnsafeBufferPointer { input in
            focusaudit_transcodeToUTF8(encoding, input.baseAddress, Int32(input.count), &done)
        }
        guard let buffer else { return nil }
        defer { xmlBufferFree(buffer) }
        let count = Int(xmlBufferLength(buffer))
        let utf8 = count > 0 ? xmlBufferContent(buffer).map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [] : []
        return (utf8, Int(done) == bytes.count)
    }

    /// Whether `head` starts UTF-16: a byte-order mark, or (with none) an XML declaration's `<?`
    /// in UTF-16, which libxml2 reads too (XML 1.0, appendix F).
    static func isUTF16(_ head: ArraySlice<UInt8>) -> Bool {
        head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0x3C, 0x00, 0x3F, 0x00])
            || head.starts(with: [0x00, 0x3C, 0x00, 0x3F])
    }

    /// UTF-16 (`isUTF16`) as UTF-8, without its byte-order mark.
    private static func utf8(fromUTF16 bytes: [UInt8]) -> [UInt8] {
        let marked = bytes[0] == 0xFE || bytes[0] == 0xFF
        let bigEndian = bytes[0] == 0xFE || bytes[0] == 0x00
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = marked ? 2 : 0
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i])
            let b = UInt16(bytes[i + 1])
            units.append(bigEndian ? (a << 8 | b) : (b << 8 | a))
            i += 2
        }
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) { out.append($0) }
        return out
    }
}

func errnoText() -> String {
    Platform.lastErrorText()
}
