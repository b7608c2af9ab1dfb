// Command gentables writes goban's parser tables (pexttable.Source) to pext_table.go,
// or to the file named by -o; "go generate" in engine/goban runs it.
package main

import (
	"github.com/boardlab/boardlab/engine/goban/internal/pexttable"
	"github.com/boardlab/boardlab/internal/codegen"
)

func main() {
	codegen.Main("pext_table.go", func() ([]byte, error) { return pexttable.Source(), nil })
}
