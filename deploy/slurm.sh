#!/bin/bash
# boardlab on Slurm: a sharded self-play run and a sharded table as job arrays, then
# their merge as a job that starts when both arrays finished (afterok).
#
# Each array task gets $SLURM_ARRAY_TASK_ID and $SLURM_ARRAY_TASK_COUNT; analyze reads
# them (subtracting $SLURM_ARRAY_TASK_MIN) and says on stderr which shard it runs.
# Shards write FILE.K-of-N on the shared file system; `analyze merge FILE` checks that
# every part is there once.
#
#   sbatch deploy/slurm.sh            # from a clone, with analyze on PATH on the nodes
#
# Set DATA to a directory every node sees.
set -euo pipefail
DATA=${DATA:-$HOME/boardlab-data}
mkdir -p "$DATA"

selfplay=$(sbatch --parsable --job-name=boardlab-selfplay --array=0-7 \
  --cpus-per-task=2 --mem=512M --time=12:00:00 --output="$DATA/selfplay-%a.log" \
  --wrap="analyze uttt selfplay --a random --b random --count 10000000 --seed 1 --out $DATA/selfplay.jsonl")

table=$(sbatch --parsable --job-name=boardlab-table --array=0-15 \
  --cpus-per-task=1 --mem=64M --time=2:00:00 --output="$DATA/table-%a.log" \
  --wrap="analyze wythoff table --format binary --out $DATA/wythoff.bin 1000000000")

sbatch --job-name=boardlab-merge --dependency="afterok:$selfplay:$table" \
  --cpus-per-task=1 --mem=256M --time=1:00:00 --output="$DATA/merge.log" \
  --wrap="analyze merge $DATA/selfplay.jsonl > $DATA/selfplay-report.txt && analyze merge --out $DATA/wythoff.bin $DATA/wythoff.bin"
