package bulk_test

import "github.com/boardlab/boardlab/fileio"

// paths returns the inputs named by the paths, as the command makes them of its
// arguments.
func paths(p ...string) []fileio.Input {
	ins := make([]fileio.Input, len(p))
	for i, x := range p {
		ins[i] = fileio.Input{Path: x}
	}
	return ins
}
