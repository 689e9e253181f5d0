// The events of Lectern's libxml2 reader (CXMLShim's `lectern_xml_parse` hands them over in batches) and
// the USX builder's C loop over them (`lectern_xml_read_spans`, span_runs.c). Plain C types; no library
// header: the types are here so that the loop, a byte scan, lives in this target with the others.
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
