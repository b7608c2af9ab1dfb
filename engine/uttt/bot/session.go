package bot

import (
	"context"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/engine/uttt/search"
)

// clock is where a session gets the time of day and searches: time.Now and
// Engine.Search, or stand-ins in tests.
type clock struct {
	now    func() time.Time
	search func(*search.Engine, context.Context, uttt.Position, search.Limits) search.Result
}

// orReal returns c with time.Now and Engine.Search in place of what it lacks.
func (c clock) orReal() clock {
	if c.now == nil {
		c.now = time.Now
	}
	if c.search == nil {
		c.search = (*search.Engine).Search
	}
	return c
}

// newEngine returns eng, or a new engine with a table of hashMB MiB (0: 64).
func newEngine(eng *search.Engine, hashMB int) *search.Engine {
	if eng != nil {
		return eng
	}
	if hashMB <= 0 {
		hashMB = 64
	}
	return search.NewEngine(hashMB)
}
