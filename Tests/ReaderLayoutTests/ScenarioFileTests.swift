import ReaderLayout
import Testing

/// Reading scenario files: a JSON array of environments, strictly, with errors that say where.
@Suite struct ScenarioFileTests {
    private func read(_ json: String) throws(LayoutScenarioError) -> [ReaderEnvironment] {
        try ReaderEnvironment.scenarios(json: Array(json.utf8), file: "s.json")
    }

    @Test("Missing keys take the defaults: iOS 18, no tab bar, bottomBar, stack none, every flag false")
    func emptyObjectIsTheDefaultEnvironment() throws {
        #expect(try read("[{}, {}]") == [ReaderEnvironment(), ReaderEnvironment()])
        #expect(try read(" [ ] ") == [])
        #expect(try read("\u{FEFF}[{}]") == [ReaderEnvironment()])
    }

    @Test("Every key is read")
    func everyKey() throws {
        let json = """
            [{"os": 27, "tabBar": "unreported", "placement": "topBar", "stack": "justForReader",
              "verticalToolbar": true, "overflowMenuToolchain": true, "signInConfigured": true,
              "signedIn": true, "collapsed": true, "tabBarState": "minimized", "hostStack": true,
              "hostBackButton": true, "hostTitle": true, "hostBarHidden": true, "limitedSpace": true,
              "customTabsEdge": "top", "creation": "reference"},
             {"tabBar": "sidebar", "stack": "shared", "signedIn": false}]
            """
        let expected = [
            ReaderEnvironment(
                osVersion: 27, tabBar: .unreported, placement: .topBar, stack: .justForReader, hasVerticalToolbar: true,
                toolchainHasOverflowMenu: true, signInConfigured: true, isSignedIn: true, controlsCollapsed: true,
                tabBarState: .minimized, hostStack: true, hostBackButton: true, hostTitle: true, hostBarHidden: true,
                limitedSpace: true, customTabsEdge: .top, creation: .reference
            ),
            ReaderEnvironment(tabBar: .sidebar, stack: .shared),
        ]
        #expect(try read(json) == expected)
        for key in ReaderEnvironment.Key.allCases {
            #expect(expected[0].word(for: key) != ReaderEnvironment().word(for: key), "\(key) was set")
        }
    }

    @Test(
        "Unknown keys or values are errors naming the key, the array index and the position",
        arguments: [
            (#"[{"tabbar": "top"}]"#, 1, 3, 0, "tabbar", "unknown key; expected os, tabBar, tabBarState, placement"),
            (
                "[{},\n {\"tabBar\": \"left\"}]", 2, 13, 1, "tabBar",
                "unknown value 'left'; expected top, bottom, none, sidebar or unreported"
            ),
            (#"[{"placement": "top"}]"#, 1, 16, 0, "placement", "unknown value 'top'; expected topBar or bottomBar"),
            (#"[{"stack": ".shared"}]"#, 1, 12, 0, "stack", "expected none, shared or justForReader"),
            (#"[{"os": 16}]"#, 1, 9, 0, "os", "expected an iOS major version, 17 or later, found 16"),
            (#"[{"os": 18.5}]"#, 1, 9, 0, "os", "found 18.5"),
            (#"[{"os": "18"}]"#, 1, 9, 0, "os", "expected an iOS major version, 17 or later, found a string"),
            (#"[{"signedIn": 1}]"#, 1, 15, 0, "signedIn", "expected true or false, found a number"),
            (#"[{"collapsed": "true"}]"#, 1, 16, 0, "collapsed", "expected true or false, found a string"),
            (#"[{"tabBar": null}]"#, 1, 13, 0, "tabBar", "found null"),
            (#"[{}, {}, {"os": 18, "os": 19}]"#, 1, 21, 2, "os", "the key appears twice"),
            (#"[{"caf\u00e9": 1}]"#, 1, 3, 0, "café", "unknown key"),
        ]
    )
    func keyErrors(json: String, line: Int, column: Int, index: Int, key: String, message: String) {
        #expect {
            try read(json)
        } throws: { error in
            guard let error = error as? LayoutScenarioError else { return false }
            return error.location.line == line && error.location.column == column && error.index == index
                && error.key == key && error.message.contains(message)
                && error.description.hasPrefix(
                    "s.json:\(line):\(column): error: environment at index \(index), key '\(key)': ")
        }
    }

    @Test(
        "Malformed JSON is an error at its line and column",
        arguments: [
            (#"[{"os": 18,}]"#, 1, 12, "expected a key in quotes"),
            ("[{}\n,]", 2, 2, "expected a value"),
            ("[", 1, 2, "unexpected end of file"),
            ("[tru]", 1, 2, "expected 'true'"),
            (#"[{"os" 18}]"#, 1, 8, "expected ':' after the key"),
            (#"[{"os": 18}"#, 1, 12, "expected ',' or ']'"),
            (#"[{"tabBar": "top}]"#, 1, 19, "unterminated string"),
            ("[{\"tab\tBar\": 1}]", 1, 7, "control character in string"),
            (#"[{"x": "\q"}]"#, 1, 10, "unknown escape"),
            (#"[{"x": "\ud800"}]"#, 1, 15, "unpaired surrogate"),
            (#"[01]"#, 1, 3, "expected ',' or ']'"),
            (#"[-]"#, 1, 3, "expected a digit"),
            ("[{}] {}", 1, 6, "unexpected text after the JSON value"),
            ("", 1, 1, "unexpected end of file"),
            ("[\"é\", x]", 1, 7, "expected a value"),
            (
                String(repeating: "[", count: 65) + String(repeating: "]", count: 65), 1, 65,
                "nested deeper than 64 levels"
            ),
        ]
    )
    func syntaxErrors(json: String, line: Int, column: Int, message: String) {
        #expect {
            try read(json)
        } throws: { error in
            guard let error = error as? LayoutScenarioError else { return false }
            return error.location.line == line && error.location.column == column && error.index == nil
                && error.key == nil && error.message.hasPrefix("invalid JSON: " + message)
                && error.description.hasPrefix("s.json:\(line):\(column): error: invalid JSON: \(message)")
        }
    }

    @Test("Invalid UTF-8 inside a string is an error, not a crash")
    func invalidUTF8() {
        let bytes: [UInt8] = Array(#"[{"tabBar": ""#.utf8) + [0xFF, 0xFE] + Array(#""}]"#.utf8)
        #expect(throws: LayoutScenarioError.self) { try ReaderEnvironment.scenarios(json: bytes, file: "s.json") }
    }

    @Test(
        "The file must be an array of objects",
        arguments: [
            (#"{"os": 18}"#, 1, 1, nil as Int?, "found an object"),
            ("[{}, 17]", 1, 6, 1, "expected an environment object, found a number"),
        ]
    )
    func shapeErrors(json: String, line: Int, column: Int, index: Int?, message: String) {
        #expect {
            try read(json)
        } throws: { error in
            guard let error = error as? LayoutScenarioError else { return false }
            return error.location.line == line && error.location.column == column && error.index == index
                && error.message.contains(message)
        }
    }
}
