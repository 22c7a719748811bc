/// How findings name the Interface Builder scene an element belongs to. Controller ids mean nothing
/// to a reader, so a message about an element of a scene starts with the scene's name
/// (`FriendsViewController ("친구"): Button …`), and a message about a view outside its scene's view
/// hierarchy ends by saying so. Messages about a screen itself already name it in their sentence
/// (`Screen.sceneName` is its display name), and descriptions have no scenes, so neither changes.
///
/// `FindingCollector` applies these names as a rule reports, so what a rule reports is the message
/// a user reads; nothing rewrites it afterwards.
public struct SceneNames: Sendable {
    /// Scene names by screen path (`screen[vc-1]`).
    private var names: [String: String] = [:]
    /// Views outside their scene's view hierarchy, by element path, with the outlet that names them.
    private var outside: [String: String] = [:]

    public init() {}

    /// The names of `screens`' scenes.
    public init(_ screens: some Sequence<Screen>) {
        for screen in screens { add(screen) }
    }

    /// Whether no scene has a name: messages are then left as rules write them.
    @inline(__always) public var isEmpty: Bool { names.isEmpty }

    /// Takes the name of `screen`'s scene, if it has one, and its views outside the hierarchy.
    public mutating func add(_ screen: Screen) {
        guard let name = screen.sceneName else { return }
        names[screen.path] = name
        if !screen.outsideHierarchy.isEmpty { outside.merge(screen.outsideHierarchy) { first, _ in first } }
    }

    /// Takes `other`'s names too; where both name a screen, this one's name stays.
    public mutating func merge(_ other: SceneNames) {
        names.merge(other.names) { first, _ in first }
        outside.merge(other.outside) { first, _ in first }
    }

    /// What a message about the element at `path` starts and ends with; nil when the element is
    /// not below a named scene (or is the screen itself).
    public func framing(ofElementAt path: String) -> (prefix: String, suffix: String)? {
        guard !names.isEmpty, let screen = ElementPath.screenStep(of: path), let name = names[screen] else { return nil }
        var suffix = ""
        if let outlet = outsideOutlet(of: path) {
            suffix =
                " (this view is outside the scene's view hierarchy: it is on screen only if code adds it"
                + (outlet.isEmpty ? ")" : ", through outlet '\(outlet)')")
        }
        return (name + ": ", suffix)
    }

    /// `message` as it reads about the element at `path`: framed by its scene, if it has one.
    public func message(_ message: String, aboutElementAt path: String) -> String {
        guard let framing = framing(ofElementAt: path) else { return message }
        return framing.prefix + message + framing.suffix
    }

    /// The outlet of the outermost view outside its scene's view hierarchy that holds the element
    /// at `path` (the view itself or an ancestor).
    private func outsideOutlet(of path: String) -> String? {
        guard !outside.isEmpty else { return nil }
        var found: (prefix: String, outlet: String)?
        for (prefix, outlet) in outside where path == prefix || path.hasPrefix(prefix + "/") {
            if let current = found, current.prefix.utf8.count <= prefix.utf8.count { continue }
            found = (prefix, outlet)
        }
        return found?.outlet
    }
}

extension ElementPath {
    /// The `screen[…]` step of an element path below a screen; nil for the screen itself or `app`.
    public static func screenStep(of path: String) -> String? {
        var escaped = false
        for i in path.indices {
            let c = path[i]
            if escaped {
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "/" {
                return String(path[..<i])
            }
        }
        return nil
    }
}
