// Package shard splits a bulk job into N parts run apart (K/N, from text or a scheduler's
// environment), writes the headers that identify each part and its job, and merges the
// parts back into what the unsharded run writes (Merge).
package shard

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
	"strconv"
	"strings"
)

// Shard is one part K of N of a bulk job (K from 0 to N-1). The zero Shard (N == 0)
// means the whole job, unsharded.
//
// The conventions every sharded command follows, so that `analyze merge` can put the
// parts back together into exactly what the unsharded run prints:
//   - Work with a known size (table ranges, game indices, files of a sorted walk,
//     first moves) is split into contiguous ranges (Range); the shard outputs then
//     concatenate in K order.
//   - A line stream of unknown length (stdin) is split by line: line i (0-based)
//     belongs to shard i mod N (Owns). The shard's output then starts with the header
//     line written by WriteLinesHeader, and every output line is prefixed with the
//     0-based input line number and a tab (AppendLineIndex), so the merge can restore
//     input order exactly whatever lines failed.
//   - With --out PATH, a shard writes PATH.K-of-N (Path), so shards writing to one
//     shared volume never collide and the merge can check that no part is missing or
//     doubled.
type Shard struct {
	K, N int
	// Job identifies the job the part belongs to, written in the line-stream header so
	// that a merge refuses parts of another job; the zero Job says nothing.
	Job Job
}

// Job identifies a sharded job: ID is a hash of the command, its arguments and its
// input names (NewJob), Name the command for messages.
type Job struct {
	ID, Name string
}

// NewJob returns the Job of the command name run with args (flags that do not change
// the output, such as --shard, --out or --jobs, left out by the caller). The ID is the
// 64-bit FNV-1a hash of name and args, each argument after a NUL byte, in 16 hex digits:
// the same on every machine, but not a cryptographic hash.
func NewJob(name string, args []string) Job {
	h := fnv.New64a()
	io.WriteString(h, name)
	for _, a := range args {
		h.Write([]byte{0})
		io.WriteString(h, a)
	}
	return Job{ID: fmt.Sprintf("%016x", h.Sum64()), Name: name}
}

// Enabled reports whether s selects a part of the job.
func (s Shard) Enabled() bool { return s.N > 0 }

