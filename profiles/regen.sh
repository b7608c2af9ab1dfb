#!/usr/bin/env bash
# Regenerates profiles/*.pprof: one CPU profile of each engine's hot path, taken from a
# representative analyze run, then merges them into cmd/analyze/default.pgo.
#
#   bash profiles/regen.sh            # all engines, then the merged default.pgo
#   bash profiles/regen.sh goban      # one engine (default.pgo is merged from all files)
#
# The binary is built without PGO so the profiles describe the plain code. Each run
# gives 3-6 s of CPU samples; the whole script takes about two minutes. The machine
# report of the run is written to profiles/machine.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin="$tmp/analyze"
go build -pgo=off -o "$bin" ./cmd/analyze
"$bin" version > profiles/machine.txt

engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(goban wythoff qttt uttt)

prof() { # prof NAME ARGS...: run analyze ARGS with a CPU profile into profiles/NAME.pprof
  local name=$1; shift
  echo "== $name: analyze $*" >&2
  local t0=$SECONDS
  "$bin" --cpuprofile "profiles/$name.pprof" "$@" > /dev/null
  echo "   $((SECONDS - t0)) s" >&2
}

for e in "${engines[@]}"; do
  case $e in
  goban)
    # Directories of boards as users score them: many random 255x255 boards, plus large
    # winding corridors and spirals (the fill's worst case), scored in parallel.
    # The directory is scored eight times over to give the profile enough samples.
    "$bin" goban gen --kind random --size 255 --count 3000 --out "$tmp/goban/"
    "$bin" goban gen --kind spiral --size 2000 --count 4 --out "$tmp/goban/"
    "$bin" goban gen --kind corridor --size 2000 --count 4 --out "$tmp/goban/"
    prof goban goban score $(for i in 1 2 3 4 5 6 7 8; do echo "$tmp/goban"; done)
    ;;
  wythoff)
    # The 12288x12288 Grundy table (450 MB in memory) and 50 million cold pairs as text.
    prof wythoff-grundy wythoff grundy --format binary --out "$tmp/grundy.bin" 12288
    prof wythoff-table wythoff table --format pairs --out "$tmp/pairs.txt" 50000000
    ;;
  qttt)
    # Scoring a million random records ten times over, and perft 7 (move generation and
    # play; solving the start takes only 0.15 s, too short for a profile).
    "$bin" qttt random -q --seed 1 --count 1000000 -o "$tmp/qttt.txt"
    prof qttt-score qttt score -o "$tmp/qttt-scores.txt" $(for i in 1 2 3 4 5 6 7 8 9 10; do echo "$tmp/qttt.txt"; done)
    prof qttt-perft qttt perft 7
    ;;
  uttt)
    # A 6-second search from the start, and self-play of the engine at depth 4 against
    # the seed-like depth-4 bot (move generation, evaluation, search in short bursts).
    prof uttt-search uttt search --time 6s
    prof uttt-selfplay uttt selfplay --a engine:d4 --b depth:4 --count 400 --seed 1
    ;;
  *)
    echo "regen.sh: unknown engine $e (goban, wythoff, qttt, uttt)" >&2
    exit 2
    ;;
  esac
done

# default.pgo: all engines' profiles merged (go tool pprof -proto sums their samples).
go tool pprof -proto profiles/*.pprof > cmd/analyze/default.pgo
echo "merged $(ls profiles/*.pprof | wc -l) profiles into cmd/analyze/default.pgo" >&2
