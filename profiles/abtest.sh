#!/usr/bin/env bash
# Measures each engine's benchmarks without PGO, with cmd/analyze/default.pgo, and at
# GOAMD64=v3 (no PGO), in one interleaved run per engine: the three test binaries take
# turns, ROUNDS times, so machine noise hits all three alike. Results go to
# $OUT/<engine>.{nopgo,pgo,v3}.txt; compare with
#   benchstat -col .name ... or: benchstat $OUT/goban.nopgo.txt $OUT/goban.pgo.txt
#
#   bash profiles/abtest.sh               # ROUNDS=10 BENCHTIME=250ms OUT=/tmp/abtest
#   ROUNDS=5 bash profiles/abtest.sh qttt
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-10}
benchtime=${BENCHTIME:-250ms}
out=${OUT:-/tmp/abtest}
mkdir -p "$out"
pgo="$PWD/cmd/analyze/default.pgo"

# The hot-path benchmarks of each engine (references and very slow variants left out).
declare -A pat=(
  [goban]='^Benchmark(Score|Parse|ParseScore)$'
  [wythoff]='^Benchmark(Move|Table|Grundy)$/^(uint64|uint64-all|cold|big-.*|binary|pairs|csv|bfile|fill-binary|n=1024)$'
  [qttt]='^Benchmark(Score|RandomGame|Perft|Solve|Canon)$'
  [uttt]='^Benchmark(Perft|Search|Play|Evaluate)$'
)
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(goban wythoff qttt uttt)

for e in "${engines[@]}"; do
  go test -c -pgo=off -o "$out/$e.nopgo" "./engine/$e"
  go test -c -pgo="$pgo" -o "$out/$e.pgo" "./engine/$e"
  GOAMD64=v3 go test -c -pgo=off -o "$out/$e.v3" "./engine/$e"
  for v in nopgo pgo v3; do : > "$out/$e.$v.txt"; done
  for i in $(seq "$rounds"); do
    for v in nopgo pgo v3; do
      (cd "engine/$e" && "$out/$e.$v" -test.run='^$' -test.bench="${pat[$e]}" \
        -test.benchtime="$benchtime" -test.count=1 -test.benchmem) >> "$out/$e.$v.txt"
    done
    echo "$e: round $i/$rounds done $(date -u +%T)" >&2
  done
done
