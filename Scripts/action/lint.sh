#!/usr/bin/env bash
# The lint step of the GitHub Action (action.yml): `maplint lint --format github` (findings as
# annotations on the changed lines, in the job's log), then the same run as SARIF into
# MAPLINT_SARIF_FILE for code scanning. The step's status is maplint's: 0 no error, 1 errors (or
# warnings with --strict), 2 an input could not be read, 64 bad arguments; with
# MAPLINT_FAIL_ON_FINDINGS=false, status 1 becomes 0 (the findings are still annotated and uploaded).
#
# The repository is the pull request's: a link already at MAPLINT_SARIF_FILE (a committed
# maplint.sarif leading to forged results) is removed first, and the file is handed to the upload
# (output sarif-file) only when it is a regular file, not a link, written after this step began.
# When maplint cannot write it, the step fails (status 2). The upload is asked for (output
# upload=true) unless MAPLINT_UPLOAD_SARIF is false or the pull request comes from a fork
# (MAPLINT_FORK=true: GitHub gives its runs no token to write code scanning results); a log line
# says why it is skipped. Inputs echoed in the log have their line breaks taken out, so none can
# start a workflow command (`::error`).
#
# Environment: MAPLINT (the executable; default maplint on the PATH), MAPLINT_PATHS (paths,
# separated by spaces or new lines; empty: the current folder, the app or its manifests),
# MAPLINT_ARGUMENTS (more lint options, separated by spaces), MAPLINT_SARIF_FILE (empty: no SARIF),
# MAPLINT_FAIL_ON_FINDINGS, MAPLINT_UPLOAD_SARIF, MAPLINT_FORK; RUNNER_TEMP and GITHUB_OUTPUT as
# GitHub sets them.
set -o pipefail

# One line: CR and LF removed.
oneline() {
  local text="${1//$'\r'/}"
  printf '%s' "${text//$'\n'/}"
}

maplint="${MAPLINT:-maplint}"
read -r -d '' -a paths <<< "${MAPLINT_PATHS:-}" || true
read -r -d '' -a arguments <<< "${MAPLINT_ARGUMENTS:-}" || true

"$maplint" lint --format github "${arguments[@]}" "${paths[@]}"
status=$?

sarif="$(oneline "${MAPLINT_SARIF_FILE:-}")"
if [ -n "$sarif" ]; then
  # The moment the step began: the file uploaded must be newer.
  marks="$(mktemp -d "${RUNNER_TEMP:-/tmp}/maplint-lint.XXXXXX")"
  touch "$marks/start"
  sleep 1
  # A link is removed (maplint would refuse to write through it, leaving the link's target to be
  # uploaded); a file already there is replaced by maplint, or found older than the step below.
  if [ -L "$sarif" ]; then
    echo "maplint: removing the link $sarif found in the repository; the SARIF uploaded is the one this run writes"
    rm -f -- "$sarif"
  fi
  "$maplint" lint --format sarif --output "$sarif" "${arguments[@]}" "${paths[@]}" > /dev/null 2> "$marks/errors"
  written=$?
  if [ -f "$sarif" ] && [ ! -L "$sarif" ] && [ "$sarif" -nt "$marks/start" ] && [ "$written" -le 2 ] \
    && ! grep -qF "maplint: cannot write $sarif:" "$marks/errors"; then
    echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"
    if [ "$(oneline "${MAPLINT_UPLOAD_SARIF:-true}")" != true ]; then
      echo "maplint: $sarif is not uploaded to code scanning: the upload-sarif input is not 'true'"
    elif [ "$(oneline "${MAPLINT_FORK:-}")" = true ]; then
      echo "maplint: $sarif is not uploaded to code scanning: this pull request comes from a fork, whose runs" \
        "may not write code scanning results"
    else
      echo "upload=true" >> "$GITHUB_OUTPUT"
    fi
  else
    reason="$(oneline "$(grep -m 1 -F "maplint: cannot write $sarif:" "$marks/errors")")"
    echo "::error title=maplint::the SARIF file $sarif was not written (${reason:-maplint status $written}); nothing is uploaded"
    [ "$status" -eq 2 ] || [ "$status" -eq 64 ] || status=2
  fi
  rm -rf "$marks"
fi
echo "status=$status" >> "$GITHUB_OUTPUT"
if [ "$status" -eq 1 ] && [ "$(oneline "${MAPLINT_FAIL_ON_FINDINGS:-true}")" = false ]; then exit 0; fi
exit "$status"
