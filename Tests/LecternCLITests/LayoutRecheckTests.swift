import Foundation
import Lectern
import LecternCLI
import TestSupport
import Testing

/// `lectern layout` checked again against the guide: each field cites its own deciding sentence, the plan says
/// what collapsed controls hide, custom tabs and the reader's creation are inputs, and pictures name the Bible.
@Suite struct LayoutRecheckTests {
    /// The line of `field` and its explanation in `layout … --explain`'s table.
    static func explained(_ field: String, _ arguments: [String]) throws -> String {
        let result = try CLIRunner.runBinary(["layout"] + arguments + ["--explain"])
        #expect(result.status == 0 && result.standardError == "", "\(result)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix(field + " ") }, "\(field) in \(result)")
        return lines[index] + "\n" + lines[index + 1] + "\n"
    }

    @Test(
        "The recheck's five cases and every warning kind cite the guide's own sentence first (binary, exact)",
        arguments: Self.citationCases)
    func citesItsOwnSentence(arguments: [String], field: String, expected: String) throws {
        #expect(try Self.explained(field, arguments) == expected)
    }

    @Test("The citation cases above and the custom tabs' case cover every kind of warning")
    func everyWarningKindIsCitedThroughTheBinary() {
        let named = Self.citationCases.filter { $0.1 == "warnings" }.map {
            String($0.2.dropFirst("warnings                     ".count).prefix { $0 != "\n" })
        }
        #expect(Set(named + ["preferenceOnCustomTabs"]) == Set(LayoutPlan.Warning.allCases.map(\.rawValue)))
    }

    /// `layout ARGUMENTS --explain`: the field, and its explanation's line exactly.
    static let citationCases: [([String], String, String)] = [
            (
                ["--os", "27", "--stack", "shared", "--host-stack"], "menuStyle",
                """
                menuStyle                    toolbarMenu
                    regularToolbarMenuWithoutToolchain: "When using native toolbars on iOS 27 and later with a \
                supported toolchain, the reader places settings and sign-in actions in ToolbarOverflowMenu." spec \
                is silent: the sentence asks for a supported toolchain: an app built without ToolbarOverflowMenu \
                gets the regular toolbar menu on iOS 27 too, since the API is not compiled in. — because: menu in \
                a native toolbar (stack shared), iOS 27, toolchain without ToolbarOverflowMenu

                """
            ),
            (
                ["--stack", "none", "--host-stack"], "warnings",
                """
                warnings                     hostBarTakesSpace
                    hostWarnings: "An existing host navigation bar is left alone and may still occupy space above \
                the reader." — because: hostBarTakesSpace: stack none, host NavigationStack with its bar visible

                """
            ),
            (
                ["--stack", "shared"], "warnings",
                """
                warnings                     missingNavigationStack
                    hostWarnings: "Both .shared and .justForReader require your app to provide a NavigationStack." \
                "The modifier does not check for or create a missing stack." — because: missingNavigationStack: \
                stack shared, no host NavigationStack

                """
            ),
            (
                ["--stack", "justForReader", "--host-stack", "--host-back-button"], "warnings",
                """
                warnings                     hostControlsHidden
                    hostWarnings: "Choose .shared instead if users need those controls." "On iOS and iPadOS, this \
                hides the horizontal navigation bar, including any host title, Back button, or toolbar items in \
                that bar." — because: hostControlsHidden: stack justForReader, host Back button

                """
            ),
            (
                ["--stack", "none", "--host-stack", "--host-bar-hidden"], "hostNavigationBarVisible",
                """
                hostNavigationBarVisible     false
                    noneLeavesHiddenNavigationBar: "Adds no native toolbar items and leaves any host navigation bar \
                unchanged." "Choosing .none does not remove that stack or hide its bar." spec is silent: the app \
                hid its navigation bar; .none leaves it hidden, as it leaves a visible one visible. — because: \
                stack none, host bar hidden by the app

                """
            ),
            (
                ["--stack", "shared", "--host-stack", "--host-bar-hidden"], "warnings",
                """
                warnings                     searchAndMenuUnreachable
                    hostWarnings: "Your app must keep the system navigation bar visible so users can reach those \
                actions." — because: searchAndMenuUnreachable: stack shared, host bar hidden

                """
            ),
        ]

