// Lectern's window onto libxml2's streaming (SAX2) parser. Only xml_shim.c
// includes libxml2's headers: they pull in ICU's, which clash with Foundation's
// bundled ICU when Swift imports them. Everything here uses plain C types.
#pragma once
#include <stddef.h>
#include <stdint.h>

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
    /// A warning (level 1), error (2) or fatal error (3) with libxml2's own
    /// message (no trailing newline), its 1-based line and column, and the byte
    /// offset where the parser stood. Returning non-zero stops the parse.
    int32_t (*problem)(void *context, int32_t level, const char *message, int32_t line, int32_t column,
                       int64_t offset);
} lectern_xml_callbacks;

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

#ifdef __cplusplus
}
#endif
