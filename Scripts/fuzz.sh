#!/usr/bin/env bash
# Builds the libFuzzer targets with AddressSanitizer and runs each for FUZZ_SECONDS
# (default 60), seeded from the fixtures and the bad-input corpus: manifests, conditions, the
# file-system paths (folder search, safe writes, --fix writes, extracted file names), the texts
# --fix writes (manifests and Swift), extraction from Swift, Xcode projects (project.pbxproj)
# and `resolve --screen`. A crashing input is
# written to Tests/FuzzCrashes/; turn it into a regression test in Tests/BadInputs.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
scratch=.build-fuzz
# `--sanitize=fuzzer` makes SwiftPM build each target's main.swift as a library, so that
# libFuzzer's `main` runs. Both sanitizers then go to the compiler as one flag, which comes after
# SwiftPM's: the Swift driver keeps only the last -sanitize= it is given, and
# `--sanitize=fuzzer --sanitize=address` reached it in either order from one build to the next,
# so a product had either AddressSanitizer or libFuzzer's coverage, never both (and every module
# was compiled again when the order changed).
swift_flags=(-c release --scratch-path "$scratch" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
  -Xcc -fsanitize=fuzzer-no-link,address)

swift build "${swift_flags[@]}" --product FuzzManifest
swift build "${swift_flags[@]}" --product FuzzCondition
swift build "${swift_flags[@]}" --product FuzzFiles
swift build "${swift_flags[@]}" --product FuzzFix
swift build "${swift_flags[@]}" --product FuzzExtract
swift build "${swift_flags[@]}" --product FuzzProject
swift build "${swift_flags[@]}" --product FuzzResolve
bin="$(swift build "${swift_flags[@]}" --show-bin-path)"

corpus="$scratch/corpus"
mkdir -p "$corpus/manifest" "$corpus/condition" "$corpus/files" "$corpus/fix" "$corpus/extract" "$corpus/project" \
  "$corpus/resolve" Tests/FuzzCrashes
