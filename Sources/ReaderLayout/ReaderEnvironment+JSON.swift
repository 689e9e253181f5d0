import ScriptureModel

/// A scenario file that is not a valid list of environments: where, which environment, which key, and why.
public struct LayoutScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// The index of the environment in the array, when the problem is inside one.
    public var index: Int?
    /// The key at fault, when there is one.
    public var key: String?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(location: SourceLocation, index: Int? = nil, key: String? = nil, message: String) {
        self.location = location
        self.index = index
        self.key = key
        self.message = message
    }

    /// `path:line:col: error: environment at index 2, key 'tabBar': …`, as compilers print it.
    public var description: String {
        var subject = ""
        if let index { subject += "environment at index \(index)" }
        if let key { subject += (subject.isEmpty ? "" : ", ") + "key '\(key)'" }
        return "\(location): error: " + (subject.isEmpty ? "" : subject + ": ") + message
    }
}

extension ReaderEnvironment {
    /// Reads a scenario file: a JSON array of environment objects, each key optional (see `Key`).
    ///
    /// Unknown keys, repeated keys, values of the wrong type or outside their closed set, and iOS versions
    /// before 17 are errors naming the file position, the array index and the key. O(n) in the file size.
    /// - Parameter file: the path to name in errors.
    public static func scenarios(json bytes: [UInt8], file: String) throws(LayoutScenarioError) -> [ReaderEnvironment] {
        let root: JSONNode
        do {
            root = try JSONReader.read(bytes)
        } catch {
            throw LayoutScenarioError(
                location: SourceLocation(file: file, line: error.line, column: error.column),
                message: "invalid JSON: " + error.message
            )
        }
        guard case .array(let elements) = root.value else {
            throw LayoutScenarioError(
                location: SourceLocation(file: file, line: root.line, column: root.column),
                message: "expected an array of environment objects, found \(root.kindName)"
            )
        }
        var environments: [ReaderEnvironment] = []
        for (index, element) in elements.enumerated() {
            environments.append(try environment(from: element, index: index, file: file))
        }
        return environments
    }

    private static func environment(
        from node: JSONNode,
        index: Int,
        file: String
    ) throws(LayoutScenarioError) -> ReaderEnvironment {
        guard case .object(let members) = node.value else {
            throw LayoutScenarioError(
                location: SourceLocation(file: file, line: node.line, column: node.column),
                index: index,
                message: "expected an environment object, found \(node.kindName)"
            )
        }
        var environment = ReaderEnvironment()
        var seen: Set<Key> = []
        for member in members {
            func fail(_ message: String, at value: JSONNode? = nil) -> LayoutScenarioError {
                let line = value?.line ?? member.keyLine
                let column = value?.column ?? member.keyColumn
                return LayoutScenarioError(
                    location: SourceLocation(file: file, line: line, column: column),
                    index: index,
                    key: member.key,
                    message: message
                )
            }
            guard let key = Key(rawValue: member.key) else {
                throw fail("unknown key; expected " + choices(Key.self))
            }
            guard seen.insert(key).inserted else { throw fail("the key appears twice") }
            try read(member.value, into: &environment, key: key) { message in fail(message, at: member.value) }
        }
        if let inconsistency = environment.inconsistency {
            throw LayoutScenarioError(
                location: SourceLocation(file: file, line: node.line, column: node.column), index: index,
                message: inconsistency)
        }
        return environment
    }

    /// Sets `key` from `value`, or throws what `fail` makes of the problem.
    private static func read(
        _ value: JSONNode,
        into environment: inout ReaderEnvironment,
        key: Key,
        fail: (String) -> LayoutScenarioError
    ) throws(LayoutScenarioError) {
        switch value.value {
        case .bool(let flag) where key.isFlag:
            environment.set(key, to: flag)
        case .number(let text) where key == .os:
            guard environment.set(key, toWord: text) else { throw fail("expected \(key.expected), found \(text)") }
        case .string(let word) where !key.isFlag && key != .os:
            guard environment.set(key, toWord: word) else {
                throw fail("unknown value '\(word)'; expected \(key.expected)")
            }
        default:
            throw fail("expected \(key.expected), found \(value.kindName)")
        }
    }
}
