package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// BenchmarkProcessStart runs one-board commands of the built analyze binary and a
// hello-world Go binary alternately (-benchtime=200x runs each 200 times) and reports
// the median wall time of each and their ratio (start/hello; the target is at most 1.5).
func BenchmarkProcessStart(b *testing.B) {
	dir := b.TempDir()
	hello := filepath.Join(dir, "hello")
	src := filepath.Join(dir, "hello.go")
	os.WriteFile(src, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n"), 0o644)
	if out, err := exec.Command("go", "build", "-o", hello, src).CombinedOutput(); err != nil {
		b.Fatalf("building hello: %v\n%s", err, out)
	}
	bin := filepath.Join(dir, "analyze")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("building analyze: %v\n%s", err, out)
	}
	board := filepath.Join(dir, "board.txt")
	os.WriteFile(board, []byte("..B\n.BW\nBW.\n"), 0o644)
	cmds := map[string][]string{
		"wythoff-move": {"wythoff", "move", "3", "5"},
		"goban-score":  {"goban", "score", board},
		"version":      {"version"},
	}
	for _, name := range []string{"wythoff-move", "goban-score", "version"} {
		args := cmds[name]
		b.Run(name, func(b *testing.B) {
			var th, ta []time.Duration
			timeRun := func(path string, args ...string) time.Duration {
				c := exec.Command(path, args...)
				t0 := time.Now()
				if err := c.Run(); err != nil {
					b.Fatalf("%s %v: %v", path, args, err)
				}
				return time.Since(t0)
			}
			for i := 0; i < b.N; i++ {
				th = append(th, timeRun(hello))
				ta = append(ta, timeRun(bin, args...))
			}
			mh, ma := median(th), median(ta)
			b.ReportMetric(float64(mh.Microseconds()), "hello-µs")
			b.ReportMetric(float64(ma.Microseconds()), "analyze-µs")
			b.ReportMetric(float64(ma)/float64(mh), "start/hello")
		})
	}
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
