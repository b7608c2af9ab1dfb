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
	sp := &ShardSpec{}
	fs.Var(&sp.Shard, "shard", "run part `K/N` of the job (K from 0 to N-1); see 'analyze help shard'")
	fs.IntVar(&sp.count, "shards", 0, "the number of shards `N` when the part comes from $JOB_COMPLETION_INDEX")
	return sp
}

// ShardSpec is a --shard flag with its scheduler fallback.
type ShardSpec struct {
	shard.Shard
	count int
}

// Resolve fills the shard from the environment when --shard was not given (see
// shard.FromEnv, with --shards N as the count), saying on stderr where the shard came
// from. It returns an error naming the variable when a value is unusable.
func (sp *ShardSpec) Resolve(cmd string, getenv func(string) string, stderr io.Writer) (shard.Shard, error) {
	if sp.Enabled() {
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
	sp.Shard = s
	return s, nil
}
