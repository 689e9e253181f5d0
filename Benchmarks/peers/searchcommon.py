"""Shared by the search engine drivers: the command line, the verses, and the timing loops.

A driver indexes the verses of a `BOOK C:V<TAB>text` file (Lectern's vref of eng-web, which the Swift
runner writes), one document per line, the line number (from 1) as the verse's rowid, then times each
query in each shape as the runner times its in-process rows: one untimed call sets a batch of about
`--min-seconds`, then `--warmup` untimed and `--repetitions` timed batches; the figure is µs per call.

Besides the runner's queries it times `ABSENT`, a word in no verse, in every shape: the cheapest real
query call, which is the driver's per-call overhead (the binding or the loop, query parsing, an empty
collector), so a row less it is an upper bound on what the engine spent on the hits.

A row can carry a `before` variant (how the row was made before issue 46's fix: tantivy's regex prefix
query, an unranked prefix as top 20): both are timed in alternating batches within each repetition, so
the two figures see the same load.

`interleaved` times each shape with the queries in turn, a different query each call (God, Melchizedek,
the phrase, the two words, the prefix, God, …), each call timed alone, so that no call finds the caches
warmed by the same query just before: µs per round of all the queries, and per query.

It prints one JSON line:
  {"engine", "version", "python", "docs", "build_seconds",
   "rows": [{"query", "shape", "hits", "batch", "us": [...], "before": {"label", "hits", "batch", "us"}?}],
   "interleaved": [{"shape", "rounds", "us": [...], "queries": [[...], ...]}], "peak_rss_kb"}
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
# A word in no verse of the eng-web text: the cheapest real query.
ABSENT = "xyzzy"


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


def batch_size(call, args):
    """How many calls of `call` fill about `--min-seconds`, from the second of two untimed calls (the first
    may fill a cache, or compile a regex)."""
    call()
    start = time.perf_counter()
    call()
    once = max(time.perf_counter() - start, 1e-9)
    return max(1, int(args.min_seconds / once))


def alternating(calls, args):
    """µs per call of each of `calls` and its batch size: within each repetition one timed batch of each in
    turn (after `--warmup` untimed rounds of the same), so that calls measured together see the same load."""
    batches = [batch_size(call, args) for call in calls]
    for _ in range(max(args.warmup, 0)):
        for call, batch in zip(calls, batches):
            for _ in range(batch):
                call()
    samples = [[] for _ in calls]
    for _ in range(max(args.repetitions, 1)):
        for index, (call, batch) in enumerate(zip(calls, batches)):
            start = time.perf_counter()
            for _ in range(batch):
                call()
            samples[index].append((time.perf_counter() - start) * 1e6 / batch)
    return list(zip(samples, batches))


def interleaved(calls, args):
    """Rounds of every call in turn, each call timed alone: µs per round per sample, µs per call of each per
    sample, and the rounds in a sample (about `--min-seconds` of them)."""
    clock = time.perf_counter
    start = clock()
    for call in calls:
        call()
    rounds = max(1, int(args.min_seconds / max(clock() - start, 1e-9)))
    totals = []
    each = [[] for _ in calls]
    for repetition in range(max(args.warmup, 0) + max(args.repetitions, 1)):
        spent = [0.0] * len(calls)
        for _ in range(rounds):
            for index, call in enumerate(calls):
                begin = clock()
                call()
                spent[index] += clock() - begin
        if repetition < max(args.warmup, 0):
            continue
        totals.append(sum(spent) * 1e6 / rounds)
        for index, seconds in enumerate(spent):
            each[index].append(seconds * 1e6 / rounds)
    return totals, each, rounds


def report(engine, version, args, docs, build_seconds, shapes, before=None):
    """Times every query (and `ABSENT`) in every shape (`shapes[shape](query)` returns the hit count and
    does the work), each with its `before[(query, shape)] = (label, call)` variant when it has one, then the
    queries interleaved in each shape, and prints the JSON line."""
    before = before or {}
    rows = []
    for query in list(args.query) + [ABSENT]:
        for shape in SHAPES:
            run = shapes[shape]
            row = {"query": query, "shape": shape, "hits": run(query)}
            calls = [lambda run=run, query=query: run(query)]
            variant = before.get((query, shape))
            if variant:
                calls.append(lambda call=variant[1], query=query: call(query))
            timed = alternating(calls, args)
            row["us"], row["batch"] = timed[0]
            if variant:
                label, call = variant
                row["before"] = {"label": label, "hits": call(query), "us": timed[1][0], "batch": timed[1][1]}
            rows.append(row)
    mixed = []
    for shape in SHAPES:
        run = shapes[shape]
        totals, each, rounds = interleaved([lambda run=run, query=query: run(query) for query in args.query], args)
        mixed.append({"shape": shape, "rounds": rounds, "us": totals, "queries": each})
    print(json.dumps({
        "engine": engine, "version": version, "python": platform.python_version(), "docs": docs,
        "build_seconds": build_seconds, "rows": rows, "interleaved": mixed, "peak_rss_kb": peak_rss_kb(),
    }))
