package qttt

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unsafe"
)

func TestSolution(t *testing.T) {
	solve := func(record string) Solution {
		p, err := ReplayOpen([]byte(record), nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewSolver(16).Solve(context.Background(), p, true)
		if err != nil {
			t.Fatal(err)
		}
		return NewSolution(record, p, r)
	}
	var b strings.Builder
	solve("AB BE DE AE").WriteText(&b, 0)
	if got := b.String(); !strings.HasPrefix(got, "value 0.5\nbest 1\npv 1 GH GH 5\nscore 1 0.5\nnodes ") || !strings.HasSuffix(got, ", cpu 0s\n") {
		t.Errorf("text: %q", got)
	}
	js, err := json.Marshal(solve(" AE BF EI DH AI 1 "))
	if err != nil || !strings.HasPrefix(string(js), `{"record":"AE BF EI DH AI 1","value":1,"best":[],"pv":"","score":"1 0","nodes":0,`) {
		t.Errorf("json of an ended game: %s, %v", js, err)
	}
}

func TestTableBits(t *testing.T) {
	for _, c := range []struct {
		size, entry int64
		want        int
	}{{16 << 20, 16, 20}, {24 << 22, 24, 22}, {30 << 20, 24, 20}, {15 << 10, 16, 9}, {15, 16, 0}, {0, 24, 0}} {
		if got := TableBits(c.size, c.entry); got != c.want {
			t.Errorf("TableBits(%d, %d) = %d, want %d", c.size, c.entry, got, c.want)
		}
	}
}

func TestWritePerft(t *testing.T) {
	var b strings.Builder
	var p Position
	depths := map[int]bool{}
	total, err := WritePerft(context.Background(), &b, Perft, &p, 3, false, func(depth, done, all int) { depths[depth] = true })
	if err != nil || total != 36+1332+49896 || b.String() != "1 36\n2 1332\n3 49896\n" || len(depths) != 3 {
		t.Errorf("perft 3: %d, %v, %q, depths %v", total, err, b.String(), depths)
	}
	b.Reset()
	total, err = WritePerft(context.Background(), &b, NewPerftHasher(12).Perft, &p, 2, true, nil)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if err != nil || total != 1332 || len(lines) != 37 || lines[0] != "AB 37" || lines[36] != "2 1332" {
		t.Errorf("perft --divide 2: %d, %v, %q", total, err, lines)
	}
	b.Reset()
	if total, err = WritePerft(context.Background(), &b, Perft, &p, 0, false, nil); err != nil || total != 0 || b.String() != "0 1\n" {
		t.Errorf("perft 0: %d, %v, %q", total, err, b.String())
	}
}

// TestEntryBytes: the exported entry sizes are those of the tables' entries, which
// the CLI's memory check relies on.
func TestEntryBytes(t *testing.T) {
	if unsafe.Sizeof(ttEntry{}) != SolverEntryBytes || unsafe.Sizeof(perftEntry{}) != PerftEntryBytes {
		t.Fatalf("entry sizes %d and %d", unsafe.Sizeof(ttEntry{}), unsafe.Sizeof(perftEntry{}))
	}
}
