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
        room.setSpanMarker(lastCharacterStyle.marker)
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
                lectern_xml_read_spans(run, room.layout)
                run.pointee.attribute_names = nil
            }
            // (The room was full, or the run ended: another call reads on, or nothing.)
            guard run.pointee.node_count > 0 else { break }
            content.append(
                nodes: UnsafeBufferPointer(start: room.nodes, count: run.pointee.node_count),
                attributes: UnsafeBufferPointer(start: room.attributes, count: run.pointee.attribute_count))
            staged.stage.pointee.setCount(run.pointee.stage_count)
            read &+= 1
        }
        guard read > 0 else { return nil }
        if let context, stack[context].isAtStart { stack[context].isAtStart = false }
        markupEnd = Int(run.pointee.markup_end)
        return run.pointee.position
    }
}

/// Room of the builder's own for `lectern_xml_read_spans`: the call's arguments and results, the nodes and
/// attributes a call makes before they are added to the content in one step, and where their fields lie.
final class USXSpanRunRoom {
    /// How many nodes and attributes one call makes at most.
    static let nodeRoom = 768
    static let attributeRoom = 512

    let run: UnsafeMutablePointer<lectern_xml_span_run>
    let layout: UnsafeMutablePointer<lectern_usfm_layout>
    let nodes: UnsafeMutablePointer<FlatNode>
    let attributes: UnsafeMutablePointer<FlatAttribute>
    /// The marker in the span template.
    private var spanMarker = FlatNode.none

    init() {
        run = .allocate(capacity: 1)
        run.initialize(to: lectern_xml_span_run())
        nodes = .allocate(capacity: Self.nodeRoom)
        attributes = .allocate(capacity: Self.attributeRoom)
        run.pointee.nodes = UnsafeMutableRawPointer(nodes).assumingMemoryBound(to: UInt8.self)
        run.pointee.node_capacity = Self.nodeRoom
        run.pointee.attributes = UnsafeMutableRawPointer(attributes).assumingMemoryBound(to: UInt8.self)
        run.pointee.attribute_capacity = Self.attributeRoom
        run.pointee.char_name = Int32(USXElement.char.nameIndex)
        run.pointee.style_name = Int32(USXAttribute.style.nameIndex)
        run.pointee.closed_name = Int32(USXAttribute.closed.nameIndex)
        run.pointee.x_style_name = Int32(USXAttribute.xStyle.nameIndex)
        run.pointee.long_run = Int32(FlatContentBuilder.longRun)
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
        Self.write(FlatNode(kind: .character, end: 0), to: &layout.pointee.span_template)
    }

    deinit {
        run.deallocate()
        layout.deallocate()
        nodes.deallocate()
        attributes.deallocate()
    }

    /// Makes the span template's marker `marker`.
    @inline(__always)
    func setSpanMarker(_ marker: UInt32) {
        guard marker != spanMarker else { return }
        spanMarker = marker
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
