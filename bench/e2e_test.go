package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/goban"
	gobangen "github.com/boardlab/boardlab/engine/goban/gen"
	"github.com/boardlab/boardlab/engine/qttt/bulk"
	"github.com/boardlab/boardlab/engine/uttt/selfplay"
	"github.com/boardlab/boardlab/engine/uttt/zoo"
	wythoffbulk "github.com/boardlab/boardlab/engine/wythoff/bulk"
	"github.com/boardlab/boardlab/fileio"
	"github.com/boardlab/boardlab/internal/machine"
)

// e2eJob is one bulk job of the end-to-end table (docs/performance.md): a command line of the built analyze
// binary and one in-process pass of the same work.
type e2eJob struct {
	unit    string // what is counted: boards, lines, games, records, files
	items   int    // per run
	args    []string
	stdin   string // input file on standard input, or ""
	lines   int    // expected lines of output (0: not checked)
	prepare func() // before each child run, untimed (e.g. remove the last run's output)
	inproc  func() // one pass of the same work in-process, single-threaded

	// floor, when set, does the job's system calls alone after each child run and
	// returns their wall time; its rate is reported as floor-UNIT/s and the child's wall
	// rate over it as e2e/floor.
	floor func() time.Duration

	// baseline, when set, is an older analyze binary run on the same arguments right
	// after each run of the new one; its rate is reported as baselineCommit's, and the
	// new rate over it as x-baselineCommit.
	baseline string
}

// e2eMinCPU is the least child CPU time a row's figures rest on: a job whose run is
// shorter (wythoff move of 1 M lines is about 60 ms) runs again, each run followed by
// an in-process pass, so that the ratio is not one short run's luck on a shared machine.
const e2eMinCPU = time.Second

// runE2E runs the job's command once per benchmark iteration, and more often until the
// runs have used e2eMinCPU, each run followed by one in-process pass of the same work,
// so that changes of the machine's speed hit both sides alike; the in-process passes
// are topped up to at least 300 ms of thread CPU. It reports both rates per CPU second
// (the child's user + system time, the benchmark thread's CPU time), their ratio
// e2e/inproc, the end-to-end rate per wall second and the child's peak RSS.
func runE2E(b *testing.B, dir, bin string, j e2eJob) {
	out := filepath.Join(dir, "out.txt")
	var total, base childRun
	var floorWall time.Duration
	var passes int
	var cpu, wall time.Duration
	runs := 0
	round := func() {
		if j.prepare != nil {
			b.StopTimer()
			j.prepare()
			b.StartTimer()
		}
		r, err := runChild(bin, j.args, j.stdin, out)
		if err != nil {
			b.Fatal(err)
		}
		total.wall += r.wall
		total.cpu += r.cpu
		runs++
		if j.baseline != "" {
			r, err := runChild(j.baseline, j.args, j.stdin, out+".baseline") // written as the new one's
			if err != nil {
				b.Fatal(err)
			}
			base.wall += r.wall
			base.cpu += r.cpu
		}
		b.StopTimer()
		if j.floor != nil {
			floorWall += j.floor()
		}
		if runs == 1 && j.lines > 0 {
			if n, err := countLines(out); err != nil || n != j.lines {
				b.Fatalf("%q printed %d lines (%v), want %d", j.args, n, err, j.lines)
			}
		}
		p, c, w := inprocTime(0, j.inproc) // one pass
		passes, cpu, wall = passes+p, cpu+c, wall+w
		b.StartTimer()
	}
	for b.Loop() {
		round()
	}
	b.StopTimer()
	for total.cpu < e2eMinCPU && runs < 50 {
		round()
	}
	// the peak memory from one more run, untimed: watching it perturbs the timed ones
	if j.prepare != nil {
		j.prepare()
	}
	r, err := runChildPeak(bin, j.args, j.stdin, out)
	if err != nil {
		b.Fatal(err)
	}
	total.maxRSS = r.maxRSS
	os.Remove(out)
	os.Remove(out + ".baseline")
	if c := 300*time.Millisecond - cpu; c > 0 {
		p, c, w := inprocTime(c, j.inproc)
		passes, cpu, wall = passes+p, cpu+c, wall+w
	}
	b.StartTimer()
	items := float64(j.items)
	e2e := items * float64(runs) / total.cpu.Seconds()
	b.ReportMetric(items*float64(runs)/total.wall.Seconds(), "e2e-"+j.unit+"/s")
	b.ReportMetric(e2e, "e2e-"+j.unit+"/cpu-s")
	if cpu == 0 {
		cpu = wall // no thread CPU clock here: wall time stands in
	}
	in := items * float64(passes) / cpu.Seconds()
	b.ReportMetric(in, "inproc-"+j.unit+"/cpu-s")
	b.ReportMetric(e2e/in, "e2e/inproc")
	b.ReportMetric(float64(total.maxRSS)/(1<<20), "e2e-peak-MB")
	if j.floor != nil {
		fl := items * float64(runs) / floorWall.Seconds()
		b.ReportMetric(fl, "floor-"+j.unit+"/s")
		b.ReportMetric(items*float64(runs)/total.wall.Seconds()/fl, "e2e/floor")
	}
	if j.baseline != "" {
		old := items * float64(runs) / base.cpu.Seconds()
		b.ReportMetric(old, baselineCommit+"-"+j.unit+"/cpu-s")
		b.ReportMetric(e2e/old, "x-"+baselineCommit)
	}
}

