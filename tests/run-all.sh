#!/usr/bin/env bash
# The whole test suite: what `npm test` runs locally and what CI runs.
# Prints each step's time, and all of them at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

TIMES=()
SUITE_START=$SECONDS
STEP_NAME=""
STEP_START=$SECONDS
finish_step() {
  [ -n "$STEP_NAME" ] && TIMES+=("$(printf '%5ss  %s' $((SECONDS - STEP_START)) "$STEP_NAME")")
  STEP_NAME=""
}
step() {
  finish_step
  STEP_NAME="$*"
  STEP_START=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}
# A step that fails ends the suite: the builds running beside the samples end with it.
kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
summary() {
  local status=$?
  [ -n "${BUILDS:-}" ] && kill -0 "$BUILDS" 2>/dev/null && kill_tree "$BUILDS"
  finish_step
  printf '\n\033[1m== Step times\033[0m\n'
  printf '%s\n' "${TIMES[@]}"
  printf '%5ss  in all (%s)\n' $((SECONDS - SUITE_START)) "$([ $status -eq 0 ] && echo passed || echo FAILED)"
}
trap summary EXIT
# `beside NAME command…` starts a command in the background, its output kept in a file; `joined NAME` waits
# for it, shows that output and returns its status.
declare -A BESIDE_PID BESIDE_LOG
beside() {
  local name=$1
  shift
  BESIDE_LOG[$name]=$(mktemp)
  "$@" > "${BESIDE_LOG[$name]}" 2>&1 &
  BESIDE_PID[$name]=$!
}
joined() {
  local status=0
  wait "${BESIDE_PID[$1]}" || status=$?
  cat "${BESIDE_LOG[$1]}"
  rm -f "${BESIDE_LOG[$1]}"
  return $status
}

step "Debian packages: Chromium and nginx; PostgreSQL, MariaDB, Poppler and curl for the code samples"
bash tests/setup/ensure-system.sh
# The pip installs mostly wait on downloads, so they run behind the static
# checks, which need neither environment; each logs to a file, shown when waited on.
PY_LOGS=$(mktemp -d)
node tests/samples/session/venv.mjs > "$PY_LOGS/samples.log" 2>&1 & SAMPLES_ENV=$!
node src/ask-ai/semantic/build/env.mjs > "$PY_LOGS/encoder.log" 2>&1 & ENCODER_ENV=$!

# Each static check runs on one thread, so they run side by side; each one's
# output and time are printed in this order once all have ended.
step "Static checks, side by side: types, lint, spelling, Markdown lint, OpenAPI lint, production audit"
CHECKS=(
  "Types|npm run --silent typecheck"
  "Lint|npm run --silent lint"
  "Spelling|npm run --silent spellcheck"
  "Markdown lint|npm run --silent lint:md"
  "OpenAPI lint|npm run --silent lint:openapi"
  "Audit of production dependencies|node tests/setup/audit.mjs"
)
CHECK_LOGS=$(mktemp -d)
CHECK_PIDS=()
for i in "${!CHECKS[@]}"; do
  ( start=$SECONDS; status=0; bash -c "${CHECKS[$i]#*|}" > "$CHECK_LOGS/$i.log" 2>&1 || status=$?
    echo "$status $((SECONDS - start))" > "$CHECK_LOGS/$i.status" ) & CHECK_PIDS+=($!)
done
wait "${CHECK_PIDS[@]}"
checks_status=0
for i in "${!CHECKS[@]}"; do
  read -r status seconds < "$CHECK_LOGS/$i.status"
  printf '\n\033[1m-- %s (%ss)%s\033[0m\n' "${CHECKS[$i]%%|*}" "$seconds" "$([ "$status" -eq 0 ] || echo ', FAILED')"
  cat "$CHECK_LOGS/$i.log"
  [ "$status" -eq 0 ] || checks_status=1
done
rm -rf "$CHECK_LOGS"
[ $checks_status -eq 0 ]
step "Python environments (the rest of their time, after the static checks): the code samples' (.venv) and Ask AI's encoder (.venv-ask-ai)"
env_status=0
wait $SAMPLES_ENV || env_status=1
wait $ENCODER_ENV || env_status=1
cat "$PY_LOGS/samples.log" "$PY_LOGS/encoder.log"
rm -rf "$PY_LOGS"
[ $env_status -eq 0 ]

step "Unit tests (Vitest; beside it pytest, the samples harness's own tests and the pages' claims about Python libraries)"
# pytest runs on one core, which Vitest leaves partly idle; its output follows Vitest's.
beside pytest .venv/bin/python -m pytest -q -p no:cacheprovider tests/samples tests/content/claims
unit_status=0
npm run --silent test:unit || unit_status=1
joined pytest || unit_status=1
[ $unit_status -eq 0 ]
# The samples leave a core partly idle (their Python waits on the fakes) and read only the pages'
# sources, so the builds run beside them; the API pages are generated first, since generating
# them removes and rewrites files the samples list. The site's build comes last: its pages show
# each code block's proof from this samples run, so it loads its content meanwhile and compiles no
# page before the results are in (src/samples-proof); it fails if a page lacks a label the results
# give. The builds' output is shown when waited on.
npm run --silent gen:api
rm -f .samples-results.json
BUILD_LOG=$(mktemp)
(
  set -e
  timed() { local start=$SECONDS; "$@"; echo "($((SECONDS - start)) s: $*)"; }
  echo "-- Builds with hosted services (Algolia and a chat endpoint, built without .git; Kapa, as a NO_INDEX preview), answered by local mocks in the tests"
  timed npm run --silent build:hosted-test
  timed npm run --silent build:kapa-test
  echo "-- Build (its pages compile once the samples' results are in)"; SAMPLES_AWAIT_RESULTS=1 timed node_modules/.bin/docusaurus build
  echo "-- Size budgets that grow with the pages (search head, main.js, runtime)"; node tests/size/growth.mjs
) > "$BUILD_LOG" 2>&1 & BUILDS=$!
step "Code samples (the builds run beside them): every fence of every page run or checked, against the real client and fakes of Atlas and the other services"
npm run --silent test:samples
step "Builds (the rest of their time, after the code samples): the builds with hosted services, the site and its size budgets"
builds_status=0
wait $BUILDS || builds_status=$?
cat "$BUILD_LOG"
rm -f "$BUILD_LOG"
[ $builds_status -eq 0 ]
# The content checks wait on files about half their time, and afdocs mostly on nginx, so both run beside
# the server-HTML checks; their output follows.
step "Server-HTML checks of every page (no browser), and beside them the content checks and afdocs"
beside content npm run --silent test:content
beside agents npm run --silent test:agents
html_status=0
npm run --silent test:html || html_status=1
printf '\n\033[1m-- Content checks\033[0m\n'
joined content || html_status=1
printf '\n\033[1m-- afdocs, the Agent-Friendly Documentation checker, against the build behind deploy/nginx.conf\033[0m\n'
joined agents || html_status=1
[ $html_status -eq 0 ]
step "Browser tests";  npm run --silent test:e2e
