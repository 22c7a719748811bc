import FocusAudit
import Foundation
import SwiftSyntax
import Testing

@testable import FocusAuditSwiftUI

/// Each type's calls are collected once (`TypeInfo.calls`) for the passes that look for calls; the
/// list must be what walking the type's bodies finds, in the same order, on every fixture.
struct CallIndexTests {
    @Test(arguments: SwiftUIReaderTests.fixtureFolders)
    func collectedCallsAreTheCallsOfTheBodiesInOrder(folder: String) {
        let files = SwiftUIReaderTests.swiftFiles(in: folder).map {
            ReaderFile(path: SwiftUIReaderTests.root.appendingPathComponent($0).path, explicit: false)
        }
        let project = SwiftProject(files: files, jobs: 2)
        var checked = 0
        for type in project.viewTypes + project.appTypes {
            let walked = type.bodies.flatMap { $0.descendants(FunctionCallExprSyntax.self) }.map(\.id)
            #expect(type.calls.map(\.id) == walked, "\(type.name)")
            checked += walked.count
        }
        #expect(checked > 0)
    }
}
