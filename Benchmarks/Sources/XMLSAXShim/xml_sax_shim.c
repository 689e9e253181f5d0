#include "XMLSAXShim.h"

#include <limits.h>
#include <pthread.h>
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

int64_t bench_sax_parse(const uint8_t *bytes, size_t length, bench_sax_handlers handlers, int32_t *well_formed) {
    xmlParserCtxtPtr ctxt = new_context(bytes, length, well_formed);
    if (ctxt == NULL) return -1;
    memset(ctxt->sax, 0, sizeof(xmlSAXHandler));
    ctxt->sax->initialized = XML_SAX2_MAGIC;
    if (handlers == bench_sax_lectern_callbacks) {
        ctxt->sax->startElementNs = on_start;
        ctxt->sax->endElementNs = on_end;
        ctxt->sax->characters = on_characters;
        ctxt->sax->ignorableWhitespace = on_characters;
        ctxt->sax->cdataBlock = on_characters;
        ctxt->sax->serror = on_error;
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
