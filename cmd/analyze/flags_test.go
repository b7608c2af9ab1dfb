package main

import (
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// allCommands returns every command line prefix ("goban score", ..., "merge") with
// its -h output.
func allCommands(t *testing.T) map[string]string {
	t.Helper()
	cmds := map[string]string{}
	for _, g := range groups {
		out, _, _ := analyze(t, "", g.name, "help")
		_, list, _ := strings.Cut(out, "commands:\n")
		for _, line := range strings.Split(list, "\n") {
			if f := strings.Fields(line); strings.HasPrefix(line, "  ") && len(f) > 0 {
				cmds[g.name+" "+f[0]] = ""
			}
		}
	}
	for _, c := range []string{"batch", "merge", "version"} {
		cmds[c] = ""
	}
	for c := range cmds {
		out, errOut, code := analyze(t, "", append(strings.Fields(c), "-h")...)
		if code != 0 || !strings.HasPrefix(out, "usage: analyze "+c) {
			t.Fatalf("%s -h: exit %d, stdout %q, stderr %q", c, code, out, errOut)
		}
		cmds[c] = out
	}
	return cmds
}

// TestJobsRefusedBelowRange: every command with -j/--jobs takes 0 for one worker per
// core, its default, and refuses a negative count as a command-line error, in the
// same words.
func TestJobsRefusedBelowRange(t *testing.T) {
	n := 0
	for c, help := range allCommands(t) {
		if !strings.Contains(help, "  -j, --jobs N\n") {
			continue
		}
		n++
		if !strings.Contains(help, "(0: one per core)") || strings.Contains(help, "(0: one per core) (default") {
			t.Errorf("%s -h: -j, --jobs does not say 0 is one per core, its default", c)
		}
		_, errOut, code := analyze(t, "", append(strings.Fields(c), "-j", "-1", "x")...)
		want := "analyze " + c + ": --jobs -1: want 0..4096 (0: one per core)\n"
		if code != 2 || !strings.HasPrefix(errOut, want) {
			t.Errorf("%s -j -1: exit %d, stderr %q, want exit 2 and %q", c, code, errOut, want)
		}
	}
	if n < 12 {
		t.Errorf("only %d commands list -j, --jobs N", n)
	}
}

// flagList reads the flags of a -h text: each name ("j", "jobs") to the placeholder
// shown after it ("N"; "" for a boolean flag).
func flagList(help string) map[string]string {
	m := map[string]string{}
	_, list, _ := strings.Cut(help, "\nflags:\n")
	for _, line := range strings.Split(list, "\n") {
		if !strings.HasPrefix(line, "  -") {
			continue
		}
		f := strings.Fields(strings.ReplaceAll(line, ", ", " "))
		arg := ""
		if last := f[len(f)-1]; !strings.HasPrefix(last, "-") {
			arg, f = last, f[:len(f)-1]
		}
		for _, n := range f {
			m[strings.TrimLeft(n, "-")] = arg
		}
	}
	return m
}

// TestUsageLinesMatchFlags: the placeholder after a flag in a command's usage line is
// the one its flag list shows ("--seed N" in both, not "[--seed S]" above "--seed N"),
// and every flag in the usage line exists. A list of choices (grid|csv) stands for its
// flag's placeholder.
func TestUsageLinesMatchFlags(t *testing.T) {
	for c, help := range allCommands(t) {
		usage, _, _ := strings.Cut(help, "\n")
		flags := flagList(help)
		tokens := strings.Fields(usage)
		for i, tok := range tokens {
			name := strings.TrimLeft(tok, "[")
			if !strings.HasPrefix(name, "-") || strings.Contains(name, "=") || len(name) < 2 || name[1] >= '0' && name[1] <= '9' {
				continue
			}
			closed := strings.HasSuffix(name, "]")
			name = strings.TrimLeft(strings.TrimRight(name, "]"), "-")
			want, ok := flags[name]
			if !ok {
				t.Errorf("%s: usage line names --%s, which its flag list lacks", c, name)
				continue
			}
			got := ""
			if !closed && i+1 < len(tokens) && !strings.HasPrefix(tokens[i+1], "[") && !strings.HasPrefix(tokens[i+1], "-") && tokens[i+1] != "|" {
				got = strings.TrimRight(tokens[i+1], "]")
			}
			if want == "" && got != "" && !strings.HasSuffix(tokens[i+1], "]") {
				continue // a boolean flag followed by a positional argument
			}
			if got != want && !(strings.Contains(got, "|") && want != "") {
				t.Errorf("%s: usage line has %s %s, flag list %s %s", c, tok, got, name, want)
			}
		}
	}
}

// TestFlagRanges: values a command cannot use are command-line errors (exit 2) whose
// message names the flag and the one range it takes, and nothing runs.
func TestFlagRanges(t *testing.T) {
	const hashRange = "want 1MiB to 64GiB (a bare number is MiB: 1 to 65536)"
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"uttt", "search", "--depth", "0"}, "analyze uttt search: --depth 0: want 1..81"},
		{[]string{"uttt", "search", "--depth", "82"}, "analyze uttt search: --depth 82: want 1..81"},
		{[]string{"uttt", "search", "--time", "0"}, "analyze uttt search: --time 0s: want a positive duration"},
		{[]string{"uttt", "search", "--time", "-1s", "--depth", "3"}, "analyze uttt search: --time -1s: want a positive duration"},
		{[]string{"uttt", "search", "--hash", "-1"}, `analyze uttt search: --hash -1: ` + hashRange},
		{[]string{"uttt", "search", "--hash", "0"}, `analyze uttt search: --hash 0: ` + hashRange},
		{[]string{"uttt", "search", "--hash", "65GiB"}, `analyze uttt search: --hash 65GiB: ` + hashRange},
		{[]string{"uttt", "engine", "--hash", "0"}, `analyze uttt engine: --hash 0: ` + hashRange},
		{[]string{"uttt", "engine", "--hash", "512KiB"}, `analyze uttt engine: --hash 512KiB: ` + hashRange},
		{[]string{"--cpuprofile", filepath.Join(dir, "no", "x"), "version"}, "analyze: --cpuprofile " + filepath.Join(dir, "no", "x") + ": directory " + filepath.Join(dir, "no") + " does not exist"},
		{[]string{"--memprofile", dir, "uttt", "search", "--depth", "3"}, "analyze: --memprofile " + dir + ": is a directory"},
	} {
		out, errOut, code := analyze(t, "", c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	// The engine's --hash takes sizes as search's does; a bare number is still MiB.
	for _, h := range []string{"64", "64MiB", "1GB"} {
		if _, errOut, code := analyze(t, "", "uttt", "engine", "--hash", h); code != 0 || errOut != "" {
			t.Errorf("uttt engine --hash %s: exit %d, stderr %q", h, code, errOut)
		}
	}
	// The time alone, the depth alone, and neither (1s) still search.
	for _, args := range [][]string{{"--time", "50ms"}, {"--depth", "2"}} {
		if out, errOut, code := analyze(t, "", append([]string{"uttt", "search", "--json"}, args...)...); code != 0 || !strings.Contains(out, `"final":true`) {
			t.Errorf("search %q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestMessagesNameTheCommand: every command's errors name it as it is typed ("analyze
// uttt engine: ...") and point at its own help.
func TestMessagesNameTheCommand(t *testing.T) {
	for c := range allCommands(t) {
		_, errOut, code := analyze(t, "", append(strings.Fields(c), "--no-such-flag")...)
		want := "analyze " + c + ": unknown flag --no-such-flag\nrun 'analyze " + c + " -h' for usage\n"
		if code != 2 || errOut != want {
			t.Errorf("%s --no-such-flag: exit %d, stderr %q, want %q", c, code, errOut, want)
		}
	}
}

// TestHelpWritesLongFlagsWithTwoDashes: help texts write a long flag as --name, as the
// flag lists do, never -name.
func TestHelpWritesLongFlagsWithTwoDashes(t *testing.T) {
	single := regexp.MustCompile("(^|[\\s\"'(`])-[a-z][a-z-]+")
	helps := allCommands(t)
	helps["analyze"], _, _ = analyze(t, "", "help")
	for c, help := range helps {
		for _, m := range single.FindAllString(help, -1) {
			t.Errorf("%s -h writes %q", c, strings.TrimSpace(m))
		}
	}
}

// TestVersionNamesGo: "analyze version" says which Go built it, as docs/cli.md says.
func TestVersionNamesGo(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-v"}, {"--version"}} {
		out, _, code := analyze(t, "", args...)
		want := " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
		if code != 0 || !strings.HasPrefix(out, "analyze ") || !strings.Contains(out, want) {
			t.Errorf("%q: exit %d, stdout %q, want %q in its first line", args, code, out, want)
		}
	}
}

// TestCommandListLines: each line of "analyze help" ends a sentence or a parenthesis,
// never mid-phrase (the merge line once ended "into the whole run's").
func TestCommandListLines(t *testing.T) {
	out, _, _ := analyze(t, "", "help")
	_, list, _ := strings.Cut(out, "commands:\n")
	list, _, _ = strings.Cut(list, "\n\n")
	for _, line := range strings.Split(list, "\n") {
		if strings.HasSuffix(line, "'s") || strings.HasSuffix(line, " the") || strings.HasSuffix(line, " into") {
			t.Errorf("command list line cut short: %q", line)
		}
	}
}