// String returns "K/N", or "" for the whole job.
func (s Shard) String() string {
	if !s.Enabled() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Parse returns the Shard written "K/N", such as "0/4" (part K of N, K from 0 to N-1).
func Parse(text string) (Shard, error) {
	var s Shard
	err := s.Set(text)
	return s, err
}

// Set parses "K/N" into s, as Parse (the flag.Value interface).
func (s *Shard) Set(v string) error {
	k, n, ok := strings.Cut(v, "/")
	if !ok {
		return errors.New("expected K/N, such as 0/4 (part K of N, K from 0 to N-1)")
	}
	ki, err1 := strconv.Atoi(strings.TrimSpace(k))
	ni, err2 := strconv.Atoi(strings.TrimSpace(n))
	if err1 != nil || err2 != nil || ni < 1 || ki < 0 || ki >= ni {
		return fmt.Errorf("%q: expected K/N with N >= 1 and 0 <= K < N, such as 0/4", v)
	}
	s.K, s.N = ki, ni
	return nil
}

// Owns reports whether item i (0-based) of a stream belongs to this shard: i mod N == K.
// The whole job owns everything.
func (s Shard) Owns(i int64) bool {
	return !s.Enabled() || i%int64(s.N) == int64(s.K)
}

// Range returns this shard's contiguous part [lo, hi) of n items: the parts of shards
// 0..N-1 are in order, cover [0, n) exactly and differ in size by at most one.
func (s Shard) Range(n int64) (lo, hi int64) {
	if !s.Enabled() {
		return 0, n
	}
	return split(n, s.K, s.N), split(n, s.K+1, s.N)
}

// split returns k*n/N without overflow for any n >= 0.
func split(n int64, k, N int) int64 {
	q, r := n/int64(N), n%int64(N)
	return q*int64(k) + r*int64(k)/int64(N)
}

// Path returns the output path of this shard: path + ".K-of-N", or path itself for the
// whole job or for stdout ("" or "-").
func (s Shard) Path(path string) string {
	if !s.Enabled() || path == "" || path == "-" {
		return path
	}
	return fmt.Sprintf("%s.%d-of-%d", path, s.K, s.N)
}

// ParseSuffix splits a shard output path "BASE.K-of-N" into BASE and its Shard.
func ParseSuffix(path string) (base string, s Shard, ok bool) {
	dot := strings.LastIndexByte(path, '.')
	if dot < 0 {
		return path, Shard{}, false
	}
	k, n, found := strings.Cut(path[dot+1:], "-of-")
	if !found {
		return path, Shard{}, false
	}
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if err1 != nil || err2 != nil || ni < 1 || ki < 0 || ki >= ni {
		return path, Shard{}, false
	}
	return path[:dot], Shard{K: ki, N: ni}, true
}

// LinesHeader starts the output of a line-stream shard: "#boardlab-shard-lines K/N",
// then, when the shard knows its job, " job ID NAME" (Job).
const LinesHeader = "#boardlab-shard-lines"

// WriteLinesHeader writes the header line of a line-stream shard's output, with its
// job when s.Job is set.
func WriteLinesHeader(w io.Writer, s Shard) error {
	var err error
	if s.Job.ID != "" {
		_, err = fmt.Fprintf(w, "%s %d/%d job %s %s\n", LinesHeader, s.K, s.N, s.Job.ID, s.Job.Name)
	} else {
		_, err = fmt.Fprintf(w, "%s %d/%d\n", LinesHeader, s.K, s.N)
	}
	return err
}

// LinesTrailer starts the last line of a line-stream shard's output whose header names
// its job: "#boardlab-shard-end stdin BYTES crc HEX", the size and a 64-bit checksum
// (CRC-32C then CRC-32, 8 hex digits each) of the standard input the job read. A part
// without it was cut short; two parts whose standard inputs differ are not parts of
// one job, though their command lines are the same. The checksum tells inputs apart
// that differ by accident, not by design; it costs a fraction of the reading.
const LinesTrailer = "#boardlab-shard-end"

// Trailer is what a line-stream shard's last line (LinesTrailer) says of its input.
type Trailer struct {
	Bytes int64  // bytes read from standard input
	Sum   string // their CRC-32C and CRC-32, in 16 hex digits
}

// String describes t for messages: "standard input of 12 bytes, crc 0123...".
func (t Trailer) String() string {
	return fmt.Sprintf("standard input of %d bytes, crc %s", t.Bytes, t.Sum)
}

// InputDigest reads through r and digests what it reads, for WriteLinesTrailer.
type InputDigest struct {
	r       io.Reader
	c, ieee uint32 // CRC-32C and CRC-32 so far
	n       int64
	table   *crc32.Table // CRC-32C's
}

// NewInputDigest returns an InputDigest reading r. The CRC-32C table is made here, not
// at package init, which every command would pay at its start.
func NewInputDigest(r io.Reader) *InputDigest {
	return &InputDigest{r: r, table: crc32.MakeTable(crc32.Castagnoli)}
}

// Read reads from the underlying reader and adds what it read to the digest.
func (d *InputDigest) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	d.c = crc32.Update(d.c, d.table, p[:n])
	d.ieee = crc32.Update(d.ieee, crc32.IEEETable, p[:n])
	d.n += int64(n)
	return n, err
}

// Trailer returns the size and checksum of what was read so far.
func (d *InputDigest) Trailer() Trailer {
	return Trailer{Bytes: d.n, Sum: fmt.Sprintf("%08x%08x", d.c, d.ieee)}
}

// WriteLinesTrailer writes the last line of a line-stream shard's output: t, the input
// it read (LinesTrailer).
func WriteLinesTrailer(w io.Writer, t Trailer) error {
	_, err := fmt.Fprintf(w, "%s stdin %d crc %s\n", LinesTrailer, t.Bytes, t.Sum)
	return err
}

// parseLinesTrailer parses a trailer line (without its newline).
func parseLinesTrailer(line string) (Trailer, error) {
	f := strings.Fields(line)
	if len(f) != 5 || f[0] != LinesTrailer || f[1] != "stdin" || f[3] != "crc" || len(f[4]) != 16 {
		return Trailer{}, fmt.Errorf("want %q", LinesTrailer+" stdin BYTES crc HEX")
	}
	n, err := strconv.ParseInt(f[2], 10, 64)
	if _, herr := hex.DecodeString(f[4]); err != nil || n < 0 || herr != nil {
		return Trailer{}, fmt.Errorf("want %q", LinesTrailer+" stdin BYTES crc HEX")
	}
	return Trailer{Bytes: n, Sum: f[4]}, nil
}

