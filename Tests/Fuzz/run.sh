#!/usr/bin/env bash
# Builds one libFuzzer target with AddressSanitizer and runs it for SECONDS.
#
#   Tests/Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]
#   Tests/Fuzz/run.sh TARGET 0        # only the saved findings (Regressions/TARGET), with the sanitizers
#
# TARGET is usfm, usx, usj, store, reference, query, metadata or vrs (a `fuzz-` prefix is accepted). Seeds: this folder's
# own malformed samples (Seeds/TARGET/, or Seeds/TARGET.lines with one seed a line) plus real files from
# the shared corpus ($LECTERN_CORPUS, else ../shared/corpus), copied or generated into a temporary folder
# at run time and never committed. The growing corpus and crash inputs stay in Tests/Fuzz/.build/runs/TARGET
# between runs. Exits with libFuzzer's status: 0 when the time ran out without a finding.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
corpus="${LECTERN_CORPUS:-$root/../shared/corpus}"
usage="usage: $0 usfm|usx|usj|store|reference|query|metadata|vrs SECONDS [libFuzzer flags...]"
[ $# -ge 2 ] || { echo "$usage" >&2; exit 64; }
target="${1#fuzz-}"
seconds="$2"
shift 2
case "$target" in usfm | usx | usj | store | reference | query | metadata | vrs) ;; *) echo "$usage" >&2; exit 64 ;; esac

# Release by default: Swift keeps its bounds and overflow checks at -O, and the package has no assert()s
# that -O would drop; LECTERN_FUZZ_CONFIG=debug builds without optimisation.
config="${LECTERN_FUZZ_CONFIG:-release}"
echo "Building fuzz-$target ($config, -sanitize=fuzzer,address)…" >&2
built=0
mkdir -p "$here/.build"
# SwiftPM keeps its build plan between builds and misses a source file added to the Lectern package this one
# depends on by path ("cannot find 'X' in scope"); without the plan it plans again (unchanged files are not
# compiled again).
rm -f "$here/.build/$config.yaml" "$here/.build/$config/description.json"
# Nor does it always compile again a module of this package whose dependency in Lectern changed shape: a
# support module kept an older struct's size and wrote past the caller's room (a false ASan finding). So a
# build made from other Lectern sources is thrown away first; the stamp is a digest of every source file.
stamp="$(cd "$root" && find Package.swift Sources Tests/TestSupport "$here/Sources" "$here/Package.swift" -type f \
    -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)"
