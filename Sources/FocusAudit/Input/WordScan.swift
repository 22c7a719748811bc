extension UInt64 {
    /// The high bit of each byte of the word that is zero, and no other bit. Exact per byte: the
    /// addition cannot carry from one byte into the next. With `word ^ repeated(b)` it marks the
    /// bytes equal to `b`; scanners use it to handle eight bytes at a time.
    @inline(__always)
    var zeroByteMask: UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((self & low7) &+ low7) | self | low7)
    }

    /// The word whose eight bytes are all `byte`.
    @inline(__always)
    static func repeated(_ byte: UInt8) -> UInt64 {
        UInt64(byte) &* 0x0101_0101_0101_0101
    }
}
