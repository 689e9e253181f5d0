// libxml2's SAX2 parser with handlers that do nothing, for the benchmark row that sets a floor under
// Lectern's USX parser, and libxml2 building its own tree, for the row beside it. Only xml_sax_shim.c
// includes libxml2's headers; everything here is plain C.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// Which SAX2 handlers the parse registers.
typedef enum {
    /// None: libxml2 scans the document and reports nothing.
    bench_sax_no_callbacks = 0,
    /// The set Lectern's CXMLShim registers (startElementNs, endElementNs, characters,
    /// ignorableWhitespace, cdataBlock, serror), each only counting its calls.
    bench_sax_lectern_callbacks = 1,
    /// The same set, building the least a flat model needs: a 32-byte node per element and per text run
    /// (element names and attribute names numbered by their dictionary pointers, each element's end
    /// index set at its end tag), text and attribute values copied into one byte buffer, a 12-byte record
    /// per attribute, the buffers kept from one parse to the next on the thread. No checks, no NFC, no
    /// locations, no verse or chapter structure, no model handed out: a lower bound for any builder of a
    /// flat model from libxml2's SAX2 callbacks, such as Lectern's.
    bench_sax_flat_floor = 2,
} bench_sax_handlers;

/// Parses `length` bytes of XML as Lectern's `lectern_xml_parse` does (xmlCreateMemoryParserCtxt,
/// xmlCtxtUseOptions with XML_PARSE_NONET | XML_PARSE_RECOVER | XML_PARSE_IGNORE_ENC | XML_PARSE_NOCDATA,
/// xmlParseDocument) with the `handlers` chosen.
///
/// Returns the number of callbacks made (0 with no handlers; the nodes made with the flat floor), or -1 when the parser could not be created or
/// the input is empty or too large; `*well_formed` is set to 1 when the document was well formed, else 0.
int64_t bench_sax_parse(const uint8_t *bytes, size_t length, bench_sax_handlers handlers, int32_t *well_formed);

/// Parses `length` bytes of XML with the same context and options as `bench_sax_parse`, but with libxml2's own
/// SAX2 handlers, which build its document tree (what a program reading USX through libxml2's tree API pays
/// before it looks at an element); the tree is then freed.
///
/// Returns the number of child elements of the root (-1 when no document was made); `*well_formed` as above.
int64_t bench_tree_parse(const uint8_t *bytes, size_t length, int32_t *well_formed);
