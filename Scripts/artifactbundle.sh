#!/usr/bin/env bash
# Builds maplint in release mode and packs it as a SwiftPM binary artifact:
#   maplint.artifactbundle.zip          maplint.artifactbundle/info.json (schemaVersion 1.0) and
#                                       maplint-VERSION-TRIPLE/bin/maplint, for this machine's triple
#   maplint.artifactbundle.zip.sha256   its checksum, from `swift package compute-checksum`
# On Linux the Swift runtime and Foundation are linked statically, so the executable runs without a
# Swift toolchain (it needs libxml2, as Foundation's XML parser does).
# OUTPUT_DIR (default: the top of the repository) is where both files go.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
SWIFT="${SWIFT:-swift}"
out="${OUTPUT_DIR:-$root}"
command -v zip > /dev/null || { echo "artifactbundle: needs zip (apt-get install zip)" >&2; exit 1; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"

version="$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/MaplintFindings/Version.swift)"
[ -n "$version" ] || { echo "artifactbundle: cannot read the version from Version.swift" >&2; exit 1; }
# The triple SwiftPM matches against `supportedTriples`, without an OS version (x86_64-unknown-linux-gnu).
triple="$("$SWIFT" -print-target-info | sed -n 's/.*"unversionedTriple" *: *"\([^"]*\)".*/\1/p' | head -n 1)"
[ -n "$triple" ] || { echo "artifactbundle: cannot read the target triple from swift -print-target-info" >&2; exit 1; }

flags=(-c release)
case "$(uname -s)" in
  Linux) flags+=(--static-swift-stdlib) ;;
esac
"$SWIFT" build "${flags[@]}" --product maplint
bin="$("$SWIFT" build "${flags[@]}" --show-bin-path)"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
bundle="$stage/maplint.artifactbundle"
variant="maplint-$version-$triple"
mkdir -p "$bundle/$variant/bin"
install -m 0755 "$bin/maplint" "$bundle/$variant/bin/maplint"
# Without its symbol table (about half the size); crash reports lose function names.
if command -v strip > /dev/null; then strip "$bundle/$variant/bin/maplint"; fi
cp LICENSE "$bundle/LICENSE"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "maplint": {
      "version": "$version",
      "type": "executable",
      "variants": [
        {
          "path": "$variant/bin/maplint",
          "supportedTriples": ["$triple"]
        }
      ]
    }
  }
}
JSON
"$bundle/$variant/bin/maplint" --version > /dev/null

rm -f "$out/maplint.artifactbundle.zip"
(cd "$stage" && zip -q -r -X "$out/maplint.artifactbundle.zip" maplint.artifactbundle)
checksum="$("$SWIFT" package compute-checksum "$out/maplint.artifactbundle.zip")"
echo "$checksum" > "$out/maplint.artifactbundle.zip.sha256"
echo "$out/maplint.artifactbundle.zip ($triple, maplint $version)"
echo "checksum: $checksum"
