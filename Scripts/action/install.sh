#!/usr/bin/env bash
# The install step of the GitHub Action (action.yml): downloads the released maplint for the
# runner's system from the repository's GitHub releases, checks its SHA-256 and puts it on the
# PATH; or, when there is no release to take (no version, `build-from-source: always`, or no
# asset for this version and system), says that maplint is to be built (outputs build=true and
# source-key, the hash of the sources that names the build's cache).
#
# Environment (the action's inputs): MAPLINT_VERSION (empty: the action's own ref when it is a
# version), MAPLINT_ACTION_REF, MAPLINT_SHA256 (optional: the archive's expected SHA-256),
# MAPLINT_BUILD_FROM_SOURCE (auto, always or never), MAPLINT_REPOSITORY (owner/name),
# MAPLINT_SOURCE (the action's folder); RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_PATH and
# GITHUB_OUTPUT as GitHub sets them. MAPLINT_DOWNLOAD_BASE replaces
# https://github.com/OWNER/NAME/releases/download (Scripts/action-check.sh uses a file:// folder).
set -euo pipefail

# The inputs on one line (CR and LF removed): a value echoed below cannot start a workflow command.
oneline() {
  local text="${1//$'\r'/}"
  printf '%s' "${text//$'\n'/}"
}
MAPLINT_VERSION="$(oneline "${MAPLINT_VERSION:-}")"
MAPLINT_SHA256="$(oneline "${MAPLINT_SHA256:-}")"
MAPLINT_BUILD_FROM_SOURCE="$(oneline "${MAPLINT_BUILD_FROM_SOURCE:-}")"
MAPLINT_ACTION_REF="$(oneline "${MAPLINT_ACTION_REF:-}")"
MAPLINT_REPOSITORY="$(oneline "${MAPLINT_REPOSITORY:-}")"

fail() {
  echo "::error title=maplint::$(oneline "$1")"
  exit 1
}

mode="${MAPLINT_BUILD_FROM_SOURCE:-auto}"
case "$mode" in
  auto | always | never) ;;
  *) fail "build-from-source is '$mode'; use auto, always or never" ;;
esac

version="${MAPLINT_VERSION:-}"
if [ -z "$version" ] && [[ "${MAPLINT_ACTION_REF:-}" =~ ^v?[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]]; then
  version="$MAPLINT_ACTION_REF"
fi
version="${version#v}"

build() {
  [ "$mode" != never ] || fail "$1, and build-from-source is 'never'"
  echo "maplint: $1; building it from source"
  # The sources that make the executable: the build's cache is keyed on them.
  key="$(cd "$MAPLINT_SOURCE" && find Package.swift Package.resolved Sources -type f -print0 2> /dev/null | LC_ALL=C sort -z \
    | xargs -0 cat | { sha256sum 2> /dev/null || shasum -a 256; } | cut -c1-16)"
  {
    echo "build=true"
    echo "source-key=$key"
  } >> "$GITHUB_OUTPUT"
  exit 0
}

[ "$mode" != always ] || build "build-from-source is 'always'"
[ -n "$version" ] || build "no version given (the action's ref '${MAPLINT_ACTION_REF:-}' is not one)"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || fail "version '$version' is not a version such as 0.1.0"

case "${RUNNER_OS:-}" in
  Linux) os=linux ;;
  macOS) os=macos ;;
  *) fail "maplint runs on Linux and macOS runners, not on '${RUNNER_OS:-}'" ;;
esac
case "${RUNNER_ARCH:-}" in
  X64) arch=x86_64 ;;
  ARM64) arch=arm64 ;;
  *) fail "no maplint for the runner's architecture '${RUNNER_ARCH:-}'" ;;
esac

repository="${MAPLINT_REPOSITORY:-maplint/maplint}"
base="${MAPLINT_DOWNLOAD_BASE:-https://github.com/$repository/releases/download}"
asset="maplint-$version-$os-$arch.tar.gz"
folder="$RUNNER_TEMP/maplint-$version"
mkdir -p "$folder/bin"
if ! curl --fail --silent --show-error --location --retry 3 --output "$folder/$asset" "$base/$version/$asset"; then
  build "no release asset $asset at $base/$version"
fi
curl --fail --silent --show-error --location --retry 3 --output "$folder/$asset.sha256" "$base/$version/$asset.sha256" \
  || fail "$asset has no checksum file ($asset.sha256) in release $version"

published="$(cut -d ' ' -f 1 < "$folder/$asset.sha256")"
actual="$(cd "$folder" && { sha256sum "$asset" 2> /dev/null || shasum -a 256 "$asset"; } | cut -d ' ' -f 1)"
[ "$actual" = "$published" ] || fail "$asset has SHA-256 $actual, but the release's checksum file says $published"
if [ -n "${MAPLINT_SHA256:-}" ] && [ "$actual" != "$MAPLINT_SHA256" ]; then
  fail "$asset has SHA-256 $actual, not the $MAPLINT_SHA256 the sha256 input expects"
fi

tar -xzf "$folder/$asset" -C "$folder/bin" maplint
chmod 0755 "$folder/bin/maplint"
reported="$("$folder/bin/maplint" --version)"
[ "$reported" = "$version" ] || fail "the maplint in $asset reports version $reported, not $version"
echo "maplint: $version for $os-$arch, SHA-256 $actual"
echo "$folder/bin" >> "$GITHUB_PATH"
{
  echo "build=false"
  echo "path=$folder/bin/maplint"
  echo "version=$version"
} >> "$GITHUB_OUTPUT"
