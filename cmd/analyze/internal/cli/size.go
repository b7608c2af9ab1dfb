package cli

import (
	"flag"

	"github.com/boardlab/boardlab/cmd/analyze/internal/bytesize"
)

// CompatSizeVar defines a bytesize.Compat flag with a default in bytes; bare turns a
// bare number into bytes, and means says what a bare number is (e.g. "MiB"), for errors.
func CompatSizeVar(fs *flag.FlagSet, name string, value bytesize.Size, bare func(n int64) (bytesize.Size, error), means, usage string) *bytesize.Compat {
	s := bytesize.NewCompat(value, bare, means)
	fs.Var(s, name, usage)
	return s
}
