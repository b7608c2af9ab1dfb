package bot

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt/search"
	"github.com/boardlab/boardlab/fileio/textin"
)

type failWriter struct{}

var errWrite = errors.New("write failed")

func (failWriter) Write([]byte) (int, error) { return 0, errWrite }

// session is one protocol's Run.
type session func(ctx context.Context, r io.Reader, w, log io.Writer) error

func sessions() map[string]session {
	return map[string]session{
		"aigames":   AIGames{Engine: smallEngine(), Depth: 2}.Run,
		"codingame": CodinGame{Engine: smallEngine(), Depth: 2}.Run,
	}
}

// smallEngine returns an engine with a 1 MiB table, options NewEngine does not refuse.
func smallEngine() *search.Engine {
	e, err := search.NewEngine(search.Options{TableBytes: 1 << 20})
	if err != nil {
		panic(err)
	}
	return e
}

var goodInput = map[string]string{
	"aigames": "settings your_botid 1\nupdate game field " + strings.TrimSuffix(strings.Repeat("0,", 81), ",") +
		"\nupdate game macroboard " + strings.TrimSuffix(strings.Repeat("-1,", 9), ",") + "\naction move 1000\n",
	"codingame": "-1 -1\n81\n" + allCells(),
}

// allCells lists the 81 cells as "row col" lines.
func allCells() string {
	var b strings.Builder
	for r := range 9 {
		for c := range 9 {
			b.WriteString(string(rune('0'+r)) + " " + string(rune('0'+c)) + "\n")
		}
	}
	return b.String()
}

// TestRunResults checks what Run returns: nil after good input, ErrBadInput after a bad
// line (the good turn still answered), ctx.Err() when cancelled while waiting for
// input, and the writer's error when an answer cannot be written.
func TestRunResults(t *testing.T) {
	for name, run := range sessions() {
		var out, log strings.Builder
		if err := run(context.Background(), strings.NewReader(goodInput[name]), &out, &log); err != nil || out.Len() == 0 || log.Len() > 0 {
			t.Errorf("%s good input: err %v, out %q, log %q", name, err, out.String(), log.String())
		}

		out.Reset()
		log.Reset()
		bad := "x y z\n" + goodInput[name]
		if name == "codingame" {
			bad = goodInput[name] + "9 9\n1\n4 3\n"
		}
		err := run(context.Background(), strings.NewReader(bad), &out, &log)
		if !errors.Is(err, ErrBadInput) || out.Len() == 0 || !strings.Contains(log.String(), "line ") {
			t.Errorf("%s bad line: err %v, out %q, log %q", name, err, out.String(), log.String())
		}

		ctx, cancel := context.WithCancel(context.Background())
		pr, pw := io.Pipe()
		done := make(chan error, 1)
		go func() { done <- run(ctx, pr, io.Discard, io.Discard) }()
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s cancelled: err %v, want context.Canceled", name, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: Run did not return after cancel", name)
		}
		pw.Close()

		if err := run(context.Background(), strings.NewReader(goodInput[name]), failWriter{}, io.Discard); !errors.Is(err, errWrite) {
			t.Errorf("%s failing writer: err %v, want %v", name, err, errWrite)
		}
	}
}

// TestLongLines: a line over the protocol's limit is skipped and reported by an AI Games
// session, which goes on to answer; a CodinGame session stops with an error naming the
// line, as its referee's lines are never that long.
func TestLongLines(t *testing.T) {
	long := strings.Repeat("x", 1<<17) + "\n"
	var out, log strings.Builder
	err := sessions()["aigames"](context.Background(), strings.NewReader(long+goodInput["aigames"]), &out, &log)
	if !errors.Is(err, ErrBadInput) || out.Len() == 0 || !strings.Contains(log.String(), "line 1: a line of 131072 bytes is longer than") {
		t.Errorf("aigames: err %v, out %q, log %q", err, out.String(), log.String())
	}
	out.Reset()
	err = sessions()["codingame"](context.Background(), strings.NewReader("-1 -1\n81\n"+long+allCells()), &out, io.Discard)
	if err == nil || !strings.HasPrefix(err.Error(), "line 3: ") || out.Len() != 0 {
		t.Errorf("codingame: err %v, out %q", err, out.String())
	}
}

// zeros reads as /dev/zero does: NUL bytes without end.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestBinaryInput: binary input (NUL bytes, as from /dev/zero) ends both sessions with a
// *textin.BinaryError naming the line, after answering the good lines before it.
func TestBinaryInput(t *testing.T) {
	for name, run := range sessions() {
		for _, c := range []struct {
			in     io.Reader
			answer bool
		}{{zeros{}, false}, {io.MultiReader(strings.NewReader(goodInput[name]), zeros{}), true}} {
			var out strings.Builder
			done := make(chan error, 1)
			go func() { done <- run(context.Background(), c.in, &out, io.Discard) }()
			select {
			case err := <-done:
				var be *textin.BinaryError
				if !errors.As(err, &be) || !strings.HasPrefix(err.Error(), "line ") || (out.Len() > 0) != c.answer {
					t.Errorf("%s (good lines first: %v): err %v, out %q", name, c.answer, err, out.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("%s: Run did not return on binary input", name)
			}
		}
	}
}

// TestLongValues: a bad value's message quotes its start only, however long the value.
func TestLongValues(t *testing.T) {
	long := strings.Repeat("7", 60000) + "x"
	for _, in := range []string{
		"settings timebank " + long, "settings time_per_move " + long, "settings your_botid " + long,
		"settings " + long + " 1", "update game " + long + " 1", "update game round " + long,
		"action move " + long,
	} {
		var log strings.Builder
		err := sessions()["aigames"](context.Background(), strings.NewReader(in+"\n"), io.Discard, &log)
		if !errors.Is(err, ErrBadInput) || !strings.Contains(log.String(), `"777`) || log.Len() > 300 {
			t.Errorf("%.30s...: err %v, log of %d bytes: %.300s", in, err, log.Len(), log.String())
		}
	}
}
