package gobancmd

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// orderedBatches is cli.Ordered for many small items: workers claim batches of
// consecutive items (so the hand-over costs once per batch, not once per item), and
// emit sees every result in increasing order as soon as the ones before it are in. At
// most a few batches per worker run ahead of emit, so memory stays flat however many
// items there are. It stops claiming work when ctx is cancelled, emits every result
// finished before the first missing one, and returns ctx.Err() in that case.
func orderedBatches[T any](ctx context.Context, n, workers, batch int, work func(i int) T, emit func(i int, r T)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if batch < 1 {
		batch = 1
	}
	nb := (n + batch - 1) / batch
	workers = min(workers, nb)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			emit(i, work(i))
		}
		return nil
	}
	ahead := 4 * workers
	tokens := make(chan struct{}, ahead)
	for range ahead {
		tokens <- struct{}{}
	}
	slots := make([]chan []T, ahead) // batch b's results go to slots[b%ahead]
	for i := range slots {
		slots[i] = make(chan []T, 1)
	}
	free := make(chan []T, ahead+workers)
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
				lo, hi := b*batch, min(n, (b+1)*batch)
				var res []T
				select {
				case res = <-free:
				default:
					res = make([]T, 0, batch)
				}
				res = res[:0]
				for i := lo; i < hi; i++ {
					res = append(res, work(i))
				}
				slots[b%ahead] <- res
			}
		}()
	}
	go func() { wg.Wait(); close(finished) }()
	var zero T
	for b := 0; b < nb; b++ {
		var res []T
		select {
		case res = <-slots[b%ahead]:
		case <-finished:
			select {
			case res = <-slots[b%ahead]:
			default:
				return ctx.Err()
			}
		}
		for j, r := range res {
			emit(b*batch+j, r)
			res[j] = zero
		}
		free <- res
		tokens <- struct{}{}
	}
	<-finished
	return nil
}
