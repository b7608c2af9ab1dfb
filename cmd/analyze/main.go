// Command analyze is boardlab's command line: bulk analysis jobs for Go scoring
// (goban), Wythoff's Nim, quantum tic-tac-toe and meta tic-tac-toe.
//
// Run "analyze help" for the command list.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
