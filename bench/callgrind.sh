#!/usr/bin/env bash
# Instructions per game of the C++ play loop, counted by callgrind (repeatable
# on a noisy machine, unlike seconds). Each figure is (I(2N) - I(N)) / N, so
# process start-up cancels out. Also counts dealing alone, to show how close a
# whole random game comes to the cost of its shuffle.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/tools
cmake -S . -B "$build" -DTRUMPF_TOOLS=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target trumpf_play -j 2 >/dev/null
n=${N:-2000}
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$build/trumpf_play" "$@" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '| game | instructions per game |\n|---|---:|\n'
for args in "shuffle-schnapsen" "schnapsen" "sixtysix" "schnapsen bot2 bot1" "shuffle-durak" "durak" "durak bot3 bot1"; do
  set -- $args
  game=$1; shift
  one=$(count "$game" "$n" "$@")
  two=$(count "$game" $((2 * n)) "$@")
  printf '| %s %s | %s |\n' "$game" "$*" $(( (two - one) / n ))
done
