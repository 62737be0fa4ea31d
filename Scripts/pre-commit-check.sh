#!/usr/bin/env bash
# Checks .pre-commit-hooks.yaml with pre-commit (https://pre-commit.com, `pip install pre-commit`):
# the file is valid, and the -system hooks, run by `pre-commit try-repo` in a throwaway git
# repository, fail on a colliding manifest and on the colliding Swift sample and pass on a clean
# manifest. They use the maplint on the PATH; MAPLINT_BIN=DIR puts DIR first (default: the debug
# build, .build/debug, when it exists). The `language: swift` hooks are not run (a release build).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
PRE_COMMIT="${PRE_COMMIT:-pre-commit}"
command -v "$PRE_COMMIT" > /dev/null || { echo "pre-commit-check: no pre-commit (pip install pre-commit)" >&2; exit 1; }
bin="${MAPLINT_BIN:-$root/.build/debug}"
[ -x "$bin/maplint" ] && export PATH="$bin:$PATH"
command -v maplint > /dev/null || { echo "pre-commit-check: no maplint on the PATH (make build)" >&2; exit 1; }

"$PRE_COMMIT" validate-manifest "$root/.pre-commit-hooks.yaml"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
git init -q .
cp "$root/Fixtures/table-reuse-collision.maplint.yml" "$root/Fixtures/table-reuse-collision-fixed.maplint.yml" .
cp -R "$root/Examples/PluginSample/Sources" Sources
git add .

# try HOOK FILES_ARGS... EXPECTED_STATUS EXPECTED_TEXT
try() {
  local hook="$1" expected="$2" text="$3"; shift 3
  local status=0
  "$PRE_COMMIT" try-repo "$root" "$hook" "$@" > "$work/out.log" 2>&1 || status=$?
  if [ "$status" != "$expected" ] || ! grep -q -- "$text" "$work/out.log"; then
    echo "pre-commit-check: FAIL: $hook $*: status $status (expected $expected), or no '$text'" >&2
    cat "$work/out.log" >&2
    exit 1
  fi
  echo "pre-commit-check: ok: $hook $* (status $status)"
}
try maplint-system 1 "error: .*\[reuse-identifier-collision\]" --files table-reuse-collision.maplint.yml
try maplint-system 0 "Passed" --files table-reuse-collision-fixed.maplint.yml
try maplint-swift-system 1 "FeedViewController.swift:14:13: error: .*\[reuse-identifier-collision\]" --all-files
# The configuration file is not a manifest: the manifest hooks leave it alone.
printf 'disabled_rules:\n  - nil-model\n' > .maplint.yml
mkdir -p App && cp .maplint.yml App/.maplint.yml
git add .maplint.yml App/.maplint.yml
try maplint-system 0 "Skipped" --files .maplint.yml App/.maplint.yml
echo "pre-commit-check: all checks passed"
