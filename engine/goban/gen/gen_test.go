package gen

import (
	"fmt"
	"testing"
)

func TestJobCheck(t *testing.T) {
	for _, c := range []struct {
		job  Job
		want string
	}{
		{Job{Kind: "random", Size: 19, Count: 1}, ""},
		{Job{Kind: "spec", Count: 5}, ""},
		{Job{Kind: "spiral", Size: MaxSize + 1, Count: 1}, "size 16385: want 0..16384"},
		{Job{Kind: "corridor", Size: -1, Count: 1}, "size -1: want 0..16384"},
		{Job{Kind: "random", Size: 9, Count: 0}, "count 0: want 1 or more"},
		{Job{Kind: "maze", Size: 9, Count: 1}, "kind maze: want random, corridor, spiral or spec"},
	} {
		err := c.job.Check()
		if got := fmt.Sprint(err); (err == nil) != (c.want == "") || err != nil && got != c.want {
			t.Errorf("%+v: %v, want %q", c.job, err, c.want)
		}
	}
}
