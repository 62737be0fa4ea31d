#!/usr/bin/env bash
# Checks maplint's SwiftPM plugins on a copy of Examples/PluginSample, in a temporary folder:
# the build-tool plugin (findings as build diagnostics, errors fail the build, nothing added to the
# target, no rerun when nothing changed) and the command plugin (`swift package maplint …`, exit
# status, writing a baseline and fixing with --allow-writing-to-package-directory).
#
#   Scripts/plugin-check.sh [PLUGIN_PACKAGE]
#
# PLUGIN_PACKAGE is the package that provides the plugins: this repository by default (maplint is
# built from source), or one written by Scripts/plugin-package.sh (the artifact bundle's maplint).
# The first build is timed (from scratch unless PLUGIN_CHECK_DIR reuses a build).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
plugins="$(cd "${1:-$root}" && pwd)"
SWIFT="${SWIFT:-swift}"

# PLUGIN_CHECK_DIR=DIR works in DIR and keeps it, with the sample's build folder, for quick reruns.
if [ -n "${PLUGIN_CHECK_DIR:-}" ]; then
  mkdir -p "$PLUGIN_CHECK_DIR"
  work="$(cd "$PLUGIN_CHECK_DIR" && pwd -P)"
else
  work="$(mktemp -d)"
  work="$(cd "$work" && pwd -P)"
  trap 'rm -rf "$work"' EXIT
fi
sample="$work/sample"
mkdir -p "$sample"
rm -rf "$sample/Sources" "$sample/maplint-baseline.json"
cp -R "$root/Examples/PluginSample/Sources" "$sample/Sources"
sed "s|path: \"../..\"|path: \"$plugins\"|" "$root/Examples/PluginSample/Package.swift" > "$sample/Package.swift"
grep -q "path: \"$plugins\"" "$sample/Package.swift" || { echo "plugin-check: cannot point the sample at $plugins" >&2; exit 1; }
cd "$sample"

step=0
fail() {
  echo "plugin-check: FAIL ($step): $*" >&2
  echo "--- output of: $command" >&2
  cat "$log" >&2
  exit 1
}
# run EXPECTED_STATUS COMMAND...: runs it, keeps its output (stdout and stderr) in $log.
run() {
  local expected="$1"; shift
  step=$((step + 1))
  command="$*"
  log="$work/step-$step.log"
  local status=0
  "$@" > "$log" 2>&1 || status=$?
  # SwiftPM itself has been seen to crash (SIGSEGV in swift-build while it plans the build), a
  # fault of the toolchain, not of what is checked: a command killed by a signal runs once more.
  if [ "$status" -gt 128 ] && [ "$status" -lt 160 ]; then
    echo "plugin-check: ($step) $command was killed by signal $((status - 128)); running it once more" >&2
    status=0
    "$@" > "$log" 2>&1 || status=$?
  fi
  case "$expected" in
    0) [ "$status" = 0 ] || fail "exit status $status, expected 0" ;;
    nonzero) [ "$status" != 0 ] || fail "exit status 0, expected a failure" ;;
  esac
  echo "plugin-check: ok ($step) $command"
}
has() { grep -Eq -- "$1" "$log" || fail "no line matching: $1"; }
lacks() { ! grep -Eq -- "$1" "$log" || fail "unexpected line matching: $1"; }

feed="$sample/Sources/Feed/FeedViewController.swift"
# The diagnostics of the sample, as maplint's text format prints them (absolute paths from the build).
collision="^$feed:14:13: error: 'FeedCell' names two views: AdCell \(entry 1\) shows .*\[reuse-identifier-collision\]$"
duplicate="^$feed:11:21: warning: didSelect is attached twice to PostCell .*\[duplicate-event\]$"

# 1. The build-tool plugin, from scratch: the collision is an error and fails the build.
TIMEFORMAT="plugin-check: first build: %0R s elapsed, %0U s user + %0S s system CPU"
time run nonzero "$SWIFT" build
has "$collision"
has "$duplicate"
has "^$feed:8:9: note: PostCell \(entry 0, FeedViewController.swift:8\) also uses 'FeedCell'"
# The command's output is a Swift file with only a comment: no resources, no resource bundle.
if find .build -name '*Feed.resources' -o -name '*Feed.bundle' | grep -q .; then fail "a resource bundle was made for Feed"; fi

# 2. Fixed: the build passes and still shows the warning; `Formatting`, a target without DT code,
#    is linted too and passes (nothing to check).
sed '14s/"FeedCell"/"AdCell"/' "$feed" > "$work/fixed.swift"
cp "$feed" "$work/collision.swift"
cp "$work/fixed.swift" "$feed"
run 0 "$SWIFT" build
has "$duplicate"
lacks "error:"
formatting="$(find .build/plugins/outputs -path '*Formatting*' -name MaplintLinted.swift | head -n 1)"
[ -n "$formatting" ] && grep -q "^// maplint linted this target (status 0)" "$formatting" \
  || fail "the target without DT code was not linted, or did not pass"
generated="$(find .build/plugins/outputs -path '*Feed*' -name MaplintLinted.swift | head -n 1)"
[ -n "$generated" ] && grep -q "^// maplint linted this target (status 0)" "$generated" || fail "no MaplintLinted.swift"

# 3. Nothing changed: the build does not lint again.
run 0 "$SWIFT" build
lacks "duplicate-event"

# 4. The command plugin, with its default (the package checked as `maplint` at its root: each
#    target with the package's deployment target) and with arguments.
run 0 "$SWIFT" package maplint
has "^$sample/Sources/Feed/FeedViewController.swift:11:21: warning: .*\[duplicate-event\]$"
has "^maplint: Feed \($sample/Package.swift\): "
run 0 "$SWIFT" package plugin maplint lint --swift Sources/Feed
has "^Sources/Feed/FeedViewController.swift:11:21: warning: .*\[duplicate-event\]$"
run 0 "$SWIFT" package maplint --target Feed
has "duplicate-event"
run 0 "$SWIFT" package maplint rules reuse-identifier-collision
has "reuse-identifier-collision"

# 5. Findings fail the command, with maplint's status in the message.
cp "$work/collision.swift" "$feed"
run nonzero "$SWIFT" package maplint lint --swift Sources/Feed
has "^Sources/Feed/FeedViewController.swift:14:13: error: .*\[reuse-identifier-collision\]$"
has "maplint exited with status 1"
run nonzero "$SWIFT" package maplint lint --swift Sources/Feed --no-such-option
has "maplint exited with status 64"

# 6. Writing into the package: a baseline, then a lint that passes with it.
run nonzero "$SWIFT" package --allow-writing-to-package-directory maplint lint --swift Sources/Feed \
  --write-baseline maplint-baseline.json
[ -f maplint-baseline.json ] || fail "no maplint-baseline.json"
run 0 "$SWIFT" package maplint lint --swift Sources/Feed --baseline maplint-baseline.json
lacks "error:"

# 7. --fix through the plugin: the collision is fixed in the file, and the build passes again.
run 0 "$SWIFT" package --allow-writing-to-package-directory maplint lint --swift Sources/Feed --fix
grep -q 'mapping.reuseIdentifier = "ad-cell"' "$feed" || fail "--fix did not give AdCell its own reuse identifier"
run 0 "$SWIFT" build
has "$duplicate"
lacks "error:"

echo "plugin-check: all checks passed ($plugins)"
