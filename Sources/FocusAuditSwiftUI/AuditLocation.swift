import FocusAudit

/// The core's position type; swift-syntax has one of the same name.
typealias AuditLocation = SourceLocation
