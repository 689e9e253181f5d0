// The parsers' byte scans, in C with AVX2 (checked at run time): UTF-8 validation with the line starts,
// and the USFM reader's loop over `\w` words (without AVX2 nothing is read there and the Swift reader reads
// every word). Plain C types only; this target sees no library header.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// An attribute name the reader knows, with the `="` after it, as the first bytes of two little-endian
/// words and the masks of their bytes (`length` bytes in all, at most 16), and its index in the content's
/// string table.
typedef struct {
    uint64_t low;
    uint64_t high;
    uint64_t low_mask;
    uint64_t high_mask;
    int64_t length;
    uint32_t id;
    uint32_t reserved;
} lectern_usfm_name;

/// A node of `FlatContent`: Swift's `FlatNode`, whose layout its users check is this one (32 bytes).
typedef struct {
    uint8_t kind;
    uint8_t flags;
    uint16_t span;
    uint32_t marker;
    uint32_t end;
    uint32_t text_start;
    uint32_t text_count;
    uint32_t attribute_start;
    uint32_t attribute_count;
    uint32_t location;
} lectern_flat_node;

/// An attribute of `FlatContent`: Swift's `FlatAttribute` (a name's string index, and its value's bytes).
typedef struct {
    uint32_t name;
    uint32_t value_start;
    uint32_t value_count;
} lectern_flat_attribute;

/// The sizes of the two and where the fields the readers fill in lie in them: the C readers write nodes
/// and attributes as bytes at these offsets (`lectern_put_u32`), from the templates in `lectern_usfm_layout`.
enum {
    LECTERN_NODE_SIZE = sizeof(lectern_flat_node),
    LECTERN_NODE_END = offsetof(lectern_flat_node, end),
    LECTERN_NODE_TEXT_START = offsetof(lectern_flat_node, text_start),
    LECTERN_NODE_TEXT_COUNT = offsetof(lectern_flat_node, text_count),
    LECTERN_NODE_ATTRIBUTE_START = offsetof(lectern_flat_node, attribute_start),
    LECTERN_NODE_ATTRIBUTE_COUNT = offsetof(lectern_flat_node, attribute_count),
    LECTERN_ATTRIBUTE_SIZE = sizeof(lectern_flat_attribute),
    LECTERN_ATTRIBUTE_NAME = offsetof(lectern_flat_attribute, name),
    LECTERN_ATTRIBUTE_VALUE_START = offsetof(lectern_flat_attribute, value_start),
    LECTERN_ATTRIBUTE_VALUE_COUNT = offsetof(lectern_flat_attribute, value_count),
};
_Static_assert(LECTERN_NODE_SIZE == 32, "a node is one 32-byte AVX2 store");

/// The layout of `FlatNode` and `FlatAttribute` as Swift has it (byte offsets in one element, and the
/// element's size), and the nodes every word starts from. The Swift side fills it from `MemoryLayout`; the
/// readers, built for the layout above, read nothing when it describes another (`lectern_layout_is_flat`): a
/// check, not a setting.
typedef struct {
    /// A closed character span of the `w` marker, and a text node: every other field as a new node has it.
    uint8_t span_template[LECTERN_NODE_SIZE];
    uint8_t text_template[LECTERN_NODE_SIZE];
    int64_t node_size;
    int64_t end_offset;
    int64_t text_start_offset;
    int64_t text_count_offset;
    int64_t attribute_start_offset;
    int64_t attribute_count_offset;
    int64_t attribute_size;
    int64_t attribute_name_offset;
    int64_t attribute_value_start_offset;
    int64_t attribute_value_count_offset;
} lectern_usfm_layout;

/// 1 when `layout` describes the layout above, else 0.
static inline int32_t lectern_layout_is_flat(const lectern_usfm_layout *layout) {
    return layout->node_size == LECTERN_NODE_SIZE && layout->end_offset == LECTERN_NODE_END &&
           layout->text_start_offset == LECTERN_NODE_TEXT_START &&
           layout->text_count_offset == LECTERN_NODE_TEXT_COUNT &&
           layout->attribute_start_offset == LECTERN_NODE_ATTRIBUTE_START &&
           layout->attribute_count_offset == LECTERN_NODE_ATTRIBUTE_COUNT &&
           layout->attribute_size == LECTERN_ATTRIBUTE_SIZE && layout->attribute_name_offset == LECTERN_ATTRIBUTE_NAME &&
           layout->attribute_value_start_offset == LECTERN_ATTRIBUTE_VALUE_START &&
           layout->attribute_value_count_offset == LECTERN_ATTRIBUTE_VALUE_COUNT;
}

