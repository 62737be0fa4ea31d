#!/usr/bin/env bash
# Packs one maplint executable as a release asset, the file the GitHub Action (action.yml,
# Scripts/action/install.sh) downloads:
#   maplint-VERSION-OS-ARCH.tar.gz          maplint and LICENSE; OS linux or macos, ARCH x86_64 or arm64
#   maplint-VERSION-OS-ARCH.tar.gz.sha256   its SHA-256, as `sha256sum` prints it
# Usage: release-asset.sh EXECUTABLE OUTPUT_DIR [OS ARCH]   (OS and ARCH default to this machine's)
# VERSION is the one the executable reports (`maplint --version`).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -ge 2 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
executable="$1"
out="$2"
os="${3:-$(uname -s)}"
arch="${4:-$(uname -m)}"
case "$os" in
  Linux | linux) os=linux ;;
  Darwin | macos) os=macos ;;
  *) echo "release-asset: unsupported system '$os'" >&2; exit 2 ;;
esac
case "$arch" in
  x86_64 | amd64) arch=x86_64 ;;
  arm64 | aarch64) arch=arm64 ;;
  *) echo "release-asset: unsupported architecture '$arch'" >&2; exit 2 ;;
esac
version="$("$executable" --version)"
name="maplint-$version-$os-$arch.tar.gz"
mkdir -p "$out"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
install -m 0755 "$executable" "$stage/maplint"
cp "$root/LICENSE" "$stage/LICENSE"
# Owner and group fixed (and with GNU tar the times), so one executable gives one archive.
if tar --version 2> /dev/null | grep -q GNU; then
  owner=(--owner=0 --group=0 --numeric-owner --mtime='2026-01-01 00:00Z')
else
  owner=(--uid 0 --gid 0)
fi
tar -C "$stage" "${owner[@]}" -cf - maplint LICENSE | gzip -n > "$out/$name"
if command -v sha256sum > /dev/null; then
  (cd "$out" && sha256sum "$name" > "$name.sha256")
else
  (cd "$out" && shasum -a 256 "$name" > "$name.sha256")
fi
echo "$out/$name"
