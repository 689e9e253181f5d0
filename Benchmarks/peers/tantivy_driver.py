"""tantivy (Rust search engine, Python binding) over the verses, in RAM: see searchcommon for what is timed.

Tokenizer: tantivy's `simple` (runs of alphanumeric characters, `char::is_alphanumeric`), then
`lowercase` and `ascii_fold` (so case and Latin accents fold, as Lectern's default mode does). One
writer thread, one commit, merges waited for. Queries go through
`Index.parse_query(text, ["text"])` on each call; canon order is the `rowid` fast field ascending;
references come from a list by rowid (as Lectern's come from its verse table), not from tantivy's
compressed doc store.

A lone `word*`, which its query language lacks (`bless*` parses as `bless`), is tantivy's prefix query,
`Query.phrase_prefix_query(schema, "text", [word])`, in the `all` and `page` shapes. That query scores every
hit 1.0, so it cannot give a top 20 by BM25: the `top20` shape asks the term dictionary for the words with
that prefix (`Searcher.terms_with_prefix`) and ranks a boolean OR of their term queries by BM25, the sum of
each word's score, as Lucene's scoring rewrite of a prefix does. Before issue 46 every shape used
`Query.regex_query("word.*")`, also scored 1.0 (its top 20 ranked nothing); those rows are timed beside
the new ones as `before`.
"""

import importlib.metadata
import time

import tantivy

from searchcommon import ABSENT, PAGE_SIZE, arguments, read_verses, report


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

    def prefix(text):
        """The folded word of a lone `word*`, else None."""
        return text[:-1].lower() if text.endswith("*") and text[:-1].isalnum() else None

    def parse(text):
        word = prefix(text)
        if word is not None:
            return tantivy.Query.phrase_prefix_query(schema, "text", [word])
        return index.parse_query(text, ["text"])

    def ranked(text):
        word = prefix(text)
        if word is None:
            return index.parse_query(text, ["text"])
        terms = searcher.terms_with_prefix("text", word)
        should = tantivy.Occur.Should
        return tantivy.Query.boolean_query([(should, tantivy.Query.term_query(schema, "text", t)) for t, _ in terms])

    def regex(text):
        # Before issue 46: a lone `word*` as a regex query on the folded term.
        word = prefix(text)
        return parse(text) if word is None else tantivy.Query.regex_query(schema, "text", word + ".*")

    def all_hits(text, make=parse):
        result = searcher.search(make(text), docs, count=False, order_by_field="rowid", order=tantivy.Order.Asc)
        return len([rowid for rowid, _ in result.hits])

    def page(text, make=parse):
        result = searcher.search(make(text), PAGE_SIZE, count=True, order_by_field="rowid", order=tantivy.Order.Asc)
        shown = [references[rowid] for rowid, _ in result.hits]
        return result.count if shown is not None else 0

    def top20(text, make=ranked):
        result = searcher.search(make(text), PAGE_SIZE, count=True)
        # One segment, documents in the order added: a hit's doc id is its rowid - 1.
        shown = [references[address.doc + 1] for _, address in result.hits]
        return result.count if shown is not None else 0

    before = {(ABSENT, "page"): ("searcher.num_docs", lambda _: searcher.num_docs)}
    for query in args.query:
        if prefix(query) is not None:
            label = f'Query.regex_query("{prefix(query)}.*")'
            before[(query, "all")] = (label, lambda text: all_hits(text, regex))
            before[(query, "page")] = (label, lambda text: page(text, regex))
            before[(query, "top20")] = (label + ", every hit scored 1.0", lambda text: top20(text, regex))
    report(
        "tantivy", importlib.metadata.version("tantivy"), args, docs, build_seconds,
        {"all": all_hits, "page": page, "top20": top20}, before,
    )


if __name__ == "__main__":
    main()
