module github.com/boardlab/boardlab

go 1.26.0

require (
	github.com/bits-and-blooms/bitset v1.29.0 // indirect
	github.com/klauspost/cpuid/v2 v2.4.2 // indirect
	golang.org/x/exp v0.0.0-20261014143641-f0251eb4aa3e // indirect
	golang.org/x/sys v0.41.0 // indirect
)
