package tournament

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/uttt"
	"github.com/boardlab/boardlab/internal/fixture"
	"github.com/boardlab/boardlab/sandbox"
)

var startPos = uttt.Start()

// errLeftOrTimeout accepts sandbox.ErrLeftRunning or ErrTimeout in the table of hostile bots.
var errLeftOrTimeout = errors.New("left running or timeout")

// testSandbox returns a sandbox for tests, or skips the test where bwrap cannot run.
func testSandbox(t testing.TB) *sandbox.Sandbox {
	t.Helper()
	sb, err := sandbox.New(sandbox.Sandbox{CPU: time.Second})
	if err != nil {
		t.Skipf("needs a working bubblewrap (Debian package bubblewrap): %v", err)
	}
	return sb
}

// snapshot maps every file under the roots, except those under skip, to a digest of its
// mode and content.
func snapshot(t testing.TB, skip string, roots ...string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				m[p] = "error: " + err.Error()
				return nil
			}
			if skip != "" && under(p, skip) {
				return filepath.SkipDir
			}
			fi, err := d.Info()
			if err != nil {
				return nil
			}
			h := fi.Mode().String()
			if fi.Mode().IsRegular() {
				b, _ := os.ReadFile(p)
				h += fmt.Sprintf(" %x", sha256.Sum256(b))
			}
			m[p] = h
			return nil
		})
	}
	return m
}

func sameSnapshot(t testing.TB, before, after map[string]string) {
	t.Helper()
	for p, h := range before {
		if after[p] != h {
			t.Errorf("%s changed: %q -> %q", p, h, after[p])
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s appeared", p)
		}
	}
}

// field is a tournament directory of two bots, a and b, each in its own folder with a
// data.txt, plus a directory outside it with a canary file.
type field struct {
	dir, a, b, outside string
}

func newField(t *testing.T) field {
	t.Helper()
	return newFieldIn(t, t.TempDir(), t.TempDir())
}

// newFieldIn makes the field in dir with the canary in outside.
func newFieldIn(t *testing.T, dir, outside string) field {
	t.Helper()
	f := field{dir: dir, outside: outside}
	f.a, f.b = filepath.Join(f.dir, "a"), filepath.Join(f.dir, "b")
	for _, d := range []string{f.a, f.b} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(f.a, "data.txt"), []byte("a's notes\n"), 0o644)
	os.WriteFile(filepath.Join(f.b, "data.txt"), []byte("b's secret\n"), 0o644)
	os.WriteFile(filepath.Join(f.dir, "instructions.txt"), []byte("2\na\n./a/bot.sh\nb\n./b/bot.sh\n"), 0o644)
	os.WriteFile(filepath.Join(f.outside, "canary"), []byte("untouched\n"), 0o644)
	return f
}

// bot writes a's script and returns a's player.
func (f field) bot(t *testing.T, sb *sandbox.Sandbox, body string, limit time.Duration) *Process {
	t.Helper()
	writeScript(t, f.a, "bot.sh", body)
	return &Process{Argv: []string{filepath.Join(f.a, "bot.sh")}, Dir: f.dir, Limit: limit,
		Sandbox: sb, Folder: f.a, Hide: []string{f.b}}
}

// noneAlive waits up to the liveness deadline for the processes whose command line
// mentions marker to be gone, and checks that no turn cgroup is left.
func noneAlive(t *testing.T, sb *sandbox.Sandbox, marker string) {
	t.Helper()
	fixture.WaitGone(t, marker, liveness)
	if sb.Cgroup() != "" {
		ents, _ := os.ReadDir(sb.Cgroup())
		prefix := fmt.Sprintf("%s%d-", sandbox.CgroupPrefix, os.Getpid())
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), prefix) {
				t.Errorf("turn cgroup left behind: %s", e.Name())
			}
		}
	}
}

