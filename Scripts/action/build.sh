#!/usr/bin/env bash
# The build step of the GitHub Action (action.yml): when the install step found no release to
# take (MAPLINT_NEEDS_BUILD=true), builds maplint from the action's own sources once and puts it
# on the PATH. The executable lands in MAPLINT_BUILD_DIR, the folder the action caches under a key
# of the sources' hash, so later runs with the same sources find it there and build nothing.
#
# Environment: MAPLINT_NEEDS_BUILD, MAPLINT_SOURCE (the action's folder), MAPLINT_BUILD_DIR,
# MAPLINT_BUILD_CONFIGURATION (release unless set; Scripts/action-check.sh uses debug), SWIFT
# (default swift); GITHUB_PATH and GITHUB_OUTPUT as GitHub sets them.
set -euo pipefail

[ "${MAPLINT_NEEDS_BUILD:-}" = true ] || exit 0
command -v "${SWIFT:-swift}" > /dev/null || {
  echo "::error title=maplint::building maplint needs the Swift 6 toolchain on the runner (macOS runners have it; on Linux use a swift image or swift-actions/setup-swift)"
  exit 1
}
configuration="${MAPLINT_BUILD_CONFIGURATION:-release}"
mkdir -p "$MAPLINT_BUILD_DIR"
if [ -x "$MAPLINT_BUILD_DIR/maplint" ]; then
  echo "maplint: built before, from the cache"
else
  flags=(-c "$configuration" --package-path "$MAPLINT_SOURCE")
  if [ "$configuration" = release ] && [ "$(uname -s)" = Linux ]; then flags+=(--static-swift-stdlib); fi
  "${SWIFT:-swift}" build "${flags[@]}" --product maplint
  install -m 0755 "$("${SWIFT:-swift}" build "${flags[@]}" --show-bin-path)/maplint" "$MAPLINT_BUILD_DIR/maplint"
fi
"$MAPLINT_BUILD_DIR/maplint" --version
echo "$MAPLINT_BUILD_DIR" >> "$GITHUB_PATH"
echo "path=$MAPLINT_BUILD_DIR/maplint" >> "$GITHUB_OUTPUT"
