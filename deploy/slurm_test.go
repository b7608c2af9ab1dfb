package deploy

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// slurmArrayMax is the largest array size of the scaled-down script.
const slurmArrayMax = 4

// scaledSlurmScript is slurm.sh at test sizes: arrays of at most slurmArrayMax tasks and
// sizes of 1000 (games, positions) instead of the production ones.
func scaledSlurmScript(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("slurm.sh")
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`--array=0-(\d+)`).ReplaceAllStringFunc(string(data), func(s string) string {
		last, _ := strconv.Atoi(strings.TrimPrefix(s, "--array=0-"))
		return "--array=0-" + strconv.Itoa(min(last, slurmArrayMax-1))
	})
	return regexp.MustCompile(`\b(10000000|1000000000)\b`).ReplaceAllString(text, "1000")
}

// The commands of the scaled-down script, without comments and blank lines, with
// continuation lines joined and spaces collapsed.
func scriptCommands(text string) []string {
	text = strings.ReplaceAll(text, "\\\n", " ")
	var cmds []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.Join(strings.Fields(line), " ")
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "$ ") {
			continue
		}
		cmds = append(cmds, line)
	}
	return cmds
}

// TestScaleOutDocShowsSlurmTest checks that docs/scale-out.md shows the commands that
// TestSlurmCluster submits, so that the page and the test cannot drift apart.
func TestScaleOutDocShowsSlurmTest(t *testing.T) {
	doc, err := os.ReadFile("../docs/scale-out.md")
	if err != nil {
		t.Fatal(err)
	}
	want := scriptCommands(scaledSlurmScript(t))
	// The first shell block after the heading of the section.
	_, rest, ok := strings.Cut(string(doc), "## A real Slurm cluster in a test")
	if !ok {
		t.Fatal(`docs/scale-out.md has no section "## A real Slurm cluster in a test"`)
	}
	_, rest, ok = strings.Cut(rest, "```sh\n")
	if !ok {
		t.Fatal("docs/scale-out.md: no sh block in the Slurm test section")
	}
	block, _, _ := strings.Cut(rest, "```")
	got := scriptCommands(block)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("docs/scale-out.md's Slurm test block differs from deploy/slurm.sh at test sizes:\n got:\n%s\nwant:\n%s",
			strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// slurmCluster is a single-node Slurm cluster of this machine, with its own munge
// socket, configuration, ports and state directory.
type slurmCluster struct {
	t     *testing.T
	dir   string
	env   []string // the clients' environment: SLURM_CONF set, other SLURM_ variables removed
	procs []*exec.Cmd
}

// TestSlurmCluster starts munged, slurmctld and slurmd on this machine, submits
// deploy/slurm.sh at test sizes (two job arrays and a merge job with afterok), kills
// one array task mid-run and requeues it, and compares both merged outputs with the
// unsharded runs byte for byte. It needs root and Debian's slurm-wlm and munge:
// BOARDLAB_SLURM_TEST=1 makes their absence an error, =0 skips it.
func TestSlurmCluster(t *testing.T) {
	must := os.Getenv("BOARDLAB_SLURM_TEST") == "1"
	if os.Getenv("BOARDLAB_SLURM_TEST") == "0" {
		t.Skip("BOARDLAB_SLURM_TEST=0")
	}
	if testing.Short() && !must {
		t.Skip("starts a Slurm cluster (skipped with -short)")
	}
	skip := func(why string) {
		if must {
			t.Fatalf("BOARDLAB_SLURM_TEST=1 but %s", why)
		}
		t.Skip(why + " (set BOARDLAB_SLURM_TEST=1 to require this test)")
	}
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		skip("a Slurm cluster of this machine needs root on Linux")
	}
	for _, p := range []string{"munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "scancel", "sinfo"} {
		if _, err := exec.LookPath(p); err != nil {
			skip(p + " is not installed (Debian: apt-get install slurm-wlm munge)")
		}
	}
	t0 := time.Now()
	bin := analyzeBin(t)
	c := startSlurm(t)
	t.Logf("%v: the cluster is up", time.Since(t0).Round(time.Second))

	data := filepath.Join(c.dir, "data")
	wrapDir := filepath.Join(c.dir, "bin")
	for _, d := range []string{data, wrapDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// analyze on the tasks' PATH. The first run of task 1 of the self-play array does its
	// work, then hangs before exiting: the test kills that task there, so its part exists
	// from the killed run and the rerun must write it again.
	started, rerun := filepath.Join(c.dir, "victim-started"), filepath.Join(c.dir, "victim-rerun")
	wrapper := fmt.Sprintf(`#!/bin/sh
if [ "$SLURM_JOB_NAME" = boardlab-selfplay ] && [ "$SLURM_ARRAY_TASK_ID" = 1 ]; then
  if [ "${SLURM_RESTART_COUNT:-0}" = 0 ]; then
    %[1]q "$@" || exit
    echo "${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}" > %[2]q.tmp && mv %[2]q.tmp %[2]q
    exec sleep 3600
  fi
  touch %[3]q
fi
exec %[1]q "$@"
`, bin, started, rerun)
	if err := os.WriteFile(filepath.Join(wrapDir, "analyze"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(c.dir, "slurm-small.sh")
	if err := os.WriteFile(script, []byte(scaledSlurmScript(t)), 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(append([]string{}, c.env...), "DATA="+data)
	for i, e := range env {
		if strings.HasPrefix(e, "PATH=") {
			env[i] = "PATH=" + wrapDir + ":" + strings.TrimPrefix(e, "PATH=")
		}
	}
	cmd := exec.Command("bash", script)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bash slurm-small.sh: %v\n%s", err, out)
	}

	// Kill the hung task (requeue ends a running task and queues it again), then let
	// it start at once instead of after Slurm's requeue delay.
	t.Logf("%v: submitted", time.Since(t0).Round(time.Second))
	victim := strings.TrimSpace(string(c.waitFile(started, 3*time.Minute)))
	t.Logf("%v: task %s hangs; killing and requeueing it", time.Since(t0).Round(time.Second), victim)
	c.run("scontrol", "requeue", victim)
	// Slurm holds a requeued task back for a while (its begin time): once the task is
	// pending for that reason, move its begin time to now.
	deadline := time.Now().Add(3 * time.Minute)
	updated := false
	for {
		if _, err := os.Stat(rerun); err == nil {
			break // running again
		}
		out, _ := c.command("squeue", "-h", "-j", victim, "-o", "%T %r")
		state := strings.TrimSpace(string(out))
		if state == "PENDING BeginTime" {
			if out, err := c.command("scontrol", "update", "JobId="+victim, "StartTime=now"); err != nil {
				t.Logf("scontrol update JobId=%s StartTime=now: %v: %s", victim, err, out)
			} else {
				updated = true
			}
		} else if updated && strings.HasPrefix(state, "PENDING") {
			break
		}
		if time.Now().After(deadline) {
			c.logs()
			t.Fatalf("the killed task %s does not run again (%s)", victim, state)
		}
		time.Sleep(300 * time.Millisecond)
	}
	t.Logf("%v: requeued", time.Since(t0).Round(time.Second))
	c.waitIdle(5 * time.Minute)
	t.Logf("%v: all jobs done", time.Since(t0).Round(time.Second))
	if _, err := os.Stat(rerun); err != nil {
		t.Fatalf("the killed task %s did not run again", victim)
	}

	// Every array task said which shard it ran.
	for _, j := range []struct {
		log string
		n   int
	}{{"selfplay-%d.log", slurmArrayMax}, {"table-%d.log", slurmArrayMax}} {
		for k := 0; k < j.n; k++ {
			log, err := os.ReadFile(filepath.Join(data, fmt.Sprintf(j.log, k)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(log), fmt.Sprintf("shard %d/%d", k, j.n)) {
				t.Errorf("%s does not say it ran shard %d/%d:\n%s", fmt.Sprintf(j.log, k), k, j.n, log)
			}
		}
	}
	if log, err := os.ReadFile(filepath.Join(data, "merge.log")); err == nil && len(log) > 0 {
		t.Logf("merge.log:\n%s", log)
	}

	// The unsharded runs of the same commands, outside Slurm.
	whole := t.TempDir()
	runWhole := func(args ...string) []byte {
		cmd := exec.Command(bin, args...)
		cmd.Env = c.env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("analyze %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return out
	}
	var report []byte
	wrapRE := regexp.MustCompile(`--wrap="(analyze [^"]*)"`)
	for _, line := range scriptCommands(scaledSlurmScript(t)) {
		w := wrapRE.FindStringSubmatch(line)
		if w == nil || !strings.Contains(line, "--array=") {
			continue
		}
		args := strings.Fields(strings.ReplaceAll(w[1], "$DATA", whole))[1:]
		if out := runWhole(args...); args[1] == "selfplay" {
			report = out
		}
	}
	for _, f := range []struct{ merged, whole string }{
		{filepath.Join(data, "selfplay-report.txt"), ""},
		{filepath.Join(data, "wythoff.bin"), filepath.Join(whole, "wythoff.bin")},
	} {
		got, err := os.ReadFile(f.merged)
		if err != nil {
			t.Fatalf("the merge job did not write %s: %v", filepath.Base(f.merged), err)
		}
		want := report
		if f.whole != "" {
			if want, err = os.ReadFile(f.whole); err != nil {
				t.Fatal(err)
			}
		}
		if len(got) == 0 || !bytes.Equal(got, want) {
			t.Errorf("%s from the Slurm run (%d bytes) differs from the unsharded run (%d bytes)",
				filepath.Base(f.merged), len(got), len(want))
		}
	}
}

// startSlurm writes the configuration of a one-node cluster in a temporary directory,
// starts munged, slurmctld and slurmd, and waits until the node takes jobs. The
// daemons are stopped when the test ends, pass or fail.
func startSlurm(t *testing.T) *slurmCluster {
	dir, err := os.MkdirTemp("", "boardlab-slurm-")
	if err != nil {
		t.Fatal(err)
	}
	c := &slurmCluster{t: t, dir: dir}
	t.Cleanup(func() {
		c.stop()
		os.RemoveAll(dir)
	})
	for _, d := range []string{"state", "spool", "log"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	key := make([]byte, 1024)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "munge.key"), key, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "munge.sock")
	c.start("munged", "munged", "-F", "--force", "--socket="+sock, "--key-file="+filepath.Join(dir, "munge.key"),
		"--log-file="+filepath.Join(dir, "log", "munged.log"), "--pid-file="+filepath.Join(dir, "munged.pid"),
		"--seed-file="+filepath.Join(dir, "munged.seed"))
	c.waitFile(sock, time.Minute)

	conf := fmt.Sprintf(`ClusterName=boardlabtest
SlurmctldHost=localhost
SlurmctldPort=%d
SlurmdPort=%d
AuthType=auth/munge
AuthInfo=socket=%[3]s/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=%[3]s/state
SlurmdSpoolDir=%[3]s/spool
SlurmctldPidFile=%[3]s/slurmctld.pid
SlurmdPidFile=%[3]s/slurmd.pid
SlurmctldLogFile=%[3]s/log/slurmctld.log
SlurmdLogFile=%[3]s/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=2,bf_interval=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
JobRequeue=1
SlurmdParameters=config_overrides
NodeName=localhost CPUs=%[4]d RealMemory=1024 State=UNKNOWN
PartitionName=boardlab Nodes=localhost Default=YES MaxTime=INFINITE State=UP
`, freePort(t), freePort(t), dir, max(runtime.NumCPU(), 2))
	confPath := filepath.Join(dir, "slurm.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "SLURM_") && !strings.HasPrefix(e, "SBATCH_") && !strings.HasPrefix(e, "SQUEUE_") {
			c.env = append(c.env, e)
		}
	}
	c.env = append(c.env, "SLURM_CONF="+confPath)
	c.start("slurmctld", "slurmctld", "-D", "-i", "-f", confPath)
	c.start("slurmd", "slurmd", "-D", "-N", "localhost", "-f", confPath)

	deadline := time.Now().Add(time.Minute)
	for {
		out, err := c.command("sinfo", "-h", "-n", "localhost", "-o", "%T")
		if err == nil && strings.TrimSpace(string(out)) == "idle" {
			return c
		}
		if time.Now().After(deadline) {
			c.logs()
			t.Fatalf("the Slurm node is not idle after a minute: %v %s", err, out)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// freePort returns a TCP port that nothing listens on now.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// start runs a daemon in the foreground as a child of the test, its output in log/NAME.out.
func (c *slurmCluster) start(name string, args ...string) {
	out, err := os.Create(filepath.Join(c.dir, "log", name+".out"))
	if err != nil {
		c.t.Fatal(err)
	}
	defer out.Close()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = c.env
	cmd.Stdout, cmd.Stderr = out, out
	cmd.Dir = c.dir
	if err := cmd.Start(); err != nil {
		c.t.Fatalf("starting %s: %v", name, err)
	}
	c.procs = append(c.procs, cmd)
}

// command runs a Slurm client command against the cluster.
func (c *slurmCluster) command(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = c.env
	return cmd.CombinedOutput()
}

// run is command, failing the test on an error.
func (c *slurmCluster) run(name string, args ...string) []byte {
	out, err := c.command(name, args...)
	if err != nil {
		c.logs()
		c.t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}

// waitFile waits until path exists and returns its content.
func (c *slurmCluster) waitFile(path string, limit time.Duration) []byte {
	deadline := time.Now().Add(limit)
	for {
		if b, err := os.ReadFile(path); err == nil {
			return b
		} else if fi, serr := os.Stat(path); serr == nil && !fi.Mode().IsRegular() {
			return nil // a socket
		}
		if time.Now().After(deadline) {
			c.logs()
			c.t.Fatalf("%s did not appear within %v", filepath.Base(path), limit)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// waitIdle waits until no job is pending or running.
func (c *slurmCluster) waitIdle(limit time.Duration) {
	deadline := time.Now().Add(limit)
	last := ""
	for {
		out := c.run("squeue", "-h", "-o", "%i %T %r %S")
		if strings.TrimSpace(string(out)) == "" {
			return
		}
		if string(out) != last {
			c.t.Logf("%s squeue:\n%s", time.Now().Format("15:04:05"), out)
			last = string(out)
		}
		if time.Now().After(deadline) {
			c.logs()
			c.t.Fatalf("jobs still queued after %v:\n%s", limit, out)
		}
		time.Sleep(time.Second)
	}
}

// logs writes the daemons' logs into the test's log.
func (c *slurmCluster) logs() {
	for _, f := range []string{"slurmctld.log", "slurmd.log", "munged.out", "slurmctld.out", "slurmd.out"} {
		b, _ := os.ReadFile(filepath.Join(c.dir, "log", f))
		if len(b) > 8000 {
			b = b[len(b)-8000:]
		}
		c.t.Logf("--- %s:\n%s", f, b)
	}
}

// stop cancels every job of the cluster, then stops the daemons in reverse order of
// starting: SIGTERM, and SIGKILL for one still running after 20 s.
func (c *slurmCluster) stop() {
	if len(c.procs) == 3 {
		c.command("scancel", "--user="+strconv.Itoa(os.Geteuid()))
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			out, err := c.command("squeue", "-h")
			if err != nil || strings.TrimSpace(string(out)) == "" {
				break
			}
			time.Sleep(500 * time.Millisecond)
		}
	}
	for i := len(c.procs) - 1; i >= 0; i-- {
		p := c.procs[i]
		p.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { p.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			p.Process.Kill()
			<-done
		}
	}
	c.procs = nil
}
