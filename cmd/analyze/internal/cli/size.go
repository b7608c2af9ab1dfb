package cli

import (
	"errors"
	"flag"
	"math"
	"strconv"
	"strings"
)

// Size is a flag.Value for a number of bytes written with a unit: 64MiB, 2GB, 512K,
// 1048576 (bytes). Binary units (KiB, MiB, GiB, TiB, and K, M, G, T) count 1024s,
// decimal ones (KB, MB, GB, TB) 1000s. It is the one unit for table sizes.
type Size int64

// SizeVar defines a size flag with a default in bytes.
func SizeVar(fs *flag.FlagSet, p *Size, name string, value Size, usage string) {
	*p = value
	fs.Var(p, name, usage)
}

// String writes the size in the largest binary unit that divides it.
func (s *Size) String() string {
	v := int64(*s)
	for _, u := range []struct {
		name string
		n    int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if v != 0 && v%u.n == 0 {
			return strconv.FormatInt(v/u.n, 10) + u.name
		}
	}
	return strconv.FormatInt(v, 10)
}

var sizeUnits = map[string]float64{
	"": 1, "b": 1,
	"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
	"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
	"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
	"t": 1 << 40, "tib": 1 << 40, "tb": 1e12,
}

// Set parses a size (the flag.Value interface).
func (s *Size) Set(text string) error {
	t := strings.TrimSpace(text)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(t)
	}
	num, unit := t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	mult, ok := sizeUnits[unit]
	v, err := strconv.ParseFloat(num, 64)
	if !ok || err != nil || num == "" {
		return errors.New("expected a size such as 64MiB, 2GB or 1048576 (bytes)")
	}
	b := v * mult
	if b > math.MaxInt64/2 || b != math.Trunc(b) {
		return errors.New("expected a whole number of bytes below 4 EiB")
	}
	*s = Size(b)
	return nil
}
