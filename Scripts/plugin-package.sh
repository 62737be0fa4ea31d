#!/usr/bin/env bash
# Writes a package that offers maplint's two plugins (MaplintCommandPlugin, MaplintBuildToolPlugin)
# on top of the prebuilt executable of an artifact bundle, so that using them does not build
# maplint or swift-syntax. Publish the result as its own repository (with --url and --checksum),
# or use it by path (with --path).
#
#   Scripts/plugin-package.sh OUTPUT_DIR --path maplint.artifactbundle.zip
#   Scripts/plugin-package.sh OUTPUT_DIR --url https://…/maplint.artifactbundle.zip --checksum SHA256
#
# With --path the bundle is copied into OUTPUT_DIR. The plugin sources are copied from Plugins/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

usage() { echo "usage: $0 OUTPUT_DIR (--path BUNDLE.zip | --url URL --checksum SHA256)" >&2; exit 64; }
[ $# -ge 3 ] || usage
out="$1"; shift
path="" url="" checksum=""
while [ $# -gt 0 ]; do
  case "$1" in
    --path) [ $# -ge 2 ] || usage; path="$2"; shift 2 ;;
    --url) [ $# -ge 2 ] || usage; url="$2"; shift 2 ;;
    --checksum) [ $# -ge 2 ] || usage; checksum="$2"; shift 2 ;;
    *) usage ;;
  esac
done
if [ -n "$path" ]; then
  [ -z "$url$checksum" ] || usage
  [ -f "$path" ] || { echo "plugin-package: no bundle at $path" >&2; exit 1; }
  binary=".binaryTarget(name: \"maplint\", path: \"maplint.artifactbundle.zip\")"
else
  [ -n "$url" ] && [ -n "$checksum" ] || usage
  binary=".binaryTarget(name: \"maplint\", url: \"$url\", checksum: \"$checksum\")"
fi

if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "plugin-package: $out exists and is not empty" >&2
  exit 1
fi
mkdir -p "$out/Plugins"
cp -R "$root/Plugins/MaplintCommandPlugin" "$root/Plugins/MaplintBuildToolPlugin" "$out/Plugins/"
[ -z "$path" ] || cp "$path" "$out/maplint.artifactbundle.zip"
cp "$root/LICENSE" "$out/LICENSE"
cat > "$out/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

// maplint's plugins on the prebuilt maplint of an artifact bundle (written by Scripts/plugin-package.sh).
let package = Package(
    name: "maplint",
    products: [
        .plugin(name: "MaplintCommandPlugin", targets: ["MaplintCommandPlugin"]),
        .plugin(name: "MaplintBuildToolPlugin", targets: ["MaplintBuildToolPlugin"]),
    ],
    targets: [
        $binary,
        .plugin(
            name: "MaplintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "maplint", description: "Runs maplint (default: lint --swift on every target).")),
            dependencies: ["maplint"]
        ),
        .plugin(name: "MaplintBuildToolPlugin", capability: .buildTool(), dependencies: ["maplint"]),
    ]
)
SWIFT
echo "$out"
