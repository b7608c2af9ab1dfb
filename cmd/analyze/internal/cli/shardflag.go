package cli

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/boardlab/boardlab/shard"
)

// ShardFlag registers --shard K/N (and --shards N, the count used with a scheduler's
// index variable) on fs. Call Resolve after parsing.
func ShardFlag(fs *flag.FlagSet) *ShardSpec {
	sp := &ShardSpec{fs: fs}
	fs.Var(&sp.Shard, "shard", "run part `K/N` of the job (K from 0 to N-1); see 'analyze help shard'")
	fs.IntVar(&sp.count, "shards", 0, "the number of shards `N` when the part comes from $JOB_COMPLETION_INDEX")
	return sp
}

// LinesInput is the standard input of a line-stream job run as shard s (one whose
// output starts with shard.WriteLinesHeader): when s is enabled, stdin read through a
// digest, and end writes the trailer that ends the shard's output after its last line
// (shard.WriteLinesTrailer), naming the input so that a merge refuses parts of
// different inputs and parts cut short. Unsharded, it returns stdin and an end that
// writes nothing. Call end only when the run finished.
func LinesInput(s shard.Shard, stdin io.Reader) (in io.Reader, end func(w io.Writer) error) {
	if !s.Enabled() {
		return stdin, func(io.Writer) error { return nil }
	}
	d := shard.NewInputDigest(stdin)
	return d, func(w io.Writer) error { return shard.WriteLinesTrailer(w, d.Trailer()) }
}

// ShardSpec is a --shard flag with its scheduler fallback.
type ShardSpec struct {
	shard.Shard
	count int
	fs    *flag.FlagSet
}

// sameOutput reports whether flag name does not change what a job writes: such flags
// are left out of its identity, so that its shards may differ in them.
func sameOutput(name string) bool {
	switch name {
	case "shard", "shards", "out", "o", "jobs", "j", "workers", "q", "quiet":
		return true
	}
	return false
}

// job returns the identity of the command cmd as parsed by fs: its flags that change
// the output, with their values, and its positional arguments (the input names).
func (sp *ShardSpec) job(cmd string) shard.Job {
	if sp.fs == nil {
		return shard.Job{}
	}
	var args []string
	sp.fs.Visit(func(f *flag.Flag) {
		if !sameOutput(f.Name) {
			args = append(args, "--"+f.Name+"="+f.Value.String())
		}
	})
	args = append(append(args, "--"), sp.fs.Args()...)
	return shard.NewJob(cmd, args)
}

// Resolve fills the shard from the environment when --shard was not given (see
// shard.FromEnv, with --shards N as the count), saying on stderr where the shard came
// from, and sets its Job from the command line parsed by the flag set. It returns an error naming the variable when a value is unusable.
func (sp *ShardSpec) Resolve(cmd string, getenv func(string) string, stderr io.Writer) (shard.Shard, error) {
	if sp.Enabled() {
		sp.Job = sp.job(cmd)
		return sp.Shard, nil
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	s, from, err := shard.FromEnv(shard.Env{Getenv: getenv, Count: sp.count, CountName: "--shards"})
	if err != nil || !s.Enabled() {
		return shard.Shard{}, err
	}
	fmt.Fprintf(stderr, "analyze %s: shard %s from %s\n", cmd, s, from)
	s.Job = sp.job(cmd)
	sp.Shard = s
	return s, nil
}
