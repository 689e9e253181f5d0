import ReaderLayout
import Testing

/// The collapse state machine over scripted scroll sequences.
@Suite struct ControlsCollapseStateTests {
    private func run(_ script: String, startCollapsed: Bool = false) throws -> ControlsCollapseState {
        try ControlsCollapseState(isCollapsed: startCollapsed).handling(ControlsCollapseState.Event.script(script))
    }

    @Test(
        "Movement in one direction accumulates; collapse after 60 points",
        arguments: [
            ("down:30 down:29", false, 59.0), ("down:30 down:30", true, 0), ("down:60", true, 0),
            ("down:59.5", false, 59.5), ("down:10 down:10 down:10 down:10 down:10 down:10", true, 0),
            ("down:70 down:50", true, 50), ("down:70 down:100", true, 0), ("", false, 0),
        ]
    )
    func accumulatesToCollapse(script: String, collapsed: Bool, accumulated: Double) throws {
        let state = try run(script)
        #expect(state.isCollapsed == collapsed)
        #expect(state.accumulatedDistance == accumulated)
        #expect(state.controlsState == (collapsed ? .compactLabels : .expanded))
    }

    @Test(
        "A reversal resets the accumulated distance",
        arguments: [
            ("down:40 up:1 down:40", false, 40.0), ("down:59 up:0.5 down:59", false, 59), ("down:40 up:10", false, -10),
            ("down:40 up:10 down:60", true, 0), ("down:70 up:59", true, -59), ("down:70 up:30 down:5 up:30", true, -30),
        ]
    )
    func reversalResets(script: String, collapsed: Bool, accumulated: Double) throws {
        let state = try run(script)
        #expect(state.isCollapsed == collapsed)
        #expect(state.accumulatedDistance == accumulated)
    }

    @Test(
        "Scrolling back toward the start by the same distance expands (spec is silent; as .onScrollDown minimization)",
        arguments: [
            ("down:70 up:60", false), ("down:70 up:59", true), ("down:70 up:30 up:30", false),
            ("down:70 up:30 end up:30", true),
        ]
    )
    func scrollingBackExpands(script: String, collapsed: Bool) throws {
        #expect(try run(script).isCollapsed == collapsed)
    }

    @Test(
        "Only user scrolling counts, not programmatic scrolls",
        arguments: [
            ("program:500", false, 0.0), ("down:40 program:100 down:19", false, 59),
            ("down:40 program:-100 down:20", true, 0),
            ("program:80 program:80", false, 0),
        ]
    )
    func programmaticScrollsDoNotCount(script: String, collapsed: Bool, accumulated: Double) throws {
        let state = try run(script)
        #expect(state.isCollapsed == collapsed)
        #expect(state.accumulatedDistance == accumulated)
        #expect(try run(script, startCollapsed: true).isCollapsed, "nothing here expands collapsed controls")
    }

    @Test(
        "Reaching the top or bottom of the content, tapping the compact labels, opening a picker or navigating expands",
        arguments: ["top", "bottom", "tap", "picker", "navigate"]
    )
    func expandingEvents(word: String) throws {
        let state = try run("down:70 \(word)")
        #expect(state.isCollapsed == false)
        #expect(state.accumulatedDistance == 0)
        #expect(try run("down:70 \(word) down:59").isCollapsed == false, "expanding starts a new count")
        #expect(try run(word, startCollapsed: true).isCollapsed == false)
        #expect(try run("down:30 \(word) down:30").isCollapsed == false)
    }

    @Test(
        "Ending a gesture resets the accumulated distance",
        arguments: [
            ("down:40 end down:40", false, 40.0), ("down:40 end", false, 0), ("down:70 end", true, 0),
            ("down:30 end down:30 down:30", true, 0),
        ]
    )
    func gestureEndResets(script: String, collapsed: Bool, accumulated: Double) throws {
        let state = try run(script)
        #expect(state.isCollapsed == collapsed)
        #expect(state.accumulatedDistance == accumulated)
    }

    @Test("Reading down a chapter: a trace of states after each event")
    func readingThroughAChapter() throws {
        let script =
            "down:12 down:15 end program:300 down:20 down:25 down:18 up:4 down:30 end down:10 tap down:50 down:20 bottom"
        let events = try ControlsCollapseState.Event.script(script)
        var state = ControlsCollapseState()
        var trace: [Bool] = []
        for event in events {
            state.handle(event)
            trace.append(state.isCollapsed)
        }
        let expected = [
            false, false, false, false, false, false, true, true, true, true, true, false, false, true, false,
        ]
        #expect(trace == expected)
    }

    @Test("Zero and non-finite movements are ignored", arguments: [0.0, .nan, .infinity, -.infinity])
    func degenerateDeltas(delta: Double) {
        var state = ControlsCollapseState()
        state.handle(.userScrolled(40))
        state.handle(.userScrolled(delta))
        #expect(state.accumulatedDistance == 40)
        #expect(state.isCollapsed == false)
    }

    @Test(
        "Script words read back as they are written",
        arguments: ["down:30", "up:12.5", "program:-200", "top", "bottom", "end", "tap", "picker", "navigate"]
    )
    func scriptWordsRoundTrip(word: String) throws {
        let event = try #require(ControlsCollapseState.Event(scriptWord: word))
        #expect(event.scriptWord == word)
    }

    @Test(
        "Unknown script words are errors naming the word",
        arguments: ["down", "down:", "down:-3", "left:5", "up:x", "sideways", "down:inf", "program:nan"])
    func badScriptWords(word: String) {
        #expect(throws: ScrollScriptError(word: word)) {
            try ControlsCollapseState.Event.script("down:5, \(word), up:5")
        }
    }
}
