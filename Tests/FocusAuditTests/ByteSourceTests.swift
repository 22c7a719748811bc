import Foundation
import Testing

@testable import FocusAudit

/// Files read whole (the JSON reader's input) come back byte for byte, whatever their size.
@Suite struct ByteSourceTests {
    private func readWhole(_ bytes: [UInt8]) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("focusaudit-bytes-\(UUID().uuidString).json").path
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
}
