import Foundation
import ReaderLayout
import Testing

/// The plan object of `lectern layout --json` and `--scenarios`: exactly its keys, in order, valid JSON.
@Suite struct LayoutPlanJSONTests {
    private static let keys = [
        "controlsEdge", "edgeRule", "tabBar", "tabBarState", "bookChapterPicker", "versionPicker", "previousNext",
        "search", "menu", "menuStyle", "menuItems", "hostNavigationBar", "hostNavigationBarVisible", "verticalToolbar",
        "readerControlsState", "hiddenControls", "requiresHostNavigationStack", "createsNavigationStack", "changesSelectedTab",
        "warnings",
    ]

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("A plan object has exactly the documented keys, in order, with the plan's values")
    func planObjectKeysAndValues() throws {
        let environments = ReaderEnvironment.everyCombination.filter { $0.osVersion >= 26 }
        for environment in environments {
            let plan = LayoutResolver.plan(for: environment)
            let text = plan.jsonText
            let decoded = try object(text)
            #expect(Set(decoded.keys) == Set(Self.keys))
            let order = Self.keys.compactMap { key in text.range(of: "\"\(key)\":")?.lowerBound }
            #expect(order == order.sorted() && order.count == Self.keys.count, "keys in the documented order")
            #expect(decoded["controlsEdge"] as? String == plan.controlsEdge.rawValue)
            #expect(decoded["search"] as? String == plan.search.rawValue)
            #expect(decoded["menuItems"] as? [String] == plan.menuItems.map(\.rawValue))
            #expect(decoded["requiresHostNavigationStack"] as? Bool == plan.requiresHostNavigationStack)
            #expect(decoded["changesSelectedTab"] as? Bool == false)
            #expect(decoded["tabBar"] as? String == environment.tabBar.rawValue)
            #expect(decoded["hostNavigationBarVisible"] as? Bool == plan.hostNavigationBarVisible)
            #expect(decoded["warnings"] as? [String] == plan.warnings.map(\.rawValue))
            #expect(decoded["hiddenControls"] as? [String] == plan.hiddenControls.map(\.rawValue))
        }
    }

    @Test("Explained output wraps the plan and gives each field its rule; quotes survive escaping")
    func explainedObject() throws {
        let resolution = LayoutResolver.resolve(ReaderEnvironment(osVersion: 27, tabBar: .top, stack: .shared))
        let decoded = try object(resolution.jsonText(explained: true))
        #expect(Set(decoded.keys) == ["plan", "rules"])
        let plan = try #require(decoded["plan"] as? [String: Any])
        #expect(Set(plan.keys) == Set(Self.keys))
        let rules = try #require(decoded["rules"] as? [String: [String: Any]])
        #expect(Set(rules.keys) == Set(Self.keys))
        for field in LayoutPlan.Field.allCases {
            let rule = try #require(rules[field.rawValue])
            #expect(Set(rule.keys) == ["rule", "sentence", "inputs", "explanation"])
            #expect(rule["rule"] as? String == resolution.rules[field].rawValue)
            #expect(rule["sentence"] as? String == resolution.decidingSentence(for: field))
            #expect(rule["inputs"] as? [String] == resolution.inputs(for: field))
            #expect(rule["explanation"] as? String == resolution.explanation(for: field))
        }
    }

    @Test("A list of resolutions is a JSON array in the same order")
    func arrayOfPlans() throws {
        let environments = [ReaderEnvironment(tabBar: .top), ReaderEnvironment(tabBar: .bottom), ReaderEnvironment()]
        let text = LayoutResolution.jsonText(environments.map(LayoutResolver.resolve), explained: false)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(decoded.map { $0["controlsEdge"] as? String } == ["bottom", "top", "bottom"])
        #expect(LayoutResolution.jsonText([], explained: false) == "[]\n")
    }
}
