#!/usr/bin/env bash
# Checks an artifact bundle written by Scripts/artifactbundle.sh, then uses it: a package written by
# Scripts/plugin-package.sh declares it with `.binaryTarget(path:)`, and Scripts/plugin-check.sh
# builds the sample package with those plugins (no maplint or swift-syntax build).
#
#   Scripts/artifactbundle-check.sh [maplint.artifactbundle.zip]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
SWIFT="${SWIFT:-swift}"
zip="${1:-$root/maplint.artifactbundle.zip}"
zip="$(cd "$(dirname "$zip")" && pwd)/$(basename "$zip")"
fail() { echo "artifactbundle-check: FAIL: $*" >&2; exit 1; }
[ -f "$zip" ] || fail "no bundle at $zip (make artifactbundle)"
command -v unzip > /dev/null || fail "needs unzip (apt-get install unzip)"

work="$(mktemp -d)"
work="$(cd "$work" && pwd -P)"
if [ "${KEEP_WORK:-0}" = 1 ]; then echo "artifactbundle-check: working in $work"; else trap 'rm -rf "$work"' EXIT; fi

# The layout SwiftPM expects: NAME.artifactbundle/info.json at the top of the archive.
(cd "$work" && unzip -q "$zip")
info="$work/maplint.artifactbundle/info.json"
[ -f "$info" ] || fail "no maplint.artifactbundle/info.json in the archive"
grep -q '"schemaVersion": "1.0"' "$info" || fail "info.json: schemaVersion is not 1.0"
grep -q '"type": "executable"' "$info" || fail "info.json: maplint is not an executable artifact"
triple="$("$SWIFT" -print-target-info | sed -n 's/.*"unversionedTriple" *: *"\([^"]*\)".*/\1/p' | head -n 1)"
grep -q "\"supportedTriples\": \[\"$triple\"\]" "$info" || fail "info.json: no variant for $triple"
path="$(sed -n 's/.*"path": "\([^"]*\)".*/\1/p' "$info")"
exe="$work/maplint.artifactbundle/$path"
[ -x "$exe" ] || fail "info.json names $path, which is not an executable in the bundle"
version="$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$root/Sources/MaplintFindings/Version.swift")"
[ "$("$exe" --version)" = "$version" ] || fail "the bundle's maplint is not version $version"
grep -q "\"version\": \"$version\"" "$info" || fail "info.json: the version is not $version"
[ "$(ls "$(dirname "$exe")")" = maplint ] || fail "the bundle's bin folder holds more than maplint"
if [ "$(uname -s)" = Linux ] && command -v ldd > /dev/null; then
  ! ldd "$exe" | grep -q 'libswift' || fail "maplint needs the Swift runtime's shared libraries"
fi
"$exe" lint "$root/Fixtures/feed.maplint.yml" > /dev/null
# Swift sources: a finding (status 1) is the expected outcome.
status=0
"$exe" lint --swift "$root/Fixtures/swift/FeedApp" > /dev/null || status=$?
[ "$status" = 1 ] || fail "lint --swift with the bundle's maplint exited with $status, not 1"
if [ -f "$zip.sha256" ]; then
  [ "$(cat "$zip.sha256")" = "$("$SWIFT" package compute-checksum "$zip")" ] || fail "$zip.sha256 does not match"
fi
echo "artifactbundle-check: ok: layout, info.json, maplint $version for $triple"

# The plugins on the bundle, then the same checks as with the plugins built from source.
"$root/Scripts/plugin-package.sh" "$work/maplint" --path "$zip" > /dev/null
"$root/Scripts/plugin-check.sh" "$work/maplint"
