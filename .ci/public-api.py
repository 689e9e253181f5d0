#!/usr/bin/env python3
"""The public API an app gets from `import Lectern`, counted from symbol graphs, and held to its bounds.

Usage: .ci/public-api.py SYMBOL_GRAPH_DIR [--bound N] [--allow-denied] [--list]

SYMBOL_GRAPH_DIR holds what `swift package dump-symbol-graph --minimum-access-level public` wrote. The API is
Lectern's own symbols, every symbol of a module it re-exports whole (`@_exported import Module`), and, for a
declaration it re-exports by name (`@_exported import struct Module.Name`), that declaration and its members,
wherever they are declared (extension graphs `Other@Module.symbols.json` included). Synthesized members count.

It fails (exit 1) when the count passes the bound (default 800), or when a symbol an app can reach is named like
a byte-level or builder type (the deny list below): those belong to the package, not to the product. With
`--allow-denied` those names are still listed but do not fail the run (while the public → package step is not
done; `.ci/run` drops the flag then).
"""
import glob
import json
import os
import re
import sys

# Names an app must not see: byte readers and writers, buffers, checksums, builders, stages.
DENY = re.compile(r"(Byte(Reader|Writer|Cursor|Stage|Search)|Buffer|CRC32|Checksum|Builder|JSONString|Varint|LineTable)")


def exported(sources):
    """(whole modules, {module: set of names}) that Lectern re-exports."""
    whole, named = {"Lectern"}, {}
    pattern = re.compile(
        r"\s*@_exported\s+(?:public\s+)?import\s+(?:(struct|class|enum|protocol|typealias|func|var|let)\s+)?([\w.]+)")
    for path in glob.glob(os.path.join(sources, "**/*.swift"), recursive=True):
        for line in open(path, encoding="utf-8"):
            match = pattern.match(line)
            if not match:
                continue
            if match.group(1):
                module, _, name = match.group(2).partition(".")
                named.setdefault(module, set()).add(name)
            else:
                whole.add(match.group(2))
    return whole, named


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 64
    graphs = args[0]
    bound = int(args[args.index("--bound") + 1]) if "--bound" in args else 800
    listing = "--list" in args
    allow_denied = "--allow-denied" in args
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    whole, named = exported(os.path.join(root, "Sources", "Lectern"))
    counts, denied, reached = {}, [], []
    for path in sorted(glob.glob(os.path.join(graphs, "*.symbols.json"))):
        graph = os.path.basename(path)[: -len(".symbols.json")]
        owner, _, extended = graph.partition("@")
        data = json.load(open(path, encoding="utf-8"))
        for symbol in data["symbols"]:
            components = symbol["pathComponents"]
            # A member of a type re-exported by name counts wherever it is declared: the type's module is the
            # extended module of an extension graph, else the graph's own.
            home = extended or owner
            if owner in whole or (home in named and components and components[0] in named[home]):
                key = graph
                counts[key] = counts.get(key, 0) + 1
                title = ".".join(components)
                reached.append(f"{home}.{title}")
                if DENY.search(title):
                    denied.append(f"{home}.{title}")
    total = sum(counts.values())
    for graph, count in sorted(counts.items()):
        print(f"{count:6d} {graph}")
    print(f"{total:6d} public symbols reached by `import Lectern` (bound {bound})")
    if listing:
        print("\n".join(sorted(reached)))
    status = 0
    if total > bound:
        print(f"error: {total} public symbols, more than {bound}: make the rest `package`", file=sys.stderr)
        status = 1
    if denied:
        names = sorted(set(denied))
        level = "warning" if allow_denied else "error"
        print(f"{level}: {len(names)} byte-level or builder names an app can reach:\n  " + "\n  ".join(names),
              file=sys.stderr)
        if not allow_denied:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
