package pipeline

import (
	"context"
	"runtime"
	"sync"
)

// Ordered runs work(i) for i in [0, n) on up to workers goroutines (GOMAXPROCS when
// workers <= 0) and calls emit(i, result) for each i in increasing order as soon as the
// results before it are in, so output streams in input order while work runs ahead.
// It stops handing out work when ctx is cancelled, emits every result finished before
// the first missing one, and returns ctx.Err() whenever ctx was cancelled by the end
// (a work item may have failed because of the cancellation).
func Ordered[T any](ctx context.Context, n, workers int, work func(i int) T, emit func(i int, r T)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers > n {
		workers = n
	}
	if n == 0 {
		return ctx.Err()
	}
	if workers <= 1 {
		for i := 0; i < n; i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			emit(i, work(i))
		}
		return ctx.Err()
	}
	type item struct {
		i int
		r T
	}
	jobs := make(chan int)
	results := make(chan item, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results <- item{i, work(i)}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < n; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	pending := make(map[int]T)
	next := 0
	for it := range results {
		pending[it.i] = it.r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			emit(next, r)
			next++
		}
	}
	return ctx.Err()
}
