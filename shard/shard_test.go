package shard

import (
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
