//go:build unix

package utttcmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"

	"github.com/boardlab/boardlab/internal/fixture"
)

// TestFloatFlagRanges: every float flag of the uttt commands refuses NaN, infinities and
// values out of its range with exit 2, naming the flag and the range, before any work
// (the games file named is not even read).
func TestFloatFlagRanges(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "n.bin")
	base := map[string][]string{
		"train": {"train", "--load-games", filepath.Join(dir, "missing.txt"), "--out", out},
		"tune":  {"tune", "--load-games", filepath.Join(dir, "missing.txt"), "--out", out},
	}
	for _, c := range []struct {
		cmd, flag string
		bad       []string
		want      string
	}{
		{"train", "lr", []string{"nan", "inf", "-inf", "0", "-1", "2"}, "want above 0, at most 1"},
		{"train", "blend", []string{"nan", "inf", "-0.5", "1.5"}, "want 0..1"},
		{"train", "embed-lr", []string{"nan", "inf", "-1", "1e6"}, "want 0..1000"},
		{"train", "decay", []string{"nan", "inf", "-1", "2"}, "want 0..1"},
		{"tune", "prior", []string{"nan", "inf", "-1", "0", "1e7"}, "want above 0, at most 1e6"},
	} {
		for _, v := range c.bad {
			code, _, errOut := runCmd(context.Background(), append(base[c.cmd], "--"+c.flag, v)...)
			if first, _, _ := strings.Cut(errOut, "\n"); code != 2 || !strings.HasPrefix(first, "analyze uttt "+c.cmd+": --"+c.flag+" ") || !strings.HasSuffix(first, ": "+c.want) {
				t.Errorf("%s --%s %s: code %d, stderr %q", c.cmd, c.flag, v, code, errOut)
			}
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an output file was written")
	}
}

// TestLoadGamesDevZero: tune, tune tree and train given /dev/zero as their games file
// stop at its first byte with exit 1, naming the file and line.
func TestLoadGamesDevZero(t *testing.T) {
	out := filepath.Join(t.TempDir(), "n.bin")
	for _, args := range [][]string{
		{"train", "--load-games", "/dev/zero", "--out", out},
		{"tune", "--load-games", "/dev/zero", "--rounds", "0"},
		{"tune", "tree", "--load-games", "/dev/zero", "--set", "lmr-depth=4"},
	} {
		code, _, errOut := runCmd(context.Background(), args...)
		if code != 1 || !strings.Contains(errOut, "/dev/zero:1: binary data, not training games: NUL byte at offset 0") {
			t.Errorf("%v: code %d, stderr %q", args, code, errOut)
		}
	}
}

// TestEngineDevZero: the engine (both protocols) given /dev/zero as input stops at its
// first byte with exit 1 and a message naming the line.
func TestEngineDevZero(t *testing.T) {
	for _, args := range [][]string{{"engine", "--hash", "1"}, {"engine", "--hash", "1", "--protocol", "codingame"}} {
		zero, err := os.Open("/dev/zero")
		if err != nil {
			t.Skip(err)
		}
		var stdout, stderr strings.Builder
		code := Run(context.Background(), args, zero, &stdout, &stderr)
		zero.Close()
		if code != 1 || !strings.Contains(stderr.String(), "line 1: binary data, not protocol lines: NUL byte at offset 0") {
			t.Errorf("%v: code %d, stderr %q", args, code, stderr.String())
		}
	}
}

// TestReviewJobsBounded: review -j 1000 on two games uses two workers and finishes; on
// 1000 games under a 256 MiB limit it is refused with exit 2 before any review, naming
// --jobs and the memory.
func TestReviewJobsBounded(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
	dir := t.TempDir()
	two, many := filepath.Join(dir, "two.txt"), filepath.Join(dir, "many.txt")
	write(t, two, "44 40 04\n40 04 44\n", 0o644)
	write(t, many, strings.Repeat("44 40\n", 1000), 0o644)
	out, errOut, code := reviewRun(context.Background(), "-j", "1000", "--nodes", "100", two)
	if code != 0 || strings.Count(out, `"type":"game"`) != 2 {
		t.Errorf("-j 1000 on two games: code %d, stderr %q", code, errOut)
	}
	out, errOut, code = reviewRun(context.Background(), "-j", "1000", "--nodes", "100", many)
	if code != 2 || out != "" || !strings.Contains(errOut, "analyze uttt review: --jobs 1000: reviewing on 1000 workers needs ") {
		t.Errorf("-j 1000 on 1000 games: code %d, stdout %.100q, stderr %q", code, out, errOut)
	}
}

// TestTuneTrainJobsBounded: tune, tune match, tune tree and train refuse, with exit 2
// before any work, jobs whose memory exceeds half a 256 MiB limit; jobs beyond the
// games are not counted.
func TestTuneTrainJobsBounded(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
	out := filepath.Join(t.TempDir(), "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tune", "--count", "1000", "-j", "1000", "--out", out}, "analyze uttt tune: --jobs 1000: playing on 1000 workers needs "},
		{[]string{"train", "--load-games", "missing.txt", "-j", "1000", "--batch", "1000", "--out", out}, "analyze uttt train: --jobs 1000, --batch 1000: training on 1000 goroutines needs "},
		{[]string{"tune", "match", "--count", "400", "-j", "1000", "--set", "lmr-depth=4"}, "analyze uttt tune match: --jobs 1000: playing the match on 200 workers needs "},
		{[]string{"tune", "tree", "--count", "20", "-j", "1000", "--set", "lmr-depth=4"}, "analyze uttt tune tree: --jobs 1000: searching on 60 workers needs "},
	} {
		if code, _, errOut := runCmd(context.Background(), c.args...); code != 2 || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
	}
	if code, _, errOut := runCmd(context.Background(), "tune", "--count", "10", "--nodes", "20", "-j", "1000", "--rounds", "0", "--out", out); code != 0 {
		t.Errorf("tune -j 1000 on 10 games: exit %d, stderr %q", code, errOut)
	}
}

