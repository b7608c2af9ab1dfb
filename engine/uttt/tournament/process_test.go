package tournament

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/internal/fixture"
)

// writeScript writes an executable shell script into dir.
func writeScript(t testing.TB, dir, name, body string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	fixture.WriteScript(t, path, body)
	return path
}

var startArgs = strings.Fields("X --------- --------- --------- --------- --------- --------- --------- --------- --------- --------- xx")

// liveness bounds what must end but has no deadline of its own (a turn's end past its
// limit, processes dying): far beyond what any machine needs.
const liveness = 30 * time.Second

func TestProcessAnswers(t *testing.T) {
	dir := t.TempDir()
	marker := dir
	// child.sh sleeps; its command line holds the temp dir name, so leftovers can be found.
	child := writeScript(t, dir, "child.sh", "sleep 30")
	cases := []struct {
		name, body string
		want       string // the output, when no error is expected
		err        error  // a sentinel, or nil
		crash      bool
	}{
		{"ok", `echo 44`, "44\n", nil, false},
		{"args", `echo "$1$#"`, "X12\n", nil, false},
		{"cwd", `pwd`, dir + "\n", nil, false},
		{"crash", `echo 44; exit 3`, "", nil, true},
		{"stderr-flood-then-answer", `i=0; while [ $i -lt 2000 ]; do echo "debug line $i" >&2; i=$((i+1)); done; echo 44`, "44\n", nil, false},
		{"signal", `kill -SEGV $$`, "", nil, true},
		{"hang", `sleep 30`, "", ErrTimeout, false},
		{"late", `sleep 30; echo 44`, "", ErrTimeout, false},
		{"flood", `while :; do echo 4444444444444444444444444444; done`, "", ErrFlood, false},
		{"closed-stdout-then-hang", `exec >&-; sleep 30`, "", ErrTimeout, false},
		{"child-left-behind", child + ` & echo 44`, "44\n", nil, false},
		{"child-and-hang", child + ` & ` + child + `; echo 44`, "", ErrTimeout, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The limit leaves a valid turn (a shell starting) seconds to spare on a
			// loaded machine; the slow bots sleep 28 s past it.
			p := &Process{Argv: []string{writeScript(t, dir, c.name+".sh", c.body)}, Dir: dir, Limit: 2 * time.Second}
			start := time.Now()
			out, err := p.Answer(context.Background(), startArgs)
			el := time.Since(start)
			switch {
			case c.crash:
				if err == nil || !strings.HasPrefix(err.Error(), "crashed") {
					t.Fatalf("err = %v, want a crash", err)
				}
			case c.err != nil:
				if !errors.Is(err, c.err) {
					t.Fatalf("err = %v, want %v (output %q)", err, c.err, out)
				}
			default:
				if err != nil || out != c.want {
					t.Fatalf("got %q, %v; want %q", out, err, c.want)
				}
			}
			if el > liveness {
				t.Fatalf("turn took %v", el)
			}
			// Everything the bot started must be gone.
			fixture.WaitGone(t, marker, liveness)
		})
	}
}

func TestProcessZeroO(t *testing.T) {
	dir := t.TempDir()
	p := &Process{Argv: []string{writeScript(t, dir, "echo.sh", `echo "$@"`)}, Dir: dir, Limit: time.Second, ZeroO: true}
	args := strings.Fields("O --------- --------- --------- --------X --------- --------- --------- --------- ----O---- --------- 84")
	out, err := p.Answer(context.Background(), args)
	if want := "O --------- --------- --------- --------X --------- --------- --------- --------- ----0---- --------- 84\n"; err != nil || out != want {
		t.Fatalf("got %q, %v; want %q", out, err, want)
	}
}

func TestProcessStderrInError(t *testing.T) {
	dir := t.TempDir()
	p := &Process{Argv: []string{writeScript(t, dir, "tb.sh", `echo Traceback >&2; echo "ZeroDivisionError: division by zero" >&2; exit 1`)}, Dir: dir, Limit: time.Second}
	_, err := p.Answer(context.Background(), startArgs)
	if err == nil || err.Error() != `crashed: exit status 1; stderr: "ZeroDivisionError: division by zero"` {
		t.Fatalf("err = %v", err)
	}
	p = &Process{Argv: []string{writeScript(t, dir, "slow.sh", `echo thinking >&2; sleep 30`)}, Dir: dir, Limit: 2 * time.Second}
	if _, err = p.Answer(context.Background(), startArgs); !errors.Is(err, ErrTimeout) || !strings.HasSuffix(err.Error(), `stderr: "thinking"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestProcessMissingProgram(t *testing.T) {
	p := &Process{Argv: []string{filepath.Join(t.TempDir(), "nope")}, Dir: t.TempDir(), Limit: time.Second}
	if _, err := p.Answer(context.Background(), startArgs); err == nil {
		t.Fatal("missing program: no error")
	}
}

func TestProcessCancel(t *testing.T) {
	dir := t.TempDir()
	p := &Process{Argv: []string{writeScript(t, dir, "hang.sh", "sleep 30")}, Dir: dir, Limit: time.Minute}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := p.Answer(ctx, startArgs); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's", err)
	}
}
