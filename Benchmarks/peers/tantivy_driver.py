"""tantivy (Rust search engine, Python binding) over the verses, in RAM: see searchcommon for what is timed.

Tokenizer: tantivy's `simple` (runs of alphanumeric characters, `char::is_alphanumeric`), then
`lowercase` and `ascii_fold` (so case and Latin accents fold, as Lectern's default mode does). One
writer thread, one commit, merges waited for. Queries go through
`Index.parse_query(text, ["text"])` on each call (a lone `word*`, which its query language lacks, through
`Query.regex_query`); canon order is the `rowid` fast field ascending; references come from a list by
rowid (as Lectern's come from its verse table), not from tantivy's compressed doc store.
"""

import importlib.metadata
import time

import tantivy

from searchcommon import PAGE_SIZE, arguments, read_verses, report


def main():
    args = arguments("Times tantivy on Lectern's search queries.")
    verses = read_verses(args.verses)
    references = [""] + [reference for reference, _ in verses]

    start = time.perf_counter()
    builder = tantivy.SchemaBuilder()
    builder.add_unsigned_field("rowid", stored=False, indexed=False, fast=True)
    builder.add_text_field("text", stored=False, tokenizer_name="fold", index_option="position")
    schema = builder.build()
    index = tantivy.Index(schema)
    index.register_tokenizer(
        "fold",
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.ascii_fold())
        .build(),
    )
    writer = index.writer(heap_size=200_000_000, num_threads=1)
    for rowid, (_, text) in enumerate(verses, start=1):
        document = tantivy.Document()
        document.add_unsigned("rowid", rowid)
        document.add_text("text", text)
        writer.add_document(document)
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    searcher = index.searcher()
    build_seconds = time.perf_counter() - start
    docs = searcher.num_docs
    if searcher.num_segments != 1:
        raise SystemExit(f"tantivy: {searcher.num_segments} segments, expected 1")

    def parse(text):
        # tantivy's query language has no prefix of one word (`bless*` parses as `bless`), so a lone word
        # ending in `*` becomes a regex query on the folded term, as the query parser would make it.
        if text.endswith("*") and text[:-1].isalnum():
            return tantivy.Query.regex_query(schema, "text", text[:-1].lower() + ".*")
        return index.parse_query(text, ["text"])

    def all_hits(text):
        result = searcher.search(parse(text), docs, count=False, order_by_field="rowid", order=tantivy.Order.Asc)
        return len([rowid for rowid, _ in result.hits])

    def page(text):
        result = searcher.search(parse(text), PAGE_SIZE, count=True, order_by_field="rowid", order=tantivy.Order.Asc)
        shown = [references[rowid] for rowid, _ in result.hits]
        return result.count if shown is not None else 0

    def top20(text):
        result = searcher.search(parse(text), PAGE_SIZE, count=True)
        # One segment, documents in the order added: a hit's doc id is its rowid - 1.
        shown = [references[address.doc + 1] for _, address in result.hits]
        return result.count if shown is not None else 0

    report(
        "tantivy", importlib.metadata.version("tantivy"), args, docs, build_seconds,
        lambda: searcher.num_docs, {"all": all_hits, "page": page, "top20": top20},
    )


if __name__ == "__main__":
    main()
