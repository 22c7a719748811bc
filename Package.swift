// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "focusaudit",
    products: [
        .executable(name: "focusaudit", targets: ["FocusAuditCLI"]),
        .library(name: "FocusAudit", targets: ["FocusAudit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(
            name: "FocusAudit",
            dependencies: ["CLibXML", "CLibYAML"]
        ),
        .executableTarget(
            name: "FocusAuditCLI",
            dependencies: [
                "FocusAudit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "FocusAuditTests",
            dependencies: ["FocusAudit"]
        ),
        .testTarget(
            name: "FocusAuditCLITests",
            dependencies: ["FocusAuditCLI"]
        ),
    ]
)
