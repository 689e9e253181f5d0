import ScriptureModel

extension LayoutPlan {
    /// The plan as a JSON object with exactly the keys of `Field`, in that order, pretty-printed.
    public var jsonText: String { jsonValue.rendered() }

    var jsonValue: JSONOutput {
        .object(
            Field.allCases.map { field in
                switch field {
                case .menuItems: (field.rawValue, .array(menuItems.map { .string($0.rawValue) }))
                case .requiresHostNavigationStack: (field.rawValue, .bool(requiresHostNavigationStack))
                case .createsNavigationStack: (field.rawValue, .bool(createsNavigationStack))
                case .changesSelectedTab: (field.rawValue, .bool(changesSelectedTab))
                default: (field.rawValue, .string(word(for: field)))
                }
            }
        )
    }
}

extension LayoutResolution {
    /// The plan as JSON; when `explained`, an object `{"plan": …, "rules": {field: {"rule", "explanation"}}}`.
    public func jsonText(explained: Bool) -> String { jsonValue(explained: explained).rendered() }

    /// A JSON array of `jsonText(explained:)` objects, in order: what `lectern layout --scenarios` prints.
    public static func jsonText(_ resolutions: [LayoutResolution], explained: Bool) -> String {
        JSONOutput.array(resolutions.map { $0.jsonValue(explained: explained) }).rendered()
    }

    private func jsonValue(explained: Bool) -> JSONOutput {
        guard explained else { return plan.jsonValue }
        let rulesByField = LayoutPlan.Field.allCases.map { field -> (String, JSONOutput) in
            let rule = rules[field]
            return (
                field.rawValue, .object([("rule", .string(rule.rawValue)), ("explanation", .string(rule.explanation))])
            )
        }
        return .object([("plan", plan.jsonValue), ("rules", .object(rulesByField))])
    }
}

/// JSON to print, with object keys in the order given: small, so output is stable and readable.
indirect enum JSONOutput {
    case string(String)
    case bool(Bool)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    /// Two-space indentation; arrays of scalars stay on one line. Ends with a newline.
    func rendered() -> String {
        var text = ""
        write(to: &text, indent: "")
        return text + "\n"
    }

    private var isScalar: Bool {
        switch self {
        case .string, .bool: true
        case .array, .object: false
        }
    }

    private func write(to text: inout String, indent: String) {
        switch self {
        case .string(let value):
            Self.writeString(value, to: &text)
        case .bool(let value):
            text += value ? "true" : "false"
        case .array(let elements) where elements.allSatisfy(\.isScalar):
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += ", " }
                element.write(to: &text, indent: indent)
            }
            text += "]"
        case .array(let elements):
            text += "[\n"
            for (position, element) in elements.enumerated() {
                text += indent + "  "
                element.write(to: &text, indent: indent + "  ")
                text += position + 1 < elements.count ? ",\n" : "\n"
            }
            text += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            text += "{\n"
            for (position, (key, value)) in members.enumerated() {
                text += indent + "  "
                Self.writeString(key, to: &text)
                text += ": "
                value.write(to: &text, indent: indent + "  ")
                text += position + 1 < members.count ? ",\n" : "\n"
            }
            text += indent + "}"
        }
    }

    private static func writeString(_ value: String, to text: inout String) {
        JSONString.append(value, to: &text)
    }
}
