#!/usr/bin/env bash
# Times `npm start` in a clone until it prints "ShambaSoko is ready at", then stops it.
# Usage: scripts/bench/time-start.sh <clone-dir> <label>   (a fresh start: remove .data, dist/ and .cache/webpack first)
set -u
cd "$1"
export PATH="$PWD/.cache/node-24.22.3/bin:$PATH"
log="/tmp/start-$2.log"
start=$(date +%s.%N)
setsid npm start > "$log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  if grep -q "is ready at" "$log"; then break; fi
  sleep 0.5
done
end=$(date +%s.%N)
echo "$2: $(echo "$end - $start" | bc) s, load $(cut -d' ' -f1-3 /proc/loadavg)"
# The apps still building when the URL is printed (farm and legal) are let finish before the stop: stopped
# early, they were built again by the next start, and a second start timed after it was not one.
for _ in $(seq 1 240); do
  if grep -q "served too" "$log" || ! grep -q "still building" "$log"; then break; fi
  sleep 0.5
done
kill -INT -- "-$pid"
sleep 8
kill -TERM -- "-$pid" 2>/dev/null
sleep 2
