# Varnish in front of the site (docker compose --profile cache; docs/operating.md, "A cache in front"): the site's rules.
# .varnish-start.sh writes the part before them, from the instances the `cms` name resolves to: one backend
# per instance (probed on /_ready) behind the round-robin director that vcl_recv starts with, and the
# `purgers` ACL (this host and the instances).
# - Keeps what the site marks shareable (Cache-Control: public, s-maxage) and nothing private.
# - Tag purge: the site sends `PURGE` with `Surrogate-Key: <tags>` (CACHE_PURGE_URLS) after a publish,
#   an edit, an unpublish, a news fetch or a ranked run; every copy carrying one of the tags is banned.
# - Request coalescing: Varnish's waiting list sends one request per object to the site at a time.
# - Grace: while the site answers, a copy up to 60 s past its life is sent while it is fetched again; while
#   the site is down (every instance's /_ready probe fails), copies are sent for up to 24 h past their life.
# - An instance that refuses a read (stopped, not yet probed sick) costs no error: the read goes to the next one.
# - The live stream (/api/live) is passed through as it comes, for as long as it lasts.
vcl 4.1;

import std;

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(405, "Purging is not allowed from " + client.ip));
    }
    if (req.http.Surrogate-Key) {
      # Tags are [a-z0-9:-] (the site's utils/http-cache.ts), so they are safe inside the expression.
      ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.Surrogate-Key, "\s+", "|") + ")(\s|$)");
      return (synth(200, "Banned " + req.http.Surrogate-Key));
    }
    return (purge);
  }
  # The live stream (GET /api/live, Server-Sent Events): passed to an instance, never kept, and sent on as it
  # comes. The site sends a comment line every 10 s (within idle_send_timeout and between_bytes_timeout, 60 s);
  # a stream may stay open for hours, past send_timeout's 10 minutes.
  if (req.url ~ "^/api/live(\?|$)") {
    set sess.send_timeout = 1d;
    return (pass);
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # Per-user answers (a token) are never shared.
  if (req.http.Authorization) {
    return (pass);
  }
  # Pages and public reads read no cookie: the browser's (its XSRF-TOKEN) must not split the cache.
  unset req.http.Cookie;
  # A healthy site gets a copy refreshed 60 s after it expired at most; a sick one, 24 h.
  if (std.healthy(req.backend_hint)) {
    set req.grace = 60s;
  }
  return (hash);
}

sub vcl_backend_error {
  # Reads only: a write may have reached the instance before it failed.
  if ((bereq.method == "GET" || bereq.method == "HEAD") && bereq.retries < 2) {
    return (retry);
  }
}

sub vcl_backend_response {
  if (bereq.url ~ "^/api/live(\?|$)") {
    # Each event on to the client as the instance sends it: not buffered, not compressed.
    set beresp.do_stream = true;
    set beresp.do_gzip = false;
    return (deliver);
  }
  if (beresp.http.Cache-Control ~ "private|no-store" || beresp.http.Set-Cookie) {
    # Remember for a while that it is not shareable, so requests for it do not wait for each other.
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  set beresp.grace = 24h;
  return (deliver);
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The tags are for this cache, not for browsers.
  unset resp.http.Surrogate-Key;
}
