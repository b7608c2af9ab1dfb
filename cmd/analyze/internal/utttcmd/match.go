package utttcmd

import "github.com/boardlab/boardlab/cmd/analyze/internal/cli"

// matchCommands are tournament and selfplay.
var matchCommands = []cli.Command{
	{Name: "tournament", Summary: "run a tournament of external bots (DIR/instructions.txt) and print its report", Run: runTournament},
	{Name: "selfplay", Summary: "play zoo bots against each other in-process: W/D/L, Elo, SPRT, resumable JSON Lines", Run: runSelfplay},
	{Name: "report", Summary: "the self-play report (and --plot) from --out files, merging a sharded run's files", Run: runReport},
	{Name: "review", Summary: "review game records with the engine: per-move JSON Lines, a per-player summary, --svg graphs", Run: runReview},
}

// matchJobs are the match tools' default batch jobs.
var matchJobs = []string{
	"uttt selfplay --a naive --b random --count 400 --seed 1",
	"uttt selfplay --a depth:2 --b naive --count 2000 --sprt 0,100 --out $WORK/uttt-selfplay.jsonl",
	"uttt selfplay --a engine:d3 --b depth:2 --count 4 --openings 4 --seed 1",
}
