import CByteScan
import ScriptureModel

/// Runs of plain ASCII `\w` words, read in C.
extension USFMBookBuilder {
    /// Reads the run of plain ASCII `\w` words at the cursor that `lectern_usfm_read_words` takes (see
    /// its header), adding their nodes and attributes and staging their bytes as `readOnePlainSpan` would
    /// one by one; `nil`, having changed nothing, when it takes none (it stops at the first word it does
    /// not take, which `readOnePlainSpan` then reads, or not).
    /// - Returns: the index of the last node added.
    mutating func readWordRun(nestedOnly: Bool) -> Int? {
        guard readsWordRuns, let base = cursor.input.baseAddress else { return nil }
        let room = wordRun
        let wordID = markerID(wordMarker)
        room.flat.setSpanMarker(wordID)
        let run = room.run
        run.pointee.input = base
        run.pointee.count = cursor.count
        run.pointee.position = cursor.position
        run.pointee.nested_only = nestedOnly ? 1 : 0
        run.pointee.next_name = Int64(nextAttributeName)
        run.pointee.stage = stage.bytes
        run.pointee.stage_count = stage.count
        run.pointee.stage_capacity = stage.room
        run.pointee.byte_base = UInt64(flat.flushedByteCount)
        run.pointee.node_base = UInt64(flat.nodeCount)
        run.pointee.attribute_base = UInt64(flat.attributeCount)
        knownAttributeNames.withUnsafeBufferPointer { names in
            run.pointee.names = names.baseAddress
            run.pointee.name_count = Int32(names.count)
            lectern_usfm_read_words(run, room.flat.layout)
            run.pointee.names = nil
        }
        guard run.pointee.words > 0 else { return nil }
        wordsReadInRuns &+= run.pointee.words
        flat.append(
            nodes: UnsafeBufferPointer(start: room.flat.nodes, count: run.pointee.node_count),
            attributes: UnsafeBufferPointer(start: room.flat.attributes, count: run.pointee.attribute_count))
        stage.setCount(run.pointee.stage_count)
        nextAttributeName = Int(run.pointee.next_name)
        cursor.position = run.pointee.position
        return Int(run.pointee.last_node)
    }
}

/// Room of the builder's own for `lectern_usfm_read_words`: the call's arguments and results, and the nodes
/// and attributes a run makes (three nodes a word at most) before they are added to the content in one step.
final class USFMWordRunRoom {
    let run: UnsafeMutablePointer<lectern_usfm_word_run>
    /// The nodes and attributes, their layout, and the span template (its marker the `w` of the chapter read).
    let flat = FlatNodeRoom()

    init() {
        run = .allocate(capacity: 1)
        run.initialize(to: lectern_usfm_word_run())
        run.pointee.nodes = flat.nodeBytes
        run.pointee.node_capacity = FlatNodeRoom.nodeRoom
        run.pointee.attributes = flat.attributeBytes
        run.pointee.attribute_capacity = FlatNodeRoom.attributeRoom
    }

    deinit { run.deallocate() }
}
