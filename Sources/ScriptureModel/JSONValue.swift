import LecternKernels

/// JSON to print, in Lectern's one output style: compact (no spaces, no line breaks), object keys in the
/// order given, strings as UTF-8 with only `"`, `\` and control characters escaped.
///
/// Every `--json` document of the `lectern` command and `lectern export --format json` is written through
/// this type, so they share one style; `fragment` splices in text that `ModelJSON` already wrote in the
/// same style (it is faster than a tree on a whole Bible).
package indirect enum JSONValue: Sendable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A floating-point number (non-finite values are written as `null`).
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object, members in this order.
    case object([(String, JSONValue)])
    /// JSON text written elsewhere in this same compact style.
    case fragment(String)

    /// A string, or `null` when nil.
    package static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// An integer, or `null` when nil.
    package static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// The compact text, without a final newline.
    package var text: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// The compact text and a newline: one document per line, as every `--json` command prints.
    package var line: String { text + "\n" }

    /// Appends the compact text to `text`.
    package func write(to text: inout String) {
        switch self {
        case .string(let value): JSONString.append(value, to: &text)
        case .int(let value): text += String(value)
        case .double(let value): text += value.isFinite ? Self.number(value) : "null"
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .fragment(let fragment): text += fragment
        case .array(let elements):
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (position, (key, value)) in members.enumerated() {
                if position > 0 { text += "," }
                JSONString.append(key, to: &text)
                text += ":"
                value.write(to: &text)
            }
            text += "}"
        }
    }

    /// `0.25`, `3`, `1e-07`: the shortest text that reads back as the same double.
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