    @Test("Collapsed controls say in the plan what they hide; native items are not hidden (binary, exact JSON)")
    func collapsedControlsSayWhatTheyHide() throws {
        let none = try CLIRunner.runBinary(["layout", "--collapsed", "--json"])
        #expect(
            none.standardOutput == """
                {"schemaVersion":1,"command":"layout","plan":{"controlsEdge":"bottom","edgeRule":"preferredEdge",\
                "tabBar":"none","tabBarState":"shown","bookChapterPicker":"readerControls","versionPicker":\
                "readerControls","previousNext":"readerControls","search":"readerControls","menu":\
                "readerControls","menuStyle":"readerMenu","menuItems":["settings"],"hostNavigationBar":"unchanged",\
                "hostNavigationBarVisible":false,"verticalToolbar":"absent","readerControlsState":"compactLabels",\
                "hiddenControls":["previousNext","search","menu"],"requiresHostNavigationStack":false,\
                "createsNavigationStack":false,"changesSelectedTab":false,"warnings":[]},"rules":null}

                """)
        for (arguments, hidden) in [
            (["--stack", "justForReader", "--host-stack"], "previousNext, search, menu"),
            (["--stack", "justForReader", "--host-stack", "--vertical-toolbar"], "none"),
            (["--stack", "shared", "--host-stack"], "previousNext"),
        ] {
            let table = try CLIRunner.runBinary(["layout", "--collapsed"] + arguments).standardOutput
            #expect(table.contains("\nhiddenControls               \(hidden)\n"), "\(arguments): \(table)")
            let expanded = try CLIRunner.runBinary(["layout"] + arguments).standardOutput
            #expect(expanded.contains("\nhiddenControls               none\n"), "\(arguments): \(expanded)")
        }
    }

    @Test("Custom tabs can be placed; a preference on them is warned about (binary, exact)")
    func customTabsEdge() throws {
        let warned = try CLIRunner.runBinary(["layout", "--tab-bar", "unreported", "--custom-tabs-edge", "bottom"])
        #expect(warned.status == 0)
        #expect(
            warned.standardOutput.hasSuffix(
                "warnings                     preferenceOnCustomTabs\n\nwarning: the preferred edge is where your "
                    + "custom tabs are; set navigationPlacement to the opposite edge, and update it when the tabs "
                    + "move\n"), "\(warned)")
        let opposite = try CLIRunner.runBinary([
            "layout", "--tab-bar", "unreported", "--custom-tabs-edge", "bottom", "--placement", "topBar",
        ])
        #expect(opposite.standardOutput.hasSuffix("warnings                     none\n"), "\(opposite)")
        let explained = try Self.explained(
            "warnings", ["--tab-bar", "unreported", "--custom-tabs-edge", "top", "--placement", "topBar"])
        #expect(
            explained == """
                warnings                     preferenceOnCustomTabs
                    hostWarnings: "For a custom tab bar that SwiftUI does not report, set the preferred reader edge \
                opposite your tabs." "Update that preference if your custom tabs move." — because: \
                preferenceOnCustomTabs: custom tabs at top, placement topBar

                """)
        let misplaced = try CLIRunner.runBinary(["layout", "--tab-bar", "bottom", "--custom-tabs-edge", "top"])
        #expect(misplaced.status == 64)
        #expect(
            misplaced.standardError.hasPrefix(
                "Error: --custom-tabs-edge needs --tab-bar unreported: SwiftUI reports where its own tab bar is\n"),
            "\(misplaced)")
    }

    @Test("The reader's creation is an input, and the plan is the same for both (binary)")
    func creationIsAnInput() throws {
        let restoring = try CLIRunner.runBinary(["layout", "--stack", "shared", "--host-stack", "--json"])
        let reference = try CLIRunner.runBinary([
            "layout", "--stack", "shared", "--host-stack", "--creation", "reference", "--json",
        ])
        #expect(restoring.status == 0 && reference.status == 0)
        #expect(reference.standardOutput == restoring.standardOutput)
        let table = try CLIRunner.runBinary(["layout", "--creation", "reference"]).standardOutput
        #expect(table.hasPrefix("Environment: os 18, ") && table.contains(", creation reference\n"), "\(table)")
        let wrong = try CLIRunner.runBinary(["layout", "--creation", "init"])
        #expect(wrong.status == 64)
        #expect(
            wrong.standardError.hasPrefix(
                "Error: option '--creation' expects restoringLastPassage or reference, not 'init'\n"), "\(wrong)")
    }

    @Test(
        "--svg: the labels the old pictures cut are drawn whole, their boxes sized to them (binary, exact SVG lines)",
        arguments: [
            (
                ["--stack", "justForReader", "--host-stack", "--vertical-toolbar"],
                ##"<g id="search"><rect x="336" y="103" width="50" height="42" fill="#dadaeb" stroke="#888888"/><text x="361" y="128" text-anchor="middle">Search</text></g>"##
            ),
            (
                ["--os", "26", "--tab-bar", "bottom", "--tab-bar-state", "minimized"],
                ##"<g id="tab-bar"><rect x="0" y="804" width="104" height="40" fill="#c6dbef" stroke="#888888"/><text x="52" y="828" text-anchor="middle">tabs (minimized)</text></g>"##
            ),
            (
                ["--stack", "justForReader", "--host-stack", "--host-back-button"],
                ##"<text id="warning-1" x="4" y="884" font-size="11" fill="darkred">warning: the hidden navigation bar takes the host's Back button and title with</text>"##
                    + "\n"
                    + ##"<text id="warning-1-1" x="4" y="904" font-size="11" fill="darkred">  it; use shared if users need them</text>"##
            ),
        ])
    func pictureLabelsAreWhole(arguments: [String], expected: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/screen.svg"
        let result = try CLIRunner.runBinary(["layout"] + arguments + ["--svg", path])
        #expect(result.status == 0 && result.standardError == "", "\(result)")
        let svg = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        // The expected lines, found in the picture by the first one's id.
        let id = try #require(expected.firstMatch(of: /id="[^"]+"/)?.output)
        let start = try #require(svg.firstIndex { $0.contains(id) }, "\(id) in the picture")
        let count = expected.split(separator: "\n").count
        #expect(svg[start..<min(svg.count, start + count)].joined(separator: "\n") == expected)
    }

    @Test("--svg labels the version picker with the default Bible, or Bible when the library chooses none")
    func pictureNamesTheDefaultBible() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = StoreCommandsTests.TemporaryLibrary()
        func versionPicker() throws -> String {
            let path = folder.path + "/screen.svg"
            let result = try CLIRunner.runBinary(["layout", "--svg", path, "--force", "--library", library.path])
            #expect(result.status == 0, "\(result)")
            let svg = try String(contentsOfFile: path, encoding: .utf8)
            return try #require(svg.split(separator: "\n").first { $0.hasPrefix(#"<g id="version-picker">"#) })
                .description
        }
        #expect(
            try versionPicker()
                == ##"<g id="version-picker"><rect x="140" y="792" width="44" height="48" fill="#fdd0a2" stroke="#888888"/><text x="162" y="820" text-anchor="middle">Bible</text></g>"##
        )
        #expect(library.run(["import", TestCorpus.sample("sample/numbering/hebrew").path]).status == 0)
        #expect(
            try versionPicker()
                == ##"<g id="version-picker"><rect x="140" y="792" width="44" height="48" fill="#fdd0a2" stroke="#888888"/><text x="162" y="820" text-anchor="middle">HEB</text></g>"##
        )
    }
}