cp Fixtures/*.maplint.* Fixtures/invalid/*.maplint.* Tests/BadInputs/*.maplint.* "$corpus/manifest/" 2>/dev/null || true
# The hostile shapes of issue #45 (each pass linear or bounded), cut to fit -max_len: unused and
# repeated suppressions, string conditions past the solver's budget, a long name one letter off.
cp Tests/FuzzSeeds/manifest/* "$corpus/manifest/"
cp Tests/FuzzSeeds/condition/* "$corpus/condition/"
# Each condition written in the fixtures seeds the condition target.
n=0
grep -h 'condition: ' Fixtures/*.maplint.yml Fixtures/invalid/*.maplint.yml 2>/dev/null | sed -e 's/^ *condition: *"//' -e 's/" *\(#.*\)\{0,1\}$//' |
while IFS= read -r line; do n=$((n + 1)); printf '%s' "$line" > "$corpus/condition/seed-$n"; done

# The file-system target reads its input as a program of 3-byte steps (make a folder, a file, a
# link, a FIFO, or an unreadable folder); a few fixed programs seed it.
printf '\x00\x00\x05\x01\x01\x00\x02\x00\x00\x02\x01\x07\x03\x00\x03' > "$corpus/files/seed-1"
printf '\x00\x00\x06\x02\x00\x01\x02\x01\x02\x01\x00\x0b\x04\x00\x06\x01\x01\x03' > "$corpus/files/seed-2"
# The last two bytes of a program choose a --fix case (a link to the file or to a folder above
# it, a read-only file, a change saved between the fixes and the write, a file outside the roots).
for fixcase in 0 1 2 3 4 5 6; do
  printf "\\x00\\x00\\x05\\x01\\x00\\x00\\x0$fixcase\\x0$fixcase" > "$corpus/files/seed-fix-$fixcase"
done

# The fix target reads its input as choices: layout (line endings, final newline, host, indent),
# then per entry its kind, keys, style, comments and values. Fixed choices seed it.
printf '\x00\x00\x02\x00\x00\x00\x00\x02\x00\x00' > "$corpus/fix/seed-collision"
printf '\x01\x80\x08\x00\x01\x00\x00\x06\x01\x00\x00' > "$corpus/fix/seed-crlf-events"
printf '\x46\x80\x10\x00\x00\x00\x00\x80\x50\x01\x00\x02\x01\x01\x00' > "$corpus/fix/seed-flow-comments"
printf '\x22\x00\x40\x00\x00\x00\x40\x01\x00\x00\x02\x00\x00' > "$corpus/fix/seed-folded"
# With the first byte's high bit set, the choices make Swift: layout (line endings, final
# newline, host, a second file, tabs, library version), then per registration its spelling,
# mapping statements and comments.
printf '\x80\xa0\x01\x04\x00\x00\x02\x04\x00\x01' > "$corpus/fix/seed-swift-collision"
printf '\xe1\x4d\x04\x47\x01\x01\x00\x02\x02\x01\x06\x03\x02\x01' > "$corpus/fix/seed-swift-crlf-two-files"
printf '\x80\x84\x06\x03\x01\x02\x05\xc1\x00\x00\x01\x03' > "$corpus/fix/seed-swift-collection"

# The extraction target takes a first byte with its high bit clear and then a Swift file as it
# is (the fixtures' Swift files), or a high bit and then choices: the kind of deep code, its
# depth (two bytes) and where it goes.
find Fixtures -name '*.swift' | sort | head -n 64 | while IFS= read -r swift; do
  { printf '\x00'; cat "$swift"; } > "$corpus/extract/seed-$(printf '%s' "$swift" | tr '/ ' '__')"
done
# Swift shapes of issue #45: a comment inside a string interpolation, disable:next over a
# registration's closure, one rule named thousands of times, methods each calling the next.
for swift in Tests/FuzzSeeds/extract/*.swift.txt; do
  { printf '\x00'; cat "$swift"; } > "$corpus/extract/seed-hostile-$(basename "$swift" .txt)"
done
for kind in 0 1 2 3 4 5 6 7 8 9 10 11 12; do
  printf "\\x80\\x$(printf '%02x' "$kind")\\x03\\xe8\\x00" > "$corpus/extract/seed-deep-$kind"
done

# The project target reads a project.pbxproj: the fixtures' projects, and the hostile shapes (a
# target listed 3,000 times, arrays and dictionaries nested 20,000 and 10,000 deep, 550 files of a
# group that climbs out of the repository, a synchronised folder at `/`, strings of 20,000
# characters, groups that are their own parents).
find Fixtures Tests -name project.pbxproj | sort | while IFS= read -r project; do
  cp "$project" "$corpus/project/seed-$(printf '%s' "$project" | tr '/ ' '__')"
done
cp Tests/FuzzSeeds/project/* "$corpus/project/"
# The resolve target reads a screen name, a line break and a manifest: each fixture under the name
# of its screen, of one of its views, one letter off, and none; a name of 50,000 characters.
for manifest in Fixtures/*.maplint.yml; do
  base="$(basename "$manifest" .maplint.yml)"
  for name in Screen PostCell PostCel ''; do
    { printf '%s\n' "$name"; cat "$manifest"; } > "$corpus/resolve/seed-$base-${name:-none}"
  done
done
cp Tests/FuzzSeeds/resolve/* "$corpus/resolve/"

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
status=0
for target in FuzzManifest FuzzCondition FuzzFiles FuzzFix FuzzExtract FuzzProject FuzzResolve; do
  case "$target" in
    FuzzCondition) dir="$corpus/condition" ;;
    FuzzFiles) dir="$corpus/files" ;;
    FuzzFix) dir="$corpus/fix" ;;
    FuzzExtract) dir="$corpus/extract" ;;
    FuzzProject) dir="$corpus/project" ;;
    FuzzResolve) dir="$corpus/resolve" ;;
    *) dir="$corpus/manifest" ;;
  esac
  echo "== $target for ${seconds}s"
  # Leak checking is off: LeakSanitizer reports the one-time allocations of Swift's lazily
  # initialised globals at exit, which are not leaks.
  "$bin/$target" "$dir" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 \
    -artifact_prefix=Tests/FuzzCrashes/ -print_final_stats=1 2>&1 | grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY|Done' || status=$?
done
found=$(find Tests/FuzzCrashes -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | head -n 1)
if [ -n "$found" ]; then
  echo "fuzzing found failing inputs in Tests/FuzzCrashes/" >&2
  exit 1
fi
exit 0
