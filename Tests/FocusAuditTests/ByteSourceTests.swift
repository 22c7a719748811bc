import Foundation
import TestSupport
import Testing

@testable import FocusAudit

/// Files read whole (the JSON reader's input) come back byte for byte, whatever their size.
@Suite struct ByteSourceTests {
    private func readWhole(_ bytes: [UInt8]) throws -> [UInt8] {
        let path = try ScratchDirectory.file(named: "bytes.json")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .success(let source) = ByteSource.open(path: path) else {
            Issue.record("could not open \(path)")
            return []
        }
        guard case .success(let read) = source.readAll() else {
            Issue.record("could not read \(path)")
            return []
        }
        return read
    }

    @Test(arguments: [0, 1, 4_095, 262_144, 700_001])
    func fileReadWholeIsItsBytes(size: Int) throws {
        var bytes = [UInt8](repeating: 0, count: size)
        var x: UInt32 = 2_463_534_242
        for i in bytes.indices {
            x ^= x << 13
            x ^= x >> 17
            x ^= x << 5
            bytes[i] = UInt8(truncatingIfNeeded: x)
        }
        // Not a UTF-16 byte-order mark, which would be transcoded.
        if size >= 2 { bytes[0] = 0x7B }
        #expect(try readWhole(bytes) == bytes)
    }

    /// `ReaderFile.readText` (how plugged-in readers such as the SwiftUI reader read a file): a file
    /// of exactly `maximumBytes` is read and one byte more is refused from its size; invalid UTF-8
    /// is an error at the line and column (in scalars, after LF, CR LF or CR) of its first bad byte.
    /// A file whose XML declaration names another encoding than UTF-8 is read as UTF-8: the
    /// bytes every reader (and every position) sees are the transcoded ones.
    @Test func xmlInAnotherEncodingIsReadAsUTF8() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<app name=\"é«»\"/>\n"
        let latin1 = xml.unicodeScalars.map { UInt8($0.value) }
        let path = try ScratchDirectory.file(named: "latin1.xml")
        try Data(latin1).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .success(let source) = ByteSource.open(path: path), case .success(let read) = source.readAll() else {
            Issue.record("could not read \(path)")
            return
        }
        #expect(read == Array(xml.utf8))
        #expect(source.isTranscoded)
    }

    @Test func readTextKeepsItsLimitAndFindsTheFirstBadByte() throws {
        func read(_ bytes: [UInt8], limit: Int? = nil) throws -> Result<String, InputError> {
            let path = try ScratchDirectory.file(named: "text.swift")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            return ReaderFile(path: path, explicit: true).readText(maximumBytes: limit, kind: "Swift sources")
        }
        let hundred = [UInt8](repeating: 0x61, count: 100)
        #expect(try read(hundred, limit: 100) == .success(String(repeating: "a", count: 100)))
        guard case .failure(let over) = try read(hundred + [0x61], limit: 100) else {
            Issue.record("101 bytes read with a limit of 100")
            return
        }
        #expect(over.location == nil)
        #expect(over.message == "the file has 101 bytes; focusaudit reads Swift sources of at most 100 bytes, so it is not audited")
        #expect(ReaderFile.sizeText(10_000_000) == "10 MB (10,000,000 bytes)")
        #expect(ReaderFile.grouped(1_234_567) == "1,234,567")

        let cases: [([UInt8], line: Int, column: Int, bytes: String)] = [
            ([0xFF], 1, 1, "0xFF"),
            (Array("ab\ncd".utf8) + [0xC0, 0x80], 2, 3, "0xC0 0x80"),
            (Array("a\r\nb\rc\u{D55C}".utf8) + [0xED, 0xA0, 0x80, 0x41, 0x42], 3, 3, "0xED 0xA0 0x80 0x41"),
            ([0xEF, 0xBB, 0xBF] + Array("x".utf8) + [0xE2, 0x82], 1, 2, "0xE2 0x82"),
        ]
        for (bytes, line, column, shown) in cases {
            guard case .failure(let error) = try read(bytes) else {
                Issue.record("\(bytes) read as UTF-8")
                continue
            }
            #expect(error.location == SourceLocation(line: line, column: column), "\(bytes)")
            #expect(error.message == "the file is not valid UTF-8 (bytes \(shown)); the file is not audited", "\(bytes)")
        }
        #expect(try read([0xEF, 0xBB, 0xBF] + Array("\u{D55C}".utf8)) == .success("\u{D55C}"))
    }
}
