import Foundation
import ScriptureModel

/// Marks as W3C Web Annotation JSON-LD (an `AnnotationCollection` with one `AnnotationPage`), targets in
/// Lectern's verse reference form.
///
/// Each mark is an `Annotation`: `motivation` `bookmarking`, `highlighting` or `commenting`; labels are
/// `TextualBody` bodies with purpose `tagging`, a note's text one with purpose `commenting`; the target's
/// `source` names the Bible (`urn:lectern:bible:WEB`), its `FragmentSelector` the verses as that Bible numbers
/// them (`PSA.51.1-2`), refined by a `TextQuoteSelector` for a word range; a highlight's look is the target's
/// `styleClass`. Lectern's own terms (prefix `lectern:`) keep what the standard has no word for: the Bible's
/// scheme, the Original verses, the word range's points, and `lectern:deleted` on a tombstone.
public enum WebAnnotationJSON {
    /// The JSON-LD context: the W3C one and Lectern's prefix.
    static let context: JSONValue = .array([
        .string("http://www.w3.org/ns/anno.jsonld"), .object([("lectern", .string(namespace))]),
    ])
    /// The IRI Lectern's terms expand under.
    static let namespace = "urn:lectern:annotation:"
    /// What the verse `FragmentSelector` conforms to.
    static let referenceForm = "urn:lectern:verse-reference"
    /// The prefix of a Bible's `source` IRI.
    static let biblePrefix = "urn:lectern:bible:"

    /// The JSON text of `annotations`: the collection on its first line, then one mark per line.
    public static func export(_ annotations: [Annotation]) -> String {
        var text =
            "{\"@context\":" + context.text + ",\"type\":\"AnnotationCollection\","
            + "\"label\":\"Lectern annotations\",\"total\":\(annotations.count),"
            + "\"first\":{\"type\":\"AnnotationPage\",\"startIndex\":0,\"items\":["
        for (position, annotation) in annotations.enumerated() {
            text += (position == 0 ? "\n" : ",\n") + json(annotation).text
        }
        return text + "\n]}}\n"
    }

    /// One mark as a W3C `Annotation` object.
    static func json(_ annotation: Annotation) -> JSONValue {
        var bodies: [JSONValue] = annotation.labels.map {
            .object([("type", .string("TextualBody")), ("purpose", .string("tagging")), ("value", .string($0))])
        }
        if let text = annotation.text {
            bodies.append(
                .object([
                    ("type", .string("TextualBody")), ("purpose", .string("commenting")), ("value", .string(text)),
                    ("format", .string("text/plain")),
                ]))
        }
        let place = annotation.place
        var selector: [(String, JSONValue)] = [
            ("type", .string("FragmentSelector")), ("conformsTo", .string(referenceForm)),
            ("value", .string(place.reference)),
        ]
        if let words = place.words {
            selector.append(
                (
                    "refinedBy",
                    .object([
                        ("type", .string("TextQuoteSelector")), ("exact", .string(words.quote.exact)),
                        ("prefix", .string(words.quote.prefix)), ("suffix", .string(words.quote.suffix)),
                    ])
                ))
        }
        var target: [(String, JSONValue)] = [
            ("type", .string("SpecificResource")), ("source", .string(biblePrefix + encoded(place.bible))),
            ("selector", .object(selector)),
        ]
        if let style = annotation.style { target.append(("styleClass", .string(style.description))) }
        target.append(("lectern:versification", .string(place.versification)))
        target.append(("lectern:original", .string(VerseReferenceText.text(place.original))))
        if let words = place.words {
            target.append(("lectern:wordStart", .string(words.start.description)))
            target.append(("lectern:wordEnd", .string(words.end.description)))
        }
        var members: [(String, JSONValue)] = [
            ("id", .string("urn:uuid:" + annotation.id.uuidString.lowercased())), ("type", .string("Annotation")),
            ("motivation", .string(motivation(annotation.kind))), ("created", .string(annotation.created.description)),
            ("modified", .string(annotation.modified.description)),
        ]
        if !bodies.isEmpty { members.append(("body", .array(bodies))) }
        members.append(("target", .object(target)))
        if annotation.isDeleted { members.append(("lectern:deleted", .bool(true))) }
        return .object(members)
    }

