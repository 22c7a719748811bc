/// Decimal numbers written as text, read without a locale: attribute values and configuration
/// settings.
enum DecimalText {
    /// A plain decimal (`0.6`, `1`, `.5`), as configuration files may write it; rejects `nan`, `inf`,
    /// hex and exponents users would not write.
    static func parse(_ s: String) -> Double? {
        // The usual value (`0.6`) needs no trimming or checking first.
        if let exact = exact(s) { return exact }
        let t = s.trimmingWhitespace()
        var dots = 0
        var digits = 0
        for byte in t.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"): break
            default: return nil
            }
        }
        guard digits > 0, dots <= 1 else { return nil }
        if let exact = exact(t) { return exact }
        return Double(t.hasPrefix(".") ? "0" + t : t)
    }

    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { r, _ in r * 10 } }

    /// A short decimal (`0.6`, `-1.25`) without going through text-to-number conversion: with at most
    /// 15 digits the digits form an integer a `Double` holds exactly, and dividing it by an exact
    /// power of ten is one correctly rounded operation, so the result is the one `Double(_:)` gives.
    /// Nil for anything else (more digits, a sign in the middle), which is left to `Double(_:)`.
    static func exact(_ text: String) -> Double? {
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = -1
        var negative = false
        for (i, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Past 15 digits the mantissa could overflow (20 digits do): left to `Double(_:)`.
                digits += 1
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                if fraction >= 0 { fraction += 1 }
            case UInt8(ascii: "."):
                guard fraction < 0 else { return nil }
                fraction = 0
            case UInt8(ascii: "-") where i == 0:
                negative = true
            case UInt8(ascii: "+") where i == 0:
                break
            default:
                return nil
            }
        }
        guard digits > 0, digits <= 15, fraction <= 22 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[max(fraction, 0)]
        return negative ? -value : value
    }
}
