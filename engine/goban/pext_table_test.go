package goban

import (
	"bytes"
	"os"
	"testing"

	"github.com/boardlab/boardlab/engine/goban/internal/pexttable"
)

// TestPextTable checks that pext_table.go is what its generator writes ("go generate"
// rewrites it) and that the tables compiled in are pexttable.Build's.
func TestPextTable(t *testing.T) {
	got, err := os.ReadFile("pext_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, pexttable.Source()) {
		t.Error("pext_table.go differs from its generator's output: run go generate ./engine/goban")
	}
	want, wantPop := pexttable.Build()
	if pextXO != want || pop4 != wantPop {
		t.Error("pextXO and pop4 differ from pexttable.Build")
	}
}
