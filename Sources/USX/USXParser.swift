import CXMLShim
import ScriptureModel
import TextNormalization

/// Reads USX 2.x and 3.x (the XML form of USFM) into the document model.
///
/// The file is streamed through libxml2's SAX2 parser, never built into a tree.
/// The book comes from `<book code>`, never from the file name. Every problem is
/// a `Diagnostic` with its line and column; damaged input gives diagnostics and
/// as much of the book as can be read, never a crash. Nothing outside the bytes
/// is read: no DTDs, no external entities, no network.
public enum USXParser {
    /// Parses the bytes of one USX file.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents (after decompression).
    ///   - path: the file's path as the user gave it, used in diagnostics.
    /// - Returns: the book (none when the file is not USX or has no usable `<book>`) and the diagnostics, in
    ///   source order.
    /// - Complexity: O(n) in the size of the file.
    public static func parse(_ bytes: UnsafeRawBufferPointer, path: String) -> ParseResult {
        bytes.withMemoryRebound(to: UInt8.self) { input in
            let check = InputCheck(input, path: path)
            if check.isUnreadable { return ParseResult(diagnostics: check.diagnostics) }
            guard let repaired = check.repaired else {
                return parseXML(input, path: path, replacements: [], before: check.diagnostics)
            }
            return repaired.withUnsafeBufferPointer { buffer in
                parseXML(buffer, path: path, replacements: check.replacements, before: check.diagnostics)
            }
        }
    }

    /// Parses the bytes of one USX file held in an array.
    public static func parse(_ bytes: [UInt8], path: String) -> ParseResult {
        bytes.withUnsafeBytes { parse($0, path: path) }
    }

    private static func parseXML(
        _ buffer: UnsafeBufferPointer<UInt8>, path: String, replacements: [Int], before: [Diagnostic]
    ) -> ParseResult {
        let locator = SourceLocator(path: path, bytes: buffer, replacements: replacements)
        let sink = EventSink(USXBuilder(path: path, locator: locator))
        do {
            _ = try XMLStream.parse(buffer, names: USXVocabulary.names, handler: sink)
        } catch {
            let message =
                switch error {
                case .inputTooLarge: "the file is larger than 2 GiB, which libxml2 cannot read"
                case .parserUnavailable: "libxml2 could not start a parser (out of memory?)"
                }
            sink.builder.pointee.report(.error, .unreadableFile, at: sink.builder.pointee.start, message)
        }
        var result = sink.builder.pointee.result()
        // The USFM syntax rules USX can break too, on the parsed model (`Book.markupDiagnostics()`).
        result.diagnostics = inSourceOrder(before + result.diagnostics + result.books.flatMap { $0.markupDiagnostics() })
        return result
    }

    /// Sorts diagnostics by position, keeping the order of those at the same place.
    static func inSourceOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { left, right in
            let (a, b) = (left.element.location, right.element.location)
            if (a.line, a.column) != (b.line, b.column) { return (a.line, a.column) < (b.line, b.column) }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// Hands the stream's events to the builder value it owns. The value is held through a pointer, so
    /// that each event reaches it without the dynamic exclusivity check a class's stored property costs
    /// (the events come one after another on one thread).
    private final class EventSink: XMLStreamHandler {
        let builder: UnsafeMutablePointer<USXBuilder>

        init(_ builder: USXBuilder) {
            self.builder = .allocate(capacity: 1)
            self.builder.initialize(to: builder)
        }

        deinit {
            builder.deinitialize(count: 1)
            builder.deallocate()
        }

        func startElement(_ name: Int?, unknownName: String, attributes: XMLAttributes, endOffset: Int) {
            builder.pointee.startElement(name, unknownName: unknownName, attributes: attributes, endOffset: endOffset)
        }

        func endElement(_ name: Int?, endOffset: Int) { builder.pointee.endElement(name, endOffset: endOffset) }

        func text(_ text: XMLText, startOffset: Int) { builder.pointee.text(text, startOffset: startOffset) }

        func problem(_ problem: XMLProblem) -> Bool { builder.pointee.problem(problem) }

        /// The events one after another, as `XMLEventBatch.dispatch` would hand them over, except that
        /// runs of the common `<char style="w" strong="…">word</char>` and the plain text between them go
        /// to the builder in one step each run (`USXBuilder.readSpanRun`, read in C), and such a span
        /// that the run does not take (another style, text NFC leaves as it is) and the single space after
        /// it in one step each (`USXBuilder.plainCharacter`) when it can take them so: a word without `|`
        /// that is NFC (NFC would leave it as it is, which the general path then stages as it is too).
        func events(_ batch: XMLEventBatch, markupEnd: inout Int) {
            let events = batch.events
            let charName = Int16(USXElement.char.nameIndex)
            let count = events.count
            var index = 0
            // Whether the last span went in one step and only text came after it: the builder is then in
            // the same state for the next span (text changes no open element), which need not be checked again.
            var sameContext = false
            while index < count {
                let event = events[index]
                if event.kind == LECTERN_XML_START && event.name_id == charName && index + 2 < count {
                    let text = events[index + 1]
                    let end = events[index + 2]
                    let plainText = text.kind == LECTERN_XML_TEXT && end.kind == LECTERN_XML_END
                    // (A word NFC may change, common in some texts, would end a run at once: not asked for.)
                    if plainText && Int32(text.flags) & (LECTERN_XML_TEXT_MAY_NEED_NFC | LECTERN_XML_TEXT_HAS_BAR) == 0,
                        let next = builder.pointee.readSpanRun(
                            events, from: index, sameContext: sameContext, markupEnd: &markupEnd)
                    {
                        sameContext = true
                        index = next
                        continue
                    }
                    if plainText && Int32(text.flags) & LECTERN_XML_TEXT_HAS_BAR == 0, let bytes = text.bytes,
                        Int32(text.flags) & LECTERN_XML_TEXT_MAY_NEED_NFC == 0
                            || NFC.isKnownNormalized(UnsafeBufferPointer(start: bytes, count: Int(text.length)))
                    {
                        let space = index + 3 < count ? events[index + 3] : nil
                        let spaceAfter =
                            space.map { $0.kind == LECTERN_XML_TEXT && $0.length == 1 && $0.bytes?[0] == 0x20 }
                            ?? false
                        if builder.pointee.plainCharacter(
                            XMLAttributes(base: event.attributes, count: event.attribute_count),
                            endOffset: Int(event.offset),
                            text: UnsafeBufferPointer(start: bytes, count: Int(text.length)), spaceAfter: spaceAfter,
                            sameContext: sameContext)
                        {
                            sameContext = true
                            markupEnd = Int(end.offset)
                            index += spaceAfter ? 4 : 3
                            continue
                        }
                    }
                }
                if event.kind != LECTERN_XML_TEXT { sameContext = false }
                batch.dispatch(index, to: self, markupEnd: &markupEnd)
                index += 1
            }
        }
    }
}
