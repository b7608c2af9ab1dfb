//go:build unix

package dead_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/engine/goban/dead"
	"github.com/boardlab/boardlab/engine/goban/sgf"
	"github.com/boardlab/boardlab/internal/shareddata"
)

// gnugoResult is GNU Go's count of one record.
type gnugoResult struct {
	lead float64 // black's lead
	ok   bool    // GNU Go printed a result in time
	cpu  time.Duration
}

var printOnce sync.Once

var gnugoOnce struct {
	sync.Once
	res []gnugoResult
}

// runGNUGo counts each record with "gnugo --score aftermath -l FILE" (--chinese-rules
// for RU[Chinese]), FILE a copy of the record with KM[] set to the komi
// dead.RecordKomi reads when that differs (GNU Go takes KM[750] for 750 points, and a
// record's KM overrides --komi), at most $BOARDLAB_GNUGO_TIMEOUT (default 60s) each,
// and measures the CPU time of each. With $BOARDLAB_GNUGO_CACHE set to a folder, each
// record's output and CPU time are kept there and reused by later runs.
func runGNUGo(b *testing.B, gnugo, dir string, games []*replayed) []gnugoResult {
	cache := os.Getenv("BOARDLAB_GNUGO_CACHE")
	tmp := b.TempDir()
	timeout := 60 * time.Second
	if v := os.Getenv("BOARDLAB_GNUGO_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			b.Fatalf("$BOARDLAB_GNUGO_TIMEOUT: %v", err)
		}
		timeout = d
	}
	res := make([]gnugoResult, len(games))
	for i, r := range games {
		args := []string{"--score", "aftermath"}
		if rules, _ := dead.ParseRU(string(r.g.RU)); rules.Name == dead.RulesChinese.Name {
			args = append(args, "--chinese-rules")
		}
		path := filepath.Join(dir, r.name)
		if k := dead.RecordKomi(&r.g); k != r.g.Komi {
			data, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			km := []byte("KM[" + strconv.FormatFloat(k, 'f', -1, 64) + "]")
			data = kmPattern.ReplaceAll(data, km)
			path = filepath.Join(tmp, r.name)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		args = append(args, "-l", path)
		key := filepath.Join(cache, r.name+".gnugo")
		if data, err := os.ReadFile(key); cache != "" && err == nil {
			cpu, out, _ := strings.Cut(string(data), "\n")
			res[i].cpu, _ = time.ParseDuration(cpu)
			res[i].lead, res[i].ok = parseGNUGo(out)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		cmd := exec.CommandContext(ctx, gnugo, args...)
		out, _ := cmd.Output()
		cancel()
		if cmd.ProcessState != nil {
			res[i].cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		}
		res[i].lead, res[i].ok = parseGNUGo(string(out))
		if cache != "" {
			os.WriteFile(key, []byte(res[i].cpu.String()+"\n"+string(out)), 0o644)
		}
	}
	return res
}

// kmPattern is a record's KM property.
var kmPattern = regexp.MustCompile(`KM\[[^\]]*\]`)

// parseGNUGo reads "Black wins by 2.5 points" or "White wins by ..." as black's lead.
func parseGNUGo(out string) (float64, bool) {
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 5 && f[1] == "wins" && f[2] == "by" {
			v, err := strconv.ParseFloat(f[3], 64)
			if err != nil {
				return 0, false
			}
			if f[0] == "White" {
				v = -v
			}
			return v, true
		}
	}
	return 0, false
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkVsGNUGo counts the shared sample's records with a counted result
// ($BOARDLAB_SHARED/data/sgf-ai) with GNU Go's --score aftermath (once per process)
// and with this package (b.N times), and reports both sides' agreement with RE
// (winner and margin, and winner) and games per CPU-second, and each record where
// either differs from RE. It skips without gnugo on $PATH or in /usr/games.
func BenchmarkVsGNUGo(b *testing.B) {
	gnugo, err := exec.LookPath("gnugo")
	if err != nil {
		if _, err := os.Stat("/usr/games/gnugo"); err != nil {
			b.Skip("gnugo is not installed (Debian: apt-get install gnugo)")
		}
		gnugo = "/usr/games/gnugo"
	}
	dir, err := shareddata.Path("data", "sgf-ai")
	if err != nil {
		b.Skip(err)
	}
	games := replayAll(b, counted(b, dir))
	gnugoOnce.Do(func() { gnugoOnce.res = runGNUGo(b, gnugo, dir, games) })
	gres := gnugoOnce.res
	leads := make([]float64, len(games))
	var s dead.Scorer
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for range b.N {
		countAll(&s, games, leads)
	}
	cpu := cpuTime() - start
	b.StopTimer()
	var agree, winner, gAgree, gWinner, compared, compWinner, gCompWinner int
	var gCPU time.Duration
	var lines []string
	for i, r := range games {
		c := sgf.CheckResult(r.g.RE, leads[i])
		gc := sgf.CheckResult(r.g.RE, gres[i].lead)
		gc.Agrees = gc.Agrees && gres[i].ok
		blackWon := r.g.RE[0] == 'B'
		agree += b2i(c.Agrees)
		winner += b2i((leads[i] > 0) == blackWon)
		gAgree += b2i(gc.Agrees)
		gWinner += b2i(gres[i].ok && (gres[i].lead > 0) == blackWon)
		if c.Comparable() { // the no counts (RE[B+0.0]) agree with neither side
			compared++
			compWinner += b2i((leads[i] > 0) == blackWon)
			gCompWinner += b2i(gres[i].ok && (gres[i].lead > 0) == blackWon)
		}
		gCPU += gres[i].cpu
		if !c.Agrees || !gc.Agrees {
			g := "none"
			if gres[i].ok {
				g = string(sgf.FormatScore(nil, gres[i].lead))
			}
			lines = append(lines, fmt.Sprintf("%s RE %s: boardlab %s, gnugo %s (%.1f s)", r.name, r.g.RE, sgf.FormatScore(nil, leads[i]), g, gres[i].cpu.Seconds()))
		}
	}
	n := float64(len(games))
	rate := float64(b.N) * n / cpu.Seconds()
	gRate := n / gCPU.Seconds()
	// The table goes to stdout once: b.Log cuts a benchmark's log short.
	printOnce.Do(func() {
		fmt.Printf("%d records with a counted result; differing from RE in either:\n%s\n", len(games), strings.Join(lines, "\n"))
	})
	fmt.Printf("boardlab: %d agree with RE, %d on the winner, %.0f games/CPU-s; gnugo: %d agree, %d on the winner, %.3f games/CPU-s; %.0fx\n",
		agree, winner, rate, gAgree, gWinner, gRate, rate/gRate)
	fmt.Printf("of the %d whose RE is comparable: boardlab %d on the winner, gnugo %d\n", compared, compWinner, gCompWinner)
	b.ReportMetric(rate, "games/CPU-s")
	b.ReportMetric(gRate, "gnugo-games/CPU-s")
	b.ReportMetric(rate/gRate, "x-gnugo")
	b.ReportMetric(float64(agree), "agree")
	b.ReportMetric(float64(gAgree), "gnugo-agree")
	b.ReportMetric(float64(winner), "winner")
	b.ReportMetric(float64(gWinner), "gnugo-winner")
	b.ReportMetric(float64(compared), "comparable")
	b.ReportMetric(float64(compWinner), "comparable-winner")
	b.ReportMetric(float64(gCompWinner), "gnugo-comparable-winner")
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}
