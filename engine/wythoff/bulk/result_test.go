package bulk

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMovesSameAsAnswer: the typed results of Moves, rendered with AppendText or
// AppendJSON, are Answer's output byte for byte, with the same bad lines in the same
// order and the same counts, on any number of workers and across block boundaries.
func TestMovesSameAsAnswer(t *testing.T) {
	saved := blockBytes
	defer func() { blockBytes = saved }()
	var in strings.Builder
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 5000; i++ {
		switch i % 211 {
		case 7:
			in.WriteString("bad\n")
		case 99:
			in.WriteString(strings.Repeat("1", 300) + " 2\n") // beyond MaxLine 200
		case 150:
			in.WriteString("(123456789012345678901234567890, 5)\n0 0\n")
		case 160:
			in.WriteString("# comment\n\n")
		default:
			fmt.Fprintf(&in, "%d %d\n", r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64))
		}
	}
	in.WriteString("13 9") // no newline at the end
	for _, bb := range []int{saved, 1000} {
		blockBytes = bb
		for _, a := range []Answerer{{}, {All: true}, {JSON: true}, {Misere: true, All: true, JSON: true}} {
			a.MaxLine = 200
			for _, workers := range []int{1, 3} {
				a.Options.Workers = workers
				var wantErrs, gotErrs []string
				a.Options.OnError = func(err error) error { wantErrs = append(wantErrs, err.Error()); return nil }
				var want bytes.Buffer
				wantSt, err := a.Answer(context.Background(), strings.NewReader(in.String()), &want)
				if err != nil {
					t.Fatal(err)
				}
				a.Options.OnError = func(err error) error { gotErrs = append(gotErrs, err.Error()); return nil }
				var got []byte
				gotSt, err := a.Moves(context.Background(), strings.NewReader(in.String()), func(r Result) error {
					if a.JSON {
						got = AppendJSON(got, r)
					} else {
						got = AppendText(got, r)
					}
					return nil
				})
				if err != nil || gotSt != wantSt || !bytes.Equal(got, want.Bytes()) || fmt.Sprint(gotErrs) != fmt.Sprint(wantErrs) {
					t.Fatalf("block %d, %+v, %d workers: Moves %v %v, %d bytes, %d errors; Answer %v, %d bytes, %d errors",
						bb, a, workers, gotSt, err, len(got), len(gotErrs), wantSt, want.Len(), len(wantErrs))
				}
				if wantSt.Failed != int64(len(wantErrs)) || wantSt.Failed == 0 || wantSt.Inputs != 1 {
					t.Fatalf("stats %+v, %d errors", wantSt, len(wantErrs))
				}
			}
		}
	}
}

// TestOnErrorStops: an error returned by OnError stops Answer and Moves, which return
// it; the lines before the bad one were answered, none after it.
func TestOnErrorStops(t *testing.T) {
	in := "1 2\n13 9\nbad\n5 3\n"
	stop := errors.New("stop")
	a := Answerer{Options: Options{OnError: func(error) error { return stop }}}
	var out bytes.Buffer
	if _, err := a.Answer(context.Background(), strings.NewReader(in), &out); err != stop || out.String() != "lose\n13 8\n" {
		t.Fatalf("Answer: %v, %q", err, out.String())
	}
	var lines []int64
	_, err := a.Moves(context.Background(), strings.NewReader(in), func(r Result) error { lines = append(lines, r.Line); return nil })
	if err != stop || fmt.Sprint(lines) != "[1 2]" {
		t.Fatalf("Moves: %v, lines %v", err, lines)
	}
	a.plain = true
	out.Reset()
	if _, err := a.Answer(context.Background(), strings.NewReader(in), &out); err != stop || out.String() != "lose\n13 8\n" {
		t.Fatalf("Answer, plain path: %v, %q", err, out.String())
	}
}

// BenchmarkMoveTyped is BenchmarkMoveBatch through Moves: the same lines as typed
// Results (allocated per position) rendered with AppendText, on one worker.
func BenchmarkMoveTyped(b *testing.B) {
	a := Answerer{Options: Options{Workers: 1}}
	var buf []byte
	benchMove(b, func(_ *mover, in io.Reader) (Stats, error) {
		return a.Moves(context.Background(), in, func(r Result) error {
			buf = AppendText(buf[:0], r)
			return nil
		})
	})
}
