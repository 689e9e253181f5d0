#!/usr/bin/env bash
# Creates Benchmarks/peers/.venv with a CPython 3.13 interpreter and installs the peer
# parsers from PyPI (pinned in requirements.txt). usfm3 publishes wheels for CPython 3.13
# only, so the script looks for a 3.13 interpreter first; without one it builds the
# environment with another python3 and leaves usfm3 out, saying so.
# It also installs what the Lucene search rows need from Debian, when missing: liblucene8-java (the jars in
# /usr/share/java) and a JDK (javac and java), so that a full run has all five search engines.
# Usage: Benchmarks/peers/setup.sh   (idempotent; PYTHON=/path/to/python3.13 to choose; LECTERN_NO_APT=1
# to leave the system packages alone)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$here/.venv"

is_313() { "$1" -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 13) else 1)' 2>/dev/null; }

python=""
for candidate in "${PYTHON:-}" "$HOME"/.pyenv/versions/3.13*/bin/python3.13 "$(command -v python3.13 || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ] && is_313 "$candidate"; then
        python="$candidate"
        break
    fi
done

with_usfm3=1
if [ -z "$python" ]; then
    echo "setup.sh: no CPython 3.13 found (looked at \$PYTHON, ~/.pyenv/versions/3.13*, python3.13 on PATH)." >&2
    echo "setup.sh: usfm3 ships wheels for 3.13 only, so it is SKIPPED; the other peers use python3." >&2
    python="$(command -v python3 || true)"
    with_usfm3=0
    if [ -z "$python" ]; then
        echo "setup.sh: no python3 either; no peer can be measured." >&2
        exit 1
    fi
fi

if [ -x "$venv/bin/python" ] && ! "$venv/bin/python" -c 'import sys' 2>/dev/null; then
    rm -rf "$venv"
fi
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
echo "setup.sh: interpreter $("$venv/bin/python" -c 'import sys; print(sys.executable, sys.version.split()[0])')"

requirements="$here/requirements.txt"
if [ "$with_usfm3" = 0 ]; then
    requirements="$(mktemp)"
    grep -v '^usfm3==' "$here/requirements.txt" > "$requirements"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"

# Lucene: Debian's liblucene8-java and a JDK. The runner compiles LuceneDriver.java against
# lucene-core, lucene-queryparser and lucene-analyzers-common 8.x from /usr/share/java.
lucene_ready() {
    command -v javac >/dev/null 2>&1 && command -v java >/dev/null 2>&1 \
        && ls /usr/share/java/lucene-core-8*.jar /usr/share/java/lucene-queryparser-8*.jar \
            /usr/share/java/lucene-analyzers-common-8*.jar >/dev/null 2>&1
}
if ! lucene_ready; then
    packages=(liblucene8-java)
    command -v javac >/dev/null 2>&1 || packages+=(default-jdk-headless)
    if [ "${LECTERN_NO_APT:-0}" = 1 ]; then
        echo "setup.sh: LECTERN_NO_APT=1: not installing ${packages[*]}; the Lucene rows will say why they are missing." >&2
    else
        sudo=""
        [ "$(id -u)" = 0 ] || sudo="sudo"
        echo "setup.sh: installing ${packages[*]} for the Lucene rows"
        export DEBIAN_FRONTEND=noninteractive
        $sudo apt-get update -qq
        $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
    fi
fi
if lucene_ready; then
    echo "setup.sh: Lucene $(ls /usr/share/java/lucene-core-8*.jar | sed 's/.*lucene-core-//; s/\.jar$//' | tail -1), $(javac -version 2>&1)"
else
    echo "setup.sh: Lucene is not available; its rows will say why." >&2
fi

echo "setup.sh: installed peers:"
"$venv/bin/python" "$here/versions.py"
