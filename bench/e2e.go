package bench

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/boardlab/boardlab/internal/machine"
)

// e2eEnv holds what the end-to-end benchmarks share: the analyze binary, built once,
// and the inputs, generated once, in one temporary directory removed by TestMain.
var e2eEnv struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// e2eSetup returns the shared temporary directory and the analyze binary built into it.
func e2eSetup() (dir, bin string, err error) {
	e2eEnv.once.Do(func() {
		e2eEnv.dir, e2eEnv.err = os.MkdirTemp("", "boardlab-e2e-")
		if e2eEnv.err != nil {
			return
		}
		e2eEnv.bin = filepath.Join(e2eEnv.dir, "analyze")
		cmd := exec.Command("go", "build", "-o", e2eEnv.bin, "github.com/boardlab/boardlab/cmd/analyze")
		if out, err := cmd.CombinedOutput(); err != nil {
			e2eEnv.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	return e2eEnv.dir, e2eEnv.bin, e2eEnv.err
}

// baselineCommit is the first version's commit, whose analyze binary the end-to-end
// targets are measured against (notes/2026-11-28-performance.md); baselineBin builds it
// once.
const baselineCommit = "82f0469"

var baselineEnv struct {
	once sync.Once
	bin  string
	err  error
}

// baselineBin returns the analyze binary of baselineCommit, built once into the shared
// directory from the repository's history (git archive, then go build), or an error
// saying why it cannot be built (no git, no repository, a shallow clone without the
// commit).
func baselineBin() (string, error) {
	baselineEnv.once.Do(func() {
		dir, _, err := e2eSetup()
		if err != nil {
			baselineEnv.err = err
			return
		}
		top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
		if err != nil {
			baselineEnv.err = fmt.Errorf("git rev-parse: %v", err)
			return
		}
		src := filepath.Join(dir, "src-"+baselineCommit)
		if err := os.MkdirAll(src, 0o755); err != nil {
			baselineEnv.err = err
			return
		}
		archive := exec.Command("git", "-C", strings.TrimSpace(string(top)), "archive", baselineCommit)
		untar := exec.Command("tar", "-x", "-C", src)
		if untar.Stdin, err = archive.StdoutPipe(); err != nil {
			baselineEnv.err = err
			return
		}
		var aerr bytes.Buffer
		archive.Stderr = &aerr
		if err := archive.Start(); err != nil {
			baselineEnv.err = fmt.Errorf("git archive: %v", err)
			return
		}
		out, terr := untar.CombinedOutput()
		if err := archive.Wait(); err != nil {
			baselineEnv.err = fmt.Errorf("git archive %s: %v: %s", baselineCommit, err, strings.TrimSpace(aerr.String()))
			return
		}
		if terr != nil {
			baselineEnv.err = fmt.Errorf("tar: %v: %s", terr, out)
			return
		}
		bin := filepath.Join(dir, "analyze-"+baselineCommit)
		build := exec.Command("go", "build", "-o", bin, "./cmd/analyze")
		build.Dir = src
		build.Env = append(os.Environ(), "GOWORK=off")
		if out, err := build.CombinedOutput(); err != nil {
			baselineEnv.err = fmt.Errorf("go build at %s: %v\n%s", baselineCommit, err, out)
			return
		}
		os.RemoveAll(src)
		baselineEnv.bin = bin
	})
	return baselineEnv.bin, baselineEnv.err
}

// e2eCleanup removes the shared directory, if the benchmarks made one.
func e2eCleanup() {
	if e2eEnv.dir != "" {
		os.RemoveAll(e2eEnv.dir)
	}
}

// envInt reads a positive count from the environment, or def.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// e2eInputs caches generated inputs by name for the process.
var e2eInputs = struct {
	sync.Mutex
	m map[string]string
}{m: map[string]string{}}

// e2eInput returns the path of input name in dir, made by make on first use.
func e2eInput(dir, name string, make func(path string) error) (string, error) {
	e2eInputs.Lock()
	defer e2eInputs.Unlock()
	if p, ok := e2eInputs.m[name]; ok {
		return p, nil
	}
	p := filepath.Join(dir, name)
	if err := make(p); err != nil {
		return "", fmt.Errorf("making %s: %v", name, err)
	}
	e2eInputs.m[name] = p
	return p, nil
}

// childRun is the cost of one child process: its wall time, its CPU time (user +
// system, from its rusage) and, from runChildPeak, its peak resident memory (as last
// seen in /proc).
type childRun struct {
	wall, cpu time.Duration
	maxRSS    int64 // bytes
}

// runChild runs bin with args, stdin from the file stdinPath ("" for none) and stdout
// to the file stdoutPath ("" for /dev/null), and returns its cost; a non-zero exit is
// an error quoting stderr. It does not watch the child's memory: see runChildPeak.
func runChild(bin string, args []string, stdinPath, stdoutPath string) (childRun, error) {
	return startChild(bin, args, stdinPath, stdoutPath, false)
}

// runChildPeak is runChild that also reports the child's peak resident memory. The
// watching reads /proc every 2 ms, which preempts the child on a 2-core machine and
// costs it up to a sixth of its CPU time on short runs, so its times are not for rates.
func runChildPeak(bin string, args []string, stdinPath, stdoutPath string) (childRun, error) {
	return startChild(bin, args, stdinPath, stdoutPath, true)
}

func startChild(bin string, args []string, stdinPath, stdoutPath string, watch bool) (childRun, error) {
	cmd := exec.Command(bin, args...)
	if stdinPath != "" {
		f, err := os.Open(stdinPath)
		if err != nil {
			return childRun{}, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	if stdoutPath == "" {
		stdoutPath = os.DevNull
	}
	out, err := os.Create(stdoutPath)
	if err != nil {
		return childRun{}, err
	}
	defer out.Close()
	cmd.Stdout = out
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return childRun{}, err
	}
	// The child's rusage reports the benchmark process's own peak (the kernel keeps the
	// larger of the parent's memory at fork and the child's), so the peak is read from
	// /proc while the child runs instead.
	var r childRun
	if watch {
		done := make(chan struct{})
		peak := make(chan int64, 1)
		go func() { peak <- pollHWM(cmd.Process.Pid, done) }()
		err = cmd.Wait()
		close(done)
		r = childRun{wall: time.Since(t0), maxRSS: <-peak}
	} else {
		err = cmd.Wait()
		r = childRun{wall: time.Since(t0)}
	}
	if cmd.ProcessState != nil {
		r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if err != nil {
		msg := stderr.String()
		if len(msg) > 2000 {
			msg = msg[:2000] + "..."
		}
		return r, fmt.Errorf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, msg)
	}
	return r, nil
}

// pollHWM reads the peak resident memory (VmHWM) of process pid from /proc every 2 ms
// until done, and returns the last value seen in bytes (0 where /proc is missing).
func pollHWM(pid int, done chan struct{}) int64 {
	path := "/proc/" + strconv.Itoa(pid) + "/status"
	var hwm int64
	t := time.NewTicker(2 * time.Millisecond)
	defer t.Stop()
	for {
		if data, err := os.ReadFile(path); err == nil {
			if i := bytes.Index(data, []byte("VmHWM:")); i >= 0 {
				f := strings.Fields(string(data[i+6 : i+6+bytes.IndexByte(data[i+6:], '\n')]))
				if len(f) > 0 {
					if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil && kb*1024 > hwm {
						hwm = kb * 1024
					}
				}
			}
		}
		select {
		case <-done:
			return hwm
		case <-t.C:
		}
	}
}

// countLines counts the newlines of a file.
func countLines(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return bytes.Count(data, []byte{'\n'}), nil
}

// inprocTime runs work (one pass over the same job) on a locked thread until at least
// minCPU of thread CPU time has been spent, and returns the passes and the thread CPU
// and wall time they took (CPU is 0 where the platform cannot measure it).
func inprocTime(minCPU time.Duration, work func()) (passes int, cpu, wall time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, ok := machine.ThreadCPU()
	t0 := time.Now()
	for {
		work()
		passes++
		c, _ := machine.ThreadCPU()
		cpu, wall = c-c0, time.Since(t0)
		if (ok && cpu >= minCPU) || (!ok && wall >= minCPU) || passes >= 1000 {
			break
		}
	}
	if !ok {
		cpu = 0
	}
	return passes, cpu, wall
}

// createFiles is the floor of writing a directory of n small files: it makes dir and
// creates in it n files of size bytes each with one open, write and close apiece, on
// one thread, with none of the work of making their contents, and returns the wall time.
func createFiles(dir string, n, size int) (time.Duration, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	data := bytes.Repeat([]byte("- "), size/2+1)[:size]
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var name []byte
	t0 := time.Now()
	for i := 0; i < n; i++ {
		name = strconv.AppendInt(append(name[:0], dir+"/random-19-"...), int64(i+1), 10)
		fd, err := syscall.Open(string(append(name, ".txt"...)), syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_CLOEXEC, 0o644)
		if err != nil {
			return 0, err
		}
		_, err = syscall.Write(fd, data)
		syscall.Close(fd)
		if err != nil {
			return 0, err
		}
	}
	return time.Since(t0), nil
}

// writeWythoffPositions writes n positions "A B", one per line: random piles of every
// magnitude below 2^64 (so almost none is cold: 622 of 1,000,000), the same in every
// run.
func writeWythoffPositions(path string, n int) error {
	r := rand.New(rand.NewPCG(11, 12))
	var buf []byte
	for i := 0; i < n; i++ {
		x, y := r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64)
		buf = strconv.AppendUint(buf, x, 10)
		buf = append(buf, ' ')
		buf = strconv.AppendUint(buf, y, 10)
		buf = append(buf, '\n')
	}
	return os.WriteFile(path, buf, 0o644)
}

// helloWorld builds a Go program that prints one line, the floor of process start.
func helloWorld(dir string) (string, error) {
	src := filepath.Join(dir, "hello")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return "", err
	}
	files := map[string]string{
		"go.mod":  "module hello\n\ngo 1.21\n",
		"main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello, world\") }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	bin := filepath.Join(dir, "hello-bin")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", errors.New(string(out))
	}
	return bin, nil
}
