/// `focusaudit simulate`: every journey as one readable line.
public enum SimulationReporter {
    public static func render(_ audit: FileAudit, lostOnly: Bool = false) -> String {
        let lost = audit.journeys.filter(\.isLost).count
        var out = "\(Escaping.terminal(audit.appName ?? audit.file)) (\(Escaping.terminal(audit.file))), transition \(Format.seconds(audit.transition)): "
        out += "\(TextReporter.plural(audit.journeys.count, "journey")), \(lost) losing focus\n"
        for journey in audit.journeys where !lostOnly || journey.isLost {
            out += Escaping.terminal(line(for: journey, in: audit.graph))
            out += "\n"
        }
        return out
    }

    public static func line(for journey: Journey, in graph: NavigationGraph) -> String {
        let link = journey.link
        let screen = graph.screens[link.screen]
        var steps = [screen.id.isEmpty ? screen.path : screen.id, "activate \(link.displayName)"]
        steps.append("\(link.navigation.presentation.verb) \(link.navigation.target)")
        switch journey.route {
        case .back:
            steps.append(link.navigation.presentation.isPush ? "back" : "dismiss")
        case .popToRoot(let from):
            steps.append("…")
            steps.append("pop to root from \(from)")
        }
        let result: String
        switch journey.outcome {
        case .restored(let delay):
            result =
                "focus lands on \(link.displayName) ✓ restored after \(Format.seconds(delay))"
                + (journey.unreliable ? " ⚠ recorded by a tap gesture, which VoiceOver activation can skip" : "")
        case .landsOnElement:
            result =
                "focus lands on \(link.displayName) ✓ "
                + (screen.defaultFocusName != nil ? "it is the screen's default focus" : "it is the first element VoiceOver reads")
        case .returnedBySystem:
            result = "focus returns to \(link.displayName) ✓ the system returns focus to the presenting control"
        case .restoredOnDismiss:
            result =
                "focus returns to \(link.displayName) ✓ restored when the \(link.navigation.presentation == .fullScreenCover ? "cover" : link.navigation.presentation.rawValue) is dismissed"
        case .lost(let causes):
            let modal = !link.navigation.presentation.isPush
            var notRestoring = false
            let reasons = causes.map { cause -> String in
                if case .notRestoring = cause {
                    notRestoring = true
                    return modal && screen.restores
                        ? "nothing moves focus back when the \(link.navigation.presentation == .fullScreenCover ? "cover" : link.navigation.presentation.rawValue) is dismissed"
                        : "the screen does not restore focus"
                }
                return cause.explanation
            }
            if !notRestoring && (screen.restores || ((link.restoresOnDismiss ?? screen.restoresOnDismiss) && modal)) {
                result =
                    "restoration fails ✗ lost: " + reasons.joined(separator: "; ")
                    + "; focus falls back to \(screen.landing)"
            } else {
                result = "focus lands on \(screen.landing) ✗ lost: " + reasons.joined(separator: "; ")
            }
        }
        steps.append(result)
        return steps.joined(separator: " ▸ ")
    }
}
