#!/usr/bin/env bash
# The Debian packages the tests use, installed when missing (one apt-get update
# for all): Chromium for the browser tests and nginx to serve them the builds
# (deploy/nginx.conf); for the code samples, PostgreSQL and MariaDB
# (the database guide's throwaway servers), Poppler (pdf2image renders PDF pages
# with it) and curl (the curl samples run with the real one).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium fonts-liberation)
[ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] || missing+=(nginx)
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
[ -x /usr/sbin/mariadbd ] || missing+=(mariadb-server)
{ command -v pdftoppm && command -v pdfinfo; } >/dev/null || missing+=(poppler-utils)
command -v curl >/dev/null || missing+=(curl)

if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || {
      echo "Missing Debian packages and this user cannot install them: run 'apt-get install -y ${missing[*]}' as root." >&2
      exit 1
    }
    SUDO="sudo"
  fi
  echo "Installing from Debian: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
"$CHROMIUM" --version 2>/dev/null || true
ls -d /usr/lib/postgresql/*/bin/postgres | sed -n '$p'
/usr/sbin/mariadbd --version
"${NGINX_PATH:-/usr/sbin/nginx}" -v 2>&1 | sed -n 1p
pdftoppm -v 2>&1 | sed -n 1p
curl --version | sed -n 1p
