#include "XMLSAXShim.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_library(void) { xmlInitParser(); }

static void on_start(void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                     int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted_count,
                     const xmlChar **attributes) {
    (void)localname, (void)prefix, (void)uri, (void)namespace_count, (void)namespaces;
    (void)attribute_count, (void)defaulted_count, (void)attributes;
    (*(int64_t *)user)++;
}

static void on_end(void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)localname, (void)prefix, (void)uri;
    (*(int64_t *)user)++;
}

static void on_characters(void *user, const xmlChar *text, int length) {
    (void)text, (void)length;
    (*(int64_t *)user)++;
}

static void on_error(void *user, xmlErrorPtr error) {
    (void)error;
    (*(int64_t *)user)++;
}

// The flat floor (bench_sax_flat_floor): the least a flat model built from these callbacks needs.
typedef struct {
    uint8_t kind;  // 1 element, 2 text
    uint8_t unused;
    int16_t name;
    uint32_t end;
    uint32_t text_start;
    uint32_t text_count;
    uint32_t attribute_start;
    uint32_t attribute_count;
    uint64_t unused2;
} floor_node;

typedef struct {
    uint32_t name;
    uint32_t value_start;
    uint32_t value_count;
} floor_attribute;

#define FLOOR_NAMES 256
#define FLOOR_DEPTH 256

typedef struct {
    floor_node *nodes;
    size_t node_count, node_capacity;
    floor_attribute *attributes;
    size_t attribute_count, attribute_capacity;
    uint8_t *bytes;
    size_t byte_count, byte_capacity;
    const xmlChar *names[FLOOR_NAMES];
    uint32_t open[FLOOR_DEPTH];
    int32_t depth;
    // Whether the last node is a text node that more characters extend.
    int32_t in_text;
    int32_t failed;
} floor_state;

static int floor_grow(void **items, size_t *capacity, size_t needed, size_t size) {
    if (needed <= *capacity) return 1;
    size_t grown = *capacity == 0 ? 4096 : *capacity;
    while (grown < needed) grown *= 2;
    void *moved = realloc(*items, grown * size);
    if (moved == NULL) return 0;
    *items = moved;
    *capacity = grown;
    return 1;
}

static int16_t floor_name(floor_state *state, const xmlChar *name) {
    size_t slot = (size_t)(((uint64_t)(uintptr_t)name * 0x9E3779B97F4A7C15ull) >> 56);
    for (size_t probe = 0; probe < FLOOR_NAMES; probe++) {
        if (state->names[slot] == name) return (int16_t)slot;
        if (state->names[slot] == NULL) {
            state->names[slot] = name;
            return (int16_t)slot;
        }
        slot = (slot + 1) % FLOOR_NAMES;
    }
    return -1;
}

static floor_node *floor_node_new(floor_state *state, uint8_t kind) {
    if (!floor_grow((void **)&state->nodes, &state->node_capacity, state->node_count + 1, sizeof(floor_node))) {
        state->failed = 1;
        return NULL;
    }
    floor_node *node = &state->nodes[state->node_count++];
    memset(node, 0, sizeof *node);
    node->kind = kind;
    node->end = (uint32_t)state->node_count;
    return node;
}

static int floor_copy(floor_state *state, const xmlChar *from, size_t length) {
    if (!floor_grow((void **)&state->bytes, &state->byte_capacity, state->byte_count + length, 1)) {
        state->failed = 1;
        return 0;
    }
    memcpy(state->bytes + state->byte_count, from, length);
    state->byte_count += length;
    return 1;
}

static void floor_start(void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                        int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted_count,
                        const xmlChar **attributes) {
    (void)prefix, (void)uri, (void)namespace_count, (void)namespaces, (void)defaulted_count;
    floor_state *state = (floor_state *)user;
    if (state->failed) return;
    state->in_text = 0;
    floor_node *node = floor_node_new(state, 1);
    if (node == NULL) return;
    node->name = floor_name(state, localname);
    size_t count = attribute_count > 0 ? (size_t)attribute_count : 0;
    node->attribute_start = (uint32_t)state->attribute_count;
    node->attribute_count = (uint32_t)count;
    if (!floor_grow((void **)&state->attributes, &state->attribute_capacity, state->attribute_count + count,
                    sizeof(floor_attribute))) {
        state->failed = 1;
        return;
    }
    for (size_t i = 0; i < count; i++) {
        const xmlChar **entry = attributes + 5 * i;
        floor_attribute *attribute = &state->attributes[state->attribute_count++];
        attribute->name = (uint32_t)floor_name(state, entry[0]);
        attribute->value_start = (uint32_t)state->byte_count;
        attribute->value_count = (uint32_t)(entry[4] - entry[3]);
        if (!floor_copy(state, entry[3], (size_t)(entry[4] - entry[3]))) return;
    }
    if (state->depth < FLOOR_DEPTH) state->open[state->depth] = (uint32_t)(state->node_count - 1);
    state->depth++;
}

