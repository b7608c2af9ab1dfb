package qtttcmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/engine/qttt/bulk"
	"github.com/boardlab/boardlab/engine/qttt/qttttest"
	"github.com/boardlab/boardlab/shard"
)

// maxLine is one more than the longest line scored.
const maxLine = bulk.MaxLine + 1

func TestScoreParallelKeepsOrder(t *testing.T) {
	in := qttttest.Records(20000, 3)
	o1, e1, c1 := run(t, in, "score", "--jobs", "1")
	if c1 != cli.ExitFail || strings.Count(e1, "\n") < 1000 {
		t.Fatalf("-j 1: code %d, %d error lines", c1, strings.Count(e1, "\n"))
	}
	for _, j := range []string{"2", "3", "8", "0"} {
		o, e, c := run(t, in, "score", "--jobs", j)
		if o != o1 || e != e1 || c != c1 {
			t.Errorf("--jobs %s differs from --jobs 1 (code %d vs %d, stdout equal %v, stderr equal %v)", j, c, c1, o == o1, e == e1)
		}
	}
	// The same lines one by one through the engine.
	var want strings.Builder
	for _, l := range strings.Split(in, "\n") {
		rec, exp, has := strings.Cut(l, "\t")
		if strings.TrimSpace(rec) == "" && !has {
			continue
		}
		s, err := qttt.ScoreRecord([]byte(rec))
		if err != nil || has && s.String() != exp {
			continue
		}
		want.WriteString(s.String() + "\n")
	}
	if o1 != want.String() {
		t.Errorf("output differs from scoring line by line")
	}
}

// mergeShards puts line-stream shard outputs back in input order, as "analyze merge"
// does: it checks the header and strips the line numbers.
func mergeShards(t *testing.T, outs []string, n int) string {
	t.Helper()
	type rec struct {
		i    int
		text string
	}
	var all []rec
	for k, o := range outs {
		header, body, _ := strings.Cut(o, "\n")
		if want := fmt.Sprintf("%s %d/%d job ", shard.LinesHeader, k, n); !strings.HasPrefix(header, want) || !strings.HasSuffix(header, " qttt score") {
			t.Fatalf("shard %d header %q, want %q, the job's hash and \"qttt score\"", k, header, want)
		}
		body, end, ok := strings.Cut(body, shard.LinesTrailer+" ")
		if !ok || strings.Count(end, "\n") != 1 || !strings.HasSuffix(end, "\n") {
			t.Fatalf("shard %d does not end with its %s line: %q", k, shard.LinesTrailer, end)
		}
		for _, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
			if l == "" {
				continue
			}
			is, text, ok := strings.Cut(l, "\t")
			i, err := strconv.Atoi(is)
			if !ok || err != nil || i%n != k {
				t.Fatalf("shard %d: bad line %q", k, l)
			}
			all = append(all, rec{i, text})
		}
	}
	sort.Slice(all, func(a, b int) bool { return all[a].i < all[b].i })
	var b strings.Builder
	for _, r := range all {
		b.WriteString(r.text + "\n")
	}
	return b.String()
}

func TestScoreShardsMerge(t *testing.T) {
	dir := t.TempDir()
	f1, f2 := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	os.WriteFile(f1, []byte(qttttest.Records(3000, 5)), 0o644)
	os.WriteFile(f2, []byte(qttttest.Records(1000, 6)+"AB BE"), 0o644) // no final newline
	stdin := qttttest.Records(2000, 7)
	for _, args := range [][]string{{f1, "-", f2}, {"--json", f2, "-"}} {
		whole, _, code := run(t, stdin, append([]string{"score"}, args...)...)
		if code != cli.ExitFail {
			t.Fatalf("whole: code %d", code)
		}
		for _, n := range []int{1, 3, 7} {
			var outs []string
			bad := 0
			for k := 0; k < n; k++ {
				o, e, _ := run(t, stdin, append([]string{"score", "--shard", fmt.Sprintf("%d/%d", k, n)}, args...)...)
				outs = append(outs, o)
				bad += strings.Count(e, "\n")
			}
			if got := mergeShards(t, outs, n); got != whole {
				t.Errorf("%q: %d shards merged differ from the whole run", args, n)
			}
			_, e, _ := run(t, stdin, append([]string{"score"}, args...)...)
			if bad != strings.Count(e, "\n") {
				t.Errorf("%q: %d shards report %d errors, the whole run %d", args, n, bad, strings.Count(e, "\n"))
			}
		}
	}
	// --out writes PATH.K-of-N.
	out := filepath.Join(dir, "s.txt")
	if _, e, code := run(t, "", "score", "--shard", "1/3", "--out", out, f2); code != cli.ExitFail || !strings.Contains(e, "s.txt.1-of-3") {
		t.Fatalf("--out: code %d, stderr %q", code, e)
	}
	if b, err := os.ReadFile(out + ".1-of-3"); err != nil || !strings.HasPrefix(string(b), shard.LinesHeader+" 1/3 job ") {
		t.Fatalf("shard file: %v %q", err, b)
	}
	for _, bad := range []string{"3/3", "x", "1"} {
		if _, _, code := run(t, "", "score", "--shard", bad); code != cli.ExitUsage {
			t.Errorf("--shard %s: code %d, want 2", bad, code)
		}
	}
}

