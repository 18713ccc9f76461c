#!/bin/sh
# Chromium for the engine benchmark (bench/engine/run.mjs and profile.mjs set CHROMIUM to this):
# - --enable-precise-memory-info: exact performance.memory figures (the garbage measurement);
# - CDP_PORT=n: also a DevTools port (profile.mjs attaches to it for CPU and allocation profiles);
# - COI_PROXY=port: through coi-proxy.mjs on that port, so the page is cross-origin isolated and
#   performance.now() ticks in 5 µs instead of 100 µs (loopback goes through it too: <-loopback>);
# - DEOPT_LOG=file: V8 traces its deoptimizations into that file (find deopt loops:
#   grep bailout file | sed -E 's/.*reason: ([^)]*)\).*JSFunction ([A-Za-z_$0-9]+).*/\2 \1/' | sort | uniq -c | sort -rn).
set -- --enable-precise-memory-info "$@"
if [ -n "$CDP_PORT" ]; then set -- "--remote-debugging-port=$CDP_PORT" "$@"; fi
if [ -n "$COI_PROXY" ]; then set -- "--proxy-server=http://127.0.0.1:$COI_PROXY" "--proxy-bypass-list=<-loopback>" "$@"; fi
if [ -n "$DEOPT_LOG" ]; then
    exec "${REAL_CHROMIUM:-/usr/bin/chromium}" "--js-flags=--trace-deopt" "$@" >"$DEOPT_LOG" 2>&1
fi
exec "${REAL_CHROMIUM:-/usr/bin/chromium}" "$@"
