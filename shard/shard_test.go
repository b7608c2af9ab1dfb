package shard

import (
	"strings"
	"testing"
)

func TestShardRangeCovers(t *testing.T) {
	for _, n := range []int64{0, 1, 2, 7, 100, 1 << 62} {
		for _, N := range []int{1, 3, 7} {
			var prev int64
			for k := 0; k < N; k++ {
				lo, hi := Shard{K: k, N: N}.Range(n)
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
	if err := s.Set("2/7"); err != nil || s != (Shard{K: 2, N: 7}) {
		t.Fatalf("Set(2/7) = %v, %v", s, err)
	}
	for _, bad := range []string{"7/7", "-1/3", "3", "a/b", "0/0"} {
		if err := s.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
	p := Shard{K: 2, N: 7}.Path("t.bin")
	if p != "t.bin.2-of-7" {
		t.Fatalf("Path = %q", p)
	}
	base, sh, ok := ParseSuffix(p)
	if !ok || base != "t.bin" || sh != (Shard{K: 2, N: 7}) {
		t.Fatalf("ParseSuffix = %q %v %v", base, sh, ok)
	}
}

// TestFromEnvBadSlurmMin: an unusable $SLURM_ARRAY_TASK_MIN is an error naming it, not
// ignored (which would run the wrong shard).
func TestFromEnvBadSlurmMin(t *testing.T) {
	for _, min := range []string{"abc", "-1", "5", "1.5"} {
		env := map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": min}
		_, _, err := FromEnv(Env{Getenv: func(k string) string { return env[k] }})
		if err == nil || !strings.Contains(err.Error(), "$SLURM_ARRAY_TASK_MIN=") {
			t.Errorf("SLURM_ARRAY_TASK_MIN=%s: %v", min, err)
		}
	}
	env := map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"}
	if s, _, err := FromEnv(Env{Getenv: func(k string) string { return env[k] }}); err != nil || s.K != 3 || s.N != 4 {
		t.Errorf("SLURM_ARRAY_TASK_MIN=1: %v %v", s, err)
	}
}

// BenchmarkInputDigest measures what digesting a line-stream shard's standard input
// costs, in MB/s of input (a 1 MiB read at a time, as the commands' readers do).
func BenchmarkInputDigest(b *testing.B) {
	buf := make([]byte, 1<<20)
	for i := range buf {
		buf[i] = "0123456789 \n"[i%12]
	}
	d := NewInputDigest(&repeatReader{buf})
	p := make([]byte, len(buf))
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		d.Read(p)
	}
	b.ReportMetric(float64(b.N)*float64(len(buf))/1e6/b.Elapsed().Seconds(), "MB/s")
}

// repeatReader returns its buffer on every read.
type repeatReader struct{ b []byte }

func (r *repeatReader) Read(p []byte) (int, error) { return copy(p, r.b), nil }
