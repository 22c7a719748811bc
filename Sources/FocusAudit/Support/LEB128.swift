/// Unsigned LEB128 numbers, the one variable-length encoding of focusaudit's compact stores: seven
/// bits a byte, the lowest first, with the high bit set on every byte but the last, so a number under
/// 128 takes one byte. String lengths in a screen's element store and in the pending links' table,
/// and the gaps between a large JSON body's view offsets, are written this way.
enum LEB128 {
    /// The bytes `value` (not negative) takes.
    @inline(__always) static func byteCount(_ value: Int) -> Int {
        var bytes = 1
        var rest = value &>> 7
        while rest != 0 {
            bytes += 1
            rest &>>= 7
        }
        return bytes
    }

    /// Appends `value` (not negative) to `bytes`.
    @inline(__always) static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest &>>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    /// Writes `value` (not negative) at `p`, which has room for `byteCount(value)` bytes; returns
    /// the address after it.
    @inline(__always) static func write(_ value: Int, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var p = p
        var rest = value
        while rest >= 0x80 {
            p.pointee = UInt8(truncatingIfNeeded: rest) | 0x80
            p += 1
            rest &>>= 7
        }
        p.pointee = UInt8(truncatingIfNeeded: rest)
        return p + 1
    }

    /// The number at `p`, and the address after it.
    @inline(__always) static func read(at p: UnsafePointer<UInt8>) -> (value: Int, end: UnsafePointer<UInt8>) {
        var p = p
        var value = 0
        var shift = 0
        while true {
            let byte = p.pointee
            p += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return (value, p) }
            shift += 7
        }
    }

    /// The number at `position` of `bytes`, moving `position` past it.
    @inline(__always) static func read<Bytes: RandomAccessCollection>(_ bytes: Bytes, at position: inout Int) -> Int
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var value = 0
        var shift = 0
        while true {
            let byte = bytes[position]
            position += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
