package bench

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// leelazPath finds Leela Zero's engine: leelaz on $PATH, else where the Debian package
// leela-zero installs it.
func leelazPath() (string, error) {
	if p, err := exec.LookPath("leelaz"); err == nil {
		return p, nil
	}
	const debian = "/usr/lib/leelaz/bin/leelaz"
	if _, err := os.Stat(debian); err == nil {
		return debian, nil
	}
	return "", errors.New("leelaz is not installed (Debian package leela-zero; not on $PATH nor in /usr/lib/leelaz/bin)")
}

// writeZeroWeights writes an all-zero Leela Zero network (format version 1) into dir,
// as the Debian README's recipe does, but with 1 residual block of 8 filters instead of
// 30 of 192: scoring never evaluates the network, and the small file loads in
// milliseconds instead of seconds. It is made at run time and never committed.
func writeZeroWeights(dir string) (string, error) {
	const f = 8
	lines := []int{f * 18 * 9, f, f, f}
	for i := 0; i < 2; i++ { // one residual block: two convolutions
		lines = append(lines, f*f*9, f, f, f)
	}
	lines = append(lines, f*2, 2, 2, 2, 261364, 362, f, 1, 1, 1, 92416, 256, 256, 1)
	var b bytes.Buffer
	b.WriteString("1\n")
	for _, n := range lines {
		b.WriteString(strings.TrimSpace(strings.Repeat("0 ", n)))
		b.WriteByte('\n')
	}
	p := filepath.Join(dir, "zero-network")
	return p, os.WriteFile(p, b.Bytes(), 0o644)
}

// leelaRun is one Leela Zero GTP session over a list of SGF files.
type leelaRun struct {
	scores  []string      // final_score's answer for each file ("B+3.5", "W+12.0")
	session time.Duration // from the first loadsgf to the last answer: startup excluded
	total   time.Duration // the whole process, startup included
	cpu     time.Duration // the process's user+system time, startup included
}

// leelaScores runs leelaz once in GTP mode and asks "loadsgf FILE" then "final_score"
// for each file, all in one process.
func leelaScores(leelaz, weights string, files []string) (leelaRun, error) {
	var r leelaRun
	cmd := exec.Command(leelaz, "--gtp", "--quiet", "--cpu-only", "--threads", "1", "--noponder", "--weights", weights)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return r, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return r, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return r, err
	}
	rd := bufio.NewReader(stdout)
	// answer reads one GTP answer: "= text" or "? text", ended by an empty line.
	answer := func() (string, error) {
		var text string
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				return "", fmt.Errorf("leelaz stopped: %v (stderr: %s)", err, strings.TrimSpace(stderr.String()))
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				if text != "" {
					return text, nil
				}
				continue
			}
			text = line
		}
	}
	fail := func(err error) (leelaRun, error) {
		cmd.Process.Kill()
		cmd.Wait()
		return r, err
	}
	if _, err := io.WriteString(stdin, "name\n"); err != nil {
		return fail(err)
	}
	if a, err := answer(); err != nil || !strings.HasPrefix(a, "=") {
		return fail(fmt.Errorf("leelaz did not start: %q %v", a, err))
	}
	t0 := time.Now()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // write while answers are read, so neither pipe fills up
		defer wg.Done()
		w := bufio.NewWriter(stdin)
		for _, f := range files {
			fmt.Fprintf(w, "loadsgf %s\nfinal_score\n", f)
		}
		w.Flush()
	}()
	for _, f := range files {
		a, err := answer()
		if err != nil {
			return fail(err)
		}
		if !strings.HasPrefix(a, "=") {
			return fail(fmt.Errorf("leelaz: loadsgf %s: %s", f, a))
		}
		a, err = answer()
		if err != nil {
			return fail(err)
		}
		if !strings.HasPrefix(a, "=") {
			return fail(fmt.Errorf("leelaz: final_score after %s: %s", f, a))
		}
		r.scores = append(r.scores, strings.TrimSpace(strings.TrimPrefix(a, "=")))
	}
	r.session = time.Since(t0)
	wg.Wait()
	io.WriteString(stdin, "quit\n")
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		return r, fmt.Errorf("leelaz: %v", err)
	}
	r.total = time.Since(start)
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return r, nil
}
