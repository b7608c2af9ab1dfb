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

// newEngine returns eng, or a new engine of opts (a zero TableBytes: 64 MiB).
func newEngine(eng *search.Engine, opts search.Options) (*search.Engine, error) {
	if eng != nil {
		return eng, nil
	}
	if opts.TableBytes == 0 {
		opts.TableBytes = 64 << 20
	}
	return search.NewEngine(opts)
}