// parseLinesHeader parses a line-stream header line (without its newline).
func parseLinesHeader(line string) (Shard, error) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != LinesHeader {
		return Shard{}, fmt.Errorf("not a line-stream shard header")
	}
	var s Shard
	if err := s.Set(f[1]); err != nil {
		return Shard{}, err
	}
	switch {
	case len(f) == 2:
	case len(f) >= 4 && f[2] == "job":
		s.Job = Job{ID: f[3], Name: strings.Join(f[4:], " ")}
	default:
		return Shard{}, fmt.Errorf("expected %q after K/N, or nothing", "job ID NAME")
	}
	return s, nil
}

// AppendLineIndex appends the prefix of an output line of a line-stream shard: the
// 0-based input line number and a tab.
func AppendLineIndex(dst []byte, line int64) []byte {
	return append(strconv.AppendInt(dst, line, 10), '\t')
}

// Env is what FromEnv reads: the environment and a shard count the caller was given.
type Env struct {
	Getenv    func(string) string // the environment, such as os.Getenv; nil means empty
	Count     int                 // the shard count given explicitly (0: none), used with JOB_COMPLETION_INDEX
	CountName string              // how Count was given, for messages, such as "--shards"
}

// FromEnv returns the shard a scheduler selects: JOB_COMPLETION_INDEX (Kubernetes
// Indexed Jobs) with e.Count or $BOARDLAB_SHARDS, or SLURM_ARRAY_TASK_ID with
// SLURM_ARRAY_TASK_COUNT (Slurm job arrays; a SLURM_ARRAY_TASK_MIN other than 0 is
// subtracted). from says which variables gave it; the zero Shard means none is set.
// An unusable value is an error naming its variable.
func FromEnv(e Env) (s Shard, from string, err error) {
	getenv := e.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	if idx := getenv("JOB_COMPLETION_INDEX"); idx != "" {
		n := e.Count
		src := e.CountName
		if n == 0 {
			if v := getenv("BOARDLAB_SHARDS"); v != "" {
				var err error
				if n, err = strconv.Atoi(v); err != nil {
					return Shard{}, "", fmt.Errorf("$BOARDLAB_SHARDS=%q: not a number", v)
				}
				src = "$BOARDLAB_SHARDS"
			}
		}
		if n == 0 {
			return Shard{}, "", fmt.Errorf("$JOB_COMPLETION_INDEX is set but the shard count is not: give %s N or set $BOARDLAB_SHARDS", e.CountName)
		}
		if err := s.Set(idx + "/" + strconv.Itoa(n)); err != nil {
			return Shard{}, "", fmt.Errorf("$JOB_COMPLETION_INDEX=%q with %s=%d: %v", idx, src, n, err)
		}
		return s, "$JOB_COMPLETION_INDEX and " + src, nil
	}
	if id := getenv("SLURM_ARRAY_TASK_ID"); id != "" {
		cnt := getenv("SLURM_ARRAY_TASK_COUNT")
		if cnt == "" {
			return Shard{}, "", errors.New("$SLURM_ARRAY_TASK_ID is set but $SLURM_ARRAY_TASK_COUNT is not")
		}
		k, err := strconv.Atoi(id)
		if err != nil {
			return Shard{}, "", fmt.Errorf("$SLURM_ARRAY_TASK_ID=%q: not a number", id)
		}
		if m := getenv("SLURM_ARRAY_TASK_MIN"); m != "" {
			mi, err := strconv.Atoi(m)
			if err != nil || mi < 0 || mi > k {
				return Shard{}, "", fmt.Errorf("$SLURM_ARRAY_TASK_MIN=%q: want a number from 0 to $SLURM_ARRAY_TASK_ID (%d)", m, k)
			}
			k -= mi
		}
		if err := s.Set(strconv.Itoa(k) + "/" + cnt); err != nil {
			return Shard{}, "", fmt.Errorf("$SLURM_ARRAY_TASK_ID=%q, $SLURM_ARRAY_TASK_COUNT=%q: %v", id, cnt, err)
		}
		return s, "$SLURM_ARRAY_TASK_ID and $SLURM_ARRAY_TASK_COUNT", nil
	}
	return Shard{}, "", nil
}
