// Package bench holds end-to-end benchmarks across the engines (go test ./bench -bench .)
// and the baselines they are compared against, such as the goban seed's reference C.
// Each benchmark reports its field's unit and the run prints the machine report once.
package bench
