"""Shared by the peer drivers: the command line, reading the files, the timing loop and the vref output.

Every driver parses the same files the Swift runner gives it, in one of two modes:
  --mode time   warm-up, then N timed passes over all files held in memory; prints JSON
                {"peer", "version", "python", "files", "bytes", "stage", "seconds": [...], "peak_rss_kb"}.
                Each pass starts from the files' bytes, so UTF-8 decoding is inside the timing,
                as it is for Lectern, which parses bytes.
  --mode once   one pass, as a whole process would run it (the runner times the process);
                --vref FILE also writes every verse as `BOOK C:V<TAB>text`. Prints the same JSON
                with one sample for the in-process part.
Stages: `parse` is the peer's own parse call, decoding included; `vref` is parse plus getting the verse
texts; `core` is the parse call alone, timed call by call, on Python strings decoded before the clock
starts (what the peer's own parser does, without Python's decoding or the loop around it).
Every document is let go before the next file is parsed, as Lectern's rows let each file's model go.
"""

import argparse
import gzip
import importlib.metadata
import json
import os
import platform
import re
import resource
import sys
import time

_WHITESPACE = re.compile(r"[ \t\r\n]+")


def clean(text):
    """Collapses ASCII white space runs to one space and trims, as Lectern's verse text does."""
    return _WHITESPACE.sub(" ", text).strip()


def arguments(description):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("paths", nargs="+", help="USFM files or folders of them (.usfm, .sfm, .gz)")
    parser.add_argument("--mode", choices=["time", "once"], default="once")
    parser.add_argument("--stage", choices=["parse", "vref", "core"], default="parse")
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--vref", help="write `BOOK C:V<TAB>text` lines to this file")
    return parser.parse_args()


def input_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if name.endswith((".usfm", ".sfm", ".usfm.gz", ".sfm.gz")):
                    files.append(os.path.join(path, name))
        else:
            files.append(path)
    return files


def read_bytes(path):
    with open(path, "rb") as handle:
        data = handle.read()
    return gzip.decompress(data) if path.endswith(".gz") else data


def decode(data):
    return data.decode("utf-8-sig")


def peak_rss_kb():
    """This process's peak resident set in kB: VmHWM, which, unlike ru_maxrss, does not carry over
    the memory of the process that spawned this one."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def run(peer, parse, verses):
    """Runs a driver. `parse(text)` returns the peer's document; `verses(document)` yields (reference, text)."""
    args = arguments(f"Parses USFM with {peer} for Lectern's benchmarks.")
    files = input_files(args.paths)
    blobs = [read_bytes(path) for path in files]

    def one_pass():
        for blob in blobs:
            document = parse(decode(blob))
            if args.stage == "vref":
                for _ in verses(document):
                    pass
            # Let the document go before the next parse, so two are never alive at once.
            del document

    texts = [decode(blob) for blob in blobs] if args.stage == "core" else []

    def core_pass():
        """Seconds spent inside `parse` alone, over every text; each document is let go outside the clock."""
        seconds = 0.0
        for text in texts:
            start = time.perf_counter()
            document = parse(text)
            seconds += time.perf_counter() - start
            del document
        return seconds

    samples = []
    lines = []
    if args.mode == "time" and args.stage == "core":
        for _ in range(args.warmup):
            core_pass()
        samples = [core_pass() for _ in range(args.repetitions)]
    elif args.mode == "time":
        for _ in range(args.warmup):
            one_pass()
        for _ in range(args.repetitions):
            start = time.perf_counter()
            one_pass()
            samples.append(time.perf_counter() - start)
    else:
        start = time.perf_counter()
        for blob in blobs:
            document = parse(decode(blob))
            if args.stage == "vref" or args.vref:
                lines.extend(verses(document))
            del document
        samples.append(time.perf_counter() - start)
        if args.vref:
            with open(args.vref, "w", encoding="utf-8") as out:
                for reference, text in lines:
                    out.write(f"{reference}\t{clean(text)}\n")

    report = {
        "peer": peer,
        "version": importlib.metadata.version(peer),
        "python": platform.python_version(),
        "files": len(files),
        "bytes": sum(len(blob) for blob in blobs),
        "stage": args.stage,
        "mode": args.mode,
        "seconds": samples,
        "verses": len(lines),
        "peak_rss_kb": peak_rss_kb(),
    }
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")
