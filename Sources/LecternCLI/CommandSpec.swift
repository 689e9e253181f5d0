/// One option of a command: declared once, and parsing, usage lines, `--help`, shell completions and the man
/// page are all made from this declaration.
package struct OptionSpec: Sendable, Hashable {
    /// What the shell can offer after the option.
    package enum Completion: Sendable, Hashable {
        /// Nothing in particular.
        case none
        /// A file path.
        case file
        /// A folder path.
        case directory
        /// One of these words.
        case choices([String])
        /// A Bible of the library (its abbreviation), asked of `lectern versions` at completion time.
        case bible
    }

    /// The long name without `--`: `bible`.
    package var name: String
    /// The one-letter form without `-`: `b`.
    package var short: Character?
    /// The value's placeholder in usage and help (`ID|ABBR`); nil for a flag.
    package var placeholder: String?
    /// One line (or a few) for `--help` and the man page.
    package var help: String
    /// What completes the value.
    package var completion: Completion
    /// Whether the option may be given more than once (each value is kept); otherwise a repeat is a usage error.
    package var repeatable: Bool

    /// An option that takes a value.
    package static func value(
        _ name: String, short: Character? = nil, _ placeholder: String, _ help: String,
        completion: Completion = .none, repeatable: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, placeholder: placeholder, help: help, completion: completion,
            repeatable: repeatable)
    }

    /// A boolean flag.
    package static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(
            name: name, short: short, placeholder: nil, help: help, completion: .none, repeatable: false)
    }

    /// Whether the option takes a value.
    package var takesValue: Bool { placeholder != nil }

    /// `-b, --bible ID|ABBR` or `--json`: how help lists it.
    package var label: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--" + name
        if let placeholder { text += " " + placeholder }
        return text
    }

    /// `[-b ID|ABBR]`, or `[--deny CODE]...` for a repeatable option: how the synopsis shows it.
    package var synopsis: String {
        let form = short.map { "-\($0)" } ?? "--" + name
        return "[" + form + (placeholder.map { " " + $0 } ?? "") + "]" + (repeatable ? "..." : "")
    }
}

/// A subcommand's declaration: its name, arguments, options and help text.
package struct CommandSpec: Sendable {
    /// The word that selects it: `read`.
    package var name: String
    /// One line for the command list.
    package var summary: String
    /// The positional arguments as the synopsis shows them: `[REF...]`, `PATH...`; empty for none.
    package var arguments: String
    /// What a positional argument completes to.
    package var argumentCompletion: OptionSpec.Completion
    /// Paragraphs after the usage line.
    package var discussion: String
    /// The command's own options (the global ones are added to every command).
    package var options: [OptionSpec]
    /// Other synopsis lines (`lectern search --recent`), without `lectern `.
    package var alternateForms: [String]
    /// Examples for help and the man page: (command line without `lectern `, what it does).
    package var examples: [(String, String)]
    /// Whether `--json` changes the output (all commands but `completions` and `help`).
    package var printsJSON: Bool
    /// Whether an argument that starts with `-` and is not an option is an argument (a search query's
    /// `-excluded` word): single-dash words of more than one letter, and words with a space.
    package var dashArguments: Bool
    /// Whether the command opens the library (and so is warned when others can read it): all but `check`,
    /// `layout`, `completions` and `help`.
    package var usesLibrary: Bool

    /// Creates a declaration.
    package init(
        name: String, summary: String, arguments: String = "", argumentCompletion: OptionSpec.Completion = .none,
        discussion: String, options: [OptionSpec] = [], alternateForms: [String] = [],
        examples: [(String, String)] = [], printsJSON: Bool = true, dashArguments: Bool = false,
        usesLibrary: Bool = true
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.argumentCompletion = argumentCompletion
        self.discussion = discussion
        self.options = options
        self.alternateForms = alternateForms
        self.examples = examples
        self.printsJSON = printsJSON
        self.dashArguments = dashArguments
        self.usesLibrary = usesLibrary
    }

    /// The command's options followed by the global ones.
    package var allOptions: [OptionSpec] { options + GlobalOptions.specs(json: printsJSON) }

    /// The option named `name` (long form), if any.
    package func option(named name: String) -> OptionSpec? { allOptions.first { $0.name == name } }

    /// The option whose short form is `letter`, if any.
    package func option(short letter: Character) -> OptionSpec? { allOptions.first { $0.short == letter } }
}

/// The options every command takes, before or after the command word.
package enum GlobalOptions {
    /// `--library DIR`.
    package static let library = OptionSpec.value(
        "library", "DIR",
        "the library folder (default: $LECTERN_LIBRARY, else $XDG_DATA_HOME/lectern, else ~/.local/share/lectern)",
        completion: .directory)
    /// `--json`.
    package static let json = OptionSpec.flag(
        "json", "print one JSON document on stdout (see docs/json.md for the schema)")
    /// `--color WHEN`.
    package static let color = OptionSpec.value(
        "color", "WHEN", "auto (default: colour on a terminal, unless NO_COLOR is set), always or never",
        completion: .choices(["auto", "always", "never"]))
    /// `-h, --help`.
    package static let help = OptionSpec.flag("help", short: "h", "show this help")

    /// The global options a command takes (`--json` only where it prints JSON).
    package static func specs(json printsJSON: Bool) -> [OptionSpec] {
        printsJSON ? [library, json, color, help] : [library, color, help]
    }

    /// The options `lectern` itself takes before a command word (`--version` only there).
    package static let topLevel: [OptionSpec] = [
        library, json, color, help,
        .flag("version", "print the program's version and the store and index format versions"),
    ]
}
