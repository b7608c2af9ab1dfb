package pipeline_test

import (
	"bufio"
	"context"
	"fmt"
	"strings"

	"github.com/boardlab/boardlab/pipeline"
)

// Items squares numbers on four goroutines and prints the results in order.
func ExampleItems() {
	err := pipeline.Items(context.Background(), 5, 4,
		func(i int) int { return i * i },
		func(i, sq int) { fmt.Println(i, sq) })
	fmt.Println(err)
	// Output:
	// 0 0
	// 1 1
	// 2 4
	// 3 9
	// 4 16
	// <nil>
}

// A Stream reads lines into blocks of two, upper-cases them on the workers and prints
// them in input order.
func ExampleStream() {
	in := bufio.NewScanner(strings.NewReader("one\ntwo\nthree\nfour\nfive\n"))
	s := pipeline.Stream[[]string]{
		Workers: 3,
		New:     func() *[]string { return new([]string) },
		Produce: func(ctx context.Context, take func() *[]string, send func(*[]string) bool) error {
			for {
				b := take()
				if b == nil {
					return ctx.Err()
				}
				*b = (*b)[:0]
				for len(*b) < 2 && in.Scan() {
					*b = append(*b, in.Text())
				}
				if len(*b) == 0 {
					return in.Err()
				}
				if !send(b) {
					return ctx.Err()
				}
			}
		},
		Work: func(_ int, b *[]string) {
			for i, line := range *b {
				(*b)[i] = strings.ToUpper(line)
			}
		},
		Consume: func(b *[]string) error {
			for _, line := range *b {
				fmt.Println(line)
			}
			return nil
		},
	}
	if err := s.Run(context.Background()); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ONE
	// TWO
	// THREE
	// FOUR
	// FIVE
}
