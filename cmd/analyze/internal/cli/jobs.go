package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/fileio"
)

// MaxJobs is the most workers -j takes: each worker costs memory of its own.
const MaxJobs = 4096

// JobsFlag defines -j/--jobs, the number of parallel workers; its default, 0, means one
// per core, as in every command, and help says so after usage. A negative value or
// one that is not an integer is refused by Parse, as every command words it.
func JobsFlag(fs *flag.FlagSet, usage string) *int {
	p := new(int)
	JobsVar(fs, p, usage)
	return p
}

// JobsVar is JobsFlag storing the value in *p.
func JobsVar(fs *flag.FlagSet, p *int, usage string) {
	*p = 0
	fs.Var(&jobsValue{n: p}, "jobs", usage+" (0: one per core)")
}

// OutFlag defines -o/--out, the file the results are written to instead of stdout;
// Parse checks a given path before any work starts, as for OutputVar.
func OutFlag(fs *flag.FlagSet, usage string) *string {
	p := new(string)
	OutputVar(fs, p, "out", usage)
	return p
}

// OutputVar defines a flag naming an output file, stored in *p (default ""). Parse
// checks a given path before any work starts, so that a missing folder is a
// command-line error and not a failure after the work: a `DIR` placeholder in usage
// makes it a directory (created if missing: fileio.CheckOutputDir), a usage that
// also mentions DIR ("`FILE` or DIR") a file or a directory, any other a file
// (fileio.CheckOutputPath).
func OutputVar(fs *flag.FlagSet, p *string, name, usage string) {
	fs.Var((*outputValue)(p), name, usage)
}

// outputValue is the value of an OutputVar flag.
type outputValue string

func (o *outputValue) String() string {
	if o == nil {
		return ""
	}
	return string(*o)
}

func (o *outputValue) Set(s string) error { *o = outputValue(s); return nil }

func (o *outputValue) Get() any { return string(*o) }

// checkOutput checks the path of a set output flag f (an OutputVar, or a plain
// string flag named out or o) by the kind its usage gives.
func checkOutput(f *flag.Flag) error {
	path := f.Value.String()
	arg, usage := flag.UnquoteUsage(f)
	switch {
	case arg == "DIR":
		return fileio.CheckOutputDir(path)
	case strings.Contains(usage, "DIR") && (strings.HasSuffix(path, "/") || isDir(path)):
		return fileio.CheckOutputDir(path)
	}
	return fileio.CheckOutputPath(path)
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// jobsValue is the value of a JobsFlag.
type jobsValue struct{ n *int }

func (j *jobsValue) String() string {
	if j.n == nil {
		return "0"
	}
	return strconv.Itoa(*j.n)
}

func (j *jobsValue) Get() any { return *j.n }

// ArgName is the placeholder help shows after the flag's name.
func (j *jobsValue) ArgName() string { return "N" }

func (j *jobsValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		return errors.New("expected an integer")
	}
	if n < 0 || n > MaxJobs {
		return fmt.Errorf("want 0..%d (0: one per core)", MaxJobs)
	}
	*j.n = int(n)
	return nil
}
