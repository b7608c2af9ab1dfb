package utttcmd

import "github.com/boardlab/boardlab/cmd/analyze/internal/cli"

// engineCommands are perft, search and bot.
var engineCommands = []cli.Command{}

// engineJobs are the engine's default batch jobs.
var engineJobs = []string{}
