import Foundation
import Lectern
import LecternCLI
import Testing

/// `lectern layout`: options, output forms, scenario files, errors and exit statuses.
@Suite struct LayoutCommandTests {
    /// The plan of a `layout --json` document (`{"schemaVersion":1,"command":"layout","plan":{…},"rules":…}`).
    private func json(_ text: String) throws -> [String: Any] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["command"] as? String == "layout")
        return try #require(document["plan"] as? [String: Any])
    }

    /// The results of a `layout --scenarios` document.
    private func results(_ text: String) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        return try #require(document["results"] as? [[String: Any]])
    }

    /// A fresh temporary folder holding `files` (name → contents).
    private func folder(with files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, contents) in files {
            try Data(contents.utf8).write(to: url.appendingPathComponent(name), options: .atomic)
        }
        return url
    }

    // MARK: End to end, through the built binary

    @Test("The binary prints a plan as JSON, with nothing on stderr and status 0")
    func binaryPrintsJSONPlan() throws {
        let result = try CLIRunner.runBinary([
            "layout", "--tab-bar", "top", "--placement", "topBar", "--stack", "shared", "--json",
        ])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let plan = try json(result.standardOutput)
        #expect(plan["controlsEdge"] as? String == "bottom")
        #expect(plan["edgeRule"] as? String == "oppositeTabBar")
        #expect(plan["search"] as? String == "hostToolbar")
        #expect(plan["menuStyle"] as? String == "toolbarMenu")
        #expect(plan.count == LayoutPlan.Field.allCases.count)
    }

    @Test("The binary rejects a bad --os with status 64, Error: and the usage on stderr, nothing on stdout")
    func binaryUsageError() throws {
        let result = try CLIRunner.runBinary(["layout", "--os", "banana"])
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError.hasPrefix(
                "Error: option '--os' expects an iOS major version, 17 or later, not 'banana'\nUsage: lectern layout"
            )
        )
    }

    @Test("Golden: --scenarios prints one plan per environment, in order (binary, relative path)")
    func binaryScenariosGolden() throws {
        let result = try CLIRunner.runBinary(
            ["layout", "--scenarios", "layout-scenarios.json"],
            currentDirectory: CLIRunner.fixture("")
        )
        #expect(result.status == 0)
        #expect(result.standardError == "")
        try GoldenFile.check(result.standardOutput, matches: "layout-scenarios.expected.json")
        let plans = try results(result.standardOutput)
        let input = try Data(contentsOf: CLIRunner.fixture("layout-scenarios.json"))
        let environments = try #require(try JSONSerialization.jsonObject(with: input) as? [Any])
        #expect(plans.count == environments.count)
    }

    @Test("The binary reports an unreadable scenario file with status 1, naming the file")
    func binaryMissingScenarioFile() throws {
        let result = try CLIRunner.runBinary(
            ["layout", "--scenarios", "no-such-file.json"], currentDirectory: CLIRunner.fixture(""))
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == "Error: cannot read the scenario file no-such-file.json: no such file or folder\n")
    }

    @Test(
        "In-process and binary runs agree",
        arguments: [
            ["layout"], ["layout", "--explain", "--os", "17", "--tab-bar", "bottom"], ["layout", "--stack", "bogus"],
            ["layout", "--scroll", "down:30 down:40 up:5", "--json"], ["nonsense"],
        ]
    )
    func inProcessMatchesBinary(arguments: [String]) throws {
        #expect(CLIRunner.run(arguments) == (try CLIRunner.runBinary(arguments)))
    }

    // MARK: Options

    @Test(
        "Each option reaches the resolver",
        arguments: [
            ([String](), "controlsEdge", "bottom"),
            (["--placement", "topBar"], "controlsEdge", "top"),
            (["--tab-bar", "bottom", "--placement", "bottomBar"], "controlsEdge", "top"),
            (["--tab-bar", "bottom", "--os", "17"], "controlsEdge", "bottom"),
            (["--tab-bar=sidebar", "--placement=topBar"], "controlsEdge", "top"),
            (["--tab-bar", "unreported"], "edgeRule", "preferredEdge"),
            (["--stack", "justForReader"], "hostNavigationBar", "hidden"),
            (["--stack", "shared", "--vertical-toolbar"], "previousNext", "systemToolbar"),
            (["--stack", "shared", "--os", "27", "--overflow-menu-toolchain"], "menuStyle", "toolbarOverflowMenu"),
            (["--stack", "shared", "--os", "27"], "menuStyle", "toolbarMenu"),
            (["--sign-in-configured"], "menuItems", "settings,signIn"),
            (["--sign-in-configured", "--signed-in"], "menuItems", "settings,account"),
            (["--tab-bar", "bottom"], "tabBar", "bottom"),
            (["--tab-bar", "bottom", "--tab-bar-state", "hidden"], "controlsEdge", "bottom"),
            (["--tab-bar", "bottom", "--tab-bar-state", "minimized"], "controlsEdge", "top"),
            (["--host-stack"], "hostNavigationBarVisible", "true"),
            (["--host-stack"], "warnings", "hostBarTakesSpace"),
            (["--stack", "shared", "--host-stack", "--host-bar-hidden"], "warnings", "searchAndMenuUnreachable"),
            (["--stack", "shared", "--host-stack", "--limited-space"], "search", "systemOverflowMenu"),
            (["--collapsed"], "readerControlsState", "compactLabels"),
            (["--scroll", "down:30,down:30"], "readerControlsState", "compactLabels"),
            (["--collapsed", "--scroll", "tap"], "readerControlsState", "expanded"),
            (["--scroll", "program:500"], "readerControlsState", "expanded"),
        ]
    )
    func optionsReachTheResolver(options: [String], field: String, expected: String) throws {
        let result = CLIRunner.run(["layout", "--json"] + options)
        #expect(result.status == 0, "\(result)")
        let plan = try json(result.standardOutput)
        let value = plan[field]
        let word =
            (value as? String) ?? (value as? [String])?.joined(separator: ",") ?? (value as? Bool).map(String.init)
        #expect(word == expected)
    }

    @Test(
        "Usage errors exit 64 with Error: naming the problem, and the usage",
        arguments: [
            (["--os", "16"], "option '--os' expects an iOS major version, 17 or later, not '16'"),
            (["--os", "18.2"], "option '--os' expects an iOS major version, 17 or later, not '18.2'"),
            (["--os"], "option '--os' needs a value"),
            (["--tab-bar", "left"], "option '--tab-bar' expects top, bottom, none, sidebar or unreported, not 'left'"),
            (["--placement", "top"], "option '--placement' expects topBar or bottomBar, not 'top'"),
            (["--stack", ".shared"], "option '--stack' expects none, shared or justForReader, not '.shared'"),
            (["--vertical-toolbar=yes"], "option '--vertical-toolbar' takes no value"),
            (["--verticalToolbar"], "unknown option '--verticalToolbar'"),
            (["ios18"], "unexpected argument 'ios18'"),
            (["--scroll", "down:30 sideways"], "option '--scroll': 'sideways' is not a scroll event"),
            (["--os", "17", "--os", "18"], "option '--os' is given more than once"),
            (
                ["--signed-in"],
                "--signed-in needs --sign-in-configured: a user signs in only where the SDK offers sign-in"
            ),
            (
                ["--host-back-button"],
                "--host-back-button needs --host-stack: only the app's NavigationStack has a Back button, title or bar"
            ),
            (["--tab-bar-state", "gone"], "option '--tab-bar-state' expects shown, minimized or hidden, not 'gone'"),
            (["--tab-bar", "top", "--tab-bar=bottom"], "option '--tab-bar' is given more than once"),
            (["--scroll", "down:10", "--scroll", "up:10"], "option '--scroll' is given more than once"),
            (["--scenarios", "x.json", "--os", "18"], "--scenarios reads the environments from the file; remove --os"),
            (
                ["--scenarios", "x.json", "--scroll", "top"],
                "--scenarios reads the environments from the file; remove --scroll"
            ),
        ]
    )
    func usageErrors(options: [String], message: String) {
        let result = CLIRunner.run(["layout"] + options)
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("Error: \(message)"), "\(result)")
        #expect(result.standardError.hasSuffix(HelpText.usage(LayoutCommand.spec) + "See 'lectern layout --help'.\n"))
    }

    @Test("--help prints the usage; lectern --help lists the command")
    func help() {
        #expect(
            CLIRunner.run(["layout", "--help"])
                == CLIResult(status: 0, standardOutput: HelpText.help(LayoutCommand.spec), standardError: ""))
        let top = CLIRunner.run(["--help"])
        #expect(top.status == 0)
        #expect(top.standardOutput.contains("  layout        \(LayoutCommand.spec.summary)\n"))
    }

    // MARK: Text output

    @Test("The text form is a table of placement and value, after the environment")
    func textTable() {
        let result = CLIRunner.run(["layout", "--tab-bar", "top", "--stack", "justForReader", "--vertical-toolbar"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first?.hasPrefix(
                "Environment: os 18, tabBar top, tabBarState shown, placement bottomBar, stack justForReader") == true)
        let table = lines.filter { !$0.isEmpty && !$0.hasPrefix("Environment:") && !$0.hasPrefix("warning: ") }
        #expect(
            lines.last(where: { !$0.isEmpty })
                == "warning: this stack mode needs the app's NavigationStack around the reader; the reader does not create one"
        )
        #expect(table.count == LayoutPlan.Field.allCases.count)
        #expect(table.contains("controlsEdge                 bottom"))
        #expect(table.contains("previousNext                 systemToolbar"))
        #expect(table.contains("verticalToolbar              keptVisible"))
        #expect(table.contains("createsNavigationStack       false"))
    }

    @Test("--explain adds under each placement the rule that decided it, quoting the spec or saying it is silent")
    func explainedTable() {
        let result = CLIRunner.run(["layout", "--explain", "--stack", "shared", "--vertical-toolbar"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let rules = lines.filter { $0.hasPrefix("    ") }
        #expect(rules.count == LayoutPlan.Field.allCases.count)
        #expect(
            lines.contains(
                "    sharedAddsToHostToolbar: \"Adds Search and the reader menu to the host toolbar.\" — because: stack "
                    + "shared, vertical toolbar present (the guide names the host toolbar for Search and the menu)"
            )
        )
        #expect(rules.contains { $0.hasPrefix("    previousNextInVerticalToolbar: \"In .shared and .justForReader") })
        #expect(rules.contains { $0.contains("spec is silent: 'may move' is read as 'move'") })
    }

    @Test("--scroll prints the state machine's trace before the table")
    func scrollTrace() {
        let result = CLIRunner.run(["layout", "--scroll", "down:30, down:40 up:12.5 end"])
        #expect(result.status == 0)
        let expected = """
            Scroll (accumulated points after each event; 60 in one direction collapses or, back up, expands; end resets):
              down:30       expanded       30      run 30, under 60
              down:40       compactLabels  0       run 70 ≥ 60: collapse, reset to 0
              up:12.5       compactLabels  -12.5   run -12.5, under 60
              end           compactLabels  0       gesture ended: run reset to 0

            """
        #expect(result.standardOutput.contains(expected))
        #expect(result.standardOutput.contains("readerControlsState          compactLabels\n"))
        #expect(
            result.standardOutput.contains("collapsed false"), "the environment line shows the state before scrolling")
    }

    @Test(
        "--explain cites the deciding sentence and the inputs for the cases issue 17 found wrong",
        arguments: [
            (
                ["--os", "17", "--tab-bar", "bottom", "--placement", "topBar"],
                "    topPreferenceWithoutDetection: \"iOS 17 uses the top preference; iOS 18 and later give detected tab placement priority, including when iPad tabs move to the top.\" \"Automatic tab placement detection is unavailable on iOS 17.\" \"If your reader is inside a bottom TabView, request top controls explicitly:\" — because: iOS 17: no tab placement detection, tab bar bottom not detected, placement topBar"
            ),
            (
                ["--scroll", "down:100 up:60"],
                "    expandedByScrollingBack: spec is silent: scrolling back toward the start by the collapse distance (60 points in one gesture) expands the controls, as tabBarMinimizeBehavior(.onScrollDown) and Safari do. — because: scrolled back up in one direction to the threshold 60 points"
            ),
            (
                ["--tab-bar", "top"],
                "    tabBarOppositeEdge: \"On iOS 18 and later, if a SwiftUI tab bar is present, the reader places its controls opposite that tab bar when it is detected at the top or bottom.\" \"This takes precedence over navigationPlacement(_:).\" \"The reader moves its controls to the opposite edge automatically; your app does not need a width breakpoint.\" — because: tab bar detected at top, iOS 18"
            ),
        ]
    )
    func explainCitesTheDecidingSentence(options: [String], line: String) {
        let result = CLIRunner.run(["layout", "--explain"] + options)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains(line), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("Tapping those labels"))
        #expect(!result.standardOutput.contains("Without an explicit preference"))
    }

    @Test("--svg writes SVG atomically, never over a file without --force; --scenarios: an SVG each, index.html")
    func svgFiles() throws {
        let files = try folder(with: ["s.json": #"[{"tabBar": "top"}, {"stack": "shared", "hostStack": true}]"#])
        defer { try? FileManager.default.removeItem(at: files) }
        let one = CLIRunner.run(["layout", "--tab-bar", "bottom", "--svg", "screen.svg"], currentDirectory: files.path)
        #expect(one.status == 0 && one.standardError == "", "\(one)")
        let svg = try String(contentsOf: files.appendingPathComponent("screen.svg"), encoding: .utf8)
        #expect(svg.contains(#"<g id="tab-bar"><rect x="0" y="761" width="390" height="83""#))
        #expect(svg.hasSuffix("</svg>\n"))
        let many = CLIRunner.run(
            ["layout", "--scenarios", "s.json", "--svg", "pictures"], currentDirectory: files.path)
        #expect(many.status == 0 && many.standardError == "", "\(many)")
        let names = try FileManager.default.contentsOfDirectory(atPath: files.appendingPathComponent("pictures").path)
        #expect(Set(names) == ["scenario-1.svg", "scenario-2.svg", "index.html"])
        let index = try String(contentsOf: files.appendingPathComponent("pictures/index.html"), encoding: .utf8)
        #expect(index.contains(#"<img src="scenario-2.svg" alt="scenario 2">"#))
        #expect(index.contains("<dt>search: hostToolbar</dt>"))
        #expect(
            index.contains("sharedAddsToHostToolbar: &quot;Adds Search and the reader menu to the host toolbar.&quot;"))
        let again = CLIRunner.run(["layout", "--tab-bar", "top", "--svg", "screen.svg"], currentDirectory: files.path)
        #expect(again.status == 1)
        #expect(again.standardError == "Error: cannot write screen.svg: it exists; use --force to overwrite\n")
        #expect(try String(contentsOf: files.appendingPathComponent("screen.svg"), encoding: .utf8) == svg)
        let forced = CLIRunner.run(
            ["layout", "--tab-bar", "top", "--svg", "screen.svg", "--force"], currentDirectory: files.path)
        #expect(forced.status == 0 && forced.standardError == "", "\(forced)")
        #expect(try String(contentsOf: files.appendingPathComponent("screen.svg"), encoding: .utf8) != svg)
        let manyAgain = CLIRunner.run(
            ["layout", "--scenarios", "s.json", "--svg", "pictures"], currentDirectory: files.path)
        #expect(manyAgain.status == 1)
        #expect(manyAgain.standardError.hasPrefix("Error: cannot write pictures: "), "\(manyAgain)")
        #expect(
            CLIRunner.run(["layout", "--scenarios", "s.json", "--svg", "pictures", "--force"], currentDirectory: files.path)
                .status == 0)
        let bad = CLIRunner.run(["layout", "--svg", "no-such-folder/x.svg"], currentDirectory: files.path)
        #expect(bad.status == 1)
        #expect(bad.standardError.hasPrefix("Error: cannot write no-such-folder/x.svg: "), "\(bad)")
    }

    // MARK: Scenario files

    @Test("--scenarios --explain prints, per environment, the plan and the rule behind each field")
    func explainedScenarios() throws {
        let files = try folder(with: ["s.json": #"[{"tabBar": "top"}, {"os": 17, "tabBar": "top"}]"#])
        defer { try? FileManager.default.removeItem(at: files) }
        let result = CLIRunner.run(["layout", "--scenarios", "s.json", "--explain"], currentDirectory: files.path)
        #expect(result.status == 0, "\(result)")
        let items = try results(result.standardOutput)
        #expect(items.count == 2)
        let rules = items.compactMap { ($0["rules"] as? [String: [String: Any]])?["controlsEdge"]?["rule"] as? String }
        #expect(rules == ["tabBarOppositeEdge", "preferredEdgeWithoutDetection"])
    }

    @Test(
        "A bad scenario file exits 1 with a message naming the file, the position, and for keys and values the index and key",
        arguments: [
            (#"[{}, {"tabbar": "top"}]"#, "s.json:1:7: error: environment at index 1, key 'tabbar': unknown key"),
            (
                "[{},\n {},\n {\"stack\": \"both\"}]",
                "s.json:3:12: error: environment at index 2, key 'stack': unknown value 'both'"
            ),
            (
                #"[{"os": 16}]"#,
                "s.json:1:9: error: environment at index 0, key 'os': expected an iOS major version, 17 or later, found 16"
            ),
            (
                #"[{"signedIn": "yes"}]"#,
                "s.json:1:15: error: environment at index 0, key 'signedIn': expected true or false, found a string"
            ),
            ("[{}, {},]", "s.json:1:9: error: invalid JSON: expected a value"),
            (#"{"os": 18}"#, "s.json:1:1: error: expected an array of environment objects, found an object"),
            (
                #"[{}, {"signedIn": true}]"#,
                "s.json:1:6: error: environment at index 1: signedIn needs signInConfigured"
            ),
        ]
    )
    func badScenarioFiles(contents: String, message: String) throws {
        let files = try folder(with: ["s.json": contents])
        defer { try? FileManager.default.removeItem(at: files) }
        let result = CLIRunner.run(["layout", "--scenarios", "s.json"], currentDirectory: files.path)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix(message), "\(result)")
        #expect(result.standardError.hasSuffix("\n") && !result.standardError.contains("Usage:"))
    }

    @Test("A scenario path that is a folder cannot be read: status 1, naming it")
    func scenarioFolder() throws {
        let files = try folder(with: [:])
        defer { try? FileManager.default.removeItem(at: files) }
        let result = CLIRunner.run(["layout", "--scenarios", files.path])
        #expect(result.status == 1)
        #expect(
            result.standardError == "Error: cannot read the scenario file \(files.path): it is a folder; give a file\n")
    }
}
