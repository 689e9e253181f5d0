#include "CXMLShim.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

_Static_assert(LECTERN_XML_UNDECLARED_ENTITY == XML_ERR_UNDECLARED_ENTITY, "libxml2's code");
_Static_assert(LECTERN_XML_UNDECLARED_ENTITY_WARNING == XML_WAR_UNDECLARED_ENTITY, "libxml2's code");

// Interned names are looked up by pointer: libxml2 hands out element and
// attribute names from the parser's dictionary, one pointer per distinct name.
#define NAME_SLOTS 256

// Events are handed over this many at a time (or fewer, before a problem and at the end).
#define EVENT_BATCH 512
// How many recent names are remembered (see shim_state.recent_name).
#define RECENT_NAMES 8
// Bytes the buffer always has room for past its end, so that short values are copied in whole words.
#define BYTE_SLACK 16

typedef struct {
    xmlParserCtxtPtr ctxt;
    const lectern_xml_callbacks *callbacks;
    void *context;
    const xmlChar *slot_name[NAME_SLOTS];
    int32_t slot_id[NAME_SLOTS];
    // The names found last, by the position they came in (the element's, each attribute's): a run of
    // `<char style="w" strong="…">` tags gives the same pointers again and again.
    const xmlChar *recent_name[RECENT_NAMES];
    int32_t recent_id[RECENT_NAMES];
    // The batch: its events, the attributes of its start tags, and the bytes its events point into
    // (text, attribute values, names not interned). The buffers grow only while no event points
    // into them (see reserve).
    lectern_xml_event events[EVENT_BATCH];
    int32_t event_count;
    lectern_xml_attribute *attributes;
    size_t attribute_count;
    size_t attribute_capacity;
    uint8_t *bytes;
    size_t byte_count;
    size_t byte_capacity;
    // Character data since the last tag, the last of `bytes`: libxml2 delivers a text node in
    // pieces (every 300 bytes, at each entity), the events give it whole.
    size_t text_start;
    // The byte classes of the text so far, OR-ed (see byte_class).
    uint8_t text_class;
    // Whether memory ran out (the parse is stopped; nothing more is recorded).
    uint8_t failed;
    // Whether libxml2 found the document not well formed (see keep_entities).
    uint8_t malformed;
} shim_state;

static int32_t clamp_length(ptrdiff_t length) { return length < 0 ? 0 : (length > INT32_MAX ? INT32_MAX : (int32_t)length); }

// libxml2 2.9 drops every entity reference, &amp; and the other predefined ones too, once the document is found
// not well formed (xmlParseReference returns when !ctxt->wellFormed), so that one error would take each later
// `&` and `<` out of the text without a word. It clears the flag after calling the error handler; the next
// callback notes it and sets it again. (A reference right after the error's, with no text or tag between, is
// still dropped: no callback comes between them. An undeclared entity, the usual such error, no longer clears
// the flag: see hasPErefs in lectern_xml_parse.)
static inline void keep_entities(shim_state *state) {
    if (__builtin_expect(!state->ctxt->wellFormed, 0)) {
        state->malformed = 1;
        state->ctxt->wellFormed = 1;
    }
}

// What each byte says about a text node: one table look-up a byte (most nodes are a word or one space).
#define BYTE_INKED 8
static uint8_t byte_class[256];

static void init_byte_class(void) {
    for (int byte = 0; byte < 256; byte++) {
        uint8_t class = 0;
        if (byte >= 0xCC) class |= LECTERN_XML_TEXT_MAY_NEED_NFC;
        if (byte == '|') class |= LECTERN_XML_TEXT_HAS_BAR;
        if (!(byte == ' ' || byte == '\n' || byte == '\r' || byte == '\t')) class |= BYTE_INKED;
        byte_class[byte] = class;
    }
}

