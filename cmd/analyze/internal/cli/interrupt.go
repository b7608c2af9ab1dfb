package cli

import (
	"context"
	"sync"
)

var (
	interruptMu  sync.Mutex
	interruptCtx = context.Background()
)

// SetInterruptContext sets the context InterruptContext returns; main sets it to the
// context that Ctrl-C cancels.
func SetInterruptContext(ctx context.Context) {
	interruptMu.Lock()
	interruptCtx = ctx
	interruptMu.Unlock()
}

// InterruptContext returns the context set by SetInterruptContext (Background before),
// for commands that open inputs without a context of their own.
func InterruptContext() context.Context {
	interruptMu.Lock()
	defer interruptMu.Unlock()
	return interruptCtx
}
