package bulk

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/shard"
)

// plainPath makes run answer a stream line by line (batch) instead of in blocks.
var plainPath bool

// run answers stdin as "analyze wythoff move ARGS" would (args start with "move";
// --all, --misere, --json, --max-line, --jobs and --shard), with the command's
// messages and exit statuses: the tests here compare paths through it.
func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	code = runCtx(context.Background(), args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), code
}

func runCtx(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("move", flag.ContinueOnError)
	a := Answerer{plain: plainPath}
	fs.BoolVar(&a.All, "all", false, "")
	fs.BoolVar(&a.Misere, "misere", false, "")
	fs.BoolVar(&a.JSON, "json", false, "")
	fs.IntVar(&a.MaxLine, "max-line", DefaultMaxLine, "")
	fs.IntVar(&a.Options.Workers, "jobs", 0, "")
	sh := fs.String("shard", "", "")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if *sh != "" {
		var err error
		if a.Options.Shard, err = shard.Parse(*sh); err != nil {
			return 2
		}
	}
	code := 0
	a.Options.OnError = func(err error) error {
		fmt.Fprintf(stderr, "analyze wythoff move: %s\n", message(err.(*InputError)))
		code = 1
		return nil
	}
	var out bytes.Buffer
	_, err := a.Answer(ctx, stdin, &out)
	stdout.Write(out.Bytes())
	var le *InputError
	switch {
	case err == nil:
		return code
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "analyze wythoff move: interrupted\n")
		return 130
	case errors.As(err, &le):
		fmt.Fprintf(stderr, "analyze wythoff move: %s\n", message(le))
	default:
		fmt.Fprintf(stderr, "analyze wythoff move: %v\n", err)
	}
	return 1
}

// message is the command's text for a bad line.
func message(e *InputError) string {
	var long *LongLineError
	if errors.As(e.Err, &long) {
		return fmt.Sprintf("stdin:%d: line of %d bytes is longer than --max-line %d (starts %s...)", e.Line, long.Length, long.Max, strconv.Quote(string(long.Prefix)))
	}
	return fmt.Sprintf("stdin:%d: %v", e.Line, e.Err)
}
