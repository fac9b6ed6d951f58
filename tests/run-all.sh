#!/usr/bin/env bash
# The whole test suite: what `npm test` runs locally and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Chromium for browser tests"
bash tests/setup/ensure-chromium.sh

step "Types";          npm run --silent typecheck
step "Lint";           npm run --silent lint
step "Spelling";       npm run --silent spellcheck
step "Markdown lint";  npm run --silent lint:md
step "OpenAPI lint";   npm run --silent lint:openapi
step "Audit of production dependencies"; node tests/setup/audit.mjs
step "Unit tests";     npm run --silent test:unit
step "Build";          npm run --silent build
step "Builds with hosted services (Algolia and a chat endpoint; Kapa), answered by local mocks in the tests"
npm run --silent build:hosted-test
npm run --silent build:kapa-test
step "Content checks"; npm run --silent test:content
step "Browser tests";  npm run --silent test:e2e
