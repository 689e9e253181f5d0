"""Prints the interpreter and each installed peer's version, one per line, as `name version`."""

import importlib.metadata
import platform

print(f"python {platform.python_version()}")
for name in ("usfm3", "usfm-grammar", "usfmtc", "tantivy"):
    try:
        print(f"{name} {importlib.metadata.version(name)}")
    except importlib.metadata.PackageNotFoundError:
        print(f"{name} missing")
