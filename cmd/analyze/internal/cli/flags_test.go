package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/shard"
)

func TestVocabularyAliases(t *testing.T) {
	for _, c := range []struct {
		defined string // the spelling the command defines
		args    []string
	}{
		{"out", []string{"-o", "f"}},
		{"o", []string{"--out", "f"}},
		{"o", []string{"--out=f"}},
		{"workers", []string{"-j", "f"}},
		{"workers", []string{"--jobs", "f"}},
		{"j", []string{"--workers", "f"}},
		{"j", []string{"--jobs=f"}},
	} {
		var stderr bytes.Buffer
		fs := NewFlagSet("x", "x", "", &stderr)
		v := fs.String(c.defined, "", "value")
		if _, st := Parse(fs, c.args); st != -1 || *v != "f" {
			t.Errorf("%s defined, %q: status %d, value %q, stderr %q", c.defined, c.args, st, *v, stderr.String())
		}
	}
	var stderr, help bytes.Buffer
	fs := NewFlagSet("x", "x", "", &stderr)
	fs.Int("workers", 0, "goroutines")
	fs.String("o", "", "write to `FILE`")
	fs.Bool("q", false, "quiet")
	fs.Bool("json", false, "JSON")
	fs.SetOutput(&help)
	if _, st := Parse(fs, []string{"-h"}); st != ExitOK {
		t.Fatalf("-h status %d", st)
	}
	h := help.String()
	for _, want := range []string{"  -j, --jobs N\n", "  -o, --out FILE\n", "  -q, --quiet\n", "  --json\n"} {
		if !strings.Contains(h, want) {
			t.Errorf("help lacks %q:\n%s", want, h)
		}
	}
	if strings.Contains(h, "workers") {
		t.Errorf("help shows the hidden spelling --workers:\n%s", h)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"FILE", "--mpa"}, "analyze x: unknown flag --mpa (did you mean --map?)\nrun 'analyze x -h' for usage\n"},
		{[]string{"--tiem", "1s"}, "unknown flag --tiem (did you mean --time?)"},
		{[]string{"--zzzzzz"}, "unknown flag --zzzzzz\n"},
		{[]string{"--time", "100"}, `invalid value "100" for --time: expected a duration such as 100ms or 1s`},
		{[]string{"--time"}, "flag --time needs a value: a duration such as 100ms or 1s"},
		{[]string{"--count", "ten"}, `invalid value "ten" for --count: expected an integer`},
		{[]string{"--count", "99999999999999999999"}, "expected an integer (out of range)"},
		{[]string{"--seed", "-1"}, "expected a non-negative integer"},
		{[]string{"--shard", "4/4"}, "for --shard: "},
		{[]string{"--map=maybe"}, "expected true or false"},
	} {
		var stderr bytes.Buffer
		fs := NewFlagSet("x", "x", "", &stderr)
		fs.Bool("map", false, "map")
		fs.Duration("time", time.Second, "time")
		fs.Int("count", 1, "count")
		fs.Uint64("seed", 1, "seed")
		var sh shard.Shard
		fs.Var(&sh, "shard", "shard")
		if _, st := Parse(fs, c.args); st != ExitUsage || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", c.args, st, stderr.String(), ExitUsage, c.want)
		}
		if n := strings.Count(stderr.String(), "\n"); n != 2 {
			t.Errorf("%q: %d lines of error, want a message and a hint: %q", c.args, n, stderr.String())
		}
	}
}

func TestWantsHelp(t *testing.T) {
	if !WantsHelp([]string{"a", "--help"}) || WantsHelp([]string{"--", "-h"}) || WantsHelp([]string{"x"}) {
		t.Fatal("WantsHelp")
	}
}

// TestHiddenName: an old name sets the flag, is not shown in help and is not offered
// as a suggestion.
func TestHiddenName(t *testing.T) {
	var errOut bytes.Buffer
	fs := NewFlagSet("t", "t [--memory SIZE]", "", &errOut)
	mem := fs.String("memory", "1GiB", "address space `SIZE`")
	HiddenName(fs, "memory-mb", "memory")
	if _, code := Parse(fs, []string{"--memory-mb", "2GiB"}); code >= 0 || *mem != "2GiB" {
		t.Fatalf("--memory-mb 2GiB: code %d, memory %q", code, *mem)
	}
	if _, code := Parse(fs, []string{"--memory-mb=3GiB"}); code >= 0 || *mem != "3GiB" {
		t.Fatalf("--memory-mb=3GiB: code %d, memory %q", code, *mem)
	}
	var help bytes.Buffer
	PrintFlags(&help, fs)
	if strings.Contains(help.String(), "memory-mb") || !strings.Contains(help.String(), "--memory SIZE") {
		t.Fatalf("help:\n%s", help.String())
	}
	errOut.Reset()
	if _, code := Parse(fs, []string{"--memory-m", "1"}); code != ExitUsage || !strings.Contains(errOut.String(), "did you mean --memory") {
		t.Fatalf("--memory-m: code %d, %q", code, errOut.String())
	}
}

// TestRenamed: an old name is refused naming the new one with the value given, in
// either form, and is neither shown in help nor offered as a suggestion.
func TestRenamed(t *testing.T) {
	var errOut bytes.Buffer
	fs := NewFlagSet("t", "t [--count N]", "", &errOut)
	count := fs.Int("count", 1, "`N` times")
	Renamed(fs, "games", "count")
	for _, args := range [][]string{{"--games", "5"}, {"--games=5"}, {"-games", "5"}} {
		errOut.Reset()
		if _, code := Parse(fs, args); code != ExitUsage || *count != 1 ||
			errOut.String() != "analyze t: --games 5: renamed; write --count 5\nrun 'analyze t -h' for usage\n" {
			t.Errorf("%q: code %d, count %d, %q", args, code, *count, errOut.String())
		}
	}
	var help bytes.Buffer
	PrintFlags(&help, fs)
	if strings.Contains(help.String(), "games") || !strings.Contains(help.String(), "--count N") {
		t.Errorf("help:\n%s", help.String())
	}
	errOut.Reset()
	if _, code := Parse(fs, []string{"--game", "1"}); code != ExitUsage || strings.Contains(errOut.String(), "did you mean --games") {
		t.Errorf("--game: code %d, %q", code, errOut.String())
	}
}
