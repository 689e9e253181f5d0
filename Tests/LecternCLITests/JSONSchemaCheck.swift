import Foundation

/// A parsed JSON value that keeps what `JSONSerialization` blurs: integers apart from other numbers, booleans
/// apart from numbers, and the order of object keys.
indirect enum JSONNode: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([(String, JSONNode)])

    static func == (lhs: JSONNode, rhs: JSONNode) -> Bool { lhs.description == rhs.description }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
    }

    /// The member `key` of an object.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var array: [JSONNode]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var keys: [String] {
        if case .object(let members) = self { return members.map(\.0) }
        return []
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses one JSON document (RFC 8259), nothing but white space after it.
    static func parse(_ text: String) throws -> JSONNode {
        var parser = Parser(bytes: Array(text.utf8))
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw ParseError(description: "text after the document") }
        return value
    }

    private struct Parser {
        var bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ literal: String) throws {
            let expected = Array(literal.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw ParseError(description: "expected \(literal) at byte \(index)")
            }
            index += expected.count
        }

        mutating func value() throws -> JSONNode {
            skipSpace()
            guard index < bytes.count else { throw ParseError(description: "unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                index += 1
                var values: [JSONNode] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array([])
                }
                while true {
                    values.append(try value())
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect("]")
                    return .array(values)
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [(String, JSONNode)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object([])
                }
                while true {
                    skipSpace()
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    members.append((key, try value()))
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect("}")
                    return .object(members)
                }
            default: return try number()
            }
        }

        mutating func string() throws -> String {
            try expect("\"")
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard byte >= 0x20 else { throw ParseError(description: "raw control character in a string") }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    continue
                }
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else { throw ParseError(description: "bad \\u escape") }
                    index += 4
                    out += Array(String(Character(scalar)).utf8)
                default: out.append(escape)
                }
            }
            throw ParseError(description: "unterminated string")
        }

        mutating func number() throws -> JSONNode {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if let integer = Int(text) { return .integer(integer) }
            guard let double = Double(text) else { throw ParseError(description: "bad number '\(text)' at \(start)") }
            return .number(double)
        }
    }
}

/// Checks JSON against the JSON Schema keywords `docs/lectern-json.schema.json` uses: `$ref` (to `#/$defs/…`),
/// `type`, `const`, `enum`, `anyOf`, `properties`, `required`, `additionalProperties: false`, `items`,
/// `minItems`, `maxItems`, `minimum` and `pattern`. Any other keyword in the schema is a failure, so the
/// check cannot silently pass over a rule it does not know.
struct JSONSchemaCheck {
    let root: JSONNode

    static let known: Set<String> = [
        "$schema", "$id", "title", "description", "$defs", "$ref", "type", "const", "enum", "anyOf", "properties",
        "required", "additionalProperties", "items", "minItems", "maxItems", "minimum", "pattern",
    ]

    /// The problems of `value` against the definition `name` (or the whole schema when nil); empty when valid.
    func problems(_ value: JSONNode, definition name: String? = nil) -> [String] {
        let schema = name.flatMap { root["$defs"]?[$0] } ?? root
        return check(value, schema, path: "$")
    }

    private func check(_ value: JSONNode, _ schema: JSONNode, path: String) -> [String] {
        var problems: [String] = []
        for key in schema.keys where !Self.known.contains(key) { problems.append("\(path): schema keyword \(key) unknown") }
        if let reference = schema["$ref"]?.string {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard let target = root["$defs"]?[name] else { return ["\(path): no definition \(reference)"] }
            problems += check(value, target, path: path)
        }
        if let type = schema["type"] {
            let types = type.array?.compactMap(\.string) ?? [type.string ?? ""]
            if !types.contains(where: { Self.matches(value, type: $0) }) {
                problems.append("\(path): \(value) is not of type \(types.joined(separator: " or "))")
            }
        }
        if let constant = schema["const"], constant != value { problems.append("\(path): \(value) is not \(constant)") }
        if let choices = schema["enum"]?.array, !choices.contains(value) {
            problems.append("\(path): \(value) is not one of \(choices)")
        }
        if let options = schema["anyOf"]?.array, !options.contains(where: { check(value, $0, path: path).isEmpty }) {
            problems.append("\(path): \(value) matches none of anyOf")
        }
        if case .object(let members) = value {
            let properties = schema["properties"]
            for required in schema["required"]?.array?.compactMap(\.string) ?? [] where value[required] == nil {
                problems.append("\(path): missing \(required)")
            }
            for (key, member) in members {
                if let rule = properties?[key] {
                    problems += check(member, rule, path: path + "." + key)
                } else if schema["additionalProperties"] == .bool(false) {
                    problems.append("\(path): unexpected key \(key)")
                }
            }
        }
        if case .array(let elements) = value {
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    problems += check(element, items, path: "\(path)[\(index)]")
                }
            }
            if let minimum = schema["minItems"]?.integer, elements.count < minimum {
                problems.append("\(path): fewer than \(minimum) items")
            }
            if let maximum = schema["maxItems"]?.integer, elements.count > maximum {
                problems.append("\(path): more than \(maximum) items")
            }
        }
        if let minimum = schema["minimum"]?.integer, let number = value.integer, number < minimum {
            problems.append("\(path): \(number) is below \(minimum)")
        }
        if let pattern = schema["pattern"]?.string, let text = value.string,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            problems.append("\(path): '\(text)' does not match \(pattern)")
        }
        return problems
    }

    private static func matches(_ value: JSONNode, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
            ("string", .string), ("array", .array), ("object", .object):
            true
        default: false
        }
    }
}
