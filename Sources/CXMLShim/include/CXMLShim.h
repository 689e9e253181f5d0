// Lectern's window onto libxml2's streaming (SAX2) parser. Only xml_shim.c
// includes libxml2's headers: they pull in ICU's, which clash with Foundation's
// bundled ICU when Swift imports them. Everything here uses plain C types.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "CByteScan.h"
#include "CXMLEvents.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif
