import FocusAudit
import Foundation
import SwiftSyntax
import Testing

@testable import FocusAuditSwiftUI

/// Each type's calls are collected once, when its file is indexed (`TypeInfo.calls`), for the passes
/// that look for calls; the list must be what walking the type's bodies finds, in the same order and
/// with the same called names, on every fixture.
struct CallIndexTests {
    @Test(arguments: SwiftUIReaderTests.fixtureFolders)
    func collectedCallsAreTheCallsOfTheBodiesInOrder(folder: String) {
        let files = SwiftUIReaderTests.swiftFiles(in: folder).map {
            ReaderFile(path: SwiftUIReaderTests.root.appendingPathComponent($0).path, explicit: false)
        }
        let project = SwiftProject(files: files, jobs: 2)
        var checked = 0
        for type in project.viewTypes + project.appTypes {
            project.withTrees {
                let walked = type.bodies.flatMap { $0.descendants(FunctionCallExprSyntax.self) }
                #expect(type.calls.map(\.node.id) == walked.map(\.id), "\(type.name)")
                #expect(type.calls.map(\.name) == walked.map { Evaluate.calledName($0) }, "\(type.name)")
                checked += walked.count
            }
        }
        #expect(checked > 0)
    }
}

/// Whether a focus state is bound and assigned (or read) is read from what indexing collected in the
/// same walk as the calls (`FocusUses`); on every fixture it must be what walking the syntax of the type's
/// bodies finds, for every stored property of every view type (focus states and others alike).
struct FocusUseIndexTests {
    @Test(arguments: SwiftUIReaderTests.fixtureFolders)
    func collectedUsesGiveWhatWalkingTheBodiesGives(folder: String) {
        let files = SwiftUIReaderTests.swiftFiles(in: folder).map {
            ReaderFile(path: SwiftUIReaderTests.root.appendingPathComponent($0).path, explicit: false)
        }
        let project = SwiftProject(files: files, jobs: 1)
        var checked = 0
        for type in project.viewTypes {
            for property in type.stored {
                let collected = FocusStateUse.of(property.name, in: type, project: project)
                let walked = project.withTrees { Self.walk(property.name, in: type, project: project) }
                #expect(collected == walked, "\(type.name).\(property.name)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    /// The walk over the syntax that the collected uses replace.
    static func walk(_ name: String, in type: TypeInfo, project: SwiftProject, depth: Int = 0) -> (bound: Bool, assigned: Bool) {
        var bound = false
        var assigned = false
        let dollar = "$" + name
        func plain(_ expr: ExprSyntax) -> String {
            let text = expr.trimmedDescription
            return text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
        }
        var readPlain = false
        var boundPlain = false
        for node in type.bodies {
            var bindingArguments: Set<SyntaxIdentifier> = []
            for call in node.descendants(FunctionCallExprSyntax.self) {
                let called = Evaluate.calledName(call)
                if called == "accessibilityFocused", let first = call.arguments.first {
                    let target = plain(first.expression)
                    if target == name { boundPlain = true }
                    if target == dollar || target == name {
                        bound = true
                        bindingArguments.insert(first.expression.id)
                    }
                } else if called == "toggle", let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                    plain(base) == name
                {
                    assigned = true
                }
            }
            for seq in node.descendants(SequenceExprSyntax.self) {
                let items = Array(seq.elements)
                guard items.count >= 3, items[1].is(AssignmentExprSyntax.self) else { continue }
                let target = plain(items[0])
                if target == name || target == name + ".wrappedValue" || target == dollar + ".wrappedValue"
                    || target == "_" + name + ".wrappedValue"
                {
                    assigned = true
                }
            }
            // Read (not assigned): `focused ? .red : .gray` observes where focus is.
            for reference in node.descendants(DeclReferenceExprSyntax.self) where reference.baseName.text == name {
                var target = Syntax(reference)
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                    guard member.base?.trimmedDescription == "self" else { continue }
                    target = Syntax(member)
                }
                if let sequence = target.parent?.parent?.as(SequenceExprSyntax.self) {
                    let items = Array(sequence.elements)
                    if items.count >= 3, items[1].is(AssignmentExprSyntax.self), items[0].id == target.id { continue }
                }
                assigned = true
                readPlain = true
            }
            for reference in node.descendants(DeclReferenceExprSyntax.self) {
                let text = reference.baseName.text
                guard text == dollar || text == "_" + name else { continue }
                var expr = ExprSyntax(reference)
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == text,
                    member.base?.trimmedDescription == "self"
                {
                    expr = ExprSyntax(member)
                }
                if bindingArguments.contains(expr.id) { continue }
                if expr.parent?.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "wrappedValue" { continue }
                if let argument = expr.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text,
                    let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                    let child = project.type(Evaluate.calledName(call)), child.kind == .view, depth < 3,
                    child.stored.contains(where: { $0.name == label })
                {
                    let inner = walk(label, in: child, project: project, depth: depth + 1)
                    bound = bound || inner.bound
                    assigned = assigned || inner.assigned
                    continue
                }
                bound = true
                assigned = true
            }
        }
        // A binding handed to the view and used by its plain name other than in `.accessibilityFocused`.
        if depth > 0, readPlain, !boundPlain { bound = true }
        return (bound, assigned)
    }
}

/// The index keeps no syntax tree; trees are parsed again when a screen's code is read. Keeping one
/// tree (every other one parsed again when asked for, on two threads) or all of them must read the
/// same document, with the same positions.
struct TreeStoreTests {
    @Test(arguments: SwiftUIReaderTests.fixtureFolders)
    func oneKeptTreeReadsTheSameDocumentAsAllKept(folder: String) {
        let files = SwiftUIReaderTests.swiftFiles(in: folder).map {
            ReaderFile(path: SwiftUIReaderTests.root.appendingPathComponent($0).path, explicit: false)
        }
        func read(kept: Int, jobs: Int) -> String {
            var configuration = Configuration()
            configuration.jobs = jobs
            var reader = SwiftUIReader()
            reader.keptTrees = kept
            return reader.read(files: files, configuration: configuration).document.xml()
        }
        let all = read(kept: 10_000, jobs: 1)
        #expect(all.contains("<screen"))
        #expect(read(kept: 1, jobs: 2) == all)
        #expect(read(kept: 1, jobs: 1) == all)
    }

    @Test func treesAreParsedAgainOnlyWhenNotKept() {
        let folder = "Tests/fixtures/swiftui/01-list-detail"
        let files = SwiftUIReaderTests.swiftFiles(in: folder).map {
            ReaderFile(path: SwiftUIReaderTests.root.appendingPathComponent($0).path, explicit: false)
        }
        #expect(files.count > 1)
        let kept = SwiftProject(files: files, jobs: 1, keptTrees: files.count)
        let one = SwiftProject(files: files, jobs: 1, keptTrees: 1)
        for project in [kept, one] {
            for type in project.viewTypes {
                _ = project.withTrees { type.computed["body"]?.body.trimmedDescription }
            }
        }
        #expect(kept.store.reparsed == 0)
        #expect(one.store.reparsed > 0)
        // In one piece of work, a file is parsed at most once.
        let before = one.store.reparsed
        one.withTrees {
            for _ in 0..<3 {
                for type in one.viewTypes { _ = type.computed["body"]?.body }
            }
        }
        #expect(one.store.reparsed - before <= files.count)
    }

    /// A project of up to `TreeStore.keptWhole` files keeps every tree: reading it parses no file
    /// twice. A larger one keeps a few and parses the others again when asked for.
    @Test func aSmallProjectKeepsEveryTree() {
        #expect(TreeStore.defaultCapacity(jobs: 2, files: 5) == 5)
        #expect(TreeStore.defaultCapacity(jobs: 2, files: TreeStore.keptWhole) == TreeStore.keptWhole)
        #expect(TreeStore.defaultCapacity(jobs: 2, files: TreeStore.keptWhole + 1) == 8)
        #expect(TreeStore.defaultCapacity(jobs: 4, files: 2_000) == 16)
        let folder = "Tests/fixtures/swiftui/01-list-detail"
        let files = SwiftUIReaderTests.swiftFiles(in: folder).map {
            ReaderFile(path: SwiftUIReaderTests.root.appendingPathComponent($0).path, explicit: false)
        }
        let project = SwiftProject(files: files, jobs: 2)
        let catalog = ScreenCatalog(project: project, transition: 0.5, jobs: 2)
        for type in project.viewTypes where catalog.isScreen(type.name) {
            _ = project.withTrees {
                ViewTranslator(project: project, screens: catalog, components: [:]).screen(type)
            }
        }
        #expect(project.store.reparsed == 0)
    }
}

/// A control's action is walked once per screen (`WalkedCode`) for what it navigates to and how it
/// records the activation; the calls and sequences of one walk must be those the separate walks it
/// replaces find, in order, for every closure and body of every fixture.
struct WalkedCodeTests {
    @Test(arguments: SwiftUIReaderTests.fixtureFolders)
    func oneWalkFindsWhatTheSeparateWalksFind(folder: String) {
        let files = SwiftUIReaderTests.swiftFiles(in: folder).map {
            ReaderFile(path: SwiftUIReaderTests.root.appendingPathComponent($0).path, explicit: false)
        }
        let project = SwiftProject(files: files, jobs: 1)
        var checked = 0
        for type in project.viewTypes {
            project.withTrees {
                for body in type.bodies {
                    for node in [body] + body.descendants(ClosureExprSyntax.self).map(Syntax.init) {
                        let walked = WalkedCode(node)
                        #expect(walked.calls.map(\.id) == node.descendants(FunctionCallExprSyntax.self).map(\.id))
                        #expect(walked.sequences.map(\.id) == node.descendants(SequenceExprSyntax.self).map(\.id))
                        checked += walked.calls.count
                    }
                }
            }
        }
        #expect(checked > 0)
    }
}

/// The screen catalog reads each view type's code on `--jobs` threads and puts the results together
/// in type order: the same screens, roots and value destinations with one thread or two.
struct ScreenCatalogJobsTests {
    @Test(arguments: SwiftUIReaderTests.fixtureFolders)
    func oneAndTwoJobsMakeTheSameCatalog(folder: String) {
        let files = SwiftUIReaderTests.swiftFiles(in: folder).map {
            ReaderFile(path: SwiftUIReaderTests.root.appendingPathComponent($0).path, explicit: false)
        }
        let project = SwiftProject(files: files, jobs: 2, keptTrees: 1)
        let one = ScreenCatalog(project: project, transition: 0.5, jobs: 1)
        let two = ScreenCatalog(project: project, transition: 0.5, jobs: 2)
        #expect(!one.screens.isEmpty)
        #expect(one.screens == two.screens)
        #expect(one.roots == two.roots)
    }
}
