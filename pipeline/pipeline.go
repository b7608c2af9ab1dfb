// Package pipeline runs work on several goroutines and hands the results to one
// consumer in input order, in bounded memory: items by index, ranges of items, or
// blocks filled by a sequential producer (Stream).
package pipeline

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Items runs work(i) for i in [0, n) on up to workers goroutines (GOMAXPROCS when
// workers <= 0) and calls emit(i, r) on the calling goroutine for each i in increasing
// order, as soon as the results before it are in; at most a few results per worker
// wait for emit. It stops handing out work when ctx is cancelled, emits every result
// finished before the first missing one, and returns ctx.Err() whenever ctx was
// cancelled by the end (a work item may have failed because of the cancellation).
func Items[T any](ctx context.Context, n, workers int, work func(i int) T, emit func(i int, r T)) error {
	return Batches(ctx, n, workers, 1, work, emit)
}

// Batches is Items for many small items: workers claim batches of batch consecutive
// items, so the hand-over costs once per batch instead of once per item.
func Batches[T any](ctx context.Context, n, workers, batch int, work func(i int) T, emit func(i int, r T)) error {
	return Ranges(ctx, n, workers, batch, func(lo, hi int, res *[]T) {
		*res = (*res)[:0]
		for i := lo; i < hi; i++ {
			*res = append(*res, work(i))
		}
	}, func(lo, hi int, res *[]T) {
		var zero T
		for j, r := range *res {
			emit(lo+j, r)
			(*res)[j] = zero
		}
	})
}

// Ranges is Items for work done a batch at a time: work(lo, hi, r) fills r with the
// results of items lo to hi-1 (batch items, fewer in the last batch), and emit(lo, hi,
// r) sees the batches in increasing order. The values r point to are reused from
// batch to batch (work resets what it needs), so a batch's results can live in
// buffers that are allocated once.
func Ranges[T any](ctx context.Context, n, workers, batch int, work func(lo, hi int, r *T), emit func(lo, hi int, r *T)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if batch < 1 {
		batch = 1
	}
	nb := (n + batch - 1) / batch
	workers = min(workers, nb)
	if workers <= 1 {
		r := new(T)
		for lo := 0; lo < n; lo += batch {
			if err := ctx.Err(); err != nil {
				return err
			}
			hi := min(n, lo+batch)
			work(lo, hi, r)
			emit(lo, hi, r)
		}
		return ctx.Err()
	}
	ahead := 4 * workers
	tokens := make(chan struct{}, ahead)
	for range ahead {
		tokens <- struct{}{}
	}
	slots := make([]chan *T, ahead) // batch b's results go to slots[b%ahead]
	for i := range slots {
		slots[i] = make(chan *T, 1)
	}
	free := make(chan *T, ahead+workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	finished := make(chan struct{})
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-tokens:
				case <-ctx.Done():
					return
				}
				if ctx.Err() != nil {
					return
				}
				b := int(next.Add(1) - 1)
				if b >= nb {
					return
				}
				var r *T
				select {
				case r = <-free:
				default:
					r = new(T)
				}
				work(b*batch, min(n, (b+1)*batch), r)
				slots[b%ahead] <- r
			}
		}()
	}
	go func() { wg.Wait(); close(finished) }()
	for b := 0; b < nb; b++ {
		var r *T
		select {
		case r = <-slots[b%ahead]:
		case <-finished:
			select {
			case r = <-slots[b%ahead]:
			default:
				return ctx.Err()
			}
		}
		emit(b*batch, min(n, (b+1)*batch), r)
		free <- r
		tokens <- struct{}{}
	}
	<-finished
	return ctx.Err()
}
