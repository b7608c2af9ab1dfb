// Command analyze is boardlab's command line: bulk analysis jobs for Go scoring
// (goban), Wythoff's Nim, quantum tic-tac-toe and meta tic-tac-toe.
//
// Run "analyze help" for the command list.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/boardlab/boardlab/fileio"
)

func main() {
	os.Exit(runMain(run))
}

// signalDelay is how long a command runs before Ctrl-C and SIGTERM are caught. The
// handler costs a thread (os/signal's receiving goroutine blocks outside the
// scheduler), about a sixth of a one-board command's start-up; a command that ends
// sooner never pays it, and a signal in its first 20 ms ends it as an uncaught one
// would (nothing half-written is left: outputs are renamed into place when complete).
const signalDelay = 20 * time.Millisecond

// runMain runs the command line with Ctrl-C and SIGTERM cancelling its context once it
// has run for signalDelay.
func runMain(run func(ctx context.Context, args []string, stdout, stderr io.Writer) int) int {
	ctx, cancel := context.WithCancel(context.Background())
	t := time.AfterFunc(signalDelay, func() {
		sigs := make(chan os.Signal, 2)
		signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
		interrupts(sigs, cancel)
	})
	defer t.Stop()
	return run(ctx, os.Args[1:], os.Stdout, os.Stderr)
}

// interrupts cancels the run at the first Ctrl-C (or SIGTERM): commands stop, write
// what they finished and exit with status 130. If that takes longer than half a second
// it says so; a second Ctrl-C exits at once, removing the temporary files of the
// outputs not yet written.
func interrupts(sigs <-chan os.Signal, cancel context.CancelFunc) {
	<-sigs
	cancel()
	select {
	case <-sigs:
	case <-time.After(500 * time.Millisecond):
		fmt.Fprintln(os.Stderr, "\nanalyze: interrupted, finishing what was started (Ctrl-C again to quit at once)")
		<-sigs
	}
	fileio.RemoveTemporaryFiles() // no output is committed now: leave none half-written
	fmt.Fprintln(os.Stderr, "\nanalyze: quit at once")
	os.Exit(130)
}
