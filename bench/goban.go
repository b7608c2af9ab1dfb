package bench

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/boardlab/boardlab/internal/shareddata"
)

// gobanSeedFile is the challenge text holding the goban reference C program.
const gobanSeedFile = "001_aa39e36bab6f4471.txt"

// gobanSeedPath finds the goban seed: in $BOARDLAB_SEEDS when set, else in the
// shared folder's seeds/ (shareddata: $BOARDLAB_SHARED or shared/ above the working
// directory).
func gobanSeedPath() (string, error) {
	if dir := os.Getenv("BOARDLAB_SEEDS"); dir != "" {
		p := filepath.Join(dir, gobanSeedFile)
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("BOARDLAB_SEEDS: %v", err)
		}
		return p, nil
	}
	return shareddata.Path("seeds", gobanSeedFile)
}

// gobanExtractC returns the challenge text's reference C program: from the comment before its
// first #include to the closing brace of show_score, the last function.
func gobanExtractC(seed []byte) ([]byte, error) {
	s := string(seed)
	inc := strings.Index(s, "#include <stdio.h>")
	if inc < 0 {
		return nil, errors.New("seed: no #include <stdio.h>")
	}
	start := inc
	if c := strings.LastIndex(s[:inc], "/*"); c >= 0 { // the header comment, if it ends right before
		if e := strings.Index(s[c:inc], "*/"); e >= 0 && strings.TrimSpace(s[c+e+2:inc]) == "" {
			start = c
		}
	}
	def := strings.Index(s[inc:], "static void show_score(void) {")
	if def < 0 {
		return nil, errors.New("seed: no definition of show_score")
	}
	depth := 0
	for i := inc + def; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return []byte(s[start:i+1] + "\n"), nil
			}
		}
	}
	return nil, errors.New("seed: show_score is not closed")
}

// gobanHarness includes the challenge text's program with its main renamed, reads one board from
// the file argv[1] with the challenge text's read_input, prints the challenge text's result once, then times
// fill_board and show_score (output to /dev/null) on a fresh copy of the board, for at
// least argv[2] seconds, and prints "ITERATIONS SECONDS CPU-SECONDS" on stderr (CPU time
// of the process, which other processes' load inflates less than wall time).
const gobanHarness = `#define _POSIX_C_SOURCE 199309L
#define main seed_main
#include "seed.c"
#undef main
#include <string.h>
#include <time.h>

static enum colour saved[MAXBOARD * MAXBOARD];

int main(int argc, char **argv)
{
	struct timespec t0, t1, c0, c1;
	double minsec, el;
	long iters = 0;
	size_t cells;
	if (argc != 3 || !freopen(argv[1], "r", stdin))
		return 2;
	minsec = atof(argv[2]);
	read_input();
	cells = (size_t)bsize * bsize;
	memcpy(saved, board, cells * sizeof board[0]);
	fill_board();
	show_score();
	fflush(stdout);
	if (!freopen("/dev/null", "w", stdout))
		return 2;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		memcpy(board, saved, cells * sizeof board[0]);
		fill_board();
		show_score();
		iters++;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		el = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
	} while (el < minsec);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	fprintf(stderr, "%ld %.9f %.9f\n", iters, el,
		(c1.tv_sec - c0.tv_sec) + (c1.tv_nsec - c0.tv_nsec) * 1e-9);
	return 0;
}
`

// gobanCFlags are the C compiler's flags for the reference.
var gobanCFlags = []string{"-O2"}

// gobanBuildC extracts the challenge text's C program into dir and compiles it with the harness;
// it returns the executable, or an error when there is no seed or no C compiler.
func gobanBuildC(dir string) (string, error) {
	seedPath, err := gobanSeedPath()
	if err != nil {
		return "", err
	}
	seed, err := os.ReadFile(seedPath)
	if err != nil {
		return "", err
	}
	src, err := gobanExtractC(seed)
	if err != nil {
		return "", err
	}
	cc := ""
	for _, c := range []string{os.Getenv("CC"), "cc", "gcc", "clang"} {
		if c == "" {
			continue
		}
		if p, err := exec.LookPath(c); err == nil {
			cc = p
			break
		}
	}
	if cc == "" {
		return "", errors.New("no C compiler (cc, gcc or clang) on PATH")
	}
	if err := os.WriteFile(filepath.Join(dir, "seed.c"), src, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "harness.c"), []byte(gobanHarness), 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "goban-reference")
	args := append(append([]string{}, gobanCFlags...), "-o", bin, filepath.Join(dir, "harness.c"))
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s %s: %v\n%s", cc, strings.Join(args, " "), err, out)
	}
	return bin, nil
}

// gobanRunC runs the compiled reference on a board file for at least minTime and
// returns its result line and its wall and CPU time per board.
func gobanRunC(bin, board string, minTime time.Duration) (result string, perBoard, cpuPerBoard time.Duration, err error) {
	cmd := exec.Command(bin, board, strconv.FormatFloat(minTime.Seconds(), 'f', 3, 64))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", 0, 0, fmt.Errorf("%s %s: %v: %s", bin, board, err, stderr.String())
	}
	var iters int64
	var secs, cpu float64
	if _, err := fmt.Sscan(stderr.String(), &iters, &secs, &cpu); err != nil || iters <= 0 {
		return "", 0, 0, fmt.Errorf("reference harness printed %q", stderr.String())
	}
	per := func(s float64) time.Duration { return time.Duration(s / float64(iters) * 1e9) }
	return strings.TrimSpace(stdout.String()), per(secs), per(cpu), nil
}
