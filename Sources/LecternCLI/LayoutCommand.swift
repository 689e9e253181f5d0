import Foundation
import Lectern

/// `lectern layout`: where a reader's controls go in a host app, and which rule of the spec says so.
package enum LayoutCommand: LecternCommand {
    package static let spec = CommandSpec(
        name: "layout", summary: "show where the reader's controls go in a host app",
        discussion: """
            Resolves where BibleReaderView puts its book/chapter and version pickers, previous/next, Search and \
            menu, following spec/reader-navigation-and-toolbars.txt. The environment defaults to iOS 18, no tab \
            bar, bottomBar, stack none, no host NavigationStack. --signed-in needs --sign-in-configured, and \
            --host-back-button, --host-title and --host-bar-hidden need --host-stack. A hidden tab bar \
            (--tab-bar-state hidden) is read as not present, a minimized one as still at its edge. Custom tabs \
            SwiftUI does not report (--tab-bar unreported) may say where they are (--custom-tabs-edge top or \
            bottom): a preferred edge on them is warned about. --creation reference or restoringLastPassage says \
            how the reader is made; the plan is the same for both. While the controls are collapsed, \
            hiddenControls names what they hide. With --scenarios FILE, reads a JSON array of environments \
            (keys: os, tabBar, tabBarState, placement, stack, hostStack, hostBackButton, hostTitle, \
            hostBarHidden, verticalToolbar, overflowMenuToolchain, limitedSpace, signInConfigured, signedIn, \
            collapsed, customTabsEdge, creation) and prints one JSON document with a result per environment, in \
            order.

            Exit status: 0 plan printed, 1 scenario file unreadable or invalid, 64 usage error.
            """,
        options: ReaderEnvironment.Key.allCases.map(option(for:)) + [
            .value(
                "scroll", "EVENTS",
                "run the collapse state machine over scroll events, separated by spaces or commas: down:N, up:N "
                    + "(user scrolling, points), program:N (programmatic, ignored), top, bottom (an edge of the "
                    + "content reached), end (gesture ended), tap, picker, navigate"),
            .flag("explain", "add, for each placement, the rule of the spec that decided it"),
            .value("scenarios", "FILE", "read the environments from a JSON file", completion: .file),
            .value(
                "svg", "PATH",
                "also draw the screen as SVG into the file PATH; with --scenarios, PATH is a folder that gets one "
                    + "scenario-N.svg per environment and an index.html showing them side by side",
                completion: .file),
            .flag("force", "let --svg overwrite an existing file, or files in an existing folder"),
        ],
        alternateForms: ["layout --scenarios FILE [--explain] [--svg DIR] [--force]"],
        examples: [
            ("layout --os 26 --tab-bar bottom --explain", "an iOS 26 app with a bottom tab bar"),
            ("layout --json --stack shared", "the plan as JSON"),
            ("layout --tab-bar bottom --svg screen.svg", "draw the screen"),
        ],
        usesLibrary: false)

    /// The option of one environment key (`--tab-bar WHERE`, `--vertical-toolbar`).
    private static func option(for key: ReaderEnvironment.Key) -> OptionSpec {
        if key.isFlag { return .flag(key.optionName, flagHelp(key)) }
        let choices: OptionSpec.Completion
        switch key {
        case .tabBar: choices = .choices(HostTabBar.allCases.map(\.rawValue))
        case .placement: choices = .choices(NavigationPlacement.allCases.map(\.rawValue))
        case .stack: choices = .choices(NavigationStackMode.allCases.map(\.rawValue))
        case .tabBarState: choices = .choices(TabBarState.allCases.map(\.rawValue))
        case .customTabsEdge: choices = .choices(CustomTabsEdge.allCases.map(\.rawValue))
        case .creation: choices = .choices(ReaderCreation.allCases.map(\.rawValue))
        default: choices = .none
        }
        return .value(key.optionName, key == .os ? "N" : "WORD", key.expected, completion: choices)
    }

    private static func flagHelp(_ key: ReaderEnvironment.Key) -> String {
        switch key {
        case .verticalToolbar: "the system supplies a vertical toolbar"
        case .overflowMenuToolchain: "built with a toolchain that has ToolbarOverflowMenu"
        case .signInConfigured: "the SDK is configured to offer sign-in"
        case .signedIn: "the user is signed in"
        case .collapsed: "the custom controls are collapsed (before --scroll)"
        case .hostStack: "the app puts the reader inside a NavigationStack of its own"
        case .hostBackButton: "that stack shows a Back button (needs --host-stack)"
        case .hostTitle: "that stack shows a title (needs --host-stack)"
        case .hostBarHidden: "the app hides that stack's navigation bar (needs --host-stack)"
        case .limitedSpace: "the native toolbar is short of space (compact width, crowded toolbar)"
        default: key.expected
        }
    }

    /// Resolves one environment from the options (text table, or JSON with `--json`), or every environment
    /// of `--scenarios FILE` (a JSON array); returns 0, 1 for a bad scenario file; throws `UsageError`.
    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        let json = invocation.json
        let explain = arguments.flag("explain")
        let scenarios = arguments.value("scenarios")
        let svg = arguments.value("svg")
        let force = arguments.flag("force")
        if force, svg == nil { throw UsageError("--force goes with --svg") }
        let scroll = try scrollEvents(arguments.value("scroll"))
        var environment = ReaderEnvironment()
        var options: [String] = []
        for key in ReaderEnvironment.Key.allCases {
            let option = key.optionName
            if key.isFlag {
                if arguments.flag(option) { _ = environment.set(key, to: true) } else { continue }
            } else {
                let word = try arguments.value(
                    option, as: { environment.set(key, toWord: $0) ? $0 : nil }, expected: key.expected)
                guard word != nil else { continue }
            }
            options.append("--" + option)
        }
        try invocation.expectNoArguments()
        if let inconsistency = environment.inconsistency {
            throw UsageError(optionSpelling(inconsistency))
        }

        if let scenarios {
            if scroll != nil { options.append("--scroll") }
            if let first = options.first {
                throw UsageError("--scenarios reads the environments from the file; remove \(first)")
            }
            return try runScenarios(
                path: scenarios, explain: explain, svg: svg.map { ($0, force) }, invocation: invocation)
        }
        let given = environment
        var trace: [TraceStep] = []
        var controls: ControlsCollapseState?
        if let scroll {
            var state = ControlsCollapseState(isCollapsed: environment.controlsCollapsed)
            for event in scroll {
                let note = ControlsCollapseState.note(for: event, from: state)
                state.handle(event)
                trace.append(TraceStep(event: event, state: state, note: note))
            }
            controls = state
        }
        let resolution = LayoutResolver.resolve(environment, controls: controls)
        if let svg {
            try asWritten(svg, invocation) { path throws(FileProblem) in
                try ExportDestination.check(
                    path, kind: .file, library: invocation.library.directory, force: force, action: .write)
                let picture = LayoutPicture(resolution, bible: bibleLabel(invocation))
                try ExportDestination.writeAtomically(Array(picture.svg.utf8), to: path)
            }
        }
        if json {
            invocation.output(json: JSONSchema.document("layout", resultMembers(resolution, explain: explain)))
        } else {
            invocation.output(table(given, resolution, trace: trace, explain: explain))
        }
        return ExitStatus.success
    }

    /// `"plan": {…}, "rules": {…} | null`.
    private static func resultMembers(_ resolution: LayoutResolution, explain: Bool) -> [(String, JSONValue)] {
        let rules: JSONValue
        if explain, case .object(let members) = resolution.jsonValue(explained: true),
            let found = members.first(where: { $0.0 == "rules" })
        {
            rules = found.1
        } else {
            rules = .null
        }
        return [("plan", resolution.plan.jsonValue), ("rules", rules)]
    }

    /// `signedIn needs signInConfigured: …` as `--signed-in needs --sign-in-configured: …`.
    private static func optionSpelling(_ message: String) -> String {
        var text = message
        for key in ReaderEnvironment.Key.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count }) {
            text = text.replacingOccurrences(of: key.rawValue + " ", with: "--" + key.optionName + " ")
            text = text.replacingOccurrences(of: " " + key.rawValue + ":", with: " --" + key.optionName + ":")
        }
        return text
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

    /// Reads the scenario file and prints one plan per environment, or the file's first problem; `svg` is
    /// the folder for the pictures and whether it may be overwritten.
    private static func runScenarios(path: String, explain: Bool, svg: (String, Bool)?, invocation: Invocation)
        throws -> Int32
    {
        let context = invocation.context
        let bytes: [UInt8]
        do {
            bytes = try FileProblem.readFile(invocation.absolute(path))
        } catch {
            // Named as the user wrote it.
            context.standardError("Error: cannot read the scenario file \(path): \(error.cause.text)\n")
            return ExitStatus.failure
        }
        let resolutions: [LayoutResolution]
        do {
            resolutions = try ReaderEnvironment.scenarios(json: bytes, file: path).map { LayoutResolver.resolve($0) }
        } catch {
            context.standardError("\(error)\n")
            return ExitStatus.failure
        }
        if let (folder, force) = svg {
            try asWritten(folder, invocation) { path throws(FileProblem) in
                try writePictures(
                    resolutions, folder: path, force: force, library: invocation.library.directory,
                    bible: bibleLabel(invocation))
            }
        }
        let results = resolutions.map { JSONValue.object(resultMembers($0, explain: explain)) }
        context.standardOutput(JSONSchema.document("layout", [("results", .array(results))]).line)
        return ExitStatus.success
    }

    /// The version picker's label in a picture: the abbreviation of the Bible commands would use (the default
    /// Bible, else the one read last, else the library's only one), or `Bible` when the library chooses none.
    private static func bibleLabel(_ invocation: Invocation) -> String {
        guard let store = try? BibleSelection.resolve(nil, in: invocation.library).store else { return "Bible" }
        return Terminal.sanitized(store.metadata.abbreviation)
    }

    /// Runs `body` on `path` made absolute; a problem it throws names the path as the user wrote it.
    private static func asWritten(
        _ path: String, _ invocation: Invocation, _ body: (String) throws(FileProblem) -> Void
    ) throws(FileProblem) {
        let absolute = invocation.absolute(path)
        do {
            try body(absolute)
        } catch {
            var problem = error
            if problem.path.hasPrefix(absolute) { problem.path = path + problem.path.dropFirst(absolute.count) }
            throw problem
        }
    }

    /// One `scenario-N.svg` per resolution and `index.html` in the folder `path` (created when missing),
    /// each written atomically; files already there are only replaced with `force`.
    private static func writePictures(
        _ resolutions: [LayoutResolution], folder path: String, force: Bool, library: String, bible: String
    ) throws(FileProblem) {
        let pictures = resolutions.map { LayoutPicture($0, bible: bible) }
        var files = pictures.indices.map { ("scenario-\($0 + 1).svg", pictures[$0].svg) }
        files.append(("index.html", indexPage(resolutions, pictures: pictures)))
        try ExportDestination.check(
            path, kind: .folder(fileNames: files.map(\.0)), library: library, force: force, action: .write)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileProblem.from(error, path: path, action: .write)
        }
        for (name, text) in files {
            try ExportDestination.writeAtomically(Array(text.utf8), to: path + "/" + name)
        }
    }

    /// The HTML page showing every picture side by side, each with its environment, plan and explanations.
    static func indexPage(_ resolutions: [LayoutResolution], pictures: [LayoutPicture]) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>lectern layout scenarios</title>
            <style>body{font-family:sans-serif;margin:1em} main{display:flex;flex-wrap:wrap;gap:1.5em}
            figure{margin:0;width:400px} img{width:390px;border:1px solid #999} dt{font-weight:bold;margin-top:.4em}
            dd{margin-left:1em;font-size:85%} .warning{color:darkred}</style></head>
            <body><h1>lectern layout: \(resolutions.count) scenarios</h1><main>

            """
        for (index, (resolution, picture)) in zip(resolutions, pictures).enumerated() {
            let caption = picture.caption.isEmpty ? "defaults" : picture.caption
            html +=
                "<figure id=\"scenario-\(index + 1)\"><img src=\"scenario-\(index + 1).svg\" alt=\"scenario \(index + 1)\">"
            html += "<figcaption><h2>\(index + 1). \(LayoutPicture.escaped(caption))</h2>"
            for warning in picture.warnings {
                html += "<p class=\"warning\">warning: \(LayoutPicture.escaped(warning))</p>"
            }
            html += "<dl>"
            for field in LayoutPlan.Field.allCases {
                html += "<dt>\(field.rawValue): \(LayoutPicture.escaped(resolution.plan.word(for: field)))</dt>"
                html +=
                    "<dd>\(resolution.rules[field].rawValue): \(LayoutPicture.escaped(resolution.explanation(for: field)))</dd>"
            }
            html += "</dl></figcaption></figure>\n"
        }
        return html + "</main></body></html>\n"
    }

    /// The readable form: the environment as given, the scroll trace, then placement → value (and rule).
    private static func table(
        _ environment: ReaderEnvironment,
        _ resolution: LayoutResolution,
        trace: [TraceStep],
        explain: Bool
    ) -> String {
        let settings = ReaderEnvironment.Key.allCases.map { "\($0.rawValue) \(environment.word(for: $0))" }
        var text = "Environment: " + settings.joined(separator: ", ") + "\n"
        if !trace.isEmpty {
            let threshold = ControlsCollapseState.formatted(ControlsCollapseState.collapseDistance)
            text += "\nScroll (accumulated points after each event; \(threshold) in one direction collapses or, "
            text += "back up, expands; end resets):\n"
            for step in trace {
                text += "  " + pad(step.event.scriptWord, 14) + pad(step.state.controlsState.rawValue, 15)
                text += pad(ControlsCollapseState.formatted(step.state.accumulatedDistance), 8) + step.note + "\n"
            }
        }
        text += "\n"
        let width = LayoutPlan.Field.allCases.map(\.rawValue.count).max() ?? 0
        for field in LayoutPlan.Field.allCases {
            text += pad(field.rawValue, width + 2) + resolution.plan.word(for: field) + "\n"
            if explain {
                let rule = resolution.rules[field]
                text += "    " + rule.rawValue + ": " + resolution.explanation(for: field) + "\n"
            }
        }
        for warning in resolution.plan.warnings { text += "\nwarning: " + warning.message }
        if !resolution.plan.warnings.isEmpty { text += "\n" }
        return text
    }

    /// One event of `--scroll`, the state after it and what it did.
    private struct TraceStep {
        var event: ControlsCollapseState.Event
        var state: ControlsCollapseState
        var note: String
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
