/// One `lectern` subcommand.
public protocol LecternCommand: Sendable {
    /// The word that selects it: `check`, `import`, …
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full usage text printed by `--help` and after usage errors.
    static var usage: String { get }
    /// The options that take a value (without `--`).
    static var valuedOptions: Set<String> { get }
    /// Runs the command; throws `UsageError` for a wrong command line.
    static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32
}
