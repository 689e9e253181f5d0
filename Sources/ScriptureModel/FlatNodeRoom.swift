import CByteScan

/// Room for the nodes and attributes a C reader makes (the USFM reader's `\w` word runs, the USX reader's
/// `<char>` span runs) before they are added to a content in one step, where their fields lie
/// (`lectern_usfm_layout`: the readers know nothing else of the layout), and the 32-byte templates every new
/// span and text node starts from.
package final class FlatNodeRoom {
    /// How many nodes and attributes one reader call makes at most.
    package static let nodeRoom = 768
    package static let attributeRoom = 512

    package let layout: UnsafeMutablePointer<lectern_usfm_layout>
    package let nodes: UnsafeMutablePointer<FlatNode>
    package let attributes: UnsafeMutablePointer<FlatAttribute>
    /// The marker in the span template.
    private var spanMarker = FlatNode.none

    package init() {
        nodes = .allocate(capacity: Self.nodeRoom)
        attributes = .allocate(capacity: Self.attributeRoom)
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
        // The C readers write whole nodes from the templates: a node with padding turns the runs off.
        if node.size != node.stride { layout.pointee.node_size = 0 }
        Self.write(FlatNode(kind: .text, end: 0), to: &layout.pointee.text_template)
        Self.write(FlatNode(kind: .character, end: 0), to: &layout.pointee.span_template)
    }

    deinit {
        layout.deallocate()
        nodes.deallocate()
        attributes.deallocate()
    }

    /// The node room as the C readers take it.
    package var nodeBytes: UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(nodes).assumingMemoryBound(to: UInt8.self)
    }

    /// The attribute room as the C readers take it.
    package var attributeBytes: UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(attributes).assumingMemoryBound(to: UInt8.self)
    }

    /// Makes the span template's marker `marker`.
    @inline(__always)
    package func setSpanMarker(_ marker: UInt32) {
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
