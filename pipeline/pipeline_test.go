package pipeline

import (
	"context"
	"testing"
)

func TestOrdered(t *testing.T) {
	for _, workers := range []int{1, 2, 7} {
		var got []int
		err := Ordered(context.Background(), 100, workers, func(i int) int { return i * i },
			func(i, r int) {
				if r != i*i {
					t.Errorf("result %d for %d", r, i)
				}
				got = append(got, i)
			})
		if err != nil || len(got) != 100 {
			t.Fatalf("workers=%d: err=%v, %d results", workers, err, len(got))
		}
		for i, v := range got {
			if v != i {
				t.Fatalf("workers=%d: out of order at %d: %v", workers, i, got)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n := 0
	if err := Ordered(ctx, 1000, 2, func(i int) int { return i }, func(int, int) { n++ }); err == nil {
		t.Fatalf("cancelled run returned nil after %d results", n)
	}
}
