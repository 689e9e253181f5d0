#include "CXMLShim.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

// Interned names are looked up by pointer: libxml2 hands out element and
// attribute names from the parser's dictionary, one pointer per distinct name.
#define NAME_SLOTS 256

typedef struct {
    xmlParserCtxtPtr ctxt;
    const lectern_xml_callbacks *callbacks;
    void *context;
    const xmlChar *slot_name[NAME_SLOTS];
    int32_t slot_id[NAME_SLOTS];
    // Character data since the last tag: libxml2 delivers a text node in
    // pieces (every 300 bytes, at each entity), the callback gets it whole.
    uint8_t *text;
    size_t text_length;
    size_t text_capacity;
    // The byte classes of the text so far, OR-ed (see byte_class).
    uint8_t text_class;
} shim_state;

static int32_t clamp_length(ptrdiff_t length) { return length < 0 ? 0 : (length > INT32_MAX ? INT32_MAX : (int32_t)length); }

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

// LECTERN_XML_TEXT_MAY_NEED_NFC when an attribute value has a byte of 0xCC or more.
static int32_t value_flags(const uint8_t *value, ptrdiff_t length) {
    uint8_t high = 0;
    for (ptrdiff_t i = 0; i < length; i++) high |= value[i] >= 0xCC;
    return high ? LECTERN_XML_TEXT_MAY_NEED_NFC : 0;
}

// The text node gathered since the last tag, for the callback of the tag after it: `*length` is 0 when
// there is none. The bytes stay valid until the next on_characters.
static const uint8_t *take_text(shim_state *state, int32_t *length, int32_t *flags) {
    *length = clamp_length((ptrdiff_t)state->text_length);
    *flags = text_flags(state->text_class);
    state->text_length = 0;
    state->text_class = 0;
    return state->text;
}

// Hands the text gathered since the last tag to the characters callback (at the end of the document).
static void flush_text(shim_state *state) {
    if (state->text_length == 0) return;
    int32_t length, flags;
    const uint8_t *text = take_text(state, &length, &flags);
    state->callbacks->characters(state->context, text, length, flags);
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


static void on_start(void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                     int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted_count,
                     const xmlChar **attributes) {
    (void)uri;
    (void)namespace_count;
    (void)namespaces;
    (void)defaulted_count;
    shim_state *state = (shim_state *)user;
    lectern_xml_attribute small[16];
    lectern_xml_attribute *list = small;
    if (attribute_count < 0) attribute_count = 0;
    if (attribute_count > 16) {
        list = (lectern_xml_attribute *)malloc(sizeof(lectern_xml_attribute) * (size_t)attribute_count);
        if (list == NULL) {
            flush_text(state);
            xmlStopParser(state->ctxt);
            return;
        }
    }
    for (int i = 0; i < attribute_count; i++) {
        const xmlChar **entry = attributes + 5 * i;
        list[i].name_id = entry[1] == NULL ? name_id(state, entry[0]) : -1;
        list[i].name = entry[0];
        // A known name's length is found only if asked for (see the header).
        list[i].name_length = list[i].name_id >= 0 ? -1 : clamp_length((ptrdiff_t)strlen((const char *)entry[0]));
        list[i].value = entry[3];
        list[i].value_length = clamp_length(entry[4] - entry[3]);
        list[i].value_flags = value_flags(entry[3], entry[4] - entry[3]);
    }
    int32_t id = prefix == NULL ? name_id(state, localname) : -1;
    int32_t length = id >= 0 ? -1 : clamp_length((ptrdiff_t)strlen((const char *)localname));
    int32_t text_length, flags;
    const uint8_t *text = take_text(state, &text_length, &flags);
    state->callbacks->start_element(state->context, text, text_length, flags, id, localname, length, list,
                                    attribute_count, current_offset(state->ctxt));
    if (list != small) free(list);
}

static void on_end(void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)uri;
    shim_state *state = (shim_state *)user;
    int32_t text_length, flags;
    const uint8_t *text = take_text(state, &text_length, &flags);
    state->callbacks->end_element(state->context, text, text_length, flags,
                                  prefix == NULL ? name_id(state, localname) : -1, current_offset(state->ctxt));
}

static void on_characters(void *user, const xmlChar *text, int length) {
    shim_state *state = (shim_state *)user;
    if (length <= 0) return;
    size_t needed = state->text_length + (size_t)length;
    if (needed > state->text_capacity) {
        size_t capacity = state->text_capacity == 0 ? 4096 : state->text_capacity;
        while (capacity < needed) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(state->text, capacity);
        if (grown == NULL) {
            xmlStopParser(state->ctxt);
            return;
        }
        state->text = grown;
        state->text_capacity = capacity;
    }
    // Most pieces are a word or a space: copied and classified in one pass, without a call.
    uint8_t *copy = state->text + state->text_length;
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
    state->text_length = needed;
}

static void on_error(void *user, xmlErrorPtr error) {
    shim_state *state = (shim_state *)user;
    if (state == NULL || error == NULL) return;
    char message[512];
    const char *text = error->message != NULL ? error->message : "unknown XML error";
    size_t length = strlen(text);
    if (length >= sizeof message) length = sizeof message - 1;
    memcpy(message, text, length);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == '\r' || message[length - 1] == ' ')) length--;
    message[length] = '\0';
    int32_t stop = state->callbacks->problem(state->context, (int32_t)error->level, message, (int32_t)error->line,
                                             (int32_t)error->int2, current_offset(state->ctxt));
    if (stop != 0) xmlStopParser(state->ctxt);
}

int32_t lectern_xml_parse(const uint8_t *bytes, size_t length, const char *const *names, int32_t name_count,
                          const lectern_xml_callbacks *callbacks, void *context) {
    if (length > (size_t)INT_MAX) return -2;
    if (bytes == NULL || length == 0 || callbacks == NULL) return -1;
    pthread_once(&init_once, init_library);

    xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt((const char *)bytes, (int)length);
    if (ctxt == NULL || ctxt->sax == NULL || ctxt->dict == NULL) {
        if (ctxt != NULL) xmlFreeParserCtxt(ctxt);
        return -1;
    }
    // No NOENT, DTDLOAD, DTDATTR or DTDVALID: nothing outside the buffer is read.
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_RECOVER | XML_PARSE_IGNORE_ENC | XML_PARSE_NOCDATA);

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
    flush_text(state);
    int32_t result = ctxt->wellFormed ? 0 : 1;

    if (ctxt->myDoc != NULL) {
        xmlFreeDoc(ctxt->myDoc);
        ctxt->myDoc = NULL;
    }
    xmlFreeParserCtxt(ctxt);
    free(state->text);
    free(state);
    return result;
}