// What a text node holds (see LECTERN_XML_TEXT_* in the header), from its bytes' classes OR-ed.
static int32_t text_flags(uint8_t class) {
    return (class & (LECTERN_XML_TEXT_MAY_NEED_NFC | LECTERN_XML_TEXT_HAS_BAR)) |
           ((class & BYTE_INKED) ? 0 : LECTERN_XML_TEXT_BLANK);
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_library(void) {
    init_byte_class();
    xmlInitParser();
}

// Fibonacci hashing: dictionary strings lie a few bytes apart, so the pointer's high product bits spread them.
static size_t slot_of(const xmlChar *name) { return (size_t)(((uint64_t)(uintptr_t)name * 0x9E3779B97F4A7C15ull) >> 56); }

static int32_t name_id(const shim_state *state, const xmlChar *name) {
    if (name == NULL) return -1;
    size_t slot = slot_of(name);
    for (size_t probe = 0; probe < NAME_SLOTS; probe++) {
        const xmlChar *found = state->slot_name[slot];
        if (found == NULL) return -1;
        if (found == name) return state->slot_id[slot];
        slot = (slot + 1) % NAME_SLOTS;
    }
    return -1;
}

// name_id, remembering the answer for `position` (0 an element, 1 on the attributes in order).
static inline int32_t recent_name_id(shim_state *state, const xmlChar *name, size_t position) {
    size_t slot = position & (RECENT_NAMES - 1);
    if (state->recent_name[slot] == name && name != NULL) return state->recent_id[slot];
    int32_t id = name_id(state, name);
    state->recent_name[slot] = name;
    state->recent_id[slot] = id;
    return id;
}

static void intern(shim_state *state, const char *name, int32_t id) {
    const xmlChar *interned = xmlDictLookup(state->ctxt->dict, (const xmlChar *)name, -1);
    if (interned == NULL) return;
    size_t slot = slot_of(interned);
    for (size_t probe = 0; probe < NAME_SLOTS; probe++) {
        if (state->slot_name[slot] == NULL || state->slot_name[slot] == interned) {
            state->slot_name[slot] = interned;
            state->slot_id[slot] = id;
            return;
        }
        slot = (slot + 1) % NAME_SLOTS;
    }
}

// The byte offset of the parser's current position in the document entity.
static int64_t current_offset(xmlParserCtxtPtr ctxt) {
    if (ctxt == NULL || ctxt->input == NULL || ctxt->input->base == NULL || ctxt->input->cur == NULL) return -1;
    return (int64_t)ctxt->input->consumed + (int64_t)(ctxt->input->cur - ctxt->input->base);
}


// Hands the recorded events to the callback and empties the batch, keeping the character data since
// the last tag and the first `pending` attributes after the last event's (those of a start tag being
// recorded, whose pointers are not set yet).
static void flush_events(shim_state *state, size_t pending) {
    if (state->event_count > 0) state->callbacks->events(state->context, state->events, state->event_count);
    state->event_count = 0;
    if (pending > 0)
        memmove(state->attributes, state->attributes + state->attribute_count - pending,
                pending * sizeof(lectern_xml_attribute));
    state->attribute_count = pending;
    size_t text_length = state->byte_count - state->text_start;
    if (text_length > 0 && state->text_start > 0) memmove(state->bytes, state->bytes + state->text_start, text_length);
    state->byte_count = text_length;
    state->text_start = 0;
}

static void fail(shim_state *state) {
    state->failed = 1;
    xmlStopParser(state->ctxt);
}

// Makes room for `length` more bytes: when they do not fit, the batch is handed over first, so that
// the buffer grows only while no event points into it. Returns 0 when memory ran out.
static int grow_bytes(shim_state *state, size_t length, size_t pending_attributes);

static inline int reserve_bytes(shim_state *state, size_t length, size_t pending_attributes) {
    if (state->byte_count + length <= state->byte_capacity) return 1;
    return grow_bytes(state, length, pending_attributes);
}

__attribute__((noinline)) static int grow_bytes(shim_state *state, size_t length, size_t pending_attributes) {
    flush_events(state, pending_attributes);
    size_t needed = state->byte_count + length;
    if (needed <= state->byte_capacity) return 1;
    size_t capacity = state->byte_capacity == 0 ? 65536 : state->byte_capacity;
    while (capacity < needed) capacity *= 2;
    uint8_t *grown = (uint8_t *)realloc(state->bytes, capacity + BYTE_SLACK);
    if (grown == NULL) {
        fail(state);
        return 0;
    }
    state->bytes = grown;
    state->byte_capacity = capacity;
    return 1;
}

// Makes room for `count` more attributes, as reserve_bytes does.
static int reserve_attributes(shim_state *state, size_t count) {
    if (state->attribute_count + count <= state->attribute_capacity) return 1;
    flush_events(state, 0);
    if (count <= state->attribute_capacity) return 1;
    size_t capacity = state->attribute_capacity == 0 ? 4096 : state->attribute_capacity;
    while (capacity < count) capacity *= 2;
    lectern_xml_attribute *grown =
        (lectern_xml_attribute *)realloc(state->attributes, capacity * sizeof(lectern_xml_attribute));
    if (grown == NULL) {
        fail(state);
        return 0;
    }
    state->attributes = grown;
    state->attribute_capacity = capacity;
    return 1;
}

// The next event's slot; push_event records it.
static lectern_xml_event *next_event(shim_state *state) { return &state->events[state->event_count]; }

static void push_event(shim_state *state) {
    if (++state->event_count == EVENT_BATCH) flush_events(state, 0);
}

// Records the character data since the last tag as one text event (none when there is none).
static void record_text(shim_state *state) {
    size_t length = state->byte_count - state->text_start;
    if (length == 0) return;
    lectern_xml_event *event = next_event(state);
    event->kind = LECTERN_XML_TEXT;
    event->flags = (uint8_t)text_flags(state->text_class);
    event->name_id = -1;
    event->length = clamp_length((ptrdiff_t)length);
    event->offset = -1;
    event->attribute_count = 0;
    event->bytes = state->bytes + state->text_start;
    event->attributes = NULL;
    state->text_start = state->byte_count;
    state->text_class = 0;
    push_event(state);
    state->text_start = state->byte_count;
}

// Copies an attribute value; returns LECTERN_XML_TEXT_MAY_NEED_NFC when it has a byte of 0xCC or more,
// else 0. Up to 16 bytes go as two words that may overlap (`to` has BYTE_SLACK bytes of room).
static inline int32_t copy_value(uint8_t *to, const uint8_t *from, size_t length) {
    uint64_t high;
    if (length >= 8 && length <= 16) {
        uint64_t first, last;
        memcpy(&first, from, 8);
        memcpy(&last, from + length - 8, 8);
        memcpy(to, &first, 8);
        memcpy(to + length - 8, &last, 8);
        high = (first | last) & 0x8080808080808080ull;
    } else if (length >= 4 && length < 8) {
        uint32_t first, last;
        memcpy(&first, from, 4);
        memcpy(&last, from + length - 4, 4);
        memcpy(to, &first, 4);
        memcpy(to + length - 4, &last, 4);
        high = (first | last) & 0x80808080u;
    } else if (length > 0 && length < 4) {
        to[0] = from[0];
        to[length >> 1] = from[length >> 1];
        to[length - 1] = from[length - 1];
        high = (from[0] | from[length >> 1] | from[length - 1]) & 0x80;
    } else {
        if (length > 0) memcpy(to, from, length);
        high = 1;
    }
    if (high == 0) return 0;
    for (size_t k = 0; k < length; k++) {
        if (from[k] >= 0xCC) return LECTERN_XML_TEXT_MAY_NEED_NFC;
    }
    return 0;
}

static int32_t clamp_offset(int64_t offset) { return offset > INT32_MAX ? INT32_MAX : (int32_t)offset; }

static void on_start(void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                     int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted_count,
                     const xmlChar **attributes) {
    (void)uri;
    (void)namespace_count;
    (void)namespaces;
    (void)defaulted_count;
    shim_state *state = (shim_state *)user;
    if (state->failed) return;
    keep_entities(state);
    record_text(state);
    if (attribute_count < 0) attribute_count = 0;
    size_t count = (size_t)attribute_count;
    if (!reserve_attributes(state, count)) return;
    // First the names and lengths (the bytes needed), then the bytes, copied once.
    lectern_xml_attribute *list = state->attributes + state->attribute_count;
    state->attribute_count += count;
    size_t needed = 0;
    for (size_t i = 0; i < count; i++) {
        const xmlChar **entry = attributes + 5 * i;
        int32_t id = entry[1] == NULL ? recent_name_id(state, entry[0], i + 1) : -1;
        list[i].name_id = id;
        list[i].name = entry[0];
        // A known name's length is found only if asked for (see the header).
        list[i].name_length = id >= 0 ? -1 : clamp_length((ptrdiff_t)strlen((const char *)entry[0]));
        list[i].value_length = clamp_length(entry[4] - entry[3]);
        needed += (size_t)list[i].value_length + (id >= 0 ? 0 : (size_t)list[i].name_length);
    }
    int32_t id = prefix == NULL ? recent_name_id(state, localname, 0) : -1;
    size_t name_length = id >= 0 ? 0 : (size_t)clamp_length((ptrdiff_t)strlen((const char *)localname));
    if (!reserve_bytes(state, needed + name_length, count)) return;
    list = state->attributes + state->attribute_count - count;
    uint8_t *to = state->bytes + state->byte_count;
    for (size_t i = 0; i < count; i++) {
        const xmlChar **entry = attributes + 5 * i;
        if (list[i].name_id < 0) {
            memcpy(to, entry[0], (size_t)list[i].name_length);
            list[i].name = to;
            to += list[i].name_length;
        }
        int32_t length = list[i].value_length;
        list[i].value = to;
        list[i].value_flags = copy_value(to, entry[3], (size_t)length);
        to += length;
    }
    lectern_xml_event *event = next_event(state);
    event->kind = LECTERN_XML_START;
    event->flags = 0;
    event->name_id = (int16_t)id;
    event->length = (int32_t)name_length;
    event->offset = clamp_offset(current_offset(state->ctxt));
    event->attribute_count = (int32_t)count;
    event->attributes = list;
    if (id < 0) {
        memcpy(to, localname, name_length);
        event->bytes = to;
        to += name_length;
    } else {
        event->bytes = NULL;
    }
    state->byte_count = (size_t)(to - state->bytes);
    state->text_start = state->byte_count;
    push_event(state);
}

static void on_end(void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)uri;
    shim_state *state = (shim_state *)user;
    if (state->failed) return;
    keep_entities(state);
    record_text(state);
    lectern_xml_event *event = next_event(state);
    event->kind = LECTERN_XML_END;
    event->flags = 0;
    event->name_id = (int16_t)(prefix == NULL ? recent_name_id(state, localname, 0) : -1);
    event->length = 0;
    event->offset = clamp_offset(current_offset(state->ctxt));
    event->attribute_count = 0;
    event->bytes = NULL;
    event->attributes = NULL;
    push_event(state);
}

