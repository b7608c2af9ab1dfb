package machine

import (
	"strings"
	"testing"
)

func TestCheckAlloc(t *testing.T) {
	bounds := []MemoryBound{{"the machine's available memory", 8 << 30, 6 << 30},
		{"the process limit RLIMIT_AS (ulimit -v)", 2 << 30, 1 << 30}}
	if err := CheckAllocWithin(512<<20, bounds); err != nil {
		t.Fatalf("512 MiB refused: %v", err)
	}
	err := CheckAllocWithin(3<<30, bounds)
	if err == nil || !strings.Contains(err.Error(), "RLIMIT_AS") || !strings.Contains(err.Error(), "leaves 1 GiB free") {
		t.Fatalf("3 GiB: %v", err)
	}
	if err := CheckAllocWithin(-1, nil); err == nil {
		t.Fatal("negative size accepted")
	}
	if err := CheckAllocWithin(1<<62, nil); err != nil {
		t.Fatalf("no bounds, refused: %v", err)
	}
	if err := CheckAlloc(1 << 20); err != nil {
		t.Fatalf("1 MiB refused here: %v (bounds %+v)", err, MemoryBounds())
	}
	if err := CheckAlloc(1 << 60); err == nil {
		t.Fatalf("1 EiB accepted (bounds %+v)", MemoryBounds())
	}
}

func TestMemoryLimit(t *testing.T) {
	l := MemoryLimit()
	if l <= 0 {
		t.Fatalf("MemoryLimit() = %d", l)
	}
	for _, b := range MemoryBounds() {
		if b.Limit > 0 && b.Limit < l {
			t.Fatalf("MemoryLimit() = %d, above the bound %+v", l, b)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1536: "1.5 KiB", 3 << 30: "3 GiB", 200 << 20: "200 MiB", 4999: "4.88 KiB", 64 << 20: "64 MiB", 1<<30 + 1<<20: "1 GiB", 10<<20 + 1<<19: "10.5 MiB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
