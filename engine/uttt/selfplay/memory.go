package selfplay

import (
	"fmt"
	"runtime"

	"github.com/boardlab/boardlab/engine/uttt/zoo"
	"github.com/boardlab/boardlab/internal/memlimit"
)

// workerOverhead is the memory one of Run's workers holds besides its bots' tables:
// its moves, its batch of games and their --out lines, its goroutine (about 100 KB
// measured at -j 1000 with --out), and an engine searcher's state besides its table.
const workerOverhead = 256 << 10

// Workers returns the workers Run uses for games games given jobs: jobs (GOMAXPROCS
// when jobs <= 0), never more than the games, and at least 1.
func Workers(jobs, games int) int {
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	return max(1, min(jobs, games))
}

// WorkerMemory returns the most memory, in bytes, one of Run's workers holds playing
// m: the table of each engine bot's searcher for its game (zoo.TableBytes) and its own
// state.
func WorkerMemory(m *Match) int64 {
	return zoo.TableBytes(m.A) + zoo.TableBytes(m.B) + workerOverhead
}

// CheckMemory returns an error saying how much when workers workers playing m
// (WorkerMemory each) would take more than half the memory this process may use, and
// nil otherwise.
func CheckMemory(m *Match, workers int) error {
	return memlimit.CheckAlloc(fmt.Sprintf("playing on %d workers", workers), int64(workers)*WorkerMemory(m), 0.5)
}
