#!/usr/bin/env bash
# `make action-check`: runs the GitHub Action's steps (action.yml) here, through
# Scripts/action-check.py, with the maplint built from this checkout standing in for a release:
# Scripts/release-asset.sh packs it as the release asset, in a folder reached by file:// that
# stands in for github.com/maplint/maplint/releases/download. No network is used. Scenarios: a
# release downloaded and checked, findings as annotations and SARIF, the version from the action's
# ref, a damaged archive, a pinned sha256 that differs, a version without a release (built from
# source, or refused with build-from-source: never), a build found in the cache,
# fail-on-findings: false, a committed maplint.sarif link to forged results, a SARIF maplint
# cannot write, inputs holding line breaks, a pull request from a fork and upload-sarif: false;
# then the release workflow's shape, and the merge of two artifact bundles.
# Needs python3 with PyYAML (Debian: python3-yaml), zip and unzip.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

python3 -c 'import yaml' 2> /dev/null || {
  echo "action-check: needs PyYAML (apt-get install python3-yaml, or pip install pyyaml)" >&2
  exit 2
}
SWIFT="${SWIFT:-swift}"
if [ -z "${MAPLINT:-}" ]; then
  "$SWIFT" build --product maplint
  MAPLINT="$("$SWIFT" build --show-bin-path)/maplint"
fi
version="$("$MAPLINT" --version)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
releases="$work/releases"
"$root/Scripts/release-asset.sh" "$MAPLINT" "$releases/$version" > /dev/null
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) runner=(--runner os=Linux --runner arch=X64) ;;
  Linux-aarch64) runner=(--runner os=Linux --runner arch=ARM64) ;;
  Darwin-x86_64) runner=(--runner os=macOS --runner arch=X64) ;;
  Darwin-arm64) runner=(--runner os=macOS --runner arch=ARM64) ;;
  *) echo "action-check: no GitHub runner like $(uname -sm)" >&2; exit 2 ;;
esac

# A workspace: the repository's fixtures, as a user's checkout would hold them.
workspace="$work/workspace"
mkdir -p "$workspace/App"
cp Fixtures/table-reuse-collision.maplint.yml Fixtures/table-reuse-collision-fixed.maplint.yml "$workspace/App/"

failures=0
scenario=0
# run NAME EXPECTED_STATUS [action-check.py options...]: runs the action; its log is in $log.
run() {
  local name="$1" expected="$2"
  shift 2
  scenario=$((scenario + 1))
  log="$work/scenario-$scenario.log"
  rm -rf "$workspace/maplint.sarif" "$work/temp"
  mkdir -p "$work/temp"
  # What the repository holds before the action runs (a scenario's PREPARE).
  eval "${PREPARE:-true}"
  python3 Scripts/action-check.py action.yml --workspace "$workspace" \
    --github "action_path=$root" --github action_repository=maplint/maplint --github action_ref= \
    --runner "temp=$work/temp" "${runner[@]}" \
    --env "MAPLINT_DOWNLOAD_BASE=file://$releases" --env MAPLINT_BUILD_CONFIGURATION=debug --env "SWIFT=$SWIFT" \
    "$@" > "$log" 2>&1 || true
  local status
  status="$(sed -n 's/^result: //p' "$log")"
  if [ "$status" = "$expected" ]; then
    echo "ok   $name"
  else
    echo "FAIL $name: status ${status:-none}, expected $expected" >&2
    sed 's/^/     | /' "$log" >&2
    failures=$((failures + 1))
  fi
}
# expect NAME TEXT: the last scenario's log holds TEXT.
expect() {
  if ! grep -qF -- "$2" "$log"; then
    echo "FAIL $1: the log has no '$2'" >&2
    sed 's/^/     | /' "$log" >&2
    failures=$((failures + 1))
  fi
}
# expect_no NAME PATTERN: no line of the last scenario's log matches PATTERN (grep -E).
expect_no() {
  if grep -qE -- "$2" "$log"; then
    echo "FAIL $1: the log has a line matching '$2'" >&2
    sed 's/^/     | /' "$log" >&2
    failures=$((failures + 1))
  fi
}
# outcome STEP OUTCOME: a step's outcome in the last scenario.
outcome() {
  local found
  found="$(tail -n 1 "$log" | python3 -c '
import json, sys
try:
    steps = json.load(sys.stdin)["steps"]
except ValueError:
    steps = []
print(next((step["outcome"] for step in steps if step["id"] == sys.argv[1]), "absent"))' "$1")"
  if [ "$found" != "$2" ]; then
    echo "FAIL scenario $scenario: step $1 is $found, expected $2" >&2
    failures=$((failures + 1))
  fi
}

