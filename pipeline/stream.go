package pipeline

import (
	"context"
	"runtime"
	"sync"
)

// Stream runs a sequential producer, Workers goroutines and an in-order consumer over
// reusable blocks of type B: Produce fills blocks one after another (lines read into a
// buffer, say) and sends them, Work transforms each block on some worker, and Consume
// receives the blocks in the order they were sent. Consumed blocks go back to a free
// list, so at most 2*Workers+2 blocks ever exist and memory stays bounded whatever the
// input's length.
type Stream[B any] struct {
	// Workers is the number of goroutines running Work (GOMAXPROCS when <= 0). With one
	// worker, Produce's goroutine works and consumes each block as it is sent.
	Workers int
	// New makes a block when the free list is empty.
	New func() *B
	// Produce runs on one goroutine. take returns a free block, not reset (a block comes
	// back as Consume left it), or nil once the run is stopping; send hands a taken block
	// on and returns false once the run is stopping. Every block sent is worked and then
	// consumed unless the run stops. Produce sends every block it takes, except the last
	// one when the input ends (a block kept back is not replaced, so keeping back many
	// would leave take waiting until ctx is cancelled). Produce should return promptly
	// when ctx is cancelled, for instance by reading through fileio.NewContextReader.
	Produce func(ctx context.Context, take func() *B, send func(*B) bool) error
	// Work transforms a block; worker (0 to Workers-1) says which goroutine runs it, so
	// that each can keep its own scratch state.
	Work func(worker int, b *B)
	// Consume receives the worked blocks in the order they were sent, on the goroutine
	// that called Run (Produce's when Workers is 1). An error stops the run.
	Consume func(b *B) error
}

// Run runs the stream until Produce returns or the run stops: on ctx's cancellation or
// Consume's first error. Blocks sent before a stop are consumed in order until then;
// none is consumed after it. Run returns Consume's error if any, else Produce's, else
// ctx.Err(); no goroutine it started outlives it.
func (s Stream[B]) Run(ctx context.Context) error {
	workers := s.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if workers == 1 {
		return s.serial(ctx, cctx, cancel)
	}
	// One block per worker, one being filled and one being written: each block's
	// memory is touched fresh once, and a first touch costs more than a hand-over, so
	// more blocks in flight cost CPU without gaining speed.
	limit := workers + 2
	type item struct {
		seq int
		b   *B
	}
	// Every channel holds up to limit blocks, as many as ever exist: no send blocks.
	free := make(chan *B, limit)
	jobs := make(chan item, limit)
	done := make(chan item, limit)
	made, seq := 0, 0
	take := func() *B {
		if cctx.Err() != nil {
			return nil
		}
		select {
		case b := <-free:
			return b
		default:
		}
		if made < limit {
			made++
			return s.New()
		}
		select {
		case b := <-free:
			return b
		case <-cctx.Done():
			return nil
		}
	}
	send := func(b *B) bool {
		if cctx.Err() != nil {
			return false
		}
		jobs <- item{seq, b}
		seq++
		return true
	}
	var perr error
	go func() {
		defer close(jobs)
		perr = s.Produce(cctx, take, send)
	}()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for it := range jobs {
				// A block is worked only while the run goes on; one that is not is never
				// consumed either, since the consumer checks the context after this.
				if cctx.Err() == nil {
					s.Work(w, it.b)
				}
				done <- it
			}
		})
	}
	go func() { wg.Wait(); close(done) }()
	slots := make([]*B, limit) // the block of sequence number q waits in slots[q%limit]
	next := 0
	var cerr error
	for it := range done {
		slots[it.seq%limit] = it.b
		for b := slots[next%limit]; b != nil; b = slots[next%limit] {
			slots[next%limit] = nil
			if cerr == nil && cctx.Err() == nil {
				if err := s.Consume(b); err != nil {
					cerr = err
					cancel()
				}
			}
			next++
			free <- b
		}
	}
	switch {
	case cerr != nil:
		return cerr
	case perr != nil:
		return perr
	}
	return ctx.Err()
}

// serial is Run with one worker: each block is worked and consumed as it is sent.
func (s Stream[B]) serial(ctx, cctx context.Context, cancel func()) error {
	var free []*B
	take := func() *B {
		if cctx.Err() != nil {
			return nil
		}
		if n := len(free); n > 0 {
			b := free[n-1]
			free = free[:n-1]
			return b
		}
		return s.New()
	}
	var cerr error
	send := func(b *B) bool {
		if cctx.Err() != nil {
			return false
		}
		s.Work(0, b)
		if cctx.Err() == nil {
			if err := s.Consume(b); err != nil {
				cerr = err
				cancel()
			}
		}
		free = append(free, b)
		return cerr == nil && cctx.Err() == nil
	}
	perr := s.Produce(cctx, take, send)
	switch {
	case cerr != nil:
		return cerr
	case perr != nil:
		return perr
	}
	return ctx.Err()
}
