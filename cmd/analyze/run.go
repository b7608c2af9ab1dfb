package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/gobancmd"
	"github.com/boardlab/boardlab/cmd/analyze/internal/profile"
	"github.com/boardlab/boardlab/cmd/analyze/internal/qtttcmd"
	"github.com/boardlab/boardlab/cmd/analyze/internal/suggest"
	"github.com/boardlab/boardlab/cmd/analyze/internal/utttcmd"
	"github.com/boardlab/boardlab/cmd/analyze/internal/wythoffcmd"
	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/uttt/search"
	wythoffbulk "github.com/boardlab/boardlab/engine/wythoff/bulk"
	"github.com/boardlab/boardlab/fileio"
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
%s  merge        combine the parts of a sharded job (--shard K/N) into the whole run's output
  batch        run a plan of analyze jobs with timings (no PLAN: the embedded default plan)
  version      print the build (-v: and a report of this machine's CPU)
  help         print help for a command: analyze help COMMAND [SUBCOMMAND]
               (analyze help shard: how --shard K/N splits a job)

global flags (before COMMAND):
  --cpuprofile FILE   write a pprof CPU profile of the command to FILE
  --memprofile FILE   write a pprof heap profile to FILE when the command ends
  -v, --version       print the build, as "analyze version"
  -h, --help          print this help

Every command takes -h for its flags. docs/cli.md in the source describes the flags
all commands share (-o/--out, -j/--jobs, --json, --shard K/N), inputs and outputs.

Exit status: 0 success, 1 bad input or failed work (the good inputs are still
processed), 2 a wrong command line, 130 interrupted (Ctrl-C or SIGTERM; what was
finished is written to stdout, and no --out file is written).
`

// helpTopics are "analyze help TOPIC" pages that are not commands.
var helpTopics = map[string]string{
	"shard": `Sharding: with --shard K/N a command runs part K (0 to N-1) of N of its job.
Work of known size (table rows, games, a walk's sorted files, first moves) splits into N
contiguous ranges, whose outputs concatenated in K order are the unsharded output. A
stream of lines on stdin splits by line (line i to shard i mod N): such a shard's output
starts with "#boardlab-shard-lines K/N job ID COMMAND" (ID a hash of the command line),
prefixes each line with its input line number and a tab, and ends with
"#boardlab-shard-end stdin BYTES crc HEX" (the standard input it read), for
'analyze merge'.
With --out PATH a shard writes PATH.K-of-N. Without --shard the part can come from a
scheduler: JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs) with --shards N or
$BOARDLAB_SHARDS, or SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT (less a non-zero
SLURM_ARRAY_TASK_MIN); the command says on stderr where its shard came from.
See docs/scale-out.md.
`,
}

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
	// Output lost on a full disk or a closed pipe is reported once, here, whatever the
	// command made of the write error, and the run does not end with status 0.
	out := cli.NewStdout(stdout)
	stdout = out
	errOut := &stderrWatch{w: stderr}
	stderr = errOut
	command := ""
	defer func() {
		if err := out.Err(); err != nil && (code == cli.ExitOK || code == cli.ExitFail) {
			if !errOut.saw {
				if command == "" {
					fmt.Fprintf(errOut.w, "analyze: %v\n", err)
				} else {
					fmt.Fprintf(errOut.w, "analyze %s: %v\n", command, err)
				}
			}
			code = cli.ExitFail
		}
	}()
	// Reads of standard input stop on Ctrl-C in every command, also those that read it
	// directly; one reader for the whole run, so batch jobs share it.
	in := stdin
	stdin = fileio.NewContextReader(ctx, in)
	defer func() { stdin = in }()
	var cpuprofile, memprofile string
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "h", "help":
			usage(stdout)
			return cli.ExitOK
		case "v", "version":
			command = "version"
			return runVersion(nil, stdout, stderr)
		case "cpuprofile", "memprofile":
			if !hasValue {
				if len(args) < 2 {
					fmt.Fprintf(stderr, "analyze: flag --%s needs a value: FILE\nrun 'analyze -h' for usage\n", name)
					return cli.ExitUsage
				}
				value, args = args[1], args[1:]
			}
			if name == "cpuprofile" {
				cpuprofile = value
			} else {
				memprofile = value
			}
			args = args[1:]
			continue
		}
		hint := ""
		if s := suggest.Closest(name, []string{"cpuprofile", "memprofile", "help", "version"}); s != "" {
			hint = fmt.Sprintf(" (did you mean --%s?)", s)
		}
		fmt.Fprintf(stderr, "analyze: unknown flag %s%s\nrun 'analyze -h' for usage\n", strings.SplitN(a, "=", 2)[0], hint)
		return cli.ExitUsage
	}
	if len(args) == 0 {
		usage(stderr)
		return cli.ExitUsage
	}
	command = commandName(args)
	// Both profiles' paths are checked before the command runs: a wrong one is a
	// command-line error, not a failure found after the work.
	for _, p := range []struct{ flag, path string }{{"cpuprofile", cpuprofile}, {"memprofile", memprofile}} {
		if p.path == "" {
			continue
		}
		if err := fileio.CheckOutputPath(p.path); err != nil {
			fmt.Fprintf(stderr, "analyze: --%s %v\nrun 'analyze -h' for usage\n", p.flag, err)
			return cli.ExitUsage
		}
	}
	stop, err := profile.Start(cpuprofile, memprofile)
	if err != nil {
		fmt.Fprintf(stderr, "analyze: %v\nrun 'analyze -h' for usage\n", err)
		return cli.ExitUsage
	}
	defer func() {
		if err := stop(); err != nil {
			fmt.Fprintf(stderr, "analyze: %v\n", err)
			if code == cli.ExitOK {
				code = cli.ExitFail
			}
		}
	}()
	code = dispatch(ctx, args, stdout, stderr)
	if code == cli.ExitFail && ctx.Err() != nil {
		// A read or a job cut short by Ctrl-C failed because of it: the run was
		// interrupted, whatever the command made of the error.
		code = cli.ExitInterrupted
	}
	return code
}

// stderrWatch passes writes to w and notes whether a command has reported a failed
// write to stdout itself (a message holding cli.WriteError's text), so that run does
// not report it twice.
type stderrWatch struct {
	w   io.Writer
	saw bool
}

func (s *stderrWatch) Write(p []byte) (int, error) {
	if !s.saw && bytes.Contains(p, []byte("writing stdout: ")) {
		s.saw = true
	}
	return s.w.Write(p)
}

// Unwrap returns the wrapped writer (term.IsTerminal looks through it).
func (s *stderrWatch) Unwrap() io.Writer { return s.w }

// commandName is how messages name the command args run: "uttt search", "version".
func commandName(args []string) string {
	for _, g := range groups {
		if g.name == args[0] && len(args) > 1 && !strings.HasPrefix(args[1], "-") && args[1] != "help" {
			return args[0] + " " + args[1]
		}
	}
	return args[0]
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
		if topic, ok := helpTopics[rest[0]]; ok && len(rest) == 1 {
			fmt.Fprint(stdout, topic)
			return cli.ExitOK
		}
		// help COMMAND [SUBCOMMAND]: the command's help on stdout.
		if len(rest) == 1 {
			return dispatch(ctx, []string{rest[0], "-h"}, stdout, stderr)
		}
		return dispatch(ctx, []string{rest[0], "help", rest[1]}, stdout, stderr)
	case "version", "batch", "merge":
		if cli.WantsHelp(rest) {
			stderr = stdout // asked-for help goes to stdout
		}
		switch name {
		case "version":
			return runVersion(rest, stdout, stderr)
		case "batch":
			return runBatch(ctx, rest, stdout, stderr)
		}
		return runMerge(ctx, rest, stdout, stderr)
	}
	names := []string{"help", "version", "batch", "merge"}
	for _, g := range groups {
		if g.name == name {
			return g.run(ctx, rest, stdin, stdout, stderr)
		}
		names = append(names, g.name)
	}
	if s := suggest.Closest(name, names); s != "" {
		fmt.Fprintf(stderr, "analyze: unknown command %q (did you mean %s?)\nrun 'analyze help' for the command list\n", name, s)
		return cli.ExitUsage
	}
	fmt.Fprintf(stderr, "analyze: unknown command %q\nrun 'analyze help' for the command list\n", name)
	return cli.ExitUsage
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("version", "analyze version [-v] [--json]",
		"Prints the module version, VCS revision and Go version; with -v also a report of\nthis machine: CPU, cores, x86-64 level and the CPU features the engines use.", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	verbose := fs.Bool("v", false, "add the report of this machine (CPU, cores, features)")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) > 0 {
		return cli.Usagef(stderr, "version", "unexpected argument %q", pos[0])
	}
	b := machine.ReadBuild()
	if *asJSON {
		v := struct {
			Build    machine.Build   `json:"build"`
			Machine  *machine.Report `json:"machine,omitempty"`
			Assembly *asmPaths       `json:"assembly,omitempty"`
		}{Build: b}
		if *verbose {
			m := machine.Get()
			v.Machine = &m
			a := assemblyPaths()
			v.Assembly = &a
		}
		json.NewEncoder(stdout).Encode(v)
		return cli.ExitOK
	}
	fmt.Fprint(stdout, b.Text("analyze"))
	if *verbose {
		fmt.Fprint(stdout, machine.Get().String())
		a := assemblyPaths()
		fmt.Fprintf(stdout, "assembly: goban text parser (AVX2, BMI2) %s; wythoff move passes (AVX-512) %s; uttt network (AVX2) %s\n",
			onOff(a.GobanParse), onOff(a.WythoffMove), onOff(a.UtttNet))
	}
	return cli.ExitOK
}

// asmPaths says which assembly paths run on this machine (each asks the CPU once).
type asmPaths struct {
	GobanParse  bool `json:"goban_parse"`
	WythoffMove bool `json:"wythoff_move"`
	UtttNet     bool `json:"uttt_net"`
}

func assemblyPaths() asmPaths {
	return asmPaths{GobanParse: goban.AsmParser(), WythoffMove: wythoffbulk.AsmPasses(), UtttNet: search.NetAsm()}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
