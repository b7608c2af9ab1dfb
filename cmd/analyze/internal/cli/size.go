package cli

import (
	"flag"

	"github.com/boardlab/boardlab/internal/bytesize"
)

// Size and CompatSize are the byte-size flag values of package bytesize.
type (
	Size       = bytesize.Size
	CompatSize = bytesize.Compat
)

// MiBSize is CompatSize's bare meaning for flags that counted MiB (written MB).
var MiBSize = bytesize.MiB

// CompatSizeVar defines a CompatSize flag with a default in bytes; bare turns a bare
// number into bytes, and means says what a bare number is (e.g. "MiB"), for errors.
func CompatSizeVar(fs *flag.FlagSet, name string, value Size, bare func(n int64) (Size, error), means, usage string) *CompatSize {
	s := bytesize.NewCompat(value, bare, means)
	fs.Var(s, name, usage)
	return s
}
