// Package utttcmd implements "analyze uttt": Meta (ultimate) tic-tac-toe: perft, search, the protocol bot, tournaments and self-play.
package utttcmd

import (
	"context"
	"fmt"
	"io"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// Summary is the group's one-line description in "analyze help".
const Summary = "Meta (ultimate) tic-tac-toe: perft, search, the protocol bot, tournaments and self-play."

// BatchJobs are this group's lines in the default "analyze batch" plan. $WORK names a
// scratch directory that batch creates and removes.
var BatchJobs = append(append([]string{}, engineJobs...), matchJobs...)

// Commands lists the group's subcommands: the engine's (perft, search, bot) and the
// match tools' (tournament, selfplay); made when called, not at process start.
func Commands() []cli.Command {
	return append(append([]cli.Command{}, engineCommands...), matchCommands...)
}

// Run runs "analyze uttt ARGS...".
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Dispatch(ctx, "uttt", Summary, Commands(), args, stdin, stdout, stderr)
}

// failf reports what went wrong in command name on stderr and returns the failure
// exit status; stopf does the same for an interruption.
func failf(stderr io.Writer, name, format string, args ...any) int {
	fmt.Fprintf(stderr, "analyze "+name+": "+format+"\n", args...)
	return cli.ExitFail
}

func stopf(stderr io.Writer, name, format string, args ...any) int {
	fmt.Fprintf(stderr, "analyze "+name+": "+format+"\n", args...)
	return cli.ExitInterrupted
}
