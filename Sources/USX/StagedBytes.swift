import ScriptureModel
import TextNormalization

/// The bytes of `USXBuilder.content` on their way into it (`FlatByteStage`): the common text runs and
/// `<char>` attribute values are staged, a few stores each instead of an array append, and every other
/// step that touches the content's bytes flushes them first (`USXBuilder.flushStaged()`).
///
/// A class that only owns the stage's memory: the builder reaches the stage through the pointer, without
/// the exclusivity checks a class's stored property costs, and stays copyable.
final class StagedBytes {
    /// The stage.
    let stage: UnsafeMutablePointer<FlatByteStage>

    /// Creates an empty stage.
    init() {
        stage = .allocate(capacity: 1)
        stage.initialize(to: FlatByteStage())
    }

    deinit {
        stage.deinitialize(count: 1)
        stage.deallocate()
    }
}

extension USXBuilder {
    /// Moves the staged bytes into the content: called before any step but the staging ones that adds
    /// to the content or reads it.
    @inline(__always)
    mutating func flushStaged() {
        if staged.stage.pointee.count > 0 { content.flush(&staged.stage.pointee) }
    }

    /// Adds a run of content text: staged when it is NFC as it is (no byte from 0xCC on, or NFC by the tables
    /// alone: `NFC.isKnownNormalized`, which pointed Hebrew passes), else normalised and added after a flush.
    @inline(__always)
    mutating func stageText(_ bytes: UnsafeBufferPointer<UInt8>, check: Bool) {
        if check && NFC.mayNeedNormalization(bytes) && !NFC.isKnownNormalized(bytes) {
            flushStaged()
            content.text(NFC.string(bytes))
        } else {
            content.text(staging: bytes, in: &staged.stage.pointee)
        }
    }
}
