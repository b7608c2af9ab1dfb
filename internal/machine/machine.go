// Package machine describes the computer boardlab runs on and the build running on it:
// CPU brand, cores, x86-64 level, the CPU features the engines care about, and the
// binary's version, revision and Go version. Every benchmark, profile and
// `analyze version` prints this report so figures can be compared across machines.
// The CPU's level and features come from internal/cpu, the one detector the engines
// dispatch on; /proc/cpuinfo only gives the core counts.
package machine

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/boardlab/boardlab/internal/cpu"
)

// features are the CPU features the engines may dispatch on or whose absence explains
// a figure, in report order.
var features = []string{"POPCNT", "BMI1", "BMI2", "LZCNT", "AVX2", "AVX512F", "ADX"}

// Report is a snapshot of the machine and the Go build running on it.
type Report struct {
	CPU       string   `json:"cpu"`
	Vendor    string   `json:"vendor"`
	Physical  int      `json:"physical_cores"`
	Logical   int      `json:"logical_cores"`
	GOMAXPROC int      `json:"gomaxprocs"`
	X64Level  int      `json:"x86_64_level"`
	GOARCH    string   `json:"goarch"`
	GOAMD64   string   `json:"goamd64,omitempty"`
	Go        string   `json:"go"`
	Features  []string `json:"features"` // the engine-relevant features present
	Missing   []string `json:"missing"`  // the engine-relevant features absent
	VM        bool     `json:"vm"`
}

// Get returns the report for this process. The CPU is examined on the first call, not
// at package initialisation, so a process that never asks pays nothing.
func Get() Report {
	c := cpu.Get()
	model, physical, logical := procCPU()
	r := Report{
		CPU:       cpu.Brand(),
		Vendor:    c.Vendor,
		Physical:  physical,
		Logical:   logical,
		GOMAXPROC: runtime.GOMAXPROCS(0),
		X64Level:  c.Level,
		GOARCH:    runtime.GOARCH,
		Go:        runtime.Version(),
		VM:        c.VM,
	}
	if r.CPU == "" {
		r.CPU = model // a CPU without CPUID's brand string
	}
	if r.CPU == "" {
		r.CPU = "unknown"
	}
	if r.Logical == 0 {
		r.Logical = runtime.NumCPU()
	}
	if r.Physical == 0 {
		r.Physical = r.Logical
	}
	r.GOAMD64 = buildSetting("GOAMD64")
	if r.GOAMD64 == "" && runtime.GOARCH == "amd64" {
		r.GOAMD64 = os.Getenv("GOAMD64")
		if r.GOAMD64 == "" {
			r.GOAMD64 = "v1"
		}
	}
	has := map[string]bool{"POPCNT": c.POPCNT, "BMI1": c.BMI1, "BMI2": c.BMI2, "LZCNT": c.LZCNT,
		"AVX2": c.AVX2, "AVX512F": c.AVX512F, "ADX": c.ADX}
	for _, f := range features {
		if has[f] {
			r.Features = append(r.Features, f)
		} else {
			r.Missing = append(r.Missing, f)
		}
	}
	return r
}

// String renders the report as a few "key: value" lines.
func (r Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cpu: %s (%s)\n", r.CPU, r.Vendor)
	fmt.Fprintf(&b, "cores: %d physical, %d logical, GOMAXPROCS %d\n", r.Physical, r.Logical, r.GOMAXPROC)
	if r.GOARCH == "amd64" {
		fmt.Fprintf(&b, "x86-64 level: v%d (built for GOAMD64=%s)\n", r.X64Level, r.GOAMD64)
	} else {
		fmt.Fprintf(&b, "arch: %s\n", r.GOARCH)
	}
	fmt.Fprintf(&b, "features: %s", strings.Join(r.Features, " "))
	if len(r.Missing) > 0 {
		fmt.Fprintf(&b, " (missing: %s)", strings.Join(r.Missing, " "))
	}
	b.WriteString("\n")
	vm := ""
	if r.VM {
		vm = ", virtual machine"
	}
	fmt.Fprintf(&b, "go: %s%s\n", r.Go, vm)
	return b.String()
}

// Line renders the report on one line, for benchmark logs.
func (r Report) Line() string {
	return fmt.Sprintf("machine: %s; %dC/%dT; x86-64-v%d GOAMD64=%s; %s; %s",
		r.CPU, r.Physical, r.Logical, r.X64Level, r.GOAMD64, strings.Join(r.Features, ","), r.Go)
}

var once sync.Once

// LogOnce prints the one-line report through logf the first time it is called in a
// process; benchmarks call it with b.Logf or fmt.Printf so every run records its machine.
func LogOnce(logf func(format string, args ...any)) {
	once.Do(func() { logf("%s", Get().Line()) })
}

func buildSetting(key string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range bi.Settings {
		if s.Key == key {
			return s.Value
		}
	}
	return ""
}