// BenchmarkE2E runs each bulk job of the end-to-end table through the built analyze binary next to
// the in-process work it does (go test ./bench -run '^$' -bench E2E -benchtime 1x).
// Sizes: $BOARDLAB_E2E_FILES files (default 100,000) for the directory jobs,
// $BOARDLAB_E2E_LINES lines (default 1,000,000) for the stream jobs, $BOARDLAB_E2E_GAMES
// uttt games (default 1,000,000); smaller values make a quick run.
func BenchmarkE2E(b *testing.B) {
	if testing.Short() {
		b.Skip("builds analyze and generates inputs of hundreds of MB: not under -short")
	}
	machine.LogOnce(b.Logf)
	dir, bin, err := e2eSetup()
	if err != nil {
		b.Fatal(err)
	}
	nfiles := envInt("BOARDLAB_E2E_FILES", 100000)
	nlines := envInt("BOARDLAB_E2E_LINES", 1000000)
	ngames := envInt("BOARDLAB_E2E_GAMES", 1000000)
	gen := func(args ...string) func(string) error {
		return func(path string) error {
			_, err := runChild(bin, append(args, "--out", path), "", "")
			return err
		}
	}

	b.Run("goban-score-dir", func(b *testing.B) {
		d, err := e2eInput(dir, fmt.Sprintf("goban-dir-%d", nfiles), gen("goban", "gen", "--size", "19", "--count", strconv.Itoa(nfiles)))
		if err != nil {
			b.Fatal(err)
		}
		ents, err := os.ReadDir(d)
		if err != nil {
			b.Fatal(err)
		}
		texts := make([][]byte, 0, len(ents))
		for _, e := range ents {
			t, err := os.ReadFile(filepath.Join(d, e.Name()))
			if err != nil {
				b.Fatal(err)
			}
			texts = append(texts, t)
		}
		// The target is 3x the rate of baselineCommit: its binary runs after each run
		// of today's, on the same files, and the x-<baselineCommit> metric is the ratio of
		// the two rates.
		old, err := baselineBin()
		if err != nil {
			b.Logf("no %s baseline to compare with: %v", baselineCommit, err)
		}
		runE2E(b, dir, bin, e2eJob{unit: "boards", items: nfiles, lines: nfiles,
			args: []string{"goban", "score", d}, inproc: gobanParseScore(texts), baseline: old})
	})

	b.Run("goban-score-lines", func(b *testing.B) {
		f, err := e2eInput(dir, fmt.Sprintf("goban-lines-%d.txt", nlines), gen("goban", "gen", "--lines", "--size", "19", "--count", strconv.Itoa(nlines)))
		if err != nil {
			b.Fatal(err)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		texts := bytes.SplitAfter(bytes.TrimSuffix(data, []byte{'\n'}), []byte{'\n'})
		runE2E(b, dir, bin, e2eJob{unit: "boards", items: nlines, lines: nlines,
			args: []string{"goban", "score", "--lines", f}, inproc: gobanParseScore(texts)})
	})

	b.Run("wythoff-move-stdin", func(b *testing.B) {
		f, err := e2eInput(dir, fmt.Sprintf("wythoff-%d.txt", nlines), func(p string) error { return writeWythoffPositions(p, nlines) })
		if err != nil {
			b.Fatal(err)
		}
		data, _ := os.ReadFile(f)
		// the library the command runs, on one worker, from memory to nowhere
		answerer := wythoffbulk.Answerer{Options: wythoffbulk.Options{Workers: 1}}
		runE2E(b, dir, bin, e2eJob{unit: "lines", items: nlines, lines: nlines,
			args: []string{"wythoff", "move"}, stdin: f,
			inproc: func() {
				if _, err := answerer.Answer(context.Background(), bytes.NewReader(data), io.Discard); err != nil {
					b.Fatal(err)
				}
			}})
	})

	b.Run("uttt-selfplay-random", func(b *testing.B) {
		runE2E(b, dir, bin, e2eJob{unit: "games", items: ngames,
			args: []string{"uttt", "selfplay", "--a", "random", "--b", "random", "--count", strconv.Itoa(ngames)},
			inproc: func() {
				rng := zoo.NewRNG(1)
				for i := 0; i < ngames; i++ {
					selfplay.RandomGame(&rng)
				}
			}})
	})

	b.Run("qttt-score", func(b *testing.B) {
		f, err := e2eInput(dir, fmt.Sprintf("qttt-%d.txt", nlines), func(p string) error {
			_, err := runChild(bin, []string{"qttt", "random", "--seed", "1", "-q", "-o", p, "--count", strconv.Itoa(nlines)}, "", "")
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
		runE2E(b, dir, bin, e2eJob{unit: "records", items: nlines, lines: nlines,
			args: []string{"qttt", "score", f},
			// the library's bulk scorer on one worker: reading, checking, writing
			inproc: func() {
				st, err := bulk.WriteScores(context.Background(), []fileio.Input{{Path: f}}, nil, io.Discard, false, bulk.Options{Workers: 1})
				if err != nil || st.Records != int64(nlines) || st.Failed > 0 {
					b.Fatalf("in-process scoring: %d records, failed %v, %v", st.Records, st.Failed, err)
				}
			}})
	})

	b.Run("goban-gen-dir", func(b *testing.B) {
		out := filepath.Join(dir, "gen-out")
		var buf []byte
		runE2E(b, dir, bin, e2eJob{unit: "files", items: nfiles,
			args: []string{"goban", "gen", "--size", "19", "--count", strconv.Itoa(nfiles), "--out", out + "/"},
			// each writer starts with no dirty pages left by the other: writeback of the
			// last run's 100,000 files would otherwise slow the next one down
			prepare: func() { os.RemoveAll(out); syscall.Sync() },
			inproc: func() {
				g := &gobangen.Job{Kind: "random", Size: 19, Seed: 1, Count: nfiles}
				for i := 0; i < nfiles; i++ {
					buf = g.AppendBoard(buf[:0], i)
				}
			},
			floor: func() time.Duration {
				os.RemoveAll(out)
				syscall.Sync()
				d, err := createFiles(out, nfiles, len(buf))
				if err != nil {
					b.Fatal(err)
				}
				os.RemoveAll(out)
				return d
			}})
		os.RemoveAll(out)
	})

	b.Run("goban-gen-lines", func(b *testing.B) {
		var buf []byte
		runE2E(b, dir, bin, e2eJob{unit: "boards", items: nlines, lines: nlines,
			args: []string{"goban", "gen", "--lines", "--size", "19", "--count", strconv.Itoa(nlines)},
			inproc: func() {
				g := &gobangen.Job{Kind: "random", Size: 19, Seed: 1, Count: nlines, Lines: true}
				for i := 0; i < nlines; i++ {
					buf = g.AppendBoard(buf[:0], i)
				}
			}})
	})

	b.Run("process-start", func(b *testing.B) {
		hello, err := helloWorld(dir)
		if err != nil {
			b.Skipf("hello-world binary: %v", err)
		}
		board, err := e2eInput(dir, "9x9.txt", func(p string) error { return os.WriteFile(p, []byte(goban.SpecCases[0].Input), 0o644) })
		if err != nil {
			b.Fatal(err)
		}
		const reps = 100
		var a, h childRun
		for b.Loop() {
			for i := 0; i < reps; i++ { // interleaved, so load changes hit both alike
				r, err := runChild(bin, []string{"goban", "score", board}, "", "")
				if err != nil {
					b.Fatal(err)
				}
				a.wall, a.cpu = a.wall+r.wall, a.cpu+r.cpu
				r, err = runChild(hello, nil, "", "")
				if err != nil {
					b.Fatal(err)
				}
				h.wall, h.cpu = h.wall+r.wall, h.cpu+r.cpu
			}
		}
		b.ReportMetric(float64(a.wall.Microseconds())/float64(b.N*reps), "analyze-us/run")
		b.ReportMetric(float64(h.wall.Microseconds())/float64(b.N*reps), "hello-us/run")
		b.ReportMetric(a.wall.Seconds()/h.wall.Seconds(), "x-hello-wall")
		b.ReportMetric(a.cpu.Seconds()/h.cpu.Seconds(), "x-hello-cpu")
		b.ReportMetric(h.wall.Seconds()/a.wall.Seconds(), "e2e/inproc")
	})
}

// gobanParseScore is one in-process pass of parsing and scoring texts.
func gobanParseScore(texts [][]byte) func() {
	var board goban.Board
	var s goban.Scorer
	return func() {
		for _, t := range texts {
			if err := board.Parse(t); err != nil {
				panic(err)
			}
			s.Score(&board)
		}
	}
}
