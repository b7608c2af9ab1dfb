package utttcmd

import (
	"context"
	"fmt"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
)

// zooBotNames are the zoo bots "analyze uttt bot --engine NAME" offers besides the main
// engine, so a tournament can run them as external commands.
func zooBotNames() []string {
	names := []string{"random", "naive", "depth"}
	for d := 1; d <= 6; d++ {
		names = append(names, fmt.Sprintf("depth:%d", d))
	}
	for d := 1; d <= 12; d++ {
		names = append(names, fmt.Sprintf("engine:d%d", d))
	}
	return names
}

// addZooBots makes botEngines: the main engine and the zoo bots; uttt bot calls it
// (once per process) rather than package initialisation, which every command would pay.
func addZooBots() {
	botEngines = map[string]BotEngine{"main": mainBot}
	for _, name := range zooBotNames() {
		b, err := zoo.Parse(name)
		if err != nil {
			panic(err)
		}
		botEngines[name] = zooBotEngine(b)
	}
}

// zooBotEngine plays a zoo bot with its randomness seeded from the position (as
// zoo.Player does), so its answer is a function of the protocol arguments.
func zooBotEngine(b zoo.Bot) BotEngine {
	return func(ctx context.Context, pos uttt.Position, _ time.Time) uttt.Move {
		rng := zoo.NewRNG(pos.Hash())
		return b.Move(ctx, &pos, &rng)
	}
}
