#!/usr/bin/env bash
# The Debian packages the test suites need and a fresh machine lacks: Chromium for the browser suite
# (Playwright drives ${CHROMIUM_PATH:-/usr/bin/chromium}) and nginx, with the module serving .br
# siblings (alone when nginx is there without it), for the nginx suites (deploy/nginx/local.sh).
# Installs the missing ones in one apt-get update and one install, saying so in one line; without
# root or password-less sudo, names them and the command in one line and exits 1. `npm test` runs it
# first (pretest), and so does .ci/run.
#
# Recommends are left out: Chromium's pull in about 150 desktop packages (Python, Perl, printing,
# udev) that headless runs never use and that doubled the install's time (60 s → 32 s measured on a
# fresh Debian 12). The two font families are those the recommends brought, so pages render alike.
set -euo pipefail

packages=()
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    echo "system-packages: CHROMIUM_PATH is not an executable: $CHROMIUM_PATH (unset it to use Debian's chromium)" >&2
    exit 1
  fi
  packages+=(chromium fonts-dejavu-core fonts-liberation)
fi
# `command -v` alone would also name a file that is not executable.
nginx="$(command -v nginx || true)"
if [ ! -x "${nginx:-/usr/sbin/nginx}" ] && [ ! -x /usr/sbin/nginx ]; then
  packages+=(nginx-light)
fi
# nginx without the module serves no .br sibling, and the nginx suites compare codings: the module's
# path is the one deploy/nginx/local.sh loads.
brotli_module="$(sed -n 's/^brotli_module=//p' "$(dirname "$0")/../deploy/nginx/local.sh")"
[ -f "$brotli_module" ] || packages+=(libnginx-mod-http-brotli-static)
[ ${#packages[@]} -gt 0 ] || exit 0

command=(apt-get install -y --no-install-recommends "${packages[@]}")
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo)
else
  echo "system-packages: the tests need Debian's ${packages[*]}, not installed: run sudo apt-get update && sudo ${command[*]}" >&2
  exit 1
fi
echo "system-packages: installing Debian's ${packages[*]} for the browser and nginx suites"
"${as_root[@]}" apt-get update -qq
# policy-rc.d may refuse to start nginx's service (containers): only the binary is needed.
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
