package pipeline

import (
	"context"
	"testing"
)

func TestItems(t *testing.T) {
	for _, workers := range []int{1, 2, 7} {
		var got []int
		err := Items(context.Background(), 100, workers, func(i int) int { return i * i },
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
	if err := Items(ctx, 1000, 2, func(i int) int { return i }, func(int, int) { n++ }); err == nil {
		t.Fatalf("cancelled run returned nil after %d results", n)
	}
}

func TestBatches(t *testing.T) {
	for _, c := range []struct{ n, workers, batch int }{{0, 2, 4}, {1, 2, 4}, {1000, 3, 7}, {1000, 1, 7}, {65, 8, 64}} {
		var got []int
		err := Batches(context.Background(), c.n, c.workers, c.batch, func(i int) int { return i * i },
			func(i, r int) {
				if r != i*i || i != len(got) {
					t.Fatalf("%+v: emit(%d, %d) after %d", c, i, r, len(got))
				}
				got = append(got, i)
			})
		if err != nil || len(got) != c.n {
			t.Errorf("%+v: %v, %d emitted", c, err, len(got))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err := Batches(ctx, 100000, 2, 10, func(i int) int {
		if i == 500 {
			cancel()
		}
		return i
	}, func(i, r int) {
		if i != n {
			t.Fatalf("emit(%d) after %d", i, n)
		}
		n++
	})
	if err == nil || n >= 100000 || n < 500 {
		t.Errorf("cancelled: %v after %d", err, n)
	}
}
