package tournament_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/boardlab/boardlab/engine/uttt/tournament"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/sandbox"
)

// Run a tournament: every bot plays every other twice, once as X, and the standings are
// reported as the spec's controller does. Two bots are the zoo's, played in-process;
// the third is a shell command run once per turn with the 12 protocol arguments, and
// always answers "44" (illegal once the centre is taken: each illegal answer costs it a
// point and gives the opponent a free move). Here the commands run unconfined; set
// Process.Sandbox (bubblewrap) to keep each one in its own folder.
func ExamplePlayWith() {
	names := []string{"naive", "random", "echo 44"}
	players := []tournament.Player{
		zoo.Player{Bot: zoo.Naive{}, Seed: 1},
		zoo.Player{Bot: zoo.Random{}, Seed: 1},
		&tournament.Process{Argv: []string{"sh", "-c", "echo 44"}, Dir: os.TempDir(), Limit: 30 * time.Second},
	}
	standings := tournament.NewStandings(names)
	for g, pair := range tournament.Pairings(len(players)) {
		r, err := tournament.PlayWith(context.Background(), players[pair[0]], players[pair[1]], tournament.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		r.Game, r.X, r.O, r.XName, r.OName = g+1, pair[0]+1, pair[1]+1, names[pair[0]], names[pair[1]]
		standings.Add(&r)
	}
	var report strings.Builder
	standings.Report(&report, 0)
	// The last line is the time taken; the rest is the same on every run.
	lines := strings.SplitAfter(report.String(), "\n")
	fmt.Print(strings.Join(lines[:len(lines)-2], ""))
	// Output:
	// Bot 1, naive, has 4 wins and made 0 illegal moves, for a total of 599 points.
	// Bot 2, random, has 2 wins and made 0 illegal moves, for a total of 287 points.
	// Bot 3, echo 44, has 0 wins and made 109 illegal moves, for a total of -109 points.
}

// Run a sandboxed tournament from a folder laid out as the spec's (instructions.txt,
// one folder per bot): each turn of each bot runs under bubblewrap, its own folder the
// only writable place and the other bots' folders closed. This Example needs bwrap, so
// it is compiled but not run.
func Example_sandboxed() {
	dir := "tournament" // holds instructions.txt
	bots, err := tournament.ReadInstructions(context.Background(), dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range bots {
		bots[i].Argv = strings.Fields(bots[i].Command) // these commands have no quotes
	}
	sb, err := sandbox.New(sandbox.Sandbox{CPU: 2 * time.Second})
	if err != nil {
		fmt.Println("no sandbox here:", err)
		return
	}
	argvs := make([][]string, len(bots))
	for i, b := range bots {
		argvs[i] = b.Argv
	}
	own, hide := sandbox.Folders(dir, argvs)
	players := make([]tournament.Player, len(bots))
	names := make([]string, len(bots))
	for i, b := range bots {
		names[i] = b.Name
		players[i] = &tournament.Process{Argv: b.Argv, Dir: dir, Limit: time.Second,
			Sandbox: sb, Folder: own[i], Hide: hide[i]}
	}
	standings := tournament.NewStandings(names)
	start := time.Now()
	for g, pair := range tournament.Pairings(len(players)) {
		r, err := tournament.PlayWith(context.Background(), players[pair[0]], players[pair[1]], tournament.Options{Disqualify: true})
		if err != nil {
			fmt.Println(err)
			return
		}
		r.Game, r.X, r.O, r.XName, r.OName = g+1, pair[0]+1, pair[1]+1, names[pair[0]], names[pair[1]]
		standings.Add(&r)
	}
	standings.Report(os.Stdout, time.Since(start))
}
