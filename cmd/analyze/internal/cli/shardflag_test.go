package cli

import (
	"bytes"
	"testing"

	"github.com/boardlab/boardlab/shard"
)

func TestShardResolveEnv(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	var stderr bytes.Buffer
	sp := &ShardSpec{}
	s, err := sp.Resolve("x", env(map[string]string{"JOB_COMPLETION_INDEX": "3", "BOARDLAB_SHARDS": "5"}), &stderr)
	if err != nil || s != (shard.Shard{K: 3, N: 5}) || stderr.Len() == 0 {
		t.Fatalf("k8s: %v %v %q", s, err, stderr.String())
	}
	sp = &ShardSpec{}
	s, err = sp.Resolve("x", env(map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"}), &stderr)
	if err != nil || s != (shard.Shard{K: 3, N: 4}) {
		t.Fatalf("slurm: %v %v", s, err)
	}
	sp = &ShardSpec{}
	if _, err := sp.Resolve("x", env(map[string]string{"JOB_COMPLETION_INDEX": "3"}), &stderr); err == nil {
		t.Fatal("k8s without a count accepted")
	}
	sp = &ShardSpec{Shard: shard.Shard{K: 1, N: 2}}
	if s, _ := sp.Resolve("x", env(map[string]string{"JOB_COMPLETION_INDEX": "0", "BOARDLAB_SHARDS": "9"}), &stderr); s != (shard.Shard{K: 1, N: 2}) {
		t.Fatalf("flag must win over env: %v", s)
	}
}
