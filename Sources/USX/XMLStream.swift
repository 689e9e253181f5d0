import CXMLShim
import TextNormalization

/// Receives what `XMLStream` reads, in document order.
package protocol XMLStreamHandler: AnyObject {
    /// A start tag. `name` is the element's index in the stream's names, or nil
    /// with `unknownName` set; `endOffset` is the byte offset of its `>` or `/>`.
    func startElement(_ name: Int?, unknownName: String, attributes: XMLAttributes, endOffset: Int)
    /// An end tag (or the end of an empty-element tag); `endOffset` is just after it.
    func endElement(_ name: Int?, endOffset: Int)
    /// A whole text node: adjacent character data, CDATA and character
    /// references joined. `startOffset` is where the markup before it ended.
    func text(_ text: XMLText, startOffset: Int)
    /// A problem libxml2 reports. Returns false to stop parsing.
    func problem(_ problem: XMLProblem) -> Bool
    /// A batch of events in document order, all before the next problem; `markupEnd` is where the last
    /// tag ended (the start offset of the text after it), to be kept up to date. By default each event
    /// goes to `startElement`, `endElement` or `text` (`XMLEventBatch.dispatch`).
    func events(_ batch: XMLEventBatch, markupEnd: inout Int)
}

extension XMLStreamHandler {
    package func events(_ batch: XMLEventBatch, markupEnd: inout Int) {
        for index in batch.events.indices { batch.dispatch(index, to: self, markupEnd: &markupEnd) }
    }
}

/// Events the shim recorded (`lectern_xml_event`), valid only during `XMLStreamHandler.events`.
package struct XMLEventBatch {
    /// The events, in document order.
    let events: UnsafeBufferPointer<lectern_xml_event>
    /// The bytes being parsed.
    let input: UnsafeBufferPointer<UInt8>

    /// Hands the event at `index` to the handler's `startElement`, `endElement` or `text`.
    @inline(__always)
    func dispatch(_ index: Int, to handler: some XMLStreamHandler, markupEnd: inout Int) {
        let event = events[index]
        switch Int32(event.kind) {
        case LECTERN_XML_START:
            var unknown = ""
            if event.name_id < 0, let name = event.bytes, event.length > 0 {
                unknown = String(decoding: UnsafeBufferPointer(start: name, count: Int(event.length)), as: UTF8.self)
            }
            handler.startElement(
                event.name_id < 0 ? nil : Int(event.name_id), unknownName: unknown,
                attributes: XMLAttributes(base: event.attributes, count: event.attribute_count),
                endOffset: Int(event.offset))
            markupEnd = offset(after: Int(event.offset))
        case LECTERN_XML_END:
            handler.endElement(event.name_id < 0 ? nil : Int(event.name_id), endOffset: Int(event.offset))
            markupEnd = Int(event.offset)
        default:
            guard let bytes = event.bytes, event.length > 0 else { return }
            handler.text(
                XMLText(UnsafeBufferPointer(start: bytes, count: Int(event.length)), flags: Int32(event.flags)),
                startOffset: markupEnd)
        }
    }

    /// The offset just after a start tag whose `>` or `/>` begins at `offset`.
    func offset(after offset: Int) -> Int {
        guard offset >= 0, offset < input.count else { return max(0, offset) }
        return offset + (input[offset] == UInt8(ascii: "/") ? 2 : 1)
    }
}

/// A warning or error from libxml2, with its own message and position.
package struct XMLProblem {
    /// Whether it is a fatal or plain error (true) or a warning (false).
    package var isError: Bool
    /// libxml2's code (`xmlParserErrors`: `LECTERN_XML_UNDECLARED_ENTITY`…).
    package var code: Int32
    /// libxml2's message, without its trailing newline.
    package var message: String
    /// The name the problem is about (an undeclared entity's), when libxml2 gives one.
    package var subject: String?
    /// The 1-based line libxml2 gives (0 when it has none).
    package var line: Int
    /// The 1-based column libxml2 gives.
    package var column: Int
    /// The byte offset where the parser stood, or -1.
    package var offset: Int
}