/// Writes the low 32 bits of `value` at `offset` in `element`.
static inline void lectern_put_u32(uint8_t *element, size_t offset, uint64_t value) {
    uint32_t field = (uint32_t)value;
    memcpy(element + offset, &field, sizeof field);
}

/// One call of `lectern_usfm_read_words`: what it reads and where its results go.
typedef struct {
    const uint8_t *input;
    size_t count;
    /// 1 when only `\+w` words may be read (inside a character style), else 0.
    int32_t nested_only;
    int32_t name_count;
    /// The attribute names known (`name_count` of them); the search starts at `next_name`, which is
    /// left at the one after the name found last.
    const lectern_usfm_name *names;
    int64_t next_name;
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
    /// Results: the nodes and attributes written, where reading stopped, the words read and the index of
    /// the last node of the last word (the span, or the text after it).
    size_t node_count;
    size_t attribute_count;
    size_t position;
    size_t words;
    uint64_t last_node;
} lectern_usfm_word_run;

/// Reads `\w ` and `\+w ` words from `run->position` on, each right after the last or after the text that
/// follows it, while they are plain and ASCII: text up to `|` or the closing marker, at least one byte, no
/// control byte, `~`, `/` or two spaces in a row; then after a `|`, known attribute names each with a value
/// in quotes that is not empty and holds no control byte, byte of 0x80 and up or backslash, apart by
/// spaces; then `\w*` or `\+w*`. The text after a word up to the next backslash is read with it when it
/// ends within 32 bytes and holds no control byte, byte of 0x80 and up, `~`, `|`, `/` or two spaces in a row
/// (a run `readText` keeps as it is). It writes what `USFMBookBuilder.readPlainSpan` and `readText`
/// would: the values, the text and the text after staged in that order, a span and a text node (and a
/// text node for the text after) a word, an attribute a pair.
///
/// Stops before the first word it does not read, or whose results would not fit (the stage with 32 bytes
/// to spare: it may write that far past its count), leaving it to the caller; 0 words when the processor
/// has no AVX2 or `layout` is not the one the reader is built for (`lectern_layout_is_flat`).
///
/// - Complexity: O(bytes read), one 32-byte load a word.
void lectern_usfm_read_words(lectern_usfm_word_run *run, const lectern_usfm_layout *layout);

/// Checks that `bytes` are valid UTF-8 (RFC 3629: no overlong forms, surrogates or code points past
/// U+10FFFF, no sequence cut short at the end) with no NUL byte and no other control character (C0 but tab,
/// line feed and carriage return; DEL; C1; U+FFFE and U+FFFF), and writes the offset after each line feed to
/// `starts`, in order.
///
/// Returns how many offsets it wrote; -1 when a byte is invalid, NUL or a control character (nothing is said
/// of where: the caller then reads the bytes itself); -2 when more than `capacity` line feeds would be written.
///
/// - Complexity: O(n), 32 bytes a step with AVX2 (the Keiser–Lemire lookup check), a byte at a time without.
int64_t lectern_usfm_line_starts(const uint8_t *bytes, size_t length, int64_t *starts, size_t capacity);

/// 1 when `bytes` are valid UTF-8 with no NUL byte or other control character (the check of `lectern_usfm_line_starts`, without the
/// line starts), else 0; and, in the same pass, `*crowding`: a count of `=` bytes such that no stretch between two
/// `>` bytes (or an end of the input) holds more than `*crowding + 62` (nor fewer than `*crowding`, for the
/// stretch it counts). No start tag has more attributes than `=` signs, so a small value says that none has many
/// (libxml2 2.9 checks a tag's attributes for duplicates pairwise: time grows with the square of their number).
int32_t lectern_utf8_check_markup(const uint8_t *bytes, size_t length, int64_t *crowding);

/// 1 when the byte scans take their AVX2 paths on the calling thread: the processor has AVX2 and the scalar
/// paths are not forced (`lectern_bytescan_force_scalar` on this thread, or `LECTERN_SCALAR_C=1` in the
/// environment when first asked), else 0.
int32_t lectern_bytescan_uses_avx2(void);

/// 1 when the processor has AVX2, whether or not the scalar paths are forced.
int32_t lectern_bytescan_processor_has_avx2(void);

/// Forces the scalar paths of every byte scan made on the calling thread (non-zero), or lets them take AVX2
/// where the processor has it (0): for tests, which compare both paths' results on a machine that has both.
/// Scans on other threads (tests run at the same time, a parse's worker threads) are not touched.
void lectern_bytescan_force_scalar(int32_t on);

/// 1 when `lectern_usfm_read_words` reads words on this processor (it has AVX2), else 0.
int32_t lectern_usfm_word_runs_available(void);

