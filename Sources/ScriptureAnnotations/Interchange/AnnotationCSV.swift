/// Marks as CSV (RFC 4180): one header line, then one mark per record, tombstones included.
///
/// Columns: `id, kind, created, modified, deleted, bible, versification, verses, original, style, labels,
/// text, word_start, word_end, quote_prefix, quote_exact, quote_suffix`. Labels are one field with a line
/// break between labels; times are ISO 8601; `deleted` is `true` or `false`. Reading takes the columns in
/// any order by their header names, ignores columns it does not know, and needs `id`, `kind`, `created`,
/// `bible`, `versification` and `verses` (`original` may be left empty for a shipped scheme).
public enum AnnotationCSV {
    /// The header names, in the order `export` writes them.
    public static let columns = [
        "id", "kind", "created", "modified", "deleted", "bible", "versification", "verses", "original", "style",
        "labels", "text", "word_start", "word_end", "quote_prefix", "quote_exact", "quote_suffix",
    ]

    /// The CSV text of `annotations`: the header and one record each, lines ending in CRLF.
    public static func export(_ annotations: [Annotation]) -> String {
        var text = columns.joined(separator: ",") + "\r\n"
        for annotation in annotations { text += row(annotation) + "\r\n" }
        return text
    }

    /// One mark's record, without the line ending.
    public static func row(_ annotation: Annotation) -> String {
        let words = annotation.place.words
        let fields = [
            annotation.id.uuidString.lowercased(), annotation.kind.rawValue, annotation.created.description,
            annotation.modified.description, annotation.isDeleted ? "true" : "false", annotation.place.bible,
            annotation.place.versification, annotation.place.reference,
            VerseReferenceText.text(annotation.place.original), annotation.style?.description ?? "",
            annotation.labels.joined(separator: "\n"), annotation.text ?? "", words?.start.description ?? "",
            words?.end.description ?? "", words?.quote.prefix ?? "", words?.quote.exact ?? "",
            words?.quote.suffix ?? "",
        ]
        return fields.map(quoted).joined(separator: ",")
    }

    /// Reads CSV that `export` wrote (or a spreadsheet saved from it); `file` names it in errors.
    ///
    /// - Throws: `AnnotationError.badInput` at `file:line:col` for malformed CSV, a missing column, or a field
    ///   that is wrong.
    public static func read(_ bytes: [UInt8], file: String) throws(AnnotationError) -> [Annotation] {
        let records = try records(bytes, file: file)
        guard let header = records.first else {
            throw .badInput(location: "\(file):1:1", message: "the file is empty; expected a header line")
        }
        var index: [String: Int] = [:]
        for (position, field) in header.enumerated() where index[field.text] == nil {
            index[field.text] = position
        }
        for name in ["id", "kind", "created", "bible", "versification", "verses"] where index[name] == nil {
            throw .badInput(location: "\(file):1:1", message: "the header has no '\(name)' column")
        }
        var result: [Annotation] = []
        for record in records.dropFirst() {
            if record.count == 1, record[0].text.isEmpty { continue }  // a blank line
            func field(_ name: String) -> InterchangeFields.Field? {
                guard let position = index[name], position < record.count else { return nil }
                return record[position]
            }
            func nonEmpty(_ name: String) -> InterchangeFields.Field? {
                guard let found = field(name), !found.text.isEmpty else { return nil }
                return found
            }
            var fields = InterchangeFields(location: record[0].location)
            fields.id = field("id")
            fields.kind = field("kind")
            fields.created = field("created")
            fields.modified = nonEmpty("modified")
            if let deleted = nonEmpty("deleted") {
                switch deleted.text.lowercased() {
                case "true", "1", "yes": fields.deleted = true
                case "false", "0", "no": fields.deleted = false
                default: throw .badInput(location: deleted.location, message: "'\(deleted.text)' is not true or false")
                }
            }
            fields.bible = field("bible")
            fields.versification = field("versification")
            fields.verses = field("verses")
            fields.original = nonEmpty("original")
            fields.style = nonEmpty("style")
            if let labels = nonEmpty("labels") {
                fields.labels = labels.text.split(whereSeparator: \.isNewline).map {
                    InterchangeFields.Field(text: String($0), location: labels.location)
                }
            }
            fields.text = field("text")
            fields.wordStart = nonEmpty("word_start")
            fields.wordEnd = nonEmpty("word_end")
            fields.quotePrefix = field("quote_prefix")
            fields.quoteExact = field("quote_exact")
            fields.quoteSuffix = field("quote_suffix")
            result.append(try fields.annotation())
        }
        return result
    }

    private static func quoted(_ field: String) -> String {
        guard
            field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D })
                || field.first == " " || field.last == " "
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The records of RFC 4180 CSV (CRLF or LF line endings, a UTF-8 byte order mark skipped), each field
    /// with its `file:line:col`.
    static func records(_ bytes: [UInt8], file: String) throws(AnnotationError) -> [[InterchangeFields.Field]] {
        var records: [[InterchangeFields.Field]] = []
        var record: [InterchangeFields.Field] = []
        var field: [UInt8] = []
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var lineStart = index
        var fieldLocation = "\(file):1:1"
        var atFieldStart = true
        func finishField() {
            record.append(.init(text: String(decoding: field, as: UTF8.self), location: fieldLocation))
            field.removeAll(keepingCapacity: true)
            atFieldStart = true
        }
        while index < bytes.count {
            if atFieldStart {
                fieldLocation = "\(file):\(line):\(index - lineStart + 1)"
                atFieldStart = false
                if bytes[index] == 0x22 {  // a quoted field, to its closing quote
                    let opened = fieldLocation
                    index += 1
                    while true {
                        guard index < bytes.count else {
                            throw .badInput(location: opened, message: "a quoted field is not closed")
                        }
                        let byte = bytes[index]
                        if byte == 0x22 {
                            if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                                field.append(0x22)
                                index += 2
                                continue
                            }
                            index += 1
                            break
                        }
                        if byte == 0x0A {
                            line += 1
                            lineStart = index + 1
                        }
                        field.append(byte)
                        index += 1
                    }
                    guard index == bytes.count || [0x2C, 0x0A, 0x0D].contains(bytes[index]) else {
                        throw .badInput(
                            location: "\(file):\(line):\(index - lineStart + 1)",
                            message: "text after a quoted field's closing quote")
                    }
                    continue
                }
            }
            let byte = bytes[index]
            switch byte {
            case 0x2C:
                finishField()
                index += 1
                atFieldStart = true
            case 0x0D, 0x0A:
                finishField()
                records.append(record)
                record = []
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                line += 1
                lineStart = index
            case 0x22:
                throw .badInput(
                    location: "\(file):\(line):\(index - lineStart + 1)", message: "a quote inside an unquoted field")
            default:
                field.append(byte)
                index += 1
            }
        }
        if !atFieldStart || !record.isEmpty {
            finishField()
            records.append(record)
        }
        return records
    }
}
