package cli

import (
	"bytes"
	"testing"
)

func TestShardRangeCovers(t *testing.T) {
	for _, n := range []int64{0, 1, 2, 7, 100, 1 << 62} {
		for _, N := range []int{1, 3, 7} {
			var prev int64
			for k := 0; k < N; k++ {
				lo, hi := Shard{k, N}.Range(n)
				if lo != prev || hi < lo {
					t.Fatalf("n=%d N=%d k=%d: [%d,%d) after %d", n, N, k, lo, hi, prev)
				}
				prev = hi
			}
			if prev != n {
				t.Fatalf("n=%d N=%d: covers up to %d", n, N, prev)
			}
		}
	}
}

func TestShardSetAndPath(t *testing.T) {
	var s Shard
	if err := s.Set("2/7"); err != nil || s != (Shard{2, 7}) {
		t.Fatalf("Set(2/7) = %v, %v", s, err)
	}
	for _, bad := range []string{"7/7", "-1/3", "3", "a/b", "0/0"} {
		if err := s.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
	p := Shard{2, 7}.Path("t.bin")
	if p != "t.bin.2-of-7" {
		t.Fatalf("Path = %q", p)
	}
	base, sh, ok := ParseShardSuffix(p)
	if !ok || base != "t.bin" || sh != (Shard{2, 7}) {
		t.Fatalf("ParseShardSuffix = %q %v %v", base, sh, ok)
	}
}

func TestShardResolveEnv(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	var stderr bytes.Buffer
	sp := &ShardSpec{}
	s, err := sp.Resolve("x", env(map[string]string{"JOB_COMPLETION_INDEX": "3", "BOARDLAB_SHARDS": "5"}), &stderr)
	if err != nil || s != (Shard{3, 5}) || stderr.Len() == 0 {
		t.Fatalf("k8s: %v %v %q", s, err, stderr.String())
	}
	sp = &ShardSpec{}
	s, err = sp.Resolve("x", env(map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"}), &stderr)
	if err != nil || s != (Shard{3, 4}) {
		t.Fatalf("slurm: %v %v", s, err)
	}
	sp = &ShardSpec{}
	if _, err := sp.Resolve("x", env(map[string]string{"JOB_COMPLETION_INDEX": "3"}), &stderr); err == nil {
		t.Fatal("k8s without a count accepted")
	}
	sp = &ShardSpec{Shard: Shard{1, 2}}
	if s, _ := sp.Resolve("x", env(map[string]string{"JOB_COMPLETION_INDEX": "0", "BOARDLAB_SHARDS": "9"}), &stderr); s != (Shard{1, 2}) {
		t.Fatalf("flag must win over env: %v", s)
	}
}