/// Appends `length` bytes at `from` to the `count` bytes at `to` with each run of ASCII white space (space,
/// tab, CR, LF) made one space, and returns the new count. A run sets `*pending_space` (it may also be set
/// on entry, for white space before these bytes); the space is written before the next other byte, unless
/// nothing was written yet (`count` 0: a verse's text does not start with one). `readable` bytes can be read
/// from `from` (at least `length`); `to` has room for `count + length + 33` bytes (short texts are copied as
/// 32 bytes).
///
/// - Complexity: O(length); text whose white space is single spaces goes 32 bytes a step with no branch on its
///   bytes (SSE2), the rest from the first tab, line end, control byte or doubled space byte by byte.
size_t lectern_append_collapsed(uint8_t *restrict to, size_t count, const uint8_t *restrict from, size_t length,
                                size_t readable, int32_t *pending_space);

/// A USFM text run, as `lectern_usfm_scan_text` finds it.
typedef struct {
    /// Where the run ends: a backslash, `//`, `|` when it stops runs, or the end of the input.
    size_t end;
    /// Where the white space that ends the run starts (`end` when it ends with something else; the start
    /// when it is all white space).
    size_t core_end;
    /// 1 when the run is its own text: single spaces, no tab, CR, LF or `~`; `is_core_final` the same of the
    /// run up to `core_end`.
    int32_t is_final;
    int32_t is_core_final;
    /// 1 when the run has a byte of 0xCC and up (a character of U+0300 and above), so it may need NFC.
    int32_t may_need_nfc;
} lectern_usfm_text_scan;

/// Finds the text run of `input` (`count` bytes) from `start`, as `USFMBookBuilder.readText` reads it: up to
/// the first backslash, `//`, or `|` when `pipe_stops` is 1.
///
/// - Complexity: O(run), 32 bytes a step with AVX2 (checked at run time).
void lectern_usfm_scan_text(const uint8_t *input, size_t count, size_t start, int32_t pipe_stops,
                            lectern_usfm_text_scan *result);

/// One call of `lectern_walk_text`: the nodes it reads, and the verse text it appends to.
typedef struct {
    /// The chapter's nodes (`lectern_flat_node`), the next to read and the end of the walk.
    const void *nodes;
    uint64_t index;
    uint64_t end;
    /// The chapter's text bytes, and for each of its strings whether a span of that marker is left out (1).
    const uint8_t *bytes;
    uint64_t byte_count;
    const uint8_t *excluded;
    uint64_t string_count;
    /// The verse text so far: `count` bytes of room for `capacity`, and whether a space is pending.
    uint8_t *text;
    uint64_t count;
    uint64_t capacity;
    int32_t pending_space;
    /// 1 when a span with attributes is read into like any other (no tagged words are noted), else 0.
    int32_t enters_tagged;
    /// The kinds' values: a text node and a character span.
    uint8_t text_kind;
    uint8_t character_kind;
} lectern_text_walk;

/// Appends the text of the nodes from `walk->index` up to `walk->end` to the verse text, as
/// `lectern_append_collapsed` does, reading into character spans (their children follow them) and past those
/// whose marker is left out. Stops at the first node of another kind, a span with attributes unless
/// `enters_tagged`, a text node whose bytes lie outside `bytes` or that would not fit with 33 bytes to spare:
/// `walk->index` is then that node's, for the caller to take.
///
/// - Complexity: O(nodes and bytes read).
void lectern_walk_text(lectern_text_walk *walk);

/// Copies `length` bytes from `from` to `to` (which do not overlap): up to sixteen as two words that may
/// overlap, reading and writing only those bytes (most attribute values and words are short), more by
/// `memcpy`. For the C readers' staging; inline, so that the length's branches stay in their loops.
__attribute__((always_inline)) static inline void lectern_copy_bytes(uint8_t *restrict to, const uint8_t *restrict from,
                                                                     size_t length) {
    if (length >= 8 && length <= 16) {
        uint64_t first, last;
        memcpy(&first, from, 8);
        memcpy(&last, from + length - 8, 8);
        memcpy(to, &first, 8);
        memcpy(to + length - 8, &last, 8);
    } else if (length >= 4 && length < 8) {
        uint32_t first, last;
        memcpy(&first, from, 4);
        memcpy(&last, from + length - 4, 4);
        memcpy(to, &first, 4);
        memcpy(to + length - 4, &last, 4);
    } else if (length > 0 && length < 4) {
        to[0] = from[0];
        to[length >> 1] = from[length >> 1];
        to[length - 1] = from[length - 1];
    } else if (length > 0) {
        memcpy(to, from, length);
    }
}
