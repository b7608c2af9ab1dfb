package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/gobancmd"
	"github.com/boardlab/boardlab/cmd/analyze/internal/qtttcmd"
	"github.com/boardlab/boardlab/cmd/analyze/internal/utttcmd"
	"github.com/boardlab/boardlab/cmd/analyze/internal/wythoffcmd"
	"github.com/boardlab/boardlab/internal/machine"
)

// group is one game's subcommand group.
type group struct {
	name    string
	summary string
	run     cli.RunFunc
	jobs    *[]string // its lines of the default batch plan
}

var groups = []group{
	{"goban", gobancmd.Summary, gobancmd.Run, &gobancmd.BatchJobs},
	{"wythoff", wythoffcmd.Summary, wythoffcmd.Run, &wythoffcmd.BatchJobs},
	{"qttt", qtttcmd.Summary, qtttcmd.Run, &qtttcmd.BatchJobs},
	{"uttt", utttcmd.Summary, utttcmd.Run, &utttcmd.BatchJobs},
}

// stdin is the standard input handed to commands; tests replace it.
var stdin io.Reader = os.Stdin

const globalUsage = `usage: analyze [--cpuprofile FILE] [--memprofile FILE] COMMAND [flags] [args]

boardlab's analysis engine for four combinatorial games.

commands:
%s  merge        combine the outputs of a sharded job (--shard K/N) into the whole run's
  batch        run a plan of analyze jobs with timings (no PLAN: the embedded default plan)
  version      print the build and a report of this machine
  help         print help for a command: analyze help COMMAND

global flags (before COMMAND):
  --cpuprofile FILE   write a pprof CPU profile of the command to FILE
  --memprofile FILE   write a pprof heap profile to FILE when the command ends

Exit status: 0 success, 1 bad input or failed work (the good inputs are still
processed), 2 a wrong command line.
`

func usage(w io.Writer) {
	var b strings.Builder
	for _, g := range groups {
		fmt.Fprintf(&b, "  %-12s %s\n", g.name, g.summary)
	}
	fmt.Fprintf(w, globalUsage, b.String())
}

// run is the whole command line: it parses the global flags and dispatches to a
// command. It never panics; an internal error is reported with its stack and status 1.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "analyze: internal error: %v\n%s\nplease report this with the command line that caused it\n", r, debug.Stack())
			code = cli.ExitFail
		}
	}()
	fs := cli.NewFlagSet("analyze", "analyze [global flags] COMMAND [flags] [args]", "", stderr)
	fs.Usage = func() { usage(stderr) }
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to `FILE`")
	memprofile := fs.String("memprofile", "", "write a heap profile to `FILE`")
	if err := fs.Parse(args); err != nil {
		if err.Error() == "flag: help requested" {
			usage(stdout)
			return cli.ExitOK
		}
		return cli.ExitUsage
	}
	args = fs.Args()
	if len(args) == 0 {
		usage(stderr)
		return cli.ExitUsage
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "analyze: --cpuprofile: %v\n", err)
			return cli.ExitFail
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "analyze: --cpuprofile: %v\n", err)
			f.Close()
			return cli.ExitFail
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := f.Close(); err != nil {
				fmt.Fprintf(stderr, "analyze: --cpuprofile: %v\n", err)
				code = cli.ExitFail
			}
		}()
	}
	if *memprofile != "" {
		defer func() {
			if err := writeHeapProfile(*memprofile); err != nil {
				fmt.Fprintf(stderr, "analyze: --memprofile: %v\n", err)
				code = cli.ExitFail
			}
		}()
	}
	return dispatch(ctx, args, stdout, stderr)
}

func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// dispatch runs one command line without global flags; batch calls it for each job.
func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) == 0 || name != "help" {
			usage(stdout)
			return cli.ExitOK
		}
		return dispatch(ctx, []string{rest[0], "-h"}, stdout, stderr)
	case "version":
		return runVersion(rest, stdout, stderr)
	case "batch":
		return runBatch(ctx, rest, stdout, stderr)
	case "merge":
		return runMerge(ctx, rest, stdout, stderr)
	}
	for _, g := range groups {
		if g.name == name {
			return g.run(ctx, rest, stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "analyze: unknown command %q\nrun 'analyze help' for the command list\n", name)
	return cli.ExitUsage
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("version", "analyze version [--json]",
		"Prints the module version, VCS revision, Go version and a report of this machine:\nCPU, cores, x86-64 level and the CPU features the engines use.", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) > 0 {
		return cli.Usagef(stderr, "version", "unexpected argument %q", pos[0])
	}
	b := buildInfo()
	m := machine.Get()
	if *asJSON {
		json.NewEncoder(stdout).Encode(struct {
			Build   build          `json:"build"`
			Machine machine.Report `json:"machine"`
		}{b, m})
		return cli.ExitOK
	}
	fmt.Fprintf(stdout, "analyze %s", b.Version)
	if b.Revision != "" {
		fmt.Fprintf(stdout, " (%s", b.Revision)
		if b.Modified {
			fmt.Fprint(stdout, ", modified")
		}
		if b.Time != "" {
			fmt.Fprintf(stdout, ", %s", b.Time)
		}
		fmt.Fprint(stdout, ")")
	}
	fmt.Fprintf(stdout, " %s/%s\n", runtime.GOOS, runtime.GOARCH)
	if b.PGO != "" {
		fmt.Fprintf(stdout, "pgo: %s\n", b.PGO)
	}
	fmt.Fprint(stdout, m.String())
	return cli.ExitOK
}

type build struct {
	Module   string `json:"module"`
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	PGO      string `json:"pgo,omitempty"`
	Go       string `json:"go"`
}

func buildInfo() build {
	b := build{Module: "github.com/boardlab/boardlab", Version: "(devel)", Go: runtime.Version()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if bi.Main.Version != "" {
		b.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
			if len(b.Revision) > 12 {
				b.Revision = b.Revision[:12]
			}
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		case "-pgo":
			b.PGO = s.Value
		}
	}
	return b
}