/// A text node's UTF-8 bytes (CRLF already LF); valid only during `text(_:startOffset:)`.
package struct XMLText {
    /// The text's UTF-8 bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// What the shim found in it (`LECTERN_XML_TEXT_*`).
    private let flags: Int32

    init(_ bytes: UnsafeBufferPointer<UInt8>, flags: Int32) {
        self.bytes = bytes
        self.flags = flags
    }

    /// Whether the text has a byte of 0xCC or more (see `NFC.mayNeedNormalization`); when not, it is NFC.
    var mayNeedNormalization: Bool { flags & LECTERN_XML_TEXT_MAY_NEED_NFC != 0 }

    /// Whether the text holds a `|`.
    var hasBar: Bool { flags & LECTERN_XML_TEXT_HAS_BAR != 0 }

    /// How many bytes of ASCII white space (space, tab, CR, LF) the text starts with.
    var leadingSpaceCount: Int {
        var count = 0
        while count < bytes.count && Self.isSpace(bytes[count]) { count += 1 }
        return count
    }

    /// Whether the text is only ASCII white space.
    var isBlank: Bool { flags & LECTERN_XML_TEXT_BLANK != 0 }

    /// Whether the text holds the byte `value`.
    func contains(_ value: UInt8) -> Bool { bytes.contains(value) }

    /// Whether the first `count` bytes hold a line feed.
    func hasLineFeed(inFirst count: Int) -> Bool {
        bytes.prefix(count).contains(0x0A)
    }

    /// The text from byte `start` on, in NFC.
    package func string(from start: Int = 0) -> String {
        guard start < bytes.count else { return "" }
        return NFC.string(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// The first `length` scalars from byte `start` on, for messages.
    func preview(from start: Int, length: Int) -> String {
        guard start < bytes.count else { return "" }
        let scalars = String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self).unicodeScalars
        return String(String.UnicodeScalarView(scalars.prefix(length)))
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}

/// The attributes of one start tag; valid only during `startElement`.
package struct XMLAttributes {
    private let base: UnsafePointer<lectern_xml_attribute>?
    /// How many attributes the tag has.
    package let count: Int

    init(base: UnsafePointer<lectern_xml_attribute>?, count: Int32) {
        self.base = base
        self.count = base == nil ? 0 : max(0, Int(count))
    }

    /// The attribute at `index`, which must be in `0..<count` (not checked again: the hot paths call it).
    func entry(unchecked index: Int) -> lectern_xml_attribute { base.unsafelyUnwrapped[index] }

    /// Whether the value of the attribute at `index` (in `0..<count`) has a byte of 0xCC or more, which
    /// NFC may change (`NFC.mayNeedNormalization`, found by the shim).
    func valueMayNeedNormalization(at index: Int) -> Bool {
        index >= 0 && index < count && entry(unchecked: index).value_flags & LECTERN_XML_TEXT_MAY_NEED_NFC != 0
    }

    /// The name index of the attribute at `index` (nil when it is not one of the stream's names).
    func name(at index: Int) -> Int? {
        guard let entry = entry(index), entry.name_id >= 0 else { return nil }
        return Int(entry.name_id)
    }

    /// The attribute's name as written.
    package func nameText(at index: Int) -> String {
        let bytes = nameBytes(at: index)
        guard let start = bytes.baseAddress else { return "" }
        return string(start, Int32(bytes.count))
    }

    /// The attribute's value, unescaped, in NFC.
    package func value(at index: Int) -> String {
        guard let entry = entry(index) else { return "" }
        return string(entry.value, entry.value_length)
    }

    /// The value of the attribute with name index `name`, if the tag has it.
    ///
    /// - Complexity: O(n) in the number of attributes.
    func value(of name: Int) -> String? {
        for index in 0..<count where self.name(at: index) == name {
            return value(at: index)
        }
        return nil
    }

    /// The index of the attribute with name index `name`, if the tag has it.
    func index(of name: Int) -> Int? {
        for index in 0..<count where self.name(at: index) == name { return index }
        return nil
    }

    /// The attribute's name as written, as UTF-8 bytes.
    func nameBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let entry = entry(index), let start = entry.name else { return .init(start: nil, count: 0) }
        var length = Int(entry.name_length)
        if length < 0 {  // a known name, NUL-terminated
            length = 0
            while start[length] != 0 { length += 1 }
        }
        return UnsafeBufferPointer(start: start, count: length)
    }

    /// The attribute's value, unescaped, as UTF-8 bytes (not normalised: see `value(at:)`).
    func valueBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let entry = entry(index), let start = entry.value, entry.value_length > 0 else {
            return .init(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: start, count: Int(entry.value_length))
    }

    /// Whether the value of the attribute at `index` is exactly `text` (ASCII).
    func value(at index: Int, is text: StaticString) -> Bool {
        let bytes = valueBytes(at: index)
        return bytes.count == text.utf8CodeUnitCount
            && bytes.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private func entry(_ index: Int) -> lectern_xml_attribute? {
        guard let base, index >= 0, index < count else { return nil }
        return base[index]
    }

    private func string(_ start: UnsafePointer<UInt8>?, _ length: Int32) -> String {
        guard let start, length > 0 else { return "" }
        return NFC.string(UnsafeBufferPointer(start: start, count: Int(length)))
    }
}

/// libxml2's SAX2 parser over a buffer, reporting to a handler (all pointer code of the wrapper).
package enum XMLStream {
    /// Why a stream could not be read at all.
    package enum Failure: Error {
        /// libxml2 could not create its parser (out of memory).
        case parserUnavailable
        /// The input is larger than libxml2 accepts (2 GiB).
        case inputTooLarge
    }

    /// Parses `bytes` with `lectern_xml_parse`, reporting element names as
    /// indexes into `names`. Returns whether the document was well formed.
    ///
    /// - Complexity: O(n), streaming; memory is the handler's plus libxml2's small window.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, names: [String], handler: any XMLStreamHandler)
        throws(Failure)
        -> Bool
    {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        let session = Session(handler: handler, bytes: bytes)
        let context = Unmanaged.passUnretained(session).toOpaque()
        var callbacks = lectern_xml_callbacks(
            events: { context, events, count in
                Session.with(context) { session in
                    let batch = XMLEventBatch(
                        events: UnsafeBufferPointer(start: events, count: Int(max(0, count))), input: session.bytes)
                    session.handler.events(batch, markupEnd: &session.markupEnd)
                }
            },
            problem: { context, level, code, message, subject, line, column, offset in
                let text = message.map { String(cString: $0) } ?? "unknown XML error"
                let problem = XMLProblem(
                    isError: level >= 2, code: code, message: text, subject: subject.map { String(cString: $0) },
                    line: Int(line), column: Int(column), offset: Int(offset))
                return Session.with(context) { $0.handler.problem(problem) } == false ? 1 : 0
            }
        )
        var storage: [CChar] = []
        var starts: [Int] = []
        for name in names {
            starts.append(storage.count)
            storage.append(contentsOf: name.utf8.map { CChar(bitPattern: $0) })
            storage.append(0)
        }
        let status = storage.withUnsafeBufferPointer { characters in
            let pointers: [UnsafePointer<CChar>?] = starts.map { start in
                characters.baseAddress.map { $0 + start }
            }
            return pointers.withUnsafeBufferPointer { list in
                lectern_xml_parse(base, bytes.count, list.baseAddress, Int32(clamping: list.count), &callbacks, context)
            }
        }
        withExtendedLifetime(session) {}
        switch status {
        case 0: return true
        case 1: return false
        case -2: throw .inputTooLarge
        default: throw .parserUnavailable
        }
    }

    /// What the callbacks need: the handler, and where the last tag ended.
    private final class Session {
        let handler: any XMLStreamHandler
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the last tag ended: the start of the text that follows it.
        var markupEnd = 0

        init(handler: any XMLStreamHandler, bytes: UnsafeBufferPointer<UInt8>) {
            self.handler = handler
            self.bytes = bytes
        }

        /// Runs `body` with the session behind a callback's context pointer, without retaining it
        /// (`parse` keeps it alive); nil when the pointer is missing.
        static func with<Result>(_ context: UnsafeMutableRawPointer?, _ body: (Session) -> Result) -> Result? {
            guard let context else { return nil }
            return Unmanaged<Session>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
        }
    }
}
