package shard_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/boardlab/boardlab/shard"
)

// Parse reads a K/N shard; Range gives its contiguous part of a job of known size,
// Path its output file and Owns its lines of a stream.
func ExampleParse() {
	s, err := shard.Parse("1/3")
	if err != nil {
		fmt.Println(err)
		return
	}
	lo, hi := s.Range(10)
	fmt.Println(s, lo, hi, s.Path("table.bin"), s.Owns(4), s.Owns(5))
	// Output:
	// 1/3 3 6 table.bin.1-of-3 true false
}

// FromEnv takes the shard of a Slurm job array task.
func ExampleFromEnv() {
	env := map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"}
	s, from, err := shard.FromEnv(shard.Env{Getenv: func(k string) string { return env[k] }})
	fmt.Println(s, from, err)
	// Output:
	// 2/4 $SLURM_ARRAY_TASK_ID and $SLURM_ARRAY_TASK_COUNT <nil>
}

// Merge puts the outputs of a line-stream job's shards back into input order. Each
// part starts with its header and ends with its trailer, which names the input the
// job read (here none: the job read a named file).
func ExampleMerge() {
	dir, err := os.MkdirTemp("", "shards")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	// Lines 0, 2, 4 went to shard 0/2, lines 1, 3 to shard 1/2; line 3 failed.
	job := shard.NewJob("qttt score", []string{"games.txt"})
	for k, lines := range []string{"0\t0 0\n2\t1 0\n4\t0.5 1\n", "1\t0 1\n"} {
		s := shard.Shard{K: k, N: 2, Job: job}
		var b bytes.Buffer
		shard.WriteLinesHeader(&b, s)
		b.WriteString(lines)
		shard.WriteLinesTrailer(&b, shard.NewInputDigest(strings.NewReader("")).Trailer())
		os.WriteFile(s.Path(filepath.Join(dir, "scores")), b.Bytes(), 0o644)
	}
	err = shard.Merge(context.Background(), []string{filepath.Join(dir, "scores")}, os.Stdout)
	fmt.Println(err)
	// Output:
	// 0 0
	// 0 1
	// 1 0
	// 0.5 1
	// <nil>
}
