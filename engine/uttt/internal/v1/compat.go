// Package v1 is the uttt engine's first evaluation and search ("engine-v1"; its
// commit is in notes/uttt/2026-11-28-engine-notebook.md), kept unchanged as a fixed opponent for measuring the current engine
// (the zoo bot engine-v1). Only the access to the position goes through uttt's
// exported API.
package v1

import "github.com/boardlab/boardlab/engine/uttt"

type (
	// Position is uttt.Position.
	Position = uttt.Position
	// Move is uttt.Move.
	Move = uttt.Move
	// Side is uttt.Side.
	Side = uttt.Side
	// Status is uttt.Status.
	Status = uttt.Status
)

const (
	NoMove  = uttt.NoMove
	X       = uttt.X
	O       = uttt.O
	Ongoing = uttt.Ongoing
	XWon    = uttt.XWon
	OWon    = uttt.OWon
	Draw    = uttt.Draw
	full9   = 0x1ff
)

// The rules tables the search and evaluation read, rebuilt here.
var (
	lines     = [8]uint16{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}
	winTab    [512]bool
	moveBoard [256]uint8
	moveTile  [256]uint8
)

// initRules builds the rules tables and then the evaluation's; tables (the first use
// of Evaluate or Search) runs it once, so a process that never plays engine-v1 does
// not pay for it at start-up.
func initRules() {
	for m := 0; m < 512; m++ {
		for _, l := range lines {
			if uint16(m)&l == l {
				winTab[m] = true
			}
		}
	}
	for m := 0; m < 256; m++ {
		moveBoard[m], moveTile[m] = 9, 9
		if m < 81 {
			moveBoard[m], moveTile[m] = uint8(m/9), uint8(m%9)
		}
	}
	initEval()
}
