#!/usr/bin/env bash
# The whole test suite: what `npm test` runs locally and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Chromium for browser tests"
bash tests/setup/ensure-chromium.sh

step "Types";          npm run --silent typecheck
step "Lint";           npm run --silent lint
step "OpenAPI lint";   npm run --silent lint:openapi
step "Audit of production dependencies"; node tests/setup/audit.mjs
step "Unit tests";     npm run --silent test:unit
step "Build";          npm run --silent build
step "Build with hosted search (Algolia mode, answered by a local mock in the tests)"
npm run --silent build:algolia-test
step "Content checks"; npm run --silent test:content
step "Browser tests";  npm run --silent test:e2e
