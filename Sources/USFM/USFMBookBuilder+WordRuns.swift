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
        room.setWordMarker(wordID)
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
            lectern_usfm_read_words(run, room.layout)
            run.pointee.names = nil
        }
        guard run.pointee.words > 0 else { return nil }
        wordsReadInRuns &+= run.pointee.words
        flat.append(
            nodes: UnsafeBufferPointer(start: room.nodes, count: run.pointee.node_count),
            attributes: UnsafeBufferPointer(start: room.attributes, count: run.pointee.attribute_count))
        stage.setCount(run.pointee.stage_count)
        nextAttributeName = Int(run.pointee.next_name)
        cursor.position = run.pointee.position
        return Int(run.pointee.last_node)
    }
}

/// Room of the builder's own for `lectern_usfm_read_words`: the call's arguments and results, the nodes and
/// attributes a run makes before they are added to the content in one step, and where their fields lie.
final class USFMWordRunRoom {
    /// How many nodes and attributes one run makes at most (three nodes a word at most).
    static let nodeRoom = 768
    static let attributeRoom = 512

    let run: UnsafeMutablePointer<lectern_usfm_word_run>
    let layout: UnsafeMutablePointer<lectern_usfm_layout>
    let nodes: UnsafeMutablePointer<FlatNode>
    let attributes: UnsafeMutablePointer<FlatAttribute>
    /// The marker in the span template (the `w` of the chapter being read).
    private var wordMarker = FlatNode.none

    init() {
        run = .allocate(capacity: 1)
        run.initialize(to: lectern_usfm_word_run())
        nodes = .allocate(capacity: Self.nodeRoom)
        attributes = .allocate(capacity: Self.attributeRoom)
        run.pointee.nodes = UnsafeMutableRawPointer(nodes).assumingMemoryBound(to: UInt8.self)
        run.pointee.node_capacity = Self.nodeRoom
        run.pointee.attributes = UnsafeMutableRawPointer(attributes).assumingMemoryBound(to: UInt8.self)
        run.pointee.attribute_capacity = Self.attributeRoom
        layout = .allocate(capacity: 1)
        layout.initialize(to: lectern_usfm_layout())
        let node = MemoryLayout<FlatNode>.self
        let attribute = MemoryLayout<FlatAttribute>.self
        layout.pointee.node_size = Int64(node.stride)
        layout.pointee.end_offset = Int64(node.offset(of: \FlatNode.storedEnd) ?? 0)
        layout.pointee.text_start_offset = Int64(node.offset(of: \FlatNode.textStart) ?? 0)
        layout.pointee.text_count_offset = Int64(node.offset(of: \FlatNode.textCount) ?? 0)
        layout.pointee.attribute_start_offset = Int64(node.offset(of: \FlatNode.attributeStart) ?? 0)
        layout.pointee.attribute_count_offset = Int64(node.offset(of: \FlatNode.attributeCount) ?? 0)
        layout.pointee.attribute_size = Int64(attribute.stride)
        layout.pointee.attribute_name_offset = Int64(attribute.offset(of: \FlatAttribute.name) ?? 0)
        layout.pointee.attribute_value_start_offset = Int64(attribute.offset(of: \FlatAttribute.valueStart) ?? 0)
        layout.pointee.attribute_value_count_offset = Int64(attribute.offset(of: \FlatAttribute.valueCount) ?? 0)
        // The C reader writes nodes from 32-byte templates: a node of another size turns the runs off.
        if node.size != 32 || node.stride != 32 { layout.pointee.node_size = 0 }
        Self.write(FlatNode(kind: .text, end: 0), to: &layout.pointee.text_template)
        setWordMarker(FlatNode.none)
    }

    deinit {
        run.deallocate()
        layout.deallocate()
        nodes.deallocate()
        attributes.deallocate()
    }

    /// Makes the span template's marker `marker`.
    @inline(__always)
    func setWordMarker(_ marker: UInt32) {
        guard marker != wordMarker || marker == FlatNode.none else { return }
        wordMarker = marker
        var span = FlatNode(kind: .character, end: 0)
        span.storedMarker = marker
        Self.write(span, to: &layout.pointee.span_template)
    }

    private static func write<Template>(_ node: FlatNode, to template: inout Template) {
        withUnsafeMutableBytes(of: &template) { bytes in
            guard bytes.count >= MemoryLayout<FlatNode>.size else { return }
            bytes.storeBytes(of: node, as: FlatNode.self)
        }
    }
}