run "a release is downloaded, checked and run: annotations and SARIF" 1 --input "version=$version" --input paths=App
expect "the release" "maplint: $version for "
expect "annotations" "::error file=App/table-reuse-collision.maplint.yml,line="
expect "the upload" "would upload maplint.sarif (SARIF 2.1.0, category maplint)"
outcome build success
outcome step4 success
outcome lint failure
tail -n 1 "$log" | grep -qF '"status": "1"' || { echo "FAIL the action's status output is not 1" >&2; failures=$((failures + 1)); }

run "no findings, no failure; the version comes from the action's ref" 0 \
  --github "action_ref=$version" --input paths=App/table-reuse-collision-fixed.maplint.yml
expect "the release from the ref" "maplint: $version for "
outcome cache skipped

mkdir -p "$work/damaged/$version"
cp "$releases/$version"/* "$work/damaged/$version/"
printf 'x' >> "$work/damaged/$version/"*.tar.gz
run "an archive that does not match its checksum is refused" 1 --input "version=$version" --input paths=App \
  --env "MAPLINT_DOWNLOAD_BASE=file://$work/damaged"
expect "the damaged archive" "but the release's checksum file says"
outcome lint skipped

run "a pinned sha256 that differs is refused" 1 --input "version=$version" --input sha256=0000 --input paths=App
expect "the pinned checksum" "not the 0000 the sha256 input expects"

run "a version without a release is built from source" 1 --input version=9.9.9 --input paths=App
expect "the fallback" "no release asset maplint-9.9.9-"
expect "the build" "--- Build maplint: success"
expect "the annotations of the built maplint" "::error file=App/table-reuse-collision.maplint.yml,line="
outcome cache success

run "a version without a release, build-from-source: never" 1 --input version=9.9.9 --input build-from-source=never
expect "the refusal" "and build-from-source is 'never'"

run "at a branch, the cached build is used" 0 --github action_ref=main --cache-hit "$MAPLINT" \
  --input paths=App/table-reuse-collision-fixed.maplint.yml
expect "no version" "no version given (the action's ref 'main' is not one)"
expect "the cache" "maplint: built before, from the cache"

run "fail-on-findings: false passes with findings, still uploading them" 0 --input "version=$version" \
  --input paths=App --input fail-on-findings=false
expect "the upload" "would upload"

run "no SARIF when sarif-file is empty" 1 --input "version=$version" --input paths=App --input sarif-file=
outcome "step4" skipped

# A pull request that commits maplint.sarif as a link to forged results: the link is removed and
# the file uploaded is the one maplint wrote.
printf '{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "maplint"}}, "results": [{"ruleId": "forged"}]}]}\n' \
  > "$work/forged.sarif"
PREPARE='ln -s "$work/forged.sarif" "$workspace/maplint.sarif"' \
  run "a committed maplint.sarif link is removed, and the SARIF uploaded is maplint's" 1 --input "version=$version" \
  --input paths=App
expect "the link removed" "maplint: removing the link maplint.sarif found in the repository"
expect "the upload" "would upload maplint.sarif (SARIF 2.1.0, category maplint)"
outcome step4 success
if [ -L "$workspace/maplint.sarif" ] || grep -q forged "$workspace/maplint.sarif" || ! grep -q forged "$work/forged.sarif"; then
  echo "FAIL the SARIF in the workspace is not the one maplint wrote" >&2
  failures=$((failures + 1))
fi

run "a SARIF file maplint cannot write fails the step, and nothing is uploaded" 2 --input "version=$version" \
  --input paths=App --input sarif-file=App/table-reuse-collision.maplint.yml/maplint.sarif
expect "the failure" "::error title=maplint::the SARIF file App/table-reuse-collision.maplint.yml/maplint.sarif was not written (maplint: cannot write"
outcome lint failure
outcome step4 skipped

run "a version input with a line break cannot start a workflow command" 1 \
  --input "version=9.9.9"$'\n'"::error::forged" --input build-from-source=never
expect "the version on one line" "::error title=maplint::version '9.9.9::error::forged' is not a version such as 0.1.0"
expect_no "no forged command" '^::error::forged'
run "a build-from-source input with a line break cannot start a workflow command" 1 \
  --input "build-from-source=never"$'\r\n'"::error::forged"
expect "the mode on one line" "::error title=maplint::build-from-source is 'never::error::forged'"
expect_no "no forged command" '^::error::forged'

run "a pull request from a fork is not uploaded, and the log says why" 1 --input "version=$version" --input paths=App \
  --github event.pull_request.head.repo.fork=true
expect "the reason" "maplint: maplint.sarif is not uploaded to code scanning: this pull request comes from a fork"
outcome step4 skipped

run "upload-sarif: false uploads nothing, and the log says why" 1 --input "version=$version" --input paths=App \
  --input upload-sarif=false
expect "the reason" "maplint: maplint.sarif is not uploaded to code scanning: the upload-sarif input is not 'true'"
outcome step4 skipped

# The release workflow makes the assets the install step downloads, with the same script, and
# merges the platforms' artifact bundles into one.
python3 - <<'PYTHON' || failures=$((failures + 1))
import sys
import yaml

workflow = yaml.safe_load(open(".github/workflows/release.yml"))
text = open(".github/workflows/release.yml").read()
problems = [f"release.yml does not use {name}" for name in ("Scripts/release-asset.sh", "Scripts/artifactbundle-merge.py", "make artifactbundle") if name not in text]
names = {entry["name"] for entry in workflow["jobs"]["build"]["strategy"]["matrix"]["include"]}
if not {"linux-x86_64", "linux-arm64", "macos-arm64"} <= names:
    problems.append(f"release.yml builds {sorted(names)}")
for problem in problems:
    print("FAIL " + problem, file=sys.stderr)
sys.exit(1 if problems else 0)
PYTHON
scenario=$((scenario + 1))
bundles="$work/bundles"
for triple in x86_64-unknown-linux-gnu arm64-apple-macosx; do
  variant="$bundles/$triple/maplint.artifactbundle/maplint-$version-$triple/bin"
  mkdir -p "$variant"
  cp "$MAPLINT" "$variant/maplint"
  printf '{"schemaVersion": "1.0", "artifacts": {"maplint": {"version": "%s", "type": "executable", "variants": [{"path": "maplint-%s-%s/bin/maplint", "supportedTriples": ["%s"]}]}}}\n' \
    "$version" "$version" "$triple" "$triple" > "$bundles/$triple/maplint.artifactbundle/info.json"
  (cd "$bundles/$triple" && zip -q -r bundle.zip maplint.artifactbundle)
done
if python3 Scripts/artifactbundle-merge.py "$bundles/merged.zip" "$bundles"/*/bundle.zip > /dev/null \
  && unzip -q "$bundles/merged.zip" -d "$bundles/merged" \
  && [ "$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["artifacts"]["maplint"]["variants"]))' "$bundles/merged/maplint.artifactbundle/info.json")" = 2 ] \
  && [ "$("$bundles/merged/maplint.artifactbundle/maplint-$version-arm64-apple-macosx/bin/maplint" --version)" = "$version" ]; then
  echo "ok   the release's artifact bundles merge into one with both variants, executables kept"
else
  echo "FAIL the artifact bundles do not merge" >&2
  failures=$((failures + 1))
fi

if [ "$failures" -gt 0 ]; then
  echo "action-check: $failures failed" >&2
  exit 1
fi
echo "action-check: the action's steps work ($scenario scenarios)"
