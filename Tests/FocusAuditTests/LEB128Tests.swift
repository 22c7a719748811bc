import TestSupport
import Testing

@testable import FocusAudit

/// The one LEB128 encoding the element store, the pending links' table and a large JSON body's view
/// offsets share: its four ways in and out agree with each other and with the byte layout.
@Suite struct LEB128Tests {
    /// Each length boundary (7, 14, … bits), one either side, and numbers in between.
    static let values: [Int] = {
        var values = [0, 1, 0x7F, 0x80, 0x81, 300, 0x3FFF, 0x4000, 65_535, 1 << 32, Int.max]
        for bits in stride(from: 7, to: 63, by: 7) {
            values += [(1 << bits) - 1, 1 << bits, (1 << bits) + 1]
        }
        var generator = SplitMix(seed: 128)
        for _ in 0..<2_000 { values.append(Int(generator.next() >> (1 + generator.next() % 63))) }
        return values
    }()

    @Test func numbersReadBackAsWrittenInTheBytesTheyAreSaidToTake() {
        var appended: [UInt8] = []
        for value in Self.values {
            let before = appended.count
            LEB128.append(value, to: &appended)
            #expect(appended.count - before == LEB128.byteCount(value), "\(value)")
            // Every byte but the last has its high bit set.
            #expect(appended[before..<(appended.count - 1)].allSatisfy { $0 >= 0x80 } && appended.last! < 0x80)
        }
        let written = [UInt8](unsafeUninitializedCapacity: appended.count) { buffer, count in
            var p = buffer.baseAddress!
            for value in Self.values { p = LEB128.write(value, at: p) }
            count = p - buffer.baseAddress!
        }
        #expect(written == appended)
        var position = 0
        for value in Self.values { #expect(LEB128.read(appended, at: &position) == value) }
        #expect(position == appended.count)
        appended.withUnsafeBufferPointer { buffer in
            var p = buffer.baseAddress!
            for value in Self.values {
                let (read, end) = LEB128.read(at: p)
                #expect(read == value)
                p = end
            }
            #expect(p == buffer.baseAddress! + buffer.count)
        }
    }

    @Test func smallNumbersTakeOneByteAndThreeHundredTakesTwo() {
        var bytes: [UInt8] = []
        LEB128.append(0x7F, to: &bytes)
        LEB128.append(300, to: &bytes)
        #expect(bytes == [0x7F, 0xAC, 0x02])
    }
}
