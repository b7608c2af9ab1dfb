package qtttcmd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"time"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/qttt"
)

const scoreUsage = "analyze qttt score [--json] [-o FILE] [FILE|DIR|-]..."

const scoreHelp = `Scores quantum tic-tac-toe game records, one per line, and prints X's score and O's
per record in input order, e.g. "0.5 1" or "2 0". A record is the seed's notation: moves
as two cell letters A-I (either case), each cycle-closing move followed by its
measurement number, tokens separated by blanks or written together ("AB BE DE AE 1" is
"ABBEDEAE1"). A record may stop before the game ends: the position is scored as it
stands. Blank lines are skipped. A line may carry the expected score after a tab, as
"analyze qttt random" writes it ("RECORD<TAB>X O"): a different score is an error.

No argument or - reads standard input; a DIR is walked in sorted order. --json prints
one object per record instead: file, line, record, x, o, moves, over, the final board
(classical marks as X1/O4, quantum marks with their cells), the lines made (player,
cells, largest mark) and each measurement (the move that closed the cycle, who chose,
the cycle, the number written and the marks it made classical).

A bad line is reported on stderr with its file, line, token and the reason; the other
lines are still scored and the exit status is 1.`

func runScore(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("qttt score", scoreUsage, scoreHelp, stderr)
	asJSON := fs.Bool("json", false, "print JSON Lines: one object per record with board, lines and measurements")
	outPath := fs.String("o", "", "write the scores to `FILE` (created atomically) instead of standard output, and a summary to stderr")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	out, err := cli.CreateOutput(*outPath, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "analyze qttt score: %v\n", err)
		return cli.ExitFail
	}
	inputs, errs := cli.Expand(pos)
	sc := scorer{out: out, stderr: stderr, json: *asJSON, ctx: ctx}
	start := time.Now()
	for i, in := range inputs {
		if errs[i] != nil {
			sc.fail(in.Name(), 0, cli.Cause(errs[i]))
			continue
		}
		r, err := in.Open(stdin)
		if err != nil {
			sc.fail(in.Name(), 0, cli.Cause(err))
			continue
		}
		err = sc.scoreStream(in.Name(), r)
		r.Close()
		if err != nil && ctx.Err() == nil {
			sc.fail(in.Name(), 0, cli.Cause(err))
		}
		if ctx.Err() != nil {
			break
		}
	}
	if ctx.Err() != nil {
		out.Commit()
		fmt.Fprintf(stderr, "analyze qttt score: interrupted after %d records\n", sc.records)
		return cli.ExitInterrupted
	}
	if err := out.Commit(); err != nil {
		fmt.Fprintf(stderr, "analyze qttt score: %v\n", err)
		return cli.ExitFail
	}
	if *outPath != "" {
		el := time.Since(start)
		fmt.Fprintf(stderr, "analyze qttt score: %d records scored, %d bad, in %v (%.3g records/s) -> %s\n",
			sc.records, sc.bad, el.Round(time.Microsecond), float64(sc.records+sc.bad)/el.Seconds(), *outPath)
	}
	if sc.bad > 0 || sc.failed {
		return cli.ExitFail
	}
	return cli.ExitOK
}

type scorer struct {
	out     *cli.Output
	stderr  io.Writer
	json    bool
	ctx     context.Context
	records int
	bad     int
	failed  bool
	buf     []byte
}

func (sc *scorer) fail(file string, line int, err error) {
	sc.failed = true
	sc.out.Flush()
	if line > 0 {
		fmt.Fprintf(sc.stderr, "analyze qttt score: %s:%d: %v\n", file, line, err)
	} else {
		fmt.Fprintf(sc.stderr, "analyze qttt score: %s: %v\n", file, err)
	}
}

const maxLine = 1 << 16

// scoreStream scores every line of r.
func (sc *scorer) scoreStream(file string, r io.Reader) error {
	br := bufio.NewReaderSize(r, 1<<16)
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			sc.bad++
			sc.fail(file, n, fmt.Errorf("line longer than %d bytes", maxLine))
		} else if len(line) > 0 {
			sc.scoreLine(file, n, line)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if n&0xFFF == 0 && sc.ctx.Err() != nil {
			return sc.ctx.Err()
		}
	}
}

