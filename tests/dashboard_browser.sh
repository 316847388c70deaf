#!/usr/bin/env bash
# dashboard_browser.sh PORTBENCH FIXTURES WORKDIR - the dashboard in a real browser: Debian's
# chromium, headless, loads the pages of the site made from a fixture store (six runs of
# tests/fixtures/dashboard: clang 16.0.6 then 19.1.7, dmvm's v7 14% slower from 19.1.7 on)
# from file:// URLs, with no console error (pb.js reports a file of the site that failed to
# load there), and the DOM it built holds the series' chart: its six points and the change
# point's marker. Exit 77 (skipped) where chromium is missing; scripts/setup.sh installs it,
# so CI runs it. tests/test_store.c (group dashboard) checks the site's files and links
# without a browser.
set -euo pipefail
pb=$1 fixtures=$2 work=$3
browser=${PORTBENCH_CHROMIUM:-}
if [ -z "$browser" ]; then
  for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null 2>&1; then browser=$(command -v "$b"); break; fi
  done
fi
if [ -z "$browser" ]; then
  echo "SKIP: no chromium (apt-get install chromium; scripts/setup.sh does)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work/profile"
work=$(cd "$work" && pwd)
"$pb" db import --db "$work/s.db" "$fixtures/dashboard" >/dev/null
"$pb" dashboard --db "$work/s.db" --out "$work/site" >/dev/null

fail=0
# load PAGE (relative to the site): its DOM in $work/dom.html, the browser's log in $work/log.txt
load() {
  HOME="$work" timeout 120 "$browser" --headless --disable-gpu --no-sandbox --no-first-run --user-data-dir="$work/profile" \
    --enable-logging=stderr --v=0 --dump-dom "file://$work/site/$1" >"$work/dom.html" 2>"$work/log.txt" || {
    echo "FAIL $1: chromium exited $?"; tail -20 "$work/log.txt"; fail=1; return 1; }
  # console messages (an uncaught error, console.error, a file that failed to load) are logged as CONSOLE
  if grep -q 'CONSOLE' "$work/log.txt"; then
    echo "FAIL $1: console messages:"; grep 'CONSOLE' "$work/log.txt" | sed 's/^/  /'; fail=1
  fi
  # pb.js ran to its end (data-js) and found style.css applied (data-css)
  if ! grep -q '<html lang="en" data-js="ok" data-css="ok">' "$work/dom.html"; then
    echo "FAIL $1: pb.js did not run or style.css did not load:"; sed -n "1,3p" "$work/dom.html" | cut -c 1-300; fail=1
  fi
  echo "ok $1"
}
expect() { # expect PAGE PATTERN COUNT: lines of the DOM that match
  local n
  n=$(grep -c -- "$2" "$work/dom.html" || true)
  if [ "$n" != "$3" ]; then echo "FAIL $1: $3 line(s) with '$2' expected, $n found"; fail=1; fi
}

# the series with the step: its page's name is in the index's list of change points
step_page=$(grep -m1 -o 'href="s/[0-9a-f]*\.html">dmvm v7 omp(clang) double 4096<' "$work/site/index.html" |
            sed 's/^href="//; s/">.*//; q')
if [ -z "$step_page" ]; then echo "FAIL index.html does not list the step of dmvm v7"; exit 1; fi

load index.html && {
  expect index.html '<tr class="slower"><td class="l">SLOWER</td><td data-v="[0-9.]*">+14.0%</td>' 1
  expect index.html '<table class="sort ratios">' 2
}
load "$step_page" && {
  # the chart as the browser parsed it: one svg, six points (three per version), the reference
  # in the same six runs, one step between the third and fourth point with its text
  expect "$step_page" '<svg class="chart" xmlns="http://www.w3.org/2000/svg" .* data-points="6" data-passing="6" data-steps="1"' 1
  expect "$step_page" '<circle class="pt" .* data-version="16.0.6"' 3
  expect "$step_page" '<circle class="pt" .* data-version="19.1.7"' 3
  expect "$step_page" '<rect class="refpt"' 6
  expect "$step_page" '<g class="step slower" data-at="3" data-pct="+14.0"' 1
  expect "$step_page" '+14.0% between clang 16.0.6 and 19.1.7 (p &lt; 0.001)</text></g>' 1
}
load runs.html && expect runs.html '<a href="r/[0-9]*.html">' 6
load r/5.html && expect r/5.html '>FAIL<' 1
load b/dmvm.html && expect b/dmvm.html '<section class="case">' 1
load b/stream.html

# the check itself: a page whose style sheet is missing, or whose script throws, fails it
cp "$work/site/index.html" "$work/site/broken.html"
sed -i 's|href="style.css"|href="missing.css"|' "$work/site/broken.html"
saved=$fail
load broken.html >/dev/null || true
if [ "$fail" = "$saved" ]; then echo "FAIL the check misses a style sheet that did not load"; saved=1; fi
fail=$saved

[ "$fail" = 0 ] && echo "the site in $("$browser" --version 2>/dev/null): every page loaded, the chart drawn"
exit "$fail"
