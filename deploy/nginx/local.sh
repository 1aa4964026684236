#!/usr/bin/env bash
# Debian's nginx in the foreground on loopback, in front of instances already listening:
#
#   deploy/nginx/local.sh LISTEN_PORT INSTANCE_PORT...        serve until Ctrl-C or SIGTERM
#   deploy/nginx/local.sh --print LISTEN INSTANCE...           print the rendered site config
#
# LISTEN and INSTANCE are ports on 127.0.0.1 or host:port. It serves dist/client of DIST_DIR
# (default dist) with deploy/nginx/site.conf.in, writing its configuration, pid and temporary files
# in one temporary folder that it removes when it stops. API_RATE (default 50r/s) and API_BURST
# (default 200) set the fleet-wide limit per client address. Needs nginx (apt-get install nginx-light;
# libnginx-mod-http-brotli-static for Brotli siblings).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
project="$(cd "$here/../.." && pwd)"
print_only=0
if [ "${1:-}" = "--print" ]; then
  print_only=1
  shift
fi
if [ "$#" -lt 2 ]; then
  echo "usage: $0 [--print] LISTEN_PORT INSTANCE_PORT..." >&2
  exit 2
fi

# A port alone means loopback.
address() { case "$1" in *:*) echo "$1" ;; *[!0-9]*|'') echo "not a port or host:port: $1" >&2; exit 2 ;; *) echo "127.0.0.1:$1" ;; esac; }

listen="$(address "$1")"
shift
instances=""
for instance in "$@"; do
  instances+="    server $(address "$instance") max_fails=1 fail_timeout=2s;"$'\n'
done
dist="${DIST_DIR:-dist}"
case "$dist" in /*) ;; *) dist="$project/$dist" ;; esac
# Logical, not resolved: a `current` symlink stays in the paths, so after a deploy repoints it one
# nginx reload serves the new release (files, and the include files the reload reads).
[ -d "$dist" ] || { echo "DIST_DIR is not a folder: $dist" >&2; exit 1; }
dist="$(cd "$dist" && pwd -L)"
brotli_module=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
brotli='# brotli_static: module not installed'
[ -f "$brotli_module" ] && brotli='brotli_static on;'

includes="$dist/nginx"

# The fleet-wide limit (limit_req's rate, N requests a second or a minute) and the Retry-After of its
# 429: one request's share of the rate, in whole seconds, at least 1.
rate="${API_RATE:-50r/s}"
case "$rate" in
  *r/s) per=1 ;;
  *r/m) per=60 ;;
  *) per=0 ;;
esac
count="${rate%r/*}"
case "$count" in ''|*[!0-9]*|0*) per=0 ;; esac
[ "$per" -gt 0 ] || { echo "API_RATE must be <requests>r/s or <requests>r/m: $rate" >&2; exit 2; }
retry_after=$(( (per + count - 1) / count ))

render() {
  # | as the sed separator: paths hold slashes; the instances are spliced in by awk (several lines).
  sed -e "s|@LISTEN@|$listen|g" -e "s|@ROOT@|$dist|g" -e "s|@INCLUDES@|$includes|g" -e "s|@API_RATE@|$rate|g" \
    -e "s|@API_BURST@|${API_BURST:-200}|g" -e "s|@RETRY_AFTER@|$retry_after|g" -e "s|@BROTLI@|$brotli|g" "$here/site.conf.in" |
    awk -v instances="$instances" '/^@INSTANCES@$/ { printf "%s", instances; next } { print }'
}

# Every build writes its include files (from the server modules) into its nginx/ folder.
have_includes() { for file in http.conf types.conf headers.conf limited.conf server.conf; do [ -f "$includes/$file" ] || return 1; done; }

if [ "$print_only" = 1 ]; then
  have_includes || { echo "$includes has no include files: build with npm run build" >&2; exit 1; }
  render
  exit 0
fi

nginx="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$nginx" ] || { echo "nginx is not installed: apt-get install nginx-light" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/oficina-nginx.XXXXXX")"
# nginx's workers (nobody, when started as root) read the site and write their temporary files here.
chmod 755 "$work"
# A build made before the includes existed: generate them here, leaving the build untouched.
if ! have_includes; then
  includes="$work/nginx"
  # tsx: the server modules it reads use TypeScript that Node cannot strip (parameter properties).
  "$project/node_modules/.bin/tsx" "$here/generate.mjs" "$dist" "$includes" >&2
fi
render > "$work/site.conf"
{
  [ -f "$brotli_module" ] && echo "load_module $brotli_module;"
  # As root, nginx runs its workers as nobody, who cannot read a build in a folder only root may
  # enter (root's home, any mktemp -d): there they run as the build's owner and group. `user` takes
  # names only, its group defaults to one named as the user (nobody's is nogroup): a uid or gid
  # without a name (a checkout mounted into a container) runs them as root.
  if [ "$(id -u)" = 0 ]; then
    owner="$(stat -c '%U %G' "$dist/client/")"
    case " $owner " in *' UNKNOWN '*) owner='root root' ;; esac
    echo "user $owner;"
  fi
  cat <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/client_body;
    proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi;
    uwsgi_temp_path $work/uwsgi;
    scgi_temp_path $work/scgi;
    include $work/site.conf;
}
CONF
} > "$work/nginx.conf"

pid=""
stop() {
  # QUIT: nginx finishes what is in flight, then exits.
  [ -n "$pid" ] && kill -QUIT "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 0' INT TERM

# nginx keeps TZ from its environment: in UTC its time is the API's (the timestamp of its own 429).
export TZ=UTC
"$nginx" -p "$work" -c "$work/nginx.conf" -e stderr -t -q
"$nginx" -p "$work" -c "$work/nginx.conf" -e stderr -g 'daemon off;' &
pid=$!
echo "nginx listening on http://$listen/ in front of $* (reload: $nginx -p $work -c $work/nginx.conf -e stderr -s reload)"
wait "$pid"
