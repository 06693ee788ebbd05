#!/usr/bin/env bash
# The GitHub Action (action.yml): analyses the workspace, or submits it to a nibscan
# server when `server-url` is set, and leaves what the workflow needs:
#   - SARIF for github/codeql-action/upload-sarif at `sarif-file` (repository paths);
#   - the Markdown report appended to $GITHUB_STEP_SUMMARY;
#   - the report in `format` on stdout (`github`: annotations on the changed files);
#   - outputs in $GITHUB_OUTPUT: errors, warnings, infos, suppressed, new, fixed,
#     sarif-file, report-file;
#   - nibscan's exit status: 0 passed, 1 the gate failed, 2 the analysis could not run.
# Inputs arrive as Actions sets them for Docker actions: INPUT_<NAME>, the name upper-cased
# with its hyphens kept (INPUT_FAIL-ON), which is why they are read with printenv.
set -uo pipefail

input() { printenv "INPUT_$1" || true; }
# An error annotation (with %, CR and LF escaped as workflow commands need) and the reason on stderr.
fail() {
  local message=${1//%/%25}
  message=${message//$'\r'/%0D}
  echo "::error title=nibscan::${message//$'\n'/%0A}"
  echo "nibscan action: $1" >&2
  exit 2
}

workspace=${GITHUB_WORKSPACE:-$PWD}
[ -n "${GITHUB_OUTPUT:-}" ] || fail "GITHUB_OUTPUT is not set: this runs as a GitHub Action"
cd "$workspace" || fail "cannot enter the workspace $workspace"

path=$(input PATH); path=${path:-.}
format=$(input FORMAT); format=${format:-github}
sarif_file=$(input SARIF-FILE); sarif_file=${sarif_file:-nibscan.sarif}
fail_on=$(input FAIL-ON)
fail_scope=$(input FAIL-SCOPE)
baseline=$(input BASELINE)
config=$(input CONFIG)
server_url=$(input SERVER-URL)
token=$(input TOKEN)

case "$path" in /*|..|../*|*/../*|*/..) fail "path '$path' must be a folder inside the workspace" ;; esac
[ -d "$path" ] || fail "path '$path' is not a folder of the workspace"

work=$(mktemp -d "${RUNNER_TEMP:-/tmp}/nibscan.XXXXXX") || fail "cannot create a temporary folder"
trap 'rm -rf "$work"' EXIT
report_file="$work/report.json"
summary_file="$work/summary.md"
mkdir -p "$(dirname "$sarif_file")" || fail "cannot create the folder of sarif-file '$sarif_file'"

common=(--format "$format" --path-prefix "$path"
        --report "json:$report_file" --report "sarif:$sarif_file" --report "markdown:$summary_file")
[ -z "$fail_on" ] || common+=(--fail-on "$fail_on")

if [ -n "$server_url" ]; then
  # The service reads .nibscan.yml from the upload and keeps its own baselines.
  [ -z "$config" ] || fail "config applies to local runs only; with server-url the service reads .nibscan.yml from the uploaded folder"
  [ -z "$baseline" ] || fail "baseline applies to local runs only; with server-url the service keeps the baselines"
  [ -z "$fail_scope" ] || fail "fail-scope applies to local runs only; with server-url set failScope in .nibscan.yml"
  # The token goes through the environment, never the command line.
  NIBSCAN_TOKEN=$token nibscan submit "$path" --server "$server_url" "${common[@]}"
  status=$?
else
  repository=${GITHUB_REPOSITORY:+${GITHUB_SERVER_URL:-https://github.com}/$GITHUB_REPOSITORY}
  local_run=()
  [ -z "$repository" ] || local_run+=(--repository "$repository")
  [ -z "${GITHUB_SHA:-}" ] || local_run+=(--commit "$GITHUB_SHA")
  [ -z "$config" ] || local_run+=(--config "$config")
  [ -z "$baseline" ] || local_run+=(--baseline "$baseline")
  [ -z "$fail_scope" ] || local_run+=(--fail-scope "$fail_scope")
  nibscan analyze "$path" "${common[@]}" "${local_run[@]}"
  status=$?
fi
# nibscan has said why on stderr; 2 leaves no report to publish.
[ "$status" -le 1 ] && [ -s "$report_file" ] || exit 2

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$summary_file" >> "$GITHUB_STEP_SUMMARY"
fi
jq -r --arg sarif "$sarif_file" '
  "errors=\(.summary.errors)",
  "warnings=\(.summary.warnings)",
  "infos=\(.summary.infos)",
  "suppressed=\(.summary.suppressed // 0)",
  "new=\(.baseline.new // "")",
  "fixed=\(if .baseline then .baseline.fixed | length else "" end)",
  "sarif-file=\($sarif)"
' "$report_file" >> "$GITHUB_OUTPUT" || fail "cannot read the counts of the report"
# The JSON report stays for later steps, beside the SARIF file.
report_copy="${sarif_file%.sarif}.json"
[ "$report_copy" != "$sarif_file" ] || report_copy="$sarif_file.json"
cp "$report_file" "$report_copy" || fail "cannot write $report_copy"
echo "report-file=$report_copy" >> "$GITHUB_OUTPUT"
exit "$status"