static void on_characters(void *user, const xmlChar *text, int length) {
    shim_state *state = (shim_state *)user;
    if (length <= 0 || state->failed) return;
    keep_entities(state);
    if (!reserve_bytes(state, (size_t)length, 0)) return;
    // Most pieces are a word or a space: copied and classified in one pass, without a call.
    uint8_t *copy = state->bytes + state->byte_count;
    uint8_t class = state->text_class;
    if (length <= 64) {
        for (int i = 0; i < length; i++) {
            uint8_t byte = text[i];
            copy[i] = byte;
            class |= byte_class[byte];
        }
    } else {
        memcpy(copy, text, (size_t)length);
        for (int i = 0; i < length; i++) class |= byte_class[text[i]];
    }
    state->text_class = class;
    state->byte_count += (size_t)length;
}

static void on_error(void *user, xmlErrorPtr error) {
    shim_state *state = (shim_state *)user;
    if (state == NULL || error == NULL) return;
    // The events before the problem are handed over first (the text since the last tag stays).
    if (!state->failed) flush_events(state, 0);
    // (Still an error of the document: see hasPErefs.)
    if (error->code == XML_WAR_UNDECLARED_ENTITY) state->malformed = 1;
    char message[512];
    const char *text = error->message != NULL ? error->message : "unknown XML error";
    size_t length = strlen(text);
    if (length >= sizeof message) length = sizeof message - 1;
    memcpy(message, text, length);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == '\r' || message[length - 1] == ' ')) length--;
    message[length] = '\0';
    int32_t stop = state->callbacks->problem(state->context, (int32_t)error->level, (int32_t)error->code, message,
                                             error->str1, (int32_t)error->line, (int32_t)error->int2,
                                             current_offset(state->ctxt));
    if (stop != 0) xmlStopParser(state->ctxt);
}

