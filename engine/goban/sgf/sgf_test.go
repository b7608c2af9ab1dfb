package sgf

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/internal/gobanref"
)

// readAll parses every game of data: the games read and the errors met.
func readAll(data string) (games []Game, errs []error) {
	var p Parser
	p.Reset([]byte(data))
	for {
		var g Game
		err := p.Next(&g)
		if err == io.EOF {
			return games, errs
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		games = append(games, g)
	}
}

// final replays g and returns the board as text rows, checking the reference agrees.
func final(t *testing.T, g *Game) string {
	t.Helper()
	var r Replay
	err := r.Play(g)
	grid, capt, rerr := plainReplay(g)
	if fmt.Sprint(err) != fmt.Sprint(rerr) {
		t.Fatalf("replay error %v, reference %v", err, rerr)
	}
	if capt != r.Captured && err == nil {
		t.Fatalf("captures %v, reference %v", r.Captured, capt)
	}
	var b strings.Builder
	for y := 0; y < g.Rows; y++ {
		for x := 0; x < g.Cols; x++ {
			if r.At(x, y) != grid[y*g.Cols+x] && err == nil {
				t.Fatalf("(%d,%d): %c, reference %c", x, y, r.At(x, y), grid[y*g.Cols+x])
			}
			b.WriteByte(grid[y*g.Cols+x])
		}
		b.WriteByte('/')
	}
	return b.String()
}

func TestParseSyntax(t *testing.T) {
	cases := []struct {
		name, sgf, board string
		moves            int
	}{
		{"plain", "(;SZ[3];B[aa];W[bb])", "X--/-O-/---/", 2},
		{"whitespace everywhere", " \n( ; SZ [3] \n ; B\t[aa] ;\r\nW [bb] ) ", "X--/-O-/---/", 2},
		{"bom", "\xef\xbb\xbf(;SZ[3];B[cc])", "---/---/--X/", 1},
		{"escaped brackets in a comment", `(;SZ[3]C[a \] b \\];B[aa]C[x\\\]y])`, "X--/---/---/", 1},
		{"lower-case letters of FF[3] identifiers", "(;SiZe[3];Black[bb])", "---/-X-/---/", 1},
		{"unknown and long properties skipped", "(;SZ[3]XYZ[1][2]GN[g];B[ab]MN[4])", "---/X--/---/", 1},
		{"main line is the first child", "(;SZ[3];B[aa](;W[bb];B[cc](;W[ca])(;W[ac]))(;W[cc]))", "X-O/-O-/--X/", 4},
		{"passes", "(;SZ[3];B[];W[tt];B[aa])", "X--/---/---/", 3},
		{"tt on a 20x20 board is a point", "(;SZ[20];B[tt])", strings.Repeat(strings.Repeat("-", 20)+"/", 19) + strings.Repeat("-", 19) + "X/", 1},
		{"compressed setup", "(;SZ[4]AB[aa:bc]AW[dd][cd];AE[ab])", "XX--/-X--/XX--/--OO/", 0},
		{"setup in a later node", "(;SZ[3];B[aa];AW[cc]AB[bb];W[ca])", "X-O/-X-/--O/", 2},
		{"capture", "(;SZ[3];B[ba];W[aa];B[ab])", "-X-/X--/---/", 3},
		{"capture in the corner of a rectangle", "(;SZ[4:2];B[ba];W[aa];B[ab];W[da];B[cb];W[ca];B[db])", "-X--/X-XX/", 7},
		{"suicide removes the mover", "(;SZ[3];B[ba];B[ab];W[aa])", "-X-/X--/---/", 3},
		{"captures before suicide", "(;SZ[3]AB[ba][ab]AW[ca][bb];W[aa])", "O-O/XO-/---/", 1},
		{"setup stones without liberty stay", "(;SZ[3]AB[ab][ba]AW[aa];B[bb];W[cc];B[ac])", "OX-/XX-/X-O/", 3},
		{"capture after setup", "(;SZ[3]AB[ab]AW[aa];B[ba])", "-X-/X--/---/", 1},
		{"SZ after setup in the root", "(;AB[dd]SZ[5])", "-----/-----/-----/---X-/-----/", 0},
		{"default size 19", "(;B[ss])", strings.Repeat(strings.Repeat("-", 19)+"/", 18) + strings.Repeat("-", 18) + "X/", 1},
		{"52x52 letters", "(;SZ[52];B[ZZ];W[aZ])", "", 2},
	}
	for _, c := range cases {
		games, errs := readAll(c.sgf)
		if len(errs) > 0 || len(games) != 1 {
			t.Fatalf("%s: %d games, errors %v", c.name, len(games), errs)
		}
		g := &games[0]
		if got := final(t, g); c.board != "" && got != c.board {
			t.Errorf("%s: board %s, want %s", c.name, got, c.board)
		}
		if g.Moves != c.moves {
			t.Errorf("%s: %d moves, want %d", c.name, g.Moves, c.moves)
		}
	}
}

func TestRootProperties(t *testing.T) {
	games, errs := readAll("(;GM[1]FF[4]SZ[13:9]KM[6.5]HA[2]RE[ W+R ];B[aa])")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	g := games[0]
	if g.Cols != 13 || g.Rows != 9 || g.Komi != 6.5 || !g.HasKomi || g.Handicap != 2 || string(g.RE) != "W+R" {
		t.Fatalf("%+v", g)
	}
	games, _ = readAll("(;KM[750];B[aa])(;KM[-7.5])")
	if games[0].PlayKomi() != 7.5 || games[1].PlayKomi() != -7.5 {
		t.Fatalf("PlayKomi %v %v", games[0].PlayKomi(), games[1].PlayKomi())
	}
}

func TestCollection(t *testing.T) {
	games, errs := readAll("(;SZ[3];B[aa])\n(;SZ[4];W[ee])\n(;SZ[5];W[ee])")
	if len(games) != 2 || len(errs) != 1 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	if games[0].Index != 1 || games[1].Index != 3 {
		t.Fatalf("indices %d %d", games[0].Index, games[1].Index)
	}
	// The occupied point is found at replay time, with its game, move and byte.
	games, _ = readAll("(;SZ[3];B[aa])(;SZ[3];B[aa];W[aa])")
	var r Replay
	err := r.Play(&games[1])
	var e *Error
	if !errors.As(err, &e) || e.Game != 2 || e.Move != 2 || e.Offset != 30 {
		t.Fatalf("%v (%+v)", err, e)
	}
	if want := "game 2, move 2, byte 30: W[aa]: the point is occupied"; err.Error() != want {
		t.Fatalf("%q, want %q", err, want)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct{ sgf, want string }{
		{"(;SZ[3];B[dd])", "game 1, move 1, byte 10: B[dd]: off the 3x3 board"},
		{"(;SZ[3];B[a])", "game 1, move 1, byte 10: B[a]: not a point"},
		{"(;SZ[3]AB[aa:ad])", "game 1, byte 10: AB[aa:ad]: off the 3x3 board"},
		{"(;SZ[3];B[aa];AB[ad])", "game 1, after move 1, byte 17: AB[ad]: off the 3x3 board"},
		{"(;SZ[53])", "game 1, byte 5: SZ[53]: board size must be 1..52 (or cols:rows)"},
		{"(;SZ[0:4])", "game 1, byte 5: SZ[0:4]: board size must be 1..52 (or cols:rows)"},
		{"(;KM[abc])", "game 1, byte 5: KM[abc]: komi is not a number"},
		{"(;SZ[3];B[aa]", "game 1, after move 1, byte 13: unexpected end of input: 1 unclosed parenthesis"},
		{"(;SZ[3];B[aa", "game 1, byte 9: unterminated property value"},
		{"(;SZ[3];B[aa]x)", "game 1, byte 13: property identifier starts with lower-case 'x'"},
		{"(;SZ[3];B[aa]1)", "game 1, after move 1, byte 13: unexpected '1' between nodes"},
		{"(;SZ[3];B[aa];W)", "game 1, after move 1, byte 15: property without a value: ')' instead of '['"},
		{"()", "game 1, byte 1: empty game tree"},
		{"((;B[aa]))", "game 1, byte 1: variation before the first node"},
		{"(;B[aa](;W[bb]);B[cc])", "game 1, after move 2, byte 15: node after a variation"},
		{"(;SZ[3];B[aa];W[bb](;B[cc]", "game 1, after move 3, byte 26: unexpected end of input: 2 unclosed parentheses"},
	}
	for _, c := range cases {
		_, errs := readAll(c.sgf)
		if len(errs) != 1 || errs[0].Error() != c.want {
			t.Errorf("%s: %v, want %s", c.sgf, errs, c.want)
		}
	}
	// A broken tree ends the input; a bad game before it does not.
	games, errs := readAll("(;SZ[3];B[zz])(;SZ[3];B[aa])(;B[aa](;)")
	if len(games) != 1 || len(errs) != 2 || !errs[1].(*Error).Fatal {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
}

// randomGame plays a random game on a board of cols x rows, with passes, captures,
// suicides and setup, and returns it as SGF text (with variations, comments and odd
// whitespace) and the ops the parser should read.
func randomGame(rng *rand.Rand, cols, rows, moves int) (string, []Op) {
	var b strings.Builder
	var ops []Op
	ws := func() {
		if rng.IntN(4) == 0 {
			b.WriteString([]string{" ", "\n", "\r\n", "\t"}[rng.IntN(4)])
		}
	}
	pt := func() (int, int) { return rng.IntN(cols), rng.IntN(rows) }
	fmt.Fprintf(&b, "(;GM[1]FF[4]")
	if cols == rows {
		fmt.Fprintf(&b, "SZ[%d]", cols)
	} else {
		fmt.Fprintf(&b, "SZ[%d:%d]", cols, rows)
	}
	b.WriteString(`C[a comment with \] and \\]`)
	var r Replay
	r.reset(cols, rows)
	open := 0 // variations whose main line is being written
	for m := 0; m < moves; m++ {
		ws()
		b.WriteString(";")
		ws()
		switch k := rng.IntN(40); {
		case k == 0: // setup
			n := 1 + rng.IntN(3)
			for i := 0; i < n; i++ {
				kind := uint8(OpSetB + rng.IntN(3))
				x, y := pt()
				b.WriteString([]string{"AB", "AW", "AE"}[kind-OpSetB])
				fmt.Fprintf(&b, "[%c%c]", letter(x), letter(y))
				ws()
				ops = append(ops, Op{Kind: kind, X: int8(x), Y: int8(y)})
			}
		case k == 1: // pass
			kind := uint8(m % 2)
			fmt.Fprintf(&b, "%s[]", colourName(kind))
			ops = append(ops, Op{Kind: kind, X: -1, Y: -1})
		default: // a move on an empty point, if one is found
			kind := uint8(m % 2)
			x, y := pt()
			for try := 0; try < 10 && r.At(x, y) != '-'; try++ {
				x, y = pt()
			}
			if r.At(x, y) != '-' {
				fmt.Fprintf(&b, "%s[]", colourName(kind))
				ops = append(ops, Op{Kind: kind, X: -1, Y: -1})
				break
			}
			fmt.Fprintf(&b, "%s[%c%c]", colourName(kind), letter(x), letter(y))
			ops = append(ops, Op{Kind: kind, X: int8(x), Y: int8(y)})
			r.step(ops[len(ops)-1])
		}
		if rng.IntN(30) == 0 && m+1 < moves { // the main line goes on in a first child
			b.WriteString("(")
			open++
		}
	}
	for ; open > 0; open-- { // close each first child, then a sibling variation to skip
		fmt.Fprintf(&b, ")(;B[aa];W[%c%c](;C[x)]))", letter(cols-1), letter(rows-1))
	}
	b.WriteString(")")
	return b.String(), ops
}

// TestRandomGames replays random legal games both ways on square and rectangular
// boards and checks the parser reads back the ops the games were written from.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		cols, rows := 1+rng.IntN(25), 1+rng.IntN(25)
		if i%3 == 0 {
			rows = cols
		}
		if i%50 == 0 {
			cols, rows = 52, 1+rng.IntN(52)
		}
		checkRandomGame(t, rng, cols, rows, rng.IntN(4*cols*rows+1))
	}
}

func checkRandomGame(t *testing.T, rng *rand.Rand, cols, rows, moves int) {
	t.Helper()
	text, ops := randomGame(rng, cols, rows, moves)
	games, errs := readAll(text)
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("%dx%d: errors %v in\n%s", cols, rows, errs, text)
	}
	g := &games[0]
	if len(g.Ops) != len(ops) {
		t.Fatalf("%dx%d: %d ops, want %d", cols, rows, len(g.Ops), len(ops))
	}
	for i := range ops {
		if a, b := g.Ops[i], ops[i]; a.Kind != b.Kind || a.X != b.X || a.Y != b.Y {
			t.Fatalf("%dx%d: op %d is %+v, want %+v", cols, rows, i, a, b)
		}
	}
	final(t, g)
	// The fast scorer on the replayed board agrees with the reference scorer.
	var r Replay
	r.Play(g)
	var b goban.Board
	r.Board(&b)
	var s goban.Scorer
	got := s.Score(&b)
	black, white, _ := gobanref.Score(&b, b.N, b.Cols)
	want := goban.Result{Size: b.N, Cols: b.Cols, Black: black, White: white}
	if got != want || got.Size != rows || got.Cols != cols {
		t.Fatalf("%dx%d: score %+v, reference %+v", cols, rows, got, want)
	}
}
