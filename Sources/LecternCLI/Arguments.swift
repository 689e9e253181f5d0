/// A command line read against a command's declared options (`CommandSpec`).
///
/// Options are `--name value`, `--name=value`, `-b value`, `-bvalue` or a flag (`--json`, `-h`); `--` ends
/// the options. An option that is not declared is an error with the nearest declared name, a valued option
/// given twice is an error unless it is repeatable, and for commands whose arguments are text (a search
/// query) a word such as `-excluded` or `'-God love'` is an argument rather than an option.
package struct Arguments: Sendable {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The positional arguments, in order.
    package private(set) var positionals: [String] = []

    /// Reads `words` (after the command word) against `spec`, on top of `globals` already read before the command.
    package init(_ words: [String], spec: CommandSpec, globals: Arguments = Arguments()) throws(UsageError) {
        self = globals
        var reader = Reader(words: words)
        while let word = reader.next() {
            if reader.onlyPositionals || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
            } else if word == "--" {
                reader.onlyPositionals = true
            } else if spec.dashArguments, Self.looksLikeText(word, spec: spec) {
                positionals.append(word)
            } else {
                try read(option: word, from: &reader, options: spec.allOptions, command: spec.name)
            }
        }
    }

    /// Reads the options before the command word (`lectern --library DIR read …`): returns them and the
    /// index of the command word (`words.count` when there is none).
    package static func leadingGlobals(_ words: [String]) throws(UsageError) -> (Arguments, Int) {
        var arguments = Arguments()
        var reader = Reader(words: words)
        while let word = reader.peek(), word.hasPrefix("-"), word != "-" {
            _ = reader.next()
            if word == "--" { break }
            try arguments.read(option: word, from: &reader, options: GlobalOptions.topLevel, command: nil)
        }
        return (arguments, reader.index)
    }

    /// An empty set.
    package init() {}

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `name`, nil when absent.
    package func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    package func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `name` converted, with a usage error naming the option when it does not convert.
    package func value<T>(_ name: String, as convert: (String) -> T?, expected: String) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        guard let converted = convert(text) else {
            throw UsageError("option '--\(name)' expects \(expected), not '\(text)'")
        }
        return converted
    }

    /// Whether any option of `names` was given.
    package func contains(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// The names of every option given, values and flags.
    package var givenNames: Set<String> { flags.union(values.keys) }

    private mutating func read(
        option word: String, from reader: inout Reader, options: [OptionSpec], command: String?
    ) throws(UsageError) {
        let spec: OptionSpec
        var attached: String?
        if word.hasPrefix("--") {
            var name = String(word.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                attached = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let found = options.first(where: { $0.name == name }) else {
                throw UsageError(Self.unknown("--" + name, options: options, command: command))
            }
            spec = found
        } else {
            let letters = Array(word.dropFirst())
            guard let letter = letters.first, let found = options.first(where: { $0.short == letter }) else {
                throw UsageError(Self.unknown(word, options: options, command: command))
            }
            spec = found
            if letters.count > 1 {
                guard found.takesValue else { throw UsageError(Self.unknown(word, options: options, command: command)) }
                attached = String(letters.dropFirst())
            }
        }
        guard spec.takesValue else {
            if attached != nil { throw UsageError("option '--\(spec.name)' takes no value") }
            flags.insert(spec.name)
            return
        }
        // `--page --json`: the next word is an option, not the value (`--title=--x` still gives one).
        if attached == nil, let next = reader.peek(), next.hasPrefix("--") {
            throw UsageError("option '--\(spec.name)' needs a value (\(spec.placeholder ?? "VALUE"))")
        }
        guard let value = attached ?? reader.next() else {
            throw UsageError("option '--\(spec.name)' needs a value (\(spec.placeholder ?? "VALUE"))")
        }
        if values[spec.name] != nil, !spec.repeatable {
            throw UsageError("option '--\(spec.name)' is given more than once")
        }
        values[spec.name, default: []].append(value)
    }

    /// `-God`, `'-God love'`, `-bad`: text for a command whose arguments are text. Only a declared short
    /// option on its own (`-b WEB`, `-h`) is an option there; `--name` is always one.
    private static func looksLikeText(_ word: String, spec: CommandSpec) -> Bool {
        if word.contains(" ") { return true }
        if word.hasPrefix("--") { return false }
        let letters = Array(word.dropFirst())
        return letters.count != 1 || spec.option(short: letters[0]) == nil
    }

    /// `unknown option '--verison'; did you mean '--version'?`
    private static func unknown(_ word: String, options: [OptionSpec], command: String?) -> String {
        let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
        var message = "unknown option '\(word)'"
        if let command { message += " for '\(command)'" }
        if name == "version", options.contains(where: { $0.name == "bible" }) {
            // `--version` chose the Bible before it was renamed.
            return message + "; the Bible is chosen with --bible (-b), and 'lectern --version' prints the program's version"
        }
        if let near = Suggestion.nearest(to: name, in: options.map(\.name)) { message += "; did you mean '--\(near)'?" }
        return message
    }

    /// Reads words one at a time.
    private struct Reader {
        var words: [String]
        var index = 0
        var onlyPositionals = false

        func peek() -> String? { index < words.count ? words[index] : nil }

        mutating func next() -> String? {
            guard index < words.count else { return nil }
            index += 1
            return words[index - 1]
        }
    }
}

/// A command line that cannot be understood: `Error: …`, the command's usage line and where help is, exit 64.
package struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    package var message: String

    /// Creates an error.
    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
