package wythoff_test

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/boardlab/boardlab/engine/wythoff"
	"github.com/boardlab/boardlab/shard"
)

// Build the cold-position table in three shards, each its contiguous range of rows
// (the csv header only in the first), and merge them: for a table, merging is
// concatenating the parts in shard order, which gives the unsharded table.
func ExampleWriteTable_shards() {
	const n = 7
	var merged bytes.Buffer
	for k := range 3 {
		s := shard.Shard{K: k, N: 3}
		lo, hi := s.Range(n)
		opt := wythoff.TableOptions{Format: wythoff.TableCSV, Start: uint64(lo), CSVNoHeader: lo > 0}
		if err := wythoff.WriteTable(context.Background(), &merged, uint64(hi-lo), opt); err != nil {
			fmt.Println(err)
			return
		}
	}
	var whole bytes.Buffer
	wythoff.WriteTable(context.Background(), &whole, n, wythoff.TableOptions{Format: wythoff.TableCSV})
	os.Stdout.Write(merged.Bytes())
	fmt.Println("same as unsharded:", bytes.Equal(merged.Bytes(), whole.Bytes()))
	// Output:
	// k,a_k,b_k
	// 0,0,0
	// 1,1,2
	// 2,3,5
	// 3,4,7
	// 4,6,10
	// 5,8,13
	// 6,9,15
	// same as unsharded: true
}