// TestReviewLongToken: a 100,000-character move is reported by its start, on a short
// line, and the good game beside it is still reviewed (exit 1).
func TestReviewLongToken(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.txt")
	write(t, path, "44 "+strings.Repeat("9", 100000)+"\n44 40 04\n", 0o644)
	out, errOut, code := reviewRun(context.Background(), "--nodes", "100", path)
	if code != 1 || strings.Count(out, `"type":"game"`) != 1 || !strings.Contains(errOut, `games.txt:1: move 2 ("999`) || len(errOut) > 1000 {
		t.Errorf("code %d, stderr of %d bytes: %.400q", code, len(errOut), errOut)
	}
}

// TestSelfplayOutSpecial: --out /dev/null plays and reports (exit 0); --out FIFO
// without a reader stops on Ctrl-C (exit 130) instead of blocking on reading it to
// resume.
func TestSelfplayOutSpecial(t *testing.T) {
	args := []string{"selfplay", "--a", "naive", "--b", "random", "--count", "10", "-j", "1"}
	if code, out, errOut := runCmd(context.Background(), append(args, "--out", os.DevNull)...); code != 0 || !strings.Contains(out, "naive") {
		t.Errorf("--out %s: exit %d, stdout %q, stderr %q", os.DevNull, code, out, errOut)
	}
	fifo := filepath.Join(t.TempDir(), "games.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	err := fixture.AfterCancel(t, func(ctx context.Context) error {
		return exitError(runCmd(ctx, append(args, "--out", fifo)...))
	})
	if !strings.HasPrefix(err.Error(), "exit 130: ") {
		t.Errorf("--out FIFO without a reader, interrupted: %v", err)
	}
}

// exitError describes how a command ended: its exit status and stderr.
func exitError(code int, _, stderr string) error { return fmt.Errorf("exit %d: %s", code, stderr) }

// TestLoadGamesFIFOInterrupted: tune and train waiting on a --load-games FIFO without a
// writer stop on Ctrl-C with exit 130, naming the file.
func TestLoadGamesFIFOInterrupted(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "games.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, args := range [][]string{{"train", "--load-games", fifo, "--out", filepath.Join(dir, "n.bin")}, {"tune", "--load-games", fifo}} {
		err := fixture.AfterCancel(t, func(ctx context.Context) error { return exitError(runCmd(ctx, args...)) })
		if !strings.HasPrefix(err.Error(), "exit 130: ") || !strings.Contains(err.Error(), "interrupted while reading the games of "+fifo) {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// TestSelfplayJobsBounded: selfplay refuses, with exit 2 before any game and no --out
// file, jobs whose engines' tables exceed half a 256 MiB limit; jobs beyond the games
// (of the shard) are not counted.
func TestSelfplayJobsBounded(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
	dir := t.TempDir()
	out := filepath.Join(dir, "games.jsonl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--a", "engine:d2", "--b", "naive", "--count", "4000", "-j", "2000"}, "analyze uttt selfplay: --jobs 2000: playing on 2000 workers needs "},
		{[]string{"--a", "engine:100ms", "--b", "engine-v1:100ms", "--count", "100", "-j", "10"}, "analyze uttt selfplay: --jobs 10: playing on 10 workers needs "},
	} {
		args := append([]string{"selfplay", "--out", out}, c.args...)
		if code, stdout, errOut := runCmd(context.Background(), args...); code != 2 || stdout != "" || !strings.HasPrefix(errOut, c.want) || !strings.Contains(errOut, "half the memory") {
			t.Errorf("%v: exit %d, stdout %.100q, stderr %q", args, code, stdout, errOut)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an --out file was written")
	}
	for _, args := range [][]string{
		{"selfplay", "--a", "engine:d1", "--b", "naive", "--count", "2", "-j", "2000"},
		{"selfplay", "--a", "engine:d1", "--b", "naive", "--count", "2000", "-j", "2000", "--shard", "1/1000", "--out", out},
	} {
		if code, stdout, errOut := runCmd(context.Background(), args...); code != 0 || !strings.Contains(stdout, "games") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, errOut)
		}
	}
}

// TestTournamentInstructionsFIFO: a tournament whose instructions.txt is a FIFO without
// a writer stops on Ctrl-C with exit 130, naming the file.
func TestTournamentInstructionsFIFO(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "instructions.txt")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	var code int
	var errOut string
	fixture.AfterCancel(t, func(ctx context.Context) error {
		code, _, errOut = runCmd(ctx, "tournament", "--sandbox", "none", dir)
		return nil
	})
	if code != 130 || !strings.Contains(errOut, "analyze uttt tournament: interrupted: "+path+": context canceled") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
