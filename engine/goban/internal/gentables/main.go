// Command gentables writes goban's parser tables (pexttable.Source) to the file named
// by its argument; "go generate" in engine/goban runs it on pext_table.go.
package main

import (
	"fmt"
	"os"

	"github.com/boardlab/boardlab/engine/goban/internal/pexttable"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gentables FILE")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], pexttable.Source(), 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "gentables: %v\n", err)
		os.Exit(1)
	}
}
