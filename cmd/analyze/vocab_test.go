package main

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/bytesize"
	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// rangeError is the one wording of a flag value out of its range.
var rangeError = regexp.MustCompile(`^analyze [a-z ]+: --[a-z-]+ .*: want .+$`)

// notRange matches refusals that are not about a value's range: flags that do not go
// together, and tables or lines the memory cannot hold.
var notRange = regexp.MustCompile(`\b(is|are) for\b|applies to|does not go with|memory`)

// flagSets runs every command with -h and returns its flag set, as cli.NewFlagSet made
// it, with its help text.
func flagSets(t *testing.T) map[string]struct {
	fs   *flag.FlagSet
	help string
} {
	t.Helper()
	var last *flag.FlagSet
	cli.Observe = func(fs *flag.FlagSet) { last = fs }
	defer func() { cli.Observe = nil }()
	sets := map[string]struct {
		fs   *flag.FlagSet
		help string
	}{}
	for c := range allCommands(t) {
		last = nil
		out, _, _ := analyze(t, "", append(strings.Fields(c), "-h")...)
		if last == nil {
			t.Fatalf("%s -h made no flag set", c)
		}
		sets[c] = struct {
			fs   *flag.FlagSet
			help string
		}{last, out}
	}
	return sets
}

// parallel are the commands whose work runs on several workers: each takes -j N.
var parallel = []string{"goban score", "goban gen", "wythoff move", "wythoff grundy", "qttt score",
	"qttt random", "uttt perft", "uttt selfplay", "uttt tournament", "uttt review", "uttt tune", "uttt train"}

// positional are arguments a command needs before it checks its flags' ranges.
var positional = map[string][]string{
	"uttt tournament": {"no-such-dir"},
	"uttt perft":      {"1"},
	"qttt perft":      {"1"},
	"wythoff table":   {"3"},
	"wythoff grundy":  {"3"},
	"qttt random":     {"--count", "1"},
	"uttt selfplay":   {"--a", "random", "--b", "random"},
	"uttt engine":     {"--protocol", "codingame"},
}

// TestVocabulary walks every command's flags and checks the rules all commands share:
// -j/--jobs where the work is parallel, default 0 for one worker per core; every
// table size a SIZE whose bare number is MiB; a value out of range refused as
// "analyze CMD: --FLAG VALUE: want RANGE"; no "seed" jargon in help.
func TestVocabulary(t *testing.T) {
	positional["uttt train"] = []string{"--load-games", "no-such-file", "--out", filepath.Join(t.TempDir(), "net.bin")}
	sets := flagSets(t)
	for _, c := range parallel {
		s, ok := sets[c]
		if !ok {
			t.Errorf("no command %s", c)
			continue
		}
		if s.fs.Lookup("jobs") == nil {
			t.Errorf("%s: no -j/--jobs", c)
		}
	}
	seed := regexp.MustCompile(`(?i)seed's|the seed\b|seed (notation|protocol|format)`)
	ranges := 0
	for c, s := range sets {
		if m := seed.FindString(s.help); m != "" {
			t.Errorf("%s -h says %q: name the format, protocol or specification", c, m)
		}
		if strings.Contains(s.help, "2^N entries)") || strings.Contains(s.help, "bare number is N") {
			t.Errorf("%s -h: a bare size is MiB in every command", c)
		}
		s.fs.VisitAll(func(f *flag.Flag) {
			if f.Name == "jobs" {
				if f.DefValue != "0" || !strings.Contains(f.Usage, "(0: one per core)") {
					t.Errorf("%s --jobs: default %q, usage %q; want 0, one per core", c, f.DefValue, f.Usage)
				}
			}
			if sz, ok := f.Value.(*bytesize.Compat); ok {
				checkSize(t, c, f.Name, sz)
			} else if f.Name == "hash" || f.Name == "tt" || f.Name == "memory" {
				t.Errorf("%s --%s: not a SIZE", c, f.Name)
			}
			ranges += checkRanges(t, c, f)
		})
	}
	t.Logf("%d range errors checked", ranges)
	if ranges < 80 {
		t.Errorf("only %d range errors seen: the walk checks too little", ranges)
	}
}

// checkSize: a size flag takes 64MiB, 1GiB and a bare number of MiB.
func checkSize(t *testing.T, c, name string, sz *bytesize.Compat) {
	t.Helper()
	keep := *sz
	defer func() { *sz = keep }()
	for text, want := range map[string]bytesize.Size{"64MiB": 64 << 20, "64": 64 << 20, "1GiB": 1 << 30} {
		if err := sz.Set(text); err != nil || sz.Bytes != want {
			t.Errorf("%s --%s %s: %d bytes, %v; want %d", c, name, text, sz.Bytes, err, want)
		}
	}
}

