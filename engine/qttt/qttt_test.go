package qttt

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/internal/qtttref"
)

// seedCases are the eleven test cases of the spec (spec qttt.md).
var seedCases = []struct{ rec, want string }{
	{"AB", "0 0"},
	{"AI EG BE EH DG AI 1 BC CE 3", "0.5 1"},
	{"IA EG EB EH GD AI 1 CB CE 3", "0.5 1"},
	{"DE AB DE 1 AH CF CH CG BC 2", "1 0.5"},
	{"AE BF EI DH AI 1", "1 0"},
	{"CE BD EG FH CG 1", "1 0"},
	{"AB AD BC CF AC 5", "1 0"},
	{"AB BE BC CE 2 DG HI DF HI 6", "0 1"},
	{"BC BE CF EF 1 AD AG GH DG 6 II 9", "0 0"},
	{"DI AE AB BF EH AH 2 DI 7 CG CG 8 ", "0 0"},
	{"AD BH EF CI EF 3 HI DG BI 2 AG 1", "2 0"},
}

func TestSeedCases(t *testing.T) {
	for _, c := range seedCases {
		variants := []string{c.rec, strings.ReplaceAll(c.rec, " ", ""), strings.ToLower(c.rec)}
		for _, rec := range variants {
			s, err := ScoreRecord([]byte(rec))
			if err != nil {
				t.Errorf("%q: %v", rec, err)
				continue
			}
			if s.String() != c.want {
				t.Errorf("%q: score %s, want %s", rec, s, c.want)
			}
			rs, rerr := qtttref.ScoreRecord(rec)
			if rerr != nil || Score(rs) != s {
				t.Errorf("%q: reference %v %v, fast %v", rec, rs, rerr, s)
			}
		}
	}
}

func TestSpecExample(t *testing.T) {
	// AB BE DE AE closes the cycle A-B-E; A gets mark 1 or mark 4.
	for _, num := range []string{"1", "4"} {
		p, err := Replay([]byte("AB BE DE AE "+num), nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.Open() != 0x1FF&^0x1B {
			t.Fatalf("%s: open %09b", num, p.Open())
		}
		if num == "1" && (p.Cell(0) != 1 || p.Cell(1) != 2 || p.Cell(4) != 4 || p.Cell(3) != 3) {
			t.Fatalf("state 1 wrong: %v", p.mark)
		}
		if num == "4" && (p.Cell(0) != 4 || p.Cell(1) != 1 || p.Cell(4) != 2 || p.Cell(3) != 3) {
			t.Fatalf("state 4 wrong: %v", p.mark)
		}
	}
}

func TestRecordErrors(t *testing.T) {
	cases := []struct{ rec, tok, msg string }{
		{"AJ", `"AJ"`, "unknown cell 'J'"},
		{"AB ZA", `"Z"`, "unknown cell 'Z'"},
		{"AB #", `"#"`, "unexpected character"},
		{"AB A", `"A"`, "two cells"},
		{"AB BE DE AE 1 AC", `"AC"`, "classical cell A"},
		{"AA", `"AA"`, "single-cell move while 9 cells are open"},
		{"AB BE DE AE BC", `"BC"`, "measurement number missing"},
		{"AB BE DE AE", "end of record", "measurement number missing"},
		{"AB 1", `"1"`, "superfluous"},
		{"1", `"1"`, "no move has been made"},
		{"AB BE DE AE 2", `"2"`, "not one of the two possible marks (1 or 4)"},
		{"AB BE DE AE 1 2", `"2"`, "superfluous"},
		{"AE BF EI DH AI 1 CG", `"CG"`, "after the game ended (X has a tic-tac-toe)"},
		{"BC BE CF EF 1 AD AG GH DG 6 II 8", `"8"`, "measured as 9"},
		{"AB AB 01", `"01"`, "not one of the two possible marks (1 or 2)"},
		{"AB AB 0", `"0"`, "not one of the two possible marks"},
		{"BC BE CF EF 1 AD AG GH DG 6 II", "end of record", "write 9"},
		{"AB AB " + strings.Repeat("7", 100000), `"777777777777777777777777..."`, "not one of the two possible marks"},
	}
	for _, c := range cases {
		_, err := ScoreRecord([]byte(c.rec))
		var re *RecordError
		if !errors.As(err, &re) {
			t.Errorf("%q: error %v, want a RecordError", c.rec, err)
			continue
		}
		if !strings.Contains(err.Error(), c.tok) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: error %q, want %s and %q", c.rec, err, c.tok, c.msg)
		}
		if len(err.Error()) > 200 {
			t.Errorf("%q...: error of %d bytes", c.rec[:20], len(err.Error()))
		}
		if _, rerr := qtttref.ScoreRecord(c.rec); rerr == nil {
			t.Errorf("%q: reference accepts it", c.rec)
		}
	}
}

func TestPerft(t *testing.T) {
	want := []uint64{1, 36, 1332}
	var p Position
	for d, w := range want {
		n, err := Perft(context.Background(), &p, d)
		if err != nil || n != w {
			t.Errorf("perft(%d) = %d, %v; want %d", d, n, err, w)
		}
	}
	for d := 0; d <= 3; d++ {
		n, _ := Perft(context.Background(), &p, d)
		if r := qtttref.Perft(d); r != n {
			t.Errorf("perft(%d): fast %d, reference %d", d, n, r)
		}
	}
}

func TestPerftHash(t *testing.T) {
	var p Position
	h := NewPerftHasher(16)
	for d := 0; d <= 5; d++ {
		want, _ := Perft(context.Background(), &p, d)
		got, err := h.Perft(context.Background(), &p, d)
		if err != nil || got != want {
			t.Errorf("hashed perft(%d) = %d, %v; want %d", d, got, err, want)
		}
	}
	// Deeper values computed once with the plain Perft (10 s for depth 6).
	if got, _ := h.Perft(context.Background(), &p, 6); got != 2203891200 {
		t.Errorf("hashed perft(6) = %d, want 2203891200", got)
	}
	q, _ := Replay([]byte("AB BE DE AE 1 CF"), nil)
	want, _ := Perft(context.Background(), &q, 4)
	if got, _ := h.Perft(context.Background(), &q, 4); got != want {
		t.Errorf("hashed perft from a record: %d, want %d", got, want)
	}
}
