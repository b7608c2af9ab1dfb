package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/fileio"
)

// Output runs work on stdout ("" or "-") or on the file outPath, written atomically,
// and finishes it with Finish. Binary output to a terminal and an outPath naming a
// directory are refused first, with ExitUsage.
func Output(cmd, outPath string, binary bool, stdout, stderr io.Writer, work func(out io.Writer) error) int {
	toStdout := outPath == "" || outPath == "-"
	if binary && toStdout && term.IsTerminal(stdout) {
		return Usagef(stderr, cmd, "refusing to write binary output to a terminal; redirect it or use --out FILE")
	}
	if fi, err := os.Stat(outPath); !toStdout && err == nil && fi.IsDir() {
		return Usagef(stderr, cmd, "--out %s is a directory; give a file name", outPath)
	}
	out, err := fileio.CreateOutput(outPath, stdout)
	if err != nil {
		return Finish(cmd, nil, err, stderr)
	}
	return Finish(cmd, out, work(out), stderr)
}

// Finish commits out (a file appears whole) when the work returned err == nil and
// aborts it otherwise (out may be nil), reports a failure as "analyze CMD: ..." and
// returns the exit status: ExitInterrupted after a cancelled context, else ExitFail.
func Finish(cmd string, out *fileio.Output, err error, stderr io.Writer) int {
	if err == nil {
		if err = out.Commit(); err == nil {
			return ExitOK
		}
		fmt.Fprintf(stderr, "analyze %s: %v\n", cmd, err)
		return ExitFail
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return Interrupted(cmd, out, stderr, "")
	}
	if out != nil {
		out.Abort()
	}
	fmt.Fprintf(stderr, "analyze %s: %v\n", cmd, err)
	return ExitFail
}

// Interrupted ends a run stopped by Ctrl-C or SIGTERM, the same way in every command:
// out (may be nil) is aborted, so what was finished stays written on stdout but a file
// output never appears under its name (one that existed keeps its old content); it
// prints "analyze CMD: interrupted" with detail (such as "after 12 games", may be "")
// and which file was not written, and returns ExitInterrupted.
func Interrupted(cmd string, out *fileio.Output, stderr io.Writer, detail string) int {
	msg := "interrupted"
	if detail != "" {
		msg += " " + detail
	}
	if out != nil {
		out.Abort()
		if out.Atomic() {
			msg += "; " + out.Path() + " not written"
		}
	}
	fmt.Fprintf(stderr, "analyze %s: %s\n", cmd, msg)
	return ExitInterrupted
}
