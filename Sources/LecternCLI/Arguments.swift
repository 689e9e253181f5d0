/// A command line split into options and positional arguments, read by name.
///
/// Options are `--name value`, `--name=value` or boolean `--name`; `--` ends
/// options. Each command declares which options take values; reading an option
/// consumes it, and `finish()` rejects whatever is left, so a misspelt flag is
/// an error rather than ignored.
public struct Arguments {
    private var options: [(name: String, value: String?)] = []
    /// The positional arguments, in order.
    public private(set) var positionals: [String] = []

    /// Splits `words` (without the program and command name).
    ///
    /// - Parameter valued: the option names (without `--`) that take a value.
    public init(_ words: [String], valued: Set<String>) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            if word == "-h" {
                options.append((name: "help", value: nil))
                continue
            }
            guard word.hasPrefix("--") else { throw UsageError("unknown option '\(word)'") }
            var name = String(word.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valued.contains(name), value == nil {
                guard index < words.count else { throw UsageError("option '--\(name)' needs a value") }
                value = words[index]
                index += 1
            } else if !valued.contains(name), value != nil {
                throw UsageError("option '--\(name)' takes no value")
            }
            options.append((name: name, value: value))
        }
    }

    /// Whether `--help` or `-h` was given.
    public var wantsHelp: Bool { options.contains { $0.name == "help" } }

    /// Consumes a boolean flag; true when present.
    public mutating func flag(_ name: String) -> Bool {
        let found = options.contains { $0.name == name && $0.value == nil }
        options.removeAll { $0.name == name && $0.value == nil }
        return found
    }

    /// Consumes an option's value (the last one given wins); nil when absent.
    public mutating func value(_ name: String) -> String? {
        let found = options.last { $0.name == name }?.value
        options.removeAll { $0.name == name }
        return found
    }

    /// Consumes an option's value and converts it, with a usage error naming the option when it does not convert.
    public mutating func value<T>(_ name: String, as convert: (String) -> T?, expected: String) throws(UsageError) -> T?
    {
        guard let text = value(name) else { return nil }
        guard let converted = convert(text) else {
            throw UsageError("option '--\(name)' expects \(expected), not '\(text)'")
        }
        return converted
    }

    /// Fails when options are left that no one read.
    public func finish() throws(UsageError) {
        if let left = options.first(where: { $0.name != "help" }) {
            throw UsageError("unknown option '--\(left.name)'")
        }
    }
}

/// A command line that cannot be understood: printed as `Error: …` with the usage, exit 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
