#!/bin/sh
# The cache container's start (docker compose --profile cache; docs/operating.md, "A cache in front").
# Varnish refuses a backend host that resolves to more than one address, and the `cms` service does as
# soon as it runs several instances (`--scale cms=3`). So this script resolves it and writes the VCL:
# one backend per instance, each probed on /_ready, behind a round-robin director; the purge ACL lists
# the instances' addresses; the site's rules (.varnish.vcl) follow. Then it runs varnishd in the
# foreground and, every CACHE_REFRESH_SECONDS, loads a new VCL when the set of addresses changed (an
# instance added, removed or recreated); kept copies and bans outlive a reload. While the name resolves
# to nothing (every instance stopped), the last backends stay, so kept copies are served.
#
#   sh .varnish-start.sh [varnishd options]
#
# Environment: CACHE_BACKEND_HOST (cms), CACHE_BACKEND_PORT (1337), CACHE_SITE_VCL (/etc/varnish/site.vcl),
# CACHE_LISTEN (varnishd -a; http=:80,HTTP), CACHE_REFRESH_SECONDS (10), VARNISH_SIZE (256M),
# CACHE_VCL_DIR (where the generated VCL goes; /tmp/haic-vcl), VARNISH_NAME (varnishd -n; its default),
# CACHE_ADDRESSES_FILE (read the addresses from this file, one a line, instead of the DNS: for tests).
set -eu

host=${CACHE_BACKEND_HOST:-cms}
port=${CACHE_BACKEND_PORT:-1337}
site_vcl=${CACHE_SITE_VCL:-/etc/varnish/site.vcl}
refresh=${CACHE_REFRESH_SECONDS:-10}
vcl_dir=${CACHE_VCL_DIR:-/tmp/haic-vcl}

say() { echo "[cache] $*" >&2; }

# Only what an address is made of goes into the VCL.
addresses_only() { awk '$1 ~ /^[0-9A-Fa-f:.]+$/ { print $1 }' | sort -u; }

# The instances' addresses, sorted (the DNS shuffles them), one a line: IPv4, else IPv6.
backend_addresses() {
  if [ -n "${CACHE_ADDRESSES_FILE:-}" ]; then
    cat "$CACHE_ADDRESSES_FILE" 2>/dev/null | addresses_only
  else
    { getent ahostsv4 "$host" || getent ahostsv6 "$host" || true; } | addresses_only
  fi
}

# Every address of the instances (IPv4 and IPv6): a purge may come from either.
purger_addresses() {
  if [ -n "${CACHE_ADDRESSES_FILE:-}" ]; then
    backend_addresses
  else
    { getent ahosts "$host" || true; } | addresses_only
  fi
}

# write_vcl FILE: the VCL for the instances in $addresses (and $purgers), the site's rules included last.
write_vcl() {
  {
    echo 'vcl 4.1;'
    echo "# Written by .varnish-start.sh for the instances of \"$host\"."
    echo 'import directors;'
    echo 'probe ready { .url = "/_ready"; .interval = 2s; .timeout = 1s; .window = 3; .threshold = 2; }'
    n=0
    for address in $addresses; do
      n=$((n + 1))
      echo "backend instance_$n { .host = \"$address\"; .port = \"$port\"; .connect_timeout = 2s; .first_byte_timeout = 30s; .probe = ready; }"
    done
    echo '# Who may purge: this host and the instances; never the internet (nor a proxy on the Docker host).'
    echo 'acl purgers {'
    echo '  "127.0.0.1";'
    echo '  "::1";'
    for address in $purgers; do echo "  \"$address\";"; done
    echo '}'
    echo 'sub vcl_init {'
    echo '  new instances = directors.round_robin();'
    i=0
    while [ "$i" -lt "$n" ]; do
      i=$((i + 1))
      echo "  instances.add_backend(instance_$i);"
    done
    echo '}'
    echo 'sub vcl_recv {'
    echo '  set req.backend_hint = instances.backend();'
    echo '}'
    echo "include \"$site_vcl\";"
  } >"$1"
}

adm() { varnishadm ${VARNISH_NAME:+-n "$VARNISH_NAME"} "$@" >/dev/null; }

# Follows the DNS while varnishd (this shell's process, after exec) runs.
follow() {
  current=$1
  loaded=boot
  count=0
  while sleep "$refresh"; do
    kill -0 "$varnishd" 2>/dev/null || exit 0
    addresses=$(backend_addresses)
    [ -n "$addresses" ] && [ "$addresses" != "$current" ] || continue
    purgers=$(purger_addresses)
    count=$((count + 1))
    name="instances_$count"
    write_vcl "$vcl_dir/$name.vcl"
    if adm vcl.load "$name" "$vcl_dir/$name.vcl" && adm vcl.use "$name"; then
      say "$host: now $(echo "$addresses" | wc -l) instance(s): $(echo $addresses)"
      adm vcl.discard "$loaded" || true
      loaded=$name
      current=$addresses
    else
      say "$host: could not load the VCL for $(echo $addresses); keeping the previous one"
    fi
  done
}

mkdir -p "$vcl_dir"
waited=0
until addresses=$(backend_addresses) && [ -n "$addresses" ]; do
  [ $((waited % 10)) -eq 0 ] && say "waiting for \"$host\" to resolve"
  waited=$((waited + 1))
  sleep 1
done
purgers=$(purger_addresses)
write_vcl "$vcl_dir/boot.vcl"
say "$host: $(echo "$addresses" | wc -l) instance(s): $(echo $addresses)"
varnishd=$$
follow "$addresses" &
exec varnishd -F -f "$vcl_dir/boot.vcl" -a "${CACHE_LISTEN:-http=:80,HTTP}" -p feature=+http2 -s "malloc,${VARNISH_SIZE:-256M}" ${VARNISH_NAME:+-n "$VARNISH_NAME"} "$@"
