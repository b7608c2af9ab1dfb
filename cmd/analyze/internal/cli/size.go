package cli

import (
	"flag"

	"github.com/boardlab/boardlab/cmd/analyze/internal/bytesize"
)

// SizeVar defines a size flag with a default in bytes: a size with its unit (64MiB,
// 1GiB, 4096B) or a bare number of MiB, as every size flag of analyze takes.
func SizeVar(fs *flag.FlagSet, name string, value bytesize.Size, usage string) *bytesize.Compat {
	s := bytesize.NewCompat(value, bytesize.MiB, "MiB")
	fs.Var(s, name, usage)
	return s
}
