import Foundation

/// `--help` text, usage lines and the command list, all made from the commands' declarations.
package enum HelpText {
    /// The width help text is wrapped to.
    static let width = 100

    /// `Usage: lectern read [REF...] [-b ID|ABBR] [--library DIR] [--json] [--color WHEN]`, every option of
    /// the command (help aside), wrapped; then any other forms, one per line.
    package static func usage(_ spec: CommandSpec) -> String {
        var words = ["lectern", spec.name]
        if !spec.arguments.isEmpty { words.append(spec.arguments) }
        words += spec.allOptions.filter { $0.name != "help" }.map(\.synopsis)
        var lines: [String] = []
        var line = "Usage:"
        for word in words {
            if line.count + 1 + word.count > width, line.count > 14 {
                lines.append(line)
                line = String(repeating: " ", count: 13 + spec.name.count)
            }
            line += " " + word
        }
        lines.append(line)
        lines += spec.alternateForms.map { "       lectern " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The whole help of a command: usage, discussion, options, global options, examples.
    package static func help(_ spec: CommandSpec) -> String {
        var text = usage(spec) + "\n" + wrapParagraphs(spec.discussion) + "\n"
        if !spec.options.isEmpty {
            text += "\nOptions:\n" + optionList(spec.options)
        }
        text += "\nGlobal options:\n" + optionList(GlobalOptions.specs(json: spec.printsJSON))
        if !spec.examples.isEmpty {
            text += "\nExamples:\n"
            for (line, what) in spec.examples {
                text += "  lectern \(line)\n" + wrap(what, indent: "      ") + "\n"
            }
        }
        return text
    }

    /// `lectern --help`: what it is, the commands and the global options.
    package static func topLevel(_ commands: [CommandSpec]) -> String {
        var text = """
            Lectern imports Bibles (USFM, USX, USJ) into a library of indexed store files,
            then reads, pages and searches them offline.

            Usage: lectern [--library DIR] [--json] [--color WHEN] COMMAND [ARGS...]
                   lectern --version
                   lectern help COMMAND

            Commands:

            """
        let width = (commands.map(\.name.count).max() ?? 0) + 3
        for command in commands {
            text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nGlobal options (before or after the command):\n" + optionList(GlobalOptions.topLevel)
        text += """

            Start with:
              lectern import Corpus/sample/usfm      add the bundled sample Bible to the library
              lectern read "John 2:1-3"              read a passage of it
              lectern search wine                    search it

            Run 'lectern help COMMAND' for a command's options.

            """
        return text
    }

    /// `  -b, --bible ID|ABBR   the Bible to read …`, wrapped, one option after another.
    static func optionList(_ options: [OptionSpec]) -> String {
        let column = min(28, (options.map(\.label.count).max() ?? 0) + 4)
        var text = ""
        for option in options {
            let label = "  " + option.label
            let indent = String(repeating: " ", count: column)
            if label.count + 2 > column {
                text += label + "\n" + wrap(option.help, indent: indent) + "\n"
            } else {
                let first = label.padding(toLength: column, withPad: " ", startingAt: 0)
                text += first + String(wrap(option.help, indent: indent).dropFirst(column)) + "\n"
            }
        }
        return text
    }

    /// Each line wrapped to the width; lines that start with spaces (examples, lists) are kept as they are.
    static func wrapParagraphs(_ text: String) -> String {
        text.components(separatedBy: "\n").map { line in
            line.hasPrefix(" ") || line.isEmpty ? line : wrap(line, indent: "")
        }.joined(separator: "\n")
    }

    /// Words filled to `width` columns, each line starting with `indent`.
    static func wrap(_ text: String, indent: String) -> String {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
