#!/usr/bin/env bash
# Busy CPU seconds (all cores, the whole machine) and wall seconds while a command runs: how CI's steps and test
# settings are compared on a shared machine (run the two variants back to back, more than once, and compare the pairs).
#   bench/cpu.sh npx playwright test e2e/donation.spec.ts --trace off
set -uo pipefail
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
b1=$(busy) t1=$(date +%s%N)
"$@"
rc=$?
b2=$(busy) t2=$(date +%s%N)
hz=$(getconf CLK_TCK)
awk -v b=$(( b2 - b1 )) -v hz="$hz" -v w=$(( (t2 - t1) / 1000000 )) 'BEGIN { printf "cpu busy %.0f s, wall %.1f s, %.2f cores on average\n", b / hz, w / 1000, (b / hz) / (w / 1000) }'
exit $rc
