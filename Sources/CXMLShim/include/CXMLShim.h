// Lectern's window onto libxml2's streaming (SAX2) parser. Only xml_shim.c
// includes libxml2's headers: they pull in ICU's, which clash with Foundation's
// bundled ICU when Swift imports them. Everything here uses plain C types.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "CByteScan.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One attribute of a start tag. `name_id` is the attribute name's index in the
/// names given to lectern_xml_parse, or -1. When `name_id` is set, `name` is NUL-terminated and
/// `name_length` is -1 (its length was not measured). The byte ranges are
/// valid only during the `events` call; values are already unescaped (`&amp;` is `&`).
/// `value_flags` is LECTERN_XML_TEXT_MAY_NEED_NFC when the value has a byte of 0xCC or more, else 0.
typedef struct {
    int32_t name_id;
    int32_t name_length;
    int32_t value_length;
    int32_t value_flags;
    const uint8_t *name;
    const uint8_t *value;
} lectern_xml_attribute;

/// A text node has a byte of 0xCC or more: a scalar from U+0300 on, which NFC may change.
#define LECTERN_XML_TEXT_MAY_NEED_NFC 1
/// A text node holds a `|`.
#define LECTERN_XML_TEXT_HAS_BAR 2
/// A text node is only ASCII white space (space, tab, CR, LF).
#define LECTERN_XML_TEXT_BLANK 4

/// What an event is (`lectern_xml_event.kind`).
#define LECTERN_XML_START 1
#define LECTERN_XML_END 2
#define LECTERN_XML_TEXT 3

/// One event of a batch (see `lectern_xml_callbacks.events`), in document order.
///
/// - `LECTERN_XML_START`, a start tag (`<para style="p">` or `<verse … />`): `name_id` is the element's
///   index in the names given to lectern_xml_parse, or -1 with the name as written in `bytes` and
///   `length`; `attributes` and `attribute_count` its attributes; `offset` the offset of its closing
///   `>` or `/>`.
/// - `LECTERN_XML_END`, an end tag or the end of an empty-element tag: `name_id` as for a start tag
///   (-1 for any other name, `bytes` unset); `offset` is just after its `>`.
/// - `LECTERN_XML_TEXT`, a whole text node: character data, CDATA sections and resolved character and
///   predefined entity references between two tags, joined (CRLF is LF), in `bytes` and `length`
///   (never 0); `flags` says what it holds (`LECTERN_XML_TEXT_*`).
///
/// Offsets are byte offsets into the input. Every pointer is valid only during the `events` call.
typedef struct {
    uint8_t kind;
    uint8_t flags;
    int16_t name_id;
    int32_t length;
    int32_t offset;
    int32_t attribute_count;
    const uint8_t *bytes;
    const lectern_xml_attribute *attributes;
} lectern_xml_event;

/// What the parser reports. `context` is the pointer given to lectern_xml_parse.
///
/// The events are recorded as libxml2 reads and handed over in batches: the events before a
/// problem are handed over before it.
typedef struct {
    /// `count` events (at least one), in document order.
    void (*events)(void *context, const lectern_xml_event *events, int32_t count);
    /// A warning (level 1), error (2) or fatal error (3) with libxml2's code (`xmlParserErrors`, as
    /// LECTERN_XML_UNDECLARED_ENTITY), its own message (no trailing newline), the name it is about (an
    /// entity's, an element's; NULL when none), its 1-based line and column, and the byte offset where the
    /// parser stood. Returning non-zero stops the parse.
    int32_t (*problem)(void *context, int32_t level, int32_t code, const char *message, const char *subject,
                       int32_t line, int32_t column, int64_t offset);
} lectern_xml_callbacks;

/// libxml2's codes for a reference to an entity it has no declaration of, as an error and as a warning
/// (XML_ERR_UNDECLARED_ENTITY, XML_WAR_UNDECLARED_ENTITY): `subject` is the entity's name.
#define LECTERN_XML_UNDECLARED_ENTITY 26
#define LECTERN_XML_UNDECLARED_ENTITY_WARNING 27