// checkRanges gives numeric flag f values at and past the usual edges and checks that
// each refusal naming the flag has the one wording; it returns the refusals seen.
func checkRanges(t *testing.T, c string, f *flag.Flag) int {
	t.Helper()
	var values []string
	switch v := f.Value.(type) {
	case *bytesize.Compat:
		values = []string{"-1", "0", "1", "1PiB", "99999999"}
	case flag.Getter:
		switch v.Get().(type) {
		case int, int64, uint, uint64:
			values = []string{"-1", "0", "99999", "99999999999"}
		case float64:
			values = []string{"-1", "0", "1e9"}
		case time.Duration:
			values = []string{"-1s", "0s"}
		}
	}
	n := 0
	for _, v := range values {
		args := append(append(strings.Fields(c), positional[c]...), "--"+f.Name, v)
		_, errOut, code := analyzeCancelled(t, args...)
		first, _, _ := strings.Cut(errOut, "\n")
		if code != cli.ExitUsage || !strings.Contains(first, "--"+f.Name+" ") || notRange.MatchString(first) {
			continue
		}
		n++
		if !rangeError.MatchString(first) {
			t.Errorf("%q: %q does not read 'analyze CMD: --FLAG VALUE: want RANGE'", args, first)
		}
	}
	return n
}

// analyzeCancelled runs a command line whose context is already cancelled: flags are
// checked, but any work stops at once.
func analyzeCancelled(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o, e := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- run(ctx, args, o, e) }()
	code = awaitCancelled(t, done, args)
	return o.String(), e.String(), code
}

// TestCountRenamed: a count is --count in every command; selfplay's and tune's former
// --games is refused naming it, with the value given.
func TestCountRenamed(t *testing.T) {
	var cmds []string
	for c, s := range flagSets(t) {
		if s.fs.Lookup("games") != nil {
			cmds = append(cmds, c)
		}
	}
	if len(cmds) != 2 {
		t.Errorf("commands with the former --games: %q, want uttt selfplay and uttt tune", cmds)
	}
	for _, c := range append(cmds, "uttt tune match", "uttt tune tree") {
		args := append(append(strings.Fields(c), positional[c]...), "--games", "5")
		_, errOut, code := analyzeCancelled(t, args...)
		if want := "analyze " + c + ": --games 5: renamed; write --count 5\n"; code != cli.ExitUsage || !strings.HasPrefix(errOut, want) {
			t.Errorf("%q: exit %d, %q; want %q", args, code, errOut, want)
		}
	}
}

// TestRangeErrorWording: the template holds for a message made by cli.RangeError.
func TestRangeErrorWording(t *testing.T) {
	var b strings.Builder
	cli.RangeError(&b, "uttt selfplay", "--count", 0, "1 or more")
	first, _, _ := strings.Cut(b.String(), "\n")
	if !rangeError.MatchString(first) || first != "analyze uttt selfplay: --count 0: want 1 or more" {
		t.Errorf("RangeError: %q", first)
	}
}

// TestSharedFlagTable: docs/cli.md's table of the shared flags names every command that
// has each flag, and no other.
func TestSharedFlagTable(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{ // the row's first cell, and the flag's names
		"`-o FILE`, `--out FILE`": {"out", "o"},
		"`-j N`, `--jobs N`":      {"jobs", "j"},
		"`-q`, `--quiet`":         {"quiet", "q"},
		"`--json`":                {"json"},
		"`--shard K/N`":           {"shard"},
		"`--threads N`":           {"threads"},
		"`--count N`":             {"count"},
	}
	sets := flagSets(t)
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		names, ok := rows[cells[0]]
		if !ok || len(cells) != 3 {
			continue
		}
		delete(rows, cells[0])
		listed := map[string]bool{}
		for _, c := range strings.Split(cells[2], ", ") {
			listed[c] = true
			if _, ok := sets[c]; !ok {
				t.Errorf("cli.md, %s: no command %q", cells[0], c)
			}
		}
		for c, s := range sets {
			has := false
			for _, n := range names {
				has = has || s.fs.Lookup(n) != nil
			}
			if has != listed[c] {
				t.Errorf("cli.md, %s: %s has the flag: %v, is listed: %v", cells[0], c, has, listed[c])
			}
		}
	}
	for r := range rows {
		t.Errorf("cli.md has no row %s", r)
	}
}
