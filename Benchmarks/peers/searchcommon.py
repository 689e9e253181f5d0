"""Shared by the search engine drivers: the command line, the verses, and the batched timing loop.

A driver indexes the verses of a `BOOK C:V<TAB>text` file (Lectern's vref of eng-web, which the Swift
runner writes), one document per line, the line number (from 1) as the verse's rowid, then times each
query in each shape as the runner times its in-process rows: one untimed call sets a batch of about
`--min-seconds`, then `--warmup` untimed and `--repetitions` timed batches; the figure is µs per call.
It prints one JSON line:
  {"engine", "version", "python", "docs", "build_seconds", "overhead_us": [...],
   "rows": [{"query", "shape", "hits", "batch", "us": [...]}], "peak_rss_kb"}
Shapes: `all` (every hit's rowid, canon order), `page` (the first 20 in canon order with their
references, and the count), `top20` (the 20 best by BM25 with their references, and the count).
"""

import argparse
import json
import platform
import time

from peercommon import peak_rss_kb

SHAPES = ("all", "page", "top20")
PAGE_SIZE = 20


def arguments(description):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--verses", required=True, help="`BOOK C:V<TAB>text` lines")
    parser.add_argument("--query", action="append", required=True, help="a query in the engine's syntax")
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--min-seconds", type=float, default=0.02)
    return parser.parse_args()


def read_verses(path):
    """(reference, text) of each line, in order."""
    verses = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            reference, _, text = line.rstrip("\n").partition("\t")
            verses.append((reference, text))
    return verses


def batched(call, args):
    """µs per call of `call()` over `args.repetitions` timed batches, and the batch size."""
    start = time.perf_counter()
    call()
    once = max(time.perf_counter() - start, 1e-9)
    batch = max(1, int(args.min_seconds / once))
    for _ in range(max(args.warmup, 0)):
        for _ in range(batch):
            call()
    samples = []
    for _ in range(max(args.repetitions, 1)):
        start = time.perf_counter()
        for _ in range(batch):
            call()
        samples.append((time.perf_counter() - start) * 1e6 / batch)
    return samples, batch


def report(engine, version, args, docs, build_seconds, overhead, shapes):
    """Times every query in every shape (`shapes[shape](query)` returns the hit count and does the work)
    and `overhead` (a trivial call into the engine, in the same loop) and prints the JSON line."""
    rows = []
    overhead_us, _ = batched(overhead, args)
    for query in args.query:
        for shape in SHAPES:
            run = shapes[shape]
            hits = run(query)
            samples, batch = batched(lambda: run(query), args)
            rows.append({"query": query, "shape": shape, "hits": hits, "batch": batch, "us": samples})
    print(json.dumps({
        "engine": engine, "version": version, "python": platform.python_version(), "docs": docs,
        "build_seconds": build_seconds, "overhead_us": overhead_us, "rows": rows, "peak_rss_kb": peak_rss_kb(),
    }))