    /// Reads what `export` wrote: a collection (its first page's items), a page, an array of annotations or
    /// one annotation; `file` names it in errors.
    ///
    /// - Throws: `AnnotationError.badInput` at `file:line:col` for JSON that does not parse or a mark that is
    ///   wrong.
    public static func read(_ bytes: [UInt8], file: String) throws(AnnotationError) -> [Annotation] {
        let root: JSONNode
        do { root = try JSONReader.read(bytes) } catch {
            throw .badInput(location: "\(file):\(error.line):\(error.column)", message: error.message)
        }
        var items: [JSONNode]
        switch root.value {
        case .array(let nodes): items = nodes
        case .object:
            switch root["type"]?.string {
            case "AnnotationCollection":
                guard let first = root["first"] else {
                    throw .badInput(location: location(root, file), message: "the collection has no 'first' page")
                }
                if first["next"] != nil {
                    throw .badInput(location: location(first, file), message: "pages after the first are not read")
                }
                items = try list(first, "items", file)
            case "AnnotationPage": items = try list(root, "items", file)
            default: items = [root]
            }
        default:
            throw .badInput(
                location: location(root, file), message: "expected an annotation collection, not \(root.kindName)")
        }
        var result: [Annotation] = []
        for item in items { result.append(try annotation(item, file: file)) }
        return result
    }

    private static func annotation(_ node: JSONNode, file: String) throws(AnnotationError) -> Annotation {
        guard case .object = node.value else {
            throw .badInput(location: location(node, file), message: "expected an annotation, not \(node.kindName)")
        }
        var fields = InterchangeFields(location: location(node, file))
        fields.id = field(node["id"], file)
        if let motivation = node["motivation"] {
            let kind: String
            switch motivation.string {
            case "bookmarking": kind = "bookmark"
            case "highlighting": kind = "highlight"
            case "commenting": kind = "note"
            default:
                throw .badInput(
                    location: location(motivation, file),
                    message: "the motivation is not bookmarking, highlighting or commenting")
            }
            fields.kind = .init(text: kind, location: location(motivation, file))
        }
        fields.created = field(node["created"], file)
        fields.modified = field(node["modified"], file)
        if let deleted = node["lectern:deleted"] {
            guard case .bool(let flag) = deleted.value else {
                throw .badInput(location: location(deleted, file), message: "lectern:deleted is not true or false")
            }
            fields.deleted = flag
        }
        var bodies: [JSONNode] = []
        if let body = node["body"] {
            if case .array(let nodes) = body.value { bodies = nodes } else { bodies = [body] }
        }
        for body in bodies {
            guard let value = field(body["value"], file) else {
                throw .badInput(location: location(body, file), message: "a body has no text 'value'")
            }
            switch body["purpose"]?.string {
            case "tagging": fields.labels.append(value)
            case "commenting", nil: fields.text = value
            default: continue
            }
        }
        guard let target = node["target"] else {
            throw .badInput(location: fields.location, message: "the annotation has no target")
        }
        if let source = field(target["source"], file) {
            guard source.text.hasPrefix(biblePrefix),
                let name = String(source.text.dropFirst(biblePrefix.count)).removingPercentEncoding
            else {
                throw .badInput(location: source.location, message: "the source is not \(biblePrefix)NAME")
            }
            fields.bible = .init(text: name, location: source.location)
        }
        fields.style = field(target["styleClass"], file)
        fields.versification = field(target["lectern:versification"], file)
        fields.original = field(target["lectern:original"], file)
        fields.wordStart = field(target["lectern:wordStart"], file)
        fields.wordEnd = field(target["lectern:wordEnd"], file)
        if let selector = target["selector"] {
            guard selector["type"]?.string == "FragmentSelector" else {
                throw .badInput(location: location(selector, file), message: "the selector is not a FragmentSelector")
            }
            fields.verses = field(selector["value"], file)
            if let quote = selector["refinedBy"] {
                fields.quoteExact = field(quote["exact"], file)
                fields.quotePrefix = field(quote["prefix"], file)
                fields.quoteSuffix = field(quote["suffix"], file)
            }
        }
        return try fields.annotation()
    }

    private static func motivation(_ kind: AnnotationKind) -> String {
        switch kind {
        case .bookmark: "bookmarking"
        case .highlight: "highlighting"
        case .note: "commenting"
        }
    }

    private static func list(_ node: JSONNode, _ key: String, _ file: String) throws(AnnotationError) -> [JSONNode] {
        guard let member = node[key], case .array(let nodes) = member.value else {
            throw .badInput(location: location(node, file), message: "expected an array '\(key)'")
        }
        return nodes
    }

    private static func field(_ node: JSONNode?, _ file: String) -> InterchangeFields.Field? {
        guard let node, let text = node.string else { return nil }
        return .init(text: text, location: location(node, file))
    }

    private static func location(_ node: JSONNode, _ file: String) -> String { "\(file):\(node.line):\(node.column)" }

    /// A Bible's name made safe for an IRI (RFC 3986 unreserved characters kept).
    private static func encoded(_ name: String) -> String {
        name.addingPercentEncoding(
            withAllowedCharacters: .init(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? name
    }
}

extension JSONNode {
    /// An object's member by key (the first one), or nil.
    fileprivate subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string value, or nil.
    fileprivate var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }
}
