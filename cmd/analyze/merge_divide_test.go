package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A perft divide merge names the command that writes its parts when one is empty or
// starts with something else.
func TestMergeDivideNotAPart(t *testing.T) {
	dir := t.TempDir()
	part, _, code := analyze(t, "", "uttt", "perft", "--divide", "--shard", "0/2", "3")
	if code != 0 {
		t.Fatalf("perft --divide --shard 0/2 3: exit %d", code)
	}
	p0, empty, other := filepath.Join(dir, "p.0-of-2"), filepath.Join(dir, "empty"), filepath.Join(dir, "other")
	os.WriteFile(p0, []byte(part), 0o644)
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(other, []byte("81 1\n"), 0o644)
	for _, c := range []struct{ part, want string }{
		{empty, "analyze merge: " + empty + ": empty: not the output of 'uttt perft --divide --shard K/N'\n"},
		{other, "analyze merge: " + other + ":1: not a perft --divide shard header (#boardlab-perft-divide K/N depth D moves M first F end E position ...)\n"},
	} {
		out, errs, code := analyze(t, "", "merge", p0, c.part)
		if code != 1 || out != "" || !strings.HasSuffix(errs, c.want) {
			t.Errorf("merge %s: exit %d, stdout %q, stderr %q; want %q", c.part, code, out, errs, c.want)
		}
	}
}