func (sc *scorer) scoreLine(file string, n int, line []byte) {
	rec, expect, hasExpect := bytes.Cut(line, []byte{'\t'})
	rec = bytes.TrimRight(rec, "\r\n")
	if len(bytes.TrimSpace(rec)) == 0 && !hasExpect {
		return
	}
	var tr *qttt.Trace
	if sc.json {
		tr = &qttt.Trace{}
	}
	p, err := qttt.Replay(rec, tr)
	if err != nil {
		sc.bad++
		sc.fail(file, n, err)
		return
	}
	s := p.Score()
	if hasExpect {
		want := string(bytes.TrimSpace(expect))
		if got := s.String(); got != want {
			sc.bad++
			sc.fail(file, n, fmt.Errorf("record scores %q, the line says %q", got, want))
			return
		}
	}
	sc.records++
	if sc.json {
		b, _ := json.Marshal(jsonRecord(file, n, string(rec), &p, tr))
		sc.out.Write(append(b, '\n'))
		return
	}
	sc.buf = append(s.AppendText(sc.buf[:0]), '\n')
	sc.out.Write(sc.buf)
}

type jsonLine struct {
	Player string `json:"player"`
	Cells  string `json:"cells"`
	Max    int    `json:"max"`
}

type jsonQuantum struct {
	Mark  int    `json:"mark"`
	Cells string `json:"cells"`
}

type jsonMeasurement struct {
	Move      int            `json:"move"`
	Chooser   string         `json:"chooser"`
	Cycle     string         `json:"cycle"`
	Mark      int            `json:"mark"`
	Collapsed map[string]int `json:"collapsed"`
}

type jsonResult struct {
	File         string            `json:"file"`
	Line         int               `json:"line"`
	Record       string            `json:"record"`
	X            float64           `json:"x"`
	O            float64           `json:"o"`
	Moves        int               `json:"moves"`
	Over         bool              `json:"over"`
	Board        [9]string         `json:"board"`
	Quantum      []jsonQuantum     `json:"quantum"`
	Lines        []jsonLine        `json:"lines"`
	Measurements []jsonMeasurement `json:"measurements"`
}

func jsonRecord(file string, line int, rec string, p *qttt.Position, tr *qttt.Trace) jsonResult {
	s := p.Score()
	r := jsonResult{File: file, Line: line, Record: rec, X: float64(s.X) / 2, O: float64(s.O) / 2,
		Moves: p.Marks(), Over: p.Over(), Quantum: []jsonQuantum{}, Lines: []jsonLine{}, Measurements: []jsonMeasurement{}}
	for c := 0; c < qttt.NumCells; c++ {
		if m := p.Cell(c); m != 0 {
			r.Board[c] = fmt.Sprintf("%s%d", qttt.Owner(m), m)
		}
	}
	for q := p.Quantum(); q != 0; q &= q - 1 {
		k := bits.TrailingZeros16(q)
		a, b := p.Edge(k)
		r.Quantum = append(r.Quantum, jsonQuantum{k, qttt.FormatMove(a, b)})
	}
	for _, l := range p.Lines() {
		r.Lines = append(r.Lines, jsonLine{l.Player.String(), string([]byte{qttt.CellName(l.Cells[0]), qttt.CellName(l.Cells[1]), qttt.CellName(l.Cells[2])}), l.Max})
	}
	// Replay the trace to read the marks each measurement made classical.
	var q qttt.Position
	for i, m := range tr.Moves {
		q.Play(m.A, m.B)
		if m.Mark == 0 {
			continue
		}
		ra, na, rb, _ := q.Choices()
		root := ra
		if m.Mark != na {
			root = rb
		}
		q.Measure(root)
		chooser := qttt.Owner(i + 2).String()
		if m.A == m.B {
			chooser = "forced"
		}
		jm := jsonMeasurement{Move: i + 1, Chooser: chooser, Cycle: qttt.CellSet(m.Cycle), Mark: m.Mark, Collapsed: map[string]int{}}
		for c := m.Collapsed; c != 0; c &= c - 1 {
			cell := bits.TrailingZeros16(c)
			jm.Collapsed[string(qttt.CellName(cell))] = q.Cell(cell)
		}
		r.Measurements = append(r.Measurements, jm)
	}
	return r
}
