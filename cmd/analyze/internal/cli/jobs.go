package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
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
// Parse checks a given path before any work starts (CheckOutputPath) unless usage
// allows a DIR.
func OutFlag(fs *flag.FlagSet, usage string) *string {
	return fs.String("out", "", usage)
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