func TestSandboxWellBehaved(t *testing.T) {
	sb := testSandbox(t)
	f := newField(t)
	// A bot reads and appends to its own data.txt, uses /tmp and answers: valid, and
	// data.txt persists between turns while /tmp does not.
	p := f.bot(t, sb, `d="$(dirname "$0")"; n=$(wc -l < "$d/data.txt"); echo turn >> "$d/data.txt"
ls /tmp >&2; echo scratch > /tmp/x; pwd >&2; echo 4$n`, 5*time.Second)
	before := snapshot(t, f.a, f.dir, f.outside)
	for i, want := range []string{"41\n", "42\n"} {
		out, err := p.Answer(context.Background(), startArgs)
		if err != nil || out != want {
			t.Fatalf("turn %d: %q, %v; want %q", i+1, out, err, want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(f.a, "data.txt")); string(b) != "a's notes\nturn\nturn\n" {
		t.Fatalf("data.txt = %q", b)
	}
	sameSnapshot(t, before, snapshot(t, f.a, f.dir, f.outside))
	noneAlive(t, sb, f.dir)
}

// TestSandboxHostileBots runs one turn of each hostile bot: each must end as an invalid
// move with the expected reason, leave no process alive, change no file outside its
// folder, and leave the controller able to run the next turn.
func TestSandboxHostileBots(t *testing.T) {
	sb := testSandbox(t)
	cases := []struct {
		name, body string
		err        error  // a sentinel the error wraps, or nil for a crash
		reason     string // a part of the error's text
	}{
		// Each process forks two more and sleeps, until the process limit stops the
		// forks: the bot itself sleeps and overruns. (When the limit is reached before
		// the bot's own shell has forked both, its shell fails "Cannot fork" and exits,
		// leaving its bombs: also an invalid move, and they die with the turn as well.)
		{"forkbomb", `bomb() { bomb & bomb & exec sleep 3133; }; bomb`, errLeftOrTimeout, ""},
		// The same in the background while the bot answers: the bombs are left running.
		// (On a loaded machine the spinning bombs may also make the bot overrun.)
		{"forkbomb-background", `bomb() { bomb & bomb & exec sleep 3133; }; bomb & sleep 0.2; echo 44`, errLeftOrTimeout, ""},
		{"setsid-daemon", `(setsid sh -c 'sleep 3133' &); (setsid sh -c 'sleep 3133 & sleep 3133' &); echo 44`, sandbox.ErrLeftRunning, " processes)"},
		{"writer-outside", `echo x >> instructions.txt; echo x >> "$(dirname "$0")/../b/data.txt"; echo x > /etc/boardlab-test; echo 44`, sandbox.ErrViolation, "Read-only file system"},
		{"writer-parent", `echo x >> ../canary; echo x > "$(dirname "$0")/../new-file"; echo 44`, sandbox.ErrViolation, "Read-only file system"},
		{"reader-other", `cat b/data.txt >&2; echo 44`, sandbox.ErrViolation, "Permission denied"},
		{"kill-parent", `kill -TERM $PPID; kill -KILL $PPID; kill -KILL -1; sleep 1; echo 44`, nil, "crashed"},
		{"stop-parent", `kill -STOP $PPID; kill -STOP 1; echo 44`, ErrTimeout, ""},
		// Reads 1.5 GB into one buffer: more than the 1 GiB address space allowed.
		{"memory-hog", `exec dd if=/dev/zero of=/dev/null bs=1500M count=1`, nil, "memory exhausted"},
		{"stop-itself", `kill -STOP $$; echo 44`, ErrTimeout, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newField(t)
			if c.name == "writer-parent" {
				// The parent of a directory under /tmp is the sandbox's private /tmp,
				// where writes succeed and vanish; this bot needs a directory in a
				// read-only part of its view (here the package's own directory), with the
				// canary in its parent.
				parent, err := os.MkdirTemp(".", ".sandbox-test-")
				if err != nil {
					t.Skipf("needs a directory outside /tmp: %v", err)
				}
				if parent, err = filepath.Abs(parent); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { os.RemoveAll(parent) })
				os.Mkdir(filepath.Join(parent, "tour"), 0o755)
				f = newFieldIn(t, filepath.Join(parent, "tour"), parent)
			}
			// The limit leaves the bots that answer seconds to spare on a loaded machine;
			// the ones that overrun never answer.
			p := f.bot(t, sb, c.body, 3*time.Second)
			before := snapshot(t, f.a, f.dir, f.outside, "/etc")
			start := time.Now()
			out, err := p.Answer(context.Background(), startArgs)
			el := time.Since(start)
			m, why := Judge(&startPos, out, err)
			if why == "" {
				t.Fatalf("valid move %v (output %q): want an invalid move", m, out)
			}
			if c.err == errLeftOrTimeout {
				if !errors.Is(err, sandbox.ErrLeftRunning) && !errors.Is(err, ErrTimeout) {
					t.Fatalf("err = %v, want processes left running or an overrun", err)
				}
			} else if c.err != nil && !errors.Is(err, c.err) {
				t.Fatalf("err = %v, want %v", err, c.err)
			}
			if c.err == nil && !strings.HasPrefix(err.Error(), "crashed") {
				t.Fatalf("err = %v, want a crash", err)
			}
			if !strings.Contains(err.Error(), c.reason) {
				t.Fatalf("err = %v, want it to mention %q", err, c.reason)
			}
			if el > liveness {
				t.Fatalf("turn took %v", el)
			}
			t.Logf("%s: %v (%v)", c.name, why, el.Round(time.Millisecond))
			noneAlive(t, sb, f.dir)
			noneAlive(t, sb, "sleep\x003133")
			sameSnapshot(t, before, snapshot(t, f.a, f.dir, f.outside, "/etc"))
			if _, err := os.Stat("/etc/boardlab-test"); err == nil {
				t.Fatal("/etc/boardlab-test written")
			}
			// The controller still runs turns.
			q := f.bot(t, sb, `echo 44`, 5*time.Second)
			if out, err := q.Answer(context.Background(), startArgs); err != nil || out != "44\n" {
				t.Fatalf("next turn: %q, %v", out, err)
			}
		})
	}
}

