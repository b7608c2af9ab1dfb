package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"
)

// FuzzParse: Parse never panics, returns only words of its input as positional
// arguments, in order, and never takes a word that is not flag-shaped for a flag.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"a\x00--map\x00b", "--time\x00100", "-o\x00x\x00--\x00-h", "-0-------\x00---------\x00-5", "--jobs=3\x00-q", "--mpa", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		var out bytes.Buffer
		fs := NewFlagSet("x", "x", "", &out)
		fs.Bool("map", false, "")
		fs.Duration("time", time.Second, "")
		fs.Int("workers", 0, "")
		fs.String("o", "", "")
		fs.Bool("q", false, "")
		pos, st := Parse(fs, args)
		if st >= 0 {
			return
		}
		i := 0
		for _, p := range pos {
			for i < len(args) && args[i] != p {
				i++
			}
			if i == len(args) {
				t.Fatalf("positional %q not in input order in %q", p, args)
			}
			i++
		}
		for _, a := range args {
			if a == "--" {
				break
			}
			if _, _, _, ok := flagName(a); !ok && a != "" && !slices.Contains(pos, a) && !isValueOfFlag(args, a) {
				t.Fatalf("word %q vanished: %q -> %q", a, args, pos)
			}
		}
	})
}

// isValueOfFlag reports whether a follows a flag that takes a value somewhere in args.
func isValueOfFlag(args []string, a string) bool {
	for i := 1; i < len(args); i++ {
		if args[i] == a {
			if n, _, hasValue, ok := flagName(args[i-1]); ok && !hasValue && n != "map" && n != "q" {
				return true
			}
		}
	}
	return false
}
