import Foundation
import Lectern

/// `lectern layout`: where a reader's controls go in a host app, and which rule of the spec says so.
public enum LayoutCommand: LecternCommand {
    /// `layout`.
    public static let name = "layout"
    /// One line for `lectern --help`.
    public static let summary = "show where the reader's controls go in a host app"
    /// The options, the scenario keys and the exit statuses.
    public static let usage = """
        Usage: lectern layout [ENVIRONMENT] [--scroll EVENTS] [--json] [--explain]
               lectern layout --scenarios FILE [--explain]

        Resolves where BibleReaderView puts its book/chapter and version pickers,
        previous/next, Search and menu, following spec/reader-navigation-and-toolbars.txt.

        Environment (defaults: iOS 18, no tab bar, bottomBar, stack none):
          --os N                     iOS major version, \(ReaderEnvironment.minimumOSVersion) or later
          --tab-bar WHERE            \(ReaderEnvironment.Key.tabBar.expected)
          --placement EDGE           preferred edge: \(ReaderEnvironment.Key.placement.expected)
          --stack MODE               \(ReaderEnvironment.Key.stack.expected)
          --vertical-toolbar         the system supplies a vertical toolbar
          --overflow-menu-toolchain  built with a toolchain that has ToolbarOverflowMenu
          --sign-in-configured       the SDK is configured to offer sign-in
          --signed-in                the user is signed in
          --collapsed                the custom controls are collapsed (before --scroll)
          --scroll EVENTS            run the collapse state machine over scroll events, separated
                                     by spaces or commas: down:N, up:N (user scrolling, points),
                                     program:N (programmatic, ignored), top, bottom (an edge of
                                     the content reached), end (gesture ended), tap, picker, navigate

        Output:
          --json                     print the plan as a JSON object
          --explain                  add, for each placement, the rule of the spec that decided it
                                     (in JSON each plan becomes {"plan": …, "rules": {field: …}})
          --scenarios FILE           read a JSON array of environments (keys: os, tabBar, placement,
                                     stack, verticalToolbar, overflowMenuToolchain, signInConfigured,
                                     signedIn, collapsed) and print a JSON array of plans, in order

        Exit status: 0 plan printed, 1 scenario file unreadable or invalid, 64 usage error.

        """
    /// `--os`, `--tab-bar`, `--placement`, `--stack`, `--scenarios` and `--scroll` take values.
    public static let valuedOptions: Set<String> = Set(
        ReaderEnvironment.Key.allCases.filter { !$0.isFlag }.map(\.optionName) + ["scenarios", "scroll"]
    )

    /// Resolves one environment from the options (text table, or JSON with `--json`), or every environment
    /// of `--scenarios FILE` (a JSON array); returns 0, 1 for a bad scenario file; throws `UsageError`.
    public static func run(_ arguments: inout Arguments, context: CommandContext) throws -> Int32 {
        let json = arguments.flag("json")
        let explain = arguments.flag("explain")
        let scenarios = arguments.value("scenarios")
        let scroll = try scrollEvents(arguments.value("scroll"))
        var environment = ReaderEnvironment()
        var options: [String] = []
        for key in ReaderEnvironment.Key.allCases {
            let option = key.optionName
            if key.isFlag {
                if arguments.flag(option) { environment.set(key, to: true) } else { continue }
            } else {
                let word = try arguments.value(
                    option, as: { environment.set(key, toWord: $0) ? $0 : nil }, expected: key.expected)
                guard word != nil else { continue }
            }
            options.append("--" + option)
        }
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        try arguments.finish()

        if let scenarios {
            if scroll != nil { options.append("--scroll") }
            if let first = options.first {
                throw UsageError("--scenarios reads the environments from the file; remove \(first)")
            }
            return runScenarios(path: scenarios, explain: explain, context: context)
        }
        let given = environment
        var trace: [(event: ControlsCollapseState.Event, state: ControlsCollapseState)] = []
        if let scroll {
            var state = ControlsCollapseState(isCollapsed: environment.controlsCollapsed)
            for event in scroll {
                state.handle(event)
                trace.append((event, state))
            }
            environment.controlsCollapsed = state.isCollapsed
        }
        let resolution = LayoutResolver.resolve(environment)
        if json {
            context.standardOutput(resolution.jsonText(explained: explain))
        } else {
            context.standardOutput(table(given, resolution, trace: trace, explain: explain))
        }
        return ExitStatus.success
    }

    /// The events of `--scroll`, nil when it is absent.
    private static func scrollEvents(_ script: String?) throws(UsageError) -> [ControlsCollapseState.Event]? {
        guard let script else { return nil }
        do {
            return try ControlsCollapseState.Event.script(script)
        } catch {
            throw UsageError("option '--scroll': \(error)")
        }
    }

    /// Reads the scenario file and prints one plan per environment, or the file's first problem.
    private static func runScenarios(path: String, explain: Bool, context: CommandContext) -> Int32 {
        let url = URL(
            fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory, isDirectory: true))
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: url))
        } catch {
            context.standardError("Error: cannot read scenario file '\(path)': \(Self.reason(error))\n")
            return ExitStatus.failure
        }
        do {
            let environments = try ReaderEnvironment.scenarios(json: bytes, file: path)
            context.standardOutput(
                LayoutResolution.jsonText(environments.map(LayoutResolver.resolve), explained: explain))
            return ExitStatus.success
        } catch {
            context.standardError("\(error)\n")
            return ExitStatus.failure
        }
    }

    /// The system's reason for a failed read, without Foundation's restatement of the path.
    private static func reason(_ error: any Error) -> String {
        guard let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error else {
            return error.localizedDescription
        }
        let posix = underlying as NSError
        guard posix.domain == NSPOSIXErrorDomain, let text = strerror(Int32(truncatingIfNeeded: posix.code)) else {
            return error.localizedDescription
        }
        return String(cString: text)
    }

    /// The readable form: the environment as given, the scroll trace, then placement → value (and rule).
    private static func table(
        _ environment: ReaderEnvironment,
        _ resolution: LayoutResolution,
        trace: [(event: ControlsCollapseState.Event, state: ControlsCollapseState)],
        explain: Bool
    ) -> String {
        let settings = ReaderEnvironment.Key.allCases.map { "\($0.rawValue) \(environment.word(for: $0))" }
        var text = "Environment: " + settings.joined(separator: ", ") + "\n"
        if !trace.isEmpty {
            text += "\nScroll (accumulated points after each event):\n"
            for (event, state) in trace {
                text += "  " + pad(event.scriptWord, 14) + pad(state.controlsState.rawValue, 15)
                text += String(format: "%g", state.accumulatedDistance) + "\n"
            }
        }
        text += "\n"
        let width = LayoutPlan.Field.allCases.map(\.rawValue.count).max() ?? 0
        for field in LayoutPlan.Field.allCases {
            text += pad(field.rawValue, width + 2) + resolution.plan.word(for: field) + "\n"
            if explain {
                let rule = resolution.rules[field]
                text += "    " + rule.rawValue + ": " + rule.explanation + "\n"
            }
        }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
