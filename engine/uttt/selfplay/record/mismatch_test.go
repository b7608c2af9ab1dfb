package record

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// OpenOut refuses a file of another run with a *MismatchError of the right kind whose
// message names no flag (the CLI adds the flags that would fit).
func TestOpenOutMismatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.jsonl")
	m := testID(3)
	h := ShardHeader(m, 1, 2, 10, 5, 10, nil)
	out, _, err := OpenOut(context.Background(), path, m, h)
	if err != nil {
		t.Fatal(err)
	}
	out.Close()
	other := *h
	other.Games = 12
	for _, c := range []struct {
		name string
		m    ID
		h    *Header
		kind Mismatch
	}{
		{"another match", testID(4), h, OtherMatch},
		{"an unsharded run", m, nil, ShardedFile},
		{"another count of games", m, &other, OtherShard},
	} {
		_, _, err := OpenOut(context.Background(), path, c.m, c.h)
		var me *MismatchError
		if !errors.As(err, &me) || me.Kind != c.kind || me.Path != path || strings.Contains(err.Error(), "--") {
			t.Errorf("%s: %v, want a *MismatchError of kind %d naming no flag", c.name, err, c.kind)
		}
		if c.kind == OtherShard && (me == nil || *me.Held != *h || *me.Run != other) {
			t.Errorf("%s: the headers are not held and run: %+v", c.name, me)
		}
	}
}