stamp_file="$here/.build/$config-sources.sha256"
if [ "$(cat "$stamp_file" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$here/.build/$config" "$here/.build/"*"-unknown-linux-gnu/$config"
fi
swift build -c "$config" --package-path "$here" --product "fuzz-$target" \
    -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address >"$here/.build/last-build.log" 2>&1 ||
    built=$?
grep -v "Cannot export local symbol" "$here/.build/last-build.log" | tail -20 >&2
[ "$built" = 0 ] || { echo "the build of fuzz-$target failed" >&2; exit 1; }
echo "$stamp" >"$stamp_file"
binary="$here/.build/$config/fuzz-$target"

if [ "$seconds" = 0 ]; then
    # Leaks show only here: the normal test suite checks these inputs' properties, not their memory.
    inputs=("$here/Regressions/$target"/*)
    # (Every target has some: FuzzRegressionTests.everyTargetHasSavedInputs.)
    [ -e "${inputs[0]}" ] || { echo "no saved findings in Regressions/$target" >&2; exit 1; }
    SWIFT_BACKTRACE=enable=no "$binary" -rss_limit_mb=2048 -timeout=10 "${inputs[@]}"
    exit $?
fi

runs="$here/.build/runs/$target"
mkdir -p "$runs/corpus" "$runs/artifacts"
seeds="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT
[ -d "$here/Seeds/$target" ] && cp "$here/Seeds/$target/"* "$seeds/"
if [ -f "$here/Seeds/$target.lines" ]; then # one seed a line
    n=0
    while IFS= read -r line; do
        printf '%s' "$line" >"$seeds/line-$n"
        n=$((n + 1))
    done <"$here/Seeds/$target.lines"
fi

# Small real books (2JN, 3JN, OBA, PHM, JUD) of every corpus folder, decompressed.
small_books() {
    [ -d "$corpus" ] || return 0
    find "$corpus" -type f \( -name "*$1" -o -name "*$1.gz" \) | grep -E '(2JN|3JN|OBA|PHM|JUD)' | sort
}
copy_plain() {
    local file name
    while read -r file; do
        name="$(basename "$(dirname "$file")")-$(basename "${file%.gz}")"
        case "$file" in *.gz) gunzip -c "$file" >"$seeds/$name" ;; *) cp "$file" "$seeds/$name" ;; esac
    done
}

case "$target" in
usfm) small_books .usfm | copy_plain ;;
metadata)
    # The repository's DBL and Burrito samples' metadata files (the corpus has none).
    cp "$root/Corpus/bundles/dbl-sample/metadata.xml" "$seeds/dbl-sample.xml"
    cp "$root/Corpus/bundles/burrito-sample/metadata.json" "$seeds/burrito-sample.json"
    ;;
vrs)
    # The shipped schemes.
    cp "$root/Sources/Versification/Resources/"*.vrs "$seeds/"
    ;;
usx) small_books .usx | copy_plain ;;
usj)
    # USJ of the repository's sample version and of small real books, as the normal lectern exports it.
    swift build --package-path "$root" --product lectern 2>&1 | tail -1 >&2
    library="$seeds/library"
    id=1
    for source in "$root/Corpus/sample/usfm" $(small_books .usfm | grep -E '(2JN|3JN|PHM)') $(small_books .usx | grep -E '(3JN|PHM)'); do
        if "$root/.build/debug/lectern" import "$source" --id "$id" --abbreviation "S$id" --allow-errors \
            --library "$library" >/dev/null 2>&1; then
            "$root/.build/debug/lectern" export --bible "S$id" --format usj --output "$seeds/usj-$id" \
                --library "$library" >/dev/null 2>&1 || true
            for file in "$seeds/usj-$id"/*.usj; do [ -e "$file" ] && mv "$file" "$seeds/s$id-$(basename "$file")"; done
            rm -rf "$seeds/usj-$id"
            id=$((id + 1))
        fi
    done
    rm -rf "$library"
    ;;
query)
    # The first words of verses of small real books, as words, phrases and prefixes.
    n=0
    while read -r file; do
        (case "$file" in *.gz) gunzip -c "$file" ;; *) cat "$file" ;; esac) | grep -a '^\\v ' | head -20 |
            sed 's/\\[a-z0-9+*]*//g; s/|[^ ]*//g' | (
            m=0
            while read -r _ a b c _; do
                for query in "$a" "$a $b $c" "\"$a $b\"" "${a:0:3}*" "$a OR $c"; do
                    printf '%s' "$query" >"$seeds/verse-$n-$m"
                    m=$((m + 1))
                done
            done
        ) || true # head closes the pipe early
        n=$((n + 1))
    done < <(small_books .usfm | grep -E '(3JN|PHM)')
    ;;
store)
    # Store files of the repository's sample version and of small real books, made by the normal lectern.
    swift build --package-path "$root" --product lectern 2>&1 | tail -1 >&2
    library="$seeds/library"
    id=1
    for source in "$root/Corpus/sample/usfm" $(small_books .usfm | grep -E '(2JN|3JN)'); do
        "$root/.build/debug/lectern" import "$source" --id "$id" --abbreviation "S$id" --allow-errors \
            --library "$library" >/dev/null 2>&1 && id=$((id + 1))
    done
    cp "$library"/versions/*.lectern "$seeds/"
    rm -rf "$library"
    ;;
reference)
    # Book names the corpus gives its books (\h, \toc1-3), with chapter and verse numbers after them.
    n=0
    while read -r file; do
        while IFS= read -r name; do
            for suffix in "" " 1" " 1:5" " 1:3-7" ".1.1"; do
                printf '%s%s' "$name" "$suffix" >"$seeds/name-$n"
                n=$((n + 1))
            done
        done < <( (case "$file" in *.gz) gunzip -c "$file" ;; *) cat "$file" ;; esac) |
            sed -n 's/^\\\(h\|toc[123]\) \(.*\)$/\2/p' | tr -d '\r' | sed 's/ *$//')
    done < <(small_books .usfm)
    ;;
esac
echo "Seeds: $(find "$seeds" -maxdepth 1 -type f | wc -l) files; corpus kept in $runs/corpus" >&2

# Swift's own crash backtracer is switched off: libFuzzer and AddressSanitizer report crashes (and the
# backtracer, started from a crashing fuzzer, can outlive it holding its output open).
status=0
SWIFT_BACKTRACE=enable=no "$binary" "$runs/corpus" "$seeds" -max_total_time="$seconds" -rss_limit_mb=2048 \
    -timeout=10 -artifact_prefix="$runs/artifacts/" -print_final_stats=1 "$@" || status=$?
exit "$status"
