package utttcmd

import (
	"flag"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/uttt"
)

// engineCommands are perft, search and bot.
var engineCommands = []cli.Command{
	{Name: "perft", Summary: "count move sequences to a depth (--divide: per first move)", Run: runPerft},
	{Name: "search", Summary: "best move, score, depth, nodes, nodes/s and principal variation", Run: runSearch},
	{Name: "bot", Summary: "a bot of the tournament protocol: 12 arguments in, two digits out", Run: runBot},
	{Name: "engine", Summary: "a persistent bot speaking the AI Games (riddles.io) or, with --protocol codingame, CodinGame's protocol on stdin/stdout", Run: runEngine},
	{Name: "tune", Summary: "fit the evaluation's weights to self-play outcomes (Texel) and write weights.txt", Run: runTune},
	{Name: "train", Summary: "train the network evaluation on saved self-play games and write net.bin", Run: runTrain},
	{Name: "show", Summary: "draw a position as text or SVG (--svg)", Run: runShow},
}

// engineJobs are the engine's default batch jobs.
var engineJobs = []string{
	"uttt perft 6",
	"uttt perft --divide 3 44",
	"uttt search --depth 9",
	"uttt search --time 200ms 38 84 40",
	"uttt bot --time 200ms O --------- --------- --------- --------X --------- --------- --------- --------- --------- --------- 38",
}

// looksLikeFlag reports whether a is written like one of our flags: -name or --name
// with a lowercase name.
func looksLikeFlag(a string) bool {
	a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
	return len(a) > 0 && a[0] >= 'a' && a[0] <= 'z'
}

// parseArgs is cli.Parse for commands whose positional arguments may be protocol board
// strings such as "---------" (or malformed ones such as "---#----X", which must be
// reported as a bad board, not a bad flag).
func parseArgs(fs *flag.FlagSet, args []string) ([]string, int) {
	const mark = "\x00board:"
	masked := make([]string, len(args))
	for i, a := range args {
		masked[i] = a
		number := len(a) > 1 && a[1] >= '0' && a[1] <= '9'
		if strings.HasPrefix(a, "-") && a != "--" && !number && (uttt.IsBoardString(a) || !looksLikeFlag(a)) {
			masked[i] = mark + a
		}
	}
	pos, code := cli.Parse(fs, masked)
	for i, a := range pos {
		pos[i] = strings.TrimPrefix(a, mark)
	}
	return pos, code
}
