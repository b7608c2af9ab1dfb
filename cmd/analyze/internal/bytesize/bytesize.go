// Package bytesize reads and writes numbers of bytes with units (64MiB, 2GB, 512K), the
// one notation for table sizes and memory limits, and keeps older size flags working
// whose bare number meant something else (MiB, or 2^N table entries).
package bytesize

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Size is a number of bytes written with a unit: 64MiB, 2GB, 512K, 1048576 (bytes).
// Binary units (KiB, MiB, GiB, TiB, and K, M, G, T) count 1024s, decimal ones (KB, MB,
// GB, TB) 1000s. It is a flag.Value.
type Size int64

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

// units are the units Set accepts (lower case) with their bytes: an array literal,
// laid out by the compiler rather than built at process start as a map is.
var units = [...]struct {
	name  string
	bytes float64
}{
	{"", 1}, {"b", 1},
	{"k", 1 << 10}, {"kib", 1 << 10}, {"kb", 1e3},
	{"m", 1 << 20}, {"mib", 1 << 20}, {"mb", 1e6},
	{"g", 1 << 30}, {"gib", 1 << 30}, {"gb", 1e9},
	{"t", 1 << 40}, {"tib", 1 << 40}, {"tb", 1e12},
}

// unit returns the bytes of a unit (lower case), and false for an unknown unit.
func unit(name string) (float64, bool) {
	for _, u := range units {
		if u.name == name {
			return u.bytes, true
		}
	}
	return 0, false
}

// Set parses a size such as 64MiB (the flag.Value interface).
func (s *Size) Set(text string) error {
	t := strings.TrimSpace(text)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(t)
	}
	num, u := t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	mult, ok := unit(u)
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

// Compat is a Size whose bare number (no unit) has a meaning of its own: with MiB,
// uttt search --hash 64 and qttt solve --tt 64 are 64 MiB. A number with a unit
// (64MiB, 1GiB, 4096B) is a size in bytes as for Size.
type Compat struct {
	Bytes Size   // the size in bytes
	Text  string // the value as given (or the default), for messages
	bare  func(n int64) (Size, error)
	means string
	// least and most bound the size when want is set; want is then the one error of
	// any value outside them, bare number or not.
	least, most Size
	want        string
}

// NewCompat returns a Compat of value bytes; bare turns a bare number into bytes, and
// means says what a bare number is (e.g. "MiB"), for errors.
func NewCompat(value Size, bare func(n int64) (Size, error), means string) *Compat {
	return &Compat{Bytes: value, Text: value.String(), bare: bare, means: means}
}

// Within makes Set refuse a size outside least..most, a bare number outside its range
// included, with the message want (e.g. "want 1MiB to 64GiB (a bare number is MiB: 1
// to 65536)"). It returns s.
func (s *Compat) Within(least, most Size, want string) *Compat {
	s.least, s.most, s.want = least, most, want
	return s
}

// String writes the size in the largest binary unit that divides it.
func (s *Compat) String() string { return s.Bytes.String() }

// Set parses a size with a unit, or a bare number in the flag's old meaning.
func (s *Compat) Set(text string) error {
	t := strings.TrimSpace(text)
	outside := func(b Size) bool { return s.want != "" && (b < s.least || b > s.most) }
	if n, err := strconv.ParseInt(t, 10, 64); err == nil && s.bare != nil {
		b, err := s.bare(n)
		if err != nil || outside(b) {
			if s.want != "" {
				return errors.New(s.want)
			}
			return err
		}
		s.Bytes, s.Text = b, t
		return nil
	}
	var b Size
	if err := b.Set(t); err != nil {
		return fmt.Errorf("expected a size such as 64MiB or 1GiB, or a bare number (%s)", s.means)
	}
	if outside(b) {
		return errors.New(s.want)
	}
	s.Bytes, s.Text = b, t
	return nil
}

// MiB is Compat's bare meaning for flags that counted MiB (written MB).
func MiB(n int64) (Size, error) {
	if n < 0 || n > 1<<40 {
		return 0, fmt.Errorf("%d MiB: want 0 to 2^40", n)
	}
	return Size(n << 20), nil
}
