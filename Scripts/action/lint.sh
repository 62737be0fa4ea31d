#!/usr/bin/env bash
# The lint step of the GitHub Action (action.yml): `maplint lint --format github` (findings as
# annotations on the changed lines, in the job's log), then the same run as SARIF into
# MAPLINT_SARIF_FILE for code scanning. The step's status is maplint's: 0 no error, 1 errors (or
# warnings with --strict), 2 an input could not be read, 64 bad arguments; with
# MAPLINT_FAIL_ON_FINDINGS=false, status 1 becomes 0 (the findings are still annotated and uploaded).
#
# Environment: MAPLINT (the executable; default maplint on the PATH), MAPLINT_PATHS (paths,
# separated by spaces or new lines; empty: the current folder, the app or its manifests),
# MAPLINT_ARGUMENTS (more lint options, separated by spaces), MAPLINT_SARIF_FILE (empty: no SARIF),
# MAPLINT_FAIL_ON_FINDINGS; GITHUB_OUTPUT as GitHub sets it.
set -o pipefail

maplint="${MAPLINT:-maplint}"
read -r -d '' -a paths <<< "${MAPLINT_PATHS:-}" || true
read -r -d '' -a arguments <<< "${MAPLINT_ARGUMENTS:-}" || true

"$maplint" lint --format github "${arguments[@]}" "${paths[@]}"
status=$?

sarif="${MAPLINT_SARIF_FILE:-}"
if [ -n "$sarif" ]; then
  "$maplint" lint --format sarif --output "$sarif" "${arguments[@]}" "${paths[@]}" > /dev/null 2>&1
  if [ -f "$sarif" ]; then
    echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"
  else
    echo "::warning title=maplint::no SARIF file was written (status $status); nothing to upload"
  fi
fi
echo "status=$status" >> "$GITHUB_OUTPUT"
if [ "$status" -eq 1 ] && [ "${MAPLINT_FAIL_ON_FINDINGS:-true}" = false ]; then exit 0; fi
exit "$status"
