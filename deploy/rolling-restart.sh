#!/bin/sh
# A rolling restart of the app processes behind nginx that fails no request. One process at a time: out of nginx's
# rotation first ("down" on its line of the upstream file, nginx reloaded: the old workers finish what they are
# sending it and close their connections to it, the new ones send it nothing), then restarted (it drains, exits,
# starts the current release), ready (/api/health/ready), and put back. Open-source nginx has no active health
# checks: without this, a draining process closes idle connections nginx may be sending a POST on (a 502 nginx
# never resends).
#
#   deploy/rolling-restart.sh               every process of the upstream file, one after the other
#   deploy/rolling-restart.sh out PORT      one process out of rotation, once nginx holds no connection to it
#   deploy/rolling-restart.sh in PORT       back in rotation, once it is ready
#
# Settings (environment), with the defaults of docs/deploy.md:
#   UPSTREAM_FILE  /etc/nginx/sahyog-upstream.conf
#   NGINX          nginx               (run as "$NGINX -t -q" and "$NGINX -s reload"; add -c/-p for another nginx)
#   RESTART        systemctl restart sahyog-web@{port}
#   APP_HOST       127.0.0.1           (where the processes answer /api/health/ready)
#   DRAIN_WAIT_S   60                  (nginx's old workers finish a slow answer first: a gateway call, an upload)
#   READY_WAIT_S   120
set -eu

UPSTREAM_FILE=${UPSTREAM_FILE:-/etc/nginx/sahyog-upstream.conf}
NGINX=${NGINX:-nginx}
RESTART=${RESTART:-systemctl restart sahyog-web@\{port\}}
APP_HOST=${APP_HOST:-127.0.0.1}
DRAIN_WAIT_S=${DRAIN_WAIT_S:-60}
READY_WAIT_S=${READY_WAIT_S:-120}

say() { echo "rolling-restart: $*"; }

reload_nginx() {
  $NGINX -t -q
  $NGINX -s reload
}

# the line of this port, "down" or not (comments are left alone)
mark() {
  port=$1 state=$2
  grep -Eq "^[[:space:]]*server [^ ;]*:$port[ ;]" "$UPSTREAM_FILE" || { say "no line for port $port in $UPSTREAM_FILE"; exit 1; }
  sed -i -E "/^[[:space:]]*server [^ ;]*:$port[ ;]/ s/ down;/;/" "$UPSTREAM_FILE"
  if [ "$state" = down ]; then sed -i -E "/^[[:space:]]*server [^ ;]*:$port[ ;]/ s/;/ down;/" "$UPSTREAM_FILE"; fi
}

# nginx's own connections to the port only (a readiness check or a client of its own is no concern of the reload)
connections_to() {
  ss -Htnp state established "( dport = :$1 )" | grep -c '"nginx"' || true
}

take_out() {
  port=$1
  mark "$port" down
  reload_nginx
  # the reload is done when no worker holds a connection to it: old workers close theirs once their answers are sent
  waited=0
  while [ "$(connections_to "$port")" -gt 0 ]; do
    if [ "$waited" -ge $((DRAIN_WAIT_S * 10)) ]; then say "nginx still holds connections to $port after ${DRAIN_WAIT_S} s; going on"; break; fi
    sleep 0.1
    waited=$((waited + 1))
  done
  say "$port out of rotation"
}

ready() {
  port=$1
  waited=0
  until curl -fsS -o /dev/null --max-time 2 "http://$APP_HOST:$port/api/health/ready"; do
    if [ "$waited" -ge $((READY_WAIT_S * 5)) ]; then say "$port not ready after ${READY_WAIT_S} s: left out of rotation"; exit 1; fi
    sleep 0.2
    waited=$((waited + 1))
  done
}

put_back() {
  port=$1
  ready "$port"
  mark "$port" up
  reload_nginx
  say "$port back in rotation"
}

case "${1:-all}" in
  out) take_out "$2" ;;
  in) put_back "$2" ;;
  all)
    for port in $(sed -n -E 's/^[[:space:]]*server [^ ;]*:([0-9]+)[ ;].*/\1/p' "$UPSTREAM_FILE"); do
      take_out "$port"
      # SIGTERM: the process drains and exits; systemd starts the current release
      sh -c "$(echo "$RESTART" | sed "s/{port}/$port/g")"
      put_back "$port"
    done
    ;;
  *) say "usage: $0 [out PORT | in PORT]"; exit 2 ;;
esac
