package shard

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A part that is not a divide shard's output is a *DivideError naming no command or flag.
func TestDivideErrorNamesNoFlag(t *testing.T) {
	dir := t.TempDir()
	p0 := filepath.Join(dir, "p0")
	os.WriteFile(p0, []byte(DivideHeader+" 0/2 depth 1 moves 2 first 0 end 1 position start\nA 1\n1 1\n"), 0o644)
	for _, c := range []struct {
		text  string
		empty bool
	}{{"", true}, {"A 1\n", false}} {
		p1 := filepath.Join(dir, "p1")
		os.WriteFile(p1, []byte(c.text), 0o644)
		err := Merge(context.Background(), []string{p0, p1}, new(strings.Builder))
		var de *DivideError
		if !errors.As(err, &de) || de.Path != p1 || de.Empty != c.empty || strings.Contains(err.Error(), "--") || strings.Contains(err.Error(), "uttt") {
			t.Errorf("part %q: %v, want a *DivideError (Empty %v) naming no flag", c.text, err, c.empty)
		}
	}
}
