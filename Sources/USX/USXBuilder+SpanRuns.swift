import CXMLShim
import ScriptureModel

/// Runs of plain `<char>` spans and the text between them, read in C.
extension USXBuilder {
    /// Reads the run of plain `<char>` spans (of the style found last) and the text between them that
    /// `lectern_xml_read_spans` takes from `index` on (see its header), adding their nodes and attributes
    /// and staging their bytes as `plainCharacter` and `text` would one by one. `sameContext` is as for
    /// `plainCharacter`.
    /// - Returns: the index of the first event not read, or nil, having changed nothing, when it read none
    ///   (the events are then handed over as before).
    mutating func readSpanRun(
        _ events: UnsafeBufferPointer<lectern_xml_event>, from index: Int, sameContext: Bool, markupEnd: inout Int
    ) -> Int? {
        guard lastCharacterStyle.key != 0, let base = events.baseAddress else { return nil }
        var context: Int?
        if !sameContext {
            guard sawRoot, !parts.isRejected, plainDepth == 0, nestingDepth < Inline.maximumNestingDepth,
                !stack.isEmpty, stack[stack.count - 1].kind != .ignored, let found = contextIndex,
                stack[found].kind.holdsInlines
            else { return nil }
            context = found
        }
        let room = spanRuns
        room.flat.setSpanMarker(lastCharacterStyle.marker)
        let run = room.run
        run.pointee.events = base
        run.pointee.count = events.count
        run.pointee.position = index
        run.pointee.style_key = lastCharacterStyle.key
        var read = 0
        while run.pointee.position < events.count {
            run.pointee.stage = staged.stage.pointee.bytes
            run.pointee.stage_count = staged.stage.pointee.count
            run.pointee.stage_capacity = staged.stage.pointee.room
            run.pointee.byte_base = UInt64(content.flushedByteCount)
            run.pointee.node_base = UInt64(content.nodeCount)
            run.pointee.attribute_base = UInt64(content.attributeCount)
            run.pointee.node_count = 0
            run.pointee.attribute_count = 0
            styles.withAttributeContentIndices { names in
                run.pointee.attribute_names = names.baseAddress
                run.pointee.name_count = Int32(names.count)
                lectern_xml_read_spans(run, room.flat.layout)
                run.pointee.attribute_names = nil
            }
            // (The room was full, or the run ended: another call reads on, or nothing.)
            guard run.pointee.node_count > 0 else { break }
            content.append(
                nodes: UnsafeBufferPointer(start: room.flat.nodes, count: run.pointee.node_count),
                attributes: UnsafeBufferPointer(start: room.flat.attributes, count: run.pointee.attribute_count))
            staged.stage.pointee.setCount(run.pointee.stage_count)
            read &+= 1
        }
        guard read > 0 else { return nil }
        if let context, stack[context].isAtStart { stack[context].isAtStart = false }
        markupEnd = Int(run.pointee.markup_end)
        return run.pointee.position
    }
}

/// Room of the builder's own for `lectern_xml_read_spans`: the call's arguments and results, and the nodes and
/// attributes a call makes before they are added to the content in one step.
final class USXSpanRunRoom {
    let run: UnsafeMutablePointer<lectern_xml_span_run>
    /// The nodes and attributes, their layout, and the span template.
    let flat = FlatNodeRoom()

    init() {
        run = .allocate(capacity: 1)
        run.initialize(to: lectern_xml_span_run())
        run.pointee.nodes = flat.nodeBytes
        run.pointee.node_capacity = FlatNodeRoom.nodeRoom
        run.pointee.attributes = flat.attributeBytes
        run.pointee.attribute_capacity = FlatNodeRoom.attributeRoom
        run.pointee.char_name = Int32(USXElement.char.nameIndex)
        run.pointee.style_name = Int32(USXAttribute.style.nameIndex)
        run.pointee.closed_name = Int32(USXAttribute.closed.nameIndex)
        run.pointee.x_style_name = Int32(USXAttribute.xStyle.nameIndex)
        run.pointee.long_run = Int32(FlatContentBuilder.longRun)
    }

    deinit { run.deallocate() }
}
