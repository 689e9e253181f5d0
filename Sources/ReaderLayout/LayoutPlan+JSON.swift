import ScriptureModel

extension LayoutPlan {
    /// The plan as a JSON object with exactly the keys of `Field`, in that order, in the one compact style of `--json` (one line).
    public var jsonText: String { jsonValue.line }

    package var jsonValue: JSONValue {
        .object(
            Field.allCases.map { field in
                switch field {
                case .menuItems: (field.rawValue, .array(menuItems.map { .string($0.rawValue) }))
                case .requiresHostNavigationStack: (field.rawValue, .bool(requiresHostNavigationStack))
                case .createsNavigationStack: (field.rawValue, .bool(createsNavigationStack))
                case .changesSelectedTab: (field.rawValue, .bool(changesSelectedTab))
                case .hostNavigationBarVisible: (field.rawValue, .bool(hostNavigationBarVisible))
                case .warnings: (field.rawValue, .array(warnings.map { .string($0.rawValue) }))
                case .hiddenControls: (field.rawValue, .array(hiddenControls.map { .string($0.rawValue) }))
                default: (field.rawValue, .string(word(for: field)))
                }
            }
        )
    }
}

extension LayoutResolution {
    /// The plan as JSON; when `explained`, an object
    /// `{"plan": …, "rules": {field: {"rule", "sentence", "inputs", "explanation"}}}`.
    public func jsonText(explained: Bool) -> String { jsonValue(explained: explained).line }

    /// A JSON array of `jsonText(explained:)` objects, in order: what `lectern layout --scenarios` prints.
    public static func jsonText(_ resolutions: [LayoutResolution], explained: Bool) -> String {
        JSONValue.array(resolutions.map { $0.jsonValue(explained: explained) }).line
    }

    package func jsonValue(explained: Bool) -> JSONValue {
        guard explained else { return plan.jsonValue }
        let rulesByField = LayoutPlan.Field.allCases.map { field -> (String, JSONValue) in
            let rule = rules[field]
            return (
                field.rawValue,
                .object([
                    ("rule", .string(rule.rawValue)), ("sentence", .optional(decidingSentence(for: field))),
                    ("inputs", .array(inputs(for: field).map(JSONValue.string))),
                    ("explanation", .string(explanation(for: field))),
                ])
            )
        }
        return .object([("plan", plan.jsonValue), ("rules", .object(rulesByField))])
    }
}