int32_t lectern_xml_parse(const uint8_t *bytes, size_t length, const char *const *names, int32_t name_count,
                          const lectern_xml_callbacks *callbacks, void *context) {
    if (length > (size_t)INT_MAX) return -2;
    if (bytes == NULL || length == 0 || callbacks == NULL || callbacks->events == NULL) return -1;
    pthread_once(&init_once, init_library);

    xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt((const char *)bytes, (int)length);
    if (ctxt == NULL || ctxt->sax == NULL || ctxt->dict == NULL) {
        if (ctxt != NULL) xmlFreeParserCtxt(ctxt);
        return -1;
    }
    // No NOENT, DTDLOAD, DTDATTR or DTDVALID: nothing outside the buffer is read.
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_RECOVER | XML_PARSE_IGNORE_ENC | XML_PARSE_NOCDATA);
    // As if the document's DTD held parameter-entity references: a reference to an entity libxml2 has no
    // declaration of (all but the five predefined, since none is stored) is then the recoverable error
    // XML_WAR_UNDECLARED_ENTITY, not the fatal XML_ERR_UNDECLARED_ENTITY that marks the document not well
    // formed, after which libxml2 2.9 drops every later reference (see keep_entities), even one right after
    // it (`&x;&amp;`), which keep_entities cannot keep. (A document that says standalone="yes" still gets
    // the fatal one.)
    ctxt->hasPErefs = 1;
    // An `&` in an attribute's value (`&amp;`, `&#38;`) as `&`: without this libxml2 2.9 hands it over as the
    // five bytes `&#38;`, for a tree builder to decode again. This is what XML_PARSE_NOENT sets, but with no
    // entity declaration ever stored (no entityDecl or getEntity callback, and userData is not the context)
    // no entity but the five predefined can be found, so nothing is substituted that was not before.
    ctxt->replaceEntities = 1;

    // Only these callbacks: no document tree, no DTD declarations stored, and
    // (with getEntity unset) no user-defined entity is ever resolved.
    memset(ctxt->sax, 0, sizeof(xmlSAXHandler));
    ctxt->sax->initialized = XML_SAX2_MAGIC;
    ctxt->sax->startElementNs = on_start;
    ctxt->sax->endElementNs = on_end;
    ctxt->sax->characters = on_characters;
    ctxt->sax->ignorableWhitespace = on_characters;
    ctxt->sax->cdataBlock = on_characters;
    ctxt->sax->serror = on_error;

    shim_state *state = (shim_state *)calloc(1, sizeof(shim_state));
    if (state == NULL) {
        xmlFreeParserCtxt(ctxt);
        return -1;
    }
    state->ctxt = ctxt;
    state->callbacks = callbacks;
    state->context = context;
    for (int32_t i = 0; i < name_count && i < NAME_SLOTS / 2; i++) {
        if (names[i] != NULL) intern(state, names[i], i);
    }
    ctxt->userData = state;

    xmlParseDocument(ctxt);
    // (After running out of memory, the events recorded before still point to valid memory.)
    if (!state->failed) record_text(state);
    flush_events(state, 0);
    int32_t result = ctxt->wellFormed && !state->malformed ? 0 : 1;

    if (ctxt->myDoc != NULL) {
        xmlFreeDoc(ctxt->myDoc);
        ctxt->myDoc = NULL;
    }
    xmlFreeParserCtxt(ctxt);
    free(state->attributes);
    free(state->bytes);
    free(state);
    return result;
}
