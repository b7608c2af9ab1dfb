package utttcmd

import "github.com/boardlab/boardlab/cmd/analyze/internal/cli"

// matchCommands are tournament and selfplay.
var matchCommands = []cli.Command{}

// matchJobs are the match tools' default batch jobs.
var matchJobs = []string{}
