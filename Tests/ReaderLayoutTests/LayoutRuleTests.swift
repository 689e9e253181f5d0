import ReaderLayout
import TestSupport
import Testing

/// The rules' quotes really are the spec's sentences, and every rule decides something.
@Suite struct LayoutRuleTests {
    @Test(
        "Every quote is a sentence of spec/reader-navigation-and-toolbars.txt",
        .enabled(if: Required.runs(SharedSpec.isAvailable()), "\(SharedSpec.missingMessage)"),
        arguments: LayoutRule.allCases
    )
    func quotesAreInTheSpec(rule: LayoutRule) throws {
        let spec = try #require(SharedSpec.normalizedText())
        for quote in rule.quotes {
            let found = spec.contains(SharedSpec.normalizingWhitespace(quote))
            #expect(found, "not in the spec: \(rule): \(quote)")
        }
    }

    @Test(
        "A rule without a quote says what the resolver chose where the spec is silent", arguments: LayoutRule.allCases)
    func silentRulesSaySo(rule: LayoutRule) {
        #expect(!rule.quotes.isEmpty || rule.silence != nil)
        #expect(rule.explanation.contains("spec is silent: ") == (rule.silence != nil))
        for quote in rule.quotes { #expect(rule.explanation.contains("\"\(quote)\"")) }
    }

    @Test("Every rule decides some field of some environment")
    func everyRuleIsReachable() throws {
        var decided: Set<LayoutRule> = []
        for environment in ReaderEnvironment.everyCombination {
            let rules = LayoutResolver.resolve(environment).rules
            for field in LayoutPlan.Field.allCases { decided.insert(rules[field]) }
        }
        for script in ["down:60", "down:60 up:60", "down:60 top", "down:60 tap", "down:60 navigate"] {
            let controls = ControlsCollapseState().handling(try ControlsCollapseState.Event.script(script))
            decided.insert(LayoutResolver.resolve(ReaderEnvironment(), controls: controls).rules.controlsState)
        }
        #expect(decided == Set(LayoutRule.allCases))
    }
}
