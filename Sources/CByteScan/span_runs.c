// The USX builder's loop over runs of plain `<char>` spans in a batch of events (see
// lectern_xml_read_spans in CXMLEvents.h). It writes FlatContent nodes and attributes itself, from the
// templates the Swift side gives, as the USFM word reader does (usfm_words.c).
#include "CXMLEvents.h"

#include <string.h>

#define NO_STRING UINT32_MAX

// Whether a text event is one the loop takes: no `|` and nothing NFC may change.
static inline int plain_text(const lectern_xml_event *event) {
    return event->kind == LECTERN_XML_TEXT && event->bytes != NULL && event->length > 0 &&
           (event->flags & (LECTERN_XML_TEXT_MAY_NEED_NFC | LECTERN_XML_TEXT_HAS_BAR)) == 0;
}

// The index of the first `style` attribute of a span's start tag when the loop takes the tag (see the
// header), else -1; `*bytes` is set to the bytes its other values need.
static inline int32_t plain_span_style(const lectern_xml_span_run *run, const lectern_xml_event *start,
                                       size_t *bytes) {
    int32_t count = start->attribute_count;
    const lectern_xml_attribute *attributes = start->attributes;
    if (count > 0 && attributes == NULL) return -1;
    int32_t style = -1;
    size_t needed = 0;
    for (int32_t k = 0; k < count; k++) {
        int32_t name = attributes[k].name_id;
        int32_t length = attributes[k].value_length;
        if (name < 0 || name >= run->name_count || name == run->closed_name || name == run->x_style_name ||
            attributes[k].value_flags != 0 || length <= 0 || attributes[k].value == NULL)
            return -1;
        if (name == run->style_name && style < 0) {
            style = k;
        } else {
            if (run->attribute_names[name] == NO_STRING) return -1;
            needed += (size_t)length;
        }
    }
    if (style < 0) return -1;
    int32_t length = attributes[style].value_length;
    if (length < 1 || length > 7) return -1;
    const uint8_t *value = attributes[style].value;
    uint64_t key = (uint64_t)length << 56;
    for (int32_t k = 0; k < length; k++) key |= (uint64_t)value[k] << (8 * k);
    if (key != run->style_key) return -1;
    *bytes = needed;
    return style;
}

void lectern_xml_read_spans(lectern_xml_span_run *run, const lectern_usfm_layout *layout) {
    if (!lectern_layout_is_flat(layout) || run->events == NULL || run->attribute_names == NULL) return;
    // The fields in locals: a byte store could change any of them as far as the compiler knows.
    const lectern_xml_event *events = run->events;
    const size_t count = run->count;
    size_t position = run->position;
    uint8_t *restrict stage = run->stage;
    size_t stage_count = run->stage_count;
    const size_t stage_capacity = run->stage_capacity;
    const uint64_t byte_base = run->byte_base;
    uint8_t *restrict nodes = run->nodes;
    size_t node_count = run->node_count;
    const size_t node_capacity = run->node_capacity;
    uint8_t *restrict attribute_room = run->attributes;
    size_t attribute_count = run->attribute_count;
    const size_t attribute_capacity = run->attribute_capacity;
    const uint64_t node_base = run->node_base;
    const uint64_t attribute_base = run->attribute_base;
    const size_t long_run = run->long_run > 0 ? (size_t)run->long_run : 0;
    int64_t markup_end = run->markup_end;

    while (position < count) {
        const lectern_xml_event *event = &events[position];
        if (event->kind == LECTERN_XML_TEXT) {
            // Text between spans (never first: the span before it ended the context's start).
            size_t length = (size_t)event->length;
            if (position == run->position || !plain_text(event) || length > long_run ||
                node_count + 1 > node_capacity || stage_count + length > stage_capacity)
                break;
            uint8_t *node = nodes + node_count * LECTERN_NODE_SIZE;
            memcpy(node, layout->text_template, LECTERN_NODE_SIZE);
            lectern_put_u32(node, LECTERN_NODE_END, node_base + node_count + 1);
            lectern_put_u32(node, LECTERN_NODE_TEXT_START, byte_base + stage_count);
            lectern_put_u32(node, LECTERN_NODE_TEXT_COUNT, length);
            lectern_copy_bytes(stage + stage_count, event->bytes, length);
            stage_count += length;
            node_count++;
            position++;
            continue;
        }
        // A span: its start tag, one text event, its end tag.
        if (position + 2 >= count || event->kind != LECTERN_XML_START || event->name_id != run->char_name) break;
        const lectern_xml_event *text = &events[position + 1];
        const lectern_xml_event *end = &events[position + 2];
        if (!plain_text(text) || end->kind != LECTERN_XML_END) break;
        size_t needed = 0;
        int32_t style = plain_span_style(run, event, &needed);
        if (style < 0) break;
        size_t length = (size_t)text->length;
        size_t added = (size_t)(event->attribute_count - 1);
        if (node_count + 2 > node_capacity || attribute_count + added > attribute_capacity ||
            stage_count + needed + length > stage_capacity)
            break;
        // The values but the style's, staged in order, each an attribute.
        uint64_t attribute_start = attribute_base + attribute_count;
        for (int32_t k = 0; k < event->attribute_count; k++) {
            if (k == style) continue;
            const lectern_xml_attribute *attribute = &event->attributes[k];
            size_t value_length = (size_t)attribute->value_length;
            uint8_t *slot = attribute_room + attribute_count * LECTERN_ATTRIBUTE_SIZE;
            lectern_put_u32(slot, LECTERN_ATTRIBUTE_NAME, run->attribute_names[attribute->name_id]);
            lectern_put_u32(slot, LECTERN_ATTRIBUTE_VALUE_START, byte_base + stage_count);
            lectern_put_u32(slot, LECTERN_ATTRIBUTE_VALUE_COUNT, value_length);
            lectern_copy_bytes(stage + stage_count, attribute->value, value_length);
            stage_count += value_length;
            attribute_count++;
        }
        // The span, and its text.
        uint64_t index = node_base + node_count;
        uint8_t *span = nodes + node_count * LECTERN_NODE_SIZE;
        memcpy(span, layout->span_template, LECTERN_NODE_SIZE);
        lectern_put_u32(span, LECTERN_NODE_END, index + 2);
        lectern_put_u32(span, LECTERN_NODE_ATTRIBUTE_START, attribute_start);
        lectern_put_u32(span, LECTERN_NODE_ATTRIBUTE_COUNT, added);
        uint8_t *node = span + LECTERN_NODE_SIZE;
        memcpy(node, layout->text_template, LECTERN_NODE_SIZE);
        lectern_put_u32(node, LECTERN_NODE_END, index + 2);
        lectern_put_u32(node, LECTERN_NODE_TEXT_START, byte_base + stage_count);
        lectern_put_u32(node, LECTERN_NODE_TEXT_COUNT, length);
        lectern_copy_bytes(stage + stage_count, text->bytes, length);
        stage_count += length;
        node_count += 2;
        markup_end = end->offset;
        position += 3;
    }
    run->position = position;
    run->stage_count = stage_count;
    run->node_count = node_count;
    run->attribute_count = attribute_count;
    run->markup_end = markup_end;
}
