package bulk

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/qttt/qttttest"
	"github.com/boardlab/boardlab/fileio"
)

// stdinInput is the one input "-": standard input.
var stdinInput = []fileio.Input{{Path: "-"}}

// TestScoreSameAsWriteScores: Score's Results, rendered with AppendText or
// AppendJSON, are WriteScores' output byte for byte, with the same failures in the same
// order and the same counts, on one worker or three.
func TestScoreSameAsWriteScores(t *testing.T) {
	in := qttttest.Records(3000, 7) + strings.Repeat("A", MaxLine+5) + "\n\nAB BE\t1 1\n"
	for _, asJSON := range []bool{false, true} {
		for _, workers := range []int{1, 3} {
			var wantErrs, gotErrs []string
			opt := Options{Workers: workers, OnError: func(err error) error { wantErrs = append(wantErrs, err.Error()); return nil }}
			var want bytes.Buffer
			wantSt, err := WriteScores(context.Background(), []fileio.Input{{Path: "-"}, {Path: "no/such/file"}}, strings.NewReader(in), &want, asJSON, opt)
			if err != nil {
				t.Fatal(err)
			}
			opt.OnError = func(err error) error { gotErrs = append(gotErrs, err.Error()); return nil }
			var got []byte
			gotSt, err := Score(context.Background(), []fileio.Input{{Path: "-"}, {Path: "no/such/file"}}, strings.NewReader(in), opt, func(r Result) error {
				if asJSON {
					got = AppendJSON(got, r)
				} else {
					got = AppendText(got, r)
				}
				return nil
			})
			if err != nil || gotSt != wantSt || !bytes.Equal(got, want.Bytes()) || fmt.Sprint(gotErrs) != fmt.Sprint(wantErrs) {
				t.Fatalf("json %v, %d workers: Score %+v %v, %d bytes, errors %.300q; WriteScores %+v, %d bytes, errors %.300q",
					asJSON, workers, gotSt, err, len(got), gotErrs, wantSt, want.Len(), wantErrs)
			}
			if wantSt.Inputs != 1 || wantSt.Failed != int64(len(wantErrs)) || wantSt.Failed < 3 || wantSt.Records < 1000 {
				t.Fatalf("stats %+v, %d errors", wantSt, len(wantErrs))
			}
		}
	}
}

// TestScoreOnErrorStops: an error returned by OnError stops the job and is returned;
// the records before the bad line were delivered, none after it.
func TestScoreOnErrorStops(t *testing.T) {
	in := "AB BE\nAB ZZ\nCE BD EG FH CG 1\n"
	stop := errors.New("stop")
	opt := Options{OnError: func(error) error { return stop }}
	var out bytes.Buffer
	if _, err := WriteScores(context.Background(), stdinInput, strings.NewReader(in), &out, false, opt); err != stop || out.String() != "0 0\n" {
		t.Fatalf("WriteScores: %v, %q", err, out.String())
	}
	var lines []int64
	if _, err := Score(context.Background(), stdinInput, strings.NewReader(in), opt, func(r Result) error { lines = append(lines, r.Line); return nil }); err != stop || fmt.Sprint(lines) != "[1]" {
		t.Fatalf("Score: %v, lines %v", err, lines)
	}
}

// BenchmarkScoreTyped is BenchmarkScoreStream through Score: typed Results rendered
// with AppendText, on one worker.
func BenchmarkScoreTyped(b *testing.B) {
	in := []byte(qttttest.Records(20000, 11))
	records := strings.Count(string(in), "\n")
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		_, err := Score(context.Background(), stdinInput, bytes.NewReader(in), Options{Workers: 1, OnError: func(error) error { return nil }}, func(r Result) error {
			buf = AppendText(buf[:0], r)
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(records*b.N)/b.Elapsed().Seconds(), "lines/s")
}