static void floor_end(void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)localname, (void)prefix, (void)uri;
    floor_state *state = (floor_state *)user;
    if (state->failed || state->depth == 0) return;
    state->in_text = 0;
    state->depth--;
    if (state->depth < FLOOR_DEPTH) state->nodes[state->open[state->depth]].end = (uint32_t)state->node_count;
}

static void floor_characters(void *user, const xmlChar *text, int length) {
    floor_state *state = (floor_state *)user;
    if (state->failed || length <= 0) return;
    if (!state->in_text) {
        floor_node *node = floor_node_new(state, 2);
        if (node == NULL) return;
        node->text_start = (uint32_t)state->byte_count;
        state->in_text = 1;
    }
    if (!floor_copy(state, text, (size_t)length)) return;
    state->nodes[state->node_count - 1].text_count += (uint32_t)length;
}

static void floor_error(void *user, xmlErrorPtr error) { (void)user, (void)error; }

// A context over `length` bytes with Lectern's parse options, or NULL (the input empty or too large, or no
// memory); `*well_formed` is cleared first.
static xmlParserCtxtPtr new_context(const uint8_t *bytes, size_t length, int32_t *well_formed) {
    if (well_formed != NULL) *well_formed = 0;
    if (length > (size_t)INT_MAX || bytes == NULL || length == 0) return NULL;
    pthread_once(&init_once, init_library);
    xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt((const char *)bytes, (int)length);
    if (ctxt == NULL || ctxt->sax == NULL) {
        if (ctxt != NULL) xmlFreeParserCtxt(ctxt);
        return NULL;
    }
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_RECOVER | XML_PARSE_IGNORE_ENC | XML_PARSE_NOCDATA);
    return ctxt;
}

// Parses the document, sets `*well_formed`, and frees the tree (if any, after `count_tree` counted it) and the
// context. Returns what `count_tree` returned, or -1 when it is NULL or no tree was made.
static int64_t parse_and_free(xmlParserCtxtPtr ctxt, int32_t *well_formed, int64_t (*count_tree)(xmlDocPtr)) {
    xmlParseDocument(ctxt);
    if (well_formed != NULL) *well_formed = ctxt->wellFormed ? 1 : 0;
    int64_t count = -1;
    if (ctxt->myDoc != NULL) {
        if (count_tree != NULL) count = count_tree(ctxt->myDoc);
        xmlFreeDoc(ctxt->myDoc);
        ctxt->myDoc = NULL;
    }
    xmlFreeParserCtxt(ctxt);
    return count;
}

// The callback set Lectern's CXMLShim registers: start and end tags, character data (text, white space and
// CDATA alike), errors.
static void set_callbacks(xmlSAXHandler *sax, startElementNsSAX2Func start, endElementNsSAX2Func end,
                          charactersSAXFunc characters, xmlStructuredErrorFunc error) {
    sax->startElementNs = start;
    sax->endElementNs = end;
    sax->characters = characters;
    sax->ignorableWhitespace = characters;
    sax->cdataBlock = characters;
    sax->serror = error;
}

int64_t bench_sax_parse(const uint8_t *bytes, size_t length, bench_sax_handlers handlers, int32_t *well_formed) {
    xmlParserCtxtPtr ctxt = new_context(bytes, length, well_formed);
    if (ctxt == NULL) return -1;
    memset(ctxt->sax, 0, sizeof(xmlSAXHandler));
    ctxt->sax->initialized = XML_SAX2_MAGIC;
    if (handlers == bench_sax_lectern_callbacks) set_callbacks(ctxt->sax, on_start, on_end, on_characters, on_error);
    if (handlers == bench_sax_flat_floor) {
        set_callbacks(ctxt->sax, floor_start, floor_end, floor_characters, floor_error);
        // The buffers are kept from one parse to the next on this thread, as a builder that reuses its
        // room would (so the floor pays no page faults for fresh memory, Lectern's builder a few).
        static _Thread_local floor_state *kept = NULL;
        if (kept == NULL) kept = (floor_state *)calloc(1, sizeof(floor_state));
        floor_state *state = kept;
        if (state == NULL) {
            xmlFreeParserCtxt(ctxt);
            return -1;
        }
        state->node_count = state->attribute_count = state->byte_count = 0;
        memset(state->names, 0, sizeof state->names);
        state->depth = state->in_text = state->failed = 0;
        ctxt->userData = state;
        parse_and_free(ctxt, well_formed, NULL);
        return state->failed ? -1 : (int64_t)state->node_count;
    }
    int64_t count = 0;
    ctxt->userData = &count;
    parse_and_free(ctxt, well_formed, NULL);
    return count;
}

static int64_t root_children(xmlDocPtr document) {
    xmlNodePtr root = xmlDocGetRootElement(document);
    return root != NULL ? (int64_t)xmlChildElementCount(root) : 0;
}

int64_t bench_tree_parse(const uint8_t *bytes, size_t length, int32_t *well_formed) {
    xmlParserCtxtPtr ctxt = new_context(bytes, length, well_formed);
    if (ctxt == NULL) return -1;
    // The context's own SAX2 handlers: libxml2 builds its document tree.
    return parse_and_free(ctxt, well_formed, root_children);
}
