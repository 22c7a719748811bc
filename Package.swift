// swift-tools-version:6.0
import PackageDescription

// Linux: the system's libxml2 and libyaml, found through pkg-config (`apt-get install libxml2-dev
// libyaml-dev`). macOS: libyaml from Homebrew (`brew install libyaml`); libxml2 from Homebrew when it
// is installed (SwiftPM looks in `$(brew --prefix)/opt/libxml2/lib/pkgconfig` for a brew provider,
// without needing the pkg-config tool), otherwise the SDK's own libxml2 module
// (Sources/CLibXML/shim.h). macOS 15 is the first with the Synchronization module's Mutex.
let package = Package(
    name: "focusaudit",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "focusaudit", targets: ["FocusAuditCLI"]),
        .library(name: "FocusAudit", targets: ["FocusAudit"]),
        .library(name: "FocusAuditSwiftUI", targets: ["FocusAuditSwiftUI"]),
        .plugin(name: "FocusAuditCommand", targets: ["FocusAuditCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // SwiftUI source is read with swift-syntax, in its own target, so the core stays light.
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML",
            pkgConfig: "libxml-2.0",
            providers: [.brew(["libxml2"]), .apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.brew(["libyaml"]), .apt(["libyaml-dev"])]
        ),
        .target(
            name: "FocusAudit",
            dependencies: ["CLibXML", "CLibYAML"]
        ),
        .target(
            name: "FocusAuditSwiftUI",
            dependencies: [
                "FocusAudit",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "FocusAuditCLI",
            dependencies: [
                "FocusAudit",
                "FocusAuditSwiftUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `swift package focusaudit check …` in a package that depends on this one.
        .plugin(
            name: "FocusAuditCommand",
            capability: .command(
                intent: .custom(
                    verb: "focusaudit",
                    description: "Audit UI descriptions for lost VoiceOver focus and other accessibility problems"
                )
            )
        ),
        // Helpers shared by the test suites (a seeded random number generator, a configuration with
        // every opt-in rule turned on, scratch directories removed when the test process exits).
        .target(
            name: "TestSupport",
            dependencies: ["FocusAudit"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "FocusAuditTests",
            dependencies: ["FocusAudit", "TestSupport"]
        ),
        .testTarget(
            name: "FocusAuditSwiftUITests",
            dependencies: [
                "FocusAuditSwiftUI", "FocusAudit", "TestSupport",
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "FocusAuditCLITests",
            dependencies: ["FocusAuditCLI", "TestSupport"]
        ),
    ]
)
