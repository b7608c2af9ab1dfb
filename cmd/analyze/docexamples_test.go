package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/internal/machine"
)

// readDoc returns a file of docs/.
func readDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../../docs/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDocShardExample runs the sharded example of docs/wythoff.md and compares what it
// prints with what the page shows, header line included.
func TestDocShardExample(t *testing.T) {
	doc := readDoc(t, "wythoff.md")
	const cmd = "    $ printf '1 2\\n3 5\\n4 4\\n' | analyze wythoff move --shard 0/2\n"
	_, after, ok := strings.Cut(doc, cmd)
	if !ok {
		t.Fatalf("docs/wythoff.md has no example %q", cmd)
	}
	var shown strings.Builder
	for _, line := range strings.SplitAfter(after, "\n") {
		if !strings.HasPrefix(line, "    ") {
			break
		}
		shown.WriteString(strings.TrimPrefix(line, "    "))
	}
	out, errOut, code := analyze(t, "1 2\n3 5\n4 4\n", "wythoff", "move", "--shard", "0/2")
	if code != 0 || out != shown.String() {
		t.Errorf("docs/wythoff.md shows\n%s\nthe command prints (exit %d)\n%s%s", shown.String(), code, out, errOut)
	}
}

// TestDocShardHeaders: every page that describes a line stream's shard header gives the
// header as the commands write it, with its job.
func TestDocShardHeaders(t *testing.T) {
	header := regexp.MustCompile("`#boardlab-shard-lines K/N([^`]*)`( alone)?")
	for _, name := range []string{"cli.md", "goban.md", "qttt.md", "scale-out.md", "wythoff.md"} {
		for _, m := range header.FindAllStringSubmatch(readDoc(t, name), -1) {
			if m[2] == "" && !strings.HasPrefix(m[1], " job ID ") {
				t.Errorf("docs/%s shows the shard header as %s, without its job", name, m[0])
			}
		}
	}
}

// TestDocVersionExample: docs/cli.md's example of "analyze version" has a line of each
// kind the command prints.
func TestDocVersionExample(t *testing.T) {
	doc := readDoc(t, "cli.md")
	var row string
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "| `analyze -v`, `analyze --version`, `analyze version` |") {
			row = line
		}
	}
	if row == "" {
		t.Fatal("docs/cli.md has no row for analyze version")
	}
	b := machine.Build{Version: "(devel)", Revision: "0123456789ab", Time: "2026-11-28T05:00:00Z", Go: "go1.26.0", PGO: "/src/cmd/analyze/default.pgo"}
	for _, line := range strings.Split(strings.TrimSuffix(b.Text("analyze"), "\n"), "\n") {
		head, _, _ := strings.Cut(line, " ")
		if !strings.Contains(row, "`"+head+" ") {
			t.Errorf("docs/cli.md's version example has no line like %q", line)
		}
	}
}
