/// Stable identities of findings, independent of line numbers: rule, file and element path, plus
/// the finding's rank among findings with that same triple (so two findings of one rule on one
/// element stay apart). Baselines and SARIF `partialFingerprints` use them, so inserting lines
/// above a finding keeps its identity.
public enum Fingerprint {
    /// Fingerprints of `findings`, in the same order.
    public static func of(_ findings: some Sequence<Finding>) -> [String] {
        var ranks = Ranks()
        return findings.map { ranks.fingerprint(of: $0) }
    }

    /// Fingerprints one finding at a time, for findings taken in the same order `of` gets them.
    struct Ranks {
        private var seen: [String: Int] = [:]

        mutating func fingerprint(of finding: Finding) -> String {
            let key = "\(finding.rule)\u{1F}\(finding.file)\u{1F}\(finding.element)"
            let rank = seen[key, default: 0]
            seen[key] = rank + 1
            return hash(key + "\u{1F}\(rank)")
        }
    }

    /// 64-bit FNV-1a, as 16 hex digits: short, stable across runs and platforms.
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
