import Foundation
import ScriptureModel
import TestSupport
import Testing

@testable import ScriptureStore

/// `Library.updateReadingState(_:)`: a read-modify-write under a lock, so changes of different fields made at
/// once all stay; a change that throws leaves the state as it was.
struct ReadingStateUpdateTests {
    @Test func changesOfDifferentFieldsMadeAtOnceAllStay() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path + "/library")
        let rounds = 200
        // Each writer sets its own field to each round's number; each round, each reads back what it set.
        let lost = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                var lost = 0
                for round in 1...rounds {
                    try library.updateReadingState { $0.defaultVersion = round }
                    if library.readingState().defaultVersion != round { lost += 1 }
                }
                return lost
            }
            group.addTask {
                var lost = 0
                for round in 1...rounds {
                    try library.updateReadingState {
                        $0.lastPassage = "GEN.\(round)"
                        $0.lastVersion = round
                    }
                    if library.readingState().lastPassage != "GEN.\(round)" { lost += 1 }
                }
                return lost
            }
            return try await group.reduce(0, +)
        }
        #expect(lost == 0)
        #expect(library.readingState() == ReadingState(lastPassage: "GEN.\(rounds)", lastVersion: rounds, defaultVersion: rounds))
    }

    struct Refused: Error {}

    @Test func aChangeThatThrowsSavesNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = Library(directory: directory.path)
        try library.updateReadingState { $0.defaultVersion = 3 }
        #expect(throws: Refused.self) {
            try library.updateReadingState { (state) throws(Refused) in
                state.defaultVersion = 4
                throw Refused()
            }
        }
        #expect(library.readingState().defaultVersion == 3)
    }
}
