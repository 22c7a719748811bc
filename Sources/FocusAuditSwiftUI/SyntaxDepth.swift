@_spi(RawSyntax) import SwiftSyntax

/// How deep a syntax tree is, measured on swift-syntax's raw nodes (no node objects are made), with
/// a stack of its own rather than recursion, so that any tree can be measured.
enum SyntaxDepth {
    /// Whether some node of `tree` is more than `limit` nodes below the root (the root is at 1).
    static func exceeds(_ limit: Int, _ tree: SourceFileSyntax) -> Bool {
        var stack: [(node: RawSyntax, depth: Int)] = [(tree.raw, 1)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return true }
            guard let layout = node.layoutView else { continue }
            for child in layout.children {
                if let child { stack.append((child, depth + 1)) }
            }
        }
        return false
    }
}
