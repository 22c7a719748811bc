import Foundation
import Testing

@testable import FocusAudit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The one list of the format's attributes (`AttributeVocabulary.all`) against what is derived
/// from it and against the two schemas in docs/, which are written by hand.
@Suite struct AttributeVocabularyTests {
    typealias Places = AttributeVocabulary.Places
    static let places: [(String, Places)] = [("app", .app), ("screen", .screen), ("view", .view), ("focus state", .focusState)]

    @Test func everyNumberedAttributeIsListedOnceWithItsJSONSpelling() {
        let listed = AttributeVocabulary.all.map(\.key.rawValue)
        #expect(Set(listed).count == listed.count, "an attribute is listed twice")
        #expect(Set(AttributeVocabulary.all.map(\.xml)).count == listed.count)
        // Every number but `other` and `schema` has an entry.
        let numbered = (AttributeKey.schema.rawValue + 1)...AttributeKey.assigned.rawValue
        #expect(Set(listed) == Set(numbered))
        for entry in AttributeVocabulary.all {
            #expect(!entry.places.isEmpty, "\(entry.xml) is allowed nowhere")
            // Messages about JSON files spell names with `Dialect.json`: it must give the key.
            #expect(DescriptionBuilder.Dialect.json.spell(entry.xml) == entry.json)
            #expect(AttributeKey(entry.xml) == entry.key)
        }
        #expect(AttributeKey("xmlns:xsi") == .schema)
        #expect(AttributeKey("$schema") == .schema)
        #expect(AttributeKey("restoreFocus") == .other)
    }

    @Test func theBuilderTakesWhatTheListAllows() {
        #expect(DescriptionBuilder.appAttributes.isSuperset(of: ["name", "transition", "language"]))
        #expect(!DescriptionBuilder.appAttributes.contains("label"))
        #expect(DescriptionBuilder.focusStateAttributes == ["name", "bound", "assigned"])
        #expect(DescriptionBuilder.screenAttributes.contains("restore-delay"))
        #expect(!DescriptionBuilder.viewAttributes.contains("restore-delay"))
        #expect(DescriptionBuilder.viewAttributes.isSuperset(of: ["id", "capture", "on-tap", "minimum-scale-factor"]))
    }

    /// A JSON description written with the list's keys reads as its XML twin written with the
    /// list's names: no key is unknown to the JSON reader.
    @Test func everyJSONKeyIsReadAsItsAttribute() {
        var json: [String] = []
        for entry in AttributeVocabulary.all where entry.places.contains(.view) && entry.key != .id {
            json.append("\"\(entry.json)\": 1")
        }
        let text = "{\"screens\": [{\"id\": \"a\", \"body\": [{\"view\": \"Button\", \(json.joined(separator: ", "))}]}]}"
        let audit = Auditor.audit(text: text, file: "all.json")
        let unknown = audit.findings.filter { $0.message.contains("unknown") }
        #expect(unknown.isEmpty, "\(unknown.map(\.message))")
    }

    static func xsdAttributes() throws -> [String: Set<String>] {
        let url = URL(fileURLWithPath: DocumentationTests.root + "/docs/focusaudit.xsd")
        let document = try XMLDocument(contentsOf: url, options: [])
        let schema = try #require(document.rootElement())
        func children(_ element: XMLElement, _ name: String, named: String? = nil) -> [XMLElement] {
            element.elements(forName: "xs:" + name).filter { named == nil || $0.attribute(forName: "name")?.stringValue == named }
        }
        func attributes(_ type: XMLElement?) -> Set<String> {
            Set((type.map { children($0, "attribute") } ?? []).compactMap { $0.attribute(forName: "name")?.stringValue })
        }
        let app = try #require(children(schema, "element", named: "app").first)
        let appType = children(app, "complexType").first
        let screen = appType.flatMap { children($0, "sequence").first }.flatMap { children($0, "element", named: "screen").first }
        let focusState = children(schema, "element", named: "AccessibilityFocusState").first
        let viewGroup = try #require(children(schema, "attributeGroup", named: "viewAttributes").first)
        return [
            "app": attributes(appType),
            "screen": attributes(screen.flatMap { children($0, "complexType").first }),
            "view": Set(children(viewGroup, "attribute").compactMap { $0.attribute(forName: "ref")?.stringValue }),
            "focus state": attributes(focusState.flatMap { children($0, "complexType").first }),
        ]
    }

    @Test func theXMLSchemaListsTheSameAttributes() throws {
        let xsd = try Self.xsdAttributes()
        for (place, bit) in Self.places {
            let listed = AttributeVocabulary.names(on: bit)
            #expect(xsd[place] == listed, "\(place): the XSD has \(xsd[place] ?? []), the list \(listed)")
        }
    }

    @Test func theJSONSchemaListsTheSameKeys() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: DocumentationTests.root + "/docs/focusaudit.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        func keys(_ object: Any?) -> Set<String> {
            Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        func json(_ places: Places) -> Set<String> {
            Set(AttributeVocabulary.all.filter { !$0.places.isDisjoint(with: places) }.map(\.json))
        }
        // Keys that are structure, not attributes: where children and screens go, the view type,
        // suppressions and the schema's own location.
        let structure: Set<String> = ["$schema", "screens", "body", "view", "focusauditDisable"]
        #expect(keys(schema).subtracting(structure) == json(.app))
        #expect(keys(defs["screen"]).subtracting(structure) == json(.screen))
        // A focus state is a view object whose `view` is `AccessibilityFocusState`.
        #expect(keys(defs["view"]).subtracting(structure) == json([.view, .focusState]))
    }
}
