package cli

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestParseInterspersed(t *testing.T) {
	var stderr bytes.Buffer
	fs := NewFlagSet("x", "x [--all] A B", "", &stderr)
	all := fs.Bool("all", false, "all")
	n := fs.Int("n", 0, "n")
	pos, st := Parse(fs, []string{"5", "--all", "7", "-n", "3"})
	if st != -1 || !*all || *n != 3 || !reflect.DeepEqual(pos, []string{"5", "7"}) {
		t.Fatalf("got pos=%q st=%d all=%v n=%d", pos, st, *all, *n)
	}
	fs = NewFlagSet("x", "x", "", &stderr)
	all = fs.Bool("all", false, "all")
	pos, st = Parse(fs, []string{"O", "---------", "-0-------", "-X-------", "-5", "--all=true", "-"})
	if st != -1 || !*all || !reflect.DeepEqual(pos, []string{"O", "---------", "-0-------", "-X-------", "-5", "-"}) {
		t.Fatalf("dashes after positionals: pos=%q st=%d all=%v", pos, st, *all)
	}
	// A flag-shaped word after positionals that names no flag is a typo, not an
	// argument ("goban score FILE --mpa").
	fs = NewFlagSet("x", "x", "", &stderr)
	if _, st = Parse(fs, []string{"O", "-x"}); st != ExitUsage {
		t.Fatalf("-x after a positional: status %d, want %d", st, ExitUsage)
	}
	fs = NewFlagSet("x", "x", "", &stderr)
	pos, st = Parse(fs, []string{"--", "-1", "-x"})
	if st != -1 || !reflect.DeepEqual(pos, []string{"-1", "-x"}) {
		t.Fatalf("after --: pos=%q st=%d", pos, st)
	}
	fs = NewFlagSet("x", "x", "", &stderr)
	if _, st = Parse(fs, []string{"-h"}); st != ExitOK {
		t.Fatalf("-h status %d", st)
	}
	if !strings.Contains(stderr.String(), "usage: x") {
		t.Fatalf("no usage printed: %q", stderr.String())
	}
	fs = NewFlagSet("x", "x", "", &stderr)
	if _, st = Parse(fs, []string{"--bogus"}); st != ExitUsage {
		t.Fatalf("bad flag status %d", st)
	}
}