func TestScoreLongLines(t *testing.T) {
	huge := strings.Repeat("AB", 3<<20) // 6 MiB
	in := "AB\n" + huge + "\nCE BD EG FH CG 1\n" + strings.Repeat("7", maxLine-1) + "\nAB BE\n" + huge
	out, e, code := run(t, in, "score", "--jobs", "2")
	if code != cli.ExitFail || out != "0 0\n1 0\n0 0\n" {
		t.Fatalf("code %d, out %q", code, out)
	}
	lines := strings.Split(strings.TrimSpace(e), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 messages, got %q", e)
	}
	for i, want := range []string{"stdin:2: line of 6291456 bytes, longer than the limit of 65535: skipped (it starts \"ABABAB", "stdin:4: token 1 \"777777", "stdin:6: line of 6291456 bytes, longer than the limit of 65535"} {
		if !strings.Contains(lines[i], want) || len(lines[i]) > 200 {
			t.Errorf("message %d = %q, want %q and short", i, lines[i], want)
		}
	}
}

// blockingReader never returns, as a terminal or a FIFO without a writer, until ch is
// closed; reading is closed at its first Read.
type blockingReader struct {
	ch, reading chan struct{}
	once        *sync.Once
}

func (r blockingReader) Read([]byte) (int, error) {
	r.once.Do(func() { close(r.reading) })
	<-r.ch
	return 0, io.EOF
}

// TestScoreInterruptWhileReading: a line read before Ctrl-C while the input then blocks
// is scored and written, and the cancel ends the run.
func TestScoreInterruptWhileReading(t *testing.T) {
	// The line must be scored before the cancel: a cancel that comes sooner is tried
	// again later.
	for settle := 50 * time.Millisecond; ; settle *= 4 {
		r := blockingReader{make(chan struct{}), make(chan struct{}), new(sync.Once)}
		ctx, cancel := context.WithCancel(context.Background())
		var o, e bytes.Buffer
		done := make(chan int)
		go func() { done <- Run(ctx, []string{"score"}, io.MultiReader(strings.NewReader("AB\n"), r), &o, &e) }()
		select { // the line before the blocking read is read before the cancel
		case <-r.reading:
		case <-time.After(liveness):
			t.Fatalf("the input's blocking part not reached within %v", liveness)
		}
		time.Sleep(settle)
		cancel()
		select {
		case code := <-done:
			if code != cli.ExitInterrupted {
				t.Errorf("code %d after the cancel", code)
			}
		case <-time.After(liveness):
			t.Fatalf("score did not stop within %v of the cancel while its input blocks", liveness)
		}
		close(r.ch)
		if o.String() == "0 0\n" {
			return
		}
		if settle > 10*time.Second {
			t.Fatalf("the line read before Ctrl-C was not written: %q", o.String())
		}
		t.Logf("cancelled %v after the read, before the line was scored: trying again later", settle)
	}
}

// hugeLine is a reader of one line of n bytes 'A', then a good record.
type hugeLine struct{ n int64 }

func (r *hugeLine) Read(b []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	if r.n <= int64(len("\nAB\n")) {
		n := copy(b, "\nAB\n"[len("\nAB\n")-int(r.n):])
		r.n -= int64(n)
		return n, nil
	}
	k := min(int64(len(b)), r.n-int64(len("\nAB\n")))
	for i := range k {
		b[i] = 'A'
	}
	r.n -= k
	return int(k), nil
}

// TestScoreHugeLineFlatMemory streams a 256 MiB line: it is reported and skipped
// without being held, and the record after it is scored.
func TestScoreHugeLineFlatMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 256 MiB")
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var o, e bytes.Buffer
	code := Run(context.Background(), []string{"score"}, &hugeLine{256<<20 + 4}, &o, &e)
	runtime.ReadMemStats(&after)
	if code != cli.ExitFail || o.String() != "0 0\n" || !strings.Contains(e.String(), "stdin:1: line of 268435456 bytes, longer than") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, o.String(), e.String())
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Errorf("allocated %d MiB for a 256 MiB line", grew>>20)
	}
}

func TestScoreLineLimitBoundary(t *testing.T) {
	in := strings.Repeat(" ", maxLine-3) + "AB\n" + strings.Repeat(" ", maxLine-2) + "AB\n" + strings.Repeat(" ", maxLine-3) + "AB"
	out, e, code := run(t, in, "score")
	if code != cli.ExitFail || out != "0 0\n0 0\n" || !strings.Contains(e, "stdin:2: line of 65536 bytes, longer than the limit of 65535") || strings.Count(e, "\n") != 1 {
		t.Errorf("code %d, stdout %q, stderr %q", code, out, e)
	}
}
