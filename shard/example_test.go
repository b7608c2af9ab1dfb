package shard_test

import (
	"fmt"

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
