package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/internal/fixture"
)

// liveness bounds what must end but has no deadline of its own (processes dying): far
// beyond what any machine needs.
const liveness = 30 * time.Second

// testSandbox returns a sandbox for tests, or skips the test where bwrap cannot run.
func testSandbox(t testing.TB) *Sandbox {
	t.Helper()
	sb, err := New(Sandbox{CPU: time.Second})
	if err != nil {
		t.Skipf("needs a working bubblewrap (Debian package bubblewrap): %v", err)
	}
	return sb
}

// runSandboxed runs argv in s for one turn without a cgroup, in its own process group
// killed when limit passes, and returns its stdout, its stderr and whether it timed out.
func runSandboxed(s *Sandbox, dir, folder string, hide []string, bot string, limit time.Duration) (stdout, stderr string, timedOut bool) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	argv := s.Command(dir, folder, hide, []string{bot}, "")
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = liveness
	if err := cmd.Start(); err != nil {
		return "", err.Error(), false
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		case <-done:
		}
	}()
	cmd.Wait()
	close(done)
	return out.String(), errb.String(), ctx.Err() != nil
}

func TestBotFolder(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "randBot"), 0o755)
	os.MkdirAll(filepath.Join(dir, "bin"), 0o755)
	for _, c := range []struct {
		argv []string
		want string
	}{
		{[]string{"python3", "randBot/bot.py"}, "randBot"},
		{[]string{filepath.Join(dir, "randBot", "bot")}, "randBot"},
		{[]string{filepath.Join(dir, "bin", "analyze"), "uttt", "bot"}, "bin"},
		{[]string{filepath.Join(dir, "bot.sh")}, ""},
		{[]string{"/usr/bin/python3", "/elsewhere/x.py"}, ""},
		{[]string{"python3", "missing/x.py"}, ""},
		{[]string{"sh", "../randBot/x"}, ""},
	} {
		got := BotFolder(dir, c.argv)
		want := ""
		if c.want != "" {
			want = filepath.Join(dir, c.want)
		}
		if got != want {
			t.Errorf("%q: %q, want %q", c.argv, got, want)
		}
	}
}

func TestFolders(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a", "b", "bin", "c"} {
		os.MkdirAll(filepath.Join(dir, d), 0o755)
	}
	for _, d := range []string{"a", "b"} {
		os.WriteFile(filepath.Join(dir, d, "data.txt"), nil, 0o644)
	}
	argvs := [][]string{
		{filepath.Join(dir, "a", "bot")},            // own folder a
		{"python3", "b/bot.py"},                     // own folder b
		{filepath.Join(dir, "bin", "analyze"), "x"}, // bin has no data.txt: no own folder
		{filepath.Join(dir, "c", "bot")},            // c has no data.txt either
		{filepath.Join(dir, "a", "other")},          // shares a
	}
	own, hide := Folders(dir, argvs)
	j := func(n string) string { return filepath.Join(dir, n) }
	wantOwn := []string{j("a"), j("b"), "", "", j("a")}
	wantHide := [][]string{{j("b")}, {j("a")}, {j("a"), j("b")}, {j("a"), j("b")}, {j("b")}}
	for i := range argvs {
		if own[i] != wantOwn[i] || strings.Join(hide[i], " ") != strings.Join(wantHide[i], " ") {
			t.Errorf("bot %d: own %q hide %q, want %q %q", i, own[i], hide[i], wantOwn[i], wantHide[i])
		}
	}
}

func TestScannerAcrossChunks(t *testing.T) {
	var sc Scanner
	for _, chunk := range []string{"debug\ncat: b/data.txt: Permission", " denied\nmore\n"} {
		sc.Write([]byte(chunk))
	}
	if sc.line != "cat: b/data.txt: Permission denied" {
		t.Fatalf("%q", sc.line)
	}
	sc = Scanner{}
	sc.Write([]byte("bwrap: Can't chdir to /x: Permission denied\nok\n"))
	if sc.line != "" {
		t.Fatalf("bwrap's own error taken for the bot's: %q", sc.line)
	}
	sc.Write([]byte("bwrap: Permission denied\ncat: b/data.txt: Permission denied\n"))
	if sc.line != "cat: b/data.txt: Permission denied" {
		t.Fatalf("%q", sc.line)
	}
	sc = Scanner{}
	sc.Write([]byte(strings.Repeat("x", 10000) + "\nfine\n"))
	if sc.line != "" {
		t.Fatalf("%q", sc.line)
	}
}

// TestSandboxCleansStaleCgroups: the turn cgroups of a controller that was killed are
// removed by the next one, with anything still running in them.
func TestSandboxCleansStaleCgroups(t *testing.T) {
	sb := testSandbox(t)
	if sb.cgroup == "" {
		t.Skip("no writable pids cgroup here")
	}
	// A pid that is surely dead: a finished child's.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	dead := cmd.Process.Pid
	stale := filepath.Join(sb.cgroup, fmt.Sprintf("%s%d-7", CgroupPrefix, dead))
	if err := os.Mkdir(stale, 0o755); err != nil {
		t.Fatal(err)
	}
	// A process left in it, as a killed controller's turn would leave.
	sleeper := exec.Command("/bin/sh", "-c", `echo $$ > "$0/cgroup.procs" && exec sleep 3132`, stale)
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	go sleeper.Wait()
	deadline := time.Now().Add(liveness)
	for len(cgroupPids(stale)) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	mine := filepath.Join(sb.cgroup, fmt.Sprintf("%s%d-999999", CgroupPrefix, os.Getpid()))
	os.Mkdir(mine, 0o755)
	defer os.Remove(mine)
	testSandbox(t)
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Fatalf("stale cgroup %s still there (%v)", stale, err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Fatalf("this controller's own cgroup was removed: %v", err)
	}
	if l := fixture.Leftovers("3132"); len(l) > 0 {
		t.Fatalf("process left: %q", l)
	}
}