func TestSandboxDisqualify(t *testing.T) {
	sb := testSandbox(t)
	f := newField(t)
	x := f.bot(t, sb, `cat b/data.txt; echo 44`, 5*time.Second)
	o := &script{answers: []string{"40"}}
	r, err := PlayWith(context.Background(), x, o, Options{Disqualify: true})
	if err != nil || r.Disqualified != "X" || r.Result != "O" || len(r.Turns) != 1 || r.Points != [2]int{-1, 100 + 81} || r.Invalid != [2]int{1, 0} {
		t.Fatalf("%+v, %v", r, err)
	}
	if !strings.HasPrefix(r.Turns[0].Invalid, sandbox.ErrViolation.Error()) {
		t.Fatalf("turn: %+v", r.Turns[0])
	}
	noneAlive(t, sb, f.dir)
	// Without Disqualify the same turn is an invalid move and the game goes on (an
	// in-process player returning the sandbox's error, to keep the test short).
	violator := &script{}
	r, _ = Play(context.Background(), playerFunc(func(args []string) (string, error) {
		if args[11] == "xx" && strings.Count(strings.Join(args[1:10], ""), "-") == 81 {
			return "44\n", fmt.Errorf("%w; stderr: %q", sandbox.ErrViolation, "cat: b/data.txt: Permission denied")
		}
		return violator.Answer(context.Background(), args)
	}), &script{answers: []string{"40"}})
	if r.Disqualified != "" || len(r.Turns) < 2 || r.Turns[0].Invalid == "" || r.Turns[1].Move != "40" {
		t.Fatalf("%+v", r)
	}
}

type playerFunc func([]string) (string, error)

func (f playerFunc) Answer(_ context.Context, args []string) (string, error) { return f(args) }

// TestSandboxView checks what a bot sees: the system read-only, no users' files or
// service sockets, no network but loopback, only its own processes.
func TestSandboxView(t *testing.T) {
	sb := testSandbox(t)
	f := newField(t)
	p := f.bot(t, sb, `for d in /home /root /run; do [ ! -d $d ] || [ -z "$(ls -A $d)" ] || { echo "$d: $(ls -A $d)" >&2; exit 1; }; done
grep -q . /etc/passwd || exit 2
n=$(grep -c : /proc/net/dev); [ "$n" = 1 ] || { echo "network interfaces: $n" >&2; exit 3; }
n=$(ls /proc | grep -c '^[0-9]'); [ "$n" -le 6 ] && grep -q bwrap /proc/1/cmdline || { echo "processes: $n" >&2; exit 4; }
[ "$(id -u)" = "$(stat -c %u "$(dirname "$0")")" ] || [ "$(id -u)" = 0 ] || exit 5
grep -q '^CapEff:	0000000000000000' /proc/self/status || exit 6
echo 44`, 5*time.Second)
	if out, err := p.Answer(context.Background(), startArgs); err != nil || out != "44\n" {
		t.Fatalf("%q, %v", out, err)
	}
}

// TestSandboxCancel: Ctrl-C (a cancelled context) ends a sandboxed turn at once, with
// everything it started.
func TestSandboxCancel(t *testing.T) {
	sb := testSandbox(t)
	f := newField(t)
	p := f.bot(t, sb, `(setsid sleep 3135 &); sleep 3135`, time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := p.Answer(ctx, startArgs); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's", err)
	}
	if el := time.Since(start); el > liveness {
		t.Fatalf("cancelled turn took %v", el)
	}
	noneAlive(t, sb, "sleep\x003135")
}

// under reports whether path is root or inside it.
func under(path, root string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// TestNewPlayersHiddenFile: a bot whose command names a file outside DIR that the
// sandbox hides (a script under /home, /root or /tmp) gets a warning naming the file
// and the way out, as a hidden program does; a script inside DIR, wherever DIR is,
// gets none.
func TestNewPlayersHiddenFile(t *testing.T) {
	sb := testSandbox(t)
	dir, elsewhere := t.TempDir(), t.TempDir()
	script := filepath.Join(elsewhere, "bot.py")
	writeScript(t, elsewhere, "bot.py", "")
	if sb.Hidden(script, dir) == "" {
		t.Skipf("the temporary folder %s is not under a folder the sandbox hides", elsewhere)
	}
	os.Mkdir(filepath.Join(dir, "in"), 0o755)
	writeScript(t, filepath.Join(dir, "in"), "bot.py", "")
	bots := []Bot{
		{Name: "out", Argv: []string{"/bin/sh", script, "--flag", "x/y"}, Line: 3},
		{Name: "in", Argv: []string{"/bin/sh", "in/bot.py"}, Line: 5},
	}
	_, problems := NewPlayers(bots, Setup{Dir: dir, Shown: dir, Limit: time.Second, Sandbox: sb})
	var hidden []string
	for _, p := range problems {
		if strings.Contains(p.Text, "hides") {
			hidden = append(hidden, p.Text)
		}
	}
	if len(hidden) != 1 || !strings.Contains(hidden[0], "bot 1 (out)") || !strings.Contains(hidden[0], script) ||
		!strings.Contains(hidden[0], "--expose") || !strings.Contains(hidden[0], ":3:") {
		t.Fatalf("warnings about hidden files: %q", hidden)
	}
}
