package goban

import (
	"testing"

	"github.com/boardlab/boardlab/engine/goban/internal/pexttable"
	"github.com/boardlab/boardlab/internal/codegen"
)

// TestPextTable checks that pext_table.go is what its generator writes ("go generate"
// rewrites it) and that the tables compiled in are pexttable.Build's.
func TestPextTable(t *testing.T) {
	if err := codegen.Check("pext_table.go", "engine/goban", func() ([]byte, error) { return pexttable.Source(), nil }); err != nil {
		t.Error(err)
	}
	want, wantPop := pexttable.Build()
	if pextXO != want || pop4 != wantPop {
		t.Error("pextXO and pop4 differ from pexttable.Build")
	}
}
