import FocusAudit
import SwiftSyntax
import TestSupport
import Testing

@testable import FocusAuditSwiftUI

/// Lines and columns of positions in SwiftUI source: counted from checkpoints, they must be what
/// counting the scalars from the start of each line gives, across checkpoints, multi-byte
/// characters, CRLF and lone CR line ends.
struct LineTableTests {
    /// The location counted the plain way: the last line start at or before the offset (after an
    /// LF, a CRLF or a lone CR), then the scalars from there.
    static func plainLocation(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var start = 0
        var i = 0
        while i < offset {
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            if (bytes[i] == 0x0A || bytes[i] == 0x0D) && i + 1 <= offset {
                line += 1
                start = i + 1
            }
            i += 1
        }
        let column = 1 + bytes[start..<offset].filter { $0 & 0xC0 != 0x80 }.count
        return (line, column)
    }

    @Test(arguments: [1, 2, 3])
    func locationsAreThoseCountedFromTheLineStart(seed: UInt64) {
        var generator = SplitMix(seed: seed)
        let pieces = ["a", "한", "😀", "é", "\n", "\r\n", "\r", String(repeating: "x", count: 5000), "Button(\"\")"]
        var text = ""
        while text.utf8.count < 3 * LineTable.stride * 4 {
            text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
        let table = LineTable(text)
        let bytes = Array(text.utf8)
        // Every offset that starts a scalar, near the checkpoints and at random.
        var offsets = Set((0..<200).map { _ in Int.random(in: 0...bytes.count, using: &generator) })
        for k in 0...(bytes.count / LineTable.stride) {
            for d in -3...3 { offsets.insert(k * LineTable.stride + d) }
        }
        offsets.insert(bytes.count)
        for offset in offsets.sorted() where offset >= 0 && offset <= bytes.count {
            guard offset == bytes.count || bytes[offset] & 0xC0 != 0x80 else { continue }
            let expected = Self.plainLocation(bytes, offset)
            let found = table.location(of: AbsolutePosition(utf8Offset: offset))
            #expect(found.line == expected.line && found.column == expected.column, "offset \(offset)")
        }
    }
}
