package wythoffcmd

import (
	"context"
	"io"
	"os"
)

// ctxReader reads r in a goroutine of its own so that a read blocked on a terminal,
// pipe or FIFO that sends nothing does not keep Ctrl-C waiting: Read returns ctx.Err()
// as soon as ctx is cancelled (the blocked read is abandoned with the process).
type ctxReader struct {
	ctx  context.Context
	req  chan []byte
	resp chan readResult
	busy bool
}

type readResult struct {
	n   int
	err error
}

// interruptible wraps stdin-like readers (an *os.File) in a ctxReader; other readers
// (in-memory ones in tests) are returned as they are.
func interruptible(ctx context.Context, r io.Reader) io.Reader {
	if _, ok := r.(*os.File); !ok || ctx.Done() == nil {
		return r
	}
	cr := &ctxReader{ctx: ctx, req: make(chan []byte), resp: make(chan readResult, 1)}
	go func() {
		for p := range cr.req {
			n, err := r.Read(p)
			cr.resp <- readResult{n, err}
		}
	}()
	return cr
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if !c.busy {
		c.busy = true
		c.req <- p
	}
	select {
	case res := <-c.resp:
		c.busy = false
		return res.n, res.err
	case <-c.ctx.Done():
		// the goroutine may still write into p; it is never read again
		return 0, c.ctx.Err()
	}
}
