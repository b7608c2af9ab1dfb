package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
)

// JobsFlag defines -j/--jobs, the number of parallel workers, with a default and the
// least value accepted: 0 where 0 means one worker per core, else 1. A smaller value
// or one that is not an integer is refused by Parse, as every command words it.
func JobsFlag(fs *flag.FlagSet, value, least int, usage string) *int {
	p := new(int)
	JobsVar(fs, p, value, least, usage)
	return p
}

// JobsVar is JobsFlag storing the value in *p.
func JobsVar(fs *flag.FlagSet, p *int, value, least int, usage string) {
	*p = value
	fs.Var(&jobsValue{n: p, least: least}, "jobs", usage)
}

// OutFlag defines -o/--out, the file the results are written to instead of stdout;
// Parse checks a given path before any work starts (CheckOutputPath) unless usage
// allows a DIR.
func OutFlag(fs *flag.FlagSet, usage string) *string {
	return fs.String("out", "", usage)
}

// jobsValue is the value of a JobsFlag.
type jobsValue struct {
	n     *int
	least int
}

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
	if int(n) < j.least {
		if j.least == 0 {
			return fmt.Errorf("want 0 (one per core) or more")
		}
		return fmt.Errorf("want %d or more", j.least)
	}
	*j.n = int(n)
	return nil
}
