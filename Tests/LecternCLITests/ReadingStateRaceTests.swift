import Foundation
import Synchronization
import TestSupport
import Testing

/// `lectern use` beside a loop of `lectern read`, through the built binary: each `use` stays set (the
/// reading state is changed under its lock, fields merged), and the reads still record their passage.
/// Before the lock, 32 of 150 `use` runs were undone by a `read` that had loaded the state before them.
@Suite(.serialized) struct ReadingStateRaceTests {
    @Test func useIsNeverUndoneByAConcurrentRead() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = folder.path + "/library"
        let sample = TestCorpus.sample("sample/usfm").path
        for name in ["AAA", "BBB"] {
            let imported = try CLIRunner.runBinary(["import", sample, "--abbreviation", name, "--library", library])
            #expect(imported.status == 0, "\(imported)")
        }
        let done = Atomic<Bool>(false)
        let reads = Atomic<Int>(0)
        let reader = Thread {
            while !done.load(ordering: .acquiring) {
                let passage = reads.load(ordering: .relaxed) % 2 == 0 ? "GEN 1" : "GEN 2"
                _ = try? CLIRunner.runBinary(["read", passage, "--bible", "AAA", "--library", library])
                reads.add(1, ordering: .relaxed)
            }
        }
        reader.start()
        var undone: [Int] = []
        for round in 0..<120 {
            let (name, id) = round % 2 == 0 ? ("AAA", 1) : ("BBB", 2)
            let used = try CLIRunner.runBinary(["use", name, "--library", library])
            #expect(used.status == 0, "\(used)")
            let state = try JSONNode.parse(
                String(decoding: try Data(contentsOf: URL(fileURLWithPath: library + "/reading-state.json")), as: UTF8.self))
            if state["defaultVersion"]?.integer != id { undone.append(round) }
        }
        done.store(true, ordering: .releasing)
        while !reader.isFinished { usleep(10_000) }
        #expect(undone.isEmpty, "use undone in rounds \(undone)")
        #expect(reads.load(ordering: .relaxed) > 10, "the reads ran beside the uses")
        let state = try JSONNode.parse(
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: library + "/reading-state.json")), as: UTF8.self))
        #expect(state["defaultVersion"]?.integer == 2)
        #expect(["GEN.1", "GEN.2"].contains(state["lastPassage"]?.string ?? ""), "\(state)")
    }
}