// TestSandboxRootWithoutCgroup: root without a writable pids cgroup runs a bot as the
// owner of its folder (here nobody, 65534) under RLIMIT_NPROC, so a fork bomb is bounded.
func TestSandboxRootWithoutCgroup(t *testing.T) {
	sb := testSandbox(t)
	if !sb.root || sb.setpriv == "" && sb.cgroup == "" {
		t.Skip("needs root and setpriv")
	}
	if sb.setpriv == "" {
		var err error
		if sb.setpriv, err = exec.LookPath("setpriv"); err != nil {
			t.Skip("needs setpriv")
		}
	}
	s := *sb
	s.cgroup = ""
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, d := range []string{a, b} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(d, "data.txt"), []byte("notes\n"), 0o644)
	}
	// The bot must reach its folder as nobody.
	for d := a; d != "/" && d != os.TempDir(); d = filepath.Dir(d) {
		os.Chmod(d, 0o755)
	}
	os.Chown(a, 65534, 65534)
	os.Chown(filepath.Join(a, "data.txt"), 65534, 65534)
	bot := filepath.Join(a, "bot.sh")
	fixture.WriteScript(t, bot, `id -u >&2; echo x >> "$(dirname "$0")/data.txt" && echo 44`)
	os.Chown(bot, 65534, 65534)
	if out, stderr, timedOut := runSandboxed(&s, dir, a, []string{b}, bot, 5*time.Second); timedOut || out != "44\n" {
		t.Fatalf("%q, timed out %v, stderr %q", out, timedOut, stderr)
	}
	if !strings.Contains(s.Limits(), "owner of its folder") {
		t.Fatalf("limits: %s", s.Limits())
	}
	fixture.WriteScript(t, bot, `bomb() { bomb & bomb & exec sleep 3134; }; bomb`)
	os.Chown(bot, 65534, 65534)
	_, stderr, timedOut := runSandboxed(&s, dir, a, []string{b}, bot, 3*time.Second)
	if !timedOut || !strings.Contains(stderr, "Cannot fork") {
		t.Fatalf("fork bomb: timed out %v, stderr %q", timedOut, stderr)
	}
	fixture.WaitGone(t, "sleep\x003134", liveness)
}

// TestLineAroundKeepsTheMark: a violation found in a long stderr line is quoted with the
// line's start and the mark itself, however long the paths before it.
func TestLineAroundKeepsTheMark(t *testing.T) {
	line := "/tmp/" + strings.Repeat("p", 300) + "/bot.sh: 2: cannot create ../x: Read-only file system"
	w := []byte("before\n" + line + "\nafter\n")
	got := lineAround(w, strings.Index(string(w), "Read-only"))
	if !strings.Contains(got, "Read-only file system") || !strings.HasPrefix(got, "/tmp/ppp") || len(got) > 220 {
		t.Fatalf("%q", got)
	}
	if short := lineAround([]byte("a\nshort: Permission denied\nb"), 9); short != "short: Permission denied" {
		t.Fatalf("%q", short)
	}
}

// TestCommandRunsBot runs what the package example runs: a bot writing in its folder
// and answering, in a turn cgroup ended afterwards; writing in the judge's directory
// beside its folder fails with a mark the Scanner finds.
func TestCommandRunsBot(t *testing.T) {
	sb := testSandbox(t)
	dir := t.TempDir()
	folder := filepath.Join(dir, "bot")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		script, out string
		violation   bool
	}{
		{"echo 44 > bot/answer; cat bot/answer", "44\n", false},
		{"echo 44 > outside; echo 45", "45\n", true},
	} {
		cg, err := sb.NewCgroup()
		if err != nil {
			t.Fatal(err)
		}
		argv := sb.Command(dir, folder, nil, []string{"/bin/sh", "-c", c.script}, cg)
		cmd := exec.Command(argv[0], argv[1:]...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if _, cerr := EndCgroup(cg); cerr != nil {
			t.Errorf("%s: ending the cgroup: %v", c.script, cerr)
		}
		if err != nil || string(out) != c.out {
			t.Errorf("%s: %q, %v (stderr %q), want %q", c.script, out, err, stderr.String(), c.out)
		}
		var sc Scanner
		sc.Write(stderr.Bytes())
		if (sc.Violation() != "") != c.violation {
			t.Errorf("%s: violation %q, want one: %v", c.script, sc.Violation(), c.violation)
		}
		if _, err := os.Stat(filepath.Join(dir, "outside")); err == nil {
			t.Errorf("%s: wrote outside its folder", c.script)
		}
	}
	if b, err := os.ReadFile(filepath.Join(folder, "answer")); err != nil || string(b) != "44\n" {
		t.Errorf("the bot's own file: %q, %v", b, err)
	}
}
