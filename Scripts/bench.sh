#!/usr/bin/env bash
# Builds maplint, the floor and the runner in release mode, writes the synthetic manifests to
# .build-bench/manifests and prints the timing report (also saved in .build-bench/results.md and,
# for release builds, in Benchmarks/results/<date>-<commit>.md).
# Arguments go to the runner: --smoke for the smallest sizes only, --runs N, --timeout S.
# BENCH_CONFIG=debug reuses the debug build (for a quick check that the harness works; its
# timings mean nothing). Release builds take RELEASE_FLAGS (from the Makefile: on Linux
# --static-swift-stdlib, as `make release` and the artifact bundle are built).
set -euo pipefail
cd "$(dirname "$0")/.."

config="${BENCH_CONFIG:-release}"
flags=(-c "$config")
if [ "$config" = release ]; then
  if [ -z "${RELEASE_FLAGS+set}" ] && [ "$(uname -s)" = Linux ]; then RELEASE_FLAGS=--static-swift-stdlib; fi
  # shellcheck disable=SC2206 # RELEASE_FLAGS is a list of flags, split on spaces
  flags+=(${RELEASE_FLAGS:-})
fi
for product in maplint maplint-bench-floor maplint-bench-parse maplint-bench; do
  swift build "${flags[@]}" --product "$product"
done
bin="$(swift build "${flags[@]}" --show-bin-path)"
[ "$config" = release ] || echo "note: $config build; these timings are not representative" >&2

mkdir -p .build-bench
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$commit-modified"; fi
# Release results are kept in Benchmarks/results (machine, date and commit in each file).
results=()
[ "$config" = release ] && results=(--results Benchmarks/results)
"$bin/maplint-bench" --bin "$bin" --out .build-bench/manifests --configuration "$config" --commit "$commit" \
  "${results[@]}" "$@" | tee .build-bench/results.md