/// Parses `length` bytes of XML, handing `callbacks` its events in batches as it goes (xmlCreateMemoryParserCtxt,
/// xmlParseDocument with a SAX2 handler). The input is read as UTF-8 whatever its
/// XML declaration says (XML_PARSE_IGNORE_ENC). Nothing is loaded from the
/// network or disk (XML_PARSE_NONET, no DTD loading) and no entity other than the
/// five predefined ones and character references is expanded. Parsing goes on
/// after well-formedness errors where libxml2 can recover (XML_PARSE_RECOVER).
/// `names` (element and attribute names) are interned so that callbacks can
/// report them by index without comparing strings.
///
/// Returns 0 when the document is well formed, 1 when it is not, -1 when the
/// parser could not be created, -2 when the input is larger than libxml2 accepts.
int32_t lectern_xml_parse(const uint8_t *bytes, size_t length, const char *const *names, int32_t name_count,
                          const lectern_xml_callbacks *callbacks, void *context);

/// Counts the line feeds (0x0A) in `length` bytes; when there is one, `*after_last` is set to the offset
/// just after the last, else to -1.
int64_t lectern_bytes_count_line_feeds(const uint8_t *bytes, size_t length, int64_t *after_last);

/// Counts the bytes that start a UTF-8 scalar (all but the `10xxxxxx` continuation bytes).
int64_t lectern_bytes_count_scalars(const uint8_t *bytes, size_t length);

/// The offset of the first byte equal to `value`, or -1 (memchr).
int64_t lectern_bytes_find(const uint8_t *bytes, size_t length, uint8_t value);

/// One call of `lectern_xml_read_spans`: the events it reads and where its results go (the USX builder's
/// plain `<char>` spans, written as `FlatContent` nodes the way `lectern_usfm_read_words` writes words).
typedef struct {
    /// The batch's events; reading starts at `position`, which is left after the last event read.
    const lectern_xml_event *events;
    size_t count;
    size_t position;
    /// The name indices of `char`, `style`, `closed` and `x-style`.
    int32_t char_name;
    int32_t style_name;
    int32_t closed_name;
    int32_t x_style_name;
    /// The style a span must have: its one to seven bytes packed as `LastCharacterStyle.key` packs them
    /// (the span template holds its marker).
    uint64_t style_key;
    /// The content's string index of each attribute name, by name index (`name_count` of them), or
    /// UINT32_MAX where it is not known yet.
    const uint32_t *attribute_names;
    int32_t name_count;
    /// Text longer than this is not read (`FlatContentBuilder.longRun`).
    int32_t long_run;
    /// The staged bytes (`stage_count` used of `stage_capacity`) and the count of the content's bytes
    /// before them: a byte staged at `k` is at `byte_base + k` in the content.
    uint8_t *stage;
    size_t stage_count;
    size_t stage_capacity;
    uint64_t byte_base;
    /// Room for nodes and attributes (in `layout`'s element sizes), and the content's counts before them.
    uint8_t *nodes;
    size_t node_capacity;
    uint8_t *attributes;
    size_t attribute_capacity;
    uint64_t node_base;
    uint64_t attribute_base;
    /// Results: the nodes and attributes written, and the offset just after the end tag of the last span
    /// read (unchanged when none was).
    size_t node_count;
    size_t attribute_count;
    int64_t markup_end;
} lectern_xml_span_run;

/// Reads, from `run->position` on, plain `<char>` spans and the text between them, as `USXBuilder.plainCharacter`
/// and `USXBuilder.text` would in a context that holds inlines and is not at its start: a span is a start tag
/// of `char` whose attributes all have known names, none `closed` or `x-style`, values not empty and with no
/// byte of 0xCC or more, the first `style` equal to `style_key`, the others' names in `attribute_names`; then one
/// text event with no `|` and no byte of 0xCC or more; then an end tag. A text event between spans has no
/// `|`, no byte of 0xCC or more, and at most `long_run` bytes. Writes a span and a text node a span (its
/// attribute values but the style's staged and its attributes written, then its text staged) and a text
/// node a text.
///
/// Reads nothing unless the event at `position` is such a span, or unless `layout` describes `FlatNode` and
/// `FlatAttribute` as the reader was written for them (see span_runs.c); stops before the first event it
/// does not read, or whose results would not fit, leaving it to the caller.
///
/// - Complexity: O(events read + bytes staged).
void lectern_xml_read_spans(lectern_xml_span_run *run, const lectern_usfm_layout *layout);

#ifdef __cplusplus
}
#endif
